-- Tournaments (issue 6).  The whole tournament lives in ``data`` as the league core's
-- JSON (bot/league/tournament.py), so its rules stay in one place; the columns beside it
-- are what the bot looks tournaments up by.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,          -- announcements and match threads go here
    name        TEXT    NOT NULL,
    state       TEXT    NOT NULL
                CHECK (state IN ('registration', 'running', 'paused', 'finished')),
    lang        TEXT    NOT NULL DEFAULT 'en', -- language of its public posts
    data        TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

-- A name is unique among a server's tournaments that have not finished.
CREATE UNIQUE INDEX tournaments_live_name
    ON tournaments (guild_id, name COLLATE NOCASE) WHERE state != 'finished';
CREATE INDEX tournaments_state ON tournaments (state);
