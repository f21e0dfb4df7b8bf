//! Issue 39, item 8, CLI.md: the reading commands work while the window has the event
//! open, at every step of a director's day in the real window (egui_kittest, its
//! worker): an event of three groups created through 文件 → 新建…, a GBK roster
//! imported through the import dialog, five Swiss rounds paired with the P key and
//! their results saved, an undo, a print and an export while a reader runs, teams
//! from the clubs with 队员总分制, a save as; a lingting-cup event created with its
//! qualifier played and taken qualifier → Swiss → knockout; a team-match event; a file
//! an older Bianpai left in rollback mode. After each step every reader exits 0, and a
//! writing command is still refused with "in use" (exit 1).
//!
//! The director's walk-through was refused "正被另一个 Bianpai 窗口或命令使用" from the
//! start: a file the window creates (or copies, or an older build left) is in rollback
//! mode, and its write-ahead log was opened only after the window's connection took
//! exclusive locking mode — which SQLite then never leaves, so the window kept the file
//! to itself until it closed.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::command::TeamCommand;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::model::team::MemberRanking;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::ClubAvoidance;
use bianpai::domain::swiss::PairingProgress;
use bianpai::lang::Lang;
use bianpai::print::{DocumentKind, Request};
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, ExportKind, Job, PrintTarget, Session, View};
use common::ui::{App, PLAYER_NAMES, WindowSetup, app_harness, settle, show_view};
use common::{bianpai, code, stderr};
use egui::Key;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn harness(app: BianpaiApp) -> App {
    app_harness(app, WindowSetup { size: [1400.0, 1000.0], max_steps: 16, accessibility_check: false })
}

fn event(h: &App) -> Event {
    h.state().event().cloned().expect("an open event")
}

/// Runs every reading command on the file the window has open, for `group` (by name);
/// each must exit 0. `pairings` and `teams standings` once there is something to show.
fn readers_read(h: &mut App, group: GroupId, step: &str) {
    let e = event(h);
    let file = h.state_mut().session_mut().path().expect("a file is open").to_path_buf();
    let g = e.group(group).expect("the group");
    let paired = g.current_stage().is_some_and(|s| !s.rounds.is_empty());
    let has_teams = !g.teams.is_empty();
    let out = tempfile::tempdir().unwrap();
    run_readers(&file, &g.name, paired, has_teams, out.path(), step);
}

fn run_readers(file: &Path, group: &str, paired: bool, has_teams: bool, out: &Path, step: &str) {
    let f = file.to_str().unwrap();
    let (pdf, trf) = (out.join("s.pdf"), out.join("e.trf"));
    let (pdf, trf) = (pdf.to_str().unwrap(), trf.to_str().unwrap());
    let mut readers: Vec<Vec<&str>> = vec![
        vec!["standings", f, "--group", group],
        vec!["players", "list", f],
        vec!["log", f],
        vec!["ledger", f],
        vec!["teams", "list", f, "--group", group],
        vec!["print", f, "standings", "--group", group, "-o", pdf],
        vec!["export", f, "trf", "--group", group, "-o", trf],
    ];
    if paired {
        readers.push(vec!["pairings", f, "--group", group]);
    }
    if has_teams {
        readers.push(vec!["teams", "standings", f, "--group", group]);
    }
    for args in readers {
        let out = bianpai(&args);
        assert_eq!(code(&out), 0, "{step}: bianpai {args:?} beside the window: {}", stderr(&out));
    }
    // The prize list reads too; before the stage its ranking starts with (a qualifier)
    // it says so — what the event holds, never the file in use.
    let out = bianpai(&["prizes", f, "--group", group]);
    let refused_by_rule = code(&out) == 1 && stderr(&out).contains("has not started yet");
    assert!(code(&out) == 0 || refused_by_rule, "{step}: bianpai prizes beside the window: {}", stderr(&out));
}

/// A writing command beside the window is refused with the in-use words, exit 1, and
/// soon: the window shares the file with readers, it does not hold it alone.
fn writer_refused(h: &mut App, step: &str) {
    let file = h.state_mut().session_mut().path().expect("a file is open").to_path_buf();
    let started = Instant::now();
    let out = bianpai(&["undo", file.to_str().unwrap()]);
    assert_eq!(code(&out), 1, "{step}: {}", stderr(&out));
    assert!(stderr(&out).contains("in use by another Bianpai window or command"), "{step}: {}", stderr(&out));
    assert!(started.elapsed() < Duration::from_secs(4), "{step}: refused after {:?}", started.elapsed());
}

