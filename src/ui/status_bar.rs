//! The window's status bar — the event file, work in progress, the last notice and the
//! consequences of the last change — and the page shown when a file cannot be opened.

use super::consequences::describe;
use super::fonts::FontSource;
use super::session::{Job, Notice, Restorable, Session, read_only_words};
use crate::lang::Lang;
use egui::Ui;

/// The status bar: the file, the worker busy, the last notice and its consequences;
/// after an undo, a button to redo it.
pub fn status_bar_ui(ui: &mut Ui, session: &Session, font: Option<&FontSource>, lang: Lang, jobs: &mut Vec<Job>) {
    ui.horizontal_wrapped(|ui| {
        match session.path() {
            Some(path) => {
                ui.label(format!("{}{}", lang.t("赛事文件：", "Event file: "), path.display()));
                if session.is_read_only() {
                    ui.colored_label(ui.visuals().warn_fg_color, lang.t("（只读）", "(read-only)"));
                }
            }
            None => {
                ui.label(lang.t("未打开赛事文件", "No event file open"));
            }
        }
        if session.is_busy() {
            ui.separator();
            ui.spinner();
            ui.label(lang.t("处理中…", "Working…"));
        }
        match session.notice() {
            Some(Notice::Saved(what)) => {
                ui.separator();
                ui.label(format!("{}{}", lang.t("已保存：", "Saved: "), what.get(lang)));
                for consequence in session.consequences() {
                    ui.separator();
                    ui.colored_label(ui.visuals().warn_fg_color, describe(consequence, lang));
                }
            }
            Some(Notice::Opened(path)) => {
                ui.separator();
                ui.label(format!("{}{path}", lang.t("已打开：", "Opened: ")));
            }
            Some(Notice::Done(what)) => {
                ui.separator();
                ui.label(what.get(lang));
            }
            Some(Notice::Undone(what)) => {
                ui.separator();
                ui.label(what.get(lang));
                let redo = egui::Button::new(lang.t("重做", "Redo")).small();
                let hint =
                    lang.t("把刚撤销的修改重新做一遍（Ctrl+Shift+Z）", "Put back what was just undone (Ctrl+Shift+Z)");
                if ui.add_enabled(!session.is_busy(), redo).on_hover_text(hint).clicked() {
                    jobs.push(Job::Redo);
                }
            }
            Some(Notice::Failed(why)) => {
                ui.separator();
                ui.colored_label(ui.visuals().error_fg_color, why.get(lang));
            }
            None => {}
        }
        if font.is_none() {
            ui.separator();
            ui.colored_label(
                ui.visuals().warn_fg_color,
                lang.t("未找到中文字体，汉字可能显示为方框", "No Chinese font found: Chinese text shows as boxes"),
            );
        }
    });
}

/// The strip above the panels while the open file is read-only (issue 22, item 3): what
/// the director can and cannot do, and the way to an editable copy.
pub fn read_only_banner_ui(ui: &mut Ui, lang: Lang) {
    egui::Frame::group(ui.style()).fill(ui.visuals().faint_bg_color).show(ui, |ui| {
        ui.colored_label(ui.visuals().warn_fg_color, read_only_words().get(lang));
    });
    ui.add_space(crate::ui::theme::space::XS);
}

/// The page shown instead of the panels when the event file could not be opened; for a
/// file changed outside Bianpai or damaged, a button that restores its newest backup
/// (issue 22, item 6), and one beside each of its backups (issue 38, item 3).
pub fn open_error_ui(ui: &mut Ui, session: &Session, lang: Lang, jobs: &mut Vec<Job>) {
    if session.is_busy() {
        ui.spinner();
        return;
    }
    ui.heading(lang.t("无法打开赛事文件", "The event file could not be opened"));
    ui.add_space(crate::ui::theme::space::S);
    if let Some(Notice::Failed(message)) = session.notice() {
        ui.colored_label(ui.visuals().error_fg_color, message.get(lang));
    }
    ui.add_space(crate::ui::theme::space::S);
    match session.restorable() {
        Some(restorable) => restore_newest_ui(ui, restorable, lang, jobs),
        None => {
            ui.label(lang.t(
                "请检查文件路径，或关闭正在使用该文件的其他 Bianpai 窗口，再用“文件 → 打开…”重试。",
                "Check the path, or close the other Bianpai window using the file, then open it again with File → Open….",
            ));
        }
    }
}

/// The newest backup named, and the button that puts it in the file's place.
fn restore_newest_ui(ui: &mut Ui, restorable: &Restorable, lang: Lang, jobs: &mut Vec<Job>) {
    let name = |p: &std::path::Path| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = restorable.path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let backup = name(&restorable.backup);
    ui.label(match lang {
        Lang::Zh => format!("可以用最新的备份 {backup} 替换它；被替换的文件保留为 {stem}.replaced.bianpai（已有则依次编号，不覆盖）。"),
        Lang::En => format!(
            "It can be replaced by the newest backup, {backup}; the replaced file is kept as {stem}.replaced.bianpai (numbered on when that exists, never overwritten)."
        ),
    });
    ui.add_space(crate::ui::theme::space::XS);
    let hint =
        lang.t("用最新的备份替换这个赛事文件并打开", "Put the newest backup in place of this event file and open it");
    if ui.button(lang.t("恢复最新备份", "Restore the newest backup")).on_hover_text(hint).clicked() {
        jobs.push(Job::RestoreBackup { path: restorable.path.clone(), from: restorable.backup.clone() });
    }
    every_backup_ui(ui, restorable, lang, jobs);
}

/// Every backup of the file, newest first, each with what it was made before and when
/// and a button that puts it in the file's place (issue 38, item 3): an older one when
/// the newest is not the one wanted.
fn every_backup_ui(ui: &mut Ui, restorable: &Restorable, lang: Lang, jobs: &mut Vec<Job>) {
    ui.add_space(crate::ui::theme::space::S);
    let count = restorable.backups.len();
    ui.label(match lang {
        Lang::Zh => format!("这个赛事文件的全部备份（{count} 个），也可以恢复其中任何一个："),
        Lang::En => format!("All backups of this event file ({count}); any of them can be restored:"),
    });
    for (backup, said) in restorable.backups.iter().rev() {
        let name = backup.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label(said.get(lang)).on_hover_text(&name);
            let hint = match lang {
                Lang::Zh => format!("用备份 {name} 替换这个赛事文件并打开"),
                Lang::En => format!("Put the backup {name} in place of this event file and open it"),
            };
            if ui.button(lang.t("恢复此备份", "Restore this backup")).on_hover_text(hint).clicked() {
                jobs.push(Job::RestoreBackup { path: restorable.path.clone(), from: backup.clone() });
            }
        });
    }
}
