//! The language the terminal speaks: `--lang`, else the environment's locale (`LC_ALL`, then
//! `LC_MESSAGES`, then `LANG`, e.g. `de_DE.UTF-8`), else English; one of the languages of the
//! server's catalogue (the shell's and every game's messages).

use anyhow::{bail, Result};
use boardroom_server::lang::catalog;

/// The language for `flag` (the `--lang` given) and the environment's locale variables
/// (`env`: a variable's value by name).
pub fn choose(flag: Option<&str>, env: impl Fn(&str) -> Option<String>) -> Result<&'static str> {
    let catalog = catalog();
    if let Some(given) = flag {
        let given = given.trim();
        if !catalog.has_language(given) {
            bail!(
                "no language `{given}`: choose one of {}",
                catalog.languages().join(", ")
            );
        }
        return Ok(catalog.choose(Some(given), None));
    }
    Ok(match crate::words::env_tag(env) {
        Some(tag) => catalog.choose(None, Some(&tag)),
        None => boardroom_i18n::ENGLISH,
    })
}

/// The language of this process: `flag`, else its environment's locale, else English.
pub fn of_process(flag: Option<&str>) -> Result<&'static str> {
    choose(flag, |name| std::env::var(name).ok())
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
    fn the_flag_then_the_locale_then_english() {
        assert_eq!(
            choose(Some("de"), env(&[("LANG", "en_GB.UTF-8")])).unwrap(),
            "de"
        );
        assert_eq!(choose(None, env(&[("LANG", "de_DE.UTF-8")])).unwrap(), "de");
        assert_eq!(choose(None, env(&[("LANG", "de_AT")])).unwrap(), "de");
        assert_eq!(
            choose(
                None,
                env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "de_DE.UTF-8")])
            )
            .unwrap(),
            "en"
        );
        assert_eq!(choose(None, env(&[("LANG", "C.UTF-8")])).unwrap(), "en");
        assert_eq!(choose(None, env(&[("LANG", "fr_FR.UTF-8")])).unwrap(), "en");
        assert_eq!(choose(None, env(&[])).unwrap(), "en");
    }

    #[test]
    fn an_unknown_language_is_refused_naming_the_choices() {
        let e = choose(Some("xx"), env(&[])).unwrap_err().to_string();
        assert!(e.contains("`xx`") && e.contains("en, de"), "{e}");
    }
}
