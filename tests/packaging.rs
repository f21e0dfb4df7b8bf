//! Packaging (issue 9): the version the binary reports, the Debian package's contents
//! (built from the debug binary with dpkg-deb, as CI does), the desktop entry's command
//! lines and the `.bianpai` MIME type against real event files.

use crate::common;

use common::{bianpai, code, ok};

use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const ICON_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];
const MIME_TYPE: &str = "application/x-bianpai";

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of `key=` in a desktop entry.
fn desktop_value(entry: &str, key: &str) -> String {
    let prefix = format!("{key}=");
    let line = entry.lines().find(|l| l.starts_with(&prefix));
    line.unwrap_or_else(|| panic!("no {key}= in the desktop entry:\n{entry}"))[prefix.len()..].to_string()
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{} is not a PNG", path.display());
    let be = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (be(16), be(20))
}

/// The Exec line's arguments for a launch with `file` (`None`: from the menu, where
/// `%f` expands to nothing), as `main` receives them.
fn exec_args(entry: &str, file: Option<&str>) -> Vec<OsString> {
    desktop_value(entry, "Exec")
        .split(' ')
        .filter_map(|arg| match (arg, file) {
            ("%f", Some(f)) => Some(OsString::from(f)),
            ("%f", None) => None,
            (a, _) => Some(OsString::from(a)),
        })
        .collect()
}

// Issue 9: `--version` prints the version of Cargo.toml, which every package carries.
#[test]
fn version_is_the_cargo_package_version() {
    let out = bianpai(&["--version"]);
    assert_eq!(code(&out), 0);
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("bianpai {}\n", env!("CARGO_PKG_VERSION")));
}

// Issue 9: the AppStream release list starts at the version being packaged.
#[test]
fn metainfo_newest_release_is_the_cargo_version() {
    let metainfo = read(&repo("packaging/linux/io.github.bianpai.Bianpai.metainfo.xml"));
    let first = metainfo.find("<release ").expect("a <release> in the metainfo");
    let expected = format!("<release version=\"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(metainfo[first..].starts_with(&expected), "newest release is not {expected}");
}

// Issue 9: every committed icon has the size its hicolor folder names.
#[test]
fn icons_have_the_sizes_of_their_folders() {
    for size in ICON_SIZES {
        let png = repo(&format!("packaging/icons/hicolor/{size}x{size}/apps/bianpai.png"));
        assert_eq!(png_size(&png), (size, size), "{}", png.display());
    }
}

// Issue 9: launched from the menu, the desktop entry opens the window on the demo event.
#[test]
fn desktop_entry_from_the_menu_opens_the_window() {
    let entry = read(&repo("packaging/linux/bianpai.desktop"));
    let args = exec_args(&entry, None);
    assert_eq!(args, ["bianpai"]);
    assert!(matches!(bianpai::cli::run(args), bianpai::cli::Action::Window(None)));
}

// Issue 9: double-clicking an event file runs `bianpai FILE` here and on Windows
// (cargo-packager registers `bianpai.exe "%1"`); the CLI must open the window on it.
#[test]
fn desktop_entry_with_a_file_opens_the_window_on_it() {
    let entry = read(&repo("packaging/linux/bianpai.desktop"));
    let args = exec_args(&entry, Some("/tmp/周末快棋赛.bianpai"));
    match bianpai::cli::run(args) {
        bianpai::cli::Action::Window(Some(file)) => assert_eq!(file, Path::new("/tmp/周末快棋赛.bianpai")),
        _ => panic!("the desktop entry's command line does not open the file"),
    }
}

// Issue 9: on Wayland the compositor finds the icon through the window's app_id, which
// must be the desktop entry's name.
#[test]
fn window_app_id_is_the_desktop_entry_name() {
    let ui = read(&repo("src/ui.rs"));
    assert!(ui.contains(".with_app_id(\"bianpai\")"), "src/ui.rs no longer sets app_id \"bianpai\"");
    assert!(repo("packaging/linux/bianpai.desktop").is_file());
    let entry = read(&repo("packaging/linux/bianpai.desktop"));
    assert_eq!(desktop_value(&entry, "StartupWMClass"), "bianpai");
}

// Issue 9: the MIME type's magic (SQLite header + application_id "BPAI" at byte 68)
// matches a real event file, so a renamed event file is still recognised.
#[test]
fn mime_magic_matches_a_real_event_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.bianpai");
    ok(&["new", file.to_str().unwrap(), "--preset", "cxa-swiss", "--rounds", "5"]);
    let bytes = fs::read(&file).unwrap();
    let xml = read(&repo("packaging/linux/bianpai-mime.xml"));
    assert!(xml.contains(&format!("type=\"{MIME_TYPE}\"")) && xml.contains("<glob pattern=\"*.bianpai\"/>"));
    let mut matches = 0;
    for rest in xml.split("<match ").skip(1) {
        let attr = |name: &str| {
            let start = rest.find(&format!("{name}=\"")).expect("match attribute") + name.len() + 2;
            rest[start..start + rest[start..].find('"').expect("closing quote")].to_string()
        };
        assert_eq!(attr("type"), "string");
        let offset: usize = attr("offset").parse().unwrap();
        let value = attr("value");
        assert_eq!(&bytes[offset..offset + value.len()], value.as_bytes(), "magic at offset {offset}");
        matches += 1;
    }
    assert_eq!(matches, 2, "the SQLite header and the application_id");
    assert_eq!(&bianpai::store::schema::APPLICATION_ID.to_be_bytes(), b"BPAI");
}

