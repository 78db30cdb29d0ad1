# Die Texte der Oberfläche: Lobby, Tischseite und die eigenen Seiten des Servers.

## Sprachen

# Der eigene Name dieser Sprache, im Sprachmenü.
language-name = Deutsch
language = Sprache

## Die Lobby (web/index.html)

lobby-page-title = Boardroom — Wirtschaftsspiele am Brett
lobby-hero-title = Wirtschaftsspiele mit Freunden und Bots.
lobby-hero-text = Eröffne einen Tisch, lade Freunde mit ihren Platz-Links ein und besetze leere Stühle mit Bots.
lobby-new-table = Neuer Tisch
lobby-game = Spiel
howto-open = Spielanleitung
lobby-players = Spieler
lobby-bot-speed = Bot-Tempo
lobby-bot-speed-default = Wie der Server
lobby-bot-speed-slow = Langsam
lobby-bot-speed-normal = Normal
lobby-bot-speed-fast = Schnell
lobby-clock = Uhr
lobby-clock-title = Wie viel Zeit die Uhren des Spiels jedem zum Antworten lassen
lobby-clock-off = Aus: ohne Zeitlimit
lobby-clock-slow = Langsam: doppelte Zeit
lobby-clock-normal = Normal
lobby-clock-fast = Schnell: halbe Zeit
lobby-seat-clocks = Bedenkzeit
lobby-seat-clocks-title = Wie viel Zeit jede Person hat: wer fehlt, wird von einem Ersatz-Bot vertreten
lobby-seat-clocks-none = Keine
lobby-seat-clocks-live = Live: Zeitkonto + Zuschlag
lobby-seat-clocks-turn = Rundenbasiert: je Zug
lobby-clock-bank-label = Zeitkonto in Minuten
lobby-clock-minutes = Min.
lobby-clock-increment-label = Zuschlag je Zug in Sekunden
lobby-clock-seconds-a-move = Sek. je Zug
lobby-clock-absent-before = Ersatz nach
lobby-clock-absent-label = Minuten Abwesenheit, bevor ein Ersatz spielt
lobby-clock-absent-after = Min. Abwesenheit
lobby-per-move-label = Zeit je Zug
lobby-per-move-12 = 12 Stunden je Zug
lobby-per-move-24 = 24 Stunden je Zug
lobby-per-move-72 = 72 Stunden je Zug
lobby-standin = Ersatz
lobby-standin-title = Der Bot, der für jemanden spielt, dessen Zeit abgelaufen ist oder der gegangen ist
lobby-private = Privat
lobby-private-text = Nicht gelistet: fehlt in der Liste der Tische (die Links teilst du selbst)
lobby-hints = Tipps
lobby-hints-text = Tipps für alle erlauben (wer nur gegen Bots spielt, hat sie immer)
lobby-create = Tisch eröffnen
lobby-ready = Dein Tisch ist bereit
lobby-ready-text = Schicke jedem Freund seinen eigenen Platz-Link: Der Link ist der Schlüssel zu seinem Platz. Mit dem Zuschauer-Link kann jeder zusehen.
lobby-my-tables = Meine Tische auf diesem Gerät
lobby-tables = Tische
lobby-no-tables = Noch keine Tische.
lobby-finished = Kürzlich beendet
lobby-no-finished = Noch keine beendeten Tische.

## Die Tischseite (web/table.html)

table-description = ein Tisch auf Boardroom
table-share-title = Den Zuschauer-Link kopieren
table-share = Zuschauer einladen
table-connecting-status = Verbinde…
table-connection = Verbindung
table-offline = Keine Verbindung zum Server: verbinde neu… Bis der Tisch zurück ist, kann nichts gespielt werden.
table-view-label = Der Tisch
table-connecting = Verbinde…
since-title = Seit deinem letzten Zug
table-history-label = Zurücknehmen und Wiederholung
table-replay-label = Wiederholung
table-hints-label = Tipps
table-hint = Tipp
table-players = Spieler
table-log-label = Protokoll
table-log = Protokoll
table-chat-label = Chat
table-chat = Chat
table-chat-messages = Chatnachrichten
table-chat-message = Chatnachricht
table-chat-placeholder = Schreib etwas an den Tisch
table-chat-send = Senden
table-notify-label = Du bist dran, in einem anderen Tab
table-notify-sound = Ton, wenn ich dran bin (Seite verborgen)
table-notify-browser = Browser-Benachrichtigung, wenn ich dran bin
table-away-label = Du bist dran, während du weg bist
table-final-scores = Endwertung
table-rematch = Revanche
table-rematch-go = Zur Revanche
table-replay-game = Partie nachspielen
table-look = Den Tisch ansehen
table-lobby = Lobby

