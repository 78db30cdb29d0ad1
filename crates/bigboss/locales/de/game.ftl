# Big Boss im Browser (crates/bigboss/web/view.js). Classic spricht wie die Spielanleitung von
# 1994 (Konzern, Grundstück, Baukarte, Etagenkarte, Aktie, Baustein, Stammhaus,
# Eigentümer-Fahne); Modern wie deutsche Spieler die Ausgabe von 2023 nennen (Funkturm).

big-boss-tower = { $kind ->
    [owner-flag] { $count ->
        [one] Eigentümer-Fahne
       *[other] Eigentümer-Fahnen
    }
   *[radio-tower] { $count ->
        [one] Funkturm
       *[other] Funktürme
    }
}
big-boss-tower-on = { $tower } auf { $company }
big-boss-card-built = bebaut
big-boss-card-by = an { $names }
big-boss-card-open = frei
big-boss-card-level = Etage
big-boss-card-storey = { $storey }. Etage
big-boss-company-price = Wert { $price } · noch { $left } Aktien
big-boss-company-hq = Stammhaus auf { $space }
big-boss-company-acquired = Übernommen
big-boss-company-unfounded = Nicht gegründet
big-boss-deck = Stapel
big-boss-deck-title = Baukarten im Stapel
big-boss-deck-cards = { $count ->
    [one] Karte
   *[other] Karten
}
big-boss-row = Auslage
big-boss-levels = Etagen
big-boss-level-cards = { $count ->
    [one] Etagenkarte
   *[other] Etagenkarten
}
big-boss-discard = Ablage
big-boss-played = { $count } gespielt
big-boss-pieces = Bausteine
big-boss-in-supply = im Vorrat
big-boss-share-prices = Wertskala
big-boss-companies = Konzerne
big-boss-hand = Deine Karten
big-boss-hand-of = Karten von { $name }
big-boss-cannot-play = nicht spielbar
big-boss-card-use = Karte { $card }: { $use }
big-boss-card-why = Karte { $card } ist jetzt nicht spielbar: { $why }
big-boss-no-cards = Keine Karten.
big-boss-board-label = Der Spielplan: 72 Grundstücke rund um den Tisch
big-boss-board = Der Spielplan
big-boss-hint-all-passed = Alle Spieler haben nacheinander gepasst.
big-boss-hint-last-piece = Der letzte Baustein ist verbaut.
big-boss-hint-watching = Du siehst zu.
big-boss-hint-wait = Deine Karten liegen unten; gleich bist du dran.
big-boss-hint-turn = Hervorgehobene Karten und Grundstücke lassen sich anklicken.
big-boss-hint-triple = Klicke das erste der drei Grundstücke (hervorgehoben) oder einen Knopf.
big-boss-hint-level-space = Die hervorgehobenen Grundstücke können die Etage aufnehmen.
big-boss-hint-join = Der Konzern mit dem höheren Wert übernimmt dann den anderen.
big-boss-shares-of = { $count ->
    [one] eine Aktie von { $company }
   *[other] { $count } Aktien von { $company }
}
big-boss-money-title = Geld in Millionen
big-boss-hand-size = { $count ->
    [one] eine Karte
   *[other] { $count } Karten
}
big-boss-hand-levels = (davon { $count } Etagen)
big-boss-known-title = Karten, die alle kennen
big-boss-known = bekannt: { $cards }

## Die Optionen in der Lobby

big-boss-option-edition = Ausgabe
big-boss-option-edition-help = Regeln: Modern (die Ausgabe von 2023) oder Classic (die Ausgabe von 1994)
big-boss-option-edition-modern = Modern (2023)
big-boss-option-edition-classic = Classic (1994)

## Was das Spiel schreibt: Plätze, Karten, das Protokoll, Aufforderungen, Züge und Ablehnungen
## (crates/bigboss/src/present.rs, describe.rs, error.rs). $kind ist das Besitzzeichen der
## Regeln: "radio-tower" (Modern, Funkturm) oder "owner-flag" (Classic, Eigentümer-Fahne).

