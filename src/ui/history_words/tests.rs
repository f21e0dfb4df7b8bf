//! The history in words, from real audit rows written by the store (issue 18, item 3).

use super::*;
use crate::domain::command::Command;
use crate::domain::event::StageKind;
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::money::LedgerKind;
use crate::domain::player::PlayerEntry;
use crate::domain::presets;
use crate::domain::result::{GameResult, Outcome};
use crate::domain::swiss::pair_next_round;
use crate::store::EventFile;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// Four players registered (张三 is no. 1), round 1 paired.
fn file(dir: &std::path::Path, edit: impl FnOnce(&mut Event)) -> EventFile {
    let mut event = presets::build("cxa-swiss", Some("记录"), Some(3)).unwrap();
    edit(&mut event);
    let mut f = EventFile::create(&dir.join("w.bianpai"), &event).unwrap();
    let entries = ["张三", "李四", "王五", "赵六"]
        .iter()
        .map(|n| PlayerEntry { name: n.to_string(), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G, S, 1).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    f
}

fn result(f: &mut EventFile, board: u32, game: u32, outcome: Option<Outcome>) {
    let result = outcome.map(GameResult::plain);
    let (round, board) = (RoundNo(1), BoardNo(board));
    f.execute(&Command::RecordResult { group: G, stage: S, round, board, game, result }).unwrap();
}

/// The newest row in words.
fn last(f: &EventFile, lang: Lang) -> RowWords {
    let log = f.audit_log().unwrap();
    row_words(log.last().unwrap(), &log, f.event(), lang)
}

fn board_1(f: &EventFile) -> String {
    let game = f.event().groups[0].stages[0].rounds[0].games[0];
    let name = |no| f.event().player(no).unwrap().entry.name.clone();
    format!("{} – {}", name(game.red), name(game.black))
}

// Issue 18, item 3: a correction reads as one sentence, both languages, with names.
#[test]
fn a_result_correction_reads_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |_| {});
    result(&mut f, 1, 1, Some(Outcome::RedWins));
    let names = board_1(&f);
    assert_eq!(last(&f, Lang::Zh).headline, format!("第1轮第1台（{names}）：1-0"));
    result(&mut f, 1, 1, Some(Outcome::BlackWins));
    assert_eq!(last(&f, Lang::Zh).headline, format!("第1轮第1台（{names}）：1-0 → 0-1（更正）"));
    assert_eq!(last(&f, Lang::En).headline, format!("Round 1 board 1 ({names}): 1-0 → 0-1 (correction)"));
    assert_eq!(last(&f, Lang::Zh).details, vec![format!("第1轮第1台（{names}）：1-0 → 0-1")]);
    assert_eq!(last(&f, Lang::Zh).rounds, vec![RoundNo(1)]);
    result(&mut f, 1, 1, None);
    assert_eq!(last(&f, Lang::En).headline, format!("Round 1 board 1 ({names}): 0-1 cleared"));
    // Undo says what it took back: the clearing.
    f.undo().unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, format!("撤销：第1轮第1台（{names}）：0-1 已清除"));
    assert_eq!(last(&f, Lang::Zh).details, vec![format!("第1轮第1台（{names}）：— → 0-1")]);
    f.redo().unwrap();
    assert!(last(&f, Lang::En).headline.starts_with("Redo: Round 1 board 1"), "{:?}", last(&f, Lang::En));
}

