-- Bianpai event file, schema 13: the games indexed by group and player, so that a
-- command on one board reads its two players' earlier games (the forfeit rules) without
-- reading every game of the event (issue 38, item 18).
CREATE INDEX games_red ON games (group_id, red);
CREATE INDEX games_black ON games (group_id, black);
