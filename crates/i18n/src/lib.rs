//! # boardroom-i18n
//!
//! Every word a person reads, in every language Boardroom speaks, through
//! [Fluent](https://projectfluent.org). Messages live in `.ftl` files beside their owners: the
//! shell's (lobby, table page, server) in `web/locales/<lang>/`, each game's in its crate's
//! `locales/<lang>/`. This crate knows no owner: it is given [`Source`]s, builds one
//! [`Catalog`] of them, and answers:
//!
//! - which language a person gets ([`Catalog::choose`]: an explicit choice, else the browser's
//!   `Accept-Language`, else English);
//! - a message in that language ([`Catalog::message`]), falling back to English when the
//!   language lacks it (logged once per language and id), and never answering with an id;
//! - the `.ftl` text of a language ([`Catalog::ftl`]), which the page reads with the same
//!   Fluent syntax (one source of truth for the page and the program);
//! - whether every language has every message with the same variables ([`Catalog::check`]).
//!
//! Numbers in messages are written as the language writes them ([`number`]: `1,200` in
//! English, `1.200` in German), as the page's `Intl.NumberFormat` writes them.
//!
//! The pseudo-locale [`PSEUDO`] is English with every message wrapped in `⟦…⟧` and about 40 %
//! longer ([`pseudo`]): a page rendered in it shows at a glance any word that did not come from
//! a message, and any layout that a longer language would break.
//!
//! ```
//! use boardroom_i18n::{Catalog, Source};
//!
//! let catalog = Catalog::new(&[
//!     Source { lang: "en", name: "demo", ftl: "seats = { $count ->\n    [one] one seat\n   *[other] { $count } seats\n}\n" },
//!     Source { lang: "de", name: "demo", ftl: "seats = { $count ->\n    [one] ein Platz\n   *[other] { $count } Plätze\n}\n" },
//! ])
//! .unwrap();
//! assert_eq!(catalog.message("de", "seats", &[("count", 3.into())]), "3 Plätze");
//! assert_eq!(catalog.message("en", "seats", &[("count", 1.into())]), "one seat");
//! assert_eq!(catalog.choose(None, Some("de-AT,de;q=0.9,en;q=0.5")), "de");
//! assert!(catalog.check().is_empty());
//! ```

mod check;
mod number;
mod pseudo;

pub use check::Problem;
pub use number::{format_number, grouped, separators, Separators};
pub use pseudo::{pseudo, pseudo_text};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::sync::Mutex;
use unic_langid::LanguageIdentifier;

/// The language every message exists in, and the one a missing message falls back to.
pub const ENGLISH: &str = "en";

/// The pseudo-locale: English wrapped in `⟦…⟧` and lengthened, for finding untranslated text
/// and layouts that break with longer words. Chosen only explicitly, never from a browser's
/// `Accept-Language`.
pub const PSEUDO: &str = "en-XA";

/// One `.ftl` file: the messages of one owner (the shell, a game) in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    /// Its language, e.g. `de`.
    pub lang: &'static str,
    /// Its owner, `shell` or a game's id, for error messages and checks.
    pub name: &'static str,
    /// Its Fluent text.
    pub ftl: &'static str,
}

/// An argument of a message: a number (for plurals and number formatting), a text, or another
/// message (formatted in the same language first, e.g. the reason inside a refusal).
#[derive(Clone, Debug)]
pub enum Arg {
    /// A number, formatted and chosen plurals by for the language.
    Number(f64),
    /// A text, inserted as it is.
    Text(String),
    /// A message, inserted in the language of the message it is an argument of.
    Message(Box<Message>),
}

