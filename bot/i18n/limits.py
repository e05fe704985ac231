"""Texts for what one member may open (issue 25): the limit of live games and open
challenges per member, buttons that work once, and games against the computer closed
after nobody touched them; Swedish and English."""

EN: dict[str, str] = {
    "err.limit.yours": "You have {n} games and open challenges in this server, and one "
                       "member may have at most {limit}. End one first (`/brade resign`, or "
                       "`/brade abort` in its channel: against the computer that ends it at "
                       "once) or withdraw a challenge with its **Decline** button, then try "
                       "again.",
    "err.limit.theirs": "{who} has too many games: {n} games and open challenges in this "
                        "server, and one member may have at most {limit}. Challenge them "
                        "again when one of theirs has ended.",
    "err.button.used": "That button has already been used: it starts one game only. "
                       "Nothing changed.",
    "idle.closed": "⏹️ {who} has not played this game against the computer for {since}, so "
                   "it is closed as abandoned: the computer wins {points} {unit}. The game "
                   "was unrated; the channel is free for a new one.",
}

SV: dict[str, str] = {
    "err.limit.yours": "Du har {n} partier och öppna utmaningar i den här servern, och en "
                       "medlem får ha högst {limit}. Avsluta ett först (`/bräde ge-upp`, "
                       "eller `/bräde avbryt` i dess kanal: mot datorn avslutar det partiet "
                       "direkt) eller dra tillbaka en utmaning med dess knapp **Avböj**, och "
                       "försök sedan igen.",
    "err.limit.theirs": "{who} har för många partier: {n} partier och öppna utmaningar i "
                        "den här servern, och en medlem får ha högst {limit}. Utmana igen "
                        "när något av de partierna är slut.",
    "err.button.used": "Den knappen har redan använts: den startar bara ett parti. Inget "
                       "ändrades.",
    "idle.closed": "⏹️ {who} har inte spelat i partiet mot datorn på {since}, så det "
                   "avslutas som lämnat: datorn vinner {points} {unit}. Partiet var inte "
                   "rankat; kanalen är ledig för ett nytt.",
}

#: No slash command of its own.
COMMANDS_SV: dict[str, str] = {}
