//! The stage change where the director looks (R-1.4; issue 17, item 2), driven through
//! the window by its labels (egui_kittest): when the club qualifier of a lingting-cup
//! event (seed 000: top 30 + 2 nominees) is played out, its pairing panel shows who
//! qualifies, nominees are picked by name and by pinyin (a player who qualifies anyway
//! is named, not offered), the close is confirmed, the video Swiss' entrants are the
//! qualifiers then the nominees in order, and the window shows the video Swiss'
//! pairing panel. Around it: a pending stage says how many rounds the one before still
//! has, the standings point to the pairing panel, and the last stage played out says
//! the event is finished.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, StageStatus};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::standings::{qualifiers, standings};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::pairing_ui::PairingView;
use bianpai::ui::standings_ui::StandingsView;
use bianpai::ui::{BianpaiApp, PanelHost, View};
use common::ui::{PLAYER_NAMES, WindowSetup, app_harness, panel_harness};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use pinyin::ToPinyin;
use std::time::Duration;

const G: GroupId = GroupId(1);

/// 34 players with names a director would type (distinct in pinyin).
const NAMES: [&str; 34] = PLAYER_NAMES;

/// Pairs the next round of `stage` and records `outcome` on every board.
fn play_round(event: &mut Event, stage: StageNo, seed: u64, outcome: Outcome) {
    let round = pair_next_round(event, G, stage, seed).unwrap();
    let (no, boards): (RoundNo, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
    apply(event, &Command::PairRound { group: G, stage, round }).unwrap();
    for board in boards {
        let result = Some(GameResult::plain(outcome));
        apply(event, &Command::RecordResult { group: G, stage, round: no, board, game: 1, result }).unwrap();
    }
}

/// A lingting-cup event of the 34 players whose club qualifier has `rounds_played`
/// of its 2 rounds played.
fn qualifier_event(rounds_played: u64) -> Event {
    let mut event = presets::build("lingting-cup", Some("聆听杯"), Some(2)).unwrap();
    let entries = NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerEntry { name: n.to_string(), club: format!("棋社{}", i % 5 + 1), ..Default::default() })
        .collect();
    apply(&mut event, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for r in 1..=rounds_played {
        play_round(&mut event, StageNo(1), r, if r % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins });
    }
    event
}

fn name_of(event: &Event, p: StartNo) -> String {
    event.player(p).unwrap().entry.name.clone()
}

/// `12 王天一（棋社3）`, as the picker lists a player.
fn listed(event: &Event, p: StartNo) -> String {
    let player = event.player(p).unwrap();
    format!("{p} {}（{}）", player.entry.name, player.entry.club)
}

/// Every text on screen (labels, and the values of plain text).
fn texts<S>(harness: &Harness<'_, S>) -> Vec<String> {
    harness
        .query_all_by(|n| n.label().is_some() || n.value().is_some())
        .map(|n| {
            let node = n.accesskit_node();
            node.label().or(node.value()).unwrap_or_default()
        })
        .collect()
}

fn settle(harness: &mut Harness<'_, BianpaiApp>) {
    harness.step();
    harness.state_mut().session_mut().wait_idle(Duration::from_secs(10));
    harness.run_steps(3);
}

/// Types `text` into the nominee search field (cleared first).
fn search(harness: &mut Harness<'_, BianpaiApp>, text: &str) {
    let field = harness.get_by_role_and_label(Role::TextInput, "搜索提名选手");
    field.focus();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    harness.key_press(Key::Backspace);
    harness.run_steps(1);
    harness.get_by_role_and_label(Role::TextInput, "搜索提名选手").type_text(text);
    harness.run_steps(2);
}

