//! Rounds from the command line: `pair`, `pairings`, `result`, `standings`.

use super::announce::execute_announced;
use super::numbers::player_in;
use super::pairing_explain::{board_line, bye_line, comparison_lines, under_rows};
use super::table::{self, Align};
use super::team_rounds;
use super::words::{Impossible, lang, t};
use super::{EditCmd, FormatArg, GroupArg, InputError, ResultArgs, current_stage, resolve_group};
use crate::domain::command::{Command, DomainError};
use crate::domain::event::{Bye, ByeKind, Event, Group, PlannedBye, Round, Stage, StageKind};
use crate::domain::ids::{BoardNo, RoundNo, StageNo, StartNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::domain::standings::record::Record;
use crate::domain::standings::{self, records_after};
use crate::domain::swiss;
use crate::domain::swiss::PairingEdit;
use crate::domain::swiss::explain::{RoundExplanation, explain_round, explain_team_round};
use crate::io::json;
use crate::lang::Lang;
use crate::lang::Localized;
use crate::present::ranking::{Column, RankingTable, section_caption};
use crate::seed::fresh_seed;
use crate::store::{EventFile, EventReader};
use anyhow::Context;
use std::collections::BTreeMap;
use std::path::Path;

pub(super) fn pair(file: &Path, group: &GroupArg, seed: Option<u64>) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let several_groups = f.event().groups.len() > 1;
    let round = swiss::pair_next_round(f.event(), g.id, stage.no, seed)
        .map_err(|e| with_lineup_hint(e, several_groups.then_some(g.name.as_str())))?;
    let (group_id, stage_no, round_no) = (g.id, stage.no, round.no);
    if round.teams.is_some() {
        // a team round is told as its matches, team against team.
        let command = Command::PairRound { group: group_id, stage: stage_no, round };
        let (_, announced) = execute_announced(&mut f, &[command])?;
        let event = f.event();
        let paired = event.group(group_id).and_then(|g| Some((g, g.stage(stage_no)?)));
        let said = paired
            .and_then(|(g, s)| Some(team_rounds::paired_text(g, s, s.round(round_no)?, seed)))
            .unwrap_or_default();
        return Ok(said + &announced);
    }
    // A knockout match is one board with several games.
    let mut board_numbers: Vec<_> = round.games.iter().map(|g| g.board).collect();
    board_numbers.dedup();
    let boards = board_numbers.len();
    let byes = round.byes.len();
    let (_, announced) = execute_announced(&mut f, &[Command::PairRound { group: group_id, stage: stage_no, round }])?;
    Ok(t(
        format!("第{round_no}轮已编排：{boards} 台，{byes} 个轮空，随机种子 {seed}\n"),
        format!("paired round {round_no}: {boards} board(s), {byes} bye(s), seed {seed}\n"),
    ) + &announced)
}

/// A line-up named before the round that no longer holds (issue 38, item 17): the
/// refusal, then the command that names it again. Other refusals as they are.
fn with_lineup_hint(e: swiss::PairingError, group: Option<&str>) -> anyhow::Error {
    let swiss::PairingError::PlannedLineupInvalid { round, team, .. } = &e else { return e.into() };
    let said = e.message(lang());
    let group = group.map(|g| format!(" --group {g}")).unwrap_or_default();
    Impossible(t(
        format!("{said}（bianpai lineup 文件{group} --round {round} {team} 编号,…）"),
        format!("{said} (`bianpai lineup FILE{group} --round {round} {team} SN,…`)"),
    ))
    .into()
}

