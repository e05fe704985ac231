"""The presenters: the one place that turns the services' outcomes into Discord's posts,
edits, threads and letters (and, for a second front end, into plain text).

The services answer with values (a game's ``Reply``, a tournament's ``Outcome``, a daily
problem's ``DailyPost``, a correspondence ``Notice``); the cogs turn an interaction into
one use-case's call and hand what comes back here, where it becomes messages:

- ``policy``: what one game outcome does to the channel (pure values, decided only
  there);
- ``games``: ``GamePresenter``, a game's outcomes posted and edited, its buttons kept on
  its newest board, its thread archived at the end;
- ``mentions``: members and channels the services name, as Discord's mentions (or names);
- ``answers``: what a command or a press says back, privately or shared;
- ``threads``: the threads opened for games and matches, and closed again;
- ``tournaments``: ``Courier``, a tournament's ``Outcome`` carried out (notices, match
  threads);
- ``problems``: problem pictures and the daily problem's post;
- ``letters``: ``Letters``, direct messages (your turn, the daily problem);
- ``plain``: ``PlainText``, a game's outcomes as lines of plain text (a second front end).

An act of the bot's own in a server that nobody waits on (a board's buttons taken off,
a reminder, a tournament's notice, a thread archived) goes through ``Rights.attempt``
(bot/permissions.py), so a missing right is told to the server's admins instead of
failing silently.  Two paths do without it: where a member waits on the act (a game
opened in a new thread, posted with ``GamePresenter.post`` by the command that opened
it), a refusal is told to that member, with the rights it lacks; and direct messages
(``Letters``) need no right of a server, a member who refuses them is only logged.
"""
