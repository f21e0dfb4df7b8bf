//! The knockout bracket as data: one [`Column`] per knockout round,
//! named from the number of matches the round has in the bracket (1/8决赛, 1/4决赛,
//! 半决赛, 决赛, 决赛与三四名 / Round of 16, Quarter-finals, Semi-finals, Final,
//! Final & 3rd place), each holding its [`MatchBox`]es: the two sides with the seed
//! each carries (the winner keeps the better seed, R-6.4), the games with their
//! results, the match's state and score in knockout points. Rounds not yet paired hold
//! the seeds that will meet there and the players as soon as their matches are
//! decided ([`Holder::WinnerOf`], [`Holder::LoserOf`]); the last round's final and
//! third-place match make the [`podium`].
//!
//! The bracket is derived from the stage's seeding and rounds, never stored. Results
//! not saved yet ([`Pending`], the window's keys) are shown as if saved. The window
//! draws it as boxes joined by lines, the PDF as a table per paired round; both name
//! the rounds with [`Column::name`].

use crate::domain::event::{Event, Game, KnockoutRules, Round, Stage, StageKind, stage_entrants};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StartNo};
use crate::domain::knockout::{self, KnockoutError, MatchState};
use crate::domain::points::Points;
use crate::domain::result::GameResult;
use crate::domain::rules::{Colour, ScoringTable};
use crate::lang::Lang;
use std::collections::BTreeMap;

/// One game of the stage: round, board (the match) and game of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameKey {
    /// The round.
    pub round: RoundNo,
    /// The board: the match.
    pub board: BoardNo,
    /// The game of the match: 1, 2, then playoffs 3, 4 ….
    pub game: u32,
}

/// Results entered and not yet seen in the saved event (`None`: cleared), shown as if
/// saved. The PDF passes an empty map.
pub type Pending = BTreeMap<GameKey, Option<GameResult>>;

/// Who holds a place of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// A known player.
    Player(StartNo),
    /// The winner of match `i` of the previous column, not decided yet.
    WinnerOf(usize),
    /// The loser of semi-final `i` of the previous column (third place), not decided yet.
    LoserOf(usize),
    /// Nobody: a seed beyond the field, so the other side passes the round.
    Nobody,
}

/// Where a side comes from: match `from` of the previous column, as its winner or loser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feed {
    /// The index of the match in the previous column's boxes.
    pub from: usize,
    /// Its winner (a solid line), else its loser (dashed, third place).
    pub winner: bool,
}

/// One side of a match box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    /// The seed number the side carries into the match, when known.
    pub seed: Option<u32>,
    /// Who holds the side.
    pub holder: Holder,
    /// The match of the previous column the side comes from.
    pub feed: Option<Feed>,
}

/// What a box of the bracket is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoxKind {
    /// A match of the bracket.
    Match,
    /// A seed passing a first round short of a power of two (its other side is nobody).
    Pass,
    /// The final (board 1 of the last round).
    Final,
    /// The match for third place (board 2 of the last round).
    ThirdPlace,
    /// A board of a paired round that fits no place of the bracket (a hand-edited pairing).
    Other,
}

impl BoxKind {
    /// 决赛, 三四名 and 轮空 (Final, 3rd place, Bye); `None` for a plain match.
    pub fn name(self, lang: Lang) -> Option<&'static str> {
        match self {
            BoxKind::Final => Some(lang.t("决赛", "Final")),
            BoxKind::ThirdPlace => Some(lang.t("三四名", "3rd place")),
            BoxKind::Pass => Some(lang.t("轮空", "Bye")),
            BoxKind::Match | BoxKind::Other => None,
        }
    }
}

/// A game's result seen from a match's first side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The first side won the game.
    Win,
    /// Drawn (or neither side won: both forfeited).
    Draw,
    /// The first side lost the game.
    Loss,
}

