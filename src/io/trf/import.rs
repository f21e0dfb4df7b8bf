//! A TRF document as a Bianpai event of the `fide-swiss` preset.
//!
//! The rounds are read the way the pairing engines read a file handed to them for
//! the next round (JaVaFo manual, "Unusual Info Extensions"; fixtures/README.md):
//! - a round is *played* when some player took part in its pairing (an opponent, a
//!   `U` bye, or a `+` without opponent); every round up to the last played one
//!   becomes a [`Round`] of the stage, paired with [`Command::PairRound`] and its
//!   results recorded with [`Command::RecordResult`], so that the library's own
//!   validation runs;
//! - the columns after the last played round hold only byes announced for rounds not
//!   yet paired (`H`, `F`, `Z`); they become the stage's `planned_byes`, and the first
//!   of them is [`TrfEvent::next_round`].
//!
//! | TRF cell | Bianpai |
//! |----------|---------|
//! | `w 1` / `b 0`, `W`/`L` | game, white = red, `1-0` (`0-1` the other way) |
//! | `=` / `D` both sides | draw |
//! | `+` / `-` | forfeit (`+-` or `-+`); `-` on both sides: both forfeit |
//! | `0000 - U` | pairing-allocated bye |
//! | `0000 - H` | requested bye (scored `HPB` through the table's `requested_bye`) |
//! | `0000 - F` | requested bye with `points: Some(FPB)` |
//! | `0000 - Z`, blank | absent (`points: Some(ZPB)` when `ZPB` is not 0) |
//! | `0000 - +` | pairing-allocated bye scored `FW` |
//! | `0000 - -` | absent scored `FL` |
//!
//! A game whose two lines both give no colour (a forfeit written `- +`) gets red for
//! the lower start number. `W D L` (games of less than one move) are read as
//! `1 = 0`: Bianpai has no "not rated" mark.
//!
//! Finally each `001` line's points are checked against the standings computed by
//! the library after the played rounds under the file's point values (`XXS`). A line
//! may also include the points of a bye announced for the next round, as the JaVaFo
//! manual asks (the fixtures leave them out); both are accepted.

mod checks;

use super::TrfError;
use super::document::{PlayerLine, RoundCell, TrfColour, TrfDocument, TrfResult};
use super::scoring::TrfScoring;
use crate::domain::command::{Command, announce_byes, apply};
use crate::domain::event::{Bye, ByeKind, Event, Game, PlannedBye, Round};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::stage_checks::{ROUNDS_MAX, check_rounds};
use crate::domain::player::{Gender, PlayerEntry, Title};
use crate::domain::points::Points;
use crate::domain::presets;
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::{Colour, PairingOptions};
use crate::lang::{Lang, Localized};
use checks::{check_pairs, check_points};
use std::collections::BTreeMap;

/// Note keys under which the `001` fields without a place in [`PlayerEntry`] are kept.
pub const NOTE_FEDERATION: &str = "federation";
/// FIDE number (columns 58–68).
pub const NOTE_FIDE_ID: &str = "fide_id";
/// A birth date that is not a full `YYYY/MM/DD` date (a year alone, say).
pub const NOTE_BIRTH_DATE: &str = "birth_date";
/// A sex code other than `m`, `w` or `f`.
pub const NOTE_SEX: &str = "sex";

/// A TRF file as a Bianpai event.
#[derive(Debug, Clone, PartialEq)]
pub struct TrfEvent {
    /// The event: one group, one Swiss stage, the players with the TRF start numbers,
    /// the played rounds and the planned byes.
    pub event: Event,
    /// The group that holds the stage.
    pub group: GroupId,
    /// The stage.
    pub stage: StageNo,
    /// The first round not played: the one to pair. It is one more than the rounds
    /// planned when the tournament is over.
    pub next_round: RoundNo,
    /// The initial colour from `XXC white1`/`black1` (white is red): the colour drawn
    /// by lot for the top player of round 1, which FIDE C.04.3 (E.5) also gives to the
    /// higher-ranked player with an odd pairing number when colour histories are equal.
    /// It is a parameter of the file, not read from round 1: in 131 of the 309 Dutch
    /// fixtures player 1 had black in round 1 under `XXC white1`.
    pub initial_colour: Option<Colour>,
    /// The 1-based line of each player's `001` record, for messages.
    pub player_lines: BTreeMap<StartNo, usize>,
}