/// Runs a command, panicking with its output when it fails.
fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

// Issue 9: the .deb (here assembled around the debug binary by packaging/build-deb.sh,
// from the same asset list cargo-deb uses) installs a working binary, the desktop
// entry, the icons, the MIME type and the AppStream metadata.
#[test]
fn deb_installs_binary_desktop_entry_icons_and_mime_type() {
    if Command::new("dpkg-deb").arg("--version").output().is_err() {
        eprintln!("dpkg-deb is not installed: the .deb is not checked on this machine");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let deb = run(Command::new(repo("packaging/build-deb.sh"))
        .args(["--binary", env!("CARGO_BIN_EXE_bianpai"), "--out"])
        .arg(&out));
    let deb = PathBuf::from(deb.trim());
    assert_eq!(deb.parent(), Some(out.as_path()));
    let fields = run(Command::new("dpkg-deb").arg("--field").arg(&deb).args(["Package", "Version"]));
    assert_eq!(fields, format!("Package: bianpai\nVersion: {}-1\n", env!("CARGO_PKG_VERSION")));

    let root = dir.path().join("root");
    run(Command::new("dpkg-deb").arg("-x").arg(&deb).arg(&root));

    let binary = root.join("usr/bin/bianpai");
    assert_ne!(fs::metadata(&binary).unwrap().permissions().mode() & 0o111, 0, "usr/bin/bianpai is not executable");
    let version = run(Command::new(&binary).arg("--version"));
    assert_eq!(version, format!("bianpai {}\n", env!("CARGO_PKG_VERSION")));

    let entry = read(&root.join("usr/share/applications/bianpai.desktop"));
    assert_eq!(exec_args(&entry, None), ["bianpai"]);
    assert_eq!(desktop_value(&entry, "Icon"), "bianpai");
    assert!(desktop_value(&entry, "MimeType").split(';').any(|t| t == MIME_TYPE));
    assert_eq!(desktop_value(&entry, "Name[zh_CN]"), "编排"); // Chinese by default

    for size in ICON_SIZES {
        let png = root.join(format!("usr/share/icons/hicolor/{size}x{size}/apps/bianpai.png"));
        assert_eq!(png_size(&png), (size, size), "{}", png.display());
    }
    assert!(root.join("usr/share/icons/hicolor/scalable/apps/bianpai.svg").is_file());

    let mime = read(&root.join("usr/share/mime/packages/bianpai.xml"));
    assert!(mime.contains(&format!("<mime-type type=\"{MIME_TYPE}\">")));
    let metainfo = read(&root.join("usr/share/metainfo/io.github.bianpai.Bianpai.metainfo.xml"));
    assert!(metainfo.contains("<launchable type=\"desktop-id\">bianpai.desktop</launchable>"));
    assert!(metainfo.contains(&format!("<mediatype>{MIME_TYPE}</mediatype>")));
    assert!(root.join("usr/share/doc/bianpai/OFL-NotoSansSC.txt").is_file(), "the embedded font's licence");
    assert!(root.join("usr/share/doc/bianpai/LICENSE-Phosphor.txt").is_file(), "the embedded icon font's licence");

    // Where shared-mime-info is installed, the MIME XML must compile into a database.
    if Command::new("update-mime-database").arg("-v").output().is_ok() {
        let mime_dir = root.join("usr/share/mime");
        run(Command::new("update-mime-database").arg(&mime_dir));
        assert!(mime_dir.join("application/x-bianpai.xml").is_file());
        assert!(read(&mime_dir.join("globs2")).contains(&format!("{MIME_TYPE}:*.bianpai")));
    }
}