big-boss-seat = { $colour ->
    [red] Rot
    [blue] Blau
    [green] Grün
    [yellow] Gelb
    [purple] Lila
    [orange] Orange
   *[other] Platz { $number }
}
big-boss-card-words = { $kind ->
    [level] eine Etagenkarte
    [storey] die Etagenkarte für die { $storey }. Etage
   *[industry] Karte { $card }
}

big-boss-ev-bought-deck-card = { $seat } kauft { $card } vom Stapel
big-boss-ev-bought-deck = { $seat } kauft eine Karte vom Stapel
big-boss-ev-bought-row = { $seat } kauft Karte { $card } aus der Auslage
big-boss-ev-bought-row-refill = { $seat } kauft Karte { $card } aus der Auslage; { $refill } wird aufgedeckt
big-boss-ev-bought-level = { $seat } kauft eine Etagenkarte
big-boss-ev-played = { $seat } spielt { $card }
big-boss-ev-founded = { $seat } gründet { $company } auf { $a }, { $b } und { $c }
big-boss-ev-founded-double = { $seat } gründet { $company } auf { $a }, { $b } und { $c }, mit zwei Bausteinen auf { $double }
big-boss-ev-built = { $company } baut auf { $space } ({ $level }. Etage)
big-boss-ev-price-capped = { $company } bleibt bei { $price } (Höchstwert)
big-boss-ev-price-rose = { $company } steigt von { $from } auf { $to }
big-boss-ev-payout = { $seat } erhält { $amount } für { $shares ->
    [one] eine Aktie
   *[other] { $shares } Aktien
} von { $company }
big-boss-ev-merged = { $survivor } übernimmt { $acquired }, das aus dem Spiel geht
big-boss-ev-earned = { $seat } erhält { $amount } von { $company }
big-boss-ev-share-bought = { $seat } kauft eine Aktie von { $company } für { $cost }
big-boss-ev-tower-placed = { $seat } setzt für { $cost } sein Besitzzeichen auf { $company }
big-boss-ev-share-sold = { $seat } verkauft eine Aktie von { $company } für { $amount }
big-boss-ev-passed = { $seat } passt
big-boss-ev-turn = { $seat } ist am Zug
big-boss-ev-over-last-piece = Der letzte Baustein ist verbaut: Das Spiel ist aus
big-boss-ev-over-all-passed = Alle Spieler haben nacheinander gepasst: Das Spiel ist aus

big-boss-prompt-buy-or-play = Kaufe eine Karte oder spiele eine aus
big-boss-prompt-play = Spiele eine Karte aus (kaufen kannst du keine: { $why })
big-boss-prompt-buy = Kaufe eine Karte (ausspielen kannst du keine: { $why })
big-boss-prompt-neither = { $hand ->
    [empty] Du hast keine Karten mehr
   *[unplayable] Keine deiner Karten ist spielbar
}, und kaufen kannst du auch keine ({ $why }): { $sell ->
    [yes] Du darfst Aktien verkaufen und dann passen
   *[no] Du kannst nur passen
}
big-boss-why-hand-empty = du hast keine Karten mehr
big-boss-why-none-playable = keine deiner Karten ist spielbar
big-boss-why-nothing-to-buy = es ist keine Karte mehr zu kaufen
big-boss-why-too-poor = eine Karte kostet { $cost }, du hast { $money }
big-boss-prompt-selling = Verkaufe weitere Aktien oder passe
big-boss-prompt-triple = Karte { $card } gründet einen Konzern: Wähle seine drei Grundstücke
big-boss-prompt-double = Wähle das Gründungsgrundstück ({ $start }–{ $end }), das den vierten Baustein bekommt
big-boss-prompt-company = Wähle den Konzern, den du gründest
big-boss-prompt-level-space = Wähle das Grundstück für den Baustein der Etagenkarte
big-boss-prompt-join = Der Baustein verbindet { $left } und { $right }: Welcher Konzern bekommt ihn (+1)?
big-boss-prompt-survivor = { $left } und { $right } haben denselben Wert: Welcher übernimmt den anderen?
big-boss-prompt-invest = { $shares ->
    [0] Kaufe bis zu 2 Aktien, setze { $kind ->
        [owner-flag] eine Eigentümer-Fahne
       *[radio-tower] einen Funkturm
    } auf { $company } oder beende den Zug
    [1] Kaufe noch 1 Aktie, setze { $kind ->
        [owner-flag] eine Eigentümer-Fahne
       *[radio-tower] einen Funkturm
    } auf { $company } oder beende den Zug
   *[other] Setze { $kind ->
        [owner-flag] eine Eigentümer-Fahne
       *[radio-tower] einen Funkturm
    } auf { $company } oder beende den Zug
}
big-boss-prompt-over = Das Spiel ist aus

