//! The event tree: event → groups → stages → rounds → games, with each
//! group's entry rules and each stage's rules and schedule.

use super::eligibility::Eligibility;
pub use super::game::Game;
use super::ids::Numbering;
use super::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use super::money::LedgerEntry;
use super::player::Player;
use super::points::Points;
use super::prize_decision::PrizeDecision;
use super::prize_rules::PrizeRules;
use super::rules::{Discipline, FideEdition, FideEditionChoice, PairingOptions, ScoringTable, Tiebreak};
use super::team::{EventTeamRanking, MemberRanking, Team, TeamId, TeamRound, TeamStage};
use super::warning::PairingWarning;
use super::watch::BoardWatch;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// A whole event: everything that the event file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The event's title.
    pub name: String,
    /// The preset it was created from.
    pub preset: String,
    /// First day of play: the reference date for ages.
    pub start_date: Option<Date>,
    /// Chief arbiter, deputies, pairing officer …, in printing order.
    pub officials: Vec<Official>,
    /// Groups (sections), sorted by id.
    pub groups: Vec<Group>,
    /// Every registered player, sorted by start number.
    pub players: Vec<Player>,
    /// Payments, payouts and excused fines, sorted by id.
    #[serde(default)]
    pub ledger: Vec<LedgerEntry>,
    /// The clubs ranked across the groups by their members' points; off
    /// (`None`) by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_ranking: Option<EventTeamRanking>,
    /// The highest start number a deleted player had, so that no later player is
    /// silently given it; 0 while no number above the last one was deleted.
    #[serde(default)]
    pub numbers_given: u32,
    /// Whether start numbers are shown 1…N within each group or across the event
    /// per event in files from before it.
    #[serde(default, skip_serializing_if = "Numbering::is_per_event")]
    pub numbering: Numbering,
}

/// An official of the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Official {
    /// 总裁判, 副裁判, 编排长 …
    pub role: String,
    /// The person's name.
    pub name: String,
}

/// A group (组别): its own entry rules, players and stages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The group's id.
    pub id: GroupId,
    /// Its printed name, e.g. 成人组.
    pub name: String,
    /// Other names accepted by `--group`, e.g. `adult`.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Who may enter.
    pub eligibility: Eligibility,
    /// Most players accepted.
    pub capacity: Option<u32>,
    /// Boys and girls ranked separately.
    #[serde(default)]
    pub rank_genders_separately: bool,
    /// Entry fee in fen.
    #[serde(default)]
    pub entry_fee_fen: i64,
    /// Registration window, inclusive.
    pub registration: Option<(Date, Date)>,
    /// A phone number is required at registration.
    #[serde(default)]
    pub phone_required: bool,
    /// Prize rules over the group's final ranking; none by default.
    #[serde(default)]
    pub prizes: PrizeRules,
    /// Pairs never paired and fixed boards.
    #[serde(default)]
    pub pairing_controls: super::pairing_controls::PairingControls,
    /// The director's prize decisions, by start number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prize_decisions: Vec<PrizeDecision>,
    /// The group's teams, sorted by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// 队员总分制: teams ranked by their members' individual points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member_ranking: Option<MemberRanking>,
    /// The highest shown number a deleted player of the group had under per-group
    /// numbering, so that no later player of the group is silently given it;
    /// 0 while none above the last one was deleted.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub numbers_given: u32,
    /// The group's stages in order of play.
    pub stages: Vec<Stage>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The format of a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StageKind {
    /// Swiss system (积分编排).
    Swiss,
    /// Round robin (循环赛).
    RoundRobin,
    /// Knockout (淘汰赛).
    Knockout,
}

/// Whether a stage is still being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StageStatus {
    /// Waiting for the previous stage to hand players on.
    Pending,
    /// Being played.
    Open,
    /// Finished and frozen.
    Closed,
}

/// Knockout settings of seed 000 chapter 3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutRules {
    /// Games per match before playoffs (分先两局: 2).
    pub games_per_match: u32,
    /// Minutes of the first playoff game (25).
    pub first_playoff_minutes: u32,
    /// Minutes less for each further playoff game (5).
    pub playoff_step_minutes: u32,
    /// Shortest playoff game (5).
    pub min_playoff_minutes: u32,
    /// CXA 2020 Art. 30 variant: playoff games come in pairs with colours swapped, and
    /// a pair is always played out (seed 000: `false`, sudden death one game at a time).
    #[serde(default)]
    pub playoff_pairs: bool,
    /// CXA 2020 Art. 30 variant: after this many playoff games still level, one
    /// Armageddon game decides, a draw counting as a black win (`None`: never).
    #[serde(default)]
    pub armageddon_after: Option<u32>,
    /// Later rounds re-pair the remaining seeds first against last (seed 000, R-6.4:
    /// `true`), or follow a fixed bracket in which seeds 1 and 2 can meet only in the
    /// final (`false`).
    #[serde(default = "yes")]
    pub reseed: bool,
    /// The semi-finals' losers play for third place (seed 000, R-6.5: `true`); without
    /// the match both share third place, in the order of their seeds.
    #[serde(default = "yes")]
    pub third_place: bool,
}

