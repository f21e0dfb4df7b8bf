//! Every job a typed ticket (issue 40, item 2): the session numbers the jobs in submit
//! order, every answer of the worker names the job it answers, a refusal names its
//! ticket, and the event comes back as one shared snapshot.

use crate::common;

use bianpai::domain::command::{Command, DomainError};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::ui::{Job, Session};
use egui_kittest::kittest::Queryable;
use std::time::Duration;

fn result(round: u32, board: u32, outcome: Outcome) -> Job {
    Job::Execute {
        label: bianpai::lang::Words::same(format!("第{round}轮 第{board}台")),
        commands: vec![Command::RecordResult {
            group: GroupId(1),
            stage: StageNo(1),
            round: RoundNo(round),
            board: BoardNo(board),
            game: 1,
            result: Some(GameResult::plain(outcome)),
        }],
    }
}

/// A session over a new file with four players and round 1 paired.
fn session(dir: &tempfile::TempDir) -> Session {
    let path = dir.path().join("票.bianpai");
    drop(common::ui::four_players_paired(&path, "票"));
    let mut s = Session::start(None);
    s.submit(Job::Open(path));
    s.wait_idle(Duration::from_secs(10));
    assert!(s.event().is_some());
    s
}

// issue 40, item 2: two results get increasing tickets; each answer answers its own —
// the refused one is named by its ticket, the saved ones are done.
#[test]
fn each_job_gets_a_ticket_and_each_answer_names_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = session(&dir);
    let first = s.tickets().first;
    let board1 = s.submit(result(1, 1, Outcome::RedWins));
    let refused = s.submit(result(9, 1, Outcome::Draw));
    let board2 = s.submit(result(1, 2, Outcome::BlackWins));
    assert_eq!((board1, refused, board2), (first, first.after(1), first.after(2)));
    assert!(!s.tickets().answered(board1), "not answered before the worker answers");
    s.wait_idle(Duration::from_secs(10));
    let tickets = s.tickets();
    assert!(tickets.done(board1) && tickets.done(board2));
    assert!(tickets.answered(refused) && !tickets.done(refused));
    let named: Vec<_> = s.refusals().iter().map(|r| (r.ticket, r.error.clone())).collect();
    assert_eq!(named, vec![(refused, DomainError::UnknownRound(RoundNo(9)))]);
    assert_eq!(tickets.first, board2.after(1));
}

// issue 40, item 2: the window keeps the worker's snapshot of the event: the same one
// until a change is saved, then the saved one, with what the change did besides itself.
#[test]
fn the_session_keeps_one_shared_snapshot_per_change() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = session(&dir);
    let opened = std::sync::Arc::clone(s.shared_event().unwrap());
    s.submit(Job::LoadHistory);
    s.wait_idle(Duration::from_secs(10));
    assert!(std::sync::Arc::ptr_eq(&opened, s.shared_event().unwrap()), "no change, no new snapshot");
    s.submit(result(1, 1, Outcome::RedWins));
    s.wait_idle(Duration::from_secs(10));
    let saved = s.shared_event().unwrap();
    assert!(!std::sync::Arc::ptr_eq(&opened, saved));
    assert_eq!(saved.groups[0].stages[0].rounds[0].games[0].result.map(|r| r.outcome), Some(Outcome::RedWins));
}

// issue 40, item 2: labels are worded on the window's side in both languages — a
// notice follows a language switch made after its job was sent: the panel's words for
// a result, the worker's typed label for an undo.
#[test]
fn a_notice_follows_a_language_switch_made_after_its_job() {
    use bianpai::lang::{Lang, Words};
    use bianpai::ui::BianpaiApp;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("票.bianpai");
    drop(common::ui::four_players_paired(&path, "票"));
    let app = BianpaiApp::opening(&path, None);
    let setup = common::ui::WindowSetup { accessibility_check: false, ..Default::default() };
    let mut h = common::ui::app_harness(app, setup);
    h.state_mut().set_lang(Lang::Zh);
    let Job::Execute { commands, .. } = result(1, 1, Outcome::RedWins) else { unreachable!() };
    let label = Words::new("第1轮 第1台 1-0", "Round 1 board 1: 1-0");
    h.state_mut().session_mut().submit(Job::Execute { label, commands });
    common::ui::settle(&mut h);
    h.get_by_label("已保存：第1轮 第1台 1-0");
    h.state_mut().set_lang(Lang::En);
    h.run();
    h.get_by_label("Saved: Round 1 board 1: 1-0");
    h.state_mut().session_mut().submit(Job::Undo);
    common::ui::settle(&mut h);
    h.get_by_label("Undo: Result round 1 board 1");
    h.state_mut().set_lang(Lang::Zh);
    h.run();
    h.get_by_label("撤销：录入成绩 第1轮 第1台");
}
