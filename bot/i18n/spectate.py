"""Texts for spectating: running games, history, export, animated replay (Swedish and English)."""

EN: dict[str, str] = {
    "watch.list.head": "**Games being played** ({n}):",
    "watch.list.line": "`#{id}` {white} vs {black} · `{rules}` · turn {turn}: {doing} · "
                       "{score} · {url}",
    "watch.list.more": "…and {n} more.",
    "watch.list.foot": "Every board is public in its channel. `/watch history game:<id>` "
                       "lists the moves.",
    "watch.to_roll": "{who} to roll",
    "watch.to_move": "{who} to move",
    "watch.match_score": "match {w}–{b}, game {g} (played {c} of the {n} that count)",
    "watch.pips": "pips {w}–{b}",
    "watch.history.head": "Game `#{id}`: {white} vs {black} · {url}",
    "watch.history.game": "— Game {n} —",
    "watch.history.long": "The whole move list of game `#{id}` ({url}), as a file.",
    "watch.history.link": "[go to the game]({url})",
    "watch.history.page": "Page {n} of {count}",
    "watch.history.btn.first": "⏮ First page", "watch.history.btn.earlier": "◀ Earlier",
    "watch.history.btn.later": "Later ▶", "watch.history.btn.last": "Latest ⏭",
    "watch.history.btn.file": "As a file",
    "watch.export.done": "The record of game `#{id}` (game {n}, `{rules}`). Replay it with "
                         "`python -m engine replay FILE`.",
    "watch.export.running": "The record of game `#{id}` so far (game {n}, `{rules}`; still "
                            "being played). Replay it with `python -m engine replay FILE`.",
    "watch.replay.done": "Replay of game `#{id}` (game {n}): {white} vs {black}, `{rules}`. "
                         "{who} won by {how}: {points} p.",
    "watch.computer_name": "Computer",
    "watch.choice": "#{id} {white} vs {black} ({rules}, {status})",
    "watch.status.active": "playing", "watch.status.over": "finished",
    "watch.status.aborted": "aborted", "watch.status.offered": "offered",
    "watch.status.declined": "declined",
    "err.watch.none_running": "No games are being played on this server right now. Start "
                              "one with `/brade new`.",
    "err.watch.unknown": "There is no game `#{id}` on this server. `/watch games` lists the "
                         "running ones.",
    "err.watch.no_game_in": "No game has been played in {channel}.",
    "err.watch.not_started": "Game `#{id}` was never started, so it has no moves.",
    "err.watch.no_such_number": "Game `#{id}` has {count} game(s), so there is no game {n}.",
    "err.watch.replay.running": "Game `#{id}` has no finished game to replay yet. Watch it "
                                "in its channel, or see `/watch history`.",
    "err.watch.format": "Choose one of these formats: {formats}.",
    "err.watch.broken": "Sorry, the record of game `#{id}` could not be checked, so I did not "
                        "send it. Nothing was changed.",
    "err.watch.guild_only": "Games are watched in a server; use this command in one.",
}

SV: dict[str, str] = {
    "watch.list.head": "**Partier som pågår** ({n}):",
    "watch.list.line": "`#{id}` {white} mot {black} · `{rules}` · drag {turn}: {doing} · "
                       "{score} · {url}",
    "watch.list.more": "…och {n} till.",
    "watch.list.foot": "Varje bräde är offentligt i sin kanal. `/titta historik parti:<id>` "
                       "visar dragen.",
    "watch.to_roll": "{who} ska slå",
    "watch.to_move": "{who} ska flytta",
    "watch.match_score": "match {w}–{b}, parti {g} (spelade {c} av de {n} som räknas)",
    "watch.pips": "ögon kvar {w}–{b}",
    "watch.history.head": "Parti `#{id}`: {white} mot {black} · {url}",
    "watch.history.game": "— Parti {n} —",
    "watch.history.long": "Hela draglistan för parti `#{id}` ({url}), som fil.",
    "watch.history.link": "[till partiet]({url})",
    "watch.history.page": "Sida {n} av {count}",
    "watch.history.btn.first": "⏮ Första sidan", "watch.history.btn.earlier": "◀ Tidigare",
    "watch.history.btn.later": "Senare ▶", "watch.history.btn.last": "Senaste ⏭",
    "watch.history.btn.file": "Som fil",
    "watch.export.done": "Protokollet för parti `#{id}` (parti {n}, `{rules}`). Spela upp "
                         "det med `python -m engine replay FIL`.",
    "watch.export.running": "Protokollet för parti `#{id}` hittills (parti {n}, `{rules}`; "
                            "pågår fortfarande). Spela upp det med "
                            "`python -m engine replay FIL`.",
    "watch.replay.done": "Repris av parti `#{id}` (parti {n}): {white} mot {black}, "
                         "`{rules}`. {who} vann med {how}: {points} p.",
    "watch.computer_name": "Datorn",
    "watch.choice": "#{id} {white} mot {black} ({rules}, {status})",
    "watch.status.active": "pågår", "watch.status.over": "avslutat",
    "watch.status.aborted": "avbrutet", "watch.status.offered": "erbjudet",
    "watch.status.declined": "avböjt",
    "err.watch.none_running": "Inga partier pågår på den här servern just nu. Starta ett "
                              "med `/bräde ny`.",
    "err.watch.unknown": "Det finns inget parti `#{id}` på den här servern. `/titta partier` "
                         "visar de som pågår.",
    "err.watch.no_game_in": "Inget parti har spelats i {channel}.",
    "err.watch.not_started": "Parti `#{id}` startade aldrig, så det har inga drag.",
    "err.watch.no_such_number": "Parti `#{id}` har {count} parti(er), så det finns inget "
                                "parti {n}.",
    "err.watch.replay.running": "Parti `#{id}` har inget avslutat parti att visa i repris "
                                "än. Följ det i dess kanal, eller se `/titta historik`.",
    "err.watch.format": "Välj ett av de här formaten: {formats}.",
    "err.watch.broken": "Förlåt, protokollet för parti `#{id}` gick inte att kontrollera, så "
                        "jag skickade det inte. Inget ändrades.",
    "err.watch.guild_only": "Partier tittar man på i en server; använd kommandot i en server.",
}

#: Swedish names of this feature's slash commands and options, keyed by the English ones.
COMMANDS_SV: dict[str, str] = {
    "watch": "titta", "Watch games: running games, moves, records, replays":
        "Titta på partier: pågående partier, drag, protokoll, repriser",
    "games": "partier",
    "The games being played on this server, with links": "Partierna som pågår på servern, med länkar",
    "List every move of a game": "Visa alla drag i ett parti",
    "export": "exportera",
    "A game's record as a text file that `python -m engine replay` replays":
        "Ett partis protokoll som textfil som `python -m engine replay` spelar upp",
    "replay": "repris", "An animated replay (GIF or APNG) of a finished game":
        "En animerad repris (GIF eller APNG) av ett avslutat parti",
    "game": "parti", "The game's number, e.g. 12 (default: this channel's game)":
        "Partiets nummer, t.ex. 12 (standard: kanalens parti)",
    "channel": "kanal", "The channel or thread the game is played in":
        "Kanalen eller tråden där partiet spelas",
    "number": "nummer", "Which game of a match (default: the last)":
        "Vilket parti i matchen (standard: det sista)",
    "format": "format", "GIF or APNG (default GIF)": "GIF eller APNG (standard GIF)",
    "share": "dela", "Post it in the channel for everyone (default: only you)":
        "Visa det i kanalen för alla (standard: bara för dig)",
}
