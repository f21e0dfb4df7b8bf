//! The audit log in the director's words (issue 18, item 3): each row of the history as
//! one sentence in the window's language — what changed, before → after, naming players
//! rather than start numbers (`第3轮第20台（张三 – 李四）：1-0 → 0-1（更正）`) — the automatic
//! consequences it had, each a line of its own (`李四 取消资格（弃权超过限度）`), and the
//! before → after of every entity it touched, for the detail under the history's table.
//! An undo or redo row says what it took back or put back (`撤销：…`). Each row also
//! tells which rounds and players it concerns, for the history's filters.
//!
//! The words are built from the row's command and its entities before and after (the
//! audit log's JSON), one family of commands per file: players, play (rounds, results,
//! byes), settings (stages, groups, the event) and money. A row this build cannot read
//! (an older file's) falls back to the command's name ([`action_label`]).

mod deltas;
mod money;
mod play;
mod players;
mod settings;
mod teams;
#[cfg(test)]
mod tests;

use super::change_words::action_label;
use super::consequences::reason_words;
use crate::domain::command::Command;
use crate::domain::event::{Event, Stage, StageStatus};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::player::PlayerStatus;
use crate::lang::Lang;
use crate::store::AuditEntry;
use deltas::Delta;

/// One audit row in words.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RowWords {
    /// What the change did, in one sentence.
    pub headline: String,
    /// What it did besides, by the rules: a player disqualified, a playoff game added,
    /// a stage opened or closed.
    pub consequences: Vec<String>,
    /// Each entity it touched, before → after.
    pub details: Vec<String>,
    /// The rounds it concerns, sorted.
    pub rounds: Vec<RoundNo>,
    /// The players it concerns, sorted.
    pub players: Vec<StartNo>,
}

/// Every row of `log` (oldest first) in words, in the same order. `event` names the
/// players and groups a row names only by number.
pub fn log_words(log: &[AuditEntry], event: &Event, lang: Lang) -> Vec<RowWords> {
    log.iter().map(|entry| row_words(entry, log, event, lang)).collect()
}

/// One row of `log` in words; `log` gives the rows an undo or redo reverts.
pub fn row_words(entry: &AuditEntry, log: &[AuditEntry], event: &Event, lang: Lang) -> RowWords {
    let own = deltas::read(entry);
    let ctx = Ctx { event, lang, deltas: &own };
    let (headline, command) = match reverted(entry, log) {
        Some((undo, original)) => {
            let verb = if undo { lang.t("撤销", "Undo") } else { lang.t("重做", "Redo") };
            let what = match original {
                Some(row) => {
                    let theirs = deltas::read(row);
                    let ctx = Ctx { event, lang, deltas: &theirs };
                    command_of(row).map_or_else(|| action_label(&row.command, lang), |c| headline(&c, &ctx))
                }
                None => action_label(&entry.command, lang),
            };
            (format!("{verb}{}{what}", lang.t("：", ": ")), original.and_then(command_of))
        }
        None => {
            let command = command_of(entry);
            (command.as_ref().map_or_else(|| action_label(&entry.command, lang), |c| headline(c, &ctx)), command)
        }
    };
    let mut rounds: Vec<RoundNo> = own.iter().filter_map(Delta::round).collect();
    let mut players: Vec<StartNo> = own.iter().flat_map(Delta::players).collect();
    if let Some(command) = &command {
        rounds.extend(play::command_round(command));
        players.extend(players::command_players(command));
    }
    rounds.sort();
    rounds.dedup();
    players.sort();
    players.dedup();
    RowWords {
        headline,
        consequences: consequences(command.as_ref(), &ctx),
        details: own.iter().flat_map(|d| details(d, command.as_ref(), &ctx)).collect(),
        rounds,
        players,
    }
}

/// The command of an ordinary row; `None` for undo and redo rows and rows this build
/// cannot read.
fn command_of(entry: &AuditEntry) -> Option<Command> {
    serde_json::from_str(&entry.command).ok()
}

/// For an undo (`true`) or redo (`false`) row, the ordinary row it takes back or puts
/// back, followed through undos of redos (`None` when that row is missing); `None` for
/// an ordinary row.
fn reverted<'a>(entry: &AuditEntry, log: &'a [AuditEntry]) -> Option<(bool, Option<&'a AuditEntry>)> {
    let step = |command: &str| {
        let value: serde_json::Value = serde_json::from_str(command).unwrap_or_default();
        let of = value.get("of").and_then(serde_json::Value::as_i64);
        match value.get("command").and_then(serde_json::Value::as_str) {
            Some("undo") => of.map(|of| (true, of)),
            Some("redo") => of.map(|of| (false, of)),
            _ => None,
        }
    };
    let (undo, mut of) = step(&entry.command)?;
    // An undo of a redo of an undo … is at most as long as the log; 64 is plenty.
    for _ in 0..64 {
        let row = log.iter().find(|e| e.id == of)?;
        match step(&row.command) {
            Some((_, next)) => of = next,
            None => return Some((undo, Some(row))),
        }
    }
    Some((undo, None))
}

