//! Players: identity, personal data, flags and status in the event.

use super::ids::{GroupId, StartNo};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A player's gender as recorded at registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    /// 男
    Male,
    /// 女
    Female,
}

impl Gender {
    /// Reads 男/女, m/f, male/female (any case).
    pub fn parse(text: &str) -> Option<Gender> {
        match text.trim().to_lowercase().as_str() {
            "男" | "m" | "male" | "boy" | "男子" => Some(Gender::Male),
            "女" | "f" | "w" | "female" | "girl" | "女子" => Some(Gender::Female),
            _ => None,
        }
    }

    /// The stored code: `m` or `f`.
    pub fn code(self) -> &'static str {
        match self {
            Gender::Male => "m",
            Gender::Female => "f",
        }
    }

    /// 男 or 女.
    pub fn label_zh(self) -> &'static str {
        match self {
            Gender::Male => "男",
            Gender::Female => "女",
        }
    }
}

/// Xiangqi titles awarded by the CXA, highest first, plus anything else as text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Title {
    /// 国际特级大师 (international grandmaster)
    InternationalGrandMaster,
    /// 国际大师 (international master)
    InternationalMaster,
    /// 特级大师 (grandmaster)
    GrandMaster,
    /// 大师 / 国家大师 (national master)
    Master,
    /// 女子特级大师
    WomanGrandMaster,
    /// 女子大师
    WomanMaster,
    /// 候补大师 / 棋协大师 (candidate master)
    CandidateMaster,
    /// 一级棋士
    FirstClass,
    /// 二级棋士
    SecondClass,
    /// 三级棋士
    ThirdClass,
    /// Any other title, kept as written.
    Other(String),
}

impl Title {
    /// Reads the usual Chinese and English names of a title; unknown text is kept as [`Title::Other`].
    pub fn parse(text: &str) -> Option<Title> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        Some(match t.to_uppercase().as_str() {
            "国际特级大师" | "国际象棋特级大师" | "INTERNATIONAL GRANDMASTER" | "IGM" => {
                Title::InternationalGrandMaster
            }
            "国际大师" | "INTERNATIONAL MASTER" | "IM" => Title::InternationalMaster,
            "特级大师" | "象棋特级大师" | "特大" | "GRANDMASTER" | "GM" => Title::GrandMaster,
            "大师" | "国家大师" | "象棋大师" | "国家象棋大师" | "MASTER" | "NATIONAL MASTER" | "M" | "NM" => {
                Title::Master
            }
            "女子特级大师" | "女子象棋特级大师" | "WGM" => Title::WomanGrandMaster,
            "女子大师" | "女子象棋大师" | "WM" => Title::WomanMaster,
            "候补大师" | "棋协大师" | "CM" => Title::CandidateMaster,
            "一级棋士" | "一级" => Title::FirstClass,
            "二级棋士" | "二级" => Title::SecondClass,
            "三级棋士" | "三级" => Title::ThirdClass,
            _ => Title::Other(t.to_string()),
        })
    }

    /// The Chinese name printed on sheets.
    pub fn label_zh(&self) -> &str {
        match self {
            Title::InternationalGrandMaster => "国际特级大师",
            Title::InternationalMaster => "国际大师",
            Title::GrandMaster => "特级大师",
            Title::Master => "大师",
            Title::WomanGrandMaster => "女子特级大师",
            Title::WomanMaster => "女子大师",
            Title::CandidateMaster => "棋协大师",
            Title::FirstClass => "一级棋士",
            Title::SecondClass => "二级棋士",
            Title::ThirdClass => "三级棋士",
            Title::Other(text) => text,
        }
    }

    /// The English name, as the window shows it in English.
    pub fn label_en(&self) -> &str {
        match self {
            Title::InternationalGrandMaster => "International grandmaster",
            Title::InternationalMaster => "International master",
            Title::GrandMaster => "Grandmaster",
            Title::Master => "Master",
            Title::WomanGrandMaster => "Woman grandmaster",
            Title::WomanMaster => "Woman master",
            Title::CandidateMaster => "Candidate master",
            Title::FirstClass => "First class",
            Title::SecondClass => "Second class",
            Title::ThirdClass => "Third class",
            Title::Other(text) => text,
        }
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label_zh())
    }
}

