//! The stage form's qualifier and knockout parts: how many of the stage's ranking go on
//! and how many nominees join them, and a knockout's options — games per
//! match, playoff minutes, playoff pairs, Armageddon, fixed bracket — as typed, checked
//! with the same rules as the commands.

use super::whole_number;
use crate::domain::command::Command;
use crate::domain::event::{KnockoutRules, Stage};
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::model::stage_checks::{check_knockout, check_qualifiers};
use crate::lang::Lang;
use crate::ui::form::labelled_text_ui;
use egui::Ui;

/// Qualifiers and nominees as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct QualifierForm {
    /// Empty: every active player goes on.
    pub(super) qualifiers: String,
    pub(super) nominees: String,
}

/// A knockout's options as typed.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct KnockoutForm {
    pub(super) games_per_match: String,
    pub(super) first_minutes: String,
    pub(super) step_minutes: String,
    pub(super) min_minutes: String,
    pub(super) pairs: bool,
    /// Empty: never.
    pub(super) armageddon_after: String,
    pub(super) reseed: bool,
    pub(super) third_place: bool,
}

impl QualifierForm {
    pub(super) fn of(stage: &Stage) -> QualifierForm {
        QualifierForm {
            qualifiers: stage.qualifiers.map(|q| q.to_string()).unwrap_or_default(),
            nominees: if stage.nominees == 0 { String::new() } else { stage.nominees.to_string() },
        }
    }

    /// The command that saves the form, `None` when it changes nothing.
    ///
    /// # Errors
    /// A message naming the field that cannot be used.
    pub(super) fn command(
        &self,
        group: GroupId,
        stage: &Stage,
        has_next: bool,
        lang: Lang,
    ) -> Result<Option<Command>, String> {
        let qualifiers = whole_number(&self.qualifiers, lang.t("晋级人数", "Qualifiers"), lang)?;
        let nominees = whole_number(&self.nominees, lang.t("提名人数", "Nominees"), lang)?.unwrap_or(0);
        if (qualifiers, nominees) == (stage.qualifiers, stage.nominees) {
            return Ok(None);
        }
        if let Some(issue) = check_qualifiers(has_next, qualifiers, nominees) {
            return Err(issue.describe(lang));
        }
        Ok(Some(Command::SetStageQualifiers { group, stage: stage.no, qualifiers, nominees }))
    }
}

impl KnockoutForm {
    pub(super) fn of(rules: &KnockoutRules) -> KnockoutForm {
        KnockoutForm {
            games_per_match: rules.games_per_match.to_string(),
            first_minutes: rules.first_playoff_minutes.to_string(),
            step_minutes: rules.playoff_step_minutes.to_string(),
            min_minutes: rules.min_playoff_minutes.to_string(),
            pairs: rules.playoff_pairs,
            armageddon_after: rules.armageddon_after.map(|n| n.to_string()).unwrap_or_default(),
            reseed: rules.reseed,
            third_place: rules.third_place,
        }
    }

    /// The options typed.
    ///
    /// # Errors
    /// A message naming the field that is not a number.
    fn rules(&self, lang: Lang) -> Result<KnockoutRules, String> {
        let required = |text: &str, zh, en| {
            whole_number(text, lang.t(zh, en), lang)?
                .ok_or_else(|| format!("{}: {}", lang.t(zh, en), lang.t("不能为空", "required")))
        };
        Ok(KnockoutRules {
            games_per_match: required(&self.games_per_match, "每场局数", "Games per match")?,
            first_playoff_minutes: required(&self.first_minutes, "加赛首局用时", "First playoff minutes")?,
            playoff_step_minutes: required(&self.step_minutes, "每局递减", "Less per playoff game")?,
            min_playoff_minutes: required(&self.min_minutes, "最短用时", "Shortest playoff")?,
            playoff_pairs: self.pairs,
            armageddon_after: whole_number(&self.armageddon_after, lang.t("超时决胜", "Armageddon"), lang)?,
            reseed: self.reseed,
            third_place: self.third_place,
        })
    }

