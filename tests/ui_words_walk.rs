//! Issue 39, item 5: the words a director reads, walked panel by panel. The real window
//! (egui_kittest, headless) is opened on the demo event, a knockout event and a team
//! event, in Chinese and in English; every panel, its tabs, the event form and the top
//! bar's menus are shown, every text of the accessibility tree is collected, and none
//! may show a Rust list (`[16, 19]`), a template (`{rank}`), empty brackets, ASCII
//! punctuation glued to Chinese, English words in the Chinese window or Chinese in the
//! English one — the event's own data (names, clubs, titles) set aside. Beside the walk,
//! the leftovers the walk cannot see: the history's operator column, the club of teams
//! made from a 队名 column, and 最近 without files that are gone.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, Lang, View};
use common::ui::{App, WindowSetup, app_harness, settle};
use egui_kittest::kittest::{NodeT, Queryable};
use std::collections::BTreeSet;
use std::path::Path;

const G: GroupId = GroupId(1);

/// ASCII words the Chinese window may show, each for a reason: file formats and
/// standards named as such (PDF, CSV, XLSX, XLS, HTML, TRF, FIDE, Elo), keys printed
/// on the keyboard (Ctrl, Shift, Enter, Esc, Tab, Space, Alt, Cmd), and the product's
/// own name and the spreadsheet program directors know files by (Excel); the language
/// menu names each language in itself (English).
const ALLOWED_WORDS: [&str; 20] = [
    "PDF", "CSV", "XLSX", "XLS", "HTML", "TRF", "FIDE", "Elo", "Ctrl", "Shift", "Enter", "Esc", "Tab", "Space", "Alt",
    "Cmd", "Del", "Bianpai", "Excel", "English",
];

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' | '\u{20000}'..='\u{2ffff}')
}

/// Every problem of one text (with the data's own strings taken out first).
fn problems(text: &str, data: &[String], lang: Lang) -> Vec<&'static str> {
    let mut rest = text.to_string();
    // Data becomes a mark that is neither a letter, nor Chinese, nor a bracket's inside
    // left empty.
    for d in data {
        rest = rest.replace(d.as_str(), "※");
    }
    let chars: Vec<char> = rest.chars().collect();
    let mut found = Vec::new();
    // What is between an opening and the next closing bracket.
    let inside = |open: char, close: char| -> Vec<String> {
        rest.split(open).skip(1).filter_map(|after| after.split_once(close).map(|(i, _)| i.to_string())).collect()
    };
    // A Rust list is empty or has commas or quotes ("[16, 19]"); "[3]" is a bracket's
    // seed, as brackets print it, and "[ ]" names the keys [ and ].
    if inside('[', ']').iter().any(|i| i.is_empty() || i.contains(',') || i.contains('"')) {
        found.push("a [ … ] list");
    }
    // A template has a name inside; "{ }" names the keys { and }.
    if inside('{', '}').iter().any(|i| !i.trim().is_empty()) {
        found.push("a { … } template");
    }
    if rest.contains("()") || rest.contains("（）") || rest.contains("( )") {
        found.push("empty brackets");
    }
    let ascii_punct = |c: char| matches!(c, ':' | ',' | '(' | ')' | ';');
    if chars.windows(2).any(|w| (is_cjk(w[0]) && ascii_punct(w[1])) || (ascii_punct(w[0]) && is_cjk(w[1]))) {
        found.push("ASCII punctuation glued to Chinese");
    }
    match lang {
        Lang::Zh => {
            let words = rest.split(|c: char| !c.is_ascii_alphabetic());
            if words.filter(|w| w.len() >= 3).any(|w| !ALLOWED_WORDS.contains(&w)) {
                found.push("an English word in the Chinese window");
            }
        }
        Lang::En => {
            // The language menu names Chinese in Chinese.
            if rest.replace("中文", "").chars().any(is_cjk) {
                found.push("Chinese in the English window");
            }
        }
    }
    found
}