## Ein Tisch, der nicht gezeigt werden kann

missing-unknown-title = Diesen Tisch gibt es nicht
missing-unknown = Diesen Tisch gibt es nicht.
missing-expired-title = Dieser Tisch ist abgelaufen
missing-expired = Dieser Tisch ist abgelaufen: Lange hat niemand an ihm gespielt oder ihn besucht.
missing-damaged-title = Dieser Tisch ist beschädigt
missing-damaged = Die gespeicherte Partie dieses Tisches ist beschädigt und lässt sich nicht nachspielen.
missing-elsewhere-title = Bitte noch einmal
missing-elsewhere = Eine andere Instanz hat diesen Tisch gerade übernommen: Lade die Seite neu.
missing-back = Zurück zur Lobby

## Das Skript der Lobby (web/lobby.js, web/finished.js)

lobby-bot = Bot: { $bot }
lobby-bot-noted = Bot: { $bot } — { $note }
lobby-seat-person = Person (Einladungslink)
lobby-seat-label = Platz { $name }
lobby-open-seat-title = Jeder in der Lobby darf diesen Platz einnehmen
lobby-link-bot = Bot ({ $bot })
lobby-seat-link-label = Link für Platz { $name }
lobby-copy = Kopieren
lobby-sit = Hinsetzen
lobby-spectator-link-label = Zuschauer-Link
lobby-spectators = Zuschauer
lobby-watch = Zusehen
lobby-link-copied = Link kopiert
lobby-copy-by-hand = Markiere den Link und kopiere ihn von Hand
lobby-problem-bank = Das Zeitkonto ist eine ganze Zahl von { $min } bis { $max } Minuten.
lobby-problem-increment = Der Zuschlag je Zug ist eine ganze Zahl von { $min } bis { $max } Sekunden.
lobby-problem-absent = Die Abwesenheit, bevor ein Ersatz spielt, ist eine ganze Zahl von { $min } bis { $max } Minuten.
lobby-create-failed = Der Tisch konnte nicht eröffnet werden
lobby-no-tables-create = Noch keine Tische: Eröffne den ersten.
lobby-seat-state = { $state ->
    [online] { $name }: da
    [away] { $name }: weg
   *[bot] { $name }: Bot { $bot }
}
lobby-finished-state = beendet
lobby-turn = Zug { $turn }
lobby-to-play = { $name } ist dran
lobby-turn-to-play = Zug { $turn } · { $name } ist dran
lobby-your-turn = du bist dran
lobby-play-as = Als { $name } spielen
lobby-join-as = Als { $name } mitspielen
lobby-seat-number = Platz { $number }
lobby-player-count = { $count ->
    [one] ein Spieler
   *[other] { $count } Spieler
}
lobby-claim-failed = Der Platz konnte nicht eingenommen werden
lobby-games-failed = Die Liste der Spiele konnte nicht geladen werden; lade die Seite neu.
lobby-forget-title = Diesen Tisch auf diesem Gerät vergessen
lobby-forget = Vergessen
lobby-table = Tisch
lobby-not-in-play = { $title } { $id } · wird hier gerade nicht gespielt (beendet oder geschlossen)
lobby-clock-of = Uhr von { $name }
lobby-action-count = { $count ->
    [one] ein Zug
   *[other] { $count } Züge
}
lobby-won-by = gewonnen von { $names }
lobby-no-winner = kein Sieger
lobby-replay = Nachspielen

## Die Skripte der Tischseite (web/shell/)

