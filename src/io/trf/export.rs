//! A stage as a TRF document, and pairings in the bbpPairings output format.
//!
//! [`from_stage`] writes `012` (the event name), `042` (its first day, when it has
//! one), one `001` line per entrant of the
//! stage (sorted by start number) with every complete round, `XXR` (rounds planned),
//! `XXC white1`/`black1` (the colour of the top seed in round 1, read as bbpPairings
//! infers it: the first player in seeding order who was paired in round 1 with a
//! colour, inverted when an odd number of paired players precede them) and, when the
//! stage does not score 1 / ½ / 0, an `XXS` line with the codes that differ.
//!
//! Rounds after the last complete one are not written as games: a paired round still
//! in play contributes only its requested byes and absences, and the stage's planned
//! byes are written in their rounds' columns (`H`, `F`, `Z`), which is how a file
//! handed to a pairing engine announces them. Points and ranks are the library's
//! standings after the last complete round.
//!
//! | Bianpai | TRF |
//! |---------|-----|
//! | red / black | `w` / `b` |
//! | `1-0` `1/2` `0-1` | `1 0`, `= =`, `0 1` |
//! | `+-` `-+` `--` | `+ -`, `- +`, `- -` |
//! | pairing-allocated bye | `0000 - U` (`PAB`) |
//! | requested bye scoring the table's `requested_bye` | `0000 - H` (`HPB`) |
//! | requested bye with other points | `0000 - F` (`FPB`) |
//! | absent, or missing from the round | `0000 - Z` (`ZPB`) |
//!
//! `XXS` has one value per code; a stage whose byes or forfeit wins of one code score
//! differently (a forfeit win worth the colour's win under red 4 / black 5, with
//! forfeits won by both colours) cannot be written and is refused.

use super::TrfError;
use super::document::{PlayerLine, RoundCell, TrfColour, TrfDocument, TrfRecord, TrfResult};
use super::import::{NOTE_BIRTH_DATE, NOTE_FEDERATION, NOTE_FIDE_ID, NOTE_SEX};
use super::scoring::{ScoreCode, TrfScoring};
use crate::domain::event::stage_entrants;
use crate::domain::event::{ByeKind, Event, Round, Stage};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::player::{Gender, Player, Title};
use crate::domain::points::Points;
use crate::domain::result::Outcome;
use crate::domain::rules::{Colour, ScoringTable};
use crate::domain::standings::standings;
use crate::lang::{Lang, Localized};
use std::collections::BTreeMap;

/// Why a stage cannot be written as TRF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// No such group.
    #[error("no group {0}")]
    UnknownGroup(GroupId),
    /// No such stage in the group.
    #[error("group {group} has no stage {stage}")]
    UnknownStage {
        /// The group's name.
        group: String,
        /// The stage asked for.
        stage: StageNo,
    },
    /// Something of the stage has no TRF form; the message says what, in English
    /// (`en`, as `Display` shows it) and in Chinese (`zh`).
    #[error("TRF cannot hold this stage: {en}")]
    Unrepresentable {
        /// What TRF cannot hold, in English.
        en: String,
        /// What TRF cannot hold, in Chinese.
        zh: String,
    },
}

