//! The "save to a file" window shared by the menus that write documents (打印 → 另存为
//! PDF…, 导出): a path field, prefilled beside the event file, a 浏览… button that asks
//! the system's file dialog (rfd) starting in that folder, 保存 and 取消. When no system
//! dialog can be shown the path field is the way. Enter saves, Esc cancels.

use super::i18n::Lang;
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
}

impl SaveDialog {
    /// A window for `file_name` in `folder` (the event file's folder, else the user's
    /// documents folder — never the process's working directory).
    pub fn new(title: String, folder: Option<&Path>, file_name: &str, filter: (&'static str, &'static str)) -> Self {
        let folder = folder.map(Path::to_path_buf).or_else(documents_folder);
        let path = match folder {
            Some(dir) => dir.join(file_name).display().to_string(),
            None => file_name.to_string(),
        };
        SaveDialog { title, path, filter, focus: true }
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
/// (and closes the window), `None` while it stays open or after 取消.
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
            let mut entered = false;
            ui.horizontal(|ui| {
                let name = ui.label(lang.t("文件路径", "Path"));
                let field =
                    ui.add(egui::TextEdit::singleline(&mut state.path).desired_width(360.0)).labelled_by(name.id);
                if state.focus {
                    field.request_focus();
                    state.focus = false;
                }
                entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                if ui.button(lang.t("浏览…", "Browse…")).clicked() {
                    browse(state);
                }
            });
            ui.horizontal(|ui| {
                let path = state.chosen_path();
                let save = ui.add_enabled(path.is_some(), egui::Button::new(lang.t("保存", "Save")));
                if let Some(path) = path.filter(|_| save.clicked() || entered) {
                    saved = Some(path);
                    done = true;
                }
                if ui.button(lang.t("取消", "Cancel")).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    done = true;
                }
            });
        });
    if done || !open {
        *dialog = None;
    }
    saved
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

    #[test]
    fn files_go_beside_the_event_but_not_beside_the_demo() {
        assert_eq!(folder_beside(Some(Path::new("/events/杯.bianpai"))), Some(PathBuf::from("/events")));
        let demo = std::env::temp_dir().join(format!("{DEMO_FILE_PREFIX}42.bianpai"));
        assert!(is_demo_file(&demo));
        assert_eq!(folder_beside(Some(&demo)), documents_folder());
        assert_eq!(folder_beside(None), documents_folder());
    }
}