    /// The command that saves the form, `None` when it changes nothing.
    ///
    /// # Errors
    /// A message naming the field or rule at fault.
    pub(super) fn command(&self, group: GroupId, stage: &Stage, lang: Lang) -> Result<Option<Command>, String> {
        let rules = self.rules(lang)?;
        if stage.knockout.as_ref() == Some(&rules) {
            return Ok(None);
        }
        if let Some(issue) = check_knockout(stage, &rules) {
            return Err(issue.describe(lang));
        }
        Ok(Some(Command::SetKnockoutRules { group, stage: stage.no, rules }))
    }
}

/// Qualifiers and nominees, for a stage followed by another.
pub(super) fn qualifiers_ui(ui: &mut Ui, form: &mut QualifierForm, next: Option<(StageNo, &str)>, lang: Lang) {
    let Some((no, name)) = next else {
        ui.weak(lang.t("这是本组别最后一个阶段。", "This is the group's last stage."));
        return;
    };
    ui.horizontal_wrapped(|ui| {
        labelled_text_ui(ui, lang.t("晋级人数", "Qualifiers"), &mut form.qualifiers, lang.t("全部", "all"), 56.0);
        labelled_text_ui(ui, lang.t("提名人数", "Nominees"), &mut form.nominees, "0", 56.0);
        ui.weak(match lang {
            Lang::Zh => format!("（按本阶段名次晋级第 {no} 阶段“{name}”，提名选手排在其后）"),
            Lang::En => format!("(by this stage's ranking into stage {no} “{name}”; nominees follow)"),
        });
    });
}

/// A knockout's options.
pub(super) fn knockout_ui(ui: &mut Ui, form: &mut KnockoutForm, lang: Lang) {
    egui::Grid::new("knockout-options").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        ui.label(lang.t("每场", "Each match"));
        ui.horizontal(|ui| {
            labelled_text_ui(ui, lang.t("每场局数", "Games per match"), &mut form.games_per_match, "2", 40.0);
        });
        ui.end_row();
        ui.label(lang.t("加赛", "Playoffs"));
        ui.horizontal_wrapped(|ui| {
            labelled_text_ui(ui, lang.t("加赛首局用时", "First playoff minutes"), &mut form.first_minutes, "25", 40.0);
            labelled_text_ui(ui, lang.t("每局递减", "Less per playoff game"), &mut form.step_minutes, "5", 40.0);
            labelled_text_ui(ui, lang.t("最短用时", "Shortest playoff"), &mut form.min_minutes, "5", 40.0);
            ui.weak(lang.t("分钟", "minutes"));
        });
        ui.end_row();
        ui.label("");
        ui.vertical(|ui| {
            ui.checkbox(
                &mut form.pairs,
                lang.t("加赛两局一组（交换先后手）", "Playoff games in pairs, colours swapped"),
            );
            ui.horizontal(|ui| {
                labelled_text_ui(
                    ui,
                    lang.t("超时决胜（加赛几局后）", "Armageddon after playoff games"),
                    &mut form.armageddon_after,
                    lang.t("不设", "never"),
                    48.0,
                );
                ui.weak(lang.t("（和棋算后手胜）", "(a draw counts as a black win)"));
            });
        });
        ui.end_row();
        ui.label(lang.t("对阵", "Bracket"));
        ui.vertical(|ui| {
            ui.radio_value(
                &mut form.reseed,
                true,
                lang.t("每轮重新按种子首尾对阵", "Re-seed each round, first against last"),
            );
            ui.radio_value(
                &mut form.reseed,
                false,
                lang.t("固定对阵表（1、2号种子只在决赛相遇）", "Fixed bracket (seeds 1 and 2 meet only in the final)"),
            );
        });
        ui.end_row();
        ui.label("");
        ui.checkbox(
            &mut form.third_place,
            lang.t("半决赛负者进行三、四名决赛", "Semi-final losers play for third place"),
        )
        .on_hover_text(lang.t("不赛则两人并列第三，按种子排列", "Without it both share third place, in seed order"));
        ui.end_row();
    });
    ui.weak(
        lang.t("淘汰赛开始编排后，只能修改加赛用时。", "Once the knockout is paired only playoff minutes can change."),
    );
}
