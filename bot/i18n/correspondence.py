"""Texts for correspondence play (issue 36): ``/brade games``, "your turn" by direct
message and its settings, the daily problem by direct message, and the note a
server-only command gives in a direct message; Swedish and English."""

EN: dict[str, str] = {
    # /brade games
    "games.head": "🎲 **Your games** ({n}; {waiting} waiting for you):",
    "games.none": "You have no game going in this server. Start one with `/brade new`.",
    "games.none_anywhere": "You have no game going. Start one with `/brade new` (here against "
                           "the computer, or in a server against a member).",
    "games.line": "• {text} · {waited}{server} · [go to the game]({link})",
    "games.waited": "waiting {since}",
    "games.waited.now": "moved just now",
    "games.game": "against **{name}**, {title}{score}: {turn}",
    "games.score": ", match {me}–{them} (of {n})",
    "games.their_turn": "{name}'s turn",
    "games.my_roll": "**your turn**: roll",
    "games.my_move": "**your turn**: play your {dice}",
    "games.offer_mine": "**challenge** from **{name}** ({title}): accept or decline",
    "games.offer_theirs": "your challenge to **{name}** ({title}): waiting for an answer",
    "games.more": "… and {n} more.",
    "games.here_dm": "here",
    # "your turn" by direct message
    "notice.turn": "⏰ Your turn in bräde against **{name}**{place} — {title}{roll}: "
                   "[go to the game]({link})",
    "notice.place": " in **{server}**, #{channel}",
    "notice.place.server": " in **{server}**",
    "notice.roll": ", your {dice} waits to be played",
    "notice.set.off": "\"Your turn\" by direct message: off.",
    "notice.set.on": "\"Your turn\" by direct message: on (once per turn, when you are not "
                     "in the game's channel).",
    "notice.set.after": "\"Your turn\" by direct message: after {since} without a move.",
    "notice.set.problem_on": "The daily problem by direct message: on.",
    "notice.set.problem_off": "The daily problem by direct message: off.",
    "notice.undelivered": "⚠️ A direct message to you could not be delivered {since} ago: "
                          "your direct messages from this server's members are closed. "
                          "Open them (the server's *Privacy settings*) to receive them.",
    "notice.problem": "🧩 The daily problem, by direct message as you asked "
                      "(`/brade settings problem_dm:False` stops it).",
    # a server-only command in a direct message
    "err.dm.server_only": "`/{command}` works in a server, not in a direct message with "
                          "me: use it in a channel of a server we share. Here you can play "
                          "the computer (`/brade new`), solve problems (`/brade problem`) "
                          "and see your games (`/brade games`).",
    "err.dm.opponent": "A game against a member is played in a server: challenge them "
                       "there with `/brade new opponent:`. Here you can play the computer "
                       "(`/brade new` without an opponent).",
    "err.dm.settings": "Server settings are made in the server (Manage Server). Here you "
                       "can set your own: `theme`, `confirm`, `roll_for_me`, `your_turn`, "
                       "`turn_minutes`, `problem_dm`.",
}

SV: dict[str, str] = {
    "games.head": "🎲 **Dina partier** ({n}; {waiting} väntar på dig):",
    "games.none": "Du har inget parti igång på den här servern. Starta ett med `/bräde ny`.",
    "games.none_anywhere": "Du har inget parti igång. Starta ett med `/bräde ny` (här mot "
                           "datorn, eller på en server mot en medlem).",
    "games.line": "• {text} · {waited}{server} · [till partiet]({link})",
    "games.waited": "väntar sedan {since}",
    "games.waited.now": "nyss draget",
    "games.game": "mot **{name}**, {title}{score}: {turn}",
    "games.score": ", match {me}–{them} (av {n})",
    "games.their_turn": "{name}s tur",
    "games.my_roll": "**din tur**: slå",
    "games.my_move": "**din tur**: spela din {dice}",
    "games.offer_mine": "**utmaning** från **{name}** ({title}): anta eller avböj",
    "games.offer_theirs": "din utmaning till **{name}** ({title}): väntar på svar",
    "games.more": "… och {n} till.",
    "games.here_dm": "här",
    "notice.turn": "⏰ Din tur i bräde mot **{name}**{place} — {title}{roll}: "
                   "[till partiet]({link})",
    "notice.place": " på **{server}**, #{channel}",
    "notice.place.server": " på **{server}**",
    "notice.roll": ", din {dice} väntar på att spelas",
    "notice.set.off": "\"Din tur\" i direktmeddelande: av.",
    "notice.set.on": "\"Din tur\" i direktmeddelande: på (en gång per tur, när du inte är i "
                     "partiets kanal).",
    "notice.set.after": "\"Din tur\" i direktmeddelande: efter {since} utan drag.",
    "notice.set.problem_on": "Dagens problem i direktmeddelande: på.",
    "notice.set.problem_off": "Dagens problem i direktmeddelande: av.",
    "notice.undelivered": "⚠️ Ett direktmeddelande till dig kunde inte levereras för {since} "
                          "sedan: dina direktmeddelanden från serverns medlemmar är "
                          "stängda. Öppna dem (serverns *Sekretessinställningar*) för att "
                          "få dem.",
    "notice.problem": "🧩 Dagens problem, i direktmeddelande som du bad om "
                      "(`/bräde inställningar problem-dm:False` stoppar det).",
    "err.dm.server_only": "`/{command}` fungerar på en server, inte i ett direktmeddelande "
                          "med mig: använd det i en kanal på en server vi delar. Här kan du "
                          "spela mot datorn (`/bräde ny`), lösa problem (`/bräde problem`) "
                          "och se dina partier (`/bräde partier`).",
    "err.dm.opponent": "Ett parti mot en medlem spelas på en server: utmana hen där med "
                       "`/bräde ny motståndare:`. Här kan du spela mot datorn (`/bräde ny` "
                       "utan motståndare).",
    "err.dm.settings": "Serverns inställningar görs på servern (Hantera server). Här kan du "
                       "ställa in dina egna: `tema`, `bekräfta`, `slå-åt-mig`, `din-tur`, "
                       "`tur-minuter`, `problem-dm`.",
}

COMMANDS_SV: dict[str, str] = {
    "Your games here (from a direct message: everywhere), the ones waiting for you first":
        "Dina partier här (i ett direktmeddelande: överallt), de som väntar på dig först",
    "your_turn": "din-tur",
    "\"Your turn\" by direct message: off (default), on, or after turn_minutes":
        "\"Din tur\" i direktmeddelande: av (standard), på, eller efter tur-minuter",
    "turn_minutes": "tur-minuter",
    "With your_turn: after: minutes without a move before the message (default 60)":
        "Med din-tur: efter: minuter utan drag före meddelandet (standard 60)",
    "problem_dm": "problem-dm",
    "The daily problem by direct message": "Dagens problem i direktmeddelande",
    "off": "av",
    "on": "på",
    "after turn_minutes without a move": "efter tur-minuter utan drag",
}
