//! Board prizes: each board's players of a team stage ranked by score rate —
//! their 局分 over the most they could have made — over the games they played on that
//! board, with at least the stage's minimum number of games.

use crate::domain::event::Stage;
use crate::domain::ids::StartNo;
use crate::domain::rules::Colour;
use std::cmp::Ordering;
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
    /// The score rate in per mille (0 … 1000), for display.
    pub fn rate_permille(&self) -> i64 {
        if self.possible <= 0 { 0 } else { i64::from(self.points) * 1000 / i64::from(self.possible) }
    }

    /// The better score rate first, compared exactly (cross-multiplied: two rates
    /// that differ by less than a per mille are still told apart), then more games.
    fn order(&self, other: &BoardLine) -> Ordering {
        let rate = |l: &BoardLine| if l.possible <= 0 { (0, 1) } else { (i64::from(l.points), i64::from(l.possible)) };
        let ((pa, qa), (pb, qb)) = (rate(self), rate(other));
        (pb * qa).cmp(&(pa * qb)).then(other.games.cmp(&self.games))
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
            lines.sort_by(|a, b| a.order(b).then(a.start_no.cmp(&b.start_no)));
            for i in 0..lines.len() {
                let tied = i > 0 && lines[i].order(&lines[i - 1]) == Ordering::Equal;
                lines[i].rank = if tied { lines[i - 1].rank } else { i as u32 + 1 };
            }
            (b, lines)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(no: u32, games: u32, points: i32, possible: i32) -> BoardLine {
        BoardLine { rank: 0, start_no: StartNo(no), games, points, possible }
    }

    // rates that differ by less than a per mille are not a tie; equal rates
    // with the same games are.
    #[test]
    fn score_rates_are_compared_exactly() {
        let (a, b) = (line(1, 3, 2000, 3000), line(2, 3, 1999, 3000));
        assert_eq!(a.rate_permille(), b.rate_permille(), "the same per mille");
        assert_eq!(a.order(&b), Ordering::Less, "a's rate is higher");
        assert_eq!(line(3, 4, 20, 30).order(&line(4, 4, 40, 60)), Ordering::Equal);
        assert_eq!(line(5, 5, 20, 30).order(&line(6, 4, 40, 60)), Ordering::Less, "more games first");
    }
}
