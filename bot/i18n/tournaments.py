"""Texts for tournaments: create, join, matches in threads, standings (Swedish and English).

League errors (full, already started, …) have their own two-language texts in
bot/league/errors.py; these are the bot's announcements and its own refusals.  What the
standings and bracket pictures draw too (a tournament's state, its match length, the
table's columns, the tie-break names) is the pictures' word (``render/bracket.py:
WORDS``), added to both tables below, so a picture and the message beside it agree.
"""

from render.bracket import WORDS

EN: dict[str, str] = {
    # settings, as listed when a tournament is created
    "trn.format.single_elimination": "single elimination",
    "trn.format.round_robin": "round robin",
    "trn.format.swiss": "Swiss",
    "trn.rounds": "({n} rounds)",
    "trn.rounds.one": "(1 round)",
    "trn.tiebreak.buchholz": "tie-break Buchholz",
    "trn.tiebreak.median_buchholz": "tie-break Median-Buchholz",
    "trn.limit": "at most {n} players",
    "trn.deadline": "{hours} h per round",
    # registration
    "trn.created": "🏆 {who} created the tournament **{name}**: {settings}.\n"
                   "Join with `/tournament join`; the organiser starts it with "
                   "`/tournament start`.",
    "trn.joined": "{who} joined **{name}** ({players}).",
    "trn.players": "{n} players",
    "trn.players.one": "1 player",
    "trn.players.of": "{n}/{limit} players",
    "trn.left": "You have left **{name}**.",
    "trn.withdraw_confirm": "**{name}** has started. If you withdraw, your open match is a "
                            "walkover for your opponent and you are not paired again. This "
                            "cannot be undone.",
    "trn.btn.withdraw": "Withdraw from {name}",
    "trn.withdrew": "🏆 **{name}**: {player} has withdrawn from the tournament.",
    "trn.withdrew_private": "You have withdrawn from **{name}**.",
    "trn.started_private": "**{name}** has started; the match threads are being opened.",
    # rounds and matches
    "trn.round_opened": "🏆 **{name}**, round {n} of {total}:",
    "trn.round_deadline": "Play your match by {when}.",
    "trn.line": "{match}: {a} – {b}",
    "trn.line.mention": "{match}: {a} against {b}",
    "trn.line.bye": "{match}: {a} has a bye",
    "trn.intro": "🏆 **{name}**, round {n}, match {match}: {a} (White) against {b} (Black).\n"
                 "Rules `{rules}`, {length}. The game starts here; the result is recorded "
                 "by itself.",
    "trn.a_match": "a match of {n} games",
    "trn.a_match.one": "one game",
    "trn.intro_deadline": "Deadline: {when} ({rel}).",
    "trn.thread_opened": "Match {match} is played in {thread}.",
    "trn.result": "🏆 **{name}**, match {match}: {result}.",
    "trn.won": "{winner} beat {loser} {w}–{l}",
    "trn.won_walkover": "{winner} wins against {loser} by walkover",
    "trn.double_forfeit": "both players forfeit",
    "trn.auto_walkover": "🏆 **{name}**, match {match}: {result}.",
    "trn.game_aborted": "🏆 **{name}**, match {match}: the game in {thread} was aborted "
                        "without a result. {organiser}, set the result with "
                        "`/tournament result`, start it again with `/tournament restart`, or award a "
                        "walkover after the deadline.",
    "trn.finished": "🏆 **{name}** is over! The winner is {champion}. Congratulations!",
    "trn.finished_shared": "🏆 **{name}** is over without a single winner: it was finished "
                           "before its final was played, so {players} share first place.",
    "trn.decided_by": "{first} is ahead of {second} on {criterion}.",
    "trn.criterion.point_difference": "game-point difference",
    "trn.criterion.seed": "seed (the rating at the start)",
    "trn.and": "{a} and {b}",
    # deadlines
    "trn.reminder": "⏰ **{name}**, match {match}: {a} and {b}, the round ends {rel} "
                    "({when}). Please finish your match.",
    "trn.walkover_due": "⌛ **{name}**, match {match} between {a} and {b} was not finished "
                        "in time. {organiser}, award a walkover with a button below (or "
                        "`/tournament walkover`).",
    "trn.btn.award": "Walkover to {name}",
    "trn.btn.both": "Both forfeit",
    # organiser
    "trn.result_set": "🏆 **{name}**, match {match}: {who} set the result: {result}.",
    "trn.result_corrected": "🏆 **{name}**, match {match}: {who} corrected the result: "
                            "{result} (was: {before}).",
    "trn.repaired": "🏆 **{name}**: round {n} is paired again after the corrected result; "
                    "its earlier pairings are cancelled.",
    "trn.walkover_set": "🏆 **{name}**, match {match}: {who} confirmed the walkover: "
                        "{result}.",
    "trn.removed": "🏆 **{name}**: {who} removed {player} from the tournament.",
    "trn.left_server": "🏆 **{name}**: {player} has left the server and is withdrawn from the "
                       "tournament.",
    "trn.cancelled_by": "🏁 {who} cancelled **{name}** before it started; the name is free "
                        "for a new tournament.",
    "trn.paused": "⏸️ **{name}** is paused by {who}; no deadlines run until it resumes.",
    "trn.resumed": "▶️ **{name}** goes on ({who}); the deadline moved by the pause.",
    "trn.ended_early": "🏁 {who} finished **{name}**; unplayed matches are cancelled.",
    # in a match's thread, when the match is decided other than by its game
    "trn.thread.result": "🏆 {who} set the result of match {match}: {result}. This match "
                         "is over.",
    "trn.thread.walkover": "🏆 {who} awarded match {match} by walkover: {result}. This "
                           "match is over.",
    "trn.thread.removed": "🏆 {who} removed {player} from the tournament: {result}. This "
                          "match is over.",
    "trn.thread.withdrew": "🏆 {player} has withdrawn from the tournament: {result}. This "
                           "match is over.",
    "trn.thread.left_server": "🏆 {player} has left the server and is withdrawn from the "
                              "tournament: {result}. This match is over.",
    "trn.thread.finished": "🏁 {who} finished the tournament early; match {match} is "
                           "cancelled.",
    "trn.thread.repaired": "🏆 Round {n} is paired again after a corrected result, and this "
                           "match is no longer in it. The new pairings are in {channel}.",
    # standings and bracket
    "trn.standings": "**{name}**: standings ({state})",
    "trn.final_standings": "Final standings of **{name}**:",
    "trn.bracket": "**{name}**: pairings ({state})",
    "trn.round_head": "__Round {n}__",
    "trn.no_players": "No players yet.",
    "trn.not_started_yet": "Not started yet: the pairings come at the start.",
    "trn.list.head": "Tournaments in this server ({n}):",
    "trn.list.line": "• **{name}**: {state} · {players} · {settings}",
    "trn.list.none": "There are no tournaments in this server yet. Start one with "
                     "`/tournament create`.",
    "err.trn.bad_score": "I cannot read the score “{score}”: write the winner's score "
                         "first, e.g. 3-1.",
    # refusals
    "err.trn.guild_only": "Tournaments live in a server, not in direct messages.",
    "err.trn.unknown": "There is no tournament called “{name}” in this server.",
    "err.trn.name_taken": "A tournament called “{name}” is already running here; "
                          "please choose another name.",
    "err.trn.not_organiser": "Only the organiser ({who}) or someone with Manage Server "
                             "can do that.",
    "err.trn.stale": "The tournament changed at the same moment; please try again.",
    "err.trn.unknown_action": "That is not something the organiser can do.",
    "err.trn.not_open": "Match {match} is not an open match of the current round.",
    "err.trn.game_running": "The game of that match is still going on in {thread}.",
    "err.trn.no_channel": "Please create the tournament in a text channel, where its "
                          "match threads can be opened.",
    "err.trn.same_result": "Match {match} already has that result ({result}); nothing "
                           "changed.",
    "err.trn.not_yours": "This button is for {who}.",
}

