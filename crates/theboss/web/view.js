// The Boss in the browser: the eight positions with their chairs and who sits there, each
// player's position, cash, shares and cards, the decks and the Bank, the running auction (with
// quick bids) or meeting (with its live tally and votes), the offers (accept, reject, counter,
// withdraw), the open long-term deals with their escrow, the running timers, and the offer
// builder that writes an offer in its JSON form (docs/protocol.md, "Structured actions").
//
// Targets (as `Present::action_view` highlights them): `office:<n>` (move), `player:<seat>`
// (fire, meeting, show, offer to), `offer:<id>` (answer, withdraw, counter), `deal:<id>`,
// `deck:experience` / `deck:fate` (draw), `card:<card>` (auction a card in hand) and
// `fate:<seat>` (use, discard, auction the held Fate card). The shell marks them and plays the
// action (or offers a chooser). The panels beside the prompt (auction, meeting, offers, deals,
// offer builder) find listed actions by their kind and arguments (`Present::action_view`), play
// them by their notation (`data-act`) and built offers by their JSON form.

let h = null; // the shell's element helper, set on mount
let shell = null; // the shell's context, set on mount
let tr = null; // the page's messages (`the-boss-…`), set on mount

/** An amount as the page's language writes money (`$1,200`, German `1.200 $`). */
const money = (n) => tr("the-boss-money", { amount: Number(n || 0) });
const VOTES = ["for", "against", "abstain"];

/** The offer being built: partner, both bundles, commitments, a long-term promise, a note. */
function emptyBundle() {
  return { cash: 0, shares: 0, experience: new Set(), executive: new Set(), fate: false };
}
function emptyDraft(to) {
  return {
    to, counter: null, give: emptyBundle(), take: emptyBundle(), giveC: "", takeC: "", note: "",
    lt: { on: false, promisor: "me", kind: "deliver", cash: 0, shares: 0, exp: "", exec: "", favour: "",
      ccash: 0, cshares: 0, cexp: new Set(), cexec: new Set(), due: null },
  };
}
// `sent`: the table version an offer or counter-offer of the builder was sent at, until the
// table shows it made (the builder is then cleared) or it is refused (the draft is kept).
const ui = { draft: null, builderKey: "", state: null, stateAt: 0, tick: null, auctionLot: "", auctionReserve: 10, auctionOpen: false, sent: null };

/** The seats sitting in position `n`. */
function sitting(obs, n) {
  return obs.players.map((p, s) => (p.job === n ? s : null)).filter((s) => s !== null);
}

// Cards are shown by their names (`extra.cards.names`); their codes (`extra.cards.experience`,
// `extra.cards.executive`, as the notation writes them) only mark what can be clicked.
const cardNames = () => (shell.extra.cards && shell.extra.cards.names) || {};
const expName = (c) => (cardNames().experience || [])[c] || tr("the-boss-experience-card", { number: c + 1 });
const execName = (c) => (cardNames().executive || [])[c] || tr("the-boss-executive-card", { number: c + 1 });
const expCode = (c) => (shell.extra.cards ? shell.extra.cards.experience[c] : `#${c + 1}`);
const execCode = (c) => (shell.extra.cards ? shell.extra.cards.executive[c] : `#${c + 1}`);
/** An Experience kind without the years of one card (`College` of "College, 2 years"). */
const kindWord = (name) => String(name).split(",")[0];

/** `text` (a log line, an action's notation) with cards named: `Fate card #33` and the like,
 * as event sentences number cards, and the notation's codes (`COL#14`, `E5#3`). */
function words(text) {
  const names = cardNames(), cards = shell && shell.extra.cards;
  if (!names.experience || !cards) return text;
  const decks = { Experience: names.experience, Executive: names.executive, Fate: names.fate };
  const codes = new Map();
  cards.experience.forEach((code, c) => codes.set(code, names.experience[c]));
  cards.executive.forEach((code, c) => codes.set(code, names.executive[c]));
  return String(text)
    .replace(/\b(Experience|Executive|Fate) card #(\d+)/g, (all, deck, n) => {
      const name = (decks[deck] || [])[Number(n) - 1];
      return name ? `“${name}”` : all;
    })
    .replace(/\b(?:[A-Z]+|E\d)#\d+\b/g, (code) => (codes.has(code) ? `“${codes.get(code)}”` : code));
}

/** The name of a player's held Fate card as the viewer may know it. */
function fateText(s) {
  const info = (shell.extra.players || [])[s] || {};
  return info.fate ? info.fate : tr("the-boss-fate-face-down");
}

/** Where a player stands, as nodes: a position's title is its data's, in every language. */
function whereIs(p) {
  if (p.job) {
    const pos = (shell.extra.positions || []).find((x) => x.number === p.job);
    return pos ? [`${p.job} · `, h("span", { translate: "no" }, pos.title)] : [tr("the-boss-position", { number: p.job })];
  }
  return [p.fired !== null && p.fired !== undefined ? tr("the-boss-fired", { state: p.fired }) : tr("the-boss-unemployed")];
}

// ---------------------------------------------------------------- the board

