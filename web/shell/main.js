// The table page of every game: the shell (connection, log, players, prompt and buttons,
// toasts, final scores, rematch) around the game's own view module, which draws the table and
// marks what can be clicked with `data-target="kind:id"` attributes. The state's `actions`
// say which targets play which action: the page never reads the notation.
import { $, h, cap } from "./dom.js";
import { Connection } from "./connection.js";
import { toast, clearError } from "./toast.js";
import { renderLog } from "./log.js";
import { renderPlayers } from "./players.js";
import { renderPrompt, choose, closeChooser } from "./prompt.js";
import { renderScores } from "./scores.js";
import { Rematch } from "./rematch.js";
import { ChatBox } from "./chat.js";
import { TurnNotifier } from "./notify.js";
import { isOffline } from "./offline.js";
import { History } from "./replay.js";
import { openHowto, linkRules } from "./howto.js";
import { Hints } from "./hint.js";
import { SinceView } from "./since.js";
import { AwayForm } from "./away.js";
import { ClockTicker, formatMs, rememberTable } from "./clocks.js";
import { t as tr } from "./i18n.js";

const game = document.body.dataset.game;
const params = new URLSearchParams(location.search);
const tableId = location.pathname.split("/").filter(Boolean).pop();
const conn = new Connection(tableId, params.get("k"), onMessage);
const rematch = new Rematch(conn);
const chat = new ChatBox(conn, (seat) => ctx.colour(seat));
const notifier = new TurnNotifier();
const hints = new Hints(conn);
const away = new AwayForm(conn);
const clocks = new ClockTicker();
/** Asks for our seat back from the stand-in playing it. */
const takeSeat = () => conn.send({ type: "take_seat" });
let view = {};
let log = [];
let finalClosed = false;

/** What the view module is given: the table, the state and helpers. */
const ctx = {
  table: null, // `welcome.table`
  you: null, // our seat, or null when watching
  replaying: false, // whether a replay frame is shown (`you` is then the seat whose view it is)
  state: null, // the latest `state` message
  get obs() { return this.state ? this.state.observation : null; },
  get extra() { return (this.state && this.state.extra) || {}; },
  get actions() { return this.state ? this.state.actions : []; },
  /** What happened since our last move (a `since` message), until dismissed or we act. */
  get since() { return since.msg; },
  root: $("#view"),
  side: $("#view-side"),
  h,
  /** The page's messages (`shell/i18n.js`): a view asks for its game's own, `<game id>-…`. */
  t: tr,
  /** A time left in words as the seat clocks write it: `9:58`, `1:05:03`, `2 d 03 h`. */
  duration: (ms) => formatMs(ms),
  name: (seat) => (ctx.table && ctx.table.seats[seat] ? ctx.table.seats[seat].name : tr("lobby-seat-number", { number: seat + 1 })),
  colour: (seat) => (view.seatColour ? view.seatColour(seat, ctx) : `var(--seat-${ctx.name(seat).toLowerCase()})`),
  /** The actions played by clicking `target`, as the view narrows them. */
  actionsAt(target) {
    const all = ctx.actions.filter((a) => a.highlights.includes(target));
    return view.narrow ? view.narrow(all, target, ctx) : all;
  },
  play: (notation) => { closeChooser(); conn.act(notation); },
  render: () => render(),
};
const since = new SinceView(ctx, (text) => (view.words ? view.words(text, ctx) : text));
const history = new History(ctx, conn, tableId, params.get("k"), showFrame, leaveReplay,
  (text) => (view.words ? view.words(text, ctx) : text), () => view.turnWord || tr("log-turn"));

/** Draws a replay frame in the game's view: the observation of the frame's seat, nothing to
 * play. */
function showFrame(frame) {
  closeChooser();
  ctx.state = { version: null, to_act: frame.to_act, turn: frame.turn, must_act: false, prompt: null,
    actions: [], observation: frame.observation, extra: frame.extra, last: frame.last, scores: null };
  ctx.you = frame.seat;
  ctx.replaying = true;
  document.body.classList.add("replaying");
  if (view.render) view.render(ctx);
  markTargets();
  renderPrompt(ctx, view, () => {});
  renderPlayers(ctx, view, takeSeat);
  $("#turn-text").textContent = tr("replay-status", { step: frame.step, steps: frame.steps });
  $("#final").classList.remove("show");
}

/** Back from the replay to the table as it is. */
function leaveReplay() {
  ctx.state = live;
  ctx.you = seated;
  ctx.replaying = false;
  document.body.classList.remove("replaying");
  render();
}

