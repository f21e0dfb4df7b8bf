//! Reading the `games` table: every game of the event (the window, every command but
//! one-board ones), or only the games a one-board command reads — one round's, or a
//! few players' in their group (issue 38, item 18: a result entered after nine rounds
//! costs what it costs after one). Schema 13 indexes the games by group and player.

use super::row_values::{BadValue, RoundKey, RowError, bad};
use crate::domain::event::{Event, Game};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::change::stage_mut;
use crate::domain::result::{GameResult, Outcome, ResultReason};
use rusqlite::{Connection, ToSql};
use std::collections::BTreeSet;

/// Which games to read.
#[derive(Debug, Clone, Copy)]
pub(super) enum Which<'a> {
    /// Every game of the event.
    All,
    /// Every game of one round.
    Round(RoundKey),
    /// Every game of these players in their group, whatever the stage and round.
    Players {
        /// The group.
        group: u32,
        /// The players (start numbers).
        players: &'a [u32],
    },
}

const COLUMNS: &str = "group_id, stage_no, round_no, board, game, red, black, outcome, reason, fouls_red, fouls_black";

/// The games `which` names, each with its round, in the table's order (or the
/// indexes'): the caller sorts. Read in the table's own order, every game is read once;
/// ordered by the key, SQLite would look every row up twice through the key's index.
pub(super) fn read(conn: &Connection, which: Which<'_>) -> Result<Vec<(RoundKey, Game)>, RowError> {
    match which {
        Which::All => query(conn, &format!("SELECT {COLUMNS} FROM games"), &[]),
        Which::Round((g, s, r)) => query(
            conn,
            &format!("SELECT {COLUMNS} FROM games WHERE group_id = ?1 AND stage_no = ?2 AND round_no = ?3"),
            &[&g, &s, &r],
        ),
        Which::Players { group, players } => {
            let mut found = Vec::new();
            // One indexed search per player and colour (`games_red`, `games_black`).
            for player in players {
                for colour in ["red", "black"] {
                    let sql = format!("SELECT {COLUMNS} FROM games WHERE group_id = ?1 AND {colour} = ?2");
                    found.extend(query(conn, &sql, &[&group, player])?);
                }
            }
            Ok(found)
        }
    }
}

fn query(conn: &Connection, sql: &str, params: &[&dyn ToSql]) -> Result<Vec<(RoundKey, Game)>, RowError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query(params)?;
    let mut games = Vec::new();
    while let Some(r) = rows.next()? {
        let key: RoundKey = (r.get(0)?, r.get(1)?, r.get(2)?);
        games.push((key, game_of(r)?));
    }
    Ok(games)
}

fn game_of(r: &rusqlite::Row<'_>) -> Result<Game, RowError> {
    let result = match text_or_null(r, 7, "outcome")? {
        None => None,
        Some(o) => Some(GameResult {
            outcome: Outcome::parse(o).ok_or_else(|| bad("games", format!("outcome '{o}'")))?,
            reason: match text_or_null(r, 8, "reason")? {
                None => ResultReason::Normal,
                Some(c) => ResultReason::parse(c).ok_or_else(|| bad("games", format!("reason '{c}'")))?,
            },
            fouls_red: r.get(9)?,
            fouls_black: r.get(10)?,
        }),
    };
    Ok(Game { board: BoardNo(r.get(3)?), game: r.get(4)?, red: StartNo(r.get(5)?), black: StartNo(r.get(6)?), result })
}

/// Column `i` of a games row as text borrowed from SQLite, or `None` for NULL.
fn text_or_null<'r>(r: &'r rusqlite::Row<'_>, i: usize, column: &str) -> Result<Option<&'r str>, RowError> {
    let value = r.get_ref(i)?;
    Ok(value.as_str_or_null().map_err(|e| bad("games", format!("{column}: {e}")))?)
}

/// Puts `games` into their rounds of `event`, each game once — a game already there
/// (read before by another [`Which`]) is not added again — and sorts each round it
/// added to by board and game.
pub(super) fn add_to(event: &mut Event, mut games: Vec<(RoundKey, Game)>) -> Result<(), BadValue> {
    games.sort_unstable_by_key(|(key, g)| (*key, g.board, g.game));
    games.dedup_by_key(|(key, g)| (*key, g.board, g.game));
    let mut games = games.into_iter().peekable();
    while let Some(&(key, _)) = games.peek() {
        let (g, s, r) = key;
        let round = stage_mut(event, GroupId(g), StageNo(s))
            .ok()
            .and_then(|stage| stage.rounds.iter_mut().find(|round| round.no == RoundNo(r)))
            .ok_or_else(|| bad("games", "game of an unknown round"))?;
        let had: BTreeSet<(BoardNo, u32)> = round.games.iter().map(|x| (x.board, x.game)).collect();
        while let Some((_, game)) = games.next_if(|(k, _)| *k == key) {
            if !had.contains(&(game.board, game.game)) {
                round.games.push(game);
            }
        }
        round.games.sort_unstable_by_key(|x| (x.board, x.game));
    }
    Ok(())
}