impl PartialEq for Arg {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            // Bitwise, so that equality is an equivalence (and `Arg` may be `Eq`).
            (Arg::Number(a), Arg::Number(b)) => a.to_bits() == b.to_bits(),
            (Arg::Text(a), Arg::Text(b)) => a == b,
            (Arg::Message(a), Arg::Message(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Arg {}

impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::Number(f64::from(n))
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Self {
        Arg::Number(f64::from(n))
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Self {
        Arg::Message(Box::new(m))
    }
}

/// A message not yet in any language: its id and its arguments. Games keep these in what
/// they report (a refusal's reason), so that each reader gets it in their own language
/// ([`Catalog::format`]); the record and the notation never hold one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message's id.
    pub id: &'static str,
    /// Its arguments, by name.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// Message `id` without arguments.
    pub fn new(id: &'static str) -> Self {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// This message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Number(n as f64)
    }
}

impl From<i32> for Arg {
    fn from(n: i32) -> Self {
        Arg::Number(f64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Number(n as f64)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}

/// A catalogue that could not be built: a file that does not parse, or two files of one
/// language that define the same message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogError {
    /// What is wrong, naming the language and the file.
    pub reason: String,
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for CatalogError {}

struct Language {
    bundle: FluentBundle<FluentResource>,
    sources: Vec<Source>,
}

/// Every message of every language Boardroom speaks (see the crate's documentation).
pub struct Catalog {
    languages: BTreeMap<&'static str, Language>,
    /// The (language, id) pairs already logged as missing: each is logged once.
    warned: Mutex<HashSet<(String, String)>>,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field("languages", &self.languages.keys().collect::<Vec<_>>())
            .finish()
    }
}

fn bundle_for(lang: &str) -> Result<FluentBundle<FluentResource>, CatalogError> {
    let id: LanguageIdentifier = lang.parse().map_err(|_| CatalogError {
        reason: format!("`{lang}` is not a language tag"),
    })?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks would reach the terminal, e-mails and comparisons as invisible
    // characters; no language here is written right to left.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(number::formatter(lang)));
    // NUMBER(), as the page's Fluent has it.
    bundle.add_builtins().map_err(|e| CatalogError {
        reason: format!("Fluent's built-in functions: {e}"),
    })?;
    Ok(bundle)
}

impl Catalog {
    /// A catalogue of `sources`; English must be among them, and the pseudo-locale is made
    /// from English.
    pub fn new(sources: &[Source]) -> Result<Catalog, CatalogError> {
        let mut languages: BTreeMap<&'static str, Language> = BTreeMap::new();
        let pseudo_sources: Vec<Source> = sources
            .iter()
            .filter(|s| s.lang == ENGLISH)
            .map(|s| Source { lang: PSEUDO, ..*s })
            .collect();
        for source in sources.iter().chain(&pseudo_sources) {
            let language = match languages.entry(source.lang) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    let mut bundle = bundle_for(source.lang)?;
                    if source.lang == PSEUDO {
                        bundle.set_transform(Some(pseudo_text));
                    }
                    e.insert(Language {
                        bundle,
                        sources: Vec::new(),
                    })
                }
            };
            let resource =
                FluentResource::try_new(source.ftl.to_string()).map_err(|(_, errors)| {
                    CatalogError {
                        reason: format!(
                            "{}/{}.ftl does not parse: {:?}",
                            source.lang,
                            source.name,
                            errors.first()
                        ),
                    }
                })?;
            language
                .bundle
                .add_resource(resource)
                .map_err(|errors| CatalogError {
                    reason: format!(
                        "{}/{}.ftl defines a message again: {:?}",
                        source.lang,
                        source.name,
                        errors.first()
                    ),
                })?;
            language.sources.push(*source);
        }
        if !languages.contains_key(ENGLISH) {
            return Err(CatalogError {
                reason: "the catalogue has no English messages".to_string(),
            });
        }
        Ok(Catalog {
            languages,
            warned: Mutex::new(HashSet::new()),
        })
    }

    /// The languages a person may choose, English first (the pseudo-locale is not among them).
    pub fn languages(&self) -> Vec<&'static str> {
        let mut langs: Vec<&'static str> = self
            .languages
            .keys()
            .copied()
            .filter(|l| *l != PSEUDO)
            .collect();
        langs.sort_by_key(|l| (*l != ENGLISH, *l));
        langs
    }

    /// Whether `lang` is a language of the catalogue (the pseudo-locale included).
    pub fn has_language(&self, lang: &str) -> bool {
        self.languages.contains_key(lang)
    }

