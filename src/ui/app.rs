//! The app: the open event file (or why it could not be opened), the chosen group,
//! stage and view, each view's own state, and the frame's layout — a top bar with the
//! event's name and the group selector, a side panel to switch views, a status bar,
//! and the chosen view in the centre.

use super::fonts::FontSource;
use super::pairing_ui::{PairingView, pairing_ui};
use super::roster_ui::{RosterView, roster_ui};
use super::standings_ui::{StandingsView, standings_ui};
use crate::domain::event::{Event, Group, Stage, StageKind, StageStatus};
use crate::domain::ids::{GroupId, StageNo};
use crate::store::EventFile;
use egui::Ui;

/// The views of the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// 选手: the roster.
    #[default]
    Roster,
    /// 对阵: a round's pairings.
    Pairings,
    /// 成绩: the standings.
    Standings,
}

impl View {
    /// Every view, in the side panel's order.
    pub const ALL: [View; 3] = [View::Roster, View::Pairings, View::Standings];

    /// The side panel's label.
    pub fn label_zh(self) -> &'static str {
        match self {
            View::Roster => "选手",
            View::Pairings => "对阵",
            View::Standings => "成绩",
        }
    }
}

/// The Bianpai window.
pub struct BianpaiApp {
    /// The open event file, or the message saying why it could not be opened.
    event_file: Result<EventFile, String>,
    /// The CJK font installed, if any.
    font: Option<FontSource>,
    view: View,
    /// The chosen group; `None` for the first.
    group: Option<GroupId>,
    /// The chosen stage; `None` for the group's current stage.
    stage: Option<StageNo>,
    /// The group and stage shown in the last frame.
    shown: Option<(GroupId, StageNo)>,
    roster: RosterView,
    pairings: PairingView,
    standings: StandingsView,
}

impl std::fmt::Debug for BianpaiApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BianpaiApp")
            .field("event_file", &self.event_file)
            .field("view", &self.view)
            .finish_non_exhaustive()
    }
}

impl BianpaiApp {
    /// An app showing `event_file`, or the error that kept it from opening.
    pub fn new(event_file: Result<EventFile, String>) -> BianpaiApp {
        BianpaiApp {
            event_file,
            font: None,
            view: View::default(),
            group: None,
            stage: None,
            shown: None,
            roster: RosterView::default(),
            pairings: PairingView::default(),
            standings: StandingsView::default(),
        }
    }

    /// Records which CJK font was installed (shown in the status bar).
    pub fn with_font(self, font: Option<FontSource>) -> BianpaiApp {
        BianpaiApp { font, ..self }
    }

    /// The event shown, if the file could be opened.
    pub fn event(&self) -> Option<&Event> {
        self.event_file.as_ref().ok().map(EventFile::event)
    }

    /// `Bianpai 编排 — <event name>`, or `Bianpai 编排` without an event.
    pub fn window_title(&self) -> String {
        match self.event() {
            Some(event) => format!("Bianpai 编排 — {}", event.name),
            None => "Bianpai 编排".to_string(),
        }
    }

    /// The view shown.
    pub fn view(&self) -> View {
        self.view
    }

    /// Shows another view.
    pub fn set_view(&mut self, view: View) {
        self.view = view;
    }

    /// Draws the whole window into `ui`.
    pub fn app_ui(&mut self, ui: &mut Ui) {
        let BianpaiApp { event_file, font, view, group, stage, shown, roster, pairings, standings } = self;
        let event = event_file.as_ref().ok().map(EventFile::event);
        let chosen_group = event.and_then(|e| chosen_group(e, *group));
        let chosen_stage = chosen_group.and_then(|g| chosen_stage(g, *stage));
        // Another group or stage starts its views at their defaults (the last round …).
        let now_shown = chosen_group.zip(chosen_stage).map(|(g, s)| (g.id, s.no));
        if now_shown != *shown {
            *shown = now_shown;
            pairings.round = None;
            standings.after_round = None;
        }

        egui::Panel::top("top_bar").show(ui, |ui| {
            top_bar_ui(ui, event, chosen_group, chosen_stage, group, stage);
        });
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            status_bar_ui(ui, event_file.as_ref().ok().map(EventFile::path), font.as_ref());
        });
        egui::Panel::left("views").resizable(false).exact_size(112.0).show(ui, |ui| {
            views_ui(ui, view);
        });
        egui::CentralPanel::default().show(ui, |ui| match (event_file.as_ref(), chosen_group) {
            (Err(message), _) => open_error_ui(ui, message),
            (Ok(_), None) => {
                ui.label("此赛事没有组别。");
            }
            (Ok(file), Some(g)) => {
                let event = file.event();
                match (*view, chosen_stage) {
                    (View::Roster, _) => roster_ui(ui, roster, event, g.id),
                    (View::Pairings | View::Standings, None) => {
                        ui.label(format!("{}没有比赛阶段。", g.name));
                    }
                    (View::Pairings, Some(s)) => pairing_ui(ui, pairings, event, g, s),
                    (View::Standings, Some(s)) => standings_ui(ui, standings, event, g, s),
                }
            }
        });
    }
}

impl eframe::App for BianpaiApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.app_ui(ui);
    }
}

fn chosen_group(event: &Event, group: Option<GroupId>) -> Option<&Group> {
    group.and_then(|id| event.group(id)).or_else(|| event.groups.first())
}

