-- Names, never ids (issue 13): what every interaction tells us about the member who sent
-- it.  guild_id 0 is a DM.  Per-player and per-server display preferences beside them.
CREATE TABLE players (
    guild_id      BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    display_name  TEXT    NOT NULL,
    avatar        TEXT,                    -- the avatar hash Discord gave, if any
    last_seen     DOUBLE PRECISION NOT NULL, -- epoch seconds from the bot's clock
    theme         TEXT,                    -- the player's board theme; NULL: the server's
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE guild_prefs (
    guild_id  BIGINT  PRIMARY KEY,
    threads   INTEGER NOT NULL DEFAULT 0,  -- 1: every new game gets its own thread
    theme     TEXT                         -- the server's board theme; NULL: classic
);
