//! Issue 22, item 3: the window's read-only view. An event file on read-only media (a
//! CD, a locked USB stick, a read-only share) opens in the window with the event shown
//! and a strip saying it is read-only; a change (here undo, Ctrl+Z) is refused in words
//! and the file stays byte-identical; "save as" makes an editable copy that the window
//! then has open.

use crate::common;

use bianpai::ui::{BianpaiApp, Job, View};
use common::locks::Locked;
use common::ui::{WindowSetup, app_harness, four_players_paired, settle};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

const BANNER: &str = "此赛事文件是只读的";

// Item 3: the window's read-only view of a read-only file and of a file in a read-only folder.
#[test]
fn a_read_only_event_opens_in_the_window_and_refuses_changes_in_words() {
    for lock_folder in [false, true] {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("usb");
        std::fs::create_dir(&dir).unwrap();
        let path = dir.join("只读.bianpai");
        drop(four_players_paired(&path, "只读测试"));
        let before = std::fs::read(&path).unwrap();
        let locked = Locked::new(if lock_folder { &dir } else { &path });

        let mut app = BianpaiApp::opening(&path, None);
        app.set_view(View::Pairings);
        let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..Default::default() });
        settle(&mut h);
        assert!(h.state().event().is_some(), "the event is shown (folder locked: {lock_folder})");
        h.get_by_label_contains(BANNER);
        h.get_by_label_contains("王天一");
        h.get_by_label_contains("（只读）");

        // A change is refused in words before it reaches the file.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        settle(&mut h);
        assert!(h.query_all_by_label_contains(BANNER).count() >= 2, "the status bar says why undo was refused");
        assert_eq!(std::fs::read(&path).unwrap(), before, "the file is byte-identical");

        // Save as: an editable copy in a writable folder, which the window then has open.
        let copy = root.path().join("副本.bianpai");
        h.state_mut().session_mut().submit(Job::SaveAs(copy.clone()));
        settle(&mut h);
        assert_eq!(h.state_mut().session_mut().path(), Some(copy.as_path()));
        assert!(!h.state_mut().session_mut().is_read_only());
        assert!(h.query_by_label_contains(BANNER).is_none(), "the copy is not read-only");
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        settle(&mut h);
        assert!(h.state().event().unwrap().groups[0].stages[0].rounds.is_empty(), "undo took back round 1 in the copy");
        drop(locked);
        assert_eq!(std::fs::read(&path).unwrap(), before, "the original is byte-identical");
    }
}