/// One match of the bracket, paired or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchBox {
    /// What the box is.
    pub kind: BoxKind,
    /// The better seed first (a hand-edited board: red, black).
    pub sides: [Side; 2],
    /// The round and board once paired.
    pub paired: Option<(RoundNo, BoardNo)>,
    /// The games, in order, with the pending results.
    pub games: Vec<Game>,
    /// The match's state once paired.
    pub state: Option<MatchState>,
    /// Each side's knockout points so far.
    pub points: [Points; 2],
    /// Level after the match games: playing, or about to play, playoffs.
    pub playoff: bool,
}

impl MatchBox {
    /// An unpaired box.
    pub fn new(kind: BoxKind, sides: [Side; 2]) -> MatchBox {
        MatchBox {
            kind,
            sides,
            paired: None,
            games: Vec::new(),
            state: None,
            points: [Points::ZERO; 2],
            playoff: false,
        }
    }

    /// The winner once decided.
    pub fn winner(&self) -> Option<StartNo> {
        match self.state {
            Some(MatchState::Won { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    /// The loser once decided.
    pub fn loser(&self) -> Option<StartNo> {
        match self.state {
            Some(MatchState::Won { loser, .. }) => Some(loser),
            _ => None,
        }
    }

    /// The side a player is on.
    pub fn side_of(&self, player: StartNo) -> Option<&Side> {
        self.sides.iter().find(|s| s.holder == Holder::Player(player))
    }

    /// The key of one of the box's games (`None` before the box is paired).
    pub fn key_of(&self, game: &Game) -> Option<GameKey> {
        self.paired.map(|(round, board)| GameKey { round, board, game: game.game })
    }

    /// Whether any game has a result.
    pub fn is_played(&self) -> bool {
        self.games.iter().any(|g| g.result.is_some())
    }

    /// Each game with a result, from the first side's view, in game order.
    pub fn verdicts(&self) -> Vec<Verdict> {
        let Holder::Player(first) = self.sides[0].holder else { return Vec::new() };
        self.games
            .iter()
            .filter_map(|g| {
                let r = g.result?;
                let side = g.colour_of(first).unwrap_or(Colour::Red);
                Some(if r.outcome.won_by(side) {
                    Verdict::Win
                } else if r.outcome.won_by(side.opposite()) {
                    Verdict::Loss
                } else {
                    Verdict::Draw
                })
            })
            .collect()
    }
}

/// One knockout round: its place in the bracket and its matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The round's number (paired or to come).
    pub round: RoundNo,
    /// Whether the round is paired.
    pub paired: bool,
    /// Matches the round has in the bracket (8 for the round of 16); 0 beyond the bracket.
    pub bracket_matches: usize,
    /// The last round: final and third place.
    pub placement: bool,
    /// The matches, in drawing order (neighbours meet in the next round).
    pub boxes: Vec<MatchBox>,
}

impl Column {
    /// `1/4决赛` / `Quarter-finals` …: the round's name in every medium.
    pub fn name(&self, lang: Lang) -> String {
        let third = self.boxes.iter().any(|b| b.kind == BoxKind::ThirdPlace);
        if self.placement && third {
            return lang.t("决赛与三四名", "Final & 3rd place").to_string();
        }
        match self.bracket_matches {
            0 => match lang {
                Lang::Zh => format!("第{}轮", self.round),
                Lang::En => format!("Round {}", self.round),
            },
            1 => lang.t("决赛", "Final").to_string(),
            2 => lang.t("半决赛", "Semi-finals").to_string(),
            4 => lang.t("1/4决赛", "Quarter-finals").to_string(),
            m => match lang {
                Lang::Zh => format!("1/{m}决赛"),
                Lang::En => format!("Round of {}", 2 * m),
            },
        }
    }

    /// The name with the round: `1/4决赛 · 第1轮` / `Quarter-finals · round 1`.
    pub fn title(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("{} · 第{}轮", self.name(lang), self.round),
            Lang::En => format!("{} · round {}", self.name(lang), self.round),
        }
    }

    /// Every game key of the column, in the boxes' order.
    pub fn keys(&self) -> Vec<GameKey> {
        self.boxes.iter().flat_map(|b| b.games.iter().filter_map(|g| b.key_of(g))).collect()
    }
}

/// A knockout stage's bracket: its seeding and its columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// The seeds, best first (the stage's entrants in seeding order).
    pub seeds: Vec<StartNo>,
    /// One column per round, paired or to come.
    pub columns: Vec<Column>,
    /// Every match decided and no round left to pair.
    pub finished: bool,
}

impl Bracket {
    /// The bracket of a knockout stage of `group`, with `pending` results shown as if
    /// saved; `None` when the stage is not a knockout or has no knockout rules.
    pub fn of_stage(event: &Event, group: GroupId, stage: &Stage, pending: &Pending) -> Option<Bracket> {
        let rules = stage.knockout.as_ref().filter(|_| stage.kind == StageKind::Knockout)?;
        let seeds = stage_entrants(event, group, stage);
        let columns = columns_of(&seeds, stage, rules, pending);
        let finished =
            matches!(knockout::next_round(&seeds, &stage.rounds, &stage.scoring, rules), Err(KnockoutError::Finished));
        Some(Bracket { seeds, columns, finished })
    }

