//! [`DomainError`] and [`EntryProblem`] in the director's words, in both languages
//! (issue 18): whole sentences, ids as plain numbers (`第3轮`, `5号` / `round 3`,
//! `no. 5`), groups by their names (`“成人组”` / `group “成人组”`, issue 38 item 14). Nested issues speak for themselves: entry rules
//! and pairing warnings through their own [`Localized`], group, prize and stage
//! settings through their `describe`. The English `Display` stays the log text.

use super::change::{DomainError, EntryProblem};
use crate::lang::{Lang, Localized};

impl Localized for DomainError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => zh(self),
            Lang::En => en(self),
        }
    }
}

/// The items, each in `lang`, joined as a list.
fn joined<T: Localized>(items: &[T], lang: Lang) -> String {
    let parts: Vec<String> = items.iter().map(|i| i.message(lang)).collect();
    parts.join(lang.t("；", "; "))
}

/// `1 game`, `3 games`.
fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

/// A refusal in Chinese.
fn zh(e: &DomainError) -> String {
    use DomainError as E;
    const ZH: Lang = Lang::Zh;
    match e {
        E::Ineligible { name, issues } if issues.is_empty() => format!("{name}不符合本组报名条件。"),
        E::Ineligible { name, issues } => format!("{name}不符合本组报名条件：{}。", joined(issues, ZH)),
        E::InvalidEntry(problem) => problem.message(ZH),
        E::NeedsConfirmation(warnings) => {
            format!("此修改违反编排规则，须确认后才能保存：{}。", joined(warnings, ZH))
        }
        E::GroupRules(issue) => issue.describe(ZH),
        E::PrizeRules(issue) => issue.describe(ZH),
        E::PrizeDecision { start_no, issue } => format!("{start_no}号选手：{}", issue.describe(ZH)),
        E::StageSetting { stage, issue } => format!("第{stage}阶段：{}", issue.describe(ZH)),
        E::UnknownGroup(g) => format!("找不到组别 {g}。"),
        E::UnknownStage { group, stage } => format!("组别“{group}”没有第{stage}阶段。"),
        E::UnknownPlayer(p) => format!("没有编号为 {p} 的选手。"),
        E::UnknownRound(r) => format!("第{r}轮尚未编排。"),
        E::UnknownGame { round, board, game: 1 } => format!("第{round}轮没有第{board}台。"),
        E::UnknownGame { round, board, game } => format!("第{round}轮第{board}台没有第{game}局。"),
        E::StageNotOpen(s) => format!("第{s}阶段不在进行中（尚未开始或已经结束）。"),
        E::RoundOutOfOrder { expected, got } => format!("下一轮应编排第{expected}轮，而不是第{got}轮。"),
        E::RoundIncomplete { round, missing } => format!("第{round}轮还有{missing}盘棋没有成绩。"),
        E::AllRoundsPaired(n) => format!("计划的{n}轮已全部编排。"),
        E::PlaysHimself(p) => format!("编排有误：{p}号选手不能与自己对局。"),
        E::NotInStage(p) => format!("编排有误：{p}号选手不在本阶段。"),
        E::AppearsTwice(p) => format!("编排有误：{p}号选手出现了两次。"),
        E::NewRoundHasResults => "编排有误：新编排的一轮不能带有成绩。".into(),
        E::PairingByeAnnounced => "编排时产生的轮空不能事先登记，只能登记请假或申请的轮空。".into(),
        E::RoundAlreadyPaired(r) => format!("第{r}轮已经编排。"),
        E::RoundHasResults(r) => format!("第{r}轮已有成绩，请先清除成绩。"),
        E::NotLastRound(r) => format!("只能取消最后一轮（第{r}轮）的编排。"),
        E::EditNotLastRound(r) => format!("只能修改最后一轮（第{r}轮）的对阵。"),
        E::EditRoundHasResults(r) => format!("第{r}轮已有成绩，对阵不能再修改；请先清除成绩。"),
        E::StageClosed(s) => format!("第{s}阶段已经结束，选手已转入下一阶段，不能再修改。"),
        E::StageUnfinished { stage, played, planned: Some(planned) } => {
            format!("第{stage}阶段计划{planned}轮，目前只进行了{played}轮。")
        }
        E::StageUnfinished { stage, played, planned: None } => {
            format!("第{stage}阶段已进行{played}轮，还没有设定总轮数。")
        }
        E::NotInRound { player, round } => format!("{player}号选手不在第{round}轮。"),
        E::UnknownBoard { round, board } => format!("第{round}轮没有第{board}台。"),
        E::AlreadyHasBye(p) => format!("{p}号选手已经轮空。"),
        E::MatchHasResults { round, board } => {
            format!("第{round}轮第{board}台已有对局成绩，先后手不能再交换。")
        }
        E::NotVideoStage(s) => format!("第{s}阶段不是视频赛阶段，不记录对局时间和挂盘手。"),
        E::GameTimeOutsideHours(t) => {
            format!("对局时间 {t} 不在规定的 08:00 至 22:00 之间。")
        }
        E::WatcherNotOfficial(name) => format!("“{name}”不是本赛事的裁判人员，请先在「赛事」中登记。"),
        E::RoundsBelowPaired { paired } => format!("已经编排了{paired}轮，总轮数不能少于{paired}轮。"),
        E::GroupHasPlayers { group, players } => {
            format!("组别“{group}”有{players}名选手，请先删除这些选手或把他们移到其他组别。")
        }
        E::GroupHasRounds(g) => format!("组别“{g}”已有编排的轮次，不能删除。"),
        E::LastGroup => "赛事至少要保留一个组别，唯一的组别不能删除。".into(),
        E::ScheduleRoundZero => "没有第0轮，轮次从1开始。".into(),
        E::ScheduledTwice(r) => format!("第{r}轮的时间安排填了两次。"),
        E::TooManyNominees { given, allowed } => format!("提名了{given}人，本阶段最多接受{allowed}人。"),
        E::NomineeNotInGroup(p) => format!("被提名的{p}号选手不在本组别。"),
        E::NomineeQualifies(p) => format!("{p}号选手已凭名次晋级，不必再提名。"),
        E::UnknownLedgerEntry(id) => format!("没有第{id}条账目。"),
        E::PlayerHasHistory(p) => {
            format!("{p}号选手已参加编排、晋级或有账目记录，不能删除；请改为退赛。")
        }
        E::LedgerEntryVoid(id) => format!("第{id}条账目已经作废。"),
        E::RenumberAfterPairing(g) => {
            format!("组别“{g}”已经开赛；只有在第一阶段第1轮编排之前才能重新编号。")
        }
        E::NotInGroup { player, group } => format!("{player}号选手不在组别“{group}”。"),
        E::AvoidSelf(p) => format!("{p}号选手不能与自己回避。"),
        E::PlayerNotActive(p) => format!("{p}号选手已退赛或被取消资格，不能安排轮空或请假。"),
        E::NotAvoided { a, b } => format!("{a}号与{b}号不是回避对。"),
        E::BoardOutOfRange(board) => format!("台次 {board} 超出范围（1–9999，0 表示取消固定）。"),
        E::FoulsOutOfRange(fouls) => {
            format!("一方在一局中最多犯规 {} 次，不能记 {fouls} 次。", crate::domain::model::result::MAX_FOULS)
        }
        E::Team(issue) => issue.message(ZH),
    }
}

