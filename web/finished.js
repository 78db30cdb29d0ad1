// The lobby's list of recently finished tables, with their winners (`GET /api/tables/finished`);
// a finished table's page offers its replay and its record.
import { $, h } from "./shell/dom.js";

async function refresh() {
  let list;
  try {
    list = await (await fetch("/api/tables/finished")).json();
  } catch {
    return;
  }
  const ul = $("#finished-list");
  if (!Array.isArray(list) || !list.length) {
    ul.replaceChildren(h("li", { class: "empty" }, "No finished tables yet."));
    return;
  }
  ul.replaceChildren(...list.map((t) => h("li", { "data-table": t.id },
    h("span", { class: "info" }, `${t.title} · ${t.edition.replace(/-/g, " ")} · ${t.actions} actions · ` +
      (t.winners.length ? `won by ${t.winners.join(" and ")}` : "no winner")),
    h("a", { class: "btn", href: `/t/${t.id}` }, "Replay"))));
}

refresh();
setInterval(refresh, 10000);
