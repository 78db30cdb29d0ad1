// The prompt: what the player is asked to do, one button per action that is not played by
// clicking the table (from the state's structured `actions`: label, cost, effect), what the
// game's view adds (e.g. a bid field), and the chooser for a target several actions share.
import { $, h } from "./dom.js";
import { formatMs } from "./clocks.js";
import { t as tr } from "./i18n.js";

/** A button playing `action` (data-act holds its notation, sent as it is). */
export function actionButton(action, extraClass = "") {
  const kids = [action.label];
  if (action.cost !== null && action.cost !== undefined) kids.push(` · ${action.cost}`);
  if (action.effect && action.effect !== String(action.cost)) kids.push(h("small", { class: "effect" }, action.effect));
  return h("button", { type: "button", class: "legal" + (extraClass ? " " + extraClass : ""), "data-act": action.notation,
    title: action.effect || null }, kids);
}

/** Draws the prompt box from `ctx.state` with the hooks of `view`. */
let timerTick = null;

/** The countdown of the soonest running timer that waits for you (`state.timers`), or null. */
function timerLine(st, you) {
  clearInterval(timerTick);
  const mine = (st.timers || []).filter((t) => t.seat === you && you !== null && you !== undefined);
  if (!mine.length) return null;
  const t = mine.reduce((a, b) => (a.ms_left <= b.ms_left ? a : b));
  const due = Date.now() + t.ms_left;
  const el = h("div", { class: "hint", id: "prompt-timer" }, "");
  const tick = () => {
    el.textContent = tr("prompt-time-left", { time: formatMs(due - Date.now()) });
  };
  tick();
  timerTick = setInterval(tick, 1000);
  return el;
}

export function renderPrompt(ctx, view, showScores) {
  const st = ctx.state;
  const box = $("#prompt");
  const mine = st.actions.length > 0;
  box.classList.toggle("mine", mine);
  let what;
  if (ctx.replaying) {
    // A step of the replay: whose turn it was then, not what the live table asks.
    what = st.to_act.length ? tr("prompt-replay-step", { names: st.to_act.map(ctx.name).join(", "), turn: st.turn })
      : tr("prompt-replay-ended");
  } else if (st.prompt) what = st.prompt;
  else if (!st.to_act.length) what = tr("prompt-over");
  else {
    const who = st.to_act.map((s) => {
      const seat = ctx.table && ctx.table.seats[s];
      return seat && seat.kind !== "human" ? tr("prompt-bot", { name: ctx.name(s) }) : ctx.name(s);
    }).join(", ");
    what = tr("prompt-waiting", { names: who });
  }
  // A replay step has no live hint (it would speak of the table as it is now).
  const hint = view.hint && !ctx.replaying ? view.hint(ctx) : "";
  const buttons = [];
  for (const a of st.actions) {
    if (view.button && !view.button(a, ctx)) continue;
    const b = actionButton(a);
    if (view.decorate) view.decorate(b, a, ctx);
    buttons.push(b);
  }
  const extras = view.promptExtras ? view.promptExtras(ctx) || [] : [];
  if (st.scores) {
    buttons.push(h("button", { type: "button", class: "primary", id: "show-scores", onclick: showScores }, tr("prompt-show-scores")));
  }
  box.replaceChildren(...[h("div", { class: "what", id: "prompt-text" }, what), timerLine(st, ctx.you),
    hint ? h("div", { class: "hint" }, hint) : null,
    ...extras, h("div", { class: "actions" }, buttons)].filter(Boolean));
}

/** Offers `actions` (sharing one target) as buttons in a small box by the clicked point. */
export function choose(actions, x, y) {
  closeChooser();
  const box = h("div", { class: "chooser panel", id: "chooser", role: "dialog", "aria-label": tr("chooser-label") },
    h("div", { class: "what" }, tr("chooser-which")),
    h("div", { class: "actions" }, actions.map((a) => actionButton(a)),
      h("button", { type: "button", class: "cancel", onclick: closeChooser }, tr("chooser-cancel"))));
  document.body.append(box);
  const r = box.getBoundingClientRect();
  box.style.left = `${Math.max(8, Math.min(x, window.innerWidth - r.width - 8))}px`;
  box.style.top = `${Math.max(8, Math.min(y, window.innerHeight - r.height - 8))}px`;
}

/** Closes the chooser, if open. */
export function closeChooser() {
  const old = document.getElementById("chooser");
  if (old) old.remove();
}