    /// The places decided by the last round; see [`podium`].
    pub fn podium(&self) -> Vec<Placing> {
        podium(&self.columns)
    }
}

/// A place decided on the board: 1 and 2 by the final, 3 and 4 by the third-place match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Placing {
    /// 1 to 4.
    pub place: u32,
    /// The player.
    pub player: StartNo,
}

/// 冠军, 亚军, 季军, 第四名 (Champion, Runner-up, Third, Fourth); `第N名` beyond.
pub fn place_name(place: u32, lang: Lang) -> String {
    match place {
        1 => lang.t("冠军", "Champion").to_string(),
        2 => lang.t("亚军", "Runner-up").to_string(),
        3 => lang.t("季军", "Third").to_string(),
        4 => lang.t("第四名", "Fourth").to_string(),
        n => match lang {
            Lang::Zh => format!("第{n}名"),
            Lang::En => format!("Place {n}"),
        },
    }
}

/// The places the final and the third-place match have decided, once the last column
/// is paired, in place order.
pub fn podium(columns: &[Column]) -> Vec<Placing> {
    let Some(last) = columns.last().filter(|c| c.paired) else { return Vec::new() };
    let mut places = Vec::new();
    for b in &last.boxes {
        let (Some(winner), Some(loser)) = (b.winner(), b.loser()) else { continue };
        let first = match b.kind {
            BoxKind::Final => 1,
            BoxKind::ThirdPlace => 3,
            _ => continue,
        };
        places.push(Placing { place: first, player: winner });
        places.push(Placing { place: first + 1, player: loser });
    }
    places.sort();
    places
}

/// The places of a bracket of `size` seeds, in drawing order, so that neighbours meet
/// in the next round when each winner keeps the better seed: 1, 8, 4, 5, 2, 7, 3, 6 for 8.
pub fn bracket_order(size: usize) -> Vec<u32> {
    knockout::bracket_order(size).into_iter().map(|s| s as u32).collect()
}

/// The bracket of a knockout stage from its seeding (`seeds`, best first) and its
/// rounds, with the `pending` results shown as if saved. Empty for fewer than two seeds.
pub fn columns_of(seeds: &[StartNo], stage: &Stage, rules: &KnockoutRules, pending: &Pending) -> Vec<Column> {
    let n = seeds.len();
    if n < 2 {
        return Vec::new();
    }
    let size = n.next_power_of_two();
    let planned = size.trailing_zeros() as usize;
    let mut places: BTreeMap<u32, Side> = (1..=size as u32)
        .map(|p| {
            let holder = seeds.get(p as usize - 1).map_or(Holder::Nobody, |s| Holder::Player(*s));
            (p, Side { seed: Some(p), holder, feed: None })
        })
        .collect();
    let mut columns: Vec<Column> = Vec::new();
    for k in 0..planned.max(stage.rounds.len()) {
        let round = stage.rounds.get(k);
        let placement = size >= 4 && k + 1 == planned;
        let mut boxes = if placement {
            placement_boxes(&places, columns.last().filter(|_| rules.third_place))
        } else if k < planned {
            bracket_boxes(&places, size >> k)
        } else {
            Vec::new()
        };
        if let Some(round) = round {
            attach_round(&mut boxes, round, &places, stage, rules, pending);
        }
        places = next_places(&boxes);
        let bracket_matches = if k < planned { size >> (k + 1) } else { 0 };
        let round_no = round.map_or(RoundNo(k as u32 + 1), |r| r.no);
        columns.push(Column { round: round_no, paired: round.is_some(), bracket_matches, placement, boxes });
    }
    columns
}

