//! Rounds from the command line: `pair`, `pairings`, `result`, `standings`.

use super::table::{self, Align};
use super::{EditCmd, FormatArg, GroupArg, InputError, ResultArgs, current_stage, resolve_group};
use crate::domain::command::{Command, DomainError};
use crate::domain::event::{Bye, ByeKind, PlannedBye, StageKind};
use crate::domain::ids::{BoardNo, RoundNo, StageNo, StartNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::domain::standings::{self, records_after};
use crate::domain::swiss;
use crate::domain::swiss::PairingEdit;
use crate::io::json;
use crate::lang::Lang;
use crate::present::ranking::{Column, RankingTable, section_caption};
use crate::seed::fresh_seed;
use crate::store::{EventFile, EventReader};
use anyhow::Context;
use std::path::Path;

pub(super) fn pair(file: &Path, group: &GroupArg, seed: Option<u64>) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let round = swiss::pair_next_round(f.event(), g.id, stage.no, seed)?;
    let (group_id, stage_no, round_no) = (g.id, stage.no, round.no);
    // A knockout match is one board with several games.
    let mut board_numbers: Vec<_> = round.games.iter().map(|g| g.board).collect();
    board_numbers.dedup();
    let boards = board_numbers.len();
    let byes = round.byes.len();
    f.execute(&Command::PairRound { group: group_id, stage: stage_no, round })?;
    Ok(format!("paired round {round_no}: {boards} board(s), {byes} bye(s), seed {seed}\n"))
}

pub(super) fn set_rounds(file: &Path, group: &GroupArg, rounds: u32) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no, name) = (g.id, stage.no, stage.name.clone());
    f.execute(&Command::SetRoundsPlanned { group: group_id, stage: stage_no, rounds })?;
    Ok(format!("{name}: {rounds} rounds\n"))
}

pub(super) fn edit(
    file: &Path,
    group: &GroupArg,
    round: u32,
    confirmed: bool,
    edit: EditCmd,
) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let edit = match edit {
        EditCmd::Swap { a, b } => PairingEdit::SwapPlayers { a: StartNo(a), b: StartNo(b) },
        EditCmd::Colours { board } => PairingEdit::SwapColours { board: BoardNo(board) },
        EditCmd::ToBye { start_no } => PairingEdit::MoveToBye { player: StartNo(start_no) },
    };
    let (group_id, stage_no) = (g.id, stage.no);
    let command = Command::EditPairing { group: group_id, stage: stage_no, round: RoundNo(round), edit, confirmed };
    f.execute(&command)?;
    let warnings = f
        .event()
        .group(group_id)
        .and_then(|g| g.stage(stage_no))
        .and_then(|s| s.round(RoundNo(round)))
        .map(|r| r.warnings.clone())
        .unwrap_or_default();
    let mut out = format!("round {round} edited\n");
    for w in warnings {
        out.push_str(&format!("warning: {w}\n"));
    }
    Ok(out)
}

pub(super) fn set_format(file: &Path, group: &GroupArg, format: FormatArg, double: bool) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let kind = match format {
        FormatArg::Swiss => StageKind::Swiss,
        FormatArg::RoundRobin => StageKind::RoundRobin,
    };
    let (group_id, stage_no, name) = (g.id, stage.no, stage.name.clone());
    f.execute(&Command::SetStageFormat { group: group_id, stage: stage_no, kind, double })?;
    Ok(format!(
        "{name}: {}\n",
        if kind == StageKind::Swiss {
            "Swiss"
        } else if double {
            "double round robin"
        } else {
            "round robin"
        }
    ))
}

pub(super) fn next_stage(file: &Path, group: &GroupArg, nominees: &[u32]) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no) = (g.id, stage.no);
    let nominees = nominees.iter().map(|n| StartNo(*n)).collect();
    f.execute(&Command::AdvanceStage { group: group_id, stage: stage_no, nominees })?;
    let next = f.event().group(group_id).and_then(|g| g.stage(StageNo(stage_no.0 + 1)));
    Ok(match next {
        Some(s) => format!("stage {stage_no} closed; {} players enter stage {} {}\n", s.entrants.len(), s.no, s.name),
        None => format!("stage {stage_no} closed\n"),
    })
}

pub(super) fn unpair(file: &Path, group: &GroupArg, round: u32) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no) = (g.id, stage.no);
    f.execute(&Command::UnpairRound { group: group_id, stage: stage_no, round: RoundNo(round) })?;
    Ok(format!("round {round} unpaired\n"))
}

pub(super) fn announce_bye(
    file: &Path,
    group: &GroupArg,
    player: StartNo,
    round: RoundNo,
    absent: bool,
    cancel: bool,
) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no) = (g.id, stage.no);
    let command = if cancel {
        Command::CancelAnnouncedBye { group: group_id, stage: stage_no, round, player }
    } else {
        let kind = if absent { ByeKind::Absent } else { ByeKind::Requested };
        Command::AnnounceBye {
            group: group_id,
            stage: stage_no,
            planned: PlannedBye { round, bye: Bye::new(player, kind) },
        }
    };
    f.execute(&command)?;
    Ok(match (cancel, absent) {
        (true, _) => format!("bye of {player} in round {round} cancelled\n"),
        (false, true) => format!("{player} absent in round {round}\n"),
        (false, false) => format!("{player} has a requested bye in round {round}\n"),
    })
}

