//! The prize form of the event panel: prizes by rank (cash, items, trophies, tier
//! prizes are rank ranges), the best-progress prize, lucky endings, women's tiers, the
//! participation prize, the every-round rule, whether prizes by rank go by absolute
//! rank or pass down and the stage the prize ranking starts with, as typed. Turned into one [`Command::SetPrizeRules`], checked with the rules'
//! own check so the panel names the row at fault.

use super::prize_rows::{PrizeRow, prize_row_ui};
use super::whole_number;
use crate::domain::command::Command;
use crate::domain::event::Group;
use crate::domain::ids::StageNo;
use crate::domain::model::prize_checks::check_prize_rules;
use crate::domain::prize_rules::{
    BestProgress, Combine, LuckyPrize, Participation, PrizeRules, ProgressBaseline, RankPrize, RankRange, WomenPrizes,
    WomenTier,
};
use crate::lang::Lang;
use crate::ui::form::labelled_text_ui;
use egui::Ui;

/// One row of the prizes by rank.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RankRow {
    first: String,
    last: String,
    prize: PrizeRow,
}

/// The best-progress prize as typed.
#[derive(Debug, Clone, PartialEq)]
struct BestForm {
    prize: PrizeRow,
    count: String,
    min_gain: String,
    baseline: ProgressBaseline,
    combine: Combine,
}

/// The lucky prizes as typed.
#[derive(Debug, Clone, PartialEq)]
struct LuckyForm {
    digits: String,
    max_rank: String,
    prize: PrizeRow,
    combine: Combine,
}

/// The women's prizes as typed.
#[derive(Debug, Clone, PartialEq)]
struct WomenForm {
    tiers: Vec<(String, PrizeRow)>,
    best_tier_only: bool,
    combine: Combine,
}

/// A group's prize rules as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct PrizeForm {
    from_stage: Option<StageNo>,
    rows: Vec<RankRow>,
    /// Team prizes by team rank.
    team_rows: Vec<RankRow>,
    best: Option<BestForm>,
    lucky: Option<LuckyForm>,
    women: Option<WomenForm>,
    participation: Option<(PrizeRow, Combine)>,
    every_round: bool,
    non_finishers: bool,
    by_absolute_rank: bool,
}

/// A whole number that must be given.
fn number(text: &str, field: &str, lang: Lang) -> Result<u32, String> {
    whole_number(text, field, lang)?.ok_or_else(|| format!("{field}: {}", lang.t("不能为空", "required")))
}

impl PrizeForm {
    pub(super) fn of(rules: &PrizeRules) -> PrizeForm {
        let row = |r: &RankPrize| RankRow {
            first: r.ranks.first.to_string(),
            last: r.ranks.last.to_string(),
            prize: PrizeRow::of(&r.prize),
        };
        PrizeForm {
            from_stage: rules.ranking_from_stage,
            rows: rules.by_rank.iter().map(row).collect(),
            team_rows: rules.team_prizes.iter().map(row).collect(),
            best: rules.best_progress.as_ref().map(|b| BestForm {
                prize: PrizeRow::of(&b.prize),
                count: b.count.to_string(),
                min_gain: b.min_gain.to_string(),
                baseline: b.baseline,
                combine: b.combine,
            }),
            lucky: rules.lucky.as_ref().map(|l| LuckyForm {
                digits: l.last_digits.iter().rev().map(u32::to_string).collect::<Vec<_>>().join(", "),
                max_rank: l.max_rank.map(|m| m.to_string()).unwrap_or_default(),
                prize: PrizeRow::of(&l.prize),
                combine: l.combine,
            }),
            women: rules.women.as_ref().map(|w| WomenForm {
                tiers: w.tiers.iter().map(|t| (t.top.to_string(), PrizeRow::of(&t.prize))).collect(),
                best_tier_only: w.best_tier_only,
                combine: w.combine,
            }),
            participation: rules.participation.as_ref().map(|p| (PrizeRow::of(&p.prize), p.combine)),
            every_round: rules.require_every_round,
            non_finishers: rules.withhold_non_finishers,
            by_absolute_rank: rules.by_absolute_rank,
        }
    }

