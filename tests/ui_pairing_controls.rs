//! The director's pairing controls: the pairing panel's 「回避与固定台次」
//! section adds an avoided pair with its reason and a fixed board, by labels and
//! keyboard, and removes them again; each is sent as a command. The panel is drawn
//! alone over an event in memory (`PanelHost`, issue 40, item 6): its jobs are applied
//! as the worker would.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::swiss::pair_next_round;
use bianpai::ui::PanelHost;
use bianpai::ui::pairing_ui::PairingView;
use common::ui::{WindowSetup, panel_harness};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type Panel = Harness<'static, PanelHost<PairingView>>;

/// A `cxa-swiss` event of four grandmasters with round 1 paired (seed 1), in memory.
fn four_players_paired() -> Event {
    let mut event = presets::build("cxa-swiss", Some("回避测试"), Some(3)).unwrap();
    let entries = ["王天一", "郑惟桐", "赵鑫鑫", "蒋川"]
        .iter()
        .map(|n| PlayerEntry { name: n.to_string(), ..Default::default() })
        .collect();
    let g = GroupId(1);
    apply(&mut event, &Command::AddPlayers { group: g, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(&event, g, StageNo(1), 1).unwrap();
    apply(&mut event, &Command::PairRound { group: g, stage: StageNo(1), round }).unwrap();
    event
}

fn panel() -> Panel {
    let host = PanelHost::new(PairingView::default(), four_players_paired());
    let mut h = panel_harness(host, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    h.run();
    h
}

/// Applies the jobs sent as the worker would (none refused), then draws.
fn settle(h: &mut Panel) {
    h.run_steps(2);
    let others = h.state_mut().apply_jobs();
    assert!(others.is_empty(), "only commands: {others:?}");
    assert!(h.state().refusals.is_empty(), "{:?}", h.state().refusals);
    h.run();
}

fn type_into(h: &mut Panel, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    for c in text.chars() {
        h.event(egui::Event::Text(c.to_string()));
    }
    h.run();
}

// a pair and a fixed board entered in the pairing panel are saved; 「取消」
// takes them back.
#[test]
fn the_pairing_panel_sets_and_removes_controls() {
    let mut h = panel();
    h.get_by_label("回避与固定台次（0）").click();
    h.run();
    type_into(&mut h, "回避：编号", "1");
    type_into(&mut h, "与编号", "3");
    type_into(&mut h, "原因", "兄弟");
    h.get_by_label("添加回避").click();
    settle(&mut h);
    type_into(&mut h, "固定台次：编号", "4");
    type_into(&mut h, "坐第几台", "2");
    h.get_by_label("固定").click();
    settle(&mut h);
    let controls = h.state().event.groups[0].pairing_controls.clone();
    assert_eq!(controls.avoided.len(), 1);
    assert_eq!(controls.avoided[0].reason, "兄弟");
    assert_eq!(controls.board_of(StartNo(4)), Some(BoardNo(2)));
    h.get_by_label("回避与固定台次（2）");
    h.get_by_label_contains("固定坐第2台");

    // A typo is refused in words, nothing sent.
    type_into(&mut h, "回避：编号", "1");
    type_into(&mut h, "与编号", "1");
    h.get_by_label("添加回避").click();
    h.run();
    h.get_by_label("请填写本组两名不同选手的编号");
    assert!(h.state().jobs.is_empty(), "nothing sent for a typo");

    for _ in 0..2 {
        h.get_all_by_label("取消").next().expect("a remove button").click();
        settle(&mut h);
    }
    assert!(h.state().event.groups[0].pairing_controls.is_empty());
}
