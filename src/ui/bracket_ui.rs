//! 对阵图: the knockout bracket of the chosen stage, with result entry.
//!
//! One column per knockout round, named from the number of matches the round has in
//! the bracket (1/8决赛, 1/4决赛, 半决赛, 决赛与三四名). Each match is a framed box: the
//! two players with their current seed numbers (the winner keeps the better seed,
//! ), the match score in knockout points, and one cell per game with its colours
//! and result — playoff games with their time control (`加赛 25分钟`, R-6.3). The
//! winner is highlighted and shown in the next column, joined by a line; rounds not yet
//! paired are empty boxes holding the seeds that will meet there (known in advance,
//! since each winner carries the better seed of its match) and the players as soon as
//! their matches are decided. The semi-final losers are joined to the third-place match
//! by dashed lines. `编排下一轮` pairs the next round ([`Job::Pair`]) once every match
//! of the last round is decided.
//!
//! The bracket is derived from the event on every frame (the stage's seeding and
//! rounds); nothing of it is stored. Results go to the worker as one
//! [`Command::RecordResult`] each; the domain adds the next playoff game of a level
//! match by itself. Any other stage shows a short note instead.
//!
//! # Keys (while the 选定对局 field has the focus; it takes it back whenever nothing else has it)
//! | key | does |
//! |---|---|
//! | ↑ / ↓ | the previous / next game of the column (across its matches) |
//! | ← / → | the nearest game of the previous / next paired round |
//! | `1` | red wins 1-0 |
//! | `=` or `5` | draw 1/2 |
//! | `0` | black wins 0-1 |
//! | `+` | red wins by forfeit +- (black absent) |
//! | `-` | black wins by forfeit -+ (red absent) |
//! | `*` | both forfeit -- |
//! | Delete | clear the game's result (asks first) |
//! | `P` | pair the next round (when every match is decided) |
//!
//! A click on a game cell chooses it too; the buttons beside the field do what the
//! result keys do. After a result the choice moves on: to the match's next game, to its
//! playoff game when the match is level, or to the next undecided match of the round.
//! A result key on a game that already has a result is a correction: a dialog shows the
//! previous result and asks (Enter confirms, Esc cancels). Full-width keys
//! (`１ ＝ ０ ＋ － ＊`) count as their ASCII twins.

use super::app::Env;
use super::i18n::Lang;
use super::key_field::{FieldKey, KeyField, fold, key_field_ui};
use super::pairing_ui::{fresh_seed, result_label};
use super::results_ui::{ResultChange, Slot, change_label, outcome_label, outcome_of_key, short_result};
use super::session::Job;
use super::table::row_height;
use crate::domain::event::{Game, KnockoutRules, Round, Stage, StageKind, StageStatus, stage_entrants};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::knockout::{self, KnockoutError, MatchState};
use crate::domain::points::Points;
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::{Colour, ScoringTable};
use crate::domain::{command::Command, event::Event};
use egui::{Align, Key, Layout, Modifiers, Pos2, Rect, Response, RichText, Sense, Stroke, Ui, UiBuilder};
use std::collections::BTreeMap;

/// Width of a match box, in points.
const BOX_WIDTH: f32 = 252.0;
/// Space between two columns (where the lines run).
const COLUMN_GAP: f32 = 34.0;
/// Space between two boxes of a column.
const BOX_GAP: f32 = 10.0;
/// Inner margin of a box.
const MARGIN: f32 = 5.0;
/// Width of the right-hand part of a row (score, points, 晋级).
const RIGHT_PART: f32 = 96.0;

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

impl GameKey {
    fn slot(self) -> Slot {
        Slot { board: self.board, game: self.game }
    }
}

/// Results sent to the worker and not yet seen in the saved event.
type Sent = BTreeMap<GameKey, Option<GameResult>>;

/// A key the bracket understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BracketKey {
    /// A typed character (full-width forms folded to ASCII).
    Char(char),
    Up,
    Down,
    Left,
    Right,
    Delete,
}

/// The bracket view's own state.
#[derive(Debug, Clone, Default)]
pub struct BracketView {
    /// The group and stage the state belongs to; another one starts afresh.
    shown: Option<(GroupId, StageNo)>,
    /// The rounds paired when last drawn: a new round moves the choice into it.
    rounds_seen: usize,
    /// The game chosen for the result keys.
    selected: Option<GameKey>,
    /// A correction or clearing waiting for the director's confirmation.
    confirm: Option<ResultChange>,
    /// Results sent and not yet saved, shown at once.
    sent: Sent,
    /// Changes to hand to the worker at the end of the frame.
    outbox: Vec<ResultChange>,
    /// A hint about the last key.
    message: Option<String>,
    /// Give the 选定对局 field the focus in the next frame.
    refocus: bool,
    /// Scroll the chosen game into view in the next frame.
    scroll: bool,
    /// Where each game cell was drawn in the last frame (centre height), for ← and →.
    centres: BTreeMap<GameKey, f32>,
}

impl BracketView {
    /// The game chosen for the result keys, if any.
    pub fn selected(&self) -> Option<GameKey> {
        self.selected
    }

    /// A correction waiting for confirmation, if any.
    pub fn pending_confirmation(&self) -> Option<&ResultChange> {
        self.confirm.as_ref()
    }
}

/// Who holds a place of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holder {
    /// A known player.
    Player(StartNo),
    /// The winner of match `i` of the previous column, not decided yet.
    WinnerOf(usize),
    /// The loser of semi-final `i` of the previous column (third place), not decided yet.
    LoserOf(usize),
    /// Nobody: a seed beyond the field, so the other side passes the round.
    Nobody,
}

/// Where a side comes from: a match of the previous column, as its winner or loser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Feed {
    from: usize,
    winner: bool,
}

/// One side of a match box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Side {
    /// The seed number the side carries into the match, when known.
    seed: Option<u32>,
    holder: Holder,
    feed: Option<Feed>,
}

/// What a box of the bracket is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BoxKind {
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

/// One match of the bracket, paired or not.
#[derive(Debug, Clone, PartialEq, Eq)]
struct MatchBox {
    kind: BoxKind,
    /// The better seed first.
    sides: [Side; 2],
    /// The round and board once paired.
    paired: Option<(RoundNo, BoardNo)>,
    /// The games, in order, with results sent but not saved.
    games: Vec<Game>,
    /// The match's state once paired.
    state: Option<MatchState>,
    /// Each side's knockout points so far.
    points: [Points; 2],
}

impl MatchBox {
    fn new(kind: BoxKind, sides: [Side; 2]) -> MatchBox {
        MatchBox { kind, sides, paired: None, games: Vec::new(), state: None, points: [Points::ZERO; 2] }
    }

