//! The knockout bracket as a table per round: each match with both
//! players' seeds, the match score in knockout points, every game's result from the
//! first-named player's side, and the winner; the final places once the final and the
//! third-place match are decided.

use super::layout::{Align, Column, Orientation};
use super::{Lang, PrintError, Printed, Report, Section, club_of, group_of, name_of, officials_line};
use crate::domain::event::{Event, Round, Stage, StageKind, stage_entrants};
use crate::domain::ids::{BoardNo, GroupId, StartNo};
use crate::domain::knockout::{KnockoutError, MatchState, match_games, match_state, next_round};
use crate::domain::points::Points;
use crate::domain::rules::Colour;
use crate::domain::standings::standings;
use std::collections::BTreeMap;

/// The group's knockout stage: the current one when it is a knockout, else the last.
fn knockout_stage(group: &crate::domain::event::Group) -> Result<&Stage, PrintError> {
    let current = group.current_stage().filter(|s| s.kind == StageKind::Knockout);
    current
        .or_else(|| group.stages.iter().rev().find(|s| s.kind == StageKind::Knockout))
        .ok_or_else(|| PrintError::NoKnockout { group: group.name.clone() })
}

/// Whether `round` is the final round of two boards (final and third-place match).
fn is_placement(rounds: &[Round], index: usize) -> bool {
    let boards = |r: &Round| {
        let mut b: Vec<BoardNo> = r.games.iter().map(|g| g.board).collect();
        b.dedup();
        b.len()
    };
    index > 0 && boards(&rounds[index]) == 2 && boards(&rounds[index - 1]) == 2
}

/// The caption of a round (or of one of its boards in the placement round).
fn round_caption(rounds: &[Round], index: usize, lang: Lang) -> String {
    let round = &rounds[index];
    let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    boards.dedup();
    if is_placement(rounds, index) {
        return format!("{} {}", lang.t("决赛、三四名决赛", "Final and third place"), round_no(round, lang));
    }
    match boards.len() {
        1 => format!("{} {}", lang.t("决赛", "Final"), round_no(round, lang)),
        2 => format!("{} {}", lang.t("半决赛", "Semi-finals"), round_no(round, lang)),
        4 => format!("{} {}", lang.t("四分之一决赛", "Quarter-finals"), round_no(round, lang)),
        n => match lang {
            Lang::Zh => format!("{}强 {}", 2 * n, round_no(round, lang)),
            Lang::En => format!("Round of {} {}", 2 * n, round_no(round, lang)),
        },
    }
}

fn round_no(round: &Round, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("（第{}轮）", round.no),
        Lang::En => format!("(round {})", round.no),
    }
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
    let seeds = stage_entrants(event, g.id, stage);
    let seed_of: BTreeMap<StartNo, usize> = seeds.iter().enumerate().map(|(i, p)| (*p, i + 1)).collect();
    let seed = |p: StartNo| seed_of.get(&p).map_or_else(String::new, usize::to_string);
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
    let mut sections = Vec::new();
    for (index, round) in stage.rounds.iter().enumerate() {
        let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
        boards.dedup();
        let placement = is_placement(&stage.rounds, index);
        let rows = boards
            .iter()
            .filter_map(|board| {
                let games = match_games(round, *board);
                let first = games.first()?;
                let (a, b) = (first.red, first.black);
                let mut score: BTreeMap<StartNo, Points> = BTreeMap::new();
                let mut results = Vec::new();
                for gm in &games {
                    let Some(r) = gm.result else { continue };
                    for colour in [Colour::Red, Colour::Black] {
                        *score.entry(gm.player(colour)).or_default() += r.outcome.points_for(colour, &stage.scoring);
                    }
                    let side = gm.colour_of(a).unwrap_or(Colour::Red);
                    let word = if r.outcome.won_by(side) {
                        lang.t("胜", "+")
                    } else if r.outcome.won_by(side.opposite()) {
                        lang.t("负", "-")
                    } else {
                        lang.t("和", "=")
                    };
                    results.push(word.to_string());
                }
                let points = |p: StartNo| score.get(&p).copied().unwrap_or_default();
                let rules = stage.knockout.as_ref()?;
                let winner = match match_state(&games, &stage.scoring, rules) {
                    MatchState::Won { winner, .. } => name_of(event, winner),
                    MatchState::Level { .. } => lang.t("加赛", "playoff").to_string(),
                    MatchState::InPlay if games.len() as u32 > rules.games_per_match => {
                        lang.t("加赛", "playoff").to_string()
                    }
                    MatchState::InPlay => String::new(),
                };
                let label = match (placement, board.0) {
                    (true, 1) => lang.t("决赛", "Final").to_string(),
                    (true, _) => lang.t("三四名", "3rd place").to_string(),
                    _ => board.to_string(),
                };
                let played = games.iter().any(|g| g.result.is_some());
                Some(vec![
                    label,
                    seed(a),
                    name_of(event, a),
                    if played { format!("{} : {}", points(a), points(b)) } else { String::new() },
                    seed(b),
                    name_of(event, b),
                    results.join(" "),
                    winner,
                ])
            })
            .collect();
        sections.push(Section {
            caption: Some(round_caption(&stage.rounds, index, lang)),
            columns: columns.clone(),
            rows,
        });
    }
    for bye in stage.rounds.iter().flat_map(|r| r.byes.iter().map(move |b| (r.no, b))) {
        if let Some(section) = (bye.0.0 as usize).checked_sub(1).and_then(|i| sections.get_mut(i)) {
            section.rows.push(vec![
                String::new(),
                seed(bye.1.player),
                name_of(event, bye.1.player),
                lang.t("轮空", "bye").to_string(),
                String::new(),
                String::new(),
                String::new(),
                name_of(event, bye.1.player),
            ]);
        }
    }
    let finished = stage.knockout.as_ref().is_some_and(|rules| {
        matches!(next_round(&seeds, &stage.rounds, &stage.scoring, rules), Err(KnockoutError::Finished))
    });
    if finished {
        let table = standings(event, g.id, stage.no, stage.rounds.len() as u32)?;
        let rows = table
            .rows
            .iter()
            .map(|r| {
                vec![r.rank.to_string(), r.start_no.to_string(), name_of(event, r.start_no), club_of(event, r.start_no)]
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
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle: format!("{} · {} {}", g.name, stage.name, lang.t("对阵图", "bracket")),
        details,
        sections,
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// The bracket as a PDF.
///
/// # Errors
/// See [`report`]; also [`PrintError::Font`] and [`PrintError::Pdf`].
pub fn print(event: &Event, group: GroupId, lang: Lang) -> Result<Printed, PrintError> {
    report(event, group, lang)?.render(lang)
}
