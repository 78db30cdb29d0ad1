// A live table: the WebSocket connection, the state, and everything drawn from it.
"use strict";

const params = new URLSearchParams(location.search);
const tableId = location.pathname.split("/").filter(Boolean).pop();
const token = params.get("k");

const S = {
  ws: null,
  table: null, // table info from `welcome`
  you: null, // our seat, or null when watching
  state: null, // the latest `state` message
  log: [],
  pending: false,
  retry: 0,
  refused: false,
  rematchLink: null,
  askedRematch: false,
  finalClosed: false,
};

const $ = (sel) => document.querySelector(sel);
const name = (seat) => PLAYER_NAMES[seat] || `Seat ${seat + 1}`;

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      S.table = msg.table;
      S.you = msg.you;
      S.log = msg.log.slice();
      if (msg.rematch) S.rematchLink = msg.rematch;
      document.title = `Boardroom — ${S.you === null ? "watching" : name(S.you)}`;
      $("#meta").textContent = `Big Boss · ${msg.table.edition === "modern" ? "Modern" : "Classic"} · table ${msg.table.id}` +
        (S.you === null ? " · watching" : ` · you are ${name(S.you)}`);
      renderLog();
      break;
    case "state":
      S.state = msg;
      S.pending = false;
      document.body.classList.remove("pending");
      if (msg.last) {
        S.log.push(msg.last);
        if (S.log.length > 300) S.log.shift();
        renderLog();
      }
      render();
      break;
    case "presence":
      if (S.table) {
        S.table.seats = msg.seats;
        if (S.state) renderPlayers();
      }
      break;
    case "error":
      S.pending = false;
      document.body.classList.remove("pending");
      if (msg.code === "bad_token") {
        S.refused = true;
        $("#prompt").replaceChildren(h("div", { class: "what" }, "This link holds no seat here."),
          h("div", { class: "hint" }, msg.message), h("a", { class: "btn", href: `/t/${tableId}` }, "Watch the table instead"));
        $("#turn-text").textContent = "Not seated";
      }
      toast(msg.message);
      break;
    case "rematch":
      S.rematchLink = msg.link;
      if (S.askedRematch) {
        location.href = msg.link;
        return;
      }
      renderFinal();
      toast("A rematch has started", true);
      break;
    default:
      break;
  }
}

// ---------- Actions ----------

/** Sorts the legal actions into what can be clicked where. */
function classify(legal) {
  const acts = { space: new Map(), company: new Map(), hand: new Map(), other: new Map(), all: legal };
  for (const a of legal) {
    const [word, arg] = a.split(" ");
    if (["found", "double", "at"].includes(word)) acts.space.set(Number(arg), a);
    else if (["hq", "join", "survivor", "share", "sell"].includes(word)) {
      if (!acts.company.has(arg)) acts.company.set(arg, a);
    } else if (word === "play") acts.hand.set(arg, a);
    else acts.other.set(a, a);
  }
  return acts;
}

function label(a, costs, obs) {
  const [word, arg] = a.split(" ");
  const cost = costs[a] !== undefined ? ` · ${costs[a]}` : "";
  const tower = S.table ? S.table.tower_name : "tower";
  switch (word) {
    case "buy":
      if (arg === "deck") return `Buy from the deck${cost}`;
      if (arg === "level") return `Buy a level card${cost}`;
      return `Buy card ${arg}${cost}`;
    case "play": return `Play ${arg}`;
    case "found": {
      const s = Number(arg);
      return `Spaces ${s}, ${(s % 72) + 1}, ${((s + 1) % 72) + 1}`;
    }
    case "double": return `Fourth piece on ${arg}`;
    case "hq": return `Found ${arg}`;
    case "at": return `Space ${arg}`;
    case "join": return `Give the piece to ${arg}`;
    case "survivor": return `${arg} acquires`;
    case "share": return `Share of ${arg}${cost}`;
    case "sell": {
      const c = obs.companies.find((x) => x.name === arg);
      return `Sell a share of ${arg}` + (c ? ` · ${c.price}` : "");
    }
    case "tower": return `Place a ${tower}${cost}`;
    case "end": return "End turn";
    case "pass": return "Pass";
    default: return a;
  }
}

