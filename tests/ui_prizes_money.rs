//! The prize and money views and the blacklist warning of the roster form, driven
//! through the real window, headless (egui_kittest): the prize list with its award
//! texts and totals and a payout recorded from it, check-in, a forfeit fine
//! excused with a reason, and a blacklisted name typed into the form
//! . What the window saved is read back with `EventFile::open` after the app is
//! dropped.

mod common;

use bianpai::domain::blacklist::BlacklistEntry;
use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::ledger::LedgerKind;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::prizes::{PrizeRules, awards, prize_ranking};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, Lang, View};
use common::ui::{WindowSetup, app_harness, reopen};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// The blacklist file of this test binary, named by `BIANPAI_BLACKLIST`. Every test
/// calls this first, so the variable is set once, before any test reads the
/// environment.
fn blacklist_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("bianpai-ui-prizes-money-{}.sqlite", std::process::id()));
        // SAFETY: set inside the `OnceLock` that every test enters before doing anything
        // else, so no other thread of this binary reads the environment meanwhile.
        unsafe { std::env::set_var(bianpai::store::blacklist::BLACKLIST_ENV, &path) };
        path
    })
}

/// Pairs and plays round `no` of the first stage: red wins on odd boards, black on
/// even ones; the black player of board `forfeit` does not turn up.
fn play_round(event: &mut Event, no: u64, forfeit: Option<u32>) {
    let round = pair_next_round(event, G, S, no).expect("pairing");
    let rno = round.no;
    let boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    apply(event, &Command::PairRound { group: G, stage: S, round }).expect("paired");
    for board in boards {
        let outcome = if Some(board.0) == forfeit {
            Outcome::RedWinsByForfeit
        } else if board.0 % 2 == 1 {
            Outcome::RedWins
        } else {
            Outcome::BlackWins
        };
        let result = Some(GameResult::plain(outcome));
        apply(event, &Command::RecordResult { group: G, stage: S, round: rno, board, game: 1, result })
            .expect("result");
    }
}

/// Registers `n` players 棋手1 … in the first group, rated from 2000 down.
fn add_players(event: &mut Event, n: u32) {
    let entries = (1..=n)
        .map(|i| PlayerEntry {
            name: format!("棋手{i}"),
            club: format!("棋社{i}"),
            rating: Some(2000 - i),
            ..PlayerEntry::default()
        })
        .collect();
    apply(event, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
}

/// An 8-player, 3-round Swiss with seed 000's prizes by rank and lucky prizes (no
/// best-progress or women's prize), `played` rounds played.
fn prize_event(dir: &Path, played: u64) -> (PathBuf, Event) {
    let mut event = presets::build("cxa-swiss", Some("奖励测试赛"), Some(3)).expect("preset");
    let rules = PrizeRules { ranking_from_stage: None, best_progress: None, women: None, ..PrizeRules::lingting_cup() };
    event.groups[0].prizes = rules;
    add_players(&mut event, 8);
    for r in 1..=played {
        play_round(&mut event, r, None);
    }
    let path = dir.join(format!("prizes-{played}.bianpai"));
    drop(EventFile::create(&path, &event).expect("event file"));
    (path, event)
}

fn harness(path: &Path, view: View) -> Harness<'static, BianpaiApp> {
    let mut app = BianpaiApp::opening(path, None);
    app.set_view(view);
    let mut h = app_harness(app, WindowSetup { size: [1280.0, 820.0], max_steps: 32, ..WindowSetup::default() });
    h.run();
    h
}

/// Lets the worker save what the last frames sent, then draws until the window settles.
fn settle(h: &mut Harness<'static, BianpaiApp>) {
    // One frame per queued event (move, press, release): the last one sends the job.
    h.run_steps(3);
    h.state_mut().session_mut().wait_idle(Duration::from_secs(5));
    h.run();
}

