-- What the bot posted that it must come back to, kept here rather than in memory so a
-- restarted (or another) process still does it: the message carrying a game's live
-- buttons (stripped when a newer board appears, rewritten when a challenge lapses), and
-- the threads the bot opened for one game (archived when that game ends).
-- A game's row stays once made (NULLs: no board with buttons now), so that a process
-- swapping the board always has a row to lock.
CREATE TABLE live_boards (
    game_id     BIGINT  PRIMARY KEY,
    channel_id  BIGINT ,
    message_id  BIGINT 
);

CREATE TABLE game_threads (
    channel_id  BIGINT  PRIMARY KEY,        -- the thread's id
    guild_id    BIGINT  NOT NULL
);