function prompt(obs, mine, acts) {
  const p = obs.phase;
  const tower = S.table ? S.table.tower_name : "tower";
  if (p.step === "over") return ["The game is over.", p.reason === "all_passed" ? "Every player passed in a row." : "The last building piece was placed."];
  if (!mine) {
    const who = S.state.to_act.map((s) => {
      const seat = S.table && S.table.seats[s];
      return seat && seat.kind !== "human" ? `${name(s)} (bot)` : name(s);
    }).join(", ");
    return [`Waiting for ${who}…`, S.you === null ? "You are watching." : "Your hand is below; it will be your turn soon."];
  }
  switch (p.step) {
    case "turn": return ["Your turn: play a card from your hand, or buy one.", "Highlighted cards and spaces can be clicked."];
    case "selling": return ["Sell more shares, or pass.", ""];
    case "choose_triple": return [`Card ${p.card} founds a company: choose its three spaces.`, "Click the first of the three spaces (highlighted), or a button."];
    case "choose_double": return ["Choose the space of the fourth founding piece.", "It doubles that space."];
    case "choose_company": return ["Name the new company.", "Click a company."];
    case "choose_level_space": return ["Choose the space for the level piece.", "Highlighted spaces can take it."];
    case "choose_join": return [`Space ${p.space} connects ${p.left} and ${p.right}: which company gets the piece?`, "The higher price then acquires the other."];
    case "choose_survivor": return [`${p.left} and ${p.right} have equal prices: which one acquires the other?`, ""];
    case "invest": return [`Invest in ${p.company}: up to 2 shares (${p.shares} bought), a ${tower}, then end your turn.`, ""];
    default: return ["Your move.", ""];
  }
}

// ---------- Rendering ----------

function render() {
  const st = S.state;
  const obs = st.observation;
  const mine = S.you !== null && st.to_act.includes(S.you);
  const acts = classify(mine ? st.legal : []);
  const recent = recentSpaces(st.last);
  drawBoard($("#board"), obs, acts.space, recent);
  drawInner($("#board-inner"), obs, acts, S.table ? S.table.tower_name : "tower");
  renderPrompt(obs, mine, acts);
  renderHand(obs, acts);
  renderPlayers();
  const over = obs.phase.step === "over";
  document.title = (mine ? "● Your turn · " : "") + "Boardroom — " + (S.you === null ? "watching" : name(S.you));
  $("#turn-text").textContent = over ? "Game over" :
    mine ? "Your turn" : `${st.to_act.map(name).join(", ")} to play · turn ${obs.turn}`;
  renderFinal();
}

function recentSpaces(last) {
  const s = new Set();
  if (!last) return s;
  for (const e of last.events) {
    const d = e.detail;
    if (d.space) s.add(d.space);
    if (d.spaces) d.spaces.forEach((x) => s.add(x));
  }
  return s;
}

function renderPrompt(obs, mine, acts) {
  const [what, hint] = prompt(obs, mine, acts);
  const box = $("#prompt");
  box.classList.toggle("mine", mine);
  const buttons = [];
  if (mine) {
    const spaceActs = [...acts.space.values()];
    for (const a of acts.all) {
      const word = a.split(" ")[0];
      if (word === "play") continue; // played from the hand
      if (["found", "double", "at"].includes(word) && spaceActs.length > 12) continue; // the board
      const b = h("button", { type: "button", class: "legal" + (a === "end" ? " primary" : ""), "data-act": a }, label(a, S.state.costs, obs));
      if (word === "hq" || word === "join" || word === "survivor" || word === "share" || word === "sell") {
        b.prepend(companyChip(a.split(" ")[1]));
      }
      if (word === "found") {
        b.addEventListener("mouseenter", () => preview(Number(a.split(" ")[1]), true));
        b.addEventListener("mouseleave", () => preview(Number(a.split(" ")[1]), false));
      }
      buttons.push(b);
    }
  }
  if (obs.phase.step === "over") {
    buttons.push(h("button", { type: "button", class: "primary", id: "show-scores",
      onclick: () => { S.finalClosed = false; renderFinal(); } }, "Show the scores"));
  }
  box.replaceChildren(...[h("div", { class: "what", id: "prompt-text" }, what), hint ? h("div", { class: "hint" }, hint) : null,
    h("div", { class: "actions" }, buttons)].filter(Boolean));
}

function preview(start, on) {
  for (let k = 0; k < 3; k++) {
    const s = ((start - 1 + k) % 72) + 1;
    const g = document.querySelector(`.space[data-space="${s}"]`);
    if (g) g.classList.toggle("preview", on);
  }
}

function renderHand(obs, acts) {
  const panel = $("#hand-panel");
  if (!obs.hand) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const cards = obs.hand.slice().sort((a, b) => (parseInt(a.replace("L", "100"), 10) || 0) - (parseInt(b.replace("L", "100"), 10) || 0));
  const anyPlay = acts.hand.size > 0;
  $("#hand").replaceChildren(...(cards.length ? cards.map((c) => cardEl(c, acts.hand.get(c), anyPlay && !acts.hand.get(c) ? "dead" : "", obs.board,
    // A card that cannot be played may still be clicked: the server answers with the rule.
    anyPlay ? "play " + c : null)) :
    [h("span", { class: "empty" }, "No cards.")]));
}

