//! The hall pages' words in Chinese and English: headings, labels, the bye kinds, the
//! WeChat banner and the "not found" sentences. Every text a phone shows is here or
//! the event's own (names, clubs, the ranking table's headings).

use crate::lang::Lang;

/// `第3轮` / `Round 3`.
pub(super) fn round(lang: Lang, no: u32) -> String {
    match lang {
        Lang::Zh => format!("第{no}轮"),
        Lang::En => format!("Round {no}"),
    }
}

/// `第3轮` / `R3`: a narrow column's heading.
pub(super) fn round_short(lang: Lang, no: u32) -> String {
    match lang {
        Lang::Zh => format!("第{no}轮"),
        Lang::En => format!("R{no}"),
    }
}

/// `第3轮后` / `after round 3`.
pub(super) fn after_round(lang: Lang, no: u32) -> String {
    match lang {
        Lang::Zh => format!("第{no}轮后"),
        Lang::En => format!("after round {no}"),
    }
}

/// `第5台` / `Board 5`.
pub(super) fn board(lang: Lang, no: u32) -> String {
    match lang {
        Lang::Zh => format!("第{no}台"),
        Lang::En => format!("Board {no}"),
    }
}

/// `第2局` / `game 2`, for a knockout match's later games.
pub(super) fn game(lang: Lang, no: u32) -> String {
    match lang {
        Lang::Zh => format!("第{no}局"),
        Lang::En => format!("game {no}"),
    }
}

/// `第2场` / `Match 2`: a match of a team round.
pub(super) fn team_match(lang: Lang, no: u32) -> String {
    match lang {
        Lang::Zh => format!("第{no}场"),
        Lang::En => format!("Match {no}"),
    }
}

/// The banner for WeChat's built-in browser, which blocks plain-http LAN pages.
pub(super) fn wechat(lang: Lang) -> &'static str {
    lang.t(
        "微信内置浏览器可能无法刷新本页：请点右上角 ··· 在浏览器打开",
        "WeChat's browser may not update this page: tap ··· at the top right and choose Open in Browser",
    )
}

/// The pages' fixed labels.
pub(super) enum Label {
    Find,
    FindHint,
    FindButton,
    Standings,
    Bracket,
    Crosstable,
    ToCome,
    Board,
    Red,
    Black,
    Result,
    Points,
    Byes,
    NotPaired,
    NoStage,
    NoStandings,
    NothingFound,
    NotInRound,
    Opponent,
    Home,
    Groups,
    Live,
}

impl Label {
    /// The label in `lang`.
    pub(super) fn get(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Label::Find => ("查我的台次", "Find my board"),
            Label::FindHint => ("姓名、拼音首字母（如 wty）或编号", "name, pinyin initials (e.g. wty) or number"),
            Label::FindButton => ("查找", "Find"),
            Label::Standings => ("排名", "Standings"),
            Label::Bracket => ("对阵图", "Bracket"),
            Label::Crosstable => ("成绩总表", "Crosstable"),
            Label::ToCome => ("待定", "to come"),
            Label::Board => ("台", "Bd"),
            Label::Red => ("红方", "Red"),
            Label::Black => ("黑方", "Black"),
            Label::Result => ("结果", "Result"),
            Label::Points => ("积分", "Pts"),
            Label::Byes => ("没有对局", "Without a game"),
            Label::NotPaired => ("本阶段还没有编排", "No round of this stage is paired yet"),
            Label::NoStage => ("本组还没有比赛阶段", "This group has no stage yet"),
            Label::NoStandings => ("还没有排名", "No standings yet"),
            Label::NothingFound => ("没有找到该选手", "No player found"),
            Label::NotInRound => ("不在本轮对阵中", "not in this round's pairings"),
            Label::Opponent => ("对手", "opponent"),
            Label::Home => ("赛事首页", "Event"),
            Label::Groups => ("组别", "Groups"),
            Label::Live => ("本页会自动更新", "This page updates by itself"),
        };
        lang.t(zh, en)
    }
}

/// `执红` / `red`, the colour a found player has.
pub(super) fn colour(lang: Lang, red: bool) -> &'static str {
    match red {
        true => lang.t("执红", "red"),
        false => lang.t("执黑", "black"),
    }
}

/// What a 404 page says: which thing is not there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Missing {
    /// No page at this address.
    Page,
    /// No group with this id.
    Group,
    /// No such round in the group's current stage.
    Round,
    /// No such board in the current round.
    Board,
    /// The group's current stage is not a knockout.
    Bracket,
    /// No round of the current stage is complete.
    Crosstable,
    /// A request the server cannot take (an unreadable address or query, not a GET).
    Unreadable,
}

impl Missing {
    /// The sentence.
    pub(super) fn words(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Missing::Page => ("找不到这个页面", "There is no such page"),
            Missing::Group => ("找不到这个组别", "There is no such group"),
            Missing::Round => ("本阶段没有这一轮", "This stage has no such round"),
            Missing::Board => ("本轮没有这一台", "This round has no such board"),
            Missing::Unreadable => (
                "无法读取这个地址，请从赛事首页重新打开",
                "This address cannot be read; open the event's first page again",
            ),
            Missing::Crosstable => {
                ("本阶段还没有完成的轮次，没有成绩总表", "No round of this stage is complete: there is no crosstable")
            }
            Missing::Bracket => {
                ("本组当前阶段不是淘汰赛，没有对阵图", "This group's stage is not a knockout: there is no bracket")
            }
        };
        lang.t(zh, en)
    }
}
