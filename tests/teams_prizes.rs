//! Team prizes by team rank: each team gets the prizes of its rank, with the
//! rank filled into the label, in the library and in `prizes --json`.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::model::prize_rules::{Prize, PrizeRules, RankPrize, RankRange};
use bianpai::domain::teams::prizes::{team_awards, team_ranks};
use bianpai::store::EventFile;
use common::teams::Home::{L, W};
use common::teams::{G, play_teams_by_hand, team_event};

fn team_prize_rules() -> PrizeRules {
    let cash = |label: &str, fen| Prize::Cash { label: label.into(), amount_fen: fen };
    PrizeRules {
        team_prizes: vec![
            RankPrize { ranks: RankRange::single(1), prize: cash("团体冠军", 100_000) },
            RankPrize { ranks: RankRange::new(2, 3), prize: cash("团体第{rank}名", 50_000) },
            RankPrize { ranks: RankRange::new(1, 3), prize: Prize::Trophy { label: "奖杯".into() } },
        ],
        ..PrizeRules::default()
    }
}

/// Four teams, one round: 1 beats 2 4:0; 3 and 4 draw 2:2, level on 场分, 局分, 直胜
/// and 对手场分, and 4 is ahead on 台次分 (it won the heavier board 1: 4 against 2).
/// Ranks: 1, 4, 3, 2.
fn event_after_one_round() -> bianpai::domain::event::Event {
    let mut e = team_event(4, 2, 2, 1);
    play_teams_by_hand(&mut e, 1, &[(1, 2, &[W, W]), (3, 4, &[L, W])], &[]);
    let rules = team_prize_rules();
    apply(&mut e, &Command::SetPrizeRules { group: G, rules }).unwrap();
    e
}

// prizes go by team rank; a range's label takes the rank.
#[test]
fn each_team_gets_the_prizes_of_its_rank() {
    let e = event_after_one_round();
    let ranks = team_ranks(&e, G).unwrap().unwrap();
    let ids: Vec<(u32, u32)> = ranks.iter().map(|(t, r)| (t.0, *r)).collect();
    assert_eq!(ids, vec![(1, 1), (4, 2), (3, 3), (2, 4)]);
    let awards = team_awards(&ranks, &e.groups[0].prizes.team_prizes);
    let got: Vec<(u32, u32, Vec<String>)> =
        awards.iter().map(|a| (a.rank, a.team.0, a.prizes.iter().map(|p| p.label().to_string()).collect())).collect();
    assert_eq!(
        got,
        vec![
            (1, 1, vec!["团体冠军".to_string(), "奖杯".into()]),
            (2, 4, vec!["团体第2名".to_string(), "奖杯".into()]),
            (3, 3, vec!["团体第3名".to_string(), "奖杯".into()]),
        ]
    );
}

// `prizes --json` lists the team awards.
#[test]
fn prizes_json_lists_the_team_awards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("team.bianpai");
    EventFile::create(&path, &event_after_one_round()).unwrap();
    let out = common::bianpai(&["prizes", path.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let teams = v["team_awards"].as_array().unwrap();
    assert_eq!(teams.len(), 3);
    assert_eq!(teams[0]["team"], "队1");
    assert_eq!(teams[0]["items"][0]["amount_fen"], 100_000);
    assert_eq!(teams[1]["team"], "队4");
    assert_eq!(teams[1]["items"][0]["label"], "团体第2名");
}

// the printed prize list has the team prizes under their heading.
#[test]
fn the_printed_prize_list_has_the_team_prizes() {
    use bianpai::print::{Document, prizes};
    use bianpai::ui::Lang;
    let printed = prizes::PRIZE_LIST.print(&event_after_one_round(), G, None, Lang::Zh).unwrap();
    let text: String = common::pdf::drawn_strings(&printed.bytes)
        .into_iter()
        .flatten()
        .map(|(_, _, s)| s)
        .collect::<Vec<_>>()
        .join("|");
    assert!(text.contains("团体奖"), "{text}");
    assert!(text.contains("团体冠军"), "{text}");
    assert!(text.contains("队4"), "{text}");
    assert!(!text.contains("本组未设奖励"), "{text}");
}
