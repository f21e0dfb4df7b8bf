-- Bianpai event file, schema 5: what a video stage records of each board — the game
-- time the two players agreed and the official assigned to watch the game (挂盘手).
-- `IF NOT EXISTS`: a file that went back to an older version number keeps its rows.
CREATE TABLE IF NOT EXISTS board_watch (
    group_id    INTEGER NOT NULL,
    stage_no    INTEGER NOT NULL,
    round_no    INTEGER NOT NULL,
    board       INTEGER NOT NULL CHECK (board >= 1),
    game_time   TEXT,                 -- HH:MM or YYYY-MM-DD HH:MM, 08:00 to 22:00
    watcher     TEXT,                 -- an official's name
    PRIMARY KEY (group_id, stage_no, round_no, board),
    FOREIGN KEY (group_id, stage_no, round_no)
        REFERENCES rounds(group_id, stage_no, round_no) ON DELETE CASCADE
) STRICT;
