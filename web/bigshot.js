// A live Big Shot table: the WebSocket connection, the state, and the city drawn from it.
"use strict";

const params = new URLSearchParams(location.search);
const tableId = location.pathname.split("/").filter(Boolean).pop();
const token = params.get("k");

const SEAT_NAMES = ["Red", "Orange", "Ivory", "Purple"];
const LETTER = { red: "R", orange: "O", ivory: "I", purple: "P" };
const COLOUR_OF = { R: "red", O: "orange", I: "ivory", P: "purple" };

const S = {
  ws: null, table: null, you: null, state: null, log: [], pending: false, retry: 0,
  refused: false, rematchLink: null, finalClosed: false, cube: null, askedRematch: false,
};

const $ = (sel) => document.querySelector(sel);
const name = (seat) => SEAT_NAMES[seat] || `Seat ${seat + 1}`;
const h = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
  return e;
};
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      S.table = msg.table;
      S.you = msg.you;
      S.log = msg.log.slice();
      if (msg.rematch) S.rematchLink = msg.rematch;
      document.title = `Boardroom — Big Shot — ${S.you === null ? "watching" : name(S.you)}`;
      $("#meta").textContent = `Big Shot · ${msg.table.edition === "hidden-money" ? "hidden money" : "standard"} · table ${msg.table.id}` +
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
      if (S.table) { S.table.seats = msg.seats; if (S.state) renderPlayers(); }
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
      if (S.askedRematch) { location.href = msg.link; return; }
      renderFinal();
      toast("A rematch has started", true);
      break;
  }
}

// ---------- Drawing ----------

function cubeEl(letter, extra) {
  const c = COLOUR_OF[letter] || "none";
  return h("span", { class: `cube c-${c}${extra ? " " + extra : ""}`, title: `${c} cube` }, letter);
}
const cubes = (text) => Array.from(text || "").map((l) => cubeEl(l));

/// The grid position (row, column, from 1) of auction space `i` of `n` in a ring of `w` × `hgt`.
function ringCells(n) {
  const w = Math.max(3, Math.ceil((n + 4) / 4) + 1);
  const hgt = Math.max(3, Math.ceil((n + 4) / 2) - w);
  const cells = [];
  for (let c = 1; c <= w; c++) cells.push([1, c]);
  for (let r = 2; r < hgt; r++) cells.push([r, w]);
  for (let c = w; c >= 1; c--) cells.push([hgt, c]);
  for (let r = hgt - 1; r >= 2; r--) cells.push([r, 1]);
  return { w, hgt, cells: cells.slice(0, n) };
}

function render() {
  const st = S.state;
  const obs = st.observation;
  const extra = st.extra || {};
  const legal = st.legal || [];
  const mine = legal.length > 0;
  // Cube colour chosen for placing: keep the one picked if still placeable.
  const placeable = [...new Set(legal.filter((a) => a.startsWith("place ")).map((a) => a.split(" ")[1]))];
  if (!placeable.includes(S.cube)) S.cube = placeable[0] || null;
  renderBoard(obs, extra, legal);
  renderPrompt(obs, extra, legal, mine, placeable);
  renderPlayers();
  renderFinal();
  const who = st.to_act.length ? name(st.to_act[0]) : null;
  $("#turn-text").textContent = !who ? "Game over" : mine ? "Your move" : `${who} to play`;
}

