//! 偏好设置 / Preferences (issue 18, item 5): a window, opened from 文件 → 偏好设置… or
//! Ctrl+, , with what this laptop remembers — the language and theme (also on the top
//! bar), the operator's name written into every change's audit row, how many automatic
//! backups each event file keeps — and the window's size, which eframe remembers by
//! itself (a button puts it back to the first start's).
//!
//! Keys: Tab moves between the fields, Enter in a field confirms, Esc cancels. Nothing
//! changes until 确定 / OK.

use super::prefs::{BACKUPS_MAX, DEFAULT_WINDOW_SIZE, Prefs};
use crate::lang::Lang;
use crate::store::backup;
use egui::{Key, Ui};

/// The preferences window's state: open or not, and what is being edited.
#[derive(Debug, Clone, Default)]
pub struct PrefsDialog {
    open: bool,
    /// The preferences as edited (applied on 确定).
    draft: Prefs,
    /// The backups field as typed; empty: the default.
    backups: String,
    /// Why 确定 was refused.
    error: Option<String>,
    /// The first field takes the keyboard focus on the next frame.
    focus_first: bool,
}

impl PrefsDialog {
    /// Opens the window on the preferences in force.
    pub fn open(&mut self, current: &Prefs) {
        *self = PrefsDialog {
            open: true,
            draft: current.clone(),
            backups: current.backups_kept.map(|n| n.to_string()).unwrap_or_default(),
            error: None,
            focus_first: true,
        };
    }

    /// Whether the window is open.
    pub fn is_open(&self) -> bool {
        self.open
    }
}

/// Draws the preferences window when it is open; returns the preferences chosen when
/// the director confirms them (the window then closes).
pub fn prefs_dialog_ui(ctx: &egui::Context, state: &mut PrefsDialog, lang: Lang) -> Option<Prefs> {
    if !state.open {
        return None;
    }
    let mut open = true;
    let mut chosen = None;
    egui::Window::new(lang.t("偏好设置", "Preferences"))
        .id(egui::Id::unique("bianpai-prefs-window"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
        .open(&mut open)
        .show(ctx, |ui| {
            let entered = fields_ui(ui, state, lang);
            if let Some(error) = &state.error {
                ui.colored_label(ui.visuals().error_fg_color, error.as_str());
            }
            ui.horizontal(|ui| {
                if ui.button(lang.t("确定", "OK")).clicked() || entered {
                    match backups_of(&state.backups, lang) {
                        Ok(kept) => chosen = Some(Prefs { backups_kept: kept, ..state.draft.clone() }.kept()),
                        Err(why) => state.error = Some(why),
                    }
                }
                if ui.button(lang.t("取消", "Cancel")).clicked() {
                    state.open = false;
                }
            });
        });
    if !open || ctx.input(|i| i.key_pressed(Key::Escape)) || chosen.is_some() {
        state.open = false;
    }
    chosen
}

/// The fields; `true` when Enter was pressed in a text field.
fn fields_ui(ui: &mut Ui, state: &mut PrefsDialog, lang: Lang) -> bool {
    let mut entered = false;
    let enter = |r: &egui::Response, ui: &Ui| r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
    egui::Grid::new("prefs-grid").num_columns(2).spacing([12.0, 10.0]).show(ui, |ui| {
        ui.label(lang.t("语言", "Language"));
        ui.horizontal(|ui| {
            for choice in [Lang::Zh, Lang::En] {
                ui.selectable_value(&mut state.draft.lang, choice, choice.name());
            }
        });
        ui.end_row();
        ui.label(lang.t("主题", "Theme"));
        ui.horizontal(|ui| {
            ui.selectable_value(&mut state.draft.dark, false, lang.t("浅色", "Light"));
            ui.selectable_value(&mut state.draft.dark, true, lang.t("深色", "Dark"));
        });
        ui.end_row();
        let label = ui.label(lang.t("操作者姓名", "Operator name"));
        let operator = ui
            .add(
                egui::TextEdit::singleline(&mut state.draft.operator)
                    .id_salt("operator")
                    .hint_text(lang.t("留空则记系统用户名", "empty: the computer's user name"))
                    .desired_width(240.0),
            )
            .labelled_by(label.id);
        if std::mem::take(&mut state.focus_first) {
            operator.request_focus();
        }
        entered |= enter(&operator, ui);
        ui.end_row();
        ui.label("");
        ui.weak(lang.t(
            "记入此后每一条修改记录（记录页的“操作者”）。",
            "Recorded with every change from now on (“By” in the history).",
        ));
        ui.end_row();
        let label = ui.label(lang.t("保留自动备份", "Backups kept"));
        let default = backup::keep();
        let hint = match lang {
            Lang::Zh => format!("留空为默认（{default} 份）"),
            Lang::En => format!("empty: the default ({default})"),
        };
        let backups = ui
            .add(egui::TextEdit::singleline(&mut state.backups).id_salt("backups").hint_text(hint).desired_width(240.0))
            .labelled_by(label.id);
        entered |= enter(&backups, ui);
        ui.end_row();
        ui.label("");
        ui.weak(lang.t(
            "每轮编排前备份一次，只留最新的几份；0 为不备份。",
            "One before each pairing; only the newest are kept; 0 makes none.",
        ));
        ui.end_row();
        ui.label(lang.t("窗口大小", "Window size"));
        window_size_ui(ui, lang);
        ui.end_row();
    });
    entered
}

/// The window's size now, remembered for the next start, and a button back to the
/// first start's size.
fn window_size_ui(ui: &mut Ui, lang: Lang) {
    ui.horizontal(|ui| {
        let size =
            ui.ctx().input(|i| i.viewport().inner_rect.map(|r| r.size())).unwrap_or(ui.ctx().content_rect().size());
        ui.label(match lang {
            Lang::Zh => format!("{:.0} × {:.0}，下次启动时保持", size.x, size.y),
            Lang::En => format!("{:.0} × {:.0}, kept for the next start", size.x, size.y),
        });
        if ui.button(lang.t("恢复默认大小", "Default size")).clicked() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::InnerSize(DEFAULT_WINDOW_SIZE.into()));
        }
    });
}

/// The backups field read: empty for the default, else a whole number up to
/// [`BACKUPS_MAX`].
fn backups_of(text: &str, lang: Lang) -> Result<Option<usize>, String> {
    match text.trim() {
        "" => Ok(None),
        text => match text.parse::<usize>() {
            Ok(n) if n <= BACKUPS_MAX => Ok(Some(n)),
            _ => Err(match lang {
                Lang::Zh => format!("保留备份数应为 0 到 {BACKUPS_MAX} 的整数。"),
                Lang::En => format!("Backups kept must be a whole number from 0 to {BACKUPS_MAX}."),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backups_field_reads_empty_as_the_default() {
        assert_eq!(backups_of(" ", Lang::Zh), Ok(None));
        assert_eq!(backups_of("3", Lang::Zh), Ok(Some(3)));
        assert_eq!(backups_of("0", Lang::En), Ok(Some(0)));
        assert!(backups_of("-1", Lang::En).is_err() && backups_of("十", Lang::Zh).is_err());
        assert!(backups_of("1000", Lang::En).is_err());
    }
}
