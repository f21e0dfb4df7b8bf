//! The look of the window does not regress (issue 39, item 9): the real `bianpai` window
//! runs under Xvfb at 1366×768 with Mesa's software GL in its screenshot mode
//! (`BIANPAI_SCREENSHOTS`), walks its views on four events — the bundled demo, a
//! 16-player knockout, a team event and a qualifier played out (the stage change) —
//! and each picture is compared with the README's image of the same name in
//! `assets/screenshots/`: the README's images are this test's goldens, so they always
//! show the current look.
//!
//! A picture passes when it has the golden's size and at most [`MAX_DIFFERING`] of its
//! pixels differ from the golden's by more than [`CHANNEL_TOLERANCE`] in a channel. Two
//! runs on one machine give the same pixels; the slack is for another Mesa's
//! anti-aliasing. A button's fill moved by 30 counts changed 5,600–39,000 pixels per
//! picture (0.5–3.8 %), the side panel 4 px wider 6,500–72,000: both fail. A failure
//! leaves the picture taken and a diff (differing pixels red) in `target/screens/`.
//!
//! After a deliberate change of the look, regenerate the goldens (and the README's
//! images) with `BIANPAI_UPDATE_SCREENS=1 cargo test --test all -- screens::`.
//!
//! Needs `Xvfb` and Mesa (Debian: xvfb, libgl1-mesa-dri, libegl1; `.ci/run` installs
//! them). Without `Xvfb` the test says why and passes locally, and fails under CI (`CI` set).

use crate::common;

use bianpai::domain::event::Event;
use bianpai::domain::ids::StageNo;
use bianpai::store::EventFile;
use common::showcase::{knockout_event, lingting_cup, play_round, team_event};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

/// A channel differing by more than this (of 255) makes a pixel count as differing.
const CHANNEL_TOLERANCE: u8 = 16;
/// The share of differing pixels a picture may have: 0.1 % (about 1,000 pixels).
const MAX_DIFFERING: f64 = 0.001;
/// How long one window may take for its walk before it is killed.
const WINDOW_TIMEOUT: Duration = Duration::from_secs(60);

/// The demo's pictures: every view that applies but the prizes (the demo has no prize
/// rules), the standings in English and the pairings in the dark theme.
const DEMO_SHOTS: &[&str] =
    &["event", "roster", "pairings", "results", "standings", "money", "history", "standings-en", "pairings-dark"];
/// The knockout's: the bracket, and the prizes of the `lingting-cup` rules.
const KNOCKOUT_SHOTS: &[&str] = &["bracket", "prizes"];

// Issue 39, item 9: every panel's look, as the README shows it, from the real window.
#[test]
fn the_window_looks_as_the_readme_shows() {
    let Some(xvfb) = find_on_path("Xvfb") else {
        let why = "screens: Xvfb is not installed (Debian: apt-get install xvfb libgl1-mesa-dri libegl1)";
        assert!(std::env::var_os("CI").is_none(), "{why}; CI must run this test");
        eprintln!("{why}: the screenshot test is skipped");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let display = Xvfb::start(&xvfb);
    let demo = dir.path().join("演示赛.bianpai");
    bianpai::ui::create_demo_file(&demo).unwrap();
    let knockout = dir.path().join("淘汰赛.bianpai");
    EventFile::create(&knockout, &knockout_event()).unwrap();
    let teams = dir.path().join("团体赛.bianpai");
    EventFile::create(&teams, &team_event()).unwrap();
    let qualifier = dir.path().join("海选赛.bianpai");
    EventFile::create(&qualifier, &qualifier_played_out()).unwrap();

    let mut taken = Vec::new();
    for (file, shots) in [(&demo, DEMO_SHOTS), (&knockout, KNOCKOUT_SHOTS), (&teams, &["teams"][..])] {
        taken.extend(walk(&display.name, dir.path(), file, shots));
    }
    // The qualifier played out: its pairing page offers 结束阶段并晋级 (the README's stage change).
    let (_, pairings) = walk(&display.name, dir.path(), &qualifier, &["pairings"]).remove(0);
    taken.push(("stage-change".to_string(), pairings));
    let update = std::env::var_os("BIANPAI_UPDATE_SCREENS").is_some();
    let goldens = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/screenshots");
    let failed: Vec<String> = taken
        .iter()
        .filter_map(|(name, picture)| {
            let golden = goldens.join(format!("{name}.png"));
            if update {
                std::fs::copy(picture, &golden).unwrap();
                return None;
            }
            compare(name, picture, &golden).err()
        })
        .collect();
    assert!(failed.is_empty(), "the window's look changed:\n{}", failed.join("\n"));
}

/// Runs the window on `file` (named relative to `dir`, so that the status bar shows
/// the file name only) in screenshot mode; returns each picture's name and path.
fn walk(display: &str, dir: &Path, file: &Path, shots: &[&str]) -> Vec<(String, PathBuf)> {
    let out = dir.join(format!("out-{}", file.file_stem().unwrap().to_string_lossy()));
    let home = dir.join("home");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let mut window = Process::new(env!("CARGO_BIN_EXE_bianpai"));
    window
        .arg(file.file_name().unwrap())
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("DISPLAY", display)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .env("TMPDIR", dir)
        .env("LANG", "C.UTF-8")
        .env("TZ", "UTC")
        .env("USER", "director")
        .env("LIBGL_ALWAYS_SOFTWARE", "1")
        .env("WINIT_X11_SCALE_FACTOR", "1")
        .env("BIANPAI_SCREENSHOTS", &out)
        .env("BIANPAI_SCREENSHOT_ONLY", shots.join(","))
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = window.spawn().unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > WINDOW_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the window on {} did not finish its screenshots within {} s:\n{}",
                file.display(),
                WINDOW_TIMEOUT.as_secs(),
                stderr_of(&mut child)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let said = stderr_of(&mut child);
    assert!(status.success(), "the window on {} ended with {status}:\n{said}", file.display());
    shots
        .iter()
        .map(|name| {
            let picture = out.join(format!("{name}.png"));
            assert!(picture.exists(), "the window on {} wrote no {name}.png:\n{said}", file.display());
            (name.to_string(), picture)
        })
        .collect()
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut err, &mut text);
    }
    text
}

