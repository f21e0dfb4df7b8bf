//! A group's own settings as one value: its name and entry rules, capacity,
//! registration window, phone rule and entry fee, and whether boys and girls
//! are ranked apart. [`GroupRules::check`] says what makes a set of rules
//! unusable, so the event panel and the command refuse for the same reasons.

use super::eligibility::Eligibility;
use super::event::Group;
use crate::lang::Lang;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// Longest group name accepted.
pub const GROUP_NAME_MAX_CHARS: usize = 40;

/// Highest entry fee accepted, in fen (1,000,000 元): far above any real fee, low
/// enough that no sum of fees overflows.
pub const ENTRY_FEE_MAX_FEN: i64 = 100_000_000;

/// What `Command::SetGroupRules` changes in a group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupRules {
    /// Printed name, e.g. 成人组.
    pub name: String,
    /// Who may enter.
    pub eligibility: Eligibility,
    /// Most players accepted; `None`: no limit.
    pub capacity: Option<u32>,
    /// Registration window, inclusive.
    pub registration: Option<(Date, Date)>,
    /// A phone number is required at registration.
    pub phone_required: bool,
    /// Entry fee in fen.
    pub entry_fee_fen: i64,
    /// Boys and girls ranked separately.
    pub rank_genders_separately: bool,
}

/// Why a set of group rules cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupRulesIssue {
    /// The name is empty.
    NameEmpty,
    /// The name is longer than [`GROUP_NAME_MAX_CHARS`].
    NameTooLong,
    /// Another group has this name (or alias).
    NameTaken(String),
    /// The birth-date window ends before it starts.
    BirthWindowInverted,
    /// The youngest age is above the oldest.
    AgeRangeInverted,
    /// The registration window ends before it starts.
    RegistrationWindowInverted,
    /// Fewer places than players already entered.
    CapacityBelowEntries {
        /// The capacity asked for.
        capacity: u32,
        /// Players already in the group.
        entered: u32,
    },
    /// The fee is negative or above [`ENTRY_FEE_MAX_FEN`].
    FeeOutOfRange,
}

impl GroupRulesIssue {
    /// The issue in the director's language.
    pub fn describe(&self, lang: Lang) -> String {
        match (self, lang) {
            (GroupRulesIssue::NameEmpty, _) => lang.t("组别名称不能为空。", "The group needs a name.").into(),
            (GroupRulesIssue::NameTooLong, Lang::Zh) => format!("组别名称最多 {GROUP_NAME_MAX_CHARS} 个字。"),
            (GroupRulesIssue::NameTooLong, Lang::En) => {
                format!("A group name has at most {GROUP_NAME_MAX_CHARS} characters.")
            }
            (GroupRulesIssue::NameTaken(name), Lang::Zh) => format!("已有名为“{name}”的组别。"),
            (GroupRulesIssue::NameTaken(name), Lang::En) => format!("There is already a group called “{name}”."),
            (GroupRulesIssue::BirthWindowInverted, _) => {
                lang.t("出生日期范围的起点晚于终点。", "The birth-date range ends before it starts.").into()
            }
            (GroupRulesIssue::AgeRangeInverted, _) => {
                lang.t("最小年龄大于最大年龄。", "The youngest age is above the oldest.").into()
            }
            (GroupRulesIssue::RegistrationWindowInverted, _) => {
                lang.t("报名截止日期早于报名开始日期。", "Registration closes before it opens.").into()
            }
            (GroupRulesIssue::CapacityBelowEntries { capacity, entered }, Lang::Zh) => {
                format!("名额 {capacity} 少于已报名的 {entered} 人。")
            }
            (GroupRulesIssue::CapacityBelowEntries { capacity, entered }, Lang::En) => {
                format!("A capacity of {capacity} is below the {entered} players already entered.")
            }
            (GroupRulesIssue::FeeOutOfRange, Lang::Zh) => {
                format!("报名费应在 0 到 {} 元之间。", ENTRY_FEE_MAX_FEN / 100)
            }
            (GroupRulesIssue::FeeOutOfRange, Lang::En) => {
                format!("The entry fee must be between 0 and {} yuan.", ENTRY_FEE_MAX_FEN / 100)
            }
        }
    }
}

impl GroupRules {
    /// The group's current rules.
    pub fn of(group: &Group) -> GroupRules {
        GroupRules {
            name: group.name.clone(),
            eligibility: group.eligibility.clone(),
            capacity: group.capacity,
            registration: group.registration,
            phone_required: group.phone_required,
            entry_fee_fen: group.entry_fee_fen,
            rank_genders_separately: group.rank_genders_separately,
        }
    }

    /// A group anyone may enter, without fee, capacity or window.
    pub fn open(name: &str) -> GroupRules {
        GroupRules {
            name: name.trim().to_string(),
            eligibility: Eligibility::default(),
            capacity: None,
            registration: None,
            phone_required: false,
            entry_fee_fen: 0,
            rank_genders_separately: false,
        }
    }

    /// Writes these rules into `group` (its id, aliases, prizes and stages stay).
    pub fn apply_to(&self, group: &mut Group) {
        group.name = self.name.trim().to_string();
        group.eligibility = self.eligibility.clone();
        group.capacity = self.capacity;
        group.registration = self.registration;
        group.phone_required = self.phone_required;
        group.entry_fee_fen = self.entry_fee_fen;
        group.rank_genders_separately = self.rank_genders_separately;
    }

    /// The first reason these rules cannot be used for a group that has `entered`
    /// players, beside the `others` groups; `None` when they can.
    pub fn check<'a>(&self, entered: u32, others: impl IntoIterator<Item = &'a Group>) -> Option<GroupRulesIssue> {
        let name = self.name.trim();
        if name.is_empty() {
            return Some(GroupRulesIssue::NameEmpty);
        }
        if name.chars().count() > GROUP_NAME_MAX_CHARS {
            return Some(GroupRulesIssue::NameTooLong);
        }
        let taken = |g: &Group| g.name == name || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(name));
        if let Some(other) = others.into_iter().find(|g| taken(g)) {
            return Some(GroupRulesIssue::NameTaken(other.name.clone()));
        }
        let e = &self.eligibility;
        if let (Some(from), Some(to)) = (e.born_from, e.born_to)
            && from > to
        {
            return Some(GroupRulesIssue::BirthWindowInverted);
        }
        if let (Some(min), Some(max)) = (e.min_age, e.max_age)
            && min > max
        {
            return Some(GroupRulesIssue::AgeRangeInverted);
        }
        if let Some((open, close)) = self.registration
            && open > close
        {
            return Some(GroupRulesIssue::RegistrationWindowInverted);
        }
        if let Some(capacity) = self.capacity
            && capacity < entered
        {
            return Some(GroupRulesIssue::CapacityBelowEntries { capacity, entered });
        }
        if !(0..=ENTRY_FEE_MAX_FEN).contains(&self.entry_fee_fen) {
            return Some(GroupRulesIssue::FeeOutOfRange);
        }
        None
    }
}
