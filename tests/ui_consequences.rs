//! Automatic consequences announced in the window (issue 18, item 2): a result typed
//! by keyboard that forfeits a round shows the fine it costs in the status bar, and the
//! second forfeit in a row shows the disqualification (seed 000: two in a row). The
//! command line's announcements are tested in `cli_lang.rs`; the playoff's in
//! `ui_window_only.rs`, the stage change's in `ui_stage_change.rs`.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::swiss::pair_next_round;
use bianpai::ui::{BianpaiApp, Job, View};
use common::ui::{App, WindowSetup, app_harness, settle, show_view, type_keys};
use egui_kittest::kittest::Queryable;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);
const FORFEITER: StartNo = StartNo(1);

/// A lingting-cup event (10 元 fines; two forfeits in a row disqualify) with six
/// players and round 1 paired, open in the window's result entry.
fn window(dir: &std::path::Path) -> App {
    let path = dir.join("后果.bianpai");
    let event = bianpai::domain::presets::build("lingting-cup", Some("后果测试"), Some(5)).unwrap();
    let mut f = bianpai::store::EventFile::create(&path, &event).unwrap();
    let entries = common::ui::PLAYER_NAMES[..6]
        .iter()
        .map(|n| PlayerEntry { name: n.to_string(), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G, S, 1).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    drop(f);
    let app = BianpaiApp::opening(&path, None);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);
    show_view(&mut h, "录入", View::Results);
    h
}

fn event(h: &App) -> Event {
    h.state().event().cloned().expect("an open event")
}

/// Types every board of `round`: the forfeiter loses by forfeit, every other board is
/// a red win ("1").
fn play_with_forfeit(h: &mut App, round: u32) {
    let e = event(h);
    let games = e.groups[0].stages[0].rounds[(round - 1) as usize].games.clone();
    let mut keys = String::new();
    for g in &games {
        let result = if g.red == FORFEITER {
            "-"
        } else if g.black == FORFEITER {
            "+"
        } else {
            "1"
        };
        // The forfeit is typed last, so that its announcement is the last notice.
        if g.red != FORFEITER && g.black != FORFEITER {
            keys.push_str(&format!("{}\n{result}", g.board));
        }
    }
    let own = games.iter().find(|g| g.red == FORFEITER || g.black == FORFEITER).expect("the forfeiter plays");
    let result = if own.red == FORFEITER { "-" } else { "+" };
    keys.push_str(&format!("{}\n{result}", own.board));
    type_keys(h, &keys);
    settle(h);
}

// Issue 18, item 2: the fine of a forfeit, then the disqualification of the second in
// a row, appear in the status bar when the result that caused them is saved.
#[test]
fn a_forfeit_shows_its_fine_and_the_second_the_disqualification() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path());
    let name = common::ui::PLAYER_NAMES[0];
    play_with_forfeit(&mut h, 1);
    h.get_by_label(&format!("1 号 {name} 第1轮弃权，应缴罚款 10 元"));
    assert!(h.query_by_label_contains("被取消资格").is_none(), "one forfeit does not disqualify");

    let round = pair_next_round(&event(&h), G, S, 2).unwrap();
    h.state_mut().session_mut().submit(Job::Execute {
        label: bianpai::lang::Words::same("第2轮"),
        commands: vec![Command::PairRound { group: G, stage: S, round }],
    });
    settle(&mut h);
    assert_eq!(event(&h).groups[0].stages[0].rounds.len(), 2);
    play_with_forfeit(&mut h, 2);
    let e = event(&h);
    assert_eq!(e.player(FORFEITER).unwrap().status, PlayerStatus::Disqualified);
    h.get_by_label(&format!("1 号 {name} 被取消资格（弃权超过限度），不再编排"));
    h.get_by_label(&format!("1 号 {name} 第2轮弃权，应缴罚款 10 元"));
}
