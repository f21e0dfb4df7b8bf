//! The pairing explanation in the pairing panel, the panel alone over an event
//! in memory: choosing a board (click, or focus and Space) or a bye opens a side pane
//! with its explanation in the window's language; an edited round lists how it differs
//! from the engine's pairing. A team round's match and bye are explained alike.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::explain::{RoundExplanation, explain_round, explain_team_round};
use bianpai::domain::swiss::{PairingEdit, pair_next_round};
use bianpai::lang::{Lang, Localized};
use bianpai::ui::PanelHost;
use bianpai::ui::pairing_ui::PairingView;
use common::teams::{Home, play_teams_by_hand, team_event};
use common::ui::{WindowSetup, panel_harness};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// Seven players (so a bye), round 1 played, round 2 paired without results.
fn event() -> Event {
    let mut e = presets::build("cxa-swiss", Some("说明测试赛"), Some(4)).unwrap();
    let entries = (1..=7).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for seed in [3, 4] {
        let round = pair_next_round(&e, G, S, seed).unwrap();
        let (no, boards): (RoundNo, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
        for board in boards.into_iter().filter(|_| no == RoundNo(1)) {
            let result = Some(GameResult::plain(Outcome::RedWins));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).unwrap();
        }
    }
    e
}

fn harness(event: Event) -> Harness<'static, PanelHost<PairingView>> {
    let mut h = panel_harness(PanelHost::new(PairingView::default(), event), WindowSetup::default());
    h.run_steps(3);
    h
}

fn explained(h: &Harness<'static, PanelHost<PairingView>>, round: u32) -> RoundExplanation {
    explain_round(&h.state().event, G, S, RoundNo(round)).unwrap()
}

// clicking board 2's number opens the pane with both players' score groups and
// reasons and the colour rule, as the domain words them; Esc closes it.
#[test]
fn choosing_a_board_shows_its_explanation_in_the_side_pane() {
    let mut h = harness(event());
    assert!(h.query_by_label("第2台 编排说明").is_none(), "no pane before a choice");
    h.get_all_by_role_and_label(Role::Button, "2").next().expect("board 2 can be chosen").click();
    h.run_steps(2);
    h.get_by_label("第2台 编排说明");
    let x = explained(&h, 2);
    let board = x.board(BoardNo(2), 1).unwrap();
    // Both players may have the same reason (a pair within a score group).
    assert!(h.get_all_by_label(&board.red.message(Lang::Zh)).count() >= 1);
    assert!(h.get_all_by_label(&board.black.message(Lang::Zh)).count() >= 1);
    h.get_by_label(&board.colour.message(Lang::Zh));
    let group = format!("分数组：{} 分 · {}", board.black.score_group, board.black.float.label(Lang::Zh));
    assert!(h.get_all_by_label(&group).count() >= 1);
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label("第2台 编排说明").is_none(), "Esc closes the pane");
}

// the keyboard reaches a board of a played round (PageUp to round 1, the board
// number focused, Space) and a bye's 轮空; the pane follows the window's language.
#[test]
fn a_board_and_a_bye_are_reached_by_keyboard_in_either_language() {
    let mut h = harness(event());
    h.key_press(Key::PageUp);
    h.run_steps(2);
    h.get_by_label_contains("第1轮：3 台，已录入 3/3 个结果");
    h.get_all_by_role_and_label(Role::Button, "1").next().expect("board 1 of round 1").focus();
    h.run_steps(1);
    h.key_press(Key::Space);
    h.run_steps(2);
    let x = explained(&h, 1);
    assert!(h.get_all_by_label(&x.board(BoardNo(1), 1).unwrap().black.message(Lang::Zh)).count() >= 1);

    h.state_mut().lang = Lang::En;
    h.run_steps(2);
    h.get_by_label("Board 1: why so");
    h.get_by_label(&x.board(BoardNo(1), 1).unwrap().colour.message(Lang::En));
    h.get_by_role_and_label(Role::Button, "bye").focus();
    h.run_steps(1);
    h.key_press(Key::Space);
    h.run_steps(2);
    h.get_by_label("Why this bye");
    h.get_by_label(&x.byes[0].message(Lang::En));
}

