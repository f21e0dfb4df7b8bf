//! The pairing explanation in the director's words, Chinese and English: why a player
//! met his opponent, which colour rule gave red, why the bye went to its player, and
//! how the round differs from the engine's pairing. Players are named by number
//! (`5号` / `no. 5`), as the pairing warnings name them — the numbers people read, once
//! the explanation is put into them (`shown`, R-11.6); the reasons a team round
//! shares with individual rounds (a score group, a float and why) name its teams
//! instead ([`Names`], in `names`; the words only teams have are in `team_words`).

use super::names::{Names, join, numbers};
use super::{
    ByeExplanation, ByeWhy, ColourRule, ColourWhy, Difference, DownWhy, FirstRoundDraw, Float, HandColours,
    NearerGroup, NotCompared, PairedWhy, PlayerExplanation, team_words,
};
use crate::domain::ids::StartNo;
use crate::lang::{Lang, Localized};

impl Float {
    /// 同分 / 下浮 / 上浮 (same score, floated down, floated up).
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Float::None => lang.t("同分", "same score"),
            Float::Down => lang.t("下浮", "floated down"),
            Float::Up => lang.t("上浮", "floated up"),
        }
    }
}

impl Localized for FirstRoundDraw {
    fn message(&self, lang: Lang) -> String {
        match self {
            FirstRoundDraw::Random => lang.t("首轮电脑随机抽签配对", "Round 1: drawn by lot"),
            FirstRoundDraw::Halves => lang.t(
                "首轮按等级分拦腰配对：上半区第 i 名对下半区第 i 名",
                "Round 1 by halves of the rating order: the i-th of the upper half meets the i-th of the lower half",
            ),
            FirstRoundDraw::HalvesLot => lang.t(
                "首轮按等级分分上下半区，上半区选手的对手从下半区抽签产生",
                "Round 1 by halves of the rating order: each upper-half player's opponent drawn by lot from the lower half",
            ),
            FirstRoundDraw::Seeding => lang.t(
                "首轮按本阶段种子顺序（上一阶段名次）拦腰配对",
                "Round 1 by halves of the stage's seeding (the previous stage's ranking)",
            ),
            FirstRoundDraw::PairingNumbers => lang.t(
                "首轮按编号分上下半区，上半区对下半区",
                "Round 1: the upper half against the lower half by pairing number",
            ),
        }
        .to_string()
    }
}

impl Localized for DownWhy {
    fn message(&self, lang: Lang) -> String {
        self.words(Names::Players, lang)
    }
}

impl DownWhy {
    /// Why he (or the team) floated down, the others named by `names`.
    pub(super) fn words(&self, names: Names<'_>, lang: Lang) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.odd_left {
            let unit = names.unit(lang);
            parts.push(match (lang, n) {
                (Lang::Zh, _) => format!("本分数组待配对 {n} {unit}，{unit}数为奇数，须有一{unit}下浮"),
                (Lang::En, 1) => format!("the only {unit} left to pair in the score group"),
                (Lang::En, _) => format!(
                    "{} were left to pair in the score group, an odd number: one floats down",
                    names.count(n, lang)
                ),
            });
        }
        if !self.rematch.is_empty() {
            let who = names.many(&self.rematch, lang);
            parts.push(match lang {
                Lang::Zh => format!("与同分组的 {who}已交过手"),
                Lang::En => format!("had already met {who} of the score group"),
            });
        }
        for (p, reason) in &self.avoided {
            let who = names.one(*p, lang);
            parts.push(match (lang, reason.is_empty()) {
                (Lang::Zh, true) => format!("与同分组的 {who}指定回避"),
                (Lang::Zh, false) => format!("与同分组的 {who}指定回避（{reason}）"),
                (Lang::En, true) => format!("is never paired with {who} of the score group"),
                (Lang::En, false) => format!("is never paired with {who} of the score group ({reason})"),
            });
        }
        if !self.club.is_empty() {
            let who = names.many(&self.club, lang);
            parts.push(match lang {
                Lang::Zh => format!("与同分组的 {who}同单位回避"),
                Lang::En => format!("is of the same club as {who} of the score group, and clubs are kept apart"),
            });
        }
        if !self.colour.is_empty() {
            let (who, rules) = (names.many(&self.colour, lang), names.colour_rules(lang));
            parts.push(match lang {
                Lang::Zh => format!("与同分组的 {who}对阵会违反{rules}"),
                Lang::En => format!("could not meet {who} of the score group without breaking {rules}"),
            });
        }
        if parts.is_empty() && self.nearer.is_empty() {
            parts.push(lang.t("下浮使其余选手都能配对", "floated down so that everyone else could be paired").into());
        }
        parts.push(distance_words(self, names, lang));
        join(parts, lang)
    }
}