function drawOffices(ctx) {
  const obs = ctx.obs, extra = ctx.extra;
  const rows = (extra.positions || []).slice().reverse().map((p) => {
    const here = sitting(obs, p.number);
    const chairs = [];
    for (let i = 0; i < p.chairs; i++) {
      const s = here[i];
      chairs.push(s === undefined ? h("span", { class: "chair free", title: tr("the-boss-free-chair") }, tr("the-boss-free"))
        : h("span", { class: "chair player-name", style: `background:${ctx.colour(s)}`, title: ctx.name(s) }, ctx.name(s)));
    }
    const req = p.requirements.map((r) => tr("the-boss-years", { kind: kindWord(r.name || r.kind), count: r.years })).join(", ") || tr("the-boss-nothing");
    return h("div", { class: "tb-office" + (p.executive ? " exec" : ""), "data-target": `office:${p.number}` },
      h("div", { class: "tb-office-head" }, h("b", {}, `${p.number} · `, h("span", { translate: "no" }, p.title)), h("span", { class: "salary" }, money(p.salary))),
      h("div", { class: "chairs" }, chairs),
      h("div", { class: "req" }, tr("the-boss-needs", { requirements: req }) + (p.executive ? ` · ${tr("the-boss-exec-needs", { shares: p.min_shares, points: p.exec_points })}` : "")));
  });
  const unemployed = obs.players.map((p, s) => (p.job ? null : s)).filter((s) => s !== null);
  return h("div", { class: "tb-offices" }, rows,
    h("div", { class: "tb-office unemployment" }, h("b", {}, tr("the-boss-unemployment")),
      h("div", { class: "chairs" }, unemployed.map((s) => h("span", { class: "chair", style: `background:${ctx.colour(s)}` },
        h("span", { class: "player-name" }, ctx.name(s)), ": ", ...whereIs(obs.players[s]))))));
}

function cardChip(text, target, title, cls, name = false) {
  return h("span", { class: "tb-card" + (cls ? " " + cls : ""), "data-target": target, title: title || text, translate: name ? "no" : null }, text);
}

function drawMiddle(ctx) {
  const obs = ctx.obs, extra = ctx.extra, pub = obs.public;
  const decks = h("div", { class: "tb-decks" },
    h("div", { class: "tb-deck exp", "data-target": "deck:experience", title: tr("the-boss-experience-deck") },
      h("b", {}, tr("the-boss-experience")), h("span", {}, tr("the-boss-left", { count: obs.experience_left })), h("small", {}, tr("the-boss-discarded", { count: pub.experience_discards.length }))),
    h("div", { class: "tb-deck fate", "data-target": "deck:fate", title: tr("the-boss-fate-deck") },
      h("b", {}, tr("the-boss-fate")), h("span", {}, tr("the-boss-left", { count: obs.fate_left })), h("small", {}, tr("the-boss-discarded", { count: pub.fate_discards.length }))),
    h("div", { class: "tb-bank" }, h("b", {}, tr("the-boss-bank")), h("span", {}, tr("the-boss-bank-shares", { shares: pub.bank_shares, sale: extra.bank_for_sale })),
      h("small", {}, tr("the-boss-bank-executive", { count: pub.executive_bank.length }))));
  const deals = (extra.deals || []).map((d) => h("div", { class: "tb-deal" + (d.overdue ? " overdue" : ""), "data-target": `deal:${d.id}` },
    h("b", {}, tr("the-boss-deal", { id: d.id })), ` ${tr("the-boss-owes", { promisor: ctx.name(d.promisor), promisee: ctx.name(d.promisee), what: d.text, round: d.due })}` + (d.overdue ? ` ${tr("the-boss-overdue")}` : ""),
    h("div", { class: "escrow" }, tr("the-boss-escrow-held", { name: ctx.name(d.promisee), collateral: d.collateral || tr("the-boss-nothing") }))));
  const broken = pub.broken.length ? h("div", { class: "tb-broken" }, `${tr("the-boss-broken")} ` +
    pub.broken.map((b) => tr("the-boss-broken-deal", { id: b.id, promisor: ctx.name(b.promisor), promisee: ctx.name(b.promisee), round: b.round })).join("; ")) : null;
  return h("div", { class: "tb-middle" }, decks,
    deals.length ? h("div", { class: "tb-list", id: "tb-deals" }, h("h3", {}, tr("the-boss-deals-title")), deals) : null, broken);
}

function drawPlayers(ctx) {
  const obs = ctx.obs, extra = ctx.extra;
  return h("div", { class: "tb-players" }, obs.players.map((p, s) => {
    const info = (extra.players || [])[s] || {};
    // An Experience card's title is its data's, in every language.
    const exp = p.experience.map((c) => cardChip(expName(c), `card:${expCode(c)}`, null, null, true));
    const exec = p.executive.map((c) => cardChip(execName(c), `card:${execCode(c)}`, null, "exec"));
    let fate = null;
    if (p.fate) {
      const known = !!info.fate;
      fate = h("span", { class: "tb-card fate" + (known ? " known" : " down"), "data-target": `fate:${s}`, "data-fate-of": s,
        title: known ? tr(p.fate.usable ? "the-boss-fate-card-usable" : "the-boss-fate-card", { name: info.fate }) : tr("the-boss-fate-down-title") },
      known ? tr("the-boss-fate-known", { name: info.fate }) : tr("the-boss-fate-down"));
    }
    return h("div", { class: "tb-player" + (s === ctx.you ? " you" : ""), "data-target": `player:${s}`, "data-seat": s, style: `border-color:${ctx.colour(s)}` },
      h("div", { class: "tb-player-head" }, h("b", {}, h("span", { class: "player-name" }, ctx.name(s)), s === ctx.you ? ` ${tr("scores-you")}` : ""),
        h("span", {}, ...whereIs(p), p.lost_turns ? ` · ${tr("the-boss-loses-turns", { count: p.lost_turns })}` : "")),
      h("div", { class: "tb-money" }, h("span", { class: "cash" }, money(p.cash)), ` · ${tr("the-boss-shares-worth", { shares: p.shares, worth: money(info.net_worth) })}`),
      h("div", { class: "tb-hand" }, exp.length ? exp : h("small", {}, tr("the-boss-no-experience")), exec, fate));
  }));
}