pub(super) fn pairings(file: &Path, group: &GroupArg, round: Option<u32>, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let stage = current_stage(g)?;
    let round_no = match round {
        Some(r) => RoundNo(r),
        None => stage.last_round().map(|r| r.no).ok_or_else(|| InputError("no round has been paired yet".into()))?,
    };
    let round = stage.round(round_no).ok_or(DomainError::UnknownRound(round_no))?;
    let before = records_after(event, g.id, stage, round_no.0 - 1);
    let value = json::pairings(event, g, stage, round, &before);
    if as_json {
        return Ok(format!("{value}\n"));
    }
    let points = |p: StartNo| before.get(&p).map(|r| r.total().to_string()).unwrap_or_default();
    let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
    let mut rows: Vec<Vec<String>> = round
        .games
        .iter()
        .map(|gm| {
            vec![
                gm.board.to_string(),
                gm.red.to_string(),
                name(gm.red),
                points(gm.red),
                gm.result.map_or("", |r| r.outcome.notation()).to_string(),
                points(gm.black),
                name(gm.black),
                gm.black.to_string(),
            ]
        })
        .collect();
    for b in &round.byes {
        rows.push(vec![
            String::new(),
            b.player.to_string(),
            name(b.player),
            points(b.player),
            format!("({})", b.kind.code()),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }
    for w in &round.warnings {
        rows.push(vec![
            String::new(),
            String::new(),
            format!("⚠ {w}"),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }
    let title = format!("{} {} 第{}轮\n", g.name, stage.name, round_no);
    Ok(title
        + &table::render(
            &[
                ("台次", Align::Right),
                ("编号", Align::Right),
                ("红方", Align::Left),
                ("积分", Align::Right),
                ("结果", Align::Left),
                ("积分", Align::Right),
                ("黑方", Align::Left),
                ("编号", Align::Right),
            ],
            &rows,
        ))
}

fn parse_fouls(text: &str) -> Result<(u32, u32), InputError> {
    let bad = || InputError(format!("--fouls '{text}': expected RED,BLACK, e.g. 0,1"));
    let (red, black) = text.split_once(',').ok_or_else(bad)?;
    Ok((red.trim().parse().map_err(|_| bad())?, black.trim().parse().map_err(|_| bad())?))
}

pub(super) fn result(args: ResultArgs) -> anyhow::Result<String> {
    let outcome = Outcome::parse(&args.result).ok_or_else(|| {
        InputError(format!("result '{}': expected 1-0, 0-1, 1/2, +-, -+ or -- (both-forfeit)", args.result))
    })?;
    let reason = ResultReason::parse(&args.reason).ok_or_else(|| {
        InputError(format!(
            "--reason '{}': expected normal, time, late, violation, disconnect or adjudication",
            args.reason
        ))
    })?;
    let (fouls_red, fouls_black) = args.fouls.as_deref().map(parse_fouls).transpose()?.unwrap_or((0, 0));
    let mut f = EventFile::open_for_command(&args.file)?;
    let g = resolve_group(f.event(), &args.group)?;
    let stage = current_stage(g)?;
    let command = Command::RecordResult {
        group: g.id,
        stage: stage.no,
        round: RoundNo(args.round),
        board: BoardNo(args.board),
        game: args.game,
        result: Some(GameResult { outcome, reason, fouls_red, fouls_black }),
    };
    f.execute(&command)?;
    Ok(format!("saved round {} board {}: {}\n", args.round, args.board, outcome.notation()))
}

pub(super) fn standings_out(
    file: &Path,
    group: &GroupArg,
    round: Option<u32>,
    as_json: bool,
) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let stage = current_stage(g)?;
    let after = round.unwrap_or_else(|| stage.completed_rounds());
    let context = || format!("standings of {} after round {after}", g.name);
    if as_json {
        let table = standings::standings(event, g.id, stage.no, after).with_context(context)?;
        return Ok(format!("{}\n", json::standings(event, g, &table)));
    }
    standings_text(event, g.id, stage.no, after).with_context(context)
}

/// The standings as terminal text: the ranking table's title, then a table per gender
/// section (the window's and the PDF's columns, less the club for width), in Chinese.
fn standings_text(
    event: &crate::domain::event::Event,
    group: crate::domain::ids::GroupId,
    stage: StageNo,
    after: u32,
) -> Result<String, DomainError> {
    let lang = Lang::Zh;
    let mut ranking = RankingTable::standings_after(event, group, stage, after)?;
    ranking.retain_columns(|c| c != Column::Club);
    let header: Vec<(&str, Align)> = ranking
        .columns
        .iter()
        .map(|c| (c.short_header(lang), if c.is_numeric() { Align::Right } else { Align::Left }))
        .collect();
    let mut out = format!("{}\n", ranking.title(lang));
    for (section, rows) in ranking.sections() {
        if let Some(gender) = section {
            out.push_str(&format!("{}\n", section_caption(gender, lang)));
        }
        let cells: Vec<Vec<String>> =
            rows.iter().map(|r| ranking.cells(r, lang).iter().map(|c| c.display().into_owned()).collect()).collect();
        out.push_str(&table::render(&header, &cells));
    }
    Ok(out)
}
