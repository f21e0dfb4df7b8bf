//! One prize as typed in the prize form: its kind (cash, items, trophy), its label and
//! its amount in yuan or number of items, read without floats. A label's `{rank}` (the
//! rank filled in) is shown and typed as （名次） / (rank), and a rank row shows its
//! labels as the winners will read them: 第1名…第8名 (issue 39, item 5).

use crate::domain::money::{parse_yuan, yuan};
use crate::domain::prize_rules::Prize;
use crate::lang::Lang;
use egui::Ui;

/// What the rules keep where each winner's rank goes.
const RANK: &str = "{rank}";

/// The amount field's width, in points.
const AMOUNT_WIDTH: f32 = 64.0;

/// What the amount field and its unit take: a trophy row leaves it empty, so that the
/// rows' last buttons line up.
const AMOUNT_FIELD_WIDTH: f32 = 84.0;

/// The rank in a label as the form shows it.
fn rank_word(lang: Lang) -> &'static str {
    lang.t("（名次）", "(rank)")
}

/// A label as the form shows it: `第{rank}名` → `第（名次）名`.
pub(super) fn label_shown(label: &str, lang: Lang) -> String {
    label.replace(RANK, rank_word(lang))
}

/// A label as typed back to the rules' form: （名次）, (名次), (rank) → `{rank}`.
pub(super) fn label_stored(shown: &str) -> String {
    ["（名次）", "(名次)", "（rank）", "(rank)"].iter().fold(shown.to_string(), |text, word| text.replace(word, RANK))
}

/// What a prize is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PrizeKind {
    Cash,
    Item,
    Trophy,
}

/// One prize as typed.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PrizeRow {
    kind: PrizeKind,
    label: String,
    /// Yuan for cash, a count for items, unused for a trophy.
    value: String,
}

impl PrizeRow {
    pub(super) fn of(prize: &Prize) -> PrizeRow {
        let (kind, value) = match prize {
            Prize::Cash { amount_fen, .. } => (PrizeKind::Cash, yuan(*amount_fen)),
            Prize::Item { quantity, .. } => (PrizeKind::Item, quantity.to_string()),
            Prize::Trophy { .. } => (PrizeKind::Trophy, String::new()),
        };
        PrizeRow { kind, label: prize.label().to_string(), value }
    }

    pub(super) fn cash(label: &str, yuan: &str) -> PrizeRow {
        PrizeRow { kind: PrizeKind::Cash, label: label.into(), value: yuan.into() }
    }

    pub(super) fn item(label: &str, count: &str) -> PrizeRow {
        PrizeRow { kind: PrizeKind::Item, label: label.into(), value: count.into() }
    }

    pub(super) fn trophy(label: &str) -> PrizeRow {
        PrizeRow { kind: PrizeKind::Trophy, label: label.into(), value: String::new() }
    }

    /// The labels of ranks `first` … `last` as the winners will read them:
    /// `→ 第1名…第8名`; `None` when the label has no rank in it or the ranks cannot
    /// be read.
    pub(super) fn preview(&self, first: &str, last: &str) -> Option<String> {
        let label = self.label.trim();
        if !label.contains(RANK) {
            return None;
        }
        let first: u32 = first.trim().parse().ok()?;
        let last: u32 = last.trim().parse().unwrap_or(first);
        let fill = |rank: u32| label.replace(RANK, &rank.to_string());
        Some(match last > first {
            true => format!("→ {}…{}", fill(first), fill(last)),
            false => format!("→ {}", fill(first)),
        })
    }

    /// The prize typed; `at` names the row in messages.
    ///
    /// # Errors
    /// A message naming the row when the amount or count cannot be read.
    pub(super) fn prize(&self, at: &str, lang: Lang) -> Result<Prize, String> {
        let label = self.label.trim().to_string();
        match self.kind {
            PrizeKind::Cash => {
                parse_yuan(&self.value).map(|amount_fen| Prize::Cash { label, amount_fen }).map_err(|_| {
                    format!(
                        "{at}: {}",
                        lang.t("奖金应为金额，如 500 或 5.20", "the amount must be yuan, e.g. 500 or 5.20")
                    )
                })
            }
            PrizeKind::Item => {
                self.value.trim().parse::<u32>().map(|quantity| Prize::Item { label, quantity }).map_err(|_| {
                    format!("{at}: {}", lang.t("奖品数量应为整数", "the number of items must be a whole number"))
                })
            }
            PrizeKind::Trophy => Ok(Prize::Trophy { label }),
        }
    }
}

/// The kind, label and amount of one prize; `name` tells the fields apart for screen
/// readers and tests ("奖项名称 3", "金额 3").
pub(super) fn prize_row_ui(ui: &mut Ui, row: &mut PrizeRow, name: &str, lang: Lang) {
    let kinds = [
        (PrizeKind::Cash, lang.t("现金", "Cash")),
        (PrizeKind::Item, lang.t("奖品", "Items")),
        (PrizeKind::Trophy, lang.t("奖杯", "Trophy")),
    ];
    let shown = kinds.iter().find(|(k, _)| *k == row.kind).map_or("", |(_, t)| t);
    egui::ComboBox::from_id_salt("prize-kind")
        .selected_text(shown)
        .width(64.0)
        .show_ui(ui, |ui| {
            for (k, text) in kinds {
                ui.selectable_value(&mut row.kind, k, text);
            }
        })
        .response
        .accessible_name(format!("{} {name}", lang.t("奖项类型", "Prize kind")));
    let mut shown = label_shown(&row.label, lang);
    let field = ui
        .add(egui::TextEdit::singleline(&mut shown).desired_width(110.0))
        .accessible_name(format!("{} {name}", lang.t("奖项名称", "Prize name")))
        .on_hover_text(lang.t(
            "（名次）会换成每位得奖者的名次，如 第（名次）名 → 第1名",
            "(rank) becomes each winner's rank: Place (rank) → Place 1",
        ));
    if field.changed() {
        row.label = label_stored(&shown);
    }
    match row.kind {
        PrizeKind::Cash => {
            ui.add(egui::TextEdit::singleline(&mut row.value).desired_width(AMOUNT_WIDTH))
                .accessible_name(format!("{} {name}", lang.t("金额", "Amount")));
            ui.label(lang.t("元", "yuan"));
        }
        PrizeKind::Item => {
            ui.add(egui::TextEdit::singleline(&mut row.value).desired_width(AMOUNT_WIDTH))
                .accessible_name(format!("{} {name}", lang.t("数量", "Count")));
            ui.label(lang.t("件", "pcs"));
        }
        // No amount: the space it would take, so the rows' last buttons line up.
        PrizeKind::Trophy => ui.add_space(AMOUNT_FIELD_WIDTH),
    }
}