SV: dict[str, str] = {
    "trn.format.single_elimination": "utslagsturnering",
    "trn.format.round_robin": "alla-mot-alla",
    "trn.format.swiss": "schweizersystem",
    "trn.rounds": "({n} ronder)",
    "trn.rounds.one": "(1 rond)",
    "trn.tiebreak.buchholz": "särskiljning Buchholz",
    "trn.tiebreak.median_buchholz": "särskiljning median-Buchholz",
    "trn.limit": "högst {n} spelare",
    "trn.deadline": "{hours} h per rond",
    "trn.created": "🏆 {who} har skapat turneringen **{name}**: {settings}.\n"
                   "Anmäl dig med `/turnering anmäl`; arrangören startar den med "
                   "`/turnering starta`.",
    "trn.joined": "{who} har anmält sig till **{name}** ({players}).",
    "trn.players": "{n} spelare",
    "trn.players.one": "1 spelare",
    "trn.players.of": "{n}/{limit} spelare",
    "trn.left": "Du har lämnat **{name}**.",
    "trn.withdraw_confirm": "**{name}** har startat. Om du drar dig ur blir din öppna match "
                            "walkover för din motståndare och du lottas inte igen. Det går "
                            "inte att ångra.",
    "trn.btn.withdraw": "Dra dig ur {name}",
    "trn.withdrew": "🏆 **{name}**: {player} har dragit sig ur turneringen.",
    "trn.withdrew_private": "Du har dragit dig ur **{name}**.",
    "trn.started_private": "**{name}** har startat; trådarna för matcherna öppnas.",
    "trn.round_opened": "🏆 **{name}**, rond {n} av {total}:",
    "trn.round_deadline": "Spela er match senast {when}.",
    "trn.line": "{match}: {a} – {b}",
    "trn.line.mention": "{match}: {a} mot {b}",
    "trn.line.bye": "{match}: {a} har frirond",
    "trn.intro": "🏆 **{name}**, rond {n}, match {match}: {a} (vit) mot {b} (svart).\n"
                 "Regler `{rules}`, {length}. Partiet startar här; resultatet förs in av "
                 "sig självt.",
    "trn.a_match": "en match om {n} partier",
    "trn.a_match.one": "ett parti",
    "trn.intro_deadline": "Tidsgräns: {when} ({rel}).",
    "trn.thread_opened": "Match {match} spelas i {thread}.",
    "trn.result": "🏆 **{name}**, match {match}: {result}.",
    "trn.won": "{winner} vann mot {loser} med {w}–{l}",
    "trn.won_walkover": "{winner} vinner mot {loser} på walkover",
    "trn.double_forfeit": "båda spelarna förlorar på walkover",
    "trn.auto_walkover": "🏆 **{name}**, match {match}: {result}.",
    "trn.game_aborted": "🏆 **{name}**, match {match}: partiet i {thread} avbröts utan "
                        "resultat. {organiser}, ange resultatet med `/turnering resultat`, starta "
                        "om det med `/turnering starta-om` eller döm walkover efter "
                        "tidsgränsen.",
    "trn.finished": "🏆 **{name}** är slut! Vinnare är {champion}. Grattis!",
    "trn.finished_shared": "🏆 **{name}** är slut utan en ensam vinnare: den avslutades "
                           "innan finalen spelades, så {players} delar förstaplatsen.",
    "trn.decided_by": "{first} ligger före {second} på {criterion}.",
    "trn.criterion.point_difference": "partipoängsskillnad",
    "trn.criterion.seed": "seedning (ratingen vid starten)",
    "trn.and": "{a} och {b}",
    "trn.reminder": "⏰ **{name}**, match {match}: {a} och {b}, ronden slutar {rel} "
                    "({when}). Spela färdigt er match.",
    "trn.walkover_due": "⌛ **{name}**, match {match} mellan {a} och {b} blev inte klar i "
                        "tid. {organiser}, döm walkover med en knapp nedan (eller "
                        "`/turnering walkover`).",
    "trn.btn.award": "Walkover till {name}",
    "trn.btn.both": "Båda förlorar",
    "trn.result_set": "🏆 **{name}**, match {match}: {who} angav resultatet: {result}.",
    "trn.result_corrected": "🏆 **{name}**, match {match}: {who} rättade resultatet: "
                            "{result} (var: {before}).",
    "trn.repaired": "🏆 **{name}**: rond {n} lottas om efter det rättade resultatet; den "
                    "tidigare lottningen ställs in.",
    "trn.walkover_set": "🏆 **{name}**, match {match}: {who} dömde walkover: {result}.",
    "trn.removed": "🏆 **{name}**: {who} tog bort {player} ur turneringen.",
    "trn.left_server": "🏆 **{name}**: {player} har lämnat servern och har utgått ur "
                       "turneringen.",
    "trn.cancelled_by": "🏁 {who} ställde in **{name}** innan den startade; namnet är fritt "
                        "för en ny turnering.",
    "trn.paused": "⏸️ **{name}** har pausats av {who}; inga tidsgränser löper förrän den "
                  "återupptas.",
    "trn.resumed": "▶️ **{name}** fortsätter ({who}); tidsgränsen flyttades med pausen.",
    "trn.ended_early": "🏁 {who} avslutade **{name}**; ospelade matcher ställs in.",
    "trn.thread.result": "🏆 {who} angav resultatet i match {match}: {result}. Matchen är "
                         "slut.",
    "trn.thread.walkover": "🏆 {who} dömde walkover i match {match}: {result}. Matchen är "
                           "slut.",
    "trn.thread.removed": "🏆 {who} tog bort {player} ur turneringen: {result}. Matchen är "
                          "slut.",
    "trn.thread.withdrew": "🏆 {player} har dragit sig ur turneringen: {result}. Matchen är "
                           "slut.",
    "trn.thread.left_server": "🏆 {player} har lämnat servern och har utgått ur turneringen: "
                              "{result}. Matchen är slut.",
    "trn.thread.finished": "🏁 {who} avslutade turneringen i förtid; match {match} ställs "
                           "in.",
    "trn.thread.repaired": "🏆 Rond {n} lottas om efter ett rättat resultat, och den här "
                           "matchen finns inte längre i den. Den nya lottningen finns i "
                           "{channel}.",
    "trn.standings": "**{name}**: ställning ({state})",
    "trn.final_standings": "Slutställning i **{name}**:",
    "trn.bracket": "**{name}**: lottning ({state})",
    "trn.round_head": "__Rond {n}__",
    "trn.no_players": "Inga spelare än.",
    "trn.not_started_yet": "Inte startad än: lottningen kommer vid starten.",
    "trn.list.head": "Turneringar i den här servern ({n}):",
    "trn.list.line": "• **{name}**: {state} · {players} · {settings}",
    "trn.list.none": "Det finns inga turneringar i den här servern än. Starta en med "
                     "`/turnering skapa`.",
    "err.trn.bad_score": "Jag kan inte läsa resultatet ”{score}”: skriv vinnarens poäng "
                         "först, t.ex. 3-1.",
    "err.trn.guild_only": "Turneringar finns i en server, inte i direktmeddelanden.",
    "err.trn.unknown": "Det finns ingen turnering som heter ”{name}” i den här servern.",
    "err.trn.name_taken": "En turnering som heter ”{name}” pågår redan här; välj ett annat "
                          "namn.",
    "err.trn.not_organiser": "Bara arrangören ({who}) eller någon med Hantera server kan "
                             "göra det.",
    "err.trn.stale": "Turneringen ändrades i samma ögonblick; försök igen.",
    "err.trn.unknown_action": "Det är inget arrangören kan göra.",
    "err.trn.not_open": "Match {match} är inte en öppen match i den pågående ronden.",
    "err.trn.game_running": "Partiet i den matchen pågår fortfarande i {thread}.",
    "err.trn.no_channel": "Skapa turneringen i en textkanal, där trådarna för matcherna kan "
                          "öppnas.",
    "err.trn.same_result": "Match {match} har redan det resultatet ({result}); inget ändrades.",
    "err.trn.not_yours": "Den här knappen är till för {who}.",
}

