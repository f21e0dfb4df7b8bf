//! Group entry rules: birth date window, gender, age limits, titles and
//! capacity, each broken rule reported with its reason.

use super::player::{Gender, PlayerEntry, Title};
use crate::lang::{Lang, Localized};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who may enter a group. Every field left empty means "no restriction".
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Eligibility {
    /// Born on or after this date.
    pub born_from: Option<Date>,
    /// Born on or before this date.
    pub born_to: Option<Date>,
    /// Only this gender.
    pub gender: Option<Gender>,
    /// Youngest age, in whole years on the event's start date.
    pub min_age: Option<u32>,
    /// Oldest age, in whole years on the event's start date (seed 003: 70).
    pub max_age: Option<u32>,
    /// Titles that may not enter (seed 003: national master and above).
    #[serde(default)]
    pub forbidden_titles: Vec<Title>,
}

/// One broken entry rule, with what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EligibilityIssue {
    /// Born before the group's window.
    BornTooEarly { born: Date, earliest: Date },
    /// Born after the group's window.
    BornTooLate { born: Date, latest: Date },
    /// No birth date given where the group needs one.
    BirthDateMissing,
    /// The group is for the other gender only.
    WrongGender { required: Gender },
    /// No gender given where the group needs one.
    GenderMissing,
    /// Younger than the group allows on the reference date.
    TooYoung { age: u32, min: u32 },
    /// Older than the group allows on the reference date.
    TooOld { age: u32, max: u32 },
    /// Holds a title the group does not admit.
    TitleNotAllowed { title: Title },
    /// The group has reached its capacity.
    GroupFull { capacity: u32 },
    /// The group needs a phone number.
    PhoneMissing,
    /// The entry is dated outside the group's registration window.
    OutsideRegistration {
        /// The day of the entry.
        date: Date,
        /// The window's first day.
        opens: Date,
        /// The window's last day.
        closes: Date,
    },
}

impl fmt::Display for EligibilityIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EligibilityIssue::BornTooEarly { born, earliest } => {
                write!(f, "born {born}, before {earliest} (出生日期早于 {earliest})")
            }
            EligibilityIssue::BornTooLate { born, latest } => {
                write!(f, "born {born}, after {latest} (出生日期晚于 {latest})")
            }
            EligibilityIssue::BirthDateMissing => {
                write!(f, "birth date required (缺出生日期)")
            }
            EligibilityIssue::WrongGender { required } => {
                write!(f, "group is for {} players only (限{}子)", required.code(), required.label_zh())
            }
            EligibilityIssue::GenderMissing => write!(f, "gender required (缺性别)"),
            EligibilityIssue::TooYoung { age, min } => {
                write!(f, "aged {age}, under {min} (年龄不足 {min} 岁)")
            }
            EligibilityIssue::TooOld { age, max } => {
                write!(f, "aged {age}, over {max} (年龄超过 {max} 岁)")
            }
            EligibilityIssue::TitleNotAllowed { title } => {
                write!(f, "title {title} not admitted (称号 {title} 不得报名)")
            }
            EligibilityIssue::GroupFull { capacity } => {
                write!(f, "group full at {capacity} players (已满 {capacity} 人)")
            }
            EligibilityIssue::PhoneMissing => write!(f, "phone number required (缺联系电话)"),
            EligibilityIssue::OutsideRegistration { date, opens, closes } => write!(
                f,
                "registered {date}, outside the window {opens} – {closes} (报名日期 {date} 不在报名时间 {opens} 至 {closes} 内)"
            ),
        }
    }
}

