//! The pseudo-locale's transformation: vowels accented (so that text from a message is told
//! from text that is not at a glance), every text about 40 % longer (the margin a German or
//! French text needs over English), and every message wrapped in `⟦…⟧` (so that a message cut
//! short, or two run together, shows). The page's reader (`web/shell/i18n.js`) does the same.

use std::borrow::Cow;

/// How much longer a pseudo-locale text is than the English, in tenths of its characters.
const LONGER_TENTHS: usize = 4;

/// One text element of a message in the pseudo-locale: vowels accented and padded with `·` to
/// about 40 % more characters. Placeables (names, numbers) are left as they are.
pub fn pseudo_text(text: &str) -> Cow<'_, str> {
    let letters = text.chars().filter(|c| c.is_alphanumeric()).count();
    if letters == 0 {
        return Cow::Borrowed(text);
    }
    let mut out: String = text.chars().map(accent).collect();
    let pad = (text.chars().count() * LONGER_TENTHS).div_ceil(10);
    out.extend(std::iter::repeat_n('·', pad));
    Cow::Owned(out)
}

/// A whole message in the pseudo-locale: wrapped in `⟦…⟧`.
pub(crate) fn wrap(text: &str) -> String {
    format!("⟦{text}⟧")
}

/// `text` as the pseudo-locale shows a message of it: transformed and wrapped.
pub fn pseudo(text: &str) -> String {
    wrap(&pseudo_text(text))
}

fn accent(c: char) -> char {
    match c {
        'a' => 'á',
        'e' => 'é',
        'i' => 'í',
        'o' => 'ó',
        'u' => 'ú',
        'A' => 'Á',
        'E' => 'É',
        'I' => 'Í',
        'O' => 'Ó',
        'U' => 'Ú',
        other => other,
    }
}
