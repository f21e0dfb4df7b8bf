//! The window, or one panel alone, driven headless through egui_kittest with the
//! bundled CJK font installed (its missing-glyph check then checks the font's coverage).

use bianpai::ui::{BianpaiApp, Panel, PanelHost};
use egui_kittest::Harness;

/// How a test's window is set up.
#[derive(Debug, Clone, Copy)]
pub struct WindowSetup {
    /// Its size in points.
    pub size: [f32; 2],
    /// Check that every input widget has an accessible name (off for files that do not
    /// own every widget on screen, such as the top bar's selectors).
    pub accessibility_check: bool,
    /// The most steps `Harness::run` takes.
    pub max_steps: u64,
}

impl Default for WindowSetup {
    fn default() -> Self {
        WindowSetup { size: [1280.0, 860.0], accessibility_check: true, max_steps: 4 }
    }
}

/// The whole window over `app`.
pub fn app_harness(app: BianpaiApp, setup: WindowSetup) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(setup.size)
        .with_max_steps(setup.max_steps)
        .with_context_setup(bianpai::ui::fonts::install_fonts)
        .with_accessibility_check(setup.accessibility_check)
        .build_ui_state(|ui, app: &mut BianpaiApp| app.app_ui(ui), app)
}

/// One panel alone over the event its host holds in memory (no file, no worker), as
/// egui's demo tests each demo with `Harness::new_ui_state`.
pub fn panel_harness<P: Panel + 'static>(host: PanelHost<P>, setup: WindowSetup) -> Harness<'static, PanelHost<P>> {
    Harness::builder()
        .with_size(setup.size)
        .with_max_steps(setup.max_steps)
        .with_context_setup(bianpai::ui::fonts::install_fonts)
        .with_accessibility_check(setup.accessibility_check)
        .build_ui_state(|ui, host: &mut PanelHost<P>| host.host_ui(ui), host)
}

/// A new `cxa-swiss` event file named `name` at `path` with four grandmasters and
/// round 1 paired (seed 1), for the window's menus to print and export from.
pub fn four_players_paired(path: &std::path::Path, name: &str) -> bianpai::store::EventFile {
    use bianpai::domain::command::Command;
    use bianpai::domain::ids::{GroupId, StageNo};
    let event = bianpai::domain::presets::build("cxa-swiss", Some(name), Some(3)).unwrap();
    let mut f = bianpai::store::EventFile::create(path, &event).unwrap();
    let entries = ["王天一", "郑惟桐", "赵鑫鑫", "蒋川"]
        .iter()
        .map(|n| bianpai::domain::player::PlayerEntry { name: n.to_string(), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() })
        .unwrap();
    let round = bianpai::domain::swiss::pair_next_round(f.event(), GroupId(1), StageNo(1), 1).unwrap();
    f.execute(&Command::PairRound { group: GroupId(1), stage: StageNo(1), round }).unwrap();
    f
}

/// The whole window driven by a test.
pub type App = Harness<'static, BianpaiApp>;

/// Runs the queued input, draws frames until the worker has answered what it was sent,
/// then until the window is still.
///
/// The window takes the worker's answers itself, as it does on screen, rather than
/// through `Session::wait_idle`: an answer taken by `wait_idle` between frames is never
/// seen by the app's `poll`, so views that drop their caches on it would not.
pub fn settle(h: &mut App) {
    h.step();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while h.state_mut().session_mut().is_busy() {
        assert!(std::time::Instant::now() < deadline, "the worker did not answer in 30 s");
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    h.run();
}

/// Opens 导入名单… (Import roster…), types `csv` into its path field and reads it into
/// the preview, by the labels of the window's language `lang`.
pub fn read_into_import_preview(h: &mut App, csv: &std::path::Path, lang: bianpai::lang::Lang) {
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;
    let (open, path, read) = match lang {
        bianpai::lang::Lang::Zh => ("导入名单…", "文件路径", "读取预览"),
        bianpai::lang::Lang::En => ("Import roster…", "File path", "Read and preview"),
    };
    h.get_by_label(open).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, path).focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, path).type_text(&csv.display().to_string());
    h.run();
    h.get_by_label(read).click();
    h.run();
}

