//! The app shell: the open event file (or why it could not be opened), the chosen group,
//! stage and view, the panels (registered once, in [`Panels`]), and the frame's layout —
//! a top bar with the event's name and the group selector, a side panel to switch views,
//! a status bar, and the chosen panel in the centre, drawn over the frame's [`Env`].

use super::bracket_ui::BracketView;
use super::env::{Env, Show};
use super::event_ui::EventView;
use super::export_menu_ui::{ExportMenu, export_menu_ui};
use super::file_menu_ui::{FileMenu, file_menu_ui, forget_missing};
use super::fonts::FontSource;
use super::hall_desk::HallDesk;
use super::history_ui::HistoryView;
use super::money_ui::MoneyView;
use super::pairing_ui::PairingView;
use super::panel::Panel;
use super::prefs::{PREFS_KEY, Prefs};
use super::prefs_ui::{PrefsDialog, prefs_dialog_ui};
use super::print_menu_ui::{PrintMenu, print_menu_ui};
use super::prizes_ui::PrizesView;
use super::results_ui::ResultsView;
use super::roster_ui::RosterView;
use super::session::{Job, Session};
use super::standings_ui::{StandingsView, standings_ui};
use super::status_bar::status_bar_ui;
use super::teams_ui::TeamsView;
use super::theme::icons::{self, Icon};
use super::theme::{self, widgets};
use crate::domain::event::{Event, Group, Stage, StageKind};
use crate::domain::ids::{GroupId, StageNo};
use crate::lang::Lang;
use egui::Ui;
use frame::{Chosen, central_ui, style_and_title, undo_keys};
use screenshots::Screenshots;

mod frame;
pub(super) mod screenshots;

/// The views of the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// 赛事: the event's and its stages' settings.
    Event,
    /// 选手: the roster.
    #[default]
    Roster,
    /// 队伍: the group's teams, line-ups and team rules.
    Teams,
    /// 对阵: a round's pairings.
    Pairings,
    /// 录入: result entry.
    Results,
    /// 对阵图: the knockout bracket.
    Bracket,
    /// 成绩: the standings.
    Standings,
    /// 奖励: the prize list.
    Prizes,
    /// 财务: check-in, entry fees, fines and prize payouts.
    Money,
    /// 记录: undo, redo, the audit log and the backups.
    History,
}

impl View {
    /// Every view, in the side panel's order.
    pub const ALL: [View; 10] = [
        View::Event,
        View::Roster,
        View::Teams,
        View::Pairings,
        View::Results,
        View::Bracket,
        View::Standings,
        View::Prizes,
        View::Money,
        View::History,
    ];

    /// The side panel's icon.
    pub fn icon(self) -> Icon {
        match self {
            View::Event => icons::GEAR_SIX,
            View::Roster => icons::USERS,
            View::Teams => icons::USERS_THREE,
            View::Pairings => icons::SWORD,
            View::Results => icons::NOTE_PENCIL,
            View::Bracket => icons::TREE_STRUCTURE,
            View::Standings => icons::RANKING,
            View::Prizes => icons::TROPHY,
            View::Money => icons::COINS,
            View::History => icons::CLOCK_COUNTER_CLOCKWISE,
        }
    }

    /// The side panel's label.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            View::Event => lang.t("赛事", "Event"),
            View::Roster => lang.t("选手", "Players"),
            View::Teams => lang.t("队伍", "Teams"),
            View::Pairings => lang.t("对阵", "Pairings"),
            View::Results => lang.t("录入", "Results"),
            View::Bracket => lang.t("对阵图", "Bracket"),
            View::Standings => lang.t("成绩", "Standings"),
            View::Prizes => lang.t("奖励", "Prizes"),
            View::Money => lang.t("财务", "Money"),
            View::History => lang.t("记录", "History"),
        }
    }
}