/// One broken entry rule as the player form, the import preview and a refusal list
/// it: a phrase without a full stop, in the director's language.
impl Localized for EligibilityIssue {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (EligibilityIssue::BornTooEarly { born, earliest }, Lang::Zh) => {
                format!("出生日期 {born} 早于本组下限 {earliest}")
            }
            (EligibilityIssue::BornTooEarly { born, earliest }, Lang::En) => {
                format!("born {born}, before the group's earliest date {earliest}")
            }
            (EligibilityIssue::BornTooLate { born, latest }, Lang::Zh) => {
                format!("出生日期 {born} 晚于本组上限 {latest}")
            }
            (EligibilityIssue::BornTooLate { born, latest }, Lang::En) => {
                format!("born {born}, after the group's latest date {latest}")
            }
            (EligibilityIssue::BirthDateMissing, _) => {
                lang.t("本组需要出生日期", "the group needs a birth date").into()
            }
            (EligibilityIssue::WrongGender { required }, Lang::Zh) => format!("本组限{}子选手", required.label_zh()),
            (EligibilityIssue::WrongGender { required: Gender::Male }, Lang::En) => {
                "the group is for men and boys only".into()
            }
            (EligibilityIssue::WrongGender { required: Gender::Female }, Lang::En) => {
                "the group is for women and girls only".into()
            }
            (EligibilityIssue::GenderMissing, _) => lang.t("本组需要填写性别", "the group needs the gender").into(),
            (EligibilityIssue::TooYoung { age, min }, Lang::Zh) => format!("年龄 {age} 岁，不足 {min} 岁"),
            (EligibilityIssue::TooYoung { age, min }, Lang::En) => format!("aged {age}, under {min}"),
            (EligibilityIssue::TooOld { age, max }, Lang::Zh) => format!("年龄 {age} 岁，超过 {max} 岁"),
            (EligibilityIssue::TooOld { age, max }, Lang::En) => format!("aged {age}, over {max}"),
            (EligibilityIssue::TitleNotAllowed { title }, Lang::Zh) => {
                format!("称号“{}”不得报名本组", title.label_zh())
            }
            (EligibilityIssue::TitleNotAllowed { title }, Lang::En) => {
                format!("the title {} may not enter this group", title.label_en())
            }
            (EligibilityIssue::GroupFull { capacity }, Lang::Zh) => format!("本组已满（限 {capacity} 人）"),
            (EligibilityIssue::GroupFull { capacity }, Lang::En) => format!("the group is full ({capacity} players)"),
            (EligibilityIssue::PhoneMissing, _) => {
                lang.t("缺联系电话（本组报名必填）", "a phone number is required").into()
            }
            (EligibilityIssue::OutsideRegistration { date, opens, closes }, Lang::Zh) => {
                format!("报名日期 {date} 不在本组报名时间 {opens} 至 {closes} 内")
            }
            (EligibilityIssue::OutsideRegistration { date, opens, closes }, Lang::En) => {
                format!("registered on {date}, outside the group's registration window {opens} – {closes}")
            }
        }
    }
}

