//! Numbers as each language writes them: digits grouped in thousands and the decimal sign of
//! the language (`1,200.5` in English, `1.200,5` in German), as the page's `Intl.NumberFormat`
//! writes them, so that a sum reads the same in the log (written here) and on the board
//! (written by the page). Fluent's own Rust formatting writes bare digits; every bundle of the
//! catalogue formats its numbers with [`formatter`] instead.

use fluent_bundle::types::FluentNumber;
use fluent_bundle::FluentValue;

/// The signs a language writes numbers with: between groups of three digits, and before the
/// decimals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Separators {
    /// Between groups of thousands (`,` in English, `.` in German).
    pub group: char,
    /// Before the decimals (`.` in English, `,` in German).
    pub decimal: char,
}

const ENGLISH: Separators = Separators {
    group: ',',
    decimal: '.',
};
const GERMAN: Separators = Separators {
    group: '.',
    decimal: ',',
};
/// French and others: a narrow no-break space between groups, a comma before the decimals.
const SPACED: Separators = Separators {
    group: '\u{202F}',
    decimal: ',',
};

/// The separators of language `lang` (a BCP 47 tag); English's for a language not listed,
/// and for the pseudo-locale (English lengthened).
pub fn separators(lang: &str) -> Separators {
    let primary = lang.split(['-', '_']).next().unwrap_or("");
    match primary {
        "de" | "nl" | "da" | "it" | "es" | "pt" | "id" | "tr" => GERMAN,
        "fr" | "sv" | "nb" | "nn" | "fi" | "pl" | "cs" | "sk" | "ru" | "uk" => SPACED,
        _ => ENGLISH,
    }
}

/// `n` as a language with `sep` writes it: grouped in thousands (unless `grouping` is off),
/// with at least `min_fraction` decimals.
pub fn format_number(n: f64, sep: Separators, grouping: bool, min_fraction: usize) -> String {
    let plain = FluentNumber::new(
        n,
        fluent_bundle::types::FluentNumberOptions {
            minimum_fraction_digits: (min_fraction > 0).then_some(min_fraction),
            ..Default::default()
        },
    )
    .as_string()
    .into_owned();
    let (sign, digits) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain.as_str()),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    // Not a plain number (infinite, not a number): as Fluent writes it.
    if !whole.chars().all(|c| c.is_ascii_digit()) {
        return plain;
    }
    let mut out = String::from(sign);
    let count = whole.len();
    for (i, c) in whole.chars().enumerate() {
        if grouping && i > 0 && (count - i) % 3 == 0 {
            out.push(sep.group);
        }
        out.push(c);
    }
    if let Some(f) = fraction {
        out.push(sep.decimal);
        out.push_str(f);
    }
    out
}

/// A Fluent formatter writing numbers with the separators `GROUP` and `DECIMAL` (a bundle's
/// formatter is a plain function, so each language's is its own instance).
fn numbers_with<const GROUP: char, const DECIMAL: char, M>(
    value: &FluentValue,
    _intls: &M,
) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    let sep = Separators {
        group: GROUP,
        decimal: DECIMAL,
    };
    Some(format_number(
        n.value,
        sep,
        n.options.use_grouping,
        n.options.minimum_fraction_digits.unwrap_or(0),
    ))
}

/// The formatter of a bundle in language `lang`.
pub(crate) fn formatter<M>(lang: &str) -> fn(&FluentValue, &M) -> Option<String> {
    match separators(lang) {
        GERMAN => numbers_with::<'.', ',', M>,
        SPACED => numbers_with::<'\u{202F}', ',', M>,
        _ => numbers_with::<',', '.', M>,
    }
}

/// Whole number `n` with its digits grouped in thousands as language `lang` writes them
/// (`1,200` in English, `1.200` in German), exact for every `i64`.
///
/// ```
/// assert_eq!(boardroom_i18n::grouped("de", 1_234_567), "1.234.567");
/// assert_eq!(boardroom_i18n::grouped("en", -1200), "-1,200");
/// assert_eq!(boardroom_i18n::grouped("de", 999), "999");
/// ```
pub fn grouped(lang: &str, n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let sep = separators(lang).group;
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod grouped_tests {
    use super::grouped;

    #[test]
    fn digits_are_grouped_in_threes_with_the_languages_separator() {
        assert_eq!(grouped("en", 0), "0");
        assert_eq!(grouped("en", 1000), "1,000");
        assert_eq!(grouped("de-AT", 12_000), "12.000");
        assert_eq!(grouped("de", i64::MIN), "-9.223.372.036.854.775.808");
        assert_eq!(grouped("en-XA", 100_000), "100,000");
    }
}