/// The Bianpai window.
pub struct BianpaiApp {
    /// The event file on its worker thread.
    session: Session,
    /// The CJK font installed, if any.
    font: Option<FontSource>,
    lang: Lang,
    dark: bool,
    view: View,
    /// The chosen group; `None` for the first.
    group: Option<GroupId>,
    /// The chosen stage; `None` for the group's current stage.
    stage: Option<StageNo>,
    /// The group and stage shown in the last frame.
    shown: Option<(GroupId, StageNo)>,
    file_menu: FileMenu,
    /// Recent event files, most recent first (remembered between runs, see `prefs`).
    recent: Vec<std::path::PathBuf>,
    /// The operator's name and the backups to keep (remembered, handed to the worker).
    operator: String,
    backups_kept: Option<usize>,
    prefs_dialog: PrefsDialog,
    print_menu: PrintMenu,
    export_menu: ExportMenu,
    /// The window title last set: the event's name and file.
    title: String,
    panels: Panels,
    /// The hall on the LAN (赛事 → 赛场网页), served while the window is open.
    hall: HallDesk,
    /// The screenshot walk (`BIANPAI_SCREENSHOTS`); `None` in the usual window.
    screenshots: Option<Box<Screenshots>>,
}

/// Every panel of the side panel, each with its own state: the one place that
/// registers them.
#[derive(Debug, Default)]
struct Panels {
    event: EventView,
    roster: RosterView,
    teams: TeamsView,
    pairings: PairingView,
    results: ResultsView,
    bracket: BracketView,
    standings: StandingsView,
    prizes: PrizesView,
    money: MoneyView,
    history: HistoryView,
}

impl Panels {
    /// The panel of a view.
    fn panel_mut(&mut self, view: View) -> &mut dyn Panel {
        match view {
            View::Event => &mut self.event,
            View::Roster => &mut self.roster,
            View::Teams => &mut self.teams,
            View::Pairings => &mut self.pairings,
            View::Results => &mut self.results,
            View::Bracket => &mut self.bracket,
            View::Standings => &mut self.standings,
            View::Prizes => &mut self.prizes,
            View::Money => &mut self.money,
            View::History => &mut self.history,
        }
    }

    /// Another group or stage is shown: the views that follow a round start at their
    /// defaults again (the last round paired, the standings after the last round).
    fn show_defaults(&mut self) {
        self.pairings.round = None;
        self.standings.after_round = None;
    }
}

/// The standings panel keeps its drawing function's shape (a stage argument); this
/// registers it like the others.
impl Panel for StandingsView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, _jobs: &mut Vec<Job>) {
        if let Some(stage) = env.stage_or_note_ui(ui) {
            standings_ui(ui, self, env, stage);
        }
    }
}

impl std::fmt::Debug for BianpaiApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BianpaiApp").field("session", &self.session).field("view", &self.view).finish_non_exhaustive()
    }
}

impl BianpaiApp {
    /// An app over a running session (open a file with [`Job::Open`]).
    pub fn new(session: Session) -> BianpaiApp {
        BianpaiApp {
            session,
            font: None,
            lang: Lang::default(),
            dark: false,
            view: View::default(),
            group: None,
            stage: None,
            shown: None,
            file_menu: FileMenu::default(),
            recent: Vec::new(),
            operator: String::new(),
            backups_kept: None,
            prefs_dialog: PrefsDialog::default(),
            print_menu: PrintMenu::default(),
            export_menu: ExportMenu::default(),
            title: String::new(),
            panels: Panels::default(),
            hall: HallDesk::default(),
            screenshots: None,
        }
    }

    /// An app with `path` opened, waiting up to two seconds for the file (tests, start-up).
    pub fn opening(path: &std::path::Path, repaint: Option<egui::Context>) -> BianpaiApp {
        let mut session = Session::start(repaint);
        session.submit(Job::Open(path.to_path_buf()));
        session.wait_idle(std::time::Duration::from_secs(2));
        BianpaiApp::new(session)
    }

