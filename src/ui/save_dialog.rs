//! The "save to a file" window shared by the menus that write documents (打印 → 另存为
//! PDF…, 导出): a path field, prefilled beside the event file, a 浏览… button that asks
//! the system's file dialog (rfd) starting in that folder, 保存 and 取消. When no system
//! dialog can be shown the path field is the way. Enter saves, Esc cancels.

use super::dialog::{Answer, Confirmation, confirmation_ui};
use crate::lang::Lang;
use egui::Key;
use std::path::{Path, PathBuf};

/// One open save window.
#[derive(Debug, Clone)]
pub struct SaveDialog {
    /// The window's title: `另存为 PDF — 对阵表`.
    pub title: String,
    /// The path typed or chosen.
    pub path: String,
    /// The file type's name and extension, for the system dialog and a bare name.
    pub filter: (&'static str, &'static str),
    /// The path field takes the focus on the next frame.
    focus: bool,
    /// An existing file the director chose, waiting for 替换 or 不替换 (issue 39 item 2),
    /// and whether its question was shown before this frame.
    replacing: Option<(PathBuf, bool)>,
}

impl SaveDialog {
    /// A window for `file_name` in `folder` (the event file's folder, else the user's
    /// documents folder — never the process's working directory).
    pub fn new(title: String, folder: Option<&Path>, file_name: &str, filter: (&'static str, &'static str)) -> Self {
        let folder = folder.map(Path::to_path_buf).or_else(documents_folder);
        // The proposed file is never one already there (issue 39 item 2).
        let path = match folder {
            Some(dir) => unused_path(&dir.join(file_name), |p| p.exists()).display().to_string(),
            None => file_name.to_string(),
        };
        SaveDialog { title, path, filter, focus: true, replacing: None }
    }

    /// The typed path with the file type's extension added when it has none; `None`
    /// when empty.
    pub fn chosen_path(&self) -> Option<PathBuf> {
        let text = self.path.trim();
        if text.is_empty() {
            return None;
        }
        let mut path = PathBuf::from(text);
        if path.extension().is_none() {
            path.set_extension(self.filter.1);
        }
        Some(path)
    }
}

/// `path` when `exists` says it is free, else the first free `name (2).ext`,
/// `name (3).ext` … beside it: a proposed name never replaces a file.
pub fn unused_path(path: &Path, exists: impl Fn(&Path) -> bool) -> PathBuf {
    if !exists(path) {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    (2..10_000)
        .map(|n| path.with_file_name(format!("{stem} ({n}){ext}")))
        .find(|p| !exists(p))
        .unwrap_or_else(|| path.to_path_buf())
}

/// The folder where new files go when no event file is open (or it lives in the
/// temporary folder, as the demo does): the user's documents folder.
pub fn documents_folder() -> Option<PathBuf> {
    dirs::document_dir().or_else(dirs::home_dir)
}

/// How the demo event's file is named, in the temporary folder.
pub const DEMO_FILE_PREFIX: &str = "bianpai-demo-";

/// Whether `path` is the demo event's file (in the temporary folder, removed on exit).
pub fn is_demo_file(path: &Path) -> bool {
    path.parent() == Some(std::env::temp_dir().as_path())
        && path.file_name().is_some_and(|n| n.to_string_lossy().starts_with(DEMO_FILE_PREFIX))
}

/// The folder to propose for a file written from the event at `event_path`: the event
/// file's own folder; for the demo (a temporary file) or without a file, the user's
/// documents folder.
pub fn folder_beside(event_path: Option<&Path>) -> Option<PathBuf> {
    let dir = event_path.filter(|p| !is_demo_file(p)).and_then(Path::parent).filter(|d| !d.as_os_str().is_empty());
    match dir {
        Some(dir) => Some(dir.to_path_buf()),
        None => documents_folder(),
    }
}

/// Draws the window while `dialog` is open; returns the path the director saved to
/// (and closes the window), `None` while it stays open or after 取消. A file already
/// there is replaced only after the director says so (issue 39 item 2).
pub fn save_dialog_ui(ctx: &egui::Context, dialog: &mut Option<SaveDialog>, lang: Lang) -> Option<PathBuf> {
    let state = dialog.as_mut()?;
    let mut open = true;
    let mut done = false;
    let mut saved = None;
    egui::Window::new(state.title.as_str())
        .id(egui::Id::unique("bianpai-save-dialog"))
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            if state.replacing.is_some() {
                saved = replace_question_ui(ui, state, lang);
                done = saved.is_some();
                return;
            }
            let (chosen, cancelled) = path_and_buttons_ui(ui, state, lang);
            done = cancelled;
            match chosen {
                Some(path) if path.exists() => state.replacing = Some((path, false)),
                Some(path) => {
                    saved = Some(path);
                    done = true;
                }
                None => {}
            }
        });
    if done || !open {
        *dialog = None;
    }
    saved
}

