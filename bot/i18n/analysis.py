"""Texts for game analysis (``/watch analyse``, ``/titta analysera``), Swedish and English."""

EN: dict[str, str] = {
    "watch.analyse.progress": "Analysing game `#{id}`… {pct}% of the turns done.",
    "watch.analyse.start": "Analysing game `#{id}`… ({n} turns)",
    "watch.analyse.head": "Analysis of game `#{id}` (game {n}): {white} vs {black}, `{rules}`.",
    "watch.analyse.player": "**{name}**: {lost} points lost in {decisions} decisions "
                            "({blunders} blunders, {doubtful} doubtful) · luck {luck}",
    "watch.analyse.worst": "Biggest mistake: turn {turn}, {name} rolled {dice}: played "
                           "`{played}`, best `{best}` ({loss} points lost).",
    "watch.analyse.chances": "After the best play: {chances}.",
    "watch.analyse.clean": "No play lost points: every decision was the best one.",
    "watch.analyse.foot": "Points lost: expected points given away against the best play; "
                          "doubtful from {d}, blunder from {b}. Luck: what the rolls were "
                          "worth against the average roll.",
    "err.watch.analyse.running": "Game `#{id}` has no finished game to analyse yet. Ask "
                                 "again when it is over.",
    "watch.analyse.queued": "Game `#{id}` is waiting to be analysed: number {n} in the "
                            "queue. Analyses run one at a time, each member's in turn; "
                            "this message will show the progress when it starts.",
    "err.watch.analyse.too_many": "You already have {n} analyses running or waiting, the "
                                  "most one member may ask for at a time. Ask again when "
                                  "one of them is done.",
}

SV: dict[str, str] = {
    "watch.analyse.progress": "Analyserar parti `#{id}`… {pct} % av dragen klara.",
    "watch.analyse.start": "Analyserar parti `#{id}`… ({n} drag)",
    "watch.analyse.head": "Analys av parti `#{id}` (parti {n}): {white} mot {black}, "
                          "`{rules}`.",
    "watch.analyse.player": "**{name}**: {lost} poäng förlorade på {decisions} beslut "
                            "({blunders} grova misstag, {doubtful} tveksamma) · tur {luck}",
    "watch.analyse.worst": "Största misstaget: drag {turn}, {name} slog {dice}: spelade "
                           "`{played}`, bäst `{best}` ({loss} poäng förlorade).",
    "watch.analyse.chances": "Efter det bästa draget: {chances}.",
    "watch.analyse.clean": "Inget drag förlorade poäng: varje beslut var det bästa.",
    "watch.analyse.foot": "Förlorade poäng: förväntade poäng som ges bort mot det bästa "
                          "draget; tveksamt från {d}, grovt misstag från {b}. Tur: vad "
                          "slagen var värda mot ett genomsnittligt slag.",
    "err.watch.analyse.running": "Parti `#{id}` har inget avslutat parti att analysera än. "
                                 "Fråga igen när det är slut.",
    "watch.analyse.queued": "Parti `#{id}` väntar på att analyseras: nummer {n} i kön. "
                            "Analyserna görs en i taget, medlemmarna i tur och ordning; det "
                            "här meddelandet visar hur det går när den börjar.",
    "err.watch.analyse.too_many": "Du har redan {n} analyser igång eller i kö, så många som "
                                  "en medlem får be om åt gången. Fråga igen när någon av "
                                  "dem är klar.",
}

#: Swedish names of this feature's slash command and its description.
COMMANDS_SV: dict[str, str] = {
    "analyse": "analysera",
    "Analyse a finished game: each side's mistakes, points lost and luck, as a picture":
        "Analysera ett avslutat parti: varje sidas misstag, förlorade poäng och tur, "
        "som bild",
}