pub(super) fn set_rounds(file: &Path, group: &GroupArg, rounds: u32) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no, name) = (g.id, stage.no, stage.name.clone());
    f.execute(&Command::SetRoundsPlanned { group: group_id, stage: stage_no, rounds })?;
    Ok(t(format!("{name}：共 {rounds} 轮\n"), format!("{name}: {rounds} rounds\n")))
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
    let no = |n| player_in(f.event(), n, g.id);
    let edit = match edit {
        EditCmd::Swap { a, b } => PairingEdit::SwapPlayers { a: no(a)?, b: no(b)? },
        EditCmd::Colours { board } => PairingEdit::SwapColours { board: BoardNo(board) },
        EditCmd::ToBye { start_no } => PairingEdit::MoveToBye { player: no(start_no)? },
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
    let mut out = t(format!("第{round}轮对阵已修改\n"), format!("round {round} edited\n"));
    for w in warnings {
        let w = w.message(lang());
        out.push_str(&t(format!("警告：{w}\n"), format!("warning: {w}\n")));
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
    let format = if kind == StageKind::Swiss {
        t("积分编排制", "Swiss")
    } else if double {
        t("双循环", "double round robin")
    } else {
        t("单循环", "round robin")
    };
    Ok(t(format!("{name}：{format}\n"), format!("{name}: {format}\n")))
}

pub(super) fn next_stage(file: &Path, group: &GroupArg, nominees: &[u32]) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no) = (g.id, stage.no);
    let nominees = nominees.iter().map(|&n| player_in(f.event(), n, g.id)).collect::<Result<_, _>>()?;
    let (_, announced) =
        execute_announced(&mut f, &[Command::AdvanceStage { group: group_id, stage: stage_no, nominees }])?;
    let next = f.event().group(group_id).and_then(|g| g.stage(StageNo(stage_no.0 + 1)));
    let said = match next {
        Some(s) => {
            let (count, no, name) = (s.entrants.len(), s.no, &s.name);
            t(
                format!("第{stage_no}阶段结束；{count} 名选手进入第{no}阶段“{name}”\n"),
                format!("stage {stage_no} closed; {count} players enter stage {no} {name}\n"),
            )
        }
        None => t(format!("第{stage_no}阶段结束\n"), format!("stage {stage_no} closed\n")),
    };
    Ok(said + &announced)
}

pub(super) fn unpair(file: &Path, group: &GroupArg, round: u32) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let (group_id, stage_no) = (g.id, stage.no);
    f.execute(&Command::UnpairRound { group: group_id, stage: stage_no, round: RoundNo(round) })?;
    Ok(t(format!("第{round}轮对阵已撤销\n"), format!("round {round} unpaired\n")))
}

pub(super) fn announce_bye(
    file: &Path,
    group: &GroupArg,
    shown: u32,
    round: RoundNo,
    absent: bool,
    cancel: bool,
) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let player = player_in(f.event(), shown, g.id)?;
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
        (true, _) => {
            t(format!("已取消编号 {shown} 第{round}轮的轮空\n"), format!("bye of {shown} in round {round} cancelled\n"))
        }
        (false, true) => t(format!("编号 {shown} 第{round}轮请假缺席\n"), format!("{shown} absent in round {round}\n")),
        (false, false) => {
            t(format!("编号 {shown} 第{round}轮申请轮空\n"), format!("{shown} has a requested bye in round {round}\n"))
        }
    })
}

pub(super) fn pairings(
    file: &Path,
    group: &GroupArg,
    round: Option<u32>,
    as_json: bool,
    explain: bool,
) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let stage = current_stage(g)?;
    let round_no = match round {
        Some(r) => RoundNo(r),
        None => stage
            .last_round()
            .map(|r| r.no)
            .ok_or_else(|| InputError(t("还没有编排任何一轮", "no round has been paired yet")))?,
    };
    let round = stage.round(round_no).ok_or(DomainError::UnknownRound(round_no))?;
    if round.teams.is_some() {
        // a team round is explained as the engine paired it, team by team.
        let explanation = explain.then(|| explain_team_round(event, g.id, stage.no, round_no)).flatten();
        if as_json {
            let mut value = team_rounds::pairings_json(event, g, stage, round)?;
            if let Some(x) = &explanation {
                json::add_team_explanation(&mut value, g, x, lang());
            }
            return Ok(format!("{value}\n"));
        }
        return Ok(team_rounds::pairings_text(event, g, stage, round, explanation.as_ref())?);
    }
    let before = records_after(event, g.id, stage, round_no.0 - 1);
    // Worded with the numbers people read; a bye is looked up by its shown number.
    let shown = |p: StartNo| StartNo(event.shown_no(p));
    let explanation =
        explain.then(|| explain_round(event, g.id, stage.no, round_no)).flatten().map(|x| x.with_shown_numbers(&shown));
    if as_json {
        let mut value = json::pairings(event, g, stage, round, &before);
        if let Some(x) = &explanation {
            json::add_explanation(&mut value, x, lang());
        }
        return Ok(format!("{value}\n"));
    }
    Ok(pairings_text(event, g, stage, round, &before, explanation.as_ref()))
}

