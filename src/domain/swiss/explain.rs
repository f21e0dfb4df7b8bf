//! Why a paired round is as it is: for every board each player's score group,
//! whether he floated down or up and why, which colour rule gave red, why the bye went
//! to its player — and, after hand edits, how the round differs from the engine's own
//! pairing.
//!
//! Everything is read after the fact from the event, nothing is stored: the event as it
//! stood when the round was paired (`compare::as_paired`: the rounds before it, the
//! stage open, the round's players active) gives each player's total and colour history
//! before the round and the rank order the engine used; the colour rules are the
//! engine's own functions (`colours::colour_rule_of_higher` for `cxa`, the Dutch
//! allocation E.1–E.5 for `fide-dutch`), so the rule named is the rule applied. The
//! engine is run again on that event with the round's stored seed; board by board, what
//! differs from the round as it stands is the director's hand edit.
//!
//! Knockout and round-robin rounds get the simpler explanation of their tables: the
//! seed or the Berger seat, and no comparison for a knockout (the higher seed may
//! choose colours). Every reason is typed and worded in both languages (`words`).
//!
//! A team round is explained as the stand-in round the engine paired, its
//! teams as players (`team`; the words only teams have in `team_words`).

mod colour_rules;
mod compare;
mod floats;
mod names;
mod shown;
mod team;
mod team_words;
mod words;

pub use compare::{Comparison, Difference, NotCompared};
pub use shown::Shown;
pub use team::{MatchExplanation, TeamByeExplanation, TeamRoundExplanation, TeamSide, explain_team_round};

use crate::domain::event::{ByeKind, Event, Round, Stage, StageKind, stage_entrants};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::points::Points;
use crate::domain::standings::records_after;
use std::collections::BTreeMap;

/// How a player's opponent stood: the same score before the round, or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// The opponent had the same score.
    None,
    /// The opponent had less: the player floated down.
    Down,
    /// The opponent had more: the player floated up.
    Up,
}

impl Float {
    /// `none`, `down` or `up`, as `pairings --explain --json` writes it.
    pub fn code(self) -> &'static str {
        match self {
            Float::None => "none",
            Float::Down => "down",
            Float::Up => "up",
        }
    }
}

/// How round 1 of a Swiss stage was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstRoundDraw {
    /// A random draw, neighbours paired.
    Random,
    /// By rating, upper half i against lower half i.
    Halves,
    /// By rating, each upper player's opponent drawn from the lower half.
    HalvesLot,
    /// Halves in the stage's seeding (the previous stage's ranking).
    Seeding,
    /// Halves by pairing number (the FIDE Dutch system).
    PairingNumbers,
}

/// Why a player who floated down could not stay in his score group.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DownWhy {
    /// The group had this odd number of players left to pair among themselves.
    pub odd_left: Option<usize>,
    /// Players of the group he had met before.
    pub rematch: Vec<StartNo>,
    /// Players of the group he is never paired with, and the director's reason.
    pub avoided: Vec<(StartNo, String)>,
    /// Players of the group of his club, while clubs are kept apart.
    pub club: Vec<StartNo>,
    /// Players of the group he could not meet without breaking an absolute colour rule.
    pub colour: Vec<StartNo>,
    /// How many points his opponent had fewer: how far he floated.
    pub distance: Points,
    /// The score groups between his and his opponent's, nearest first: why none of
    /// their players became his opponent (PAIRING.md cxa §1: the nearest score).
    pub nearer: Vec<NearerGroup>,
}

/// Why nobody of a score group between a floater's and his opponent's met him.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NearerGroup {
    /// The group's score.
    pub score: Points,
    /// Players he had met before.
    pub rematch: Vec<StartNo>,
    /// Players he is never paired with, and the director's reason.
    pub avoided: Vec<(StartNo, String)>,
    /// Players of his club, while clubs are kept apart.
    pub club: Vec<StartNo>,
    /// Players he could not meet without breaking an absolute colour rule.
    pub colour: Vec<StartNo>,
    /// Players he could have met, paired elsewhere or given the bye so that the
    /// round's other boards stay nearer.
    pub elsewhere: Vec<StartNo>,
}

