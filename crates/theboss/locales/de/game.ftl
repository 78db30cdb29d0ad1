# The Boss im Browser (crates/theboss/web/view.js).

the-boss-round-word = Runde
the-boss-table-label = The Boss: Posten, Spieler, Stapel und Abmachungen
the-boss-hint = Klicke einen hervorgehobenen Posten, Spieler, eine Karte, einen Stapel oder eine Abmachung an – oder nutze die Felder unten.
the-boss-experience-card = Erfahrungskarte Nr. { $number }
the-boss-executive-card = Direktorenkarte Nr. { $number }
the-boss-fate-face-down = verdeckte Schicksalskarte
the-boss-position = Posten { $number }
the-boss-fired = { $state ->
    [0] GEFEUERT
    [1] SETZT 1. ZUG AUS
   *[2] SETZT 2. ZUG AUS
}
the-boss-unemployed = arbeitslos
the-boss-free-chair = ein freier Stuhl
the-boss-free = frei
the-boss-years = { $count ->
    [one] { $kind } { $count } Jahr
   *[other] { $kind } { $count } Jahre
}
the-boss-nothing = nichts
the-boss-needs = verlangt { $requirements }
the-boss-exec-needs = ≥ { $shares } Aktien · Karte { $points } Pkt.
the-boss-unemployment = Arbeitslos
the-boss-experience-deck = der Erfahrungsstapel
the-boss-experience = Erfahrung
the-boss-left = noch { $count }
the-boss-discarded = { $count } abgelegt
the-boss-fate-deck = der Schicksalsstapel: Die letzte Karte beendet das Spiel
the-boss-fate = Schicksal
the-boss-bank = Bank
the-boss-bank-shares = { $shares } Aktien ({ $sale } zu verkaufen)
the-boss-bank-executive = Direktorenkarten: { $count }
the-boss-deal = Abmachung { $id }
the-boss-owes = { $promisor } schuldet { $promisee } { $what } bis Runde { $round }
the-boss-overdue = (überfällig)
the-boss-escrow-held = Pfand bei { $name }: { $collateral }
the-boss-broken = Gebrochene Abmachungen:
the-boss-broken-deal = { $id } ({ $promisor } an { $promisee }, Runde { $round })
the-boss-deals-title = Langfristige Abmachungen und Pfänder
the-boss-fate-card = Schicksalskarte { $name }
the-boss-fate-card-usable = Schicksalskarte { $name } (jetzt einsetzbar)
the-boss-fate-down-title = eine verdeckte Schicksalskarte
the-boss-fate-known = Schicksal: { $name }
the-boss-fate-down = Schicksal (verdeckt)
the-boss-loses-turns = setzt { $count } Zug/Züge aus
the-boss-shares-worth = { $shares } Aktien · Vermögen { $worth }
the-boss-no-experience = keine Erfahrung
the-boss-timer-offer = Angebot { $offer }: Antwort
the-boss-timer-bid = bieten oder passen
the-boss-timer-lobbying = Werben für die Versammlung endet
the-boss-timer-business = Geschäfte enden
the-boss-timer-in = { $what } in
the-boss-over = Das Spiel ist vorbei
the-boss-round = Runde { $round }
the-boss-floor-open = das Parkett ist offen
the-boss-may-act = Dürfen jetzt handeln: { $names }
the-boss-auction-mandatory = Pflichtversteigerung
the-boss-auction = Versteigerung
the-boss-sells = { $name } versteigert { $lot }.
the-boss-high-bid = Höchstgebot { $bid } von { $name }.
the-boss-no-bid = Noch kein Gebot.
the-boss-your-call = Du bist dran: Biete mindestens { $min } oder passe.
the-boss-their-call = { $name } ist dran (mindestens { $min }).
the-boss-over-cash = mehr als dein freies Geld ({ $cash })
the-boss-bid = { $bid } bieten
the-boss-pass = Passen
the-boss-your-bid = dein Gebot
the-boss-bid-this = Das bieten
the-boss-free-cash = dein freies Geld { $cash }
the-boss-vote = { $vote ->
    [for] dafür
    [against] dagegen
   *[abstain] Enthaltung
}
the-boss-deciding = überlegt…
the-boss-no-vote = keine Stimme
the-boss-vote-caller = { $vote ->
    [for] dafür
    [against] dagegen
   *[abstain] Enthaltung
} (Antragsteller)
the-boss-vote-target = { $vote ->
    [for] dafür
    [against] dagegen
   *[abstain] Enthaltung
} (Betroffener)
the-boss-voter = { $shares } Aktien: { $note }
the-boss-meeting = Hauptversammlung
the-boss-motion = { $caller } beantragt, { $target } zu feuern (Abfindung { $severance }).
the-boss-tally = Dafür { $for } · Dagegen { $against } · Enthaltung { $abstain } Aktien – bei Gleichstand bleibt der Betroffene
the-boss-pass-lobbying = Passen (mein Werben beenden)
the-boss-accept = Annehmen
the-boss-reject = Ablehnen
the-boss-counter = Gegenangebot…
the-boss-withdraw = Zurückziehen
the-boss-waits-you = wartet auf deine Antwort
the-boss-waits-for = wartet auf { $name }
the-boss-offer = Angebot { $id }
the-boss-offer-from = von { $from } an { $to }
the-boss-offers = Angebote
the-boss-between-others = Zwischen anderen:
the-boss-your-deals = Deine langfristigen Abmachungen
the-boss-you-owe = du schuldest { $name } { $what } bis Runde { $round }
the-boss-owes-you = { $name } schuldet dir { $what } bis Runde { $round }
the-boss-escrow = Pfand: { $collateral }
the-boss-auction-fate = deine Schicksalskarte ({ $name }, offen gezeigt)
the-boss-n-shares = { $count } Aktien
the-boss-what-to-auction = was versteigert wird
the-boss-opening-bid = Mindestgebot
the-boss-auction-yours = Etwas von dir versteigern
the-boss-start-auction = Versteigerung starten
the-boss-no-longer-held = (nicht mehr im Besitz)
the-boss-your-fate = deine Schicksalskarte ({ $name })
the-boss-fate-gone = Schicksalskarte (nicht mehr im Besitz)
the-boss-no-commitment = keine Zusage
the-boss-commit-for = in der Versammlung DAFÜR stimmen
the-boss-commit-against = in der Versammlung DAGEGEN stimmen
the-boss-commit-fire = { $name } in diesem Zug feuern
the-boss-commit-not-fire = { $name } in diesem Zug nicht feuern
the-boss-i-commit = Ich sage zu:
the-boss-they-commit = Sie sagen zu:
the-boss-add-promise = ein langfristiges Versprechen hinzufügen (mit Pfand)
the-boss-favour = Gefallen
the-boss-cash = Geld
the-boss-shares = Aktien
the-boss-an-experience-card = eine Erfahrungskarte
the-boss-an-executive-card = eine Direktorenkarte
the-boss-none = keine
the-boss-who-promises = wer verspricht
the-boss-i-do = ich
the-boss-they-do = { $name }
the-boss-what = was
the-boss-deliver = Geld, Aktien oder Karten
the-boss-a-favour = ein Gefallen (in Worten)
the-boss-due-round = fällig in Runde
the-boss-collateral = Pfand, das { $name } hinterlegt:
the-boss-offer-to = Angebot an
the-boss-send-counter = Gegenangebot an { $name } schicken
the-boss-send-offer = Angebot an { $name } schicken
the-boss-clear = Leeren
the-boss-counter-offer = Gegenangebot zu { $id }
the-boss-make-offer = Ein Angebot machen
the-boss-you-give = Du gibst
the-boss-you-take = Du bekommst von { $name }
the-boss-note = Notiz
the-boss-table-waits = Der Tisch wartet auf dich.
the-boss-you-may-act = Du darfst jetzt handeln.
the-boss-nothing-to-do = Gerade nichts für dich zu tun.
the-boss-offers-waiting = { $count ->
    [one] { $count } Angebot wartet auf deine Antwort.
   *[other] { $count } Angebote warten auf deine Antwort.
}
the-boss-sh = { $shares } Akt.