    /// The preferences remembered from an earlier run; the operator's name and the
    /// backups to keep go to the worker for the files it opens; recent files that are
    /// no longer there are forgotten.
    pub fn with_prefs(mut self, prefs: Prefs) -> BianpaiApp {
        let prefs = prefs.kept();
        self.session.submit(prefs.file_job());
        let Prefs { lang, dark, mut recent, operator, backups_kept } = prefs;
        forget_missing(&mut recent, None);
        BianpaiApp { lang, dark, recent, operator, backups_kept, ..self }
    }

    /// What the window remembers for the next run.
    pub fn prefs(&self) -> Prefs {
        let (lang, dark, recent) = (self.lang, self.dark, self.recent.clone());
        Prefs { lang, dark, recent, operator: self.operator.clone(), backups_kept: self.backups_kept }.kept()
    }

    /// Walks the views for their screenshots, then closes the window (see [`screenshots`]).
    pub fn with_screenshots(self, shots: Screenshots) -> BianpaiApp {
        BianpaiApp { screenshots: Some(Box::new(shots)), ..self }
    }

    /// Records which CJK font was installed (shown in the status bar).
    pub fn with_font(self, font: Option<FontSource>) -> BianpaiApp {
        BianpaiApp { font, ..self }
    }

    /// The session, to submit jobs or wait for them.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The event shown, if a file is open.
    pub fn event(&self) -> Option<&Event> {
        self.session.event()
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

    /// The window's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Switches the language.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// Opens the preferences window when the 文件 menu asked for it, draws it, and
    /// applies what was chosen (the operator and backups through the worker).
    fn prefs_window_ui(&mut self, ctx: &egui::Context, jobs: &mut Vec<Job>) {
        if self.file_menu.take_prefs_request() {
            let current = self.prefs();
            self.prefs_dialog.open(&current);
        }
        if let Some(chosen) = prefs_dialog_ui(ctx, &mut self.prefs_dialog, self.lang) {
            jobs.push(chosen.file_job());
            let Prefs { lang, dark, operator, backups_kept, .. } = chosen;
            (self.lang, self.dark, self.operator, self.backups_kept) = (lang, dark, operator, backups_kept);
        }
    }

    /// Draws the whole window into `ui`, then hands the frame's jobs to the worker.
    pub fn app_ui(&mut self, ui: &mut Ui) {
        if self.session.poll() {
            self.panels.standings.invalidate();
        }
        let mut jobs = Vec::new();
        self.prefs_window_ui(ui.ctx(), &mut jobs);
        undo_keys(ui.ctx(), &mut jobs);
        let BianpaiApp {
            session,
            font,
            lang,
            dark,
            view,
            group,
            stage,
            shown,
            file_menu,
            recent,
            print_menu,
            export_menu,
            title,
            panels,
            hall,
            ..
        } = self;
        let event = session.event();
        style_and_title(ui, *dark, title, window_title(event, session.path()));
        let chosen_group = event.and_then(|e| chosen_group(e, *group));
        let chosen_stage = chosen_group.and_then(|g| chosen_stage(g, *stage));
        // Another group or stage starts its views at their defaults (the last round …).
        let now_shown = chosen_group.zip(chosen_stage).map(|(g, s)| (g.id, s.no));
        if now_shown != *shown {
            *shown = now_shown;
            panels.show_defaults();
        }

        let chrome = theme::palette(ui).chrome;
        let bar = egui::Frame::new().fill(chrome).inner_margin(egui::Margin::symmetric(theme::space::M as i8, 0));
        egui::Panel::top("top_bar").frame(bar).show(ui, |ui| {
            let files = FileMenuArgs {
                menu: file_menu,
                print_menu,
                export_menu,
                path: session.path(),
                hall_link: hall.url(),
                recent,
                jobs: &mut jobs,
            };
            top_bar_ui(ui, event, chosen_group, chosen_stage, group, stage, lang, dark, files);
        });
        let bar = egui::Frame::new().fill(chrome).inner_margin(egui::Margin::symmetric(theme::space::M as i8, 2));
        egui::Panel::bottom("status_bar").frame(bar).show(ui, |ui| {
            status_bar_ui(ui, session, font.as_ref(), *lang, &mut jobs);
        });
        let side = egui::Frame::new().fill(chrome).inner_margin(egui::Margin::symmetric(theme::space::S as i8, 0));
        egui::Panel::left("views").frame(side).resizable(false).exact_size(120.0).show(ui, |ui| {
            views_ui(ui, view, *lang);
        });
        let lang = *lang;
        // A panel may ask for another stage (after closing one, the next).
        let show = std::cell::Cell::new(None);
        let canvas = egui::Frame::central_panel(ui.style()).inner_margin(theme::space::M);
        egui::CentralPanel::default().frame(canvas).show(ui, |ui| {
            let chosen = Chosen { group: chosen_group, stage: chosen_stage };
            central_ui(ui, session, panels.panel_mut(*view), chosen, lang, (&show, hall), &mut jobs);
        });
        match show.get() {
            Some(Show::CurrentStage) => *stage = None,
            Some(Show::Stage(no)) => *stage = Some(no),
            None => {}
        }
        // The hall follows the saved event whatever the panel shown.
        if let Some(event) = session.shared_event() {
            hall.settle(|| event.clone(), session.revision());
        }
        for job in jobs {
            self.session.submit(job);
        }
    }
}

impl eframe::App for BianpaiApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        if let Some(mut shots) = self.screenshots.take() {
            shots.before_frame(ui.ctx(), self);
            self.screenshots = Some(shots);
        }
        self.app_ui(ui);
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        if self.screenshots.is_some() {
            Screenshots::steady_input(raw_input);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        // A screenshot run's fresh preferences are not the director's.
        if self.screenshots.is_none() {
            eframe::set_value(storage, PREFS_KEY, &self.prefs());
        }
    }
}