big-boss-act-buy-deck = Vom Stapel kaufen
big-boss-act-buy-level = Etagenkarte kaufen
big-boss-act-buy-row = Karte { $card } kaufen
big-boss-act-play = { $card } ausspielen
big-boss-act-found = Grundstücke { $a }, { $b }, { $c }
big-boss-act-double = Vierter Baustein auf { $space }
big-boss-act-hq = { $company } gründen
big-boss-act-at = Grundstück { $space }
big-boss-act-join = Baustein an { $company }
big-boss-act-survivor = { $company } übernimmt
big-boss-act-share = Aktie von { $company }
big-boss-act-sell = Aktie von { $company } verkaufen
big-boss-act-tower = { $kind ->
    [owner-flag] Eigentümer-Fahne setzen
   *[radio-tower] Funkturm setzen
}
big-boss-act-end = Zug beenden
big-boss-act-pass = Passen
big-boss-effect-stack = auf { $company } stapeln, { $level }. Etage
big-boss-effect-extend = { $company } erweitern
big-boss-effect-merge = { $a } und { $b } fusionieren
big-boss-effect-found = einen Konzern gründen
big-boss-effect-at = { $company }, { $level }. Etage
big-boss-effect-add-piece = einen Baustein auf ein bebautes Grundstück setzen

big-boss-err-over = das Spiel ist aus
big-boss-err-not-your-turn = { $seat } ist nicht am Zug ({ $current } ist dran)
big-boss-err-wrong-step = das geht jetzt nicht: { $expected }
big-boss-err-cannot-afford = { $what } kostet { $cost }, du hast aber nur { $money } (Geld darf nie unter 0 fallen)
big-boss-err-not-in-hand = { $card } hast du nicht auf der Hand
big-boss-err-level-not-in-hand = { $card } hast du nicht auf der Hand; deine Etagenkarten: { $held }
big-boss-err-not-in-row = Karte { $card } liegt nicht in der Auslage
big-boss-err-deck-empty = der Stapel ist leer
big-boss-err-level-stack-empty = der Stapel der Etagenkarten ist leer
big-boss-err-unplayable = { $card } ist nicht spielbar: { $reason }
big-boss-err-bad-founding = auf den Grundstücken { $start }–{ $end } lässt sich nicht gründen: { $reason }
big-boss-err-bad-space = Grundstück { $space }: { $reason }
big-boss-err-bad-company = { $company }: { $reason }
big-boss-err-must-buy-or-play = du kannst eine Karte kaufen oder ausspielen, also musst du das (passen und verkaufen darf nur, wer beides nicht kann)
big-boss-err-share-limit = pro Zug dürfen höchstens 2 Aktien gekauft werden
big-boss-err-no-tower-left = du hast schon beide { $kind ->
    [owner-flag] Eigentümer-Fahnen
   *[radio-tower] Funktürme
} gesetzt
big-boss-err-classic-no-row = die Classic-Regeln haben keine Auslage: Karten werden vom Stapel gekauft
big-boss-err-classic-levels-in-deck = in den Classic-Regeln liegen die Etagenkarten im Stapel: Kaufe eine Karte vom Stapel
big-boss-err-classic-no-selling = in den Classic-Regeln werden Aktien nie verkauft

