-- Problems (issue 24): positions to solve, shipped with the engine
-- (engine/ai/problem_sets); here only what members did with them.
-- Each problem's difficulty, one OpenSkill state across every server (a problem is the
-- same problem everywhere): ``beaten`` counts the solvers it beat, ``solved`` the others.
CREATE TABLE problem_ratings (
    problem_id  TEXT    PRIMARY KEY,         -- "talisman-1a2b3c4d"
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    solved      INTEGER NOT NULL DEFAULT 0,
    beaten      INTEGER NOT NULL DEFAULT 0,
    updated_at  DOUBLE PRECISION NOT NULL
);

-- Each member's problem rating per server, and their run of daily problems solved.
CREATE TABLE problem_solvers (
    guild_id     BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    solved       INTEGER NOT NULL DEFAULT 0,
    failed       INTEGER NOT NULL DEFAULT 0,
    streak       INTEGER NOT NULL DEFAULT 0,  -- daily problems solved in a row
    streak_day   TEXT,                        -- the day of the last daily solved
    best_streak  INTEGER NOT NULL DEFAULT 0,
    updated_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- Every problem shown to a member, and their answer (one attempt per problem: the key
-- makes a second answer, from another process too, impossible).
CREATE TABLE problem_attempts (
    guild_id     BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    problem_id   TEXT    NOT NULL,
    day          TEXT,                        -- the daily problem's day, NULL: practice
    shown_at     DOUBLE PRECISION NOT NULL,
    answered_at  DOUBLE PRECISION,
    answer       TEXT,                        -- the play as the engine writes it
    loss         DOUBLE PRECISION,            -- points it loses against the best
    correct      INTEGER,                     -- 1: the best play
    delta        DOUBLE PRECISION,            -- the change of the member's rating
    PRIMARY KEY (guild_id, user_id, problem_id)
);
CREATE INDEX problem_attempts_open ON problem_attempts (guild_id, user_id, answered_at);

-- Where and when a server's daily problem is posted (hour in UTC).
CREATE TABLE problem_channels (
    guild_id    BIGINT  PRIMARY KEY,
    channel_id  BIGINT  NOT NULL,
    hour        INTEGER NOT NULL DEFAULT 12 CHECK (hour BETWEEN 0 AND 23)
);

-- The daily problems posted: the key (server, day) lets exactly one process post a day.
CREATE TABLE daily_problems (
    guild_id    BIGINT  NOT NULL,
    day         TEXT    NOT NULL,             -- YYYY-MM-DD (UTC)
    problem_id  TEXT    NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT,
    posted_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, day)
);