/// Writes a stage as a TRF-16 document with the XXR, XXC and XXS extensions.
///
/// # Errors
/// [`ExportError`] for an unknown group or stage, and for what TRF cannot hold: a start
/// number or rating above 9999, a total above 99.9 points, two games of one player in
/// a round (a knockout match), or one `XXS` code with two values.
///
/// # Example
/// ```
/// use bianpai::domain::{ids::{GroupId, StageNo}, presets};
/// use bianpai::io::trf::from_stage;
/// let event = presets::build("fide-swiss", Some("Open"), Some(5)).unwrap();
/// let doc = from_stage(&event, GroupId(1), StageNo(1)).unwrap();
/// assert_eq!(doc.to_text(), "012 Open\nXXR 5\n");
/// ```
pub fn from_stage(event: &Event, group: GroupId, stage: StageNo) -> Result<TrfDocument, ExportError> {
    let g = event.group(group).ok_or(ExportError::UnknownGroup(group))?;
    let st = g.stage(stage).ok_or_else(|| ExportError::UnknownStage { group: g.name.clone(), stage })?;
    let unrepresentable = |en: String, zh: String| ExportError::Unrepresentable { en, zh };

    let seeding = stage_entrants(event, group, st);
    let mut entrants = seeding.clone();
    entrants.sort();
    // Players are numbered as shown (R-11.6): within the group under per-group
    // numbering, unique in the file either way as it holds one group's stage.
    if let Some(big) = entrants.iter().map(|p| event.shown_no(*p)).find(|n| *n > 9999) {
        let en = format!("start number {big} (TRF allows 1 to 9999)");
        return Err(unrepresentable(en, format!("编号 {big}（TRF 只允许 1 到 9999）")));
    }
    let completed = st.completed_rounds();
    let table = standings(event, group, stage, completed).map_err(|e| {
        unrepresentable(
            format!("no standings after round {completed}: {e}"),
            format!("第 {completed} 轮后无法计算排名：{}", e.message(Lang::Zh)),
        )
    })?;
    let rows: BTreeMap<StartNo, (Points, Option<u32>)> =
        table.rows.iter().map(|r| (r.start_no, (r.points, r.rank))).collect();

    let mut values = Values::new(&st.scoring);
    let mut cells = round_cells(event, st, &entrants, completed, &mut values)?;

    let mut doc = TrfDocument::new(&format!("{}.trf", event.name));
    let name: String = event.name.chars().map(|c| if c == '\r' || c == '\n' { ' ' } else { c }).collect();
    doc.push(TrfRecord::Other(format!("012 {name}")));
    // The first day, which also picks the edition of the FIDE tiebreaks on import (R-11.4).
    if let Some(day) = event.start_date {
        doc.push(TrfRecord::Other(format!("042 {}", day.strftime("%Y/%m/%d"))));
    }
    for p in &entrants {
        let (points, rank) = rows.get(p).copied().unwrap_or((Points::ZERO, None));
        let shown = event.shown_no(*p);
        if points.tenths() > 999 {
            return Err(unrepresentable(
                format!("player {shown} has {points} points (TRF allows up to 99.9)"),
                format!("{shown} 号选手有 {points} 分（TRF 最多 99.9）"),
            ));
        }
        let mut line = match event.player(*p) {
            Some(player) => player_line(player)?,
            None => PlayerLine::new(shown, &format!("Player {shown}")),
        };
        line.points = points;
        line.rank = rank;
        line.rounds = cells.remove(p).unwrap_or_default();
        doc.push(TrfRecord::Player(line));
    }
    doc.push(TrfRecord::Rounds(st.rounds_planned.unwrap_or(st.rounds.len() as u32).max(1)));
    if completed > 0
        && let Some(round) = st.round(RoundNo(1))
        && let Some(colour) = first_colour(round, &seeding)
    {
        let word = if colour == Colour::Red { "white1" } else { "black1" };
        doc.push(TrfRecord::Config(vec![word.to_string()]));
    }
    let differences = values.finish().differences();
    if !differences.is_empty() {
        doc.push(TrfRecord::Scoring(differences));
    }
    Ok(doc)
}

