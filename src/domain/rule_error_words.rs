//! The rules' refusals in the director's words, in both languages (issue 18):
//! pairing, matching, round robin, knockout and prizes. Whole sentences with ids as
//! plain numbers (`第3轮`, `5号` / `round 3`, `no. 5`); a refusal that wraps another
//! (a knockout's inside a pairing's, a command's inside a prize ranking's) lets the
//! inner one speak. The English `Display` of each type stays the log text.

use crate::domain::ids::{RoundNo, StartNo};
use crate::domain::knockout::KnockoutError;
use crate::domain::matching::MatchingError;
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::prizes::PrizeError;
use crate::domain::round_robin::RoundRobinError;
use crate::domain::swiss::PairingError;
use crate::lang::{Lang, Localized};

impl Localized for PairingError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (PairingError::Knockout(k), _) => k.message(lang),
            (PairingError::UnknownStage { group, stage }, Lang::Zh) => format!("组别“{group}”没有第{stage}阶段。"),
            (PairingError::UnknownStage { group, stage }, Lang::En) => format!("Group “{group}” has no stage {stage}."),
            (PairingError::NotSwiss(s), Lang::Zh) => format!("第{s}阶段不是瑞士制。"),
            (PairingError::NotSwiss(s), Lang::En) => format!("Stage {s} is not a Swiss stage."),
            (PairingError::StageNotOpen(s), Lang::Zh) => format!("第{s}阶段不在进行中（尚未开始或已经结束）。"),
            (PairingError::StageNotOpen(s), Lang::En) => {
                format!("Stage {s} is not being played (it has not started or is closed).")
            }
            (PairingError::RoundIncomplete { round, missing }, Lang::Zh) => {
                format!("第{round}轮还有{missing}盘棋没有成绩。")
            }
            (PairingError::RoundIncomplete { round, missing: 1 }, Lang::En) => {
                format!("Round {round} still has 1 game without a result.")
            }
            (PairingError::RoundIncomplete { round, missing }, Lang::En) => {
                format!("Round {round} still has {missing} games without a result.")
            }
            (PairingError::AllRoundsPaired(n), Lang::Zh) => format!("计划的{n}轮已全部编排。"),
            (PairingError::AllRoundsPaired(n), Lang::En) => format!("All {n} planned rounds have been paired."),
            (PairingError::RoundsNotSet { stage, players, suggested }, Lang::Zh) => {
                format!("第{stage}阶段还没有设定轮数，请先设定轮数（{players}名选手适合打{suggested}轮）。")
            }
            (PairingError::RoundsNotSet { stage, players, suggested }, Lang::En) => format!(
                "The number of rounds of stage {stage} has not been set; set it first \
                 ({suggested} rounds suit {players} players)."
            ),
            (PairingError::TooFewPlayers(n), Lang::Zh) => format!("只有{n}名选手可以编排，至少需要2名。"),
            (PairingError::TooFewPlayers(1), Lang::En) => "Only 1 player can be paired; at least 2 are needed.".into(),
            (PairingError::TooFewPlayers(n), Lang::En) => {
                format!("Only {n} players can be paired; at least 2 are needed.")
            }
            (PairingError::NoValidPairing { round, players }, _) => no_valid_pairing(*round, players, lang),
            (PairingError::DutchTooLarge { round, players, megabytes }, Lang::Zh) => format!(
                "第{round}轮：按 FIDE 荷兰制编排这{players}名选手时，低分组无法单独配完，须把全部选手放在一起计算，\
                 约需 {megabytes} MB 内存；请改用其他编排制度编排本轮，或把本组别拆分。"
            ),
            (PairingError::DutchTooLarge { round, players, megabytes }, Lang::En) => format!(
                "Round {round}: the FIDE Dutch pairing of these {players} players cannot complete the lower \
                 score groups on their own and needs the whole field in one calculation, which would take \
                 about {megabytes} MB of memory; pair this round with another system or split the group."
            ),
            (PairingError::TooFewTeams(n), Lang::Zh) => format!("只有{n}支队伍可以编排，至少需要2支。"),
            (PairingError::TooFewTeams(1), Lang::En) => "Only 1 team can be paired; at least 2 are needed.".into(),
            (PairingError::TooFewTeams(n), Lang::En) => format!("Only {n} teams can be paired; at least 2 are needed."),
            (PairingError::NoValidTeamPairing { round, teams }, Lang::Zh) => {
                let why = if teams.is_empty() {
                    "队伍无法全部配对".to_string()
                } else {
                    format!("{}已没有可配的对手", capped(teams, Lang::Zh))
                };
                format!("第{round}轮找不到不违反绝对规则（不重复对阵、每队只轮空一次）的团体编排：{why}。")
            }
            (PairingError::NoValidTeamPairing { round, teams }, Lang::En) => {
                let why = match teams.as_slice() {
                    [] => "the teams cannot all be paired".to_string(),
                    many => format!("no opponent is left for {}", capped(many, Lang::En)),
                };
                format!("No pairing of team round {round} keeps the absolute rules (no rematch, one bye each): {why}.")
            }
            (PairingError::PlannedLineupInvalid { round, team, issue }, _) => {
                planned_lineup_invalid(*round, team, issue, lang)
            }
            (PairingError::Cancelled, Lang::Zh) => "编排已取消，赛事未改变。".into(),
            (PairingError::Cancelled, Lang::En) => "Pairing cancelled; the event is unchanged.".into(),
            (PairingError::AvoidedPairsBlock { round, pairs }, Lang::Zh) => {
                let list: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}号与{b}号")).collect();
                format!(
                    "第{round}轮无法在遵守回避设置（{}）的同时编排；请取消其中一对回避后再编排。",
                    capped(&list, Lang::Zh)
                )
            }
            (PairingError::AvoidedPairsBlock { round, pairs }, Lang::En) => {
                let list: Vec<String> = pairs.iter().map(|(a, b)| format!("nos. {a} and {b}")).collect();
                format!(
                    "Round {round} cannot be paired while keeping the avoided pairs ({}); remove one of them \
                     and pair again.",
                    capped_with(&list, Lang::En, "; ")
                )
            }
        }
    }
}