/// The event's own strings, longest first: what a director typed or imported is shown
/// as it is, in either language.
fn data_strings(event: &Event) -> Vec<String> {
    let mut data: BTreeSet<String> = BTreeSet::new();
    data.insert(event.name.clone());
    for official in &event.officials {
        data.extend([official.role.clone(), official.name.clone()]);
    }
    for p in &event.players {
        data.extend([p.entry.name.clone(), p.entry.club.clone(), p.status_reason.clone()]);
    }
    for g in &event.groups {
        data.insert(g.name.clone());
        for s in &g.stages {
            data.extend([s.name.clone(), s.time_control.clone()]);
        }
        for t in &g.teams {
            data.extend([t.name.clone(), t.club.clone()]);
        }
        // Prize labels are typed by the director; a `{rank}` in them is filled in.
        let rules = &g.prizes;
        let mut prizes: Vec<&bianpai::domain::prize_rules::Prize> =
            rules.by_rank.iter().chain(&rules.team_prizes).map(|r| &r.prize).collect();
        prizes.extend(rules.best_progress.iter().map(|b| &b.prize));
        prizes.extend(rules.lucky.iter().map(|l| &l.prize));
        prizes.extend(rules.women.iter().flat_map(|w| w.tiers.iter().map(|t| &t.prize)));
        prizes.extend(rules.participation.iter().map(|p| &p.prize));
        for label in prizes.iter().map(|p| p.label()) {
            data.extend(label.split("{rank}").map(str::to_string));
        }
    }
    let mut data: Vec<String> = data.into_iter().filter(|d| !d.trim().is_empty()).collect();
    data.sort_by_key(|d| std::cmp::Reverse(d.chars().count()));
    data
}

/// Every text of the window's accessibility tree as drawn now — but the names egui
/// gives a window's own frame for screen readers ("Close window", "Resize window top
/// edge"), which egui words in English whatever the app's language and never draws.
fn texts(h: &App) -> Vec<String> {
    let mut all = Vec::new();
    for node in h.query_all_by(|_| true) {
        let node = node.accesskit_node();
        all.extend(node.label());
        all.extend(node.value());
    }
    all.retain(|t| t != "Close window" && !t.starts_with("Resize window "));
    all
}

/// Applies `command` to the event file: one audit row, as the window would write.
fn run(file: &mut EventFile, command: Command) {
    file.execute(&command).unwrap();
}

/// A knockout event built through its file (so that 记录 has rows to word):
/// lingting-cup with 8 players whose knockout (stage 3) is paired.
fn knockout_file(path: &Path) -> EventFile {
    let mut event = presets::build("lingting-cup", Some("淘汰赛测试"), Some(1)).unwrap();
    event.groups[0].stages[1].rounds_planned = Some(1);
    let mut file = EventFile::create(path, &event).unwrap();
    let entries = common::ui::PLAYER_NAMES[..8]
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerEntry { name: n.to_string(), rating: Some(2000 - i as u32), ..Default::default() })
        .collect();
    run(&mut file, Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() });
    for stage in [StageNo(1), StageNo(2), StageNo(3)] {
        let round = pair_next_round(file.event(), G, stage, 11).unwrap();
        let (no, boards): (_, Vec<_>) = (round.no, round.games.iter().map(|g| g.board).collect());
        run(&mut file, Command::PairRound { group: G, stage, round });
        if stage == StageNo(3) {
            break;
        }
        for board in boards {
            let result = Some(GameResult::plain(Outcome::RedWins));
            run(&mut file, Command::RecordResult { group: G, stage, round: no, board, game: 1, result });
        }
        run(&mut file, Command::AdvanceStage { group: G, stage, nominees: vec![] });
    }
    file
}

/// A team event: four teams of four, round 1 paired and played through its file.
fn team_file(path: &Path) -> EventFile {
    let mut file = EventFile::create(path, &common::teams::team_event(4, 4, 4, 5)).unwrap();
    let stage = StageNo(1);
    let round = pair_next_round(file.event(), G, stage, 3).unwrap();
    let (no, boards): (_, Vec<_>) = (round.no, round.games.iter().map(|g| g.board).collect());
    run(&mut file, Command::PairRound { group: G, stage, round });
    for board in boards {
        let outcome = if board.0 % 2 == 0 { Outcome::RedWins } else { Outcome::Draw };
        let result = Some(GameResult::plain(outcome));
        run(&mut file, Command::RecordResult { group: G, stage, round: no, board, game: 1, result });
    }
    file
}

