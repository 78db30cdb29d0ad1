// The lobby: create a table, share its links, see the tables of this server. The games, their
// options, player counts, seat names and bots come from `GET /api/games`.
import { $, h as el, cap } from "./shell/dom.js";
import { toast } from "./shell/toast.js";
import { openHowto } from "./shell/howto.js";
import { ClockTicker, myTables, rememberTable, forgetTable } from "./shell/clocks.js";
import { t as tr, has } from "./shell/i18n.js";

const ticker = new ClockTicker();

let games = []; // from /api/games
let players = 3;
const kinds = ["human", "normal", "normal", "normal", "normal", "normal"];
const openSeats = new Set(); // person seats offered to anyone in the list of tables
const invites = {}; // display names of the accounts invited to person seats, by seat

const current = () => games.find((g) => g.id === $("#game").value) || games[0];
const swatch = (name) => `var(--seat-${String(name).toLowerCase()})`;
/** An option's control id: its name with dashes (`hidden_money` → `hidden-money`). */
const controlId = (spec) => spec.name.replace(/_/g, "-");

/** Keeps a created table's person seats (their links) as this browser's. */
function remember(created) {
  rememberTable({ id: created.id, title: current().title, spectator: created.spectator,
    seats: created.seats.filter((s) => s.link) });
}

/** Shows the fields of the chosen seat clock, and the stand-in with any clock. */
function showClockFields() {
  const mode = $("#clock-mode").value;
  $("#clock-live").hidden = mode !== "live";
  $("#clock-turn").hidden = mode !== "turn";
  $("#standin-row").hidden = mode === "none";
}

/** The `clock` of the request: none, or the live or turn-based settings in seconds. */
function clockRequest() {
  const mode = $("#clock-mode").value;
  if (mode === "none") return null;
  const secs = (id, unit) => {
    const v = $(id).value.trim();
    return v === "" ? null : Math.round(Number(v) * unit);
  };
  const clock = { mode, standin: $("#standin").value || "heuristic" };
  if (mode === "live") {
    clock.bank = secs("#clock-bank", 60);
    clock.increment = secs("#clock-increment", 1);
    clock.absent = secs("#clock-absent", 60);
  } else {
    clock.per_move = Number($("#clock-per-move").value);
  }
  return clock;
}

/** The controls of the options a game offers in the lobby: a choice is a select, a flag a box.
 * An option for some player counts only (`players: [fewest, most]`) is shown for those. */
function renderOptions(game) {
  $("#options").replaceChildren(...game.options.filter((o) => o.lobby).map((o) => {
    // The game's own messages name an option (`<game>-option-<name>`, `…-help`, `…-<choice>`);
    // a game without them is shown in the words of its option list.
    const id = `${game.id}-option-${controlId(o)}`;
    const word = (suffix, fallback) => (has(id + suffix) ? tr(id + suffix) : fallback);
    const label = word("", cap(o.name.replace(/_/g, " ")));
    let row = null;
    if (o.kind.type === "choice") {
      row = el("div", { class: "form-row" }, el("label", { class: "caption", for: controlId(o) }, label),
        el("select", { id: controlId(o), "data-option": o.name, title: word("-help", o.help) },
          o.kind.choices.map((c) => el("option", { value: c, selected: c === o.default }, word(`-${c}`, cap(c))))));
    } else if (o.kind.type === "flag") {
      row = el("div", { class: "form-row" }, el("span", { class: "caption" }, label),
        el("label", {}, el("input", { type: "checkbox", id: controlId(o), "data-option": o.name }), " ", word("-help", cap(o.help))));
    }
    if (row && o.players) {
      row.dataset.playersMin = o.players[0];
      row.dataset.playersMax = o.players[1];
    }
    return row;
  }).filter(Boolean));
}

/** Shows the options that apply to the chosen player count; the others are hidden, off and
 * left out of the request. */
function showOptionsFor(n) {
  for (const row of document.querySelectorAll("#options [data-players-min]")) {
    const applies = n >= Number(row.dataset.playersMin) && n <= Number(row.dataset.playersMax);
    row.hidden = !applies;
    for (const c of row.querySelectorAll("[data-option]")) c.disabled = !applies;
  }
}

