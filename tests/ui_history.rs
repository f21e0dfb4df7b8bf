//! The history view driven through the real window (issue 8, R-4.3; issue 18, item 3):
//! the audit log lists each change in words, a click anywhere on a row shows its before
//! → after (the stored JSON only behind 详情), filters by round and player, the undo
//! button takes the newest back, and a backup made before a pairing is restored after a
//! confirmation.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::history_ui::HistoryView;
use bianpai::ui::{BianpaiApp, History, Lang, PanelHost, View};
use common::ui::{WindowSetup, app_harness, panel_harness};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn record(f: &mut EventFile, round: u32, board: u32, outcome: Outcome) {
    let result = Some(GameResult::plain(outcome));
    let (round, board) = (RoundNo(round), BoardNo(board));
    f.execute(&Command::RecordResult { group: G, stage: S, round, board, game: 1, result }).unwrap();
}

/// Six players, round 1 paired (a backup is made before it), board 1 decided.
fn event_file(dir: &Path) -> PathBuf {
    let event = presets::build("cxa-swiss", Some("记录测试"), Some(3)).unwrap();
    let path = dir.join("h.bianpai");
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = (1..=6).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G, S, 3).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    record(&mut f, 1, 1, Outcome::RedWins);
    path
}

/// `棋手1 – 棋手4`: the players of a board.
fn board_names(event: &Event, round: usize, board: usize) -> String {
    let game = event.groups[0].stages[0].rounds[round - 1].games[board - 1];
    let name = |no| event.player(no).unwrap().entry.name.clone();
    format!("{} – {}", name(game.red), name(game.black))
}

fn settle(h: &mut Harness<'static, BianpaiApp>) {
    for _ in 0..4 {
        h.step();
        h.state_mut().session_mut().wait_idle(Duration::from_secs(10));
    }
    h.run_steps(2);
}

fn rounds(h: &Harness<'static, BianpaiApp>) -> usize {
    h.state().event().unwrap().groups[0].stages[0].rounds.len()
}

// Issue 8: the audit log shows who did what; undo from the view; restore a backup.
#[test]
fn history_view_undoes_and_restores() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::History);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);
    let names = board_names(h.state().event().unwrap(), 1, 1);
    h.get_by_label("3 条记录");
    h.get_by_label(&format!("第1轮第1台（{names}）：1-0"));
    h.get_by_label("第1轮已编排（3台）");
    h.get_by_label("新增选手 6名：棋手1、棋手2、棋手3等");

    // Issue 18: the undo button names the change it takes back; the notice too.
    h.get_by_label("撤销：录入成绩 第1轮 第1台 (Ctrl+Z)").click();
    settle(&mut h);
    let game = h.state().event().unwrap().groups[0].stages[0].rounds[0].games[0];
    assert_eq!(game.result, None, "the result was undone");
    assert_eq!(
        h.state_mut().session_mut().notice(),
        Some(&bianpai::ui::Notice::Undone(bianpai::lang::Words::new(
            "撤销：录入成绩 第1轮 第1台",
            "Undo: Result round 1 board 1"
        )))
    );
    // Issue 18, item 3: the undo row says what it took back.
    h.get_by_label(&format!("撤销：第1轮第1台（{names}）：1-0"));
    h.get_by_label("重做：录入成绩 第1轮 第1台 (Ctrl+Shift+Z)");

    h.get_by_label("自动备份（1）").click();
    settle(&mut h);
    // the backup says what it was made before and when.
    let node = h.get_by_label_contains("第1阶段 第1轮编排前 · ");
    let said = node.accesskit_node().label().or(node.accesskit_node().value()).unwrap_or_default().to_string();
    assert!(said.len() > "第1阶段 第1轮编排前 · ".len() + 10, "with its time: {said}");
    h.get_by_label("恢复").click();
    settle(&mut h);
    h.get_by_label("确认恢复").click();
    settle(&mut h);
    assert_eq!(rounds(&h), 0, "the backup from before round 1 is open");
    assert!(dir.path().join("h.replaced.bianpai").exists());
}

/// The history panel alone over the event file's audit log (no worker).
fn history_panel(path: &Path, lang: Lang) -> Harness<'static, PanelHost<HistoryView>> {
    let f = EventFile::open(path).unwrap();
    let entries = f.audit_log().unwrap();
    let mut host = PanelHost::new(HistoryView::default(), f.event().clone());
    host.lang = lang;
    host.history = Some(History { entries, revision: host.revision, ..History::default() });
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h
}

