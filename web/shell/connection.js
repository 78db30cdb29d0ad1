// The WebSocket of a table: connecting with the link's token, reconnecting with back-off,
// sending, and acting on the current version (one action in flight at a time).
import { $ } from "./dom.js";
import { toast } from "./toast.js";
import { setOffline } from "./offline.js";

export class Connection {
  /** `onMessage(msg)` receives every server message. */
  constructor(tableId, token, onMessage) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.ws = null;
    this.retry = 0;
    this.refused = false; // a refused seat link: do not reconnect
    this.pending = false; // an action sent and not yet answered
    this.version = null; // the table version of the latest state
    setInterval(() => {
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.send({ type: "ping" });
    }, 25000);
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${proto}//${location.host}/ws/${encodeURIComponent(this.tableId)}` +
      (this.token ? `?k=${encodeURIComponent(this.token)}` : "");
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; setDot(true); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "welcome") setOffline(false);
      if (msg.type === "state") this.version = msg.version;
      if (msg.type === "state" || msg.type === "error") this.setPending(false);
      this.onMessage(msg);
    };
    ws.onclose = () => {
      setDot(false);
      this.setPending(false);
      if (this.refused) return;
      setOffline(true);
      const delay = Math.min(10000, 500 * 2 ** this.retry++);
      $("#turn-text").textContent = "Reconnecting…";
      setTimeout(() => this.connect(), delay);
    };
  }

  /** Sends a message; false (and a toast) when not connected. */
  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    toast("Not connected: reconnecting…");
    return false;
  }

  /** Plays the action written `notation` on the version last seen. */
  act(notation) {
    if (this.pending || this.version === null) return;
    if (this.send({ type: "act", action: notation, version: this.version })) this.setPending(true);
  }

  setPending(on) {
    this.pending = on;
    document.body.classList.toggle("pending", on);
  }
}

function setDot(on) {
  const d = $("#conn-dot");
  d.className = "dot " + (on ? "on" : "off");
  d.title = on ? "connected" : "disconnected";
}