/// Why a player met his opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairedWhy {
    /// Within his score group of `size` players.
    SameGroup { size: usize },
    /// Round 1, drawn so.
    FirstRound(FirstRoundDraw),
    /// Floated down.
    Down(DownWhy),
    /// Floated up to meet `partner`, who floated down from `partner_score`.
    Up { partner: StartNo, partner_score: Points },
    /// The director changed the board by hand; the engine had paired him with
    /// `engine_opponent` (`None`: given the bye).
    HandEdited { engine_opponent: Option<StartNo> },
    /// A round-robin seat of the Berger table.
    RoundRobin { seat: usize, round: RoundNo },
    /// A knockout seed.
    Knockout { seed: usize },
}

/// One player of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerExplanation {
    /// The player.
    pub player: StartNo,
    /// His total before the round: his score group.
    pub score_group: Points,
    /// The score difference of his board (0 in his own group).
    pub distance: Points,
    /// Whether he floated.
    pub float: Float,
    /// Why he met his opponent.
    pub why: PairedWhy,
    /// The board he always sits at, if the director fixed one.
    pub fixed_board: Option<BoardNo>,
}

/// The rule that gives red, always as the rules would give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColourRule {
    /// Round 1: drawn by lot.
    FirstRoundByLot,
    /// Round 1: alternating by board; the upper player has red (`upper_red`) or black.
    FirstRoundAlternate { upper: StartNo, upper_red: bool },
    /// Only this way keeps the absolute rules (third same colour, difference ±2).
    OnlyAllowed,
    /// Red minus black games before the round: red's and black's.
    Difference { red: i32, black: i32 },
    /// Equal differences; red games before the round: red's and black's.
    FewerReds { red: u32, black: u32 },
    /// The round of the latest black game: red's and black's (`None`: never).
    BlackMoreRecently { red: Option<u32>, black: Option<u32> },
    /// Identical histories: the higher-ranked player alternates his last colour.
    HigherAlternates { higher: StartNo },
    /// No history: red for the higher-ranked player.
    HigherRanked { higher: StartNo },
    /// FIDE E.1: both preferences granted.
    BothPreferences,
    /// FIDE E.2: this player's stronger preference granted.
    StrongerPreference { player: StartNo },
    /// FIDE E.3: alternation from the latest round with different colours.
    AlternateLatestDifference,
    /// FIDE E.4: the higher-ranked player's preference.
    HigherRankedPreference { higher: StartNo },
    /// FIDE E.5: the higher-ranked player's pairing number and the initial colour.
    PairingNumber { higher: StartNo },
    /// The Berger table of this round.
    RoundRobin { round: RoundNo },
    /// A knockout game: the higher seed's red in game 1, then alternating.
    Knockout,
}

/// Which rule gave red on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourWhy {
    /// Red as the round stands.
    pub red: StartNo,
    /// Who has red by the rules (or in the engine's pairing).
    pub rules_red: StartNo,
    /// The rule.
    pub rule: ColourRule,
    /// The colours are not as the rules give them: changed by hand.
    pub by_hand: Option<HandColours>,
}

/// How the director's hand edit left a board's colours against the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandColours {
    /// The engine's pair with red and black exchanged.
    Swapped,
    /// A pair made by hand, seated against the colour rules.
    AgainstRules,
}

/// One game of the round explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardExplanation {
    /// The board.
    pub board: BoardNo,
    /// The game of the match (1 but in a knockout).
    pub game: u32,
    /// The red player.
    pub red: PlayerExplanation,
    /// The black player.
    pub black: PlayerExplanation,
    /// Why red is red.
    pub colour: ColourWhy,
}