    fn winner(&self) -> Option<StartNo> {
        match self.state {
            Some(MatchState::Won { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    fn loser(&self) -> Option<StartNo> {
        match self.state {
            Some(MatchState::Won { loser, .. }) => Some(loser),
            _ => None,
        }
    }

    /// The side a player is on.
    fn side_of(&self, player: StartNo) -> Option<&Side> {
        self.sides.iter().find(|s| s.holder == Holder::Player(player))
    }

    fn key_of(&self, game: &Game) -> Option<GameKey> {
        self.paired.map(|(round, board)| GameKey { round, board, game: game.game })
    }
}

/// One knockout round: its place in the bracket and its matches.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Column {
    /// The round's number (paired or to come).
    round: RoundNo,
    /// Whether the round is paired.
    paired: bool,
    /// Matches the round has in the bracket (8 for the round of 16); 0 beyond the bracket.
    bracket_matches: usize,
    /// The last round: final and third place.
    placement: bool,
    boxes: Vec<MatchBox>,
}

impl Column {
    /// `1/4决赛` / `Quarter-finals` …
    fn name(&self, lang: Lang) -> String {
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

    /// Every game key of the column, in the boxes' order.
    fn keys(&self) -> Vec<GameKey> {
        self.boxes.iter().flat_map(|b| b.games.iter().filter_map(|g| b.key_of(g))).collect()
    }
}

/// The places of a bracket of `size` seeds, in drawing order, so that neighbours meet
/// in the next round when each winner keeps the better seed: 1, 8, 4, 5, 2, 7, 3, 6 for 8.
fn bracket_order(size: usize) -> Vec<u32> {
    crate::domain::knockout::bracket_order(size).into_iter().map(|s| s as u32).collect()
}

/// The bracket of a knockout stage from its seeding (`seeds`, best first) and its
/// rounds, with the results in `sent` shown as if saved.
fn columns_of(seeds: &[StartNo], stage: &Stage, rules: &KnockoutRules, sent: &Sent) -> Vec<Column> {
    let n = seeds.len();
    if n < 2 {
        return Vec::new();
    }
    let size = n.next_power_of_two();
    let planned = size.trailing_zeros() as usize;
    let nobody = Side { seed: None, holder: Holder::Nobody, feed: None };
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
        let mut boxes = Vec::new();
        if k < planned && !placement {
            for pair in bracket_order(size >> k).chunks(2) {
                let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
                let side = |p: u32| places.get(&p).copied().unwrap_or(Side { seed: Some(p), ..nobody });
                let (sa, sb) = (side(a), side(b));
                let b = match (sa.holder, sb.holder) {
                    (Holder::Nobody, Holder::Nobody) => continue,
                    (_, Holder::Nobody) => MatchBox::new(BoxKind::Pass, [sa, Side { seed: None, ..sb }]),
                    (Holder::Nobody, _) => MatchBox::new(BoxKind::Pass, [sb, Side { seed: None, ..sa }]),
                    _ => MatchBox::new(BoxKind::Match, [sa, sb]),
                };
                boxes.push(b);
            }
        } else if placement {
            let side = |p: u32| places.get(&p).copied().unwrap_or(Side { seed: Some(p), ..nobody });
            boxes.push(MatchBox::new(BoxKind::Final, [side(1), side(2)]));
            let semi_finals: Vec<(usize, &MatchBox)> = columns
                .last()
                .map(|c| c.boxes.iter().enumerate().filter(|(_, b)| b.kind == BoxKind::Match).collect())
                .unwrap_or_default();
            if semi_finals.len() == 2 {
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
                boxes
                    .push(MatchBox::new(BoxKind::ThirdPlace, [loser_side(semi_finals[0]), loser_side(semi_finals[1])]));
            }
        }
        if let Some(round) = round {
            attach_round(&mut boxes, round, &places, stage, rules, sent);
        }
        // Who holds each place of the next column: each winner keeps the better seed.
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
        places = next;
        let bracket_matches = if k < planned { size >> (k + 1) } else { 0 };
        let round_no = round.map_or(RoundNo(k as u32 + 1), |r| r.no);
        columns.push(Column { round: round_no, paired: round.is_some(), bracket_matches, placement, boxes });
    }
    columns
}

/// Puts the boards of a paired round into the boxes whose players they hold; boards
/// that fit no box are added at the end.
fn attach_round(
    boxes: &mut Vec<MatchBox>,
    round: &Round,
    places: &BTreeMap<u32, Side>,
    stage: &Stage,
    rules: &KnockoutRules,
    sent: &Sent,
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
            fill(b, round, board, &stage.scoring, rules, sent);
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
        fill(&mut b, round, board, &stage.scoring, rules, sent);
        boxes.push(b);
    }
}

/// Gives a box its board's games (with the results sent) and the match's state.
fn fill(b: &mut MatchBox, round: &Round, board: BoardNo, scoring: &ScoringTable, rules: &KnockoutRules, sent: &Sent) {
    b.paired = Some((round.no, board));
    b.games = knockout::match_games(round, board)
        .into_iter()
        .map(|g| {
            let key = GameKey { round: round.no, board, game: g.game };
            Game { result: sent.get(&key).copied().unwrap_or(g.result), ..*g }
        })
        .collect();
    let refs: Vec<&Game> = b.games.iter().collect();
    b.state = Some(knockout::match_state(&refs, scoring, rules));
    b.points = match_points(b, scoring);
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

/// The box and game of a key.
fn find(columns: &[Column], key: GameKey) -> Option<(usize, &MatchBox, &Game)> {
    columns.iter().enumerate().find_map(|(k, c)| {
        c.boxes.iter().find_map(|b| {
            (b.paired == Some((key.round, key.board)))
                .then(|| b.games.iter().find(|g| g.game == key.game).map(|g| (k, b, g)))
                .flatten()
        })
    })
}

/// The game chosen when nothing is: the first game without a result in the last paired
/// round, else that round's first game.
fn default_selection(columns: &[Column]) -> Option<GameKey> {
    let last = columns.iter().rev().find(|c| c.paired && !c.keys().is_empty())?;
    let keys = last.keys();
    let mut open =
        last.boxes.iter().flat_map(|b| b.games.iter().filter(|g| g.result.is_none()).filter_map(|g| b.key_of(g)));
    open.next().or_else(|| keys.first().copied())
}

/// Why the next round cannot be paired now, if it cannot.
fn pair_blocker(stage: &Stage, seeds: &[StartNo], rules: &KnockoutRules, lang: Lang) -> Option<String> {
    if stage.status != StageStatus::Open {
        return Some(
            lang.t(
                "本阶段未开放（上一阶段结束后开放）。",
                "This stage is not open (it opens when the previous one ends).",
            )
            .into(),
        );
    }
    match knockout::next_round(seeds, &stage.rounds, &stage.scoring, rules) {
        Ok(_) => None,
        Err(KnockoutError::Undecided { round, board }) => Some(match lang {
            Lang::Zh => format!("第{round}轮第{board}台尚未决出胜负。"),
            Lang::En => format!("Match {board} of round {round} is not decided yet."),
        }),
        Err(KnockoutError::Finished) => Some(lang.t("淘汰赛已全部结束。", "The knockout is finished.").into()),
        Err(KnockoutError::TooFewPlayers) => {
            Some(lang.t("淘汰赛至少需要两名选手。", "A knockout needs at least two players.").into())
        }
        Err(KnockoutError::NoRules) => {
            Some(lang.t("本阶段没有淘汰赛规则。", "The stage has no knockout rules.").into())
        }
    }
}

impl BracketView {
    /// Handles one key of the 选定对局 field.
    fn key(&mut self, key: BracketKey, columns: &[Column], scoring: &ScoringTable, rules: &KnockoutRules, lang: Lang) {
        self.message = None;
        match key {
            BracketKey::Up | BracketKey::Down | BracketKey::Left | BracketKey::Right => self.step(key, columns),
            BracketKey::Char(c) => match outcome_of_key(fold(c)) {
                Some(outcome) => self.enter(outcome, columns, scoring, rules, lang),
                None if c.is_ascii_digit() => {
                    self.message = Some(lang.t("结果键：1 = 5 0 + - *", "Result keys: 1 = 5 0 + - *").to_string());
                }
                None => {}
            },
            BracketKey::Delete => {
                if let Some((key, game)) = self.chosen(columns)
                    && game.result.is_some()
                {
                    self.confirm =
                        Some(ResultChange { round: key.round, slot: key.slot(), before: game.result, after: None });
                }
            }
        }
    }

    /// The chosen game with the results sent, if it exists.
    fn chosen(&self, columns: &[Column]) -> Option<(GameKey, Game)> {
        let key = self.selected?;
        let (_, _, game) = find(columns, key)?;
        Some((key, self.merged(key, game)))
    }

    fn merged(&self, key: GameKey, game: &Game) -> Game {
        Game { result: self.sent.get(&key).copied().unwrap_or(game.result), ..*game }
    }

    /// Moves the choice with an arrow key.
    fn step(&mut self, key: BracketKey, columns: &[Column]) {
        let order: Vec<Vec<GameKey>> = columns.iter().map(Column::keys).collect();
        let at = self.selected.and_then(|s| {
            order.iter().enumerate().find_map(|(c, keys)| keys.iter().position(|k| *k == s).map(|i| (c, i)))
        });
        let Some((c, i)) = at else {
            self.selected = default_selection(columns);
            self.scroll = true;
            return;
        };
        let target = match key {
            BracketKey::Up => Some(order[c][i.saturating_sub(1)]),
            BracketKey::Down => Some(order[c][(i + 1).min(order[c].len() - 1)]),
            BracketKey::Left | BracketKey::Right => {
                let next: Box<dyn Iterator<Item = usize>> =
                    if key == BracketKey::Left { Box::new((0..c).rev()) } else { Box::new(c + 1..order.len()) };
                let mut found = None;
                for column in next {
                    if order[column].is_empty() {
                        continue;
                    }
                    let y = self.selected.and_then(|s| self.centres.get(&s)).copied();
                    found = match y {
                        Some(y) => order[column]
                            .iter()
                            .min_by(|a, b| {
                                let da = self.centres.get(a).map_or(f32::INFINITY, |v| (v - y).abs());
                                let db = self.centres.get(b).map_or(f32::INFINITY, |v| (v - y).abs());
                                da.total_cmp(&db)
                            })
                            .copied(),
                        None => order[column].first().copied(),
                    };
                    break;
                }
                found
            }
            BracketKey::Char(_) | BracketKey::Delete => None,
        };
        if let Some(t) = target {
            self.selected = Some(t);
            self.scroll = true;
        }
    }

    /// Records `outcome` on the chosen game: at once when it has no result, after a
    /// confirmation when it has one.
    fn enter(
        &mut self,
        outcome: Outcome,
        columns: &[Column],
        scoring: &ScoringTable,
        rules: &KnockoutRules,
        lang: Lang,
    ) {
        if self.selected.is_none() {
            self.message =
                Some(lang.t("先选定一局（方向键或点击）。", "Choose a game first (arrows or a click).").into());
            return;
        }
        let Some((key, game)) = self.chosen(columns) else {
            self.message =
                Some(lang.t("这一局正在生成，请稍候。", "This game is still being added; wait a moment.").into());
            return;
        };
        let after = GameResult { outcome, ..game.result.unwrap_or(GameResult::plain(outcome)) };
        if game.result == Some(after) {
            self.message = Some(lang.t("结果未变。", "The result is unchanged.").into());
            return;
        }
        let change = ResultChange { round: key.round, slot: key.slot(), before: game.result, after: Some(after) };
        if change.is_correction() {
            self.confirm = Some(change);
            return;
        }
        self.send(change);
        self.selected = Some(self.next_after(columns, key, scoring, rules));
        self.scroll = true;
    }

    /// Where the choice goes after a result on `key`: the match's playoff game when it
    /// is level, its next game without a result, or the next undecided game of the round.
    fn next_after(&self, columns: &[Column], key: GameKey, scoring: &ScoringTable, rules: &KnockoutRules) -> GameKey {
        let Some((column, b, _)) = find(columns, key) else { return key };
        let games: Vec<Game> = b.games.iter().map(|g| b.key_of(g).map_or(*g, |k| self.merged(k, g))).collect();
        let refs: Vec<&Game> = games.iter().collect();
        match knockout::match_state(&refs, scoring, rules) {
            MatchState::Level { next_game, .. } => GameKey { game: next_game, ..key },
            MatchState::InPlay => {
                games.iter().find(|g| g.result.is_none()).map_or(key, |g| GameKey { game: g.game, ..key })
            }
            MatchState::Won { .. } => {
                let keys = columns[column].keys();
                let at = keys.iter().position(|k| *k == key).unwrap_or(0);
                let open =
                    |k: &&GameKey| find(columns, **k).is_some_and(|(_, _, g)| self.merged(**k, g).result.is_none());
                keys[at + 1..].iter().chain(keys[..at].iter()).find(open).copied().unwrap_or(key)
            }
        }
    }

    /// Queues a change for the worker and shows it at once.
    fn send(&mut self, change: ResultChange) {
        let key = GameKey { round: change.round, board: change.slot.board, game: change.slot.game };
        self.sent.insert(key, change.after);
        self.outbox.push(change);
    }

    /// Keeps the choice on a game that exists: a new round, or a game gone, moves it to
    /// the default (a playoff game still being added is waited for).
    fn keep_selection(&mut self, columns: &[Column], rounds: usize, busy: bool) {
        if self.rounds_seen != rounds {
            self.rounds_seen = rounds;
            self.selected = None;
        }
        let exists = self.selected.is_some_and(|k| find(columns, k).is_some());
        if !exists && (self.selected.is_none() || !busy) {
            self.selected = default_selection(columns);
            self.scroll = true;
        }
    }
}

/// Draws the bracket of `stage` (a knockout stage), or a note for any other stage.
pub fn bracket_ui(ui: &mut Ui, state: &mut BracketView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let key = (env.group.id, stage.no);
    if state.shown != Some(key) {
        *state = BracketView { shown: Some(key), refocus: true, ..BracketView::default() };
    }
    if !env.busy {
        // Everything sent has been answered: the saved event is the truth again.
        state.sent.clear();
    }
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("对阵图", "Bracket"));
        ui.add_space(12.0);
        ui.label(format!("{} · {}", env.group.name, stage.name));
    });
    let (StageKind::Knockout, Some(rules)) = (stage.kind, stage.knockout.as_ref()) else {
        ui.separator();
        ui.label(lang.t(
            "对阵图用于淘汰赛阶段；本阶段不是淘汰赛。请在顶栏的「阶段」中选择淘汰赛阶段。",
            "The bracket applies to knockout stages; this stage is not one. Choose a knockout stage in the top bar.",
        ));
        return;
    };
    let seeds = stage_entrants(env.event, env.group.id, stage);
    let confirm_was_shown = state.confirm.is_some();
    toolbar_ui(ui, state, env, stage, rules, &seeds, jobs);
    ui.separator();
    if seeds.len() < 2 {
        ui.label(lang.t(
            "本阶段还没有种子选手：上一阶段结束（晋级）后按其排名产生。",
            "This stage has no seeds yet: they come from the previous stage's ranking when it ends.",
        ));
        return;
    }
    let columns = columns_of(&seeds, stage, rules, &state.sent);
    state.keep_selection(&columns, stage.rounds.len(), env.busy);
    let field = selection_bar_ui(ui, state, env.event, &columns, stage, rules, lang);
    if let Some(message) = &state.message {
        ui.colored_label(ui.visuals().warn_fg_color, message.as_str());
    }
    ui.weak(lang.t(
        "键：↑↓ 本轮上一局/下一局 · ←→ 相邻轮次 · 1 红胜 · = 或 5 和棋 · 0 黑胜 · + 黑方弃权 · - 红方弃权 · \
         * 双方弃权 · Del 清除 · P 编排下一轮 · 也可点击对局",
        "Keys: ↑↓ previous/next game of the round · ←→ next round over · 1 red wins · = or 5 draw · 0 black wins · \
         + black forfeits · - red forfeits · * both forfeit · Del clears · P pairs the next round · or click a game",
    ));
    podium_ui(ui, env.event, &columns, lang);
    ui.add_space(4.0);
    // The columns as they are now (with what the keys just sent).
    let columns = columns_of(&seeds, stage, rules, &state.sent);
    egui::ScrollArea::both().id_salt("bracket").auto_shrink([false, false]).show(ui, |ui| {
        canvas_ui(ui, state, env.event, &columns, rules, field.has_focus(), lang);
    });
    confirm_ui(ui, state, env.event, &columns, confirm_was_shown, lang);

