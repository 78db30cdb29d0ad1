// Drawing the board: the 72-space loop as a square track (SVG) and, inside it, the share-price
// track, the companies and the cards (HTML laid over the board).
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const COMPANIES = ["Regent", "Lunar", "Eagle", "Kingdom", "Lion", "Atlas", "Comet", "Summit"];
const TAGS = { Regent: "Re", Lunar: "Lu", Eagle: "Ea", Kingdom: "Ki", Lion: "Li", Atlas: "At", Comet: "Co", Summit: "Su" };
// Companies whose colour needs dark text.
const LIGHT = new Set(["Eagle", "Lion", "Comet"]);
const PLAYER_NAMES = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
const CELL = 100;

/** The column and row (0-18) of space s on the 19 x 19 ring, clockwise from the top left. */
function spaceCell(s) {
  const i = s - 1, side = Math.floor(i / 18), k = i % 18;
  if (side === 0) return [k, 0];
  if (side === 1) return [18, k];
  if (side === 2) return [18 - k, 18];
  return [0, 18 - k];
}

function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const kid of kids) if (kid) e.append(kid);
  return e;
}

function companyChip(name, extra = "") {
  const c = document.createElement("span");
  c.className = "chip" + (LIGHT.has(name) ? " light" : "") + (extra ? " " + extra : "");
  c.style.background = `var(--c-${name})`;
  c.textContent = TAGS[name] || name;
  c.title = name;
  return c;
}

/**
 * Draws the ring. `spaceActs` maps a space to the action clicking it plays; `recent` holds the
 * spaces changed by the last action.
 */
function drawBoard(svgEl, obs, spaceActs, recent) {
  const bySpace = new Map(obs.board.map((e) => [e.space, e]));
  const hq = new Map();
  for (const c of obs.companies) if (c.hq) hq.set(c.hq, c);
  const nodes = [svg("rect", { x: 0, y: 0, width: 1900, height: 1900, rx: 40, fill: "#efe4c6" })];
  nodes.push(svg("rect", { x: 100, y: 100, width: 1700, height: 1700, rx: 16, fill: "#f7f1e1", stroke: "#d8cca9", "stroke-width": 3 }));
  for (let s = 1; s <= 72; s++) {
    const [col, row] = spaceCell(s);
    const x = col * CELL, y = row * CELL;
    const e = bySpace.get(s);
    const act = spaceActs.get(s);
    const cls = ["space"];
    if (e) cls.push("built");
    if (e && LIGHT.has(e.company)) cls.push("light");
    if (act) cls.push("legal");
    if (recent.has(s)) cls.push("recent");
    const g = svg("g", { class: cls.join(" "), "data-space": s, "data-act": act || null,
      role: act ? "button" : null, "aria-label": act ? act : null });
    const fill = e ? `var(--c-${e.company})` : "#fbf6e8";
    g.append(svg("rect", { class: "cell", x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 10, fill }));
    const num = svg("text", { class: "num", x: x + 12, y: y + 28 });
    num.textContent = s;
    g.append(num);
    if (e) {
      const tag = svg("text", { class: "tag" + (LIGHT.has(e.company) ? " light" : ""), x: x + 50, y: y + 62, "text-anchor": "middle" });
      tag.textContent = TAGS[e.company];
      g.append(tag);
      // Building floors, bottom up.
      const shown = Math.min(e.height, 6);
      for (let f = 0; f < shown; f++) {
        g.append(svg("rect", { class: "floor", x: x + 14 + f * 12, y: y + 74, width: 10, height: 14, rx: 2 }));
      }
      if (e.height > 1) {
        const h = svg("text", { class: "num", x: x + 88, y: y + 88, "text-anchor": "end" });
        h.textContent = "×" + e.height;
        g.append(h);
      }
      const title = svg("title");
      title.textContent = `Space ${s}: ${e.company}, ${e.height} piece${e.height > 1 ? "s" : ""}`;
      g.append(title);
    }
    const c = hq.get(s);
    if (c) {
      g.append(svg("path", { d: starPath(x + 80, y + 22, 13, 6), fill: "#fff", stroke: "#222", "stroke-width": 2 }));
      if (c.tower !== undefined && c.tower !== null) {
        // The tower: a mast in the owner's colour with the owner's initial.
        g.append(svg("rect", { x: x + 56, y: y + 6, width: 16, height: 30, rx: 3, fill: `var(--p${c.tower})`, stroke: "#111", "stroke-width": 2 }));
        const t = svg("text", { x: x + 64, y: y + 28, "text-anchor": "middle", "font-size": 18, "font-weight": 800, fill: "#fff" });
        t.textContent = PLAYER_NAMES[c.tower][0];
        g.append(t);
      }
    }
    nodes.push(g);
  }
  svgEl.replaceChildren(...nodes);
}

