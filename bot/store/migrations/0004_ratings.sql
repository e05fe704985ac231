-- Per-server ratings (issue 6): one OpenSkill state per member per server, and the
-- games already applied to it, so a game-end notice that arrives twice counts once.
-- Records by ruleset and ways of winning are not stored: they are counted from the
-- finished game rows, so they can never drift from the games themselves.

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,  -- rated results (a match is one result)
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE rated_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id    INTEGER NOT NULL,
    winner_id   INTEGER NOT NULL,
    loser_id    INTEGER NOT NULL,
    winner_before REAL  NOT NULL,  -- μ before and after, for "+158" on profiles
    winner_after  REAL  NOT NULL,
    loser_before  REAL  NOT NULL,
    loser_after   REAL  NOT NULL,
    applied_at  REAL    NOT NULL
);
CREATE INDEX rated_games_guild ON rated_games (guild_id, applied_at);