    let nothing_focused = ui.memory(|m| m.focused().is_none());
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if state.confirm.is_none() && !popup_open && (state.refocus || nothing_focused) {
        field.request_focus();
        state.refocus = false;
    }
    for change in state.outbox.drain(..) {
        jobs.push(Job::Execute {
            label: format!("{} {}", lang.t("对阵图", "Bracket"), change_label(&change, true, lang)),
            commands: vec![Command::RecordResult {
                group: env.group.id,
                stage: stage.no,
                round: change.round,
                board: change.slot.board,
                game: change.slot.game,
                result: change.after,
            }],
        });
    }
}

/// The pair button, the seeds and the time controls.
fn toolbar_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    env: &Env<'_>,
    stage: &Stage,
    rules: &KnockoutRules,
    seeds: &[StartNo],
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    let blocker = if env.busy {
        Some(lang.t("正在处理上一项操作…", "Still working on the last change…").to_string())
    } else {
        pair_blocker(stage, seeds, rules, lang)
    };
    let keys_free = state.confirm.is_none() && !ui.ctx().text_edit_focused();
    ui.horizontal_wrapped(|ui| {
        let enabled = blocker.is_none();
        let button = ui.add_enabled(enabled, egui::Button::new(lang.t("编排下一轮 (P)", "Pair next round (P)")));
        let button = match &blocker {
            Some(why) => button.on_disabled_hover_text(why.as_str()),
            None => button.on_hover_text(lang.t(
                "胜者保留较好的种子号，余下种子首尾相对（R-6.4）",
                "Winners keep the better seed; the remaining seeds meet first against last (R-6.4)",
            )),
        };
        let pressed = enabled && keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::P));
        if enabled && (button.clicked() || pressed) {
            jobs.push(Job::Pair { group: env.group.id, stage: stage.no, seed: fresh_seed() });
            state.refocus = true;
        }
        if let Some(why) = &blocker {
            ui.weak(why.as_str());
        }
    });
    ui.horizontal_wrapped(|ui| {
        let minutes: Vec<String> = (0..3).map(|k| knockout::playoff_minutes(rules, k).to_string()).collect();
        let time_control = if stage.time_control.trim().is_empty() { "—" } else { stage.time_control.as_str() };
        ui.label(match lang {
            Lang::Zh => format!(
                "种子 {} 名 · 每场分先 {} 局 · 局时 {time_control} · 平分加赛 {}… 分钟（最短 {} 分钟）",
                seeds.len(),
                rules.games_per_match,
                minutes.join("、"),
                rules.min_playoff_minutes
            ),
            Lang::En => format!(
                "{} seeds · {} games a match, colours swapped · time control {time_control} · playoffs when level {}… min (at least {})",
                seeds.len(),
                rules.games_per_match,
                minutes.join(", "),
                rules.min_playoff_minutes
            ),
        });
    });
}

