//! What a command changed and why one was refused, as data: [`Change`] (each changed
//! entity with its value before, for the store, the audit log and undo), [`Applied`]
//! and [`DomainError`]. Shared by the rules and the commands, so it sits on the model
//! floor and names nothing above it.

use super::eligibility::EligibilityIssue;
use super::event::{Event, Game, Group, Official, Round, Stage};
use super::group_rules::GroupRulesIssue;
use super::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use super::money::{LedgerEntry, LedgerId, LedgerKind, RoundRef};
use super::numbering::Numbering;
use super::player::Player;
use super::prize_checks::PrizeRulesIssue;
use super::prize_decision::PrizeDecisionIssue;
use super::stage_checks::StageSettingIssue;
use super::team::EventTeamRanking;
use super::warning::PairingWarning;
use super::watch::{BoardWatch, GameTime};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One entity a command changed, with its value before the change (for audit and undo).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entity", rename_all = "snake_case")]
pub enum Change {
    /// A player was added (`before` is `None`) or changed.
    Player {
        /// Which player.
        start_no: StartNo,
        /// The player before the change.
        before: Option<Box<Player>>,
    },
    /// A stage's settings changed (rounds are saved separately).
    StageSettings {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The stage before the change, without its rounds.
        before: Box<Stage>,
    },
    /// A round was added, changed or removed.
    Round {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The round before the change; `None` if it is new.
        before: Option<Box<Round>>,
    },
    /// The games of one board changed: a result recorded, corrected or cleared, and
    /// in a knockout match the playoff games that result added or removed. Only that
    /// board is saved and audited, so one result costs one game row, not the round.
    Board {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The board's games before the change, in game order.
        before: Vec<Game>,
    },
    /// What a video stage records of one board — its game time and watching official
    /// — was set, changed or cleared.
    Watch {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The record before the change; `None` if there was none.
        before: Option<BoardWatch>,
    },
    /// A group was added (`before` is `None`), removed, or its own settings — name,
    /// entry rules, fee, prize rules — changed.
    Group {
        /// The group.
        group: GroupId,
        /// The group before the change with its stages' settings (no rounds: a group
        /// is added or removed only without them); `None` if it is new.
        before: Option<Box<Group>>,
    },
    /// The event's title, first day, officials or team ranking across groups changed.
    EventInfo {
        /// The values before the change.
        before: Box<EventInfo>,
    },
    /// A ledger entry was recorded (`before` is `None`) or voided.
    LedgerEntry {
        /// The entry.
        id: LedgerId,
        /// The entry before the change; `None` if it is new.
        before: Option<Box<LedgerEntry>>,
    },
}

/// The event-level fields — the event row of the file: what [`Command::SetEventInfo`]
/// changes, and the team ranking across groups that `SetEventTeamRanking` changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventInfo {
    /// The event's title.
    pub name: String,
    /// First day of play.
    pub start_date: Option<Date>,
    /// Officials in printing order.
    pub officials: Vec<Official>,
    /// The team ranking across groups; absent when off, so that the values of
    /// files written before it read (and hash) as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_ranking: Option<EventTeamRanking>,
    /// The highest deleted start number; absent while 0, so that older values
    /// read and hash as they did.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub numbers_given: u32,
    /// Start numbers per group or per event; absent while per event, so that
    /// older values read and hash as they did.
    #[serde(default, skip_serializing_if = "Numbering::is_per_event")]
    pub numbering: Numbering,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl EventInfo {
    /// The event's current title, first day, officials and team ranking across groups.
    pub fn of(event: &Event) -> EventInfo {
        EventInfo {
            name: event.name.clone(),
            start_date: event.start_date,
            officials: event.officials.clone(),
            team_ranking: event.team_ranking.clone(),
            numbers_given: event.numbers_given,
            numbering: event.numbering,
        }
    }
}

