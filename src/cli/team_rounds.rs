//! Team rounds from the command line: what `pair` says of a team round (its
//! matches, team against team), `pairings` of a team round as text and JSON (one block
//! per match with its boards; with `--explain`, R-10.10, each match's and bye's
//! explanation), and `result --match M --board B` — board B of match M,
//! the round's board (M − 1)·K + B.

use super::InputError;
use super::pairing_explain::{differences_lines, match_line, team_bye_line};
use super::table::{self, Align};
use super::words::{lang, t};
use crate::domain::command::DomainError;
use crate::domain::event::{Event, Group, Round, Stage};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::model::team::TeamId;
use crate::domain::swiss::explain::{TeamRoundExplanation, TeamSide};
use crate::domain::teams::team_standings;
use crate::io::json;
use crate::present::team_round::{MatchSheet, TeamRoundSheet};

fn team_name(g: &Group, team: TeamId) -> String {
    g.team(team).map_or_else(|| team.to_string(), |t| t.name.clone())
}

fn player_name(event: &Event, p: StartNo) -> String {
    event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default()
}

/// "第1场 A队 — B队", with the score once every board is decided.
fn match_heading(g: &Group, m: &MatchSheet) -> String {
    let (home, away, no) = (team_name(g, m.home), team_name(g, m.away), m.no);
    let score = if m.score.complete {
        format!("  {} : {}", m.score.home.game_points, m.score.away.game_points)
    } else {
        String::new()
    };
    t(format!("第{no}场 {home} — {away}{score}"), format!("Match {no} {home} — {away}{score}"))
}

/// The byes of a team round as one line, or nothing.
fn byes_line(g: &Group, sheet: &TeamRoundSheet) -> String {
    if sheet.byes.is_empty() {
        return String::new();
    }
    let names: Vec<String> = sheet.byes.iter().map(|b| team_name(g, *b)).collect();
    let names = names.join(&t("、", ", "));
    t(format!("轮空：{names}\n"), format!("bye: {names}\n"))
}

/// What `pair` prints after pairing a team round: the count, the seed, then each match
/// and the bye.
pub(super) fn paired_text(g: &Group, stage: &Stage, round: &Round, seed: u64) -> String {
    let Some(sheet) = TeamRoundSheet::of(stage, round) else { return String::new() };
    let (no, matches, boards, byes) = (round.no, sheet.matches.len(), sheet.boards, sheet.byes.len());
    let mut out = t(
        format!("团体赛第{no}轮已编排：{matches} 场（每场 {boards} 台），{byes} 队轮空，随机种子 {seed}\n"),
        format!("paired team round {no}: {matches} match(es) of {boards} boards, {byes} bye(s), seed {seed}\n"),
    );
    for m in &sheet.matches {
        out.push_str(&match_heading(g, m));
        out.push('\n');
    }
    out + &byes_line(g, &sheet)
}

/// `pairings --json` of a team round (CLI.md): 场分 and 局分 before the round.
///
/// # Errors
/// A stage that is not a team stage.
pub(super) fn pairings_json(
    event: &Event,
    g: &Group,
    stage: &Stage,
    round: &Round,
) -> Result<serde_json::Value, DomainError> {
    let before = team_standings(event, g.id, stage.no, round.no.0.saturating_sub(1))?;
    let sheet = TeamRoundSheet::of(stage, round).unwrap_or_else(|| TeamRoundSheet {
        boards: 0,
        matches: Vec::new(),
        byes: Vec::new(),
    });
    Ok(json::team_pairings(event, g, stage, round, &sheet, &before))
}

