-- Bianpai event file, schema 8: one person, two entries (R-10.9). A player's entry in a
-- team-match group may repeat the same person's entry in an individual group; the
-- column names that entry's start number (NULL for every other entry).
ALTER TABLE players ADD COLUMN second_entry_of INTEGER;