// Issue 18, item 3: the first rows of the file, and money, in words.
#[test]
fn players_pairings_and_money_read_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |_| {});
    let log = f.audit_log().unwrap();
    let words = log_words(&log, f.event(), Lang::Zh);
    assert_eq!(words[0].headline, "新增选手 4名：张三、李四、王五等");
    assert_eq!(words[0].details[0], "新增：张三（编号 1），成人组".replace("成人组", &f.event().groups[0].name));
    assert_eq!(words[1].headline, "第1轮已编排（2台）");
    let entries = vec![PlayerEntry { name: "孙七".into(), ..Default::default() }];
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "新增选手 孙七（编号 5）");
    assert_eq!(last(&f, Lang::En).headline, "Added player 孙七 (no. 5)");
    assert_eq!(last(&f, Lang::Zh).players, vec![StartNo(5)]);
    let fee = Command::RecordLedgerEntry {
        start_no: StartNo(1),
        kind: LedgerKind::FeePaid,
        amount_fen: 10_000,
        round: None,
        note: String::new(),
    };
    f.execute(&fee).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "张三：缴纳报名费 100.00 元");
    assert_eq!(last(&f, Lang::En).headline, "张三: paid the entry fee, 100.00 yuan");
    let prizes = f.event().groups[0].prizes.clone();
    f.execute(&Command::SetPrizeRules { group: G, rules: prizes }).unwrap();
    let group = f.event().groups[0].name.clone();
    assert_eq!(last(&f, Lang::Zh).headline, format!("组别“{group}”的奖项设置已修改"));
    f.execute(&Command::SetRoundsPlanned { group: G, stage: S, rounds: 5 }).unwrap();
    let stage = f.event().groups[0].stages[0].name.clone();
    assert_eq!(last(&f, Lang::Zh).headline, format!("「{stage}」：轮数 3 → 5"));
    let status = Command::SetPlayerStatus {
        start_no: StartNo(2),
        status: crate::domain::player::PlayerStatus::Withdrawn,
        reason: "生病".into(),
    };
    f.execute(&status).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "李四（编号 2）：在赛 → 退赛（生病）");
    assert!(last(&f, Lang::Zh).consequences.is_empty(), "a status set by hand is the change itself");
    let json_keys = ["amount_fen", "start_no", "\"command\"", "entity"];
    for row in log_words(&f.audit_log().unwrap(), f.event(), Lang::En) {
        let all = [vec![row.headline.clone()], row.details.clone(), row.consequences.clone()].concat();
        for line in all {
            assert!(!json_keys.iter().any(|k| line.contains(k)) && !line.contains("R-"), "{line}");
        }
    }
}

// Issue 18, item 3: a disqualification by the forfeit rule is a second line of the row.
#[test]
fn a_disqualification_by_the_rules_is_a_consequence() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |e| e.groups[0].stages[0].discipline.forfeits_in_total = Some(1));
    result(&mut f, 1, 1, Some(Outcome::BlackWinsByForfeit));
    let red = f.event().groups[0].stages[0].rounds[0].games[0].red;
    let name = f.event().player(red).unwrap().entry.name.clone();
    assert_eq!(last(&f, Lang::Zh).consequences, vec![format!("{name} 取消资格（弃权超过限度）")]);
    assert_eq!(last(&f, Lang::En).consequences, vec![format!("{name} disqualified (too many forfeits)")]);
    f.undo().unwrap();
    assert_eq!(last(&f, Lang::Zh).consequences, vec![format!("{name} 恢复参赛资格")]);
}

// Issue 18, item 3: a level knockout match's playoff game is a consequence.
#[test]
fn a_playoff_game_is_a_consequence() {
    let dir = tempfile::tempdir().unwrap();
    let event = presets::build("cxa-swiss", Some("淘汰"), None).unwrap();
    let mut f = EventFile::create(&dir.path().join("k.bianpai"), &event).unwrap();
    let entries = (1..=4).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    f.execute(&Command::SetStageFormat { group: G, stage: S, kind: StageKind::Knockout, double: false }).unwrap();
    assert!(last(&f, Lang::Zh).headline.contains("赛制 瑞士制 → 淘汰赛"), "{:?}", last(&f, Lang::Zh));
    let round = pair_next_round(f.event(), G, S, 1).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    result(&mut f, 1, 1, Some(Outcome::RedWins));
    result(&mut f, 1, 2, Some(Outcome::RedWins));
    let words = last(&f, Lang::Zh);
    assert!(words.headline.starts_with("第1轮第1台第2局（"), "{words:?}");
    assert_eq!(words.consequences, vec!["第1轮第1台战平，加赛第3局"]);
    let mut rules = f.event().groups[0].stages[0].knockout.clone().unwrap();
    rules.first_playoff_minutes += 5;
    f.execute(&Command::SetKnockoutRules { group: G, stage: S, rules }).unwrap();
    let stage = f.event().groups[0].stages[0].name.clone();
    assert_eq!(last(&f, Lang::En).headline, format!("“{stage}”: knockout options changed"));
}

