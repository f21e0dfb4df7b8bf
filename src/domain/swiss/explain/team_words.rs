//! The words only a team round's explanation has, Chinese and English: how
//! its round 1 was drawn, which team is home (red on odd boards) and by which rule —
//! the stand-in's colour rules, told as home and away —, why a team had the bye, and
//! how a match differs from the engine's pairing. Teams are named by name; what team
//! and individual rounds share (score groups, floats) is worded in `words`.

use super::names::{Names, join};
use super::{ByeWhy, ColourRule, ColourWhy, Difference, FirstRoundDraw, HandColours};
use crate::domain::ids::StartNo;
use crate::lang::Lang;

/// How round 1 of a team Swiss was drawn. Teams have no rating: the halves take the
/// teams in an order drawn by lot (in a later stage, the stage's order of teams).
pub(super) fn draw(draw: FirstRoundDraw, lang: Lang) -> String {
    match draw {
        FirstRoundDraw::Random => lang.t("首轮电脑随机抽签配对", "Round 1: drawn by lot"),
        FirstRoundDraw::Halves | FirstRoundDraw::PairingNumbers => lang.t(
            "首轮各队顺序抽签决定，上半区第 i 队对下半区第 i 队",
            "Round 1: the teams' order drawn by lot, the i-th team of the upper half meets the i-th of the lower half",
        ),
        FirstRoundDraw::HalvesLot => lang.t(
            "首轮各队顺序抽签决定并分上下半区，上半区各队的对手从下半区抽签产生",
            "Round 1: the teams' order drawn by lot, each upper-half team's opponent drawn by lot from the lower half",
        ),
        FirstRoundDraw::Seeding => lang.t(
            "首轮按本阶段的队伍顺序（上一阶段名次）拦腰配对",
            "Round 1 by halves of the stage's order of teams (the previous stage's ranking)",
        ),
    }
    .to_string()
}

/// A match that is not the engine's: whom the engine paired the team with.
pub(super) fn hand_edited(engine_opponent: Option<StartNo>, names: Names<'_>, lang: Lang) -> String {
    match (engine_opponent, lang) {
        (Some(o), Lang::Zh) => format!("本场与电脑编排不同（原编排的对手为 {}）", names.one(o, lang)),
        (Some(o), Lang::En) => {
            format!("differs from the engine's pairing (the engine paired this team with {})", names.one(o, lang))
        }
        (None, _) => lang
            .t(
                "本场与电脑编排不同（原编排中该队轮空）",
                "differs from the engine's pairing (the engine gave this team the bye)",
            )
            .into(),
    }
}

/// `主队` / `home` or `客队` / `away`.
fn side_word(home: bool, lang: Lang) -> &'static str {
    if home { lang.t("主队", "home") } else { lang.t("客队", "away") }
}

/// Which team is home and why: `队1为主队（单数台执红）：…`, and a match whose home
/// team is not the one the rules name.
pub(super) fn colour(why: &ColourWhy, names: Names<'_>, lang: Lang) -> String {
    let rule = colour_rule(&why.rule, why.rules_red, names, lang);
    let (home, rules_home) = (names.one(why.red, lang), names.one(why.rules_red, lang));
    let head = match lang {
        Lang::Zh => format!("{home}为主队（单数台执红）"),
        Lang::En => format!("{home} is home (red on odd boards)"),
    };
    match (why.by_hand, lang) {
        (None, Lang::Zh) => format!("{head}：{rule}"),
        (None, Lang::En) => format!("{head}: {rule}"),
        (Some(HandColours::Swapped), Lang::Zh) => {
            format!("{head}，与电脑编排的主客相反；按规则应由 {rules_home}为主队：{rule}")
        }
        (Some(HandColours::Swapped), Lang::En) => {
            format!("{head}, the other way round from the engine's pairing; by the rules {rules_home} is home: {rule}")
        }
        (Some(HandColours::AgainstRules), Lang::Zh) => {
            format!("{head}，本场与电脑编排不同，主客与规则不同；按规则应由 {rules_home}为主队：{rule}")
        }
        (Some(HandColours::AgainstRules), Lang::En) => format!(
            "{head}; the match differs from the engine's pairing, against the home-and-away rules; \
             by the rules {rules_home} is home: {rule}"
        ),
    }
}

