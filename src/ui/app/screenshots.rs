//! The screenshot mode (issue 39, item 9): with `BIANPAI_SCREENSHOTS=<dir>` set, the
//! real window opens at 1366×768 on fresh preferences, waits until the event is open and
//! drawn, shows in turn each view that makes sense for the event, writes what the
//! window shows to `<dir>/<name>.png` and closes. The README's screenshots are made this
//! way, and `tests/screens.rs` compares a run with them.
//!
//! This module owns the walk (which views, in which language, under which names), its
//! frame-by-frame steps and the PNG files. It keeps the pictures steady: no pointer or
//! key input reaches the window (no hover, no tooltip) and the window counts as
//! unfocused (no blinking text cursor). Without the variable none of it runs: the app
//! holds `None` and `run` keeps its usual window.

use super::{BianpaiApp, View};
use crate::domain::event::{Event, StageKind};
use crate::lang::Lang;
use egui::ColorImage;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The folder the screenshots are written to; set, it turns the mode on.
pub const DIR_VAR: &str = "BIANPAI_SCREENSHOTS";
/// Optional: a comma-separated list of the names to take (e.g. `bracket`), the others skipped.
pub const ONLY_VAR: &str = "BIANPAI_SCREENSHOT_ONLY";
/// The window's inner size in screenshot mode: a common laptop screen.
pub const WINDOW_SIZE: [f32; 2] = [1366.0, 768.0];

/// Frames drawn with the event open before the first view is shown (fonts, layout).
const LOAD_FRAMES: u32 = 5;
/// Frames drawn on each view before its screenshot is asked for.
const SETTLE_FRAMES: u32 = 3;
/// How long the whole walk may take before the window gives up and closes (a little
/// less than `tests/screens.rs` waits, so that it reads why).
const GIVE_UP: Duration = Duration::from_secs(55);

/// One screenshot: its file name (without `.png`), the view, the language and the theme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shot {
    pub name: String,
    pub view: View,
    pub lang: Lang,
    pub dark: bool,
}

/// The screenshot walk of one window.
pub struct Screenshots {
    dir: PathBuf,
    only: Option<Vec<String>>,
    /// The shots, planned once the event is open.
    plan: Option<Vec<Shot>>,
    next: usize,
    /// Frames drawn since the last step (the event opened, a view shown).
    frames: u32,
    /// The screenshot asked for, filled in by the renderer.
    taken: Option<Arc<Mutex<Option<Arc<ColorImage>>>>>,
    started: Instant,
}

impl std::fmt::Debug for Screenshots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Screenshots").field("dir", &self.dir).field("next", &self.next).finish_non_exhaustive()
    }
}

impl Screenshots {
    /// The walk asked for by the environment, or `None` (the usual window).
    pub fn from_env() -> Option<Screenshots> {
        let dir = PathBuf::from(std::env::var_os(DIR_VAR).filter(|d| !d.is_empty())?);
        let only = std::env::var(ONLY_VAR)
            .ok()
            .map(|names| names.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect());
        Some(Screenshots { dir, only, plan: None, next: 0, frames: 0, taken: None, started: Instant::now() })
    }

    /// The window options of this mode: 1366×768 whatever size was remembered, and
    /// eframe's storage in a fresh folder (returned: keep it until the window closes),
    /// so no remembered window, zoom or preferences change the pictures.
    ///
    /// # Errors
    /// When the temporary folder cannot be made.
    pub fn window_options(&self, options: &mut eframe::NativeOptions) -> std::io::Result<tempfile::TempDir> {
        let storage = tempfile::tempdir()?;
        options.viewport = options.viewport.clone().with_inner_size(WINDOW_SIZE);
        options.persist_window = false;
        options.persistence_path = Some(storage.path().join("storage.ron"));
        Ok(storage)
    }

    /// One step of the walk, before the app draws its frame: wait for the event, show the
    /// next view, ask for its screenshot, write it, and close the window after the last.
    pub fn before_frame(&mut self, ctx: &egui::Context, app: &mut BianpaiApp) {
        ctx.request_repaint();
        self.frames += 1;
        if self.started.elapsed() > GIVE_UP {
            return self.finish(ctx, Some("the screenshots took too long"));
        }
        let Some(plan) = &self.plan else {
            if app.session.is_busy() || self.frames < LOAD_FRAMES {
                return;
            }
            let Some(event) = app.event() else {
                return self.finish(ctx, Some("the event file could not be opened"));
            };
            self.plan = Some(plan(event, self.only.as_deref()));
            return self.show(app);
        };
        let Some(shot) = plan.get(self.next) else {
            return self.finish(ctx, None);
        };
        match &self.taken {
            None if self.frames > SETTLE_FRAMES && !app.session.is_busy() => {
                let slot = Arc::new(Mutex::new(None));
                let filled = Arc::clone(&slot);
                ctx.request_screenshot(move |image| {
                    if let Ok(mut s) = filled.lock() {
                        *s = Some(image);
                    }
                });
                self.taken = Some(slot);
            }
            None => {}
            Some(slot) => {
                let image = slot.lock().ok().and_then(|mut s| s.take());
                if let Some(image) = image {
                    let path = self.dir.join(format!("{}.png", shot.name));
                    if let Err(e) = write_png(&path, &image) {
                        return self.finish(ctx, Some(&format!("{}: {e}", path.display())));
                    }
                    self.taken = None;
                    self.next += 1;
                    self.show(app);
                }
            }
        }
    }