/// A refusal in English.
fn en(e: &DomainError) -> String {
    use DomainError as E;
    const EN: Lang = Lang::En;
    match e {
        E::Ineligible { name, issues } if issues.is_empty() => format!("{name} cannot enter this group."),
        E::Ineligible { name, issues } => format!("{name} cannot enter this group: {}.", joined(issues, EN)),
        E::InvalidEntry(problem) => problem.message(EN),
        E::NeedsConfirmation(warnings) => {
            format!("The edit breaks pairing rules and is kept only when confirmed: {}.", joined(warnings, EN))
        }
        E::GroupRules(issue) => issue.describe(EN),
        E::PrizeRules(issue) => issue.describe(EN),
        E::PrizeDecision { start_no, issue } => format!("No. {start_no}: {}", issue.describe(EN)),
        E::StageSetting { stage, issue } => format!("Stage {stage}: {}", issue.describe(EN)),
        E::UnknownGroup(g) => format!("There is no group {g}."),
        E::UnknownStage { group, stage } => format!("Group “{group}” has no stage {stage}."),
        E::UnknownPlayer(p) => format!("There is no player no. {p}."),
        E::UnknownRound(r) => format!("Round {r} has not been paired."),
        E::UnknownGame { round, board, game: 1 } => format!("Round {round} has no board {board}."),
        E::UnknownGame { round, board, game } => format!("Round {round} board {board} has no game {game}."),
        E::StageNotOpen(s) => format!("Stage {s} is not being played (it has not started or is closed)."),
        E::RoundOutOfOrder { expected, got } => format!("The next round to pair is round {expected}, not {got}."),
        E::RoundIncomplete { round, missing } => {
            format!("Round {round} still has {} without a result.", count(*missing as u64, "game", "games"))
        }
        E::AllRoundsPaired(n) => format!("All {} have been paired.", count(*n, "planned round", "planned rounds")),
        E::PlaysHimself(p) => format!("Invalid pairing: no. {p} cannot play against themselves."),
        E::NotInStage(p) => format!("Invalid pairing: no. {p} is not in this stage."),
        E::AppearsTwice(p) => format!("Invalid pairing: no. {p} appears twice."),
        E::NewRoundHasResults => "Invalid pairing: a new round cannot come with results.".into(),
        E::PairingByeAnnounced => {
            "A bye given by the pairing cannot be announced; only absences and requested byes can.".into()
        }
        E::RoundAlreadyPaired(r) => format!("Round {r} is already paired."),
        E::RoundHasResults(r) => format!("Round {r} has results; clear them first."),
        E::NotLastRound(r) => format!("Only the last round (round {r}) can be unpaired."),
        E::EditNotLastRound(r) => format!("Only the pairing of the last round (round {r}) can be edited."),
        E::EditRoundHasResults(r) => {
            format!("Round {r} has results; its pairing can no longer be edited (clear the results first).")
        }
        E::StageClosed(s) => format!("Stage {s} is closed; its players have moved on and it can no longer change."),
        E::StageUnfinished { stage, played, planned: Some(planned) } => {
            format!("Stage {stage} has played {played} of {planned} rounds.")
        }
        E::StageUnfinished { stage, played, planned: None } => format!(
            "Stage {stage} has played {} and its number of rounds is not set.",
            count(*played, "round", "rounds")
        ),
        E::NotInRound { player, round } => format!("No. {player} is not in round {round}."),
        E::UnknownBoard { round, board } => format!("Round {round} has no board {board}."),
        E::AlreadyHasBye(p) => format!("No. {p} already has the bye."),
        E::MatchHasResults { round, board } => {
            format!("Round {round} board {board} has results; its colours can no longer be swapped.")
        }
        E::NotVideoStage(s) => {
            format!("Stage {s} is not a video stage; game times and watching officials are not recorded.")
        }
        E::GameTimeOutsideHours(t) => format!("The game time {t} is outside the allowed hours, 08:00 to 22:00."),
        E::WatcherNotOfficial(name) => {
            format!("“{name}” is not an official of the event; add them under Event first.")
        }
        E::RoundsBelowPaired { paired } => format!(
            "{} already paired; the number of rounds cannot be lower.",
            count(*paired, "round is", "rounds are")
        ),
        E::GroupHasPlayers { group, players } => format!(
            "Group “{group}” has {}; delete them or move them to another group first.",
            count(*players as u64, "player", "players")
        ),
        E::GroupHasRounds(g) => format!("Group “{g}” has paired rounds and cannot be removed."),
        E::LastGroup => "The event keeps at least one group; its only group cannot be removed.".into(),
        E::ScheduleRoundZero => "There is no round 0; rounds count from 1.".into(),
        E::ScheduledTwice(r) => format!("Round {r} is scheduled twice."),
        E::TooManyNominees { given, allowed } => {
            format!("{} given; the stage admits {allowed}.", count(*given as u64, "nominee", "nominees"))
        }
        E::NomineeNotInGroup(p) => format!("Nominee no. {p} is not in this group."),
        E::NomineeQualifies(p) => format!("No. {p} qualifies by rank already and needs no nomination."),
        E::UnknownLedgerEntry(id) => format!("There is no ledger entry {id}."),
        E::PlayerHasHistory(p) => format!(
            "No. {p} has been paired, has qualified or has ledger entries and cannot be deleted; \
             withdraw the player instead."
        ),
        E::LedgerEntryVoid(id) => format!("Ledger entry {id} is void already."),
        E::RenumberAfterPairing(g) => format!(
            "Group “{g}” has begun play; start numbers can be given anew only before round 1 of the first \
             stage is paired."
        ),
        E::NotInGroup { player, group } => format!("No. {player} is not in group “{group}”."),
        E::AvoidSelf(p) => format!("No. {p} cannot avoid himself."),
        E::PlayerNotActive(p) => format!("No. {p} has withdrawn or been disqualified and gets no bye or absence."),
        E::NotAvoided { a, b } => format!("Nos. {a} and {b} are not an avoided pair."),
        E::BoardOutOfRange(board) => format!("Board {board} is out of range (1-9999; 0 frees the player)."),
        E::FoulsOutOfRange(fouls) => {
            format!("A side has at most {} fouls in one game, not {fouls}.", crate::domain::model::result::MAX_FOULS)
        }
        E::Team(issue) => issue.message(Lang::En),
    }
}