    /// The language a person gets: `chosen` (a cookie, a flag) when the catalogue has it, else
    /// the best of the browser's `Accept-Language` header, else English.
    pub fn choose(&self, chosen: Option<&str>, accept_language: Option<&str>) -> &'static str {
        if let Some(lang) = chosen.and_then(|c| self.languages.get_key_value(c.trim())) {
            return lang.0;
        }
        let available: Vec<LanguageIdentifier> = self
            .languages()
            .iter()
            .filter_map(|l| l.parse().ok())
            .collect();
        let requested = fluent_langneg::accepted_languages::parse(accept_language.unwrap_or(""));
        let best = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        best.first()
            .and_then(|id| {
                let tag = id.to_string();
                self.languages.keys().copied().find(|l| *l == tag)
            })
            .unwrap_or(ENGLISH)
    }

    /// Message `id` in `lang`, with `args`. A language that lacks it gives the English one
    /// (and the first time, a warning in the log); a message English lacks too gives its id
    /// in words of English ("(missing text: id)") so that a page never shows a bare id.
    /// Arguments that are messages are formatted in `lang` first.
    pub fn message(&self, lang: &str, id: &str, args: &[(&str, Arg)]) -> String {
        let nested: Vec<(&str, Arg)>;
        let args = if args.iter().any(|(_, a)| matches!(a, Arg::Message(_))) {
            nested = args
                .iter()
                .map(|(name, arg)| match arg {
                    Arg::Message(m) => (*name, Arg::Text(self.format(lang, m))),
                    other => (*name, other.clone()),
                })
                .collect();
            &nested
        } else {
            args
        };
        let fluent_args = to_fluent(args);
        if let Some(text) = self.format_in(lang, id, &fluent_args) {
            return text;
        }
        self.warn_once(lang, id);
        if let Some(text) = self.format_in(ENGLISH, id, &fluent_args) {
            return text;
        }
        format!("(missing text: {id})")
    }

    /// `message` in `lang` (see [`Catalog::message`]).
    pub fn format(&self, lang: &str, message: &Message) -> String {
        self.message(lang, message.id, &message.args)
    }

    /// The (language, id) pairs asked for and missing so far, each shown in English instead
    /// (or, missing in English too, as "(missing text: id)"), sorted: what a test of a
    /// language's completeness looks at after using it.
    pub fn fallbacks(&self) -> Vec<(String, String)> {
        let warned = self.warned.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<(String, String)> = warned.iter().cloned().collect();
        out.sort();
        out
    }

    /// Whether `lang` (or failing that, English) has message `id`.
    pub fn has_message(&self, lang: &str, id: &str) -> bool {
        [lang, ENGLISH].iter().any(|l| {
            self.languages
                .get(l)
                .is_some_and(|language| language.bundle.has_message(id))
        })
    }

    /// The Fluent text of `lang` (every source of it, one after another), as the page reads
    /// it. The pseudo-locale's is English's: the page applies the same transformation.
    pub fn ftl(&self, lang: &str) -> Option<String> {
        let language = self.languages.get(lang)?;
        let mut text = String::new();
        for source in &language.sources {
            text.push_str(source.ftl);
            if !text.ends_with('\n') {
                text.push('\n');
            }
        }
        Some(text)
    }

    /// Every message missing from a language, or having other variables or attributes there
    /// than in English (empty when the catalogue is complete).
    pub fn check(&self) -> Vec<Problem> {
        let of = |lang: &str| -> Vec<Source> {
            self.languages
                .get(lang)
                .map(|l| l.sources.clone())
                .unwrap_or_default()
        };
        let english = of(ENGLISH);
        self.languages()
            .into_iter()
            .filter(|l| *l != ENGLISH)
            .flat_map(|lang| check::compare(&english, &of(lang)))
            .collect()
    }

    fn format_in(&self, lang: &str, id: &str, args: &FluentArgs) -> Option<String> {
        let language = self.languages.get(lang)?;
        let pattern = language.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = language
            .bundle
            .format_pattern(pattern, Some(args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(lang, id, ?errors, "message formatted with errors");
        }
        Some(if lang == PSEUDO {
            pseudo::wrap(&text)
        } else {
            text.into_owned()
        })
    }

    fn warn_once(&self, lang: &str, id: &str) {
        let mut warned = self.warned.lock().unwrap_or_else(|e| e.into_inner());
        if warned.insert((lang.to_string(), id.to_string())) {
            tracing::warn!(lang, id, "message missing in this language: English shown");
        }
    }
}

/// `n` as language `lang` writes a number: grouped in thousands, with its decimal sign
/// (`1,200.5` in English, `1.200,5` in German), as a message's `{ $n }` writes it.
pub fn number(lang: &str, n: f64) -> String {
    format_number(n, separators(lang), true, 0)
}

fn to_fluent<'a>(args: &'a [(&'a str, Arg)]) -> FluentArgs<'a> {
    let mut fluent = FluentArgs::new();
    for (name, arg) in args {
        let value = match arg {
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Text(s) => FluentValue::from(s.as_str()),
            // Formatted to text by `Catalog::message` before it gets here.
            Arg::Message(m) => FluentValue::from(m.id),
        };
        fluent.set(*name, value);
    }
    fluent
}

#[cfg(test)]
mod tests;