fn yes() -> bool {
    true
}

impl KnockoutRules {
    /// Seed 000 chapter 3: two games, then sudden-death playoffs of 25, 20, 15 … minutes,
    /// re-seeding each round.
    pub fn lingting() -> KnockoutRules {
        KnockoutRules {
            games_per_match: 2,
            first_playoff_minutes: 25,
            playoff_step_minutes: 5,
            min_playoff_minutes: 5,
            playoff_pairs: false,
            armageddon_after: None,
            reseed: true,
            third_place: true,
        }
    }
}

/// One round's schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSchedule {
    /// The round.
    pub round: RoundNo,
    /// Start, as printed: `2022-12-02 19:00`.
    pub start: String,
    /// Boards 1..=N are watched by video; 0 for none.
    #[serde(default)]
    pub monitored_boards: u32,
}

/// A stage of a group: its rules, its entrants and the rounds played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    /// 1, 2, 3 …
    pub no: StageNo,
    /// Printed name, e.g. 视频积分赛.
    pub name: String,
    /// Swiss, round robin or knockout.
    pub kind: StageKind,
    /// Rounds planned; `None` while the director has not decided.
    pub rounds_planned: Option<u32>,
    /// Points per result.
    pub scoring: ScoringTable,
    /// Tiebreaks in order of application.
    pub tiebreaks: Vec<Tiebreak>,
    /// The edition of FIDE's C.07 its FIDE tiebreaks follow: by the event's
    /// start date unless the director chose one. Not written while it follows the date,
    /// so files from before it read and hash as they were.
    #[serde(default, skip_serializing_if = "FideEditionChoice::is_by_start_date")]
    pub fide_edition: FideEditionChoice,
    /// Swiss pairing options.
    pub pairing: PairingOptions,
    /// Knockout options, for knockout stages.
    pub knockout: Option<KnockoutRules>,
    /// Discipline limits.
    pub discipline: Discipline,
    /// Time control as printed on sheets.
    pub time_control: String,
    /// Round start times.
    #[serde(default)]
    pub schedule: Vec<RoundSchedule>,
    /// A video stage: each board's agreed game time and watching official
    /// are recorded and printed.
    #[serde(default)]
    pub video: bool,
    /// How many of this stage's ranking qualify for the next.
    pub qualifiers: Option<u32>,
    /// Sponsor nominees added to the qualifiers.
    #[serde(default)]
    pub nominees: u32,
    /// Entrants in seeding order; empty for a first stage, which takes every player of
    /// the group.
    #[serde(default)]
    pub entrants: Vec<StartNo>,
    /// A round robin plays two cycles, colours reversed in the second.
    #[serde(default)]
    pub double_round_robin: bool,
    /// Byes and absences announced for rounds not yet paired, sorted by round then player.
    #[serde(default)]
    pub planned_byes: Vec<PlannedBye>,
    /// A team stage: the entrants are the group's teams, each round's
    /// matches are K boards, and these are its rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<TeamStage>,
    /// Pending, open or closed.
    pub status: StageStatus,
    /// Rounds paired so far, in order.
    #[serde(default)]
    pub rounds: Vec<Round>,
}

/// A paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round number.
    pub no: RoundNo,
    /// The seed of any random draw used to pair it, kept for audit.
    pub seed: Option<u64>,
    /// Games, sorted by board then game number.
    pub games: Vec<Game>,
    /// Players not paired this round, sorted by start number.
    pub byes: Vec<Bye>,
    /// Rules the pairing breaks, confirmed by the director when it was edited by hand
    /// shown on the boards concerned.
    #[serde(default)]
    pub warnings: Vec<PairingWarning>,
    /// A video stage's game times and watching officials, sorted by board; a
    /// board with nothing recorded has no entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub watches: Vec<BoardWatch>,
    /// A team round's matches and team byes; `None` in an individual round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<TeamRound>,
}

