//! Golden team standings computed by hand (issue 20): a team Swiss of six teams over
//! three rounds where a tie on 场分 is broken by 局分, one by 直胜 and one by 台次分
//! and 队员总分制 with an incomplete team and a tie broken by the counted
//! members' 对手分.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::model::team::{MemberRanking, Team, TeamId};
use bianpai::domain::result::Outcome::{BlackWins, Draw, RedWins};
use bianpai::domain::rules::ClubAvoidance;
use bianpai::domain::teams::members::member_standings;
use bianpai::domain::teams::team_standings;
use common::by_hand::{event_with_players, play_by_hand};
use common::teams::Home::{D, L, W};
use common::teams::{G, S, play_teams_by_hand, team_event};

/// Teams A … F are 1 … 6, two players each, two boards (weights 2 and 1).
///
/// | round | matches (home:away 局分) |
/// |---|---|
/// | 1 | A–B 3:1, C–E 3:1, D–F 3:1 |
/// | 2 | A–C 1:3, B–F 3:1, D–E 0:4 |
/// | 3 | A–D 4:0, B–E 4:0, C–F 1:3 |
///
/// 场分 / 局分: A 4/8, B 4/8, C 4/7, D 2/3, E 2/5, F 2/5.
/// - C is third behind A and B on 局分 (7 < 8);
/// - A is ahead of B by 直胜 (A beat B in round 1);
/// - D is behind E and F on 局分 (3 < 5); E and F never met and share 对手场分 (10:
///   both met B, C and D), so 台次分 decides: E 2 + 6 + 0 = 8, F 1 + 1 + 5 = 7.
#[test]
fn team_swiss_ties_broken_by_game_points_head_to_head_and_board_points() {
    let mut e = team_event(6, 2, 2, 3);
    play_teams_by_hand(&mut e, 1, &[(1, 2, &[W, D]), (3, 5, &[D, W]), (4, 6, &[W, D])], &[]);
    play_teams_by_hand(&mut e, 2, &[(1, 3, &[L, D]), (2, 6, &[W, D]), (4, 5, &[L, L])], &[]);
    play_teams_by_hand(&mut e, 3, &[(1, 4, &[W, W]), (2, 5, &[W, W]), (3, 6, &[L, D])], &[]);
    let st = team_standings(&e, G, S, 3).unwrap();
    let got: Vec<(u32, u32, i32, i32, i32, i32, i32)> = st
        .rows
        .iter()
        .map(|r| {
            (
                r.rank,
                r.team.0,
                r.match_points.0,
                r.game_points.0,
                r.head_to_head.0,
                r.opponents_match_points.0,
                r.board_points.0,
            )
        })
        .collect();
    // (rank, team, 场分, 局分, 直胜, 对手场分, 台次分), points in tenths.
    // 对手场分: A met B, C, D = 4+4+2; B met A, F, E = 4+2+2; C met E, A, F = 2+4+2;
    // E met C, D, B = 4+2+4; F met D, B, C = 2+4+4; D met F, E, A = 2+2+4.
    // 台次分: A 5+1+6, B 1+5+6, C 4+5+1, E 8, F 7, D 5+0+0.
    assert_eq!(
        got,
        vec![
            (1, 1, 40, 80, 20, 100, 120),
            (2, 2, 40, 80, 0, 80, 120),
            (3, 3, 40, 70, 0, 80, 100),
            (4, 5, 20, 50, 0, 100, 80),
            (5, 6, 20, 50, 0, 100, 70),
            (6, 4, 20, 30, 0, 80, 50),
        ]
    );
}

/// Adds the teams (name, members) to group `g` and sets 队员总分制 over the best 2.
fn member_teams(e: &mut bianpai::domain::event::Event, g: GroupId, teams: &[(&str, &[u32])]) {
    for (name, members) in teams {
        let team = Team {
            id: TeamId(0),
            name: (*name).into(),
            club: String::new(),
            captain: None,
            members: members.iter().copied().map(StartNo).collect(),
            reserves: Vec::new(),
        };
        apply(e, &Command::Team { group: g, change: TeamCommand::Add { team } }).unwrap();
    }
    let ranking = Some(MemberRanking { count: Some(2), avoid: ClubAvoidance::Off, avoid_absolute: false });
    apply(e, &Command::Team { group: g, change: TeamCommand::SetMemberRanking { ranking } }).unwrap();
}