table-id = Tisch { $id }
table-watching = du siehst zu
table-you-are = du bist { $name }
title-watching = Zuschauer
turn-yours = Du bist dran
turn-game-over = Spiel vorbei
replay-status = Wiederholung · Schritt { $step } von { $steps }
undo-you = Zurückgenommen{ $what }
undo-other = { $name } hat einen Zug zurückgenommen{ $what }
seat-none = Dieser Link gehört zu keinem Platz an diesem Tisch.
seat-watch-instead = Stattdessen zusehen
seat-not-seated = Ohne Platz
standin-plays-seat = Ein Ersatz ({ $bot }) spielt { $name } für dich.
standin-plays = Ein Ersatz ({ $bot }) spielt für dich.
standin-take-back = Meinen Platz zurücknehmen
attempt-title = jetzt nicht spielbar: klicken, um den Grund zu sehen
share-copied = Zuschauer-Link kopiert: { $link }
share-link = Zuschauer-Link: { $link }
view-failed = Die Ansicht dieses Spiels konnte nicht geladen werden: { $reason }
rematch-started = Die Revanche hat begonnen
away-webhook-url = Webhook-URL
away-email = E-Mail
away-email-label = E-Mail-Adresse
away-email-placeholder = name@beispiel.de
away-webhook-placeholder = https://… (Discord, Slack, ntfy)
away-told-at = Du wirst benachrichtigt über: { $places }
away-nothing = Nichts mehr eingetragen: Du wirst nicht benachrichtigt, während du weg bist.
away-no-email = Dieser Server verschickt keine E-Mails.
away-webhook = Webhook
away-save = Speichern
away-remove = Entfernen
away-hint = Einmal pro Zug, wenn du seit einer Minute nicht auf dieser Seite warst; nur du siehst diese Angaben.
conn-connected = verbunden
conn-disconnected = getrennt
conn-reconnecting = Verbinde neu…
conn-not-connected = Nicht verbunden: verbinde neu…
hint-thinking = Denke nach…
hint-not-tried = nicht erprobt
hint-win-chance = { $percent } % Siegchance
hint-play-label = { $action } spielen
hint-play = Spielen
howto-close = Spielanleitung schließen
howto-rule-link = Diese Regel in der Spielanleitung öffnen
howto-loading = Lade…
howto-none = Für { $title } gibt es noch keine Regelübersicht.
howto-title = So spielt man { $title }
howto-this-table = dieser Tisch
log-turn = Zug
log-count = { $count ->
        [one] eine Aktion
       *[other] { $count } Aktionen
    }
log-the-clock = Die Uhr
log-timed-out = Die Zeit von { $name } ist abgelaufen: Der Ersatz hat gespielt
log-standin-played = Der Ersatz hat für { $name } gespielt
log-taken-back = zurückgenommen
notify-refused = Der Browser erlaubt dieser Seite keine Benachrichtigungen
player-standin = Ersatz · { $bot }
player-online = da
player-away = weg
player-bot = Bot · { $bot }
player-time-left = verbleibende Zeit
prompt-time-left = Verbleibende Zeit: { $time }
prompt-replay-step = In diesem Schritt: { $names } am Zug (Zug { $turn }).
prompt-replay-ended = In diesem Schritt: Das Spiel ist zu Ende.
prompt-over = Das Spiel ist vorbei.
prompt-bot = { $name } (Bot)
prompt-waiting = Warte auf { $names }…
prompt-show-scores = Wertung zeigen
chooser-label = eine Aktion wählen
chooser-which = Welche?
chooser-cancel = Abbrechen
replay-download = Partie herunterladen
undo-title = Deinen letzten Zug zurücknehmen (nicht, nachdem eine Karte gezogen oder gewürfelt wurde)
undo = Zurücknehmen
replay-jump = Zu einem Zug springen
replay-seat-view = Sicht von { $name }
replay-whose-view = Wessen Sicht
replay-setup = Der Aufbau
replay-start-title = Der Anfang
replay-start = Anfang
replay-back = Schritt zurück
replay-where = Schritt { $step } von { $steps } · { $turnword } { $turn }
replay-forward = Schritt vor
replay-end-title = Das Ende
replay-end = Ende
replay-close = Zurück zum Tisch
scores-winner = Sieger
scores-shared = { $names } teilen sich den Sieg!
scores-won = { $name } ist der { $title }!
scores-you = (du)
players-viewing-as = (Ansicht von)
scores-player = Spieler
since-moves = Züge seit deinem letzten Zug
since-changes = Was sich geändert hat
since-close = Verstanden
since-for-you = Von deinem Ersatz für dich gespielt
since-for-you-timeout = Von deinem Ersatz für dich gespielt, als deine Zeit abgelaufen war
since-for-other = Von einem Ersatz für { $name } gespielt
since-for-other-timeout = Von einem Ersatz für { $name } gespielt, als die Zeit von { $name } abgelaufen war
clock-days-hours = { $days } T. { $hours } Std.

