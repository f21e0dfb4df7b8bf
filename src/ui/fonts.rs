//! Chinese glyphs for the window. egui ships Latin and Cyrillic fonts only, so a CJK
//! font is added as a fallback after egui's defaults, for both the proportional and
//! the monospace family.
//!
//! Where the font comes from, first found wins:
//! 1. a `.ttf`/`.otf`/`.ttc` file in `assets/fonts/` — next to the executable, in
//!    `../share/bianpai/fonts/` beside it (installed packages), or in the source tree
//!    of a development build. None is bundled yet: when Noto Sans SC is added there,
//!    it should be compiled in with `include_bytes!` so that every machine renders the
//!    same;
//! 2. a well-known system CJK font (Noto CJK, WenQuanYi, Droid Sans Fallback on Linux;
//!    Microsoft YaHei or SimSun on Windows; PingFang or STHeiti on macOS).
//!
//! Without any of them the app still runs, showing boxes for Chinese text.

use egui::{FontData, FontFamily, FontInsert, FontPriority, InsertFontFamily};
use std::path::{Path, PathBuf};

/// The name the CJK font is registered under in egui's font definitions.
pub const CJK_FONT_NAME: &str = "bianpai-cjk";

/// Well-known system CJK fonts with the face to use in a collection (`.ttc`): for
/// Noto Sans CJK the collection holds JP, KR, SC, TC, HK in that order, so SC is 2.
const SYSTEM_FONTS: [(&str, u32); 16] = [
    // Linux: Debian/Ubuntu, Fedora, Arch.
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 2),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
    ("/usr/share/fonts/google-droid/DroidSansFallback.ttf", 0),
    // Windows.
    ("C:\\Windows\\Fonts\\msyh.ttc", 0),
    ("C:\\Windows\\Fonts\\simsun.ttc", 0),
    // macOS.
    ("/System/Library/Fonts/PingFang.ttc", 0),
    ("/System/Library/Fonts/STHeiti Light.ttc", 0),
    ("/System/Library/Fonts/STHeiti Medium.ttc", 0),
    ("/Library/Fonts/Arial Unicode.ttf", 0),
];

/// A CJK font file found on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontSource {
    /// The file.
    pub path: PathBuf,
    /// The face in a font collection (`.ttc`); 0 for a single font.
    pub index: u32,
}

/// Installs a CJK font as a fallback after egui's default fonts, for both the
/// proportional and the monospace family. Does nothing when no font is found.
pub fn install_fonts(ctx: &egui::Context) {
    let _ = install_fonts_reporting(ctx);
}

/// As [`install_fonts`], and says which font was installed (`None`: none found, or
/// none could be read).
pub fn install_fonts_reporting(ctx: &egui::Context) -> Option<FontSource> {
    let candidates = bundled_fonts().into_iter().chain(system_fonts());
    for source in candidates {
        if let Ok(bytes) = std::fs::read(&source.path) {
            let mut data = FontData::from_owned(bytes);
            data.index = source.index;
            ctx.add_font(FontInsert::new(
                CJK_FONT_NAME,
                data,
                vec![
                    InsertFontFamily { family: FontFamily::Proportional, priority: FontPriority::Lowest },
                    InsertFontFamily { family: FontFamily::Monospace, priority: FontPriority::Lowest },
                ],
            ));
            return Some(source);
        }
    }
    None
}

/// Font files in the `assets/fonts/` folders, sorted by path.
pub fn bundled_fonts() -> Vec<FontSource> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(exe_dir) = std::env::current_exe().ok().as_deref().and_then(Path::parent) {
        dirs.push(exe_dir.join("assets").join("fonts"));
        dirs.push(exe_dir.join("..").join("share").join("bianpai").join("fonts"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join("fonts"));
    let mut found = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<PathBuf> =
            entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| is_font_file(p)).collect();
        files.sort();
        found.extend(files.into_iter().map(|path| FontSource { path, index: 0 }));
    }
    found
}

/// The well-known system CJK fonts that exist on this machine, in order of preference.
pub fn system_fonts() -> Vec<FontSource> {
    SYSTEM_FONTS
        .iter()
        .map(|(path, index)| FontSource { path: PathBuf::from(path), index: *index })
        .filter(|s| s.path.is_file())
        .collect()
}

fn is_font_file(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| ["ttf", "otf", "ttc"].iter().any(|ext| e.eq_ignore_ascii_case(ext)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_files_are_recognised_by_extension() {
        assert!(!is_font_file(Path::new("/nonexistent/a.ttf")));
        assert!(!is_font_file(Path::new(env!("CARGO_MANIFEST_DIR"))));
    }

    #[test]
    fn installing_without_or_with_a_font_keeps_egui_working() {
        let ctx = egui::Context::default();
        let installed = install_fonts_reporting(&ctx);
        let mut output = None;
        let mut full = ctx.run_ui(egui::RawInput::default(), |ui| {
            output = Some(ui.label("编排 王喆").rect.width());
        });
        // Headless: no renderer takes the font atlas updates.
        full.textures_delta.clear();
        assert!(output.is_some_and(|w| w > 0.0));
        if installed.is_some() {
            let has = ctx.fonts_mut(|f| f.has_glyphs(&egui::FontId::proportional(14.0), "编排喆堃赟"));
            assert!(has);
        }
    }
}
