//! 文件 / File menu of the top bar: 新建 (a new event file from a preset), 打开, 另存为
//! (a copy, which is then the open file), 最近 (recent files) and 偏好设置 (the window's
//! preferences, drawn by the shell's preferences window). There is no "save": the
//! event file is the SQLite document and every change is saved as it is made.
//!
//! Each action opens a small window with a path field and a 浏览… button that asks the
//! system's file dialog (rfd); when no dialog can be shown (no portal, no zenity) rfd
//! answers `None` at once and the path field is the way. The panel never touches a
//! file itself: it pushes [`Job::Create`], [`Job::Open`] or [`Job::SaveAs`].
//!
//! Keys: Ctrl+N 新建, Ctrl+O 打开, Ctrl+Shift+S 另存为, Ctrl+, 偏好设置 (⌘ on macOS); in a window, Enter in
//! the path field confirms and Esc closes it; Tab moves between fields.

use super::save_dialog::folder_beside;
use super::session::Job;
use crate::domain::presets::{self, PRESETS};
use crate::lang::Lang;
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use std::path::{Path, PathBuf};

/// Ctrl+N: a new event file.
pub const NEW_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
/// Ctrl+O: open an event file.
pub const OPEN_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// Ctrl+Shift+S: save a copy and open it.
pub const SAVE_AS_SHORTCUT: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers { shift: true, ..Modifiers::COMMAND }, Key::S);

/// Ctrl+, : the preferences.
pub const PREFS_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Comma);

/// How many recent files the menu keeps.
pub const RECENT_MAX: usize = 8;

/// The extension of event files.
pub const EXTENSION: &str = "bianpai";

/// Which window of the menu is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialog {
    New,
    Open,
    SaveAs,
}

/// The menu's own state: the open window and what was typed in it.
#[derive(Debug, Clone, Default)]
pub struct FileMenu {
    dialog: Option<Dialog>,
    /// Index into [`PRESETS`] of the new event's preset.
    preset: usize,
    /// The new event's title; empty for the preset's.
    name: String,
    /// Rounds of the first stage; empty to decide later.
    rounds: String,
    /// The path typed in the open window.
    path: String,
    /// Why the window's action was not taken.
    error: Option<String>,
    /// The window's first field takes the keyboard focus on the next frame.
    focus_first: bool,
    /// 偏好设置 was chosen, for the shell to open the preferences.
    prefs_asked: bool,
}

impl FileMenu {
    /// Whether one of the menu's windows is open.
    pub fn is_dialog_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Whether 偏好设置 (or Ctrl+,) was chosen since the last call.
    pub fn take_prefs_request(&mut self) -> bool {
        std::mem::take(&mut self.prefs_asked)
    }

    fn open_dialog(&mut self, dialog: Dialog, current: Option<&Path>) {
        self.dialog = Some(dialog);
        self.error = None;
        // A new event starts unnamed: never the previous one's name (issue 39 item 4).
        if dialog == Dialog::New {
            self.name.clear();
            self.rounds.clear();
        }
        self.focus_first = true;
        // Start in the folder of the open file, the usual place for the next one — or,
        // for the demo (in the temporary folder) and without a file, the user's documents.
        self.path = match (dialog, folder_beside(current)) {
            (Dialog::Open, _) | (_, None) => String::new(),
            (_, Some(dir)) => format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR),
        };
    }
}