fn submit(h: &mut App, job: Job) {
    h.state_mut().session_mut().submit(job);
    settle(h);
    if let Some(bianpai::ui::Notice::Failed(words)) = h.state_mut().session_mut().notice() {
        panic!("the window's job failed: {}", words.zh);
    }
}

fn execute(h: &mut App, commands: Vec<Command>) {
    submit(h, Job::Execute { label: bianpai::lang::Words::same("步骤"), commands });
}

/// The results of the newest round of `stage`: red wins on odd boards, black on even.
fn record_round(h: &mut App, group: GroupId, stage: StageNo) {
    let e = event(h);
    let round = e.group(group).unwrap().stage(stage).unwrap().rounds.last().unwrap().clone();
    let commands = round
        .games
        .iter()
        .map(|g| Command::RecordResult {
            group,
            stage,
            round: round.no,
            board: g.board,
            game: g.game,
            result: Some(GameResult::plain(if g.board.0 % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins })),
        })
        .collect();
    execute(h, commands);
}

fn pair(h: &mut App, group: GroupId, stage: StageNo, seed: u64) {
    let progress = PairingProgress::new();
    submit(h, Job::Pair { group, stage, seed, progress });
}

/// 12 players in three clubs, with phones, as Excel's "CSV (逗号分隔)" writes on a
/// Chinese Windows: GBK.
fn gbk_roster(dir: &Path) -> PathBuf {
    let mut csv = String::from("姓名,性别,出生日期,单位,手机\n");
    for (i, name) in PLAYER_NAMES[..12].iter().enumerate() {
        let club = ["北京棋院", "上海象棋协会", "广东队"][i % 3];
        csv.push_str(&format!("{name},男,1990-01-{:02},{club},139000000{:02}\n", i + 1, i + 1));
    }
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(&csv);
    assert!(!unmappable);
    let path = dir.join("名单.csv");
    std::fs::write(&path, bytes).unwrap();
    path
}

/// 文件 → 新建…: the three-group huaiyin-2022 preset, a typed path.
fn create_in_window(h: &mut App, path: &Path) {
    common::ui::new_event_in_window(h, "huaiyin-2022", "淮阴区预选赛", path);
    assert_eq!(event(h).groups.len(), 3, "three groups");
}

/// The roster imported through the import dialog into the first group.
fn import_in_window(h: &mut App, csv: &Path) {
    show_view(h, "选手", View::Roster);
    common::ui::read_into_import_preview(h, csv, Lang::Zh);
    h.get_by_label_contains("共 12 行");
    h.get_by_label("导入").click();
    h.run_steps(3);
    settle(h);
    assert_eq!(event(h).players.len(), 12, "the GBK roster is imported");
}

// Issue 39, item 8: readers beside the window through a three-group event's day.
#[test]
fn readers_read_beside_the_window_through_a_directors_day() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("淮阴.bianpai");
    let csv = gbk_roster(dir.path());
    let mut h = harness(BianpaiApp::new(Session::start(None)));
    h.run();
    let g = GroupId(1);
    let s = StageNo(1);

    create_in_window(&mut h, &path);
    readers_read(&mut h, g, "created in the window");
    writer_refused(&mut h, "created in the window");
    import_in_window(&mut h, &csv);
    readers_read(&mut h, g, "GBK roster imported");

    for round in 1..=5 {
        show_view(&mut h, "对阵", View::Pairings);
        h.key_press(Key::P);
        settle(&mut h);
        assert_eq!(event(&h).groups[0].stages[0].rounds.len(), round, "round {round} paired with P");
        readers_read(&mut h, g, &format!("round {round} paired"));
        record_round(&mut h, g, s);
        readers_read(&mut h, g, &format!("round {round} results saved"));
    }
    submit(&mut h, Job::Undo);
    readers_read(&mut h, g, "undo");
    writer_refused(&mut h, "after five rounds");

    // A print and an export by the window while readers read.
    let out = tempfile::tempdir().unwrap();
    let readers = {
        let (file, out) = (path.clone(), out.path().to_path_buf());
        std::thread::spawn(move || run_readers(&file, "成人组", true, false, &out, "beside a print"))
    };
    let request = Request { document: DocumentKind::Standings, group: g, round: None, lang: Lang::Zh, hall_link: None };
    submit(&mut h, Job::Print { request, target: PrintTarget::File(out.path().join("window.pdf")) });
    let kind = ExportKind::Trf;
    submit(&mut h, Job::Export { kind, group: g, lang: Lang::Zh, path: out.path().join("window.trf") });
    readers.join().unwrap();

    // 队员总分制: a team per club, its best 2 members counted.
    let ranking = MemberRanking { count: Some(2), avoid: ClubAvoidance::Off, avoid_absolute: false };
    let teams = vec![
        Command::Team { group: g, change: TeamCommand::FromClubs { min: 2 } },
        Command::Team { group: g, change: TeamCommand::SetMemberRanking { ranking: Some(ranking) } },
    ];
    execute(&mut h, teams);
    readers_read(&mut h, g, "teams from clubs, 队员总分制");

    // Save as: the window opens the copy.
    let copy = dir.path().join("淮阴-副本.bianpai");
    submit(&mut h, Job::SaveAs(copy.clone()));
    assert_eq!(h.state_mut().session_mut().path(), Some(copy.as_path()));
    readers_read(&mut h, g, "save as");
    writer_refused(&mut h, "save as");
}

