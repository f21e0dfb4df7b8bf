//! Issue 19, item 7 in the window: the prize panel, alone on an event in memory
//! (`PanelHost`), lists the player whose rank would carry a prize but who gets none,
//! with what it would carry and why; "特批获奖" on his row asks for a reason and
//! records the grant; applied, the panel shows him among the awards, granted, and the
//! list of players left out is gone.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::prizes::{PrizeDecisionKind, PrizeRules, PrizeVerdict, RankRange, prize_outcome};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::ui::prizes_ui::PrizesView;
use bianpai::ui::{Job, Lang, PanelHost};
use common::ui::{WindowSetup, panel_harness};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// An 8-player, 3-round Swiss with tier prizes (一等奖 rank 1, 二等奖 2–3, 三等奖 4–5,
/// 参赛奖 for the rest) and the every-round rule; the red player of board 1 in round 2
/// does not turn up. Returns the event and that player.
fn event() -> (Event, StartNo) {
    let mut e = presets::build("cxa-swiss", Some("奖励测试赛"), Some(3)).unwrap();
    let tiers =
        PrizeRules::tiers([RankRange::new(1, 1), RankRange::new(2, 3), RankRange::new(4, 5)], [10_000, 5_000, 3_000]);
    e.groups[0].prizes = PrizeRules { require_every_round: true, ..tiers };
    let entries = (1..=8).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let mut absent = None;
    for r in 1..=3 {
        let round = pair_next_round(&e, G, S, r).unwrap();
        let no = round.no;
        let games: Vec<(BoardNo, StartNo)> = round.games.iter().map(|g| (g.board, g.red)).collect();
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
        for (board, red) in games {
            let outcome = if r == 2 && board.0 == 1 {
                absent = Some(red);
                Outcome::BlackWinsByForfeit
            } else {
                Outcome::RedWins
            };
            let result = Some(GameResult::plain(outcome));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).unwrap();
        }
    }
    (e, absent.unwrap())
}

fn harness(event: Event) -> Harness<'static, PanelHost<PrizesView>> {
    let mut host = PanelHost::new(PrizesView::default(), event);
    host.lang = Lang::Zh;
    let mut h = panel_harness(host, WindowSetup { max_steps: 8, ..WindowSetup::default() });
    h.run();
    h
}

// the row of the player left out, its reason, and a grant recorded from it.
#[test]
fn the_prize_panel_shows_why_and_grants_a_prize() {
    let (e, absent) = event();
    let name = e.player(absent).unwrap().name().to_string();
    let outcome = prize_outcome(&e, G, &e.groups[0].prizes).unwrap();
    let left_out = outcome.withheld.iter().find(|w| w.start_no == absent).unwrap();
    let mut h = harness(e);

    h.get_by_label("未获奖励的选手");
    // His row: his name, what his rank would carry and why.
    let row_y = h.get_by_label(&name).rect().center().y;
    let on_row = |y: f32| (y - row_y).abs() < 12.0;
    assert!(on_row(h.get_by_label("第2轮弃权负（须赛满全部轮次）").rect().center().y));
    let carry: Vec<String> = left_out.items.iter().map(|p| p.describe()).collect();
    assert!(h.get_all_by_label(&carry.join("，")).any(|n| on_row(n.rect().center().y)), "{carry:?}");
    // The grant button on his row.
    let grant = h
        .get_all_by_role_and_label(Role::Button, "特批获奖")
        .find(|b| on_row(b.rect().center().y))
        .expect("a grant button on his row");
    grant.click();
    h.run();

    // The dialog asks for the reason, refuses to go on without one, then sends it.
    h.get_by_role_and_label(Role::Button, "特批获奖 (Enter)").click();
    h.run();
    h.get_by_label("请填写理由。");
    assert!(h.state().jobs.is_empty(), "nothing sent without a reason");
    h.get_by_role_and_label(Role::TextInput, "理由").focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, "理由").type_text("网络中断，仲裁认定非本人责任");
    h.run();
    h.get_by_role_and_label(Role::Button, "特批获奖 (Enter)").click();
    h.run();
    let sent: Vec<Command> = h
        .state()
        .jobs
        .iter()
        .flat_map(|j| match j {
            Job::Execute { commands, .. } => commands.clone(),
            _ => Vec::new(),
        })
        .collect();
    assert_eq!(
        sent,
        [Command::SetPrizeDecision {
            group: G,
            start_no: absent,
            decision: PrizeDecisionKind::Grant,
            reason: "网络中断，仲裁认定非本人责任".into(),
        }]
    );

    // Applied as the worker would: he is among the awards, granted; nobody left out.
    h.state_mut().apply_jobs();
    assert!(h.state().refusals.is_empty());
    let decisions = &h.state().event.groups[0].prize_decisions;
    assert_eq!(decisions.len(), 1);
    assert_eq!((decisions[0].start_no, decisions[0].verdict), (absent, PrizeVerdict::Grant));
    h.run();
    assert!(h.query_by_label("未获奖励的选手").is_none(), "nobody is left out any more");
    assert!(h.query_by_label_contains("（特批：网络中断，仲裁认定非本人责任）").is_some());
    let row_y = h.get_by_label(&name).rect().center().y;
    let clear =
        h.get_all_by_role_and_label(Role::Button, "撤回决定").find(|b| (b.rect().center().y - row_y).abs() < 12.0);
    assert!(clear.is_some(), "his row offers to clear the grant");
}
