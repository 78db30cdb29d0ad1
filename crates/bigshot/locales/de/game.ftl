# Big Shot im Browser (crates/bigshot/web/view.js).

big-shot-colour = { $colour ->
    [red] Rot
    [orange] Orange
    [ivory] Elfenbein
    [purple] Lila
   *[other] { $colour }
}
big-shot-colour-neutral = { $colour } (neutral)
big-shot-cube = Würfel in { $colour }
big-shot-space = Auktionsfeld { $space }
big-shot-space-broker = Auktionsfeld { $space } (Makler)
big-shot-broker-title = der Makler
big-shot-broker = Makler
big-shot-park = Park, verdoppelt die Grundstücke daneben
big-shot-worth = { $value } Mio. wert
big-shot-sold-to = verkauft an { $colour } ({ $name })
big-shot-sold-nobody = an niemanden verkauft
big-shot-sold = VERKAUFT
big-shot-neutral = neutral
big-shot-nobody = niemand
big-shot-die = der Würfel
big-shot-over = Das Spiel ist nach Runde { $round } vorbei
big-shot-round = Runde { $round } von { $rounds } · { $name } würfelt
big-shot-won-cubes = Ersteigerte Würfel:
big-shot-standing-bid = Höchstgebot { $bid } Mio. von { $name }
big-shot-passed-list = Gepasst: { $names }
big-shot-more-than = mehr als deine { $cash } Mio.
big-shot-phase-roll = { $name } würfelt
big-shot-phase-loans = { $name } darf vor dem Bieten einen Kredit aufnehmen
big-shot-phase-bidding = { $name } bietet oder passt
big-shot-phase-pay = { $name } wählt die Farbe, die bezahlt
big-shot-phase-place = { $name } setzt die ersteigerten Würfel
big-shot-board-label = Die Stadt und die Auktionsfelder um sie herum
big-shot-bid-range = Mindestgebot { $min } Mio. · du kannst bis { $cash } Mio. bieten
big-shot-bid-label = dein Gebot in Millionen
big-shot-bid = Bieten
big-shot-choose-cube = Wähle einen Würfel und klicke dann ein hervorgehobenes Grundstück.
big-shot-passed = gepasst
big-shot-ious = { $count ->
    [one] ein Schuldschein
   *[other] { $count } Schuldscheine
}

## Die Optionen in der Lobby

big-shot-option-hidden-money = Verdecktes Geld
big-shot-option-hidden-money-help = Variante mit verdecktem Geld: Das Bargeld jedes Spielers bleibt bis zum Ende geheim, Kredite nur vor dem Bieten

## Was das Spiel in Rust schreibt (crates/bigshot/src/words.rs): Plätze, Würfel, das Protokoll

big-shot-seat = { $colour ->
    [red] Rot
    [orange] Orange
    [ivory] Elfenbein
    [purple] Lila
   *[other] Platz { $number }
}
big-shot-cube-count = { $count ->
    [one] ein Würfel
   *[other] { $count } Würfel
} in { $colour }
# Each colour counts its own cubes, so the total adds nothing here.
big-shot-cubes = { $total ->
    [one] { $list }
   *[other] { $list }
}
big-shot-cubes-none = keine Würfel
big-shot-list = { $head }, { $tail }
big-shot-list-and = { $head } und { $last }
big-shot-empty = {""}

big-shot-ev-round = Runde { $round }: { $seat } würfelt.
big-shot-ev-rolled = { $seat } würfelt eine { $die }: Der Makler zieht von Auktionsfeld { $from } auf Auktionsfeld { $to } ({ $cubes } zur Versteigerung).
big-shot-ev-loan = { $seat } nimmt einen Kredit für { $colour } auf: erhält { $received } Mio. und einen Schuldschein ({ $colour } hat jetzt { $ious ->
    [one] einen Schuldschein
   *[other] { $ious } Schuldscheine
}).
big-shot-ev-declined = { $seat } nimmt keinen Kredit auf.
big-shot-ev-bidding = Das Bieten beginnt bei { $seat }.
big-shot-ev-bid = { $seat } bietet { $amount } Mio.
big-shot-ev-passed = { $seat } passt.
big-shot-ev-won = { $seat } ersteigert die Würfel für { $amount } Mio.
big-shot-ev-free = Niemand bietet: { $seat } bekommt die Würfel umsonst.
big-shot-ev-paid = { $seat } zahlt { $amount } Mio. aus dem Geld von { $colour }.
big-shot-ev-placed = { $seat } setzt einen Würfel in { $colour } auf Grundstück { $lot }.
big-shot-ev-sold = { $end ->
    [yes] Bei Spielende geht Grundstück { $lot } an { $owner }
   *[no] Grundstück { $lot } geht an { $owner }
} ({ $cubes }).
big-shot-ev-sold-player = { $end ->
    [yes] Bei Spielende geht Grundstück { $lot } an { $owner }, die Farbe von { $seat }
   *[no] Grundstück { $lot } geht an { $owner }, die Farbe von { $seat }
} ({ $cubes }).
big-shot-ev-sold-nobody = { $end ->
    [yes] Bei Spielende geht Grundstück { $lot } an niemanden
   *[no] Grundstück { $lot } geht an niemanden
} ({ $cubes }).
big-shot-ev-over = Das Spiel ist vorbei.

