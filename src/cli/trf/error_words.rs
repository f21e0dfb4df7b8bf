//! Why `bianpai trf pair` stopped ([`TrfPairError`]), in the director's words and both
//! languages (issue 18): the file named, then the TRF problem, the rules' refusal or
//! the file system's error in words.

use super::TrfPairError;
use crate::lang::{Lang, Localized};
use crate::os_words::{io_words, on_file};

impl Localized for TrfPairError {
    fn message(&self, lang: Lang) -> String {
        match self {
            TrfPairError::Invalid(error) => error.message(lang),
            TrfPairError::NoPairing { name, source } | TrfPairError::Unpaired { name, source } => {
                on_file(name, &source.message(lang), lang)
            }
            TrfPairError::Refused { name, source } => on_file(name, &source.message(lang), lang),
            TrfPairError::NoStage { name } => {
                on_file(name, lang.t("文件中没有可以编排的阶段", "the file has no stage to pair"), lang)
            }
            TrfPairError::File { path, source } => on_file(&path.display().to_string(), &io_words(source, lang), lang),
        }
    }
}