/// Most items a refusal lists before it says how many more there are (issue 38, item
/// 7: a pairing that failed for a million players listed every number).
const LISTED: usize = 8;

/// `items` joined as a list in `lang`, at most [`LISTED`] of them, then how many more.
fn capped(items: &[String], lang: Lang) -> String {
    capped_with(items, lang, lang.t("、", ", "))
}

fn capped_with(items: &[String], lang: Lang, separator: &str) -> String {
    let mut text = items.iter().take(LISTED).cloned().collect::<Vec<_>>().join(separator);
    let more = items.len().saturating_sub(LISTED);
    if more > 0 {
        text.push_str(&match lang {
            Lang::Zh => format!("等（另有{more}个）"),
            Lang::En => format!(" and {more} more"),
        });
    }
    text
}

/// [`PairingError::PlannedLineupInvalid`]: the team, the round, the player and why (the
/// line-up's own refusal), and what to do: name the line-up again.
fn planned_lineup_invalid(round: RoundNo, team: &str, issue: &TeamIssue, lang: Lang) -> String {
    let why = issue.message(lang);
    match lang {
        Lang::Zh => format!(
            "第{round}轮无法编排：“{team}”事先排定的第{round}轮出场名单已不再有效——{why}\
             请重新排定“{team}”第{round}轮的出场名单，再编排本轮。"
        ),
        Lang::En => format!(
            "Round {round} cannot be paired: the line-up named for “{team}” in round {round} no longer \
             holds. {why} Name “{team}”'s line-up for round {round} again, then pair the round."
        ),
    }
}

/// [`PairingError::NoValidPairing`]: which players are left without an opponent.
fn no_valid_pairing(round: RoundNo, players: &[StartNo], lang: Lang) -> String {
    let list: Vec<String> = players.iter().map(ToString::to_string).collect();
    match lang {
        Lang::Zh => {
            let why = if list.is_empty() {
                "选手无法全部配对".to_string()
            } else {
                match list.len() {
                    n if n > LISTED => format!("{}号等共{n}名选手已没有可配的对手", list[..LISTED].join("、")),
                    _ => format!("{}号选手已没有可配的对手", list.join("、")),
                }
            };
            format!("第{round}轮找不到不违反绝对规则（不重复对局、每人只轮空一次、先后手、同单位回避）的编排：{why}。")
        }
        Lang::En => {
            let why = match list.as_slice() {
                [] => "the players cannot all be paired".to_string(),
                [one] => format!("no opponent is left for no. {one}"),
                many => format!("no opponent is left for nos. {}", capped(many, Lang::En)),
            };
            format!(
                "No pairing of round {round} keeps the absolute rules (no rematch, one bye each, colours, \
                 clubs): {why}."
            )
        }
    }
}

