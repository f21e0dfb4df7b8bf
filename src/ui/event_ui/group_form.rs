//! The group form of the event panel: a group's name, entry rules (birth dates, gender,
//! ages, titles not admitted), capacity, registration window, phone rule, entry fee and
//! gender ranking as typed, checked with the rules' own check, and
//! turned into [`Command::SetGroupRules`].

use super::whole_number;
use crate::domain::command::Command;
use crate::domain::eligibility::Eligibility;
use crate::domain::event::{Event, Group};
use crate::domain::model::group_rules::GroupRules;
use crate::domain::money::{parse_yuan, yuan};
use crate::domain::player::{Gender, Title};
use crate::lang::Lang;
use crate::ui::form::labelled_text_ui;
use egui::Ui;
use jiff::civil::Date;

/// The titles a group can refuse, in the order shown.
const TITLES: [Title; 10] = [
    Title::InternationalGrandMaster,
    Title::InternationalMaster,
    Title::GrandMaster,
    Title::Master,
    Title::WomanGrandMaster,
    Title::WomanMaster,
    Title::CandidateMaster,
    Title::FirstClass,
    Title::SecondClass,
    Title::ThirdClass,
];

/// A group's rules as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct GroupForm {
    pub(super) name: String,
    pub(super) born_from: String,
    pub(super) born_to: String,
    pub(super) gender: Option<Gender>,
    pub(super) min_age: String,
    pub(super) max_age: String,
    pub(super) forbidden_titles: Vec<Title>,
    pub(super) capacity: String,
    pub(super) opens: String,
    pub(super) closes: String,
    pub(super) phone_required: bool,
    pub(super) fee: String,
    pub(super) genders_apart: bool,
}

fn text_of<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// A date typed in the field `field`; `None` when empty.
fn date(text: &str, field: &str, lang: Lang) -> Result<Option<Date>, String> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse::<Date>()
            .map(Some)
            .map_err(|_| format!("{field}: {}", lang.t("应为 YYYY-MM-DD", "must be YYYY-MM-DD"))),
    }
}

impl GroupForm {
    pub(super) fn of(group: &Group) -> GroupForm {
        let e = &group.eligibility;
        GroupForm {
            name: group.name.clone(),
            born_from: text_of(e.born_from),
            born_to: text_of(e.born_to),
            gender: e.gender,
            min_age: text_of(e.min_age),
            max_age: text_of(e.max_age),
            forbidden_titles: e.forbidden_titles.clone(),
            capacity: text_of(group.capacity),
            opens: text_of(group.registration.map(|w| w.0)),
            closes: text_of(group.registration.map(|w| w.1)),
            phone_required: group.phone_required,
            fee: if group.entry_fee_fen == 0 { String::new() } else { yuan(group.entry_fee_fen) },
            genders_apart: group.rank_genders_separately,
        }
    }

    /// The rules typed.
    ///
    /// # Errors
    /// A message naming the first field that cannot be read.
    fn rules(&self, lang: Lang) -> Result<GroupRules, String> {
        let opens = date(&self.opens, lang.t("报名开始", "Registration opens"), lang)?;
        let closes = date(&self.closes, lang.t("报名截止", "Registration closes"), lang)?;
        let registration = match (opens, closes) {
            (Some(o), Some(c)) => Some((o, c)),
            (None, None) => None,
            _ => {
                return Err(lang
                    .t("报名时间需同时填写开始和截止日期。", "Give both the first and the last day of registration.")
                    .into());
            }
        };
        let fee = match self.fee.trim() {
            "" => 0,
            t => parse_yuan(t).map_err(|_| {
                format!(
                    "{}: {}",
                    lang.t("报名费", "Entry fee"),
                    lang.t("应为金额，如 50 或 50.5", "must be an amount, e.g. 50 or 50.5")
                )
            })?,
        };
        Ok(GroupRules {
            name: self.name.trim().to_string(),
            eligibility: Eligibility {
                born_from: date(&self.born_from, lang.t("出生不早于", "Born on or after"), lang)?,
                born_to: date(&self.born_to, lang.t("出生不晚于", "Born on or before"), lang)?,
                gender: self.gender,
                min_age: whole_number(&self.min_age, lang.t("最小年龄", "Youngest age"), lang)?,
                max_age: whole_number(&self.max_age, lang.t("最大年龄", "Oldest age"), lang)?,
                forbidden_titles: self.forbidden_titles.clone(),
            },
            capacity: whole_number(&self.capacity, lang.t("名额", "Capacity"), lang)?,
            registration,
            phone_required: self.phone_required,
            entry_fee_fen: fee,
            rank_genders_separately: self.genders_apart,
        })
    }