/// The path row and the 保存 / 取消 buttons: the path chosen, and whether 取消 (or Esc)
/// was pressed.
fn path_and_buttons_ui(ui: &mut egui::Ui, state: &mut SaveDialog, lang: Lang) -> (Option<PathBuf>, bool) {
    let mut entered = false;
    ui.horizontal(|ui| {
        let name = ui.label(lang.t("文件路径", "Path"));
        let field = ui.add(egui::TextEdit::singleline(&mut state.path).desired_width(360.0)).labelled_by(name.id);
        if state.focus {
            field.request_focus();
            state.focus = false;
        }
        entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button(lang.t("浏览…", "Browse…")).clicked() {
            browse(state);
        }
    });
    let mut chosen = None;
    let mut cancelled = false;
    ui.horizontal(|ui| {
        let path = state.chosen_path();
        let save = ui.add_enabled(path.is_some(), egui::Button::new(lang.t("保存", "Save")));
        chosen = path.filter(|_| save.clicked() || entered);
        cancelled = ui.button(lang.t("取消", "Cancel")).clicked() || ui.input(|i| i.key_pressed(Key::Escape));
    });
    (chosen, cancelled)
}

/// Asks whether the existing file may be replaced: the path on 替换, else back to the
/// path field with the file kept.
fn replace_question_ui(ui: &mut egui::Ui, state: &mut SaveDialog, lang: Lang) -> Option<PathBuf> {
    let (path, keys_live) = state.replacing.clone()?;
    let question = Confirmation {
        id: "bianpai-save-replace",
        width: 420.0,
        accept: lang.t("替换 (Enter)", "Replace (Enter)"),
        cancel: lang.t("不替换 (Esc)", "Keep it (Esc)"),
        keys_live,
    };
    let answer = confirmation_ui(ui, question, |ui| {
        ui.label(format!("{}\n{}", lang.t("这个文件已经存在：", "This file already exists:"), path.display()));
        ui.label(lang.t("替换它吗？原来的内容将会丢失。", "Replace it? What it holds now will be lost."));
    });
    match answer {
        Some(Answer::Accepted) => {
            state.replacing = None;
            Some(path)
        }
        Some(Answer::Cancelled) => {
            state.replacing = None;
            state.focus = true;
            None
        }
        None => {
            state.replacing = Some((path, true));
            None
        }
    }
}

/// The system's save dialog, starting in the folder of the typed path (modal: the
/// native chooser holds the window until it closes).
fn browse(state: &mut SaveDialog) {
    let typed = PathBuf::from(state.path.trim());
    let mut chooser =
        rfd::FileDialog::new().set_title(state.title.as_str()).add_filter(state.filter.0, &[state.filter.1]);
    if let Some(dir) = typed.parent().filter(|d| d.is_dir()) {
        chooser = chooser.set_directory(dir);
    }
    if let Some(name) = typed.file_name() {
        chooser = chooser.set_file_name(name.to_string_lossy());
    }
    if let Some(picked) = chooser.save_file() {
        state.path = picked.display().to_string();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_path_gets_the_extension_and_a_bare_name_a_folder() {
        let mut d = SaveDialog::new("t".into(), Some(Path::new("/events")), "对阵表.pdf", ("PDF", "pdf"));
        assert_eq!(d.chosen_path(), Some(PathBuf::from("/events/对阵表.pdf")));
        d.path = " a/b ".into();
        assert_eq!(d.chosen_path(), Some(PathBuf::from("a/b.pdf")));
        d.path = "a/b.PDF".into();
        assert_eq!(d.chosen_path(), Some(PathBuf::from("a/b.PDF")));
        d.path = "  ".into();
        assert_eq!(d.chosen_path(), None);
    }

    // Issue 39 item 2: round 5's sheet silently replaced round 1's.
    #[test]
    fn a_proposed_path_is_numbered_past_the_files_already_there() {
        let taken = [PathBuf::from("/e/对阵表-少年组-第5轮.pdf"), PathBuf::from("/e/对阵表-少年组-第5轮 (2).pdf")];
        let exists = |p: &Path| taken.iter().any(|t| t == p);
        let free = unused_path(Path::new("/e/对阵表-少年组-第6轮.pdf"), exists);
        assert_eq!(free, PathBuf::from("/e/对阵表-少年组-第6轮.pdf"));
        let numbered = unused_path(Path::new("/e/对阵表-少年组-第5轮.pdf"), exists);
        assert_eq!(numbered, PathBuf::from("/e/对阵表-少年组-第5轮 (3).pdf"));
    }

    #[test]
    fn files_go_beside_the_event_but_not_beside_the_demo() {
        assert_eq!(folder_beside(Some(Path::new("/events/杯.bianpai"))), Some(PathBuf::from("/events")));
        let demo = std::env::temp_dir().join(format!("{DEMO_FILE_PREFIX}42.bianpai"));
        assert!(is_demo_file(&demo));
        assert_eq!(folder_beside(Some(&demo)), documents_folder());
        assert_eq!(folder_beside(None), documents_folder());
    }
}
