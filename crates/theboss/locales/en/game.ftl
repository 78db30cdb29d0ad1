# The Boss's words in the browser view (crates/theboss/web/view.js).

the-boss-round-word = Round
the-boss-table-label = The Boss: positions, players, decks and deals
the-boss-hint = Click a highlighted position, player, card, deck or deal — or use the panels below.
the-boss-experience-card = Experience card #{ $number }
the-boss-executive-card = Executive card #{ $number }
the-boss-fate-face-down = face-down Fate card
the-boss-position = position { $number }
the-boss-fired = { $state ->
    [0] FIRED
    [1] MISSING 1ST TURN
   *[2] MISSING 2ND TURN
}
the-boss-unemployed = unemployed
the-boss-free-chair = a free chair
the-boss-free = free
the-boss-years = { $count ->
    [one] { $kind } { $count } year
   *[other] { $kind } { $count } years
}
the-boss-nothing = nothing
the-boss-needs = needs { $requirements }
the-boss-exec-needs = ≥ { $shares } shares · card { $points } pts
the-boss-unemployment = Unemployment
the-boss-experience-deck = the Experience deck
the-boss-experience = Experience
the-boss-left = { $count } left
the-boss-discarded = { $count } discarded
the-boss-fate-deck = the Fate deck: the last card ends the game
the-boss-fate = Fate
the-boss-bank = Bank
the-boss-bank-shares = { $shares } shares ({ $sale } for sale)
the-boss-bank-executive = Executive cards: { $count }
the-boss-deal = Deal { $id }
the-boss-owes = { $promisor } owes { $promisee } { $what } by round { $round }
the-boss-overdue = (overdue)
the-boss-escrow-held = escrow held by { $name }: { $collateral }
the-boss-broken = Broken deals:
the-boss-broken-deal = { $id } ({ $promisor } to { $promisee }, round { $round })
the-boss-deals-title = Long-term deals and escrow
the-boss-fate-card = Fate card { $name }
the-boss-fate-card-usable = Fate card { $name } (usable now)
the-boss-fate-down-title = a face-down Fate card
the-boss-fate-known = Fate: { $name }
the-boss-fate-down = Fate (face down)
the-boss-loses-turns = loses { $count } turn(s)
the-boss-shares-worth = { $shares } shares · worth { $worth }
the-boss-no-experience = no Experience
the-boss-timer-offer = offer { $offer }: answer
the-boss-timer-bid = bid or pass
the-boss-timer-lobbying = meeting lobbying closes
the-boss-timer-business = business ends
the-boss-timer-in = { $what } in
the-boss-over = The game is over
the-boss-round = Round { $round }
the-boss-floor-open = the floor is open
the-boss-may-act = May act now: { $names }
the-boss-auction-mandatory = Mandatory auction
the-boss-auction = Auction
the-boss-sells = { $name } sells { $lot }.
the-boss-high-bid = High bid { $bid } by { $name }.
the-boss-no-bid = No bid yet.
the-boss-your-call = Your call: bid at least { $min } or pass.
the-boss-their-call = { $name } to call (at least { $min }).
the-boss-over-cash = more than your free cash ({ $cash })
the-boss-bid = Bid { $bid }
the-boss-pass = Pass
the-boss-your-bid = your bid
the-boss-bid-this = Bid this
the-boss-free-cash = your free cash { $cash }
the-boss-vote = { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-deciding = deciding…
the-boss-no-vote = no vote
the-boss-vote-caller = { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
} (caller)
the-boss-vote-target = { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
} (target)
the-boss-voter = { $shares } shares: { $note }
the-boss-meeting = Stockholders' Meeting
the-boss-motion = { $caller } moves to fire { $target } (severance { $severance }).
the-boss-tally = For { $for } · Against { $against } · Abstain { $abstain } shares — a tie keeps the target
the-boss-pass-lobbying = Pass (end my lobbying)
the-boss-accept = Accept
the-boss-reject = Reject
the-boss-counter = Counter…
the-boss-withdraw = Withdraw
the-boss-waits-you = waits for your answer
the-boss-waits-for = waits for { $name }
the-boss-offer = Offer { $id }
the-boss-offer-from = from { $from } to { $to }
the-boss-offers = Offers
the-boss-between-others = Between others:
the-boss-your-deals = Your long-term deals
the-boss-you-owe = you owe { $name } { $what } by round { $round }
the-boss-owes-you = { $name } owes you { $what } by round { $round }
the-boss-escrow = escrow: { $collateral }
the-boss-auction-fate = your Fate card ({ $name }, shown face up)
the-boss-n-shares = { $count } shares
the-boss-what-to-auction = what to auction
the-boss-opening-bid = opening bid
the-boss-auction-yours = Auction something of yours
the-boss-start-auction = Start the auction
the-boss-no-longer-held = (no longer held)
the-boss-your-fate = your Fate card ({ $name })
the-boss-fate-gone = Fate card (no longer held)
the-boss-no-commitment = no commitment
the-boss-commit-for = vote FOR in the meeting
the-boss-commit-against = vote AGAINST in the meeting
the-boss-commit-fire = fire { $name } this turn
the-boss-commit-not-fire = not fire { $name } this turn
the-boss-i-commit = I commit to
the-boss-they-commit = they commit to
the-boss-add-promise = add a long-term promise (with collateral in escrow)
the-boss-favour = favour
the-boss-cash = cash
the-boss-shares = shares
the-boss-an-experience-card = an Experience card
the-boss-an-executive-card = an Executive card
the-boss-none = none
the-boss-who-promises = who promises
the-boss-i-do = I do
the-boss-they-do = { $name } does
the-boss-what = what
the-boss-deliver = money, shares or cards
the-boss-a-favour = a favour (in words)
the-boss-due-round = due round
the-boss-collateral = Collateral { $name } puts in escrow:
the-boss-offer-to = offer to
the-boss-send-counter = Send the counter-offer to { $name }
the-boss-send-offer = Send the offer to { $name }
the-boss-clear = Clear
the-boss-counter-offer = Counter offer { $id }
the-boss-make-offer = Make an offer
the-boss-you-give = You give
the-boss-you-take = You take from { $name }
the-boss-note = note
the-boss-table-waits = The table waits for you.
the-boss-you-may-act = You may act now.
the-boss-nothing-to-do = Nothing to do for you now.
the-boss-offers-waiting = { $count ->
    [one] { $count } offer waits for your answer.
   *[other] { $count } offers wait for your answer.
}
the-boss-sh = { $shares } sh

## The lobby's options

the-boss-option-two-player-share-cap = Two player share cap
the-boss-option-two-player-share-cap-help = Two players only: the Bank sells at most the data file's cap of shares (1,200 in the shipped set)

## What the game writes in Rust: seats, the log's sentences, offers

the-boss-seat = { $colour ->
    [red] Red
    [blue] Blue
    [green] Green
    [yellow] Yellow
   *[none] Seat { $number }
}
the-boss-money = ${ $amount }
the-boss-lot-fate = a Fate card
the-boss-item-fate = the Fate card
the-boss-item-vote = a vote { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-item-fire = firing { $name }
the-boss-item-not-fire = not firing { $name }
the-boss-deliver-experience = an Experience card "{ $kind }"
the-boss-deliver-experience-kind = an Experience card of kind { $kind }
the-boss-deliver-executive = an { $card }
the-boss-deliver-executive-number = an Executive card #{ $number }
the-boss-offer-gives = gives { $give } for { $take }
the-boss-promise-deliver = to deliver { $what }
the-boss-promise-favour = the favour "{ $favour }"
the-boss-offer-promise = ; { $promisor } promises { $what } by the end of round { $round }
the-boss-offer-pledge = , pledging { $collateral }
the-boss-offer-cancels = ; cancels deal { $deal }
the-boss-offer-note = {" "}— "{ $note }"
the-boss-ending-set = { $name } owns a complete Executive set and wins
the-boss-ending-shares = { $name } owns more than half of the shares and wins
the-boss-ending-deck = the last Fate card was drawn: net worth decides
the-boss-skip-fired = fired
the-boss-skip-fired-second = fired: missing 2nd turn
the-boss-skip-losing = losing turns
the-boss-ev-turn = Round { $round }: { $name }'s turn
the-boss-ev-skipped = { $name } misses the turn ({ $reason })
the-boss-ev-disaster-over = { $name }'s Financial Disaster is over and its card is discarded
the-boss-ev-salary = { $name } collects a salary of ${ $amount }
the-boss-ev-executive-card = { $name } takes Executive card #{ $number } from the Bank
the-boss-ev-bought = { $name } buys { $shares } shares from the Bank for ${ $cost }
the-boss-ev-floor = { $name } opens the floor: everyone may deal
the-boss-ev-moved = { $name } moves from position { $from } to position { $to }
the-boss-ev-took-position = { $name } takes position { $to }
the-boss-ev-used = { $name } uses Fate card #{ $number }
the-boss-ev-fired-severance = { $by } fires { $name } (severance ${ $severance })
the-boss-ev-fired = { $by } fires { $name }
the-boss-ev-meeting = { $caller } calls a Stockholders' Meeting to fire { $target }
the-boss-ev-voted = { $name } votes { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
} with { $shares } shares
the-boss-ev-lobby-pass = { $name } passes in the lobbying
the-boss-ev-tally-fired = The meeting votes { $for } for and { $against } against: the executive is fired
the-boss-ev-tally-stays = The meeting votes { $for } for and { $against } against: the executive stays
the-boss-ev-discards = { $name } discards { $deck ->
    [experience] Experience
   *[fate] Fate
} card #{ $number }
the-boss-ev-discarded = { $deck ->
    [experience] Experience
   *[fate] Fate
} card #{ $number } is discarded
the-boss-ev-drew-card = { $name } draws { $deck ->
    [experience] Experience
   *[fate] Fate
} card #{ $number }
the-boss-ev-drew = { $name } draws a { $deck ->
    [experience] Experience
   *[fate] Fate
} card
the-boss-ev-paid-disaster = { $name } pays ${ $amount } for the Financial Disaster
the-boss-ev-losing-turns = { $name } will lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
the-boss-ev-offered = Offer { $id }: { $from } to { $to }: { $offer }
the-boss-ev-countered = Offer { $id } (countering offer { $counters }): { $from } to { $to }: { $offer }
the-boss-ev-accepted-deal = Offer { $id } is accepted; long-term deal { $deal } opens
the-boss-ev-accepted = Offer { $id } is accepted
the-boss-ev-voided = Offer { $id } is void: { $reason }
the-boss-ev-rejected = Offer { $id } is rejected
the-boss-ev-withdrawn = Offer { $id } is withdrawn
the-boss-ev-expired = { $count ->
    [one] Unanswered offer { $ids } expires
   *[other] Unanswered offers { $ids } expire
}
the-boss-ev-shown-card = { $name } shows Fate card #{ $number } to { $to }
the-boss-ev-shown = { $name } shows the Fate card to { $to }
the-boss-ev-auction = { $name } auctions { $lot } from ${ $opening }
the-boss-ev-auction-mandatory = { $name } must auction { $lot } from ${ $opening }
the-boss-ev-bid = { $name } bids ${ $amount }
the-boss-ev-passed = { $name } passes
the-boss-ev-auction-sold = { $name } buys { $lot } for ${ $price }
the-boss-ev-auction-unsold = Nobody buys { $lot }
the-boss-ev-settled = Deal { $id } is settled; the collateral returns
the-boss-ev-released = Deal { $id }: the collateral is released
the-boss-ev-broke-walked = Deal { $id } is broken (the promisor walked away): the collateral goes to the promisee
the-boss-ev-broke-default = Deal { $id } is broken (declared in default): the collateral goes to the promisee
the-boss-ev-cancelled = Deal { $id } is cancelled; the collateral returns
the-boss-ev-deals-closed = Open deals close: { $defaulted } defaulted, { $returned } returned
the-boss-ev-time-offer = Time is up: offer { $id } is rejected unanswered
the-boss-ev-time-bid = Time is up for the bid: a pass
the-boss-ev-time-lobbying = Time is up: the lobbying closes
the-boss-ev-time-business = Time is up: Business Transactions end
the-boss-ev-commitment-lapsed = The promise to fire { $name } lapses: they left the job otherwise
the-boss-ev-game-over = Game over: { $ending }

## The prompt

the-boss-step = { $step ->
    [salary] collect salary
    [card] take an Executive card
    [stock] buy stock
    [business] business transactions
    [closing] closing auctions
    [draw] draw
   *[disaster] Financial Disaster
}
the-boss-prompt-over = The game is over: { $ending }
the-boss-prompt-high-bid = high bid ${ $bid } by { $name }
the-boss-prompt-no-bid = no bid yet
the-boss-prompt-auction = { $name }: bid at least ${ $min } for { $lot } sold by { $seller }, or pass — { $high }
the-boss-prompt-meeting = Stockholders' Meeting: { $caller } moves to fire { $target } (severance ${ $severance }).
the-boss-prompt-undeclared = {" "}Still to vote for, against or abstain: { $names }.
the-boss-prompt-lobbying = {" "}Caller and target may buy votes, then pass.
the-boss-prompt-after-meeting = { $name }: the meeting failed — call a meeting on another executive or stop
the-boss-prompt-disaster = { $name }: Financial Disaster — pay ${ $pay } or lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
the-boss-prompt-pay-or-lose = { $name }: pay or lose turns
the-boss-prompt-draw = { $name }: draw a card from the Experience or the Fate deck (or discard the held Fate card first)
the-boss-prompt-closing = { $name }: the closing auctions run
the-boss-prompt-turn = { $name }'s turn ({ $step }): collect, buy, move, use cards, fire, deal, then end business
the-boss-prompt-floor = {" "}— the floor is open: everyone may deal
the-boss-prompt-offer = offer { $id } from { $from } to { $to }
the-boss-prompt-waiting = . Waiting for an answer: { $offers }

## The actions: labels and what they do

the-boss-do-collect = Collect the salary
the-boss-do-card = Take an Executive card
the-boss-do-card-effect = an { $card }, { $points } points
the-boss-do-buy = Buy { $count } shares
the-boss-do-buy-effect = ${ $cost } to the Bank
the-boss-do-open = Open the floor
the-boss-do-open-effect = everyone may deal
the-boss-do-move = Move to { $title } ({ $number })
the-boss-do-move-effect = salary ${ $salary }
the-boss-do-use = Use { $card }
the-boss-do-use-option = buy { $shares } shares at ${ $price }
the-boss-do-use-fate = Use the Fate card
the-boss-do-fire = Fire { $name }
the-boss-do-fire-effect = severance ${ $severance }
the-boss-do-meeting = Call a meeting to fire { $name }
the-boss-do-meeting-effect = the shareholders vote
the-boss-do-stop = Call no other meeting
the-boss-do-stop-effect = the Fire card is discarded
the-boss-do-vote = Vote { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-do-pass = Pass
the-boss-do-pass-auction = leave the auction
the-boss-do-pass-lobbying = end your lobbying
the-boss-do-pass-floor = make no more offers this turn
the-boss-do-bid = Bid ${ $amount }
the-boss-do-bid-effect = for { $lot }, paid if it wins
the-boss-do-pay = Pay ${ $amount }
the-boss-do-pay-effect = keep your turns
the-boss-do-lose = Lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
the-boss-do-lose-effect = keep your cash
the-boss-do-draw = Draw from the { $deck ->
    [experience] Experience
   *[fate] Fate
} deck
the-boss-do-draw-effect = { $count } left
the-boss-do-discard = Discard the Fate card
the-boss-do-discard-effect = face up
the-boss-do-end = End business
the-boss-do-end-effect = then draw a card
the-boss-do-offer = Offer to { $name }
the-boss-do-accept = Accept offer { $id }
the-boss-do-reject = Reject offer { $id }
the-boss-do-withdraw = Withdraw offer { $id }
the-boss-do-counter = Counter offer { $id }
the-boss-do-show = Show the Fate card to { $name }
the-boss-do-show-effect = only they see it
the-boss-do-auction-fate = Auction the Fate card
the-boss-do-auction = Auction { $lot }
the-boss-do-auction-effect = opening bid ${ $reserve }
the-boss-do-settle = Settle deal { $id }
the-boss-do-settle-effect = deliver and get the collateral back
the-boss-do-release = Release deal { $id }
the-boss-do-release-effect = return the collateral
the-boss-do-default = Declare deal { $id } in default
the-boss-do-default-effect = keep the collateral
the-boss-do-walkaway = Walk away from deal { $id }
the-boss-do-walkaway-effect = lose the collateral, keep the deliverable
the-boss-do-timeout = Time is up
the-boss-deal-favour = favour: "{ $favour }"

## Cards as players call them (titles as the data file writes them)

the-boss-exec-name = Executive card #{ $number } ({ $title })
the-boss-fate-job = Job Available: { $title } (#{ $number })
the-boss-fate-job-position = Job Available: position #{ $number }
the-boss-fate-bonus = Bonus card — ${ $amount }
the-boss-fate-option = Stock option: { $shares } shares at ${ $price }
the-boss-fate-fire = Fire card — severance ${ $severance }
the-boss-fate-disaster = Financial Disaster — pay ${ $pay } or lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}

## Refusals: why an action is illegal, and the rule it breaks

the-boss-refusal = { $reason } ({ $rule })
the-boss-rule-section = rule { $number }: { $section ->
    [s1] components and positions
    [s2] the Experience deck
    [s3] the Fate deck
    [s4] Executive cards
    [s5] the turn
    [s5-1] the start of a turn
    [s5-2] the steps of a turn
    [s5-3] moving
    [s5-4] Financial Disaster and losing turns
    [s5-5] being fired
    [s6] Fate cards
    [s7] firing
    [s8] winning
    [s9] wheeling and dealing
    [s9-1] deal windows
    [s9-2] offers
    [s9-3] short-term deals
    [s9-4] what players may trade
    [s9-5] long-term deals
    [s9-6] auctions
   *[s9-7] limits against stalling
}
the-boss-rule = rule { $rule }
the-boss-ruling = ruling { $rule }
the-boss-decision = decision { $rule }
# Composite offer fields that name no offer (read only by the Python package; the detail is English).
the-boss-err-fields = the offer fields name no offer: { $detail }
the-boss-err-over = the game is over
the-boss-err-not-at-table = { $name } is not at this table
the-boss-err-auction-running = an auction is running: only bids and passes are possible
the-boss-err-meeting-running = a Stockholders' Meeting is lobbying: only votes, passes and vote deals are possible
the-boss-err-caller-decides = the caller decides whether to call another meeting
the-boss-err-after-meeting = after a failed meeting: call a meeting on another executive or stop
the-boss-err-disaster-first = { $name } must first pay or lose turns
the-boss-err-no-disaster = no Financial Disaster is waiting
the-boss-err-cannot-pay-disaster = you have ${ $cash } and cannot pay ${ $pay } (no raising cash for it): lose the turns
the-boss-err-settle-disaster = a Financial Disaster must be settled at once: pay, or lose turns
the-boss-err-no-auction = no auction is running
the-boss-err-no-meeting = no Stockholders' Meeting is lobbying
the-boss-err-no-failed-meeting = no meeting has failed to stop after
the-boss-err-their-turn = it is { $name }'s turn
the-boss-err-nothing-to-pass = nothing to pass: no auction or meeting is running, and passing on the floor is for other players while the floor is open
the-boss-err-passed-floor = { $name } has already passed on the floor in this step
the-boss-err-no-job = you hold no job
the-boss-err-own-two = you already own 2 Executive cards #{ $number } (at most 2 per number)
the-boss-err-bank-no-card = the Bank has no Executive card #{ $number } left
the-boss-err-buy-lot = shares are bought in multiples of { $lot }, at least { $lot }
the-boss-err-no-salary = you hold no job: no salary to buy with
the-boss-err-over-budget = { $shares } shares cost ${ $cost }, more than the salary budget of ${ $budget }
the-boss-err-shares-cost = { $shares } shares cost ${ $cost } and you have ${ $cash }
the-boss-err-bank-shares = the Bank has only { $shares } shares for sale
the-boss-err-floor-open = the floor is already open
the-boss-err-no-fire-card = you hold no Fire card you may use now
the-boss-err-discard-before-draw = a held Fate card is discarded by choice only before the draw (end business first)
the-boss-err-no-fate = you hold no Fate card
the-boss-err-promised-fire-first = you promised to fire { $name } (FireTarget) before ending business
the-boss-err-not-a-step = not an action of the turn's steps
the-boss-err-no-such-step = an { $sequence ->
    [unemployed] unemployed
    [office] office
   *[executive] executive
} turn has no step to { $what ->
    [salary] collect salary
    [card] take an executive card
   *[stock] buy stock
}
the-boss-err-step-passed = too late to { $what ->
    [salary] collect salary
    [card] take an Executive card
   *[stock] buy stock
}: steps go strictly forward and a passed step is forfeited
the-boss-err-business-over = business is over for this turn: draw a card
the-boss-err-severance = the severance is ${ $severance } and you have ${ $cash }
the-boss-err-no-position = there is no position { $number }
the-boss-err-moved = at most one move per turn
the-boss-err-hold-position = you already hold position { $number }
the-boss-err-no-move-to-office = an executive never moves voluntarily to an office job
the-boss-err-no-move-down = no voluntary move down from office { $from } to office { $to }
the-boss-err-needs-job-available = moving to executive position { $number } needs a usable Job Available { $number } card
the-boss-err-needs-shares = { $title } needs { $shares } shares and you can use { $have }
the-boss-err-no-chair = every chair of { $title } is taken
the-boss-err-experience-at-start = you did not meet the Experience of { $title } at the start of this turn (new Experience counts from your next turn)
the-boss-err-experience-now = you do not meet the Experience of { $title } now
the-boss-err-no-usable-fate = you hold no Fate card you may use now (a card is used in your first own Business Transactions after you got it)
the-boss-err-option-no-shares = the Bank has no shares left for the option
the-boss-err-option-cost = the option buys { $shares } shares for ${ $cost } (all or nothing) and you have ${ $cash }
the-boss-err-use-job-available = a Job Available card is used by moving to position { $number }
the-boss-err-use-fire = a Fire card is used to fire a player or to call a meeting on an executive
the-boss-err-disaster-held = a Financial Disaster is never held
the-boss-err-cannot-fire = { $name } cannot be fired by you
the-boss-err-holds-no-job = { $name } holds no job
the-boss-err-is-executive = { $name } is an executive: call a Stockholders' Meeting
the-boss-err-fire-higher = only an executive or a higher office may fire { $name } (office { $office })
the-boss-err-promised-not-fire = you promised not to fire { $name } this turn (NotFire)
the-boss-err-promised-fire = you promised to fire { $name } (FireTarget)
the-boss-err-end-business-first = end business first: the draw is the last step
the-boss-err-fate-held-draw = you hold a Fate card got this turn: draw Experience, or discard it first
the-boss-err-experience-empty = the Experience deck is empty: take a Fate card
the-boss-err-sell-no-experience = you hold no Experience card "{ $card }" free to sell (pledged items cannot be sold)
the-boss-err-sell-no-executive = you hold no { $card } free to sell (pledged items cannot be sold)
the-boss-err-fire-card-stays = you promised to fire with your Fire card (FireTarget): it stays with you
the-boss-err-share-block = a block of shares is a positive multiple of { $lot }
the-boss-err-sell-shares = you hold { $have } shares free to sell, not { $shares }
the-boss-err-reserve = the reserve is at least $10 and a multiple of ${ $step }
the-boss-err-auction-limit = the limit of { $max } offers and auctions in one Business Transactions step is reached
the-boss-err-their-call = it is { $name }'s call in the auction
the-boss-err-nobody-bids = nobody is to bid
the-boss-err-bid-min = a bid is at least ${ $min } (the high bid + ${ $step }, or the opening bid) in steps of ${ $step }
the-boss-err-bid-cash = you cannot bid ${ $bid } with ${ $cash } of free cash
the-boss-err-bid-fire-promised = your Fire card is promised (FireTarget): you may not buy another Fate card, only pass
the-boss-err-own-two-already = you own 2 Executive cards #{ $number } already (at most 2 per number)
the-boss-err-cannot-name = { $name } cannot be named by you
the-boss-err-only-executive-calls = only an executive may call a Stockholders' Meeting
the-boss-err-not-executive = { $name } is not an executive (office holders are fired with the Fire card, without a meeting)
the-boss-err-named-already = { $name } was already named with this Fire card
the-boss-err-fired-no-vote = a fired player may not vote
the-boss-err-not-voter = caller and target vote automatically; you are not a voter
the-boss-err-declared = your declaration is final
the-boss-err-voters-declare = only the caller and the target pass in the lobbying; voters declare
the-boss-err-pass-stands = your pass stands until another meeting action (a declaration, an offer or an answer): passing again is not an action
the-boss-err-player-timeout = { $name } cannot submit a timeout: only the table's clock does, when time is up
the-boss-err-clock-timeouts = the clock submits only timeouts
the-boss-err-no-timer = no running timer names this timeout
the-boss-err-no-offer = there is no open offer { $id }
the-boss-err-no-bid-waits = no auction waits for a bid
the-boss-err-business-waits = Business Transactions end when the running auction or meeting is over
the-boss-err-text-long = the { $field ->
    [note] note
   *[favour] favour
} is longer than { $max } characters
the-boss-err-text-control = the { $field ->
    [note] note
   *[favour] favour
} may not hold control characters
the-boss-err-text-empty = the { $field ->
    [note] note
   *[favour] favour
} is empty
the-boss-err-cash-step = money changes hands in multiples of ${ $step }
the-boss-err-share-step = shares change hands in multiples of { $lot }
the-boss-err-bundle-cards = at most { $max } cards of a kind in one bundle
the-boss-err-no-card = no { $deck ->
    [experience] Experience
   *[executive] Executive
} card #{ $number }
the-boss-err-card-twice = { $deck ->
    [experience] Experience
   *[executive] Executive
} card #{ $number } is listed twice
the-boss-err-free-cash = { $name } has ${ $cash } of free cash, not ${ $amount }
the-boss-err-free-shares = { $name } has { $have } shares free to trade, not { $shares }
the-boss-err-offer-no-experience = { $name } does not hold the Experience card "{ $card }" free (pledged items cannot be offered)
the-boss-err-offer-no-executive = { $name } does not hold the { $card } free (pledged items cannot be offered)
the-boss-err-holds-no-fate = { $name } holds no Fate card
the-boss-err-fire-card-promised = the Fire card is promised: it must fire the player named in a deal
the-boss-err-would-own = { $name } would own { $count } Executive cards #{ $number } (at most 2 per number)
the-boss-err-may-not-deal = players who are fired or losing turns may not deal
the-boss-err-deals-in-business = deals happen only in the active player's Business Transactions
the-boss-err-floor-closed = the floor is not open: only the active player may deal until they open it
the-boss-err-not-dealing = not a dealing action
the-boss-err-cannot-show = { $name } cannot be shown your card
the-boss-err-no-fate-to-show = you hold no Fate card to show
the-boss-err-knows-fate = { $name } knows your Fate card already
the-boss-err-no-deal = there is no open deal { $id }
the-boss-err-promisor-settles = only the promisor settles a deal
the-boss-err-favour-settle = a favour cannot be settled by the engine: the promisee releases it
the-boss-err-deliver-kind = you hold no free { $kind } card to deliver
the-boss-err-deliver-executive = you hold no free Executive card #{ $number } to deliver
the-boss-err-promisee-releases = only the promisee releases the collateral
the-boss-err-promisor-walks = only the promisor walks away
the-boss-err-promisee-defaults = only the promisee declares default
the-boss-err-not-due = deal { $id } is due by the end of round { $round }: default only after it
the-boss-err-meeting-offers = during a meeting only its caller, target and voters make offers
the-boss-err-meeting-offers-undeclared = during a meeting only its caller, target and voters who have yet to declare make offers
the-boss-err-meeting-offer-to = during a meeting offers go only to its caller, target or voters
the-boss-err-meeting-vote-deals = during a meeting only vote deals are possible (add a vote commitment)
the-boss-err-meeting-limit = the meeting's limit of { $max } offers is reached
the-boss-err-passed-no-offers = { $name } passed on the floor: no more offers from them in this step
the-boss-err-offer-not-yours = offer { $id } is not yours
the-boss-err-offer-not-to-you = offer { $id } was not made to you
the-boss-err-meeting-answers = during a meeting only vote deals are answered
the-boss-err-counter-back = a counter-offer goes back to { $name }, who made offer { $id }
the-boss-err-deal-closed = deal { $id } is no longer open
the-boss-err-fate-collateral = a Fate card can never be collateral
the-boss-err-severance-unpaid = the severance promised could no longer be paid
the-boss-err-vote-no-meeting = a vote is promised only while a meeting is lobbying
the-boss-err-vote-abstain = a vote deal is for FOR or AGAINST
the-boss-err-not-undeclared = { $name } is not a voter who has yet to declare
the-boss-err-promise-firing = only the active player holding a usable Fire card may promise about firing ({ $name } is not)
the-boss-err-no-fate-usable = { $name } holds no Fate card usable now
the-boss-err-no-fire-usable = { $name } holds no usable Fire card
the-boss-err-cannot-be-named = { $name } cannot be named
the-boss-err-fire-promised-to = the Fire card is promised to fire { $name } already
the-boss-err-not-target = { $name } is not a legal target now
the-boss-err-one-firing = a deal may promise one firing at most: the Fire card fires once
the-boss-err-target-and-spared = { $name } cannot be both the promised target and spared
the-boss-err-one-vote = a voter promises one vote
the-boss-err-both-deal = both players must be able to deal
the-boss-err-fate-frozen = { $name }'s Fire card is promised (FireTarget): no Fate card moves to or from them until it is used
the-boss-err-no-deal-between = there is no open deal { $id } between seats { $from } and { $to }
the-boss-err-collateral-cash = for the collateral, { $name } would have ${ $cash } of free cash after the exchange, not ${ $amount }
the-boss-err-collateral-shares = for the collateral, { $name } would have { $have } shares after the exchange, not { $shares }
the-boss-err-collateral-experience = for the collateral, { $name } would not hold the Experience card "{ $card }" after the exchange
the-boss-err-collateral-executive = for the collateral, { $name } would not hold the { $card } after the exchange
the-boss-err-severance-after-deal = the severance ${ $severance } could not be paid after the deal ({ $name } would have ${ $cash })
the-boss-err-cannot-receive = { $name } cannot receive your offer
the-boss-err-receiver-may-not-deal = { $name } is fired or losing turns and may not deal
the-boss-err-offer-empty = the offer is empty
the-boss-err-commitments = at most { $max } commitments in one offer
the-boss-err-promisor = the promisor is one of the two players
the-boss-err-due-passed = the due round { $due } has already passed (round { $round })
the-boss-err-due-far = the due round is too far
the-boss-err-deal-not-between = deal { $id } is not between seats { $from } and { $to }
the-boss-err-deliverable-empty = the deliverable is empty
the-boss-err-deliverable-steps = deliverable money and shares come in the usual steps
the-boss-err-deliverable-cards = too many cards in the deliverable
the-boss-err-deliverable-kind = unknown Experience kind in the deliverable
the-boss-err-deliverable-number = Executive cards are numbered 5-8
the-boss-err-open-offers = at most { $max } open offers per player
the-boss-err-offer-limit = the limit of { $max } offers in one Business Transactions step is reached
the-boss-err-pair-limit = the limit of { $max } offers between two players in one step is reached

## The score table and the holdings (crates/theboss/src/present/mod.rs, describe.rs).
## Amounts are numbers: each language groups their digits as it writes them.

the-boss-score-column = { $column ->
    [cash] cash
    [shares] shares
    [share-value] share value
    [exec-points] exec points
   *[net-worth] net worth
}
# $ending is how the game ended, a sentence.
the-boss-score-note = { $ending }.
    Three ways to win: a complete Executive set (2×#5, 2×#6, #7, #8) or more than { $shares } shares wins at once; otherwise, when the last Fate card is drawn, the highest net worth (cash + ${ $price } a share + Executive points) wins — ties go to more shares, then more Executive points, then more cash, then a shared win.
the-boss-held-position = Position
the-boss-held-cash = Cash
the-boss-held-shares = Shares
the-boss-held-experience = Experience cards
the-boss-held-executive = Executive cards
the-boss-held-fate = Fate card
the-boss-held-turns-to-lose = Turns to lose
the-boss-held-position-number = position { $number }
# $missing: the turns of the Fired track still to miss (0, 1 or 2).
the-boss-held-fired = { $missing ->
    [0] fired
    [1] fired, missing the first turn
   *[other] fired, missing the second turn
}
the-boss-held-unemployed = unemployed
the-boss-held-fate-face-down = a face-down Fate card
# The field of an amount of cash in the offer builder.
the-boss-cash-field = Cash ($)

## The lobby's note on each bot level (the same words as LEVEL_NOTES in src/evaluate.rs).

the-boss-bot-note-random = any legal move, at random
the-boss-bot-note-heuristic = deals, bids and votes by its valuation; won 400 of 400 against three random
the-boss-bot-note-heuristic-nodeal = heuristic that never deals; two dealers beat two of it about 6 games in 10
the-boss-bot-note-easy = beats heuristic about 6 games in 10
the-boss-bot-note-normal = wins a little over half its games against easy
the-boss-bot-note-hard = wins a little over half its games against normal
# The cards a player holds, by name ($names: their titles, comma-separated).
the-boss-held-cards = { $names }
# A position held, by its title as the data set writes it.
the-boss-held-title = { $title }

## The terminal (crates/theboss/src/terminal.rs, present/mod.rs): the table `boardroom play`
## draws, its help, the configuration's line and the final score table. Amounts ($cash,
## $salary, …) come written out as the-boss-money.

the-boss-term-config = The Boss, { $players } players{ $own ->
    [yes] , own data file
   *[no] {""}
}
the-boss-term-title = { $game } — round { $round }, { $name }'s turn{ $floor ->
    [yes] {" "}(floor open)
   *[no] {""}
}
the-boss-term-positions = Positions
the-boss-term-years = { $kind } { $years }y
the-boss-term-exec-needs = , ≥{ $shares } sh, { $points } pts
the-boss-term-needs = needs { $requirements }
the-boss-term-nothing = nothing
the-boss-term-fired = { $name } on { $state ->
    [0] FIRED
    [1] MISSING 1ST TURN
   *[2] MISSING 2ND TURN
}
the-boss-term-loses = { $name } loses { $count ->
    [one] { $count } more turn
   *[other] { $count } more turns
}
the-boss-term-unemployed = { $name } unemployed
the-boss-term-off-board = Off the board: { $list }
the-boss-term-players = Players
the-boss-term-you = { $name } (you)
the-boss-term-usable = { $card } (usable now)
the-boss-term-player = { $name }: { $cash } cash, { $shares } shares, net worth { $worth }, Fate card { $fate }
the-boss-term-cards = Experience: { $experience }   Executive: { $executive }
the-boss-term-decks = Decks: Experience { $experience } left ({ $experience-discarded } discarded), Fate { $fate } left ({ $fate-discarded } discarded). Bank: { $shares } shares ({ $sale } for sale), Executive cards { $executive }
the-boss-term-none = none
the-boss-term-fate-card = Fate card { $card }
the-boss-term-a-fate-card = a Fate card
the-boss-term-shares = { $count } shares
the-boss-term-high-bid = high bid { $bid } by { $name }
the-boss-term-opening-bid = opening bid { $bid }
the-boss-term-auction-heading = Auction:
the-boss-term-auction = { $seller } sells { $lot }{ $mandatory ->
    [yes] {" "}(mandatory)
   *[no] {""}
}: { $high }; { $caller } to call
the-boss-term-meeting-heading = Stockholders' Meeting:
the-boss-term-meeting = { $caller } moves to fire { $target } (severance { $severance }); for { $for } / against { $against } shares; { $votes }
the-boss-term-voted = { $name } { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-term-undeclared = { $name } undeclared
the-boss-term-offer = Offer { $id }: { $from } to { $to }: { $what }
the-boss-term-favour = favour "{ $text }"
the-boss-term-deal = Deal { $id }: { $promisor } owes { $promisee } { $what } by round { $round }{ $overdue ->
    [yes] {" "}(overdue)
   *[no] {""}
}; escrow { $escrow }
the-boss-term-broken-deal = deal { $id } ({ $promisor } to { $promisee }, round { $round }{ $walked ->
    [yes] , walked away
   *[no] {""}
})
the-boss-term-broken = Broken deals: { $deals }
the-boss-term-help =
    Type the number of a move from the list, or the move itself in notation:
      collect | card | buy 30 | open | move 3 | use | fire 2 | meeting 2 | stop
      vote for|against|abstain | pass | bid 120 | pay | lose | draw experience | draw fate
      discard | end | accept 7 | reject 7 | withdraw 7 | show 2 | settle 4 | release 4
      default 4 | walkaway 4 | auction COL#14 50 | auction 50sh 1000 | auction fate 100
      offer 2 give $300 10sh take COL#14 note "deal?"
      offer 1 give $200 promise 1 deliver $220 pledge 20sh due 7
      counter 12 give 10sh take $250
    Seats are numbered from 0 in turn order; cards as in the hands (COL#14, E8#17).