/// A lingting-cup event of 34 players, its 2-round club qualifier played.
fn qualifier_played() -> Event {
    let mut e = presets::build("lingting-cup", Some("聆听杯"), Some(2)).unwrap();
    let entries = PLAYER_NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerEntry { name: n.to_string(), club: format!("棋社{}", i % 5 + 1), ..Default::default() })
        .collect();
    let (g, s) = (GroupId(1), StageNo(1));
    bianpai::domain::command::apply(
        &mut e,
        &Command::AddPlayers { group: g, entries, override_reason: None, left_out: Vec::new() },
    )
    .unwrap();
    for seed in 1..=2 {
        let round = bianpai::domain::swiss::pair_next_round(&e, g, s, seed).unwrap();
        let (no, games) = (round.no, round.games.clone());
        bianpai::domain::command::apply(&mut e, &Command::PairRound { group: g, stage: s, round }).unwrap();
        for game in games {
            let result = Some(GameResult::plain(Outcome::RedWins));
            let command =
                Command::RecordResult { group: g, stage: s, round: no, board: game.board, game: game.game, result };
            bianpai::domain::command::apply(&mut e, &command).unwrap();
        }
    }
    e
}

// Issue 39, item 8: readers beside the window through stage changes (qualifier →
// Swiss → knockout), a team-match event, and a file an older build left.
#[test]
fn readers_read_beside_the_window_through_stages_team_matches_and_an_older_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(BianpaiApp::new(Session::start(None)));
    h.run();
    let g = GroupId(1);

    let cup = dir.path().join("聆听杯.bianpai");
    submit(&mut h, Job::Create { path: cup.clone(), event: Box::new(qualifier_played()) });
    readers_read(&mut h, g, "lingting cup created");
    execute(&mut h, vec![Command::AdvanceStage { group: g, stage: StageNo(1), nominees: Vec::new() }]);
    readers_read(&mut h, g, "qualifier → Swiss");
    execute(&mut h, vec![Command::SetRoundsPlanned { group: g, stage: StageNo(2), rounds: 1 }]);
    pair(&mut h, g, StageNo(2), 7);
    readers_read(&mut h, g, "Swiss round 1 paired");
    record_round(&mut h, g, StageNo(2));
    execute(&mut h, vec![Command::AdvanceStage { group: g, stage: StageNo(2), nominees: Vec::new() }]);
    readers_read(&mut h, g, "Swiss → knockout");
    pair(&mut h, g, StageNo(3), 8);
    readers_read(&mut h, g, "knockout round 1 paired");
    writer_refused(&mut h, "knockout");

    let teams = dir.path().join("团体赛.bianpai");
    submit(&mut h, Job::Create { path: teams.clone(), event: Box::new(common::teams::team_event(4, 4, 4, 3)) });
    readers_read(&mut h, g, "team-match event created");
    pair(&mut h, g, StageNo(1), 3);
    readers_read(&mut h, g, "team round 1 paired");
    writer_refused(&mut h, "team matches");

    // A file of schema 1, in rollback mode as an older build may have left it.
    let older = dir.path().join("旧版.bianpai");
    drop(common::ui::four_players_paired(&older, "旧版赛"));
    common::old_schema::make_it_schema(&older, 1);
    rusqlite::Connection::open(&older).unwrap().pragma_update(None, "journal_mode", "DELETE").unwrap();
    submit(&mut h, Job::Open(older.clone()));
    assert_eq!(h.state_mut().session_mut().path(), Some(older.as_path()));
    readers_read(&mut h, g, "an older file migrated");
    writer_refused(&mut h, "an older file migrated");
    drop(h);
    drop(EventFile::open(&older).unwrap());
}
