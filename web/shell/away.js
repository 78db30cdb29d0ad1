// "Tell me when it is my turn while I am away": the e-mail address or webhook URL (Discord,
// Slack, ntfy-style) this seat's person leaves. The server checks them, keeps them for this
// seat only, and sends them back to this seat's connections only (`notify`).
import { $, h } from "./dom.js";
import { t as tr } from "./i18n.js";

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
    const email = h("input", { id: "away-email", type: "email", autocomplete: "email", placeholder: tr("away-email-placeholder"),
      "aria-label": tr("away-email-label"), value: msg.email || "", disabled: msg.email_enabled ? null : true });
    const hook = h("input", { id: "away-webhook", type: "url", placeholder: tr("away-webhook-placeholder"),
      "aria-label": tr("away-webhook-url"), value: msg.webhook || "" });
    const left = [msg.email, msg.webhook].filter(Boolean);
    const status = left.length ? tr("away-told-at", { places: left.join(", ") }) : tr("away-nothing");
    const form = h("form", { id: "away-form", class: "away-form", autocomplete: "off" },
      h("label", {}, tr("away-email"), " ", email),
      msg.email_enabled ? null : h("div", { class: "hint" }, tr("away-no-email")),
      h("label", {}, tr("away-webhook"), " ", hook),
      h("div", { class: "buttons" },
        h("button", { type: "submit", id: "away-save" }, tr("away-save")),
        h("button", { type: "button", id: "away-remove", disabled: left.length ? null : true,
          onclick: () => this.conn.send({ type: "notify" }) }, tr("away-remove"))),
      h("div", { class: "hint", id: "away-status", role: "status" }, status));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.conn.send({ type: "notify", email: email.value.trim() || null, webhook: hook.value.trim() || null });
    });
    box.replaceChildren(h("h2", {}, tr("table-away-label")),
      h("div", { class: "hint" }, tr("away-hint")),
      form);
  }
}