/// Each entrant's cells of the rounds played, with the byes announced for later rounds.
fn round_cells(
    event: &Event,
    st: &Stage,
    entrants: &[StartNo],
    completed: u32,
    values: &mut Values,
) -> Result<BTreeMap<StartNo, Vec<RoundCell>>, ExportError> {
    let unrepresentable = |en: String, zh: String| ExportError::Unrepresentable { en, zh };
    let mut cells: BTreeMap<StartNo, Vec<RoundCell>> = entrants.iter().map(|p| (*p, Vec::new())).collect();
    for r in 1..=completed {
        let round = st
            .round(RoundNo(r))
            .ok_or_else(|| unrepresentable(format!("round {r} is missing"), format!("缺少第 {r} 轮")))?;
        for p in entrants {
            let cell = played_cell(event, round, *p, &st.scoring, values)?;
            if let Some(list) = cells.get_mut(p) {
                list.push(cell);
            }
        }
    }
    for (round, player, kind, points) in announced_byes(st, completed) {
        let (Some(list), Some(index)) = (cells.get_mut(&player), (round.0 as usize).checked_sub(1)) else { continue };
        if list.len() <= index {
            list.resize(index + 1, RoundCell::BLANK);
        }
        if list[index].is_blank() {
            list[index] = RoundCell::bye(values.bye_code(kind, points)?);
        }
    }
    Ok(cells)
}

/// The XXS values of the stage: the table's, and the values actually scored by each
/// bye code and by forfeit wins, which must agree.
struct Values {
    scoring: TrfScoring,
    table: ScoringTable,
    seen: BTreeMap<&'static str, Points>,
}

impl Values {
    fn new(table: &ScoringTable) -> Values {
        let scoring = TrfScoring {
            white_win: table.red_win,
            black_win: table.black_win,
            white_draw: table.red_draw,
            black_draw: table.black_draw,
            white_loss: table.red_loss,
            black_loss: table.black_loss,
            zero_point_bye: Points::ZERO,
            half_point_bye: table.requested_bye,
            pairing_bye: table.bye,
            forfeit_win: table.forfeit_win.unwrap_or(table.red_win),
            forfeit_loss: table.forfeit_loss,
            ..TrfScoring::default()
        };
        Values { scoring, table: table.clone(), seen: BTreeMap::new() }
    }

    fn see(&mut self, code: ScoreCode, value: Points) -> Result<(), ExportError> {
        match self.seen.insert(code.as_str(), value) {
            Some(before) if before != value => Err(ExportError::Unrepresentable {
                en: format!("{code} is worth {before} in one place and {value} in another; XXS has one value per code"),
                zh: format!("{code} 在一处记 {before} 分，在另一处记 {value} 分；XXS 每个代码只能有一个分值"),
            }),
            _ => {
                self.scoring.set(code, value);
                Ok(())
            }
        }
    }

    fn bye_code(&mut self, kind: ByeKind, points: Option<Points>) -> Result<TrfResult, ExportError> {
        Ok(match kind {
            ByeKind::Pairing => {
                self.see(ScoreCode::PAB, points.unwrap_or(self.table.bye))?;
                TrfResult::PairingBye
            }
            ByeKind::Requested => {
                let value = points.unwrap_or(self.table.requested_bye);
                if value == self.table.requested_bye {
                    self.see(ScoreCode::HPB, value)?;
                    TrfResult::HalfPointBye
                } else {
                    self.see(ScoreCode::FPB, value)?;
                    TrfResult::FullPointBye
                }
            }
            ByeKind::Absent => {
                self.see(ScoreCode::ZPB, points.unwrap_or(Points::ZERO))?;
                TrfResult::ZeroPointBye
            }
        })
    }

    fn finish(self) -> TrfScoring {
        self.scoring
    }
}

