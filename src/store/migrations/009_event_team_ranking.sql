-- Bianpai event file, schema 9: the event's team ranking across its groups (R-10.8,
-- 全赛事团体总分) — which groups count and how many of a club's members — as JSON of
-- domain::team::EventTeamRanking; NULL while it is off, as in every older file.
ALTER TABLE event ADD COLUMN team_ranking TEXT;
