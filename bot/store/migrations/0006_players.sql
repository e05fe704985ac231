-- Names, never ids (issue 13): what every interaction tells us about the member who sent
-- it, so boards, threads, records and standings can name players the gateway cache has
-- never seen (the bot does not ask for the Server Members intent).  guild_id 0 is a DM.
-- Per-player and per-server display preferences live beside them.
CREATE TABLE players (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    avatar        TEXT,                    -- the avatar hash Discord gave, if any
    last_seen     REAL    NOT NULL,        -- epoch seconds from the bot's clock
    theme         TEXT,                    -- the player's board theme; NULL: the server's
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE guild_prefs (
    guild_id  INTEGER PRIMARY KEY,
    threads   INTEGER NOT NULL DEFAULT 0,  -- 1: every new game gets its own thread
    theme     TEXT                         -- the server's board theme; NULL: classic
);