/// Whether the player is still in the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerStatus {
    /// Paired as usual.
    Active,
    /// Left the event; keeps the results played, is not paired again.
    Withdrawn,
    /// Removed by the arbiters (forfeits, collusion …); not paired again.
    Disqualified,
}

impl PlayerStatus {
    /// The code used in files and JSON: active, withdrawn, disqualified.
    pub fn code(self) -> &'static str {
        match self {
            PlayerStatus::Active => "active",
            PlayerStatus::Withdrawn => "withdrawn",
            PlayerStatus::Disqualified => "disqualified",
        }
    }

    /// Reads [`PlayerStatus::code`] back.
    pub fn parse(code: &str) -> Option<PlayerStatus> {
        match code {
            "active" => Some(PlayerStatus::Active),
            "withdrawn" => Some(PlayerStatus::Withdrawn),
            "disqualified" => Some(PlayerStatus::Disqualified),
            _ => None,
        }
    }

    /// 在赛, 退赛 or 取消资格.
    pub fn label_zh(self) -> &'static str {
        match self {
            PlayerStatus::Active => "在赛",
            PlayerStatus::Withdrawn => "退赛",
            PlayerStatus::Disqualified => "取消资格",
        }
    }

    /// Active, withdrawn or disqualified, in English.
    pub fn label_en(self) -> &'static str {
        match self {
            PlayerStatus::Active => "active",
            PlayerStatus::Withdrawn => "withdrawn",
            PlayerStatus::Disqualified => "disqualified",
        }
    }

    /// Whether the pairing engine may pair the player.
    pub fn is_pairable(self) -> bool {
        self == PlayerStatus::Active
    }
}

/// Longest text of a player's field — name, club, phone, a note — in characters
/// (issue 22, item 2: one 300 MB cell grew the event file to 986 MB).
pub const MAX_TEXT_CHARS: usize = 200;
/// Highest rating accepted.
pub const MAX_RATING: u32 = 3500;

/// Whether `text` shows anything: some character that is neither space, a control
/// character nor one of the invisible format characters (zero-width space and joiners,
/// word joiner, BOM, soft hyphen, Hangul fillers) — a name of only those prints blank
/// (issue 38, item 12).
pub fn has_visible_text(text: &str) -> bool {
    text.chars().any(|c| {
        !(c.is_whitespace()
            || c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}')
            || matches!(c, '\u{FEFF}' | '\u{00AD}' | '\u{180E}' | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}'))
    })
}

/// `text` without control characters (a name with `\x1b[2J` cleared the director's
/// terminal, one with a newline forged a line of a TRF export): line breaks and tabs
/// become spaces, other control characters go, and the ends are trimmed.
pub fn clean_text(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.trim().to_string();
    }
    let cleaned: String = text
        .chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    cleaned.trim().to_string()
}

/// The length of `text` in characters when it is longer than [`MAX_TEXT_CHARS`]: the
/// bound of every free text of the event — its title, an official, a club, a time
/// control (issue 38, item 12).
pub fn too_many_chars(text: &str) -> Option<usize> {
    // Bytes bound characters from above: most texts need no count.
    (text.len() > MAX_TEXT_CHARS && text.chars().count() > MAX_TEXT_CHARS).then(|| text.chars().count())
}

/// What a director types at registration, before a start number is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct PlayerEntry {
    /// Full name as printed (姓名).
    pub name: String,
    /// 性别
    pub gender: Option<Gender>,
    /// 出生日期
    pub born: Option<Date>,
    /// 单位: club, school or city.
    #[serde(default)]
    pub club: String,
    /// 等级分
    pub rating: Option<u32>,
    /// 称号
    pub title: Option<Title>,
    /// 电话
    #[serde(default)]
    pub phone: String,
    /// A verified woman: checked by the organisers, not just the gender field.
    #[serde(default)]
    pub verified_female: bool,
    /// A sponsor's nominee.
    #[serde(default)]
    pub nominee: bool,
    /// Columns of an imported roster that Bianpai does not interpret, kept as notes.
    #[serde(default)]
    pub notes: BTreeMap<String, String>,
    /// The day the entry was made, checked against the group's registration
    /// window; `None` when not known (older files), which is not checked.
    #[serde(default)]
    pub registered: Option<Date>,
}

