// The lobby: create a table, share its links, see the tables of this server.
"use strict";

const BOSS_COLOURS = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
const SHOT_COLOURS = ["Red", "Orange", "Ivory", "Purple"];
// Each game's seat names and player counts.
const GAMES = {
  "big-boss": { colours: BOSS_COLOURS, counts: [2, 3, 4, 5, 6], swatch: (i) => `var(--p${i})` },
  "big-shot": { colours: SHOT_COLOURS, counts: [2, 3, 4], swatch: (i) => `var(--bs${i})` + (i === 2 ? ";color:#2a2418" : "") },
};
let COLOURS = BOSS_COLOURS;
const KINDS = [
  ["human", "Person (invite link)"],
  ["random", "Bot: random"],
  ["heuristic", "Bot: heuristic"],
  ["easy", "Bot: easy"],
  ["normal", "Bot: normal"],
  ["hard", "Bot: hard"],
];
const STORE = "boardroom.tables";

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

let edition = "modern";
let players = 3;
let kinds = ["human", "normal", "normal", "normal", "normal", "normal"];

function toast(text, info) {
  const t = $("#toast");
  t.textContent = text;
  t.className = "toast show" + (info ? " info" : "");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.className = "toast"), 3500);
}

function myTables() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; }
}
function remember(created) {
  const all = myTables();
  all[created.id] = created;
  localStorage.setItem(STORE, JSON.stringify(all));
}

function renderForm() {
  const game = GAMES[$("#game").value] || GAMES["big-boss"];
  COLOURS = game.colours;
  players = Math.min(players, game.counts[game.counts.length - 1]);
  $("#edition-row").hidden = $("#game").value !== "big-boss";
  $("#money-row").hidden = $("#game").value !== "big-shot";
  const seg = $("#players");
  seg.replaceChildren(...game.counts.map((n) =>
    el("button", { type: "button", class: n === players ? "on" : "", "data-players": n,
      onclick: () => { players = n; renderForm(); } }, String(n))));
  $("#seats").replaceChildren(...Array.from({ length: players }, (_, i) =>
    el("div", { class: "seat-row" },
      el("span", { class: "swatch", style: `background:${game.swatch(i)}` }),
      el("span", { class: "name" }, COLOURS[i]),
      el("select", { "data-seat": i, "aria-label": `${COLOURS[i]} seat`,
        onchange: (e) => { kinds[i] = e.target.value; } },
        KINDS.map(([v, label]) => {
          const o = el("option", { value: v }, label);
          if (kinds[i] === v) o.selected = true;
          return o;
        })))));
}

document.querySelectorAll("#edition button").forEach((b) =>
  b.addEventListener("click", () => {
    edition = b.dataset.edition;
    document.querySelectorAll("#edition button").forEach((x) => x.classList.toggle("on", x === b));
  }));

$("#game").addEventListener("change", renderForm);

function absolute(path) { return location.origin + path; }

function showInvite(created, game) {
  const swatch = (GAMES[game] || GAMES["big-boss"]).swatch;
  const rows = created.seats.map((s) => {
    if (!s.link) {
      return el("div", { class: "link-row" },
        el("span", {}, el("span", { class: "swatch seat-pip", style: `background:${swatch(s.seat)}` }, s.name[0]), " ", s.name),
        el("span", { class: "empty" }, `bot (${s.kind})`), el("span"), el("span"));
    }
    const input = el("input", { readonly: "", value: absolute(s.link), "aria-label": `${s.name} seat link` });
    return el("div", { class: "link-row" },
      el("span", {}, el("span", { class: "seat-pip", style: `background:${swatch(s.seat)}` }, s.name[0]), " ", s.name),
      input,
      el("button", { type: "button", onclick: () => copy(input.value) }, "Copy"),
      el("a", { class: "btn primary open", href: s.link, "data-sit": s.seat }, "Sit here"));
  });
  const spec = el("input", { readonly: "", value: absolute(created.spectator), "aria-label": "spectator link" });
  rows.push(el("div", { class: "link-row" }, el("span", {}, "Spectators"), spec,
    el("button", { type: "button", onclick: () => copy(spec.value) }, "Copy"),
    el("a", { class: "btn open", href: created.spectator }, "Watch")));
  $("#invite-links").replaceChildren(...rows);
  $("#invite").hidden = false;
  $("#invite").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied", true);
  } catch {
    toast("Select the link and copy it by hand");
  }
}

$("#create-btn").addEventListener("click", async () => {
  const btn = $("#create-btn");
  btn.disabled = true;
  $("#create-error").textContent = "";
  try {
    const r = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify($("#game").value === "big-shot"
        ? { game: "big-shot", hidden_money: $("#hidden-money").checked, seats: kinds.slice(0, players) }
        : { game: "big-boss", edition, seats: kinds.slice(0, players) }),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || "the table could not be created");
    remember(body);
    showInvite(body, $("#game").value);
    refresh();
  } catch (e) {
    $("#create-error").textContent = e.message;
  } finally {
    btn.disabled = false;
  }
});

async function refresh() {
  let tables;
  try {
    tables = await (await fetch("/api/tables")).json();
  } catch {
    return;
  }
  const mine = myTables();
  const list = $("#table-list");
  if (!tables.length) {
    list.replaceChildren(el("li", { class: "empty" }, "No tables yet: create the first one."));
    return;
  }
  list.replaceChildren(...tables.map((t) => {
    const seats = el("span", { class: "seats" }, t.seats.map((s) =>
      el("span", { class: "seat-pip", title: `${s.name}: ${s.kind === "human" ? (s.online ? "online" : "away") : "bot " + s.kind}`,
        style: `background:var(--${t.game === "big-shot" ? "bs" : "p"}${s.seat});${s.kind === "human" && !s.online ? "opacity:.45" : ""}` },
        s.kind === "human" ? s.name[0] : "B")));
    const state = t.over ? "finished" : `${t.game === "big-shot" ? "round" : "turn"} ${t.turn}` + (t.to_act !== null ? ` · ${t.seats[t.to_act].name} to play` : "");
    const links = [];
    const my = mine[t.id];
    if (my) {
      for (const s of my.seats) if (s.link) links.push(el("a", { class: "btn", href: s.link }, `Play ${s.name}`));
    }
    links.push(el("a", { class: "btn", href: t.spectator_link }, "Watch"));
    return el("li", {}, seats,
      el("span", { class: "info" }, `${t.game === "big-shot" ? "Big Shot · " + (t.edition === "hidden-money" ? "hidden money" : "standard") : "Big Boss · " + (t.edition === "modern" ? "Modern" : "Classic")} · ${t.seats.length} players · ${state}`),
      ...links);
  }));
}

renderForm();
refresh();
setInterval(refresh, 5000);
