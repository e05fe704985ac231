-- Team leagues (issue 48).  As a tournament, the whole league lives in ``data`` as the
-- league core's JSON (bot/league/teams.py), so its rules stay in one place; the columns
-- beside it are what the bot finds a league by (the PostgreSQL text is
-- postgresql/0016_leagues.sql).  A name is unique among a server's open leagues: the
-- service checks it under the store's transaction (bot/store/leagues.py).
CREATE TABLE leagues (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,          -- the fixtures and the boards' threads go here
    name        TEXT    NOT NULL,
    state       TEXT    NOT NULL
                CHECK (state IN ('registration', 'running', 'finished')),
    lang        TEXT    NOT NULL DEFAULT 'en', -- language of its public posts
    data        TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE INDEX leagues_guild ON leagues (guild_id, state);
