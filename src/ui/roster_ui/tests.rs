//! Unit tests of the roster: sorting, status text, and a 3,000-player filter and sort
//! (the search itself is tested in `ui/search.rs`).

use super::table::status_text;
use super::*;
use crate::domain::demo::demo_event;
use crate::domain::player::PlayerEntry;
use crate::present::search::{pinyin_matches, readings};

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
    assert_eq!(status_text(p, Some(&stage), None, Lang::Zh), "在赛 · 第5轮请求轮空");
    p.status = PlayerStatus::Withdrawn;
    p.status_reason = "伤病".into();
    p.eligibility_override = Some("特邀".into());
    assert_eq!(status_text(p, None, None, Lang::Zh), "退赛（伤病） · 破格报名");
    assert_eq!(status_text(p, None, None, Lang::En), "withdrawn (伤病) · admitted by override");
}

// Issue 18: a reason the rules recorded reads in words, without the rule's id.
#[test]
fn a_forfeit_disqualification_reads_in_words() {
    let mut event = demo_event(1).unwrap();
    let p = &mut event.players[0];
    p.status = PlayerStatus::Disqualified;
    p.status_reason = crate::domain::command::FORFEIT_DISQUALIFICATION.to_string();
    assert_eq!(status_text(p, None, None, Lang::Zh), "取消资格（弃权超过限度）");
    assert_eq!(status_text(p, None, None, Lang::En), "disqualified (too many forfeits)");
}

// issue 18: a player knocked out of the knockout reads 已淘汰 with the places.
#[test]
fn a_knocked_out_player_reads_eliminated_with_the_band_of_places() {
    let event = demo_event(1).unwrap();
    let p = &event.players[0];
    assert_eq!(status_text(p, None, Some((5, 8)), Lang::Zh), "已淘汰 · 第5–8名");
    assert_eq!(status_text(p, None, Some((9, 16)), Lang::En), "eliminated · places 9–16");
}