/// `[3] 王天一`, or the place's seed and who will hold it.
fn side_text(side: &Side, previous: Option<&Column>, event: &Event, lang: Lang) -> String {
    let seed = side.seed.map(|s| format!("[{s}] ")).unwrap_or_default();
    let board_of = |i: usize| previous.and_then(|c| c.boxes.get(i)).and_then(|b| b.paired).map(|(_, board)| board);
    match side.holder {
        Holder::Player(p) => format!("{seed}{}", player_name(event, p)),
        Holder::WinnerOf(i) => match (board_of(i), lang) {
            (Some(board), Lang::Zh) => format!("{seed}待定（第{board}台胜者）"),
            (Some(board), Lang::En) => format!("{seed}TBD (winner of match {board})"),
            (None, _) => format!("{seed}{}", lang.t("待定", "TBD")),
        },
        Holder::LoserOf(i) => match (board_of(i), lang) {
            (Some(board), Lang::Zh) => format!("{seed}待定（第{board}台负者）"),
            (Some(board), Lang::En) => format!("{seed}TBD (loser of match {board})"),
            (None, _) => format!("{seed}{}", lang.t("待定", "TBD")),
        },
        Holder::Nobody => lang.t("（轮空）", "(bye)").to_string(),
    }
}

fn player_name(event: &Event, p: StartNo) -> String {
    event.player(p).map_or_else(|| p.to_string(), |pl| pl.entry.name.clone())
}

/// The text of a game cell: `第1局 红[1] 黑[16] 1-0`, `加赛 25分钟 第3局 红[1] 黑[16] 未赛`.
fn game_text(b: &MatchBox, game: &Game, rules: &KnockoutRules, lang: Lang) -> String {
    let seed = |p: StartNo| b.side_of(p).and_then(|s| s.seed).map_or_else(|| p.to_string(), |s| s.to_string());
    let result = game.result.map_or_else(|| lang.t("未赛", "—").to_string(), |r| short_result(&r, lang));
    let (red, black) = (seed(game.red), seed(game.black));
    let colours = match lang {
        Lang::Zh => format!("第{}局 红[{red}] 黑[{black}] {result}", game.game),
        Lang::En => format!("G{} red [{red}] black [{black}] {result}", game.game),
    };
    let Some(k) = game.game.checked_sub(rules.games_per_match + 1) else { return colours };
    let minutes = knockout::playoff_minutes(rules, k);
    // The last playoff of a CXA 2020 Art. 30 match: a draw counts as a black win.
    let armageddon = rules.armageddon_after == Some(k);
    match (lang, armageddon) {
        (Lang::Zh, false) => format!("加赛 {minutes}分钟 {colours}"),
        (Lang::Zh, true) => format!("决胜局 {minutes}分钟（和棋判黑胜） {colours}"),
        (Lang::En, false) => format!("Playoff {minutes} min {colours}"),
        (Lang::En, true) => format!("Armageddon {minutes} min (draw = black wins) {colours}"),
    }
}

