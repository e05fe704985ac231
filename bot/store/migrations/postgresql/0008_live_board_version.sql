-- A game's live board remembers the game version it was posted at (issue 26).  A board
-- is recorded after its message is posted or edited, so two records of one game can
-- arrive out of order (a roll's edit recorded after the next play's board, on a busy
-- server); a record from an older version than the one kept is refused, and the board it
-- brought loses its buttons instead of the newer one.  NULL: recorded before this column
-- existed, older than any version.
ALTER TABLE live_boards ADD COLUMN version INTEGER;
