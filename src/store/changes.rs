//! Saving what a command changed: each [`Change`] names one entity, whose rows are
//! written as the event now has it, and whose value after the change goes into the
//! audit row beside the value before.

use super::rows;
use crate::domain::command::{Change, EventInfo, settings_only};
use crate::domain::event::{Event, Round};
use crate::domain::ids::{GroupId, RoundNo, StageNo};
use crate::domain::model::change::{board_games, board_watch, group_settings};
use rusqlite::Connection;
/// An entity's value as JSON text for the audit row (written straight to text: an
/// import of 200,000 players would otherwise build 200,000 JSON trees first).
fn to_json<T: serde::Serialize>(value: T) -> rusqlite::Result<String> {
    serde_json::to_string(&value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

/// An entity that is gone.
fn null() -> rusqlite::Result<String> {
    Ok("null".to_string())
}

fn round_of(event: &Event, group: GroupId, stage: StageNo, round: RoundNo) -> Option<&Round> {
    event.group(group).and_then(|g| g.stage(stage)).and_then(|s| s.round(round))
}

/// Writes the entity `change` names as `event` now has it (or deletes it when it is
/// gone), and returns its value after the change for the audit row.
pub(super) fn save_change(conn: &Connection, event: &Event, change: &Change) -> rusqlite::Result<String> {
    match change {
        Change::Player { start_no, .. } => match event.player(*start_no) {
            Some(p) => {
                rows::save_player(conn, p)?;
                to_json(p)
            }
            None => {
                rows::delete_player(conn, *start_no)?;
                null()
            }
        },
        Change::StageSettings { group, stage, .. } => match event.group(*group).and_then(|g| g.stage(*stage)) {
            Some(s) => {
                rows::save_stage_settings(conn, *group, s)?;
                to_json(settings_only(s))
            }
            None => null(),
        },
        Change::Round { group, stage, round, .. } => {
            let r = round_of(event, *group, *stage, *round);
            rows::save_round(conn, *group, *stage, *round, r)?;
            to_json(r)
        }
        Change::Board { group, stage, round, board, .. } => {
            let games = round_of(event, *group, *stage, *round).map(|r| board_games(r, *board)).unwrap_or_default();
            rows::save_board(conn, *group, *stage, *round, *board, &games)?;
            to_json(&games)
        }
        Change::Watch { group, stage, round, board, .. } => {
            let watch = round_of(event, *group, *stage, *round).and_then(|r| board_watch(r, *board));
            rows::save_watch(conn, (*group, *stage, *round), *board, watch.as_ref())?;
            to_json(&watch)
        }
        Change::Group { group, .. } => match event.group(*group) {
            Some(g) => {
                rows::save_group(conn, g)?;
                for stage in &g.stages {
                    rows::save_stage_settings(conn, g.id, stage)?;
                }
                to_json(group_settings(g))
            }
            None => {
                rows::delete_group(conn, *group)?;
                null()
            }
        },
        Change::EventInfo { .. } => {
            rows::save_event_info(conn, event)?;
            to_json(EventInfo::of(event))
        }
        Change::LedgerEntry { id, .. } => {
            let entry = event.ledger.iter().find(|e| e.id == *id);
            rows::save_ledger_entry(conn, *id, entry)?;
            to_json(entry)
        }
    }
}
