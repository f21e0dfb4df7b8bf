//! Whom the explanation's words name ([`Names`]): players by start number, or the
//! teams of a team round by name, and the joining of a sentence's parts. Shared by
//! `words` and `team_words`, which name each other's words no more (issue 40).

use crate::domain::ids::StartNo;
use crate::lang::Lang;
use std::collections::BTreeMap;

/// Players by start number: `3、5号` / `no. 3`, `nos. 3, 5`.
pub(super) fn numbers(players: &[StartNo], lang: Lang) -> String {
    let list: Vec<String> = players.iter().map(ToString::to_string).collect();
    match (lang, players.len()) {
        (Lang::Zh, _) => format!("{}号", list.join("、")),
        (Lang::En, 1) => format!("no. {}", list.join(", ")),
        (Lang::En, _) => format!("nos. {}", list.join(", ")),
    }
}

/// Parts of a sentence joined: `；` / `; `.
pub(super) fn join(parts: Vec<String>, lang: Lang) -> String {
    parts.join(lang.t("；", "; "))
}

/// Whom the words name: players by start number, or the teams of a team round — the
/// "players" of the stand-in stage, by their stand-in numbers — by name.
#[derive(Debug, Clone, Copy)]
pub(super) enum Names<'a> {
    /// Players: `5号` / `no. 5`.
    Players,
    /// Teams: each stand-in number's team name.
    Teams(&'a BTreeMap<StartNo, String>),
}

impl Names<'_> {
    /// Whether the words are of teams.
    pub(super) fn teams(self) -> bool {
        matches!(self, Names::Teams(_))
    }

    /// One player or team: `5号` / `no. 5`, or the team's name.
    pub(super) fn one(self, p: StartNo, lang: Lang) -> String {
        self.many(&[p], lang)
    }

    /// Players or teams: `3、5号` / `nos. 3, 5`, or `甲队、乙队` / `A, B`.
    pub(super) fn many(self, list: &[StartNo], lang: Lang) -> String {
        match self {
            Names::Players => numbers(list, lang),
            Names::Teams(names) => {
                let name = |p: &StartNo| names.get(p).cloned().unwrap_or_else(|| p.to_string());
                list.iter().map(name).collect::<Vec<_>>().join(lang.t("、", ", "))
            }
        }
    }

    /// The counting word: `人` / `player`, `队` / `team`.
    pub(super) fn unit(self, lang: Lang) -> &'static str {
        match self {
            Names::Players => lang.t("人", "player"),
            Names::Teams(_) => lang.t("队", "team"),
        }
    }

    /// `n` of them: `5 人` / `5 players`, `5 队` / `5 teams`.
    pub(super) fn count(self, n: usize, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("{n} {}", self.unit(lang)),
            Lang::En if n == 1 => format!("1 {}", self.unit(lang)),
            Lang::En => format!("{n} {}s", self.unit(lang)),
        }
    }

    /// The rules of colours: `先后手规则` / `a colour rule`, for teams home and away.
    pub(super) fn colour_rules(self, lang: Lang) -> &'static str {
        match self {
            Names::Players => lang.t("先后手规则", "a colour rule"),
            Names::Teams(_) => lang.t("主客场规则", "the home-and-away rules"),
        }
    }
}