    /// Shows the next planned view (nothing after the last).
    fn show(&mut self, app: &mut BianpaiApp) {
        self.frames = 0;
        if let Some(shot) = self.plan.as_ref().and_then(|p| p.get(self.next)) {
            app.view = shot.view;
            app.lang = shot.lang;
            app.dark = shot.dark;
        }
    }

    /// Closes the window, saying on standard error why when the walk did not complete.
    fn finish(&mut self, ctx: &egui::Context, failed: Option<&str>) {
        if let Some(why) = failed {
            eprintln!("bianpai: screenshots: {why}");
        }
        self.plan = Some(Vec::new());
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// The window's input in this mode: no pointer, keys or focus, so that nothing is
    /// hovered and no text cursor blinks.
    pub fn steady_input(raw_input: &mut egui::RawInput) {
        raw_input.events.clear();
        raw_input.focused = false;
    }
}

/// The shots of an event, in the side panel's order, then the standings in English and
/// the pairings in the dark theme:
/// the teams only when a stage plays teams, the bracket only when one is a knockout;
/// with `only`, just the names listed.
pub fn plan(event: &Event, only: Option<&[String]>) -> Vec<Shot> {
    let stages = || event.groups.iter().flat_map(|g| &g.stages);
    let teams = event.team_ranking.is_some() || stages().any(|s| s.teams.is_some());
    let knockout = stages().any(|s| s.kind == StageKind::Knockout);
    let mut shots: Vec<Shot> = View::ALL
        .into_iter()
        .filter(|v| match v {
            View::Teams => teams,
            View::Bracket => knockout,
            _ => true,
        })
        .map(|view| Shot { name: name(view).to_string(), view, lang: Lang::Zh, dark: false })
        .collect();
    shots.push(Shot { name: "standings-en".to_string(), view: View::Standings, lang: Lang::En, dark: false });
    shots.push(Shot { name: "pairings-dark".to_string(), view: View::Pairings, lang: Lang::Zh, dark: true });
    shots.retain(|s| only.is_none_or(|names| names.contains(&s.name)));
    shots
}

/// The file name of a view's screenshot.
fn name(view: View) -> &'static str {
    match view {
        View::Event => "event",
        View::Roster => "roster",
        View::Teams => "teams",
        View::Pairings => "pairings",
        View::Results => "results",
        View::Bracket => "bracket",
        View::Standings => "standings",
        View::Prizes => "prizes",
        View::Money => "money",
        View::History => "history",
    }
}

/// Writes `image` as an 8-bit RGB PNG (the window is opaque: alpha is dropped).
fn write_png(path: &Path, image: &ColorImage) -> Result<(), String> {
    let [width, height] = image.size;
    let rgb: Vec<u8> = image.pixels.iter().flat_map(|c| [c.r(), c.g(), c.b()]).collect();
    let file = std::fs::File::create(path).map_err(|e| e.to_string())?;
    let (w, h) = (u32::try_from(width).map_err(|e| e.to_string())?, u32::try_from(height).map_err(|e| e.to_string())?);
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&rgb).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 39, item 9: the demo's walk names every view but the teams and the bracket,
    // then the standings in English; a knockout adds the bracket; `only` picks.
    #[test]
    fn the_walk_follows_the_event() {
        let demo = crate::domain::demo::demo_event(3).unwrap();
        let names: Vec<String> = plan(&demo, None).into_iter().map(|s| s.name).collect();
        let expected = [
            "event",
            "roster",
            "pairings",
            "results",
            "standings",
            "prizes",
            "money",
            "history",
            "standings-en",
            "pairings-dark",
        ];
        assert_eq!(names, expected);
        let cup = crate::domain::presets::build("lingting-cup", None, None).unwrap();
        assert!(plan(&cup, None).iter().any(|s| s.view == View::Bracket));
        let only = ["bracket".to_string()];
        assert_eq!(
            plan(&cup, Some(&only)),
            vec![Shot { name: "bracket".into(), view: View::Bracket, lang: Lang::Zh, dark: false }]
        );
        let team = crate::domain::presets::build("cxa-team", None, None).unwrap();
        assert!(plan(&team, None).iter().any(|s| s.view == View::Teams));
    }
}
