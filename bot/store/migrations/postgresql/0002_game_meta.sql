-- Which games count for ratings, and which belong to a tournament (issue 6).
-- ``rated`` stays an INTEGER 0/1 as in SQLite, so the shared SQL reads ``rated = 1``.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN tournament_id BIGINT;
CREATE INDEX games_guild_status ON games (guild_id, status);