/// The side holding place `p`, or nobody's side with that seed.
fn side_at(places: &BTreeMap<u32, Side>, p: u32) -> Side {
    places.get(&p).copied().unwrap_or(Side { seed: Some(p), holder: Holder::Nobody, feed: None })
}

/// The boxes of a bracket round of `seeds` places: neighbours in drawing order meet; a
/// place nobody holds lets the other side pass.
fn bracket_boxes(places: &BTreeMap<u32, Side>, seeds: usize) -> Vec<MatchBox> {
    let mut boxes = Vec::new();
    for pair in bracket_order(seeds).chunks(2) {
        let [x, y] = pair else { continue };
        let (sa, sb) = (side_at(places, *x.min(y)), side_at(places, *x.max(y)));
        let b = match (sa.holder, sb.holder) {
            (Holder::Nobody, Holder::Nobody) => continue,
            (_, Holder::Nobody) => MatchBox::new(BoxKind::Pass, [sa, Side { seed: None, ..sb }]),
            (Holder::Nobody, _) => MatchBox::new(BoxKind::Pass, [sb, Side { seed: None, ..sa }]),
            _ => MatchBox::new(BoxKind::Match, [sa, sb]),
        };
        boxes.push(b);
    }
    boxes
}

/// The last round: the final between places 1 and 2, and the third-place match
/// between the semi-finals' losers when there were two semi-finals.
fn placement_boxes(places: &BTreeMap<u32, Side>, semis: Option<&Column>) -> Vec<MatchBox> {
    let mut boxes = vec![MatchBox::new(BoxKind::Final, [side_at(places, 1), side_at(places, 2)])];
    let semi_finals: Vec<(usize, &MatchBox)> = semis
        .map(|c| c.boxes.iter().enumerate().filter(|(_, b)| b.kind == BoxKind::Match).collect())
        .unwrap_or_default();
    if let [first, second] = semi_finals[..] {
        let loser_side = |(i, b): (usize, &MatchBox)| {
            let feed = Some(Feed { from: i, winner: false });
            match b.loser() {
                Some(loser) => {
                    let seed = b.side_of(loser).and_then(|s| s.seed);
                    Side { seed, holder: Holder::Player(loser), feed }
                }
                None => Side { seed: None, holder: Holder::LoserOf(i), feed },
            }
        };
        boxes.push(MatchBox::new(BoxKind::ThirdPlace, [loser_side(first), loser_side(second)]));
    }
    boxes
}

/// Who holds each place of the next column: each winner keeps the better seed.
fn next_places(boxes: &[MatchBox]) -> BTreeMap<u32, Side> {
    let mut next = BTreeMap::new();
    for (i, b) in boxes.iter().enumerate() {
        let feed = Some(Feed { from: i, winner: true });
        match b.kind {
            BoxKind::Pass => {
                if let Some(seed) = b.sides[0].seed {
                    next.insert(seed, Side { seed: Some(seed), holder: b.sides[0].holder, feed });
                }
            }
            BoxKind::Match => {
                let Some(best) = b.sides.iter().filter_map(|s| s.seed).min() else { continue };
                let holder = b.winner().map_or(Holder::WinnerOf(i), Holder::Player);
                next.insert(best, Side { seed: Some(best), holder, feed });
            }
            BoxKind::Final | BoxKind::ThirdPlace | BoxKind::Other => {}
        }
    }
    next
}

