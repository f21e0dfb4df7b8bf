//! How results, reasons, games and changes are named in the window: `1-0 红胜（超时）`
//! in tables and dialogs, `+- 迟到` in short labels, `第3轮 第5台 更正 1-0 → 0-1` in the
//! status bar and the audit log.

use super::{ResultChange, Slot};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::ui::theme::Palette;
use crate::ui::theme::widgets::ResultLook;

/// A result as a director reads it: notation, who won, and why when not on the board
/// as usual, e.g. `1-0 红胜（超时）`, `+- 黑方弃权`; fouls follow.
pub fn result_label(result: GameResult, lang: Lang) -> String {
    let mut label = format!("{} {}", result.outcome.notation(), outcome_label(result.outcome, lang));
    if result.reason != ResultReason::Normal {
        match lang {
            Lang::Zh => label.push_str(&format!("（{}）", result.reason.label_zh())),
            Lang::En => label.push_str(&format!(" ({})", result.reason.code())),
        }
    }
    let fouls: Vec<String> =
        [(lang.t("红犯规", "red fouls "), result.fouls_red), (lang.t("黑犯规", "black fouls "), result.fouls_black)]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(side, n)| format!("{side}{n}"))
            .collect();
    if !fouls.is_empty() {
        label.push(' ');
        label.push_str(&fouls.join(" "));
    }
    label
}

/// How a result is coloured in tables: a forfeit, a draw and a game decided on the
/// board each their own colour, a game without a result weak.
pub fn result_look(result: Option<GameResult>) -> ResultLook {
    match result.map(|r| r.outcome) {
        None => ResultLook::Pending,
        Some(outcome) if !outcome.was_played() => ResultLook::Forfeit,
        Some(Outcome::Draw) => ResultLook::Draw,
        Some(_) => ResultLook::Decided,
    }
}

/// [`result_label`] in its colour ([`result_look`]).
pub fn result_rich_text(result: GameResult, lang: Lang, palette: &Palette) -> egui::RichText {
    egui::RichText::new(result_label(result, lang)).color(result_look(Some(result)).colour(palette))
}

/// [`result_label`] in Chinese.
pub fn result_label_zh(result: GameResult) -> String {
    result_label(result, Lang::Zh)
}

/// The Chinese or English name of an outcome.
pub fn outcome_label(outcome: Outcome, lang: Lang) -> &'static str {
    match outcome {
        Outcome::RedWins => lang.t("红胜", "red wins"),
        Outcome::Draw => lang.t("和棋", "draw"),
        Outcome::BlackWins => lang.t("黑胜", "black wins"),
        Outcome::RedWinsByForfeit => lang.t("黑方弃权", "black forfeits"),
        Outcome::BlackWinsByForfeit => lang.t("红方弃权", "red forfeits"),
        Outcome::BothForfeit => lang.t("双方弃权", "both forfeit"),
    }
}

/// The reason's name in the window's language.
pub fn reason_label(reason: ResultReason, lang: Lang) -> &'static str {
    lang.t(reason.label_zh(), reason.code())
}

/// `第5台` / `board 5`, with the game when the match has several.
pub fn slot_label(slot: Slot, several_games: bool, lang: Lang) -> String {
    match (lang, several_games) {
        (Lang::Zh, false) => format!("第{}台", slot.board),
        (Lang::Zh, true) => format!("第{}台第{}局", slot.board, slot.game),
        (Lang::En, false) => format!("board {}", slot.board),
        (Lang::En, true) => format!("board {} game {}", slot.board, slot.game),
    }
}

/// The short form of a result for labels: `1-0`, `+- 迟到`, `0-1 红犯规1`.
pub fn short_result(result: &GameResult, lang: Lang) -> String {
    let mut text = result.outcome.notation().to_string();
    if result.reason != ResultReason::Normal {
        text.push(' ');
        text.push_str(reason_label(result.reason, lang));
    }
    for (n, zh, en) in [(result.fouls_red, "红犯规", "red fouls "), (result.fouls_black, "黑犯规", "black fouls ")]
    {
        if n > 0 {
            text.push_str(&format!(" {}{n}", lang.t(zh, en)));
        }
    }
    text
}