// Issue 18, item 3: every kind of row reads as a sentence, never as a command's code.
#[test]
fn every_kind_of_row_reads_in_words() {
    use crate::domain::event::{Bye, ByeKind, PlannedBye};
    use crate::domain::model::group_rules::GroupRules;
    use crate::domain::player::RenumberKey;
    use crate::domain::swiss::PairingEdit;
    let dir = tempfile::tempdir().unwrap();
    let event = presets::build("cxa-swiss", Some("全部"), Some(3)).unwrap();
    let mut f = EventFile::create(&dir.path().join("all.bianpai"), &event).unwrap();
    let entries = ["张三", "李四", "王五", "赵六", "孙七"]
        .iter()
        .map(|n| PlayerEntry { name: n.to_string(), rating: Some(1500), ..Default::default() })
        .collect();
    let mut run = |c: Command| f.execute(&c).map(drop).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    run(Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() });
    run(Command::RenumberPlayers { group: Some(G), by: RenumberKey::Name });
    let mut entry =
        PlayerEntry { name: "张三".into(), club: "杭州".into(), rating: Some(1600), ..Default::default() };
    let zhang = f.event().players.iter().find(|p| p.entry.name == "张三").unwrap().start_no;
    entry.name = "张三丰".into();
    let mut run = |c: Command| f.execute(&c).map(drop).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    run(Command::EditPlayer { start_no: zhang, entry });
    run(Command::SetCheckedIn { start_no: zhang, checked_in: true });
    run(Command::AddGroup { name: "少年组".into(), like: Some(G) });
    let mut rules = GroupRules::of(&f.event().groups[1]);
    rules.entry_fee_fen = 5_000;
    let mut run = |c: Command| f.execute(&c).map(drop).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    run(Command::SetGroupRules { group: GroupId(2), rules });
    run(Command::RemoveGroup { group: GroupId(2) });
    run(Command::SetEventInfo { name: "全部赛".into(), start_date: None, officials: vec![] });
    run(Command::SetStageSchedule { group: G, stage: S, time_control: "60+30".into(), schedule: vec![] });
    let bye = PlannedBye { round: RoundNo(1), bye: Bye::new(StartNo(5), ByeKind::Absent) };
    run(Command::AnnounceBye { group: G, stage: S, planned: bye });
    run(Command::CancelAnnouncedBye { group: G, stage: S, round: RoundNo(1), player: StartNo(5) });
    let round = pair_next_round(f.event(), G, S, 1).unwrap();
    let first = round.games[0];
    let mut run = |c: Command| f.execute(&c).map(drop).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    run(Command::PairRound { group: G, stage: S, round });
    run(Command::EditPairing {
        group: G,
        stage: S,
        round: RoundNo(1),
        edit: PairingEdit::SwapColours { board: first.board },
        confirmed: true,
    });
    run(Command::UnpairRound { group: G, stage: S, round: RoundNo(1) });
    let round = pair_next_round(f.event(), G, S, 1).unwrap();
    let mut run = |c: Command| f.execute(&c).map(drop).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    run(Command::PairRound { group: G, stage: S, round });
    run(Command::RecordLedgerEntry {
        start_no: StartNo(1),
        kind: LedgerKind::PrizePaid,
        amount_fen: 50_050,
        round: None,
        note: "现金".into(),
    });
    run(Command::VoidLedgerEntry { id: crate::domain::money::LedgerId(1) });
    run(Command::DisqualifyForCollusion {
        group: G,
        stage: S,
        round: RoundNo(1),
        board: BoardNo(1),
        reason: "裁判组认定".into(),
    });
    let log = f.audit_log().unwrap();
    for lang in [Lang::Zh, Lang::En] {
        for (entry, words) in log.iter().zip(log_words(&log, f.event(), lang)) {
            println!("#{} {}", entry.id, words.headline);
            for line in words
                .consequences
                .iter()
                .map(|c| format!("  → {c}"))
                .chain(words.details.iter().map(|d| format!("  · {d}")))
            {
                println!("{line}");
            }
            assert!(!words.headline.is_empty() && !words.headline.contains('?'), "{entry:?}");
        }
    }
}

// R-8.3 (issue 19 item 6): a board's game time and watcher read as one sentence, before
// → after, and marking a stage as a video stage names the setting.
#[test]
fn a_board_watch_reads_in_words() {
    use crate::domain::event::Official;
    use crate::domain::watch::GameTime;
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |e| e.officials = vec![Official { role: "挂盘手".into(), name: "蛋总".into() }]);
    f.execute(&Command::SetStageVideo { group: G, stage: S, video: true }).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "「积分编排赛」：视频赛 否 → 是");
    let watch = |time, watcher: Option<&str>| Command::SetBoardWatch {
        group: G,
        stage: S,
        round: RoundNo(1),
        board: BoardNo(1),
        time,
        watcher: watcher.map(str::to_string),
    };
    f.execute(&watch(GameTime::at(19, 30), None)).unwrap();
    let names = board_1(&f);
    assert_eq!(last(&f, Lang::Zh).headline, format!("第1轮第1台（{names}）：对局时间 — → 19:30；挂盘手 —"));
    f.execute(&watch(GameTime::at(20, 0), Some("蛋总"))).unwrap();
    let words = last(&f, Lang::En);
    assert_eq!(words.headline, format!("Round 1 board 1 ({names}): game time 19:30 → 20:00; watched by — → 蛋总"));
    assert_eq!(words.rounds, [RoundNo(1)]);
    assert_eq!(words.details, std::slice::from_ref(&words.headline));
}