    /// The rules typed.
    ///
    /// # Errors
    /// A message naming the row and field that cannot be read.
    fn rules(&self, lang: Lang) -> Result<PrizeRules, String> {
        let by_rank = rank_prizes(&self.rows, RowsKind::Players, lang)?;
        let team_prizes = rank_prizes(&self.team_rows, RowsKind::Teams, lang)?;
        let best = match &self.best {
            None => None,
            Some(b) => {
                let at = lang.t("最佳进步奖", "Best progress");
                Some(BestProgress {
                    prize: b.prize.prize(at, lang)?,
                    count: number(&b.count, &format!("{at} {}", lang.t("人数", "winners")), lang)?,
                    min_gain: number(&b.min_gain, &format!("{at} {}", lang.t("最少进步名次", "least gain")), lang)?,
                    baseline: b.baseline,
                    combine: b.combine,
                })
            }
        };
        Ok(PrizeRules {
            ranking_from_stage: self.from_stage,
            by_rank,
            best_progress: best,
            lucky: self.lucky.as_ref().map(|l| l.rules(lang)).transpose()?,
            women: self.women.as_ref().map(|w| w.rules(lang)).transpose()?,
            participation: match &self.participation {
                None => None,
                Some((prize, combine)) => Some(Participation {
                    prize: prize.prize(lang.t("参赛奖", "Participation prize"), lang)?,
                    combine: *combine,
                }),
            },
            require_every_round: self.every_round,
            withhold_non_finishers: self.non_finishers,
            by_absolute_rank: self.by_absolute_rank,
            team_prizes,
        })
    }

    /// The command that saves the form, `None` when it changes nothing.
    ///
    /// # Errors
    /// A message naming the row and field at fault.
    pub(super) fn command(&self, group: &Group, lang: Lang) -> Result<Option<Command>, String> {
        let rules = self.rules(lang)?;
        if rules == group.prizes {
            return Ok(None);
        }
        if let Some(issue) = check_prize_rules(&rules, group) {
            return Err(issue.describe(lang));
        }
        Ok(Some(Command::SetPrizeRules { group: group.id, rules }))
    }
}

impl LuckyForm {
    fn rules(&self, lang: Lang) -> Result<LuckyPrize, String> {
        let at = lang.t("幸运奖", "Lucky prize");
        let digits = self
            .digits
            .split(|c: char| c == ',' || c == '，' || c == '、' || c.is_whitespace())
            .filter(|d| !d.is_empty())
            .map(|d| number(d, &format!("{at} {}", lang.t("尾数", "endings")), lang))
            .collect::<Result<_, _>>()?;
        Ok(LuckyPrize {
            last_digits: digits,
            max_rank: whole_number(&self.max_rank, &format!("{at} {}", lang.t("名次以内", "up to rank")), lang)?,
            prize: self.prize.prize(at, lang)?,
            combine: self.combine,
        })
    }
}

impl WomenForm {
    fn rules(&self, lang: Lang) -> Result<WomenPrizes, String> {
        let mut tiers = Vec::with_capacity(self.tiers.len());
        for (i, (top, prize)) in self.tiers.iter().enumerate() {
            let at = match lang {
                Lang::Zh => format!("女子奖第 {} 档", i + 1),
                Lang::En => format!("Women's prize tier {}", i + 1),
            };
            let top = number(top, &format!("{at} {}", lang.t("前几名", "top")), lang)?;
            tiers.push(WomenTier { top, prize: prize.prize(&at, lang)? });
        }
        Ok(WomenPrizes { tiers, best_tier_only: self.best_tier_only, combine: self.combine })
    }
}

/// Prizes by rank of players or of teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RowsKind {
    /// A player's rank.
    Players,
    /// A team's rank.
    Teams,
}

/// The prizes of rank rows, read.
///
/// # Errors
/// A message naming the row and field that cannot be read.
fn rank_prizes(rows: &[RankRow], kind: RowsKind, lang: Lang) -> Result<Vec<RankPrize>, String> {
    let mut prizes = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let at = match (kind, lang) {
            (RowsKind::Players, Lang::Zh) => format!("名次奖第 {} 行", i + 1),
            (RowsKind::Players, Lang::En) => format!("Rank prize row {}", i + 1),
            (RowsKind::Teams, Lang::Zh) => format!("团体奖第 {} 行", i + 1),
            (RowsKind::Teams, Lang::En) => format!("Team prize row {}", i + 1),
        };
        let first = number(&row.first, &format!("{at} {}", lang.t("名次从", "from rank")), lang)?;
        let last = whole_number(&row.last, &format!("{at} {}", lang.t("到", "to rank")), lang)?.unwrap_or(first);
        prizes.push(RankPrize { ranks: RankRange::new(first, last), prize: row.prize.prize(&at, lang)? });
    }
    Ok(prizes)
}