function renderBoard(obs, extra, legal) {
  const board = extra.board;
  if (!board) return;
  const { w, hgt, cells } = ringCells(board.spaces);
  const root = $("#bs-board");
  root.style.setProperty("--cols", w);
  root.style.setProperty("--rows", hgt);
  const kids = cells.map(([r, c], i) => {
    const here = obs.spaces[i] || "";
    const broker = obs.broker === i + 1;
    return h("div", { class: "bs-space" + (broker ? " broker" : "") + (here ? "" : " empty"), style: `grid-row:${r};grid-column:${c}`,
      "data-space": i + 1, title: `auction space ${i + 1}` + (broker ? " (broker)" : "") },
      h("span", { class: "num" }, String(i + 1)), broker ? h("span", { class: "broker-mark", title: "the broker" }, "★ broker") : null,
      h("span", { class: "cubes" }, cubes(here)));
  });
  // The city: districts with their lots.
  const placeLots = new Set(legal.filter((a) => a.startsWith(`place ${S.cube} `)).map((a) => a.split(" ")[2]));
  const byId = {};
  for (const l of obs.lots) byId[l.lot] = l;
  const districts = board.districts.map((d) =>
    h("div", { class: "district" }, h("h3", {}, d),
      h("div", { class: "lots" }, board.lots.filter((l) => l.district === d).map((spec) => {
        const lot = byId[spec.id] || { cubes: "" };
        const can = placeLots.has(spec.id);
        const attrs = { class: "lot" + (spec.park ? " park" : "") + (lot.sold ? " sold" : "") + (can ? " legal" : ""),
          "data-lot": spec.id, title: `${spec.id}: ` + (spec.park ? "park, doubles the lots next to it" : `worth ${spec.value}M`) };
        if (can) attrs.onclick = () => play(`place ${S.cube} ${spec.id}`);
        if (can) { attrs.role = "button"; attrs.tabindex = "0"; attrs.onkeydown = (e) => { if (e.key === "Enter") play(`place ${S.cube} ${spec.id}`); }; }
        const owner = lot.owner ? seatOfColour(extra, lot.owner) : null;
        return h("div", attrs,
          h("div", { class: "lot-head" }, h("b", {}, spec.id), h("span", { class: "value" }, spec.park ? "×2" : `${spec.value}M`)),
          lot.sold
            ? h("div", { class: `sold-tag c-${lot.owner || "none"}`, title: lot.owner ? `sold to ${lot.owner}` + (owner !== null ? ` (${name(owner)})` : " (neutral)") : "sold to nobody" },
              "SOLD ", lot.owner ? cubeEl(LETTER[lot.owner]) : null, h("small", {}, lot.owner ? (owner !== null ? ` ${name(owner)}` : " neutral") : " nobody"))
            : h("div", { class: "cubes" }, cubes(lot.cubes)));
      }))));
  const status = h("div", { class: "round-info" },
    h("span", { class: "die", title: "the die" }, obs.die ? String(obs.die) : "–"),
    h("span", {}, `Round ${obs.round} of ${board.spaces} · ${name(obs.roller)} rolls`),
    obs.hand ? h("span", { class: "hand" }, "Won cubes: ", cubes(obs.hand)) : null,
    obs.bid > 0 && obs.phase.step === "bidding" ? h("span", { class: "auction" }, `Standing bid ${obs.bid}M by ${name(obs.bidder)}`) : null,
    obs.passed.length && obs.phase.step === "bidding" ? h("span", {}, `Passed: ${obs.passed.map(name).join(", ")}`) : null);
  kids.push(h("div", { class: "city", style: `grid-row:2 / ${hgt};grid-column:2 / ${w}` }, status, h("div", { class: "districts" }, districts)));
  root.replaceChildren(...kids);
}

function seatOfColour(extra, colour) {
  const sc = extra.seat_colours || [];
  const s = sc.findIndex((cs) => cs.includes(colour));
  return s < 0 ? null : s;
}

function phaseText(obs) {
  const p = obs.phase;
  switch (p.step) {
    case "roll": return `${name(obs.roller)} is to roll the die`;
    case "loans": return `${name(p.seat)} may take a loan before the bidding`;
    case "bidding": return `${name(p.seat)} bids or passes`;
    case "pay": return `${name(p.seat)} chooses the colour that pays`;
    case "place": return `${name(p.seat)} places the won cubes`;
    default: return "The game is over";
  }
}

function renderPrompt(obs, extra, legal, mine, placeable) {
  const p = $("#prompt");
  p.classList.toggle("mine", mine);
  const kids = [h("div", { class: "what" }, mine ? "Your move" : phaseText(obs))];
  if (mine) kids.push(h("div", { class: "hint" }, phaseText(obs)));
  const acts = [];
  if (legal.includes("roll")) acts.push(h("button", { class: "primary", "data-act": "roll", onclick: () => play("roll") }, "Roll the die"));
  for (const a of legal.filter((a) => a.startsWith("loan"))) {
    acts.push(h("button", { "data-act": a, onclick: () => play(a) }, `Take a loan (+${extra.next_loan ?? "?"}M, 1 IOU)` + (a.split(" ")[1] ? ` for ${a.split(" ")[1]}` : "")));
  }
  if (legal.includes("decline")) acts.push(h("button", { "data-act": "decline", onclick: () => play("decline") }, "No loan"));
  if (legal.some((a) => a.startsWith("bid ")) || (mine && obs.phase.step === "bidding")) {
    const min = extra.min_bid || 1;
    const input = h("input", { type: "number", id: "bid-input", min: 1, value: min, inputmode: "numeric", "aria-label": "your bid in millions" });
    const bid = () => play(`bid ${parseInt(input.value, 10) || 0}`);
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") bid(); });
    acts.push(h("div", { class: "bid-row" }, input, h("button", { class: "primary", "data-act": "bid", onclick: bid }, "Bid"),
      h("button", { "data-act": "bid+1", onclick: () => play(`bid ${min + 1}`) }, `${min + 1}M`),
      h("button", { "data-act": "bid+2", onclick: () => play(`bid ${min + 2}`) }, `${min + 2}M`)));
    if (extra.cash !== undefined) kids.push(h("div", { class: "hint" }, `Lowest bid ${min}M · you can bid up to ${extra.cash}M`));
  }
  if (legal.includes("pass")) acts.push(h("button", { "data-act": "pass", onclick: () => play("pass") }, "Pass"));
  for (const a of legal.filter((a) => a.startsWith("pay "))) {
    const c = a.split(" ")[1];
    acts.push(h("button", { "data-act": a, onclick: () => play(a) }, "Pay with ", cubeEl(LETTER[c]), ` ${c}`));
  }
  if (placeable.length) {
    kids.push(h("div", { class: "hint" }, "Choose a cube, then click a highlighted lot."));
    acts.push(h("div", { class: "cube-pick" }, placeable.map((c) =>
      h("button", { class: c === S.cube ? "on" : "", "data-cube": c, onclick: () => { S.cube = c; render(); } }, cubeEl(LETTER[c]), ` ${c}`))));
  }
  kids.push(h("div", { class: "actions" }, acts));
  p.replaceChildren(...kids);
}

