//! Reading and writing the event's entities as rows: the mapping between the domain
//! types and the tables of `migrations/`.

use super::game_rows::{self, Which};
use crate::domain::event::{Bye, ByeKind, Event, Game, Group, Official, Round, Stage};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::ledger::{LedgerEntry, LedgerId, LedgerKind, RoundRef};
use crate::domain::numbering::Numbering;
use crate::domain::player::{Gender, Player, PlayerEntry, PlayerStatus, Title};
use crate::domain::points::Points;
use crate::domain::watch::{BoardWatch, GameTime};
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::BTreeMap;

pub use super::row_values::{BadValue, RowError};
use super::row_values::{RoundKey, bad};

fn json<T: serde::Serialize>(value: &T) -> rusqlite::Result<String> {
    serde_json::to_string(value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

fn from_json<T: serde::de::DeserializeOwned>(table: &'static str, text: &str) -> Result<T, BadValue> {
    serde_json::from_str(text).map_err(|e| bad(table, format!("unreadable JSON: {e}")))
}

/// Writes the event row, every group, stage, player and round: a new file's content.
pub fn insert_event(conn: &Connection, event: &Event) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO event (id, name, preset, start_date, officials, team_ranking, numbers_given, numbering)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            event.name,
            event.preset,
            event.start_date.map(|d| d.to_string()),
            json(&event.officials)?,
            event.team_ranking.as_ref().map(json).transpose()?,
            event.numbers_given,
            event.numbering.code(),
        ],
    )?;
    for group in &event.groups {
        save_group(conn, group)?;
        for stage in &group.stages {
            save_stage_settings(conn, group.id, stage)?;
        }
    }
    for player in &event.players {
        save_player(conn, player)?;
    }
    for entry in &event.ledger {
        save_ledger_entry(conn, entry.id, Some(entry))?;
    }
    for group in &event.groups {
        for stage in &group.stages {
            for round in &stage.rounds {
                save_round(conn, group.id, stage.no, round.no, Some(round))?;
            }
        }
    }
    Ok(())
}

/// Updates the event row: title, first day, officials and the team ranking across
/// groups (NULL while off).
pub fn save_event_info(conn: &Connection, event: &Event) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE event SET name = ?1, start_date = ?2, officials = ?3, team_ranking = ?4, numbers_given = ?5,
             numbering = ?6
         WHERE id = 1",
        params![
            event.name,
            event.start_date.map(|d| d.to_string()),
            json(&event.officials)?,
            event.team_ranking.as_ref().map(json).transpose()?,
            event.numbers_given,
            event.numbering.code(),
        ],
    )?;
    Ok(())
}

/// Writes a group's settings (not its stages).
pub fn save_group(conn: &Connection, group: &Group) -> rusqlite::Result<()> {
    let settings = Group { stages: Vec::new(), ..group.clone() };
    conn.execute(
        "INSERT INTO groups (id, name, settings) VALUES (?1, ?2, ?3)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, settings = excluded.settings",
        params![group.id.0, group.name, json(&settings)?],
    )?;
    Ok(())
}

/// Deletes a group and its stages' settings (a group is removed only without players
/// or rounds).
pub fn delete_group(conn: &Connection, group: GroupId) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM stages WHERE group_id = ?1", params![group.0])?;
    conn.execute("DELETE FROM groups WHERE id = ?1", params![group.0])?;
    Ok(())
}

/// Writes a stage's settings (not its rounds).
pub fn save_stage_settings(conn: &Connection, group: GroupId, stage: &Stage) -> rusqlite::Result<()> {
    let settings = crate::domain::model::change::settings_only(stage);
    conn.execute(
        "INSERT INTO stages (group_id, stage_no, settings) VALUES (?1, ?2, ?3)
         ON CONFLICT (group_id, stage_no) DO UPDATE SET settings = excluded.settings",
        params![group.0, stage.no.0, json(&settings)?],
    )?;
    Ok(())
}

