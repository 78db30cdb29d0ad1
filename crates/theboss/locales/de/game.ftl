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

## Ablehnungen: warum ein Zug nicht erlaubt ist, und welche Regel er bricht

the-boss-refusal = { $reason } ({ $rule })
the-boss-rule-section = Regel { $number }: { $section ->
    [s1] Material und Posten
    [s2] der Erfahrungsstapel
    [s3] der Schicksalsstapel
    [s4] Direktorenkarten
    [s5] der Zug
    [s5-1] der Beginn eines Zuges
    [s5-2] die Schritte eines Zuges
    [s5-3] Postenwechsel
    [s5-4] Finanzkatastrophe und Aussetzen
    [s5-5] gefeuert werden
    [s6] Schicksalskarten
    [s7] Feuern
    [s8] Gewinnen
    [s9] Verhandeln und Geschäfte
    [s9-1] wann verhandelt wird
    [s9-2] Angebote
    [s9-3] kurzfristige Abmachungen
    [s9-4] was gehandelt werden darf
    [s9-5] langfristige Abmachungen
    [s9-6] Versteigerungen
   *[s9-7] Grenzen gegen das Verschleppen
}
the-boss-rule = Regel { $rule }
the-boss-ruling = Regelentscheidung { $rule }
the-boss-decision = Festlegung { $rule }
# Angebotsfelder, die kein Angebot ergeben (nur das Python-Paket liest sie; das Detail ist englisch).
the-boss-err-fields = die Angebotsfelder ergeben kein Angebot: { $detail }
the-boss-err-over = das Spiel ist vorbei
the-boss-err-not-at-table = { $name } sitzt nicht an diesem Tisch
the-boss-err-auction-running = eine Versteigerung läuft: Nur Bieten und Passen sind möglich
the-boss-err-meeting-running = für eine Hauptversammlung wird geworben: Nur Stimmen, Passen und Stimmengeschäfte sind möglich
the-boss-err-caller-decides = der Antragsteller entscheidet, ob er eine weitere Versammlung einberuft
the-boss-err-after-meeting = nach einer gescheiterten Versammlung: Beruf eine Versammlung gegen einen anderen Direktor ein oder hör auf
the-boss-err-disaster-first = { $name } muss erst zahlen oder Züge aussetzen
the-boss-err-no-disaster = keine Finanzkatastrophe steht an
the-boss-err-cannot-pay-disaster = du hast { $cash } $ und kannst { $pay } $ nicht zahlen (Geld dafür beschaffen geht nicht): Setz die Züge aus
the-boss-err-settle-disaster = eine Finanzkatastrophe wird sofort abgerechnet: zahlen oder Züge aussetzen
the-boss-err-no-auction = es läuft keine Versteigerung
the-boss-err-no-meeting = für keine Hauptversammlung wird geworben
the-boss-err-no-failed-meeting = keine Versammlung ist gescheitert, nach der man aufhören könnte
the-boss-err-their-turn = { $name } ist am Zug
the-boss-err-nothing-to-pass = hier gibt es nichts zu passen: Weder Versteigerung noch Versammlung laufen, und auf dem Parkett passen nur die anderen Spieler, solange es offen ist
the-boss-err-passed-floor = { $name } hat in diesem Schritt auf dem Parkett schon gepasst
the-boss-err-no-job = du hast keinen Posten
the-boss-err-own-two = du besitzt schon 2 Direktorenkarten Nr. { $number } (höchstens 2 je Nummer)
the-boss-err-bank-no-card = die Bank hat keine Direktorenkarte Nr. { $number } mehr
the-boss-err-buy-lot = Aktien kauft man in Vielfachen von { $lot }, mindestens { $lot }
the-boss-err-no-salary = du hast keinen Posten und damit kein Gehalt, mit dem du kaufen könntest
the-boss-err-over-budget = { $shares } Aktien kosten { $cost } $, mehr als dein Gehalt von { $budget } $
the-boss-err-shares-cost = { $shares } Aktien kosten { $cost } $, und du hast { $cash } $
the-boss-err-bank-shares = die Bank hat nur noch { $shares } Aktien zu verkaufen
the-boss-err-floor-open = das Parkett ist schon offen
the-boss-err-no-fire-card = du hast keine Kündigung, die du jetzt einsetzen darfst
the-boss-err-discard-before-draw = eine gehaltene Schicksalskarte legst du freiwillig nur vor dem Ziehen ab (beende erst die Geschäfte)
the-boss-err-no-fate = du hast keine Schicksalskarte
the-boss-err-promised-fire-first = du hast zugesagt, { $name } zu feuern, bevor du die Geschäfte beendest
the-boss-err-not-a-step = das ist kein Schritt dieses Zuges
the-boss-err-no-such-step = in einem Zug { $sequence ->
    [unemployed] ohne Posten
    [office] auf einem Büroposten
   *[executive] als Direktor
} gibt es keinen Schritt „{ $what ->
    [salary] Gehalt kassieren
    [card] Direktorenkarte nehmen
   *[stock] Aktien kaufen
}“
the-boss-err-step-passed = zu spät für „{ $what ->
    [salary] Gehalt kassieren
    [card] Direktorenkarte nehmen
   *[stock] Aktien kaufen
}“: Die Schritte gehen nur vorwärts, und ein übergangener Schritt verfällt
the-boss-err-business-over = die Geschäfte dieses Zuges sind vorbei: Zieh eine Karte
the-boss-err-severance = die Abfindung beträgt { $severance } $, und du hast { $cash } $
the-boss-err-no-position = es gibt keinen Posten { $number }
the-boss-err-moved = höchstens ein Postenwechsel je Zug
the-boss-err-hold-position = du hast Posten { $number } schon
the-boss-err-no-move-to-office = ein Direktor wechselt nie freiwillig auf einen Büroposten
the-boss-err-no-move-down = kein freiwilliger Abstieg vom Büroposten { $from } auf den Büroposten { $to }
the-boss-err-needs-job-available = für den Direktorenposten { $number } brauchst du eine einsetzbare Karte „Job Available“ { $number }
the-boss-err-needs-shares = { $title } verlangt { $shares } Aktien, und du kannst { $have } einsetzen
the-boss-err-no-chair = alle Stühle von { $title } sind besetzt
the-boss-err-experience-at-start = du hattest die Erfahrung für { $title } zu Beginn dieses Zuges nicht (neue Erfahrung zählt ab deinem nächsten Zug)
the-boss-err-experience-now = dir fehlt jetzt die Erfahrung für { $title }
the-boss-err-no-usable-fate = du hast keine Schicksalskarte, die du jetzt einsetzen darfst (eine Karte setzt du in deinen ersten eigenen Geschäften ein, nachdem du sie bekommen hast)
the-boss-err-option-no-shares = die Bank hat keine Aktien mehr für die Aktienoption
the-boss-err-option-cost = die Aktienoption kauft { $shares } Aktien für { $cost } $ (alle oder keine), und du hast { $cash } $
the-boss-err-use-job-available = eine Karte „Job Available“ setzt du ein, indem du auf Posten { $number } wechselst
the-boss-err-use-fire = mit einer Kündigung feuerst du einen Spieler oder berufst eine Versammlung gegen einen Direktor ein
the-boss-err-disaster-held = eine Finanzkatastrophe hält man nie auf der Hand
the-boss-err-cannot-fire = { $name } kannst du nicht feuern
the-boss-err-holds-no-job = { $name } hat keinen Posten
the-boss-err-is-executive = { $name } ist Direktor: Beruf eine Hauptversammlung ein
the-boss-err-fire-higher = nur ein Direktor oder ein höherer Büroposten darf { $name } feuern (Büroposten { $office })
the-boss-err-promised-not-fire = du hast zugesagt, { $name } in diesem Zug nicht zu feuern
the-boss-err-promised-fire = du hast zugesagt, { $name } zu feuern
the-boss-err-end-business-first = beende erst die Geschäfte: Das Ziehen ist der letzte Schritt
the-boss-err-fate-held-draw = du hast in diesem Zug eine Schicksalskarte bekommen: Zieh Erfahrung oder leg sie vorher ab
the-boss-err-experience-empty = der Erfahrungsstapel ist leer: Nimm eine Schicksalskarte
the-boss-err-sell-no-experience = du hast keine Erfahrungskarte „{ $card }“, die du frei verkaufen kannst (Verpfändetes ist nicht verkäuflich)
the-boss-err-sell-no-executive = du hast keine { $card }, die du frei verkaufen kannst (Verpfändetes ist nicht verkäuflich)
the-boss-err-fire-card-stays = du hast zugesagt, mit deiner Kündigung zu feuern: Sie bleibt bei dir
the-boss-err-share-block = ein Aktienpaket ist ein positives Vielfaches von { $lot }
the-boss-err-sell-shares = du hast { $have } Aktien frei zu verkaufen, nicht { $shares }
the-boss-err-reserve = das Mindestgebot beträgt wenigstens 10 $ und ist ein Vielfaches von { $step } $
the-boss-err-auction-limit = die Grenze von { $max } Angeboten und Versteigerungen in einem Geschäftsschritt ist erreicht
the-boss-err-their-call = { $name } ist bei der Versteigerung dran
the-boss-err-nobody-bids = niemand ist mit Bieten dran
the-boss-err-bid-min = ein Gebot beträgt mindestens { $min } $ (Höchstgebot + { $step } $ oder das Mindestgebot), in Schritten von { $step } $
the-boss-err-bid-cash = mit { $cash } $ freiem Geld kannst du nicht { $bid } $ bieten
the-boss-err-bid-fire-promised = deine Kündigung ist zugesagt: Du darfst keine weitere Schicksalskarte ersteigern, nur passen
the-boss-err-own-two-already = du besitzt schon 2 Direktorenkarten Nr. { $number } (höchstens 2 je Nummer)
the-boss-err-cannot-name = { $name } kannst du nicht benennen
the-boss-err-only-executive-calls = nur ein Direktor darf eine Hauptversammlung einberufen
the-boss-err-not-executive = { $name } ist kein Direktor (wer einen Büroposten hat, wird mit der Kündigung gefeuert, ohne Versammlung)
the-boss-err-named-already = { $name } wurde mit dieser Kündigung schon benannt
the-boss-err-fired-no-vote = wer gefeuert ist, darf nicht abstimmen
the-boss-err-not-voter = Antragsteller und Betroffener stimmen von selbst ab; du bist nicht stimmberechtigt
the-boss-err-declared = deine Stimme ist endgültig
the-boss-err-voters-declare = beim Werben passen nur Antragsteller und Betroffener; die anderen geben ihre Stimme ab
the-boss-err-pass-stands = dein Passen gilt bis zur nächsten Handlung in der Versammlung (eine Stimme, ein Angebot oder eine Antwort): Noch einmal zu passen ist keine Handlung
the-boss-err-player-timeout = { $name } kann keine abgelaufene Zeit melden: Das tut nur die Uhr des Tisches, wenn die Zeit um ist
the-boss-err-clock-timeouts = die Uhr meldet nur abgelaufene Zeit
the-boss-err-no-timer = keine laufende Uhr gehört zu dieser abgelaufenen Zeit
the-boss-err-no-offer = es gibt kein offenes Angebot { $id }
the-boss-err-no-bid-waits = keine Versteigerung wartet auf ein Gebot
the-boss-err-business-waits = die Geschäfte enden erst, wenn die laufende Versteigerung oder Versammlung vorbei ist
the-boss-err-text-long = { $field ->
    [note] die Notiz
   *[favour] der Gefallen
} ist länger als { $max } Zeichen
the-boss-err-text-control = { $field ->
    [note] die Notiz
   *[favour] der Gefallen
} darf keine Steuerzeichen enthalten
the-boss-err-text-empty = { $field ->
    [note] die Notiz
   *[favour] der Gefallen
} ist leer
the-boss-err-cash-step = Geld wechselt in Vielfachen von { $step } $ den Besitzer
the-boss-err-share-step = Aktien wechseln in Vielfachen von { $lot } den Besitzer
the-boss-err-bundle-cards = höchstens { $max } Karten einer Sorte in einem Paket
the-boss-err-no-card = es gibt keine { $deck ->
    [experience] Erfahrungskarte
   *[executive] Direktorenkarte
} Nr. { $number }
the-boss-err-card-twice = { $deck ->
    [experience] Erfahrungskarte
   *[executive] Direktorenkarte
} Nr. { $number } steht doppelt in der Liste
the-boss-err-free-cash = { $name } hat { $cash } $ freies Geld, nicht { $amount } $
the-boss-err-free-shares = { $name } hat { $have } Aktien frei zum Handeln, nicht { $shares }
the-boss-err-offer-no-experience = { $name } hat die Erfahrungskarte „{ $card }“ nicht frei (Verpfändetes kann man nicht anbieten)
the-boss-err-offer-no-executive = { $name } hat die { $card } nicht frei (Verpfändetes kann man nicht anbieten)
the-boss-err-holds-no-fate = { $name } hat keine Schicksalskarte
the-boss-err-fire-card-promised = die Kündigung ist zugesagt: Mit ihr muss der in einer Abmachung genannte Spieler gefeuert werden
the-boss-err-would-own = { $name } besäße { $count } Direktorenkarten Nr. { $number } (höchstens 2 je Nummer)
the-boss-err-may-not-deal = wer gefeuert ist oder Züge aussetzt, darf nicht verhandeln
the-boss-err-deals-in-business = verhandelt wird nur während der Geschäfte des Spielers am Zug
the-boss-err-floor-closed = das Parkett ist nicht offen: Nur der Spieler am Zug darf verhandeln, bis er es eröffnet
the-boss-err-not-dealing = das ist keine Verhandlung
the-boss-err-cannot-show = { $name } kannst du deine Karte nicht zeigen
the-boss-err-no-fate-to-show = du hast keine Schicksalskarte, die du zeigen könntest
the-boss-err-knows-fate = { $name } kennt deine Schicksalskarte schon
the-boss-err-no-deal = es gibt keine offene Abmachung { $id }
the-boss-err-promisor-settles = nur der Versprechende erfüllt eine Abmachung
the-boss-err-favour-settle = einen Gefallen kann das Spiel nicht erfüllen: Der Begünstigte gibt ihn frei
the-boss-err-deliver-kind = du hast keine freie Karte „{ $kind }“ zum Liefern
the-boss-err-deliver-executive = du hast keine freie Direktorenkarte Nr. { $number } zum Liefern
the-boss-err-promisee-releases = nur der Begünstigte gibt das Pfand frei
the-boss-err-promisor-walks = nur der Versprechende kann aussteigen
the-boss-err-promisee-defaults = nur der Begünstigte erklärt eine Abmachung für geplatzt
the-boss-err-not-due = Abmachung { $id } ist bis Ende von Runde { $round } fällig: Für geplatzt erklären geht erst danach
the-boss-err-meeting-offers = während einer Versammlung machen nur Antragsteller, Betroffener und Stimmberechtigte Angebote
the-boss-err-meeting-offers-undeclared = während einer Versammlung machen nur Antragsteller, Betroffener und Stimmberechtigte, die noch nicht abgestimmt haben, Angebote
the-boss-err-meeting-offer-to = während einer Versammlung gehen Angebote nur an Antragsteller, Betroffenen oder Stimmberechtigte
the-boss-err-meeting-vote-deals = während einer Versammlung sind nur Stimmengeschäfte möglich (füge eine Stimmzusage hinzu)
the-boss-err-meeting-limit = die Versammlung hat ihre Grenze von { $max } Angeboten erreicht
the-boss-err-passed-no-offers = { $name } hat auf dem Parkett gepasst: In diesem Schritt keine Angebote mehr von dort
the-boss-err-offer-not-yours = Angebot { $id } ist nicht deins
the-boss-err-offer-not-to-you = Angebot { $id } ging nicht an dich
the-boss-err-meeting-answers = während einer Versammlung werden nur Stimmengeschäfte beantwortet
the-boss-err-counter-back = ein Gegenangebot geht zurück an { $name }, von dem Angebot { $id } kam
the-boss-err-deal-closed = Abmachung { $id } ist nicht mehr offen
the-boss-err-fate-collateral = eine Schicksalskarte kann nie Pfand sein
the-boss-err-severance-unpaid = die zugesagte Abfindung könnte nicht mehr gezahlt werden
the-boss-err-vote-no-meeting = eine Stimme sagt man nur zu, während für eine Versammlung geworben wird
the-boss-err-vote-abstain = ein Stimmengeschäft lautet auf DAFÜR oder DAGEGEN
the-boss-err-not-undeclared = { $name } ist nicht stimmberechtigt oder hat schon abgestimmt
the-boss-err-promise-firing = nur der Spieler am Zug mit einer einsetzbaren Kündigung kann Zusagen übers Feuern machen ({ $name } nicht)
the-boss-err-no-fate-usable = { $name } hat keine jetzt einsetzbare Schicksalskarte
the-boss-err-no-fire-usable = { $name } hat keine einsetzbare Kündigung
the-boss-err-cannot-be-named = { $name } kann nicht benannt werden
the-boss-err-fire-promised-to = die Kündigung ist schon zugesagt, um { $name } zu feuern
the-boss-err-not-target = { $name } kann jetzt nicht gefeuert werden
the-boss-err-one-firing = eine Abmachung kann höchstens ein Feuern zusagen: Eine Kündigung feuert nur einmal
the-boss-err-target-and-spared = { $name } kann nicht zugleich zum Feuern zugesagt und verschont sein
the-boss-err-one-vote = ein Stimmberechtigter sagt nur eine Stimme zu
the-boss-err-both-deal = beide Spieler müssen verhandeln dürfen
the-boss-err-fate-frozen = die Kündigung von { $name } ist zugesagt: Bis sie eingesetzt ist, wechselt keine Schicksalskarte zu oder von diesem Spieler
the-boss-err-no-deal-between = es gibt keine offene Abmachung { $id } zwischen den Plätzen { $from } und { $to }
the-boss-err-collateral-cash = für das Pfand hätte { $name } nach dem Tausch { $cash } $ freies Geld, nicht { $amount } $
the-boss-err-collateral-shares = für das Pfand hätte { $name } nach dem Tausch { $have } Aktien, nicht { $shares }
the-boss-err-collateral-experience = für das Pfand hätte { $name } nach dem Tausch die Erfahrungskarte „{ $card }“ nicht
the-boss-err-collateral-executive = für das Pfand hätte { $name } nach dem Tausch die { $card } nicht
the-boss-err-severance-after-deal = die Abfindung von { $severance } $ wäre nach der Abmachung nicht zu zahlen ({ $name } hätte { $cash } $)
the-boss-err-cannot-receive = { $name } kann dein Angebot nicht bekommen
the-boss-err-receiver-may-not-deal = { $name } ist gefeuert oder setzt Züge aus und darf nicht verhandeln
the-boss-err-offer-empty = das Angebot ist leer
the-boss-err-commitments = höchstens { $max } Zusagen in einem Angebot
the-boss-err-promisor = der Versprechende ist einer der beiden Spieler
the-boss-err-due-passed = die Fälligkeitsrunde { $due } ist schon vorbei (Runde { $round })
the-boss-err-due-far = die Fälligkeitsrunde liegt zu weit in der Zukunft
the-boss-err-deal-not-between = Abmachung { $id } besteht nicht zwischen den Plätzen { $from } und { $to }
the-boss-err-deliverable-empty = die Lieferung ist leer
the-boss-err-deliverable-steps = Geld und Aktien einer Lieferung kommen in den üblichen Schritten
the-boss-err-deliverable-cards = zu viele Karten in der Lieferung
the-boss-err-deliverable-kind = unbekannte Erfahrungsart in der Lieferung
the-boss-err-deliverable-number = Direktorenkarten tragen die Nummern 5 bis 8
the-boss-err-open-offers = höchstens { $max } offene Angebote je Spieler
the-boss-err-offer-limit = die Grenze von { $max } Angeboten in einem Geschäftsschritt ist erreicht
the-boss-err-pair-limit = die Grenze von { $max } Angeboten zwischen zwei Spielern in einem Schritt ist erreicht

