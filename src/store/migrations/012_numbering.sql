-- Bianpai event file, schema 12: start numbers shown 1…N within each group or across
-- the event (R-11.6). `numbering` is 'per-event' in every older file, whose players
-- keep the numbers they had; `shown_no` is a player's number within the group under
-- 'per-group', NULL (the start number is shown) under 'per-event'.
ALTER TABLE event ADD COLUMN numbering TEXT NOT NULL DEFAULT 'per-event'
    CHECK (numbering IN ('per-event', 'per-group'));
ALTER TABLE players ADD COLUMN shown_no INTEGER CHECK (shown_no IS NULL OR shown_no > 0);
