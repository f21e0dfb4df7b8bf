//! What the window remembers between runs, per laptop (eframe's storage): the
//! language, the theme, the recent event files, the operator's name written into each
//! audit row and how many automatic backups to keep (issue 18, item 5). The event
//! itself is never here — it lives in its file. eframe keeps the window's size and
//! place itself, beside these.

use super::save_dialog::is_demo_file;
use super::session::Job;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The key the preferences are stored under.
pub const PREFS_KEY: &str = "bianpai-prefs";

/// The window's size on its first start, in points (later starts take the size it was
/// left at, which eframe remembers).
pub const DEFAULT_WINDOW_SIZE: [f32; 2] = [1180.0, 760.0];

/// The most automatic backups the preference accepts.
pub const BACKUPS_MAX: usize = 999;

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
    /// Who makes the changes at this laptop, named in every audit row; empty: the
    /// operating-system user.
    pub operator: String,
    /// How many automatic backups each event file keeps; `None`: `$BIANPAI_BACKUPS`
    /// or 10.
    pub backups_kept: Option<usize>,
}

impl Prefs {
    /// The preferences as kept: without the demo's temporary copies.
    pub fn kept(mut self) -> Prefs {
        self.recent.retain(|p| !is_demo_file(p));
        self.operator = self.operator.trim().to_string();
        self
    }

    /// The job that hands the operator's name and the backups to keep to the event
    /// file's worker, for every file it opens from then on.
    pub fn file_job(&self) -> Job {
        let operator = Some(self.operator.trim().to_string()).filter(|o| !o.is_empty());
        Job::Configure { operator, backups_kept: self.backups_kept }
    }
}