// ---------------------------------------------------------------- status and timers

function timerWords(t) {
  const args = t.args || {};
  if (args.timer === "offer") return tr("the-boss-timer-offer", { offer: args.offer });
  if (args.timer === "bid") return tr("the-boss-timer-bid");
  if (args.timer === "lobbying") return tr("the-boss-timer-lobbying");
  if (args.timer === "business") return tr("the-boss-timer-business");
  return t.action;
}

/** A timer's time left as the seat clocks write it (`0:45`, `1:05:03`, `2 d 11 h`). */
function timeLeft(ms) {
  return shell.duration ? shell.duration(ms) : `${Math.ceil(ms / 1000)} s`;
}

function drawStatus(ctx) {
  const pub = ctx.obs.public, extra = ctx.extra, st = ctx.state;
  const over = !st.to_act.length;
  // Seats' names are names, in every language.
  const line = over ? [tr("the-boss-over")] :
    [`${tr("the-boss-round", { round: pub.round })} · `, h("span", { class: "seat-name" }, ctx.name(extra.active)), `: ${extra.step}`,
      extra.floor ? ` · ${tr("the-boss-floor-open")}` : ""];
  const timers = (st.timers || []).map((t) => h("span", { class: "tb-timer" + (t.seat === ctx.you && ctx.you !== null ? " mine" : ""),
    "data-ms": t.ms_left }, t.seat === null || t.seat === undefined ? "" : [h("span", { class: "seat-name" }, ctx.name(t.seat)), ": "],
    `${tr("the-boss-timer-in", { what: timerWords(t) })} `,
  h("b", { class: "left" }, timeLeft(t.ms_left))));
  const acting = over ? null : h("div", { class: "tb-acting" }, tr("the-boss-may-act", { names: st.to_act.map((s) => ctx.name(s) + (s === ctx.you ? ` ${tr("scores-you")}` : "")).join(", ") }));
  return h("div", { class: "tb-status", id: "tb-status" },
    h("div", { class: "tb-status-line" }, h("b", {}, ...line),
      // The shell's "How to play" panel (web/shell/howto.js), as the page's header opens it.
      h("button", { type: "button", class: "btn tb-howto", "aria-haspopup": "dialog",
        onclick: () => { const b = document.getElementById("howto-btn"); if (b) b.click(); } }, tr("howto-open"))),
    acting, timers.length ? h("div", { class: "tb-timers", id: "tb-timers" }, timers) : null);
}

/** Counts the timers down between states (from `ms_left` at the state's arrival). */
function tickTimers() {
  const elapsed = Date.now() - ui.stateAt;
  for (const el of document.querySelectorAll("#tb-timers .tb-timer")) {
    const left = Math.max(0, Number(el.getAttribute("data-ms")) - elapsed);
    const b = el.querySelector(".left");
    if (b) b.textContent = timeLeft(left);
    el.classList.toggle("urgent", left < 10000);
  }
}

// ---------------------------------------------------------------- the action panels

/** A button playing the listed action `a` (by its notation). */
function actButton(a, text, cls) {
  return h("button", { type: "button", class: "legal" + (cls ? " " + cls : ""), "data-act": a.notation, title: a.effect || null }, text || a.label);
}
/** The listed action of kind `kind` whose arguments include `args` (`{offer: 3}`), if any. */
const listed = (ctx, kind, args = {}) =>
  ctx.actions.find((a) => a.kind === kind && Object.entries(args).every(([k, v]) => (a.args || {})[k] === v));

function auctionPanel(ctx) {
  const extra = ctx.extra, a = extra.auction;
  if (!a) return null;
  const me = ctx.you;
  const cash = extra.free_cash === undefined ? 0 : extra.free_cash;
  const kids = [h("h3", {}, a.mandatory ? tr("the-boss-auction-mandatory") : tr("the-boss-auction")),
    h("div", {}, `${tr("the-boss-sells", { name: ctx.name(a.seller), lot: a.lot })} `, a.high ? tr("the-boss-high-bid", { bid: money(a.high[1]), name: ctx.name(a.high[0]) }) : tr("the-boss-no-bid")),
    h("div", { class: "tb-who" }, a.caller !== null ? (a.caller === me ? tr("the-boss-your-call", { min: money(a.min_bid) }) :
      tr("the-boss-their-call", { name: ctx.name(a.caller), min: money(a.min_bid) })) : "")];
  if (a.caller === me && me !== null && ctx.actions.length) {
    const steps = [0, 10, 50, 100, 200];
    const bids = [...new Set(steps.map((x) => a.min_bid + x))];
    kids.push(h("div", { class: "tb-bids" }, bids.map((b) => h("button", { type: "button", class: b <= cash ? "legal bid" : "bid",
      "data-act": b <= cash ? `bid ${b}` : null, "data-bid": b, disabled: b > cash, title: b > cash ? tr("the-boss-over-cash", { cash: money(cash) }) : null }, tr("the-boss-bid", { bid: money(b) }))),
    listed(ctx, "pass") ? actButton(listed(ctx, "pass"), tr("the-boss-pass"), "pass") : null));
    const input = h("input", { type: "number", min: a.min_bid, step: 10, value: a.min_bid, max: cash, id: "tb-bid-input", "aria-label": tr("the-boss-your-bid") });
    kids.push(h("div", { class: "tb-row" }, input, h("button", { type: "button", class: "legal", id: "tb-bid-btn",
      onclick: () => shell.play(`bid ${Number(input.value) || 0}`) }, tr("the-boss-bid-this")), h("small", {}, tr("the-boss-free-cash", { cash: money(cash) }))));
  }
  return h("section", { class: "panel tb-panel tb-auction", id: "tb-auction" }, kids);
}