// after a hand edit the panel lists how the round differs from the engine's
// pairing; before it, no such line.
#[test]
fn an_edited_round_lists_its_differences_above_the_table() {
    let mut h = harness(event());
    // The comparison pairs the round again: only on request.
    h.get_by_label("与编排结果比较").click();
    h.run_steps(2);
    h.get_by_label("本轮与电脑编排结果相同。");
    assert!(h.query_by_label("与编排结果不同：").is_none(), "an unedited round lists none");
    let edit = PairingEdit::SwapColours { board: BoardNo(1) };
    let command = Command::EditPairing { group: G, stage: S, round: RoundNo(2), edit, confirmed: true };
    apply(&mut h.state_mut().event, &command).unwrap();
    h.state_mut().revision += 1;
    h.run_steps(2);
    h.get_by_label("与编排结果不同：");
    let x = explained(&h, 2);
    h.get_by_label(&x.comparison.differences()[0].message(Lang::Zh));
}

// a team round. Five teams of two, rounds 1 and 2 set by hand (队1–队2 drawn,
// 队4 beat 队3, 队5 bye; 队1 beat 队4, 队2 beat 队5, 队3 bye), round 3 by the engine:
// match 1 is 队2 (3 场分, home) against 队3 (2): 队2 met 队1, the 3-point group's other
// team, so it floats down; 队2's home-away difference (+0) is smaller than 队3's (+1).
// 队4 has the bye: the lowest score group's only team without one. Choosing 第1场 or
// 为什么轮空 shows them in the side pane, in either language.
#[test]
fn choosing_a_match_or_a_team_bye_shows_the_team_explanation() {
    use Home::{D, L, W};
    let mut e = team_event(5, 2, 2, 4);
    play_teams_by_hand(&mut e, 1, &[(1, 2, &[D, D]), (3, 4, &[L, L])], &[5]);
    play_teams_by_hand(&mut e, 2, &[(1, 4, &[W, D]), (2, 5, &[W, W])], &[3]);
    let round = pair_next_round(&e, G, S, 11).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    let mut h = harness(e);
    h.get_by_label("与编排结果比较").click();
    h.run_steps(2);
    h.get_by_label("本轮与电脑编排结果相同。");
    assert!(h.query_by_label("第1场 编排说明").is_none(), "no pane before a choice");
    h.get_by_role_and_label(Role::Button, "第1场").click();
    h.run_steps(2);
    h.get_by_label("第1场 编排说明");
    h.get_by_label("主队 队2");
    h.get_by_label("分数组：3 分 · 下浮");
    h.get_by_label("与同分组的 队1已交过手；对手来自相邻分数组（分差 1 分）");
    h.get_by_label("客队 队3");
    h.get_by_label("分数组：2 分 · 上浮");
    h.get_by_label("上浮与从 3 分组下浮的 队2对阵");
    h.get_by_label("队2为主队（单数台执红）：队2主客场次之差较小（+0 对 +1）");
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label("第1场 编排说明").is_none(), "Esc closes the pane");

    h.get_by_role_and_label(Role::Button, "为什么轮空").click();
    h.run_steps(2);
    h.get_by_label("轮空说明");
    h.get_by_label_contains("队数为奇数，轮空给最低分组（2 分）中团体排名最后、此前未轮空的队");
    let x = explain_team_round(&h.state().event, G, S, RoundNo(3)).unwrap();
    h.state_mut().lang = Lang::En;
    h.run_steps(2);
    h.get_by_label(&x.bye_why(&x.byes[0], Lang::En));
    h.get_by_role_and_label(Role::Button, "Match 2").click();
    h.run_steps(2);
    h.get_by_label("Match 2: why so");
    h.get_by_label("Home 队5");
    h.get_by_label("Away 队1");
    h.get_by_label_contains("队5 is home (red on odd boards): only so are the home-and-away rules kept");
}
