//! The roster import dialog (CLI.md "Roster columns", R-1.2): a path field with a
//! "选择文件…" button (a native dialog through `rfd`; where the desktop has no file
//! portal it returns nothing and the path field is the way in), a preview of every
//! row read by [`read_roster`], each row's group (its 组别 column, or the group chosen
//! here) and the entry rules it breaks, and every bad row of the file listed by line,
//! column and message. The file is read only when the director asks (button or
//! Enter), on the window's thread: a roster reads in milliseconds.
//!
//! Importing is all or nothing, like `bianpai players import`: one [`Job::Execute`]
//! with one [`Command::AddPlayers`] per group, refused as a whole when any row is
//! wrong. Rows that break a group's rules need an override reason, recorded with
//! each such player — or the director leaves them out (issue 39, item 3): each row has
//! its 导入 check box, and the rows left out are named in the first command, for the
//! audit. The group chosen for rows without a 组别 column is kept for the next import.
//!
//! Keys: Enter in the path field reads the file, Ctrl+Enter imports, Esc closes the
//! dialog.

mod preview;
mod rows;

use crate::domain::ids::GroupId;
use crate::io::roster::{RosterError, RosterRow, RowError, read_roster};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::lang::Words;
use crate::ui::env::Env;
use crate::ui::memo::Memo;
use crate::ui::session::{Job, Ticket};
use crate::ui::theme::{icons, widgets};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use preview::{counts_text, preview_table_ui, summary_ui};
use rows::{RowCheck, check_rows, import_commands};
use std::collections::BTreeSet;
use std::path::Path;

/// The dialog's own state.
#[derive(Debug, Clone)]
pub(super) struct ImportDialog {
    /// What the path field holds.
    path: String,
    /// The group of rows without a 组别 column.
    group: GroupId,
    /// The director chose `group` in this dialog (it is then kept for the next one).
    group_chosen: bool,
    /// The file as last read.
    loaded: Option<Loaded>,
    /// The rows (by index) the director left out of the import.
    left_out: BTreeSet<usize>,
    /// Show the preview from its first row on the next frame (a file was just read).
    scroll_to_top: bool,
    /// The rows' groups and issues, for the event revision, group and rows left out
    /// they were found for.
    checked: Memo<(u64, GroupId, BTreeSet<usize>), Vec<RowCheck>>,
    /// Why an entry that breaks its group's rules is accepted.
    override_reason: String,
    /// The ticket of the import sent, until its answer arrives (issue 40, item 2);
    /// `None` before.
    submitted: Option<Ticket>,
    /// The import was refused.
    failed: bool,
    /// Put the keyboard in the path field on the next frame.
    focus_path: bool,
    /// The file chooser gave no file (cancelled, or no chooser on this desktop).
    no_file_chosen: bool,
}

/// A file as read.
#[derive(Debug, Clone)]
struct Loaded {
    /// The path it was read from.
    path: String,
    /// Its rows, or why none can be imported.
    outcome: Result<Vec<RosterRow>, LoadError>,
}

/// Why a file gives no rows.
#[derive(Debug, Clone)]
enum LoadError {
    /// Rows that do not parse, every one.
    BadRows { file: String, errors: Vec<RowError> },
    /// The file as a whole (missing, unreadable, no name column …), in both languages.
    File { zh: String, en: String },
}

/// The parts of the dialog's state that its buttons change.
struct Controls<'a> {
    override_reason: &'a mut String,
    submitted: &'a mut Option<Ticket>,
    failed: &'a mut bool,
    /// The file read, for the status bar.
    file: &'a str,
}

impl ImportDialog {
    /// A new dialog importing into `group` by default.
    pub(super) fn new(group: GroupId) -> ImportDialog {
        ImportDialog {
            path: String::new(),
            group,
            group_chosen: false,
            loaded: None,
            left_out: BTreeSet::new(),
            scroll_to_top: true,
            checked: Memo::default(),
            override_reason: String::new(),
            submitted: None,
            failed: false,
            focus_path: true,
            no_file_chosen: false,
        }
    }

    /// A new dialog importing into the group the director chose in the last one.
    pub(super) fn with_chosen_group(group: GroupId) -> ImportDialog {
        ImportDialog { group_chosen: true, ..ImportDialog::new(group) }
    }

