//! The pairing sheet of a round: event, group, stage, round, start time and
//! time control; a row per board (per game in a knockout) with both players'
//! start number, name, club and points before the round, and the result when known;
//! byes under the table; the video-watched boards marked; in a video stage
//! each board's agreed game time and watching official; officials.

use super::layout::{Align, Column, Orientation};
use super::{
    Document, Lang, PrintError, Printable, Report, Section, club_of, current_stage, group_of, name_of, officials_line,
};
use crate::domain::event::{Event, Group, Round, Stage, StageKind};
use crate::domain::ids::{GroupId, RoundNo, StartNo};
use crate::domain::knockout::playoff_minutes;
use crate::domain::points::Points;
use crate::domain::standings::records_after;
/// The name of a bye's kind, as every sheet names it.
pub(super) use crate::present::crosstable::bye_label;

/// The mark of a video-watched board.
pub const VIDEO_MARK: &str = "★";

/// The round asked for, or the last paired one.
pub(super) fn resolve_round<'s>(
    group: &Group,
    stage: &'s Stage,
    round: Option<RoundNo>,
) -> Result<&'s Round, PrintError> {
    match round {
        Some(no) => stage.round(no).ok_or_else(|| PrintError::UnknownRound {
            group: group.name.clone(),
            stage: stage.no.0,
            round: no.0,
            paired: stage.rounds.len() as u32,
        }),
        None => stage.last_round().ok_or_else(|| PrintError::NothingPaired { group: group.name.clone() }),
    }
}

/// The heading lines every round document shares: start time and time control.
pub(super) fn round_details(stage: &Stage, round: RoundNo, lang: Lang) -> Vec<String> {
    let start = stage.schedule_of(round).map_or("—", |s| s.start.as_str());
    let control = if stage.time_control.is_empty() { "—" } else { stage.time_control.as_str() };
    vec![format!("{}{}　　{}{}", lang.t("比赛时间：", "Start: "), start, lang.t("用时：", "Time control: "), control)]
}

/// "成人组 · 积分赛 · 第3轮" in the chosen language.
pub(super) fn round_label(group: &Group, stage: &Stage, round: RoundNo, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{} · {} · 第{}轮", group.name, stage.name, round),
        Lang::En => format!("{} · {} · round {}", group.name, stage.name, round),
    }
}

/// The pairing sheet as data.
///
/// # Errors
/// [`PrintError`] for an unknown group or round, or when nothing is paired yet.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let round = resolve_round(g, stage, round)?;
    let before = records_after(event, g.id, stage, round.no.0.saturating_sub(1));
    let points = |p: StartNo| before.get(&p).map_or(Points::ZERO, |r| r.total()).to_string();
    let monitored = stage.schedule_of(round.no).map_or(0, |s| s.monitored_boards);
    let knockout = stage.kind == StageKind::Knockout;

    let mut columns = vec![Column::new(lang.t("台次", "Board"), 5.0, Align::Center)];
    if knockout {
        columns.push(Column::new(lang.t("局", "Game"), 3.5, Align::Center));
    }
    columns.extend([
        Column::new(lang.t("编号", "No."), 4.0, Align::Right),
        Column::new(lang.t("红方", "Red"), 9.0, Align::Left),
        Column::new(lang.t("单位", "Club"), 9.0, Align::Left),
        Column::new(lang.t("积分", "Pts"), 4.0, Align::Right),
        Column::new(lang.t("结果", "Result"), 6.0, Align::Center),
        Column::new(lang.t("积分", "Pts"), 4.0, Align::Right),
        Column::new(lang.t("黑方", "Black"), 9.0, Align::Left),
        Column::new(lang.t("单位", "Club"), 9.0, Align::Left),
        Column::new(lang.t("编号", "No."), 4.0, Align::Right),
    ]);
    if stage.video {
        columns.extend([
            Column::new(lang.t("对局时间", "Game time"), 8.0, Align::Center),
            Column::new(lang.t("挂盘手", "Watched by"), 7.0, Align::Left),
        ]);
    }
    let rows = round
        .games
        .iter()
        .map(|gm| {
            let board =
                if gm.board.0 <= monitored { format!("{} {VIDEO_MARK}", gm.board) } else { gm.board.to_string() };
            let mut row = vec![board];
            if knockout {
                row.push(gm.game.to_string());
            }
            row.extend([
                event.shown_no(gm.red).to_string(),
                name_of(event, gm.red),
                club_of(event, gm.red),
                points(gm.red),
                gm.result.map_or("", |r| r.outcome.notation()).to_string(),
                points(gm.black),
                name_of(event, gm.black),
                club_of(event, gm.black),
                event.shown_no(gm.black).to_string(),
            ]);
            if stage.video {
                // A knockout match's record shows on its first game.
                let first = round.games.iter().find(|g| g.board == gm.board).is_some_and(|g| g.game == gm.game);
                let watch = round.watch_of(gm.board).filter(|_| first);
                row.push(watch.and_then(|w| w.time).map(|t| t.to_string()).unwrap_or_default());
                row.push(watch.and_then(|w| w.watcher.clone()).unwrap_or_default());
            }
            row
        })
        .collect();

    let mut details = round_details(stage, round.no, lang);
    if let Some(rules) = stage.knockout.as_ref().filter(|_| knockout) {
        let playoffs: Vec<String> = round
            .games
            .iter()
            .filter(|gm| gm.game > rules.games_per_match)
            .map(|gm| {
                let minutes = playoff_minutes(rules, gm.game - rules.games_per_match - 1);
                match lang {
                    Lang::Zh => format!("第{}台第{}局加赛 {}分钟", gm.board, gm.game, minutes),
                    Lang::En => format!("board {} game {}: playoff {} min", gm.board, gm.game, minutes),
                }
            })
            .collect();
        if !playoffs.is_empty() {
            details.push(playoffs.join("；"));
        }
    }

    let mut notes = Vec::new();
    if !round.byes.is_empty() {
        let list: Vec<String> = round
            .byes
            .iter()
            .map(|b| {
                format!("{} {}（{}）", event.shown_no(b.player), name_of(event, b.player), bye_label(b.kind, lang))
            })
            .collect();
        notes.push(format!("{}{}", lang.t("未排对：", "Not paired: "), list.join("　")));
    }
    if monitored > 0 {
        let last = round.games.iter().map(|g| g.board.0).max().unwrap_or(0).min(monitored);
        notes.push(match lang {
            Lang::Zh => format!("{VIDEO_MARK} 视频监控：第1–{last}台"),
            Lang::En => format!("{VIDEO_MARK} video-watched: boards 1–{last}"),
        });
    }
    for w in &round.warnings {
        notes.push(format!("{}{w}", lang.t("注意：", "Warning: ")));
    }
    notes.extend(officials_line(event, lang));

    Ok(Report {
        link: None,
        // A video stage's two more columns need the width.
        orientation: if stage.video { Orientation::Landscape } else { Orientation::Portrait },
        title: event.name.clone(),
        subtitle: format!("{} {}", round_label(g, stage, round.no, lang), PAIRING_SHEET.title(lang)),
        details,
        sections: vec![Section { caption: None, columns, rows }],
        notes,
    })
}

/// The pairing sheet of a round; `round` `None` is the last paired.
pub const PAIRING_SHEET: Printable<Report> = Printable::new(("对阵表", "pairings"), report);