// a prize granted, withheld or cleared reads as one sentence with the reason,
// in both languages; its detail names the changed decisions; its undo says so.
#[test]
fn a_prize_decision_reads_in_words() {
    use crate::domain::prizes::PrizeDecisionKind;
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |_| {});
    let decide = |decision, reason: &str| Command::SetPrizeDecision {
        group: G,
        start_no: StartNo(1),
        decision,
        reason: reason.into(),
    };
    f.execute(&decide(PrizeDecisionKind::Grant, "网络故障")).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "张三（编号 1）特批获奖：网络故障");
    assert_eq!(last(&f, Lang::En).headline, "Prize granted to 张三 (no. 1): 网络故障");
    assert_eq!(last(&f, Lang::Zh).players, vec![StartNo(1)]);
    assert!(
        last(&f, Lang::En).details.iter().any(|d| d.contains("prize decisions changed")),
        "{:?}",
        last(&f, Lang::En)
    );
    f.execute(&decide(PrizeDecisionKind::Withhold, "违规")).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "张三（编号 1）不予奖励：违规");
    f.execute(&decide(PrizeDecisionKind::Clear, "")).unwrap();
    assert_eq!(last(&f, Lang::En).headline, "Prize decision for 张三 (no. 1) cleared: the rules decide");
    f.undo().unwrap();
    assert!(last(&f, Lang::En).headline.starts_with("Undo: Prize decision for 张三"), "{:?}", last(&f, Lang::En));
}

// choosing the edition of FIDE's tie-break rules reads as the setting's before
// → after, in both languages.
#[test]
fn a_tie_break_edition_reads_in_words() {
    use crate::domain::rules::FideEditionChoice;
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |_| {});
    let stage = f.event().groups[0].stages[0].clone();
    let rules = Command::SetStageRules {
        group: G,
        stage: S,
        scoring: stage.scoring,
        tiebreaks: stage.tiebreaks,
        fide_edition: FideEditionChoice::Edition2024,
        pairing: stage.pairing,
    };
    f.execute(&rules).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "「积分编排赛」：同分规则版本 按开赛日期 → 2024 版");
    assert_eq!(last(&f, Lang::En).headline, "“积分编排赛”: tie-break edition by the first day → 2024 edition");
}

// the event's team ranking across groups set, changed and turned off reads as
// one sentence with what counts, in both languages; its detail is the before → after;
// its undo says so.
#[test]
fn the_event_team_ranking_reads_in_words() {
    use crate::domain::model::team::{EventTeamCount, EventTeamRanking};
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |_| {});
    let set = |count| Command::SetEventTeamRanking { ranking: Some(EventTeamRanking { groups: None, count }) };
    f.execute(&set(EventTeamCount::BestPerGroup(2))).unwrap();
    assert_eq!(last(&f, Lang::Zh).headline, "全赛事团体排名：各单位计每个个人赛组别的每组前2名");
    assert_eq!(
        last(&f, Lang::En).headline,
        "Team ranking across every individual group: each club counts its best 2 per group"
    );
    let ranking = EventTeamRanking { groups: Some(vec![G]), count: EventTeamCount::All };
    f.execute(&Command::SetEventTeamRanking { ranking: Some(ranking) }).unwrap();
    assert_eq!(
        last(&f, Lang::Zh).details,
        ["赛事信息：全赛事团体排名 每个个人赛组别（每组前2名） → 公开组（全部队员）"]
    );
    f.execute(&Command::SetEventTeamRanking { ranking: None }).unwrap();
    assert_eq!(last(&f, Lang::En).headline, "Team ranking across the event turned off");
    f.undo().unwrap();
    assert!(last(&f, Lang::Zh).headline.starts_with("撤销"), "{:?}", last(&f, Lang::Zh));
}

// Issue 39, item 3: an import that left rows out says which, by line and name.
#[test]
fn an_import_names_the_rows_left_out() {
    use crate::domain::command::LeftOutRow;
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), |_| {});
    let entries = vec![PlayerEntry { name: "孙七".into(), ..Default::default() }];
    let left_out = vec![LeftOutRow { line: 3, name: "周八".into() }];
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out }).unwrap();
    let zh = last(&f, Lang::Zh).headline;
    assert!(zh.ends_with("（略过 1 行：第 3 行 周八）"), "{zh}");
    let en = last(&f, Lang::En).headline;
    assert!(en.ends_with("(1 row(s) left out: line 3 周八)"), "{en}");
}