/// Inserts or replaces a player.
pub fn save_player(conn: &Connection, p: &Player) -> rusqlite::Result<()> {
    let e = &p.entry;
    // Cached: an import saves thousands of players in one transaction.
    conn.prepare_cached(
        "INSERT INTO players (start_no, group_id, name, gender, born, club, rating, title, phone,
             verified_female, nominee, status, status_reason, eligibility_override, notes, checked_in,
             registered, second_entry_of, shown_no)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)
         ON CONFLICT (start_no) DO UPDATE SET group_id = excluded.group_id, name = excluded.name,
             gender = excluded.gender, born = excluded.born, club = excluded.club,
             rating = excluded.rating, title = excluded.title, phone = excluded.phone,
             verified_female = excluded.verified_female, nominee = excluded.nominee,
             status = excluded.status, status_reason = excluded.status_reason,
             eligibility_override = excluded.eligibility_override, notes = excluded.notes,
             checked_in = excluded.checked_in, registered = excluded.registered,
             second_entry_of = excluded.second_entry_of, shown_no = excluded.shown_no",
    )?
    .execute(params![
        p.start_no.0,
        p.group.0,
        e.name,
        e.gender.map(Gender::code),
        e.born.map(|d| d.to_string()),
        e.club,
        e.rating,
        e.title.as_ref().map(json).transpose()?,
        e.phone,
        e.verified_female,
        e.nominee,
        p.status.code(),
        p.status_reason,
        p.eligibility_override,
        json(&e.notes)?,
        p.checked_in,
        e.registered.map(|d| d.to_string()),
        p.second_entry_of.map(|n| n.0),
        p.shown_no,
    ])?;
    Ok(())
}

/// Deletes a player (the undo of a registration).
pub fn delete_player(conn: &Connection, start_no: StartNo) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM players WHERE start_no = ?1", params![start_no.0])?;
    Ok(())
}

/// Inserts or replaces a ledger entry, or deletes it when `entry` is `None`.
pub fn save_ledger_entry(conn: &Connection, id: LedgerId, entry: Option<&LedgerEntry>) -> rusqlite::Result<()> {
    let Some(e) = entry else {
        conn.execute("DELETE FROM ledger WHERE id = ?1", params![id.0])?;
        return Ok(());
    };
    conn.execute(
        "INSERT OR REPLACE INTO ledger (id, start_no, kind, amount_fen, group_id, stage_no, round_no, note, voided)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            e.id.0,
            e.start_no.0,
            e.kind.key(),
            e.amount_fen,
            e.round.map(|r| r.group.0),
            e.round.map(|r| r.stage.0),
            e.round.map(|r| r.round.0),
            e.note,
            e.voided,
        ],
    )?;
    Ok(())
}

fn load_ledger(conn: &Connection) -> Result<Vec<LedgerEntry>, RowError> {
    let mut stmt = conn.prepare(
        "SELECT id, start_no, kind, amount_fen, group_id, stage_no, round_no, note, voided FROM ledger ORDER BY id",
    )?;
    let mut rows = stmt.query([])?;
    let mut entries = Vec::new();
    while let Some(r) = rows.next()? {
        let kind: String = r.get(2)?;
        let kind = LedgerKind::ALL
            .into_iter()
            .find(|k| k.key() == kind)
            .ok_or_else(|| bad("ledger", format!("kind '{kind}'")))?;
        let (group, stage, round): (Option<u32>, Option<u32>, Option<u32>) = (r.get(4)?, r.get(5)?, r.get(6)?);
        let round = match (group, stage, round) {
            (Some(g), Some(s), Some(n)) => Some(RoundRef { group: GroupId(g), stage: StageNo(s), round: RoundNo(n) }),
            _ => None,
        };
        entries.push(LedgerEntry {
            id: LedgerId(r.get(0)?),
            start_no: StartNo(r.get(1)?),
            kind,
            amount_fen: r.get(3)?,
            round,
            note: r.get(7)?,
            voided: r.get(8)?,
        });
    }
    Ok(entries)
}

