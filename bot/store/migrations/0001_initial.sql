-- Games, their event log and per-server settings.  Times are epoch seconds from the
-- bot's injected clock.

CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    lang       TEXT CHECK (lang IN ('sv', 'en')),
    rules      TEXT
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    status          TEXT    NOT NULL
                    CHECK (status IN ('offered', 'active', 'over', 'declined', 'aborted')),
    rules           TEXT    NOT NULL,
    white_id        INTEGER NOT NULL,          -- the challenger; 0 is the computer
    black_id        INTEGER NOT NULL,
    match_length    INTEGER NOT NULL DEFAULT 1,
    seed            INTEGER NOT NULL,
    state           TEXT,                      -- engine Game.to_json(), NULL while offered
    version         INTEGER NOT NULL DEFAULT 0,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL,
    reminded        INTEGER NOT NULL DEFAULT 0, -- 0 none, 1 reminded, 2 claim offered
    abort_by        INTEGER,                   -- the player who asked to abort
    result          TEXT                       -- JSON summary once over
);

-- One live game per channel (issue 3).
CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('offered', 'active');
CREATE INDEX games_status_updated ON games (status, updated_at);

CREATE TABLE events (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seq       INTEGER NOT NULL,
    at        REAL    NOT NULL,
    actor_id  INTEGER,
    kind      TEXT    NOT NULL,
    data      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