/// Converts a document into an event of the `fide-swiss` preset.
///
/// The event takes its name from the `012` line (else the file name), its first day
/// from the `042` line (which also picks the edition of FIDE's tie-break regulations
/// its standings follow, R-11.4; a date that cannot be read is left out), its number of
/// rounds from `XXR` (else the number of round columns) and its scoring from `XXS`
/// (else FIDE 1 / ½ / 0).
///
/// # Errors
/// A [`TrfError`] naming the line and field when:
/// - there is no `001` line, or the start numbers are not exactly 1..N;
/// - a player lists an opponent who does not exist, or who does not list them back in
///   that round, or with the same colour, or with a result that does not match;
/// - `XXR` is smaller than the rounds played, or a bye is announced after the last round;
/// - the library refuses a round (its message is quoted);
/// - a line's points differ from the points of its results.
///
/// # Example
/// ```
/// use bianpai::io::trf::{TrfDocument, to_event};
/// let text = "\
/// 012 Mini
/// 001    1      A                                                                  1.0    1     2 w 1
/// 001    2      B                                                                  0.0    2     1 b 0
/// XXR 3
/// ";
/// let trf = to_event(&TrfDocument::parse("mini.trf", text).unwrap()).unwrap();
/// assert_eq!(trf.next_round.0, 2);
/// assert_eq!(trf.event.groups[0].stages[0].rounds.len(), 1);
/// ```
pub fn to_event(doc: &TrfDocument) -> Result<TrfEvent, TrfError> {
    let file = doc.file_name();
    let err = |line: usize, field: &str, en: String, zh: String| TrfError::new(file, line, field, en, zh);

    let players = numbered_players(doc)?;
    check_pairs(doc, &players)?;

    let scoring = doc.scoring();
    let columns = players.iter().map(|(_, p)| p.rounds.len()).max().unwrap_or(0) as u32;
    let played = players
        .iter()
        .flat_map(|(_, p)| p.rounds.iter().enumerate().filter(|(_, c)| c.participates()).map(|(i, _)| i as u32 + 1))
        .max()
        .unwrap_or(0);
    let rounds_planned = planned_rounds(doc, &players, played, columns)?;

    let (mut event, group, stage, initial_colour) = new_event(doc, rounds_planned, &scoring)?;

    let first_line = players[0].0;
    add_players(&mut event, group, &players, file)?;

    for r in 1..=played {
        add_round(&mut event, group, stage, r, &players, &scoring, file)?;
    }
    // Every announced bye at once: one by one would copy the stage's list for each.
    let (lines, planned): (Vec<usize>, Vec<PlannedBye>) =
        planned_byes(file, &players, &scoring, played + 1..=columns, rounds_planned)?.into_iter().unzip();
    announce_byes(&mut event, group, stage, &planned).map_err(|(i, e)| {
        let zh = format!("无法登记这次轮空：{}", e.message(Lang::Zh));
        err(
            lines.get(i).copied().unwrap_or(first_line),
            "bye",
            format!("the announced bye cannot be recorded: {e}"),
            zh,
        )
    })?;

    check_points(doc, &event, group, stage, played, &players, &scoring)?;

    Ok(TrfEvent {
        event,
        group,
        stage,
        next_round: RoundNo(played + 1),
        initial_colour,
        player_lines: players.iter().map(|(line, p)| (StartNo(p.start_no), *line)).collect(),
    })
}

