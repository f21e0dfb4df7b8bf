//! What a job is called in the status bar (issue 40, item 2): the worker answers with
//! a typed [`Label`], worded in both languages on the window's side, so that a notice
//! shows in the language the window has when it is drawn — not the one it had when
//! the job was sent.

use crate::domain::ids::RoundNo;
use crate::domain::warning::PairingWarning;
use crate::lang::{Lang, Localized, Words};
use crate::ui::change_words::action_label;
use std::path::PathBuf;

/// What a job did, as the worker answers it.
#[derive(Debug, Clone, PartialEq)]
pub enum Label {
    /// What the panel that sent the job wrote, in both languages.
    Said(Words),
    /// A round paired, with the colour rules the engine relaxed.
    Paired {
        /// The round.
        round: RoundNo,
        /// The engine's notices among the round's warnings.
        notices: Vec<PairingWarning>,
    },
    /// An undo (or a redo) of the change this audit command (JSON) made; `None` when it
    /// could not be read back.
    Reverted {
        /// A redo rather than an undo.
        redo: bool,
        /// The command taken back or put back.
        command: Option<String>,
    },
    /// A PDF printed (or, `print` false, an export written) to `path`.
    Made {
        /// A print rather than an export.
        print: bool,
        /// Where it went.
        path: PathBuf,
    },
}

impl Label {
    /// The label in both languages.
    pub fn words(&self) -> Words {
        match self {
            Label::Said(words) => words.clone(),
            other => Words::in_both(|lang| other.in_lang(lang)),
        }
    }

    fn in_lang(&self, lang: Lang) -> String {
        match self {
            Label::Said(words) => words.get(lang).to_string(),
            Label::Paired { round, notices } => {
                let mut said = match lang {
                    Lang::Zh => format!("第{round}轮已编排"),
                    Lang::En => format!("round {round} paired"),
                };
                for notice in notices {
                    said.push_str(lang.t("；", "; "));
                    said.push_str(&notice.message(lang));
                }
                said
            }
            Label::Reverted { redo, command } => {
                let verb = if *redo { Words::new("重做", "Redo") } else { Words::new("撤销", "Undo") };
                match command {
                    Some(command) => Words::same(action_label(command, lang)).after(&verb).get(lang).to_string(),
                    None => verb.get(lang).to_string(),
                }
            }
            Label::Made { print, path } => {
                let heading = if *print { Words::new("打印", "Print") } else { Words::new("导出", "Export") };
                Words::same(path.display().to_string()).after(&heading).get(lang).to_string()
            }
        }
    }
}
