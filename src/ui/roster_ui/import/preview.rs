//! The import dialog's preview: the counts of the rows read, and every row with its
//! 导入 check box (issue 39, item 3: a row the director clears is left out), its
//! group, every column the reader recognises (队名 and the notes included) and the
//! entry rules it breaks. The preview shows its first row whenever a file is read.

use super::rows::{GroupProblem, RowCheck, by_group};
use crate::domain::event::Event;
use crate::domain::player::PlayerEntry;
use crate::io::roster::{RosterRow, TEAM_NOTE};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::ui::table::{Align, header_height, header_ui, row_height, text_cell_ui};
use egui::Ui;
use egui_extras::{Column, TableBuilder, TableRow};
use std::collections::BTreeSet;

/// Counts: rows, per group, rows with issues or without a group.
pub(super) fn summary_ui(ui: &mut Ui, event: &Event, rows: &[RosterRow], checks: &[RowCheck], lang: Lang) {
    let per_group: Vec<String> = by_group(checks)
        .iter()
        .map(|(g, indices)| format!("{} {}", event.group(*g).map_or("?", |g| g.name.as_str()), indices.len()))
        .collect();
    let with_issues = checks.iter().filter(|c| !c.issues.is_empty()).count();
    let without_group = checks.iter().filter(|c| c.group.is_err()).count();
    let registered = checks.iter().filter(|c| c.skipped()).count();
    let second = checks.iter().filter(|c| c.second_entry).count();
    // The rows per group in brackets, none when no row has a group (not "共 30 行 ()").
    let per_group = match (per_group.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::Zh) => format!("（{}）", per_group.join("，")),
        (false, Lang::En) => format!(" ({})", per_group.join(", ")),
    };
    let mut text = match lang {
        Lang::Zh => format!(
            "共 {} 行{per_group}；{with_issues} 行不符合报名条件；{without_group} 行组别有误；{registered} 行已报名，不再导入",
            rows.len(),
        ),
        Lang::En => format!(
            "{} row(s){per_group}; {with_issues} break their group's rules; {without_group} with an unknown group; \
             {registered} registered already, not imported again",
            rows.len(),
        ),
    };
    if second > 0 {
        text.push_str(&match lang {
            Lang::Zh => format!("；{second} 行为个人组已报名的选手另报团体组"),
            Lang::En => format!("; {second} player(s) of individual groups also enter a team group"),
        });
    }
    text.push_str(lang.t("。", ". "));
    text.push_str(&counts_text(checks, false, lang));
    ui.label(text);
}

/// What an import does (`done`) or will do, in words: "导入 28 人，略过 2 行" (issue
/// 39, item 3).
pub(super) fn counts_text(checks: &[RowCheck], done: bool, lang: Lang) -> String {
    let imported = checks.iter().filter(|c| !c.not_imported()).count();
    let left_out = checks.iter().filter(|c| c.left_out).count();
    let verb = if done { "imported" } else { "to import" };
    match (lang, left_out) {
        (Lang::Zh, 0) => format!("导入 {imported} 人"),
        (Lang::Zh, n) => format!("导入 {imported} 人，略过 {n} 行"),
        (Lang::En, 0) => format!("{imported} player(s) {verb}"),
        (Lang::En, n) => format!("{imported} player(s) {verb}, {n} row(s) left out"),
    }
}

