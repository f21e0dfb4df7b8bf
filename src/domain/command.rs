//! Every change to an event is a [`Command`], applied in one place by [`apply`], which
//! validates it and returns what changed ([`Applied`]) so that the store can save the
//! change with its audit row in one transaction.

use super::eligibility::EligibilityIssue;
use super::event::{
    ByeKind, Event, Official, PlannedBye, Round, RoundSchedule, Stage, StageKind, StageStatus, stage_entrants,
};
use super::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use super::ledger::{LedgerEntry, LedgerId, LedgerKind, RoundRef};
use super::player::{Player, PlayerEntry, PlayerStatus};
use super::result::GameResult;
use super::rules::{PairingOptions, ScoringTable, Tiebreak};
use super::swiss::{PairingEdit, PairingWarning, check_round, edited};
use super::{discipline, ledger};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use thiserror::Error;

/// A change a director asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Register players into a group, all or none (one player or a whole roster).
    /// `override_reason` accepts entries that break the group's rules.
    AddPlayers {
        /// The group they enter.
        group: GroupId,
        /// What was typed or imported.
        entries: Vec<PlayerEntry>,
        /// The director's reason for accepting ineligible entries.
        override_reason: Option<String>,
    },
    /// Correct a player's personal data.
    EditPlayer {
        /// The player.
        start_no: StartNo,
        /// The new data.
        entry: PlayerEntry,
    },
    /// Withdraw, disqualify or reinstate a player.
    SetPlayerStatus {
        /// The player.
        start_no: StartNo,
        /// The new status.
        status: PlayerStatus,
        /// Why.
        reason: String,
    },
    /// Decide the number of rounds of a stage.
    SetRoundsPlanned {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// Rounds to play.
        rounds: u32,
    },
    /// Change a stage's scoring table, tiebreak order and pairing options.
    SetStageRules {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// Points per result.
        scoring: ScoringTable,
        /// Tiebreaks in order.
        tiebreaks: Vec<Tiebreak>,
        /// Pairing options.
        pairing: PairingOptions,
    },
    /// Choose a stage's format before its first round: Swiss or round robin.
    SetStageFormat {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// Swiss or round robin (knockouts are set up by their own stage).
        kind: StageKind,
        /// Two cycles for a round robin.
        double: bool,
    },
    /// Set a stage's time control and round start times.
    SetStageSchedule {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// Time control as printed on sheets.
        time_control: String,
        /// Start times and monitored boards, one entry per round at most.
        schedule: Vec<RoundSchedule>,
    },
    /// Set the event's title, first day and officials.
    SetEventInfo {
        /// The event's title; not empty.
        name: String,
        /// First day of play (the reference date for ages).
        start_date: Option<Date>,
        /// Officials in printing order; each needs a name.
        officials: Vec<Official>,
    },
    /// Close a stage and qualify players into the next: the top `qualifiers` of
    /// the closed stage's final standings who are still active, then the nominees; the
    /// new stage's seeding is that order.
    AdvanceStage {
        /// The group.
        group: GroupId,
        /// The stage to close.
        stage: StageNo,
        /// Sponsors' nominees added after the qualifiers, in this order.
        nominees: Vec<StartNo>,
    },
    /// Announce a bye or an absence for a round not yet paired.
    AnnounceBye {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round and the bye.
        planned: PlannedBye,
    },
    /// Take back an announced bye.
    CancelAnnouncedBye {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The player.
        player: StartNo,
    },
    /// Add the next round's pairing, as produced by the pairing engine or by hand.
    PairRound {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round with its games and byes, no results yet.
        round: Round,
    },
    /// Edit the last round's pairing by hand. An edit that breaks an absolute
    /// rule needs `confirmed`; the warnings are kept with the round.
    EditPairing {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round, which must be the last and have no results.
        round: RoundNo,
        /// The edit.
        edit: PairingEdit,
        /// The director accepts the broken absolute rules.
        confirmed: bool,
    },
    /// Remove the last round's pairing while no result is recorded in it.
    UnpairRound {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round, which must be the last.
        round: RoundNo,
    },
    /// Record, correct or clear (`None`) a game's result.
    RecordResult {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The game of the match (1 in Swiss).
        game: u32,
        /// The result, or `None` to clear it.
        result: Option<GameResult>,
    },
    /// Record a payment, a prize payout or an excused forfeit fine.
    RecordLedgerEntry {
        /// Whose account.
        start_no: StartNo,
        /// What it is.
        kind: LedgerKind,
        /// Amount in fen; for an excused fine, ignored (the whole fine is excused).
        amount_fen: i64,
        /// The forfeited round, for a fine payment or excuse.
        round: Option<RoundRef>,
        /// Receipt, payment channel, reason …
        note: String,
    },
    /// Void a ledger entry recorded by mistake (it stays in the books, struck out).
    VoidLedgerEntry {
        /// The entry.
        id: LedgerId,
    },
    /// Mark a player as checked in (签到) at the desk, or not.
    SetCheckedIn {
        /// The player.
        start_no: StartNo,
        /// Present or not.
        checked_in: bool,
    },
    /// Collusion (假棋/人情棋, R-4.4, seed 000 附二 B): both players of the game are
    /// disqualified.
    DisqualifyForCollusion {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// What the arbiters found.
        reason: String,
    },
}