/// The rounds the stage plans: the file's `XXR`, 1 to 99 and no fewer than the rounds
/// played, else as many as the player lines have columns (at least 1).
fn planned_rounds(
    doc: &TrfDocument,
    players: &[(usize, &PlayerLine)],
    played: u32,
    columns: u32,
) -> Result<u32, TrfError> {
    let file = doc.file_name();
    let err = |line: usize, field: &str, en: String, zh: String| TrfError::new(file, line, field, en, zh);
    Ok(match doc.rounds_line() {
        Some((line, n)) => {
            // Issue 38, item 12: as many rounds as a stage may plan, 1 to 99.
            if check_rounds(n).is_some() {
                return Err(err(
                    line,
                    "XXR",
                    format!("XXR says {n} rounds; a tournament has 1 to {ROUNDS_MAX} rounds"),
                    format!("XXR 写的是 {n} 轮；比赛的轮数应在 1 到 {ROUNDS_MAX} 之间"),
                ));
            }
            if n < played {
                return Err(err(
                    line,
                    "XXR",
                    format!("XXR says {n} rounds but {played} rounds have been played"),
                    format!("XXR 写的是 {n} 轮，但已经赛了 {played} 轮"),
                ));
            }
            n
        }
        None if columns > ROUNDS_MAX => {
            let line = players.iter().find(|(_, p)| p.rounds.len() as u32 == columns).map_or(1, |(line, _)| *line);
            return Err(err(
                line,
                "player",
                format!("the line has {columns} round columns; a tournament has 1 to {ROUNDS_MAX} rounds"),
                format!("这一行有 {columns} 轮的成绩栏；比赛的轮数应在 1 到 {ROUNDS_MAX} 之间"),
            ));
        }
        None => columns.max(1),
    })
}

/// Adds the file's players to `group`, numbered 1 … N as the file numbers them.
fn add_players(
    event: &mut Event,
    group: GroupId,
    players: &[(usize, &PlayerLine)],
    file: &str,
) -> Result<(), TrfError> {
    let err = |line: usize, field: &str, en: String, zh: String| TrfError::new(file, line, field, en, zh);
    let first_line = players[0].0;
    let count = players.len();
    let entries: Vec<PlayerEntry> = players.iter().map(|(_, p)| entry_of(p)).collect();
    let applied = apply(event, &Command::AddPlayers { group, entries, override_reason: None, left_out: Vec::new() })
        .map_err(|e| {
            let (en, zh) =
                (format!("the players cannot be added: {e}"), format!("无法添加选手：{}", e.message(Lang::Zh)));
            err(first_line, "player", en, zh)
        })?;
    let expected: Vec<StartNo> = (1..=count as u32).map(StartNo).collect();
    if applied.new_players != expected {
        return Err(err(
            first_line,
            "start number",
            "the event did not give the players numbers 1..N".into(),
            "赛事没有给选手编为 1 到 N 号".into(),
        ));
    }
    Ok(())
}

/// The player lines by start number, which must run from 1 without gaps.
fn numbered_players(doc: &TrfDocument) -> Result<Vec<(usize, &PlayerLine)>, TrfError> {
    let file = doc.file_name();
    let mut players: Vec<(usize, &PlayerLine)> = doc.players().collect();
    if players.is_empty() {
        let (en, zh) = ("the file has no player (001) lines", "文件中没有选手行（001）");
        return Err(TrfError::new(file, doc.last_line_no(), "001", en, zh));
    }
    players.sort_by_key(|(_, p)| p.start_no);
    let count = players.len();
    for (i, (line, p)) in players.iter().enumerate() {
        if p.start_no as usize != i + 1 {
            return Err(TrfError::new(
                file,
                *line,
                "start number",
                format!(
                    "start numbers must run from 1 to {count} without gaps, but {} is missing \
                     (files with gaps are not supported yet)",
                    i + 1
                ),
                format!("编号必须从 1 连续排到 {count}，但缺少 {}（暂不支持有空号的文件）", i + 1),
            ));
        }
    }
    Ok(players)
}