function meetingPanel(ctx) {
  const extra = ctx.extra, pub = ctx.obs.public, m = pub.meeting, mx = extra.meeting;
  if (!m || !mx) return null;
  const total = Math.max(1, mx.for + mx.against + mx.abstain);
  const bar = h("div", { class: "tb-tally", id: "tb-tally" },
    h("span", { class: "for", style: `width:${(100 * mx.for) / total}%` }),
    h("span", { class: "against", style: `width:${(100 * mx.against) / total}%` }),
    h("span", { class: "abstain", style: `width:${(100 * mx.abstain) / total}%` }));
  const rows = ctx.obs.players.map((p, s) => {
    const power = ((extra.players || [])[s] || {}).voting_power || 0;
    let v = m.votes[s];
    let note = v ? tr("the-boss-vote", { vote: v }) : mx.undeclared.includes(s) ? tr("the-boss-deciding") : tr("the-boss-no-vote");
    if (s === m.caller) note = tr("the-boss-vote-caller", { vote: v || "for" });
    if (s === m.target) note = tr("the-boss-vote-target", { vote: v || "against" });
    return h("li", { class: "tb-voter" + (v ? " " + v : ""), "data-voter": s }, h("b", {}, ctx.name(s)), ` ${tr("the-boss-voter", { shares: power, note })}`);
  });
  const votes = VOTES.map((v) => listed(ctx, "vote", { vote: v })).filter(Boolean).map((a) => actButton(a, a.label, "vote"));
  const pass = listed(ctx, "pass");
  return h("section", { class: "panel tb-panel tb-meeting", id: "tb-meeting" },
    h("h3", {}, tr("the-boss-meeting")),
    h("div", {}, tr("the-boss-motion", { caller: ctx.name(m.caller), target: ctx.name(m.target), severance: money(m.severance) })),
    bar,
    h("div", { class: "tb-tally-text", id: "tb-tally-text" }, tr("the-boss-tally", { for: mx.for, against: mx.against, abstain: mx.abstain })),
    h("ul", { class: "tb-voters" }, rows),
    votes.length || pass ? h("div", { class: "tb-row" }, votes, pass ? actButton(pass, tr("the-boss-pass-lobbying"), "pass") : null) : null);
}

function offerWords(o) {
  return o.text;
}

function offersPanel(ctx) {
  const extra = ctx.extra, me = ctx.you;
  const offers = extra.offers || [];
  if (!offers.length) return null;
  const mine = [], others = [];
  for (const o of offers) {
    const acts = [];
    const acc = listed(ctx, "accept", { offer: o.id }), rej = listed(ctx, "reject", { offer: o.id }), wd = listed(ctx, "withdraw", { offer: o.id });
    if (acc) acts.push(actButton(acc, tr("the-boss-accept"), "primary accept"));
    if (rej) acts.push(actButton(rej, tr("the-boss-reject"), "reject"));
    if (o.to === me && acc) acts.push(h("button", { type: "button", class: "legal counter", "data-counter": o.id, onclick: () => startCounter(ctx, o) }, tr("the-boss-counter")));
    if (wd) acts.push(actButton(wd, tr("the-boss-withdraw"), "withdraw"));
    const who = o.to === me ? tr("the-boss-waits-you") : o.from === me ? tr("the-boss-waits-for", { name: ctx.name(o.to) }) : `${ctx.name(o.from)} → ${ctx.name(o.to)}`;
    const el = h("div", { class: "tb-offer" + (o.to === me ? " to-me" : ""), "data-offer": o.id },
      h("div", {}, h("b", {}, tr("the-boss-offer", { id: o.id })), ` ${tr("the-boss-offer-from", { from: ctx.name(o.from), to: ctx.name(o.to) })} — ${who}`),
      h("div", { class: "tb-offer-text" }, offerWords(o)), acts.length ? h("div", { class: "tb-row" }, acts) : null);
    (o.to === me || o.from === me ? mine : others).push(el);
  }
  return h("section", { class: "panel tb-panel tb-offers", id: "tb-offers" }, h("h3", {}, tr("the-boss-offers")), mine,
    others.length ? h("div", { class: "tb-others" }, h("small", {}, tr("the-boss-between-others")), others) : null);
}

function dealsPanel(ctx) {
  const me = ctx.you;
  const deals = (ctx.extra.deals || []).filter((d) => d.promisor === me || d.promisee === me);
  if (!deals.length) return null;
  return h("section", { class: "panel tb-panel", id: "tb-my-deals" }, h("h3", {}, tr("the-boss-your-deals")), deals.map((d) => {
    const acts = ["settle", "release", "default", "walkaway"].map((w) => listed(ctx, w, { deal: d.id })).filter(Boolean).map((a) => actButton(a, a.label));
    return h("div", { class: "tb-deal" }, h("b", {}, tr("the-boss-deal", { id: d.id })), ` ${d.promisor === me ? tr("the-boss-you-owe", { name: ctx.name(d.promisee), what: d.text, round: d.due })
      : tr("the-boss-owes-you", { name: ctx.name(d.promisor), what: d.text, round: d.due })}`, h("div", { class: "escrow" }, tr("the-boss-escrow", { collateral: d.collateral || tr("the-boss-nothing") })),
    acts.length ? h("div", { class: "tb-row" }, acts) : null);
  }));
}