/// Draws the 文件 menu button, handles its shortcuts, shows its windows, and keeps
/// `recent` (most recent first) up to date with `current`, the open file.
pub fn file_menu_ui(
    ui: &mut Ui,
    state: &mut FileMenu,
    current: Option<&Path>,
    recent: &mut Vec<PathBuf>,
    lang: Lang,
    jobs: &mut Vec<Job>,
) {
    remember(recent, current);
    // Most specific first: Ctrl+Shift+S before any Ctrl+S of a panel.
    if current.is_some() && ui.input_mut(|i| i.consume_shortcut(&SAVE_AS_SHORTCUT)) {
        state.open_dialog(Dialog::SaveAs, current);
    }
    if ui.input_mut(|i| i.consume_shortcut(&NEW_SHORTCUT)) {
        state.open_dialog(Dialog::New, current);
    }
    if ui.input_mut(|i| i.consume_shortcut(&OPEN_SHORTCUT)) {
        state.open_dialog(Dialog::Open, current);
    }
    if ui.input_mut(|i| i.consume_shortcut(&PREFS_SHORTCUT)) {
        state.prefs_asked = true;
        ui.ctx().request_repaint();
    }
    let ctx = ui.ctx().clone();
    let icon = super::theme::widgets::icon_atom(super::theme::icons::FOLDER_OPEN, super::theme::size::ICON);
    ui.menu_button((icon, lang.t("文件", "File")), |ui| {
        let item = |ui: &mut Ui, text: &str, shortcut: &KeyboardShortcut, enabled: bool| {
            let button = egui::Button::new(text).shortcut_text(shortcut_text(&ctx, shortcut));
            ui.add_enabled(enabled, button).clicked()
        };
        if item(ui, lang.t("新建…", "New…"), &NEW_SHORTCUT, true) {
            state.open_dialog(Dialog::New, current);
            ui.close();
        }
        if item(ui, lang.t("打开…", "Open…"), &OPEN_SHORTCUT, true) {
            state.open_dialog(Dialog::Open, current);
            ui.close();
        }
        if item(ui, lang.t("另存为…", "Save As…"), &SAVE_AS_SHORTCUT, current.is_some()) {
            state.open_dialog(Dialog::SaveAs, current);
            ui.close();
        }
        ui.separator();
        // Undo and redo of the event, whatever has the keyboard (Ctrl+Z works only when
        // no field does).
        let undo = KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
        if item(ui, lang.t("撤销上一项修改", "Undo the last change"), &undo, current.is_some()) {
            jobs.push(Job::Undo);
            ui.close();
        }
        let redo = KeyboardShortcut::new(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
        if item(ui, lang.t("重做", "Redo"), &redo, current.is_some()) {
            jobs.push(Job::Redo);
            ui.close();
        }
        ui.separator();
        ui.menu_button(lang.t("最近", "Recent"), |ui| {
            recent_ui(ui, recent, current, lang, jobs);
        });
        ui.separator();
        if item(ui, lang.t("偏好设置…", "Preferences…"), &PREFS_SHORTCUT, true) {
            state.prefs_asked = true;
            ui.ctx().request_repaint();
            ui.close();
        }
        ui.separator();
        ui.weak(lang.t("每次修改都已自动保存", "Every change is saved as it is made"));
    });
    match state.dialog {
        Some(Dialog::New) => new_window_ui(&ctx, state, lang, jobs),
        Some(Dialog::Open) => open_window_ui(&ctx, state, lang, jobs),
        Some(Dialog::SaveAs) => save_as_window_ui(&ctx, state, current, lang, jobs),
        None => {}
    }
}

/// A shortcut as printed on the keys: `Ctrl+,`, not egui's `Ctrl+Comma` (issue 39,
/// item 5: no English word in the Chinese menu).
fn shortcut_text(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    let text = ctx.format_shortcut(shortcut);
    match shortcut.logical_key {
        egui::Key::Comma => text.replace("Comma", ","),
        _ => text,
    }
}

/// Drops the files that are no longer there (a deleted demo copy, a file moved away),
/// keeping `current` (issue 39, item 5).
pub fn forget_missing(recent: &mut Vec<PathBuf>, current: Option<&Path>) {
    recent.retain(|p| current.is_some_and(|c| c == p) || p.exists());
}

/// Puts `current` first in `recent`, without duplicates, at most [`RECENT_MAX`].
pub fn remember(recent: &mut Vec<PathBuf>, current: Option<&Path>) {
    let Some(current) = current else { return };
    if recent.first().is_some_and(|p| p == current) {
        return;
    }
    recent.retain(|p| p != current);
    recent.insert(0, current.to_path_buf());
    recent.truncate(RECENT_MAX);
}

fn recent_ui(ui: &mut Ui, recent: &mut Vec<PathBuf>, current: Option<&Path>, lang: Lang, jobs: &mut Vec<Job>) {
    forget_missing(recent, current);
    if recent.is_empty() {
        ui.weak(lang.t("（无）", "(none)"));
        return;
    }
    let mut chosen = None;
    for (i, path) in recent.iter().enumerate() {
        let is_current = current.is_some_and(|c| c == path);
        let text = format!("{}  {}", i + 1, path.display());
        if ui.add_enabled(!is_current, egui::Button::new(text)).clicked() {
            chosen = Some(path.clone());
        }
    }
    ui.separator();
    if ui.button(lang.t("清除列表", "Clear list")).clicked() {
        recent.retain(|p| current.is_some_and(|c| c == p));
        ui.close();
    }
    if let Some(path) = chosen {
        jobs.push(Job::Open(path));
        ui.close();
    }
}

/// The window's frame: a fixed id (the title changes with the language), Esc closes.
fn dialog_window_ui(
    ctx: &egui::Context,
    state: &mut FileMenu,
    title: &str,
    add_contents: impl FnOnce(&mut Ui, &mut FileMenu),
) {
    let mut open = true;
    let id = egui::Id::unique(("bianpai-file-dialog", state.dialog.map(|d| d as u8)));
    egui::Window::new(title)
        .id(id)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
        .open(&mut open)
        .show(ctx, |ui| {
            add_contents(ui, state);
        });
    if !open || ctx.input(|i| i.key_pressed(Key::Escape)) {
        state.dialog = None;
    }
}

/// Gives `response` the keyboard focus once, when its window has just opened.
fn focus_once(response: &egui::Response, focus_first: &mut bool) {
    if std::mem::take(focus_first) {
        response.request_focus();
    }
}

/// A path field with its label and a 浏览… button; `true` when Enter was pressed in it.
/// `focus` gives the field the keyboard focus once.
fn path_row_ui(
    ui: &mut Ui,
    path: &mut String,
    focus: &mut bool,
    lang: Lang,
    browse: impl FnOnce() -> Option<PathBuf>,
) -> bool {
    let mut entered = false;
    // The system dialog answered nothing: cancelled, or none can be shown here.
    let no_dialog = ui.scope_id().with("no-file-dialog");
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("文件路径", "Path"));
        let response = ui.add(
            egui::TextEdit::singleline(path)
                .id_salt("path")
                .hint_text(lang.t("例如 /home/me/2025春季赛.bianpai", "e.g. /home/me/spring-2025.bianpai"))
                .desired_width(360.0),
        );
        let response = response.labelled_by(label.id);
        focus_once(&response, focus);
        entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button(lang.t("浏览…", "Browse…")).clicked() {
            let chosen = browse();
            ui.data_mut(|d| d.insert_temp(no_dialog, chosen.is_none()));
            if let Some(chosen) = chosen {
                *path = chosen.display().to_string();
            }
        }
    });
    if ui.data(|d| d.get_temp::<bool>(no_dialog)).unwrap_or(false) {
        ui.weak(lang.t(
            "没有选择文件。若系统文件对话框无法打开，请在上面直接输入路径。",
            "No file chosen. If the system's file dialog cannot open, type the path above.",
        ));
    }
    entered
}