impl Localized for EntryProblem {
    fn message(&self, lang: Lang) -> String {
        use EntryProblem as P;
        match (self, lang) {
            (P::PlayerNameMissing, _) => lang.t("请填写选手姓名。", "A player needs a name.").into(),
            (P::EventNameMissing, _) => lang.t("请填写赛事名称。", "The event needs a name.").into(),
            (P::OfficialNameMissing { role }, Lang::Zh) if role.trim().is_empty() => "有一位裁判没有填写姓名。".into(),
            (P::OfficialNameMissing { role }, Lang::Zh) => format!("“{}”没有填写姓名。", role.trim()),
            (P::OfficialNameMissing { role }, Lang::En) if role.trim().is_empty() => "An official has no name.".into(),
            (P::OfficialNameMissing { role }, Lang::En) => format!("The official “{}” has no name.", role.trim()),
            (P::FineWithoutRound { start_no, name }, Lang::Zh) => {
                format!("{start_no}号 {name}：缴纳或免除罚款须注明弃权的轮次。")
            }
            (P::FineWithoutRound { start_no, name }, Lang::En) => {
                format!("No. {start_no} {name}: a fine payment or excuse names the forfeited round.")
            }
            (P::RoundNotExpected { start_no, name, kind }, Lang::Zh) => {
                format!("{start_no}号 {name}：“{}”不注明轮次。", kind.label_zh())
            }
            (P::RoundNotExpected { start_no, name, kind }, Lang::En) => {
                format!("No. {start_no} {name}: “{}” names no round.", kind.label_en())
            }
            (P::NoFine { start_no, name, round }, Lang::Zh) => {
                format!("{start_no}号 {name} 在第{}阶段第{}轮没有弃权罚款。", round.stage, round.round)
            }
            (P::NoFine { start_no, name, round }, Lang::En) => {
                format!("No. {start_no} {name} has no forfeit fine in stage {} round {}.", round.stage, round.round)
            }
            (P::FineAlreadyExcused { start_no, name, round }, Lang::Zh) => {
                format!("{start_no}号 {name} 第{}阶段第{}轮的罚款已经免除。", round.stage, round.round)
            }
            (P::FineAlreadyExcused { start_no, name, round }, Lang::En) => format!(
                "No. {start_no} {name}: the fine of stage {} round {} is excused already.",
                round.stage, round.round
            ),
            (P::AmountNotPositive { start_no, name }, Lang::Zh) => format!("{start_no}号 {name}：金额必须大于 0。"),
            (P::AmountNotPositive { start_no, name }, Lang::En) => {
                format!("No. {start_no} {name}: the amount must be more than 0.")
            }
            (P::AmountTooLarge { start_no, name, max_fen }, Lang::Zh) => {
                format!("{start_no}号 {name}：金额不能超过 {} 元。", max_fen / 100)
            }
            (P::AmountTooLarge { start_no, name, max_fen }, Lang::En) => {
                format!("No. {start_no} {name}: the amount cannot be more than {} yuan.", max_fen / 100)
            }
            (P::FieldTooLong { field, chars, max }, Lang::Zh) => {
                format!("{}最多 {max} 个字，这里有 {chars} 个。", entry_field(field, lang))
            }
            (P::FieldTooLong { field, chars, max }, Lang::En) => {
                format!("{}: at most {max} characters, not {chars}.", entry_field(field, lang))
            }
            (P::BornInFuture { born, day }, Lang::Zh) => {
                format!("出生日期 {born} 晚于报名日期 {day}，请检查出生日期。")
            }
            (P::BornInFuture { born, day }, Lang::En) => {
                format!("The birth date {born} is after the day of the entry, {day}; check the birth date.")
            }
            (P::RatingOutOfRange(r), Lang::Zh) => {
                format!("等级分 {r} 超出范围（0–{}）。", crate::domain::model::player::MAX_RATING)
            }
            (P::RatingOutOfRange(r), Lang::En) => {
                format!("The rating {r} is out of range (0-{}).", crate::domain::model::player::MAX_RATING)
            }
        }
    }
}

/// A player's field named in `lang`; a note's column as the roster named it.
fn entry_field(field: &str, lang: Lang) -> String {
    match field {
        "name" => lang.t("姓名", "The name").to_string(),
        "club" => lang.t("单位", "The club").to_string(),
        "phone" => lang.t("电话", "The phone number").to_string(),
        "event name" => lang.t("赛事名称", "The event name").to_string(),
        "official" => lang.t("裁判人员的职务或姓名", "An official's role or name").to_string(),
        "time control" => lang.t("用时规定", "The time control").to_string(),
        "start time" => lang.t("开赛时间", "A start time").to_string(),
        "reason" => lang.t("理由", "The reason").to_string(),
        "note" => lang.t("备注", "The note").to_string(),
        "watcher" => lang.t("监看人", "The watcher's name").to_string(),
        "left_out" => lang.t("未录入者的姓名", "The name of a player left out").to_string(),
        "prize" => lang.t("奖项名称", "A prize's label").to_string(),
        other => match lang {
            Lang::Zh => format!("“{other}”"),
            Lang::En => format!("The column “{other}”"),
        },
    }
}