/// What [`apply`] changed, for the store and the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Applied {
    /// The entities changed, in a deterministic order.
    pub changes: Vec<Change>,
    /// Start numbers given to newly added players.
    pub new_players: Vec<StartNo>,
}

/// Why a command was refused. Nothing was changed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum DomainError {
    /// No such group.
    #[error("no group {0}")]
    UnknownGroup(GroupId),
    /// No such stage in the group (named by its name, issue 38 item 14).
    #[error("group {group} has no stage {stage}")]
    UnknownStage { group: String, stage: StageNo },
    /// No such player.
    #[error("no player with start number {0}")]
    UnknownPlayer(StartNo),
    /// No such round.
    #[error("round {0} has not been paired")]
    UnknownRound(RoundNo),
    /// No such board or game in the round.
    #[error("round {round} has no board {board} game {game}")]
    UnknownGame { round: RoundNo, board: BoardNo, game: u32 },
    /// An entry breaks the group's rules and no override reason was given.
    #[error("{name}: not eligible: {}", join(.issues))]
    Ineligible { name: String, issues: Vec<EligibilityIssue> },
    /// A field of an entry is unusable.
    #[error("{0}")]
    InvalidEntry(EntryProblem),
    /// The stage is not open for play.
    #[error("stage {0} is not open")]
    StageNotOpen(StageNo),
    /// A round may only follow the last one.
    #[error("the next round to pair is {expected}, not {got}")]
    RoundOutOfOrder { expected: RoundNo, got: RoundNo },
    /// Results are missing in the previous round.
    #[error("round {round} still has {missing} game(s) without a result")]
    RoundIncomplete { round: RoundNo, missing: usize },
    /// Every planned round has been paired.
    #[error("all {0} planned rounds have been paired")]
    AllRoundsPaired(u32),
    /// A pairing seats a player against himself.
    #[error("invalid pairing: player {0} cannot play himself")]
    PlaysHimself(StartNo),
    /// A pairing names a player who is not in the stage.
    #[error("invalid pairing: player {0} is not in this stage")]
    NotInStage(StartNo),
    /// A pairing names a player twice.
    #[error("invalid pairing: player {0} appears twice")]
    AppearsTwice(StartNo),
    /// A new round came with results.
    #[error("invalid pairing: a new round cannot carry results")]
    NewRoundHasResults,
    /// Only absences and requested byes are announced; the pairing gives its own bye.
    #[error("a pairing-allocated bye cannot be announced")]
    PairingByeAnnounced,
    /// Byes are announced before their round is paired.
    #[error("round {0} is already paired")]
    RoundAlreadyPaired(RoundNo),
    /// A round with results cannot be unpaired.
    #[error("round {0} has results; clear them first")]
    RoundHasResults(RoundNo),
    /// Only the last round can be unpaired.
    #[error("only the last round ({0}) can be unpaired")]
    NotLastRound(RoundNo),
    /// A hand edit of a round's pairing (swap, colours, bye) is made on the last round
    /// only (issue 38, item 14: said as an edit, not as an unpairing).
    #[error("only the pairing of the last round ({0}) can be edited")]
    EditNotLastRound(RoundNo),
    /// A round with results keeps its pairing: no hand edit.
    #[error("round {0} has results; its pairing can no longer be edited")]
    EditRoundHasResults(RoundNo),
    /// The stage is closed and frozen.
    #[error("stage {0} is closed; its players have been handed on and it can no longer change")]
    StageClosed(StageNo),
    /// A stage cannot close before its rounds are played.
    #[error("stage {stage} has played {played} of {} rounds", planned.map_or("?".to_string(), |p| p.to_string()))]
    StageUnfinished { stage: StageNo, played: u32, planned: Option<u32> },
    /// A hand edit breaks absolute rules and was not confirmed.
    #[error("the edit breaks absolute rules; confirm to keep it: {}", join(.0))]
    NeedsConfirmation(Vec<PairingWarning>),
    /// A hand edit names a player the round does not seat.
    #[error("player {player} is not in round {round}")]
    NotInRound { player: StartNo, round: RoundNo },
    /// A hand edit names a board the round does not have.
    #[error("round {round} has no board {board}")]
    UnknownBoard { round: RoundNo, board: BoardNo },
    /// A knockout match whose games have begun keeps its colours (R-6.2: the higher
    /// seed chooses before any result of the match).
    #[error("round {round} board {board} has results; its colours can no longer change")]
    MatchHasResults { round: RoundNo, board: BoardNo },
    /// Game times and watching officials are recorded in video stages only.
    #[error("stage {0} is not a video stage")]
    NotVideoStage(StageNo),
    /// An agreed game time outside 08:00–22:00.
    #[error("game time {0} is outside 08:00–22:00")]
    GameTimeOutsideHours(GameTime),
    /// A watching official who is not among the event's officials.
    #[error("{0} is not an official of the event")]
    WatcherNotOfficial(String),
    /// A hand edit moves a player to the bye who has it already.
    #[error("player {0} already has a bye")]
    AlreadyHasBye(StartNo),
    /// The stage's rounds cannot be set below those already paired.
    #[error("{paired} rounds are already paired")]
    RoundsBelowPaired { paired: u32 },
    /// A group's name or entry rules cannot be used.
    #[error("group rules: {}", .0.describe(crate::lang::Lang::En))]
    GroupRules(GroupRulesIssue),
    /// A group's prize rules cannot be used.
    #[error("prize rules: {}", .0.describe(crate::lang::Lang::En))]
    PrizeRules(PrizeRulesIssue),
    /// A prize decision about a player cannot be recorded.
    #[error("prize decision for player {start_no}: {}", .issue.describe(crate::lang::Lang::En))]
    PrizeDecision {
        /// The player.
        start_no: StartNo,
        /// What is wrong.
        issue: PrizeDecisionIssue,
    },
    /// A stage's qualifier count or knockout options cannot be used.
    #[error("stage {stage}: {}", .issue.describe(crate::lang::Lang::En))]
    StageSetting {
        /// The stage.
        stage: StageNo,
        /// What is wrong.
        issue: StageSettingIssue,
    },
    /// A group that players have entered cannot be removed.
    #[error("group {group} has {players} player(s); delete or move them first")]
    GroupHasPlayers {
        /// The group's name.
        group: String,
        /// How many players it has.
        players: usize,
    },
    /// A group with rounds paired cannot be removed (the group's name).
    #[error("group {0} has paired rounds")]
    GroupHasRounds(String),
    /// The event keeps at least one group.
    #[error("the event's only group cannot be removed")]
    LastGroup,
    /// A schedule names round 0.
    #[error("round 0 does not exist")]
    ScheduleRoundZero,
    /// A schedule names a round twice.
    #[error("round {0} is scheduled twice")]
    ScheduledTwice(RoundNo),
    /// More nominees than the stage admits.
    #[error("{given} nominees given; the stage admits {allowed}")]
    TooManyNominees { given: usize, allowed: u32 },
    /// A nominee from another group.
    #[error("nominee {0} is not in this group")]
    NomineeNotInGroup(StartNo),
    /// A nominee who qualifies anyway.
    #[error("nominee {0} already qualifies")]
    NomineeQualifies(StartNo),
    /// No such ledger entry.
    #[error("no ledger entry {0}")]
    UnknownLedgerEntry(LedgerId),
    /// A player who has played, been paired, qualified or paid is withdrawn, not deleted.
    #[error("player {0} has been paired, qualified or has ledger entries; withdraw the player instead")]
    PlayerHasHistory(StartNo),
    /// The ledger entry is void already.
    #[error("ledger entry {0} is void already")]
    LedgerEntryVoid(LedgerId),
    /// A pairing control names a player of another group.
    #[error("player {player} is not in group {group}")]
    NotInGroup {
        /// The player.
        player: StartNo,
        /// The group's name.
        group: String,
    },
    /// A withdrawn or disqualified player gets no announced bye.
    #[error("player {0} has withdrawn or been disqualified")]
    PlayerNotActive(StartNo),
    /// A player cannot avoid himself.
    #[error("player {0} cannot avoid himself")]
    AvoidSelf(StartNo),
    /// The pair to drop is not avoided.
    #[error("players {a} and {b} are not an avoided pair")]
    NotAvoided {
        /// The lower start number.
        a: StartNo,
        /// The higher.
        b: StartNo,
    },
    /// A team, line-up or team-stage refusal.
    #[error("{0}")]
    Team(#[from] super::team_issue::TeamIssue),
    /// More fouls for one side of one game than [`MAX_FOULS`](super::result::MAX_FOULS).
    #[error("{0} fouls in one game; at most {max}", max = super::result::MAX_FOULS)]
    FoulsOutOfRange(u32),
    /// A fixed board beyond any event's size.
    #[error("board {0} is out of range (1-9999, 0 clears)")]
    BoardOutOfRange(u32),
    /// Start numbers are given anew only before play (CLI.md `players renumber`); the
    /// group's name.
    #[error(
        "start numbers can be renumbered only before round 1 of the first stage is paired; group {0} has begun play"
    )]
    RenumberAfterPairing(String),
}

