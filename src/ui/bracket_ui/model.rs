//! The bracket as plain data, derived from the stage on every frame: one [`Column`] per
//! knockout round, each a list of [`MatchBox`]es — paired matches with their games,
//! points and state, and the places of rounds to come with the seeds (and, once known,
//! the players) that will meet there — and how boxes and games are named.

use super::{GameKey, Sent};
use crate::domain::event::{Event, Game, KnockoutRules, Round, Stage};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::knockout::{self, MatchState};
use crate::domain::points::Points;
use crate::domain::rules::{Colour, ScoringTable};
use crate::ui::i18n::Lang;
use crate::ui::result_entry::short_result;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Holder {
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
pub(super) struct Feed {
    pub(super) from: usize,
    pub(super) winner: bool,
}

/// One side of a match box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Side {
    /// The seed number the side carries into the match, when known.
    pub(super) seed: Option<u32>,
    pub(super) holder: Holder,
    pub(super) feed: Option<Feed>,
}

/// What a box of the bracket is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BoxKind {
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
pub(super) struct MatchBox {
    pub(super) kind: BoxKind,
    /// The better seed first.
    pub(super) sides: [Side; 2],
    /// The round and board once paired.
    pub(super) paired: Option<(RoundNo, BoardNo)>,
    /// The games, in order, with results sent but not saved.
    pub(super) games: Vec<Game>,
    /// The match's state once paired.
    pub(super) state: Option<MatchState>,
    /// Each side's knockout points so far.
    pub(super) points: [Points; 2],
}

impl MatchBox {
    pub(super) fn new(kind: BoxKind, sides: [Side; 2]) -> MatchBox {
        MatchBox { kind, sides, paired: None, games: Vec::new(), state: None, points: [Points::ZERO; 2] }
    }

    pub(super) fn winner(&self) -> Option<StartNo> {
        match self.state {
            Some(MatchState::Won { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    pub(super) fn loser(&self) -> Option<StartNo> {
        match self.state {
            Some(MatchState::Won { loser, .. }) => Some(loser),
            _ => None,
        }
    }

    /// The side a player is on.
    pub(super) fn side_of(&self, player: StartNo) -> Option<&Side> {
        self.sides.iter().find(|s| s.holder == Holder::Player(player))
    }

    pub(super) fn key_of(&self, game: &Game) -> Option<GameKey> {
        self.paired.map(|(round, board)| GameKey { round, board, game: game.game })
    }
}

/// One knockout round: its place in the bracket and its matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Column {
    /// The round's number (paired or to come).
    pub(super) round: RoundNo,
    /// Whether the round is paired.
    pub(super) paired: bool,
    /// Matches the round has in the bracket (8 for the round of 16); 0 beyond the bracket.
    pub(super) bracket_matches: usize,
    /// The last round: final and third place.
    pub(super) placement: bool,
    pub(super) boxes: Vec<MatchBox>,
}

impl Column {
    /// `1/4决赛` / `Quarter-finals` …
    pub(super) fn name(&self, lang: Lang) -> String {
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
    pub(super) fn keys(&self) -> Vec<GameKey> {
        self.boxes.iter().flat_map(|b| b.games.iter().filter_map(|g| b.key_of(g))).collect()
    }
}

/// The places of a bracket of `size` seeds, in drawing order, so that neighbours meet
/// in the next round when each winner keeps the better seed: 1, 8, 4, 5, 2, 7, 3, 6 for 8.
pub(super) fn bracket_order(size: usize) -> Vec<u32> {
    crate::domain::knockout::bracket_order(size).into_iter().map(|s| s as u32).collect()
}

/// The bracket of a knockout stage from its seeding (`seeds`, best first) and its
/// rounds, with the results in `sent` shown as if saved.
pub(super) fn columns_of(seeds: &[StartNo], stage: &Stage, rules: &KnockoutRules, sent: &Sent) -> Vec<Column> {
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
pub(super) fn attach_round(
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
pub(super) fn fill(
    b: &mut MatchBox,
    round: &Round,
    board: BoardNo,
    scoring: &ScoringTable,
    rules: &KnockoutRules,
    sent: &Sent,
) {
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
pub(super) fn match_points(b: &MatchBox, scoring: &ScoringTable) -> [Points; 2] {
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
pub(super) fn find(columns: &[Column], key: GameKey) -> Option<(usize, &MatchBox, &Game)> {
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
pub(super) fn default_selection(columns: &[Column]) -> Option<GameKey> {
    let last = columns.iter().rev().find(|c| c.paired && !c.keys().is_empty())?;
    let keys = last.keys();
    let mut open =
        last.boxes.iter().flat_map(|b| b.games.iter().filter(|g| g.result.is_none()).filter_map(|g| b.key_of(g)));
    open.next().or_else(|| keys.first().copied())
}

/// `[3] 王天一`, or the place's seed and who will hold it.
pub(super) fn side_text(side: &Side, previous: Option<&Column>, event: &Event, lang: Lang) -> String {
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

pub(super) fn player_name(event: &Event, p: StartNo) -> String {
    event.player(p).map_or_else(|| p.to_string(), |pl| pl.entry.name.clone())
}

/// The text of a game cell: `第1局 红[1] 黑[16] 1-0`, `加赛 25分钟 第3局 红[1] 黑[16] 未赛`.
pub(super) fn game_text(b: &MatchBox, game: &Game, rules: &KnockoutRules, lang: Lang) -> String {
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