/// Types `text` into the text field labelled `label`.
fn type_into(h: &mut Harness<'static, BianpaiApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

// the prize list of a finished event by rank with each award as text, the totals
// per kind, and a payout recorded from a row (kept in the event file's ledger); the
// paid row leaves the "unclaimed only" list.
#[test]
fn the_prize_list_shows_awards_and_totals_and_records_a_payout() {
    blacklist_path();
    let dir = tempfile::tempdir().unwrap();
    let (path, event) = prize_event(dir.path(), 3);
    let ranking = prize_ranking(&event, G, &event.groups[0].prizes).unwrap();
    let ranks: Vec<u32> = ranking.iter().map(|p| p.rank).collect();
    assert_eq!(ranks, (1..=8).collect::<Vec<_>>(), "a ranking without shared places");
    let name_at = |rank: usize| event.player(ranking[rank - 1].start_no).unwrap().name().to_string();
    let (first, second) = (name_at(1), name_at(2));

    let mut h = harness(&path, View::Prizes);
    assert!(h.query_by_label_contains("暂定").is_none(), "all 3 rounds played: the list is final");
    // Cash, then items, then trophies; prizes by rank before the lucky prize.
    h.get_by_label("第1名 500元，指定酒×2，冠军奖杯");
    h.get_by_label("第2名 300元，幸运奖 5.20元，指定酒×2，亚军奖杯");
    h.get_by_label("第5名 120元，幸运奖 5.20元，指定酒×1");
    h.get_by_label("第8名 60元，指定酒×1");
    // 500 + 300 + 200 + 160 + 120 + 100 + 80 + 60 = 1520 元, plus 5.20 元 for ranks 2 and 5.
    h.get_by_label("奖金合计 1530.40元（已发 0元，未发 1530.40元）");
    h.get_by_label("奖品：指定酒×11 · 奖杯 3 座");
    assert_eq!(h.get_all_by_label("未发 500元").count(), 1, "rank 1's cash is unpaid");

    // The first row's 发放 pays out rank 1's 500 元.
    type_into(&mut h, "发放备注", "现金");
    h.get_all_by_label("发放").next().expect("a pay-out button").click();
    settle(&mut h);
    h.get_by_label("奖金合计 1530.40元（已发 500元，未发 1030.40元）");
    h.get_by_label("已发");
    assert_eq!(h.get_all_by_label("发放").count(), 7, "seven prizes still to pay out");

    h.get_by_label("只看未发放").click();
    h.run();
    assert!(h.query_by_label(&first).is_none(), "paid in full: not in the unclaimed list");
    h.get_by_label(&second);

    drop(h);
    let f = reopen(&path);
    let paid: Vec<(StartNo, LedgerKind, i64, &str)> =
        f.event().ledger.iter().map(|e| (e.start_no, e.kind, e.amount_fen, e.note.as_str())).collect();
    assert_eq!(paid, [(ranking[0].start_no, LedgerKind::PrizePaid, 50_000, "现金")]);
    // The CLI's list, from the same file, agrees on the total.
    assert_eq!(awards(&f.event().groups[0].prizes, &ranking).totals.cash_fen, 153_040);
}

// before the last round is played the list is marked provisional (in either
// language); a group without prize rules says so.
#[test]
fn an_unfinished_event_is_provisional_and_no_rules_is_said() {
    blacklist_path();
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = prize_event(dir.path(), 2);
    let mut h = harness(&path, View::Prizes);
    h.get_by_label("比赛尚未结束，名单为暂定。");
    h.get_by_label_contains("第1名 500元");
    // the same view in English.
    h.state_mut().set_lang(Lang::En);
    h.run();
    h.get_by_label("The event is not finished yet: the list is provisional.");
    assert!(h.get_all_by_label("Pay out").count() > 0);
    drop(h);

    let mut plain = presets::build("cxa-swiss", None, Some(3)).unwrap();
    add_players(&mut plain, 4);
    let path = dir.path().join("plain.bianpai");
    drop(EventFile::create(&path, &plain).unwrap());
    let h = harness(&path, View::Prizes);
    h.get_by_label_contains("本组未设奖励");
}

// check-in is saved; a forfeit in a stage with a 10 元 fine is listed,
// and 免罚 with a reason records the excuse (the fine is no longer owed).
#[test]
fn check_in_and_an_excused_forfeit_fine_are_saved() {
    blacklist_path();
    let dir = tempfile::tempdir().unwrap();
    let mut event = presets::build("lingting-cup", None, Some(5)).unwrap();
    add_players(&mut event, 6);
    play_round(&mut event, 1, Some(2));
    let forfeiter = event.groups[0].stages[0].rounds[0].games.iter().find(|g| g.board == BoardNo(2)).unwrap().black;
    let forfeiter_name = event.player(forfeiter).unwrap().name().to_string();
    let path = dir.path().join("money.bianpai");
    drop(EventFile::create(&path, &event).unwrap());

    let mut h = harness(&path, View::Money);
    h.get_by_label("已签到 0 / 6");
    h.get_all_by_role_and_label(Role::CheckBox, "签到").next().expect("player 1's check-in").click();
    settle(&mut h);
    h.get_by_label("已签到 1 / 6");
    // The search narrows the list to one player by number.
    type_into(&mut h, "搜索", "3");
    assert_eq!(h.get_all_by_role_and_label(Role::CheckBox, "签到").count(), 1);

    h.get_by_label("罚款").click();
    h.run();
    h.get_by_label(&forfeiter_name);
    h.get_by_label("未缴 10 元");
    h.get_by_label("免罚").click();
    h.run();
    let confirm = h.get_by_label("确认免罚");
    assert!(confirm.accesskit_node().is_disabled(), "an excuse needs a reason");
    type_into(&mut h, "免罚理由", "赛前已请假");
    h.get_by_label("确认免罚").click();
    settle(&mut h);
    h.get_by_label("已免罚");
    assert!(h.query_by_label("免罚").is_none(), "an excused fine has no buttons");

    h.get_by_label("账目").click();
    h.run();
    h.get_by_label("免罚（事先说明）");
    h.get_by_label("赛前已请假");

    drop(h);
    let f = reopen(&path);
    let e = f.event();
    assert!(e.player(StartNo(1)).unwrap().checked_in);
    assert_eq!(e.players.iter().filter(|p| p.checked_in).count(), 1);
    let excuses: Vec<_> =
        e.ledger.iter().map(|l| (l.start_no, l.kind, l.round.map(|r| r.round), l.note.as_str())).collect();
    assert_eq!(excuses, [(forfeiter, LedgerKind::FineExcused, Some(RoundNo(1)), "赛前已请假")]);
}

// the check-in list says who owes the entry fee, 收费 records it, and 作废 voids
// the entry again.
#[test]
fn an_outstanding_entry_fee_is_recorded() {
    blacklist_path();
    let dir = tempfile::tempdir().unwrap();
    let event = presets::build("huaiyin-2022", None, None).unwrap();
    let path = dir.path().join("fees.bianpai");
    {
        let mut f = EventFile::create(&path, &event).unwrap();
        let entries = ["张三", "李四"]
            .iter()
            .map(|n| PlayerEntry {
                name: n.to_string(),
                born: Some(jiff::civil::date(1990, 1, 1)),
                phone: "13800000000".into(),
                ..PlayerEntry::default()
            })
            .collect();
        f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    }
    let mut h = harness(&path, View::Money);
    assert_eq!(h.get_all_by_label("欠 5 元").count(), 2, "huaiyin-2022: 5 元 entry fee");
    h.get_all_by_label("收费").next().expect("a fee button").click();
    settle(&mut h);
    h.get_by_label("已缴");
    assert_eq!(h.get_all_by_label("欠 5 元").count(), 1);
    h.get_by_label_contains("报名费 已收 5 元 / 应收 10 元");
    // Recorded by mistake: 作废 in the ledger keeps the entry, counted for nothing.
    h.get_by_label("账目").click();
    h.run();
    h.get_by_label("已缴报名费");
    h.get_by_label("作废").click();
    settle(&mut h);
    h.get_by_label("已作废");
    h.get_by_label_contains("报名费 已收 0 元 / 应收 10 元");
    drop(h);
    let f = reopen(&path);
    let fees: Vec<_> = f.event().ledger.iter().map(|l| (l.start_no, l.kind, l.amount_fen, l.voided)).collect();
    assert_eq!(fees, [(StartNo(1), LedgerKind::FeePaid, 500, true)]);
}

// R-11.6 (issue 37, item 10): the 收费 button's hint names the player by the number the
// check-in list shows, their group's own number, not the event's start number.
#[test]
fn the_fee_button_names_the_player_by_the_shown_number() {
    blacklist_path();
    let dir = tempfile::tempdir().unwrap();
    let event = presets::build_new("huaiyin-2022", None, None).unwrap();
    let path = dir.path().join("fee-numbers.bianpai");
    {
        let mut f = EventFile::create(&path, &event).unwrap();
        let entry = |name: &str, year: i16| PlayerEntry {
            name: name.to_string(),
            born: Some(jiff::civil::date(year, 1, 1)),
            phone: "13800000000".into(),
            ..PlayerEntry::default()
        };
        // 少年组 first: 成人组's 张三 gets start number 2 and shows as 1.
        let youth = GroupId(2);
        f.execute(&Command::AddPlayers {
            group: youth,
            entries: vec![entry("李四", 2008)],
            override_reason: None,
            left_out: Vec::new(),
        })
        .unwrap();
        f.execute(&Command::AddPlayers {
            group: G,
            entries: vec![entry("张三", 1990)],
            override_reason: None,
            left_out: Vec::new(),
        })
        .unwrap();
        assert_eq!(f.event().players.iter().find(|p| p.entry.name == "张三").map(|p| p.start_no), Some(StartNo(2)));
    }
    let mut h = harness(&path, View::Money);
    h.get_all_by_label("收费").next().expect("a fee button").hover();
    h.run();
    h.get_by_label_contains("记录 1 张三 缴纳报名费");
    assert!(h.query_by_label_contains("记录 2 张三").is_none());
}

// a name on the blacklist typed into the registration form is warned about —
// a namesake to check without a birth date, a confirmed match with the listed one.
#[test]
fn a_blacklisted_player_typed_into_the_form_is_warned_about() {
    let list = blacklist_path();
    let listed = BlacklistEntry {
        id: 0,
        name: "张三".into(),
        born: Some(jiff::civil::date(1990, 1, 1)),
        phone: String::new(),
        reason: "顶撞裁判".into(),
        event: "聆听杯".into(),
    };
    bianpai::store::blacklist::add(list, &listed).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("roster.bianpai");
    drop(EventFile::create(&path, &presets::build("cxa-swiss", None, None).unwrap()).unwrap());

    let mut h = harness(&path, View::Roster);
    h.get_by_label("添加选手…").click();
    // The form asks the worker to read the blacklist (issue 40, item 1): wait for it.
    common::ui::settle(&mut h);
    assert!(h.query_by_label_contains("黑名单").is_none(), "nothing typed yet");
    type_into(&mut h, "姓名", "张三");
    h.get_by_label_contains("与黑名单同名，请核实：张三 1990-01-01（顶撞裁判，聆听杯）");
    type_into(&mut h, "出生日期", "1990-01-01");
    h.get_by_label_contains("黑名单人员：张三");
    // A warning, never a block: the player can still be saved.
    assert!(!h.get_by_label("保存").accesskit_node().is_disabled());
    drop(h);
    let _ = std::fs::remove_file(list);
}