fn chosen_group(event: &Event, group: Option<GroupId>) -> Option<&Group> {
    group.and_then(|id| event.group(id)).or_else(|| event.groups.first())
}

/// The window's title: `2025 聆听杯 — 聆听杯.bianpai — Bianpai 编排`.
fn window_title(event: Option<&Event>, path: Option<&std::path::Path>) -> String {
    let file = path.and_then(std::path::Path::file_name).map(|f| f.to_string_lossy().into_owned());
    match (event, file) {
        (Some(event), Some(file)) => format!("{} — {file} — Bianpai 编排", event.name),
        _ => "Bianpai 编排".to_string(),
    }
}

fn chosen_stage(group: &Group, stage: Option<StageNo>) -> Option<&Stage> {
    stage.and_then(|no| group.stage(no)).or_else(|| group.current_stage())
}

/// What the top bar's 文件 menu needs.
struct FileMenuArgs<'a> {
    menu: &'a mut FileMenu,
    print_menu: &'a mut PrintMenu,
    export_menu: &'a mut ExportMenu,
    path: Option<&'a std::path::Path>,
    /// The hall's address while it is served, printed on the posted sheets.
    hall_link: Option<&'a str>,
    recent: &'a mut Vec<std::path::PathBuf>,
    jobs: &'a mut Vec<Job>,
}

