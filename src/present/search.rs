//! Finding players by what a director types: each player's search keys (name and
//! club, every pinyin reading of the name, the start number) and matching a search
//! text against them (part of the name or club, the exact start number, or the name's
//! pinyin: initials `wty` or full `wangtianyi`). The roster's filter and the pairing
//! panel's nominee picker in the window, and the hall's 查我的台次 (`hall`), all search
//! this way.

use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use pinyin::ToPinyinMulti;

/// How one player is found (and, in the roster, sorted).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchKey {
    /// Position in `event.players`.
    pub index: usize,
    /// Name and club in lower case (Latin names).
    pub name: String,
    pub club: String,
    pub start_no: String,
    /// Every plain pinyin reading of each character of the name (`ü` as `v` and `u`);
    /// a Latin letter or digit reads as itself; other marks (·, spaces) are left out.
    pub readings: Vec<Vec<String>>,
    /// The first reading of each character, joined: the order of names and clubs.
    pub name_order: String,
    pub club_order: String,
}

/// The search keys of every player of `group`, in the event's order.
pub fn search_keys(event: &Event, group: GroupId) -> Vec<SearchKey> {
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
                // The number people type: the shown one.
                start_no: p.shown().to_string(),
                name_order: first_readings(&p.entry.name),
                club_order: first_readings(&p.entry.club),
                readings,
            }
        })
        .collect()
}

/// Every plain reading of each character of `text` that has one (Latin letters and
/// digits read as themselves).
pub fn readings(text: &str) -> Vec<Vec<String>> {
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
pub fn first_readings(text: &str) -> String {
    crate::domain::player::collation_key(text)
}

/// Whether a run of consecutive characters reads as `query`: each character by a
/// non-empty prefix of one of its readings (`wty`, `wangtianyi`, `wangty`, `tianyi`).
pub fn pinyin_matches(readings: &[Vec<String>], query: &str) -> bool {
    let q = query.as_bytes();
    if q.is_empty() || readings.is_empty() {
        return false;
    }
    // (character, query position) pairs already known to lead nowhere.
    let mut dead = vec![false; (readings.len() + 1) * (q.len() + 1)];
    (0..readings.len()).any(|start| consume(readings, q, start, 0, &mut dead))
}

fn consume(readings: &[Vec<String>], q: &[u8], ci: usize, qi: usize, dead: &mut [bool]) -> bool {
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
pub fn matches(key: &SearchKey, text: &str) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

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
        for hit in
            ["", "王天", "天一", "杭州", "12", "wty", "WTY", "wangtianyi", "wang tian yi", "tianyi", "wangty", "ty"]
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
}
