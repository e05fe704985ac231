"""Svenska texter.  Nycklarna är desamma som i en.py (ett test kontrollerar det)."""

MESSAGES: dict[str, str] = {
    "computer": "Datorn",
    "computer.name": "Datorn",
    "dur.s": "{n} s", "dur.m": "{n} min", "dur.h": "{n} tim", "dur.d": "{n} dygn",
    "ok": "Klart.",
    "offer": "{challenger} utmanar {opponent} på bräde: **{title}** (`{rules}`){match}. "
             "{opponent}, antar du utmaningen?",
    "offer.match": ", en match om {n} partier",
    "btn.accept": "Anta", "btn.decline": "Avböj",
    "offer.was": "{challenger} utmanade {opponent} på bräde: **{title}** (`{rules}`){match}.",
    "offer.accepted": "✅ {who} antog: partiet följer nedan.",
    "offer.declined": "❌ {who} avböjde.",
    "offer.withdrawn": "↩️ {who} drog tillbaka utmaningen.",
    "offer.cancelled": "↩️ {who} ställde in utmaningen.",
    "offer.lapsed": "⌛ Ingen svarade i tid: utmaningen har gått ut, och kanalen är ledig.",
    "start": "Ett parti börjar: {white} mot {black}, regler `{rules}`.",
    "teka": "Teka: {pairs}. {starts}",
    "teka.pair": "Vit {w}, Svart {b}",
    "teka.tie": "Vit {w}, Svart {b} (lika: om igen)",
    "teka.lower": "Lägsta tärningen börjar: {starter}.",
    "teka.higher": "Högsta tärningen börjar: {starter}.",
    "teka.plays": "Högsta tärningen börjar och spelar båda tärningarna: {starter}.",
    "match.game": "Parti {g} i matchen börjar; förloraren av förra partiet börjar: "
                  "{starter}.",
    "match.game.teka": "Parti {g} i matchen börjar med en egen teka.",
    "match.terms": "Flest poäng efter {n} partier spelade till slut vinner matchen, som slutar "
                   "så snart den som ligger under inte längre kan komma ikapp. Ett uppgivet "
                   "parti ger sina poäng men är inte ett av de {n}: ett parti till spelas.",
    "roll": "{who} slår **{name}** ({dice}).",
    "roll.one_play": "Bara ett drag är möjligt: tryck på det, eller skriv det med "
                     "`/bräde flytta`.",
    "roll.press": "{n} tillåtna drag: tryck på ett, eller skriv det med `/bräde flytta`.",
    "roll.press_or_type": "{n} tillåtna drag: tryck på ett av dem som visas, eller skriv "
                          "vilket som helst med `/bräde flytta` (förslagen visas medan du "
                          "skriver).",
    "roll.choose": "{n} tillåtna drag: skriv ditt med `/bräde flytta` (förslagen visas medan "
                   "du skriver).",
    "roll.forfeit": "Inget tillåtet drag: slaget fåtas.",
    "played": "{who} spelade {name} ({dice}): `{play}`",
    "played.named": "{who} spelade {name} ({dice}) som **{as_name}** ({as_dice}): `{play}`",
    "to_name": "{who}, {dice} är generalpaschen: spela slaget som det föll, eller välj "
               "valfri pasch.",
    "btn.as_rolled": "Som det föll ({dice})",
    "btn.pasch": "{name} ({dice})",
    "named": "{who} spelar det som **{name}** ({dice}).",
    "named.as_rolled": "{who} spelar slaget som det föll.",
    "to_roll": "{who}, din tur ({side}): tryck **Slå**.",
    "to_roll_one": "{who}, din tur ({side}): den här gången slår du bara en tärning; tryck "
                   "**Slå en tärning**.",
    "btn.roll": "Slå", "btn.roll_one": "Slå en tärning",
    "btn.play": "Spela {play}", "btn.column": "Bygg kolonnen (6 brickor till 7)",
    "btn.kejsarspel": "Kejsarspel!",
    "win": "🏆 {who} vinner med {how} ({points} {unit}).",
    "match.score": "Matchställning efter parti {g}: {white} {w} – {b} {black} i poäng; "
                   "spelade {c} av de {n} partier som räknas.",
    "match.now": "Match: {white} {w} – {b} {black} i poäng; parti {g}, spelade {c} av de {n} "
                 "partier som räknas.",
    "match.resigned": "Parti {g} gavs upp: poängen räknas, men ett uppgivet parti är inte ett "
                      "av de {n}, så ett parti till spelas.",
    "match.line": "    Parti {n}: {who}, {how}, {points}",
    "match.line.extra": " (uppgivet: inte ett av de {n})",
    "match.won": "🏆 {who} vinner matchen med {hi}–{lo}!",
    "match.won.early": "{who} kan inte längre komma ikapp: inte ens {value} poäng i vart och "
                       "ett av de {r} partier som återstår skulle räcka.",
    "match.won.early.one": "{who} kan inte längre komma ikapp: inte ens {value} poäng i det "
                           "sista partiet skulle räcka.",
    "match.won.all": "Alla {n} partier som räknas är spelade: flest poäng vinner.",
    "match.won.ticks": "Lika i poäng: plus och minus avgör.",
    "show": "{white} mot {black}, regler `{rules}`.",
    "show.over": "Senaste partiet här: {white} mot {black}, regler `{rules}`.",
    "resign.confirm": "Ge upp partiet? Motståndaren får {points} poäng.",
    "resign.refused": "Du får inte ge upp: {reason}. Du kan lämna partiet i stället; "
                      "det räknas som jan för motståndaren ({points} poäng).",
    "resign.cancelled": "Bra, partiet fortsätter.",
    "btn.resign": "Ja, ge upp", "btn.abandon": "Lämna partiet", "btn.keep": "Spela vidare",
    "resigned": "{who} gav upp – {winner} vinner ({points} {unit}).",
    "abandoned": "{who} lämnade partiet – {winner} vinner med {how} ({points} {unit}).",
    "abort.asked": "{who} vill avbryta partiet utan resultat. {other}, godkänn med knappen "
                   "eller `/bräde avbryt`.",
    "btn.abort": "Avbryt partiet",
    "aborted": "Partiet avbröts av {who}; det får inget resultat.",
    "aborted.moderator": "Partiet avbröts av en moderator, {who}, som inte spelar i det; "
                         "det får inget resultat.",
    "remind": "⏰ {who}, det är din tur (väntat i {since}).",
    "remind.claim": "⏰ {who} har inte spelat på {since}. {other} kan nu kräva partiet "
                    "(räknas som lämnat).",
    "btn.claim": "Kräv partiet",
    "claimed": "{who} krävde partiet: {absent} spelade inte i tid.",
    "history.head": "Partiprotokoll (`{rules}`):",
    "history.teka": "Teka: Vit {w}, Svart {b}",
    "history.named": "{rolled} som {named}",
    "history.end": "{who} vann med {how}: {points} {unit}",
    "history.aborted": "Avbrutet.",
    "history.no_play": "inget drag",
    "history.empty": "Inga drag spelade ännu.",
    "rules.summary": "**{title}** (`{name}`)\n{text}",
    "hint.ai": "Datorns bästa drag:",
    "hint.simple": "Dragen ordnade efter en enkel tumregel:",
    "settings.saved": "Sparat: språk {lang}, standardregler `{rules}`.",
    "err.stale": "Den knappen hör till ett drag som redan är gjort; inget ändrades.",
    "err.conflict": "Något annat ändrade detta i samma ögonblick, så inget ändrades. "
                    "Försök igen.",
    "err.game.none": "Det finns inget parti i den här kanalen. Starta ett med `/bräde ny`.",
    "err.game.not_started": "Partiet har inte antagits än.",
    "err.game.roll_first": "Slå tärningarna först.",
    "err.game.name_first": "Välj först hur generalpaschen ska spelas: tryck på en knapp vid "
                           "brädet, eller skriv `/bräde flytta` med slaget som det föll "
                           "({dice}) eller en pasch som `6-6`. `/bräde visa` visar brädet "
                           "igen.",
    "err.game.bad_name": "”{text}” är inget val här: skriv slaget som det föll ({dice}) eller "
                         "en pasch, `1-1` till `6-6`.",
    "err.not_player": "Du spelar inte i det här partiet, men du får gärna titta på.",
    "err.not_your_turn": "Det är inte din tur; {who} ska spela.",
    "err.new.self": "Du kan inte spela mot dig själv. Välj en annan medlem, eller utelämna "
                    "motståndaren för att spela mot datorn.",
    "err.new.bot": "Bottar kan inte spela. Utelämna motståndaren för att spela mot datorn.",
    "err.new.no_ai": "Datormotståndaren är inte tillgänglig.",
    "err.new.level": "Okänd nivå; välj en av {levels}.",
    "err.hint.tournament": "Tips är avstängda i turneringspartier.",
    "err.hint.league": "Tips är avstängda i lagligans partier.",
    "err.new.busy": "Ett parti pågår redan i den här kanalen. Spela klart det, eller starta "
                    "ditt i en tråd:",
    "err.new.match_length": "En match är ett udda antal partier, från 1 till {most}.",
    "err.accept.not_you": "Bara {who} kan anta den här utmaningen.",
    "err.decline.not_you": "Bara de två spelarna kan avböja utmaningen.",
    "err.abort.not_allowed": "Bara spelarna, eller någon med behörigheten Hantera kanaler, får "
                             "avbryta.",
    "err.abort.already_asked": "Du har redan frågat; väntar på att {who} godkänner.",
    "err.claim.your_turn": "Det är din egen tur; du kan inte kräva partiet.",
    "err.claim.too_early": "Du kan kräva partiet om {left} om motståndaren fortfarande inte "
                           "har spelat.",
    "err.settings.not_allowed": "Bara medlemmar med behörigheten Hantera server får ändra inställningarna.",
    "err.settings.guild_only": "Inställningar finns bara i en server.",
    "err.internal": "Förlåt, något gick fel hos mig. Inget ändrades; försök igen.",
    "err.unposted": "Klart: det är sparat, men brädet kunde inte postas (Discord tog inte emot "
                    "meddelandet). `/bräde visa` postar det igen.",
    "err.computer_later": "Ditt drag är sparat, men datorn kunde inte svara just nu. Den spelar "
                          "själv om en stund; `/bräde visa` visar partiet.",
    "err.dm": "Bräde spelas i en serverkanal.",
    "btn.thread": "Starta det i en ny tråd",
    "thread.name": "Bräde: {a} mot {b}",
    "thread.opened": "Öppnade {thread} för ert parti.",
    "player.unknown": "en spelare",
    "err.game.over": "Det här partiet är slut. Starta ett nytt med `/bräde ny`, eller tryck "
                     "på ”Spela igen” på dess sista bräde.",
    "err.offer.closed": "Den här utmaningen gäller inte längre.",
    "err.offer.expired": "Den här utmaningen har gått ut; starta en ny med `/bräde ny`.",
    "btn.rematch": "Spela igen",
    "err.rematch.league": "Ett parti i lagligan har ingen ”Spela igen”: lagkaptenerna sätter "
                          "borden. Vill ni mötas igen, använd `/bräde ny` i en annan kanal.",
    "err.rematch.tournament": "Ett turneringsparti har ingen ”Spela igen”: turneringen lottar "
                              "sina matcher. Vill ni mötas igen, använd `/bräde ny` i en "
                              "annan kanal.",
    "yes": "ja", "no": "nej",
    "err.settings.theme": "Okänt tema; välj ett av {themes}.",
    "settings.server_prefs": "Sparat för servern: en tråd per parti {threads}, "
                             "brädtema {theme}.",
    "settings.my_theme": "Dina bräden ritas nu med temat {theme}.",
    "settings.server_default": "serverns",
    "settings.view.server": "**Den här servern**: språk {lang}, standardregler `{rules}`, "
                            "en tråd per parti {threads}, brädtema {theme}. "
                            "(Ändras av medlemmar med Hantera server.)",
    "settings.view.mine": "**Du**: brädtema {theme}; ett drag du väljer i menyn "
                          "{confirm}; slå åt mig {roll}.",
    "settings.view.confirm": "visas först och räknas på **Bekräfta**",
    "settings.view.at_once": "räknas direkt",
    "settings.view.on": "på", "settings.view.off": "av",
    # inställningarnas värden i ord (issue 46)
    "settings.lang.sv": "svenska", "settings.lang.en": "engelska",
    "settings.lang.auto": "automatiskt (från Discord)",
    "settings.theme.classic": "klassiskt", "settings.theme.contrast": "kontrast",
    # ett första partis välkomst: kort, så att partiet ovanför syns på en telefon; knappen
    # visar hela hjälpen i dess ställe
    "help.first": "👋 Välkommen till bräde! När det är din tur: tryck **Slå** på partiets "
                  "bräde, tryck på ditt drag och sedan **Bekräfta**. **Så spelar du** berättar "
                  "resten.",
    "btn.help": "Så spelar du",
    "help": "**Bräde här, i korthet**\n"
            "• `/bräde ny` utmanar en medlem (`motståndare:`) eller, om du lämnar den tom, "
            "datorn; `match:` gör det till en match, `regelverk:` väljer regler.\n"
            "• Tryck **Slå** när det är din tur: dina tärningar läggs till meddelandet med "
            "motståndarens senaste drag, så att varje drag står kvar i kanalen.\n"
            "• Brädet ligger still: Vit nederst (mot datorn: du själv), med båda spelarnas nummer; "
            "varje drag skrivs i sin spelares egna nummer.\n"
            "• Välj ditt drag på brädet genom att trycka: en knapp eller menyn med alla "
            "tillåtna drag; draget ritas på brädet och gäller när du trycker **Bekräfta**. "
            "Eller skriv det med `/bräde flytta` (den föreslår dina tillåtna drag; tungor som "
            "`1/7 20/ut`).\n"
            "• `/bräde tips` föreslår drag, `/bräde visa` visar brädet igen, "
            "`/bräde historik` listar dragen, `/bräde regler` förklarar reglerna.\n"
            "• `/bräde problem` ger dig en ställning att lösa, anpassad efter din "
            "problemranking; svara med `/bräde problem svar:`.\n"
            "• `/bräde ge-upp`, `/bräde avbryt` (båda spelarna är överens) och "
            "`/bräde kräv` (motståndaren har försvunnit) avslutar ett parti.\n"
            "• `/bräde partier` listar dina partier, de som väntar på dig först; "
            "`/bräde inställningar din-tur:på` säger till i ett direktmeddelande när det är "
            "din tur. I ett direktmeddelande med mig kan du spela mot datorn och lösa "
            "problem.\n"
            "• `/bräde inställningar tema:` väljer dina brädfärger; `/titta`, `/ranking` och "
            "`/turnering` är till för att titta på partier, ranking och turneringar.",
    "alt.replay": "Animerad repris av parti {id}: {white} (Vit) mot {black} (Svart), "
                  "{turns} drag, brädet efter varje; {who} vinner med {how} ({points}).",
    "alt.analysis": "Analys av parti {id}, {white} mot {black}: brädet före det största "
                    "misstaget med draget som spelades och det bästa draget, och en kurva "
                    "över båda spelarnas vinstchanser drag för drag.",
    "alt.standings": "Tabell för {name}:",
    "alt.bracket": "Spelschema för {name}.",
    "alt.round": "Rond {n}:",
    "alt.bye": "{who} har frirond",
    "alt.match": "{a} mot {b}",
    "alt.won": "{a} mot {b}, {winner} vann",
    "alt.pending": "inte avgjort än",
    "alt.row": "{place}. {name}, {score} poäng",
    "rules.talisman": "Lyckans Talisman (1956), grundreglerna. Utnyttja slaget så långt det "
                      "går (flest ögon); inga band på dina tungor 2–11; blockader av sex "
                      "band kan sprängas; ge upp får man bara så länge motståndaren inte har "
                      "börjat spela hem. Vinster: hemspel 1, vackert "
                      "spel 1, munk 2, jan 2, sprängjan 4.",
    "rules.behrens-helmfrid": "Behrens–Helmfrid (2005). Bara jämnt hem; inspelningssprängning "
                              "bara när alla tungor i första kvarteret är blockerade; en "
                              "sprängning som gör jan vinner genast; femte vackra spelet, "
                              "kejsarspel. Varje vinst räknas som ett parti; ge upp när som "
                              "helst.",
    "rules.classic": "Klassiska regler (The Board). Använd så många tärningar som möjligt; "
                     "högst fem band i rad; jan avslutar partiet genast. Hemspel 1, vackert "
                     "spel 2, uppspel 3, jan 4, sprängjan 6, munk +1.",
    "rules.vasa": "Vasas tävlingsregler. Flest tärningar; blockader får byggas och sprängas; "
                  "spela hem från bakersta tungan; ett vinnande steg avslutar draget. Hemspel "
                  "1, vackert spel 2, jan 4, sprängjan 6, munk +1.",
    "rules.backgammon": "Backgammon utan dubbleringstärning: enkelt 1, gammon 2, "
                        "backgammon 3. Datorn är svagare här än i bräde: mot GNU Backgammons "
                        "neurala nät vinner mästare knappt hälften av partierna, gesäll "
                        "färre än 2 av 10.",
    "rules.puff-lang": "Lång puff: alla brickor spelas in från baren och går åt samma håll; "
                       "pasch spelar båda sidorna.",
    "rules.puff-kontrar": "Konträr puff: spelarna går åt motsatta håll.",
    "rules.puff-dubbel-kontrar": "Dubbel konträr puff.",
    # rättvisa tärningar (docs/dice.md): åtagandet i partiets första meddelande, fröet i dess sista
    "dice.commitment": "🎲 Tärningsåtagande `{commitment}`: fröet bakom varje slag i partiet "
                       "visas när det är slut.",
    "dice.seed": "🎲 Tärningsfrö `{seed}`: kontrollera varje slag med "
                 "`/titta exportera parti:{id}{number}` och `python -m engine verify FIL`.",
    "dice.number": " nummer:{n}",
    "history.seed": "Tärningsfrö: `{seed}`",
    "history.commitment": "Tärningsåtagande: `{commitment}` (fröet visas när partiet är slut).",
    "history.no_commitment": "Spelat innan tärningarna förbands: inget tärningsfrö att "
                             "kontrollera.",
    "history.verify": "Kontrollera varje slag: `/titta exportera parti:{id}` (`nummer:` för ett "
                      "parti i en match), sedan `python -m engine verify FIL`.",
    "watch.export.verify": "Kontrollera dess tärningar med `python -m engine verify FIL`.",
    # botens egen kontroll av ett avslutat partis tärningar, i ord (issue 46)
    "watch.export.matches": "✅ Varje slag stämmer: jag har kontrollerat att alla {rolls} slag "
                            "följer av partiets frö, och att fröet är det som partiets första "
                            "meddelande förband sig vid, så ingen kunde välja tärningarna. "
                            "Kontrollera själv utan att installera något: öppna brades sida "
                            "`docs/verify.html` i en webbläsare och ge den den här filen.",
    "watch.export.mismatch": "⚠️ Protokollets tärningar stämmer inte: {why}",
}