/// The cell of `player` in a complete round.
fn played_cell(
    event: &Event,
    round: &Round,
    player: StartNo,
    table: &ScoringTable,
    values: &mut Values,
) -> Result<RoundCell, ExportError> {
    let games: Vec<_> = round.games_of(player).collect();
    let shown = event.shown_no(player);
    if games.len() > 1 {
        return Err(ExportError::Unrepresentable {
            en: format!("player {shown} has {} games in round {}; TRF has one cell per round", games.len(), round.no),
            zh: format!("{shown} 号选手在第 {} 轮有 {} 盘对局；TRF 每轮只有一格", round.no, games.len()),
        });
    }
    if let Some(game) = games.first() {
        let Some(colour) = game.colour_of(player) else {
            return Err(ExportError::Unrepresentable {
                en: format!("player {shown} is not in their game"),
                zh: format!("{shown} 号选手不在自己的对局中"),
            });
        };
        let Some(result) = game.result else {
            return Err(ExportError::Unrepresentable {
                en: format!("round {} has a game without result", round.no),
                zh: format!("第 {} 轮有一盘对局没有结果", round.no),
            });
        };
        let outcome = result.outcome;
        let code = match outcome {
            Outcome::Draw => TrfResult::Draw,
            Outcome::RedWins | Outcome::BlackWins if outcome.won_by(colour) => TrfResult::Win,
            Outcome::RedWins | Outcome::BlackWins => TrfResult::Loss,
            Outcome::RedWinsByForfeit | Outcome::BlackWinsByForfeit if outcome.won_by(colour) => {
                values.see(ScoreCode::FW, table.forfeit_win(colour))?;
                TrfResult::ForfeitWin
            }
            Outcome::RedWinsByForfeit | Outcome::BlackWinsByForfeit | Outcome::BothForfeit => TrfResult::ForfeitLoss,
        };
        let trf_colour = if colour == Colour::Red { TrfColour::White } else { TrfColour::Black };
        return Ok(RoundCell::game(event.shown_no(game.player(colour.opposite())), trf_colour, code));
    }
    let code = match round.bye_of(player) {
        Some(bye) => values.bye_code(bye.kind, bye.points)?,
        None => values.bye_code(ByeKind::Absent, None)?,
    };
    Ok(RoundCell::bye(code))
}

/// Byes announced for rounds after the last complete one: the requested byes and
/// absences of a round paired but not finished, and the stage's planned byes.
fn announced_byes(stage: &Stage, completed: u32) -> Vec<(RoundNo, StartNo, ByeKind, Option<Points>)> {
    let mut byes = Vec::new();
    for round in stage.rounds.iter().filter(|r| r.no.0 > completed) {
        for bye in round.byes.iter().filter(|b| b.kind != ByeKind::Pairing) {
            byes.push((round.no, bye.player, bye.kind, bye.points));
        }
    }
    for planned in stage.planned_byes.iter().filter(|p| p.round.0 > completed) {
        byes.push((planned.round, planned.bye.player, planned.bye.kind, planned.bye.points));
    }
    byes
}

/// The colour the top seed had in round 1, inferred as bbpPairings does when the
/// top seed was not paired with a colour.
fn first_colour(round: &Round, seeding: &[StartNo]) -> Option<Colour> {
    let paired = seeding.iter().filter(|p| {
        round.games_of(**p).next().is_some() || round.bye_of(**p).is_some_and(|b| b.kind == ByeKind::Pairing)
    });
    for (index, p) in paired.enumerate() {
        if let Some(colour) = round.games_of(*p).next().and_then(|g| g.colour_of(*p)) {
            return Some(if index % 2 == 0 { colour } else { colour.opposite() });
        }
    }
    None
}