function renderForm() {
  const game = current();
  if (!game) return;
  players = Math.max(game.min_players, Math.min(players, game.max_players));
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  $("#players").replaceChildren(...counts.map((n) =>
    el("button", { type: "button", class: n === players ? "on" : "", "data-players": n,
      onclick: () => { players = n; renderForm(); } }, String(n))));
  showOptionsFor(players);
  $("#clock-row").hidden = !game.timers;
  const standin = $("#standin").value || "heuristic";
  // A level with its measured note, e.g. "Bot: normal — beats easy about 7 games in 10": the
  // game's message for it (`<game>-bot-note-<level>`), else the note as the game lists it.
  const note = (b) => (has(`${game.id}-bot-note-${b}`) ? tr(`${game.id}-bot-note-${b}`) : game.bot_notes && game.bot_notes[b]);
  const botLabel = (b) => (note(b) ? tr("lobby-bot-noted", { bot: b, note: note(b) }) : tr("lobby-bot", { bot: b }));
  $("#standin").replaceChildren(...game.bots.map((b) => el("option", { value: b, selected: b === standin }, botLabel(b))));
  showClockFields();
  $("#timer-percent").disabled = !game.timers;
  // A bot this game does not offer (the bot without dealing at a game without dealing) gives
  // way to the default bot.
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] !== "human" && !game.bots.includes(kinds[i])) kinds[i] = "normal";
  }
  const seatKinds = [["human", tr("lobby-seat-person")], ...game.bots.map((b) => [b, botLabel(b)])];
  $("#seats").replaceChildren(...Array.from({ length: players }, (_, i) => {
    const name = game.seat_names[i];
    return el("div", { class: "seat-row" },
      el("span", { class: "swatch", style: `background:${swatch(name)}` }),
      el("span", { class: "name" }, name),
      el("select", { "data-seat": i, "aria-label": tr("lobby-seat-label", { name }), onchange: (e) => { kinds[i] = e.target.value; renderForm(); } },
        seatKinds.map(([v, label]) => el("option", { value: v, selected: kinds[i] === v }, label))),
      kinds[i] === "human" ? el("label", { class: "open-seat", title: tr("lobby-open-seat-title") },
        el("input", { type: "checkbox", "data-open": i, checked: openSeats.has(i),
          onchange: (e) => { if (e.target.checked) openSeats.add(i); else openSeats.delete(i); } }), " open to anyone") : null,
      // A signed-in creator sits at the first person seat and may keep the others for people
      // they name (the account panel shows these fields once signed in).
      kinds[i] === "human" && i !== kinds.indexOf("human") ? el("input", { class: "invite-name", type: "text", "data-invite": i,
        maxlength: "24", value: invites[i] || "", placeholder: tr("lobby-invite-placeholder"),
        "aria-label": tr("lobby-invite-label", { name }), oninput: (e) => { invites[i] = e.target.value; } }) : null);
  }));
}

function chooseGame() {
  renderOptions(current());
  renderForm();
}

function absolute(path) { return location.origin + path; }

function showInvite(created) {
  const pip = (s) => el("span", { class: "seat-pip", style: `background:${swatch(s.name)}` }, s.name[0]);
  const rows = created.seats.map((s) => {
    if (!s.link) {
      const what = s.invited ? tr("lobby-link-invited", { name: s.invited }) : tr("lobby-link-bot", { bot: s.kind });
      return el("div", { class: "link-row", "data-invited": s.invited ? s.seat : null }, el("span", {}, pip(s), " ", s.name),
        el("span", { class: "empty" }, what), el("span"), el("span"));
    }
    const input = el("input", { readonly: "", value: absolute(s.link), "aria-label": tr("lobby-seat-link-label", { name: s.name }) });
    return el("div", { class: "link-row" }, el("span", {}, pip(s), " ", s.name), input,
      el("button", { type: "button", onclick: () => copy(input.value) }, tr("lobby-copy")),
      el("a", { class: "btn primary open", href: s.link, "data-sit": s.seat }, tr("lobby-sit")));
  });
  const spec = el("input", { readonly: "", value: absolute(created.spectator), "aria-label": tr("lobby-spectator-link-label") });
  rows.push(el("div", { class: "link-row" }, el("span", {}, tr("lobby-spectators")), spec,
    el("button", { type: "button", onclick: () => copy(spec.value) }, tr("lobby-copy")),
    el("a", { class: "btn open", href: created.spectator }, tr("lobby-watch"))));
  $("#invite-links").replaceChildren(...rows);
  $("#invite").hidden = false;
  $("#invite").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(tr("lobby-link-copied"), true);
  } catch {
    toast(tr("lobby-copy-by-hand"));
  }
}