/// Replaces a round's rows with `round`, or deletes them when `round` is `None`.
pub fn save_round(
    conn: &Connection,
    group: GroupId,
    stage: StageNo,
    round_no: RoundNo,
    round: Option<&Round>,
) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM rounds WHERE group_id = ?1 AND stage_no = ?2 AND round_no = ?3",
        params![group.0, stage.0, round_no.0],
    )?;
    let Some(round) = round else { return Ok(()) };
    conn.execute(
        "INSERT INTO rounds (group_id, stage_no, round_no, seed, warnings, teams) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        // The u64 seed keeps its bits in SQLite's i64.
        params![
            group.0,
            stage.0,
            round.no.0,
            round.seed.map(|s| s as i64),
            json(&round.warnings)?,
            round.teams.as_ref().map(json).transpose()?
        ],
    )?;
    insert_games(conn, group, stage, round.no, &round.games)?;
    for watch in &round.watches {
        save_watch(conn, (group, stage, round.no), watch.board, Some(watch))?;
    }
    let mut insert_bye = conn.prepare_cached(
        "INSERT INTO byes (group_id, stage_no, round_no, start_no, kind, points) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for b in &round.byes {
        insert_bye.execute(params![group.0, stage.0, round.no.0, b.player.0, b.kind.code(), b.points.map(|p| p.0)])?;
    }
    Ok(())
}

/// Replaces the games of one board of a round with `games` (a result recorded or
/// corrected, and a knockout match's playoff games added or removed).
pub fn save_board(
    conn: &Connection,
    group: GroupId,
    stage: StageNo,
    round: RoundNo,
    board: BoardNo,
    games: &[Game],
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM games WHERE group_id = ?1 AND stage_no = ?2 AND round_no = ?3 AND board = ?4")?
        .execute(params![group.0, stage.0, round.0, board.0])?;
    insert_games(conn, group, stage, round, games)
}

/// Replaces what a video stage records of one board of a round (its game time and
/// watching official), or deletes it when `watch` is `None`.
pub fn save_watch(
    conn: &Connection,
    (group, stage, round): (GroupId, StageNo, RoundNo),
    board: BoardNo,
    watch: Option<&BoardWatch>,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "DELETE FROM board_watch WHERE group_id = ?1 AND stage_no = ?2 AND round_no = ?3 AND board = ?4",
    )?
    .execute(params![group.0, stage.0, round.0, board.0])?;
    let Some(w) = watch else { return Ok(()) };
    conn.prepare_cached(
        "INSERT INTO board_watch (group_id, stage_no, round_no, board, game_time, watcher)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![group.0, stage.0, round.0, board.0, w.time.map(|t| t.to_string()), w.watcher])?;
    Ok(())
}

fn insert_games(
    conn: &Connection,
    group: GroupId,
    stage: StageNo,
    round: RoundNo,
    games: &[Game],
) -> rusqlite::Result<()> {
    let mut insert_game = conn.prepare_cached(
        "INSERT INTO games (group_id, stage_no, round_no, board, game, red, black, outcome, reason,
             fouls_red, fouls_black) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    for g in games {
        insert_game.execute(params![
            group.0,
            stage.0,
            round.0,
            g.board.0,
            g.game,
            g.red.0,
            g.black.0,
            g.result.map(|r| r.outcome.notation()),
            g.result.map(|r| r.reason.code()),
            g.result.map_or(0, |r| r.fouls_red),
            g.result.map_or(0, |r| r.fouls_black),
        ])?;
    }
    Ok(())
}

/// Reads the whole event.
///
/// # Errors
/// SQLite errors, or a [`BadValue`] naming the table of a value this build cannot read.
pub fn load_event(conn: &Connection) -> Result<Event, RowError> {
    load_event_with(conn, true)
}