/// Whole years between `born` and `on`.
pub fn age_on(born: Date, on: Date) -> u32 {
    let mut years = i32::from(on.year()) - i32::from(born.year());
    if (on.month(), on.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    years.max(0) as u32
}

impl Eligibility {
    /// Whether the group refuses this title: listed, or an international title above a
    /// refused national one — 国际大师 and 国际特级大师 where 国家大师 is refused, 国际特级大师
    /// where 特级大师 is (R-11.3, seed 003 9.1 "国家象棋大师…及以上"), so that a group's
    /// list written before the international titles existed still bars them.
    pub fn bars(&self, title: &Title) -> bool {
        let refused = |t: Title| self.forbidden_titles.contains(&t);
        refused(title.clone())
            || match title {
                Title::InternationalGrandMaster => refused(Title::GrandMaster) || refused(Title::Master),
                Title::InternationalMaster => refused(Title::Master),
                _ => false,
            }
    }

    /// Every rule of this group that the entry breaks, in a fixed order.
    /// `reference_date` is the event's start date, for the age limits.
    pub fn check(&self, entry: &PlayerEntry, reference_date: Option<Date>) -> Vec<EligibilityIssue> {
        let mut issues = Vec::new();
        let needs_birth =
            self.born_from.is_some() || self.born_to.is_some() || self.min_age.is_some() || self.max_age.is_some();
        match entry.born {
            None if needs_birth => issues.push(EligibilityIssue::BirthDateMissing),
            None => {}
            Some(born) => {
                if let Some(earliest) = self.born_from
                    && born < earliest
                {
                    issues.push(EligibilityIssue::BornTooEarly { born, earliest });
                }
                if let Some(latest) = self.born_to
                    && born > latest
                {
                    issues.push(EligibilityIssue::BornTooLate { born, latest });
                }
                if let Some(on) = reference_date {
                    let age = age_on(born, on);
                    if let Some(min) = self.min_age
                        && age < min
                    {
                        issues.push(EligibilityIssue::TooYoung { age, min });
                    }
                    if let Some(max) = self.max_age
                        && age > max
                    {
                        issues.push(EligibilityIssue::TooOld { age, max });
                    }
                }
            }
        }
        if let Some(required) = self.gender {
            match entry.gender {
                None => issues.push(EligibilityIssue::GenderMissing),
                Some(g) if g != required => issues.push(EligibilityIssue::WrongGender { required }),
                Some(_) => {}
            }
        }
        if let Some(title) = &entry.title
            && self.bars(title)
        {
            issues.push(EligibilityIssue::TitleNotAllowed { title: title.clone() });
        }
        issues
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn huaiyin_youth() -> Eligibility {
        Eligibility {
            born_from: Some(date(2006, 1, 1)),
            born_to: Some(date(2010, 12, 31)),
            gender: None,
            min_age: None,
            max_age: Some(70),
            forbidden_titles: vec![Title::GrandMaster, Title::Master],
        }
    }

    fn entry(born: Date, title: Option<Title>) -> PlayerEntry {
        PlayerEntry { name: "测试".into(), born: Some(born), title, ..PlayerEntry::default() }
    }

    // seed 003 youth window 2006-01-01..2010-12-31, no national master.
    #[test]
    fn youth_window_and_titles() {
        let e = huaiyin_youth();
        let on = Some(date(2022, 11, 26));
        assert!(e.check(&entry(date(2006, 1, 1), None), on).is_empty());
        assert!(e.check(&entry(date(2010, 12, 31), Some(Title::WomanMaster)), on).is_empty());
        assert_eq!(
            e.check(&entry(date(2005, 12, 31), None), on),
            vec![EligibilityIssue::BornTooEarly { born: date(2005, 12, 31), earliest: date(2006, 1, 1) }]
        );
        assert_eq!(
            e.check(&entry(date(2008, 5, 1), Some(Title::Master)), on),
            vec![EligibilityIssue::TitleNotAllowed { title: Title::Master }]
        );
    }

    // the international titles above 国家大师 are barred with it, in Chinese
    // and English forms, even by a list written before they were known.
    #[test]
    fn international_titles_are_barred_with_national_master() {
        let e = huaiyin_youth();
        let on = Some(date(2022, 11, 26));
        for text in ["国际特级大师", "International Grandmaster", "IGM", "国际大师", "international master", "IM"]
        {
            let title = Title::parse(text).expect("a title");
            assert!(!matches!(title, Title::Other(_)), "{text} is known");
            assert_eq!(
                e.check(&entry(date(2008, 5, 1), Some(title.clone())), on),
                vec![EligibilityIssue::TitleNotAllowed { title }],
                "{text}"
            );
        }
        assert_eq!(Title::parse("Grandmaster"), Some(Title::GrandMaster));
        assert_eq!(Title::parse("National Master"), Some(Title::Master));
        let grandmasters_only = Eligibility { forbidden_titles: vec![Title::GrandMaster], ..Eligibility::default() };
        assert!(grandmasters_only.bars(&Title::InternationalGrandMaster));
        assert!(!grandmasters_only.bars(&Title::InternationalMaster));
        assert!(!e.bars(&Title::WomanMaster), "女子大师 may enter");
    }

    #[test]
    fn age_counts_whole_years() {
        assert_eq!(age_on(date(1952, 11, 27), date(2022, 11, 26)), 69);
        assert_eq!(age_on(date(1952, 11, 26), date(2022, 11, 26)), 70);
    }
}