/// One entity a command changed, with its value before the change (for audit and undo).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entity", rename_all = "snake_case")]
pub enum Change {
    /// A player was added (`before` is `None`) or changed.
    Player {
        /// Which player.
        start_no: StartNo,
        /// The player before the change.
        before: Option<Box<Player>>,
    },
    /// A stage's settings changed (rounds are saved separately).
    StageSettings {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The stage before the change, without its rounds.
        before: Box<Stage>,
    },
    /// A round was added, changed or removed.
    Round {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The round before the change; `None` if it is new.
        before: Option<Box<Round>>,
    },
    /// The event's title, first day or officials changed.
    EventInfo {
        /// The values before the change.
        before: Box<EventInfo>,
    },
    /// A ledger entry was recorded (`before` is `None`) or voided.
    LedgerEntry {
        /// The entry.
        id: LedgerId,
        /// The entry before the change; `None` if it is new.
        before: Option<Box<LedgerEntry>>,
    },
}

/// The event-level fields that [`Command::SetEventInfo`] changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventInfo {
    /// The event's title.
    pub name: String,
    /// First day of play.
    pub start_date: Option<Date>,
    /// Officials in printing order.
    pub officials: Vec<Official>,
}

impl EventInfo {
    /// The event's current title, first day and officials.
    pub fn of(event: &Event) -> EventInfo {
        EventInfo { name: event.name.clone(), start_date: event.start_date, officials: event.officials.clone() }
    }
}

/// What [`apply`] changed, for the store and the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Applied {
    /// The entities changed, in a deterministic order.
    pub changes: Vec<Change>,
    /// Start numbers given to newly added players.
    pub new_players: Vec<StartNo>,
}