/** The live clock's fields, each with the message saying what it must be. */
const CLOCK_FIELDS = [
  ["#clock-bank", "lobby-problem-bank"],
  ["#clock-increment", "lobby-problem-increment"],
  ["#clock-absent", "lobby-problem-absent"],
];

/** Why the seat clock's fields cannot be sent, in the units the form shows (the server counts
 * in seconds, and would say so), or null. */
function clockProblem() {
  if ($("#clock-mode").value !== "live") return null;
  for (const [id, message] of CLOCK_FIELDS) {
    const input = $(id);
    const v = input.value.trim();
    const [min, max] = [Number(input.min), Number(input.max)];
    if (v === "" || !Number.isInteger(Number(v)) || Number(v) < min || Number(v) > max) {
      return tr(message, { min, max });
    }
  }
  return null;
}

/** The request body: the game, the seats, and each option control's value. */
function request() {
  const body = { game: current().id, seats: kinds.slice(0, players), hints: $("#hints").checked };
  body.open_seats = [...openSeats].filter((i) => i < players && kinds[i] === "human").sort((a, b) => a - b);
  body.private = $("#private").checked;
  if ($("#rated").checked) body.rated = true;
  const invite = Object.entries(invites)
    .map(([seat, name]) => ({ seat: Number(seat), name: name.trim() }))
    .filter((v) => v.name && v.seat < players && kinds[v.seat] === "human" && v.seat !== kinds.indexOf("human"));
  if (invite.length) body.invite = invite;
  if ($("#bot-speed").value) body.bot_speed = $("#bot-speed").value;
  if (current().timers) body.timer_percent = Number($("#timer-percent").value);
  const clock = clockRequest();
  if (clock) body.clock = clock;
  for (const c of document.querySelectorAll("#options [data-option]:not(:disabled)")) {
    body[c.dataset.option] = c.type === "checkbox" ? c.checked : c.value;
  }
  return body;
}

$("#create-btn").addEventListener("click", async () => {
  const btn = $("#create-btn");
  btn.disabled = true;
  $("#create-error").textContent = "";
  try {
    const problem = clockProblem();
    if (problem) throw new Error(problem);
    const r = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request()),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || tr("lobby-create-failed"));
    remember(body);
    showInvite(body);
    refresh();
    refreshMine();
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
    list.replaceChildren(el("li", { class: "empty" }, tr("lobby-no-tables-create")));
    return;
  }
  list.replaceChildren(...tables.map((tab) => {
    const seats = el("span", { class: "seats" }, tab.seats.map((s) =>
      el("span", { class: "seat-pip", title: tr("lobby-seat-state", { name: s.name, state: s.kind === "human" ? (s.online ? "online" : "away") : "bot", bot: s.kind }),
        style: `background:${swatch(s.name)};${s.kind === "human" && !s.online ? "opacity:.45" : ""}` },
        s.kind === "human" ? s.name[0] : "B")));
    const state = tab.over ? tr("lobby-finished-state") : tab.to_act !== null
      ? tr("lobby-turn-to-play", { turn: tab.turn, name: tab.seats[tab.to_act].name }) : tr("lobby-turn", { turn: tab.turn });
    const links = [];
    const my = mine[tab.id];
    if (my) {
      for (const s of my.seats) if (s.link) links.push(el("a", { class: "btn", href: s.link }, tr("lobby-play-as", { name: s.name })));
    }
    for (const seat of tab.open_seats || []) {
      if (my && my.seats.some((s) => s.seat === seat && s.link)) continue;
      const name = tab.seats[seat] ? tab.seats[seat].name : tr("lobby-seat-number", { number: seat + 1 });
      links.push(el("button", { type: "button", class: "btn primary", "data-join": `${tab.id}:${seat}`,
        onclick: (e) => join(tab.id, seat, e.target) }, tr("lobby-join-as", { name })));
    }
    links.push(el("a", { class: "btn", href: tab.spectator_link }, tr("lobby-watch")));
    return el("li", {}, seats,
      el("span", { class: "info" }, `${tab.title} · ${cap(tab.edition.replace(/-/g, " "))} · ${tr("lobby-player-count", { count: tab.seats.length })} · ${state}`),
      ...links);
  }));
}

