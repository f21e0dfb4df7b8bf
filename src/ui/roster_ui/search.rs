//! Finding and ordering players in the roster: each player's search keys (name and
//! club, every pinyin reading of the name, the start number), matching a search text
//! against them (initials `wty` or full `wangtianyi`), and the filtered, sorted rows.

use super::{Sort, SortColumn};
use crate::domain::event::{Event, Stage};
use crate::domain::ids::GroupId;
use crate::domain::player::Player;
use pinyin::ToPinyinMulti;
use std::cmp::Ordering;

/// How one player is found and sorted.
#[derive(Debug)]
pub(super) struct SearchKey {
    /// Position in `event.players`.
    pub(super) index: usize,
    /// Name and club in lower case (Latin names).
    pub(super) name: String,
    pub(super) club: String,
    pub(super) start_no: String,
    /// Every plain pinyin reading of each character of the name (`ü` as `v` and `u`);
    /// a Latin letter or digit reads as itself; other marks (·, spaces) are left out.
    pub(super) readings: Vec<Vec<String>>,
    /// The first reading of each character, joined: the order of names and clubs.
    pub(super) name_order: String,
    pub(super) club_order: String,
}

pub(super) fn search_keys(event: &Event, group: GroupId) -> Vec<SearchKey> {
    event
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.group == group)
        .map(|(index, p)| {
            let readings = readings(&p.entry.name);
            SearchKey {
                index,
                name: p.entry.name.to_lowercase(),
                club: p.entry.club.to_lowercase(),
                start_no: p.start_no.to_string(),
                name_order: first_readings(&p.entry.name),
                club_order: first_readings(&p.entry.club),
                readings,
            }
        })
        .collect()
}

/// Every plain reading of each character of `text` that has one (Latin letters and
/// digits read as themselves).
pub(super) fn readings(text: &str) -> Vec<Vec<String>> {
    text.chars()
        .filter_map(|c| match c.to_pinyin_multi() {
            Some(multi) => {
                let mut all: Vec<String> = Vec::new();
                for p in multi {
                    let plain = p.plain();
                    for spelling in [plain.replace('ü', "v"), plain.replace('ü', "u")] {
                        if !all.contains(&spelling) {
                            all.push(spelling);
                        }
                    }
                }
                Some(all)
            }
            None if c.is_alphanumeric() => Some(vec![c.to_lowercase().collect()]),
            None => None,
        })
        .collect()
}

/// The first reading of each character, or the character itself: a sort key that puts
/// 安 before 王 before 张 — the order renumbering by name follows too.
pub(super) fn first_readings(text: &str) -> String {
    crate::domain::player::collation_key(text)
}

/// Whether a run of consecutive characters reads as `query`: each character by a
/// non-empty prefix of one of its readings (`wty`, `wangtianyi`, `wangty`, `tianyi`).
pub(super) fn pinyin_matches(readings: &[Vec<String>], query: &str) -> bool {
    let q = query.as_bytes();
    if q.is_empty() || readings.is_empty() {
        return false;
    }
    // (character, query position) pairs already known to lead nowhere.
    let mut dead = vec![false; (readings.len() + 1) * (q.len() + 1)];
    (0..readings.len()).any(|start| consume(readings, q, start, 0, &mut dead))
}

pub(super) fn consume(readings: &[Vec<String>], q: &[u8], ci: usize, qi: usize, dead: &mut [bool]) -> bool {
    if qi == q.len() {
        return true;
    }
    let Some(options) = readings.get(ci) else { return false };
    let slot = ci * (q.len() + 1) + qi;
    if dead[slot] {
        return false;
    }
    for reading in options {
        let r = reading.as_bytes();
        let longest = r.len().min(q.len() - qi);
        for k in (1..=longest).rev() {
            if r[..k] == q[qi..qi + k] && consume(readings, q, ci + 1, qi + k, dead) {
                return true;
            }
        }
    }
    dead[slot] = true;
    false
}

/// Whether the player of `key` matches the search text (trimmed, any case): part of
/// the name or club, the exact start number, or the name's pinyin.
pub(super) fn matches(key: &SearchKey, text: &str) -> bool {
    let text = text.trim().to_lowercase();
    if text.is_empty() {
        return true;
    }
    if key.name.contains(&text) || key.club.contains(&text) || key.start_no == text {
        return true;
    }
    let letters: String = text.chars().filter(|c| !matches!(c, ' ' | '\'' | '-' | '·')).collect();
    letters.chars().all(|c| c.is_ascii_lowercase()) && pinyin_matches(&key.readings, &letters)
}

/// The positions in `event.players` of the players matching `filter`, in `sort` order
/// (start number breaks ties).
pub(super) fn filtered_sorted(
    event: &Event,
    stage: Option<&Stage>,
    keys: &[SearchKey],
    filter: &str,
    sort: Sort,
) -> Vec<usize> {
    let mut shown: Vec<&SearchKey> = keys.iter().filter(|k| matches(k, filter)).collect();
    let player = |k: &SearchKey| &event.players[k.index];
    let has_bye = |p: &Player| stage.is_some_and(|s| s.planned_byes.iter().any(|b| b.bye.player == p.start_no));
    shown.sort_by(|a, b| {
        let (pa, pb) = (player(a), player(b));
        let (ea, eb) = (&pa.entry, &pb.entry);
        let primary = match sort.column {
            SortColumn::StartNo => Ordering::Equal,
            SortColumn::Name => a.name_order.cmp(&b.name_order).then_with(|| ea.name.cmp(&eb.name)),
            SortColumn::Gender => ea.gender.cmp(&eb.gender),
            SortColumn::Born => ea.born.cmp(&eb.born),
            SortColumn::Club => a.club_order.cmp(&b.club_order).then_with(|| ea.club.cmp(&eb.club)),
            SortColumn::Rating => ea.rating.cmp(&eb.rating),
            SortColumn::Title => ea.title.cmp(&eb.title),
            SortColumn::VerifiedFemale => ea.verified_female.cmp(&eb.verified_female),
            SortColumn::Nominee => ea.nominee.cmp(&eb.nominee),
            SortColumn::Status => pa.status.cmp(&pb.status).then_with(|| has_bye(pa).cmp(&has_bye(pb))),
        };
        let primary = if sort.column == SortColumn::StartNo { pa.start_no.cmp(&pb.start_no) } else { primary };
        let primary = if sort.descending { primary.reverse() } else { primary };
        primary.then_with(|| pa.start_no.cmp(&pb.start_no))
    });
    shown.into_iter().map(|k| k.index).collect()
}
