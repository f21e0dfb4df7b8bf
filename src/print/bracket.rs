//! The knockout bracket as a table per paired round, printed from the
//! window's model ([`crate::present::bracket`]), so rounds are named as on screen
//! (1/4决赛, 半决赛, 决赛与三四名): each match with both sides' seeds (the better seed
//! first, the winner carrying it on), the match score in knockout points, every game's
//! result from the first-named player's side, and the winner; the final places once
//! the final and the third-place match are decided.

use super::layout::{Align, Column, Orientation};
use super::{Document, PrintError, Printable, Report, Section, club_of, group_of, name_of, officials_line};
use crate::domain::event::{Event, Stage, StageKind};
use crate::domain::ids::GroupId;
use crate::domain::standings::standings;
use crate::lang::Lang;
use crate::present::bracket::{BoxKind, Bracket, Column as BracketColumn, Holder, MatchBox, Pending, Side, Verdict};

/// The group's knockout stage: the current one when it is a knockout, else the last.
fn knockout_stage(group: &crate::domain::event::Group) -> Result<&Stage, PrintError> {
    let current = group.current_stage().filter(|s| s.kind == StageKind::Knockout);
    current
        .or_else(|| group.stages.iter().rev().find(|s| s.kind == StageKind::Knockout))
        .ok_or_else(|| PrintError::NoKnockout { group: group.name.clone() })
}

/// The rows of a paired round: its matches in board order, then the seeds passing it.
fn round_rows(event: &Event, column: &BracketColumn, lang: Lang) -> Vec<Vec<String>> {
    let mut matches: Vec<&MatchBox> = column.boxes.iter().filter(|b| b.paired.is_some()).collect();
    matches.sort_by_key(|b| b.paired);
    let passes = column.boxes.iter().filter(|b| b.kind == BoxKind::Pass);
    matches.into_iter().chain(passes).map(|b| match_row(event, b, lang)).collect()
}

/// One match: board (or 决赛, 三四名), both sides with their seeds, the score, each
/// game from the first side's view, the winner (加赛 while level); a seed passing the
/// round: 轮空.
fn match_row(event: &Event, b: &MatchBox, lang: Lang) -> Vec<String> {
    let seed = |s: &Side| s.seed.map_or_else(String::new, |n| n.to_string());
    let name = |s: &Side| match s.holder {
        Holder::Player(p) => name_of(event, p),
        _ => String::new(),
    };
    let [first, second] = &b.sides;
    if b.kind == BoxKind::Pass {
        let bye = b.kind.name(lang).unwrap_or_default().to_string();
        let blank = String::new;
        return vec![blank(), seed(first), name(first), bye, blank(), blank(), blank(), name(first)];
    }
    let label = match (b.kind.name(lang), b.paired) {
        (Some(name), _) => name.to_string(),
        (None, Some((_, board))) => board.to_string(),
        (None, None) => String::new(),
    };
    let score = if b.is_played() { format!("{} : {}", b.points[0], b.points[1]) } else { String::new() };
    let games: Vec<&str> = b
        .verdicts()
        .into_iter()
        .map(|v| match v {
            Verdict::Win => lang.t("胜", "+"),
            Verdict::Loss => lang.t("负", "-"),
            Verdict::Draw => lang.t("和", "="),
        })
        .collect();
    let winner = match b.winner() {
        Some(w) => name_of(event, w),
        None if b.playoff => lang.t("加赛", "playoff").to_string(),
        None => String::new(),
    };
    vec![label, seed(first), name(first), score, seed(second), name(second), games.join(" "), winner]
}

/// The bracket as data.
///
/// # Errors
/// [`PrintError::NoKnockout`] when the group has no knockout stage,
/// [`PrintError::NothingPaired`] before its first round.
pub fn report(event: &Event, group: GroupId, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = knockout_stage(g)?;
    if stage.rounds.is_empty() {
        return Err(PrintError::NothingPaired { group: g.name.clone() });
    }
    let bracket = Bracket::of_stage(event, g.id, stage, &Pending::new())
        .ok_or_else(|| PrintError::NoKnockout { group: g.name.clone() })?;
    let columns = vec![
        Column::new(lang.t("台次", "Match"), 3.5, Align::Center),
        Column::new(lang.t("种子", "Seed"), 3.0, Align::Right),
        Column::new(lang.t("姓名", "Name"), 8.0, Align::Left),
        Column::new(lang.t("比分", "Score"), 5.0, Align::Center),
        Column::new(lang.t("种子", "Seed"), 3.0, Align::Right),
        Column::new(lang.t("姓名", "Name"), 8.0, Align::Left),
        Column::new(lang.t("各局", "Games"), 9.0, Align::Left),
        Column::new(lang.t("胜者", "Winner"), 8.0, Align::Left),
    ];
    let mut sections: Vec<Section> = bracket
        .columns
        .iter()
        .filter(|c| c.paired)
        .map(|c| Section { caption: Some(c.title(lang)), columns: columns.clone(), rows: round_rows(event, c, lang) })
        .collect();
    if bracket.finished {
        let table = standings(event, g.id, stage.no, stage.rounds.len() as u32)?;
        let rows = table
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.rank_text(),
                    event.shown_no(r.start_no).to_string(),
                    name_of(event, r.start_no),
                    club_of(event, r.start_no),
                ]
            })
            .collect();
        sections.push(Section {
            caption: Some(lang.t("最终名次", "Final places").to_string()),
            columns: vec![
                Column::new(lang.t("名次", "Place"), 4.0, Align::Right),
                Column::new(lang.t("编号", "No."), 4.0, Align::Right),
                Column::new(lang.t("姓名", "Name"), 10.0, Align::Left),
                Column::new(lang.t("单位", "Club"), 12.0, Align::Left),
            ],
            rows,
        });
    }
    let details = vec![format!(
        "{}{}",
        lang.t(
            "比分为各局积分之和；各局以左方选手计。",
            "Score: game points summed; games from the left player's side. "
        ),
        if stage.time_control.is_empty() {
            String::new()
        } else {
            format!("{}{}", lang.t("用时：", "Time control: "), stage.time_control)
        }
    )];
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle: format!("{} · {} {}", g.name, stage.name, BRACKET.title(lang)),
        details,
        sections,
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// The knockout bracket.
pub const BRACKET: Printable<Report> =
    Printable::new(("对阵图", "bracket"), |event, group, _, lang| report(event, group, lang));
