// The WebSocket of a table: connecting with the link's token, reconnecting with back-off,
// sending, and acting on the current version (one action in flight at a time).
import { $ } from "./dom.js";
import { toast } from "./toast.js";
import { setOffline } from "./offline.js";
import { t as tr } from "./i18n.js";

/** The close code of a table that moved to another instance (`conn::MOVED` on the server). */
const MOVED = 4010;

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
    this.state = null; // the latest state, as sent (never handed out: patches apply to it)
    this.patches = 0; // patches applied (shown on the page for tests)
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
      if (msg.type === "patch") {
        msg = this.patched(msg);
        if (!msg) return;
      }
      if (msg.type === "state") {
        this.state = msg;
        this.version = msg.version;
        msg = structuredClone(msg);
      }
      if (msg.type === "state" || msg.type === "error") this.setPending(false);
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      setDot(false);
      this.setPending(false);
      if (this.refused) return;
      setOffline(true);
      // 4010: the table moved to another instance (its server is stopping, or sharing its
      // tables out): it is served again at once, so reconnect without backing off.
      if (ev.code === MOVED) this.retry = 0;
      const delay = ev.code === MOVED ? 100 : Math.min(10000, 500 * 2 ** this.retry++);
      $("#turn-text").textContent = tr("conn-reconnecting");
      setTimeout(() => this.connect(), delay);
    };
  }

  /**
   * The state a `patch` makes from the state held, or null when it does not apply to it (a
   * message lost, or the page out of step): the whole state is asked for again.
   */
  patched(msg) {
    let next = null;
    if (this.state && this.state.rev === msg.base) {
      try {
        next = applyPatch(structuredClone(this.state), msg.ops);
      } catch {
        next = null;
      }
    }
    if (!next || next.rev !== msg.rev || next.version !== msg.version) {
      this.send({ type: "sync" });
      return null;
    }
    this.patches += 1;
    document.body.dataset.patches = String(this.patches);
    next.seq = msg.seq;
    return next;
  }

  /** Sends a message; false (and a toast) when not connected. */
  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    toast(tr("conn-not-connected"));
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

/**
 * Applies a JSON Patch (RFC 6902: `add`, `remove`, `replace`, as the server writes them) to
 * `doc` and returns the result; throws on an operation that does not fit.
 */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    if (op.path === "") {
      if (op.op === "remove") throw new Error("cannot remove the whole state");
      doc = op.value;
      continue;
    }
    const keys = op.path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop();
    let parent = doc;
    for (const k of keys) {
      if (parent === null || typeof parent !== "object" || !Object.hasOwn(parent, k)) {
        throw new Error(`no value at ${op.path}`);
      }
      parent = parent[k];
    }
    if (Array.isArray(parent)) {
      const i = Number(last);
      const bound = op.op === "add" ? parent.length : parent.length - 1;
      if (!/^\d+$/.test(last) || i > bound) throw new Error(`no index ${op.path}`);
      if (op.op === "add") parent.splice(i, 0, op.value);
      else if (op.op === "remove") parent.splice(i, 1);
      else parent[i] = op.value;
    } else if (parent !== null && typeof parent === "object") {
      if (op.op !== "add" && !Object.hasOwn(parent, last)) throw new Error(`no value at ${op.path}`);
      if (op.op === "remove") delete parent[last];
      else parent[last] = op.value;
    } else {
      throw new Error(`no value at ${op.path}`);
    }
  }
  return doc;
}

function setDot(on) {
  const d = $("#conn-dot");
  d.className = "dot " + (on ? "on" : "off");
  d.title = tr(on ? "conn-connected" : "conn-disconnected");
}
