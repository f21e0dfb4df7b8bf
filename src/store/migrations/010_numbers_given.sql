-- Bianpai event file, schema 10: the highest start number a deleted player had, so
-- that it is never given to another player silently (R-11.6); 0 in every older file.
ALTER TABLE event ADD COLUMN numbers_given INTEGER NOT NULL DEFAULT 0 CHECK (numbers_given >= 0);