/// A `fide-swiss` event of `rounds_planned` rounds named after the file, with the
/// file's scoring and first colour; its group and stage; the first colour.
fn new_event(
    doc: &TrfDocument,
    rounds_planned: u32,
    scoring: &TrfScoring,
) -> Result<(Event, GroupId, StageNo, Option<Colour>), TrfError> {
    let file = doc.file_name();
    let preset_missing = |en: &str, zh: &str| TrfError::new(file, 1, "preset", en, zh);
    let name = doc.tournament_name().filter(|n| !n.is_empty()).map_or_else(|| file_stem(file), str::to_string);
    let mut event = presets::build("fide-swiss", Some(&name), Some(rounds_planned)).ok_or_else(|| {
        preset_missing("the fide-swiss preset is missing from this build", "此版本缺少 fide-swiss 赛制")
    })?;
    event.start_date = doc.start_date_text().and_then(parse_start_date);
    let (group, stage) = event
        .groups
        .first()
        .and_then(|g| g.stages.first().map(|s| (g.id, s.no)))
        .ok_or_else(|| preset_missing("the fide-swiss preset has no stage", "fide-swiss 赛制没有阶段"))?;
    let initial_colour = doc.initial_colour().map(|c| match c {
        TrfColour::White => Colour::Red,
        TrfColour::Black => Colour::Black,
    });
    let rules = event.group(group).and_then(|g| g.stage(stage)).map(|st| Command::SetStageRules {
        group,
        stage,
        scoring: scoring.to_table(),
        tiebreaks: st.tiebreaks.clone(),
        fide_edition: st.fide_edition,
        pairing: PairingOptions { initial_colour, ..st.pairing.clone() },
    });
    if let Some(rules) = rules {
        apply(&mut event, &rules).map_err(|e| {
            let zh = format!("无法设置计分：{}", e.message(Lang::Zh));
            TrfError::new(file, 1, "XXS", format!("the scoring cannot be set: {e}"), zh)
        })?;
    }
    Ok((event, group, stage, initial_colour))
}

/// The byes announced in the columns of `rounds` (those after the last played
/// round), with the line of each; refused beyond the tournament's `rounds_planned`.
fn planned_byes(
    file: &str,
    players: &[(usize, &PlayerLine)],
    scoring: &TrfScoring,
    rounds: std::ops::RangeInclusive<u32>,
    rounds_planned: u32,
) -> Result<Vec<(usize, PlannedBye)>, TrfError> {
    let mut planned = Vec::new();
    for r in rounds {
        for (line, p) in players {
            let Some(cell) = p.cell(r) else { continue };
            let Some(bye) = planned_bye(cell, StartNo(p.start_no), scoring) else { continue };
            if r > rounds_planned {
                return Err(TrfError::new(
                    file,
                    *line,
                    format!("round {r} result"),
                    format!("a bye is announced for round {r} but the tournament has {rounds_planned} rounds"),
                    format!("第 {r} 轮登记了轮空，但比赛只有 {rounds_planned} 轮"),
                ));
            }
            planned.push((*line, PlannedBye { round: RoundNo(r), bye }));
        }
    }
    Ok(planned)
}

fn file_stem(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    base.rsplit_once('.').map_or(base, |(stem, _)| stem).to_string()
}

/// The outcome of a game from the results of its first and second player, with the
/// first player as red.
fn outcome(first: TrfResult, second: TrfResult) -> Option<Outcome> {
    use TrfResult::*;
    Some(match (first, second) {
        (Win | UnratedWin, Loss | UnratedLoss) => Outcome::RedWins,
        (Loss | UnratedLoss, Win | UnratedWin) => Outcome::BlackWins,
        (Draw | UnratedDraw, Draw | UnratedDraw) => Outcome::Draw,
        (ForfeitWin, ForfeitLoss) => Outcome::RedWinsByForfeit,
        (ForfeitLoss, ForfeitWin) => Outcome::BlackWinsByForfeit,
        (ForfeitLoss, ForfeitLoss) => Outcome::BothForfeit,
        _ => return None,
    })
}