/// The sentence of an ordinary command, by family.
fn headline(command: &Command, ctx: &Ctx<'_>) -> String {
    use Command as C;
    match command {
        C::AddPlayers { .. }
        | C::EnterSecondEntries { .. }
        | C::EditPlayer { .. }
        | C::DeletePlayer { .. }
        | C::SetPlayerStatus { .. }
        | C::SetCheckedIn { .. }
        | C::CheckInPlayers { .. }
        | C::RenumberPlayers { .. }
        | C::SetNumbering { .. } => players::headline(command, ctx),
        C::PairRound { .. }
        | C::EditPairing { .. }
        | C::UnpairRound { .. }
        | C::RecordResult { .. }
        | C::AnnounceBye { .. }
        | C::CancelAnnouncedBye { .. }
        | C::DisqualifyForCollusion { .. }
        | C::SetBoardWatch { .. } => play::headline(command, ctx),
        C::SetRoundsPlanned { .. }
        | C::SetStageRules { .. }
        | C::SetStageFormat { .. }
        | C::SetStageSchedule { .. }
        | C::SetStageQualifiers { .. }
        | C::SetKnockoutRules { .. }
        | C::SetStageVideo { .. }
        | C::AdvanceStage { .. }
        | C::SetEventInfo { .. }
        | C::AddGroup { .. }
        | C::SetGroupRules { .. }
        | C::RemoveGroup { .. }
        | C::SetPrizeRules { .. }
        | C::AvoidPair { .. }
        | C::RemoveAvoidedPair { .. }
        | C::FixBoard { .. }
        | C::SetPrizeDecision { .. } => settings::headline(command, ctx),
        C::RecordLedgerEntry { .. } | C::VoidLedgerEntry { .. } => money::headline(command, ctx),
        C::Team { group, change } => teams::headline(*group, change, ctx),
        C::SetEventTeamRanking { ranking } => teams::event_ranking_headline(ranking.as_ref(), ctx),
    }
}

/// One entity's before → after, by kind.
fn details(delta: &Delta, command: Option<&Command>, ctx: &Ctx<'_>) -> Vec<String> {
    match delta {
        Delta::Player { .. } => players::details(delta, command, ctx),
        Delta::Round { .. } | Delta::Board { .. } | Delta::Watch { .. } => play::details(delta, ctx),
        Delta::Stage { .. } | Delta::Group { .. } | Delta::Event { .. } => settings::details(delta, ctx),
        Delta::Ledger { .. } => money::details(delta, ctx),
    }
}

/// What the rules did besides the command: disqualifications (or their lifting),
/// playoff games added or removed, stages opened or closed — except where the command
/// itself is that change (a status set by hand, a collusion finding, a stage advanced).
fn consequences(command: Option<&Command>, ctx: &Ctx<'_>) -> Vec<String> {
    let by_hand_status =
        matches!(command, Some(Command::SetPlayerStatus { .. } | Command::DisqualifyForCollusion { .. }));
    let by_hand_stage = matches!(command, Some(Command::AdvanceStage { .. }));
    let mut found = Vec::new();
    for delta in ctx.deltas {
        match delta {
            Delta::Player { before: Some(b), after: Some(a), .. } if !by_hand_status && b.status != a.status => {
                let name = &a.entry.name;
                match (b.status, a.status) {
                    (_, PlayerStatus::Disqualified) => found.push(match ctx.lang {
                        Lang::Zh => format!("{name} 取消资格（{}）", reason_words(&a.status_reason, ctx.lang)),
                        Lang::En => format!("{name} disqualified ({})", reason_words(&a.status_reason, ctx.lang)),
                    }),
                    (PlayerStatus::Disqualified, _) => {
                        found.push(format!("{name} {}", ctx.t("恢复参赛资格", "reinstated")));
                    }
                    _ => {}
                }
            }
            Delta::Board { .. } => found.extend(play::playoff_changes(delta, ctx)),
            Delta::Stage { before, after: Some(after), .. } if !by_hand_stage && before.status != after.status => {
                found.push(stage_status_change(after, before.status, ctx));
            }
            _ => {}
        }
    }
    found
}

/// `「淘汰赛」开始` and the like.
fn stage_status_change(stage: &Stage, was: StageStatus, ctx: &Ctx<'_>) -> String {
    let (zh, en) = match (was, stage.status) {
        (StageStatus::Pending, StageStatus::Open) => ("开始", "opened"),
        (_, StageStatus::Closed) => ("结束", "closed"),
        (StageStatus::Closed, StageStatus::Open) => ("重新开放", "reopened"),
        (_, StageStatus::Pending) => ("回到未开始", "back to pending"),
        _ => ("状态已改变", "status changed"),
    };
    format!("{} {}", ctx.quoted(&stage.name), ctx.t(zh, en))
}

