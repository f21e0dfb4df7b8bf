//! Issue 22, item 1: no output — an export, a printout, a TRF, a pairing file — ever
//! replaces a Bianpai file: the open event, its `-wal`/`-shm`, a backup or any other
//! event file. The refusal names the file and the event stays byte-identical.

mod common;

use common::{bianpai, code, ok, stderr};

fn event(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("ev.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.join("r.csv");
    std::fs::write(&roster, "name\nA\nB\nC\nD\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    ok(&["pair", f, "--seed", "1"]);
    file
}

// Issue 22, item 1: `-o` onto the event, its WAL, a backup, or a renamed event file is
// refused (exit 2) and every one of them stays byte-identical.
#[test]
fn outputs_never_replace_an_event_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path());
    let f = file.to_str().unwrap();
    let renamed = dir.path().join("ranking.csv");
    std::fs::copy(&file, &renamed).unwrap();
    let backups: Vec<std::path::PathBuf> = bianpai::store::backup::list_backups(&file);
    assert!(!backups.is_empty(), "pairing made a backup");
    let wal = dir.path().join("ev.bianpai-wal");
    let targets = [file.clone(), wal, renamed.clone(), backups[0].clone()];
    let before: Vec<Option<Vec<u8>>> = targets.iter().map(|t| std::fs::read(t).ok()).collect();
    for target in &targets {
        let out = target.to_str().unwrap();
        for args in [
            vec!["export", f, "csv", "-o", out],
            vec!["export", f, "trf", "-o", out],
            vec!["print", f, "pairings", "-o", out],
        ] {
            let refused = bianpai(&args);
            assert_eq!(code(&refused), 2, "{args:?}: {}", stderr(&refused));
            assert!(stderr(&refused).contains("Bianpai file"), "{args:?}: {}", stderr(&refused));
        }
    }
    let after: Vec<Option<Vec<u8>>> = targets.iter().map(|t| std::fs::read(t).ok()).collect();
    assert_eq!(before, after, "nothing was written over");
    ok(&["players", "list", f]);
}

// Issue 22, item 1: the window's export never writes over the open event file either;
// the notice says why and the file stays byte-identical.
#[test]
fn the_window_refuses_to_export_over_the_event() {
    use bianpai::domain::ids::GroupId;
    use bianpai::ui::{BianpaiApp, ExportKind, Job, Notice};
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path());
    let app = BianpaiApp::opening(&file, None);
    let mut h = common::ui::app_harness(app, common::ui::WindowSetup::default());
    common::ui::settle(&mut h);
    let before = std::fs::read(&file).unwrap();
    let kind = ExportKind::Trf;
    let lang = bianpai::lang::Lang::Zh;
    h.state_mut().session_mut().submit(Job::Export { kind, group: GroupId(1), lang, path: file.clone() });
    common::ui::settle(&mut h);
    match h.state_mut().session_mut().notice() {
        Some(Notice::Failed(words)) => assert!(words.zh.contains("会覆盖 Bianpai 文件"), "{words:?}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    drop(h);
    assert_eq!(std::fs::read(&file).unwrap(), before);
}