#: Swedish names of this feature's slash commands and options, keyed by the English ones.
COMMANDS_SV: dict[str, str] = {
    "tournament": "turnering", "Tournaments: create, join, play, standings":
        "Turneringar: skapa, anmäl, spela, ställning",
    # commands
    "create": "skapa", "Create a tournament (you become its organiser)":
        "Skapa en turnering (du blir arrangör)",
    "join": "anmäl", "Join a tournament before it starts": "Anmäl dig till en turnering före start",
    "leave": "lämna", "Leave a tournament (after the start: withdraw)":
        "Lämna en turnering (efter starten: dra dig ur)",
    "start": "starta", "Start the tournament and pair round one (organiser)":
        "Starta turneringen och lotta rond ett (arrangör)",
    "standings": "ställning", "Show the standings": "Visa ställningen",
    "list": "lista", "This server's tournaments: status, players, format":
        "Serverns turneringar: läge, spelare, format",
    "score": "resultat", "The match score, the winner's first, e.g. 3-1":
        "Matchresultatet, vinnarens poäng först, t.ex. 3-1",
    "bracket": "lottning", "Show the bracket or pairings": "Visa spelträdet eller lottningen",
    "result": "resultat", "Set or correct a match result (organiser)":
        "Ange eller rätta ett matchresultat (arrangör)",
    "walkover": "walkover", "Award a walkover after the deadline (organiser)":
        "Döm walkover efter tidsgränsen (arrangör)",
    "restart": "starta-om", "Start a match's game again after an abort (organiser)":
        "Starta om en matchs parti efter ett avbrott (arrangör)",
    "remove": "ta-bort", "Remove a player (organiser)": "Ta bort en spelare (arrangör)",
    "pause": "pausa", "Pause the tournament's deadlines (organiser)":
        "Pausa turneringens tidsgränser (arrangör)",
    "resume": "återuppta", "Resume a paused tournament (organiser)":
        "Återuppta en pausad turnering (arrangör)",
    "finish": "avsluta", "Finish the tournament now (organiser)":
        "Avsluta turneringen nu (arrangör)",
    "cancel": "ställ-in", "Cancel a tournament that has not started (organiser)":
        "Ställ in en turnering som inte har startat (arrangör)",
    # options
    "name": "namn", "The tournament's name": "Turneringens namn",
    "format": "format", "Single elimination, round robin or Swiss":
        "Utslagsturnering, alla-mot-alla eller schweizersystem",
    "rounds": "ronder", "Number of rounds (Swiss only)": "Antal ronder (bara schweizersystem)",
    "match_length": "matchlängd", "Games per match (odd)": "Partier per match (udda)",
    "max_players": "max-spelare", "Player limit": "Högsta antal spelare",
    "deadline_hours": "tidsgräns-timmar", "Hours per round before walkovers (optional)":
        "Timmar per rond innan walkover (valfritt)",
    "tiebreak": "särskiljning", "Swiss tie-break": "Särskiljning i schweizersystem",
    "player": "spelare", "The player": "Spelaren",
    "A player of the tournament": "En spelare i turneringen",
    "The match, e.g. 1.2": "Matchen, t.ex. 1.2",
    "winner": "vinnare", "Who won (leave out: both forfeit, not in knockouts)":
        "Vem som vann (utelämna: båda förlorar, inte i utslag)",
    # choices
    "single elimination": "utslagsturnering", "round robin": "alla-mot-alla",
    "Swiss": "schweizersystem", "Buchholz": "Buchholz", "Median-Buchholz": "Median-Buchholz",
}


#: The bot's keys for words the pictures draw, and their keys in ``render.bracket.WORDS``.
DRAWN: dict[str, str] = {
    "trn.state.registration": "registration", "trn.state.running": "running",
    "trn.state.paused": "paused", "trn.state.finished": "finished",
    "trn.state.cancelled": "cancelled_state", "trn.cancelled": "cancelled",
    "trn.match_length": "matches", "trn.match_length.one": "matches_one",
    "trn.criterion.buchholz": "crit.buchholz",
    "trn.criterion.median_buchholz": "crit.median_buchholz",
    "trn.criterion.sonneborn_berger": "crit.sonneborn_berger",
    "trn.withdrawn": "withdrawn",
}
EN.update({key: WORDS["en"][word] for key, word in DRAWN.items()})
SV.update({key: WORDS["sv"][word] for key, word in DRAWN.items()})