let live = null; // the latest `state` from the table (kept while replaying)
let seated = null; // our seat (kept while replaying)

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      ctx.table = msg.table;
      seated = msg.you;
      // A reconnection during a replay keeps the replay's viewpoint (`leaveReplay` restores
      // ours).
      if (!history.frame) ctx.you = msg.you;
      log = msg.log.slice();
      // The welcome brings the most recent actions; the whole log follows.
      conn.send({ type: "log" });
      if (msg.rematch) rematch.link = msg.rematch;
      hints.allowed = msg.hints === true;
      // This browser holds the seat: the lobby lists the table under "My tables".
      if (msg.you !== null && params.get("k")) {
        rememberTable({ id: msg.table.id, title: msg.table.title, spectator: msg.table.spectator_link,
          seats: [{ seat: msg.you, name: ctx.name(msg.you), kind: "human", link: location.pathname + location.search, opened: true }] });
        // Signed in, the seat goes into the account ("My games" on every device); a guest's
        // request is refused and changes nothing.
        fetch("/api/account/claim", { method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ seats: [{ table: msg.table.id, token: params.get("k") }] }) }).catch(() => {});
      }
      $("#meta").textContent = `${msg.table.title} · ${cap(msg.table.edition.replace(/-/g, " "))} · ${tr("table-id", { id: msg.table.id })} · ` +
        (msg.you === null ? tr("table-watching") : tr("table-you-are", { name: ctx.name(msg.you) }));
      drawLog();
      chat.history(msg.chat);
      break;
    case "state": {
      // The table moved on: a refusal shown for the previous state no longer applies.
      if (live && msg.version !== live.version) clearError();
      // The first state brings the view's data: the log is written again in its words.
      const first = !live;
      live = msg;
      clocks.set("table", msg.clocks);
      notifier.update(seated !== null && msg.must_act && msg.actions.length > 0,
        `${ctx.table ? ctx.table.title : "Boardroom"}: ${msg.prompt || tr("lobby-your-turn")}`);
      if (msg.last) {
        log.push(msg.last);
        drawLog();
        // Our own move, not a stand-in's in our place.
        if (seated !== null && msg.last.seat === seated && !msg.last.by) since.clear();
      }
      if (history.frame) break;
      ctx.state = msg;
      render();
      if (first) drawLog();
      break;
    }
    case "log":
      log = msg.entries;
      drawLog();
      break;
    case "undone":
      for (const e of log) if (e.index === msg.index) e.undone = true;
      drawLog();
      {
        const e = log.find((x) => x.index === msg.index);
        // What was taken back, in the words of its first event (not its notation).
        const what = e && e.events.length ? `: ${view.words ? view.words(e.events[0].text, ctx) : e.events[0].text}` : "";
        toast(msg.seat === ctx.you ? tr("undo-you", { what }) : tr("undo-other", { name: ctx.name(msg.seat), what }), true);
      }
      break;
    case "replay":
      history.received(msg);
      break;
    case "since":
      since.show(msg);
      render();
      break;
    case "notify":
      away.show(msg);
      break;
    case "presence":
      if (ctx.table) {
        const mine = (seats) => (seated !== null && seats[seated] ? seats[seated].standin || null : null);
        const changed = mine(ctx.table.seats) !== mine(msg.seats);
        ctx.table.seats = msg.seats;
        // Our seat's stand-in came or went: the prompt changes too.
        if (ctx.state && changed && !history.frame) render();
        else if (ctx.state) {
          renderPlayers(ctx, view, takeSeat);
          clocks.tick();
        }
      }
      break;
    case "hint":
      hints.show(msg, ctx);
      break;
    case "status":
      // The server's storage failed (paused) or is back: play waits meanwhile.
      toast(msg.message);
      break;
    case "error":
      if (msg.code === "bad_token") {
        conn.refused = true;
        $("#prompt").replaceChildren(h("div", { class: "what" }, tr("seat-none")),
          h("div", { class: "hint" }, msg.message), h("a", { class: "btn", href: `/t/${tableId}` }, tr("seat-watch-instead")));
        $("#turn-text").textContent = tr("seat-not-seated");
      }
      if (msg.code === "hint_refused") hints.refused(msg.message);
      toast(msg.message);
      // A rule named in the refusal links to where "How to play" explains it.
      linkRules($("#toast"), game, ctx.table ? ctx.table.title : document.title, ctx.table ? ctx.table.edition : null);
      break;
    case "chat":
      chat.add(msg);
      break;
    case "rematch":
      if (rematch.started(msg.link)) return;
      renderFinal();
      toast(tr("rematch-started"), true);
      break;
    default:
      break;
  }
}

function drawLog() {
  renderLog(log, ctx.name, ctx.colour, (text) => (view.words ? view.words(text, ctx) : text), view.turnWord || tr("log-turn"));
  history.render(log);
}