    /// The group the director chose for rows without a 组别 column, if he chose one.
    pub(super) fn chosen_group(&self) -> Option<GroupId> {
        self.group_chosen.then_some(self.group)
    }

    /// Reads the file named by the path field.
    fn load(&mut self) {
        let path = self.path.trim().to_string();
        // Issue 38, item 12: nobody is born after today; the window knows the day.
        let today = jiff::ZonedDateTime::now().datetime().date();
        let read = read_roster(Path::new(&path))
            .and_then(|rows| crate::io::roster::refuse_future_births(&path, &rows, today).map(|()| rows));
        let outcome = read.map_err(|e| match e {
            RosterError::BadRows { file, errors } => LoadError::BadRows { file, errors },
            other => LoadError::File { zh: other.message(Lang::Zh), en: other.message(Lang::En) },
        });
        self.loaded = Some(Loaded { path, outcome });
        self.checked.clear();
        self.left_out.clear();
        self.scroll_to_top = true;
        self.failed = false;
    }
}

/// A new import dialog: rows without a 组别 column go to the group the director chose
/// in the last one (`chosen`, while the event has it), else to the panel's `group`.
pub(super) fn import_dialog(
    chosen: Option<GroupId>,
    event: &crate::domain::event::Event,
    group: GroupId,
) -> ImportDialog {
    match chosen.filter(|g| event.group(*g).is_some()) {
        Some(chosen) => ImportDialog::with_chosen_group(chosen),
        None => ImportDialog::new(group),
    }
}

/// Draws the dialog while it is open; closes it once the import is saved.
pub(super) fn import_ui(ctx: &egui::Context, dialog: &mut Option<ImportDialog>, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let Some(state) = dialog.as_mut() else { return };
    // The answer to this dialog's import, by its ticket — not any other change saved.
    if let Some(sent) = state.submitted.filter(|t| env.answered(*t)) {
        if env.tickets.done(sent) {
            *dialog = None;
            return;
        }
        state.submitted = None;
        state.failed = true;
    }
    let mut open = true;
    let mut close = false;
    egui::Window::new(env.lang.t("导入名单", "Import a roster"))
        .id(egui::Id::unique("roster_import_dialog"))
        .open(&mut open)
        .collapsible(false)
        .resizable(true)
        .default_width(1180.0)
        .max_width((ctx.content_rect().width() - 32.0).max(400.0))
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 48.0))
        .show(ctx, |ui| {
            close = dialog_body_ui(ui, state, env, jobs);
        });
    if !open || close {
        *dialog = None;
    }
}

/// The path field, the file chooser and 读取预览; `true` when the file is to be read.
fn path_row_ui(ui: &mut Ui, state: &mut ImportDialog, lang: Lang) -> bool {
    let mut read_now = false;
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("文件路径", "File path"));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut state.path)
                    .hint_text(lang.t("名单文件 .csv、.xlsx 或 .xls 的路径", "path of a .csv, .xlsx or .xls roster"))
                    .desired_width(360.0),
            )
            .labelled_by(label.id);
        if state.focus_path {
            field.request_focus();
            state.focus_path = false;
        }
        if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
            read_now = true;
        }
        if ui.button(lang.t("选择文件…", "Choose file…")).clicked() {
            // Modal: the native chooser holds the window until it closes.
            let picked = rfd::FileDialog::new()
                .set_title(lang.t("选择名单文件", "Choose a roster"))
                .add_filter(
                    lang.t("名单 (CSV, XLSX, XLS)", "Roster (CSV, XLSX, XLS)"),
                    &["csv", "xlsx", "xls", "CSV", "XLSX", "XLS"],
                )
                .pick_file();
            state.no_file_chosen = picked.is_none();
            if let Some(picked) = picked {
                state.path = picked.display().to_string();
                read_now = true;
            }
        }
        if ui
            .add_enabled(!state.path.trim().is_empty(), egui::Button::new(lang.t("读取预览", "Read and preview")))
            .on_hover_text("Enter")
            .clicked()
        {
            read_now = true;
        }
    });
    read_now
}