/// How far the player floated and, past each nearer score group, why nobody there
/// met him: `下浮 3分，越过 1 个分数组：7分组中 4号已交过手…`.
fn distance_words(why: &DownWhy, names: Names<'_>, lang: Lang) -> String {
    let d = why.distance;
    if why.nearer.is_empty() {
        return match lang {
            Lang::Zh => format!("对手来自相邻分数组（分差 {d} 分）"),
            Lang::En => format!("the opponent is from the next score group ({d} pts apart)"),
        };
    }
    let groups: Vec<String> = why.nearer.iter().map(|g| nearer_words(g, names, lang)).collect();
    let k = why.nearer.len();
    match lang {
        Lang::Zh => format!("下浮 {d} 分，越过 {k} 个分数组：{}", groups.join("；")),
        Lang::En => format!("floated {d} pts, past {k} score group(s): {}", groups.join("; ")),
    }
}

/// Why nobody of one nearer score group met the player (or the team).
fn nearer_words(g: &NearerGroup, names: Names<'_>, lang: Lang) -> String {
    let mut parts = Vec::new();
    let mut add = |list: &[StartNo], zh: &str, en: &str| {
        if !list.is_empty() {
            let who = names.many(list, lang);
            parts.push(match lang {
                Lang::Zh => format!("{who}{zh}"),
                Lang::En => format!("{who} {en}"),
            });
        }
    };
    let (him, his) = if names.teams() { ("it", "its") } else { ("him", "his") };
    add(&g.rematch, "已交过手", "already met");
    let avoided: Vec<StartNo> = g.avoided.iter().map(|(p, _)| *p).collect();
    add(&avoided, "指定回避", &format!("never paired with {him}"));
    add(&g.club, "同单位回避", &format!("of {his} club, kept apart"));
    let colours = names.colour_rules(lang);
    let ruled_out = match names {
        Names::Players => "ruled out by the colour rules",
        Names::Teams(_) => "ruled out by the home-and-away rules",
    };
    add(&g.colour, &format!("对阵会违反{colours}"), ruled_out);
    add(
        &g.elsewhere,
        "须与他人配对或轮空，其他台次分差才能更小",
        "needed on other boards or the bye to keep those nearer",
    );
    let score = g.score;
    match lang {
        Lang::Zh => format!("{score}分组中{}", parts.join("，")),
        Lang::En => format!("in the {score}-point group {}", parts.join(", ")),
    }
}

impl Localized for PairedWhy {
    fn message(&self, lang: Lang) -> String {
        self.words(Names::Players, lang)
    }
}

impl PairedWhy {
    /// Why he (or the team) met the opponent, the others named by `names`.
    pub(super) fn words(&self, names: Names<'_>, lang: Lang) -> String {
        match (self, lang) {
            (PairedWhy::SameGroup { size }, Lang::Zh) => {
                format!("在本分数组内配对（本组 {}）", names.count(*size, lang))
            }
            (PairedWhy::SameGroup { size }, Lang::En) => {
                format!("paired within the score group ({})", names.count(*size, lang))
            }
            (PairedWhy::FirstRound(draw), _) if names.teams() => team_words::draw(*draw, lang),
            (PairedWhy::FirstRound(draw), _) => draw.message(lang),
            (PairedWhy::Down(why), _) => why.words(names, lang),
            (PairedWhy::Up { partner, partner_score }, Lang::Zh) => {
                format!("上浮与从 {partner_score} 分组下浮的 {}对阵", names.one(*partner, lang))
            }
            (PairedWhy::Up { partner, partner_score }, Lang::En) => format!(
                "paired up with {}, who floated down from the {partner_score}-point score group",
                names.one(*partner, lang)
            ),
            (PairedWhy::HandEdited { engine_opponent }, _) if names.teams() => {
                team_words::hand_edited(*engine_opponent, names, lang)
            }
            (PairedWhy::HandEdited { engine_opponent: Some(o) }, Lang::Zh) => {
                format!("本台经编排员手动修改（原编排的对手为 {o}号）")
            }
            (PairedWhy::HandEdited { engine_opponent: Some(o) }, Lang::En) => {
                format!("changed by hand (the engine paired this player with no. {o})")
            }
            (PairedWhy::HandEdited { engine_opponent: None }, _) => lang
                .t(
                    "本台经编排员手动修改（原编排中该选手轮空）",
                    "changed by hand (the engine gave this player the bye)",
                )
                .into(),
            (PairedWhy::RoundRobin { seat, round }, Lang::Zh) => {
                format!("循环赛第 {seat} 号位，按贝格尔表第{round}轮对阵")
            }
            (PairedWhy::RoundRobin { seat, round }, Lang::En) => {
                format!("round-robin seat {seat}: the Berger table's round {round}")
            }
            (PairedWhy::Knockout { seed }, Lang::Zh) => format!("淘汰赛第 {seed} 号种子，按种子位置对阵"),
            (PairedWhy::Knockout { seed }, Lang::En) => format!("knockout seed {seed}: paired by the seeding"),
        }
    }
}

