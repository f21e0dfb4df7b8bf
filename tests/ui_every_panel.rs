//! Issue 40, item 6: every panel the side bar offers, drawn alone through
//! `bianpai::ui::PanelHost` — no event file, no worker — over four events (an empty new
//! event, the bundled demo, a 16-player knockout, a team event) in Chinese and in
//! English. Each must draw (a heading or label it always shows, in the window's
//! language) and must ask the worker for nothing while no one touches it.

use crate::common;

use bianpai::domain::demo::demo_event;
use bianpai::domain::event::{Event, StageKind};
use bianpai::domain::presets;
use bianpai::ui::bracket_ui::BracketView;
use bianpai::ui::event_ui::EventView;
use bianpai::ui::history_ui::HistoryView;
use bianpai::ui::money_ui::MoneyView;
use bianpai::ui::pairing_ui::PairingView;
use bianpai::ui::prizes_ui::PrizesView;
use bianpai::ui::results_ui::ResultsView;
use bianpai::ui::roster_ui::RosterView;
use bianpai::ui::standings_ui::StandingsView;
use bianpai::ui::teams_ui::TeamsView;
use bianpai::ui::{DEMO_SEED, History, Job, Lang, Panel, PanelHost, View};
use common::showcase::{knockout_event, team_event};
use common::ui::{WindowSetup, panel_harness};
use egui_kittest::kittest::{NodeT, Queryable};

/// The empty new event, as 新建 makes it from `cxa-swiss`: one group, no players.
fn new_event() -> Event {
    presets::build_new("cxa-swiss", Some("新赛事"), Some(7)).unwrap()
}

/// The bundled demo, as the window opens it without a file.
fn demo() -> Event {
    demo_event(DEMO_SEED).unwrap()
}

/// The heading (or, for the history, the first button) each panel always shows, in
/// Chinese and in English; a heading that names the group (`公开组 财务`) is given
/// without it.
fn heading(view: View) -> (&'static str, &'static str) {
    match view {
        View::Event => ("赛事设置", "Event settings"),
        View::Roster => ("选手名单", "Players"),
        View::Teams => ("队伍", "teams"),
        View::Pairings => ("对阵表", "Pairings"),
        View::Results => ("成绩录入", "Result entry"),
        View::Bracket => ("对阵图", "Bracket"),
        View::Standings => ("成绩表", "Standings"),
        View::Prizes => ("奖励名单", "prize list"),
        View::Money => ("财务", "money"),
        View::History => ("撤销 (Ctrl+Z)", "Undo (Ctrl+Z)"),
    }
}

/// What one panel showed and asked for, drawn alone for a few frames without input.
struct Drawn {
    /// Every text of the accessibility tree (labels and values).
    texts: Vec<String>,
    /// The jobs it emitted.
    jobs: Vec<Job>,
}

/// Draws `P` alone over `event` in `lang`: five frames, no click, no key. The history
/// the panel sees is the worker's answer for this revision (an empty log), as the
/// window has it once the history view is open.
fn draw<P: Panel + Default + 'static>(event: &Event, lang: Lang) -> Drawn {
    let mut host = PanelHost::new(P::default(), event.clone());
    host.lang = lang;
    host.history = Some(History { revision: host.revision, ..History::default() });
    let mut h = panel_harness(host, WindowSetup::default());
    h.run_steps(5);
    let mut texts = Vec::new();
    for node in h.query_all_by(|_| true) {
        let node = node.accesskit_node();
        texts.extend(node.label());
        texts.extend(node.value());
    }
    Drawn { texts, jobs: h.state_mut().take_jobs() }
}

/// The panel of `view` drawn alone: the side bar's list, matched whole so that a new
/// view cannot be left out of the walk.
fn draw_view(view: View, event: &Event, lang: Lang) -> Drawn {
    match view {
        View::Event => draw::<EventView>(event, lang),
        View::Roster => draw::<RosterView>(event, lang),
        View::Teams => draw::<TeamsView>(event, lang),
        View::Pairings => draw::<PairingView>(event, lang),
        View::Results => draw::<ResultsView>(event, lang),
        View::Bracket => draw::<BracketView>(event, lang),
        View::Standings => draw::<StandingsView>(event, lang),
        View::Prizes => draw::<PrizesView>(event, lang),
        View::Money => draw::<MoneyView>(event, lang),
        View::History => draw::<HistoryView>(event, lang),
    }
}

/// Whether `texts` hold `heading` alone or after the group's name (`公开组 财务`).
fn shows(texts: &[String], heading: &str, group: &str) -> bool {
    texts.iter().any(|t| t == heading || *t == format!("{group} {heading}"))
}

/// Walks every panel of the side bar over `event` in both languages: each shows its
/// heading in the window's language and not the other's, and emits no job.
fn walk(name: &str, event: &Event) {
    let group = &event.groups[0].name;
    let mut broken = Vec::new();
    for view in View::ALL {
        let (zh, en) = heading(view);
        for (lang, own, other) in [(Lang::Zh, zh, en), (Lang::En, en, zh)] {
            let drawn = draw_view(view, event, lang);
            if !shows(&drawn.texts, own, group) {
                broken.push(format!("{view:?} in {lang:?} does not show {own:?}: {:?}", drawn.texts));
            }
            if shows(&drawn.texts, other, group) {
                broken.push(format!("{view:?} in {lang:?} shows the other language's {other:?}"));
            }
            if !drawn.jobs.is_empty() {
                broken.push(format!("{view:?} in {lang:?} emits jobs untouched: {:?}", drawn.jobs));
            }
        }
    }
    assert!(broken.is_empty(), "{name}:\n{}", broken.join("\n"));
}

// Issue 40, item 6: every panel draws over an empty new event, and asks for nothing.
#[test]
fn every_panel_draws_a_new_empty_event() {
    walk("a new empty event", &new_event());
}

// Issue 40, item 6: every panel draws over the bundled demo, and asks for nothing.
#[test]
fn every_panel_draws_the_demo() {
    walk("the demo", &demo());
}

// Issue 40, item 6: every panel draws over a 16-player knockout (the bracket's stage
// shown), and asks for nothing.
#[test]
fn every_panel_draws_a_knockout() {
    let event = knockout_event();
    assert_eq!(event.players.len(), 16, "a 16-player knockout");
    let shown = event.groups[0].current_stage().unwrap();
    assert_eq!(shown.kind, StageKind::Knockout, "the knockout is the stage shown");
    walk("a 16-player knockout", &event);
}

// Issue 40, item 6: every panel draws over a team event, and asks for nothing.
#[test]
fn every_panel_draws_a_team_event() {
    walk("a team event", &team_event());
}

// The walk's own check: a heading is found alone or after the group's name only.
#[test]
fn a_heading_is_found_alone_or_after_the_group() {
    let texts = ["公开组 财务".to_string(), "对阵表".to_string()];
    assert!(shows(&texts, "财务", "公开组"));
    assert!(shows(&texts, "对阵表", "公开组"));
    assert!(!shows(&texts, "对阵", "公开组"));
    assert!(!shows(&texts, "财务", "团体组"));
}
