-- Each member's own way of playing, per server (issue 37), beside their board theme:
-- ``confirm_plays`` 1 (the default): a play chosen in the play picker is shown on the
-- board first and counts once confirmed; 0: it counts at once.  ``roll_for_me`` 1: the
-- bot rolls for the member when their turn starts and the roll involves no choice
-- (no one-die option, B-36); 0 (the default): they press Roll.
ALTER TABLE players ADD COLUMN confirm_plays INTEGER NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN roll_for_me INTEGER NOT NULL DEFAULT 0;
