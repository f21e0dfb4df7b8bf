//! The table of the group's teams: number, name, club, captain, the members
//! in board order and the reserves; a click on a row chooses its team.

use crate::domain::event::{Event, Group};
use crate::domain::ids::StartNo;
use crate::domain::model::team::{Team, TeamId};
use crate::lang::Lang;
use crate::ui::table::{Align, header_height, header_ui, passive_cell_ui, row_height, table_builder};
use egui::{Sense, Ui};
use egui_extras::Column;

/// `12 张三`, or the number alone.
pub(super) fn player_text(event: &Event, p: StartNo) -> String {
    event.player(p).map_or_else(|| p.to_string(), |pl| format!("{} {}", pl.shown(), pl.entry.name))
}

/// The members in board order: `1.王天一 2.郑惟桐 …` (the board, then the name).
fn members_text(event: &Event, team: &Team) -> String {
    let name = |p: StartNo| event.player(p).map_or_else(|| p.to_string(), |pl| pl.entry.name.clone());
    team.members.iter().enumerate().map(|(i, p)| format!("{}.{}", i + 1, name(*p))).collect::<Vec<_>>().join(" ")
}

/// The teams as a table; the team whose row was clicked.
pub(super) fn teams_table_ui(
    ui: &mut Ui,
    group: &Group,
    event: &Event,
    selected: Option<TeamId>,
    lang: Lang,
) -> Option<TeamId> {
    let headings: Vec<(String, Align)> = [
        (lang.t("编号", "No."), Align::Right),
        (lang.t("队名", "Team"), Align::Left),
        (lang.t("单位", "Club"), Align::Left),
        (lang.t("队长", "Captain"), Align::Left),
        (lang.t("队员（按台次）", "Members (board order)"), Align::Left),
        (lang.t("替补", "Reserves"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let mut clicked = None;
    let at = selected.and_then(|t| group.teams.iter().position(|x| x.id == t));
    let mut table = table_builder(ui, ("teams", group.id))
        .sense(Sense::click())
        .column(Column::exact(40.0))
        .column(Column::initial(120.0).at_least(70.0))
        .column(Column::initial(110.0).at_least(60.0))
        .column(Column::initial(100.0).at_least(60.0))
        .column(Column::initial(360.0).at_least(120.0))
        .column(Column::remainder().at_least(80.0));
    if let Some(i) = at {
        table = table.scroll_to_row(i, None);
    }
    table.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.rows(row_h, group.teams.len(), |mut row| {
            let Some(team) = group.teams.get(row.index()) else { return };
            row.set_selected(selected == Some(team.id));
            let id = ("team", team.id);
            let captain = team.captain.map(|c| player_text(event, c)).unwrap_or_default();
            let reserves: Vec<String> = team.reserves.iter().map(|p| player_text(event, *p)).collect();
            passive_cell_ui(&mut row, id, Align::Right, team.id.to_string());
            passive_cell_ui(&mut row, id, Align::Left, team.name.clone());
            passive_cell_ui(&mut row, id, Align::Left, team.club.clone());
            passive_cell_ui(&mut row, id, Align::Left, captain);
            passive_cell_ui(&mut row, id, Align::Left, members_text(event, team));
            passive_cell_ui(&mut row, id, Align::Left, reserves.join(lang.t("、", ", ")));
            if row.response().clicked() {
                clicked = Some(team.id);
            }
        });
    });
    clicked
}
