// A table's history for people: taking back a slip (within one's turn), downloading the game record
// of a finished game, and replaying it step by step with everything hidden shown.
import { $, h } from "./dom.js";
import { t as tr } from "./i18n.js";

export class History {
  /** `ctx` is the shell's context, `conn` the connection; `show(frame)` draws a replay frame
   * and `leave()` returns to the live table; `words(text)` writes a text as the game's view
   * would, `turnWord()` is what the game calls a turn (`Round` in a game played in rounds). */
  constructor(ctx, conn, tableId, token, show, leave, words = (text) => text, turnWord = () => tr("log-turn")) {
    this.ctx = ctx;
    this.conn = conn;
    this.tableId = tableId;
    this.token = token;
    this.show = show;
    this.leave = leave;
    this.words = words;
    this.turnWord = turnWord;
    this.frame = null; // the replay frame shown, while replaying
    this.seat = null; // whose view the replay shows (null: who played the step)
  }

  /** Whether our seat may take back its last action: the game running and the last action
   * (not taken back) ours; with other people at the table, only while it is still our turn.
   * The server decides (and says why not, e.g. after a card was drawn); this only shows the
   * button. */
  canUndo(log) {
    const { table, you, state } = this.ctx;
    if (you === null || !table || !state || !state.to_act.length) return false;
    const people = table.seats.some((s) => s.seat !== you && s.kind === "human");
    if (people && !state.to_act.includes(you)) return false;
    const last = [...log].reverse().find((e) => !e.undone);
    return !!last && last.seat === you;
  }

  /** The bar under the prompt: "Take back" while our last action may be taken back; once the game is over,
   * "Replay" and the record's download link. */
  render(log) {
    const bar = $("#history-bar");
    const st = this.ctx.state;
    const kids = [];
    if (st && !st.to_act.length) {
      const href = `/t/${encodeURIComponent(this.tableId)}/record` + (this.token ? `?k=${encodeURIComponent(this.token)}` : "");
      kids.push(h("button", { type: "button", id: "replay-btn", onclick: () => this.open(0) }, tr("table-replay-game")));
      kids.push(h("a", { class: "btn", id: "record-link", href, download: `boardroom-${this.tableId}.json` }, tr("replay-download")));
    } else if (this.canUndo(log)) {
      kids.push(h("button", { type: "button", id: "undo-btn", title: tr("undo-title"),
        onclick: () => this.conn.send({ type: "undo" }) }, tr("undo")));
    }
    bar.replaceChildren(...kids);
  }

  /** Opens the replay at `step`. */
  open(step) {
    this.conn.send({ type: "replay", step, seat: this.seat });
  }

  /** A replay frame arrived: draw it and the controls. */
  received(frame) {
    this.frame = frame;
    this.show(frame);
    this.controls();
  }

  /** The replay's controls: first, back, forward, last, a turn to jump to, whose view. */
  controls() {
    const f = this.frame;
    const bar = $("#replay-bar");
    bar.hidden = false;
    const go = (step) => this.open(Math.max(0, Math.min(f.steps, step)));
    const turn = h("select", { id: "replay-turn", "aria-label": tr("replay-jump"), onchange: (ev) => go(Number(ev.target.value)) },
      f.turns.map(([t, s]) => h("option", { value: s, selected: f.turn === t ? true : null }, `${this.turnWord()} ${t}`)));
    const seat = h("select", { id: "replay-seat", "aria-label": tr("replay-whose-view"), onchange: (ev) => { this.seat = Number(ev.target.value); go(f.step); } },
      (this.ctx.table ? this.ctx.table.seats : []).map((s) => h("option", { value: s.seat, selected: s.seat === f.seat ? true : null }, tr("replay-seat-view", { name: s.name }))));
    // The last action in words: its events, as the log writes them (its notation only as a
    // tooltip, for developers).
    const last = f.last ? (f.last.events.length ? f.last.events.map((e) => this.words(e.text)).join(" ")
      : `${f.last.seat === null || f.last.seat === undefined ? tr("log-the-clock") : this.ctx.name(f.last.seat)}: ${this.words(f.last.action)}`) : tr("replay-setup");
    bar.replaceChildren(
      h("button", { type: "button", id: "replay-first", title: tr("replay-start-title"), disabled: f.step === 0 ? true : null, onclick: () => go(0) }, tr("replay-start")),
      h("button", { type: "button", id: "replay-back", title: tr("replay-back"), disabled: f.step === 0 ? true : null, onclick: () => go(f.step - 1) }, "◀"),
      h("span", { class: "where", id: "replay-where" }, tr("replay-where", { step: f.step, steps: f.steps, turnword: this.turnWord().toLowerCase(), turn: f.turn })),
      h("button", { type: "button", id: "replay-forward", title: tr("replay-forward"), disabled: f.step === f.steps ? true : null, onclick: () => go(f.step + 1) }, "▶"),
      h("button", { type: "button", id: "replay-last", title: tr("replay-end-title"), disabled: f.step === f.steps ? true : null, onclick: () => go(f.steps) }, tr("replay-end")),
      turn, seat,
      h("button", { type: "button", id: "replay-close", onclick: () => this.close() }, tr("replay-close")),
      h("div", { class: "last", id: "replay-last-action", "data-notation": f.last ? f.last.action : null }, last));
  }

  /** Leaves the replay. */
  close() {
    this.frame = null;
    $("#replay-bar").hidden = true;
    this.leave();
  }
}
