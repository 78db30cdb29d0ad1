// "Tell me when it is my turn while I am away": the e-mail address or webhook URL (Discord,
// Slack, ntfy-style) this seat's person leaves. The server checks them, keeps them for this
// seat only, and sends them back to this seat's connections only (`notify`).
import { $, h } from "./dom.js";

export class AwayForm {
  /** `conn` is the table's connection. */
  constructor(conn) {
    this.conn = conn;
  }

  /** A `notify` message: what is left now, and whether the server sends e-mail. */
  show(msg) {
    const box = $("#away-panel");
    if (!box) return;
    box.hidden = false;
    const email = h("input", { id: "away-email", type: "email", autocomplete: "email", placeholder: "name@example.org",
      "aria-label": "E-mail address", value: msg.email || "", disabled: msg.email_enabled ? null : true });
    const hook = h("input", { id: "away-webhook", type: "url", placeholder: "https://… (Discord, Slack, ntfy)",
      "aria-label": "Webhook URL", value: msg.webhook || "" });
    const left = [msg.email, msg.webhook].filter(Boolean);
    const status = left.length ? `You will be told at: ${left.join(", ")}` : "Nothing left: you are not told while away.";
    const form = h("form", { id: "away-form", class: "away-form", autocomplete: "off" },
      h("label", {}, "E-mail ", email),
      msg.email_enabled ? null : h("div", { class: "hint" }, "This server sends no e-mail."),
      h("label", {}, "Webhook ", hook),
      h("div", { class: "buttons" },
        h("button", { type: "submit", id: "away-save" }, "Save"),
        h("button", { type: "button", id: "away-remove", disabled: left.length ? null : true,
          onclick: () => this.conn.send({ type: "notify" }) }, "Remove")),
      h("div", { class: "hint", id: "away-status", role: "status" }, status));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.conn.send({ type: "notify", email: email.value.trim() || null, webhook: hook.value.trim() || null });
    });
    box.replaceChildren(h("h2", {}, "Your turn while away"),
      h("div", { class: "hint" }, "Told once per turn when you have not been on this page for a minute; only you see these."),
      form);
  }
}