/// Every row read, with its check box, group, columns and issues (virtualised), in
/// a frame that scrolls sideways when the dialog is narrower than the columns.
/// `to_top` shows the first row (a file was just read).
pub(super) fn preview_table_ui(
    ui: &mut Ui,
    event: &Event,
    (rows, checks): (&[RosterRow], &[RowCheck]),
    left_out: &mut BTreeSet<usize>,
    to_top: bool,
    lang: Lang,
) {
    let headings: Vec<(String, Align)> = [
        (lang.t("保留", "Keep"), Align::Left),
        (lang.t("行", "Line"), Align::Right),
        (lang.t("组别", "Group"), Align::Left),
        (lang.t("姓名", "Name"), Align::Left),
        (lang.t("性别", "Gender"), Align::Left),
        (lang.t("出生日期", "Born"), Align::Left),
        (lang.t("单位", "Club"), Align::Left),
        (lang.t("等级分", "Rating"), Align::Right),
        (lang.t("称号", "Title"), Align::Left),
        (lang.t("电话", "Phone"), Align::Left),
        (lang.t("女子验证", "Verified W"), Align::Left),
        (lang.t("提名", "Nominee"), Align::Left),
        (lang.t("队名", "Team"), Align::Left),
        (lang.t("备注", "Notes"), Align::Left),
        (lang.t("报名条件", "Entry rules"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let colours = (ui.visuals().warn_fg_color, ui.visuals().error_fg_color);
    let mut sideways = egui::ScrollArea::horizontal().id_salt("roster_import_sideways");
    if to_top {
        sideways = sideways.horizontal_scroll_offset(0.0);
    }
    sideways.show(ui, |ui| {
        let mut table = TableBuilder::new(ui)
            .id_salt("roster_import_preview")
            .striped(true)
            .resizable(true)
            .max_scroll_height(300.0);
        if to_top {
            table = table.vertical_scroll_offset(0.0);
        }
        table
            .column(Column::exact(48.0))
            .column(Column::exact(40.0))
            .column(Column::initial(70.0).at_least(50.0))
            .column(Column::initial(80.0).at_least(50.0))
            .column(Column::exact(40.0))
            .column(Column::initial(86.0))
            .column(Column::initial(100.0).at_least(50.0))
            .column(Column::exact(52.0))
            .column(Column::initial(70.0))
            .column(Column::initial(90.0))
            .column(Column::exact(56.0))
            .column(Column::exact(40.0))
            .column(Column::initial(80.0).at_least(50.0))
            .column(Column::initial(100.0).at_least(50.0).clip(true))
            .column(Column::remainder().at_least(160.0).clip(true))
            .header(header_h, |header| header_ui(header, &headings))
            .body(|body| {
                body.rows(row_h, rows.len(), |mut row| {
                    let i = row.index();
                    let (Some(r), Some(check)) = (rows.get(i), checks.get(i)) else { return };
                    kept_cell_ui(&mut row, r, check, i, left_out, lang);
                    row_cells_ui(&mut row, event, r, check, colours, lang);
                });
            });
    });
}

/// The row's 导入 check box (none for a row registered already: it is not imported).
fn kept_cell_ui(
    row: &mut TableRow<'_, '_>,
    r: &RosterRow,
    check: &RowCheck,
    i: usize,
    left_out: &mut BTreeSet<usize>,
    lang: Lang,
) {
    row.col(|ui| {
        if check.skipped() {
            return;
        }
        ui.push_id(("import_row_kept", r.line), |ui| {
            let mut kept = !left_out.contains(&i);
            let response = ui.add(egui::Checkbox::without_text(&mut kept));
            let name = match lang {
                Lang::Zh => format!("导入第 {} 行", r.line),
                Lang::En => format!("Import line {}", r.line),
            };
            response.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, kept, &name));
            if response.changed() {
                if kept {
                    left_out.remove(&i);
                } else {
                    left_out.insert(i);
                }
            }
        });
    });
}

/// The colours of a warning and of an error.
type Colours = (egui::Color32, egui::Color32);

/// The row's cells after its check box. Each cell cut by its column shows its whole
/// text on hover, once (the table's one way, [`text_cell_ui`]).
fn row_cells_ui(
    row: &mut TableRow<'_, '_>,
    event: &Event,
    r: &RosterRow,
    check: &RowCheck,
    (warn, red): Colours,
    lang: Lang,
) {
    let id = ("import_row", r.line);
    let e = &r.entry;
    text_cell_ui(row, id, Align::Right, r.line.to_string());
    match &check.group {
        Ok(g) => text_cell_ui(row, id, Align::Left, event.group(*g).map_or("", |g| g.name.as_str())),
        Err(GroupProblem::Unknown(text)) => {
            let text = match lang {
                Lang::Zh => format!("无此组别“{text}”"),
                Lang::En => format!("no group '{text}'"),
            };
            text_cell_ui(row, id, Align::Left, egui::RichText::new(text).color(red));
        }
        Err(GroupProblem::NoneChosen) => text_cell_ui(row, id, Align::Left, egui::RichText::new("?").color(red)),
    }
    text_cell_ui(row, id, Align::Left, e.name.as_str());
    text_cell_ui(row, id, Align::Left, gender_text(e, lang));
    text_cell_ui(row, id, Align::Left, e.born.map(|d| d.to_string()).unwrap_or_default());
    text_cell_ui(row, id, Align::Left, e.club.as_str());
    text_cell_ui(row, id, Align::Right, e.rating.map(|r| r.to_string()).unwrap_or_default());
    text_cell_ui(row, id, Align::Left, e.title.as_ref().map_or("", |t| lang.t(t.label_zh(), t.label_en())));
    text_cell_ui(row, id, Align::Left, e.phone.as_str());
    text_cell_ui(row, id, Align::Left, if e.verified_female { "√" } else { "" });
    text_cell_ui(row, id, Align::Left, if e.nominee { "√" } else { "" });
    text_cell_ui(row, id, Align::Left, e.notes.get(TEAM_NOTE).map_or("", String::as_str));
    let notes: Vec<String> = e
        .notes
        .iter()
        .filter(|(k, _)| k.as_str() != TEAM_NOTE)
        .map(|(k, v)| format!("{k}{}{v}", lang.t("：", ": ")))
        .collect();
    text_cell_ui(row, id, Align::Left, notes.join(lang.t("；", "; ")));
    text_cell_ui(row, id, Align::Left, rules_text(event, check, (warn, red), lang));
}

/// The row's entry rules: registered already, a second entry, fine, or what it breaks.
fn rules_text(event: &Event, check: &RowCheck, (warn, _): Colours, lang: Lang) -> egui::RichText {
    if let (Some(no), true) = (check.registered, check.second_entry) {
        let there = event.player(no).and_then(|p| event.group(p.group)).map_or("", |g| &g.name);
        egui::RichText::new(match lang {
            Lang::Zh => format!("已在“{there}”报名（编号 {no}），同一人另报本组"),
            Lang::En => format!("registered in {there} (no. {no}); the same person enters here too"),
        })
    } else if let Some(no) = check.registered {
        let text = match lang {
            Lang::Zh => format!("已报名（编号 {no}），不再导入"),
            Lang::En => format!("registered already (no. {no}), not imported again"),
        };
        egui::RichText::new(text).color(warn)
    } else if check.issues.is_empty() {
        egui::RichText::new(lang.t("符合", "ok"))
    } else {
        let text = check.issues.iter().map(|issue| issue.message(lang)).collect::<Vec<_>>().join(lang.t("；", "; "));
        egui::RichText::new(text).color(warn)
    }
}

fn gender_text(entry: &PlayerEntry, lang: Lang) -> &'static str {
    match (entry.gender, lang) {
        (None, _) => "",
        (Some(g), Lang::Zh) => g.label_zh(),
        (Some(crate::domain::player::Gender::Male), Lang::En) => "M",
        (Some(crate::domain::player::Gender::Female), Lang::En) => "F",
    }
}
