"""Texts for problems and the daily problem (Swedish and English)."""

EN: dict[str, str] = {
    "problem.head": "🧩 **Problem** `{id}` · {title} (`{rules}`) · difficulty {difficulty}",
    "problem.daily_head": "🧩 **Daily problem** of {day} · {title} (`{rules}`)",
    "problem.to_play": "You are {side}, to play **{dice}** ({name}). Find the best play.",
    # the picker (issue 46): the prompt, the same at every menu
    "problem.pick.one": "Only one play is possible: press it (or type it with "
                        "`/brade problem answer:`).",
    "problem.pick.press": "{n} legal plays: press yours (or type it with "
                          "`/brade problem answer:`).",
    "problem.pick.choose": "{n} legal plays: choose yours in the menu (or type it with "
                           "`/brade problem answer:`, as in a game, e.g. `1/7 7/12`).",
    "problem.preview": "👁️ **Your answer, not given yet:** `{play}`. **Confirm** it, or "
                       "**Choose again**.",
    "err.problem.not_yours": "These buttons belong to another member's problem; nothing "
                             "changed. `/brade problem` gives you one of your own.",
    "err.problem.stale": "That problem is answered already (or no longer the one open); "
                         "nothing changed. `/brade problem` shows your open one.",
    "problem.again": "You have not answered this one yet:",
    "problem.other_rules": "Answer this problem first; after it `/brade problem ruleset:` "
                           "gives you one of `{rules}`.",
    "problem.right": "✅ **Right!** `{play}` is the best play.",
    "problem.wrong": "❌ **Not the best.** Your play `{play}` loses **{loss}** points; the "
                     "best is `{best}`.",
    "problem.rating": "Your problem rating: **{rating}**, {delta} for this answer.",
    "problem.streak": "Daily problems solved in a row: **{n}**.",
    "problem.next": "`/brade problem` gives you the next one.",
    "problem.caption.yours": "Your play: {play} (−{loss})",
    "problem.caption.best": "Best: {play}",
    "problem.caption.right": "Your play, the best: {play}",
    "problem.you": "you", "problem.opponent": "opponent",
    "problem.answered": "You answered the daily problem of {day}: `{play}`, {verdict}.",
    "problem.verdict.right": "the best play",
    "problem.verdict.wrong": "{loss} points lost",
    "problem.theme.jan-win": "The theme: the best play makes your opponent jan (their "
                             "checkers on the bar and their own occupied first-quarter "
                             "points come to more than six).",
    "problem.theme.vackert-win": "The theme: the best play completes a vackert spel.",
    "problem.theme.burst": "The theme: break the blockade — the best play bursts a band.",
    "problem.theme.jan-hit": "The theme: hit for jan — the best play hits and brings your "
                             "opponent close to jan.",
    "problem.theme.jan-save": "The theme: save the janblotta — the best play makes your own "
                              "jan far less likely.",
    "problem.theme.vackert": "The theme: keep a vackert spel in reach — the best play "
                             "keeps a pattern possible that the other plays spoil.",
    "problem.theme.bearoff": "The theme: bear off safely — the best play leaves fewer shots.",
    "problem.theme.blockade": "The theme: build the wall — the best play makes a longer "
                              "run of bands in your opponent's way.",
    "problem.theme.hit": "The theme: hit — the best play sends an opposing checker to the "
                         "bar.",
    "problem.theme.safe": "The theme: play safe — the best play leaves fewer blots within "
                          "reach.",
    "problem.daily.post": "🧩 **Daily problem** · {day} · {title} (`{rules}`)\n"
                          "{side} to play **{dice}** ({name}). Press **{button}** to try it "
                          "— anyone may, and only you see your answer.",
    "problem.daily.button": "Solve",
    "problem.daily.yesterday": "The problem of {day}: {solved} of {answered} solved it.",
    "problem.daily.nobody": "The problem of {day}: nobody answered it.",
    "problem.daily.streaks": "Best streaks: {list}.",
    "problem.settings.on": "Daily problem: posted in <#{channel}> every day at {hour}:00 "
                           "UTC (`{rules}` problems).",
    "problem.settings.off": "Daily problem: off.",
    "problem.profile": "Problems: rating **{rating}** · solved {solved} of {total} · daily "
                       "streak {streak} (best {best})",
    "err.problem.none": "You have no problem to answer. `/brade problem` gives you one.",
    "err.problem.all_done": "You have seen every `{rules}` problem on this server. Other "
                            "rulesets have problems too: {known}.",
    "err.problem.no_set": "There are no problems for `{rules}`; there are for: {known}.",
    "err.problem.channel_first": "Choose the channel first: `/brade settings "
                                 "problem_channel:`.",
    "err.problem.no_daily": "That daily problem is not here any more.",
    "err.problem.hour": "The hour is a whole hour from 0 to 23 (UTC).",
}

