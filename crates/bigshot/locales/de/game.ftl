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