/** Auction one's own lot: a card, the Fate card or a block of shares, with a reserve. */
function auctionForm(ctx) {
  const me = ctx.you;
  if (me === null || !ctx.extra.may_auction || ctx.extra.meeting || ctx.extra.auction) return null;
  const p = ctx.obs.players[me];
  const lots = [];
  p.experience.forEach((c) => lots.push([JSON.stringify({ kind: "experience", id: c }), expName(c)]));
  p.executive.forEach((c) => lots.push([JSON.stringify({ kind: "executive", id: c }), execName(c)]));
  if (p.fate) lots.push([JSON.stringify({ kind: "fate" }), tr("the-boss-auction-fate", { name: fateText(me) })]);
  for (const n of [10, 50, 100]) if (p.shares >= n) lots.push([JSON.stringify({ kind: "shares", id: n }), tr("the-boss-n-shares", { count: n })]);
  if (!lots.length) return null;
  if (!lots.some(([v]) => v === ui.auctionLot)) ui.auctionLot = lots[0][0];
  const sel = h("select", { id: "tb-auction-lot", "aria-label": tr("the-boss-what-to-auction"), onchange: (e) => { ui.auctionLot = e.target.value; } },
    lots.map(([v, t]) => h("option", { value: v, selected: v === ui.auctionLot }, t)));
  const reserve = h("input", { type: "number", min: 10, step: 10, value: ui.auctionReserve, id: "tb-auction-reserve", "aria-label": tr("the-boss-opening-bid"),
    oninput: (e) => { ui.auctionReserve = Number(e.target.value) || 0; } });
  return h("details", { class: "panel tb-panel tb-auction-form", id: "tb-auction-form", open: ui.auctionOpen,
    ontoggle: (e) => { ui.auctionOpen = e.target.open; } }, h("summary", {}, tr("the-boss-auction-yours")),
    h("div", { class: "tb-row" }, sel, h("label", {}, `${tr("the-boss-opening-bid")} $`, reserve),
      h("button", { type: "button", class: "legal", id: "tb-auction-send",
        onclick: () => shell.play({ action: "auction", args: [JSON.parse(ui.auctionLot), ui.auctionReserve] }) }, tr("the-boss-start-auction"))));
}

// ---------------------------------------------------------------- the offer builder

/** A bundle of an offer (its JSON form) as the builder holds it. */
function draftBundle(b) {
  b = b || {};
  return { cash: b.cash || 0, shares: b.shares || 0, experience: new Set(b.experience || []), executive: new Set(b.executive || []), fate: !!b.fate };
}

/** A commitment of an offer (its JSON form) as the builder's select writes it. */
function commitmentText(list) {
  const c = (list || [])[0];
  return c ? `${c.kind}:${c.value}` : "";
}

/** The builder's draft of a counter to offer `o`, starting from its terms seen from our side:
 * bundles and commitments swapped, the long-term promise (who promises, what, the collateral,
 * the due round) and the note kept. */
function startCounter(ctx, o) {
  const d = emptyDraft(o.from);
  d.counter = o.id;
  const po = (ctx.obs.public.offers || []).find((x) => x.id === o.id);
  if (po) {
    const offer = po.offer;
    // Their give is our take, and the other way round.
    d.take = draftBundle(offer.give);
    d.give = draftBundle(offer.take);
    d.takeC = commitmentText(offer.give_commitments);
    d.giveC = commitmentText(offer.take_commitments);
    d.note = offer.note || "";
    const lt = offer.long_term;
    if (lt) {
      const coll = draftBundle(lt.collateral);
      const deliver = (lt.promise && lt.promise.deliver) || {};
      Object.assign(d.lt, {
        on: true, promisor: lt.promisor === ctx.you ? "me" : "them",
        kind: lt.promise && lt.promise.favour !== undefined ? "favour" : "deliver",
        favour: (lt.promise && lt.promise.favour) || "",
        cash: deliver.cash || 0, shares: deliver.shares || 0,
        exp: (deliver.experience || []).length ? String(deliver.experience[0]) : "",
        exec: (deliver.executive || []).length ? String(deliver.executive[0]) : "",
        ccash: coll.cash, cshares: coll.shares, cexp: coll.experience, cexec: coll.executive, due: lt.due,
      });
    }
  }
  ui.draft = d;
  ui.sent = null;
  ui.builderKey = "";
  shell.render();
  const b = document.getElementById("tb-builder");
  if (b) b.scrollIntoView({ block: "nearest" });
}

/** Chooses `seat` as the partner of the offer builder (a click on a player with nothing to
 * play there): a fresh draft, nothing written for the person. */
function choosePartner(seat) {
  if (!ui.draft || ui.draft.to !== seat) {
    ui.draft = emptyDraft(seat);
    ui.builderKey = "";
    shell.render();
  }
  const b = document.getElementById("tb-builder");
  if (b) b.scrollIntoView({ block: "nearest" });
}

/** Clears the builder once the table shows the offer it sent made: the state's last step, at a
 * later version, reports an offer (or counter-offer) made by this seat. The log entry's events
 * say so as data (`offered`, with its maker), so nothing depends on how the notation is worded. */
function clearSent(ctx) {
  const st = ctx.state, last = st && st.last;
  if (!ui.sent || !last || st.version <= ui.sent.version) return;
  const offered = (last.events || []).some((e) => e.detail && e.detail.event === "offered" && e.detail.from === ctx.you);
  if (offered) {
    ui.draft = ui.draft ? emptyDraft(ui.draft.to) : null;
    ui.builderKey = "";
    ui.sent = null;
  }
}