/// Why an entry — a player, the event's title, an official, a ledger entry — cannot
/// be used: what [`DomainError::InvalidEntry`] carries, so that the refusal can be
/// told in either language. `Display` is the English log text.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum EntryProblem {
    /// A player entry without a name.
    #[error("name: a name is required")]
    PlayerNameMissing,
    /// The event without a title.
    #[error("event name: the event needs a name")]
    EventNameMissing,
    /// An official without a name.
    #[error("{role}: official: an official needs a name")]
    OfficialNameMissing {
        /// The official's role, as typed (may be empty).
        role: String,
    },
    /// A fine payment or excuse that names no round.
    #[error("{start_no}: ledger: {name}: a fine payment or excuse names the forfeited round")]
    FineWithoutRound {
        /// The player.
        start_no: StartNo,
        /// The player's name.
        name: String,
    },
    /// An entry fee or prize payment that names a round.
    #[error("{start_no}: ledger: {name}: {} names no round", kind.label_en())]
    RoundNotExpected {
        /// The player.
        start_no: StartNo,
        /// The player's name.
        name: String,
        /// What was recorded.
        kind: LedgerKind,
    },
    /// The player has no forfeit fine in the round named.
    #[error("{start_no}: ledger: {name} has no forfeit fine in round {}", round.round)]
    NoFine {
        /// The player.
        start_no: StartNo,
        /// The player's name.
        name: String,
        /// The round named.
        round: RoundRef,
    },
    /// The fine of the round named is excused already.
    #[error("{start_no}: ledger: {name}'s fine of round {} is excused already", round.round)]
    FineAlreadyExcused {
        /// The player.
        start_no: StartNo,
        /// The player's name.
        name: String,
        /// The round of the fine.
        round: RoundRef,
    },
    /// An amount of 0 or less.
    #[error("{start_no}: ledger: {name}: the amount must be more than 0")]
    AmountNotPositive {
        /// The player.
        start_no: StartNo,
        /// The player's name.
        name: String,
    },
    /// A player's text field longer than the limit (issue 22, item 2).
    #[error("{field}: at most {max} characters, not {chars}")]
    FieldTooLong {
        /// The field: `name`, `club`, `phone`, `title` or a note's column.
        field: String,
        /// Its length.
        chars: usize,
        /// The limit.
        max: usize,
    },
    /// An amount beyond any real payment: totals of many could overflow.
    #[error("{start_no}: ledger: {name}: the amount is more than {max_fen} fen")]
    AmountTooLarge {
        /// The player.
        start_no: StartNo,
        /// The player's name.
        name: String,
        /// The limit in fen.
        max_fen: i64,
    },
    /// A birth date after the day the entry was made (issue 38, item 12).
    #[error("born: {born} is after the day of the entry, {day}")]
    BornInFuture {
        /// The birth date.
        born: Date,
        /// The day of the entry.
        day: Date,
    },
    /// A rating beyond any real one.
    #[error("rating: {0} is more than {max}", max = super::player::MAX_RATING)]
    RatingOutOfRange(u32),
}

