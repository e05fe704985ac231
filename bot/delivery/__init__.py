"""Delivering to Discord: the one place that posts, edits, opens and archives.

The services answer with values (a game's ``Reply``, a tournament's ``Outcome``, a daily
problem's ``DailyPost``, a correspondence ``Notice``); the cogs turn an interaction into
a service call and hand what comes back here, where it becomes messages:

- ``policy``: what one game reply does to the channel (pure values, decided only there);
- ``games``: ``Delivery``, a game's replies posted and edited, its buttons kept on its
  newest board, its thread archived at the end;
- ``answers``: what a command or a press says back, privately or shared;
- ``threads``: the threads opened for games and matches, and closed again;
- ``tournaments``: a tournament's ``Outcome`` carried out (notices, match threads);
- ``problems``: problem pictures and the daily problem's post;
- ``letters``: direct messages (your turn, the daily problem).

Every act of the bot's own goes through ``Rights.attempt`` (bot/permissions.py), so a
missing right is told to the server's admins instead of failing silently.
"""