/// Writes an event file at a path.
type MakeFile = fn(&Path) -> EventFile;

/// The demo event as the window writes it.
fn demo_file(path: &Path) -> EventFile {
    EventFile::create(path, &bianpai::domain::demo::demo_event(3).unwrap()).unwrap()
}

/// Clicks every label of `labels` that is on screen (a menu item's shortcut after it),
/// collecting the texts after each.
fn click_each(h: &mut App, labels: &[&str], seen: &mut Vec<(String, String)>, at: &str) {
    for label in labels {
        let with_shortcut = format!("{label} ");
        let named = h.query_all_by(|n| n.label().is_some_and(|l| l == *label || l.starts_with(&with_shortcut)));
        let Some(node) = named.into_iter().next() else { continue };
        node.click();
        h.run();
        seen.extend(texts(h).into_iter().map(|t| (format!("{at} → {label}"), t)));
    }
}

/// Shows every view with its tabs: (where, text) of every text into `seen`.
fn walk_views(h: &mut App, lang: Lang, at: &str, seen: &mut Vec<(String, String)>) {
    for view in View::ALL {
        h.state_mut().set_view(view);
        settle(h);
        let at = format!("{at} {view:?}");
        seen.extend(texts(h).into_iter().map(|t| (at.clone(), t)));
        let tabs: &[&str] = match (view, lang) {
            (View::Teams, Lang::Zh) => &["队伍名单", "出场名单", "设置", "全赛事团体"],
            (View::Teams, Lang::En) => &["Teams", "Line-ups", "Settings", "Event teams"],
            (View::Money, Lang::Zh) => &["签到", "罚款", "账目"],
            (View::Money, Lang::En) => &["Check-in", "Fines", "Ledger"],
            (View::Standings, Lang::Zh) => &["团体", "团体交叉表", "个人"],
            (View::Standings, Lang::En) => &["Team", "Team crosstable", "Individual"],
            // The import dialog, left open: the views after it are read beside it.
            (View::Roster, Lang::Zh) => &["导入名单…"],
            (View::Roster, Lang::En) => &["Import roster…"],
            _ => &[],
        };
        click_each(h, tabs, seen, &at);
        h.key_press(egui::Key::Escape);
        h.run();
    }
}

/// Chooses the stage `text` ("2 第二阶段") in the top bar's stage selector.
fn choose_stage(h: &mut App, lang: Lang, text: &str) {
    let combo = h
        .query_all_by_label(lang.t("阶段", "Stage"))
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::ComboBox)
        .expect("a stage selector");
    combo.click();
    h.run();
    h.get_all_by_label(text).last().expect("the stage in the selector").click();
    h.run();
}

/// Walks every stage's panels and tabs, the menus and the File menu's windows of
/// `event` in `lang`: (where, text) of every text.
fn walk(path: &Path, name: &str, event: &Event, lang: Lang) -> Vec<(String, String)> {
    let app = BianpaiApp::opening(path, None);
    let setup = WindowSetup { size: [1600.0, 2400.0], accessibility_check: false, max_steps: 16 };
    let mut h = app_harness(app, setup);
    h.state_mut().set_lang(lang);
    settle(&mut h);
    let mut seen = Vec::new();
    walk_views(&mut h, lang, name, &mut seen);
    let stages = &event.groups[0].stages;
    for stage in stages.iter().filter(|_| stages.len() > 1) {
        let text = format!("{} {}", stage.no, stage.name);
        choose_stage(&mut h, lang, &text);
        walk_views(&mut h, lang, &format!("{name} {text}"), &mut seen);
    }
    let menus: &[(&str, &[&str])] = match lang {
        Lang::Zh => &[
            ("文件", &["最近"]),
            ("打印", &["另存为 PDF…"]),
            ("导出", &[]),
            ("文件", &["新建…"]),
            ("文件", &["偏好设置…"]),
        ],
        Lang::En => &[
            ("File", &["Recent"]),
            ("Print", &["Save as PDF…"]),
            ("Export", &[]),
            ("File", &["New…"]),
            ("File", &["Preferences…"]),
        ],
    };
    for (menu, inner) in menus {
        let at = format!("{name} {lang:?} menu");
        click_each(&mut h, &[menu], &mut seen, &at);
        click_each(&mut h, inner, &mut seen, &at);
        h.key_press(egui::Key::Escape);
        h.run();
    }
    seen
}