/// Points other than the table's default of the bye's kind, when the file gives them.
fn unless(value: Points, default: Points) -> Option<Points> {
    (value != default).then_some(value)
}

/// The bye of a cell without opponent in a played round.
fn played_round_bye(cell: &RoundCell, player: StartNo, scoring: &TrfScoring) -> Option<Bye> {
    let (kind, points) = match cell.result {
        TrfResult::PairingBye => (ByeKind::Pairing, None),
        TrfResult::ForfeitWin => (ByeKind::Pairing, unless(scoring.forfeit_win, scoring.pairing_bye)),
        TrfResult::HalfPointBye => (ByeKind::Requested, None),
        TrfResult::FullPointBye => (ByeKind::Requested, Some(scoring.full_point_bye)),
        TrfResult::ZeroPointBye | TrfResult::Blank => (ByeKind::Absent, unless(scoring.zero_point_bye, Points::ZERO)),
        TrfResult::ForfeitLoss => (ByeKind::Absent, unless(scoring.forfeit_loss, Points::ZERO)),
        _ => return None,
    };
    Some(Bye { player, kind, points })
}

/// The bye announced by a cell of a round not yet paired; `None` for a blank cell.
fn planned_bye(cell: &RoundCell, player: StartNo, scoring: &TrfScoring) -> Option<Bye> {
    match cell.result {
        TrfResult::HalfPointBye | TrfResult::FullPointBye | TrfResult::ZeroPointBye | TrfResult::ForfeitLoss => {
            played_round_bye(cell, player, scoring)
        }
        _ => None,
    }
}

/// The points a planned bye adds (for lines that already count it).
fn bye_points(bye: &Bye, scoring: &TrfScoring) -> Points {
    bye.points.unwrap_or(match bye.kind {
        ByeKind::Pairing => scoring.pairing_bye,
        ByeKind::Requested => scoring.half_point_bye,
        ByeKind::Absent => Points::ZERO,
    })
}

fn add_round(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    r: u32,
    players: &[(usize, &PlayerLine)],
    scoring: &TrfScoring,
    file: &str,
) -> Result<(), TrfError> {
    let mut games: Vec<Game> = Vec::new();
    let mut results: Vec<(BoardNo, Outcome)> = Vec::new();
    let mut byes: Vec<Bye> = Vec::new();
    let mut first_line = None;
    for (line, p) in players {
        let cell = p.cell(r).copied().unwrap_or(RoundCell::BLANK);
        let me = StartNo(p.start_no);
        first_line.get_or_insert(*line);
        match cell.opponent {
            Some(o) if p.start_no < o => {
                let theirs =
                    players.get((o - 1) as usize).and_then(|(_, q)| q.cell(r)).copied().unwrap_or(RoundCell::BLANK);
                // Red is the player with white; with no colours (a forfeit) the lower number.
                let me_red = cell.colour != Some(TrfColour::Black);
                let (red, black, red_result, black_result) = if me_red {
                    (me, StartNo(o), cell.result, theirs.result)
                } else {
                    (StartNo(o), me, theirs.result, cell.result)
                };
                let Some(outcome) = outcome(red_result, black_result) else {
                    let field = format!("round {r} result");
                    return Err(TrfError::new(file, *line, field, "the results do not match", "双方的结果不符"));
                };
                let board = BoardNo(games.len() as u32 + 1);
                games.push(Game { board, game: 1, red, black, result: None });
                results.push((board, outcome));
            }
            Some(_) => {}
            None => {
                if let Some(bye) = played_round_bye(&cell, me, scoring) {
                    byes.push(bye);
                }
            }
        }
    }
    let line = first_line.unwrap_or(1);
    let refused = |e: crate::domain::command::DomainError| {
        let zh = format!("Bianpai 不接受第 {r} 轮：{}", e.message(Lang::Zh));
        TrfError::new(file, line, format!("round {r}"), format!("Bianpai refuses round {r}: {e}"), zh)
    };
    let round =
        Round { no: RoundNo(r), seed: None, games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None };
    apply(event, &Command::PairRound { group, stage, round }).map_err(refused)?;
    for (board, outcome) in results {
        let command = Command::RecordResult {
            group,
            stage,
            round: RoundNo(r),
            board,
            game: 1,
            result: Some(GameResult::plain(outcome)),
        };
        apply(event, &command).map_err(refused)?;
    }
    Ok(())
}