function render() {
  const st = ctx.state;
  if (!st) return;
  closeChooser();
  if (view.render) view.render(ctx);
  markTargets();
  renderPrompt(ctx, view, () => { finalClosed = false; renderFinal(); });
  const me = ctx.table && ctx.you !== null ? ctx.table.seats[ctx.you] : null;
  if (me && me.standin && st.to_act.length) {
    // A stand-in plays our seat: the one thing to do is take it back.
    $("#prompt").replaceChildren(h("div", { class: "what" }, tr("standin-plays-seat", { bot: me.standin, name: ctx.name(ctx.you) })),
      h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "take-seat-prompt", onclick: takeSeat }, tr("standin-take-back"))));
  }
  renderPlayers(ctx, view, takeSeat);
  clocks.tick();
  history.render(log);
  hints.render(ctx);
  // While a stand-in plays our seat, its turns are not ours to play.
  const mine = st.actions.length > 0 && !(me && me.standin);
  const title = ctx.table ? ctx.table.title : "Boardroom";
  document.title = (mine ? `● ${tr("turn-yours")} · ` : "") + `Boardroom — ${title} — ` + (ctx.you === null ? tr("title-watching") : ctx.name(ctx.you));
  $("#turn-text").textContent = !st.to_act.length ? tr("turn-game-over") :
    mine ? tr("turn-yours") : tr("lobby-turn-to-play", { name: st.to_act.map(ctx.name).join(", "), turn: st.turn });
  announce(!st.to_act.length ? tr("turn-game-over") : mine ? tr("turn-yours") : "");
  renderFinal();
}

/** Tells screen readers (a polite live region) when the person's turn comes and when the game
 * ends; the words change only then, so each is said once. */
function announce(text) {
  const box = $("#announce");
  if (box && box.textContent !== text) box.textContent = text;
}

/** Marks every `[data-target]` the view drew: clickable when an action highlights it, and
 * `since` when an action since our last move concerned it. */
function markTargets() {
  const recent = ctx.replaying ? new Set() : since.targets();
  for (const el of document.querySelectorAll("[data-target]")) {
    const target = el.getAttribute("data-target");
    el.classList.toggle("since", recent.has(target));
    const acts = ctx.actionsAt(target);
    const legal = acts.length > 0;
    el.classList.toggle("legal", legal);
    const attempt = !legal && view.attempt ? view.attempt(target, ctx) : null;
    if (attempt) el.setAttribute("data-try", attempt);
    else el.removeAttribute("data-try");
    if (legal || attempt) {
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      const title = legal ? acts.map((a) => a.label + (a.effect ? ` (${a.effect})` : "")).join(" / ")
        : tr("attempt-title");
      if (el instanceof SVGElement) el.setAttribute("aria-label", title);
      else el.title = title;
    } else {
      el.removeAttribute("role");
      el.removeAttribute("tabindex");
    }
  }
}

function renderFinal() {
  const box = $("#final");
  if (history.frame) return;
  if (!renderScores(ctx)) {
    box.classList.remove("show");
    return;
  }
  rematch.render(ctx.you);
  if (!finalClosed) box.classList.add("show");
}

/** A click on the table: a button's action, a target's action (or a chooser), or an attempt. */
function activate(el, ev) {
  const act = el.getAttribute("data-act");
  if (act) {
    ctx.play(act);
    return;
  }
  const target = el.getAttribute("data-target");
  if (target) {
    const acts = ctx.actionsAt(target);
    if (acts.length === 1) ctx.play(acts[0].notation);
    else if (acts.length > 1) {
      const r = el.getBoundingClientRect();
      choose(acts, ev && ev.clientX ? ev.clientX : r.left, ev && ev.clientY ? ev.clientY : r.bottom);
    } else if (el.getAttribute("data-try")) ctx.play(el.getAttribute("data-try"));
  }
}

document.addEventListener("click", (ev) => {
  const el = ev.target.closest("[data-act], [data-target]");
  if (el && isOffline()) {
    ev.preventDefault();
    return;
  }
  if (!el) {
    if (!ev.target.closest("#chooser")) closeChooser();
    return;
  }
  ev.preventDefault();
  activate(el, ev);
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") closeChooser();
  if (ev.key !== "Enter" && ev.key !== " ") return;
  if (isOffline()) return;
  const el = ev.target.closest && ev.target.closest("[data-target]");
  if (el && el.tagName !== "BUTTON" && el.tagName !== "INPUT") {
    ev.preventDefault();
    activate(el, null);
  }
});
$("#share-btn").addEventListener("click", async () => {
  const link = location.origin + (ctx.table ? ctx.table.spectator_link : `/t/${tableId}`);
  try {
    await navigator.clipboard.writeText(link);
    toast(tr("share-copied", { link }), true);
  } catch {
    toast(tr("share-link", { link }), true);
  }
});
$("#final-replay").addEventListener("click", () => {
  finalClosed = true;
  $("#final").classList.remove("show");
  history.open(0);
});
$("#howto-btn").addEventListener("click", () =>
  openHowto(game, ctx.table ? ctx.table.title : document.title, ctx.table ? ctx.table.edition : null));
$("#final-close").addEventListener("click", () => {
  finalClosed = true;
  $("#final").classList.remove("show");
});

try {
  view = (await import(`/assets/games/${encodeURIComponent(game)}/view.js`)).default || {};
  if (view.mount) view.mount(ctx);
} catch (e) {
  toast(tr("view-failed", { reason: e.message }));
}
conn.connect();
