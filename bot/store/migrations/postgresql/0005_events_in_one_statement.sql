-- SQLite saves a turn and its events in one statement through a trigger on a
-- ``new_events`` column.  PostgreSQL needs neither: its store saves with one statement
-- whose data-modifying CTE updates the game and inserts the events
-- (bot/store/dialect.py, ``pg_save_game``).  The file keeps the numbering in step.
SELECT 1;
