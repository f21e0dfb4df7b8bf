//! The tiebreak part of the stage form: the ordered tiebreaks, what a bye adds to
//! 对手分, and — for a stage ranking by FIDE tiebreaks — the edition of FIDE's tie-break
//! regulations C.07 they follow.

use super::stage_form::{StageForm, combo_ui};
use crate::domain::rules::{ByeOpponent, FideEditionChoice, Tiebreak};
use crate::lang::Lang;
use egui::Ui;
use jiff::civil::Date;

/// The ordered tiebreaks: ↑ / ↓ to move, × to remove, and a list to add from.
pub(super) fn tiebreaks_ui(ui: &mut Ui, form: &mut StageForm, start_date: Option<Date>, lang: Lang) {
    let count = form.tiebreaks.len();
    let mut action: Option<(usize, isize)> = None;
    let mut remove = None;
    egui::Grid::new("tiebreak-order").num_columns(4).spacing([6.0, 4.0]).show(ui, |ui| {
        for (i, tiebreak) in form.tiebreaks.iter().enumerate() {
            let name = tiebreak_label(*tiebreak, lang);
            ui.label(format!("{}. {name}", i + 1));
            let up = ui.add_enabled(i > 0, egui::Button::new("↑")).on_hover_text(lang.t("上移", "Move up"));
            if up.accessible_name(format!("{} {name}", lang.t("上移", "Move up"))).clicked() {
                action = Some((i, -1));
            }
            let down = ui.add_enabled(i + 1 < count, egui::Button::new("↓")).on_hover_text(lang.t("下移", "Move down"));
            if down.accessible_name(format!("{} {name}", lang.t("下移", "Move down"))).clicked() {
                action = Some((i, 1));
            }
            let gone = ui.button("×").on_hover_text(lang.t("移除", "Remove"));
            if gone.accessible_name(format!("{} {name}", lang.t("移除", "Remove"))).clicked() {
                remove = Some(i);
            }
            ui.end_row();
        }
    });
    if count == 0 {
        ui.weak(lang.t("（无小分：同分按编号排列）", "(none: equal points rank by start number)"));
    }
    if let Some((i, step)) = action {
        let j = i.saturating_add_signed(step);
        if j < count {
            form.tiebreaks.swap(i, j);
        }
    }
    if let Some(i) = remove {
        form.tiebreaks.remove(i);
    }
    let missing: Vec<Tiebreak> = Tiebreak::ALL.into_iter().filter(|t| !form.tiebreaks.contains(t)).collect();
    if !missing.is_empty() {
        let mut added = None;
        egui::ComboBox::from_id_salt("add-tiebreak")
            .selected_text(lang.t("添加小分…", "Add tiebreak…"))
            .width(200.0)
            .show_ui(ui, |ui| {
                for t in missing {
                    if ui.selectable_label(false, tiebreak_label(t, lang)).clicked() {
                        added = Some(t);
                    }
                }
            })
            .response
            .accessible_name(lang.t("添加小分", "Add tiebreak"));
        if let Some(t) = added {
            form.tiebreaks.push(t);
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("轮空计入对手分", "A bye adds to opponents' points"));
        let choices = [
            (ByeOpponent::Lowest, lang.t("最低非零分（中国象棋协会规则）", "The lowest score above zero (CXA)")),
            (ByeOpponent::Zero, lang.t("不计（0 分）", "Nothing (0)")),
        ];
        combo_ui(ui, "bye-opponent", &mut form.bye_opponent, &choices).labelled_by(label.id);
    });
    if form.tiebreaks.iter().any(|t| t.is_fide()) {
        fide_edition_ui(ui, &mut form.fide_edition, start_date, lang);
    }
}

/// The edition of C.07 the FIDE tiebreaks follow: by the event's first day (naming the
/// edition that gives for `start_date`), or the 2024 or 2026 edition whatever the date.
fn fide_edition_ui(ui: &mut Ui, choice: &mut FideEditionChoice, start_date: Option<Date>, lang: Lang) {
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("同分规则版本", "Tie-break edition"));
        let words: Vec<(FideEditionChoice, String)> =
            FideEditionChoice::ALL.into_iter().map(|c| (c, c.words(start_date, lang))).collect();
        let choices: Vec<(FideEditionChoice, &str)> = words.iter().map(|(c, w)| (*c, w.as_str())).collect();
        combo_ui(ui, "fide-edition", choice, &choices).labelled_by(label.id);
    })
    .response
    .on_hover_text(lang.t(
        "国际棋联小分规则（C.07）2026 年修订版自 2026-03-01 起施行：未下的轮次按不高于对手（或每轮和棋）的分数计算；此前开赛的比赛仍用 2024 版。",
        "FIDE's tie-break regulations (C.07) as amended in 2026 apply from 2026-03-01: an unplayed round counts no more than the opponent's score (or a draw in every round); events that started earlier keep the 2024 edition.",
    ));
}

/// A tiebreak's name in the window's language.
pub fn tiebreak_label(tiebreak: Tiebreak, lang: Lang) -> &'static str {
    let en = match tiebreak {
        Tiebreak::OpponentsPoints => "Opponents' points",
        Tiebreak::Progressive => "Progressive score",
        Tiebreak::Wins => "Wins",
        Tiebreak::BlackGames => "Games as black",
        Tiebreak::BlackWins => "Wins as black",
        Tiebreak::Fouls => "Fouls (fewer first)",
        Tiebreak::HeadToHead => "Head to head",
        Tiebreak::SonnebornBerger => "Sonneborn-Berger",
        Tiebreak::BuchholzCut1 => "Buchholz Cut-1",
        Tiebreak::Buchholz => "Buchholz",
        Tiebreak::Median => "Median Buchholz",
        Tiebreak::PreviousRank => "Previous round's rank",
        Tiebreak::PreviousScore => "Previous rounds' points",
        Tiebreak::RedWins => "Wins as red",
        Tiebreak::BeatenOpponentsPoints => "Points of opponents beaten",
        Tiebreak::DrawnOpponentsPoints => "Points of opponents drawn",
        Tiebreak::BuchholzCut2 => "Buchholz Cut-2",
        Tiebreak::AverageOpponentRating => "Average rating of opponents (ARO)",
        Tiebreak::DirectEncounter => "Direct encounter (FIDE)",
        Tiebreak::RoundsWon => "Rounds won, unplayed included (WIN)",
        Tiebreak::GamesWon => "Games won over the board (WON)",
    };
    lang.t(tiebreak.label_zh(), en)
}
