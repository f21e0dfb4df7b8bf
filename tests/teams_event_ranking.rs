//! The event's team ranking across groups (全赛事团体总分, R-10.8) against values worked
//! out by hand on `common::clubs`' three groups: every member, the best N over the
//! groups together and the best N of each group give different rankings; ties go by
//! the counted members' 对手分, then their best rank; a club short of members ranks
//! after the complete ones; a disqualified player and a player without a club never
//! count; a round not yet complete is not read. The setting is a command: saved,
//! audited, undone and redone, refused in words when it names a team-match group.

use crate::common;

use bianpai::domain::command::{Change, Command, DomainError, EventInfo, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::GroupId;
use bianpai::domain::model::team::{EventTeamCount, EventTeamRanking};
use bianpai::domain::model::team_issue::TeamIssue;
use bianpai::domain::teams::event_ranking::{EventTeamStandings, event_team_standings, event_team_standings_by};
use bianpai::store::EventFile;
use common::clubs::{GROUPS, three_groups};

/// (rank, club, points in tenths, counted start numbers best first, 对手分 in tenths,
/// best rank, complete) of each row.
type Row = (u32, &'static str, i32, Vec<u32>, i32, Option<u32>, bool);
/// A [`Row`] as computed.
type Got = (u32, String, i32, Vec<u32>, i32, Option<u32>, bool);

fn rows(s: &EventTeamStandings) -> Vec<Got> {
    s.rows
        .iter()
        .map(|r| {
            let counted = r.counted.iter().map(|m| m.start_no.0).collect();
            (r.rank, r.club.clone(), r.points.0, counted, r.opponents_points.0, r.best_rank, r.complete)
        })
        .collect()
}

fn expect(rows: &[Row]) -> Vec<Got> {
    rows.iter().map(|(rank, club, p, c, o, b, done)| (*rank, club.to_string(), *p, c.clone(), *o, *b, *done)).collect()
}

fn ranked(e: &Event, groups: Option<Vec<GroupId>>, count: EventTeamCount) -> EventTeamStandings {
    event_team_standings_by(e, &EventTeamRanking { groups, count }).unwrap()
}

// the best member overall and the best member of each group rank the clubs
// differently (values from the table of `common::clubs`).
#[test]
fn best_n_overall_and_best_n_per_group_differ() {
    let e = three_groups();
    // Best 1 overall: 乙 9 (6); 丙 1 (4, 对手分 1, rank 1) before 甲 12 (4, 对手分 1,
    // rank 2) by the best rank.
    let overall = ranked(&e, None, EventTeamCount::BestOverall(1));
    assert_eq!(
        rows(&overall),
        expect(&[
            (1, "乙", 60, vec![9], 10, Some(1), true),
            (2, "丙", 40, vec![1], 10, Some(1), true),
            (3, "甲", 40, vec![12], 10, Some(2), true),
        ])
    );
    // Best 1 of each group: 甲 4 + 7 + 12 = 3 + 1 + 4 = 8; 乙 3 + 6 + 9 = 1 + 0 + 6 = 7
    // (对手分 7 + 7 + 1 = 15); 丙 1 + 8 + 10 = 4 + 3 + 0 = 7 (对手分 1 + 1 + 10 = 12).
    // 甲's 5 is disqualified: 7 (1 point) counts for 少年组, not 5 (4 points).
    let per_group = ranked(&e, None, EventTeamCount::BestPerGroup(1));
    assert_eq!(
        rows(&per_group),
        expect(&[
            (1, "甲", 80, vec![12, 4, 7], 90, Some(2), true),
            (2, "乙", 70, vec![9, 3, 6], 150, Some(1), true),
            (3, "丙", 70, vec![1, 8, 10], 120, Some(1), true),
        ])
    );
    let group_of = |s: &EventTeamStandings, club: &str| -> Vec<u32> {
        s.rows.iter().find(|r| r.club == club).unwrap().counted.iter().map(|m| m.group.0).collect()
    };
    assert_eq!(group_of(&per_group, "甲"), [3, 1, 2], "each counted member with his group");
    // Every counted group read after its last complete round: 儿童组's round 3 has a
    // result (12 beat 9) but is not complete.
    let after: Vec<(u32, u32, u32)> = per_group.groups.iter().map(|g| (g.group.0, g.stage.0, g.after_round)).collect();
    assert_eq!(after, [(1, 1, 2), (2, 1, 2), (3, 1, 2)]);
}

// three clubs level on points are ordered by their counted members' 对手分,
// then the best rank among them.
#[test]
fn ties_go_by_opponents_points_then_best_rank() {
    let e = three_groups();
    // Best 2 overall, 7 points each: 乙 9 + 3 = 6 + 1 (对手分 1 + 7 = 8); 丙 1 + 8 = 4 + 3
    // (对手分 2, best rank 1); 甲 12 + 4 = 4 + 3 (对手分 2, best rank 2).
    let s = ranked(&e, None, EventTeamCount::BestOverall(2));
    assert_eq!(
        rows(&s),
        expect(&[
            (1, "乙", 70, vec![9, 3], 80, Some(1), true),
            (2, "丙", 70, vec![1, 8], 20, Some(1), true),
            (3, "甲", 70, vec![12, 4], 20, Some(2), true),
        ])
    );
}

// every member; a club short of N ranks after the complete ones; the groups
// counted can be chosen.
#[test]
fn every_member_short_clubs_and_chosen_groups() {
    let e = three_groups();
    // Every member: 甲 3 + 1 + 4 = 8; 乙 1 + 0 + 0 + 6 = 7 (对手分 7 + 7 + 7 + 1 = 22);
    // 丙 4 + 3 + 0 = 7 (对手分 12). Player 11 has no club and counts nowhere.
    let all = ranked(&e, None, EventTeamCount::All);
    assert_eq!(
        rows(&all),
        expect(&[
            (1, "甲", 80, vec![12, 4, 7], 90, Some(2), true),
            (2, "乙", 70, vec![9, 3, 6, 2], 220, Some(1), true),
            (3, "丙", 70, vec![1, 8, 10], 120, Some(1), true),
        ])
    );
    assert_eq!(all.count, EventTeamCount::All);
    // Best 4 overall: only 乙 has four members ranked (甲's 5 is disqualified), so it
    // ranks first on 7 points, before 甲 (8) and 丙 (7).
    let four = ranked(&e, None, EventTeamCount::BestOverall(4));
    assert_eq!(
        rows(&four),
        expect(&[
            (1, "乙", 70, vec![9, 3, 6, 2], 220, Some(1), true),
            (2, "甲", 80, vec![12, 4, 7], 90, Some(2), false),
            (3, "丙", 70, vec![1, 8, 10], 120, Some(1), false),
        ])
    );
    // 少年组 and 儿童组 only, best 1 of each: 乙 6 + 9 = 0 + 6; 甲 7 + 12 = 1 + 4; 丙 8 + 10 = 3 + 0.
    let two = ranked(&e, Some(vec![GROUPS[1], GROUPS[2]]), EventTeamCount::BestPerGroup(1));
    assert_eq!(
        rows(&two),
        expect(&[
            (1, "乙", 60, vec![9, 6], 80, Some(1), true),
            (2, "甲", 50, vec![12, 7], 80, Some(2), true),
            (3, "丙", 30, vec![8, 10], 110, Some(1), true),
        ])
    );
    // Best 2 of each group: nobody has two ranked members in every group.
    let short = ranked(&e, None, EventTeamCount::BestPerGroup(2));
    assert!(short.rows.iter().all(|r| !r.complete), "{:?}", rows(&short));
}

// the setting is the event's, off by default; a command turns it on, the file
// keeps it, undo and redo restore it, and it is audited; refused in words when N is 0
// or a group plays team matches.
#[test]
fn the_setting_is_a_command_saved_undone_and_refused_in_words() {
    let mut e = three_groups();
    assert_eq!(e.team_ranking, None);
    assert_eq!(event_team_standings(&e).unwrap(), None, "off by default");
    let setting = EventTeamRanking { groups: Some(vec![GROUPS[2], GROUPS[0]]), count: EventTeamCount::BestPerGroup(1) };
    let before = EventInfo::of(&e);
    let applied = apply(&mut e, &Command::SetEventTeamRanking { ranking: Some(setting.clone()) }).unwrap();
    assert_eq!(applied.changes, vec![Change::EventInfo { before: Box::new(before) }]);
    let sorted = EventTeamRanking { groups: Some(vec![GROUPS[0], GROUPS[2]]), ..setting.clone() };
    assert_eq!(e.team_ranking, Some(sorted.clone()), "the groups are kept sorted");

    let refused = |e: &mut Event, ranking: EventTeamRanking| {
        let before = e.clone();
        let err = apply(e, &Command::SetEventTeamRanking { ranking: Some(ranking) }).unwrap_err();
        assert_eq!(*e, before, "a refusal changes nothing");
        err
    };
    let zero = EventTeamRanking { groups: None, count: EventTeamCount::BestOverall(0) };
    assert_eq!(refused(&mut e, zero), DomainError::Team(TeamIssue::CountZero));
    let none = EventTeamRanking { groups: Some(vec![]), count: EventTeamCount::All };
    assert_eq!(refused(&mut e, none), DomainError::Team(TeamIssue::NoGroupCounted));
    let unknown = EventTeamRanking { groups: Some(vec![GroupId(9)]), count: EventTeamCount::All };
    assert_eq!(refused(&mut e, unknown), DomainError::UnknownGroup(GroupId(9)));
    let mut teams = e.clone();
    teams.groups[1].stages[0].teams = Some(bianpai::domain::model::team::TeamStage::cxa(2));
    let team_group = EventTeamRanking { groups: Some(vec![GROUPS[1]]), count: EventTeamCount::All };
    let err = refused(&mut teams, team_group);
    assert_eq!(err, DomainError::Team(TeamIssue::GroupPlaysTeamMatches("少年组".into())));
    use bianpai::lang::{Lang, Localized};
    assert_eq!(err.message(Lang::Zh), "“少年组”是团体对抗赛组别；全赛事团体排名只计个人赛组别。");

    // Saved in the file, read back; undone and redone through the audit log.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clubs.bianpai");
    let mut file = EventFile::create(&path, &three_groups()).unwrap();
    file.execute(&Command::SetEventTeamRanking { ranking: Some(setting) }).unwrap();
    drop(file);
    let mut file = EventFile::open(&path).unwrap();
    assert_eq!(file.event().team_ranking, Some(sorted.clone()));
    let log = file.audit_log().unwrap();
    assert!(log.last().unwrap().command.contains("set_event_team_ranking"), "{:?}", log.last());
    file.undo().unwrap().unwrap();
    assert_eq!(file.event().team_ranking, None);
    file.redo().unwrap().unwrap();
    assert_eq!(file.event().team_ranking, Some(sorted.clone()));
    file.execute(&Command::SetEventTeamRanking { ranking: None }).unwrap();
    drop(file);
    let file = EventFile::open(&path).unwrap();
    assert_eq!(file.event().team_ranking, None, "turned off, and read back off");
    assert_eq!(file.event().name, "三组团体", "the rest of the event row is kept");
}