/// The 选定对局 field (it holds the keyboard), and buttons for the chosen game.
fn selection_bar_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    event: &Event,
    columns: &[Column],
    stage: &Stage,
    rules: &KnockoutRules,
    lang: Lang,
) -> Response {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t("选定对局", "Selected game"));
        let shown = match state.selected {
            Some(key) => match find(columns, key) {
                Some((_, _, game)) => {
                    let game = state.merged(key, game);
                    let name = |p: StartNo| player_name(event, p);
                    let result =
                        game.result.map_or_else(|| lang.t("未赛", "unplayed").to_string(), |r| result_label(r, lang));
                    match lang {
                        Lang::Zh => format!(
                            "第{}轮 第{}台 第{}局：红 {} — 黑 {} · {result}",
                            key.round,
                            key.board,
                            key.game,
                            name(game.red),
                            name(game.black)
                        ),
                        Lang::En => format!(
                            "Round {} match {} game {}: red {} — black {} · {result}",
                            key.round,
                            key.board,
                            key.game,
                            name(game.red),
                            name(game.black)
                        ),
                    }
                }
                None => lang.t("（正在生成加赛局…）", "(the playoff game is being added…)").to_string(),
            },
            None => lang.t("（无）", "(none)").to_string(),
        };
        let (response, keys) = key_field_ui(
            ui,
            KeyField {
                label: lang.t("选定对局", "Selected game"),
                hover: lang.t(
                    "方向键选局，再按结果键：1 红胜，= 或 5 和棋，0 黑胜，+ 红胜(黑弃权)，- 黑胜(红弃权)，* 双方弃权；Del 清除",
                    "Arrows choose a game, then a result key: 1 red wins, = or 5 draw, 0 black wins, + black forfeits, - red forfeits, * both forfeit; Del clears",
                ),
                shown: &shown,
                width: (ui.available_width() - 8.0).clamp(160.0, 460.0),
                typing: false,
                weak: false,
                keep_escape: false,
            },
        );
        let keys: Vec<BracketKey> = keys.into_iter().filter_map(bracket_key).collect();
        let response = response.labelled_by(label.id);
        // Keys after one that opens a confirmation are dropped, so that a fast Enter
        // cannot confirm a correction the director has not seen.
        for k in keys {
            if state.confirm.is_some() {
                break;
            }
            state.key(k, columns, &stage.scoring, rules, lang);
        }
        // The keys as buttons, for the mouse.
        if let Some((key, game)) = state.chosen(columns) {
            for outcome in Outcome::ALL {
                let chosen = game.result.is_some_and(|r| r.outcome == outcome);
                let key_char = match outcome {
                    Outcome::RedWins => "1",
                    Outcome::Draw => "=",
                    Outcome::BlackWins => "0",
                    Outcome::RedWinsByForfeit => "+",
                    Outcome::BlackWinsByForfeit => "-",
                    Outcome::BothForfeit => "*",
                };
                let hover = format!("{} ({} {key_char})", outcome_label(outcome, lang), lang.t("键", "key"));
                if ui.selectable_label(chosen, outcome.notation()).on_hover_text(hover).clicked() {
                    state.enter(outcome, columns, &stage.scoring, rules, lang);
                    state.refocus = true;
                }
            }
            if game.result.is_some() && ui.button(lang.t("清除结果 (Del)", "Clear result (Del)")).clicked() {
                state.confirm =
                    Some(ResultChange { round: key.round, slot: key.slot(), before: game.result, after: None });
            }
        }
        response
    })
    .inner
}

/// The field's keys as the bracket reads them (Enter, Esc and Backspace are not used).
fn bracket_key(key: FieldKey) -> Option<BracketKey> {
    Some(match key {
        FieldKey::Char(c) => BracketKey::Char(c),
        FieldKey::Up => BracketKey::Up,
        FieldKey::Down => BracketKey::Down,
        FieldKey::Left => BracketKey::Left,
        FieldKey::Right => BracketKey::Right,
        FieldKey::Delete => BracketKey::Delete,
        FieldKey::Enter | FieldKey::Escape | FieldKey::Backspace => return None,
    })
}

/// 冠军 … 亚军 … 季军 … 第四名 … once the last round is decided.
fn podium_ui(ui: &mut Ui, event: &Event, columns: &[Column], lang: Lang) {
    let Some(last) = columns.last().filter(|c| c.paired) else { return };
    let mut parts = Vec::new();
    for b in &last.boxes {
        let (Some(w), Some(l)) = (b.winner(), b.loser()) else { continue };
        let (first, second) = match b.kind {
            BoxKind::Final => (lang.t("冠军", "Champion"), lang.t("亚军", "Runner-up")),
            BoxKind::ThirdPlace => (lang.t("季军", "Third"), lang.t("第四名", "Fourth")),
            _ => continue,
        };
        parts.push(format!("{first} {} · {second} {}", player_name(event, w), player_name(event, l)));
    }
    if !parts.is_empty() {
        ui.strong(parts.join(" · "));
    }
}

/// Where a box was drawn: the box and its side rows.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    rect: Rect,
    sides: [Rect; 2],
}

/// The number of rows of a box: title, sides, games (an unpaired box: title and sides).
fn box_rows(b: &MatchBox) -> usize {
    match b.kind {
        BoxKind::Pass => 2,
        _ => 3 + b.games.len(),
    }
}

/// Draws the columns, their boxes and the lines from each match to the next.
fn canvas_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    event: &Event,
    columns: &[Column],
    rules: &KnockoutRules,
    focused: bool,
    lang: Lang,
) {
    let rh = row_height(ui);
    let origin = ui.cursor().min;
    let mut total = Rect::from_min_size(origin, egui::Vec2::ZERO);
    let mut drawn: Vec<Vec<Drawn>> = Vec::new();
    let mut clicked = None;
    state.centres.clear();
    for (k, column) in columns.iter().enumerate() {
        let x = origin.x + k as f32 * (BOX_WIDTH + COLUMN_GAP);
        let title = Rect::from_min_size(egui::pos2(x, origin.y), egui::vec2(BOX_WIDTH, rh));
        let decided = column.boxes.iter().filter(|b| b.winner().is_some()).count();
        let matches = column.boxes.iter().filter(|b| b.paired.is_some()).count();
        let status = match (column.paired, lang) {
            (false, _) => lang.t("未编排", "not paired").to_string(),
            (true, Lang::Zh) => format!("已决 {decided}/{matches}"),
            (true, Lang::En) => format!("decided {decided}/{matches}"),
        };
        let round = match lang {
            Lang::Zh => format!("第{}轮", column.round),
            Lang::En => format!("round {}", column.round),
        };
        text_row_ui(
            ui,
            title,
            ("bracket_title", k),
            RichText::new(format!("{} · {round}", column.name(lang))).strong(),
            Some(RichText::new(status).weak()),
        );
        total = total.union(title);
        let mut y = title.bottom() + 6.0;
        let mut rects = Vec::new();
        for (i, b) in column.boxes.iter().enumerate() {
            let height = 2.0 * MARGIN + rh * box_rows(b) as f32;
            let feeders: Vec<f32> = b
                .sides
                .iter()
                .filter_map(|s| s.feed)
                .filter_map(|f| drawn.get(k.wrapping_sub(1)).and_then(|d| d.get(f.from)))
                .map(|d| d.rect.center().y)
                .collect();
            let wanted = (!feeders.is_empty()).then(|| feeders.iter().sum::<f32>() / feeders.len() as f32);
            let top = wanted.map_or(y, |c| (c - height / 2.0).max(y));
            let rect = Rect::from_min_size(egui::pos2(x, top), egui::vec2(BOX_WIDTH, height));
            let previous = k.checked_sub(1).and_then(|p| columns.get(p));
            let d = box_ui(ui, state, event, (k, i), b, previous, rect, rules, focused, &mut clicked, lang);
            y = rect.bottom() + BOX_GAP;
            total = total.union(rect);
            rects.push(d);
        }
        drawn.push(rects);
    }
    lines_ui(ui, columns, &drawn);
    ui.advance_cursor_after_rect(total.expand2(egui::vec2(0.0, 4.0)));
    if let Some(key) = clicked {
        state.selected = Some(key);
        state.message = None;
        state.refocus = true;
    }
}

