//! The byte-level fuzz of the action notation: real notations mutated byte by byte (cut,
//! repeated, spliced, flipped) and odd pieces of text, so that readers meet near misses as well
//! as noise.

use crate::rng::GameRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// Odd pieces of text: empty, spaces, numbers at the edges of ranges, characters of several
/// bytes, control characters.
pub(super) const ODD: &[&str] = &[
    "",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\0",
    "-",
    "+",
    "-1",
    "0",
    "00",
    "1",
    "9",
    "10",
    "72",
    "73",
    "99",
    "100",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1e9",
    "0x10",
    "1.5",
    "L",
    "L0",
    "L1",
    "L9",
    "l2",
    "#",
    ",",
    ":",
    "=",
    "é",
    "ß",
    "Ω",
    "€",
    "🏢",
    "\u{200b}",
    "\u{feff}",
    "İ",
    "ﬁ",
    "\u{ff11}",
    "NaN",
    "inf",
    "none",
    "all",
    "yes",
    "null",
    "'",
    "\"",
];

/// One fuzzed input: usually a legal action's notation mutated once or more, sometimes words
/// shuffled or random text.
pub(super) fn fuzz_text(words: &[String], rng: &mut GameRng) -> String {
    let pick_word = |rng: &mut GameRng| -> String {
        if !words.is_empty() && rng.gen_bool(0.7) {
            words.choose(rng).expect("words").clone()
        } else {
            ODD.choose(rng).expect("odd").to_string()
        }
    };
    let mut bytes: Vec<u8> = match rng.gen_range(0..10) {
        0 => {
            // Words of several notations, shuffled and joined.
            let mut parts: Vec<String> = (0..rng.gen_range(1..=4))
                .flat_map(|_| {
                    pick_word(rng)
                        .split_whitespace()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .collect();
            parts.shuffle(rng);
            parts
                .join(if rng.gen_bool(0.8) { " " } else { "  " })
                .into_bytes()
        }
        1 => (0..rng.gen_range(0..24)).map(|_| rng.gen::<u8>()).collect(),
        _ => pick_word(rng).into_bytes(),
    };
    for _ in 0..rng.gen_range(0..=3) {
        let other = pick_word(rng);
        mutate(&mut bytes, rng, &other);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// One byte-level mutation of `bytes`, sometimes splicing in `other`.
pub(super) fn mutate(bytes: &mut Vec<u8>, rng: &mut GameRng, other: &str) {
    let len = bytes.len();
    let at = if len == 0 { 0 } else { rng.gen_range(0..len) };
    match rng.gen_range(0..9) {
        0 if len > 0 => bytes[at] ^= 1 << rng.gen_range(0..8),
        1 => {
            let b = *b"0123456789 -+Ll\t.,:#xX\xc3\xff"
                .choose(rng)
                .expect("bytes");
            bytes.insert(at, b);
        }
        2 if len > 0 => {
            bytes.remove(at);
        }
        3 if len > 0 => {
            let end = (at + rng.gen_range(1..=8)).min(len);
            let copy = bytes[at..end].to_vec();
            bytes.splice(end..end, copy);
        }
        4 => {
            let end = if len == 0 { 0 } else { rng.gen_range(at..=len) };
            bytes.splice(at..end, other.bytes());
        }
        5 => bytes.truncate(at),
        6 => {
            if rng.gen_bool(0.5) {
                bytes.make_ascii_uppercase();
            } else {
                bytes.make_ascii_lowercase();
            }
        }
        7 => {
            let odd = ODD.choose(rng).expect("odd");
            bytes.splice(at..at, odd.bytes());
        }
        _ => {
            // A number in the text replaced by an edge of a range.
            let digits: Vec<usize> = (0..len).filter(|&k| bytes[k].is_ascii_digit()).collect();
            if let Some(&start) = digits.choose(rng) {
                let mut end = start;
                while end < bytes.len() && bytes[end].is_ascii_digit() {
                    end += 1;
                }
                let new = [
                    "0",
                    "73",
                    "255",
                    "256",
                    "65536",
                    "18446744073709551616",
                    "-1",
                ]
                .choose(rng)
                .expect("numbers");
                bytes.splice(start..end, new.bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng;

    #[test]
    fn fuzzed_text_varies_and_mutates_the_notations() {
        let words = vec!["play 46".to_string(), "share Regent".to_string()];
        let mut rng = rng::from_seed(3);
        let texts: Vec<String> = (0..2000).map(|_| fuzz_text(&words, &mut rng)).collect();
        let distinct: std::collections::HashSet<&String> = texts.iter().collect();
        assert!(distinct.len() > 500, "{}", distinct.len());
        assert!(texts.iter().any(|t| t == "play 46"));
        assert!(texts.iter().any(|t| t.contains("play") && t != "play 46"));
        assert!(texts.iter().any(|t| t.contains('\u{fffd}')));
    }
}
