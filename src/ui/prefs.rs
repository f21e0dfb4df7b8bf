//! What the window remembers between runs, per laptop (eframe's storage): the
//! language, the theme and the recent event files. The event itself is never here —
//! it lives in its file.

use super::i18n::Lang;
use super::save_dialog::is_demo_file;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The key the preferences are stored under.
pub const PREFS_KEY: &str = "bianpai-prefs";

/// The window's preferences.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The window's language.
    pub lang: Lang,
    /// The dark theme.
    pub dark: bool,
    /// Recent event files, most recent first (the demo's copies left out).
    pub recent: Vec<PathBuf>,
}

impl Prefs {
    /// The preferences as kept: without the demo's temporary copies.
    pub fn kept(mut self) -> Prefs {
        self.recent.retain(|p| !is_demo_file(p));
        self
    }
}
