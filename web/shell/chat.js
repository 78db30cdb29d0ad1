// The chat of a table: seated players and spectators write short lines; the server stores
// each line and sends it to everyone. Lines are shown as text (never as HTML).
import { $, h } from "./dom.js";
import { time } from "./i18n.js";

const SHOWN = 200;

export class ChatBox {
  /** `conn` sends the lines; `colour(seat)` colours a writer's name. */
  constructor(conn, colour) {
    this.conn = conn;
    this.colour = colour;
    this.sent = null; // the text last sent, cleared from the input once it comes back
    $("#chat-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("#chat-input");
      const text = input.value;
      if (!text.trim()) return;
      if (this.conn.send({ type: "chat", text })) this.sent = text;
    });
  }

  /** The recent lines sent on connecting (`welcome.chat`). */
  history(lines) {
    $("#chat-log").replaceChildren(...(lines || []).slice(-SHOWN).map((l) => this.line(l)));
    this.scroll();
  }

  /** A new line (`chat` message). */
  add(line) {
    const log = $("#chat-log");
    log.append(this.line(line));
    while (log.children.length > SHOWN) log.firstChild.remove();
    const input = $("#chat-input");
    if (this.sent !== null && line.text === this.sent && input.value === this.sent) {
      input.value = "";
      this.sent = null;
    }
    this.scroll();
  }

  line(l) {
    const when = time(l.at * 1000);
    const who = h("span", { class: "who" }, l.name);
    if (l.seat !== null && l.seat !== undefined) who.style.color = this.colour(l.seat);
    return h("li", { "data-index": l.index }, h("span", { class: "when" }, when), " ", who, " ",
      h("span", { class: "text" }, l.text));
  }

  scroll() {
    const log = $("#chat-log");
    log.scrollTop = log.scrollHeight;
  }
}