function bundleJson(b) {
  const out = {};
  if (b.cash) out.cash = b.cash;
  if (b.shares) out.shares = b.shares;
  if (b.experience.size) out.experience = [...b.experience].sort((x, y) => x - y);
  if (b.executive.size) out.executive = [...b.executive].sort((x, y) => x - y);
  if (b.fate) out.fate = true;
  return out;
}

function commitment(text) {
  if (!text) return [];
  const [kind, value] = text.split(":");
  return [{ kind, value: kind === "vote" ? value : Number(value) }];
}

/** The action the builder's draft makes, in its JSON form. */
function draftAction(ctx) {
  const d = ui.draft, me = ctx.you;
  const offer = { to: d.to, give: bundleJson(d.give), take: bundleJson(d.take),
    give_commitments: commitment(d.giveC), take_commitments: commitment(d.takeC), note: d.note };
  if (d.lt.on) {
    const promisor = d.lt.promisor === "me" ? me : d.to;
    const promise = d.lt.kind === "favour" ? { favour: d.lt.favour } : { deliver: {
      cash: d.lt.cash, shares: d.lt.shares,
      experience: d.lt.exp === "" ? [] : [Number(d.lt.exp)], executive: d.lt.exec === "" ? [] : [Number(d.lt.exec)] } };
    offer.long_term = { promisor, promise, due: d.lt.due || ctx.obs.public.round + 3,
      collateral: bundleJson({ cash: d.lt.ccash, shares: d.lt.cshares, experience: d.lt.cexp, executive: d.lt.cexec, fate: false }) };
  }
  return d.counter !== null ? { action: "counter", args: [d.counter, offer] } : { action: "offer", args: offer };
}

function numberField(label, value, set, attrs) {
  const input = h("input", Object.assign({ type: "number", min: 0, step: 10, value, "aria-label": label, oninput: (e) => set(Number(e.target.value) || 0) }, attrs || {}));
  return h("label", { class: "tb-field" }, label, input);
}

function checkItem(label, on, set, attrs) {
  const box = h("input", Object.assign({ type: "checkbox", checked: on, onchange: (e) => set(e.target.checked) }, attrs || {}));
  return h("label", { class: "tb-check" + (attrs && attrs["data-gone"] ? " gone" : "") }, box, label);
}

/** One side's holdings to pick from: cash, shares, cards (and ones no longer held, still picked). */
function bundlePicker(ctx, seat, b, side) {
  const p = ctx.obs.players[seat];
  const kids = [
    numberField(tr("the-boss-cash-field"), b.cash, (v) => { b.cash = v; }, { id: `tb-${side}-cash`, max: p.cash }),
    numberField(tr("the-boss-shares"), b.shares, (v) => { b.shares = v; }, { id: `tb-${side}-shares`, max: p.shares }),
  ];
  const exp = new Set([...p.experience, ...b.experience]);
  for (const c of [...exp].sort((x, y) => x - y)) {
    const gone = !p.experience.includes(c);
    kids.push(checkItem([h("span", { translate: "no" }, expName(c)), gone ? ` ${tr("the-boss-no-longer-held")}` : ""], b.experience.has(c),
      (on) => (on ? b.experience.add(c) : b.experience.delete(c)), { "data-item": `${side}:exp:${c}`, "data-gone": gone || null }));
  }
  const exec = new Set([...p.executive, ...b.executive]);
  for (const c of [...exec].sort((x, y) => x - y)) {
    const gone = !p.executive.includes(c);
    kids.push(checkItem(execName(c) + (gone ? ` ${tr("the-boss-no-longer-held")}` : ""), b.executive.has(c),
      (on) => (on ? b.executive.add(c) : b.executive.delete(c)), { "data-item": `${side}:exec:${c}`, "data-gone": gone || null }));
  }
  if (p.fate || b.fate) {
    kids.push(checkItem(p.fate ? (seat === ctx.you ? tr("the-boss-your-fate", { name: fateText(seat) }) : fateText(seat)) : tr("the-boss-fate-gone"), b.fate,
      (on) => { b.fate = on; }, { "data-item": `${side}:fate` }));
  }
  return kids;
}

function commitmentSelect(ctx, side, giver, value, set) {
  const opts = [["", tr("the-boss-no-commitment")]];
  if (ctx.obs.public.meeting) opts.push(["vote:for", tr("the-boss-commit-for")], ["vote:against", tr("the-boss-commit-against")]);
  const active = ctx.extra.active;
  if (giver === active && ctx.obs.players[giver].fate) {
    ctx.obs.players.forEach((_, s) => {
      if (s === giver) return;
      opts.push([`fire_target:${s}`, tr("the-boss-commit-fire", { name: ctx.name(s) })], [`not_fire:${s}`, tr("the-boss-commit-not-fire", { name: ctx.name(s) })]);
    });
  }
  if (opts.length === 1) return null;
  return h("label", { class: "tb-field" }, side === "give" ? tr("the-boss-i-commit") : tr("the-boss-they-commit"),
    h("select", { id: `tb-${side}-commit`, onchange: (e) => set(e.target.value) }, opts.map(([v, t]) => h("option", { value: v, selected: v === value }, t))));
}