/// The pairing table as text, with the explanation's line under each board and bye
/// and the comparison with the engine's pairing after it when there is one.
fn pairings_text(
    event: &Event,
    g: &Group,
    stage: &Stage,
    round: &Round,
    before: &BTreeMap<StartNo, Record>,
    explanation: Option<&RoundExplanation>,
) -> String {
    let points = |p: StartNo| before.get(&p).map(|r| r.total().to_string()).unwrap_or_default();
    let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut notes: Vec<Option<String>> = Vec::new();
    for gm in &round.games {
        let result = gm.result.map_or("", |r| r.outcome.notation()).to_string();
        let (red, black) = (gm.red, gm.black);
        rows.push(vec![
            gm.board.to_string(),
            event.shown_no(red).to_string(),
            name(red),
            points(red),
            result,
            points(black),
            name(black),
            event.shown_no(black).to_string(),
        ]);
        notes.push(explanation.and_then(|x| x.board(gm.board, gm.game)).map(|b| board_line(b, lang())));
    }
    for b in &round.byes {
        let (no, kind) = (event.shown_no(b.player).to_string(), format!("({})", b.kind.code()));
        rows.push(vec![
            String::new(),
            no,
            name(b.player),
            points(b.player),
            kind,
            String::new(),
            String::new(),
            String::new(),
        ]);
        notes.push(explanation.and_then(|x| x.bye(StartNo(event.shown_no(b.player)))).map(|x| bye_line(x, lang())));
    }
    for w in &round.warnings {
        let mut row = vec![String::new(); 8];
        row[2] = format!("⚠ {}", w.message(lang()));
        rows.push(row);
    }
    let title = t(
        format!("{} {} 第{}轮\n", g.name, stage.name, round.no),
        format!("{} {} round {}\n", g.name, stage.name, round.no),
    );
    let table = table::render(
        &[
            ("台次", "Board", Align::Right),
            ("编号", "No.", Align::Right),
            ("红方", "Red", Align::Left),
            ("积分", "Pts", Align::Right),
            ("结果", "Result", Align::Left),
            ("积分", "Pts", Align::Right),
            ("黑方", "Black", Align::Left),
            ("编号", "No.", Align::Right),
        ],
        &rows,
    );
    match explanation {
        Some(x) => title + &under_rows(&table, &notes) + &comparison_lines(&x.comparison, lang()),
        None => title + &table,
    }
}

fn parse_fouls(text: &str) -> Result<(u32, u32), InputError> {
    let bad = || {
        InputError(t(
            format!("--fouls “{text}”：应为 红方,黑方 的犯规次数，如 0,1"),
            format!("--fouls '{text}': expected RED,BLACK, e.g. 0,1"),
        ))
    };
    let (red, black) = text.split_once(',').ok_or_else(bad)?;
    Ok((red.trim().parse().map_err(|_| bad())?, black.trim().parse().map_err(|_| bad())?))
}