/// The group rows without a 组别 column go to; a choice of the director's is kept for
/// the next import (issue 39, item 3).
fn target_group_ui(ui: &mut Ui, state: &mut ImportDialog, env: &Env<'_>) {
    let (lang, event) = (env.lang, env.event);
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("没有组别列的行导入到", "Rows without a group go to"));
        let shown = event.group(state.group).map_or("", |g| g.name.as_str());
        egui::ComboBox::from_id_salt("roster_import_group")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for g in &event.groups {
                    if ui.selectable_value(&mut state.group, g.id, g.name.as_str()).clicked() {
                        state.group_chosen = true;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// The dialog's contents; `true` when the director closes it.
fn dialog_body_ui(ui: &mut Ui, state: &mut ImportDialog, env: &Env<'_>, jobs: &mut Vec<Job>) -> bool {
    let lang = env.lang;
    let event = env.event;
    let waiting = state.submitted.is_some();
    ui.label(lang.t(
        "CSV 或 Excel（XLSX、XLS）第一张表，首行为列名：姓名（必填）、性别、出生日期、单位、等级分、称号、电话、组别、女子验证、提名、队名；其他列作为备注保留。取消勾选“保留”的行不导入。",
        "CSV, or the first sheet of an Excel workbook (XLSX, XLS), headers in the first row: name (required), gender, born, club, rating, title, phone, group, verified_female, nominee, team, or the same headers in Chinese; other columns are kept as notes. Rows whose “Keep” box is cleared are left out.",
    ));
    ui.add_space(crate::ui::theme::space::XS);
    let mut read_now = false;
    ui.add_enabled_ui(!waiting, |ui| {
        read_now = path_row_ui(ui, state, lang);
        target_group_ui(ui, state, env);
    });
    if state.no_file_chosen {
        ui.weak(lang.t(
            "未选择文件。若没有出现文件对话框（本机无文件选择服务），请直接在上面填写文件路径。",
            "No file chosen. If no file dialog appeared (none on this desktop), type the file's path above.",
        ));
    }
    if read_now && !state.path.trim().is_empty() {
        state.load();
    }
    ui.separator();

    let ImportDialog { group, loaded, left_out, scroll_to_top, checked, override_reason, submitted, failed, .. } =
        state;
    let Some(loaded) = loaded.as_ref() else {
        ui.weak(
            lang.t(
                "填写路径后按 Enter 或点“读取预览”。",
                "Type the path, then press Enter or click “Read and preview”.",
            ),
        );
        return buttons_ui(ui, Controls { override_reason, submitted, failed, file: "" }, env, jobs, None);
    };
    let controls = Controls { override_reason, submitted, failed, file: &loaded.path };
    let rows = match &loaded.outcome {
        Ok(rows) => rows,
        Err(error) => {
            load_error_ui(ui, error, lang);
            return buttons_ui(ui, controls, env, jobs, None);
        }
    };
    let key = (env.revision, *group, left_out.clone());
    let checks: &[RowCheck] = checked.get_or_compute(key, || check_rows(event, *group, rows, left_out));
    summary_ui(ui, event, rows, checks, lang);
    let top = std::mem::take(scroll_to_top);
    // The check boxes change what is left out from the next frame on.
    preview_table_ui(ui, event, (rows, checks), left_out, top, lang);
    buttons_ui(ui, controls, env, jobs, Some((rows, checks)))
}

/// What is wrong with the file, every bad row listed.
fn load_error_ui(ui: &mut Ui, error: &LoadError, lang: Lang) {
    let red = ui.visuals().error_fg_color;
    match error {
        LoadError::File { zh, en } => {
            let message = lang.t(zh, en);
            ui.colored_label(red, format!("{}{message}", lang.t("未能读取名单：", "The roster cannot be read: ")));
        }
        LoadError::BadRows { file, errors } => {
            ui.colored_label(
                red,
                match lang {
                    Lang::Zh => format!("{file}：{} 处错误，未导入任何选手。请改正后重新读取：", errors.len()),
                    Lang::En => {
                        format!("{file}: {} error(s); nothing was imported. Fix them and read again:", errors.len())
                    }
                },
            );
            egui::ScrollArea::vertical().id_salt("roster_import_errors").max_height(240.0).show(ui, |ui| {
                for error in errors {
                    ui.colored_label(red, error.message(lang));
                }
            });
        }
    }
}

/// The override reason's field, shown when a row kept breaks its group's rules.
fn override_reason_ui(ui: &mut Ui, reason: &mut String, waiting: bool, lang: Lang) {
    ui.add_space(crate::ui::theme::space::XS);
    ui.add_enabled_ui(!waiting, |ui| {
        ui.horizontal(|ui| {
            let label = ui.label(lang.t("破格理由", "Override reason"));
            ui.add(
                egui::TextEdit::singleline(reason)
                    .hint_text(lang.t(
                        "有选手不符合报名条件：填写理由后导入，或取消勾选这些行",
                        "some rows break their group's rules: give a reason to import them, or clear their boxes",
                    ))
                    .desired_width(420.0),
            )
            .labelled_by(label.id);
        });
    });
}

/// The override reason (when needed) and the Import / Close buttons; sends the
/// import. `ready` holds the rows and their checks once a file was read without errors.
fn buttons_ui(
    ui: &mut Ui,
    state: Controls<'_>,
    env: &Env<'_>,
    jobs: &mut Vec<Job>,
    ready: Option<(&[RosterRow], &[RowCheck])>,
) -> bool {
    let lang = env.lang;
    let waiting = state.submitted.is_some();
    let file = state.file;
    let kept = |c: &&RowCheck| !c.left_out;
    let needs_override = ready.is_some_and(|(_, checks)| checks.iter().filter(kept).any(|c| !c.issues.is_empty()));
    let group_problems = ready.is_some_and(|(_, checks)| checks.iter().filter(kept).any(|c| c.group.is_err()));
    if needs_override {
        override_reason_ui(ui, state.override_reason, waiting, lang);
    }
    let reason = state.override_reason.trim().to_string();
    let nothing_new = ready.is_some_and(|(_, checks)| checks.iter().all(RowCheck::not_imported));
    let can_import =
        ready.is_some() && !nothing_new && !group_problems && (!needs_override || !reason.is_empty()) && !waiting;
    let mut import = false;
    let mut close = false;
    ui.separator();
    ui.horizontal(|ui| {
        let hint = if nothing_new {
            lang.t("没有要导入的选手：都已报名或未勾选", "Nobody to import: registered already or left out")
        } else if group_problems {
            lang.t("先改正组别有误的行，或取消勾选", "Fix the rows with an unknown group first, or clear their boxes")
        } else if needs_override && reason.is_empty() {
            lang.t("请先填写破格理由", "Give an override reason first")
        } else {
            lang.t("请先读取一个没有错误的名单", "Read a roster without errors first")
        };
        if ui
            .add_enabled(can_import, widgets::primary_button(ui, icons::UPLOAD_SIMPLE, lang.t("导入", "Import")))
            .on_hover_text("Ctrl+Enter")
            .on_disabled_hover_text(hint)
            .clicked()
        {
            import = true;
        }
        if ui.button(lang.t("关闭", "Close")).on_hover_text("Esc").clicked() {
            close = true;
        }
        if waiting {
            ui.spinner();
            ui.label(lang.t("导入中…", "Importing…"));
        }
    });
    if *state.failed {
        ui.colored_label(
            ui.visuals().error_fg_color,
            lang.t("未导入：原因见窗口底部的状态栏。", "Nothing imported: the status bar says why."),
        );
    }
    if can_import && ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter))) {
        import = true;
    }
    if ui.input(|i| i.key_pressed(Key::Escape)) {
        close = true;
    }
    if import && let Some((rows, checks)) = ready {
        let override_reason = (!reason.is_empty()).then_some(reason);
        let commands = import_commands(env.event, rows, checks, override_reason);
        let file_name = Path::new(file).file_name().map_or(file.to_string(), |n| n.to_string_lossy().into_owned());
        let label = Words::in_both(|lang| {
            format!(
                "{} {file_name}{}{}",
                lang.t("导入名单", "Roster"),
                lang.t("：", ": "),
                counts_text(checks, true, lang)
            )
        });
        *state.submitted = Some(env.send(jobs, Job::Execute { label, commands }));
        *state.failed = false;
    }
    close
}

#[cfg(test)]
mod tests;