/// The player's data as Bianpai keeps it; fields without a place go to the notes.
fn entry_of(p: &PlayerLine) -> PlayerEntry {
    let mut entry = PlayerEntry {
        name: if p.name.is_empty() { format!("Player {}", p.start_no) } else { p.name.clone() },
        title: Title::parse(&p.title),
        rating: p.rating.filter(|r| *r > 0),
        ..PlayerEntry::default()
    };
    match p.sex.as_str() {
        "" => {}
        "m" | "M" => entry.gender = Some(Gender::Male),
        "w" | "W" | "f" | "F" => entry.gender = Some(Gender::Female),
        other => {
            entry.notes.insert(NOTE_SEX.into(), other.to_string());
        }
    }
    if !p.federation.is_empty() {
        entry.notes.insert(NOTE_FEDERATION.into(), p.federation.clone());
    }
    if !p.fide_id.is_empty() {
        entry.notes.insert(NOTE_FIDE_ID.into(), p.fide_id.clone());
    }
    if !p.birth_date.is_empty() {
        match parse_date(&p.birth_date) {
            Some(date) => entry.born = Some(date),
            None => {
                entry.notes.insert(NOTE_BIRTH_DATE.into(), p.birth_date.clone());
            }
        }
    }
    entry
}

/// `YYYY/MM/DD` (TRF-16), also with `-` or `.` between the parts.
fn parse_date(text: &str) -> Option<jiff::civil::Date> {
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    let [y, m, d] = parts.as_slice() else { return None };
    if y.len() != 4 {
        return None;
    }
    jiff::civil::Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?).ok()
}

/// The start date of a `042` line: `YYYY/MM/DD` (TRF-16) or `DD.MM.YYYY`, with `/`,
/// `-` or `.` between the parts; a time after it (`2026/03/01 10:00`,
/// `2026-03-01T10:00`) is left aside.
fn parse_start_date(text: &str) -> Option<jiff::civil::Date> {
    let day = text.trim().split([' ', '\t', 'T']).next()?;
    parse_date(day).or_else(|| {
        let parts: Vec<&str> = day.split(['/', '-', '.']).collect();
        let [d, m, y] = parts.as_slice() else { return None };
        if y.len() != 4 {
            return None;
        }
        jiff::civil::Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stem_drops_folders_and_extension() {
        assert_eq!(file_stem("a/b/open-2024.trf"), "open-2024");
        assert_eq!(file_stem("plain"), "plain");
    }

    #[test]
    fn dates_need_all_three_parts() {
        assert_eq!(parse_date("1978/05/01"), Some(jiff::civil::date(1978, 5, 1)));
        assert_eq!(parse_date("1978"), None);
        assert_eq!(parse_date("1978/13/01"), None);
    }

    // R-11.4: the 042 start date is read with a time after it, or day first.
    #[test]
    fn start_dates_leave_a_time_aside() {
        let day = Some(jiff::civil::date(2026, 3, 1));
        for text in ["2026/03/01", " 2026/03/01   ", "2026/03/01 09:30", "2026-03-01T09:30:00", "01.03.2026"] {
            assert_eq!(parse_start_date(text), day, "{text:?}");
        }
        assert_eq!(parse_start_date("March 2026"), None);
        assert_eq!(parse_start_date(""), None);
    }
}
