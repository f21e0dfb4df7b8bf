//! The event series' blacklist (R-4.4, seed 000 附二 C/D): players put on it for abuse
//! or cheating, kept across events, and the check that warns when one of them registers
//! again. The list itself lives in an app-level file (see `store::blacklist`); this
//! module only decides who matches.

use super::player::PlayerEntry;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// A person on the blacklist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlacklistEntry {
    /// Its number in the list.
    pub id: u32,
    /// Full name as registered.
    pub name: String,
    /// Birth date, when known: tells namesakes apart.
    pub born: Option<Date>,
    /// Phone number, when known: tells namesakes apart.
    #[serde(default)]
    pub phone: String,
    /// What the player did (顶撞裁判, 使用软件作弊 …).
    pub reason: String,
    /// The event where it happened.
    #[serde(default)]
    pub event: String,
}

/// How sure a match is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStrength {
    /// Same name; neither birth date nor phone can confirm or rule it out.
    NameOnly,
    /// Same name and the same birth date or phone number.
    Confirmed,
}

/// A blacklisted person an entry matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlacklistHit<'a> {
    /// The list's entry.
    pub entry: &'a BlacklistEntry,
    /// How sure.
    pub strength: MatchStrength,
}

/// The list entries that `player` matches, confirmed ones first, then by id. A
/// different birth date rules a namesake out unless the phone numbers agree.
pub fn screen<'a>(list: &'a [BlacklistEntry], player: &PlayerEntry) -> Vec<BlacklistHit<'a>> {
    let name = normalise(&player.name);
    let phone = digits(&player.phone);
    let mut hits: Vec<BlacklistHit<'a>> = list
        .iter()
        .filter(|e| normalise(&e.name) == name && !name.is_empty())
        .filter_map(|entry| {
            let listed_phone = digits(&entry.phone);
            let same_phone = !phone.is_empty() && phone == listed_phone;
            let other_phone = !phone.is_empty() && !listed_phone.is_empty() && !same_phone;
            let (same_born, other_born) = match (player.born, entry.born) {
                (Some(a), Some(b)) => (a == b, a != b),
                _ => (false, false),
            };
            let strength = if same_phone || (same_born && !other_phone) {
                MatchStrength::Confirmed
            } else if other_born || other_phone {
                return None;
            } else {
                MatchStrength::NameOnly
            };
            Some(BlacklistHit { entry, strength })
        })
        .collect();
    hits.sort_by(|a, b| b.strength.cmp(&a.strength).then(a.entry.id.cmp(&b.entry.id)));
    hits
}

/// Names compare without spaces (half- or full-width) or the middle dot of
/// transliterated names.
fn normalise(name: &str) -> String {
    name.chars().filter(|c| !c.is_whitespace() && *c != '·' && *c != '•').collect()
}

fn digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn listed(id: u32, name: &str, born: Option<Date>, phone: &str) -> BlacklistEntry {
        BlacklistEntry {
            id,
            name: name.into(),
            born,
            phone: phone.into(),
            reason: "顶撞裁判".into(),
            event: "聆听杯".into(),
        }
    }

    fn player(name: &str, born: Option<Date>, phone: &str) -> PlayerEntry {
        PlayerEntry { name: name.into(), born, phone: phone.into(), ..Default::default() }
    }

    // a listed player registering again is found; namesakes with another birth
    // date are not; a name alone is a possible match.
    #[test]
    fn screening_tells_namesakes_apart() {
        let list = vec![
            listed(1, "张 三", Some(date(1990, 1, 1)), ""),
            listed(2, "李四", None, "138-0000-0000"),
            listed(3, "王五", None, ""),
        ];
        let strengths = |p: &PlayerEntry| screen(&list, p).iter().map(|h| (h.entry.id, h.strength)).collect::<Vec<_>>();
        assert_eq!(strengths(&player("张三", Some(date(1990, 1, 1)), "")), [(1, MatchStrength::Confirmed)]);
        assert_eq!(strengths(&player("张三", Some(date(1991, 1, 1)), "")), []);
        assert_eq!(strengths(&player("张三", None, "")), [(1, MatchStrength::NameOnly)]);
        assert_eq!(strengths(&player("李四", None, "13800000000")), [(2, MatchStrength::Confirmed)]);
        assert_eq!(strengths(&player("李四", None, "13900000000")), []);
        assert_eq!(strengths(&player("王五", Some(date(2000, 5, 5)), "1")), [(3, MatchStrength::NameOnly)]);
        assert_eq!(strengths(&player("赵六", None, "")), []);
    }
}
