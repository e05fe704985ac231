-- A team league's board games (issue 48) know their league, as a tournament's know
-- theirs (the SQLite text, 0017_league_games.sql, says why).
ALTER TABLE games ADD COLUMN league_id BIGINT;