/// A row of text: `left` at the left, `right` (if any) at the right.
fn text_row_ui(ui: &mut Ui, rect: Rect, salt: impl egui::AsIdSalt, left: RichText, right: Option<RichText>) {
    let split = if right.is_some() { rect.right() - RIGHT_PART } else { rect.right() };
    let left_rect = Rect::from_min_max(rect.min, egui::pos2(split, rect.bottom()));
    let mut child = ui.new_child(
        UiBuilder::new().id_salt((&salt, 0)).max_rect(left_rect).layout(Layout::left_to_right(Align::Center)),
    );
    child.add(egui::Label::new(left).truncate().selectable(false));
    if let Some(right) = right {
        let right_rect = Rect::from_min_max(egui::pos2(split, rect.top()), rect.max);
        let mut child = ui.new_child(
            UiBuilder::new().id_salt((&salt, 1)).max_rect(right_rect).layout(Layout::right_to_left(Align::Center)),
        );
        child.add(egui::Label::new(right).truncate().selectable(false));
    }
}

/// One match box: title and score, the two sides (the winner highlighted), the games.
#[allow(clippy::too_many_arguments)]
fn box_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    event: &Event,
    at: (usize, usize),
    b: &MatchBox,
    previous: Option<&Column>,
    rect: Rect,
    rules: &KnockoutRules,
    focused: bool,
    clicked: &mut Option<GameKey>,
    lang: Lang,
) -> Drawn {
    let rh = row_height(ui);
    let visuals = ui.visuals().clone();
    let decided = b.winner().is_some();
    let stroke = if decided { visuals.widgets.active.bg_stroke } else { visuals.widgets.noninteractive.bg_stroke };
    ui.painter().rect(rect, 4.0, visuals.faint_bg_color, stroke, egui::StrokeKind::Inside);
    let inner = rect.shrink(MARGIN);
    let row = |r: usize| Rect::from_min_size(inner.min + egui::vec2(0.0, rh * r as f32), egui::vec2(inner.width(), rh));

    // Title: the match and its score or state.
    let place = match (b.kind, b.paired, lang) {
        (BoxKind::Pass, _, _) => lang.t("轮空", "Bye").to_string(),
        (BoxKind::Final, Some((_, board)), Lang::Zh) => format!("决赛 · 第{board}台"),
        (BoxKind::Final, Some((_, board)), Lang::En) => format!("Final · match {board}"),
        (BoxKind::Final, None, _) => lang.t("决赛", "Final").to_string(),
        (BoxKind::ThirdPlace, Some((_, board)), Lang::Zh) => format!("三四名 · 第{board}台"),
        (BoxKind::ThirdPlace, Some((_, board)), Lang::En) => format!("3rd place · match {board}"),
        (BoxKind::ThirdPlace, None, _) => lang.t("三四名", "3rd place").to_string(),
        (_, Some((_, board)), Lang::Zh) => format!("第{board}台"),
        (_, Some((_, board)), Lang::En) => format!("Match {board}"),
        (_, None, _) => lang.t("待编排", "to be paired").to_string(),
    };
    let score = match (b.kind, b.state) {
        (BoxKind::Pass, _) => Some(RichText::new(lang.t("直接晋级", "passes")).weak()),
        (_, None) => None,
        (_, Some(state)) => {
            let [x, y] = b.points;
            // Level after the match games: playing (or about to play) playoffs.
            let playoffs = matches!(state, MatchState::Level { .. })
                || (state == MatchState::InPlay && b.games.len() as u32 > rules.games_per_match);
            let text = match (playoffs, lang) {
                (true, Lang::Zh) => format!("{x} : {y} 加赛"),
                (true, Lang::En) => format!("{x} : {y} playoff"),
                (false, _) => format!("{x} : {y}"),
            };
            Some(RichText::new(text).strong())
        }
    };
    text_row_ui(ui, row(0), ("bracket_box", at, 0), RichText::new(place).strong(), score);

    // The sides, with their match points.
    let mut sides = [row(1), row(2)];
    let side_rows = if b.kind == BoxKind::Pass { 1 } else { 2 };
    for (s, side) in b.sides.iter().enumerate().take(side_rows) {
        let r = row(1 + s);
        sides[s] = r;
        let text = side_text(side, previous, event, lang);
        let winner = matches!(side.holder, Holder::Player(p) if b.winner() == Some(p));
        let loser = decided && !winner;
        if winner {
            ui.painter().rect_filled(
                r.expand2(egui::vec2(MARGIN - 1.0, 0.0)),
                2.0,
                visuals.selection.bg_fill.gamma_multiply(0.45),
            );
        }
        let name = if winner {
            RichText::new(text).strong()
        } else if loser || !matches!(side.holder, Holder::Player(_)) {
            RichText::new(text).weak()
        } else {
            RichText::new(text)
        };
        let right = b.state.map(|_| {
            let p = b.points[s];
            let marker = match (winner, b.kind) {
                (true, BoxKind::Final) => format!(" {}", lang.t("冠军", "champion")),
                (true, BoxKind::ThirdPlace) => format!(" {}", lang.t("季军", "3rd")),
                (true, _) => format!(" {}", lang.t("晋级", "through")),
                (false, _) => String::new(),
            };
            let text = RichText::new(format!("{p}{marker}"));
            if winner { text.strong() } else { text }
        });
        text_row_ui(ui, r, ("bracket_box", at, 1 + s), name, right);
    }
    if b.kind == BoxKind::Pass {
        sides[1] = sides[0];
    }

    // The games: one clickable cell each.
    for (g, game) in b.games.iter().enumerate() {
        let Some(key) = b.key_of(game) else { continue };
        let r = row(3 + g);
        let text = game_text(b, game, rules, lang);
        let selected = state.selected == Some(key);
        let id = egui::Id::unique(("bracket_game", key.round.0, key.board.0, key.game));
        let response = ui.interact(r, id, Sense::CLICK);
        let painter = ui.painter();
        if selected {
            painter.rect_filled(r, 2.0, visuals.selection.bg_fill);
            if focused {
                painter.rect_stroke(r, 2.0, visuals.selection.stroke, egui::StrokeKind::Inside);
            }
        } else if response.hovered() {
            painter.rect_filled(r, 2.0, visuals.widgets.hovered.weak_bg_fill);
        }
        let colour = if selected {
            visuals.selection.stroke.color
        } else if game.result.is_some() {
            visuals.strong_text_color()
        } else {
            visuals.text_color()
        };
        let font = egui::TextStyle::Body.resolve(ui.style());
        painter.with_clip_rect(r.intersect(ui.clip_rect())).text(
            egui::pos2(r.left() + 4.0, r.center().y),
            egui::Align2::LEFT_CENTER,
            &text,
            font,
            colour,
        );
        response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &text));
        let (red, black) = (player_name(event, game.red), player_name(event, game.black));
        let response = response.on_hover_text(match lang {
            Lang::Zh => format!("红 {red} — 黑 {black}；点击选中后按结果键"),
            Lang::En => format!("red {red} — black {black}; click, then press a result key"),
        });
        if response.clicked() {
            *clicked = Some(key);
        }
        if selected && state.scroll {
            ui.scroll_to_rect(r, None);
            state.scroll = false;
        }
        state.centres.insert(key, r.center().y);
    }
    Drawn { rect, sides }
}