## Aufforderungen, Züge und ihre Wirkung

big-shot-prompt-roll = Würfle, um den Makler zu ziehen
big-shot-prompt-loans = Vor dem Bieten: Kredit aufnehmen ({ $amount } Mio. erhalten, 10 Mio. Schulden) oder ablehnen
big-shot-prompt-bid = Biete mindestens { $min } Mio. { $hidden ->
    [yes] oder passe
   *[no] (du kannst { $cash } Mio. zahlen) oder passe
} – { $standing }
big-shot-standing = Höchstgebot { $bid } Mio. von { $seat }
big-shot-no-bid = noch kein Gebot
big-shot-prompt-pay = Wähle die Farbe, die die { $bid } Mio. bezahlt
big-shot-prompt-place = Setze die ersteigerten Würfel einzeln (noch übrig: { $cubes })
big-shot-prompt-over = Das Spiel ist vorbei

big-shot-act-roll = Würfeln
big-shot-act-loan = Kredit für { $colour } aufnehmen (+{ $amount } Mio., 1 Schuldschein)
big-shot-effect-loan = +{ $amount } Mio., 10 Mio. Schulden
big-shot-act-decline = Kein Kredit
big-shot-act-bid = { $amount } Mio. bieten
big-shot-act-pass = Passen
big-shot-act-pay = Mit { $colour } bezahlen
big-shot-effect-pay = hat { $coins } Mio.
big-shot-act-place = { $colour } auf { $lot } setzen
big-shot-effect-empty = { $park ->
    [yes] Park
   *[no] { $value } Mio.
}, leer
big-shot-effect-has = { $park ->
    [yes] Park
   *[no] { $value } Mio.
}, belegt: { $cubes }

## Ablehnungen, jede mit ihrer Regel

big-shot-err-over = das Spiel ist vorbei
big-shot-err-not-your-turn = { $seat } ist nicht am Zug ({ $current } ist dran)
big-shot-err-wrong-step = das geht jetzt nicht: { $expected }
big-shot-step-roll = zuerst würfelt, wer in dieser Runde an der Reihe ist
big-shot-step-loans = vor dem Bieten nimmt jeder Spieler einen Kredit auf oder lehnt ab
big-shot-step-bidding = die Versteigerung läuft: bieten oder passen
big-shot-step-pay = wer ersteigert hat, wählt die Farbe, die bezahlt
big-shot-step-place = wer ersteigert hat, setzt die ersteigerten Würfel
big-shot-step-over = das Spiel ist vorbei
big-shot-err-bid-too-low = ein Gebot muss mindestens { $min } Mio. betragen (1 Mio. mehr als das Höchstgebot), nicht { $bid } Mio.
big-shot-err-bid-above-cash = mit { $cash } Mio. Bargeld kannst du nicht { $bid } Mio. bieten (ein Gebot darf nie höher sein als das Geld, mit dem es bezahlt wird)
big-shot-err-loan-twice = du hast in dieser Runde schon einen Kredit aufgenommen (ein Kredit pro Runde)
big-shot-err-loan-after-bidding = Kredite gibt es nur, bevor das Bieten beginnt (bei 2 Spielern und in der Variante mit verdecktem Geld)
big-shot-err-not-your-colour = { $colour } ist nicht deine Farbe
big-shot-err-cannot-pay = { $colour } hat { $coins } Mio. und kann das Höchstgebot von { $bid } Mio. nicht bezahlen (eine Farbe bezahlt alles)
big-shot-err-no-such-cube = du hast keinen Würfel in { $colour } mehr zu setzen (ersteigert: { $hand })
big-shot-err-no-such-lot = auf diesem Spielplan gibt es kein Grundstück Nummer { $lot }
big-shot-err-lot-sold = Grundstück { $lot } ist verkauft (abgerechnet beim 7. Würfel, höchstens 7 pro Grundstück) und nimmt keine Würfel mehr

