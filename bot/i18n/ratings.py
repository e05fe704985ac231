"""Texts for ratings, the leaderboard and profiles (Swedish and English)."""

EN: dict[str, str] = {
    "rating.value": "{n}",
    "rating.provisional": "{n} (provisional)",
    "rating.board.head": "**Leaderboard** (top {n} of {total} rated players):",
    "rating.board.line": "{place}. {who} — **{rating}** · {wins}–{losses} in {games} rated",
    "rating.board.foot": "Ordered by the rating minus three times its uncertainty, so a "
                         "few lucky wins do not top the table. A provisional rating rests "
                         "on few games and can still move a lot. A match counts as one "
                         "result.",
    "rating.profile.head": "**Profile of {who}**",
    "rating.profile.unrated": "Rating: none yet (no rated games between members).",
    "rating.profile.rating": "Rating: **{rating}** · place {place} of {total} · rated "
                             "results {wins}–{losses}",
    "rating.profile.record": "Record (all finished games): {wins}–{losses} · by ruleset: "
                             "{rules} · points won {won}, lost {lost}",
    "rating.profile.ways": "Ways of winning: {ways}",
    "rating.profile.recent": "Recent games:",
    "rating.profile.game": "`#{id}` `{rules}` against {who}: {result} by {how}, {points} p · "
                           "{when}",
    "rating.profile.change": " · rating {delta}",
    "rating.profile.dice": "Dice: {rolls} rolls of two, pasch {doubles} ({share}; chance "
                           "gives {expected} ± {spread})",
    "rating.profile.faces": "Faces of all {dice} dice (chance gives {expected} ± {spread} "
                            "each): {faces}",
    "rating.profile.face": "{face}: {n} ({share})",
    "rating.pct": "{x}%",
    "rating.won": "won", "rating.lost": "lost",
    # ways of winning counted in a profile; a way not here is said by its name
    # (engine/words.py: WIN_NAMES)
    "rating.way.vackert": "beautiful games", "rating.way.munk": "munk",
    "rating.way.resign": "resignations",
    "rating.way.single": "single games", "rating.way.gammon": "gammons",
    "rating.way.backgammon": "backgammons",
    "err.rating.empty": "Nobody on this server has a rating yet. Ratings start with the "
                        "first rated game between two members (`/brade new` with a member).",
    "err.rating.no_games": "{who} has not finished any games on this server yet.",
    "err.rating.bot": "Bots have no rating; the computer's games are never rated.",
    "err.rating.limit": "Show between 1 and {most} players.",
    "err.rating.guild_only": "Ratings belong to a server; use this command in one.",
}

SV: dict[str, str] = {
    "rating.value": "{n}",
    "rating.provisional": "{n} (preliminär)",
    "rating.board.head": "**Topplista** (de {n} bästa av {total} rankade spelare):",
    "rating.board.line": "{place}. {who} — **{rating}** · {wins}–{losses} på {games} rankade",
    "rating.board.foot": "Ordnad efter rankingen minus tre gånger dess osäkerhet, så att "
                         "några turliga vinster inte ger förstaplatsen. En preliminär "
                         "ranking bygger på få partier och kan fortfarande ändras mycket. "
                         "En match räknas som ett resultat.",
    "rating.profile.head": "**Profil för {who}**",
    "rating.profile.unrated": "Ranking: ingen än (inga rankade partier mellan medlemmar).",
    "rating.profile.rating": "Ranking: **{rating}** · plats {place} av {total} · rankade "
                             "resultat {wins}–{losses}",
    "rating.profile.record": "Resultat (alla avslutade partier): {wins}–{losses} · per "
                             "regelverk: {rules} · poäng vunna {won}, förlorade {lost}",
    "rating.profile.ways": "Sätt att vinna: {ways}",
    "rating.profile.recent": "Senaste partier:",
    "rating.profile.game": "`#{id}` `{rules}` mot {who}: {result} med {how}, {points} p · "
                           "{when}",
    "rating.profile.change": " · ranking {delta}",
    "rating.profile.dice": "Tärningar: {rolls} slag med två, pasch {doubles} ({share}; "
                           "slumpen ger {expected} ± {spread})",
    "rating.profile.faces": "Sidor på alla {dice} tärningar (slumpen ger {expected} ± "
                            "{spread} var): {faces}",
    "rating.profile.face": "{face}: {n} ({share})",
    "rating.pct": "{x} %",
    "rating.won": "vann", "rating.lost": "förlorade",
    "rating.way.vackert": "vackra spel", "rating.way.munk": "munk",
    "rating.way.resign": "uppgivna",
    "rating.way.single": "enkla partier", "rating.way.gammon": "gammon",
    "rating.way.backgammon": "backgammon",
    "err.rating.empty": "Ingen på den här servern har någon ranking än. Rankingen börjar "
                        "med det första rankade partiet mellan två medlemmar (`/bräde ny` "
                        "mot en medlem).",
    "err.rating.no_games": "{who} har inte spelat färdigt några partier på den här servern än.",
    "err.rating.bot": "Bottar har ingen ranking; partier mot datorn är aldrig rankade.",
    "err.rating.limit": "Visa mellan 1 och {most} spelare.",
    "err.rating.guild_only": "Rankingen hör till en server; använd kommandot i en server.",
}

#: Swedish names of this feature's slash commands and options, keyed by the English ones.
COMMANDS_SV: dict[str, str] = {
    "rating": "ranking", "Ratings, the leaderboard and profiles": "Ranking, topplista och profiler",
    "leaderboard": "topplista",
    "The server's best players by rating": "Serverns bästa spelare efter ranking",
    "count": "antal", "How many players to show (1–25)": "Hur många spelare som visas (1–25)",
    "profile": "profil",
    "A member's rating, record and ways of winning": "En medlems ranking, resultat och sätt att vinna",
    "member": "medlem", "Whose profile (default: yours)": "Vems profil (standard: din)",
}