impl Localized for PlayerExplanation {
    /// Why he met his opponent, and his fixed board if he has one.
    fn message(&self, lang: Lang) -> String {
        self.words(Names::Players, lang)
    }
}

impl PlayerExplanation {
    /// Why he (or the team) met the opponent, the others named by `names`, and his
    /// fixed board if he has one.
    pub(super) fn words(&self, names: Names<'_>, lang: Lang) -> String {
        let why = self.why.words(names, lang);
        match (self.fixed_board, lang) {
            (Some(b), Lang::Zh) => format!("{why}；固定台次：第{b}台"),
            (Some(b), Lang::En) => format!("{why}; always at board {b}"),
            (None, _) => why,
        }
    }
}

/// `红` / `red` or `黑` / `black`.
fn colour_word(red: bool, lang: Lang) -> &'static str {
    if red { lang.t("红", "red") } else { lang.t("黑", "black") }
}

impl ColourRule {
    /// The rule in words; `red` is who has red by it.
    fn words(&self, red: StartNo, lang: Lang) -> String {
        let round_or_never = |r: Option<u32>| match (r, lang) {
            (Some(r), Lang::Zh) => format!("第{r}轮"),
            (Some(r), Lang::En) => format!("round {r}"),
            (None, _) => lang.t("从未执黑", "never").to_string(),
        };
        match (self, lang) {
            (ColourRule::FirstRoundByLot, _) => lang.t("首轮先后手由抽签决定", "round 1: colours drawn by lot").into(),
            (ColourRule::FirstRoundAlternate { upper, upper_red }, Lang::Zh) => {
                format!("首轮按台次交替先后手，本台上位选手 {upper}号执{}", colour_word(*upper_red, lang))
            }
            (ColourRule::FirstRoundAlternate { upper, upper_red }, Lang::En) => format!(
                "round 1: colours alternate by board; here the upper player, no. {upper}, has {}",
                colour_word(*upper_red, lang)
            ),
            (ColourRule::OnlyAllowed, Lang::Zh) => {
                format!("只有 {red}号执红才不违反先后手规则（不连续三局同色、先后手差不超过 2）")
            }
            (ColourRule::OnlyAllowed, Lang::En) => format!(
                "only red for no. {red} keeps the colour rules (never the same colour three times running, \
                 a difference of at most 2)"
            ),
            (ColourRule::Difference { red: r, black: b }, Lang::Zh) => {
                format!("{red}号先后手差较小（{r:+} 对 {b:+}），执红")
            }
            (ColourRule::Difference { red: r, black: b }, Lang::En) => {
                format!("no. {red} had fewer reds relative to blacks (difference {r:+} v {b:+}) and takes red")
            }
            (ColourRule::FewerReds { red: r, black: b }, Lang::Zh) => {
                format!("先后手差相同，{red}号执红局数较少（{r} 对 {b}），执红")
            }
            (ColourRule::FewerReds { red: r, black: b }, Lang::En) => {
                format!("equal colour difference; no. {red} had fewer reds ({r} v {b}) and takes red")
            }
            (ColourRule::BlackMoreRecently { red: r, black: b }, Lang::Zh) => {
                format!("{red}号最近一次执黑较晚（{} 对 {}），执红", round_or_never(*r), round_or_never(*b))
            }
            (ColourRule::BlackMoreRecently { red: r, black: b }, Lang::En) => format!(
                "no. {red} had black more recently ({} v {}) and takes red",
                round_or_never(*r),
                round_or_never(*b)
            ),
            (ColourRule::HigherAlternates { higher }, Lang::Zh) => format!(
                "双方先后手记录相同，排名较高的 {higher}号与上一局交替，执{}",
                colour_word(*higher == red, lang)
            ),
            (ColourRule::HigherAlternates { higher }, Lang::En) => format!(
                "identical colour histories: the higher-ranked no. {higher} alternates with his last game and has {}",
                colour_word(*higher == red, lang)
            ),
            (ColourRule::HigherRanked { higher }, Lang::Zh) => {
                format!("双方都没有先后手记录，排名较高的 {higher}号执红")
            }
            (ColourRule::HigherRanked { higher }, Lang::En) => {
                format!("neither has a colour history: the higher-ranked no. {higher} takes red")
            }
            _ => self.other_words(red, lang),
        }
    }

