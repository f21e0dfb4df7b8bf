-- Bianpai event file, schema 3: a result is saved as one game (its board's rows and a
-- per-board audit row). No table changes: the audit rows of results written by
-- schema 2 and earlier (the whole round before and after) are cut down to their board
-- by store::compact, in the same transaction, after this script.
SELECT 1;