/// The findings of one walk, as lines "where: text — what".
fn findings(seen: &[(String, String)], event: &Event, file: &Path, lang: Lang) -> BTreeSet<String> {
    // The event file's path is the director's data too.
    let mut data = vec![file.display().to_string()];
    data.extend(file.parent().map(|dir| dir.display().to_string()));
    data.extend(data_strings(event));
    seen.iter()
        .flat_map(|(at, text)| problems(text, &data, lang).into_iter().map(move |p| format!("{at}: {text:?} — {p}")))
        .collect()
}

// Issue 39, item 5: every panel of three events in both languages, nothing a director
// should not read.
#[test]
fn every_panel_reads_as_words_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let events: [(&str, MakeFile); 3] = [("demo", demo_file), ("knockout", knockout_file), ("teams", team_file)];
    let mut all = BTreeSet::new();
    for (name, make) in events {
        for lang in [Lang::Zh, Lang::En] {
            let name = format!("{name}-{lang:?}");
            let file = dir.path().join(format!("{name}.bianpai"));
            let event = make(&file).event().clone();
            let seen = walk(&file, &name, &event, lang);
            assert!(seen.len() > 100, "{name} {lang:?}: only {} texts", seen.len());
            all.extend(findings(&seen, &event, &file, lang));
        }
    }
    assert!(all.is_empty(), "{} findings:\n{}", all.len(), all.into_iter().collect::<Vec<_>>().join("\n"));
}

// The checks themselves: each kind of leftover is found, data set aside.
#[test]
fn the_walk_finds_each_kind_of_leftover() {
    let data = vec!["Bianpai 演示赛".to_string()];
    let zh = |t: &str| problems(t, &data, Lang::Zh);
    assert_eq!(zh("已选：选手 [16, 19]"), ["a [ … ] list"]);
    assert_eq!(zh("第{rank}名"), ["a { … } template", "an English word in the Chinese window"]);
    assert!(zh("[1] 王天一 · 键 [ ] 红/黑犯规（{ } −1）").is_empty(), "a seed and keys are no list");
    assert_eq!(zh("共 30 行 ()"), ["empty brackets"]);
    assert_eq!(zh("已保存：打印: 成绩"), ["ASCII punctuation glued to Chinese"]);
    assert_eq!(zh("Saved 成绩"), ["an English word in the Chinese window"]);
    assert!(zh("Bianpai 演示赛 · 导出 CSV（Ctrl+E）").is_empty());
    assert_eq!(problems("Round 3 成绩", &data, Lang::En), ["Chinese in the English window"]);
    assert!(problems("Bianpai 演示赛: round 3", &data, Lang::En).is_empty());
}