/// Reads the event, with every game when `games`, else with its rounds empty of games
/// (their byes, board records and team line-ups read): a one-board command then reads
/// the few games it needs (`game_rows`, issue 38, item 18).
///
/// # Errors
/// As [`load_event`].
pub(super) fn load_event_with(conn: &Connection, games: bool) -> Result<Event, RowError> {
    type EventRow = (String, String, Option<String>, String, Option<String>, u32, String);
    let (name, preset, start_date, officials, team_ranking, numbers_given, numbering): EventRow = conn
        .query_row(
            "SELECT name, preset, start_date, officials, team_ranking, numbers_given, numbering
             FROM event WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)),
        )
        .optional()?
        .ok_or_else(|| bad("event", "the event row is missing"))?;
    let officials: Vec<Official> = from_json("event", &officials)?;
    let team_ranking = team_ranking.map(|text| from_json("event", &text)).transpose()?;
    let start_date = start_date.map(|d| parse_date("event", &d)).transpose()?;
    let numbering = Numbering::parse(&numbering).ok_or_else(|| bad("event", format!("numbering '{numbering}'")))?;

    let mut groups: Vec<Group> = Vec::new();
    let mut stmt = conn.prepare("SELECT settings FROM groups ORDER BY id")?;
    for settings in stmt.query_map([], |r| r.get::<_, String>(0))? {
        groups.push(from_json("groups", &settings?)?);
    }
    let mut stmt = conn.prepare("SELECT group_id, settings FROM stages ORDER BY group_id, stage_no")?;
    let stage_rows = stmt.query_map([], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?;
    for row in stage_rows {
        let (group_id, settings) = row?;
        let stage: Stage = from_json("stages", &settings)?;
        groups
            .iter_mut()
            .find(|g| g.id == GroupId(group_id))
            .ok_or_else(|| bad("stages", format!("stage of unknown group {group_id}")))?
            .stages
            .push(stage);
    }
    load_rounds(conn, &mut groups, games)?;
    let players = load_players(conn)?;
    let ledger = load_ledger(conn)?;
    Ok(Event { name, preset, start_date, officials, groups, players, ledger, team_ranking, numbers_given, numbering })
}

fn parse_date(table: &'static str, text: &str) -> Result<jiff::civil::Date, BadValue> {
    text.parse().map_err(|_| bad(table, format!("'{text}' is not a date")))
}

fn load_players(conn: &Connection) -> Result<Vec<Player>, RowError> {
    let mut stmt = conn.prepare(
        "SELECT start_no, group_id, name, gender, born, club, rating, title, phone, verified_female,
                nominee, status, status_reason, eligibility_override, notes, checked_in, registered,
                second_entry_of, shown_no
         FROM players ORDER BY start_no",
    )?;
    let mut rows = stmt.query([])?;
    let mut players = Vec::new();
    while let Some(r) = rows.next()? {
        let gender: Option<String> = r.get(3)?;
        let born: Option<String> = r.get(4)?;
        let title: Option<String> = r.get(7)?;
        let status: String = r.get(11)?;
        let notes: String = r.get(14)?;
        let registered: Option<String> = r.get(16)?;
        players.push(Player {
            start_no: StartNo(r.get(0)?),
            group: GroupId(r.get(1)?),
            entry: PlayerEntry {
                name: r.get(2)?,
                gender: gender
                    .map(|g| Gender::parse(&g).ok_or_else(|| bad("players", format!("gender '{g}'"))))
                    .transpose()?,
                born: born.map(|d| parse_date("players", &d)).transpose()?,
                club: r.get(5)?,
                rating: r.get(6)?,
                title: title.map(|t| from_json::<Title>("players", &t)).transpose()?,
                phone: r.get(8)?,
                verified_female: r.get(9)?,
                nominee: r.get(10)?,
                notes: from_json("players", &notes)?,
                registered: registered.map(|d| parse_date("players", &d)).transpose()?,
            },
            status: PlayerStatus::parse(&status).ok_or_else(|| bad("players", format!("status '{status}'")))?,
            status_reason: r.get(12)?,
            eligibility_override: r.get(13)?,
            checked_in: r.get(15)?,
            second_entry_of: r.get::<_, Option<u32>>(17)?.map(StartNo),
            shown_no: r.get(18)?,
        });
    }
    Ok(players)
}