impl Localized for MatchingError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (MatchingError::VertexOutOfRange { edge, vertex, vertex_count }, Lang::Zh) => {
                format!("编排计算内部出错：配对图的第{edge}条边指向第{vertex}个点，而图中只有{vertex_count}个点。")
            }
            (MatchingError::VertexOutOfRange { edge, vertex, vertex_count }, Lang::En) => format!(
                "Internal pairing error: edge {edge} of the matching graph names vertex {vertex}, but the \
                 graph has only {vertex_count} vertices."
            ),
            (MatchingError::WeightOutOfRange { edge, weight }, Lang::Zh) => {
                format!("编排计算内部出错：配对图第{edge}条边的权重 {weight} 超出上限（±2^120）。")
            }
            (MatchingError::WeightOutOfRange { edge, weight }, Lang::En) => format!(
                "Internal pairing error: edge {edge} of the matching graph has weight {weight}, beyond the \
                 limit of ±2^120."
            ),
            (MatchingError::SpreadTooWide { spread, vertex_count }, Lang::Zh) => {
                format!("编排计算内部出错：配对图的权重相差 {spread}，对{vertex_count}个点求最大配对时范围过大。")
            }
            (MatchingError::SpreadTooWide { spread, vertex_count }, Lang::En) => format!(
                "Internal pairing error: the weights of the matching graph span {spread}, too wide for a \
                 matching of as many pairs as possible on {vertex_count} vertices."
            ),
        }
    }
}

impl Localized for RoundRobinError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (RoundRobinError::TooFewPlayers { players }, Lang::Zh) => {
                format!("循环赛至少需要2名选手，现在只有{players}名。")
            }
            (RoundRobinError::TooFewPlayers { players }, Lang::En) => {
                format!("A round robin needs at least 2 players, not {players}.")
            }
            (RoundRobinError::TooManyPlayers { players }, Lang::Zh) => {
                format!("{players}名选手的循环赛轮次太多，无法编号。")
            }
            (RoundRobinError::TooManyPlayers { players }, Lang::En) => {
                format!("A round robin of {players} players has more rounds than can be numbered.")
            }
            (RoundRobinError::RoundOutOfRange { round, rounds }, Lang::Zh) => {
                format!("本循环赛只有第1至第{rounds}轮，没有第{round}轮。")
            }
            (RoundRobinError::RoundOutOfRange { round, rounds }, Lang::En) => {
                format!("This round robin has rounds 1 to {rounds}; there is no round {round}.")
            }
        }
    }
}

impl Localized for KnockoutError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (KnockoutError::Undecided { round, board }, Lang::Zh) => {
                format!("第{round}轮第{board}台的比赛尚未分出胜负。")
            }
            (KnockoutError::Undecided { round, board }, Lang::En) => {
                format!("Match {board} of round {round} is not decided yet.")
            }
            (KnockoutError::Finished, _) => {
                lang.t("淘汰赛已经全部赛完。", "The knockout is finished; every match has been played.").into()
            }
            (KnockoutError::TooFewPlayers, _) => {
                lang.t("淘汰赛至少需要2名选手。", "A knockout needs at least two players.").into()
            }
            (KnockoutError::NoRules, _) => {
                lang.t("本阶段没有设定淘汰赛规则。", "The stage has no knockout rules.").into()
            }
        }
    }
}

impl Localized for PrizeError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (PrizeError::Domain(d), _) => d.message(lang),
            (PrizeError::NotStarted(s), Lang::Zh) => format!("奖项名次从第{s}阶段算起，而该阶段尚未开始。"),
            (PrizeError::NotStarted(s), Lang::En) => {
                format!("The prize ranking starts with stage {s}, which has not started yet.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 38, item 7: a refusal names a few players and counts the rest.
    #[test]
    fn a_long_list_is_cut_to_a_few_and_a_count() {
        let players: Vec<StartNo> = (1..=1_000_000).map(StartNo).collect();
        let error = PairingError::NoValidPairing { round: RoundNo(3), players };
        let en = error.message(Lang::En);
        assert!(en.contains("nos. 1, 2, 3, 4, 5, 6, 7, 8 and 999992 more"), "{en}");
        assert!(en.len() < 300, "{} bytes", en.len());
        let zh = error.message(Lang::Zh);
        assert!(zh.contains("1、2、3、4、5、6、7、8号等共1000000名选手已没有可配的对手"), "{zh}");
    }
}
