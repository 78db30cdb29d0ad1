// The page's words: the same Fluent files the server reads (GET /api/messages/<lang>: the
// shell's and every game's messages), formatted by the vendored @fluent/bundle. The language
// is the one the server chose for the page (<html lang>: the `lang` cookie, else the
// browser's Accept-Language); the language menu (#lang-select) sets the cookie (and, signed in,
// the account's language: POST /api/account/lang) and reloads. A
// message the language lacks is shown in English and logged once; the pseudo-locale wraps
// every message in ⟦…⟧ and lengthens it, as the server's does (crates/i18n/src/pseudo.rs).
import { FluentBundle, FluentResource } from "../vendor/fluent-bundle/index.js";

/** The pseudo-locale's tag. */
export const PSEUDO = "en-XA";

/** The page's language, e.g. `de`. */
export const lang = document.documentElement.lang || "en";

const LONGER = 0.4;
const ACCENTS = { a: "á", e: "é", i: "í", o: "ó", u: "ú", A: "Á", E: "É", I: "Í", O: "Ó", U: "Ú" };

/** One text element in the pseudo-locale: vowels accented, about 40 % longer. */
export function pseudoText(text) {
  if (!/[\p{L}\p{N}]/u.test(text)) return text;
  const accented = Array.from(text, (c) => ACCENTS[c] || c).join("");
  return accented + "·".repeat(Math.ceil(Array.from(text).length * LONGER));
}

async function load(tag) {
  const bundle = new FluentBundle(tag === PSEUDO ? "en" : tag, {
    useIsolating: false,
    transform: tag === PSEUDO ? pseudoText : (s) => s,
  });
  try {
    const res = await fetch(`/api/messages/${encodeURIComponent(tag)}`);
    if (res.ok) {
      for (const e of bundle.addResource(new FluentResource(await res.text()))) {
        console.warn(`messages (${tag}):`, e);
      }
    } else {
      console.warn(`no messages for ${tag}: ${res.status}`);
    }
  } catch (e) {
    console.warn(`messages for ${tag} not loaded:`, e);
  }
  return bundle;
}

const english = await load("en");
const chosen = lang === "en" ? null : await load(lang);
const warned = new Set();

function warnOnce(tag, id) {
  const key = `${tag} ${id}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`message ${id} missing in ${tag}: ${tag === "en" ? "nothing" : "English"} shown`);
}

function format(bundle, id, attr, args) {
  const message = bundle.getMessage(id);
  const pattern = message && (attr ? message.attributes[attr] : message.value);
  if (!pattern) return null;
  const errors = [];
  const text = bundle.formatPattern(pattern, args || null, errors);
  for (const e of errors) console.warn(`message ${id}:`, e);
  return text;
}

/**
 * Message `id` (or its attribute `attr` when `id` is `message.attr`) in the page's language
 * with `args` (numbers for plurals, texts); English when the language lacks it.
 */
export function t(id, args) {
  const [name, attr] = id.split(".");
  if (chosen) {
    const text = format(chosen, name, attr, args);
    if (text !== null) return lang === PSEUDO ? `⟦${text}⟧` : text;
    warnOnce(lang, id);
  }
  const text = format(english, name, attr, args);
  if (text !== null) return text;
  warnOnce("en", id);
  return "…";
}

/** Whether message `id` exists (in the page's language or in English). */
export function has(id) {
  return Boolean((chosen && chosen.getMessage(id)) || english.getMessage(id));
}

/** The locale that numbers and dates are written in: the page's language (the pseudo-locale's
 * is English's). */
const locale = lang === PSEUDO ? "en" : lang;

/** A number as the page's language writes it (e.g. `1.250` in German). */
export function number(n) {
  return new Intl.NumberFormat(locale).format(n);
}

/** A day (milliseconds since the epoch) as the page's language writes dates (`7 Dec 2026`,
 * `07.12.2026`). */
export function date(ms) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(ms));
}

/** A time of day (milliseconds since the epoch) as the page's language writes it (`09:41`). */
export function time(ms) {
  return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(new Date(ms));
}

const menu = document.getElementById("lang-select");
if (menu) {
  menu.addEventListener("change", async () => {
    document.cookie = `lang=${encodeURIComponent(menu.value)}; path=/; max-age=31536000; samesite=lax`;
    // Signed in, the account keeps the choice too (for its other browsers and its e-mails).
    await fetch("/api/account/lang", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lang: menu.value }),
    }).catch(() => {});
    location.reload();
  });
}
