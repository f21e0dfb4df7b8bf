//! One prize as typed in the prize form: its kind (cash, items, trophy), its label and
//! its amount in yuan or number of items, read without floats.

use crate::domain::money::{parse_yuan, yuan};
use crate::domain::prize_rules::Prize;
use crate::ui::i18n::Lang;
use egui::Ui;

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
    ui.add(egui::TextEdit::singleline(&mut row.label).desired_width(110.0))
        .accessible_name(format!("{} {name}", lang.t("奖项名称", "Prize name")))
        .on_hover_text(
            lang.t("{rank} 会换成名次，如 第{rank}名 → 第1名", "{rank} becomes the rank: Place {rank} → Place 1"),
        );
    match row.kind {
        PrizeKind::Cash => {
            ui.add(egui::TextEdit::singleline(&mut row.value).desired_width(64.0))
                .accessible_name(format!("{} {name}", lang.t("金额", "Amount")));
            ui.label(lang.t("元", "yuan"));
        }
        PrizeKind::Item => {
            ui.add(egui::TextEdit::singleline(&mut row.value).desired_width(64.0))
                .accessible_name(format!("{} {name}", lang.t("数量", "Count")));
            ui.label(lang.t("件", "pcs"));
        }
        // No amount: the space it would take, so the rows' last buttons line up.
        PrizeKind::Trophy => ui.add_space(84.0),
    }
}
