//! Board prizes: each board's players of a team stage ranked by score rate —
//! their 局分 over the most they could have made — over the games they played on that
//! board, with at least the stage's minimum number of games.

use crate::domain::event::Stage;
use crate::domain::ids::StartNo;
use crate::domain::rules::Colour;
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// One player's line on one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLine {
    /// 1-based; players with the same rate and games share it.
    pub rank: u32,
    /// The player.
    pub start_no: StartNo,
    /// Games played on the board (decided, forfeits included).
    pub games: u32,
    /// Points made there, in tenths.
    pub points: i32,
    /// The most those games could give, in tenths.
    pub possible: i32,
}

impl BoardLine {
    /// The score rate in per mille (0 … 1000).
    pub fn rate_permille(&self) -> i64 {
        if self.possible <= 0 { 0 } else { i64::from(self.points) * 1000 / i64::from(self.possible) }
    }
}

/// Each match board (1 … K) with its ranked players, best rate first.
pub fn board_rankings(stage: &Stage) -> Vec<(u32, Vec<BoardLine>)> {
    let Some(rules) = &stage.teams else { return Vec::new() };
    let k = rules.boards;
    let mut tally: BTreeMap<(u32, StartNo), (u32, i32, i32)> = BTreeMap::new();
    for round in &stage.rounds {
        let Some(tr) = &round.teams else { continue };
        for game in &round.games {
            let (Some(result), Some((_, b))) = (game.result, tr.match_at(k, game.board)) else { continue };
            for colour in [Colour::Red, Colour::Black] {
                let e = tally.entry((b, game.player(colour))).or_default();
                e.0 += 1;
                e.1 += result.outcome.points_for(colour, &stage.scoring).0;
                e.2 += stage.scoring.win(colour).0;
            }
        }
    }
    (1..=k)
        .map(|b| {
            let mut lines: Vec<BoardLine> = tally
                .iter()
                .filter(|((board, _), t)| *board == b && t.0 >= rules.board_prize_min_games)
                .map(|((_, p), t)| BoardLine { rank: 0, start_no: *p, games: t.0, points: t.1, possible: t.2 })
                .collect();
            let key = |l: &BoardLine| (Reverse(l.rate_permille()), Reverse(l.games));
            lines.sort_by_key(|l| (key(l), l.start_no));
            for i in 0..lines.len() {
                lines[i].rank =
                    if i > 0 && key(&lines[i]) == key(&lines[i - 1]) { lines[i - 1].rank } else { i as u32 + 1 };
            }
            (b, lines)
        })
        .collect()
}
