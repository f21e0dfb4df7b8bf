//! `pairings --explain` as text: one explanation line under each board and bye of the
//! pairing table — each player's score group, float and why, the colour rule — and
//! after the table how the round differs from the engine's pairing.

use crate::domain::swiss::explain::{BoardExplanation, ByeExplanation, Comparison, PlayerExplanation};
use crate::lang::{Lang, Localized};

/// One side of a board: `红方 8分 下浮：…` / `red 8 pts floated down: …`.
fn side(p: &PlayerExplanation, red: bool, lang: Lang) -> String {
    let (score, float, why) = (p.score_group, p.float.label(lang), p.message(lang));
    match (lang, red) {
        (Lang::Zh, true) => format!("红方 {}号 {score}分 {float}：{why}", p.player),
        (Lang::Zh, false) => format!("黑方 {}号 {score}分 {float}：{why}", p.player),
        (Lang::En, true) => format!("red no. {} {score} pts {float}: {why}", p.player),
        (Lang::En, false) => format!("black no. {} {score} pts {float}: {why}", p.player),
    }
}

/// The line under a board.
pub(super) fn board_line(x: &BoardExplanation, lang: Lang) -> String {
    let colour = x.colour.message(lang);
    let colour = match lang {
        Lang::Zh => format!("先后手：{colour}"),
        Lang::En => format!("colours: {colour}"),
    };
    format!("    ↳ {} | {} | {colour}", side(&x.red, true, lang), side(&x.black, false, lang))
}

/// The line under a bye.
pub(super) fn bye_line(x: &ByeExplanation, lang: Lang) -> String {
    let why = x.message(lang);
    match lang {
        Lang::Zh => format!("    ↳ 轮空：{why}"),
        Lang::En => format!("    ↳ bye: {why}"),
    }
}

/// The rendered table with `notes[k]` under row `k` (the header is the first line).
pub(super) fn under_rows(table: &str, notes: &[Option<String>]) -> String {
    let mut out = String::new();
    for (k, line) in table.lines().enumerate() {
        out.push_str(line);
        out.push('\n');
        if let Some(Some(note)) = k.checked_sub(1).and_then(|row| notes.get(row)) {
            out.push_str(note);
            out.push('\n');
        }
    }
    out
}

/// How the round differs from the engine's pairing, after the table.
pub(super) fn comparison_lines(comparison: &Comparison, lang: Lang) -> String {
    match comparison {
        Comparison::Same => {
            format!("{}\n", lang.t("与编排结果一致，未经手动修改。", "As the engine paired it: no hand edits."))
        }
        Comparison::Differs(differences) => {
            let mut out = format!(
                "{}\n",
                lang.t("与编排结果的差异（手动修改）：", "Differences from the engine's pairing (hand edits):")
            );
            for d in differences {
                out.push_str(&format!("  - {}\n", d.message(lang)));
            }
            out
        }
        Comparison::NotCompared(why) => match lang {
            Lang::Zh => format!("未与编排结果比较：{}。\n", why.message(lang)),
            Lang::En => format!("Not compared with the engine's pairing: {}.\n", why.message(lang)),
        },
    }
}