/// A player's `001` fields, without points, rank and rounds.
fn player_line(player: &Player) -> Result<PlayerLine, ExportError> {
    let entry = &player.entry;
    let mut line = PlayerLine::new(player.shown(), &entry.name);
    let note = |key: &str| entry.notes.get(key).cloned().unwrap_or_default();
    line.sex = match entry.gender {
        Some(Gender::Male) => "m".into(),
        Some(Gender::Female) => "w".into(),
        None => note(NOTE_SEX),
    };
    line.title = match &entry.title {
        Some(Title::InternationalGrandMaster) => "IGM".into(),
        Some(Title::InternationalMaster) => "IM".into(),
        Some(Title::GrandMaster) => "GM".into(),
        Some(Title::Master) => "M".into(),
        Some(Title::WomanGrandMaster) => "WGM".into(),
        Some(Title::WomanMaster) => "WM".into(),
        Some(Title::CandidateMaster) => "CM".into(),
        Some(Title::Other(text)) if text.chars().count() <= 3 => text.clone(),
        _ => String::new(),
    };
    line.rating = match entry.rating {
        Some(r) if r > 9999 => {
            return Err(ExportError::Unrepresentable {
                en: format!("player {} has rating {r} (TRF allows up to 9999)", player.shown()),
                zh: format!("{} 号选手的等级分是 {r}（TRF 最多 9999）", player.shown()),
            });
        }
        other => other,
    };
    line.federation = note(NOTE_FEDERATION);
    line.fide_id = note(NOTE_FIDE_ID);
    line.birth_date = match entry.born {
        Some(d) => format!("{:04}/{:02}/{:02}", d.year(), d.month(), d.day()),
        None => note(NOTE_BIRTH_DATE),
    };
    Ok(line)
}

/// A round's pairing in the output format of bbpPairings and JaVaFo: the number of
/// pairs (the bye counted as one), then `white black` per line, `N 0` for the
/// pairing-allocated bye.
///
/// # Example
/// ```
/// use bianpai::domain::ids::StartNo;
/// use bianpai::io::trf::write_pairing;
/// let text = write_pairing(&[(StartNo(3), StartNo(1))], &[StartNo(2)]);
/// assert_eq!(text, "2\n3 1\n2 0\n");
/// ```
pub fn write_pairing(pairs: &[(StartNo, StartNo)], byes: &[StartNo]) -> String {
    let mut out = format!("{}\n", pairs.len() + byes.len());
    for (white, black) in pairs {
        out.push_str(&format!("{white} {black}\n"));
    }
    for bye in byes {
        out.push_str(&format!("{bye} 0\n"));
    }
    out
}

/// A round's pairing as the pairing engines write it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// `(white, black)` start numbers, in file order.
    pub pairs: Vec<(StartNo, StartNo)>,
    /// Players with the pairing-allocated bye (`N 0`).
    pub byes: Vec<StartNo>,
}

/// Reads the output of [`write_pairing`] (or of bbpPairings).
///
/// # Errors
/// A [`TrfError`] naming the line of a pair that is not two start numbers, or the
/// first line when the count does not match the lines that follow.
pub fn parse_pairing(file_name: &str, text: &str) -> Result<Pairing, TrfError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let Some((count_line, count_text)) = lines.next() else {
        return Err(TrfError::new(file_name, 1, "count", "the file is empty", "文件是空的"));
    };
    let count: usize = count_text.trim().parse().map_err(|_| {
        let (en, zh) =
            (format!("'{}' is not a number of pairs", count_text.trim()), format!("“{}” 不是对数", count_text.trim()));
        TrfError::new(file_name, count_line + 1, "count", en, zh)
    })?;
    let mut pairs = Vec::new();
    let mut byes = Vec::new();
    let mut seen = 0;
    for (i, text) in lines {
        seen += 1;
        let numbers: Vec<Option<u32>> = text.split_whitespace().map(|w| w.parse().ok()).collect();
        match numbers.as_slice() {
            [Some(p), Some(0)] if *p > 0 => byes.push(StartNo(*p)),
            [Some(w), Some(b)] if *w > 0 && *b > 0 => pairs.push((StartNo(*w), StartNo(*b))),
            _ => {
                return Err(TrfError::new(
                    file_name,
                    i + 1,
                    "pair",
                    format!("'{}' is not 'white black' start numbers", text.trim()),
                    format!("“{}” 不是“白方 黑方”两个编号", text.trim()),
                ));
            }
        }
    }
    if seen != count {
        return Err(TrfError::new(
            file_name,
            count_line + 1,
            "count",
            format!("the file announces {count} pairs but lists {seen}"),
            format!("文件开头写的是 {count} 对，但列出了 {seen} 对"),
        ));
    }
    Ok(Pairing { pairs, byes })
}