## Geld, die Wertung und der Besitz (crates/bigshot/src/present.rs, describe.rs; web/view.js).
## $amount ist eine Zahl, deutsch gegliedert (1.200).

# Geld, in Millionen.
big-shot-money = { $amount } Mio.
big-shot-score-column = { $column ->
    [coins] Geld
    [lots] Grundstücke
    [debt] Schulden
    [status] Vermögen
    [owned] Besitz
    [best] Bestes
   *[may-win] Siegfähig
}
big-shot-score-may-win = { $eligible ->
    [yes] ja
   *[no] nein
}
big-shot-score-note = Vermögen ist Geld plus Grundstücke minus 10 Mio. je Schuldschein; wer gewinnen will, braucht mindestens 2 Grundstücke (zu zweit: mit jeder Farbe).
big-shot-score-no-winner = Niemand besitzt genug Grundstücke, um zu gewinnen.
big-shot-held-coins = Geld ({ $colour })
big-shot-held-ious = Schuldscheine ({ $colour })
big-shot-held-loans = Kredite

## Die Anmerkung der Lobby zu jeder Bot-Stufe (wie LEVEL_NOTES in src/evaluate.rs).

big-shot-bot-note-random = irgendein erlaubter Zug, zufällig gewählt
big-shot-bot-note-heuristic = entscheidet gierig für sich; schlägt random in etwa 19 von 20 Partien
big-shot-bot-note-easy = schlägt heuristic in etwa 9 von 10 Partien
big-shot-bot-note-normal = schlägt easy in etwa 8 von 10 Partien
big-shot-bot-note-hard = schlägt normal in etwa 9 von 10 Partien

## Die Wörter der Browser-Ansicht (web/view.js)

big-shot-lot-title = { $lot }: { $what }
big-shot-cube-letter = { $colour ->
    [red] R
    [orange] O
    [ivory] E
    [purple] L
   *[other] ?
}
big-shot-district = { $name ->
    [North] Nord
    [South] Süd
    [East] Ost
    [West] West
   *[other] { $name }
}

## Das Terminal (crates/bigshot/src/terminal.rs, present.rs): der Tisch, den `boardroom play`
## zeichnet, seine Hilfe, die Zeile der Einstellungen und die Schlusswertung.

big-shot-term-config = Big Shot{ $hidden ->
    [yes] {" "}(verdecktes Geld)
   *[no] {""}
}, { $players } Spieler{ $board ->
    [none] {""}
   *[other] , Spielplan `{ $board }`
}
big-shot-term-spaces = Auktionsfelder (im Uhrzeigersinn; * Makler):
big-shot-term-city = Stadt:
big-shot-term-sold = VERKAUFT an { $owner }
big-shot-term-sold-nobody = VERKAUFT an niemanden
big-shot-term-round = Runde { $round }/{ $rounds } · { $name } würfelt
big-shot-term-last-roll = zuletzt gewürfelt: { $die }
big-shot-term-standing = Höchstgebot { $bid } Mio. von { $name }
big-shot-term-no-bid = noch kein Gebot
big-shot-term-auction = Versteigerung von Auktionsfeld { $space } ({ $cubes }): { $standing }
big-shot-term-places = { $name } setzt: { $cubes }
big-shot-term-player = Spieler
big-shot-term-colours = Farben
big-shot-term-coins = Geld
big-shot-term-ious = Schuldscheine
big-shot-term-notes = Hinweise
big-shot-term-to-act = am Zug
big-shot-term-passed = gepasst
big-shot-term-borrowed = hat in dieser Runde einen Kredit
big-shot-term-neutral = (Lila ist die neutrale Farbe: Sie bietet nie)
big-shot-term-lot = { $lot } ({ $park ->
    [yes] Park
   *[no] { $value } Mio.
}, { $held ->
    [0] leer
   *[other] { $held }/{ $capacity }: { $cubes }
})
big-shot-term-help =
    Tippe die Nummer eines Zugs aus der Liste oder den Zug selbst in der Notation:
      roll | loan | loan red | decline | bid 5 | pass | pay ivory | place red W9
    Farben: red (Rot), orange (Orange), ivory (Elfenbein), purple (Lila), kurz R, O, I, P. Grundstücke mit ihrer Nummer auf dem Spielplan (W9, Wx2, N16 …).
