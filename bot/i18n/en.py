"""English texts.  Keys mirror sv.py exactly (a test checks it)."""

MESSAGES: dict[str, str] = {
    # people and units (the game's own words, sides and points, are engine/words.py's)
    # the computer as a player is named, the same in a message, on a board and when
    # watching: "Black (Computer) rolls", never "the computer" beside "The computer"
    "computer": "Computer",
    "computer.name": "Computer",  # a name on its own: a board's strip, a thread
    "dur.s": "{n} s", "dur.m": "{n} min", "dur.h": "{n} h", "dur.d": "{n} days",
    "ok": "Done.",
    # starting
    "offer": "{challenger} challenges {opponent} to bräde: **{title}** (`{rules}`){match}. "
             "{opponent}, do you accept?",
    "offer.match": ", a match of {n} games",
    "btn.accept": "Accept", "btn.decline": "Decline",
    # a challenge's own message once answered: what was offered, then what became of it
    "offer.was": "{challenger} challenged {opponent} to bräde: **{title}** (`{rules}`){match}.",
    "offer.accepted": "✅ {who} accepted: the game is below.",
    "offer.declined": "❌ {who} declined.",
    "offer.withdrawn": "↩️ {who} withdrew the challenge.",
    "offer.cancelled": "↩️ {who} called the challenge off.",
    "offer.lapsed": "⌛ Nobody answered in time: the challenge lapsed, and the channel is free.",
    "start": "A game begins: {white} against {black}, rules `{rules}`.",
    # the teka (T-1): every pair drawn, ties too, and who starts by this ruleset's rule
    "teka": "Opening roll (teka): {pairs}. {starts}",
    "teka.pair": "White {w}, Black {b}",
    "teka.tie": "White {w}, Black {b} (a tie: again)",
    "teka.lower": "The lower die starts: {starter}.",
    "teka.higher": "The higher die starts: {starter}.",
    "teka.plays": "The higher die starts and plays both dice: {starter}.",
    "match.game": "Game {g} of the match begins; the loser of the last game starts: "
                  "{starter}.",
    "match.game.teka": "Game {g} of the match begins with an opening roll of its own.",
    "match.terms": "The most points after {n} games played to the end wins the match, which "
                   "ends as soon as the player behind can no longer catch up. A resigned game "
                   "scores its points but is not one of the {n}: one more game is played.",
    # turns
    "roll": "{who} rolls **{name}** ({dice}).",
    "roll.one_play": "Only one play is possible: press it, or type it with `/brade move`.",
    "roll.press": "{n} legal plays: press one, or type it with `/brade move`.",
    "roll.press_or_type": "{n} legal plays: press one of those shown, or type any with "
                          "`/brade move` (it suggests them as you type).",
    "roll.choose": "{n} legal plays: type yours with `/brade move` (it suggests them as you "
                   "type).",
    "roll.forfeit": "No legal play: the roll is forfeited.",
    "played": "{who} played {name} ({dice}): `{play}`",
    # puff's generalpasch (docs/rules.md, "Puff options"): the roll played as a pasch
    "played.named": "{who} played {name} ({dice}) as **{as_name}** ({as_dice}): `{play}`",
    "to_name": "{who}, {dice} is the generalpasch: play it as rolled, or name any pasch.",
    "btn.as_rolled": "As rolled ({dice})",
    "btn.pasch": "{name} ({dice})",
    "named": "{who} plays it as **{name}** ({dice}).",
    "named.as_rolled": "{who} plays it as rolled.",
    "to_roll": "{who}, your turn ({side}): press **Roll**.",
    "to_roll_one": "{who}, your turn ({side}): this time you roll one die only; press "
                   "**Roll one die**.",
    "btn.roll": "Roll", "btn.roll_one": "Roll one die",
    "btn.play": "Play {play}", "btn.column": "Build the column (6 checkers to 7)",
    "btn.kejsarspel": "Kejsarspel!",
    "win": "🏆 {who} wins by {how} ({points} {unit}).",
    "match.score": "Match score after game {g}: {white} {w} – {b} {black} in points; played "
                   "{c} of the {n} games that count.",
    "match.now": "Match: {white} {w} – {b} {black} in points; game {g}, played {c} of the "
                 "{n} games that count.",
    "match.resigned": "Game {g} was resigned: its points count, but a resigned game is not "
                      "one of the {n}, so one more game is played.",
    "match.line": "    Game {n}: {who}, {how}, {points}",
    "match.line.extra": " (resigned: not one of the {n})",
    "match.won": "🏆 {who} wins the match {hi}–{lo}!",
    "match.won.early": "{who} can no longer catch up: even {value} points in each of the {r} "
                       "games left would not be enough.",
    "match.won.early.one": "{who} can no longer catch up: even {value} points in the one game "
                           "left would not be enough.",
    "match.won.all": "All {n} games that count are played: the most points wins.",
    "match.won.ticks": "Level on points: the pluses and minuses decide.",
    "show": "{white} against {black}, rules `{rules}`.",
    "show.over": "Last game here: {white} against {black}, rules `{rules}`.",
    # resigning, aborting, claiming
    "resign.confirm": "Resign this game? Your opponent scores {points}.",
    "resign.refused": "You may not resign: {reason}. You can abandon the game instead; "
                      "that scores as jan for your opponent ({points} points).",
    "resign.cancelled": "Fine, the game goes on.",
    "btn.resign": "Yes, resign", "btn.abandon": "Abandon the game", "btn.keep": "Keep playing",
    "resigned": "{who} resigned – {winner} wins ({points} {unit}).",
    "abandoned": "{who} abandoned the game – {winner} wins by {how} ({points} {unit}).",
    "abort.asked": "{who} wants to abort the game without a result. {other}, agree with the "
                   "button or `/brade abort`.",
    "btn.abort": "Abort the game",
    "aborted": "The game was aborted by {who}; it has no result.",
    "aborted.moderator": "The game was aborted by a moderator, {who}, who does not play in it; "
                         "it has no result.",
    "remind": "⏰ {who}, it is your turn (waiting for {since}).",
    "remind.claim": "⏰ {who} has not played for {since}. {other} may now claim the game "
                    "(it scores as abandoned).",
    "btn.claim": "Claim the game",
    "claimed": "{who} claimed the game: {absent} did not play in time.",
    # looking
    "history.head": "Game record (`{rules}`):",
    "history.teka": "Teka: White {w}, Black {b}",
    "history.named": "{rolled} as {named}",
    "history.end": "{who} won by {how}: {points} {unit}",
    "history.aborted": "Aborted.",
    "history.no_play": "no play",
    "history.empty": "No turns played yet.",
    "rules.summary": "**{title}** (`{name}`)\n{text}",
    "hint.ai": "The computer's top plays:",
    "hint.simple": "Plays ordered by a simple rule of thumb:",
    "settings.saved": "Saved: language {lang}, default rules `{rules}`.",
    # errors the bot raises
    "err.stale": "That button belongs to a move that has already been made; nothing changed.",
    "err.conflict": "Something else changed this at the same moment, so nothing was changed. "
                    "Please try again.",
    "err.game.none": "There is no game in this channel. Start one with `/brade new`.",
    "err.game.not_started": "The game has not been accepted yet.",
    "err.game.roll_first": "Roll the dice first.",
    "err.game.name_first": "First choose how to play your generalpasch roll: press a button "
                           "on the board, or type `/brade move` with the roll as rolled "
                           "({dice}) or a pasch such as `6-6`. `/brade show` shows the board "
                           "again.",
    "err.game.bad_name": "“{text}” is not a choice here: type the roll as rolled ({dice}) or "
                         "a pasch, `1-1` to `6-6`.",
    "err.not_player": "You are not playing in this game, but you are welcome to watch.",
    "err.not_your_turn": "It is not your turn; {who} is to play.",
    "err.new.self": "You cannot play against yourself. Pick another member, or leave the "
                    "opponent out to play the computer.",
    "err.new.bot": "Bots cannot play. Leave the opponent out to play the computer.",
    "err.new.no_ai": "The computer opponent is not available.",
    "err.new.level": "Unknown level; choose one of {levels}.",
    "err.hint.tournament": "Hints are off in tournament games.",
    "err.hint.league": "Hints are off in a team league's games.",
    "err.new.busy": "A game is already going on in this channel. Finish it, or start yours "
                    "in a thread:",
    "err.new.match_length": "A match is an odd number of games, from 1 to {most}.",
    "err.accept.not_you": "Only {who} can accept this challenge.",
    "err.decline.not_you": "Only the two players can decline this challenge.",
    "err.abort.not_allowed": "Only the players, or someone with Manage Channels, may abort.",
    "err.abort.already_asked": "You have asked already; waiting for {who} to agree.",
    "err.claim.your_turn": "It is your own turn; you cannot claim the game.",
    "err.claim.too_early": "You can claim the game in {left} if your opponent still has not "
                           "played.",
    "err.settings.not_allowed": "Only members with Manage Server may change the settings.",
    "err.settings.guild_only": "Settings exist only in a server.",
    "err.internal": "Sorry, something went wrong on my side. Nothing was changed; please try "
                    "again.",
    "err.unposted": "Done: that is saved, but the board could not be posted (Discord refused "
                    "the message). `/brade show` posts it again.",
    "err.computer_later": "Your turn is saved, but the computer could not answer just now. It "
                          "will play by itself shortly; `/brade show` shows the game.",
    "err.dm": "Bräde is played in a server channel.",
    "btn.thread": "Start it in a new thread",
    "thread.name": "Bräde: {a} vs {b}",
    "thread.opened": "Opened {thread} for your game.",
    # players, finished games, lapsed challenges, rematches, help, preferences (issue 13)
    "player.unknown": "a player",
    "err.game.over": "This game is over. Start a new one with `/brade new`, or press "
                     "“Play again” on its last board.",
    "err.offer.closed": "This challenge is no longer open.",
    "err.offer.expired": "This challenge has expired; start a new one with `/brade new`.",
    "btn.rematch": "Play again",
    "err.rematch.league": "A team league's game has no “Play again”: the captains set the "
                          "boards. To play each other again, use `/brade new` in another "
                          "channel.",
    "err.rematch.tournament": "A tournament game has no “Play again”: the tournament pairs "
                              "its matches. To play each other again, use `/brade new` in "
                              "another channel.",
    "yes": "yes", "no": "no",
    "err.settings.theme": "Unknown theme; choose one of {themes}.",
    "settings.server_prefs": "Saved for this server: a thread per game {threads}, "
                             "board theme {theme}.",
    "settings.my_theme": "Your boards are now drawn with the theme {theme}.",
    "settings.server_default": "the server's",
    "settings.view.server": "**This server**: language {lang}, default rules `{rules}`, "
                            "a thread per game {threads}, board theme {theme}. "
                            "(Changed by members with Manage Server.)",
    "settings.view.mine": "**You**: board theme {theme}; a play chosen in the menu "
                          "{confirm}; roll for me {roll}.",
    "settings.view.confirm": "is shown first and counts on **Confirm**",
    "settings.view.at_once": "counts at once",
    "settings.view.on": "on", "settings.view.off": "off",
    # the settings' values in words (issue 46)
    "settings.lang.sv": "Swedish", "settings.lang.en": "English",
    "settings.lang.auto": "automatic (from Discord)",
    "settings.theme.classic": "classic", "settings.theme.contrast": "contrast",
    # a first game's welcome: short, so the game above it stays in sight on a phone; its
    # button opens the whole help in its place
    "help.first": "👋 Welcome to bräde! When it is your turn, press **Roll** on the game's "
                  "board, tap your play, then **Confirm**. **How to play** tells the rest.",
    "btn.help": "How to play",
    "help": "**Bräde here, in short**\n"
            "• `/brade new` challenges a member (`opponent:`) or, left empty, the computer; "
            "`match:` makes it a match, `ruleset:` picks the rules.\n"
            "• Press **Roll** when it is your turn: your dice join the message with your "
            "opponent's last play, so every play stays in the channel.\n"
            "• The board holds still: White at the bottom (against the computer: you), with "
            "both players' numbers; each play is written in its player's own numbers.\n"
            "• Choose your play on the board by tapping: a button or the menu of every legal "
            "play; it is drawn on the board and counts when you press **Confirm**. Or type "
            "it with `/brade move` (it suggests your legal plays; points like `1/7 20/off`).\n"
            "• `/brade hint` suggests plays, `/brade show` shows the board again, "
            "`/brade history` lists the turns, `/brade rules` explains the rules.\n"
            "• `/brade problem` gives you a position to solve, matched to your problem "
            "rating; answer it with `/brade problem answer:`.\n"
            "• `/brade resign`, `/brade abort` (both players agree) and `/brade claim` "
            "(your opponent has left) end a game.\n"
            "• `/brade games` lists your games, those waiting for you first; "
            "`/brade settings your_turn:on` tells you by direct message when it is your "
            "turn. In a direct message with me you can play the computer and solve "
            "problems.\n"
            "• `/brade settings theme:` picks your board colours; `/watch`, `/rating` and "
            "`/tournament` are for watching, ratings and tournaments.",
    # pictures' alt text (the attachment's description, read by screen readers)
    "alt.replay": "Animated replay of game {id}: {white} (White) against {black} (Black), "
                  "{turns} turns, the board after each; {who} wins by {how} ({points}).",
    "alt.analysis": "Analysis of game {id}, {white} against {black}: the board before the "
                    "biggest mistake with the play made and the best play, and a graph of "
                    "each player's winning chances turn by turn.",
    "alt.standings": "Standings of {name}:",
    "alt.bracket": "Bracket of {name}.",
    "alt.round": "Round {n}:",
    "alt.bye": "{who} has a bye",
    "alt.match": "{a} against {b}",
    "alt.won": "{a} against {b}, {winner} won",
    "alt.pending": "to be decided",
    "alt.row": "{place}. {name}, {score} points",
    # rules summaries
    "rules.talisman": "Lyckans Talisman (1956), the baseline. Use as much of the roll as "
                      "possible (the most pips); no bands on your points 2–11; blockades of "
                      "six bands can be burst; you may resign only while your opponent has "
                      "not begun to bear off. Wins: hemspel 1, "
                      "beautiful game 1, munk 2, jan 2, sprängjan 4.",
    "rules.behrens-helmfrid": "Behrens–Helmfrid (2005). Exact bear-off only; entry burst only "
                              "when every first-quarter point is blocked; a burst that makes "
                              "jan wins at once; fifth beautiful game, kejsarspel. Every win "
                              "counts one game; resign at any time.",
    "rules.classic": "Classic (The Board). Use as many dice as possible; at most five bands in "
                     "a row; jan ends the game at once. Hemspel 1, beautiful game 2, uppspel "
                     "3, jan 4, sprängjan 6, munk +1.",
    "rules.vasa": "Vasa competition rules. Max dice; blockades may be built and burst; bear "
                  "off from the rearmost point; a winning step ends the turn. Hemspel 1, "
                  "beautiful game 2, jan 4, sprängjan 6, munk +1.",
    "rules.backgammon": "Backgammon without the doubling cube: single 1, gammon 2, "
                        "backgammon 3. The computer is weaker here than at bräde: against "
                        "GNU Backgammon's network mästare wins a little under half its "
                        "games, gesäll fewer than 2 in 10.",
    "rules.puff-lang": "Lång puff: all checkers enter from the bar and run the same way; "
                       "pasch rolls play both faces.",
    "rules.puff-kontrar": "Konträr puff: the players run in opposite directions.",
    "rules.puff-dubbel-kontrar": "Dubbel konträr puff.",
    # fair dice (docs/dice.md): the commitment in a game's first message, the seed in its last
    "dice.commitment": "🎲 Dice commitment `{commitment}`: the seed behind every roll of "
                       "this game is shown when it ends.",
    "dice.seed": "🎲 Dice seed `{seed}`: check every roll with `/watch export game:{id}{number}` "
                 "and `python -m engine verify FILE`.",
    "dice.number": " number:{n}",
    "history.seed": "Dice seed: `{seed}`",
    "history.commitment": "Dice commitment: `{commitment}` (the seed is shown at the end).",
    "history.no_commitment": "Played before the dice were committed: no dice seed to check.",
    "history.verify": "Check every roll: `/watch export game:{id}` (`number:` for a game of a "
                      "match), then `python -m engine verify FILE`.",
    "watch.export.verify": "Check its dice with `python -m engine verify FILE`.",
    # the bot's own check of a finished game's dice, in words (issue 46)
    "watch.export.matches": "✅ Every roll matches: I checked that all {rolls} rolls follow "
                            "from the game's seed, and that the seed is the one its first "
                            "message committed to, so nobody could choose the dice. To check "
                            "it yourself without installing anything, open brade's page "
                            "`docs/verify.html` in a browser and give it this file.",
    "watch.export.mismatch": "⚠️ This record's dice do not check out: {why}",
}
