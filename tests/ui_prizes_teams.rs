//! Team prizes in the window: the prize panel of a team event lists each team's
//! prizes by its team rank, in Chinese and in English, also when the group gives team
//! prizes only.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::model::prize_rules::{Prize, PrizeRules, RankPrize, RankRange};
use bianpai::ui::prizes_ui::PrizesView;
use bianpai::ui::{Lang, PanelHost};
use common::teams::Home::W;
use common::teams::{G, play_teams_by_hand, team_event};
use common::ui::{WindowSetup, panel_harness};
use egui_kittest::kittest::Queryable;

fn host(lang: Lang) -> PanelHost<PrizesView> {
    let mut e = team_event(4, 2, 2, 1);
    play_teams_by_hand(&mut e, 1, &[(1, 2, &[W, W]), (4, 3, &[W, W])], &[]);
    let rules = PrizeRules {
        team_prizes: vec![RankPrize {
            ranks: RankRange::new(1, 2),
            prize: Prize::Cash { label: "团体第{rank}名".into(), amount_fen: 30_000 },
        }],
        ..PrizeRules::default()
    };
    apply(&mut e, &Command::SetPrizeRules { group: G, rules }).unwrap();
    let mut host = PanelHost::new(PrizesView::default(), e);
    host.lang = lang;
    host
}

// team 1 and team 4 won their matches 4:0 and share the top two ranks; each
// gets its rank's prize, and a group with team prizes only is not called prizeless.
#[test]
fn the_prize_panel_lists_team_prizes_by_team_rank() {
    let mut h = panel_harness(host(Lang::Zh), WindowSetup::default());
    h.run();
    h.get_by_label("团体奖");
    h.get_by_label("队1");
    h.get_by_label("队4");
    assert!(h.query_by_label("队2").is_none(), "a team outside the prize ranks");
    assert!(h.query_by_label_contains("本组未设奖励").is_none());
    let mut h = panel_harness(host(Lang::En), WindowSetup::default());
    h.run();
    h.get_by_label("Team prizes");
}