/// Why a command was refused. Nothing was changed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum DomainError {
    /// No such group.
    #[error("no group {0}")]
    UnknownGroup(GroupId),
    /// No such stage in the group.
    #[error("group {group} has no stage {stage}")]
    UnknownStage { group: GroupId, stage: StageNo },
    /// No such player.
    #[error("no player with start number {0}")]
    UnknownPlayer(StartNo),
    /// No such round.
    #[error("round {0} has not been paired")]
    UnknownRound(RoundNo),
    /// No such board or game in the round.
    #[error("round {round} has no board {board} game {game}")]
    UnknownGame { round: RoundNo, board: BoardNo, game: u32 },
    /// An entry breaks the group's rules and no override reason was given.
    #[error("{name}: not eligible: {}", join_issues(.issues))]
    Ineligible { name: String, issues: Vec<EligibilityIssue> },
    /// A field of an entry is unusable.
    #[error("{name}: {field}: {message}")]
    InvalidEntry { name: String, field: &'static str, message: String },
    /// The stage is not open for play.
    #[error("stage {0} is not open")]
    StageNotOpen(StageNo),
    /// A round may only follow the last one.
    #[error("the next round to pair is {expected}, not {got}")]
    RoundOutOfOrder { expected: RoundNo, got: RoundNo },
    /// Results are missing in the previous round.
    #[error("round {round} still has {missing} game(s) without a result")]
    RoundIncomplete { round: RoundNo, missing: usize },
    /// Every planned round has been paired.
    #[error("all {0} planned rounds have been paired")]
    AllRoundsPaired(u32),
    /// A pairing names a player twice or a player outside the stage.
    #[error("invalid pairing: {0}")]
    InvalidPairing(String),
    /// A round with results cannot be unpaired.
    #[error("round {0} has results; clear them first")]
    RoundHasResults(RoundNo),
    /// Only the last round can be unpaired.
    #[error("only the last round ({0}) can be unpaired")]
    NotLastRound(RoundNo),
    /// The stage is closed and frozen.
    #[error("stage {0} is closed; its players have been handed on and it can no longer change")]
    StageClosed(StageNo),
    /// A stage cannot close before its rounds are played.
    #[error("stage {stage} has played {played} of {} rounds", planned.map_or("?".to_string(), |p| p.to_string()))]
    StageUnfinished { stage: StageNo, played: u32, planned: Option<u32> },
    /// A hand edit breaks absolute rules and was not confirmed.
    #[error("the edit breaks absolute rules; confirm to keep it: {}", join_warnings(.0))]
    NeedsConfirmation(Vec<PairingWarning>),
    /// A hand edit that does not fit the round.
    #[error("{0}")]
    InvalidEdit(String),
    /// The stage's rounds cannot be set below those already paired.
    #[error("{paired} rounds are already paired")]
    RoundsBelowPaired { paired: u32 },
}

