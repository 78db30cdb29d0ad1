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