/// The lines from each match to the box its winner (solid) or loser (dashed, third
/// place) goes to; a line is drawn strong once the player is known.
fn lines_ui(ui: &Ui, columns: &[Column], drawn: &[Vec<Drawn>]) {
    let visuals = ui.visuals();
    let known = Stroke::new(1.6, visuals.selection.stroke.color);
    let unknown = Stroke::new(1.0, visuals.weak_text_color());
    let painter = ui.painter();
    for (k, column) in columns.iter().enumerate().skip(1) {
        for (i, b) in column.boxes.iter().enumerate() {
            for (s, side) in b.sides.iter().enumerate() {
                let Some(feed) = side.feed else { continue };
                let (Some(from), Some(to)) = (drawn[k - 1].get(feed.from), drawn[k].get(i)) else { continue };
                let start = egui::pos2(from.rect.right(), from.rect.center().y);
                let end = egui::pos2(to.rect.left(), to.sides[s].center().y);
                let middle = start.x + (end.x - start.x) / 2.0;
                let path: [Pos2; 4] = [start, egui::pos2(middle, start.y), egui::pos2(middle, end.y), end];
                let stroke = if matches!(side.holder, Holder::Player(_)) { known } else { unknown };
                if feed.winner {
                    painter.line(path.to_vec(), stroke);
                } else {
                    painter.extend(egui::Shape::dashed_line(&path, stroke, 5.0, 4.0));
                }
            }
        }
    }
}

