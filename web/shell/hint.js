// The Hint button of the table: asks the server for the best few moves of your seat now
// (`{"type": "hint"}`), worked out by the same search as `boardroom hint` from what your seat
// may know, and lists them with their estimated win chances. Shown only where the table
// allows you hints (`welcome.hints`: your opponents are all bots, or the table's creator
// allowed them); an answer for an older state is dropped.
import { $, h } from "./dom.js";
import { t as tr } from "./i18n.js";

export class Hints {
  constructor(conn) {
    this.conn = conn;
    this.allowed = false;
    this.waiting = null; // the version asked about
    this.shown = null; // the version shown
    $("#hint-btn").addEventListener("click", () => this.ask());
  }

  /** After every state: the panel shows while you may act and hints are allowed. */
  render(ctx) {
    const st = ctx.state;
    const open = this.allowed && st && st.actions.length > 0;
    $("#hint-panel").hidden = !open;
    if (!st || this.shown !== st.version) {
      $("#hint-list").replaceChildren();
      this.shown = null;
    }
    if (this.waiting !== null && (!st || this.waiting !== st.version)) this.waiting = null;
    $("#hint-btn").disabled = this.waiting !== null;
    this.version = st ? st.version : null;
  }

  ask() {
    if (this.waiting !== null) return;
    this.waiting = this.version;
    $("#hint-btn").disabled = true;
    $("#hint-list").replaceChildren(h("li", { class: "empty" }, tr("hint-thinking")));
    this.conn.send({ type: "hint" });
  }

  /** A `hint` message: the moves, best first. */
  show(msg, ctx) {
    this.waiting = null;
    $("#hint-btn").disabled = false;
    if (msg.version !== this.version) return;
    this.shown = msg.version;
    const pct = (c) => (c === null || c === undefined ? tr("hint-not-tried") : tr("hint-win-chance", { percent: Math.round(100 * c) }));
    $("#hint-list").replaceChildren(...msg.moves.map((m) => {
      const known = ctx.actions.some((a) => a.notation === m.notation);
      return h("li", {},
        h("span", { class: "hint-move" }, m.label, m.effect ? h("small", { class: "effect" }, ` ${m.effect}`) : null),
        h("span", { class: "hint-chance" }, pct(m.win_chance)),
        known ? h("button", { type: "button", class: "legal", "data-act": m.notation, "aria-label": tr("hint-play-label", { action: m.label }) }, tr("hint-play")) : null);
    }));
  }

  /** A refusal of the hint (`hint_refused`): shown in the list. */
  refused(message) {
    this.waiting = null;
    $("#hint-btn").disabled = false;
    $("#hint-list").replaceChildren(h("li", { class: "empty" }, message));
  }
}