/// Round 1 corrected on board 1, a late entry, round 2 paired and board 1 decided.
fn corrected_file(dir: &Path) -> PathBuf {
    let path = event_file(dir);
    let mut f = EventFile::open(&path).unwrap();
    record(&mut f, 1, 1, Outcome::BlackWins);
    for board in 2..=3 {
        record(&mut f, 1, board, Outcome::Draw);
    }
    let entries = vec![PlayerEntry { name: "张三".into(), ..Default::default() }];
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G, S, 3).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    record(&mut f, 2, 1, Outcome::Draw);
    path
}

// Issue 18, item 3: rows read as sentences in the window's language: a correction
// before → after with the players' names, a new player with name and number.
#[test]
fn history_rows_read_in_words_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let path = corrected_file(dir.path());
    let names = board_names(EventFile::open(&path).unwrap().event(), 1, 1);
    let h = history_panel(&path, Lang::Zh);
    h.get_by_label(&format!("第1轮第1台（{names}）：1-0 → 0-1（更正）"));
    h.get_by_label("新增选手 张三（编号 7）");
    h.get_by_label("第2轮已编排（3台，1人轮空）");
    assert!(h.query_by_label_contains("record_result").is_none(), "no command codes");
    drop(h);
    let h = history_panel(&path, Lang::En);
    h.get_by_label(&format!("Round 1 board 1 ({names}): 1-0 → 0-1 (correction)"));
    h.get_by_label("Added player 张三 (no. 7)");
    h.get_by_label("Round 2 paired (3 boards, 1 bye)");
}

// Issue 18, item 3: a click on a row's words (not only on blank space) chooses the row
// and shows its before → after in words; the stored JSON only behind 详情; ↓ moves on.
#[test]
fn a_click_anywhere_on_a_row_shows_it_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = corrected_file(dir.path());
    let names = board_names(EventFile::open(&path).unwrap().event(), 1, 1);
    let mut h = history_panel(&path, Lang::Zh);
    let correction = format!("第1轮第1台（{names}）：1-0 → 0-1（更正）");
    h.get_by_label(&correction).click();
    h.run();
    // The detail under the table: the headline again, and the board before → after.
    assert_eq!(h.get_all_by_label(&correction).count(), 2, "row and detail");
    h.get_by_label(&format!("· 第1轮第1台（{names}）：1-0 → 0-1"));
    assert!(h.query_by_label_contains("\"entity\"").is_none(), "the JSON stays folded");
    h.get_by_label("详情").click();
    h.run();
    assert!(h.query_by_label_contains("\"entity\": \"board\"").is_some(), "详情 shows the stored JSON");
    // ↓ chooses the next older row: the pairing of round 1 is older than the correction.
    h.get_by_label("详情").click();
    h.run();
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert_eq!(h.get_all_by_label(&format!("第1轮第1台（{names}）：1-0")).count(), 2, "the first result, chosen");
}

// Issue 18, item 3: the round filter leaves only that round's rows; the player filter
// only the rows about that player.
#[test]
fn filters_by_round_and_player() {
    let dir = tempfile::tempdir().unwrap();
    let path = corrected_file(dir.path());
    let mut h = history_panel(&path, Lang::Zh);
    h.get_by_label("显示 9 / 9");
    h.get_by_role_and_label(Role::ComboBox, "轮次").click();
    h.run();
    h.get_all_by_label("第2轮").rfind(|n| n.accesskit_node().role() == Role::Button).unwrap().click();
    h.run();
    h.get_by_label("显示 2 / 9");
    h.get_by_label("第2轮已编排（3台，1人轮空）");
    assert!(h.query_by_label("第1轮已编排（3台）").is_none(), "round 1 is filtered out");
    h.get_by_label("清除筛选").click();
    h.run();
    h.get_by_label("显示 9 / 9");
    h.get_by_role_and_label(Role::TextInput, "选手").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "选手").type_text("zs");
    h.run();
    // 张三: added, and (maybe) paired with a result in round 2 board 1.
    h.get_by_label("新增选手 张三（编号 7）");
    assert!(h.query_by_label("第1轮已编排（3台）").is_none(), "a whole pairing is no player's row");
}
