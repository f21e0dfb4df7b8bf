-- Bianpai event file, schema 7: the audit log is hash-chained (issue 22, item 6). Each
-- row carries the hash of the row before it, the digest of the whole event as saved
-- with it and its own hash, 32-byte SHA-256 values (store::chain, store::digest). Rows of
-- older files are hashed in place when this build first opens them (their state
-- digests, but the newest's, are not known and stay NULL).
ALTER TABLE audit_log ADD COLUMN prev_hash BLOB;
ALTER TABLE audit_log ADD COLUMN state_hash BLOB;
ALTER TABLE audit_log ADD COLUMN row_hash BLOB;

-- Where the chain starts and where it ends.
CREATE TABLE IF NOT EXISTS audit_chain (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    start_state BLOB NOT NULL,        -- the event's digest when the chain began
    head_hash   BLOB NOT NULL         -- the newest row's hash (the start's, before any row)
) STRICT;
