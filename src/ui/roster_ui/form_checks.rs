//! What the player form checks and tells as the director types: birth dates read in
//! several spellings, what a late entry means, and matches against the blacklist
//! as the worker read it (`Env::blacklist`). Broken entry rules tell
//! themselves (`Localized` of `EligibilityIssue`).

use crate::domain::blacklist::{MatchStrength, screen};
use crate::domain::event::Group;
use crate::domain::ids::StageNo;
use crate::domain::player::PlayerEntry;
use crate::lang::Lang;
use crate::ui::session::BlacklistRead;
use egui::Ui;
use jiff::civil::Date;

/// Why a birth date cannot be read: a message in both languages, chosen when shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DateError {
    zh: String,
    en: String,
}

pub(super) fn message_for(lang: Lang, error: &DateError) -> String {
    lang.t(&error.zh, &error.en).to_string()
}

/// Reads `YYYY-MM-DD` (also with `/` or `.` between the parts); empty is no date.
pub(super) fn parse_date(text: &str) -> Result<Option<Date>, DateError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bad_format = || DateError {
        zh: format!("“{text}”不是日期，应写作 YYYY-MM-DD，如 1989-02-27"),
        en: format!("'{text}' is not a date; write YYYY-MM-DD, e.g. 1989-02-27"),
    };
    let parts: Vec<&str> = text.split(['-', '/', '.']).collect();
    let [y, m, d] = parts.as_slice() else { return Err(bad_format()) };
    if y.len() != 4 || !(1..=2).contains(&m.len()) || !(1..=2).contains(&d.len()) {
        return Err(bad_format());
    }
    let (Ok(year), Ok(month), Ok(day)) = (y.parse::<i16>(), m.parse::<i8>(), d.parse::<i8>()) else {
        return Err(bad_format());
    };
    if !(1900..=2100).contains(&year) {
        return Err(DateError {
            zh: format!("年份 {year} 不合理"), en: format!("the year {year} is not plausible")
        });
    }
    Date::new(year, month, day).map(Some).map_err(|_| DateError {
        zh: format!("{text} 不存在（月份或日期有误）"),
        en: format!("{text} does not exist (month or day out of range)"),
    })
}

/// What a late entry into `group` means now, if rounds have been paired.
pub(super) fn late_entry_note(group: &Group, lang: Lang) -> Option<String> {
    let stage = group.current_stage()?;
    let paired = stage.rounds.len();
    if paired == 0 {
        return None;
    }
    // A first stage takes every player of the group, including one added now.
    let takes_everyone = stage.no == StageNo(1) && stage.entrants.is_empty();
    Some(if takes_everyone {
        match lang {
            Lang::Zh => format!(
                "迟到报名：{} 已编排 {paired} 轮，新选手从第 {} 轮起参加编排，之前的轮次不计分。",
                stage.name,
                paired + 1
            ),
            Lang::En => format!(
                "Late entry: {} has {paired} round(s) paired; the new player is paired from round {} on and scores nothing for earlier rounds.",
                stage.name,
                paired + 1
            ),
        }
    } else {
        match lang {
            Lang::Zh => format!("注意：{} 的参赛名单已确定，新选手不会进入该阶段。", stage.name),
            Lang::En => format!("Note: {} has a fixed list of entrants; the new player does not enter it.", stage.name),
        }
    })
}

/// Warns when the typed entry matches the blacklist; a list that cannot be read
/// gets one small note and never blocks the registration.
pub(super) fn blacklist_warnings_ui(ui: &mut Ui, list: &BlacklistRead, entry: &PlayerEntry, lang: Lang) {
    let list = match list {
        Ok(list) => list,
        Err(why) => {
            ui.weak(format!("{}{}", lang.t("黑名单无法读取：", "The blacklist cannot be read: "), why.get(lang)));
            return;
        }
    };
    for hit in screen(list, entry) {
        let listed = &hit.entry;
        let mut detail = listed.name.clone();
        if let Some(born) = listed.born {
            detail.push_str(&format!(" {born}"));
        }
        detail.push_str(&format!("（{}", listed.reason));
        if !listed.event.is_empty() {
            detail.push_str(&format!("，{}", listed.event));
        }
        detail.push('）');
        let heading = match hit.strength {
            MatchStrength::Confirmed => lang.t("黑名单人员：", "On the blacklist: "),
            MatchStrength::NameOnly => lang.t("与黑名单同名，请核实：", "Same name as a blacklisted player — check: "),
        };
        ui.colored_label(ui.visuals().error_fg_color, format!("{heading}{detail}"));
    }
}
