-- Bianpai event file, schema 2: the money ledger (R-1.3, R-4.4, R-7) and check-in.
-- Owed amounts (entry fees, forfeit fines, prizes) are derived from the event; this
-- table records what was paid, paid out or excused.

CREATE TABLE ledger (
    id          INTEGER PRIMARY KEY CHECK (id >= 1),
    start_no    INTEGER NOT NULL REFERENCES players(start_no),
    kind        TEXT NOT NULL CHECK (kind IN ('fee_paid', 'fine_paid', 'fine_excused', 'prize_paid')),
    amount_fen  INTEGER NOT NULL CHECK (amount_fen >= 0),
    group_id    INTEGER,              -- the forfeited round a fine payment or excuse is for
    stage_no    INTEGER,
    round_no    INTEGER,
    note        TEXT NOT NULL DEFAULT '',
    voided      INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1)),  -- recorded by mistake, kept
    CHECK ((group_id IS NULL) = (stage_no IS NULL) AND (stage_no IS NULL) = (round_no IS NULL))
) STRICT;

CREATE INDEX ledger_by_player ON ledger (start_no, id);

-- 签到: the player reported at the desk before play.
ALTER TABLE players ADD COLUMN checked_in INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1));