## Die Wertung und der Besitz (crates/theboss/src/present/mod.rs, describe.rs). Beträge sind
## Zahlen, deutsch gegliedert (1.200).

the-boss-score-column = { $column ->
    [cash] Geld
    [shares] Aktien
    [share-value] Aktienwert
    [exec-points] Direktorenpunkte
   *[net-worth] Vermögen
}
the-boss-score-note = { $ending }.
    Drei Wege zum Sieg: Ein vollständiger Satz Direktorenkarten (2× Nr. 5, 2× Nr. 6, Nr. 7, Nr. 8) oder mehr als { $shares } Aktien gewinnen sofort; sonst gewinnt, wenn die letzte Schicksalskarte gezogen ist, das höchste Vermögen (Geld + { $price } $ je Aktie + Direktorenpunkte). Bei Gleichstand entscheiden mehr Aktien, dann mehr Direktorenpunkte, dann mehr Geld; sonst teilen sich die Spieler den Sieg.
the-boss-held-position = Posten
the-boss-held-cash = Geld
the-boss-held-shares = Aktien
the-boss-held-experience = Erfahrungskarten
the-boss-held-executive = Direktorenkarten
the-boss-held-fate = Schicksalskarte
the-boss-held-turns-to-lose = Auszusetzende Züge
the-boss-held-position-number = Posten Nr. { $number }
the-boss-held-fired = { $missing ->
    [0] gefeuert
    [1] gefeuert, setzt den 1. Zug aus
   *[other] gefeuert, setzt den 2. Zug aus
}
the-boss-held-unemployed = arbeitslos
the-boss-held-fate-face-down = eine verdeckte Schicksalskarte
the-boss-cash-field = Geld ($)

