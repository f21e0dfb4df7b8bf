//! The two languages of everything Bianpai shows or writes: Simplified Chinese
//! by default, English on request. Every string is written at its call site in both
//! languages (`lang.t("选手", "Players")`), so no key table can drift out of step with
//! the code. The window, the PDFs and the exports share this one type.

/// A language of the window, the PDFs and the exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Lang {
    /// 简体中文
    #[default]
    Zh,
    /// English
    En,
}

impl Lang {
    /// The text in this language.
    pub fn t<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// The other language (for the switch).
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// The language's own name, as the switch shows it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Zh => "中文",
            Lang::En => "English",
        }
    }
}

/// A message a director reads — a refusal, a file error, an import row's problem — in
/// either language (issue 18). `Display` of the same type stays English for logs and
/// scripts; what the window, the PDFs and the CLI's `--lang` show comes from here.
/// Neither language names a requirement id, a crate or a raw operating-system error.
pub trait Localized {
    /// The message in `lang`.
    fn message(&self, lang: Lang) -> String;
}

/// A message in both languages, made once where it arises (the window's worker thread,
/// say) and shown later in whichever language the window has then.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    /// 简体中文
    pub zh: String,
    /// English
    pub en: String,
}

impl Words {
    /// The same message, written in each language.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Words {
        Words { zh: zh.into(), en: en.into() }
    }

    /// A text already in the window's language when it was made (a label a panel
    /// wrote), shown as it is in either.
    pub fn same(text: impl Into<String>) -> Words {
        let text = text.into();
        Words { zh: text.clone(), en: text }
    }

    /// The message `say` writes in each language: a text worded where it is made, kept
    /// in both, so that it is shown in whichever language the window has later.
    pub fn in_both(say: impl Fn(Lang) -> String) -> Words {
        Words { zh: say(Lang::Zh), en: say(Lang::En) }
    }

    /// An error's message in both languages.
    pub fn of(error: &impl Localized) -> Words {
        Words { zh: error.message(Lang::Zh), en: error.message(Lang::En) }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        lang.t(&self.zh, &self.en)
    }

    /// The message after a heading in the language of each (`打印：…` / `Print: …`).
    pub fn after(self, heading: &Words) -> Words {
        let join = |h: &str, sep: &str, m: String| if h.is_empty() { m } else { format!("{h}{sep}{m}") };
        Words { zh: join(&heading.zh, "：", self.zh), en: join(&heading.en, ": ", self.en) }
    }
}
