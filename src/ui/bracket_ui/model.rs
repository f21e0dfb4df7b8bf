//! The window's words for the bracket: the model itself (columns of match boxes, seeds,
//! games, round names) is [`crate::present::bracket`], the same one the PDF prints, so
//! window and paper name every round alike; here are the texts of a side and a game.

use crate::domain::event::{Event, Game, KnockoutRules};
use crate::domain::ids::StartNo;
use crate::domain::knockout;
use crate::lang::Lang;
use crate::ui::result_entry::short_result;

pub(super) use crate::present::bracket::{
    BoxKind, Column, Holder, MatchBox, Side, columns_of, default_selection, find,
};

/// `[3] 王天一`, or the place's seed and who will hold it.
pub(super) fn side_text(side: &Side, previous: Option<&Column>, event: &Event, lang: Lang) -> String {
    let seed = side.seed.map(|s| format!("[{s}] ")).unwrap_or_default();
    let board_of = |i: usize| previous.and_then(|c| c.boxes.get(i)).and_then(|b| b.paired).map(|(_, board)| board);
    match side.holder {
        Holder::Player(p) => format!("{seed}{}", player_name(event, p)),
        Holder::WinnerOf(i) => match (board_of(i), lang) {
            (Some(board), Lang::Zh) => format!("{seed}待定（第{board}台胜者）"),
            (Some(board), Lang::En) => format!("{seed}TBD (winner of match {board})"),
            (None, _) => format!("{seed}{}", lang.t("待定", "TBD")),
        },
        Holder::LoserOf(i) => match (board_of(i), lang) {
            (Some(board), Lang::Zh) => format!("{seed}待定（第{board}台负者）"),
            (Some(board), Lang::En) => format!("{seed}TBD (loser of match {board})"),
            (None, _) => format!("{seed}{}", lang.t("待定", "TBD")),
        },
        Holder::Nobody => lang.t("（轮空）", "(bye)").to_string(),
    }
}

pub(super) fn player_name(event: &Event, p: StartNo) -> String {
    event.player(p).map_or_else(|| p.to_string(), |pl| pl.entry.name.clone())
}

/// The text of a game cell: `第1局 红[1] 黑[16] 1-0`, `加赛 25分钟 第3局 红[1] 黑[16] 未赛`.
pub(super) fn game_text(b: &MatchBox, game: &Game, rules: &KnockoutRules, lang: Lang) -> String {
    let seed = |p: StartNo| b.side_of(p).and_then(|s| s.seed).map_or_else(|| p.to_string(), |s| s.to_string());
    let result = game.result.map_or_else(|| lang.t("未赛", "—").to_string(), |r| short_result(&r, lang));
    let (red, black) = (seed(game.red), seed(game.black));
    let colours = match lang {
        Lang::Zh => format!("第{}局 红[{red}] 黑[{black}] {result}", game.game),
        Lang::En => format!("G{} red [{red}] black [{black}] {result}", game.game),
    };
    let Some(k) = game.game.checked_sub(rules.games_per_match + 1) else { return colours };
    let minutes = knockout::playoff_minutes(rules, k);
    // The last playoff of a CXA 2020 Art. 30 match: a draw counts as a black win.
    let armageddon = rules.armageddon_after == Some(k);
    match (lang, armageddon) {
        (Lang::Zh, false) => format!("加赛 {minutes}分钟 {colours}"),
        (Lang::Zh, true) => format!("决胜局 {minutes}分钟（和棋判黑胜） {colours}"),
        (Lang::En, false) => format!("Playoff {minutes} min {colours}"),
        (Lang::En, true) => format!("Armageddon {minutes} min (draw = black wins) {colours}"),
    }
}
