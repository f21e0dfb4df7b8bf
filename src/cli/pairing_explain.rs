//! `pairings --explain` as text: one explanation line under each board and bye of the
//! pairing table — each player's score group, float and why, the colour rule — and
//! after the table how the round differs from the engine's pairing. A team round
//! has a line under each match's heading — each team's score group (match
//! points), float and why, which team is home and why — and under its byes.

use crate::domain::swiss::explain::{
    BoardExplanation, ByeExplanation, Comparison, Difference, MatchExplanation, PlayerExplanation, TeamByeExplanation,
    TeamRoundExplanation, TeamSide,
};
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

/// One team of a match: `主队 队2 3分 下浮：…` / `home 队2 3 pts floated down: …`.
fn team_side(x: &TeamRoundExplanation, s: &TeamSide, name: &str, home: bool, lang: Lang) -> String {
    let p = &s.explanation;
    let (score, float, why) = (p.score_group, p.float.label(lang), x.why(s, lang));
    match (lang, home) {
        (Lang::Zh, true) => format!("主队 {name} {score}分 {float}：{why}"),
        (Lang::Zh, false) => format!("客队 {name} {score}分 {float}：{why}"),
        (Lang::En, true) => format!("home {name} {score} pts {float}: {why}"),
        (Lang::En, false) => format!("away {name} {score} pts {float}: {why}"),
    }
}

/// The line under a match's heading; `name` names a team.
pub(super) fn match_line(
    x: &TeamRoundExplanation,
    m: &MatchExplanation,
    name: &dyn Fn(&TeamSide) -> String,
    lang: Lang,
) -> String {
    let colour = x.colour(m, lang);
    let colour = match lang {
        Lang::Zh => format!("主客：{colour}"),
        Lang::En => format!("home and away: {colour}"),
    };
    let home = team_side(x, &m.home, &name(&m.home), true, lang);
    let away = team_side(x, &m.away, &name(&m.away), false, lang);
    format!("    ↳ {home} | {away} | {colour}\n")
}

/// The line under a team round's byes for one of them.
pub(super) fn team_bye_line(x: &TeamRoundExplanation, bye: &TeamByeExplanation, name: &str, lang: Lang) -> String {
    let why = x.bye_why(bye, lang);
    match lang {
        Lang::Zh => format!("    ↳ {name} 轮空：{why}\n"),
        Lang::En => format!("    ↳ {name} bye: {why}\n"),
    }
}

/// How the round differs from the engine's pairing, after the table.
pub(super) fn comparison_lines(comparison: &Comparison, lang: Lang) -> String {
    differences_lines(comparison, &|d| d.message(lang), lang)
}

/// How a round differs from the engine's pairing, each difference as `words` says it.
pub(super) fn differences_lines(comparison: &Comparison, words: &dyn Fn(&Difference) -> String, lang: Lang) -> String {
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
                out.push_str(&format!("  - {}\n", words(d)));
            }
            out
        }
        Comparison::NotCompared(why) => match lang {
            Lang::Zh => format!("未与编排结果比较：{}。\n", why.message(lang)),
            Lang::En => format!("Not compared with the engine's pairing: {}.\n", why.message(lang)),
        },
    }
}