fn join<T: std::fmt::Display>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

impl Applied {
    /// What one change gives: no new players.
    pub fn one(change: Change) -> Applied {
        Applied { changes: vec![change], new_players: vec![] }
    }

    /// Several changes, no new players.
    pub fn of(changes: Vec<Change>) -> Applied {
        Applied { changes, new_players: vec![] }
    }
}

/// A copy of the stage without its rounds: what [`Change::StageSettings`] keeps.
pub fn settings_only(stage: &Stage) -> Stage {
    Stage { rounds: Vec::new(), ..stage.clone() }
}

impl DomainError {
    /// [`DomainError::NotInGroup`]: `player` is not in `group`, the group named by its
    /// name (issue 38, item 14), by its number only when the event has no such group.
    pub fn not_in_group(event: &Event, player: StartNo, group: GroupId) -> DomainError {
        let group = event.group(group).map_or_else(|| group.to_string(), |g| g.name.clone());
        DomainError::NotInGroup { player, group }
    }
}

/// A copy of the group with its stages' settings and no rounds: what
/// [`Change::Group`] keeps.
pub fn group_settings(group: &Group) -> Group {
    Group { stages: group.stages.iter().map(settings_only).collect(), ..group.clone() }
}

/// The group, to change.
///
/// # Errors
/// [`DomainError::UnknownGroup`].
pub fn group_mut(event: &mut Event, group: GroupId) -> Result<&mut Group, DomainError> {
    event.groups.iter_mut().find(|g| g.id == group).ok_or(DomainError::UnknownGroup(group))
}