// Issue 39, item 5: the prize form shows a label's rank as （名次）, never `{rank}`, and
// each rank row the labels its winners will read; what is typed is kept as the rules'
// `{rank}`.
#[test]
fn the_prize_form_shows_labels_as_winners_read_them() {
    use bianpai::domain::prize_rules::Prize;
    use bianpai::ui::PanelHost;
    use bianpai::ui::event_ui::EventView;
    let host = PanelHost::new(EventView::default(), presets::build("cxa-swiss", Some("设置"), Some(5)).unwrap());
    let setup = WindowSetup { size: [1400.0, 3200.0], accessibility_check: false, ..WindowSetup::default() };
    let mut h = common::ui::panel_harness(host, setup);
    h.run_ok();
    h.get_by_label("＋ 添加名次奖").click_accesskit();
    h.run_ok();
    h.get_by_label("名次到 1").set_text_value_accesskit("8");
    h.get_by_label("金额 1").set_text_value_accesskit("300");
    h.run_ok();
    assert_eq!(h.get_by_label("奖项名称 1").value().as_deref(), Some("第（名次）名"));
    h.get_by_label("→ 第1名…第8名");
    assert!(h.query_by_label_contains("{rank}").is_none());

    h.get_by_label("奖项名称 1").set_text_value_accesskit("前八（名次）");
    h.run_ok();
    h.get_by_label("→ 前八1…前八8");
    h.get_by_label("保存奖励规则").click_accesskit();
    h.run_ok();
    h.state_mut().apply_jobs();
    h.run_ok();
    assert_eq!(h.state().event.groups[0].prizes.by_rank[0].prize, Prize::cash("前八{rank}", 30_000));

    h.state_mut().lang = Lang::En;
    h.run_ok();
    assert_eq!(h.get_by_label("Prize name 1").value().as_deref(), Some("前八(rank)"));
}

// Issue 39, item 5: the 操作者 column never shows an empty cell.
#[test]
fn a_change_without_an_operator_is_this_computers() {
    use bianpai::ui::history_ui::operator_text;
    assert_eq!(operator_text("", Lang::Zh), "本机");
    assert_eq!(operator_text("  ", Lang::En), "this computer");
    assert_eq!(operator_text("王裁判", Lang::Zh), "王裁判");
}

// Issue 39, item 5: teams made from a 队名 column in the window take their members'
// 单位 when they share it, and none when they differ.
#[test]
fn teams_of_a_team_column_take_their_members_club() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("团体.bianpai");
    drop(EventFile::create(&path, &presets::build("cxa-team", Some("团体赛"), Some(5)).unwrap()).unwrap());
    let csv = dir.path().join("名单.csv");
    let rows =
        "姓名,性别,单位,队名\n王天一,男,北京,红队\n郑惟桐,男,北京,红队\n赵鑫鑫,男,上海,蓝队\n蒋川,男,广东,蓝队\n";
    std::fs::write(&csv, rows).unwrap();
    let setup = WindowSetup { size: [1400.0, 1000.0], accessibility_check: false, max_steps: 32 };
    let mut h = app_harness(BianpaiApp::opening(&path, None), setup);
    settle(&mut h);
    common::ui::read_into_import_preview(&mut h, &csv, Lang::Zh);
    h.get_by_label("导入").click();
    h.run_steps(3);
    settle(&mut h);
    let group = &h.state().event().unwrap().groups[0];
    assert_eq!(group.team_named("红队").map(|t| t.club.as_str()), Some("北京"));
    assert_eq!(group.team_named("蓝队").map(|t| t.club.as_str()), Some(""));
}

// Issue 39, item 5: 最近 never lists a file that is gone — neither from the last run
// nor one deleted while the window is open.
#[test]
fn recent_files_that_are_gone_are_not_listed() {
    use bianpai::ui::prefs::Prefs;
    let dir = tempfile::tempdir().unwrap();
    let [open, other, gone] = ["赛事.bianpai", "另一个.bianpai", "已删.bianpai"].map(|n| dir.path().join(n));
    drop(EventFile::create(&open, &presets::build("cxa-swiss", Some("最近"), Some(5)).unwrap()).unwrap());
    std::fs::write(&other, b"").unwrap();
    let prefs = Prefs { recent: vec![open.clone(), other.clone(), gone.clone()], ..Prefs::default() };
    let app = BianpaiApp::opening(&open, None).with_prefs(prefs);
    assert_eq!(app.prefs().recent, [open.clone(), other.clone()], "a file gone since the last run is forgotten");

    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);
    std::fs::remove_file(&other).unwrap();
    h.get_by_label("文件").click();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "最近").click();
    h.run();
    h.get_by_label(&format!("1  {}", open.display()));
    assert!(
        h.query_by_label_contains(&other.display().to_string()).is_none(),
        "a file deleted meanwhile is not listed"
    );
    assert_eq!(h.state().prefs().recent, [open]);
}