/// The typed path, with `.bianpai` added when it has no extension.
pub fn typed_path(text: &str) -> Option<PathBuf> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let path = PathBuf::from(text);
    Some(if path.extension().is_none() { path.with_extension(EXTENSION) } else { path })
}

fn file_dialog(title: &str) -> rfd::FileDialog {
    rfd::FileDialog::new().set_title(title).add_filter("Bianpai", &[EXTENSION])
}

fn error_ui(ui: &mut Ui, error: Option<&String>) {
    if let Some(error) = error {
        ui.colored_label(ui.visuals().error_fg_color, error.as_str());
    }
}

fn new_window_ui(ctx: &egui::Context, state: &mut FileMenu, lang: Lang, jobs: &mut Vec<Job>) {
    dialog_window_ui(ctx, state, lang.t("新建赛事", "New event"), |ui, state| {
        let preset = PRESETS.get(state.preset).copied().unwrap_or(PRESETS[0]);
        egui::Grid::new("new-event").num_columns(2).spacing([12.0, 8.0]).show(ui, |ui| {
            let label = ui.label(lang.t("预设", "Preset"));
            egui::ComboBox::from_id_salt("preset")
                .selected_text(lang.t(preset.title.0, preset.title.1))
                .width(240.0)
                .show_ui(ui, |ui| {
                    for (i, p) in PRESETS.iter().enumerate() {
                        let (title, summary) = (lang.t(p.title.0, p.title.1), lang.t(p.summary.0, p.summary.1));
                        ui.selectable_value(&mut state.preset, i, title).on_hover_text(summary);
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            ui.label("");
            ui.add(egui::Label::new(egui::RichText::new(lang.t(preset.summary.0, preset.summary.1)).weak()).wrap());
            ui.end_row();
            let label = ui.label(lang.t("赛事名称", "Event name"));
            let name = ui
                .add(
                    egui::TextEdit::singleline(&mut state.name)
                        .id_salt("name")
                        .hint_text(lang.t("留空则用预设的名称", "empty: the preset's name"))
                        .desired_width(360.0),
                )
                .labelled_by(label.id);
            focus_once(&name, &mut state.focus_first);
            ui.end_row();
            rounds_row_ui(ui, &mut state.rounds, presets::plans_rounds_itself(preset.name), lang);
        });
        let title = lang.t("新建赛事文件", "New event file");
        let entered = path_row_ui(ui, &mut state.path, &mut state.focus_first, lang, || file_dialog(title).save_file());
        error_ui(ui, state.error.as_ref());
        ui.horizontal(|ui| {
            if ui.button(lang.t("创建", "Create")).clicked() || entered {
                match new_event_job(state, preset.name, lang) {
                    Ok(job) => {
                        jobs.push(job);
                        state.dialog = None;
                    }
                    Err(why) => state.error = Some(why),
                }
            }
            if ui.button(lang.t("取消", "Cancel")).clicked() {
                state.dialog = None;
            }
        });
    });
}

/// The 轮数 row; a preset that plans its rounds per group takes no typed count, and the
/// row says so (issue 39 item 4).
fn rounds_row_ui(ui: &mut Ui, rounds: &mut String, planned_by_preset: bool, lang: Lang) {
    let label = ui.label(lang.t("轮数", "Rounds"));
    ui.vertical(|ui| {
        let field = egui::TextEdit::singleline(rounds)
            .id_salt("rounds")
            .hint_text(lang.t("第一阶段的轮数，可稍后决定", "of the first stage; may be decided later"))
            .desired_width(360.0);
        ui.add_enabled(!planned_by_preset, field).labelled_by(label.id);
        if planned_by_preset {
            ui.add(
                egui::Label::new(egui::RichText::new(lang.t(
                    "此预设按组别规定了轮数，这里不能填写；创建后可在“赛事”中修改各组的轮数。",
                    "This preset sets the rounds of each group itself, so none can be typed here; change a group's rounds under Event once created.",
                ))
                .weak(),
                )
                .wrap(),
            );
        }
    });
    ui.end_row();
}

fn new_event_job(state: &FileMenu, preset: &str, lang: Lang) -> Result<Job, String> {
    let path = typed_path(&state.path).ok_or_else(|| lang.t("请填写文件路径。", "Enter a file path.").to_string())?;
    if path.exists() {
        return Err(format!(
            "{}: {}",
            path.display(),
            lang.t("文件已存在，不会覆盖。", "already exists; not overwritten.")
        ));
    }
    let rounds = match state.rounds.trim() {
        _ if presets::plans_rounds_itself(preset) => None,
        "" => None,
        text => match text.parse::<u32>() {
            Ok(n) if n > 0 => Some(n),
            _ => return Err(lang.t("轮数应为正整数。", "Rounds must be a whole number above 0.").to_string()),
        },
    };
    let name = Some(state.name.trim()).filter(|n| !n.is_empty());
    let event = presets::build_new(preset, name, rounds).ok_or_else(|| format!("unknown preset {preset}"))?;
    Ok(Job::Create { path, event: Box::new(event) })
}

fn open_window_ui(ctx: &egui::Context, state: &mut FileMenu, lang: Lang, jobs: &mut Vec<Job>) {
    dialog_window_ui(ctx, state, lang.t("打开赛事文件", "Open event file"), |ui, state| {
        let title = lang.t("打开赛事文件", "Open event file");
        let entered = path_row_ui(ui, &mut state.path, &mut state.focus_first, lang, || file_dialog(title).pick_file());
        error_ui(ui, state.error.as_ref());
        ui.horizontal(|ui| {
            if ui.button(lang.t("打开", "Open")).clicked() || entered {
                match typed_path(&state.path) {
                    Some(path) if path.is_file() => {
                        jobs.push(Job::Open(path));
                        state.dialog = None;
                    }
                    Some(path) => {
                        state.error = Some(format!("{}: {}", path.display(), lang.t("文件不存在。", "no such file.")));
                    }
                    None => state.error = Some(lang.t("请填写文件路径。", "Enter a file path.").to_string()),
                }
            }
            if ui.button(lang.t("取消", "Cancel")).clicked() {
                state.dialog = None;
            }
        });
    });
}

fn save_as_window_ui(
    ctx: &egui::Context,
    state: &mut FileMenu,
    current: Option<&Path>,
    lang: Lang,
    jobs: &mut Vec<Job>,
) {
    dialog_window_ui(ctx, state, lang.t("另存为", "Save As"), |ui, state| {
        if let Some(current) = current {
            ui.label(format!("{}{}", lang.t("当前文件：", "Current file: "), current.display()));
        }
        ui.label(lang.t(
            "写入一份完整副本（含审计记录），之后在副本上继续工作；原文件保持不变。",
            "Writes a complete copy (audit log included) and goes on working in the copy; the original stays as it is.",
        ));
        let title = lang.t("另存为", "Save As");
        let entered = path_row_ui(ui, &mut state.path, &mut state.focus_first, lang, || file_dialog(title).save_file());
        error_ui(ui, state.error.as_ref());
        ui.horizontal(|ui| {
            if ui.add_enabled(current.is_some(), egui::Button::new(lang.t("保存副本", "Save copy"))).clicked()
                || entered
            {
                match typed_path(&state.path) {
                    Some(path) if path.exists() => {
                        state.error = Some(format!(
                            "{}: {}",
                            path.display(),
                            lang.t("文件已存在，不会覆盖。", "already exists; not overwritten.")
                        ));
                    }
                    Some(path) => {
                        jobs.push(Job::SaveAs(path));
                        state.dialog = None;
                    }
                    None => state.error = Some(lang.t("请填写文件路径。", "Enter a file path.").to_string()),
                }
            }
            if ui.button(lang.t("取消", "Cancel")).clicked() {
                state.dialog = None;
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_put_the_current_first_without_duplicates() {
        let mut recent = vec![PathBuf::from("/a.bianpai"), PathBuf::from("/b.bianpai")];
        remember(&mut recent, Some(Path::new("/b.bianpai")));
        assert_eq!(recent, vec![PathBuf::from("/b.bianpai"), PathBuf::from("/a.bianpai")]);
        for i in 0..20 {
            remember(&mut recent, Some(&PathBuf::from(format!("/{i}.bianpai"))));
        }
        assert_eq!(recent.len(), RECENT_MAX);
        assert_eq!(recent[0], PathBuf::from("/19.bianpai"));
        remember(&mut recent, None);
        assert_eq!(recent[0], PathBuf::from("/19.bianpai"));
    }

    #[test]
    fn a_typed_path_gets_the_extension_when_it_has_none() {
        assert_eq!(typed_path("  /tmp/spring "), Some(PathBuf::from("/tmp/spring.bianpai")));
        assert_eq!(typed_path("/tmp/x.db"), Some(PathBuf::from("/tmp/x.db")));
        assert_eq!(typed_path("   "), None);
    }

    #[test]
    fn the_new_window_builds_the_preset_with_name_and_rounds() {
        let dir = tempfile::tempdir().unwrap();
        let state = FileMenu {
            dialog: Some(Dialog::New),
            preset: 0,
            name: " 2025 王喆杯 ".into(),
            rounds: "9".into(),
            path: dir.path().join("cup").display().to_string(),
            error: None,
            focus_first: false,
            prefs_asked: false,
        };
        let Ok(Job::Create { path, event }) = new_event_job(&state, "huaiyin-2022", Lang::Zh) else { panic!() };
        assert_eq!(path, dir.path().join("cup.bianpai"));
        assert_eq!(event.name, "2025 王喆杯");
        assert_eq!(event.preset, "huaiyin-2022");
        let bad = FileMenu { rounds: "zero".into(), ..state.clone() };
        assert!(new_event_job(&bad, "cxa-swiss", Lang::En).is_err());
        // Issue 39 item 4: huaiyin plans each group's rounds; the typed count is not used.
        assert!(new_event_job(&bad, "huaiyin-2022", Lang::En).is_ok());
        let nowhere = FileMenu { path: " ".into(), ..state };
        assert!(new_event_job(&nowhere, "huaiyin-2022", Lang::En).is_err());
    }
}