function starPath(cx, cy, r1, r2) {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? r2 : r1, a = -Math.PI / 2 + (i * Math.PI) / 5;
    d += (i ? "L" : "M") + (cx + r * Math.cos(a)).toFixed(1) + " " + (cy + r * Math.sin(a)).toFixed(1);
  }
  return d + "Z";
}

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
  return e;
}

/** What lies next to space s, as a short hint for its card. */
function cardHint(s, board) {
  if (!board) return "space";
  const at = (x) => board.find((e) => e.space === x);
  if (at(s)) return "built";
  const left = at(s === 1 ? 72 : s - 1), right = at(s === 72 ? 1 : s + 1);
  const names = [...new Set([left, right].filter(Boolean).map((e) => TAGS[e.company]))];
  return names.length ? "by " + names.join("+") : "open";
}

/** A card face: an industry card shows its space; a level card its kind. */
function cardEl(card, act, extraClass = "", board = null, attempt = null) {
  const level = card.startsWith("L");
  const label = level ? (card === "L" ? "Level" : "Storey " + card.slice(1)) : cardHint(Number(card), board);
  return h("div", { class: "card" + (level ? " level" : "") + (act ? " legal" : "") + (extraClass ? " " + extraClass : ""),
    "data-card": card, "data-act": act || null, "data-try": !act && attempt ? attempt : null,
    role: act || attempt ? "button" : null, tabindex: act ? 0 : null,
    title: act ? act : attempt ? "not playable now: click to see why" : null },
    level ? (card === "L" ? "L" : card) : card, h("small", {}, label));
}

/** Draws the inside of the board: price track, companies, row, deck, level stack, discard. */
function drawInner(inner, obs, acts, towerName) {
  const companies = new Map(obs.companies.map((c) => [c.name, c]));
  const cells = [];
  for (let p = 1; p <= 50; p++) {
    const here = obs.companies.filter((c) => c.status === "active" && c.price === p);
    cells.push(h("div", { class: "price-cell", "data-price": p }, String(p),
      h("div", { class: "markers" }, here.map((c) => companyChip(c.name)))));
  }
  const companyCards = COMPANIES.map((name) => {
    const c = companies.get(name);
    const status = c ? c.status : "unfounded";
    const act = acts.company.get(name);
    const lines = [];
    if (status === "active") {
      lines.push(h("div", { class: "detail" }, `Price ${c.price} · ${c.supply} shares left`));
      lines.push(h("div", { class: "detail" }, c.tower !== undefined && c.tower !== null ? `${towerName}: ${PLAYER_NAMES[c.tower]}` : `HQ on ${c.hq}`));
    } else if (status === "gone") {
      lines.push(h("div", { class: "detail" }, "Acquired"));
    } else {
      lines.push(h("div", { class: "detail" }, "Not founded"));
    }
    return h("div", { class: `company ${status}` + (act ? " legal" : ""), "data-company": name, "data-act": act || null,
      role: act ? "button" : null, title: act || null },
      h("div", { class: "head" }, companyChip(name), h("span", { class: "cname" }, name),
        status === "active" ? h("span", { class: "pr" }, "$" + c.price) : null), lines);
  });
  const deckAct = acts.other.get("buy deck");
  const levelAct = acts.other.get("buy level");
  const supply = [
    h("div", { class: "group" }, h("h3", {}, "Deck"),
      h("div", { class: "card back" + (deckAct ? " legal" : ""), "data-act": deckAct || null, id: "deck",
        role: deckAct ? "button" : null, title: deckAct ? "Buy the top card" : "Cards left in the deck" },
        String(obs.deck_size), h("small", {}, "cards"))),
  ];
  if (obs.edition === "modern") {
    supply.push(h("div", { class: "group" }, h("h3", {}, "Row"),
      h("div", { class: "cards" }, obs.row.map((card) => cardEl(card, acts.other.get("buy " + card), "", obs.board)))));
    supply.push(h("div", { class: "group" }, h("h3", {}, "Levels"),
      h("div", { class: "card level" + (levelAct ? " legal" : ""), "data-act": levelAct || null, id: "level-stack",
        role: levelAct ? "button" : null }, String(obs.level_stack), h("small", {}, "level cards"))));
  }
  const lastDiscard = obs.discard.slice(-1)[0];
  supply.push(h("div", { class: "group" }, h("h3", {}, "Discard"),
    h("div", { class: "card", title: obs.discard.join(", ") }, lastDiscard || "–", h("small", {}, `${obs.discard.length} played`))));
  supply.push(h("div", { class: "group" }, h("h3", {}, "Pieces"),
    h("div", { class: "card" }, String(obs.pieces), h("small", {}, "in supply"))));
  inner.replaceChildren(
    h("div", {}, h("h3", {}, "Share prices"), h("div", { class: "price-track" }, cells)),
    h("div", {}, h("h3", {}, "Companies"), h("div", { class: "companies" }, companyCards)),
    h("div", { class: "supply-area" }, supply),
    h("div", { class: "center-title" }, "BIG BOSS"));
}