// the qualifier played out, its pairing panel previews the top 30, two nominees
// are picked (by name with Enter, by pinyin with a click), the close is confirmed, and
// the video Swiss opens with the 30 then the 2, shown on its own pairing panel.
#[test]
fn a_played_out_stage_is_closed_from_its_pairing_panel_with_nominees() {
    let event = qualifier_event(2);
    let top: Vec<StartNo> =
        qualifiers(&event, G, &event.groups[0].stages[0]).unwrap().iter().map(|r| r.start_no).collect();
    assert_eq!(top.len(), 30);
    let table = standings(&event, G, StageNo(1), 2).unwrap();
    let others: Vec<StartNo> = table.rows.iter().map(|r| r.start_no).filter(|p| !top.contains(p)).collect();
    let (by_name, by_pinyin) = (others[3], others[1]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cup.bianpai");
    EventFile::create(&path, &event).unwrap();

    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::Pairings);
    let mut harness = app_harness(app, WindowSetup::default());
    harness.run_steps(3);
    harness.get_by_label("晋级「视频积分赛」");
    harness.get_by_label("「棋社海选赛」已赛完 2 轮：前 30 名晋级，另可提名 2 名选手。");
    let shown = texts(&harness);
    assert!(shown.contains(&name_of(&event, top[0])), "the preview starts with the winner");

    // Someone who qualifies anyway is named, not offered.
    search(&mut harness, &name_of(&event, top[2]));
    harness.get_by_label(&format!("{}：已凭第 3 名晋级", listed(&event, top[2])));
    assert!(harness.query_by_label(&format!("＋ {}", listed(&event, top[2]))).is_none());

    // By name: Enter takes the first player found.
    search(&mut harness, &name_of(&event, by_name));
    harness.get_by_label(&format!("＋ {}", listed(&event, by_name)));
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    harness.get_by_label(&format!("1. {}", listed(&event, by_name)));
    harness.get_by_label("提名选手（已选 1/2）");

    // By pinyin, the full reading of the name: a click on the player found.
    let reading: String = name_of(&event, by_pinyin).as_str().to_pinyin().flatten().map(|p| p.plain()).collect();
    search(&mut harness, &reading);
    harness.get_by_label(&format!("＋ {}", listed(&event, by_pinyin))).click();
    harness.run_steps(2);
    harness.get_by_label(&format!("2. {}", listed(&event, by_pinyin)));
    harness.get_by_label("提名名额已满；移除一名可另选。");

    harness.get_by_label("结束本阶段并晋级").click();
    harness.run_steps(2);
    let asked = texts(&harness);
    assert!(
        asked.iter().any(
            |t| t.contains("前 30 名按名次晋级，另有提名选手 2 名") && t.contains("共 32 名选手进入「视频积分赛」")
        ),
        "the confirmation names how many go on and where: {asked:?}"
    );
    harness.key_press(Key::Enter);
    settle(&mut harness);

    let saved = harness.state().event().unwrap().clone();
    let stages = &saved.group(G).unwrap().stages;
    assert_eq!(stages[0].status, StageStatus::Closed);
    assert_eq!(stages[1].status, StageStatus::Open);
    let mut expected = top.clone();
    expected.extend([by_name, by_pinyin]);
    assert_eq!(stages[1].entrants, expected, "the qualifiers in order, then the nominees in the order picked");
    // The window follows: the video Swiss' pairing panel, nothing paired yet.
    assert_eq!(harness.state().view(), View::Pairings);
    harness.get_by_label("视频积分赛 · 瑞士制 · 已赛 0/7 轮 · 进行中");
    harness.get_by_label("本阶段尚未编排任何轮次。");
    assert!(harness.query_by_label("结束本阶段并晋级").is_none());
    // Issue 18, item 2: the status bar announces the closed and the opened stage.
    let bar = texts(&harness);
    assert!(bar.iter().any(|t| t == "「棋社海选赛」结束"), "{bar:?}");
    assert!(bar.iter().any(|t| t == "「视频积分赛」开始"), "{bar:?}");
}

// while the qualifier has a round to go, the video Swiss says so, and its button
// goes back to the qualifier.
#[test]
fn a_pending_stage_says_how_many_rounds_the_one_before_still_has() {
    let mut host = PanelHost::new(PairingView::default(), qualifier_event(1));
    host.stage = Some(StageNo(2));
    let mut harness = panel_harness(host, WindowSetup::default());
    harness.run_steps(2);
    harness.get_by_label("本阶段在「棋社海选赛」结束后开放：还差 1 轮。");
    harness.get_by_label("转到「棋社海选赛」").click();
    harness.run_steps(2);
    assert_eq!(harness.state().stage, Some(StageNo(1)));
    assert!(harness.query_by_label("结束本阶段并晋级").is_none(), "the qualifier is not played out");
}

// The standings of a played-out stage point to the pairing panel, which closes it.
#[test]
fn the_standings_point_to_the_pairing_panel() {
    let host = PanelHost::new(StandingsView::default(), qualifier_event(2));
    let mut harness = panel_harness(host, WindowSetup::default());
    harness.run_steps(2);
    harness.get_by_label_contains("请在「对阵」页查看晋级名单");
}

// The last stage played out: the event is finished, and 导出 and 打印 are named.
#[test]
fn the_last_stage_played_out_finishes_the_event() {
    let mut event = presets::build("cxa-swiss", Some("一轮赛"), Some(1)).unwrap();
    let entries = NAMES[..4].iter().map(|n| PlayerEntry { name: n.to_string(), ..Default::default() }).collect();
    apply(&mut event, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    play_round(&mut event, StageNo(1), 1, Outcome::Draw);
    let mut harness = panel_harness(PanelHost::new(PairingView::default(), event), WindowSetup::default());
    harness.run_steps(2);
    harness.get_by_label("全部比赛已结束。");
    harness.get_by_label_contains("「导出」");
}