/// With the 打印 menu open: 另存为 PDF… → `item`, the path `out` (".pdf" is added)
/// typed into the save window, 保存; waits for the worker and returns the file's bytes.
pub fn save_pdf_from_menu(h: &mut App, item: &str, out: &std::path::Path) -> Vec<u8> {
    use egui_kittest::kittest::Queryable;
    h.get_by_label("另存为 PDF…").click();
    h.run_steps(2);
    h.get_all_by_label(item).last().unwrap_or_else(|| panic!("no {item} under 另存为 PDF…")).click();
    h.run_steps(2);
    h.get_by_label("文件路径").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.event(egui::Event::Text(out.display().to_string()));
    h.run_steps(1);
    h.get_by_label("保存").click();
    for _ in 0..3 {
        h.step();
        h.state_mut().session_mut().wait_idle(std::time::Duration::from_secs(20));
    }
    let pdf = out.with_extension("pdf");
    std::fs::read(&pdf).unwrap_or_else(|e| panic!("{}: {e}", pdf.display()))
}

/// Types `keys` into the focused widget: `\n` is Enter, `\x1b` Esc, anything else text.
pub fn type_keys(h: &App, keys: &str) {
    for c in keys.chars() {
        match c {
            '\n' => h.key_press(egui::Key::Enter),
            '\x1b' => h.key_press(egui::Key::Escape),
            c => h.event(egui::Event::Text(c.to_string())),
        }
    }
}

/// Clicks a view button of the side panel (its label may appear elsewhere too).
pub fn show_view(h: &mut App, label: &str, view: bianpai::ui::View) {
    use egui_kittest::kittest::{NodeT, Queryable};
    let button = h
        .get_all_by_label(label)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button && n.rect().right() <= 150.0)
        .unwrap_or_else(|| panic!("no view button {label}"));
    button.click();
    // The view may load something from the worker (the history) and show a spinner.
    settle(h);
    assert_eq!(h.state().view(), view);
}

/// 34 names of famous players, distinct in pinyin, for rosters of the window's tests.
pub const PLAYER_NAMES: [&str; 34] = [
    "王天一",
    "郑惟桐",
    "赵鑫鑫",
    "蒋川",
    "洪智",
    "许银川",
    "吕钦",
    "徐天红",
    "胡荣华",
    "柳大华",
    "李来群",
    "赵国荣",
    "陶汉明",
    "于幼华",
    "聂卫平",
    "孙勇征",
    "汪洋",
    "谢靖",
    "孟辰",
    "黄海林",
    "程鸣",
    "申鹏",
    "武俊强",
    "党斐",
    "左文静",
    "唐丹",
    "伍霞",
    "王琳娜",
    "陈幸琳",
    "赵冠芳",
    "金海英",
    "黎德志",
    "尤颖钦",
    "郭莉萍",
];

/// Opens a file the window had, retrying while its worker is still closing it.
pub fn reopen(path: &std::path::Path) -> bianpai::store::EventFile {
    use bianpai::store::{EventFile, StoreError};
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match EventFile::open(path) {
            Ok(file) => return file,
            Err(StoreError::InUse { .. }) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => panic!("{e}"),
        }
    }
}

/// In the 出场名单 tab: takes `off` out of a team's line-up, puts `on` in (both by their
/// check box label, "2 P2"), and presses that team's save button (`save`).
pub fn swap_in_lineup<S>(h: &mut Harness<'_, S>, off: &str, on: &str, save: &str) {
    use egui_kittest::kittest::Queryable;
    for label in [off, on, save] {
        h.get_by_label(label).click();
        h.run();
    }
}

/// 文件 → 新建…: the event of `preset` (chosen by its title, as the window names
/// presets), named `name`, at the typed `path`; the window settles on it.
pub fn new_event_in_window(h: &mut App, preset: &str, name: &str, path: &std::path::Path) {
    new_event_in_window_with_rounds(h, preset, name, path, None);
}

/// As [`new_event_in_window`], with the rounds planned typed into 轮数 when given.
pub fn new_event_in_window_with_rounds(
    h: &mut App,
    preset: &str,
    name: &str,
    path: &std::path::Path,
    rounds: Option<u32>,
) {
    use egui_kittest::kittest::Queryable;
    h.get_by_label("文件").click();
    settle(h);
    h.get_by_label_contains("新建…").click();
    h.run();
    h.get_by_label("预设").click();
    settle(h);
    let info = bianpai::domain::presets::PRESETS.iter().find(|p| p.name == preset).expect("a preset");
    h.get_by_label(info.title.0).click();
    settle(h);
    h.get_by_label("赛事名称").set_text_value_accesskit(name);
    if let Some(rounds) = rounds {
        h.get_by_label("轮数").set_text_value_accesskit(&rounds.to_string());
    }
    h.get_by_label("文件路径").set_text_value_accesskit(&path.display().to_string());
    h.run();
    h.get_by_label("创建").click();
    settle(h);
    assert_eq!(h.state().event().map(|e| e.preset.as_str()), Some(preset), "the event is open");
}