big-boss-what-card = eine Karte
big-boss-what-row-card = Karte { $card }
big-boss-what-level = eine Etagenkarte
big-boss-what-share = eine Aktie von { $company }
big-boss-what-tower = { $kind ->
    [owner-flag] deine Eigentümer-Fahne
   *[radio-tower] dein Funkturm
}

big-boss-why-no-pieces = im Vorrat sind keine Bausteine mehr
big-boss-why-found-pieces = eine Gründung braucht mehr Bausteine, als der Vorrat hat
big-boss-why-no-company = alle Konzerne sind gegründet (übernommene kommen nie zurück)
big-boss-why-spacing = ein neuer Konzern braucht zu jedem anderen Konzern auf beiden Seiten mindestens 3 freie Grundstücke Abstand
big-boss-why-include-card = Grundstück { $card } muss unter den dreien sein
big-boss-why-triple-empty = die drei Grundstücke müssen frei sein
big-boss-why-double-space = der vierte Baustein kommt auf eines der Gründungsgrundstücke { $start }–{ $end }
big-boss-why-on-board = steht schon auf dem Spielplan
big-boss-why-gone = wurde übernommen und kommt nie zurück
big-boss-why-not-in-merger = gehört nicht zu dieser Fusion ({ $join ->
    [yes] der Baustein verbindet
   *[no] sie findet statt zwischen
} { $left } und { $right })
big-boss-why-not-founded = steht nicht auf dem Spielplan; Aktien gibt es nur von gegründeten Konzernen
big-boss-why-no-shares-left = hat keine Aktien mehr im Vorrat
big-boss-why-tower-taken = { $kind ->
    [owner-flag] trägt schon die Eigentümer-Fahne von { $seat }; jeder Konzern trägt nur eine
   *[radio-tower] trägt schon den Funkturm von { $seat }; jeder Konzern trägt nur einen
}
big-boss-why-none-to-sell = du hast keine Aktie davon zu verkaufen (Besitzzeichen lassen sich nicht verkaufen)
big-boss-why-level-goes = eine Etagenkarte kommt auf ein Grundstück mit 1 bis 4 Bausteinen; dieses hat { $height }
big-boss-why-storey-goes = die Karte für die { $storey }. Etage kommt auf ein Grundstück mit genau { $below ->
    [one] einem Baustein
   *[other] { $below } Bausteinen
}; dieses hat { $height }
big-boss-why-level-needs = eine Etagenkarte braucht ein Grundstück mit 1 bis 4 Bausteinen
big-boss-why-storey-needs = die Karte für die { $storey }. Etage braucht ein Grundstück mit genau { $below ->
    [one] einem Baustein
   *[other] { $below } Bausteinen
}

big-boss-step-turn = beginne deinen Zug: Kaufe eine Karte, spiele eine aus oder (wenn du beides nicht kannst) verkaufe Aktien und passe
big-boss-step-selling = nach dem Verkaufen darfst du nur weitere Aktien verkaufen oder passen
big-boss-step-triple = wähle die drei Gründungsgrundstücke
big-boss-step-double = wähle das Grundstück für den vierten Gründungsbaustein
big-boss-step-company = wähle den Konzern, den du gründest
big-boss-step-level = wähle das Grundstück für den Baustein der Etagenkarte
big-boss-step-join = wähle, welcher Konzern den verbindenden Baustein bekommt
big-boss-step-survivor = die Werte sind gleich: Wähle den übernehmenden Konzern
big-boss-step-invest = kaufe bis zu 2 Aktien, setze dein Besitzzeichen oder beende den Zug
big-boss-list = { $head }, { $tail }
big-boss-empty = {""}

## Geld, die Wertung und der Besitz (crates/bigboss/src/present.rs, describe.rs; web/view.js).
## $amount ist eine Zahl, deutsch gegliedert (1.200).

