-- A turn's save in one statement: the UPDATE of the game row carries the turn's new
-- events in ``new_events`` (a JSON array of {at, actor, kind, data}) and this trigger
-- appends them to the event log, numbered on from the game's last seq.  One statement is
-- atomic on its own, so a save is one round trip to the database thread instead of four
-- (BEGIN, UPDATE, INSERT, COMMIT), and the write lock is held that much shorter.
ALTER TABLE games ADD COLUMN new_events TEXT;

CREATE TRIGGER games_append_events AFTER UPDATE OF new_events ON games
FOR EACH ROW WHEN NEW.new_events IS NOT NULL
BEGIN
    INSERT INTO events (game_id, seq, at, actor_id, kind, data)
    SELECT NEW.id,
           (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = NEW.id) + j.key + 1,
           json_extract(j.value, '$.at'), json_extract(j.value, '$.actor'),
           json_extract(j.value, '$.kind'), json_extract(j.value, '$.data')
    FROM json_each(NEW.new_events) AS j;
END;