fn join_warnings(warnings: &[PairingWarning]) -> String {
    warnings.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

fn edit_pairing(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    round_no: RoundNo,
    edit: PairingEdit,
    confirmed: bool,
) -> Result<Applied, DomainError> {
    let stage = event
        .group(group)
        .and_then(|g| g.stage(stage_no))
        .ok_or(DomainError::UnknownStage { group, stage: stage_no })?;
    let last = stage.rounds.last().ok_or(DomainError::UnknownRound(round_no))?;
    if last.no != round_no {
        return Err(DomainError::NotLastRound(last.no));
    }
    if last.games.iter().any(|g| g.result.is_some()) {
        return Err(DomainError::RoundHasResults(round_no));
    }
    let mut next = edited(last, edit).map_err(DomainError::InvalidEdit)?;
    // The Swiss rules do not apply to a knockout match's colours.
    let warnings = if stage.kind == StageKind::Knockout { Vec::new() } else { check_round(event, group, stage, &next) };
    let new_absolute: Vec<PairingWarning> =
        warnings.iter().filter(|w| w.is_absolute() && !last.warnings.contains(w)).cloned().collect();
    if !new_absolute.is_empty() && !confirmed {
        return Err(DomainError::NeedsConfirmation(new_absolute));
    }
    next.warnings = warnings;
    let before = Box::new(last.clone());
    let st = stage_mut(event, group, stage_no)?;
    if let Some(r) = st.rounds.last_mut() {
        *r = next;
    }
    Ok(Applied {
        changes: vec![Change::Round { group, stage: stage_no, round: round_no, before: Some(before) }],
        new_players: vec![],
    })
}

fn join_issues(issues: &[EligibilityIssue]) -> String {
    issues.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// Applies a command to the event, or refuses it leaving the event unchanged.
///
/// # Errors
/// A [`DomainError`] saying which rule the command breaks.
pub fn apply(event: &mut Event, command: &Command) -> Result<Applied, DomainError> {
    refuse_frozen(event, command)?;
    match command {
        Command::AddPlayers { group, entries, override_reason } => {
            add_players(event, *group, entries, override_reason.as_deref())
        }
        Command::EditPlayer { start_no, entry } => {
            validate_entry(entry)?;
            let player = player_mut(event, *start_no)?;
            let before = Box::new(player.clone());
            player.entry = entry.clone();
            Ok(player_changed(*start_no, before))
        }
        Command::SetPlayerStatus { start_no, status, reason } => {
            let player = player_mut(event, *start_no)?;
            let before = Box::new(player.clone());
            player.status = *status;
            player.status_reason = reason.clone();
            Ok(player_changed(*start_no, before))
        }
        Command::SetRoundsPlanned { group, stage, rounds } => {
            let st = stage_mut(event, *group, *stage)?;
            let paired = st.rounds.len() as u32;
            if *rounds < paired {
                return Err(DomainError::RoundsBelowPaired { paired });
            }
            let before = Box::new(settings_only(st));
            st.rounds_planned = Some(*rounds);
            Ok(stage_changed(*group, *stage, before))
        }
        Command::SetStageRules { group, stage, scoring, tiebreaks, pairing } => {
            let st = stage_mut(event, *group, *stage)?;
            let before = Box::new(settings_only(st));
            st.scoring = scoring.clone();
            st.tiebreaks = tiebreaks.clone();
            st.pairing = pairing.clone();
            Ok(stage_changed(*group, *stage, before))
        }
        Command::SetStageFormat { group, stage, kind, double } => {
            let st = stage_mut(event, *group, *stage)?;
            if !st.rounds.is_empty() {
                return Err(DomainError::RoundsBelowPaired { paired: st.rounds.len() as u32 });
            }
            if *kind == StageKind::Knockout || st.kind == StageKind::Knockout {
                return Err(DomainError::InvalidEdit("a knockout stage keeps its format".into()));
            }
            let before = Box::new(settings_only(st));
            st.kind = *kind;
            st.double_round_robin = *double && *kind == StageKind::RoundRobin;
            if *kind == StageKind::RoundRobin {
                st.rounds_planned = None;
            }
            Ok(stage_changed(*group, *stage, before))
        }
        Command::SetStageSchedule { group, stage, time_control, schedule } => {
            let mut schedule = schedule.clone();
            schedule.sort_by_key(|s| s.round);
            if let Some(bad) = schedule.iter().find(|s| s.round.0 == 0) {
                return Err(DomainError::InvalidEdit(format!("round {} does not exist", bad.round)));
            }
            if let Some(twice) = schedule.windows(2).find(|w| w[0].round == w[1].round) {
                return Err(DomainError::InvalidEdit(format!("round {} is scheduled twice", twice[0].round)));
            }
            let st = stage_mut(event, *group, *stage)?;
            let before = Box::new(settings_only(st));
            st.time_control = time_control.trim().to_string();
            st.schedule = schedule;
            Ok(stage_changed(*group, *stage, before))
        }
        Command::SetEventInfo { name, start_date, officials } => {
            let invalid = |name: &str, field, message: &str| DomainError::InvalidEntry {
                name: name.to_string(),
                field,
                message: message.to_string(),
            };
            if name.trim().is_empty() {
                return Err(invalid("", "event name", "the event needs a name"));
            }
            if let Some(o) = officials.iter().find(|o| o.name.trim().is_empty()) {
                return Err(invalid(&o.role, "official", "an official needs a name"));
            }
            let before = Box::new(EventInfo::of(event));
            event.name = name.trim().to_string();
            event.start_date = *start_date;
            event.officials = officials
                .iter()
                .map(|o| Official { role: o.role.trim().to_string(), name: o.name.trim().to_string() })
                .collect();
            Ok(Applied { changes: vec![Change::EventInfo { before }], new_players: vec![] })
        }
        Command::AdvanceStage { group, stage, nominees } => advance_stage(event, *group, *stage, nominees),
        Command::AnnounceBye { group, stage, planned } => {
            if event.player(planned.bye.player).is_none() {
                return Err(DomainError::UnknownPlayer(planned.bye.player));
            }
            if planned.bye.kind == ByeKind::Pairing {
                return Err(DomainError::InvalidPairing("a pairing-allocated bye cannot be announced".into()));
            }
            let st = stage_mut(event, *group, *stage)?;
            if planned.round.0 as usize <= st.rounds.len() {
                return Err(DomainError::InvalidPairing(format!("round {} is already paired", planned.round)));
            }
            let before = Box::new(settings_only(st));
            st.planned_byes.retain(|p| !(p.round == planned.round && p.bye.player == planned.bye.player));
            st.planned_byes.push(*planned);
            st.planned_byes.sort_by_key(|p| (p.round, p.bye.player));
            Ok(stage_changed(*group, *stage, before))
        }
        Command::CancelAnnouncedBye { group, stage, round, player } => {
            let st = stage_mut(event, *group, *stage)?;
            let before = Box::new(settings_only(st));
            st.planned_byes.retain(|p| !(p.round == *round && p.bye.player == *player));
            Ok(stage_changed(*group, *stage, before))
        }
        Command::PairRound { group, stage, round } => pair_round(event, *group, *stage, round),
        Command::EditPairing { group, stage, round, edit, confirmed } => {
            edit_pairing(event, *group, *stage, *round, *edit, *confirmed)
        }
        Command::UnpairRound { group, stage, round } => {
            let st = stage_mut(event, *group, *stage)?;
            let last = st.rounds.last().ok_or(DomainError::UnknownRound(*round))?;
            if last.no != *round {
                return Err(DomainError::NotLastRound(last.no));
            }
            if last.games.iter().any(|g| g.result.is_some()) {
                return Err(DomainError::RoundHasResults(*round));
            }
            let removed = st.rounds.pop().map(Box::new);
            Ok(Applied {
                changes: vec![Change::Round { group: *group, stage: *stage, round: *round, before: removed }],
                new_players: vec![],
            })
        }
        Command::RecordResult { group, stage, round, board, game, result } => {
            let st = stage_mut(event, *group, *stage)?;
            let knockout = st.knockout.clone().filter(|_| st.kind == StageKind::Knockout);
            let scoring = st.scoring.clone();
            let rd = st.rounds.iter_mut().find(|r| r.no == *round).ok_or(DomainError::UnknownRound(*round))?;
            let before = Box::new(rd.clone());
            let g = rd
                .games
                .iter_mut()
                .find(|g| g.board == *board && g.game == *game)
                .ok_or(DomainError::UnknownGame { round: *round, board: *board, game: *game })?;
            g.result = *result;
            let players = [g.red, g.black];
            // A level knockout match gets its next playoff game at once.
            if let Some(rules) = knockout {
                crate::domain::knockout::sync_playoffs(rd, *board, &scoring, &rules);
            }
            let mut changes = vec![Change::Round { group: *group, stage: *stage, round: *round, before: Some(before) }];
            changes.extend(discipline::apply_forfeit_rule(event, *group, *stage, &players));
            Ok(Applied { changes, new_players: vec![] })
        }
        Command::RecordLedgerEntry { start_no, kind, amount_fen, round, note } => {
            ledger::record(event, *start_no, *kind, *amount_fen, *round, note)
        }
        Command::VoidLedgerEntry { id } => ledger::void(event, *id),
        Command::SetCheckedIn { start_no, checked_in } => {
            let player = player_mut(event, *start_no)?;
            let before = Box::new(player.clone());
            player.checked_in = *checked_in;
            Ok(player_changed(*start_no, before))
        }
        Command::DisqualifyForCollusion { group, stage, round, board, reason } => {
            discipline::collusion(event, *group, *stage, *round, *board, reason)
        }
    }
}

fn advance_stage(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    nominees: &[StartNo],
) -> Result<Applied, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let closing = g.stage(stage_no).ok_or(DomainError::UnknownStage { group, stage: stage_no })?;
    let next_no = StageNo(stage_no.0 + 1);
    let next = g.stage(next_no).ok_or(DomainError::UnknownStage { group, stage: next_no })?;
    if closing.status != StageStatus::Open {
        return Err(DomainError::StageNotOpen(stage_no));
    }
    let played = closing.rounds.len() as u32;
    if closing.rounds_planned.is_some_and(|planned| played < planned) || played == 0 {
        return Err(DomainError::StageUnfinished { stage: stage_no, played, planned: closing.rounds_planned });
    }
    if let Some(last) = closing.rounds.last()
        && !last.is_complete()
    {
        let missing = last.games.iter().filter(|g| g.result.is_none()).count();
        return Err(DomainError::RoundIncomplete { round: last.no, missing });
    }
    if closing.nominees > 0 && nominees.len() as u32 > closing.nominees {
        return Err(DomainError::InvalidEdit(format!(
            "{} nominees given; the stage admits {}",
            nominees.len(),
            closing.nominees
        )));
    }
    let table = crate::domain::standings::standings(event, group, stage_no, played)?;
    let active = |p: StartNo| event.player(p).is_some_and(|pl| pl.status == PlayerStatus::Active);
    let take = closing.qualifiers.map_or(usize::MAX, |q| q as usize);
    let mut entrants: Vec<StartNo> = table.rows.iter().map(|r| r.start_no).filter(|p| active(*p)).take(take).collect();
    for n in nominees {
        let player = event.player(*n).ok_or(DomainError::UnknownPlayer(*n))?;
        if player.group != group {
            return Err(DomainError::InvalidEdit(format!("nominee {n} is not in this group")));
        }
        if entrants.contains(n) {
            return Err(DomainError::InvalidEdit(format!("nominee {n} already qualifies")));
        }
        entrants.push(*n);
    }
    let (before_closing, before_next) = (Box::new(settings_only(closing)), Box::new(settings_only(next)));
    let st = stage_mut(event, group, stage_no)?;
    st.status = StageStatus::Closed;
    let nx = stage_mut(event, group, next_no)?;
    nx.entrants = entrants;
    nx.status = StageStatus::Open;
    Ok(Applied {
        changes: vec![
            Change::StageSettings { group, stage: stage_no, before: before_closing },
            Change::StageSettings { group, stage: next_no, before: before_next },
        ],
        new_players: vec![],
    })
}

/// A closed stage is frozen: its rounds, results and rules stay as they were
/// when its players were handed on.
fn refuse_frozen(event: &Event, command: &Command) -> Result<(), DomainError> {
    let target = match command {
        Command::RecordResult { group, stage, .. }
        | Command::EditPairing { group, stage, .. }
        | Command::UnpairRound { group, stage, .. }
        | Command::PairRound { group, stage, .. }
        | Command::SetStageRules { group, stage, .. }
        | Command::SetStageFormat { group, stage, .. }
        | Command::SetRoundsPlanned { group, stage, .. }
        | Command::AnnounceBye { group, stage, .. }
        | Command::CancelAnnouncedBye { group, stage, .. } => Some((*group, *stage)),
        _ => None,
    };
    match target.and_then(|(g, s)| event.group(g).and_then(|g| g.stage(s))) {
        Some(stage) if stage.status == StageStatus::Closed => Err(DomainError::StageClosed(stage.no)),
        _ => Ok(()),
    }
}

pub use super::discipline::{COLLUSION_DISQUALIFICATION, FORFEIT_DISQUALIFICATION};

fn stage_changed(group: GroupId, stage: StageNo, before: Box<Stage>) -> Applied {
    Applied { changes: vec![Change::StageSettings { group, stage, before }], new_players: vec![] }
}

pub(super) fn player_changed(start_no: StartNo, before: Box<Player>) -> Applied {
    Applied { changes: vec![Change::Player { start_no, before: Some(before) }], new_players: vec![] }
}

/// A copy of the stage without its rounds: what [`Change::StageSettings`] keeps.
pub fn settings_only(stage: &Stage) -> Stage {
    Stage { rounds: Vec::new(), ..stage.clone() }
}

pub(super) fn player_mut(event: &mut Event, start_no: StartNo) -> Result<&mut Player, DomainError> {
    event.players.iter_mut().find(|p| p.start_no == start_no).ok_or(DomainError::UnknownPlayer(start_no))
}

pub(super) fn stage_mut(event: &mut Event, group: GroupId, stage: StageNo) -> Result<&mut Stage, DomainError> {
    let g = event.groups.iter_mut().find(|g| g.id == group).ok_or(DomainError::UnknownGroup(group))?;
    g.stages.iter_mut().find(|s| s.no == stage).ok_or(DomainError::UnknownStage { group, stage })
}

fn validate_entry(entry: &PlayerEntry) -> Result<(), DomainError> {
    if entry.name.trim().is_empty() {
        return Err(DomainError::InvalidEntry {
            name: String::new(),
            field: "name",
            message: "a name is required".into(),
        });
    }
    Ok(())
}

/// Every rule of the group that each entry breaks, counting the
/// entries before it towards the capacity: `(index in entries, issues)` for each
/// entry with issues, in entry order.
///
/// # Errors
/// [`DomainError::UnknownGroup`].
pub fn registration_issues(
    event: &Event,
    group: GroupId,
    entries: &[PlayerEntry],
) -> Result<Vec<(usize, Vec<EligibilityIssue>)>, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let already = event.group_players(group).count();
    let mut found = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let mut issues = g.eligibility.check(entry, event.start_date);
        if g.phone_required && entry.phone.trim().is_empty() {
            issues.push(EligibilityIssue::PhoneMissing);
        }
        if let Some(capacity) = g.capacity
            && (already + i) as u32 >= capacity
        {
            issues.push(EligibilityIssue::GroupFull { capacity });
        }
        if !issues.is_empty() {
            found.push((i, issues));
        }
    }
    Ok(found)
}