/** Claims open seat `seat` of table `id` and goes to it; a seat taken meanwhile is said so. */
async function join(id, seat, button) {
  button.disabled = true;
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(id)}/claim`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seat }),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || tr("lobby-claim-failed"));
    rememberTable({ id, spectator: `/t/${id}`,
      seats: [{ seat: body.seat, name: body.name, kind: "human", link: body.link }] });
    location.href = body.link;
  } catch (e) {
    toast(e.message);
    button.disabled = false;
    refresh();
  }
}

async function start() {
  try {
    games = await (await fetch("/api/games")).json();
  } catch {
    $("#create-error").textContent = tr("lobby-games-failed");
    return;
  }
  $("#game").replaceChildren(...games.map((g) => el("option", { value: g.id }, g.title)));
  $("#game-titles").textContent = games.map((g) => g.title).join(" · ");
  $("#game").addEventListener("change", chooseGame);
  $("#clock-mode").addEventListener("change", showClockFields);
  $("#howto-btn").addEventListener("click", () => openHowto(current().id, current().title));
  chooseGame();
}

/** "My tables on this device": every table whose seat links this browser keeps, with whose
 * turn it is and each seat's clock counting down; the tables where one of ours is awaited
 * first. A table no longer in play here (finished and archived, or gone) can be forgotten. */
async function refreshMine() {
  const mine = Object.values(myTables()).filter((t) => t && t.id && (t.seats || []).some((s) => s.link));
  $("#my-tables").hidden = mine.length === 0;
  if (!mine.length) return;
  const rows = await Promise.all(mine.map(async (t) => {
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(t.id)}`);
      return { mine: t, summary: r.ok ? await r.json() : null };
    } catch {
      return { mine: t, summary: null };
    }
  }));
  const ours = (row, seat) => row.mine.seats.some((s) => s.seat === seat && s.link);
  const awaited = (row) => {
    const s = row.summary;
    if (!s || s.over) return false;
    const running = (s.clocks || []).filter((c) => c.running).map((c) => c.seat);
    return running.some((seat) => ours(row, seat)) || (s.to_act !== null && ours(row, s.to_act));
  };
  rows.sort((a, b) => Number(awaited(b)) - Number(awaited(a)));
  $("#my-list").replaceChildren(...rows.map((row) => {
    const s = row.summary;
    const links = row.mine.seats.filter((x) => x.link).map((x) =>
      el("a", { class: "btn" + (awaited(row) ? " primary" : ""), href: x.link }, tr("lobby-play-as", { name: x.name })));
    const forget = el("button", { type: "button", class: "btn", title: tr("lobby-forget-title"),
      onclick: () => { forgetTable(row.mine.id); refreshMine(); } }, tr("lobby-forget"));
    if (!s) {
      return el("li", { class: "my-table", "data-my-table": row.mine.id },
        el("span", { class: "info" }, tr("lobby-not-in-play", { title: row.mine.title || tr("lobby-table"), id: row.mine.id })), ...links, forget);
    }
    ticker.set(s.id, s.clocks);
    const state = s.over ? tr("lobby-finished-state") : awaited(row) ? tr("lobby-your-turn") :
      s.to_act !== null && s.seats[s.to_act] ? tr("lobby-to-play", { name: s.seats[s.to_act].name }) : tr("lobby-turn", { turn: s.turn });
    // Only the clocks that may run: people's seats at a table still in play.
    const running = (c) => !s.over && s.seats[c.seat] && s.seats[c.seat].kind === "human";
    const clocks = el("span", { class: "clocks" }, (s.clocks || []).filter(running).map((c) => {
      const name = s.seats[c.seat] ? s.seats[c.seat].name : tr("lobby-seat-number", { number: c.seat + 1 });
      return el("span", { title: tr("lobby-clock-of", { name }) }, el("span", { class: "seat-pip", style: `background:${swatch(name)}` }, name[0]),
        " ", el("span", { class: "seat-clock", "data-clock": `${s.id}:${c.seat}` }));
    }));
    return el("li", { class: "my-table" + (awaited(row) ? " your-turn" : ""), "data-my-table": s.id },
      el("span", { class: "info" }, `${s.title} · ${s.id} · ${tr("lobby-turn", { turn: s.turn })} · `, el("strong", { class: "whose" }, state)),
      clocks, ...links, forget);
  }));
  ticker.tick();
}

start();
refresh();
refreshMine();
setInterval(refresh, 5000);
setInterval(refreshMine, 5000);
