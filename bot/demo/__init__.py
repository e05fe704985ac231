"""``python -m bot demo``: the real bot in a local, simulated Discord, shown in the browser.

SimCord (the offline Discord the tests use) plays Discord, and its ``preview`` extra
serves a page drawn like Discord's client on 127.0.0.1.  ``world`` makes the server, its
members and the bot (the same ``BradeBot``, store, board workers and computer as
``python -m bot``); ``page`` serves the page and moves it between the server's places
(the channel, a tournament's threads, direct messages); ``console`` reads the few
commands typed in the terminal (open a place, move the clock on); ``main`` is the
command line.  Install with ``pip install ".[demo]"``.
"""