SV: dict[str, str] = {
    "problem.head": "🧩 **Problem** `{id}` · {title} (`{rules}`) · svårighet {difficulty}",
    "problem.daily_head": "🧩 **Dagens problem** {day} · {title} (`{rules}`)",
    "problem.to_play": "Du är {side} och ska spela **{dice}** ({name}). Hitta det bästa "
                       "draget.",
    "problem.pick.one": "Bara ett drag är möjligt: tryck på det (eller skriv det med "
                        "`/bräde problem svar:`).",
    "problem.pick.press": "{n} tillåtna drag: tryck på ditt (eller skriv det med "
                          "`/bräde problem svar:`).",
    "problem.pick.choose": "{n} tillåtna drag: välj ditt i menyn (eller skriv det med "
                           "`/bräde problem svar:`, som i ett parti, t.ex. `1/7 7/12`).",
    "problem.preview": "👁️ **Ditt svar, inte lämnat än:** `{play}`. **Bekräfta** det, "
                       "eller **Välj om**.",
    "err.problem.not_yours": "De här knapparna hör till en annan medlems problem; inget "
                             "ändrades. `/bräde problem` ger dig ett eget.",
    "err.problem.stale": "Det problemet är redan besvarat (eller inte längre det som är "
                         "öppet); inget ändrades. `/bräde problem` visar ditt öppna.",
    "problem.again": "Det här har du inte svarat på än:",
    "problem.other_rules": "Svara på det här problemet först; sedan ger `/bräde problem "
                           "regelverk:` dig ett i `{rules}`.",
    "problem.right": "✅ **Rätt!** `{play}` är det bästa draget.",
    "problem.wrong": "❌ **Inte bäst.** Ditt drag `{play}` förlorar **{loss}** poäng; bäst "
                     "är `{best}`.",
    "problem.rating": "Din problemranking: **{rating}**, {delta} för det här svaret.",
    "problem.streak": "Dagens problem lösta i rad: **{n}**.",
    "problem.next": "`/bräde problem` ger dig nästa.",
    "problem.caption.yours": "Ditt drag: {play} (−{loss})",
    "problem.caption.best": "Bäst: {play}",
    "problem.caption.right": "Ditt drag, det bästa: {play}",
    "problem.you": "du", "problem.opponent": "motspelaren",
    "problem.answered": "Du har svarat på dagens problem {day}: `{play}`, {verdict}.",
    "problem.verdict.right": "det bästa draget",
    "problem.verdict.wrong": "{loss} poäng förlorade",
    "problem.theme.jan-win": "Temat: det bästa draget gör motspelaren jan (hans slagna "
                             "brickor och hans egna besatta tungor i första kvarteret blir "
                             "fler än sex).",
    "problem.theme.vackert-win": "Temat: det bästa draget fullbordar ett vackert spel.",
    "problem.theme.burst": "Temat: spräng blockaden — det bästa draget spränger ett band.",
    "problem.theme.jan-hit": "Temat: slå mot jan — det bästa draget slår och för "
                             "motspelaren nära jan.",
    "problem.theme.jan-save": "Temat: rädda janblottan — det bästa draget gör din egen jan "
                              "mycket mindre trolig.",
    "problem.theme.vackert": "Temat: håll ett vackert spel inom räckhåll — det bästa draget "
                             "behåller ett mönster som de andra dragen förstör.",
    "problem.theme.bearoff": "Temat: spela hem säkert — det bästa draget lämnar färre "
                             "träffchanser.",
    "problem.theme.blockade": "Temat: bygg muren — det bästa draget gör en längre rad band "
                              "i motspelarens väg.",
    "problem.theme.hit": "Temat: slå — det bästa draget slår ut en av motspelarens brickor.",
    "problem.theme.safe": "Temat: spela säkert — det bästa draget lämnar färre blottor "
                          "inom räckhåll.",
    "problem.daily.post": "🧩 **Dagens problem** · {day} · {title} (`{rules}`)\n"
                          "{side} ska spela **{dice}** ({name}). Tryck på **{button}** för "
                          "att försöka — alla får, och bara du ser ditt svar.",
    "problem.daily.button": "Lös",
    "problem.daily.yesterday": "Problemet {day}: {solved} av {answered} löste det.",
    "problem.daily.nobody": "Problemet {day}: ingen svarade.",
    "problem.daily.streaks": "Längsta sviter: {list}.",
    "problem.settings.on": "Dagens problem: läggs upp i <#{channel}> varje dag kl. {hour}.00 "
                           "UTC (problem i `{rules}`).",
    "problem.settings.off": "Dagens problem: av.",
    "problem.profile": "Problem: ranking **{rating}** · löste {solved} av {total} · svit "
                       "{streak} (bästa {best})",
    "err.problem.none": "Du har inget problem att svara på. `/bräde problem` ger dig ett.",
    "err.problem.all_done": "Du har sett alla problem i `{rules}` på den här servern. Andra "
                            "regelverk har också problem: {known}.",
    "err.problem.no_set": "Det finns inga problem i `{rules}`; det finns i: {known}.",
    "err.problem.channel_first": "Välj kanalen först: `/bräde inställningar "
                                 "problemkanal:`.",
    "err.problem.no_daily": "Det dagliga problemet finns inte kvar.",
    "err.problem.hour": "Timmen är en hel timme från 0 till 23 (UTC).",
}

#: Swedish names of this feature's slash commands and options, keyed by the English ones.
COMMANDS_SV: dict[str, str] = {
    "problem": "problem",
    "A position to solve: find the best play for a roll": "En ställning att lösa: hitta "
                                                          "det bästa draget för ett slag",
    "answer": "svar",
    "Your answer: a play (suggestions appear as you type)": "Ditt svar: ett drag (förslag "
                                                            "visas medan du skriver)",
    "Which ruleset's problems (default: the server's rules)": "Vilket regelverks problem "
                                                              "(standard: serverns regler)",
    "problem_channel": "problemkanal",
    "Where the daily problem is posted (Manage Server)": "Var dagens problem läggs upp "
                                                         "(Hantera server)",
    "problem_hour": "problemtimme",
    "The hour (UTC, 0–23) the daily problem is posted (Manage Server)":
        "Timmen (UTC, 0–23) då dagens problem läggs upp (Hantera server)",
    "problem_daily": "dagligt-problem",
    "Post a daily problem; false stops it (Manage Server)": "Lägg upp ett dagligt problem; "
                                                            "falskt stoppar det (Hantera "
                                                            "server)",
}
