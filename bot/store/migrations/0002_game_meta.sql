-- Which games count for ratings, and which belong to a tournament (issue 6).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN tournament_id INTEGER;
CREATE INDEX games_guild_status ON games (guild_id, status);
