-- Bianpai event file, schema 4: the day each entry was made (R-1.3), checked against
-- its group's registration window. Entries of older files have none (not checked).
ALTER TABLE players ADD COLUMN registered TEXT;  -- YYYY-MM-DD