## Die Anmerkung der Lobby zu jeder Bot-Stufe (wie LEVEL_NOTES in src/evaluate.rs).

the-boss-bot-note-random = irgendein erlaubter Zug, zufällig gewählt
the-boss-bot-note-heuristic = verhandelt, bietet und stimmt nach seiner Bewertung; gewann 400 von 400 Partien gegen drei random
the-boss-bot-note-heuristic-nodeal = heuristic, der nie verhandelt; zwei Verhandler schlagen zwei von ihm in etwa 6 von 10 Partien
the-boss-bot-note-easy = schlägt heuristic in etwa 6 von 10 Partien
the-boss-bot-note-normal = gewinnt etwas mehr als die Hälfte seiner Partien gegen easy
the-boss-bot-note-hard = gewinnt etwas mehr als die Hälfte seiner Partien gegen normal
the-boss-held-cards = { $names }
the-boss-held-title = { $title }

## Das Terminal (crates/theboss/src/terminal.rs, present/mod.rs): der Tisch, den
## `boardroom play` zeichnet, seine Hilfe, die Zeile der Einstellungen und die Schlusswertung.
## Beträge ($cash, $salary, …) kommen als the-boss-money geschrieben.

the-boss-term-config = The Boss, { $players } Spieler{ $own ->
    [yes] , eigene Datendatei
   *[no] {""}
}
the-boss-term-title = { $game } – Runde { $round }, { $name } ist am Zug{ $floor ->
    [yes] {" "}(das Parkett ist offen)
   *[no] {""}
}
the-boss-term-positions = Posten
the-boss-term-years = { $kind } { $years } J.
the-boss-term-exec-needs = , ≥ { $shares } Akt., { $points } Pkt.
the-boss-term-needs = verlangt { $requirements }
the-boss-term-nothing = nichts
the-boss-term-fired = { $name } auf { $state ->
    [0] GEFEUERT
    [1] SETZT 1. ZUG AUS
   *[2] SETZT 2. ZUG AUS
}
the-boss-term-loses = { $name } setzt noch { $count ->
    [one] einen Zug
   *[other] { $count } Züge
} aus
the-boss-term-unemployed = { $name } arbeitslos
the-boss-term-off-board = Ohne Posten: { $list }
the-boss-term-players = Spieler
the-boss-term-you = { $name } (du)
the-boss-term-usable = { $card } (jetzt einsetzbar)
the-boss-term-player = { $name }: { $cash } Geld, { $shares } Aktien, Vermögen { $worth }, Schicksalskarte { $fate }
the-boss-term-cards = Erfahrung: { $experience }   Direktoren: { $executive }
the-boss-term-decks = Stapel: Erfahrung noch { $experience } ({ $experience-discarded } abgelegt), Schicksal noch { $fate } ({ $fate-discarded } abgelegt). Bank: { $shares } Aktien ({ $sale } zu verkaufen), Direktorenkarten { $executive }
the-boss-term-none = keine
the-boss-term-fate-card = Schicksalskarte { $card }
the-boss-term-a-fate-card = eine Schicksalskarte
the-boss-term-shares = { $count } Aktien
the-boss-term-high-bid = Höchstgebot { $bid } von { $name }
the-boss-term-opening-bid = Mindestgebot { $bid }
the-boss-term-auction-heading = Versteigerung:
the-boss-term-auction = { $seller } versteigert { $lot }{ $mandatory ->
    [yes] {" "}(Pflichtversteigerung)
   *[no] {""}
}: { $high }; { $caller } ist dran
the-boss-term-meeting-heading = Hauptversammlung:
the-boss-term-meeting = { $caller } beantragt, { $target } zu feuern (Abfindung { $severance }); dafür { $for } / dagegen { $against } Aktien; { $votes }
the-boss-term-voted = { $name } { $vote ->
    [for] dafür
    [against] dagegen
   *[abstain] Enthaltung
}
the-boss-term-undeclared = { $name } unentschieden
the-boss-term-offer = Angebot { $id }: { $from } an { $to }: { $what }
the-boss-term-favour = Gefallen „{ $text }“
the-boss-term-deal = Abmachung { $id }: { $promisor } schuldet { $promisee } { $what } bis Runde { $round }{ $overdue ->
    [yes] {" "}(überfällig)
   *[no] {""}
}; Pfand { $escrow }
the-boss-term-broken-deal = Abmachung { $id } ({ $promisor } an { $promisee }, Runde { $round }{ $walked ->
    [yes] , ausgestiegen
   *[no] {""}
})
the-boss-term-broken = Gebrochene Abmachungen: { $deals }
the-boss-term-help =
    Tippe die Nummer eines Zugs aus der Liste oder den Zug selbst in der Notation:
      collect | card | buy 30 | open | move 3 | use | fire 2 | meeting 2 | stop
      vote for|against|abstain | pass | bid 120 | pay | lose | draw experience | draw fate
      discard | end | accept 7 | reject 7 | withdraw 7 | show 2 | settle 4 | release 4
      default 4 | walkaway 4 | auction COL#14 50 | auction 50sh 1000 | auction fate 100
      offer 2 give $300 10sh take COL#14 note "deal?"
      offer 1 give $200 promise 1 deliver $220 pledge 20sh due 7
      counter 12 give 10sh take $250
    Plätze sind ab 0 in Zugreihenfolge nummeriert; Karten wie auf der Hand (COL#14, E8#17).