## The lobby's account panel and "My games"
account-title = Konto
account-guest-text = Spiele als Gast mit Platz-Links oder melde dich mit einem Link an, den du per E-Mail bekommst: Dann folgen dir deine Partien auf jedes Gerät.
account-email = E-Mail-Adresse
account-send-link = Anmeldelink per E-Mail schicken
account-signing-in = Anmeldung läuft…
account-name-label = Anzeigename (3 bis 24 Buchstaben, Ziffern, Leerzeichen, - _ .)
account-sign-in = Anmelden
account-signed-in-as = Angemeldet als
account-language = Sprache deiner Seiten und E-Mails
account-sign-out = Abmelden
account-sign-out-everywhere = Überall abmelden
account-my-games = Meine Partien
account-confirm-link = Mit diesem Link anmelden?
account-welcome = Willkommen! Wähle den Namen, den die anderen sehen.
account-not-in-play = gerade nicht im Spiel
account-your-clock = deine Uhr: { $minutes } Min.
lobby-invite-placeholder = einladen (Anzeigename)
lobby-invite-label = Eine angemeldete Person zum Platz { $name } einladen, mit ihrem Anzeigenamen
lobby-link-invited = wartet auf { $name } (eingeladen: nimmt unter „Meine Partien“ an)
account-invited-by = { $name } lädt dich ein
account-accept = Annehmen
account-decline = Ablehnen
account-accepted = Einladung angenommen: der Platz gehört dir
account-declined = abgelehnt
account-sent-waiting = { $name } eingeladen: noch keine Antwort
account-sent-declined = { $name } hat abgelehnt: gib den Link des Platzes an jemand anderen weiter
account-sent-link = Der Link des Platzes, den { $name } abgelehnt hat
account-play = Spielen

## Passkeys: signing in without an e-mail, and the account's passkeys
passkey-or = Oder mit einem Passkey, den dieses Gerät für dich aufbewahrt:
passkey-sign-in = Mit Passkey anmelden
passkey-title = Passkeys
passkey-text = Ein Passkey meldet dich auf diesem Gerät an (mit seiner Bildschirmsperre, dem Fingerabdruck oder dem Gesicht), ganz ohne E-Mail.
passkey-none = Noch keine Passkeys.
passkey-name-label = Name des neuen Passkeys (z. B. das Gerät)
passkey-add = Passkey hinzufügen
passkey-added = Passkey hinzugefügt: Melde dich das nächste Mal damit an
passkey-remove = Entfernen
passkey-added-on = hinzugefügt am { $date }
passkey-used-on = zuletzt benutzt am { $date }
passkey-never-used = noch nie benutzt
passkey-cancelled = Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen: Nichts hat sich geändert
passkey-known = Dieses Gerät hat schon einen Passkey für dein Konto
passkey-failed = Der Browser konnte keinen Passkey benutzen: { $reason }

## Ratings: the lobby's Rated choice, the leaderboards and the profiles
lobby-rated = Gewertet
lobby-rated-text = Gewertet: Das Ergebnis verändert die Wertungen der Spieler (an jedem Platz eine angemeldete Person oder ein Bot)
lobby-leaderboards = Ranglisten
ratings-leaderboards = Ranglisten
ratings-game = Spiel
ratings-rank = Nr.
ratings-player = Spieler
ratings-rating = Wertung
ratings-games = Partien
ratings-won = Gewonnen
ratings-players = Spieler
ratings-ladder-empty = In dieser Rangliste steht noch niemand.
ratings-none-yet = Es wurden noch keine gewerteten Partien gespielt.
ratings-board = { $game } ({ $edition }), { $players } Spieler
ratings-board-short = { $game } ({ $edition })
ratings-board-note = Spieler mit mindestens { $minGames ->
        [one] einer gewerteten Partie
       *[other] { $minGames } gewerteten Partien
    }, die letzte in den vergangenen { $days } Tagen. Eine mit „?“ markierte Wertung ist vorläufig (weniger als { $provisional } Partien).