/// The rule that makes `home` the home team.
fn colour_rule(rule: &ColourRule, home: StartNo, names: Names<'_>, lang: Lang) -> String {
    let one = |p: StartNo| names.one(p, lang);
    let round_or_never = |r: Option<u32>| match (r, lang) {
        (Some(r), Lang::Zh) => format!("第{r}轮"),
        (Some(r), Lang::En) => format!("round {r}"),
        (None, _) => lang.t("从未作客", "never").to_string(),
    };
    match (rule, lang) {
        (ColourRule::FirstRoundByLot, _) => lang.t("首轮主客由抽签决定", "round 1: home and away drawn by lot").into(),
        (ColourRule::FirstRoundAlternate { upper, upper_red }, Lang::Zh) => {
            format!("首轮按场次交替主客，本场上位队 {}为{}", one(*upper), side_word(*upper_red, lang))
        }
        (ColourRule::FirstRoundAlternate { upper, upper_red }, Lang::En) => format!(
            "round 1: home and away alternate by match; here the upper team, {}, is {}",
            one(*upper),
            side_word(*upper_red, lang)
        ),
        (ColourRule::OnlyAllowed, _) => lang
            .t(
                "只有这样才不违反主客场规则（不连续三场同为主队或客队、主客场次之差不超过 2）",
                "only so are the home-and-away rules kept (never home or away three times running, \
                 a difference of at most 2)",
            )
            .into(),
        (ColourRule::Difference { red, black }, Lang::Zh) => {
            format!("{}主客场次之差较小（{red:+} 对 {black:+}）", one(home))
        }
        (ColourRule::Difference { red, black }, Lang::En) => {
            format!("{} had fewer home matches relative to away ones (difference {red:+} v {black:+})", one(home))
        }
        (ColourRule::FewerReds { red, black }, Lang::Zh) => {
            format!("主客场次之差相同，{}作主队的场次较少（{red} 对 {black}）", one(home))
        }
        (ColourRule::FewerReds { red, black }, Lang::En) => {
            format!("equal home-away difference; {} was home less often ({red} v {black})", one(home))
        }
        (ColourRule::BlackMoreRecently { red, black }, Lang::Zh) => {
            format!("{}最近一次作客较晚（{} 对 {}）", one(home), round_or_never(*red), round_or_never(*black))
        }
        (ColourRule::BlackMoreRecently { red, black }, Lang::En) => {
            format!("{} was away more recently ({} v {})", one(home), round_or_never(*red), round_or_never(*black))
        }
        (ColourRule::HigherAlternates { higher }, Lang::Zh) => {
            format!("双方主客记录相同，排名较高的 {}与上一场交替", one(*higher))
        }
        (ColourRule::HigherAlternates { higher }, Lang::En) => {
            format!(
                "identical home-and-away histories: the higher-ranked {} alternates with its last match",
                one(*higher)
            )
        }
        (ColourRule::HigherRanked { higher }, Lang::Zh) => {
            format!("双方都没有主客记录，排名较高的 {}为主队", one(*higher))
        }
        (ColourRule::HigherRanked { higher }, Lang::En) => {
            format!("neither has a home-and-away history: the higher-ranked {} is home", one(*higher))
        }
        (ColourRule::RoundRobin { round }, Lang::Zh) => format!("按贝格尔表第{round}轮排定主客"),
        (ColourRule::RoundRobin { round }, Lang::En) => format!("home and away from the Berger table, round {round}"),
        // The stand-in is paired by `cxa` or the Berger tables: no Dutch rule, no knockout.
        _ => lang.t("按编排规则排定主客", "home and away by the pairing rules").into(),
    }
}

