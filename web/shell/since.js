// "Since your last move": when a seat's page opens (or comes back), the server sends what
// happened since its person last acted — the actions as sentences (a stand-in's moves in the
// person's place among them, marked), what changed in each seat's holdings in the game's words
// — and the targets those actions concern, which the shell marks `since` on the board (views
// may also read `ctx.since`). It stays until dismissed or until we act ourselves.
import { $, h } from "./dom.js";
import { t as tr } from "./i18n.js";

export class SinceView {
  /** `ctx` is the shell's context; `words(text)` writes a text as the game's view would. */
  constructor(ctx, words) {
    this.ctx = ctx;
    this.words = words;
    this.msg = null;
  }

  /** The targets to mark, as a set. */
  targets() {
    return new Set(this.msg ? this.msg.highlights : []);
  }

  /** A `since` message arrived. */
  show(msg) {
    this.msg = msg.entries.length || msg.changes.length ? msg : null;
    this.draw();
  }

  /** Dismissed, or we acted: nothing to show any more. */
  clear() {
    if (!this.msg) return;
    this.msg = null;
    this.draw();
  }

  draw() {
    const box = $("#since-panel");
    if (!box) return;
    const m = this.msg;
    box.hidden = !m;
    if (!m) {
      box.replaceChildren();
      return;
    }
    const { name, colour } = this.ctx;
    const lines = [];
    for (const e of m.entries) {
      const clock = e.by === "clock" && (e.seat === null || e.seat === undefined);
      const who = clock ? tr("log-the-clock") : name(e.seat);
      const style = clock ? null : `border-left-color:${colour(e.seat)}`;
      const texts = e.events.length ? e.events.map((x) => this.words(x.text)) : [[h("span", { class: "seat-name" }, who), ": ", h("span", { class: "notation", translate: "no" }, this.words(e.action))]];
      const by = clock ? null : playedFor(e, this.ctx.you, name);
      const attrs = { style, "data-by": e.by || null };
      if (by) attrs.class = "standin";
      lines.push(h("li", attrs, texts.map((t) => h("div", {}, t)), by ? h("div", { class: "since-by" }, by) : null));
    }
    const changes = m.changes.map((row) =>
      h("li", { "data-seat": row.seat },
        h("strong", {}, row.name), ": ",
        row.cells.map(([what, before, now]) => `${what}: ${before} → ${now}`).join("; ")));
    // Only nodes: `replaceChildren` would write a null as the text "null".
    box.replaceChildren(...[
      h("h2", {}, tr("since-title")),
      // Focusable, so a keyboard can scroll a long list.
      h("ol", { class: "since-log", id: "since-log", tabindex: "0", "aria-label": tr("since-moves") }, lines),
      changes.length ? h("ul", { class: "since-changes", id: "since-changes", "aria-label": tr("since-changes") }, changes) : null,
      h("button", { type: "button", id: "since-close", onclick: () => { this.clear(); this.ctx.render(); } }, tr("since-close")),
    ].filter(Boolean));
  }
}

/** Who played a seat's move in its person's place, in words (the stand-in, the first time
 * because the seat's time ran out), or null for the person's own move. */
function playedFor(e, you, name) {
  if (e.by !== "standin" && e.by !== "clock") return null;
  const timeout = e.by === "clock";
  if (e.seat === you) return tr(timeout ? "since-for-you-timeout" : "since-for-you");
  return tr(timeout ? "since-for-other-timeout" : "since-for-other", { name: name(e.seat) });
}
