// The connection to a table, shared by the table pages of every game: the WebSocket (with
// reconnection), sending actions, and the message box. Each page script defines the globals
// these functions use: `S` (the page state), `tableId`, `token`, `$` and `onMessage`.
"use strict";

function toast(text, info) {
  const t = $("#toast");
  t.textContent = text;
  t.className = "toast show" + (info ? " info" : "");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.className = "toast"), info ? 2500 : 6000);
}

// ---------- Connection ----------

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${proto}//${location.host}/ws/${encodeURIComponent(tableId)}` + (token ? `?k=${encodeURIComponent(token)}` : "");
  const ws = new WebSocket(url);
  S.ws = ws;
  ws.onopen = () => { S.retry = 0; setDot(true); };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    onMessage(msg);
  };
  ws.onclose = () => {
    setDot(false);
    S.pending = false;
    if (S.refused) return;
    const delay = Math.min(10000, 500 * 2 ** S.retry++);
    $("#turn-text").textContent = "Reconnecting…";
    setTimeout(connect, delay);
  };
}

function setDot(on) {
  const d = $("#conn-dot");
  d.className = "dot " + (on ? "on" : "off");
  d.title = on ? "connected" : "disconnected";
}

function send(obj) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) {
    S.ws.send(JSON.stringify(obj));
    return true;
  }
  toast("Not connected: reconnecting…");
  return false;
}

function play(action) {
  if (S.pending || !S.state) return;
  if (send({ type: "act", action, version: S.state.version })) {
    S.pending = true;
    document.body.classList.add("pending");
  }
}