## Die Optionen in der Lobby

the-boss-option-two-player-share-cap = Aktiengrenze zu zweit
the-boss-option-two-player-share-cap-help = Nur zu zweit: Die Bank verkauft höchstens so viele Aktien, wie die Datendatei erlaubt (1.200 im mitgelieferten Satz)

## Was das Spiel in Rust schreibt: Plätze, die Sätze des Protokolls, Angebote

the-boss-seat = { $colour ->
    [red] Rot
    [blue] Blau
    [green] Grün
    [yellow] Gelb
   *[none] Platz { $number }
}
the-boss-money = { $amount } $
the-boss-lot-fate = eine Schicksalskarte
the-boss-item-fate = die Schicksalskarte
the-boss-item-vote = eine Stimme { $vote ->
    [for] dafür
    [against] dagegen
   *[abstain] als Enthaltung
}
the-boss-item-fire = { $name } feuern
the-boss-item-not-fire = { $name } nicht feuern
the-boss-deliver-experience = eine Erfahrungskarte „{ $kind }“
the-boss-deliver-experience-kind = eine Erfahrungskarte der Art { $kind }
the-boss-deliver-executive = eine { $card }
the-boss-deliver-executive-number = eine Direktorenkarte Nr. { $number }
the-boss-offer-gives = gibt { $give } für { $take }
the-boss-promise-deliver = { $what } zu liefern
the-boss-promise-favour = den Gefallen „{ $favour }“
the-boss-offer-promise = ; { $promisor } verspricht, bis Ende von Runde { $round } { $what }
the-boss-offer-pledge = , mit Pfand { $collateral }
the-boss-offer-cancels = ; hebt Abmachung { $deal } auf
the-boss-offer-note = {" "}– „{ $note }“
the-boss-ending-set = { $name } besitzt einen vollständigen Satz Direktorenkarten und gewinnt
the-boss-ending-shares = { $name } besitzt mehr als die Hälfte der Aktien und gewinnt
the-boss-ending-deck = die letzte Schicksalskarte ist gezogen: Das Vermögen entscheidet
the-boss-skip-fired = gefeuert
the-boss-skip-fired-second = gefeuert: setzt den 2. Zug aus
the-boss-skip-losing = setzt Züge aus
the-boss-ev-turn = Runde { $round }: { $name } ist am Zug
the-boss-ev-skipped = { $name } setzt den Zug aus ({ $reason })
the-boss-ev-disaster-over = { $name } hat die Finanzkatastrophe überstanden; ihre Karte wird abgelegt
the-boss-ev-salary = { $name } kassiert ein Gehalt von { $amount } $
the-boss-ev-executive-card = { $name } nimmt Direktorenkarte Nr. { $number } von der Bank
the-boss-ev-bought = { $name } kauft { $shares } Aktien für { $cost } $ von der Bank
the-boss-ev-floor = { $name } eröffnet das Parkett: Alle dürfen verhandeln
the-boss-ev-moved = { $name } wechselt von Posten { $from } auf Posten { $to }
the-boss-ev-took-position = { $name } besetzt Posten { $to }
the-boss-ev-used = { $name } setzt Schicksalskarte Nr. { $number } ein
the-boss-ev-fired-severance = { $by } feuert { $name } (Abfindung { $severance } $)
the-boss-ev-fired = { $by } feuert { $name }
the-boss-ev-meeting = { $caller } beruft eine Hauptversammlung ein, um { $target } zu feuern
the-boss-ev-voted = { $name } stimmt mit { $shares } Aktien { $vote ->
    [for] dafür
    [against] dagegen
   *[abstain] mit Enthaltung
}
the-boss-ev-lobby-pass = { $name } passt beim Werben
the-boss-ev-tally-fired = Die Versammlung stimmt mit { $for } dafür und { $against } dagegen: Der Direktor ist gefeuert
the-boss-ev-tally-stays = Die Versammlung stimmt mit { $for } dafür und { $against } dagegen: Der Direktor bleibt
the-boss-ev-discards = { $name } legt { $deck ->
    [experience] Erfahrungskarte
   *[fate] Schicksalskarte
} Nr. { $number } ab
the-boss-ev-discarded = { $deck ->
    [experience] Erfahrungskarte
   *[fate] Schicksalskarte
} Nr. { $number } wird abgelegt
the-boss-ev-drew-card = { $name } zieht { $deck ->
    [experience] Erfahrungskarte
   *[fate] Schicksalskarte
} Nr. { $number }
the-boss-ev-drew = { $name } zieht eine { $deck ->
    [experience] Erfahrungskarte
   *[fate] Schicksalskarte
}
the-boss-ev-paid-disaster = { $name } zahlt { $amount } $ für die Finanzkatastrophe
the-boss-ev-losing-turns = { $name } wird { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
} aussetzen
the-boss-ev-offered = Angebot { $id }: { $from } an { $to }: { $offer }
the-boss-ev-countered = Angebot { $id } (Gegenangebot zu { $counters }): { $from } an { $to }: { $offer }
the-boss-ev-accepted-deal = Angebot { $id } ist angenommen; die langfristige Abmachung { $deal } beginnt
the-boss-ev-accepted = Angebot { $id } ist angenommen
the-boss-ev-voided = Angebot { $id } ist ungültig: { $reason }
the-boss-ev-rejected = Angebot { $id } ist abgelehnt
the-boss-ev-withdrawn = Angebot { $id } ist zurückgezogen
the-boss-ev-expired = { $count ->
    [one] Das unbeantwortete Angebot { $ids } verfällt
   *[other] Die unbeantworteten Angebote { $ids } verfallen
}
the-boss-ev-shown-card = { $name } zeigt { $to } Schicksalskarte Nr. { $number }
the-boss-ev-shown = { $name } zeigt { $to } die Schicksalskarte
the-boss-ev-auction = { $name } versteigert { $lot } ab { $opening } $
the-boss-ev-auction-mandatory = { $name } muss { $lot } ab { $opening } $ versteigern
the-boss-ev-bid = { $name } bietet { $amount } $
the-boss-ev-passed = { $name } passt
the-boss-ev-auction-sold = { $name } ersteigert { $lot } für { $price } $
the-boss-ev-auction-unsold = Niemand ersteigert { $lot }
the-boss-ev-settled = Abmachung { $id } ist erfüllt; das Pfand geht zurück
the-boss-ev-released = Abmachung { $id }: Das Pfand wird freigegeben
the-boss-ev-broke-walked = Abmachung { $id } ist gebrochen (der Versprechende ist ausgestiegen): Das Pfand geht an den Begünstigten
the-boss-ev-broke-default = Abmachung { $id } ist gebrochen (für geplatzt erklärt): Das Pfand geht an den Begünstigten
the-boss-ev-cancelled = Abmachung { $id } ist aufgehoben; das Pfand geht zurück
the-boss-ev-deals-closed = Offene Abmachungen enden: { $defaulted } geplatzt, { $returned } zurückgegeben
the-boss-ev-time-offer = Die Zeit ist um: Angebot { $id } gilt unbeantwortet als abgelehnt
the-boss-ev-time-bid = Die Zeit fürs Gebot ist um: gepasst
the-boss-ev-time-lobbying = Die Zeit ist um: Das Werben endet
the-boss-ev-time-business = Die Zeit ist um: Die Geschäfte enden
the-boss-ev-commitment-lapsed = Die Zusage, { $name } zu feuern, verfällt: Der Posten wurde anders frei
the-boss-ev-game-over = Spielende: { $ending }