    /// The rules of the FIDE Dutch system and of the tables, in words (`words` has
    /// the others).
    fn other_words(&self, red: StartNo, lang: Lang) -> String {
        match (self, lang) {
            (ColourRule::BothPreferences, Lang::Zh) => format!("双方的颜色倾向都得到满足（{red}号应执红）"),
            (ColourRule::BothPreferences, Lang::En) => {
                format!("both colour preferences are granted (no. {red} was due red)")
            }
            (ColourRule::StrongerPreference { player }, Lang::Zh) => format!("{player}号的颜色倾向更强，优先满足"),
            (ColourRule::StrongerPreference { player }, Lang::En) => {
                format!("no. {player}'s stronger colour preference is granted")
            }
            (ColourRule::AlternateLatestDifference, _) => lang
                .t(
                    "颜色倾向相同，按两人最近一次先后手不同的对局交替",
                    "equal preferences: colours alternate from the latest round in which the two had different colours",
                )
                .into(),
            (ColourRule::HigherRankedPreference { higher }, Lang::Zh) => {
                format!("颜色倾向相同，排名较高的 {higher}号的倾向优先")
            }
            (ColourRule::HigherRankedPreference { higher }, Lang::En) => {
                format!("equal preferences: the higher-ranked no. {higher} gets his")
            }
            (ColourRule::PairingNumber { higher }, Lang::Zh) => {
                format!("双方都没有颜色倾向，按排名较高的 {higher}号编号的单双与首台颜色决定")
            }
            (ColourRule::PairingNumber { higher }, Lang::En) => format!(
                "no preferences: decided by the pairing number of the higher-ranked no. {higher} and the initial colour"
            ),
            (ColourRule::RoundRobin { round }, Lang::Zh) => format!("按贝格尔表第{round}轮排定先后手"),
            (ColourRule::RoundRobin { round }, Lang::En) => format!("colours from the Berger table, round {round}"),
            (ColourRule::Knockout, _) => lang
                .t(
                    "淘汰赛：第1局较高种子执红，此后各局轮换（较高种子可在本场开赛前另选）",
                    "knockout: the higher seed has red in game 1, then colours alternate \
                     (the higher seed may choose otherwise before the match starts)",
                )
                .into(),
            _ => String::new(), // worded by `words`
        }
    }
}

impl Localized for ColourWhy {
    fn message(&self, lang: Lang) -> String {
        let rule = self.rule.words(self.rules_red, lang);
        let red = self.rules_red;
        match (self.by_hand, lang) {
            (None, _) => rule,
            (Some(HandColours::Swapped), Lang::Zh) => format!("先后手经手动交换；按规则应由 {red}号执红：{rule}"),
            (Some(HandColours::Swapped), Lang::En) => {
                format!("colours swapped by hand; by the rules no. {red} has red: {rule}")
            }
            (Some(HandColours::AgainstRules), Lang::Zh) => {
                format!("本台经手动修改，先后手与规则不同；按规则应由 {red}号执红：{rule}")
            }
            (Some(HandColours::AgainstRules), Lang::En) => {
                format!("changed by hand, against the colour rules; by the rules no. {red} has red: {rule}")
            }
        }
    }
}

