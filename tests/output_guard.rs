//! Issue 22, item 1: no output — an export, a printout, a TRF, a pairing file — ever
//! replaces a Bianpai file: the open event, its `-wal`/`-shm`, a backup or any other
//! event file. The refusal names the file and the event stays byte-identical.

use crate::common;

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

// Issue 22, item 5: output piped to a reader that stops early (`| head -1`) ends the
// command quietly instead of a panic (exit 101).
#[test]
fn a_closed_pipe_is_no_panic() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "5"]);
    let roster = dir.path().join("r.csv");
    let rows: String = (1..=3000).map(|i| format!("Player number {i} with a long name,Club {i}\n")).collect();
    std::fs::write(&roster, format!("name,club\n{rows}")).unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(["players", "list", f, "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_ne!(out.status.code(), Some(101), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

// Issue 22, item 5: `bye` refuses a player of another group and a withdrawn player,
// who would otherwise make the round impossible to pair.
#[test]
fn a_bye_is_only_for_an_active_player_of_the_group() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("h.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "huaiyin-2022"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名,出生日期,电话\n甲,1990-01-01,1\n乙,1990-01-02,2\n丙,1990-01-03,3\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap(), "--group", "adult"]);
    let other_group = bianpai(&["bye", f, "1", "--group", "youth", "--round", "1"]);
    assert_eq!(code(&other_group), 2, "{}", stderr(&other_group));
    assert!(stderr(&other_group).contains("not in group"), "{}", stderr(&other_group));
    ok(&["players", "withdraw", f, "2"]);
    let withdrawn = bianpai(&["bye", f, "2", "--group", "adult", "--round", "1"]);
    assert_eq!(code(&withdrawn), 2, "{}", stderr(&withdrawn));
    ok(&["bye", f, "3", "--group", "adult", "--round", "1"]);
}