/// Compares a picture with its golden; on a difference, writes the picture and a diff
/// into `target/screens/` and says where.
fn compare(name: &str, picture: &Path, golden: &Path) -> Result<(), String> {
    let update = "BIANPAI_UPDATE_SCREENS=1 cargo test --test all -- screens::";
    if !golden.exists() {
        return Err(format!("{name}: no golden {} (make it with `{update}`)", golden.display()));
    }
    let (actual, expected) = (read_rgb(picture), read_rgb(golden));
    let failed_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("screens");
    std::fs::create_dir_all(&failed_dir).unwrap();
    let kept = failed_dir.join(format!("{name}.actual.png"));
    if (actual.width, actual.height) != (expected.width, expected.height) {
        std::fs::copy(picture, &kept).unwrap();
        return Err(format!(
            "{name}: {}×{} instead of the golden's {}×{} (taken: {})",
            actual.width,
            actual.height,
            expected.width,
            expected.height,
            kept.display()
        ));
    }
    let differs: Vec<bool> = actual
        .pixels
        .chunks(3)
        .zip(expected.pixels.chunks(3))
        .map(|(a, e)| a.iter().zip(e).any(|(a, e)| a.abs_diff(*e) > CHANNEL_TOLERANCE))
        .collect();
    let count = differs.iter().filter(|d| **d).count();
    let share = count as f64 / differs.len() as f64;
    if share <= MAX_DIFFERING {
        return Ok(());
    }
    std::fs::copy(picture, &kept).unwrap();
    let diff_path = failed_dir.join(format!("{name}.diff.png"));
    let diff: Vec<u8> = differs
        .iter()
        .zip(expected.pixels.chunks(3))
        .flat_map(|(d, e)| {
            let grey = ((u32::from(e[0]) + u32::from(e[1]) + u32::from(e[2])) / 12 + 160) as u8;
            if *d { [255, 0, 0] } else { [grey, grey, grey] }
        })
        .collect();
    write_rgb(&diff_path, actual.width, actual.height, &diff);
    Err(format!(
        "{name}: {count} pixels ({:.2} %, more than {:.1} %) differ from {}; taken: {}, diff: {} (if the change is meant, `{update}`)",
        share * 100.0,
        MAX_DIFFERING * 100.0,
        golden.display(),
        kept.display(),
        diff_path.display()
    ))
}

/// A decoded picture, 8-bit RGB.
struct Rgb {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

fn read_rgb(path: &Path) -> Rgb {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    buf.truncate(info.buffer_size());
    let pixels = match channels {
        3 => buf,
        4 => buf.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        1 => buf.iter().flat_map(|g| [*g, *g, *g]).collect(),
        2 => buf.chunks(2).flat_map(|p| [p[0], p[0], p[0]]).collect(),
        n => panic!("{}: {n} channels", path.display()),
    };
    Rgb { width: info.width, height: info.height, pixels }
}

fn write_rgb(path: &Path, width: u32, height: u32, pixels: &[u8]) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(pixels).unwrap();
    writer.finish().unwrap();
}

fn find_on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(program)).find(|p| p.is_file())
}

/// An Xvfb server on a free display, stopped when dropped.
struct Xvfb {
    child: Child,
    /// `:N`.
    name: String,
}

impl Xvfb {
    fn start(program: &Path) -> Xvfb {
        // -displayfd 1: Xvfb picks a free display and writes its number on stdout.
        let mut child = Process::new(program)
            .args(["-displayfd", "1", "-screen", "0", "1366x768x24", "-nolisten", "tcp", "-noreset"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let number = line.trim();
        assert!(!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()), "Xvfb said no display: {line:?}");
        Xvfb { child, name: format!(":{number}") }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `lingting-cup` event with its qualifier's one round played, not yet closed.
fn qualifier_played_out() -> Event {
    let mut event = lingting_cup();
    play_round(&mut event, StageNo(1), 11, |_, _| true);
    event
}