/// The player with this start number, to change.
///
/// # Errors
/// [`DomainError::UnknownPlayer`].
pub fn player_mut(event: &mut Event, start_no: StartNo) -> Result<&mut Player, DomainError> {
    event.players.iter_mut().find(|p| p.start_no == start_no).ok_or(DomainError::UnknownPlayer(start_no))
}

/// The stage, to change.
///
/// # Errors
/// [`DomainError::UnknownGroup`] or [`DomainError::UnknownStage`].
pub fn stage_mut(event: &mut Event, group: GroupId, stage: StageNo) -> Result<&mut Stage, DomainError> {
    let g = event.groups.iter_mut().find(|g| g.id == group).ok_or(DomainError::UnknownGroup(group))?;
    let name = g.name.clone();
    g.stages.iter_mut().find(|s| s.no == stage).ok_or(DomainError::UnknownStage { group: name, stage })
}

/// The stage, to read.
///
/// # Errors
/// [`DomainError::UnknownGroup`] or [`DomainError::UnknownStage`].
pub fn stage_ref(event: &Event, group: GroupId, stage: StageNo) -> Result<&Stage, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    g.stage(stage).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage })
}

impl From<super::event::Unfinished> for DomainError {
    fn from(u: super::event::Unfinished) -> DomainError {
        DomainError::RoundIncomplete { round: u.round, missing: u.missing }
    }
}

/// What a round records of one board of a video stage: what [`Change::Watch`] keeps.
pub fn board_watch(round: &Round, board: BoardNo) -> Option<BoardWatch> {
    round.watch_of(board).cloned()
}

/// The games of one board of a round, in game order: what [`Change::Board`] keeps.
pub fn board_games(round: &Round, board: BoardNo) -> Vec<Game> {
    round.games.iter().filter(|g| g.board == board).cloned().collect()
}
