//! The command line's language (CLI.md: every command takes `--lang zh|en`, by default
//! from `LC_ALL` / `LANG`, Chinese when it starts with `zh`) and its refusals in that
//! language. The language is chosen once per run, at the start of [`super::run`], and
//! kept per thread so that tests may run commands in both languages side by side.

use crate::domain::command::DomainError;
use crate::domain::knockout::KnockoutError;
use crate::domain::prizes::PrizeError;
use crate::domain::swiss::PairingError;
use crate::lang::{Lang, Localized};
use std::cell::Cell;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Chooses the language of this run's messages.
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

/// The language of this run's messages and tables.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// The text in this run's language.
pub fn t(zh: impl Into<String>, en: impl Into<String>) -> String {
    match lang() {
        Lang::Zh => zh.into(),
        Lang::En => en.into(),
    }
}

/// An operation impossible now (exit 1), already in the run's language.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Impossible(pub String);

/// "wrote FILE (N bytes)" in the run's language.
pub fn wrote(output: &std::path::Path, bytes: usize) -> String {
    let shown = output.display();
    t(format!("已写出 {shown}（{bytes} 字节）\n"), format!("wrote {shown} ({bytes} bytes)\n"))
}

/// The language the locale asks for: the first set of `LC_ALL` and `LANG`; Chinese
/// when it starts with `zh`, else English.
pub fn from_locale(lc_all: Option<&str>, lang: Option<&str>) -> Lang {
    let chosen = [lc_all, lang].into_iter().flatten().map(str::trim).find(|v| !v.is_empty());
    match chosen {
        Some(v) if v.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
        _ => Lang::En,
    }
}

/// The language of the process's locale.
pub fn from_env() -> Lang {
    let lc_all = std::env::var("LC_ALL").ok();
    let lang = std::env::var("LANG").ok();
    from_locale(lc_all.as_deref(), lang.as_deref())
}

/// `--lang zh|en` (or `--lang=…`) among arguments clap could not parse.
pub fn lang_of_args(args: &[std::ffi::OsString]) -> Option<Lang> {
    let value = args.iter().enumerate().find_map(|(i, a)| {
        let a = a.to_str()?;
        match a.strip_prefix("--lang") {
            Some("") => args.get(i + 1).and_then(|v| v.to_str()),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        }
    })?;
    match value {
        "zh" => Some(Lang::Zh),
        "en" => Some(Lang::En),
        _ => None,
    }
}

/// What kind of usage mistake clap found, in the run's language; clap's own lines
/// (which name the argument) follow it.
pub fn usage_words(kind: clap::error::ErrorKind) -> String {
    use clap::error::ErrorKind as K;
    match kind {
        K::MissingRequiredArgument => t("缺少必需的参数：", "a required argument is missing:"),
        K::InvalidValue | K::ValueValidation | K::NoEquals => t("参数的值无效：", "an argument's value is not valid:"),
        K::UnknownArgument => t("没有这个参数：", "no such argument:"),
        K::InvalidSubcommand | K::MissingSubcommand => t("没有这个命令：", "no such command:"),
        K::ArgumentConflict => t("这些参数不能同时使用：", "these arguments cannot be used together:"),
        K::TooManyValues | K::TooFewValues | K::WrongNumberOfValues => {
            t("参数的个数不对：", "the number of values is wrong:")
        }
        _ => t("命令行有误：", "the command line is not right:"),
    }
}

/// The words of the first cause in the chain that has them in `lang`, after the
/// contexts above it (already in the run's language). Causes below it are part of
/// its own message and are not repeated.
pub fn error_words(error: &anyhow::Error, lang: Lang) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in error.chain() {
        if let Some(words) = localized(cause, lang) {
            parts.push(words);
            break;
        }
        parts.push(cause.to_string());
    }
    parts.dedup();
    parts.join(": ")
}

/// Tries each error type that has words of its own.
fn localized(cause: &(dyn std::error::Error + 'static), lang: Lang) -> Option<String> {
    if let Some(e) = cause.downcast_ref::<std::io::Error>() {
        return Some(crate::os_words::io_words(e, lang));
    }
    macro_rules! first_of {
        ($($t:ty),* $(,)?) => {
            $(if let Some(e) = cause.downcast_ref::<$t>() {
                return Some(e.message(lang));
            })*
        };
    }
    first_of!(
        DomainError,
        PairingError,
        KnockoutError,
        PrizeError,
        crate::store::StoreError,
        crate::store::blacklist::BlacklistError,
        crate::io::roster::RosterError,
        crate::io::trf::TrfError,
        crate::io::export::ExportError,
        crate::io::trf::ExportError,
        crate::print::PrintError,
        crate::present::ranking::RankingError,
        crate::cli::trf_error::TrfPairError,
        crate::hall::HallError,
    );
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    // issue 18, item 4: the default follows the locale (CLI.md).
    #[test]
    fn the_locale_chooses_the_language() {
        assert_eq!(from_locale(None, Some("zh_CN.UTF-8")), Lang::Zh);
        assert_eq!(from_locale(Some("en_US.UTF-8"), Some("zh_CN.UTF-8")), Lang::En);
        assert_eq!(from_locale(Some(""), Some("zh_TW.UTF-8")), Lang::Zh);
        assert_eq!(from_locale(None, None), Lang::En);
        assert_eq!(from_locale(Some("C"), None), Lang::En);
    }

    #[test]
    fn lang_is_found_among_unparsed_arguments() {
        let args = |v: &[&str]| v.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert_eq!(lang_of_args(&args(&["bianpai", "pair", "--lang", "zh", "--bogus"])), Some(Lang::Zh));
        assert_eq!(lang_of_args(&args(&["bianpai", "--lang=en", "pair"])), Some(Lang::En));
        assert_eq!(lang_of_args(&args(&["bianpai", "pair"])), None);
    }

    #[test]
    fn a_context_is_kept_above_the_localized_cause() {
        let error = anyhow::Error::new(DomainError::LastGroup).context("上下文");
        let zh = error_words(&error, Lang::Zh);
        assert!(zh.starts_with("上下文: "), "{zh}");
    }
}
