//! Unit tests of the roster: pinyin readings, search, sorting, status text, and a
//! 3,000-player filter and sort.

use super::search::{first_readings, matches, pinyin_matches, readings};
use super::table::status_text;
use super::*;
use crate::domain::demo::demo_event;
use crate::domain::player::PlayerEntry;

fn key_of(name: &str, club: &str, start_no: u32) -> SearchKey {
    SearchKey {
        index: 0,
        name: name.to_lowercase(),
        club: club.to_lowercase(),
        start_no: start_no.to_string(),
        readings: readings(name),
        name_order: first_readings(name),
        club_order: first_readings(club),
    }
}

#[test]
fn search_matches_name_pinyin_club_and_start_number() {
    let k = key_of("王天一", "杭州", 12);
    for hit in ["", "王天", "天一", "杭州", "12", "wty", "WTY", "wangtianyi", "wang tian yi", "tianyi", "wangty", "ty"]
    {
        assert!(matches(&k, hit), "{hit:?} should find 王天一");
    }
    for miss in ["1", "wtx", "zty", "北京", "wangtianyii", "yw"] {
        assert!(!matches(&k, miss), "{miss:?} should not find 王天一");
    }
}

#[test]
fn every_reading_of_a_character_counts_and_u_umlaut_is_v_or_u() {
    // 曾 reads zeng or ceng; 单 dan, chan or shan; 吕 lü.
    assert!(matches(&key_of("曾益谦", "", 1), "zyq"));
    assert!(matches(&key_of("曾益谦", "", 1), "cengyiqian"));
    assert!(matches(&key_of("单霞丽", "", 1), "shanxiali"));
    assert!(matches(&key_of("吕钦", "", 1), "lvqin"));
    assert!(matches(&key_of("吕钦", "", 1), "luqin"));
    assert!(matches(&key_of("买买提·艾力", "", 1), "mmtal"));
    assert!(matches(&key_of("Alice Smith", "", 1), "alice"));
}

#[test]
fn names_sort_by_pinyin() {
    let mut names = ["张强", "王天一", "安娜", "赵鑫鑫"];
    names.sort_by_key(|n| first_readings(n));
    assert_eq!(names, ["安娜", "王天一", "张强", "赵鑫鑫"]);
}

#[test]
fn sorting_by_rating_puts_unrated_first_then_reverses_with_start_numbers_breaking_ties() {
    let mut event = demo_event(1).unwrap();
    let group = event.groups[0].id;
    for (i, p) in event.players.iter_mut().enumerate() {
        p.entry.rating = match i {
            0 => None,
            1 | 2 => Some(2000),
            _ => Some(1500 + i as u32),
        };
    }
    let keys = search_keys(&event, group);
    let ascending = filtered_sorted(&event, None, &keys, "", Sort { column: SortColumn::Rating, descending: false });
    assert_eq!(event.players[ascending[0]].entry.rating, None);
    let descending = filtered_sorted(&event, None, &keys, "", Sort { column: SortColumn::Rating, descending: true });
    let ratings: Vec<Option<u32>> = descending.iter().map(|&i| event.players[i].entry.rating).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    assert_eq!(ratings.last(), Some(&None));
    let tied: Vec<StartNo> = descending
        .iter()
        .map(|&i| &event.players[i])
        .filter(|p| p.entry.rating == Some(2000))
        .map(|p| p.start_no)
        .collect();
    assert!(tied.windows(2).all(|w| w[0] < w[1]), "ties stay in start-number order: {tied:?}");
}

#[test]
fn three_thousand_players_filter_and_sort_quickly() {
    let mut event = demo_event(1).unwrap();
    let group = event.groups[0].id;
    let surnames = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"];
    let given = ["天一", "伟", "芳", "娜", "敏", "静", "强", "磊", "军", "洋", "勇", "艳"];
    let base = event.players.len();
    for i in 0..3000 {
        let mut p = event.players[0].clone();
        p.start_no = StartNo((base + i + 1) as u32);
        p.entry = PlayerEntry {
            name: format!("{}{}", surnames[i % 10], given[i % 12]),
            club: format!("俱乐部{}", i % 37),
            rating: Some(1200 + (i as u32 * 7919) % 1500),
            ..PlayerEntry::default()
        };
        event.players.push(p);
    }
    let started = std::time::Instant::now();
    let keys = search_keys(&event, group);
    let all = filtered_sorted(&event, None, &keys, "", Sort { column: SortColumn::Name, descending: false });
    let found = filtered_sorted(&event, None, &keys, "wty", Sort { column: SortColumn::Rating, descending: true });
    let elapsed = started.elapsed();
    assert_eq!(all.len(), keys.len());
    let wang_tianyi = event.players.iter().filter(|p| p.entry.name == "王天一").count();
    assert!(wang_tianyi >= 50, "{wang_tianyi}");
    assert!(found.len() >= wang_tianyi);
    assert!(found.iter().all(|&i| pinyin_matches(&readings(&event.players[i].entry.name), "wty")));
    // Generous even for an unoptimised build on a slow machine; it runs only on change.
    assert!(elapsed.as_millis() < 2000, "{elapsed:?}");
}

#[test]
fn status_shows_reason_announced_byes_and_overrides() {
    let mut event = demo_event(1).unwrap();
    let mut stage = event.groups[0].stages[0].clone();
    let p = &mut event.players[0];
    stage.planned_byes = vec![PlannedBye { round: RoundNo(5), bye: Bye::new(p.start_no, ByeKind::Requested) }];
    assert_eq!(status_text(p, Some(&stage), Lang::Zh), "在赛 · 第5轮请求轮空");
    p.status = PlayerStatus::Withdrawn;
    p.status_reason = "伤病".into();
    p.eligibility_override = Some("特邀".into());
    assert_eq!(status_text(p, None, Lang::Zh), "退赛（伤病） · 破格报名");
    assert_eq!(status_text(p, None, Lang::En), "withdrawn (伤病) · admitted by override");
}