## Die Ansage

the-boss-step = { $step ->
    [salary] Gehalt kassieren
    [card] Direktorenkarte nehmen
    [stock] Aktien kaufen
    [business] Geschäfte
    [closing] Schlussversteigerungen
    [draw] Karte ziehen
   *[disaster] Finanzkatastrophe
}
the-boss-prompt-over = Das Spiel ist vorbei: { $ending }
the-boss-prompt-high-bid = Höchstgebot { $bid } $ von { $name }
the-boss-prompt-no-bid = noch kein Gebot
the-boss-prompt-auction = { $name }: Biete mindestens { $min } $ für { $lot } von { $seller } oder passe – { $high }
the-boss-prompt-meeting = Hauptversammlung: { $caller } beantragt, { $target } zu feuern (Abfindung { $severance } $).
the-boss-prompt-undeclared = {" "}Noch abzustimmen (dafür, dagegen oder Enthaltung): { $names }.
the-boss-prompt-lobbying = {" "}Antragsteller und Betroffener dürfen Stimmen kaufen und dann passen.
the-boss-prompt-after-meeting = { $name }: Die Versammlung ist gescheitert – beruf eine Versammlung gegen einen anderen Direktor ein oder hör auf
the-boss-prompt-disaster = { $name }: Finanzkatastrophe – zahle { $pay } $ oder setze { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
} aus
the-boss-prompt-pay-or-lose = { $name }: zahlen oder Züge aussetzen
the-boss-prompt-draw = { $name }: Zieh eine Karte vom Erfahrungs- oder vom Schicksalsstapel (oder leg vorher die gehaltene Schicksalskarte ab)
the-boss-prompt-closing = { $name }: Die Schlussversteigerungen laufen
the-boss-prompt-turn = { $name } ist am Zug ({ $step }): kassieren, kaufen, wechseln, Karten einsetzen, feuern, verhandeln, dann die Geschäfte beenden
the-boss-prompt-floor = {" "}– das Parkett ist offen: Alle dürfen verhandeln
the-boss-prompt-offer = Angebot { $id } von { $from } an { $to }
the-boss-prompt-waiting = . Warten auf Antwort: { $offers }

