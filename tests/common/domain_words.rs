//! The checks the domain's refusal-word tests share (issue 18, item 4): each text
//! non-empty, Chinese in Chinese and free of Chinese in English, the two different,
//! neither with a requirement id, CLI syntax or Rust debug output; and a walk that
//! proves every variant of a type has exactly one sample.

use bianpai::lang::{Lang, Localized};
use std::fmt::Debug;
use std::mem::discriminant;

/// A sample player's name: ASCII, so that the English text has no Chinese in it.
pub const NAME: &str = "Li Lei";

/// Texts a director must never read: CLI syntax and Rust debug output.
const FORBIDDEN: [&str; 8] = ["`", "bianpai ", "Some(", "None", "StartNo(", "GroupId(", "RoundNo(", "StageNo("];

fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303f}' // CJK punctuation (、。「」)
        | '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{f900}'..='\u{faff}'
        | '\u{ff00}'..='\u{ffef}') // full-width forms (：；（）)
}

/// `R-` followed by a digit: a requirement id such as `R-4.4`.
fn names_requirement(text: &str) -> bool {
    text.match_indices("R-").any(|(i, _)| text[i + 2..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Everything wrong with one value's two texts.
fn problems<T: Localized + Debug>(value: &T) -> Vec<String> {
    let (zh, en) = (value.message(Lang::Zh), value.message(Lang::En));
    let mut found = Vec::new();
    if zh.trim().is_empty() || en.trim().is_empty() {
        found.push("an empty text".to_string());
    }
    if !zh.chars().any(is_cjk) {
        found.push("no Chinese in the Chinese text".into());
    }
    if en.chars().any(is_cjk) {
        found.push("Chinese in the English text".into());
    }
    if zh == en {
        found.push("the same text in both languages".into());
    }
    for (lang, text) in [("zh", &zh), ("en", &en)] {
        if names_requirement(text) {
            found.push(format!("{lang} names a requirement id"));
        }
        for word in FORBIDDEN {
            if text.contains(word) {
                found.push(format!("{lang} contains {word:?}"));
            }
        }
    }
    found.into_iter().map(|p| format!("{value:?}: {p}\n  zh: {zh}\n  en: {en}")).collect()
}

/// Checks the samples of one type: each is picked by its own arm of `pick` (so every
/// variant has exactly one), and each is told well in both languages. `extra` holds
/// further cases of variants already sampled (other wordings of the same variant).
pub fn check_all<T: Localized + Debug, const N: usize>(
    samples: &[T; N],
    pick: for<'a> fn(&T, &'a [T; N]) -> &'a T,
    extra: &[T],
) -> Vec<String> {
    let mut found = Vec::new();
    for (i, sample) in samples.iter().enumerate() {
        let picked = pick(sample, samples);
        if !std::ptr::eq(picked, sample) {
            found.push(format!("sample {i} ({sample:?}) is picked as {picked:?}"));
        }
    }
    for (i, a) in samples.iter().enumerate() {
        if samples[..i].iter().any(|b| discriminant(a) == discriminant(b)) {
            found.push(format!("two samples of one variant: {a:?}"));
        }
    }
    for value in samples.iter().chain(extra) {
        found.extend(problems(value));
    }
    found
}