function longTermPart(ctx) {
  const d = ui.draft, lt = d.lt, me = ctx.you;
  const toggle = checkItem(tr("the-boss-add-promise"), lt.on, (on) => { lt.on = on; ui.builderKey = ""; shell.render(); }, { id: "tb-lt-on" });
  if (!lt.on) return h("div", { class: "tb-lt" }, toggle);
  const promisor = lt.promisor === "me" ? me : d.to;
  const p = ctx.obs.players[promisor];
  const kinds = ctx.extra.kinds || [];
  const rerender = () => { ui.builderKey = ""; shell.render(); };
  const deliver = lt.kind === "favour"
    ? h("label", { class: "tb-field wide" }, tr("the-boss-favour"), h("input", { type: "text", value: lt.favour, maxlength: 200, id: "tb-lt-favour", oninput: (e) => { lt.favour = e.target.value; } }))
    : h("div", { class: "tb-row" }, numberField(tr("the-boss-cash-field"), lt.cash, (v) => { lt.cash = v; }, { id: "tb-lt-cash" }),
      numberField(tr("the-boss-shares"), lt.shares, (v) => { lt.shares = v; }, { id: "tb-lt-shares" }),
      h("label", { class: "tb-field" }, tr("the-boss-an-experience-card"), h("select", { id: "tb-lt-exp", onchange: (e) => { lt.exp = e.target.value; } },
        h("option", { value: "" }, tr("the-boss-none")), kinds.map((k, i) => h("option", { value: i, selected: String(i) === lt.exp }, k.name || k.title)))),
      h("label", { class: "tb-field" }, tr("the-boss-an-executive-card"), h("select", { id: "tb-lt-exec", onchange: (e) => { lt.exec = e.target.value; } },
        h("option", { value: "" }, tr("the-boss-none")), [5, 6, 7, 8].map((n) => h("option", { value: n, selected: String(n) === lt.exec }, `#${n}`)))));
  const coll = [numberField(tr("the-boss-cash-field"), lt.ccash, (v) => { lt.ccash = v; }, { id: "tb-lt-ccash", max: p.cash }),
    numberField(tr("the-boss-shares"), lt.cshares, (v) => { lt.cshares = v; }, { id: "tb-lt-cshares", max: p.shares })];
  p.experience.forEach((c) => coll.push(checkItem(h("span", { translate: "no" }, expName(c)), lt.cexp.has(c), (on) => (on ? lt.cexp.add(c) : lt.cexp.delete(c)))));
  p.executive.forEach((c) => coll.push(checkItem(execName(c), lt.cexec.has(c), (on) => (on ? lt.cexec.add(c) : lt.cexec.delete(c)))));
  return h("div", { class: "tb-lt" }, toggle,
    h("div", { class: "tb-row" }, h("label", { class: "tb-field" }, tr("the-boss-who-promises"), h("select", { id: "tb-lt-promisor",
      onchange: (e) => { lt.promisor = e.target.value; lt.cexp.clear(); lt.cexec.clear(); rerender(); } },
    h("option", { value: "me", selected: lt.promisor === "me" }, tr("the-boss-i-do")), h("option", { value: "them", selected: lt.promisor === "them" }, tr("the-boss-they-do", { name: ctx.name(d.to) })))),
    h("label", { class: "tb-field" }, tr("the-boss-what"), h("select", { id: "tb-lt-kind", onchange: (e) => { lt.kind = e.target.value; rerender(); } },
      h("option", { value: "deliver", selected: lt.kind === "deliver" }, tr("the-boss-deliver")), h("option", { value: "favour", selected: lt.kind === "favour" }, tr("the-boss-a-favour")))),
    numberField(tr("the-boss-due-round"), lt.due || ctx.obs.public.round + 3, (v) => { lt.due = v; }, { id: "tb-lt-due", step: 1, min: ctx.obs.public.round })),
    deliver, h("div", { class: "tb-sub" }, tr("the-boss-collateral", { name: ctx.name(promisor) })), h("div", { class: "tb-pick" }, coll));
}

function builderPanel(ctx) {
  const me = ctx.you, extra = ctx.extra;
  if (me === null || !extra.may_offer) {
    ui.builderKey = "";
    return null;
  }
  const partners = ctx.obs.players.map((_, s) => s).filter((s) => s !== me && ((extra.players || [])[s] || {}).able_to_deal);
  if (!partners.length) return null;
  if (!ui.draft || !partners.includes(ui.draft.to)) ui.draft = emptyDraft(partners[0]);
  const d = ui.draft;
  if (d.counter !== null && !(extra.offers || []).some((o) => o.id === d.counter)) d.counter = null;
  // Rebuilt only when what it shows changes, so a half-typed offer survives other players' moves.
  const key = JSON.stringify([d.to, d.counter, d.lt.on, d.lt.promisor, d.lt.kind, !!ctx.obs.public.meeting, extra.active,
    [me, d.to].map((s) => [ctx.obs.players[s], (extra.players[s] || {}).fate]), ctx.obs.public.round]);
  const old = document.getElementById("tb-builder");
  if (old && key === ui.builderKey) return old;
  // A field being typed in keeps the builder (a ticked box does not: it shows what changed).
  const typing = document.activeElement && document.activeElement.tagName === "INPUT" && document.activeElement.type !== "checkbox";
  if (old && old.contains(document.activeElement) && typing && ui.builderKey) return old;
  ui.builderKey = key;
  const who = h("div", { class: "tb-partners", role: "group", "aria-label": tr("the-boss-offer-to") }, partners.map((s) =>
    h("button", { type: "button", class: "partner" + (s === d.to ? " on" : ""), "data-partner": s, style: `border-color:${ctx.colour(s)}`,
      onclick: () => { if (d.to !== s) { ui.draft = emptyDraft(s); ui.builderKey = ""; shell.render(); } } }, h("span", { class: "seat-name" }, ctx.name(s)))));
  const send = h("button", { type: "button", class: "primary", id: "tb-send-offer",
    onclick: () => { ui.sent = { version: ctx.state.version }; shell.play(draftAction(ctx)); } }, tr(d.counter !== null ? "the-boss-send-counter" : "the-boss-send-offer", { name: ctx.name(d.to) }));
  const clear = h("button", { type: "button", id: "tb-clear-offer", onclick: () => { ui.draft = emptyDraft(d.to); ui.sent = null; ui.builderKey = ""; shell.render(); } }, tr("the-boss-clear"));
  return h("section", { class: "panel tb-panel tb-builder", id: "tb-builder" },
    h("h3", {}, d.counter !== null ? tr("the-boss-counter-offer", { id: d.counter }) : tr("the-boss-make-offer")),
    who,
    h("div", { class: "tb-sides" },
      h("div", { class: "tb-side give" }, h("h4", {}, tr("the-boss-you-give")), h("div", { class: "tb-pick" }, bundlePicker(ctx, me, d.give, "give")),
        commitmentSelect(ctx, "give", me, d.giveC, (v) => { d.giveC = v; })),
      h("div", { class: "tb-side take" }, h("h4", {}, tr("the-boss-you-take", { name: ctx.name(d.to) })), h("div", { class: "tb-pick" }, bundlePicker(ctx, d.to, d.take, "take")),
        commitmentSelect(ctx, "take", d.to, d.takeC, (v) => { d.takeC = v; }))),
    longTermPart(ctx),
    h("label", { class: "tb-field wide" }, tr("the-boss-note"), h("input", { type: "text", maxlength: 200, value: d.note, id: "tb-note", oninput: (e) => { d.note = e.target.value; } })),
    h("div", { class: "tb-row" }, send, clear));
}

