-- Per-server ratings (issue 6): one OpenSkill state per member per server, and the
-- games already applied to it, so a game-end notice that arrives twice counts once.

CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,  -- rated results (a match is one result)
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE rated_games (
    game_id       BIGINT PRIMARY KEY REFERENCES games (id),
    guild_id      BIGINT NOT NULL,
    winner_id     BIGINT NOT NULL,
    loser_id      BIGINT NOT NULL,
    winner_before DOUBLE PRECISION NOT NULL,  -- μ before and after, for "+158" on profiles
    winner_after  DOUBLE PRECISION NOT NULL,
    loser_before  DOUBLE PRECISION NOT NULL,
    loser_after   DOUBLE PRECISION NOT NULL,
    applied_at    DOUBLE PRECISION NOT NULL
);
CREATE INDEX rated_games_guild ON rated_games (guild_id, applied_at);
