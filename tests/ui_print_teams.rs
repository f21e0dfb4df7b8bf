//! The 打印 (Print) menu of a team event driven through the real window: it
//! offers 团体对阵表, 对阵记录单, 团体名次 and 团体交叉表, and "另存为 PDF…" writes the
//! match score cards on the worker thread; the 导出 menu offers 团体名次（CSV）.

use crate::common;

use bianpai::domain::result::Outcome;
use bianpai::ui::BianpaiApp;
use common::teams::{pair_and_play, team_event};
use common::ui::{WindowSetup, app_harness, save_pdf_from_menu};
use egui::Key;
use egui_kittest::kittest::Queryable;

// the team documents in the menu, and the score cards saved from it.
#[test]
fn print_menu_offers_the_team_documents_and_saves_the_score_cards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("团体.bianpai");
    let mut e = team_event(4, 4, 4, 3);
    pair_and_play(&mut e, 1, |_, _| Outcome::Draw);
    drop(bianpai::store::EventFile::create(&path, &e).unwrap());

    let app = BianpaiApp::opening(&path, None);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    h.run_steps(2);
    h.get_by_label("打印").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("团体对阵表").is_some(), "团体对阵表 with Ctrl+P");
    assert!(h.query_by_label("记分单").is_none(), "the individual slips give way to the score cards");
    h.get_by_label("另存为 PDF…").hover();
    h.run_steps(2);
    for item in ["团体对阵表", "对阵记录单", "团体名次", "团体交叉表", "台次奖"] {
        assert!(h.query_all_by_label(item).count() >= 1, "{item} in the print menu");
    }
    let bytes = save_pdf_from_menu(&mut h, "对阵记录单", &dir.path().join("记录单"));
    let text: String = common::pdf::drawn_strings(&bytes).into_iter().flatten().map(|(_, _, t)| t + "\n").collect();
    assert_eq!(text.matches("对阵记录单　第").count(), 2, "two matches, two cards:\n{text}");
    assert_eq!(text.matches("主队队长：").count(), 2, "{text}");
    assert_eq!(text.matches("客队队长：").count(), 2, "{text}");

    h.key_press(Key::Escape);
    h.run_steps(2);
    h.get_by_label("导出").click();
    h.run_steps(2);
    assert!(h.query_by_label("团体名次（CSV）…").is_some(), "the team standings export");
}
