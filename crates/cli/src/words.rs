//! The program's words in the reader's language: its own messages
//! (`crates/cli/locales/<lang>/cli.ftl`, through [`boardroom_i18n`]), the language chosen by a
//! `--lang` flag or else the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`; else English), and
//! numbers written as that language writes them.

use anyhow::{bail, Result};
use boardroom_i18n::{Arg, Catalog, Source, ENGLISH, PSEUDO};
use std::sync::LazyLock;

/// The program's messages, one file per language.
const SOURCES: &[Source] = &[
    Source {
        lang: "en",
        name: "cli",
        ftl: include_str!("../locales/en/cli.ftl"),
    },
    Source {
        lang: "de",
        name: "cli",
        ftl: include_str!("../locales/de/cli.ftl"),
    },
];

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    // Embedded and checked by the tests: a catalogue that does not build must not ship.
    Catalog::new(SOURCES).expect("the embedded messages form a catalogue")
});

/// Every message of the program.
pub fn catalog() -> &'static Catalog {
    &CATALOG
}

/// The language tag a POSIX locale names (`de_DE.UTF-8` → `de-DE`); none for `C`, `POSIX`
/// and empty values.
fn posix_tag(locale: &str) -> Option<String> {
    let base = locale.split(['.', '@']).next().unwrap_or("").trim();
    if base.is_empty() || base == "C" || base == "POSIX" {
        return None;
    }
    Some(base.replace('_', "-"))
}

/// The language tag of the environment's locale (`env`: a variable's value by name): the first
/// of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set decides, as for every program of the
/// system; none when it names no language (`C`, `POSIX`).
pub fn env_tag(env: impl Fn(&str) -> Option<String>) -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|name| env(name).filter(|v| !v.is_empty()))
        .as_deref()
        .and_then(posix_tag)
}

/// The words of one language.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    lang: &'static str,
}

impl Words {
    /// English.
    pub fn english() -> Words {
        Words { lang: ENGLISH }
    }

    /// The words of `lang` (English where the program lacks a message in it).
    pub fn of(lang: &'static str) -> Words {
        Words { lang }
    }

    /// The language asked for by `flag` (an error names the languages there are), else the
    /// first of the environment's `LC_ALL`, `LC_MESSAGES` and `LANG` that is set, as far as the
    /// program speaks it, else English.
    pub fn choose(flag: Option<&str>, env: impl Fn(&str) -> Option<String>) -> Result<Words> {
        let catalog = catalog();
        if let Some(flag) = flag {
            let flag = flag.trim();
            return match catalog
                .languages()
                .into_iter()
                .chain([PSEUDO])
                .find(|l| l.eq_ignore_ascii_case(flag))
            {
                Some(lang) => Ok(Words { lang }),
                None => bail!(
                    "--lang {flag}: no such language (languages: {})",
                    catalog.languages().join(", ")
                ),
            };
        }
        let lang = match env_tag(env) {
            Some(tag) => catalog.choose(None, Some(&tag)),
            None => ENGLISH,
        };
        Ok(Words { lang })
    }

    /// Message `id` with `args`.
    pub fn t(&self, id: &str, args: &[(&str, Arg)]) -> String {
        catalog().message(self.lang, id, args)
    }

    /// `value` with `digits` decimals, as the language writes it (`12.5` in English, `12,5` in
    /// German).
    pub fn num(&self, value: f64, digits: usize) -> String {
        let text = format!("{value:.digits$}");
        if self.lang == ENGLISH || self.lang == PSEUDO {
            text
        } else {
            text.replace('.', ",")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn every_message_exists_in_every_language_with_the_same_variables() {
        let problems = catalog().check();
        assert!(problems.is_empty(), "{problems:#?}");
        assert_eq!(catalog().languages(), vec!["en", "de"]);
    }

    #[test]
    fn the_flag_wins_then_the_environment_then_english() {
        let german = [("LANG", "de_DE.UTF-8")];
        assert_eq!(Words::choose(None, env(&german)).unwrap().lang, "de");
        assert_eq!(Words::choose(Some("en"), env(&german)).unwrap().lang, "en");
        // LC_ALL overrides LANG; a locale the program does not speak, or C, is English.
        let both = [("LC_ALL", "C"), ("LANG", "de_DE.UTF-8")];
        assert_eq!(Words::choose(None, env(&both)).unwrap().lang, "en");
        let french = [("LANG", "fr_FR.UTF-8")];
        assert_eq!(Words::choose(None, env(&french)).unwrap().lang, "en");
        assert_eq!(Words::choose(None, env(&[])).unwrap().lang, "en");
        let at = [("LC_MESSAGES", "de_AT@euro")];
        assert_eq!(Words::choose(None, env(&at)).unwrap().lang, "de");
        let e = Words::choose(Some("tlh"), env(&[]))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "--lang tlh: no such language (languages: en, de)");
    }

    #[test]
    fn numbers_are_written_as_the_language_writes_them() {
        let de = Words::choose(Some("de"), env(&[])).unwrap();
        assert_eq!(de.num(12.345, 1), "12,3");
        assert_eq!(Words::english().num(12.345, 1), "12.3");
        assert_eq!(de.num(7.0, 0), "7");
    }
}
