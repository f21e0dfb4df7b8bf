//! The file's own consistency, checked before and after its rounds are replayed:
//! every opponent is a start number, every game is listed by both players with
//! opposite colours and matching results, and every line's points are those its
//! results give.

use super::super::TrfError;
use super::super::document::{PlayerLine, RoundCell, TrfColour, TrfDocument};
use super::super::scoring::TrfScoring;
use super::{bye_points, outcome, planned_bye};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::points::Points;
use crate::domain::standings::standings;
use crate::lang::{Lang, Localized};
use std::collections::BTreeMap;

/// Every opponent is one of the start numbers.
fn check_opponent_numbers(file: &str, players: &[(usize, &PlayerLine)]) -> Result<(), TrfError> {
    let count = players.len() as u32;
    for (line, p) in players {
        for (i, cell) in p.rounds.iter().enumerate() {
            if let Some(o) = cell.opponent
                && o > count
            {
                return Err(TrfError::new(
                    file,
                    *line,
                    format!("round {} opponent", i + 1),
                    format!("player {} meets {o}, but the start numbers run from 1 to {count}", p.start_no),
                    format!("{} 号选手的对手是 {o} 号，但编号只有 1 到 {count}", p.start_no),
                ));
            }
        }
    }
    Ok(())
}

/// Every game is listed by both players, with opposite colours and matching results.
pub(super) fn check_pairs(doc: &TrfDocument, players: &[(usize, &PlayerLine)]) -> Result<(), TrfError> {
    let file = doc.file_name();
    check_opponent_numbers(file, players)?;
    for (line, p) in players {
        for (i, cell) in p.rounds.iter().enumerate() {
            let round = i as u32 + 1;
            let Some(o) = cell.opponent else { continue };
            let err = |field: &str, en: String, zh: String| {
                TrfError::new(file, *line, format!("round {round} {field}"), en, zh)
            };
            let Some(&(o_line, q)) = players.get((o - 1) as usize) else { continue };
            let theirs = q.cell(round).copied().unwrap_or(RoundCell::BLANK);
            if theirs.opponent != Some(p.start_no) {
                let (what, what_zh) = match theirs.opponent {
                    Some(x) => (format!("opponent {x}"), format!("对手 {x} 号")),
                    None => ("no opponent".to_string(), "没有对手".to_string()),
                };
                return Err(err(
                    "opponent",
                    format!(
                        "player {} lists {o} as opponent, but {o} (line {o_line}) lists {what} in round {round}",
                        p.start_no
                    ),
                    format!(
                        "{} 号选手的对手是 {o} 号，但 {o} 号（第 {o_line} 行）第 {round} 轮写的是{what_zh}",
                        p.start_no
                    ),
                ));
            }
            let colours_ok = matches!(
                (cell.colour, theirs.colour),
                (Some(TrfColour::White), Some(TrfColour::Black))
                    | (Some(TrfColour::Black), Some(TrfColour::White))
                    | (None, None)
            );
            if !colours_ok {
                return Err(err(
                    "colour",
                    format!(
                        "player {} has '{}' and opponent {o} (line {o_line}) has '{}'; they must be w against b",
                        p.start_no,
                        cell.colour.map_or('-', TrfColour::to_char),
                        theirs.colour.map_or('-', TrfColour::to_char),
                    ),
                    format!(
                        "{} 号选手执色为“{}”，对手 {o} 号（第 {o_line} 行）为“{}”；双方应一方 w、一方 b",
                        p.start_no,
                        cell.colour.map_or('-', TrfColour::to_char),
                        theirs.colour.map_or('-', TrfColour::to_char),
                    ),
                ));
            }
            if outcome(cell.result, theirs.result).is_none() {
                return Err(err(
                    "result",
                    format!(
                        "player {} has '{}' but opponent {o} (line {o_line}) has '{}'",
                        p.start_no,
                        cell.result.to_char(),
                        theirs.result.to_char()
                    ),
                    format!(
                        "{} 号选手的结果是“{}”，但对手 {o} 号（第 {o_line} 行）是“{}”，两者不符",
                        p.start_no,
                        cell.result.to_char(),
                        theirs.result.to_char()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The points on every line are those of its results (and of a bye announced for
/// the next round, for lines that already count it).
pub(super) fn check_points(
    doc: &TrfDocument,
    event: &Event,
    group: GroupId,
    stage: StageNo,
    played: u32,
    players: &[(usize, &PlayerLine)],
    scoring: &TrfScoring,
) -> Result<(), TrfError> {
    let file = doc.file_name();
    let table = standings(event, group, stage, played).map_err(|e| {
        let zh = format!("无法计算排名：{}", e.message(Lang::Zh));
        TrfError::new(file, doc.last_line_no(), "points", format!("no standings: {e}"), zh)
    })?;
    let computed: BTreeMap<StartNo, Points> = table.rows.iter().map(|r| (r.start_no, r.points)).collect();
    for (line, p) in players {
        let me = StartNo(p.start_no);
        let total = computed.get(&me).copied().unwrap_or_default();
        if total == p.points {
            continue;
        }
        let announced = p
            .cell(played + 1)
            .and_then(|c| planned_bye(c, me, scoring))
            .map(|b| bye_points(&b, scoring))
            .unwrap_or_default();
        if announced != Points::ZERO && total + announced == p.points {
            continue;
        }
        return Err(points_differ(doc, *line, p, played, total));
    }
    Ok(())
}

/// The points on a player's line differ from the `total` of its `played` rounds.
fn points_differ(doc: &TrfDocument, line: usize, p: &PlayerLine, played: u32, total: Points) -> TrfError {
    let (rounds, rounds_zh) = match played {
        0 => ("no round has been played, which gives 0".to_string(), "还没有赛过任何一轮，应为 0".to_string()),
        1 => (format!("the result of round 1 gives {total}"), format!("第 1 轮的结果合计 {total}")),
        n => (format!("the results of rounds 1–{n} give {total}"), format!("第 1–{n} 轮的结果合计 {total}")),
    };
    let (basis, basis_zh) = if doc.has_scoring() {
        ("with the XXS point values", "按 XXS 的分值")
    } else {
        (
            "with 1 / ½ / 0 scoring; an XXS line can declare other point values",
            "按 1 / ½ / 0 计分；可用 XXS 行声明其他分值",
        )
    };
    TrfError::new(
        doc.file_name(),
        line,
        "points",
        format!("player {} has {} points on the line but {rounds} ({basis})", p.start_no, p.points),
        format!("{} 号选手这一行写的积分是 {}，但{rounds_zh}（{basis_zh}）", p.start_no, p.points),
    )
}
