//! The explanation of a team round: each match's teams with their
//! score group (match points before the round), float and why, which team is home and
//! by which rule, why the bye went to its team, and whether the round is the engine's
//! — on small five-team events whose earlier rounds are set by hand, so that who
//! floats, who is home and who has the bye are known by hand.

use crate::common;

use bianpai::domain::event::Event;
use bianpai::domain::ids::{RoundNo, StartNo};
use bianpai::domain::model::team::TeamId;
use bianpai::domain::points::Points;
use bianpai::domain::swiss::explain::{
    ByeWhy, ColourRule, Comparison, Float, NotCompared, PairedWhy, TeamRoundExplanation, TeamSide, explain_team_round,
};
use bianpai::domain::swiss::pair_next_round;
use bianpai::lang::Lang;
use common::teams::{G, Home, S, play_teams_by_hand, team_event};
use std::collections::BTreeSet;

use bianpai::domain::command::{Command, apply};

/// Pairs the next team round with `seed` and stores it.
fn pair(e: &mut Event, seed: u64) {
    let round = pair_next_round(e, G, S, seed).unwrap();
    apply(e, &Command::PairRound { group: G, stage: S, round }).unwrap();
}

/// The side of `team` in the round, with its opponent's side.
fn side(x: &TeamRoundExplanation, team: u32) -> (&TeamSide, &TeamSide) {
    let t = TeamId(team);
    x.matches
        .iter()
        .find_map(|m| {
            if m.home.team == t {
                Some((&m.home, &m.away))
            } else if m.away.team == t {
                Some((&m.away, &m.home))
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("team {team} plays no match: {x:?}"))
}

/// The teams of stand-in numbers.
fn teams(x: &TeamRoundExplanation, list: &[StartNo]) -> BTreeSet<u32> {
    list.iter().map(|p| x.team(*p).unwrap().0).collect()
}

/// Five teams of two, 2 boards, 4 rounds; rounds 1 and 2 by hand (home side first):
///
/// | round | match | boards (home) | 场分 | 局分 |
/// |---|---|---|---|---|
/// | 1 | 队1 v 队2 | D D | 1 : 1 | 2 : 2 |
/// | 1 | 队3 v 队4 | L L | 0 : 2 | 0 : 4 |
/// | 1 | 队5 bye | | 2 | 4 |
/// | 2 | 队1 v 队4 | W D | 2 : 0 | 3 : 1 |
/// | 2 | 队2 v 队5 | W W | 2 : 0 | 4 : 0 |
/// | 2 | 队3 bye | | 2 | 4 |
///
/// After round 2: 队2 3 场分 (局分 6), 队1 3 (5), 队4 2 (5), 队3 and 队5 2 (4).
fn two_rounds_by_hand() -> Event {
    use Home::{D, L, W};
    let mut e = team_event(5, 2, 2, 4);
    play_teams_by_hand(&mut e, 1, &[(1, 2, &[D, D]), (3, 4, &[L, L])], &[5]);
    play_teams_by_hand(&mut e, 2, &[(1, 4, &[W, D]), (2, 5, &[W, W])], &[3]);
    e
}

// round 3 of `two_rounds_by_hand`. Only 队1, 队2 and 队4 have had no
// bye; 队4 is the one in the lowest score group (2), so it has the bye although 队3 and
// 队5, ranked below it, are there too: they had theirs. 队1 and 队2, the 3-point group,
// met in round 1, so each floats down: of 队3 and 队5, 队5 met 队2 in round 2, so 队2
// meets 队3 and 队1 meets 队5. 队1 was home twice: only 队5 at home keeps the
// home-and-away rules. 队2 (away, home) has the smaller difference than 队3 (home, bye):
// 队2 is home.
#[test]
fn a_team_floated_down_past_the_team_it_met_and_the_bye_to_the_lowest_without_one() {
    let mut e = two_rounds_by_hand();
    pair(&mut e, 11);
    let x = explain_team_round(&e, G, S, RoundNo(3)).unwrap();
    assert_eq!(x.comparison, Comparison::Same, "as the engine paired it");
    assert_eq!(x.matches.len(), 2);

    // The bye: 队4, the lowest score group's only team without a bye.
    assert_eq!(x.byes.len(), 1);
    let bye = &x.byes[0];
    assert_eq!(bye.team, TeamId(4));
    let ByeWhy::Lowest { score, lowest_group, had_bye_below, others_below } = &bye.why else { panic!("{:?}", bye.why) };
    assert_eq!((*score, *lowest_group), (Points(20), true));
    assert_eq!(teams(&x, had_bye_below), BTreeSet::from([3, 5]), "ranked below 队4, both had a bye");
    assert!(others_below.is_empty());
    let zh = x.bye_why(bye, Lang::Zh);
    assert!(zh.starts_with("队数为奇数，轮空给最低分组（2 分）中团体排名最后、此前未轮空的队"), "{zh}");
    assert!(zh.contains("此前已轮空") && zh.contains("队3") && zh.contains("队5"), "{zh}");
    let en = x.bye_why(bye, Lang::En);
    assert!(en.contains("the lowest team by the team standings of the lowest score group (score 2)"), "{en}");
    assert!(en.contains("ranked lower, already had a bye"), "{en}");

    // 队1 and 队2 float down: each had met the other, the score group's only other team.
    for (team, other, opponent) in [(1, 2, 5), (2, 1, 3)] {
        let (down, up) = side(&x, team);
        assert_eq!(up.team, TeamId(opponent));
        assert_eq!((down.explanation.score_group, down.explanation.float), (Points(30), Float::Down));
        assert_eq!(down.explanation.distance, Points(10));
        let PairedWhy::Down(why) = &down.explanation.why else { panic!("{:?}", down.explanation.why) };
        assert_eq!(why.odd_left, None, "two teams left in the group: an even number");
        assert_eq!(teams(&x, &why.rematch), BTreeSet::from([other]));
        assert!(why.nearer.is_empty(), "the next score group");
        let zh = x.why(down, Lang::Zh);
        assert!(zh.contains(&format!("与同分组的 队{other}已交过手")), "{zh}");
        assert!(zh.contains("对手来自相邻分数组（分差 1 分）"), "{zh}");
        let en = x.why(down, Lang::En);
        assert!(en.contains(&format!("had already met 队{other} of the score group")), "{en}");
        // The team it met floated up to meet it.
        assert_eq!((up.explanation.score_group, up.explanation.float), (Points(20), Float::Up));
        let PairedWhy::Up { partner, partner_score } = &up.explanation.why else { panic!() };
        assert_eq!((x.team(*partner), *partner_score), (Some(TeamId(team)), Points(30)));
        assert_eq!(x.why(up, Lang::Zh), format!("上浮与从 3 分组下浮的 队{team}对阵"));
    }

    // Home: 队5 against 队1 (only so), 队2 against 队3 (the smaller difference).
    let m = x.matches.iter().find(|m| m.away.team == TeamId(1)).expect("队1 away");
    assert_eq!(m.home.team, TeamId(5));
    assert_eq!(m.colour.rule, ColourRule::OnlyAllowed);
    let zh = x.colour(m, Lang::Zh);
    assert!(zh.starts_with("队5为主队（单数台执红）：只有这样才不违反主客场规则"), "{zh}");
    let m = x.matches.iter().find(|m| m.home.team == TeamId(2)).expect("队2 home");
    assert_eq!(m.away.team, TeamId(3));
    assert_eq!(m.colour.rule, ColourRule::Difference { red: 0, black: 1 });
    assert_eq!(
        x.colour(m, Lang::En),
        "队2 is home (red on odd boards): 队2 had fewer home matches relative to away ones (difference +0 v +1)"
    );
}

// round 2 paired by the engine after round 1 by hand (队1 beats 队2 3:1, 队3
// beats 队4 4:0, 队5 bye): the bye goes to the lowest team of the lowest score group,
// 队4 (局分 0 against 队2's 1); three teams are left in the 2-point group, so one
// floats down to 队2 — not 队1, which 队2 met — and 队2 floats up to meet it.
#[test]
fn round_two_gives_the_bye_to_the_lowest_team_of_the_lowest_group() {
    use Home::{D, W};
    let mut e = team_event(5, 2, 2, 4);
    play_teams_by_hand(&mut e, 1, &[(1, 2, &[W, D]), (3, 4, &[W, W])], &[5]);
    pair(&mut e, 7);
    let x = explain_team_round(&e, G, S, RoundNo(2)).unwrap();
    assert_eq!(x.comparison, Comparison::Same);
    assert_eq!(x.byes.iter().map(|b| b.team).collect::<Vec<_>>(), vec![TeamId(4)]);
    let bye = &x.byes[0];
    assert_eq!(
        bye.why,
        ByeWhy::Lowest { score: Points(0), lowest_group: true, had_bye_below: vec![], others_below: vec![] }
    );
    assert_eq!(x.bye_why(bye, Lang::Zh), "队数为奇数，轮空给最低分组（0 分）中团体排名最后、此前未轮空的队");

    let (up, down) = side(&x, 2);
    assert!([TeamId(3), TeamId(5)].contains(&down.team), "队2 met 队1: {down:?}");
    assert_eq!((up.explanation.float, down.explanation.float), (Float::Up, Float::Down));
    let PairedWhy::Down(why) = &down.explanation.why else { panic!("{:?}", down.explanation.why) };
    assert_eq!(why.odd_left, Some(3), "队1, 队3, 队5 left in the 2-point group");
    let en = x.why(down, Lang::En);
    assert!(en.contains("3 teams were left to pair in the score group, an odd number: one floats down"), "{en}");
    let zh = x.why(down, Lang::Zh);
    assert!(zh.contains("本分数组待配对 3 队，队数为奇数，须有一队下浮"), "{zh}");
    // The other two meet within their group of three.
    let (a, b) = side(&x, 1);
    assert_eq!((a.explanation.float, b.explanation.float), (Float::None, Float::None));
    assert_eq!(a.explanation.why, PairedWhy::SameGroup { size: 3 });
    assert_eq!(x.why(a, Lang::Zh), "在本分数组内配对（本组 3 队）");
    assert_eq!(x.why(a, Lang::En), "paired within the score group (3 teams)");
}

// a round set by hand has no seed: the explanation says it cannot be compared
// with the engine's pairing; an individual round's explanation is no team explanation.
#[test]
fn a_round_without_a_seed_is_not_compared_and_individual_rounds_have_no_team_explanation() {
    let e = two_rounds_by_hand();
    let x = explain_team_round(&e, G, S, RoundNo(2)).unwrap();
    assert_eq!(x.comparison, Comparison::NotCompared(NotCompared::NoSeed));
    assert_eq!(x.byes[0].team, TeamId(3));
    assert!(explain_team_round(&e, G, S, RoundNo(3)).is_none(), "no round 3 yet");
    let mut solo = bianpai::domain::presets::build("cxa-swiss", None, Some(3)).unwrap();
    let entries = (1..=4).map(|i| bianpai::domain::player::PlayerEntry { name: format!("P{i}"), ..Default::default() });
    apply(
        &mut solo,
        &Command::AddPlayers { group: G, entries: entries.collect(), override_reason: None, left_out: Vec::new() },
    )
    .unwrap();
    pair(&mut solo, 1);
    assert!(explain_team_round(&solo, G, S, RoundNo(1)).is_none());
}
