//! Numbers as a language writes them outside a message: amounts with their digits grouped in
//! threes, as the page's `Intl.NumberFormat` writes the same amounts (`1,200` in English,
//! `1.200` in German), so the terminal and the browser agree.

/// The separator language `lang` puts between groups of three digits.
fn group_separator(lang: &str) -> char {
    let base = lang.split(['-', '_']).next().unwrap_or(lang);
    match base.to_ascii_lowercase().as_str() {
        "de" => '.',
        _ => ',',
    }
}

/// `n` with its digits grouped in threes as language `lang` writes them: `1,200` in English,
/// `1.200` in German; numbers under 1000 as they are, a minus sign kept in front.
///
/// ```
/// assert_eq!(boardroom_i18n::grouped("de", 1_234_567), "1.234.567");
/// assert_eq!(boardroom_i18n::grouped("en", -1200), "-1,200");
/// assert_eq!(boardroom_i18n::grouped("de", 999), "999");
/// ```
pub fn grouped(lang: &str, n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let sep = group_separator(lang);
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
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_in_threes_with_the_languages_separator() {
        assert_eq!(grouped("en", 0), "0");
        assert_eq!(grouped("en", 1000), "1,000");
        assert_eq!(grouped("de-AT", 12_000), "12.000");
        assert_eq!(grouped("de", i64::MIN), "-9.223.372.036.854.775.808");
        assert_eq!(grouped("en-XA", 100_000), "100,000");
    }
}
