-- A team league's board games (issue 48) know their league, as a tournament's know
-- theirs: no "Play again" and no hints on them, and they do not count toward a member's
-- limit of open games (the league arranges them).  PostgreSQL's text is
-- postgresql/0017_league_games.sql.
ALTER TABLE games ADD COLUMN league_id INTEGER;
