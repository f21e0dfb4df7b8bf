//! 选手: the players of the chosen group in a virtualised table (start number, name,
//! gender, birth date, club, rating, title, status), with a search box that filters
//! by name, club or start number. Read-only for now.

use super::table::{Align, header_height, header_ui, row_height, text_cell_ui};
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::player::Player;
use egui::Ui;
use egui_extras::{Column, TableBuilder};

/// The roster view's own state.
#[derive(Debug, Clone, Default)]
pub struct RosterView {
    /// What the search box holds.
    pub filter: String,
}

/// Draws the roster of `group`.
pub fn roster_ui(ui: &mut Ui, state: &mut RosterView, event: &Event, group: GroupId) {
    let all: Vec<&Player> = event.group_players(group).collect();
    let wanted = state.filter.trim().to_string();
    let shown: Vec<&Player> = all.iter().copied().filter(|p| matches_filter(p, &wanted)).collect();
    ui.horizontal(|ui| {
        ui.heading("选手名单");
        ui.add_space(16.0);
        ui.label("搜索");
        ui.add(egui::TextEdit::singleline(&mut state.filter).hint_text("姓名、单位或编号").desired_width(180.0));
        ui.add_space(8.0);
        if wanted.is_empty() {
            ui.label(format!("共 {} 名选手", all.len()));
        } else {
            ui.label(format!("显示 {} / {} 名选手", shown.len(), all.len()));
        }
    });
    ui.separator();
    if all.is_empty() {
        ui.label("本组尚无选手。");
        return;
    }
    let headings: Vec<(String, Align)> = [
        ("编号", Align::Right),
        ("姓名", Align::Left),
        ("性别", Align::Left),
        ("出生日期", Align::Left),
        ("单位", Align::Left),
        ("等级分", Align::Right),
        ("称号", Align::Left),
        ("状态", Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    TableBuilder::new(ui)
        .id_salt(("roster", group))
        .striped(true)
        .resizable(true)
        .auto_shrink([false, false])
        .column(Column::exact(48.0))
        .column(Column::initial(110.0).at_least(70.0))
        .column(Column::exact(40.0))
        .column(Column::initial(100.0).at_least(80.0))
        .column(Column::initial(150.0).at_least(80.0))
        .column(Column::exact(60.0))
        .column(Column::initial(90.0).at_least(60.0))
        .column(Column::remainder().at_least(60.0))
        .header(header_h, |header| header_ui(header, &headings))
        .body(|body| {
            body.rows(row_h, shown.len(), |mut row| {
                let Some(player) = shown.get(row.index()) else { return };
                let id = player.start_no;
                let e = &player.entry;
                text_cell_ui(&mut row, id, Align::Right, player.start_no.to_string());
                text_cell_ui(&mut row, id, Align::Left, e.name.as_str());
                text_cell_ui(&mut row, id, Align::Left, e.gender.map_or("", |g| g.label_zh()));
                text_cell_ui(&mut row, id, Align::Left, e.born.map(|d| d.to_string()).unwrap_or_default());
                text_cell_ui(&mut row, id, Align::Left, e.club.as_str());
                text_cell_ui(&mut row, id, Align::Right, e.rating.map(|r| r.to_string()).unwrap_or_default());
                text_cell_ui(&mut row, id, Align::Left, e.title.as_ref().map_or("", |t| t.label_zh()));
                let status = player.status.label_zh();
                if player.status_reason.is_empty() {
                    text_cell_ui(&mut row, id, Align::Left, status);
                } else {
                    text_cell_ui(&mut row, id, Align::Left, format!("{status}（{}）", player.status_reason));
                }
            });
        });
}

/// Whether `player` matches the search text: part of the name or club, or the exact
/// start number. An empty text matches everyone.
fn matches_filter(player: &Player, text: &str) -> bool {
    text.is_empty()
        || player.entry.name.contains(text)
        || player.entry.club.contains(text)
        || player.start_no.to_string() == text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::demo::demo_event;

    #[test]
    fn filter_matches_name_club_or_start_number() {
        let event = demo_event(1).unwrap();
        let p = &event.players[0];
        assert!(matches_filter(p, ""));
        assert!(matches_filter(p, &p.entry.name));
        assert!(matches_filter(p, &p.entry.club));
        assert!(matches_filter(p, "1"));
        assert!(!matches_filter(p, "不存在的名字"));
    }
}
