-- Bianpai event file, schema 1.
-- Relational where other tools may want to read it (players, rounds, games, byes);
-- rule settings of groups and stages as JSON documents of the domain types.

CREATE TABLE event (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    name        TEXT NOT NULL,
    preset      TEXT NOT NULL,
    start_date  TEXT,                 -- YYYY-MM-DD
    officials   TEXT NOT NULL         -- JSON array of {role, name}
) STRICT;

CREATE TABLE groups (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    settings    TEXT NOT NULL         -- JSON of domain::event::Group without stages
) STRICT;

CREATE TABLE stages (
    group_id    INTEGER NOT NULL REFERENCES groups(id),
    stage_no    INTEGER NOT NULL CHECK (stage_no >= 1),
    settings    TEXT NOT NULL,        -- JSON of domain::event::Stage without rounds
    PRIMARY KEY (group_id, stage_no)
) STRICT;

CREATE TABLE players (
    start_no             INTEGER PRIMARY KEY CHECK (start_no >= 1),
    group_id             INTEGER NOT NULL REFERENCES groups(id),
    name                 TEXT NOT NULL CHECK (name <> ''),
    gender               TEXT CHECK (gender IN ('m', 'f')),
    born                 TEXT,        -- YYYY-MM-DD
    club                 TEXT NOT NULL DEFAULT '',
    rating               INTEGER CHECK (rating >= 0),
    title                TEXT,        -- JSON of domain::player::Title
    phone                TEXT NOT NULL DEFAULT '',
    verified_female      INTEGER NOT NULL DEFAULT 0 CHECK (verified_female IN (0, 1)),
    nominee              INTEGER NOT NULL DEFAULT 0 CHECK (nominee IN (0, 1)),
    status               TEXT NOT NULL CHECK (status IN ('active', 'withdrawn', 'disqualified')),
    status_reason        TEXT NOT NULL DEFAULT '',
    eligibility_override TEXT,
    notes                TEXT NOT NULL DEFAULT '{}'   -- JSON object of unread roster columns
) STRICT;

CREATE TABLE rounds (
    group_id    INTEGER NOT NULL,
    stage_no    INTEGER NOT NULL,
    round_no    INTEGER NOT NULL CHECK (round_no >= 1),
    seed        INTEGER,              -- the u64 draw seed, stored as its i64 bit pattern
    warnings    TEXT NOT NULL DEFAULT '[]',  -- JSON: rules a hand-edited pairing breaks
    PRIMARY KEY (group_id, stage_no, round_no),
    FOREIGN KEY (group_id, stage_no) REFERENCES stages(group_id, stage_no)
) STRICT;

CREATE TABLE games (
    group_id    INTEGER NOT NULL,
    stage_no    INTEGER NOT NULL,
    round_no    INTEGER NOT NULL,
    board       INTEGER NOT NULL CHECK (board >= 1),
    game        INTEGER NOT NULL CHECK (game >= 1),
    red         INTEGER NOT NULL REFERENCES players(start_no),
    black       INTEGER NOT NULL REFERENCES players(start_no),
    outcome     TEXT CHECK (outcome IN ('1-0', '1/2', '0-1', '+-', '-+', '--')),
    reason      TEXT CHECK (reason IN ('normal', 'time', 'late', 'violation', 'disconnect', 'adjudication')),
    fouls_red   INTEGER NOT NULL DEFAULT 0 CHECK (fouls_red >= 0),
    fouls_black INTEGER NOT NULL DEFAULT 0 CHECK (fouls_black >= 0),
    PRIMARY KEY (group_id, stage_no, round_no, board, game),
    FOREIGN KEY (group_id, stage_no, round_no)
        REFERENCES rounds(group_id, stage_no, round_no) ON DELETE CASCADE
) STRICT;

CREATE TABLE byes (
    group_id    INTEGER NOT NULL,
    stage_no    INTEGER NOT NULL,
    round_no    INTEGER NOT NULL,
    start_no    INTEGER NOT NULL REFERENCES players(start_no),
    kind        TEXT NOT NULL CHECK (kind IN ('pairing', 'requested', 'absent')),
    points      INTEGER,              -- tenths, when not scored by the stage's table
    PRIMARY KEY (group_id, stage_no, round_no, start_no),
    FOREIGN KEY (group_id, stage_no, round_no)
        REFERENCES rounds(group_id, stage_no, round_no) ON DELETE CASCADE
) STRICT;

-- Every command, with the value of each entity it changed before and after.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TEXT NOT NULL,        -- RFC 3339, UTC
    actor       TEXT NOT NULL DEFAULT '',
    command     TEXT NOT NULL,        -- JSON of domain::command::Command
    before      TEXT NOT NULL,        -- JSON array of domain::command::Change
    after       TEXT NOT NULL         -- JSON array of the changed entities after the command
) STRICT;