/// Why a player had the bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ByeWhy {
    /// He asked for it.
    Requested,
    /// He is absent.
    Absent,
    /// Round 1 with an odd count: the last of the order.
    FirstRound,
    /// The lowest-ranked player of the lowest score group without a bye: his total;
    /// whether his group is the lowest; lower-ranked players who had a bye or forfeit
    /// win; lower-ranked players needed to pair the rest.
    Lowest { score: Points, lowest_group: bool, had_bye_below: Vec<StartNo>, others_below: Vec<StartNo> },
    /// The director moved the bye by hand; the engine gave it to `engine`.
    HandEdited { engine: Option<StartNo> },
    /// The Berger table's bye.
    RoundRobin,
    /// A knockout bye by seeding.
    Knockout,
}

impl ByeWhy {
    /// The reason of a bye announced before the round (asked for, absent); `None` for
    /// a bye the pairing gave, whose reason depends on the system.
    fn announced(kind: ByeKind) -> Option<ByeWhy> {
        match kind {
            ByeKind::Requested => Some(ByeWhy::Requested),
            ByeKind::Absent => Some(ByeWhy::Absent),
            ByeKind::Pairing => None,
        }
    }
}

/// One bye of the round explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByeExplanation {
    /// The player.
    pub player: StartNo,
    /// Why.
    pub why: ByeWhy,
}

/// A paired round explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundExplanation {
    /// The round.
    pub round: RoundNo,
    /// Every game, in the round's order.
    pub boards: Vec<BoardExplanation>,
    /// Every bye, in the round's order.
    pub byes: Vec<ByeExplanation>,
    /// How the round differs from the engine's pairing.
    pub comparison: Comparison,
}

impl RoundExplanation {
    /// The explanation of a game.
    pub fn board(&self, board: BoardNo, game: u32) -> Option<&BoardExplanation> {
        self.boards.iter().find(|b| b.board == board && b.game == game)
    }

    /// The explanation of a bye.
    pub fn bye(&self, player: StartNo) -> Option<&ByeExplanation> {
        self.byes.iter().find(|b| b.player == player)
    }
}

/// Explains round `round_no` of a stage; `None` when there is no such round.
pub fn explain_round(event: &Event, group: GroupId, stage_no: StageNo, round_no: RoundNo) -> Option<RoundExplanation> {
    let stage = event.group(group)?.stage(stage_no)?;
    let round = stage.round(round_no)?;
    let before = compare::as_paired(event, group, stage_no, round_no)?;
    let before_stage = before.group(group)?.stage(stage_no)?;
    let engine = compare::engine_round(&before, group, stage, round);
    let mut explanation = match stage.kind {
        StageKind::Swiss => swiss(&before, group, before_stage, round),
        StageKind::RoundRobin | StageKind::Knockout => seated(&before, group, before_stage, round),
    };
    explanation.comparison = match &engine {
        Ok(engine) => {
            // The engine's own pairing decides what was changed by hand.
            explanation.boards.iter_mut().for_each(|b| b.colour.by_hand = None);
            let differences = compare::differences(round, engine);
            mark_hand_edits(&mut explanation, round, engine, &differences);
            if differences.is_empty() { Comparison::Same } else { Comparison::Differs(differences) }
        }
        Err(why) => Comparison::NotCompared(*why),
    };
    Some(explanation)
}

/// A Swiss round explained, before any comparison with the engine's pairing.
fn swiss(event: &Event, group: GroupId, stage: &Stage, round: &Round) -> RoundExplanation {
    let field = floats::Swiss::new(event, group, stage, round);
    let colours = colour_rules::swiss(&field);
    let boards = round
        .games
        .iter()
        .zip(colours)
        .map(|(g, colour)| BoardExplanation {
            board: g.board,
            game: g.game,
            red: field.player(g.red),
            black: field.player(g.black),
            colour,
        })
        .collect();
    let byes = byes_of(round, |p| field.bye_why(p));
    RoundExplanation { round: round.no, boards, byes, comparison: Comparison::Same }
}