## Die Aktionen: Beschriftungen und was sie bewirken

the-boss-do-collect = Gehalt kassieren
the-boss-do-card = Direktorenkarte nehmen
the-boss-do-card-effect = eine { $card }, { $points } Punkte
the-boss-do-buy = { $count } Aktien kaufen
the-boss-do-buy-effect = { $cost } $ an die Bank
the-boss-do-open = Parkett eröffnen
the-boss-do-open-effect = Alle dürfen verhandeln
the-boss-do-move = Auf { $title } ({ $number }) wechseln
the-boss-do-move-effect = Gehalt { $salary } $
the-boss-do-use = { $card } einsetzen
the-boss-do-use-option = { $shares } Aktien zu je { $price } $ kaufen
the-boss-do-use-fate = Schicksalskarte einsetzen
the-boss-do-fire = { $name } feuern
the-boss-do-fire-effect = Abfindung { $severance } $
the-boss-do-meeting = Versammlung einberufen, um { $name } zu feuern
the-boss-do-meeting-effect = die Aktionäre stimmen ab
the-boss-do-stop = Keine weitere Versammlung einberufen
the-boss-do-stop-effect = die Kündigung wird abgelegt
the-boss-do-vote = { $vote ->
    [for] Dafür stimmen
    [against] Dagegen stimmen
   *[abstain] Sich enthalten
}
the-boss-do-pass = Passen
the-boss-do-pass-auction = aus der Versteigerung aussteigen
the-boss-do-pass-lobbying = dein Werben beenden
the-boss-do-pass-floor = in diesem Zug keine Angebote mehr machen
the-boss-do-bid = { $amount } $ bieten
the-boss-do-bid-effect = für { $lot }, bezahlt nur bei Zuschlag
the-boss-do-pay = { $amount } $ zahlen
the-boss-do-pay-effect = deine Züge behalten
the-boss-do-lose = { $count ->
    [one] { $count } Zug aussetzen
   *[other] { $count } Züge aussetzen
}
the-boss-do-lose-effect = dein Geld behalten
the-boss-do-draw = Vom { $deck ->
    [experience] Erfahrungsstapel
   *[fate] Schicksalsstapel
} ziehen
the-boss-do-draw-effect = noch { $count }
the-boss-do-discard = Schicksalskarte ablegen
the-boss-do-discard-effect = offen
the-boss-do-end = Geschäfte beenden
the-boss-do-end-effect = dann eine Karte ziehen
the-boss-do-offer = Angebot an { $name }
the-boss-do-accept = Angebot { $id } annehmen
the-boss-do-reject = Angebot { $id } ablehnen
the-boss-do-withdraw = Angebot { $id } zurückziehen
the-boss-do-counter = Gegenangebot zu { $id }
the-boss-do-show = { $name } die Schicksalskarte zeigen
the-boss-do-show-effect = nur er oder sie sieht sie
the-boss-do-auction-fate = Die Schicksalskarte versteigern
the-boss-do-auction = { $lot } versteigern
the-boss-do-auction-effect = Mindestgebot { $reserve } $
the-boss-do-settle = Abmachung { $id } erfüllen
the-boss-do-settle-effect = liefern und das Pfand zurückbekommen
the-boss-do-release = Abmachung { $id } freigeben
the-boss-do-release-effect = das Pfand zurückgeben
the-boss-do-default = Abmachung { $id } für geplatzt erklären
the-boss-do-default-effect = das Pfand behalten
the-boss-do-walkaway = Aus Abmachung { $id } aussteigen
the-boss-do-walkaway-effect = das Pfand verlieren, die Lieferung behalten
the-boss-do-timeout = Die Zeit ist um
the-boss-deal-favour = Gefallen: „{ $favour }“

## Karten, wie Spieler sie nennen (Titel, wie die Datendatei sie schreibt)

the-boss-exec-name = Direktorenkarte Nr. { $number } ({ $title })
the-boss-fate-job = „Job Available“: { $title } (Nr. { $number })
the-boss-fate-job-position = „Job Available“: Posten Nr. { $number }
the-boss-fate-bonus = Bonus – { $amount } $
the-boss-fate-option = Aktienoption: { $shares } Aktien zu je { $price } $
the-boss-fate-fire = Kündigung – Abfindung { $severance } $
the-boss-fate-disaster = Finanzkatastrophe – zahle { $pay } $ oder setze { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
} aus