impl PlayerEntry {
    /// The entry with every text field cleaned of control characters ([`clean_text`]).
    pub fn cleaned(&self) -> PlayerEntry {
        PlayerEntry {
            name: clean_text(&self.name),
            club: clean_text(&self.club),
            phone: clean_text(&self.phone),
            notes: self.notes.iter().map(|(k, v)| (clean_text(k), clean_text(v))).collect(),
            ..self.clone()
        }
    }

    /// Whether the entry's birth date is after `day` — today, as the window or the
    /// command line knows it, or the day the entry was made: nobody registers before
    /// being born (issue 38, item 12). The domain has no clock; the edges pass the day.
    pub fn born_after(&self, day: Date) -> bool {
        self.born.is_some_and(|born| born > day)
    }

    /// The first text field longer than [`MAX_TEXT_CHARS`]: its name (a note's column
    /// for a note) and length.
    pub fn too_long(&self) -> Option<(String, usize)> {
        let fields = [("name", &self.name), ("club", &self.club), ("phone", &self.phone)];
        let named = fields.into_iter().map(|(f, v)| (f.to_string(), v));
        let notes = self.notes.iter().flat_map(|(k, v)| [(k.clone(), k), (k.clone(), v)]);
        named.chain(notes).find_map(|(field, text)| {
            // Bytes bound characters from above: most texts need no count.
            (text.len() > MAX_TEXT_CHARS && text.chars().count() > MAX_TEXT_CHARS)
                .then(|| (field, text.chars().count()))
        })
    }
}

/// A registered player of the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's number in the event.
    pub start_no: StartNo,
    /// The group the player plays in.
    pub group: GroupId,
    /// Personal data and flags.
    #[serde(flatten)]
    pub entry: PlayerEntry,
    /// Active, withdrawn or disqualified.
    pub status: PlayerStatus,
    /// Why the status was set (withdrawal or disqualification reason).
    #[serde(default)]
    pub status_reason: String,
    /// The reason recorded when the director accepted an ineligible entry.
    #[serde(default)]
    pub eligibility_override: Option<String>,
    /// The player reported at the desk (签到) before play.
    #[serde(default)]
    pub checked_in: bool,
    /// One person, two entries: the entry in an individual group that this
    /// entry in a team-match group repeats. The person's data is kept the same in both;
    /// each entry has its own number, results and status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_entry_of: Option<StartNo>,
    /// The number shown for the player within the group under per-group numbering
    /// (编号, R-11.6); `None` under per-event numbering, where the start number is
    /// shown ([`Player::shown`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown_no: Option<u32>,
}

impl Player {
    /// The printed name.
    pub fn name(&self) -> &str {
        &self.entry.name
    }
}

/// What new start numbers follow when a group's players are renumbered before play
/// (重新编号, CLI.md `players renumber`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RenumberKey {
    /// Highest rating first (unrated last), then by name, then by the old number.
    Rating,
    /// By name in pinyin order (安 before 王 before 张), then by the old number.
    Name,
    /// By club in pinyin order (no club last), then as [`RenumberKey::Rating`].
    Club,
}

impl RenumberKey {
    /// Every key, in the order menus list them.
    pub const ALL: [RenumberKey; 3] = [RenumberKey::Rating, RenumberKey::Name, RenumberKey::Club];

    /// The code of the command line (`--by rating|name|club`) and of the audit log.
    pub fn code(self) -> &'static str {
        match self {
            RenumberKey::Rating => "rating",
            RenumberKey::Name => "name",
            RenumberKey::Club => "club",
        }
    }
}

/// A sort key that orders Chinese names and clubs as a director expects: each
/// character by its first pinyin reading (`ü` as `v`), any other character by itself in
/// lower case, one space after each — so 安 comes before 王 before 张, and a name
/// before the longer names it begins.
pub fn collation_key(text: &str) -> String {
    use pinyin::ToPinyinMulti;
    let mut key = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c.to_pinyin_multi().and_then(|m| m.into_iter().next()) {
            Some(p) => key.push_str(&p.plain().replace('ü', "v")),
            None => key.extend(c.to_lowercase()),
        }
        key.push(' ');
    }
    key
}