function renderPlayers() {
  const st = S.state;
  if (!st) return;
  const obs = st.observation;
  const seats = S.table ? S.table.seats : [];
  $("#players").replaceChildren(...obs.players.map((p, i) => {
    const seat = seats[i] || { kind: "human", online: 0 };
    const kind = seat.kind === "human" ? (seat.online ? "online" : "away") : `bot · ${seat.kind}`;
    const shares = Object.entries(p.shares).filter(([, n]) => n > 0).map(([c, n]) =>
      h("span", { title: `${n} share${n > 1 ? "s" : ""} of ${c}` }, companyChip(c), "×" + n));
    const towers = obs.companies.filter((c) => c.tower === i).map((c) => h("span", { title: `${S.table ? S.table.tower_name : "tower"} on ${c.name}` }, "▲", companyChip(c.name)));
    return h("div", { class: "player" + (st.to_act.includes(i) ? " to-act" : ""), style: `border-left-color:var(--p${i})`, "data-seat": i },
      h("div", { class: "row1" }, h("span", {}, name(i) + (i === S.you ? " (you)" : "")), h("span", { class: "kind" }, kind),
        h("span", { class: "money", title: "money in millions" }, `$${p.money}M`)),
      h("div", { class: "row2" },
        h("span", {}, `${p.hand_size} card${p.hand_size === 1 ? "" : "s"}` + (p.level_cards ? ` (${p.level_cards} level)` : "")),
        h("span", {}, `· ${p.towers_placed}/2 ${S.table ? S.table.tower_name + "s" : "towers"}`),
        p.known.length ? h("span", { title: "cards everyone knows of" }, `· known: ${p.known.join(", ")}`) : null),
      shares.length || towers.length ? h("div", { class: "row2" }, shares, towers) : null);
  }));
}

function renderLog() {
  const items = S.log.slice(-120).reverse().map((e) => {
    const lines = e.events.length ? e.events.map((x) => h("div", {}, x.text)) : [h("div", {}, `${name(e.seat)}: ${e.action}`)];
    return h("li", { style: `border-left-color:var(--p${e.seat})` }, lines, h("div", { class: "act" }, `${name(e.seat)} · ${e.action}`));
  });
  $("#log").replaceChildren(...items);
}

function renderFinal() {
  const st = S.state;
  const box = $("#final");
  if (!st || !st.observation.scores) {
    box.classList.remove("show");
    return;
  }
  const obs = st.observation;
  const winners = obs.outcome ? obs.outcome.winners : 0;
  const rows = obs.scores.map((sc, i) => h("tr", { class: winners & (1 << i) ? "winner" : "" },
    h("td", {}, (winners & (1 << i) ? "★ " : "") + name(i) + (i === S.you ? " (you)" : "")),
    h("td", {}, String(sc.money)), h("td", {}, String(sc.shares)), h("td", {}, String(sc.towers)),
    h("td", {}, String(sc.cards)), h("td", {}, String(sc.total))));
  const names = obs.scores.map((_, i) => i).filter((i) => winners & (1 << i)).map(name);
  $("#final-title").textContent = names.length > 1 ? `${names.join(" and ")} share the title!` : `${names[0]} is the Big Boss!`;
  $("#final-body").replaceChildren(h("table", { id: "scores" },
    h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Money"), h("th", {}, "Shares"), h("th", {}, S.table ? cap(S.table.tower_name) + "s" : "Towers"), h("th", {}, "Cards"), h("th", {}, "Total"))),
    h("tbody", {}, rows)));
  const link = $("#rematch-link");
  if (S.rematchLink) {
    link.hidden = false;
    link.href = S.rematchLink;
    link.classList.add("primary");
    $("#rematch-btn").hidden = true;
  } else {
    link.hidden = true;
    $("#rematch-btn").hidden = S.you === null;
  }
  if (!S.finalClosed) box.classList.add("show");
}

function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

// ---------- Input ----------

document.addEventListener("click", (ev) => {
  const t = ev.target.closest("[data-act], [data-try]");
  if (!t) return;
  ev.preventDefault();
  play(t.getAttribute("data-act") || t.getAttribute("data-try"));
});
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const t = ev.target.closest && ev.target.closest("[data-act]");
  if (t && t.tagName !== "BUTTON") {
    ev.preventDefault();
    play(t.getAttribute("data-act"));
  }
});
document.addEventListener("mouseover", (ev) => {
  const g = ev.target.closest && ev.target.closest(".space.legal");
  document.querySelectorAll(".space.preview").forEach((x) => x.classList.remove("preview"));
  if (g && g.dataset.act && g.dataset.act.startsWith("found ")) preview(Number(g.dataset.space), true);
});
$("#share-btn").addEventListener("click", async () => {
  const link = location.origin + (S.table ? S.table.spectator_link : `/t/${tableId}`);
  try {
    await navigator.clipboard.writeText(link);
    toast("Spectator link copied: " + link, true);
  } catch {
    toast("Spectator link: " + link, true);
  }
});
$("#rematch-btn").addEventListener("click", () => {
  S.askedRematch = true;
  send({ type: "rematch" });
});
$("#final-close").addEventListener("click", () => {
  S.finalClosed = true;
  $("#final").classList.remove("show");
});

connect();