fn add_players(
    event: &mut Event,
    group: GroupId,
    entries: &[PlayerEntry],
    override_reason: Option<&str>,
) -> Result<Applied, DomainError> {
    for entry in entries {
        validate_entry(entry)?;
    }
    let override_reason = override_reason.map(str::trim).filter(|r| !r.is_empty());
    let mut notes: Vec<Option<String>> = vec![None; entries.len()];
    for (i, issues) in registration_issues(event, group, entries)? {
        match override_reason {
            None => return Err(DomainError::Ineligible { name: entries[i].name.clone(), issues }),
            Some(reason) => notes[i] = Some(format!("{reason} — {}", join_issues(&issues))),
        }
    }
    let mut next = event.next_start_no();
    let mut applied = Applied { changes: Vec::new(), new_players: Vec::new() };
    for (entry, eligibility_override) in entries.iter().zip(notes) {
        let start_no = next;
        next = StartNo(next.0 + 1);
        event.players.push(Player {
            start_no,
            group,
            entry: entry.clone(),
            status: PlayerStatus::Active,
            status_reason: String::new(),
            eligibility_override,
            checked_in: false,
        });
        applied.changes.push(Change::Player { start_no, before: None });
        applied.new_players.push(start_no);
    }
    Ok(applied)
}

fn pair_round(event: &mut Event, group: GroupId, stage_no: StageNo, round: &Round) -> Result<Applied, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let stage = g.stage(stage_no).ok_or(DomainError::UnknownStage { group, stage: stage_no })?;
    if stage.status != StageStatus::Open {
        return Err(DomainError::StageNotOpen(stage_no));
    }
    let expected = RoundNo(stage.rounds.len() as u32 + 1);
    if round.no != expected {
        return Err(DomainError::RoundOutOfOrder { expected, got: round.no });
    }
    if let Some(planned) = stage.rounds_planned
        && round.no.0 > planned
    {
        return Err(DomainError::AllRoundsPaired(planned));
    }
    if let Some(last) = stage.rounds.last() {
        let missing = last.games.iter().filter(|g| g.result.is_none()).count();
        if missing > 0 {
            return Err(DomainError::RoundIncomplete { round: last.no, missing });
        }
    }
    let entrants: BTreeSet<StartNo> = stage_entrants(event, group, stage).into_iter().collect();
    // Where each player sits: one board (all games of a knockout match) or the byes.
    let mut seat: std::collections::BTreeMap<StartNo, Option<BoardNo>> = std::collections::BTreeMap::new();
    let named = round
        .games
        .iter()
        .flat_map(|g| [(g.red, Some(g.board)), (g.black, Some(g.board))])
        .chain(round.byes.iter().map(|b| (b.player, None)));
    if let Some(g) = round.games.iter().find(|g| g.red == g.black) {
        return Err(DomainError::InvalidPairing(format!("player {} cannot play himself", g.red)));
    }
    for (p, board) in named {
        if !entrants.contains(&p) {
            return Err(DomainError::InvalidPairing(format!("player {p} is not in this stage")));
        }
        if seat.insert(p, board).is_some_and(|earlier| earlier != board || board.is_none()) {
            return Err(DomainError::InvalidPairing(format!("player {p} appears twice")));
        }
    }
    if round.games.iter().any(|g| g.result.is_some()) {
        return Err(DomainError::InvalidPairing("a new round cannot carry results".into()));
    }
    let mut round = round.clone();
    round.games.sort_by_key(|g| (g.board, g.game));
    round.byes.sort_by_key(|b| b.player);
    // A pairing made by hand or imported keeps the rules it breaks on record (the
    // colour and rematch rules are the Swiss ones; a knockout match has its own).
    if stage.kind != StageKind::Knockout {
        round.warnings = check_round(event, group, stage, &round);
    }
    let round_no = round.no;
    stage_mut(event, group, stage_no)?.rounds.push(round);
    Ok(Applied {
        changes: vec![Change::Round { group, stage: stage_no, round: round_no, before: None }],
        new_players: vec![],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::presets;

    fn lingting() -> Event {
        presets::build("lingting-cup", None, None).unwrap()
    }

    #[test]
    fn set_event_info_changes_title_date_and_officials_and_keeps_the_old_values() {
        let mut event = lingting();
        let old = EventInfo::of(&event);
        let officials = vec![
            Official { role: " 总裁判 ".into(), name: "王喆".into() },
            Official { role: "编排长".into(), name: "李堃".into() },
        ];
        let command = Command::SetEventInfo {
            name: " 2025 聆听杯 ".into(),
            start_date: Some(jiff::civil::date(2025, 5, 1)),
            officials,
        };
        let applied = apply(&mut event, &command).unwrap();
        assert_eq!(applied.changes, vec![Change::EventInfo { before: Box::new(old) }]);
        assert_eq!(event.name, "2025 聆听杯");
        assert_eq!(event.start_date, Some(jiff::civil::date(2025, 5, 1)));
        assert_eq!(event.officials[0], Official { role: "总裁判".into(), name: "王喆".into() });
        assert_eq!(event.officials.len(), 2);
    }

    #[test]
    fn set_event_info_refuses_an_empty_name_or_a_nameless_official() {
        let mut event = lingting();
        let before = event.clone();
        let no_name = Command::SetEventInfo { name: "  ".into(), start_date: None, officials: vec![] };
        assert!(matches!(apply(&mut event, &no_name), Err(DomainError::InvalidEntry { field: "event name", .. })));
        let nameless = Command::SetEventInfo {
            name: "杯".into(),
            start_date: None,
            officials: vec![Official { role: "总裁判".into(), name: " ".into() }],
        };
        assert!(matches!(apply(&mut event, &nameless), Err(DomainError::InvalidEntry { field: "official", .. })));
        assert_eq!(event, before);
    }

    #[test]
    fn set_stage_schedule_sorts_rounds_and_keeps_the_stage_before() {
        let mut event = lingting();
        let group = event.groups[0].id;
        let stage = event.groups[0].stages[0].no;
        let old = settings_only(&event.groups[0].stages[0]);
        let at = |round: u32, start: &str, monitored_boards: u32| RoundSchedule {
            round: RoundNo(round),
            start: start.into(),
            monitored_boards,
        };
        let command = Command::SetStageSchedule {
            group,
            stage,
            time_control: " 包干25分钟 ".into(),
            schedule: vec![at(2, "2022-12-03 19:00", 10), at(1, "2022-12-02 19:00", 0)],
        };
        let applied = apply(&mut event, &command).unwrap();
        assert_eq!(applied.changes, vec![Change::StageSettings { group, stage, before: Box::new(old) }]);
        let st = &event.groups[0].stages[0];
        assert_eq!(st.time_control, "包干25分钟");
        assert_eq!(st.schedule, vec![at(1, "2022-12-02 19:00", 0), at(2, "2022-12-03 19:00", 10)]);
    }

    #[test]
    fn set_stage_schedule_refuses_a_round_twice_or_round_zero() {
        let mut event = lingting();
        let group = event.groups[0].id;
        let stage = event.groups[0].stages[0].no;
        let at = |round: u32| RoundSchedule { round: RoundNo(round), start: "19:00".into(), monitored_boards: 0 };
        for schedule in [vec![at(1), at(1)], vec![at(0)]] {
            let command = Command::SetStageSchedule { group, stage, time_control: String::new(), schedule };
            assert!(matches!(apply(&mut event, &command), Err(DomainError::InvalidEdit(_))));
        }
        let unknown =
            Command::SetStageSchedule { group, stage: StageNo(9), time_control: String::new(), schedule: vec![] };
        assert!(matches!(apply(&mut event, &unknown), Err(DomainError::UnknownStage { .. })));
    }
}