#[allow(clippy::too_many_arguments)]
fn top_bar_ui(
    ui: &mut Ui,
    event: Option<&Event>,
    chosen_group: Option<&Group>,
    chosen_stage: Option<&Stage>,
    group: &mut Option<GroupId>,
    stage: &mut Option<StageNo>,
    lang: &mut Lang,
    dark: &mut bool,
    files: FileMenuArgs<'_>,
) {
    ui.add_space(theme::space::S);
    ui.horizontal_wrapped(|ui| {
        let event_teams = event.is_some_and(|e| e.team_ranking.is_some());
        menus_ui(ui, (chosen_group, event_teams), lang, dark, files);
        ui.separator();
        let lang = *lang;
        let title = |name: &str| egui::RichText::new(name).font(theme::title()).strong();
        let Some(event) = event else {
            ui.label(title("Bianpai 编排"));
            return;
        };
        ui.label(title(event.name.as_str()));
        ui.add_space(theme::space::XL);
        if let Some(current) = chosen_group {
            let label = ui.label(lang.t("组别", "Group"));
            let mut selected = current.id;
            egui::ComboBox::from_id_salt("group")
                .selected_text(current.name.as_str())
                .show_ui(ui, |ui| {
                    for g in &event.groups {
                        ui.selectable_value(&mut selected, g.id, g.name.as_str());
                    }
                })
                .response
                .labelled_by(label.id);
            if selected != current.id {
                *group = Some(selected);
                *stage = None;
            }
            if current.stages.len() > 1
                && let Some(shown) = chosen_stage
            {
                let label = ui.label(lang.t("阶段", "Stage"));
                let mut selected = shown.no;
                egui::ComboBox::from_id_salt("stage")
                    .selected_text(shown.name.as_str())
                    .show_ui(ui, |ui| {
                        for s in &current.stages {
                            ui.selectable_value(&mut selected, s.no, format!("{} {}", s.no, s.name));
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if selected != shown.no {
                    *stage = Some(selected);
                }
            }
            if let Some(s) = chosen_stage {
                ui.add_space(theme::space::L);
                ui.weak(stage_summary(s, lang));
            }
        }
    });
    ui.add_space(theme::space::S);
}

/// The top bar's menus and switches: 文件, 打印, 导出, the language and the theme.
fn menus_ui(
    ui: &mut Ui,
    (chosen_group, event_teams): (Option<&Group>, bool),
    lang: &mut Lang,
    dark: &mut bool,
    files: FileMenuArgs<'_>,
) {
    file_menu_ui(ui, files.menu, files.path, files.recent, *lang, files.jobs);
    print_menu_ui(ui, files.print_menu, (chosen_group, event_teams), (files.path, files.hall_link), *lang, files.jobs);
    export_menu_ui(ui, files.export_menu, (chosen_group, event_teams), files.path, *lang, files.jobs);
    let language = widgets::icon_button(icons::TRANSLATE, lang.other().name()).frame(false);
    if ui.add(language).on_hover_text("中文 / English").clicked() {
        *lang = lang.other();
    }
    let (icon, words) =
        if *dark { (icons::SUN, lang.t("浅色", "Light")) } else { (icons::MOON, lang.t("深色", "Dark")) };
    if ui.add(widgets::icon_button(icon, words).frame(false)).clicked() {
        *dark = !*dark;
    }
}

/// e.g. `积分编排赛 · 瑞士制 · 已赛 4/7 轮 · 进行中`.
fn stage_summary(stage: &Stage, lang: Lang) -> String {
    let kind = match stage.kind {
        StageKind::Swiss => lang.t("瑞士制", "Swiss"),
        StageKind::RoundRobin => lang.t("循环赛", "round robin"),
        StageKind::Knockout => lang.t("淘汰赛", "knockout"),
    };
    let status = super::stage_words::stage_status_words(stage, lang);
    let planned = stage.rounds_planned.map_or("?".to_string(), |r| r.to_string());
    let done = stage.completed_rounds();
    match lang {
        Lang::Zh => format!("{} · {kind} · 已赛 {done}/{planned} 轮 · {status}", stage.name),
        Lang::En => format!("{} · {kind} · {done}/{planned} rounds played · {status}", stage.name),
    }
}

fn views_ui(ui: &mut Ui, view: &mut View, lang: Lang) {
    ui.add_space(theme::space::M);
    ui.spacing_mut().item_spacing.y = theme::space::XS;
    for v in View::ALL {
        let button = widgets::nav_button(ui, *view == v, v.icon(), v.label(lang), ui.available_width());
        if ui.add(button).clicked() {
            *view = v;
        }
    }
}

#[cfg(test)]
mod tests;
