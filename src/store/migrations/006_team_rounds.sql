-- Bianpai event file, schema 6: a team round's matches — which teams meet, who is home,
-- both line-ups — and its team byes (R-10.3), as JSON of domain::team::TeamRound; NULL
-- in an individual round. The games of the matches are ordinary game rows.
ALTER TABLE rounds ADD COLUMN teams TEXT;
