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
