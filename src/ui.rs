//! The egui desktop app (eframe, glow backend).
//!
//! [`run`] opens one event file — or, without one, a fresh copy of the bundled demo
//! event (`domain::demo`) in the temporary folder — and shows it in a window: a top bar
//! with the event's name and group, a side panel to switch views, and one view per
//! file: the event's settings ([`event_ui`]), the roster ([`roster_ui`]), the teams and their line-ups
//! ([`teams_ui`]), a round's
//! pairings ([`pairing_ui`]), result entry ([`results_ui`]), the knockout bracket
//! ([`bracket_ui`]), the standings ([`standings_ui`]), prizes ([`prizes_ui`]), money and
//! check-in ([`money_ui`]) and the history ([`history_ui`]); the 文件 menu opens the
//! preferences window ([`prefs_ui`]). Views turn clicks into commands, which the
//! session's worker thread applies and saves.
//!
//! Two floors. The shared floor, which every panel may use: the frame's environment
//! ([`env`](mod@env)), the [`panel`] trait and a host that draws one panel over an event in
//! memory, per-revision caches ([`memo`]), `table` pieces, [`form`] fields, the confirmation
//! [`dialog`], the keyboard field (`key_field`), [`result_entry`] (result keys, labels
//! and the correction dialog) (the players' search by name, number or pinyin is
//! `present::search`, shared with the hall's pages),
//! a team round in words (`team_words`), the audit log in words ([`history_words`]), the remembered preferences ([`prefs`]),
//! [`i18n`], [`fonts`], the look ([`theme`]: colours, spacing, type scale, icons and the
//! shared styled buttons) and the worker [`session`]. Above it
//! the panels (`*_ui`), each importing the floor and never another panel or the app
//! shell (`app.rs`), which registers them; `tests/architecture_ui.rs` checks this.
//!
//! An event file that cannot be opened is reported inside the window, not by a panic.
//!
//! With `BIANPAI_SCREENSHOTS=<dir>` set, the window instead walks its views at 1366×768
//! and writes each as a PNG into `<dir>`, then closes (`app::screenshots`; the README's
//! images and `tests/screens.rs`).

mod app;
pub mod bracket_ui;
pub mod change_words;
pub mod consequences;
pub mod dialog;
pub mod env;
pub mod event_ui;
pub mod export_menu_ui;
pub mod file_menu_ui;
pub mod fonts;
pub mod form;
pub mod hall_desk;
pub mod history_ui;
pub mod history_words;
pub mod i18n;
mod key_field;
pub mod memo;
pub mod money_ui;
pub mod pairing_ui;
pub mod panel;
pub mod prefs;
pub mod prefs_ui;
pub mod print_menu_ui;
pub mod prizes_ui;
pub mod result_entry;
pub mod results_ui;
pub mod roster_ui;
pub mod save_dialog;
pub mod session;
mod stage_words;
pub mod standings_ui;
pub mod status_bar;
mod table;
mod team_words;
pub mod teams_ui;
pub mod theme;

pub use app::{BianpaiApp, View};
pub use env::{Env, Show};
pub use i18n::Lang;
pub use panel::{Panel, PanelHost};
pub use session::{
    BlacklistRead, ExportKind, History, Job, Notice, PrintTarget, Refusal, Restorable, Session, Ticket, Tickets,
};

use crate::domain::demo::demo_event;
use crate::store::EventFile;
use std::path::{Path, PathBuf};

/// The seed of the demo event's draw: the demo looks the same on every start.
pub const DEMO_SEED: u64 = 2025;

/// Opens the window on `file`, or on a new copy of the demo event when `None`.
///
/// Errors opening the event file are shown in the window; the demo copy is removed
/// when the window closes.
///
/// # Errors
/// When the window cannot be created (no display, no OpenGL).
pub fn run(file: Option<PathBuf>) -> anyhow::Result<()> {
    // `BIANPAI_SCREENSHOTS=<dir>`: walk the views, write their pictures, close (issue 39, item 9).
    let shots = app::screenshots::Screenshots::from_env();
    let (path, demo_path) = match file {
        Some(path) => (path, None),
        None => {
            let path = demo_file_path();
            if let Err(message) = create_demo_file(&path) {
                eprintln!("bianpai: the demo event could not be written: {message}");
            }
            (path.clone(), Some(path))
        }
    };
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Bianpai 编排")
        .with_app_id("bianpai")
        .with_inner_size(prefs::DEFAULT_WINDOW_SIZE)
        .with_min_inner_size([640.0, 400.0]);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(crate::assets::APP_ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    let mut options = eframe::NativeOptions {
        viewport,
        // The CJK font is installed by `fonts::install_fonts`; eframe is built without
        // its `system_fonts` feature, so its fallback could only log a warning.
        system_font_fallback: false,
        // The window's size and place are kept in eframe's storage for the next start
        // (issue 18, item 5); the size set above is the first start's.
        persist_window: true,
        ..Default::default()
    };
    let _fresh_storage = match &shots {
        Some(shots) => Some(
            shots
                .window_options(&mut options)
                .map_err(|_| anyhow::anyhow!("the screenshot mode found no temporary folder"))?,
        ),
        None => None,
    };
    let result = eframe::run_native(
        "bianpai",
        options,
        Box::new(move |cc| {
            let font = fonts::install_fonts_reporting(&cc.egui_ctx);
            let prefs: prefs::Prefs = match shots {
                Some(_) => prefs::Prefs::default(),
                None => cc.storage.and_then(|s| eframe::get_value(s, prefs::PREFS_KEY)).unwrap_or_default(),
            };
            let mut session = Session::start(Some(cc.egui_ctx.clone()));
            session.submit(Job::Open(path));
            let app = BianpaiApp::new(session).with_font(font).with_prefs(prefs);
            Ok(Box::new(match shots {
                Some(shots) => app.with_screenshots(shots),
                None => app,
            }))
        }),
    );
    if let Some(path) = demo_path {
        remove_event_file(&path);
    }
    result.map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

/// Where this process keeps its copy of the demo event.
pub fn demo_file_path() -> PathBuf {
    std::env::temp_dir().join(format!("{}{}.bianpai", save_dialog::DEMO_FILE_PREFIX, std::process::id()))
}

/// Writes the demo event to a new file at `path` (replacing an old demo file there)
/// (the file is closed again, for the window's worker to open).
///
/// # Errors
/// A message for the window when the demo cannot be built or the file not written.
pub fn create_demo_file(path: &Path) -> Result<(), String> {
    let event = demo_event(DEMO_SEED).map_err(|e| e.to_string())?;
    remove_event_file(path);
    EventFile::create(path, &event).map(drop).map_err(|e| e.to_string())
}

/// Removes an event file and SQLite's companion files, ignoring any that are absent.
fn remove_event_file(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}