/// The whole prize form.
pub(super) fn prize_rules_ui(ui: &mut Ui, form: &mut PrizeForm, group: &Group, lang: Lang) {
    ranking_stage_ui(ui, form, group, lang);
    ui.label(lang.t(
        "名次奖（现金、奖品、奖杯；一二三等奖即名次范围）",
        "Prizes by rank (cash, items, trophies; tiers are rank ranges)",
    ));
    by_rank_ui(ui, &mut form.rows, RowsKind::Players, lang);
    ui.add_space(crate::ui::theme::space::XS);
    extras_ui(ui, form, lang);
    if !group.teams.is_empty() || !form.team_rows.is_empty() {
        ui.add_space(crate::ui::theme::space::XS);
        ui.label(lang.t("团体奖（按团体名次）", "Team prizes (by team rank)"));
        by_rank_ui(ui, &mut form.team_rows, RowsKind::Teams, lang);
    }
}

/// Which stage the prize ranking starts with.
fn ranking_stage_ui(ui: &mut Ui, form: &mut PrizeForm, group: &Group, lang: Lang) {
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("奖励名次依据", "Prize ranking"));
        let mut choices: Vec<(Option<StageNo>, String)> =
            vec![(None, lang.t("最后进行的阶段", "The stage in play").to_string())];
        for stage in &group.stages {
            let text = match lang {
                Lang::Zh => format!("从第 {} 阶段“{}”起", stage.no, stage.name),
                Lang::En => format!("From stage {} “{}”", stage.no, stage.name),
            };
            choices.push((Some(stage.no), text));
        }
        let shown = choices.iter().find(|(v, _)| *v == form.from_stage).map_or("", |(_, t)| t.as_str()).to_string();
        egui::ComboBox::from_id_salt("prize-ranking-stage")
            .selected_text(shown)
            .width(260.0)
            .show_ui(ui, |ui| {
                for (v, text) in &choices {
                    ui.selectable_value(&mut form.from_stage, *v, text.as_str());
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// The rows of prizes by rank, with add and remove.
fn by_rank_ui(ui: &mut Ui, rows: &mut Vec<RankRow>, kind: RowsKind, lang: Lang) {
    let mut remove = None;
    let team = kind == RowsKind::Teams;
    // Team rows are named apart, so that both lists can be reached by name.
    let named = |zh: &str, en: &str, n: usize| match (team, lang) {
        (false, _) => format!("{} {n}", lang.t(zh, en)),
        (true, Lang::Zh) => format!("团体{} {n}", zh),
        (true, Lang::En) => format!("Team {} {n}", en.to_lowercase()),
    };
    // One row per prize, every field of a fixed width, so the rows line up.
    for (i, row) in rows.iter_mut().enumerate() {
        let n = i + 1;
        ui.push_id(("rank-prize", team, i), |ui| {
            ui.horizontal(|ui| {
                ui.add_sized([26.0, 18.0], egui::Label::new(format!("{n}.")));
                let from = named("名次从", "From rank", n);
                ui.add(egui::TextEdit::singleline(&mut row.first).desired_width(40.0)).accessible_name(from);
                ui.label("–");
                let to = named("名次到", "To rank", n);
                ui.add(egui::TextEdit::singleline(&mut row.last).desired_width(40.0)).accessible_name(to);
                ui.add_space(crate::ui::theme::space::S);
                prize_row_ui(ui, &mut row.prize, &format!("{n}"), lang);
                let name = named("删除名次奖", "Remove rank prize", n);
                if ui.button("×").on_hover_text(lang.t("删除此行", "Remove row")).accessible_name(name).clicked() {
                    remove = Some(i);
                }
                if let Some(preview) = row.prize.preview(&row.first, &row.last) {
                    ui.weak(preview);
                }
            });
        });
    }
    if let Some(i) = remove {
        rows.remove(i);
    }
    let add = if team {
        lang.t("＋ 添加团体奖", "+ Add team prize")
    } else {
        lang.t("＋ 添加名次奖", "+ Add rank prize")
    };
    if ui.button(add).clicked() {
        let next = rows.iter().filter_map(|r| r.last.trim().parse::<u32>().ok()).max().unwrap_or(0) + 1;
        let label = if team {
            lang.t("团体第{rank}名", "Team place {rank}")
        } else {
            lang.t("第{rank}名", "Place {rank}")
        };
        rows.push(RankRow { first: next.to_string(), last: next.to_string(), prize: PrizeRow::cash(label, "") });
    }
}

/// Whether a prize adds up with the prize by rank, as a check box.
fn combine_ui(ui: &mut Ui, combine: &mut Combine, lang: Lang) {
    let mut only = *combine == Combine::OnlyWithoutRankPrize;
    ui.checkbox(&mut only, lang.t("仅给没有名次奖的选手", "Only to players without a rank prize"));
    *combine = if only { Combine::OnlyWithoutRankPrize } else { Combine::AddsUp };
}

/// A check box that turns an optional section on (with `fresh`) or off.
fn toggle_ui<T>(ui: &mut Ui, section: &mut Option<T>, text: &str, fresh: impl FnOnce() -> T) -> bool {
    let mut on = section.is_some();
    if ui.checkbox(&mut on, text).changed() {
        *section = on.then(fresh);
    }
    section.is_some()
}

/// Best progress, lucky ranks, women's tiers, participation and the every-round rule.
fn extras_ui(ui: &mut Ui, form: &mut PrizeForm, lang: Lang) {
    best_progress_ui(ui, form, lang);
    let lucky_label = lang.t("幸运奖", "Lucky prize");
    if toggle_ui(ui, &mut form.lucky, lang.t("设幸运奖（名次尾数）", "Lucky prize (rank endings)"), || {
        LuckyForm {
            digits: "5, 2, 0".into(),
            max_rank: String::new(),
            prize: PrizeRow::cash(lucky_label, "5.20"),
            combine: Combine::AddsUp,
        }
    }) && let Some(l) = &mut form.lucky
    {
        ui.indent("lucky", |ui| {
            ui.horizontal_wrapped(|ui| {
                labelled_text_ui(ui, lang.t("幸运尾数", "Lucky endings"), &mut l.digits, "5, 2, 0", 80.0);
                labelled_text_ui(ui, lang.t("名次以内", "Up to rank"), &mut l.max_rank, lang.t("全部", "all"), 48.0);
                combine_ui(ui, &mut l.combine, lang);
            });
            ui.horizontal_wrapped(|ui| prize_row_ui(ui, &mut l.prize, lucky_label, lang));
        });
    }
    women_ui(ui, form, lang);
    let part_label = lang.t("参赛奖", "Participation prize");
    if toggle_ui(
        ui,
        &mut form.participation,
        lang.t("设参赛奖（其余完赛选手）", "Participation prize (every other finisher)"),
        || (PrizeRow::cash(part_label, "10"), Combine::OnlyWithoutRankPrize),
    ) && let Some((prize, combine)) = &mut form.participation
    {
        ui.indent("participation", |ui| {
            ui.horizontal_wrapped(|ui| {
                prize_row_ui(ui, prize, part_label, lang);
                combine_ui(ui, combine, lang);
            });
        });
    }
    who_gets_prizes_ui(ui, form, lang);
}

/// The best-progress prize: winners, least gain and the seed it is measured from.
fn best_progress_ui(ui: &mut Ui, form: &mut PrizeForm, lang: Lang) {
    let best_label = lang.t("最佳进步奖", "Best progress");
    if toggle_ui(ui, &mut form.best, lang.t("设最佳进步奖", "Best-progress prize"), || BestForm {
        prize: PrizeRow::trophy(best_label),
        count: "1".into(),
        min_gain: "1".into(),
        baseline: ProgressBaseline::DecidingStageSeed,
        combine: Combine::AddsUp,
    }) && let Some(b) = &mut form.best
    {
        ui.indent("best-progress", |ui| {
            ui.horizontal_wrapped(|ui| prize_row_ui(ui, &mut b.prize, best_label, lang));
            ui.horizontal_wrapped(|ui| {
                labelled_text_ui(ui, lang.t("获奖人数", "Winners"), &mut b.count, "1", 40.0);
                labelled_text_ui(ui, lang.t("最少进步名次", "Least gain (places)"), &mut b.min_gain, "1", 40.0);
                ui.radio_value(
                    &mut b.baseline,
                    ProgressBaseline::DecidingStageSeed,
                    lang.t("比决定名次阶段的种子", "vs. seed in the deciding stage"),
                );
                ui.radio_value(
                    &mut b.baseline,
                    ProgressBaseline::FirstStageSeed,
                    lang.t("比排名首阶段的种子", "vs. seed in the ranking's first stage"),
                );
                combine_ui(ui, &mut b.combine, lang);
            });
        });
    }
}

/// Who is left out of the prizes, and whether rank prizes pass down.
fn who_gets_prizes_ui(ui: &mut Ui, form: &mut PrizeForm, lang: Lang) {
    ui.checkbox(
        &mut form.non_finishers,
        lang.t(
            "未能坚持完赛（退赛或未参赛）者不获奖；在场时的一次弃权（如迟到）不影响",
            "No prize for a player who did not finish (withdrew or never played); one forfeit while present (late) keeps it",
        ),
    );
    ui.checkbox(
        &mut form.every_round,
        lang.t(
            "缺赛（请假、弃权、退赛）者不获奖",
            "No prize for a player who missed a round (absent, forfeited, withdrew)",
        ),
    );
    ui.checkbox(
        &mut form.by_absolute_rank,
        lang.t(
            "名次奖按绝对名次（不获奖者的奖项不顺延）",
            "Rank prizes by absolute rank (a prize left out is not passed down)",
        ),
    )
    .on_hover_text(lang.t(
        "不勾选时，缺赛、被取消奖励的选手的名次奖顺延给下一名获奖者。",
        "Unticked, the rank prize of a player who gets none passes down to the next player who gets prizes.",
    ));
}

/// The women's tiers: a verified woman ranked within the top N gets the tier's prize.
fn women_ui(ui: &mut Ui, form: &mut PrizeForm, lang: Lang) {
    let label = lang.t("女子奖", "Women's prize");
    if !toggle_ui(
        ui,
        &mut form.women,
        lang.t("设女子奖（经验证的女选手）", "Women's prizes (verified women)"),
        || WomenForm {
            tiers: vec![("16".into(), PrizeRow::item(label, "1"))],
            best_tier_only: true,
            combine: Combine::AddsUp,
        },
    ) {
        return;
    }
    let Some(w) = &mut form.women else { return };
    ui.indent("women", |ui| {
        let mut remove = None;
        for (i, (top, prize)) in w.tiers.iter_mut().enumerate() {
            let n = i + 1;
            ui.push_id(("women-tier", i), |ui| {
                ui.horizontal_wrapped(|ui| {
                    let name = format!("{} {n}", lang.t("女子奖前几名", "Women's tier top"));
                    ui.label(lang.t("前", "Top"));
                    ui.add(egui::TextEdit::singleline(top).desired_width(36.0)).accessible_name(name);
                    ui.label(lang.t("名", ""));
                    prize_row_ui(ui, prize, &format!("{label} {n}"), lang);
                    let name = format!("{} {n}", lang.t("删除女子奖档", "Remove women's tier"));
                    if ui.button("×").accessible_name(name).clicked() {
                        remove = Some(i);
                    }
                });
            });
        }
        if let Some(i) = remove {
            w.tiers.remove(i);
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button(lang.t("＋ 添加一档", "+ Add tier")).clicked() {
                w.tiers.push((String::new(), PrizeRow::item(label, "1")));
            }
            ui.checkbox(&mut w.best_tier_only, lang.t("只给达到的最高一档", "Only the best tier reached"));
            combine_ui(ui, &mut w.combine, lang);
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    // the form keeps the absolute-rank option and sends it when ticked.
    #[test]
    fn the_absolute_rank_option_is_sent() {
        let event = crate::domain::presets::build("huaiyin-2022", None, None).unwrap();
        let group = &event.groups[0];
        let mut form = PrizeForm::of(&group.prizes);
        assert!(!form.by_absolute_rank, "prizes pass down by default");
        form.by_absolute_rank = true;
        let rules = PrizeRules { by_absolute_rank: true, ..group.prizes.clone() };
        assert_eq!(form.command(group, Lang::Zh), Ok(Some(Command::SetPrizeRules { group: group.id, rules })));
    }
}