/// Why a team had the bye.
pub(super) fn bye(why: &ByeWhy, names: Names<'_>, lang: Lang) -> String {
    match (why, lang) {
        (ByeWhy::Requested, _) => lang.t("该队申请轮空", "requested by the team").into(),
        (ByeWhy::Absent, _) => lang.t("该队缺席", "the team is absent").into(),
        (ByeWhy::FirstRound, _) => lang
            .t("首轮队数为奇数，排序最后的队轮空", "round 1 with an odd number of teams: the last team of the order")
            .into(),
        (ByeWhy::Lowest { score, lowest_group, had_bye_below, others_below }, _) => {
            let mut parts = vec![match (lang, lowest_group) {
                (Lang::Zh, true) => format!("队数为奇数，轮空给最低分组（{score} 分）中团体排名最后、此前未轮空的队"),
                (Lang::Zh, false) => format!("队数为奇数，轮空给团体排名最后、此前未轮空的队（{score} 分）"),
                (Lang::En, true) => format!(
                    "an odd number of teams: the bye goes to the lowest team by the team standings of the lowest \
                     score group (score {score}) that has not had one"
                ),
                (Lang::En, false) => format!(
                    "an odd number of teams: the bye goes to the lowest team by the team standings that has not \
                     had one (score {score})"
                ),
            }];
            if !had_bye_below.is_empty() {
                let who = names.many(had_bye_below, lang);
                parts.push(match lang {
                    Lang::Zh => format!("排名更低的 {who}此前已轮空"),
                    Lang::En => format!("{who}, ranked lower, already had a bye"),
                });
            }
            if !others_below.is_empty() {
                let who = names.many(others_below, lang);
                let verb = if others_below.len() == 1 { "was" } else { "were" };
                parts.push(match lang {
                    Lang::Zh => {
                        format!("排名更低的 {who}须留在对阵中，以满足更优先的编排规则（同分对阵、不重复对阵、主客场）")
                    }
                    Lang::En => format!(
                        "{who}, ranked lower, {verb} kept in the pairing for the rules that come first \
                         (equal scores, no rematch, home and away)"
                    ),
                });
            }
            join(parts, lang)
        }
        (ByeWhy::HandEdited { engine: Some(e) }, Lang::Zh) => {
            format!("与电脑编排不同（原编排轮空的是 {}）", names.one(*e, lang))
        }
        (ByeWhy::HandEdited { engine: Some(e) }, Lang::En) => {
            format!("differs from the engine's pairing (the engine gave the bye to {})", names.one(*e, lang))
        }
        (ByeWhy::HandEdited { engine: None }, _) => lang
            .t("与电脑编排不同（原编排无队轮空）", "differs from the engine's pairing (the engine gave no bye)")
            .into(),
        (ByeWhy::RoundRobin, _) => {
            lang.t("循环赛队数为奇数，按贝格尔表本轮轮空", "the Berger table gives this team the bye").into()
        }
        (ByeWhy::Knockout, _) => lang.t("按种子轮空", "a bye by seeding").into(),
    }
}

/// A match as `队1（主）对 队2` / `A (home) v B`, or no match.
fn pair_words(pair: Option<(StartNo, StartNo)>, names: Names<'_>, lang: Lang) -> String {
    match (pair, lang) {
        (Some((h, a)), Lang::Zh) => format!("{}（主）对 {}", names.one(h, lang), names.one(a, lang)),
        (Some((h, a)), Lang::En) => format!("{} (home) v {}", names.one(h, lang), names.one(a, lang)),
        (None, _) => lang.t("无此场", "no such match").into(),
    }
}

/// How a match (the stand-in's board) or the bye differs from the engine's pairing.
pub(super) fn difference(d: &Difference, names: Names<'_>, lang: Lang) -> String {
    match (d, lang) {
        (Difference::Pair { board, engine, now }, Lang::Zh) => format!(
            "第{board}场：原编排为 {}，现为 {}",
            pair_words(*engine, names, lang),
            pair_words(*now, names, lang)
        ),
        (Difference::Pair { board, engine, now }, Lang::En) => format!(
            "match {board}: the engine paired {}; now {}",
            pair_words(*engine, names, lang),
            pair_words(*now, names, lang)
        ),
        (Difference::Colours { board, engine_red, .. }, Lang::Zh) => {
            format!("第{board}场：主客与原编排相反（原编排 {}为主队）", names.one(*engine_red, lang))
        }
        (Difference::Colours { board, engine_red, .. }, Lang::En) => format!(
            "match {board}: home and away the other way round (the engine made {} home)",
            names.one(*engine_red, lang)
        ),
        (Difference::Bye { engine, now }, _) => {
            let who = |teams: &Vec<StartNo>| {
                if teams.is_empty() { lang.t("无", "nobody").to_string() } else { names.many(teams, lang) }
            };
            match lang {
                Lang::Zh => format!("轮空：原编排为 {}，现为 {}", who(engine), who(now)),
                Lang::En => format!("bye: the engine gave it to {}; now {}", who(engine), who(now)),
            }
        }
    }
}