/// Eight players of a `cxa-swiss` event (2/1/0), two rounds by hand:
/// round 1: 1–4 1-0, 2–5 0-1, 3–7 0-1, 6–8 ½; round 2: 1–5 ½, 7–6 1-0, 8–2 0-1, 4–3 1-0.
///
/// | player | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
/// |---|---|---|---|---|---|---|---|---|
/// | points | 3 | 2 | 0 | 2 | 3 | 1 | 4 | 1 |
/// | 对手分 | 2+3=5 | 3+1=4 | 4+2=6 | 3+0=3 | 2+3=5 | 1+4=5 | 0+1=1 | 1+2=3 |
/// | rank | 3 | 4 | 8 | 5 | 2 | 6 | 1 | 7 |
///
/// (5 is ahead of 1 on 后手局.) Teams A {1, 2, 3}, B {4, 5}, C {7}, D {6, 8}; N = 2:
/// A counts 1 and 2: 5 points, 对手分 9; B counts 5 and 4: 5 points, 对手分 8 — level
/// on points, A first on 对手分; D counts 6 and 8: 2 points; C has one member and ranks
/// last although its 4 points are more than D's.
#[test]
fn member_ranking_puts_incomplete_teams_last_and_breaks_ties_on_opponents_points() {
    let mut e = event_with_players("cxa-swiss", 8, 2);
    let (g, s) = (GroupId(1), StageNo(1));
    play_by_hand(&mut e, (g, s), 1, &[(1, 4, RedWins), (2, 5, BlackWins), (3, 7, BlackWins), (6, 8, Draw)], &[]);
    play_by_hand(&mut e, (g, s), 2, &[(1, 5, Draw), (7, 6, RedWins), (8, 2, BlackWins), (4, 3, RedWins)], &[]);
    member_teams(&mut e, g, &[("A", &[1, 2, 3]), ("B", &[4, 5]), ("C", &[7]), ("D", &[6, 8])]);
    let st = member_standings(&e, g, s, 2).unwrap();
    type Row<'a> = (u32, &'a str, i32, Vec<u32>, i32, Option<u32>, bool);
    let got: Vec<Row> = st
        .rows
        .iter()
        .map(|r| {
            let name = e.groups[0].team(r.team).unwrap().name.as_str();
            (
                r.rank,
                name,
                r.points.0,
                r.counted.iter().map(|p| p.0).collect(),
                r.opponents_points.0,
                r.best_rank,
                r.complete,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "A", 50, vec![1, 2], 90, Some(3), true),
            (2, "B", 50, vec![5, 4], 80, Some(2), true),
            (3, "D", 20, vec![6, 8], 80, Some(6), true),
            (4, "C", 40, vec![7], 10, Some(1), false),
        ]
    );
}

// R-10.8 (issue 37, item 3): where boys and girls are ranked apart, 队员总分制 still
// counts every member by the whole group's order. The event above with players 5 and 7
// girls: A {1, 2, 7} counts 7 (4 points) and 1 (3): 7 points, best rank 1 in the whole
// group; B {4, 5, 6} counts 5 (3) and 4 (2): 5 points. Counting boys only gave A 5 and B 3.
#[test]
fn member_ranking_counts_girls_where_the_group_ranks_them_apart() {
    use bianpai::domain::player::Gender;
    let mut e = event_with_players("cxa-swiss", 8, 2);
    let (g, s) = (GroupId(1), StageNo(1));
    e.groups[0].rank_genders_separately = true;
    for p in &mut e.players {
        let girl = [5, 7].contains(&p.start_no.0);
        p.entry.gender = Some(if girl { Gender::Female } else { Gender::Male });
    }
    play_by_hand(&mut e, (g, s), 1, &[(1, 4, RedWins), (2, 5, BlackWins), (3, 7, BlackWins), (6, 8, Draw)], &[]);
    play_by_hand(&mut e, (g, s), 2, &[(1, 5, Draw), (7, 6, RedWins), (8, 2, BlackWins), (4, 3, RedWins)], &[]);
    member_teams(&mut e, g, &[("A", &[1, 2, 7]), ("B", &[4, 5, 6])]);
    let st = member_standings(&e, g, s, 2).unwrap();
    let got: Vec<(i32, Vec<u32>, Option<u32>)> =
        st.rows.iter().map(|r| (r.points.0, r.counted.iter().map(|p| p.0).collect(), r.best_rank)).collect();
    assert_eq!(got, vec![(70, vec![7, 1], Some(1)), (50, vec![5, 4], Some(2))]);
}
