//! Direct encounter (DE), C.07 (2024) Article 6 — the FIDE rule, separate from the
//! xiangqi 直胜 of R-5.4 (`head_to_head`), which counts forfeits, never re-applies
//! itself and needs every pair to have met.
//!
//! - **6.1** The scores of the tied players' games against each other make separate
//!   standings: games won or lost by forfeit are left out (6.1.1); two players who met
//!   more than once add the average of those games (6.1.2).
//! - **6.2** When every pair of them has met, the separate standings rank them, and
//!   Article 6 is applied again to any subset still level.
//! - **6.3** When not every pair has met, a player ranks first if they stay alone on
//!   top whatever the missing games give (each at most a win); then the same for the
//!   second place, and so on; Article 6 is applied again to the players left.

use super::{Context, TiebreakValue, Unit};
use crate::domain::ids::StartNo;
use crate::domain::standings::record::Record;
use std::collections::{BTreeMap, BTreeSet};

/// One tied player's line of the separate standings, scaled so that averages of
/// repeated encounters stay whole numbers.
#[derive(Debug, Clone, Copy)]
struct Line {
    player: StartNo,
    /// Points scored against the other tied players, in tenths × `scale`.
    score: i64,
    /// The tied players not met over the board.
    unmet: i64,
}

/// The separate standings of `tie` (Art. 6.1) and their scale: every player's points
/// against each other one met over the board, averaged per opponent.
fn separate_standings(tie: &BTreeSet<StartNo>, records: &BTreeMap<StartNo, Record>) -> (Vec<Line>, i64) {
    // (player, opponent) → (sum of points in tenths, games).
    let mut met: BTreeMap<(StartNo, StartNo), (i64, i64)> = BTreeMap::new();
    for p in tie {
        let games = records.get(p).map(|r| r.games.as_slice()).unwrap_or_default();
        for g in games.iter().filter(|g| g.played() && g.opponent != *p && tie.contains(&g.opponent)) {
            let entry = met.entry((*p, g.opponent)).or_default();
            entry.0 += i64::from(g.points.tenths());
            entry.1 += 1;
        }
    }
    let scale = met.values().fold(1, |l, (_, n)| lcm(l, *n));
    let lines = tie
        .iter()
        .map(|p| {
            let mine = met.range((*p, StartNo(0))..=(*p, StartNo(u32::MAX)));
            let (score, opponents) = mine.fold((0, 0), |(s, o), (_, (sum, n))| (s + sum * (scale / n), o + 1));
            Line { player: *p, score, unmet: tie.len() as i64 - 1 - opponents }
        })
        .collect();
    (lines, scale)
}

fn lcm(a: i64, b: i64) -> i64 {
    let gcd = |mut x: i64, mut y: i64| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    a / gcd(a, b) * b
}

/// Orders one group of tied players by Article 6: the groups still level after it,
/// best first (a group of one is a player Article 6 placed).
pub fn order(tie: &[StartNo], ctx: &Context<'_>) -> Vec<Vec<StartNo>> {
    if tie.len() < 2 {
        return vec![tie.to_vec()];
    }
    let set: BTreeSet<StartNo> = tie.iter().copied().collect();
    let (mut lines, scale) = separate_standings(&set, ctx.records);
    lines.sort_by(|a, b| b.score.cmp(&a.score).then(a.player.cmp(&b.player)));
    if lines.iter().all(|l| l.unmet == 0) {
        every_pair_met(&lines, ctx)
    } else {
        some_pairs_missing(&lines, scale, ctx)
    }
}

/// Art. 6.2: the separate standings decide; Article 6 again inside each level group.
fn every_pair_met(lines: &[Line], ctx: &Context<'_>) -> Vec<Vec<StartNo>> {
    let mut groups: Vec<Vec<StartNo>> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        match groups.last_mut() {
            Some(group) if i > 0 && lines[i - 1].score == line.score => group.push(line.player),
            _ => groups.push(vec![line.player]),
        }
    }
    if groups.len() == 1 {
        return groups;
    }
    groups.iter().flat_map(|g| order(g, ctx)).collect()
}

/// Art. 6.3: the leader is placed while their score beats everybody else's best
/// possible one; Article 6 again for the players left.
fn some_pairs_missing(lines: &[Line], scale: i64, ctx: &Context<'_>) -> Vec<Vec<StartNo>> {
    let win = i64::from(ctx.fide.highest_win().tenths()) * scale;
    let best_possible = |l: &Line| l.score + l.unmet * win;
    let mut placed = Vec::new();
    let mut i = 0;
    while i + 1 < lines.len() && lines[i + 1..].iter().all(|other| lines[i].score > best_possible(other)) {
        placed.push(vec![lines[i].player]);
        i += 1;
    }
    if placed.is_empty() {
        return vec![lines.iter().map(|l| l.player).collect()];
    }
    let rest: Vec<StartNo> = lines[i..].iter().map(|l| l.player).collect();
    placed.extend(order(&rest, ctx));
    placed
}

/// The DE column: the player's score in the separate standings of the players `level`
/// with them on points (Art. 6.1), in hundredths (an average of three games rounds).
pub fn score(player: StartNo, level: &BTreeSet<StartNo>, ctx: &Context<'_>) -> TiebreakValue {
    let (lines, scale) = separate_standings(level, ctx.records);
    let scaled = lines.iter().find(|l| l.player == player).map_or(0, |l| l.score);
    // tenths × scale → hundredths, half up.
    let raw = (scaled * 20 + scale) / (2 * scale);
    TiebreakValue { raw, unit: Unit::Hundredths }
}