/** What the seat may do, what waits for it and what others are doing, in one line. */
function myLine(ctx) {
  const st = ctx.state, me = ctx.you;
  if (me === null || !st.to_act.length) return null;
  const waiting = (ctx.extra.offers || []).filter((o) => o.to === me).length;
  const bits = [];
  if (st.actions.length) bits.push(st.must_act ? tr("the-boss-table-waits") : tr("the-boss-you-may-act"));
  else bits.push(tr("the-boss-nothing-to-do"));
  if (waiting) bits.push(tr("the-boss-offers-waiting", { count: waiting }));
  return h("div", { class: "tb-myline", id: "tb-myline" }, bits.join(" "));
}

export default {
  /** The log heads each round with its number: the game is played in rounds. */
  turnWord: "Round",

  mount(ctx) {
    h = ctx.h;
    shell = ctx;
    tr = ctx.t;
    // The log heads each round with its number, in the page's language.
    this.turnWord = tr("the-boss-round-word");
    ctx.root.replaceChildren(h("div", { class: "tb-table", id: "tb-table", "aria-label": tr("the-boss-table-label") }));
    ctx.side.replaceChildren(h("div", { class: "tb-panels", id: "tb-panels" },
      h("div", { id: "tb-panels-top", class: "tb-slot" }), h("div", { id: "tb-builder-slot", class: "tb-slot" }),
      h("div", { id: "tb-panels-bottom", class: "tb-slot" })));
    clearInterval(ui.tick);
    ui.tick = setInterval(tickTimers, 250);
    // A player with nothing to play there (no fire, meeting or show) is chosen as the partner
    // of the offer builder.
    ctx.root.addEventListener("click", (ev) => {
      const el = ev.target.closest("[data-target^='player:']");
      if (!el || el.classList.contains("legal") || !document.getElementById("tb-builder")) return;
      const seat = Number(el.getAttribute("data-target").slice("player:".length));
      if (seat !== shell.you) choosePartner(seat);
    });
  },

  render(ctx) {
    const root = document.getElementById("tb-table");
    if (!root || !ctx.obs) return;
    if (ui.state !== ctx.state) {
      ui.state = ctx.state;
      ui.stateAt = Date.now();
      clearSent(ctx);
    }
    root.replaceChildren(drawStatus(ctx), h("div", { class: "tb-board" }, drawOffices(ctx), drawMiddle(ctx)), drawPlayers(ctx));
    const top = document.getElementById("tb-panels-top");
    if (top) {
      top.replaceChildren(...[myLine(ctx), auctionPanel(ctx), meetingPanel(ctx), offersPanel(ctx)].filter(Boolean));
      // The builder is left in place (focus and typing kept) unless what it shows changed.
      const slot = document.getElementById("tb-builder-slot");
      const builder = builderPanel(ctx);
      if (!builder) slot.replaceChildren();
      else if (builder.parentNode !== slot) slot.replaceChildren(builder);
      document.getElementById("tb-panels-bottom").replaceChildren(...[auctionForm(ctx), dealsPanel(ctx)].filter(Boolean));
    }
    tickTimers();
  },

  seatColour(seat) {
    return ["#c0392b", "#2e6fd1", "#2e9d52", "#d4a20b"][seat] || "#777";
  },

  /** The turn's steps are prompt buttons; bids, votes, answers and deals live in the panels. */
  button(action) {
    return !["bid", "vote", "accept", "reject", "withdraw", "counter", "offer", "settle", "release", "default", "walkaway", "auction"]
      .includes(action.kind);
  },

  decorate(button, action) {
    if (["end", "collect", "draw"].includes(action.kind)) button.classList.add("primary");
  },

  /** Log lines and notations with the cards named (see `words`). */
  words(text) {
    return words(text);
  },

  hint(ctx) {
    return ctx.actions.length ? tr("the-boss-hint") : "";
  },

  playerInfo(seat, ctx) {
    const p = ctx.obs.players[seat];
    if (!p) return {};
    return { rows: [h("div", { class: "purses" }, `${money(p.cash)} · ${tr("the-boss-sh", { shares: p.shares })}`)] };
  },
};