/// What a row's words are built from: the event (for names), the language and the
/// row's entities before and after.
pub(crate) struct Ctx<'a> {
    event: &'a Event,
    lang: Lang,
    deltas: &'a [Delta],
}

impl Ctx<'_> {
    fn t<'s>(&self, zh: &'s str, en: &'s str) -> &'s str {
        self.lang.t(zh, en)
    }

    /// `：` or `: `.
    fn colon(&self) -> &'static str {
        self.lang.t("：", ": ")
    }

    /// `（text）` or ` (text)`.
    fn paren(&self, text: &str) -> String {
        match self.lang {
            Lang::Zh => format!("（{text}）"),
            Lang::En => format!(" ({text})"),
        }
    }

    /// Several changes in one line: `；` or `; `.
    fn list(&self, items: &[String]) -> String {
        items.join(self.t("；", "; "))
    }

    /// `「name」` or `“name”`.
    fn quoted(&self, name: &str) -> String {
        match self.lang {
            Lang::Zh => format!("「{name}」"),
            Lang::En => format!("“{name}”"),
        }
    }

    /// The player's name: as this row saw it, else as the event has it now, else the
    /// start number (`41号`).
    fn name(&self, no: StartNo) -> String {
        let seen = self.deltas.iter().find_map(|d| match d {
            Delta::Player { start_no, before, after } if *start_no == no => {
                after.as_ref().or(before.as_ref()).map(|p| p.entry.name.clone())
            }
            _ => None,
        });
        seen.or_else(|| self.event.player(no).map(|p| p.entry.name.clone())).unwrap_or_else(|| self.number(no))
    }

    /// `41号` or `no. 41`.
    fn number(&self, no: StartNo) -> String {
        match self.lang {
            Lang::Zh => format!("{no}号"),
            Lang::En => format!("no. {no}"),
        }
    }

    /// `张三（编号 41）` or `张三 (no. 41)`.
    fn player(&self, start_no: StartNo) -> String {
        // The number shown for the player now.
        let no = self.event.shown_no(start_no);
        let number = match self.lang {
            Lang::Zh => format!("编号 {no}"),
            Lang::En => format!("no. {no}"),
        };
        format!("{}{}", self.name(start_no), self.paren(&number))
    }

    /// The group's name as the event has it now (as the row saw it for a group since
    /// removed), else its number.
    fn group_name(&self, group: GroupId) -> String {
        let seen = self.deltas.iter().find_map(|d| match d {
            Delta::Group { group: g, before, after } if *g == group => {
                after.as_ref().or(before.as_ref()).map(|g| g.name.clone())
            }
            _ => None,
        });
        self.event.group(group).map(|g| g.name.clone()).or(seen).unwrap_or_else(|| group.to_string())
    }

    /// The stage's name, quoted.
    fn stage_name(&self, group: GroupId, stage: StageNo) -> String {
        let name = self.event.group(group).and_then(|g| g.stage(stage)).map(|s| s.name.clone());
        self.quoted(&name.unwrap_or_else(|| stage.to_string()))
    }

    /// What a round or board needs besides its number to be unambiguous: the group in
    /// an event of several, the stage in a group of several (`成人组 · 淘汰赛 · `).
    fn place(&self, group: GroupId, stage: StageNo) -> String {
        let mut place = String::new();
        if self.event.groups.len() > 1 {
            place.push_str(&format!("{} · ", self.group_name(group)));
        }
        if let Some(s) = self.event.group(group).filter(|g| g.stages.len() > 1).and_then(|g| g.stage(stage)) {
            place.push_str(&format!("{} · ", s.name));
        }
        place
    }

    /// `第3轮` or `Round 3` (`round 3` inside a sentence: `capital` false).
    fn round(&self, round: RoundNo, capital: bool) -> String {
        match (self.lang, capital) {
            (Lang::Zh, _) => format!("第{round}轮"),
            (Lang::En, true) => format!("Round {round}"),
            (Lang::En, false) => format!("round {round}"),
        }
    }

    /// A count with its noun: `48台` / `48 boards`.
    fn count(&self, n: usize, zh: &str, en_one: &str, en_many: &str) -> String {
        match (self.lang, n) {
            (Lang::Zh, _) => format!("{n}{zh}"),
            (Lang::En, 1) => format!("1 {en_one}"),
            (Lang::En, _) => format!("{n} {en_many}"),
        }
    }

    /// `before → after`.
    fn arrow(before: impl std::fmt::Display, after: impl std::fmt::Display) -> String {
        format!("{before} → {after}")
    }
}