function renderPlayers() {
  const st = S.state;
  if (!st || !S.table) return;
  const obs = st.observation;
  const extra = st.extra || {};
  const sc = extra.seat_colours || [];
  const rows = S.table.seats.map((seat) => {
    const s = seat.seat;
    const colours = (sc[s] || []).map((c) => obs.colours.find((x) => x.colour === c)).filter(Boolean);
    const acting = st.to_act.includes(s);
    return h("div", { class: "player" + (acting ? " acting" : "") + (s === S.you ? " you" : ""), "data-seat": s },
      h("div", { class: "pname" }, h("span", { class: `cube c-${(sc[s] || ["red"])[0]}` }, name(s)[0]), ` ${name(s)}`,
        s === S.you ? h("small", {}, " (you)") : null,
        h("small", { class: "kind" }, seat.kind === "human" ? (seat.online ? " · online" : " · away") : ` · bot ${seat.kind}`),
        obs.passed.includes(s) && obs.phase.step === "bidding" ? h("small", { class: "passed" }, " · passed") : null),
      h("div", { class: "money" }, colours.map((c) =>
        h("span", { class: "purse" }, cubeEl(LETTER[c.colour]), ` ${c.coins === null || c.coins === undefined ? "?" : c.coins + "M"}`,
          c.ious ? ` · ${c.ious} IOU${c.ious > 1 ? "s" : ""}` : ""))));
  });
  const neutral = obs.colours.filter((c) => c.seat === null);
  for (const c of neutral) rows.push(h("div", { class: "player neutral" }, h("div", { class: "pname" }, cubeEl(LETTER[c.colour]), ` ${cap(c.colour)} (neutral)`)));
  $("#players").replaceChildren(...rows);
}

function renderLog() {
  const items = S.log.slice(-120).reverse().map((e) =>
    h("li", {}, h("b", {}, `${name(e.seat)}: ${e.action}`), e.events.map((ev) => h("div", { class: "ev" }, ev.text))));
  $("#log").replaceChildren(...items);
}

function renderFinal() {
  const st = S.state;
  const f = $("#final");
  if (!st || !st.observation.scores) { f.classList.remove("show"); return; }
  const obs = st.observation;
  const winners = obs.outcome ? obs.outcome.winners : 0;
  const names = obs.scores.filter((l) => winners & (1 << l.seat)).map((l) => name(l.seat));
  $("#final-title").textContent = names.length ? `${names.join(" and ")} win${names.length > 1 ? "" : "s"}` : "Final scores";
  const rows = obs.scores.map((l) => h("tr", { class: winners & (1 << l.seat) ? "winner" : "" },
    h("td", {}, name(l.seat) + (l.seat === S.you ? " (you)" : "")), h("td", {}, `${l.coins}M`), h("td", {}, `${l.lots_value}M`),
    h("td", {}, `−${l.debt}M`), h("td", {}, `${l.status}M`), h("td", {}, String(l.lots)), h("td", {}, `${l.best_lot}M`),
    h("td", {}, l.eligible ? "yes" : "no")));
  $("#final-body").replaceChildren(h("div", { class: "scroll-x" }, h("table", { id: "scores" },
    h("thead", {}, h("tr", {}, ["Player", "Coins", "Lot value", "Debt", "Status", "Lots", "Best lot", "May win"].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows))),
    h("p", { class: "hint" }, "Financial status is coins plus lots minus 10M per IOU; a player needs at least 2 lots to win."));
  const link = $("#rematch-link");
  if (S.rematchLink) {
    link.hidden = false; link.href = S.rematchLink; $("#rematch-btn").hidden = true;
  } else {
    link.hidden = true; $("#rematch-btn").hidden = S.you === null;
  }
  if (!S.finalClosed) f.classList.add("show");
}

$("#final-close").addEventListener("click", () => { S.finalClosed = true; $("#final").classList.remove("show"); });
$("#rematch-btn").addEventListener("click", () => { S.askedRematch = true; send({ type: "rematch" }); });
setInterval(() => { if (S.ws && S.ws.readyState === WebSocket.OPEN) send({ type: "ping" }); }, 25000);
connect();