/// The status bar's name of a change: `第3轮 第5台 1-0`, `第3轮 第5台 更正 1-0 → 0-1`.
pub fn change_label(change: &ResultChange, several_games: bool, lang: Lang) -> String {
    let place = match lang {
        Lang::Zh => format!("第{}轮 {}", change.round, slot_label(change.slot, several_games, lang)),
        Lang::En => format!("Round {} {}", change.round, slot_label(change.slot, several_games, lang)),
    };
    match (change.before, change.after) {
        (None, Some(after)) => format!("{place} {}", short_result(&after, lang)),
        (Some(before), Some(after)) => format!(
            "{place} {} {} → {}",
            lang.t("更正", "corrected"),
            short_result(&before, lang),
            short_result(&after, lang)
        ),
        (Some(before), None) => {
            format!("{place} {} ({})", lang.t("清除结果", "result cleared"), short_result(&before, lang))
        }
        (None, None) => place,
    }
}

/// Why the rules refused a result, in the director's words, for the line beside the
/// board field: `未保存：第3轮没有第20台。`.
pub fn refusal_text(error: &crate::domain::command::DomainError, lang: Lang) -> String {
    use crate::domain::command::DomainError as E;
    let why = match (error, lang) {
        (E::StageClosed(s), Lang::Zh) => format!("第{s}阶段已结束，成绩不能再改。"),
        (E::StageClosed(s), Lang::En) => format!("stage {s} is closed; its results can no longer change."),
        (E::StageNotOpen(s), Lang::Zh) => format!("第{s}阶段尚未开始。"),
        (E::UnknownRound(r), Lang::Zh) => format!("第{r}轮尚未编排。"),
        (E::UnknownGame { round, board, game: 1 }, Lang::Zh) => format!("第{round}轮没有第{board}台。"),
        (E::UnknownGame { round, board, game }, Lang::Zh) => format!("第{round}轮第{board}台没有第{game}局。"),
        (other, _) => other.message(lang),
    };
    format!("{}{why}", lang.t("未保存：", "Not saved: "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::{BoardNo, RoundNo};

    fn slot(board: u32) -> Slot {
        Slot { board: BoardNo(board), game: 1 }
    }

    #[test]
    fn result_labels_name_the_winner_reason_and_fouls() {
        assert_eq!(result_label_zh(GameResult::plain(Outcome::RedWins)), "1-0 红胜");
        assert_eq!(result_label_zh(GameResult::plain(Outcome::Draw)), "1/2 和棋");
        let late = GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::RedWinsByForfeit) };
        assert_eq!(result_label_zh(late), "+- 黑方弃权（迟到）");
        assert_eq!(result_label(late, Lang::En), "+- black forfeits (late)");
        let fouled = GameResult { fouls_black: 1, ..GameResult::plain(Outcome::BlackWins) };
        assert_eq!(result_label_zh(fouled), "0-1 黑胜 黑犯规1");
    }

    #[test]
    fn labels_name_round_board_and_result() {
        let change = ResultChange {
            round: RoundNo(3),
            slot: slot(5),
            before: None,
            after: Some(GameResult::plain(Outcome::RedWins)),
        };
        assert_eq!(change_label(&change, false, Lang::Zh), "第3轮 第5台 1-0");
        assert_eq!(change_label(&change, false, Lang::En), "Round 3 board 5 1-0");
        let late = GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::RedWinsByForfeit) };
        let fix = ResultChange { before: change.after, after: Some(late), ..change };
        assert_eq!(change_label(&fix, false, Lang::Zh), "第3轮 第5台 更正 1-0 → +- 迟到");
    }
}
