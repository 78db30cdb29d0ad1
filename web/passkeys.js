// Passkeys in the lobby's account panel: signing in with one (the browser offers the passkeys
// it holds for this site, so nothing is typed), and, signed in, the account's passkeys listed
// (name, when added and last used) with "Add a passkey" and "Remove". Each ceremony is two
// requests: the server's options for navigator.credentials, then the browser's answer. Bytes
// travel as base64url text both ways.
import { $, h as el } from "./shell/dom.js";
import { toast } from "./shell/toast.js";
import { t as tr, date } from "./shell/i18n.js";

/** Whether this browser can make and use passkeys at all. */
export const supported = !!(window.PublicKeyCredential && navigator.credentials && navigator.credentials.create);

/** Whether passkeys work on this page: the browser has them, the server offers them, and the
 * page is at their relying party's host (or below it), as browsers demand. */
let here = false;

/** POSTs `body` as JSON to `path`: the answer's JSON, or an error carrying its message. */
async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(answer.error || `the server answered ${r.status}`);
  return answer;
}

/** base64url text (no padding) as bytes. */
function bytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Bytes (an ArrayBuffer) as base64url text without padding. */
function text(buffer) {
  let s = "";
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What went wrong in the browser, in the reader's words: cancelled (or timed out), a passkey
 * this device holds already, or the browser's own message. */
function failure(e) {
  if (e && e.name === "NotAllowedError") return tr("passkey-cancelled");
  if (e && e.name === "InvalidStateError") return tr("passkey-known");
  return tr("passkey-failed", { reason: (e && e.message) || String(e) });
}

/** Signs in with a passkey: the server's answer (the account), or null when it did not. */
async function signIn() {
  let begun;
  try {
    begun = await post("/api/account/passkey/signin", {});
  } catch (e) {
    toast(e.message);
    return null;
  }
  const options = begun.options.publicKey;
  options.challenge = bytes(options.challenge);
  for (const c of options.allowCredentials || []) c.id = bytes(c.id);
  let made;
  try {
    made = await navigator.credentials.get({ publicKey: options });
  } catch (e) {
    toast(failure(e));
    return null;
  }
  if (!made) return null;
  const r = made.response;
  const credential = {
    id: made.id,
    rawId: text(made.rawId),
    type: made.type,
    response: {
      authenticatorData: text(r.authenticatorData),
      clientDataJSON: text(r.clientDataJSON),
      signature: text(r.signature),
      userHandle: r.userHandle ? text(r.userHandle) : null,
    },
    extensions: {},
  };
  try {
    return await post("/api/account/passkey/signin/finish", { ceremony: begun.ceremony, credential });
  } catch (e) {
    toast(e.message);
    return null;
  }
}

/** Adds a passkey named as typed to the account signed in. */
async function add() {
  let begun;
  try {
    begun = await post("/api/account/passkey/register", {});
  } catch (e) {
    toast(e.message);
    return;
  }
  const options = begun.options.publicKey;
  options.challenge = bytes(options.challenge);
  options.user.id = bytes(options.user.id);
  for (const c of options.excludeCredentials || []) c.id = bytes(c.id);
  let made;
  try {
    made = await navigator.credentials.create({ publicKey: options });
  } catch (e) {
    toast(failure(e));
    return;
  }
  if (!made) return;
  const credential = {
    id: made.id,
    rawId: text(made.rawId),
    type: made.type,
    response: {
      attestationObject: text(made.response.attestationObject),
      clientDataJSON: text(made.response.clientDataJSON),
    },
    extensions: {},
  };
  try {
    await post("/api/account/passkey/register/finish", { ceremony: begun.ceremony, name: $("#passkey-name").value, credential });
    $("#passkey-name").value = "";
    toast(tr("passkey-added"), true);
    refreshPasskeys();
  } catch (e) {
    toast(e.message);
  }
}

/** One passkey of the list: its name, when it was added and last used, and "Remove". */
function row(p) {
  const remove = async () => {
    try {
      await post("/api/account/passkey/remove", { id: p.id });
      refreshPasskeys();
    } catch (e) {
      toast(e.message);
    }
  };
  return el("li", { class: "my-table", "data-passkey": p.id },
    el("span", { class: "info" }, el("strong", { class: "passkey-name" }, p.name), " · ",
      tr("passkey-added-on", { date: date(p.created) }), " · ",
      p.last_used ? tr("passkey-used-on", { date: date(p.last_used) }) : tr("passkey-never-used")),
    el("button", { type: "button", class: "btn", "data-remove-passkey": p.id, onclick: remove }, tr("passkey-remove")));
}

/** Lists the account's passkeys (the panel stays hidden when the server or browser offers none). */
export async function refreshPasskeys() {
  const r = await fetch("/api/account/passkeys");
  if (!r.ok) return;
  const { available, passkeys } = await r.json();
  $("#passkeys").hidden = !available || !here;
  $("#passkey-list").replaceChildren(...passkeys.map(row));
  $("#passkey-none").hidden = passkeys.length > 0;
}

/** Shows "Sign in with a passkey" where passkeys work (`rp`: the relying party id the server
 * names, null when it offers none), calling `signedIn` with the server's answer once it signed
 * in. */
export function setUpPasskeys(rp, signedIn) {
  const host = location.hostname;
  here = supported && !!rp && (host === rp || host.endsWith(`.${rp}`));
  $("#passkey-signin").hidden = !here;
  if (setUpPasskeys.done) return;
  setUpPasskeys.done = true;
  $("#passkey-signin-button").addEventListener("click", async () => {
    const answer = await signIn();
    if (answer) signedIn(answer);
  });
  $("#passkey-add").addEventListener("click", add);
}