/// Why a player has no game in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ByeKind {
    /// Pairing-allocated bye (轮空), odd number of players.
    Pairing,
    /// A bye the player asked for.
    Requested,
    /// Absent for the round, zero points.
    Absent,
}

impl ByeKind {
    /// The code of JSON output.
    pub fn code(self) -> &'static str {
        match self {
            ByeKind::Pairing => "pairing",
            ByeKind::Requested => "requested",
            ByeKind::Absent => "absent",
        }
    }

    /// Reads [`ByeKind::code`] back.
    pub fn parse(code: &str) -> Option<ByeKind> {
        match code {
            "pairing" => Some(ByeKind::Pairing),
            "requested" => Some(ByeKind::Requested),
            "absent" => Some(ByeKind::Absent),
            _ => None,
        }
    }
}

/// A player who is not paired in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    /// The player.
    pub player: StartNo,
    /// Pairing-allocated, requested or absent.
    pub kind: ByeKind,
    /// Points for this bye when they differ from the stage's scoring table (a TRF
    /// full-point bye, say); `None` scores it by the table.
    #[serde(default)]
    pub points: Option<Points>,
}

impl Bye {
    /// A bye scored by the stage's table.
    pub fn new(player: StartNo, kind: ByeKind) -> Bye {
        Bye { player, kind, points: None }
    }
}

/// A bye or absence announced before its round is paired: the player is left
/// out of that round's pairing and given this bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedBye {
    /// The round it is for.
    pub round: RoundNo,
    /// The bye as it will be recorded (kind requested or absent).
    pub bye: Bye,
}

impl Event {
    /// The player with this start number.
    pub fn player(&self, start_no: StartNo) -> Option<&Player> {
        self.players.binary_search_by_key(&start_no, |p| p.start_no).ok().map(|i| &self.players[i])
    }

    /// Whether the player has a trace in the event that deleting would falsify: a game
    /// or a bye in any round, an announced bye, a place among a stage's entrants, or an
    /// entry in the money ledger. Such a player can be withdrawn, not deleted.
    pub fn player_has_history(&self, start_no: StartNo) -> bool {
        let in_stage = |s: &Stage| {
            s.entrants.contains(&start_no)
                || s.planned_byes.iter().any(|b| b.bye.player == start_no)
                || s.rounds.iter().any(|r| {
                    r.games.iter().any(|g| g.red == start_no || g.black == start_no)
                        || r.byes.iter().any(|b| b.player == start_no)
                })
        };
        self.groups.iter().flat_map(|g| &g.stages).any(in_stage) || self.ledger.iter().any(|e| e.start_no == start_no)
    }

    /// The group with this id.
    pub fn group(&self, id: GroupId) -> Option<&Group> {
        self.groups.iter().find(|g| g.id == id)
    }

    /// Finds a group by its name, an alias (any case) or its id number.
    pub fn find_group(&self, text: &str) -> Option<&Group> {
        let wanted = text.trim();
        self.groups.iter().find(|g| {
            g.name == wanted || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(wanted)) || g.id.0.to_string() == wanted
        })
    }

    /// The players of a group, by start number.
    pub fn group_players(&self, group: GroupId) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(move |p| p.group == group)
    }

    /// Every entry of the person `start_no` is an entry of: the entry in an
    /// individual group first, then the second entries repeating it, by start number.
    pub fn entries_of_person(&self, start_no: StartNo) -> Vec<StartNo> {
        let Some(player) = self.player(start_no) else { return Vec::new() };
        let first = player.second_entry_of.unwrap_or(start_no);
        let mut entries = vec![first];
        entries.extend(self.players.iter().filter(|p| p.second_entry_of == Some(first)).map(|p| p.start_no));
        entries
    }

    /// The entry the person `start_no` is an entry of has in `group`, if any.
    pub fn entry_in(&self, start_no: StartNo, group: GroupId) -> Option<StartNo> {
        self.entries_of_person(start_no).into_iter().find(|n| self.player(*n).is_some_and(|p| p.group == group))
    }

    /// The next free start number: above every player's and every deleted one's
    /// a deleted number is never given to another player silently).
    pub fn next_start_no(&self) -> StartNo {
        let last = self.players.last().map_or(0, |p| p.start_no.0);
        StartNo(last.max(self.numbers_given) + 1)
    }
}

impl Group {
    /// Whether the group plays team matches (a team stage, R-10.3), as opposed to an
    /// individual group (whose teams, if any, are ranked by members' points).
    pub fn plays_team_matches(&self) -> bool {
        self.stages.iter().any(|s| s.teams.is_some())
    }

