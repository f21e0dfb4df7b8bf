//! Preferences remembered between runs (issue 18, item 5): the language, the theme and
//! the recent files go into eframe's storage when the window saves, and a new window
//! started from that storage has them back; the demo's temporary copies are not kept.

mod common;

use bianpai::ui::prefs::{PREFS_KEY, Prefs};
use bianpai::ui::{BianpaiApp, Lang, Session};
use common::ui::{WindowSetup, app_harness, four_players_paired};
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
    let prefs = Prefs { recent: vec![demo, "/events/a.bianpai".into()], ..Prefs::default() };
    let app = BianpaiApp::new(Session::start(None)).with_prefs(prefs);
    assert_eq!(app.prefs().recent, vec![std::path::PathBuf::from("/events/a.bianpai")]);
}