/// `pairings` of a team round as text: a heading per match ("第1场 A队 — B队", the
/// teams' 场分 before the round), then its boards; the byes last. With `explanation`
/// (`--explain`, R-10.10), a line under each match's heading and each bye, and how the
/// round differs from the engine's pairing at the end.
///
/// # Errors
/// A stage that is not a team stage.
pub(super) fn pairings_text(
    event: &Event,
    g: &Group,
    stage: &Stage,
    round: &Round,
    explanation: Option<&TeamRoundExplanation>,
) -> Result<String, DomainError> {
    let before = team_standings(event, g.id, stage.no, round.no.0.saturating_sub(1))?;
    let Some(sheet) = TeamRoundSheet::of(stage, round) else { return Ok(String::new()) };
    let mp = |team: TeamId| before.rows.iter().find(|r| r.team == team).map(|r| r.match_points).unwrap_or_default();
    let mut out = t(
        format!("{} {} 第{}轮（团体）\n", g.name, stage.name, round.no),
        format!("{} {} round {} (teams)\n", g.name, stage.name, round.no),
    );
    let absent = t("（缺）", "(none)");
    let name = |side: &TeamSide| team_name(g, side.team);
    for m in &sheet.matches {
        let (home_mp, away_mp) = (mp(m.home), mp(m.away));
        out.push('\n');
        out.push_str(&match_heading(g, m));
        out.push_str(&t(
            format!("（赛前场分 {home_mp} : {away_mp}）\n"),
            format!(" (match points before: {home_mp} : {away_mp})\n"),
        ));
        if let Some(line) = explanation.and_then(|x| Some(match_line(x, x.match_no(m.no)?, &name, lang()))) {
            out.push_str(&line);
        }
        let side = |p: Option<StartNo>| match p {
            Some(p) => (event.shown_no(p).to_string(), player_name(event, p)),
            None => (String::new(), absent.clone()),
        };
        let rows: Vec<Vec<String>> = m
            .boards
            .iter()
            .map(|b| {
                let ((red_no, red), (black_no, black)) = (side(b.red), side(b.black));
                let result = b.outcome().map_or("", |o| o.notation()).to_string();
                vec![b.board.to_string(), b.round_board.to_string(), red_no, red, result, black, black_no]
            })
            .collect();
        out.push_str(&table::render(
            &[
                ("台次", "Board", Align::Right),
                ("总台次", "Round board", Align::Right),
                ("编号", "No.", Align::Right),
                ("红方", "Red", Align::Left),
                ("结果", "Result", Align::Left),
                ("黑方", "Black", Align::Left),
                ("编号", "No.", Align::Right),
            ],
            &rows,
        ));
    }
    let byes = byes_line(g, &sheet);
    if !byes.is_empty() {
        out.push('\n');
        out.push_str(&byes);
    }
    if let Some(x) = explanation {
        for bye in &x.byes {
            out.push_str(&team_bye_line(x, bye, &team_name(g, bye.team), lang()));
        }
        out.push('\n');
        out.push_str(&differences_lines(&x.comparison, &|d| x.difference(d, lang()), lang()));
    }
    Ok(out)
}

/// The round's board of `result --match M --board B`: board B (1 … K) of match M.
///
/// # Errors
/// [`InputError`] naming what is wrong: no such round, a round that is not a team
/// round, no match M, B outside 1 … K, or a board one side could not fill (it is
/// scored as a forfeit and has no game).
pub(super) fn match_board(stage: &Stage, round: RoundNo, match_no: u32, board: u32) -> anyhow::Result<BoardNo> {
    let r = stage.round(round).ok_or(DomainError::UnknownRound(round))?;
    let Some(sheet) = TeamRoundSheet::of(stage, r) else {
        return Err(InputError(t(
            format!("第{round}轮是个人对局，不是团体赛轮次；不用 --match，直接用 --board 指定台次"),
            format!("round {round} is not a team round; leave out --match and give the board with --board"),
        ))
        .into());
    };
    let count = sheet.matches.len();
    let m = sheet.match_no(match_no).ok_or_else(|| {
        InputError(t(
            format!("第{round}轮没有第{match_no}场（共 {count} 场）"),
            format!("round {round} has no match {match_no} ({count} matches)"),
        ))
    })?;
    let k = sheet.boards;
    let b = m.boards.iter().find(|b| b.board == board).ok_or_else(|| {
        InputError(t(
            format!("--board {board}：每场只有第1至第{k}台"),
            format!("--board {board}: a match has boards 1 to {k}"),
        ))
    })?;
    if !b.is_seated() {
        return Err(InputError(t(
            format!("第{round}轮第{match_no}场第{board}台有一方无人上场，已按弃权计分，没有对局可录入"),
            format!(
                "round {round} match {match_no} board {board} has a side without a player: it is scored as a forfeit and has no game to record"
            ),
        ))
        .into());
    }
    Ok(b.round_board)
}

/// Where a round's board lies in a team round, for the saved line: "第2场第3台".
pub(super) fn board_words(stage: &Stage, round: RoundNo, board: BoardNo) -> Option<String> {
    let r = stage.round(round)?;
    let sheet = TeamRoundSheet::of(stage, r)?;
    let (m, b) = sheet.matches.iter().find_map(|m| m.boards.iter().find(|b| b.round_board == board).map(|b| (m, b)))?;
    let (no, match_board) = (m.no, b.board);
    Some(t(format!("第{no}场第{match_board}台"), format!("match {no} board {match_board}")))
}

/// A line for a match that the result just decided: "→ 第1场 A队 — B队  5 : 3".
pub(super) fn decided_line(g: &Group, stage: &Stage, round: RoundNo, board: BoardNo) -> String {
    let Some(sheet) = stage.round(round).and_then(|r| TeamRoundSheet::of(stage, r)) else { return String::new() };
    match sheet.matches.iter().find(|m| m.boards.iter().any(|b| b.round_board == board)) {
        Some(m) if m.score.complete => format!("→ {}\n", match_heading(g, m)),
        _ => String::new(),
    }
}