pub(super) fn result(args: ResultArgs) -> anyhow::Result<String> {
    let outcome = Outcome::parse(&args.result).ok_or_else(|| {
        let result = &args.result;
        InputError(t(
            format!("成绩“{result}”无效：应为 1-0、0-1、1/2、+-、-+ 或 --（双方弃权）"),
            format!("result '{result}': expected 1-0, 0-1, 1/2, +-, -+ or -- (both-forfeit)"),
        ))
    })?;
    let reason = ResultReason::parse(&args.reason).ok_or_else(|| {
        let reason = &args.reason;
        InputError(t(
            format!("--reason “{reason}”无效：应为 normal、time、late、violation、disconnect 或 adjudication"),
            format!("--reason '{reason}': expected normal, time, late, violation, disconnect or adjudication"),
        ))
    })?;
    if reason == ResultReason::Late && outcome == Outcome::Draw {
        return Err(InputError(t(
            "迟到判负，不能记为和棋：红方迟到记 -+，黑方迟到记 +-，双方迟到记 --".to_string(),
            "a late player loses by forfeit, never draws: red late is -+, black late +-, both late --".to_string(),
        ))
        .into());
    }
    let (fouls_red, fouls_black) = args.fouls.as_deref().map(parse_fouls).transpose()?.unwrap_or((0, 0));
    // Of the games, only this round's and its board's players' are read (issue 38, item 18).
    let mut f = EventFile::open_for_one_board(&args.at.file)?;
    let g = resolve_group(f.event(), &args.at.group)?;
    let round_no = RoundNo(args.round);
    let (group_id, stage_no) = (g.id, current_stage(g)?.no);
    f.read_round(group_id, stage_no, round_no)?;
    let g = resolve_group(f.event(), &args.at.group)?;
    let stage = current_stage(g)?;
    // with --match, --board is the match's board 1 … K.
    let board = match args.match_no {
        Some(m) => team_rounds::match_board(stage, round_no, m, args.board)?,
        None => BoardNo(args.board),
    };
    let given = GameResult { outcome, reason, fouls_red, fouls_black };
    let command = Command::RecordResult {
        group: group_id,
        stage: stage_no,
        round: round_no,
        board,
        game: args.game,
        result: Some(given),
    };
    let (_, announced) = execute_announced(&mut f, &[command])?;
    let recorded = given.as_recorded().outcome;
    // a late arrival given as 1-0 / 0-1 is saved as the forfeit it is; say so.
    let forfeit_note = if recorded == outcome {
        String::new()
    } else {
        t(
            format!("迟到按弃权判负记录：{}\n", recorded.notation()),
            format!("late arrival is recorded as a forfeit: {}\n", recorded.notation()),
        )
    };
    let (round, result) = (args.round, recorded.notation());
    let Some((g, stage)) = f.event().group(group_id).and_then(|g| Some((g, g.stage(stage_no)?))) else {
        return Ok(announced);
    };
    let said = match team_rounds::board_words(stage, round_no, board) {
        Some(place) => {
            t(
                format!("已保存第{round}轮{place}（总第{board}台）：{result}\n"),
                format!("saved round {round} {place} (round board {board}): {result}\n"),
            ) + &team_rounds::decided_line(g, stage, round_no, board)
        }
        None => t(
            format!("已保存第{round}轮第{board}台：{result}\n"),
            format!("saved round {round} board {board}: {result}\n"),
        ),
    };
    Ok(forfeit_note + &said + &announced)
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
    let context =
        || t(format!("“{}”第{after}轮后的排名", g.name), format!("standings of {} after round {after}", g.name));
    if as_json {
        let table = standings::standings(event, g.id, stage.no, after).with_context(context)?;
        return Ok(format!("{}\n", json::standings(event, g, &table)));
    }
    standings_text(event, g.id, stage.no, after).with_context(context)
}

/// The standings as terminal text: the ranking table's title (with the edition of the
/// FIDE tiebreaks, when the stage has any), then a table per gender
/// section (the window's and the PDF's columns, less the club for width), in the run's
/// language.
fn standings_text(
    event: &crate::domain::event::Event,
    group: crate::domain::ids::GroupId,
    stage: StageNo,
    after: u32,
) -> Result<String, DomainError> {
    let lang = super::words::lang();
    let mut ranking = RankingTable::standings_after(event, group, stage, after)?;
    ranking.retain_columns(|c| c != Column::Club);
    let header: Vec<(&str, &str, Align)> = ranking
        .columns
        .iter()
        .map(|c| {
            let align = if c.is_numeric() { Align::Right } else { Align::Left };
            (c.short_header(Lang::Zh), c.short_header(Lang::En), align)
        })
        .collect();
    let mut out = ranking.title(lang);
    // the edition of FIDE's tie-break rules the values follow.
    let stage_of = event.group(group).and_then(|g| g.stage(stage));
    if let Some(edition) = stage_of.and_then(|s| s.fide_edition_in_use(event.start_date)) {
        out.push_str(&format!(" · {}", edition.heading_words(lang)));
    }
    out.push('\n');
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