ratings-provisional = Vorläufig: weniger gewertete Partien, als für eine feste Wertung nötig sind
ratings-profile-title = Profil
ratings-played = Gespielte Partien
ratings-ratings = Wertungen
ratings-no-games = Noch keine gewerteten Partien.
ratings-history = Verlauf der Wertung
ratings-recent = Letzte Partien
ratings-no-such-player = Diesen Spieler gibt es nicht
ratings-member-since = Mitglied seit { $date }
ratings-bot-level = Eine Bot-Stufe: Ihre Wertung ordnet sie in die Rangliste ein.
ratings-plot-label = { $board }: Wertung von { $from } auf { $to } in { $games ->
        [one] einer Partie
       *[other] { $games } Partien
    }
ratings-plot-before = vorher: { $rating }
ratings-plot-after = nach Partie { $game }: { $rating }
ratings-recent-won = { $board }: gewonnen, Wertung { $before } → { $after } ({ $date })
ratings-recent-place = { $board }: Platz { $place }, Wertung { $before } → { $after } ({ $date })
ratings-private-table = { $game } (ein privater Tisch)

## Die E-Mails und Webhooks des Servers: der Anmeldelink, „Du bist am Zug“
signin-mail-subject = Dein Anmeldelink für Boardroom
signin-mail-text = Jemand (hoffentlich du) möchte sich mit dieser Adresse
    bei Boardroom anmelden.

    Öffne diesen Link innerhalb von { $minutes } Minuten, um dich anzumelden;
    er gilt nur einmal:

    { $link }

    Wenn du das nicht warst, ignoriere diese E-Mail:
    Ohne den Link passiert nichts.
notify-invite-subject = { $inviter } lädt dich zu { $title } ein (Tisch { $table })
notify-invite-text = { $inviter } lädt dich an einen Tisch von { $title } ein und hält Platz { $seat } für dich frei. Nimm unter „Meine Partien“ in der Lobby an oder lehne ab:
notify-turn-subject = Du bist am Zug: { $title } (Tisch { $table })
notify-turn-text = Du bist am Zug: { $title } (Tisch { $table }): { $link }

## The games' words written by the server (the Since panel's holdings)

# A holding a seat did not have before, or has no more.
since-none = nichts

## Fehler, die der Server für Menschen schreibt (der `error` einer HTTP-Antwort, die `message`
## eines WebSocket-Fehlers; sein `code` bleibt in jeder Sprache gleich)

error-too-many-tables = gerade wurden zu viele Tische eröffnet; versuche es gleich noch einmal
error-too-many-requests = gerade kamen zu viele Anfragen; versuche es gleich noch einmal
error-no-table-here = hier wird kein solcher Tisch gespielt
error-no-such-table = diesen Tisch gibt es nicht
error-binary-frame = Binärnachrichten werden nicht gelesen: Sende JSON als Text
error-too-many-messages = zu viele Nachrichten: höchstens { $rate } pro Sekunde; Nachrichten darüber werden nicht beachtet
error-too-large = Nachricht mit { $bytes } Bytes abgelehnt: Die Grenze liegt bei { $limit } Bytes (ein Zug in seiner JSON-Form: { $action } Bytes)
error-too-many-costly = zu viele Wiederholungsschritte, Protokolle, Tipps und Adressen von deiner Adresse: höchstens { $rate } pro Sekunde; versuche es gleich noch einmal
error-spectator-address = Zuschauer haben keinen Platz: Nur der Einladungslink eines Platzes kann eine Adresse hinterlassen
error-spectator-rematch = Zuschauer können keine Revanche starten
