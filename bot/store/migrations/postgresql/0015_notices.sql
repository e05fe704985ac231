-- Correspondence play (issue 36): what a member asked to be told by direct message, and
-- the notices sent (the SQLite text is ../0015_notices.sql).
--
-- ``member_notices``: one row per member, for every server (a direct message is not a
-- server's).  ``turn_after``: NULL, no "your turn" messages (the default); 0, one as
-- soon as the member is away from the game's channel; N, once the game has waited N
-- minutes for them.  ``problem_dm`` 1: the daily problem by direct message.  ``lang``:
-- the language those messages are written in (the member's when they last chose).
-- ``undelivered``: when a direct message to the member last failed (their DMs are
-- closed), reported by their next ``/brade settings`` and then cleared.
CREATE TABLE member_notices (
    user_id      BIGINT PRIMARY KEY,
    turn_after   INTEGER,
    problem_dm   INTEGER NOT NULL DEFAULT 0,
    lang         TEXT,
    undelivered  DOUBLE PRECISION,
    updated_at   DOUBLE PRECISION    NOT NULL
);

-- The last wait of each game a "your turn" message was sent for (``wait``: whose turn,
-- the game of the match and the turns played), marked before it is sent, so that one
-- wait gets one message, after a restart or with two processes too.
CREATE TABLE turn_notices (
    game_id  BIGINT  PRIMARY KEY,
    wait     TEXT    NOT NULL,
    sent_at  DOUBLE PRECISION    NOT NULL
);

-- The daily problem sent by direct message: one per member and day.
CREATE TABLE problem_notices (
    user_id  BIGINT  NOT NULL,
    day      TEXT    NOT NULL,
    PRIMARY KEY (user_id, day)
);
