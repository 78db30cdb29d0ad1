// The lobby's list of recently finished tables, with their winners (`GET /api/tables/finished`);
// a finished table's page offers its replay and its record.
import { $, h } from "./shell/dom.js";
import { t as tr, date } from "./shell/i18n.js";

async function refresh() {
  let list;
  try {
    list = await (await fetch("/api/tables/finished")).json();
  } catch {
    return;
  }
  const ul = $("#finished-list");
  if (!Array.isArray(list) || !list.length) {
    ul.replaceChildren(h("li", { class: "empty" }, tr("lobby-no-finished")));
    return;
  }
  ul.replaceChildren(...list.map((t) => h("li", { "data-table": t.id },
    h("span", { class: "info" }, `${t.title} · ${t.edition.replace(/-/g, " ")} · `, h("time", { class: "finished" }, date(t.finished * 1000)),
      ` · ${tr("lobby-action-count", { count: t.actions })} · ` +
      (t.winners.length ? tr("lobby-won-by", { names: t.winners.join(" & ") }) : tr("lobby-no-winner"))),
    h("a", { class: "btn", href: `/t/${t.id}` }, tr("lobby-replay")))));
}

refresh();
setInterval(refresh, 10000);