/// The confirmation of a correction or clearing: shows the previous result.
fn confirm_ui(ui: &mut Ui, state: &mut BracketView, event: &Event, columns: &[Column], keys_live: bool, lang: Lang) {
    let Some(change) = state.confirm else { return };
    let ctx = ui.ctx().clone();
    let (enter, escape) = if keys_live {
        ctx.input_mut(|i| (i.consume_key(Modifiers::NONE, Key::Enter), i.consume_key(Modifiers::NONE, Key::Escape)))
    } else {
        (false, false)
    };
    let key = GameKey { round: change.round, board: change.slot.board, game: change.slot.game };
    let players = find(columns, key)
        .map(|(_, _, g)| {
            format!(
                "{} {} — {} {}",
                lang.t("红", "red"),
                player_name(event, g.red),
                lang.t("黑", "black"),
                player_name(event, g.black)
            )
        })
        .unwrap_or_default();
    let mut accepted = enter;
    let mut cancelled = escape;
    let modal = egui::Modal::new(egui::Id::unique("bracket_correction")).show(&ctx, |ui| {
        ui.set_max_width(440.0);
        ui.heading(if change.after.is_some() {
            lang.t("更正结果？", "Correct the result?")
        } else {
            lang.t("清除结果？", "Clear the result?")
        });
        ui.label(match lang {
            Lang::Zh => format!("第{}轮 第{}台 第{}局  {players}", key.round, key.board, key.game),
            Lang::En => format!("Round {}, match {}, game {}  {players}", key.round, key.board, key.game),
        });
        ui.add_space(6.0);
        if let Some(before) = change.before {
            ui.label(format!("{} {}", lang.t("原结果：", "Previous result:"), result_label(before, lang)));
        }
        match change.after {
            Some(after) => ui.strong(format!("{} {}", lang.t("改为：", "New result:"), result_label(after, lang))),
            None => ui.strong(lang.t("改为：无结果", "New result: none")),
        };
        ui.add_space(6.0);
        ui.weak(lang.t(
            "更正会记入审计日志；加赛局和晋级随之更新。",
            "The correction is kept in the audit log; playoff games and who advances follow.",
        ));
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button(lang.t("确认更正 (Enter)", "Confirm (Enter)")).clicked() {
                accepted = true;
            }
            if ui.button(lang.t("取消 (Esc)", "Cancel (Esc)")).clicked() {
                cancelled = true;
            }
        });
    });
    if modal.backdrop_response.clicked() {
        cancelled = true;
    }
    if accepted {
        state.confirm = None;
        state.send(change);
        state.refocus = true;
    } else if cancelled {
        state.confirm = None;
        state.refocus = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Bye, ByeKind};
    use crate::domain::presets;

    /// The knockout stage of the lingting-cup preset, open, with seeds 1 … n.
    fn stage(n: u32) -> (Stage, Vec<StartNo>) {
        let event = presets::build("lingting-cup", None, None).unwrap();
        let mut stage = event.groups[0].stages[2].clone();
        let seeds: Vec<StartNo> = (1..=n).map(StartNo).collect();
        stage.entrants = seeds.clone();
        stage.status = StageStatus::Open;
        (stage, seeds)
    }

    fn rules(stage: &Stage) -> KnockoutRules {
        stage.knockout.clone().unwrap()
    }

    /// Pairs the next round with the library and adds it to the stage.
    fn pair(stage: &mut Stage, seeds: &[StartNo]) -> Result<(), KnockoutError> {
        let (games, passes) = knockout::next_round(seeds, &stage.rounds, &stage.scoring, &rules(stage))?;
        let byes = passes.into_iter().map(|p| Bye::new(p, ByeKind::Pairing)).collect();
        let no = RoundNo(stage.rounds.len() as u32 + 1);
        stage.rounds.push(Round { no, seed: None, games, byes, warnings: vec![] });
        Ok(())
    }

    /// Plays every match of the last round: mostly the higher seed (red in game 1)
    /// wins; on some boards the lower seed wins, on others the match goes to playoffs.
    fn play(stage: &mut Stage, salt: u32) {
        let (scoring, rules) = (stage.scoring.clone(), rules(stage));
        let round = stage.rounds.last_mut().unwrap();
        let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
        boards.dedup();
        for board in boards {
            let pattern = (board.0 + salt) % 4;
            let set = |round: &mut Round, game: u32, outcome: Outcome| {
                let g = round.games.iter_mut().find(|g| g.board == board && g.game == game).unwrap();
                g.result = Some(GameResult::plain(outcome));
                knockout::sync_playoffs(round, board, &scoring, &rules);
            };
            match pattern {
                0 => {
                    set(round, 1, Outcome::BlackWins);
                    set(round, 2, Outcome::Draw);
                }
                1 => {
                    set(round, 1, Outcome::RedWins);
                    set(round, 2, Outcome::RedWins);
                    set(round, 3, Outcome::Draw);
                    set(round, 4, Outcome::RedWins);
                }
                _ => {
                    set(round, 1, Outcome::RedWins);
                    set(round, 2, Outcome::Draw);
                }
            }
        }
    }

    fn pairs_of(games: &[Game]) -> Vec<(StartNo, StartNo)> {
        let mut pairs: Vec<(StartNo, StartNo)> =
            games.iter().filter(|g| g.game == 1).map(|g| (g.red.min(g.black), g.red.max(g.black))).collect();
        pairs.sort();
        pairs
    }

    #[test]
    fn bracket_order_puts_next_opponents_side_by_side() {
        assert_eq!(bracket_order(2), [1, 2]);
        assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(bracket_order(16)[..8], [1, 16, 8, 9, 4, 13, 5, 12]);
    }

    // the empty boxes of a round not yet paired hold exactly the pairs the
    // library pairs next (winners keeping the better seed), for every field size, and
    // every board of a paired round finds its box.
    #[test]
    fn projected_boxes_are_the_pairs_the_library_makes() {
        for n in 2..=16 {
            let (mut stage, seeds) = stage(n);
            let rules = rules(&stage);
            let planned = (n as usize).next_power_of_two().trailing_zeros() as usize;
            let mut played = 0;
            loop {
                let columns = columns_of(&seeds, &stage, &rules, &Sent::new());
                assert_eq!(columns.len(), planned, "n = {n}");
                let k = stage.rounds.len();
                if pair(&mut stage, &seeds).is_err() {
                    break;
                }
                let paired = stage.rounds.last().unwrap().clone();
                let column = &columns[k];
                let mut projected: Vec<(StartNo, StartNo)> = column
                    .boxes
                    .iter()
                    .filter(|b| b.kind != BoxKind::Pass)
                    .map(|b| match (b.sides[0].holder, b.sides[1].holder) {
                        (Holder::Player(x), Holder::Player(y)) => (x.min(y), x.max(y)),
                        other => panic!("n = {n}, round {}: a place not known: {other:?}", k + 1),
                    })
                    .collect();
                projected.sort();
                assert_eq!(projected, pairs_of(&paired.games), "n = {n}, round {}", k + 1);
                let mut passes: Vec<StartNo> = column
                    .boxes
                    .iter()
                    .filter(|b| b.kind == BoxKind::Pass)
                    .filter_map(|b| match b.sides[0].holder {
                        Holder::Player(p) => Some(p),
                        _ => None,
                    })
                    .collect();
                passes.sort();
                let mut byes: Vec<StartNo> = paired.byes.iter().map(|b| b.player).collect();
                byes.sort();
                assert_eq!(passes, byes, "n = {n}, round {}", k + 1);
                play(&mut stage, n + k as u32);
                let columns = columns_of(&seeds, &stage, &rules, &Sent::new());
                for b in &columns[k].boxes {
                    assert_ne!(b.kind, BoxKind::Other, "n = {n}: a board without its box");
                    if b.kind != BoxKind::Pass {
                        assert!(b.winner().is_some(), "n = {n}: every match decided");
                    }
                }
                played += 1;
            }
            assert_eq!(played, planned, "n = {n}: one round per column");
            let last = columns_of(&seeds, &stage, &rules, &Sent::new()).pop().unwrap();
            let finals: Vec<BoxKind> = last.boxes.iter().map(|b| b.kind).collect();
            let expected = if n >= 4 {
                vec![BoxKind::Final, BoxKind::ThirdPlace]
            } else if n == 3 {
                vec![BoxKind::Final]
            } else {
                vec![BoxKind::Match]
            };
            assert_eq!(finals, expected, "n = {n}");
        }
    }

    #[test]
    fn columns_are_named_from_their_matches() {
        let names = |n: u32, lang: Lang| {
            let (stage, seeds) = stage(n);
            columns_of(&seeds, &stage, &rules(&stage), &Sent::new()).iter().map(|c| c.name(lang)).collect::<Vec<_>>()
        };
        assert_eq!(names(16, Lang::Zh), ["1/8决赛", "1/4决赛", "半决赛", "决赛与三四名"]);
        assert_eq!(names(12, Lang::En), ["Round of 16", "Quarter-finals", "Semi-finals", "Final & 3rd place"]);
        assert_eq!(names(32, Lang::Zh)[0], "1/16决赛");
        assert_eq!(names(3, Lang::Zh), ["半决赛", "决赛"]);
        assert_eq!(names(2, Lang::En), ["Final"]);
    }

    // Unpaired places name their seed and the match they wait for; the winner takes the
    // better seed into the next column.
    #[test]
    fn winners_carry_the_better_seed_forward() {
        let (mut stage, seeds) = stage(8);
        let rules = rules(&stage);
        pair(&mut stage, &seeds).unwrap();
        let columns = columns_of(&seeds, &stage, &rules, &Sent::new());
        let semi = &columns[1].boxes[0];
        assert_eq!((semi.sides[0].seed, semi.sides[1].seed), (Some(1), Some(4)));
        assert_eq!(semi.sides[0].holder, Holder::WinnerOf(0));
        let first = &columns[0].boxes[0];
        assert_eq!(first.paired, Some((RoundNo(1), BoardNo(1))));
        // Seed 8 beats seed 1: he carries seed 1 into the semi-final.
        let sent: Sent = [(1, Outcome::BlackWins), (2, Outcome::Draw)]
            .into_iter()
            .map(|(game, o)| (GameKey { round: RoundNo(1), board: BoardNo(1), game }, Some(GameResult::plain(o))))
            .collect();
        let columns = columns_of(&seeds, &stage, &rules, &sent);
        assert_eq!(columns[0].boxes[0].points, [Points::whole(1), Points::whole(3)]);
        let semi = &columns[1].boxes[0];
        assert_eq!((semi.sides[0].seed, semi.sides[0].holder), (Some(1), Holder::Player(StartNo(8))));
        let text = game_text(&columns[0].boxes[0], &columns[0].boxes[0].games[1], &rules, Lang::Zh);
        assert_eq!(text, "第2局 红[8] 黑[1] 1/2");
    }

    // Result keys: the choice moves to the match's next game, to its playoff game when
    // it is level, then to the next undecided match; a second result asks first.
    #[test]
    fn keys_enter_results_and_move_on() {
        let (mut stage, seeds) = stage(4);
        let rules = rules(&stage);
        pair(&mut stage, &seeds).unwrap();
        let mut view = BracketView::default();
        let columns = columns_of(&seeds, &stage, &rules, &view.sent);
        view.keep_selection(&columns, 1, false);
        let key = |board: u32, game: u32| GameKey { round: RoundNo(1), board: BoardNo(board), game };
        assert_eq!(view.selected(), Some(key(1, 1)), "the first game without a result");
        let press = |view: &mut BracketView, c: char| {
            let columns = columns_of(&seeds, &stage, &rules, &view.sent);
            view.key(BracketKey::Char(c), &columns, &stage.scoring, &rules, Lang::Zh);
        };
        press(&mut view, '1');
        assert_eq!(view.selected(), Some(key(1, 2)));
        press(&mut view, '５');
        assert_eq!(view.selected(), Some(key(2, 1)), "board 1 decided: on to board 2");
        press(&mut view, '1');
        press(&mut view, '1');
        assert_eq!(view.selected(), Some(key(2, 3)), "level: the playoff game to come");
        assert_eq!(view.outbox.len(), 4);
        assert_eq!(view.outbox[1].after, Some(GameResult::plain(Outcome::Draw)));
        // A correction asks first.
        view.selected = Some(key(1, 1));
        press(&mut view, '0');
        let pending = view.pending_confirmation().unwrap();
        assert_eq!(
            (pending.before, pending.after),
            (Some(GameResult::plain(Outcome::RedWins)), Some(GameResult::plain(Outcome::BlackWins)))
        );
        assert_eq!(view.outbox.len(), 4);
        // Arrows: down within the column, clamped at its end.
        view.confirm = None;
        let columns = columns_of(&seeds, &stage, &rules, &view.sent);
        view.key(BracketKey::Down, &columns, &stage.scoring, &rules, Lang::Zh);
        assert_eq!(view.selected(), Some(key(1, 2)));
        for _ in 0..5 {
            view.key(BracketKey::Down, &columns, &stage.scoring, &rules, Lang::Zh);
        }
        assert_eq!(view.selected(), Some(key(2, 2)));
        view.key(BracketKey::Right, &columns, &stage.scoring, &rules, Lang::Zh);
        assert_eq!(view.selected(), Some(key(2, 2)), "no paired round to the right");
    }

    #[test]
    fn the_knockout_stage_blocks_pairing_until_decided() {
        let (mut stage, seeds) = stage(4);
        let rules = rules(&stage);
        assert_eq!(pair_blocker(&stage, &seeds, &rules, Lang::Zh), None);
        pair(&mut stage, &seeds).unwrap();
        assert_eq!(pair_blocker(&stage, &seeds, &rules, Lang::Zh).unwrap(), "第1轮第1台尚未决出胜负。");
        stage.status = StageStatus::Closed;
        assert!(pair_blocker(&stage, &seeds, &rules, Lang::En).unwrap().contains("not open"));
    }
}
