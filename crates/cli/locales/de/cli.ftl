# Die Texte des Kommandozeilenprogramms: der Bericht des Simulators, sein Fortschrittsbalken und
# seine Grafik. JSON und CSV sind für Programme und bleiben sprachfrei.

## boardroom simulate: die Auswertung eines Laufs

sim-header = { $config }: { $games ->
        [one] eine Partie
       *[other] { $games } Partien
    } ab Seed { $seed } auf { $threads ->
        [one] einem Thread
       *[other] { $threads } Threads
    }
sim-header-rotated = { sim-header }; die Bots wechseln die Plätze
sim-col-seat = Platz
sim-col-bot = Bot
sim-col-wins = Siege
sim-col-win-pct = Sieg-%
sim-col-ci = 95-%-KI
sim-col-mean-score = Ø Punkte
sim-col-seats = Plätze
sim-col-win-per-seat = Sieg-%/Platz
sim-rotated = rotiert
sim-final-money = Geld am Ende
sim-final-score = Punkte am Ende
sim-turns = Runden je Partie
sim-decisions = Entscheidungen je Partie
sim-stat-per-game = { $stat } je Partie
sim-interval = [{ $low }; { $high }]
sim-quantiles = Min. { $min } | 10 % { $p10 } | 25 % { $p25 } | Median { $p50 } | 75 % { $p75 } | 90 % { $p90 } | Max. { $max }
sim-speed = { $rate } Partien pro Sekunde ({ $seconds } s)

## boardroom simulate --compare: mehrere Läufe nebeneinander

sim-compare-header = { $games ->
        [one] eine Partie
       *[other] { $games } Partien
    } je Regelwerk ab Seed { $seed } (gleiche Seeds), Bots: { $bots }
sim-compare-win-pct = Sieg-% { $seat } ({ $bot })
sim-compare-win-per-seat = Sieg-%/Platz { $bot }
sim-median-money = Median Geld am Ende
sim-median-score = Median Punkte am Ende
sim-mean-turns = Ø Runden
sim-mean-decisions = Ø Entscheidungen

## Der Fortschrittsbalken

sim-progress-games = Partien
sim-progress-eta = noch

## boardroom simulate --plot

sim-plot-scores = { $label }: Punkte am Ende je Bot
sim-plot-score-axis = Punkte am Ende
sim-plot-share-axis = Anteil der Spieler
sim-plot-wins = { $label }: Siegquote je Platz (95-%-KI)
sim-plot-seat-axis = Platz (Balken von links nach rechts in Platzreihenfolge; siehe Legende)
sim-plot-win-axis = Siegquote
sim-plot-seat-legend = { $seat } ({ $bot }): { $rate } %
sim-plot-par = Erwartung (1 / Spieler)

## boardroom play: die eigenen Worte des Terminals um die des Spiels (das Spiel schreibt seinen
## Tisch, das Protokoll, die Aufforderungen und die Züge). Die Befehlswörter ($help, $board,
## $quit, $wait, $back) sind die der Sprache; die englischen werden in jeder Sprache verstanden.

play-header = { $config }, Seed { $seed }. Plätze: { $seats }
play-seat = { $name } = { $who }
play-human = Mensch
play-type-help = Tippe bei jeder Frage `{ $help }`, um die Notation zu sehen.
play-hand-over = { $name } ist am Zug. Gib die Tastatur an { $name } weiter und drücke die Eingabetaste.
play-input-ended-unfinished = Die Eingabe ist zu Ende; das Spiel bleibt unvollendet.
play-left-unfinished = Das Spiel bleibt unvollendet.
play-record-in = Die Aufzeichnung steht in { $path }.
play-record-replay = Die Aufzeichnung steht in { $path }; `boardroom replay { $path }` zeigt sie noch einmal.
play-which-one = { $group }: Welche? (`{ $back }` für die Liste)
play-or-wait = (oder `{ $wait }`, um die anderen zuerst handeln zu lassen)
play-input-ended = Die Eingabe ist zu Ende.
play-no-move = es gibt keinen Zug { $number }: Wähle 1–{ $count }
play-bad-input = „{ $input }“ ist weder eine Nummer der Liste noch ein Befehl noch ein Zug: { $reason }
play-commands = Befehle: { $board } (zeigt den Tisch), { $help } (diese Hilfe), { $quit } (verlässt das Spiel).
play-player = Spieler
play-bot-illegal = { $name } hat einen unerlaubten Zug gewählt, `{ $action }`: { $reason }
play-seats-mismatch = { $seats } Plätze angegeben für { $players } Spieler
play-cannot-write-record = die Aufzeichnung { $path } lässt sich nicht schreiben
play-cmd-help = hilfe
play-cmd-board = tisch
play-cmd-quit = ende
play-cmd-wait = warten
play-cmd-back = zurück