# Geld, in Millionen Dollar.
big-boss-money = { $amount } Mio. $
big-boss-score-column = { $column ->
    [money] Geld
    [shares] Aktien
    [towers] { $kind ->
        [owner-flag] Fahnen
       *[radio-tower] Funktürme
    }
    [cards] Karten
   *[total] Summe
}
big-boss-score-note-modern = Aktien: Wert × Anzahl der Aktien; Funktürme: 3 × der Wert jedes Konzerns mit deinem Funkturm; Karten: +5 je Baukarte und +10 je Etagenkarte, die noch auf der Hand ist. Bei gleicher Summe gewinnt, wer mehr Funktürme gesetzt hat.
big-boss-score-note-classic = Aktien: Wert × Anzahl der Aktien; Fahnen: 3 × der Wert jedes Konzerns mit deiner Eigentümer-Fahne; Karten: −5 für jede Karte, die noch auf der Hand ist (die Strafe der Ausgabe von 1994). Bei gleicher Summe teilen sich die Spieler den Sieg.
big-boss-held-money = Geld
big-boss-held-shares = Aktien von { $company }
big-boss-held-towers = { $kind ->
    [owner-flag] Gesetzte Eigentümer-Fahnen
   *[radio-tower] Gesetzte Funktürme
}
big-boss-held-hand = Karten auf der Hand
big-boss-held-levels = Etagenkarten
big-boss-price = { $price } $

## Die Anmerkung der Lobby zu jeder Bot-Stufe (wie LEVEL_NOTES in src/evaluate.rs).

big-boss-bot-note-random = irgendein erlaubter Zug, zufällig gewählt
big-boss-bot-note-heuristic = plant seinen ganzen Zug; schlug random in 40 von 40 Partien
big-boss-bot-note-easy = schlägt heuristic in etwa 7 von 10 Partien oder öfter
big-boss-bot-note-normal = schlägt easy in etwa 6 von 10 Partien (gemessen in Modern)
big-boss-tower-owner = { $tower }: { $name }
big-boss-space-title = Grundstück { $space }: { $company }, { $count ->
    [one] ein Baustein
   *[other] { $count } Bausteine
}
big-boss-card-short = { $use ->
    [level] Etage
    [stack] stapeln
    [extend] erweitern
    [merge] fusionieren
   *[found] gründen
}
big-boss-discard-title = Gespielt: { $cards }

## Das Terminal (crates/bigboss/src/terminal.rs, present.rs): der Tisch, den `boardroom play`
## zeichnet, seine Hilfe, die Zeile der Einstellungen und die Schlusswertung.

big-boss-term-config = Big Boss ({ $edition ->
    [classic] Classic
   *[modern] Modern
}), { $players } Spieler
big-boss-term-company = Konzern
big-boss-term-price = Wert
big-boss-term-shares = Aktien
big-boss-term-owner = { $kind ->
    [owner-flag] Fahne
   *[radio-tower] Funkturm
}
big-boss-term-acquired = übernommen: { $companies }
big-boss-term-pieces = Bausteine { $count }
big-boss-term-deck = Stapel { $count }
big-boss-term-levels = Etagenkarten { $count }
big-boss-term-discard = Ablage { $count }
big-boss-term-row = Auslage: { $cards }
big-boss-term-player = Spieler
big-boss-term-money = Geld
big-boss-term-cards = Karten
big-boss-term-towers = { $kind ->
    [owner-flag] Fahnen
   *[radio-tower] Funktürme
}
big-boss-term-known = bekannte Karten: { $cards }
big-boss-term-hand = Karten von { $name }: { $cards }
big-boss-term-help =
    Tippe die Nummer eines Zugs aus der Liste oder den Zug selbst in der Notation:
      buy deck | buy 23 | buy level | play 23 | play L | play L3 | found 21 | double 22
      hq Regent | at 17 | join Lunar | survivor Regent | share Regent | tower | end | sell Regent | pass
    Konzernnamen dürfen bis auf einen eindeutigen Anfang gekürzt werden (Re, Lu, Ea, Ki, Li, At, Co, Su).