/// Puts the boards of a paired round into the boxes whose players they hold; boards
/// that fit no box are added at the end.
fn attach_round(
    boxes: &mut Vec<MatchBox>,
    round: &Round,
    places: &BTreeMap<u32, Side>,
    stage: &Stage,
    rules: &KnockoutRules,
    pending: &Pending,
) {
    let mut free: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    free.sort();
    free.dedup();
    let players_of = |board: BoardNo| round.games.iter().find(|g| g.board == board).map(|g| (g.red, g.black));
    for b in boxes.iter_mut().filter(|b| b.kind != BoxKind::Pass) {
        let (Holder::Player(x), Holder::Player(y)) = (b.sides[0].holder, b.sides[1].holder) else { continue };
        let found = free.iter().position(|board| {
            players_of(*board).is_some_and(|(red, black)| (red, black) == (x, y) || (red, black) == (y, x))
        });
        if let Some(i) = found {
            let board = free.remove(i);
            fill(b, round, board, &stage.scoring, rules, pending);
        }
    }
    for board in free {
        let Some((red, black)) = players_of(board) else { continue };
        let side = |p: StartNo| Side {
            seed: places.iter().find(|(_, s)| s.holder == Holder::Player(p)).map(|(seed, _)| *seed),
            holder: Holder::Player(p),
            feed: None,
        };
        let mut b = MatchBox::new(BoxKind::Other, [side(red), side(black)]);
        fill(&mut b, round, board, &stage.scoring, rules, pending);
        boxes.push(b);
    }
}

/// Gives a box its board's games (with the pending results) and the match's state.
fn fill(
    b: &mut MatchBox,
    round: &Round,
    board: BoardNo,
    scoring: &ScoringTable,
    rules: &KnockoutRules,
    pending: &Pending,
) {
    b.paired = Some((round.no, board));
    b.games = knockout::match_games(round, board)
        .into_iter()
        .map(|g| {
            let key = GameKey { round: round.no, board, game: g.game };
            Game { result: pending.get(&key).copied().unwrap_or(g.result), ..*g }
        })
        .collect();
    let refs: Vec<&Game> = b.games.iter().collect();
    let state = knockout::match_state(&refs, scoring, rules);
    b.state = Some(state);
    b.points = match_points(b, scoring);
    b.playoff = matches!(state, MatchState::Level { .. })
        || (state == MatchState::InPlay && b.games.len() as u32 > rules.games_per_match);
}

/// The knockout points of each side of a match so far.
fn match_points(b: &MatchBox, scoring: &ScoringTable) -> [Points; 2] {
    let mut points = [Points::ZERO; 2];
    for g in &b.games {
        let Some(r) = g.result else { continue };
        for colour in [Colour::Red, Colour::Black] {
            let player = g.player(colour);
            if let Some(i) = b.sides.iter().position(|s| s.holder == Holder::Player(player)) {
                points[i] += r.outcome.points_for(colour, scoring);
            }
        }
    }
    points
}

/// The column index, box and game of a key.
pub fn find(columns: &[Column], key: GameKey) -> Option<(usize, &MatchBox, &Game)> {
    columns.iter().enumerate().find_map(|(k, c)| {
        c.boxes.iter().find_map(|b| {
            (b.paired == Some((key.round, key.board)))
                .then(|| b.games.iter().find(|g| g.game == key.game).map(|g| (k, b, g)))
                .flatten()
        })
    })
}

/// The game to choose when nothing is: the first game without a result in the last
/// paired round, else that round's first game.
pub fn default_selection(columns: &[Column]) -> Option<GameKey> {
    let last = columns.iter().rev().find(|c| c.paired && !c.keys().is_empty())?;
    let keys = last.keys();
    let mut open =
        last.boxes.iter().flat_map(|b| b.games.iter().filter(|g| g.result.is_none()).filter_map(|g| b.key_of(g)));
    open.next().or_else(|| keys.first().copied())
}

#[cfg(test)]
#[path = "bracket_tests.rs"]
pub(crate) mod tests;