/// A knockout or round-robin round: each player's seed or Berger seat.
fn seated(event: &Event, group: GroupId, stage: &Stage, round: &Round) -> RoundExplanation {
    let entrants = stage_entrants(event, group, stage);
    let records = records_after(event, group, stage, round.no.0.saturating_sub(1));
    let seat = |p: StartNo| entrants.iter().position(|e| *e == p).map_or(0, |k| k + 1);
    let knockout = stage.kind == StageKind::Knockout;
    let player = |p: StartNo| PlayerExplanation {
        player: p,
        score_group: records.get(&p).map_or(Points::ZERO, |r| r.total()),
        distance: Points::ZERO,
        float: Float::None,
        why: if knockout {
            PairedWhy::Knockout { seed: seat(p) }
        } else {
            PairedWhy::RoundRobin { seat: seat(p), round: round.no }
        },
        fixed_board: None,
    };
    let boards = round
        .games
        .iter()
        .map(|g| BoardExplanation {
            board: g.board,
            game: g.game,
            red: player(g.red),
            black: player(g.black),
            colour: ColourWhy {
                red: g.red,
                rules_red: g.red,
                rule: if knockout { ColourRule::Knockout } else { ColourRule::RoundRobin { round: round.no } },
                by_hand: None,
            },
        })
        .collect();
    let byes = byes_of(round, |_| if knockout { ByeWhy::Knockout } else { ByeWhy::RoundRobin });
    RoundExplanation { round: round.no, boards, byes, comparison: Comparison::Same }
}

/// The round's byes explained: an announced bye by its kind, any other by `unannounced`.
fn byes_of(round: &Round, unannounced: impl Fn(StartNo) -> ByeWhy) -> Vec<ByeExplanation> {
    round
        .byes
        .iter()
        .map(|b| ByeExplanation {
            player: b.player,
            why: ByeWhy::announced(b.kind).unwrap_or_else(|| unannounced(b.player)),
        })
        .collect()
}

/// Marks what the director changed: the players of a board paired otherwise by the
/// engine, colours the engine gave the other way, a bye the engine gave elsewhere.
fn mark_hand_edits(explanation: &mut RoundExplanation, round: &Round, engine: &Round, differences: &[Difference]) {
    let mut engine_opponent: BTreeMap<StartNo, StartNo> = BTreeMap::new();
    for g in engine.games.iter().filter(|g| g.game == 1) {
        engine_opponent.insert(g.red, g.black);
        engine_opponent.insert(g.black, g.red);
    }
    let engine_byes: Vec<StartNo> =
        engine.byes.iter().filter(|b| b.kind == ByeKind::Pairing).map(|b| b.player).collect();
    for difference in differences {
        match difference {
            Difference::Pair { board, .. } => {
                for b in explanation.boards.iter_mut().filter(|b| b.board == *board) {
                    for p in [&mut b.red, &mut b.black] {
                        p.why = PairedWhy::HandEdited { engine_opponent: engine_opponent.get(&p.player).copied() };
                    }
                    b.colour.by_hand = b.colour.against_rules().then_some(HandColours::AgainstRules);
                }
            }
            Difference::Colours { board, engine_red, .. } => {
                for b in explanation.boards.iter_mut().filter(|b| b.board == *board) {
                    b.colour.rules_red = *engine_red;
                    b.colour.by_hand = Some(HandColours::Swapped);
                    // Round 1's alternation was read from the board as it stands.
                    if let ColourRule::FirstRoundAlternate { upper, upper_red } = &mut b.colour.rule {
                        *upper_red = *upper == *engine_red;
                    }
                }
            }
            Difference::Bye { .. } => {
                let byes = round.byes.iter().filter(|b| b.kind == ByeKind::Pairing);
                for bye in byes.filter(|b| !engine_byes.contains(&b.player)) {
                    if let Some(e) = explanation.byes.iter_mut().find(|e| e.player == bye.player) {
                        e.why = ByeWhy::HandEdited { engine: engine_byes.first().copied() };
                    }
                }
            }
        }
    }
}

impl ColourWhy {
    /// Whether red is not who the rule names (a draw by lot names nobody).
    pub(crate) fn against_rules(&self) -> bool {
        self.rule != ColourRule::FirstRoundByLot && self.red != self.rules_red
    }
}