fn load_rounds(conn: &Connection, groups: &mut [Group], games: bool) -> Result<(), RowError> {
    let mut rounds: BTreeMap<RoundKey, Round> = BTreeMap::new();
    let mut stmt = conn.prepare("SELECT group_id, stage_no, round_no, seed, warnings, teams FROM rounds")?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let key: RoundKey = (r.get(0)?, r.get(1)?, r.get(2)?);
        let seed: Option<i64> = r.get(3)?;
        let warnings: String = r.get(4)?;
        let teams: Option<String> = r.get(5)?;
        rounds.insert(
            key,
            Round {
                no: RoundNo(key.2),
                seed: seed.map(|s| s as u64),
                games: Vec::new(),
                byes: Vec::new(),
                warnings: from_json("rounds", &warnings)?,
                watches: Vec::new(),
                teams: teams.map(|t| from_json("rounds", &t)).transpose()?,
            },
        );
    }
    if games {
        load_games(conn, &mut rounds)?;
    }
    load_byes(conn, &mut rounds)?;
    load_watches(conn, &mut rounds)?;
    for ((group_id, stage_no, _), round) in rounds {
        let stage = groups
            .iter_mut()
            .find(|g| g.id == GroupId(group_id))
            .and_then(|g| g.stages.iter_mut().find(|s| s.no == StageNo(stage_no)))
            .ok_or_else(|| bad("rounds", format!("round of unknown stage {group_id}/{stage_no}")))?;
        stage.rounds.push(round);
    }
    Ok(())
}

/// Every round's games, sorted by board and game.
fn load_games(conn: &Connection, rounds: &mut BTreeMap<RoundKey, Round>) -> Result<(), RowError> {
    let mut last: Option<(RoundKey, &mut Round)> = None;
    for (key, game) in game_rows::read(conn, Which::All)? {
        // A round's games are mostly together: its entry is looked up once per run.
        let round = match last.take() {
            Some((k, round)) if k == key => round,
            _ => rounds.get_mut(&key).ok_or_else(|| bad("games", "game of an unknown round"))?,
        };
        round.games.push(game);
        last = Some((key, round));
    }
    for round in rounds.values_mut() {
        round.games.sort_unstable_by_key(|g| (g.board, g.game));
    }
    Ok(())
}

/// Every round's byes, sorted by player.
fn load_byes(conn: &Connection, rounds: &mut BTreeMap<RoundKey, Round>) -> Result<(), RowError> {
    let mut stmt = conn.prepare(
        "SELECT group_id, stage_no, round_no, start_no, kind, points FROM byes
         ORDER BY group_id, stage_no, round_no, start_no",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let key: RoundKey = (r.get(0)?, r.get(1)?, r.get(2)?);
        let kind: String = r.get(4)?;
        let bye = Bye {
            player: StartNo(r.get(3)?),
            kind: ByeKind::parse(&kind).ok_or_else(|| bad("byes", format!("kind '{kind}'")))?,
            points: r.get::<_, Option<i32>>(5)?.map(Points),
        };
        rounds.get_mut(&key).ok_or_else(|| bad("byes", "bye of an unknown round"))?.byes.push(bye);
    }
    Ok(())
}

/// Each round's board records of a video stage, sorted by board.
fn load_watches(conn: &Connection, rounds: &mut BTreeMap<RoundKey, Round>) -> Result<(), RowError> {
    let mut stmt = conn.prepare(
        "SELECT group_id, stage_no, round_no, board, game_time, watcher FROM board_watch
         ORDER BY group_id, stage_no, round_no, board",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let key: RoundKey = (r.get(0)?, r.get(1)?, r.get(2)?);
        let time: Option<String> = r.get(4)?;
        let time = time
            .map(|t| GameTime::parse(&t).ok_or_else(|| bad("board_watch", format!("game time '{t}'"))))
            .transpose()?;
        let watch = BoardWatch { board: BoardNo(r.get(3)?), time, watcher: r.get(5)? };
        rounds.get_mut(&key).ok_or_else(|| bad("board_watch", "a board of an unknown round"))?.watches.push(watch);
    }
    Ok(())
}
