-- One member cannot crowd out the others (issue 25).
--
-- ``challenger_id``: the member who asked for a game (``/brade new``, a thread button,
-- Play again), so that an open challenge counts toward its maker's limit
-- (BRADE_MAX_GAMES_PER_MEMBER) and not the invited member's.  NULL for games the bot
-- arranged (a tournament's); challenges open at this migration are filled in from the
-- ``by`` their state recorded.
ALTER TABLE games ADD COLUMN challenger_id INTEGER;
UPDATE games SET challenger_id = COALESCE(json_extract(state, '$.by'), white_id)
    WHERE status = 'offered' AND tournament_id IS NULL;

-- Buttons that start something work once: the first press records the button's token
-- (its message, or the game a Play again belongs to) here, in the same transaction as
-- what it starts where it can, and a second press, at the same moment or after a
-- restart, finds it taken.
CREATE TABLE used_buttons (
    token     TEXT    PRIMARY KEY,
    guild_id  INTEGER,
    user_id   INTEGER NOT NULL,
    used_at   REAL    NOT NULL
);