fn chosen_stage(group: &Group, stage: Option<StageNo>) -> Option<&Stage> {
    stage.and_then(|no| group.stage(no)).or_else(|| group.current_stage())
}

fn top_bar_ui(
    ui: &mut Ui,
    event: Option<&Event>,
    chosen_group: Option<&Group>,
    chosen_stage: Option<&Stage>,
    group: &mut Option<GroupId>,
    stage: &mut Option<StageNo>,
) {
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let Some(event) = event else {
            ui.heading("Bianpai 编排");
            return;
        };
        ui.heading(event.name.as_str());
        ui.add_space(24.0);
        if let Some(current) = chosen_group {
            ui.label("组别");
            let mut selected = current.id;
            egui::ComboBox::from_id_salt("group").selected_text(current.name.as_str()).show_ui(ui, |ui| {
                for g in &event.groups {
                    ui.selectable_value(&mut selected, g.id, g.name.as_str());
                }
            });
            if selected != current.id {
                *group = Some(selected);
                *stage = None;
            }
            if current.stages.len() > 1
                && let Some(shown) = chosen_stage
            {
                ui.label("阶段");
                let mut selected = shown.no;
                egui::ComboBox::from_id_salt("stage").selected_text(shown.name.as_str()).show_ui(ui, |ui| {
                    for s in &current.stages {
                        ui.selectable_value(&mut selected, s.no, format!("{} {}", s.no, s.name));
                    }
                });
                if selected != shown.no {
                    *stage = Some(selected);
                }
            }
            if let Some(s) = chosen_stage {
                ui.add_space(16.0);
                ui.label(stage_summary_zh(s));
            }
        }
    });
    ui.add_space(4.0);
}

/// e.g. `积分编排赛 · 瑞士制 · 已赛 4/7 轮 · 进行中`.
fn stage_summary_zh(stage: &Stage) -> String {
    let kind = match stage.kind {
        StageKind::Swiss => "瑞士制",
        StageKind::RoundRobin => "循环赛",
        StageKind::Knockout => "淘汰赛",
    };
    let status = match stage.status {
        StageStatus::Pending => "未开始",
        StageStatus::Open => "进行中",
        StageStatus::Closed => "已结束",
    };
    let planned = stage.rounds_planned.map_or("?".to_string(), |r| r.to_string());
    format!("{} · {kind} · 已赛 {}/{planned} 轮 · {status}", stage.name, stage.completed_rounds())
}

fn views_ui(ui: &mut Ui, view: &mut View) {
    ui.add_space(8.0);
    for v in View::ALL {
        let button =
            egui::Button::selectable(*view == v, v.label_zh()).min_size(egui::vec2(ui.available_width(), 28.0));
        if ui.add(button).clicked() {
            *view = v;
        }
    }
}

fn status_bar_ui(ui: &mut Ui, path: Option<&std::path::Path>, font: Option<&FontSource>) {
    ui.horizontal_wrapped(|ui| {
        match path {
            Some(path) => {
                ui.label(format!("赛事文件：{}", path.display()));
                ui.separator();
                ui.label("只读");
            }
            None => {
                ui.label("未打开赛事文件");
            }
        }
        if font.is_none() {
            ui.separator();
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "未找到中文字体，汉字可能显示为方框 (no CJK font found: Chinese text shows as boxes)",
            );
        }
    });
}

fn open_error_ui(ui: &mut Ui, message: &str) {
    ui.heading("无法打开赛事文件");
    ui.add_space(8.0);
    ui.colored_label(ui.visuals().error_fg_color, message);
    ui.add_space(8.0);
    ui.label("请检查文件路径，或关闭正在使用该文件的其他 Bianpai 窗口后重试（bianpai open 文件）。");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::create_demo_file;

    /// Runs one frame of the app headless.
    fn frame(app: &mut BianpaiApp, ctx: &egui::Context) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1100.0, 700.0))),
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| app.app_ui(ui));
        // Headless: no renderer takes the font atlas updates.
        output.textures_delta.clear();
    }

    #[test]
    fn every_view_of_the_demo_draws() {
        let dir = tempfile::tempdir().unwrap();
        let file = create_demo_file(&dir.path().join("demo.bianpai"));
        let mut app = BianpaiApp::new(file);
        assert_eq!(app.window_title(), "Bianpai 编排 — Bianpai 演示赛 · 俱乐部积分赛");
        let ctx = egui::Context::default();
        for view in View::ALL {
            app.set_view(view);
            for _ in 0..2 {
                frame(&mut app, &ctx);
            }
            assert_eq!(app.view(), view);
        }
    }

    #[test]
    fn an_unopenable_file_is_reported_in_the_window() {
        let dir = tempfile::tempdir().unwrap();
        let missing = EventFile::open(&dir.path().join("nope.bianpai")).map_err(|e| e.to_string());
        let mut app = BianpaiApp::new(missing);
        assert_eq!(app.window_title(), "Bianpai 编排");
        let ctx = egui::Context::default();
        frame(&mut app, &ctx);
        frame(&mut app, &ctx);
    }

    #[test]
    fn stage_summary_counts_completed_rounds() {
        let event = crate::domain::demo::demo_event(3).unwrap();
        assert_eq!(stage_summary_zh(&event.groups[0].stages[0]), "积分编排赛 · 瑞士制 · 已赛 4/7 轮 · 进行中");
    }
}