    /// The stage with this number.
    pub fn stage(&self, no: StageNo) -> Option<&Stage> {
        self.stages.iter().find(|s| s.no == no)
    }

    /// The stage being played: the first open one, else the last closed one.
    pub fn current_stage(&self) -> Option<&Stage> {
        self.stages.iter().find(|s| s.status == StageStatus::Open).or_else(|| self.stages.last())
    }

    /// The team with this id.
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// The team `player` is registered with, if any (R-10.1: at most one).
    pub fn team_of(&self, player: StartNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.has(player))
    }

    /// The team named `name` (spaces around it aside), or numbered so.
    pub fn team_named(&self, name: &str) -> Option<&Team> {
        let name = name.trim();
        self.teams
            .iter()
            .find(|t| t.name == name)
            .or_else(|| name.parse::<u32>().ok().and_then(|n| self.team(TeamId(n))))
    }
}

impl Stage {
    /// Whether the stage ranks by any of FIDE's tiebreaks, and so by an edition of C.07
    ///
    pub fn uses_fide_tiebreaks(&self) -> bool {
        self.tiebreaks.iter().any(|t| t.is_fide())
    }

    /// The edition of C.07 its FIDE tiebreaks follow in an event starting on
    /// `start_date`: the stage's choice, resolved by
    /// [`FideEditionChoice::resolve`].
    pub fn fide_edition(&self, start_date: Option<Date>) -> FideEdition {
        self.fide_edition.resolve(start_date)
    }

    /// The edition its standings name: [`Stage::fide_edition`] when the stage
    /// ranks by FIDE tiebreaks, else `None`.
    pub fn fide_edition_in_use(&self, start_date: Option<Date>) -> Option<FideEdition> {
        self.uses_fide_tiebreaks().then(|| self.fide_edition(start_date))
    }

    /// The round with this number.
    pub fn round(&self, no: RoundNo) -> Option<&Round> {
        self.rounds.iter().find(|r| r.no == no)
    }

    /// The last round paired, if any.
    pub fn last_round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// Whether the next round may be paired as far as results go: every game of the
    /// last round has a result.
    ///
    /// # Errors
    /// [`Unfinished`]: the last round and how many of its games still lack a result.
    pub fn ready_for_next_round(&self) -> Result<(), Unfinished> {
        match self.rounds.last() {
            Some(last) if !last.is_complete() => {
                Err(Unfinished { round: last.no, missing: last.games.iter().filter(|g| g.result.is_none()).count() })
            }
            _ => Ok(()),
        }
    }

    /// Whether the stage is played out: at least one round paired, every planned round
    /// paired, and every game of the last one decided — the stage can be closed and its
    /// players qualified into the next.
    pub fn is_played_out(&self) -> bool {
        let played = self.rounds.len() as u32;
        played > 0 && self.rounds_planned.is_none_or(|planned| played >= planned) && self.ready_for_next_round().is_ok()
    }

    /// The number of rounds with every game decided.
    pub fn completed_rounds(&self) -> u32 {
        self.rounds.iter().take_while(|r| r.is_complete()).count() as u32
    }

    /// The schedule entry of a round.
    pub fn schedule_of(&self, round: RoundNo) -> Option<&RoundSchedule> {
        self.schedule.iter().find(|s| s.round == round)
    }
}

/// A round that still waits for results ([`Stage::ready_for_next_round`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unfinished {
    /// The round.
    pub round: RoundNo,
    /// How many of its games have no result.
    pub missing: usize,
}

impl Round {
    /// Whether every game has a result.
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }

    /// The games of a player in this round (one in Swiss; several in a knockout match).
    pub fn games_of(&self, player: StartNo) -> impl Iterator<Item = &Game> {
        self.games.iter().filter(move |g| g.red == player || g.black == player)
    }

    /// The player's bye in this round, if any.
    pub fn bye_of(&self, player: StartNo) -> Option<&Bye> {
        self.byes.iter().find(|b| b.player == player)
    }

    /// What is recorded of a board of a video stage, if anything.
    pub fn watch_of(&self, board: BoardNo) -> Option<&BoardWatch> {
        self.watches.iter().find(|w| w.board == board)
    }
}

/// The entrants of a stage in seeding order: the stage's list, or for a first stage
/// every player of the group by start number.
pub fn stage_entrants(event: &Event, group: GroupId, stage: &Stage) -> Vec<StartNo> {
    if stage.entrants.is_empty() && stage.no == StageNo(1) {
        event.group_players(group).map(|p| p.start_no).collect()
    } else {
        stage.entrants.clone()
    }
}
