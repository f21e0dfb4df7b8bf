//! Preferences remembered between runs (issue 18, item 5): the language, the theme, the
//! recent files, the operator's name and the backups kept go into eframe's storage when
//! the window saves, and a new window started from that storage has them back; the
//! demo's temporary copies are not kept. The operator's name and the backups kept, set
//! in 文件 → 偏好设置, act on the event file from the next change on.

use crate::common;

use bianpai::ui::prefs::{PREFS_KEY, Prefs};
use bianpai::ui::{BianpaiApp, Lang, Session};
use common::ui::{WindowSetup, app_harness, four_players_paired, reopen};
use eframe::App;
use egui_kittest::kittest::Queryable;
use std::collections::BTreeMap;

/// eframe's storage, in memory.
#[derive(Default)]
struct Memory(BTreeMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn language_theme_and_recent_files_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("记住.bianpai");
    drop(four_players_paired(&path, "记住测试"));

    // The first run: the file opened, English chosen, the dark theme.
    let mut h = app_harness(
        BianpaiApp::opening(&path, None),
        WindowSetup { accessibility_check: false, ..WindowSetup::default() },
    );
    h.run_steps(2);
    h.get_by_label("English").click();
    h.run_steps(2);
    h.get_by_label("Dark").click();
    h.run_steps(2);
    let mut storage = Memory::default();
    h.state_mut().save(&mut storage);
    let kept: Prefs = eframe::get_value(&storage, PREFS_KEY).unwrap();
    assert_eq!((kept.lang, kept.dark), (Lang::En, true));
    assert_eq!(kept.recent, vec![path.clone()]);

    // The next run starts from what was stored.
    let next = BianpaiApp::new(Session::start(None)).with_prefs(eframe::get_value(&storage, PREFS_KEY).unwrap());
    assert_eq!(next.lang(), Lang::En);
    assert_eq!(next.prefs(), kept);
}

#[test]
fn the_demo_copy_is_not_remembered() {
    let demo = bianpai::ui::demo_file_path();
    // A file that is there: recent files gone from the disk are forgotten too.
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("a.bianpai");
    std::fs::write(&kept, b"").unwrap();
    let prefs = Prefs { recent: vec![demo, kept.clone()], ..Prefs::default() };
    let app = BianpaiApp::new(Session::start(None)).with_prefs(prefs);
    assert_eq!(app.prefs().recent, vec![kept]);
}

/// Types `text` into the text field labelled `label` (replacing nothing: it is empty).
fn type_into(h: &mut common::ui::App, label: &str, text: &str) {
    use egui::accesskit::Role;
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

// Issue 18, items 3 and 5: the operator's name set once in 文件 → 偏好设置 is written
// into the audit row of every change from then on, and the history shows it; the
// number of backups kept set there limits the backups made before each pairing; both
// are remembered for the next run.
#[test]
fn operator_name_and_backups_kept_set_in_preferences() {
    use bianpai::domain::command::Command;
    use bianpai::domain::ids::{GroupId, StageNo};
    use bianpai::domain::result::{GameResult, Outcome};
    use bianpai::ui::{Job, View};
    use common::ui::{settle, show_view};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("操作者.bianpai");
    drop(four_players_paired(&path, "操作者测试"));
    let mut h = app_harness(
        BianpaiApp::opening(&path, None),
        WindowSetup { accessibility_check: false, ..WindowSetup::default() },
    );
    h.run_steps(2);
    h.get_by_label("文件").click();
    h.run();
    h.get_by_label_contains("偏好设置…").click();
    settle(&mut h);
    type_into(&mut h, "操作者姓名", "王裁判");
    type_into(&mut h, "保留自动备份", "1");
    h.get_by_label("确定").click();
    settle(&mut h);
    assert_eq!((h.state().prefs().operator.as_str(), h.state().prefs().backups_kept), ("王裁判", Some(1)));

    // The next changes: round 1's results, then round 2 paired (a backup before it).
    let games = h.state().event().unwrap().groups[0].stages[0].rounds[0].games.clone();
    let commands = games
        .iter()
        .map(|g| Command::RecordResult {
            group: GroupId(1),
            stage: StageNo(1),
            round: bianpai::domain::ids::RoundNo(1),
            board: g.board,
            game: g.game,
            result: Some(GameResult::plain(Outcome::Draw)),
        })
        .collect();
    h.state_mut().session_mut().submit(Job::Execute { label: bianpai::lang::Words::same("成绩"), commands });
    h.state_mut().session_mut().submit(Job::Pair {
        group: GroupId(1),
        stage: StageNo(1),
        seed: 1,
        progress: bianpai::domain::swiss::PairingProgress::new(),
    });
    settle(&mut h);
    show_view(&mut h, "记录", View::History);
    settle(&mut h);
    assert!(h.get_all_by_label("王裁判").count() >= 3, "the history's 操作者 column names the operator");
    let backups = bianpai::store::backup::list_backups(&path);
    assert_eq!(backups.len(), 1, "one backup kept: {backups:?}");
    assert!(backups[0].to_string_lossy().ends_with(".bak-r2.bianpai"), "the newest: {backups:?}");

    // The keyboard way in: Ctrl+, opens the window, Esc closes it unchanged.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Comma);
    h.run();
    assert_eq!(h.get_by_label("操作者姓名").value().as_deref(), Some("王裁判"));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("操作者姓名").is_none(), "Esc closed the window");

    let mut storage = Memory::default();
    h.state_mut().save(&mut storage);
    drop(h);
    let log = reopen(&path).audit_log().unwrap();
    let actors: Vec<&str> = log.iter().map(|e| e.actor.as_str()).collect();
    assert_eq!(&actors[actors.len() - 3..], ["王裁判"; 3], "two results and the pairing");
    assert_ne!(actors[0], "王裁判", "rows written before keep the user they had");
    let kept: Prefs = eframe::get_value(&storage, PREFS_KEY).unwrap();
    assert_eq!((kept.operator.as_str(), kept.backups_kept), ("王裁判", Some(1)));
    let next = BianpaiApp::new(Session::start(None)).with_prefs(kept.clone());
    assert_eq!(next.prefs(), kept);
}