impl Localized for ByeWhy {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (ByeWhy::Requested, _) => lang.t("选手申请轮空", "requested by the player").into(),
            (ByeWhy::Absent, _) => lang.t("选手请假缺席", "the player is absent").into(),
            (ByeWhy::FirstRound, _) => lang
                .t("首轮人数为奇数，排序最后的选手轮空", "round 1 with an odd number of players: the last of the order")
                .into(),
            (ByeWhy::Lowest { score, lowest_group, had_bye_below, others_below }, _) => {
                let mut parts = vec![match (lang, lowest_group) {
                    (Lang::Zh, true) => format!("人数为奇数，轮空给最低分组（{score} 分）中排名最后、此前未轮空的选手"),
                    (Lang::Zh, false) => format!("人数为奇数，轮空给排名最后、此前未轮空的选手（{score} 分）"),
                    (Lang::En, true) => format!(
                        "an odd number of players: the bye goes to the lowest-ranked player of the lowest score group \
                         (score {score}) who has not had one"
                    ),
                    (Lang::En, false) => format!(
                        "an odd number of players: the bye goes to the lowest-ranked player who has not had one \
                         (score {score})"
                    ),
                }];
                if !had_bye_below.is_empty() {
                    let who = numbers(had_bye_below, lang);
                    parts.push(match lang {
                        Lang::Zh => format!("排名更低的 {who}此前已轮空或得过弃权胜"),
                        Lang::En => format!("{who}, ranked lower, already had a bye or a forfeit win"),
                    });
                }
                if !others_below.is_empty() {
                    let who = numbers(others_below, lang);
                    let verb = if others_below.len() == 1 { "was" } else { "were" };
                    parts.push(match lang {
                        Lang::Zh => format!(
                            "排名更低的 {who}须留在对阵中，以满足更优先的编排规则（同分对阵、不重复对局、先后手）"
                        ),
                        Lang::En => format!(
                            "{who}, ranked lower, {verb} kept in the pairing for the rules that come first \
                             (equal scores, no rematch, colours)"
                        ),
                    });
                }
                join(parts, lang)
            }
            (ByeWhy::HandEdited { engine: Some(e) }, Lang::Zh) => format!("经编排员手动修改（原编排轮空者为 {e}号）"),
            (ByeWhy::HandEdited { engine: Some(e) }, Lang::En) => {
                format!("changed by hand (the engine gave the bye to no. {e})")
            }
            (ByeWhy::HandEdited { engine: None }, _) => {
                lang.t("经编排员手动修改（原编排无人轮空）", "changed by hand (the engine gave no bye)").into()
            }
            (ByeWhy::RoundRobin, _) => {
                lang.t("循环赛人数为奇数，按贝格尔表本轮轮空", "the Berger table gives this seat the bye").into()
            }
            (ByeWhy::Knockout, _) => lang.t("淘汰赛按种子轮空，直接进入下一轮", "a knockout bye by seeding").into(),
        }
    }
}

impl Localized for ByeExplanation {
    fn message(&self, lang: Lang) -> String {
        self.why.message(lang)
    }
}

/// A pair as `5号（红）对 8号` / `no. 5 (red) v no. 8`, or no board.
fn pair_words(pair: Option<(StartNo, StartNo)>, lang: Lang) -> String {
    match (pair, lang) {
        (Some((r, b)), Lang::Zh) => format!("{r}号（红）对 {b}号"),
        (Some((r, b)), Lang::En) => format!("no. {r} (red) v no. {b}"),
        (None, _) => lang.t("无此台", "no such board").into(),
    }
}

impl Localized for Difference {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (Difference::Pair { board, engine, now }, Lang::Zh) => {
                format!("第{board}台：原编排为 {}，现为 {}", pair_words(*engine, lang), pair_words(*now, lang))
            }
            (Difference::Pair { board, engine, now }, Lang::En) => format!(
                "board {board}: the engine paired {}; now {}",
                pair_words(*engine, lang),
                pair_words(*now, lang)
            ),
            (Difference::Colours { board, engine_red, .. }, Lang::Zh) => {
                format!("第{board}台：先后手已交换（原编排 {engine_red}号执红）")
            }
            (Difference::Colours { board, engine_red, .. }, Lang::En) => {
                format!("board {board}: colours swapped (the engine gave red to no. {engine_red})")
            }
            (Difference::Bye { engine, now }, _) => {
                let who = |players: &Vec<StartNo>| {
                    if players.is_empty() { lang.t("无", "nobody").to_string() } else { numbers(players, lang) }
                };
                match lang {
                    Lang::Zh => format!("轮空：原编排为 {}，现为 {}", who(engine), who(now)),
                    Lang::En => format!("bye: the engine gave it to {}; now {}", who(engine), who(now)),
                }
            }
        }
    }
}

impl Localized for NotCompared {
    fn message(&self, lang: Lang) -> String {
        match self {
            NotCompared::Knockout => lang.t("淘汰赛对阵不与编排结果比较", "knockout pairings are not compared"),
            NotCompared::NoSeed => lang.t(
                "本轮没有记录抽签种子，无法重现编排结果",
                "the round has no recorded seed, so the engine's pairing cannot be made again",
            ),
            NotCompared::EngineFailed => lang.t(
                "按本轮之前的情况已无法重新编排（此后有改动）",
                "the engine can no longer pair the round from the rounds before it (something changed since)",
            ),
        }
        .to_string()
    }
}
