//! The commands floor: every change to an event is a [`Command`], applied in one place
//! by [`apply`], which validates it and returns what changed ([`Applied`]) so that the
//! store can save the change with its audit row in one transaction. The handlers live
//! by family: [`players`], [`stages`], [`rounds`], [`watch`], [`money`] and
//! [`discipline`].

#[cfg(test)]
mod bounds_tests;
mod controls;
mod discipline;
mod free_texts;
mod groups;
mod money;
#[cfg(test)]
mod numbering_tests;
mod players;
mod renumber;
mod rounds;
mod second_entries;
mod stages;
mod teams;
#[cfg(test)]
mod tests;
mod watch;

pub use super::discipline::{COLLUSION_DISQUALIFICATION, FORFEIT_DISQUALIFICATION};
pub use super::model::change::{Applied, Change, DomainError, EntryProblem, EventInfo, settings_only};
use super::model::event::Event;
use super::model::event::{KnockoutRules, Official, PlannedBye, Round, RoundSchedule, StageKind, StageStatus};
use super::model::group_rules::GroupRules;
use super::model::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use super::model::money::{LedgerId, LedgerKind, RoundRef};
use super::model::player::{PlayerEntry, PlayerStatus};
use super::model::prize_decision::PrizeDecisionKind;
use super::model::prize_rules::PrizeRules;
use super::model::result::GameResult;
use super::model::rules::{FideEditionChoice, PairingOptions, ScoringTable, Tiebreak};
use super::model::watch::GameTime;
use super::swiss::PairingEdit;
use jiff::civil::Date;
pub use players::{LeftOutRow, registration_issues};
pub use renumber::{renumber_order, renumber_refusal};
pub use second_entries::enters_again;
use serde::{Deserialize, Serialize};
pub use stages::announce_byes;
pub use teams::TeamCommand;

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
        /// The rows of an imported roster the director left out (issue 39, item 3):
        /// nobody is added for them; they are kept with the command for the audit.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        left_out: Vec<LeftOutRow>,
    },
    /// Correct a player's personal data.
    EditPlayer {
        /// The player.
        start_no: StartNo,
        /// The new data.
        entry: PlayerEntry,
    },
    /// Enter players of individual groups in a team-match group as well (R-10.9: one
    /// person, two entries); a person entered there already keeps his entry.
    EnterSecondEntries {
        /// The team-match group.
        group: GroupId,
        /// Their entries in individual groups.
        players: Vec<StartNo>,
    },
    /// Delete a player registered by mistake, who has never been paired, qualified or
    /// paid (otherwise withdraw them).
    DeletePlayer {
        /// The player.
        start_no: StartNo,
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
    /// Change a stage's scoring table, tiebreak order, edition of FIDE's tie-break
    /// regulations and pairing options.
    SetStageRules {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// Points per result.
        scoring: ScoringTable,
        /// Tiebreaks in order.
        tiebreaks: Vec<Tiebreak>,
        /// The edition of C.07 the FIDE tiebreaks follow. Audit rows written
        /// before the setting existed read as following the start date.
        #[serde(default, skip_serializing_if = "FideEditionChoice::is_by_start_date")]
        fide_edition: FideEditionChoice,
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
    /// Add a group: its stages copy the rules of `like`'s (or the first
    /// group's); its entry rules and prizes are `like`'s, or none.
    AddGroup {
        /// The new group's name; not empty, not another group's.
        name: String,
        /// The group whose settings it copies.
        like: Option<GroupId>,
    },
    /// Change a group's name, entry rules, capacity, registration window, phone rule,
    /// entry fee and gender ranking.
    SetGroupRules {
        /// The group.
        group: GroupId,
        /// The new rules.
        rules: GroupRules,
    },
    /// Remove a group that no player has entered.
    RemoveGroup {
        /// The group.
        group: GroupId,
    },
    /// Change a group's prize rules.
    SetPrizeRules {
        /// The group.
        group: GroupId,
        /// The new rules.
        rules: PrizeRules,
    },
    /// Grant or withhold a player's prizes with a recorded reason, or clear that
    /// decision.
    SetPrizeDecision {
        /// The group.
        group: GroupId,
        /// The player.
        start_no: StartNo,
        /// Grant, withhold or clear.
        decision: PrizeDecisionKind,
        /// The director's reason (required to grant or withhold).
        reason: String,
    },
    /// Set how many of a stage's ranking qualify for the next stage, and how many
    /// sponsor nominees join them.
    SetStageQualifiers {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// Qualifiers; `None`: every active player.
        qualifiers: Option<u32>,
        /// Nominees admitted.
        nominees: u32,
    },
    /// Change a knockout stage's options: how matches and playoffs are played
    /// (before its first round), playoff minutes (any time while it is open).
    SetKnockoutRules {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The new options.
        rules: KnockoutRules,
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
    /// Mark a stage as a video stage, or not: its boards' agreed game times
    /// and watching officials are recorded, shown and printed.
    SetStageVideo {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// A video stage or not.
        video: bool,
    },
    /// Record a board's agreed game time and watching official (挂盘手) in a video
    /// stage; both `None` clears the record.
    SetBoardWatch {
        /// The group.
        group: GroupId,
        /// The stage, a video stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The board (a knockout match).
        board: BoardNo,
        /// The time agreed, 08:00–22:00.
        time: Option<GameTime>,
        /// The official assigned to watch, by name: one of the event's officials.
        watcher: Option<String>,
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
    /// Mark several players as checked in, or not, as one change (one undo).
    CheckInPlayers {
        /// The players, each once.
        start_nos: Vec<StartNo>,
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
    /// Give start numbers anew before play, in the order of `by` (issue 17): the
    /// players of `group` (every group, in group order, when `None`) take the same set
    /// of numbers they hold, so no other player's number changes. Announced byes,
    /// stage entrants and ledger entries follow their players; refused once a round of
    /// any of those groups is paired.
    RenumberPlayers {
        /// The group, or `None` for the whole event.
        group: Option<GroupId>,
        /// The order.
        by: super::model::player::RenumberKey,
    },
    /// Number the players 1…N within each group or across the event: the
    /// shown numbers are given anew (each group from 1, in start-number order, or the
    /// start numbers themselves); refused, like renumbering, once any group has a paired
    /// round.
    SetNumbering {
        /// Per group or per event.
        numbering: super::model::numbering::Numbering,
    },
    /// Two players of a group are never paired (R-3.7: siblings, parent and child, the
    /// same coach); the same pair again re-words its reason.
    AvoidPair {
        /// The group.
        group: GroupId,
        /// One player.
        a: StartNo,
        /// The other.
        b: StartNo,
        /// Why.
        #[serde(default)]
        reason: String,
    },
    /// Two players may meet again.
    RemoveAvoidedPair {
        /// The group.
        group: GroupId,
        /// One player.
        a: StartNo,
        /// The other.
        b: StartNo,
    },
    /// A player always sits at `board`; board 0 frees him.
    FixBoard {
        /// The group.
        group: GroupId,
        /// The player.
        start_no: StartNo,
        /// The board, or 0.
        board: u32,
    },
    /// Rank the event's clubs across its individual groups by their members' points
    /// or turn that ranking off (`None`).
    SetEventTeamRanking {
        /// The setting; `None` turns it off.
        ranking: Option<super::model::team::EventTeamRanking>,
    },
    /// A change to the group's teams, 队员总分制, a team stage or a line-up.
    Team {
        /// The group.
        group: GroupId,
        /// What changes.
        change: TeamCommand,
    },
}

/// Applies a command to the event, or refuses it leaving the event unchanged.
///
/// # Errors
/// A [`DomainError`] saying which rule the command breaks.
pub fn apply(event: &mut Event, command: &Command) -> Result<Applied, DomainError> {
    refuse_frozen(event, command)?;
    free_texts::refuse_long_texts(command)?;
    match command {
        Command::AddPlayers { group, entries, override_reason, .. } => {
            players::add(event, *group, entries, override_reason.as_deref())
        }
        Command::EditPlayer { start_no, entry } => players::edit(event, *start_no, entry),
        Command::EnterSecondEntries { group, players } => second_entries::enter(event, *group, players),
        Command::DeletePlayer { start_no } => players::delete(event, *start_no),
        Command::SetPlayerStatus { start_no, status, reason } => players::set_status(event, *start_no, *status, reason),
        Command::SetCheckedIn { start_no, checked_in } => players::set_checked_in(event, *start_no, *checked_in),
        Command::CheckInPlayers { start_nos, checked_in } => players::check_in(event, start_nos, *checked_in),
        Command::SetRoundsPlanned { group, stage, rounds } => {
            stages::set_rounds_planned(event, *group, *stage, *rounds)
        }
        Command::SetStageRules { group, stage, scoring, tiebreaks, fide_edition, pairing } => {
            stages::set_rules(event, *group, *stage, scoring, (tiebreaks, *fide_edition), pairing)
        }
        Command::SetStageFormat { group, stage, kind, double } => {
            stages::set_format(event, *group, *stage, *kind, *double)
        }
        Command::SetStageSchedule { group, stage, time_control, schedule } => {
            stages::set_schedule(event, *group, *stage, time_control, schedule)
        }
        Command::SetEventInfo { name, start_date, officials } => {
            stages::set_event_info(event, name, *start_date, officials)
        }
        Command::AddGroup { name, like } => groups::add(event, name, *like),
        Command::SetGroupRules { group, rules } => groups::set_rules(event, *group, rules),
        Command::RemoveGroup { group } => groups::remove(event, *group),
        Command::SetPrizeRules { group, rules } => groups::set_prizes(event, *group, rules),
        Command::SetPrizeDecision { group, start_no, decision, reason } => {
            groups::set_prize_decision(event, *group, *start_no, *decision, reason)
        }
        Command::SetStageQualifiers { group, stage, qualifiers, nominees } => {
            stages::set_qualifiers(event, *group, *stage, *qualifiers, *nominees)
        }
        Command::SetKnockoutRules { group, stage, rules } => stages::set_knockout(event, *group, *stage, rules),
        Command::AdvanceStage { group, stage, nominees } => stages::advance(event, *group, *stage, nominees),
        Command::AnnounceBye { group, stage, planned } => stages::announce_bye(event, *group, *stage, planned),
        Command::CancelAnnouncedBye { group, stage, round, player } => {
            stages::cancel_bye(event, *group, *stage, *round, *player)
        }
        Command::PairRound { group, stage, round } => rounds::pair(event, *group, *stage, round),
        Command::EditPairing { group, stage, round, edit, confirmed } => {
            rounds::edit(event, *group, *stage, *round, *edit, *confirmed)
        }
        Command::UnpairRound { group, stage, round } => rounds::unpair(event, *group, *stage, *round),
        Command::SetStageVideo { group, stage, video } => watch::set_video(event, *group, *stage, *video),
        Command::SetBoardWatch { group, stage, round, board, time, watcher } => watch::set_watch(
            event,
            rounds::BoardAt { group: *group, stage: *stage, round: *round, board: *board },
            *time,
            watcher.as_deref(),
        ),
        Command::RecordResult { group, stage, round, board, game, result } => rounds::record_result(
            event,
            rounds::GameAt { group: *group, stage: *stage, round: *round, board: *board, game: *game },
            *result,
        ),
        Command::RecordLedgerEntry { start_no, kind, amount_fen, round, note } => {
            money::record(event, *start_no, *kind, *amount_fen, *round, note)
        }
        Command::VoidLedgerEntry { id } => money::void(event, *id),
        Command::DisqualifyForCollusion { group, stage, round, board, reason } => {
            discipline::collusion(event, *group, *stage, *round, *board, reason)
        }
        Command::RenumberPlayers { group, by } => renumber::renumber(event, *group, *by),
        Command::SetNumbering { numbering } => renumber::set_numbering(event, *numbering),
        Command::AvoidPair { group, a, b, reason } => controls::avoid(event, *group, *a, *b, reason),
        Command::RemoveAvoidedPair { group, a, b } => controls::remove_avoided(event, *group, *a, *b),
        Command::FixBoard { group, start_no, board } => controls::fix_board(event, *group, *start_no, *board),
        Command::Team { group, change } => teams::apply(event, *group, change),
        Command::SetEventTeamRanking { ranking } => teams::set_event_ranking(event, ranking.as_ref()),
    }
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
        | Command::SetStageQualifiers { group, stage, .. }
        | Command::SetKnockoutRules { group, stage, .. }
        | Command::AnnounceBye { group, stage, .. }
        | Command::CancelAnnouncedBye { group, stage, .. }
        | Command::SetStageVideo { group, stage, .. }
        | Command::SetBoardWatch { group, stage, .. } => Some((*group, *stage)),
        _ => None,
    };
    match target.and_then(|(g, s)| event.group(g).and_then(|g| g.stage(s))) {
        Some(stage) if stage.status == StageStatus::Closed => Err(DomainError::StageClosed(stage.no)),
        _ => Ok(()),
    }
}