    /// The command that saves the form, `None` when it changes nothing.
    ///
    /// # Errors
    /// A message naming the field or rule at fault.
    pub(super) fn command(&self, event: &Event, group: &Group, lang: Lang) -> Result<Option<Command>, String> {
        let mut rules = self.rules(lang)?;
        // The titles are compared as a set: the order of the check boxes is not a change.
        let mut saved = GroupRules::of(group);
        let by_name = |a: &Title, b: &Title| a.label_zh().cmp(b.label_zh());
        rules.eligibility.forbidden_titles.sort_by(by_name);
        saved.eligibility.forbidden_titles.sort_by(by_name);
        if rules == saved {
            return Ok(None);
        }
        let entered = event.group_players(group.id).count() as u32;
        if let Some(issue) = rules.check(entered, event.groups.iter().filter(|g| g.id != group.id)) {
            return Err(issue.describe(lang));
        }
        Ok(Some(Command::SetGroupRules { group: group.id, rules }))
    }
}

/// The group's rules, two columns of labelled fields.
pub(super) fn group_rules_ui(ui: &mut Ui, form: &mut GroupForm, lang: Lang) {
    egui::Grid::new("group-rules").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        let label = ui.label(lang.t("组别名称", "Group name"));
        ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(200.0)).labelled_by(label.id);
        ui.end_row();
        ui.label(lang.t("出生日期", "Birth date"));
        ui.horizontal(|ui| {
            labelled_text_ui(ui, lang.t("出生不早于", "Born on or after"), &mut form.born_from, "YYYY-MM-DD", 100.0);
            labelled_text_ui(ui, lang.t("出生不晚于", "Born on or before"), &mut form.born_to, "YYYY-MM-DD", 100.0);
        });
        ui.end_row();
        ui.label(lang.t("年龄与性别", "Age and gender"));
        ui.horizontal(|ui| {
            labelled_text_ui(ui, lang.t("最小年龄", "Youngest age"), &mut form.min_age, "", 40.0);
            labelled_text_ui(ui, lang.t("最大年龄", "Oldest age"), &mut form.max_age, "", 40.0);
            let label = ui.label(lang.t("性别", "Gender"));
            let genders = [
                (None, lang.t("不限", "any")),
                (Some(Gender::Male), lang.t("限男子", "men only")),
                (Some(Gender::Female), lang.t("限女子", "women only")),
            ];
            super::stage_form::combo_ui(ui, "group-gender", &mut form.gender, &genders).labelled_by(label.id);
        });
        ui.end_row();
        ui.label(lang.t("不得报名的称号", "Titles not admitted"));
        ui.horizontal_wrapped(|ui| {
            for title in TITLES {
                let mut on = form.forbidden_titles.contains(&title);
                let text = lang.t(title.label_zh(), title.label_en());
                if ui.checkbox(&mut on, text).changed() {
                    form.forbidden_titles.retain(|t| *t != title);
                    if on {
                        form.forbidden_titles.push(title.clone());
                    }
                }
            }
        });
        ui.end_row();
        entry_rules_ui(ui, form, lang);
    });
}

/// Capacity, window, phone rule, fee and gender ranking: rows of the group grid.
fn entry_rules_ui(ui: &mut Ui, form: &mut GroupForm, lang: Lang) {
    ui.label(lang.t("报名", "Registration"));
    ui.horizontal_wrapped(|ui| {
        labelled_text_ui(ui, lang.t("名额", "Capacity"), &mut form.capacity, lang.t("不限", "no limit"), 56.0);
        labelled_text_ui(ui, lang.t("报名开始", "Registration opens"), &mut form.opens, "YYYY-MM-DD", 100.0);
        labelled_text_ui(ui, lang.t("报名截止", "Registration closes"), &mut form.closes, "YYYY-MM-DD", 100.0);
    });
    ui.end_row();
    ui.label("");
    ui.horizontal_wrapped(|ui| {
        labelled_text_ui(ui, lang.t("报名费（元）", "Entry fee (yuan)"), &mut form.fee, "0", 72.0);
        ui.checkbox(&mut form.phone_required, lang.t("须填联系电话", "Phone number required"));
        ui.checkbox(&mut form.genders_apart, lang.t("男女分别排名", "Rank boys and girls separately"));
    });
    ui.end_row();
}
