-- A server where the bot lacks a right (issue 35), and the commands it registered.
--
-- What the bot could not do on its own initiative (a reminder, the computer's delayed
-- move, the daily problem, a tournament's thread or notice, taking buttons off,
-- archiving) because Discord denied it a right: one row per channel and kind of post,
-- kept until a member with Manage Server has been told (``/brade settings``, or a note
-- to the next command they run).  ``rights``: the missing rights' names, comma-separated
-- (discord.py's words: ``attach_files``); ``times``: how often it failed since.
CREATE TABLE missing_rights (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    rights      TEXT    NOT NULL,
    first_at    REAL    NOT NULL,
    last_at     REAL    NOT NULL,
    times       INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (guild_id, channel_id, action)
);

-- The bot's own bookkeeping, one value per key: which slash commands it last
-- registered with Discord, where (``commands:<application id>`` → ``{"scope": …,
-- "hash": …}``), so that a start with unchanged commands registers nothing and a change
-- of scope clears the other one.
CREATE TABLE bot_state (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
