//! 赛事 → 赛场网页 (R-12.1, issue 41): the director turns the hall on in the window on
//! this computer's address, reads the address to open, a phone's page shows the event
//! and follows a saved change, and turning it off stops it. Served on 127.0.0.1 only.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::demo::demo_event;
use bianpai::ui::event_ui::EventView;
use bianpai::ui::{DEMO_SEED, Lang, PanelHost};
use common::http::get;
use common::ui::{WindowSetup, panel_harness};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::time::{Duration, Instant};

fn harness(lang: Lang) -> Harness<'static, PanelHost<EventView>> {
    let mut host = PanelHost::new(EventView::default(), demo_event(DEMO_SEED).unwrap());
    host.lang = lang;
    let setup = WindowSetup { size: [1400.0, 3200.0], accessibility_check: false, ..WindowSetup::default() };
    let mut h = panel_harness(host, setup);
    h.run_ok();
    h
}

/// The page at `path` once it contains `wanted` (the hall builds its pages off the
/// window's thread), within 10 s.
fn page_showing(h: &mut Harness<'static, PanelHost<EventView>>, addr: &str, path: &str, wanted: &str) -> String {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        h.run_steps(1);
        let page = get(addr, path).unwrap_or_default();
        if page.contains(wanted) || Instant::now() > until {
            return page;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

// R-12.1 (issue 41): on 127.0.0.1 and a port the system chooses, the window shows the
// address, the page shows the event's name and a player, a result saved in the window
// reaches the page, and 停止赛场网页 stops the server.
#[test]
fn the_director_turns_the_hall_on_and_off_in_the_window() {
    let mut h = harness(Lang::Zh);
    assert!(h.query_by_label("停止赛场网页").is_none(), "off by default");
    h.get_by_role_and_label(Role::ComboBox, "地址").click();
    h.run();
    h.get_all_by_label("127.0.0.1（仅本机）").rfind(|n| n.accesskit_node().role() == Role::Button).unwrap().click();
    h.run_ok();
    h.get_by_label("端口").set_text_value_accesskit("0");
    h.run_ok();
    h.get_by_label("开启赛场网页").click_accesskit();
    h.run_ok();

    let url = h
        .query_all_by(|n| n.value().or(n.label()).is_some_and(|t| t.starts_with("http://127.0.0.1:")))
        .find_map(|n| n.accesskit_node().value().or(n.accesskit_node().label()))
        .expect("the address is shown");
    let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    assert!(h.query_by_label_contains("还没有其他设备打开过网页").is_some(), "no phone yet");

    let title = h.state().event.name.clone();
    let first = h.state().event.players[0].entry.name.clone();
    let page = page_showing(&mut h, &addr, "/", &title);
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains(&title), "the event's name on the page");
    let find = page_showing(&mut h, &addr, &format!("/find?q={}", first.chars().next().unwrap()), &first);
    assert!(find.contains(&first), "a player is found");

    // A change saved in the window reaches the page: a new name for the event.
    let host = h.state_mut();
    let info = Command::SetEventInfo { name: "灯塔杯".into(), start_date: host.event.start_date, officials: vec![] };
    apply(&mut host.event, &info).unwrap();
    host.revision += 1;
    let page = page_showing(&mut h, &addr, "/", "灯塔杯");
    assert!(page.contains("灯塔杯"), "the saved change is served");

    h.get_by_label("停止赛场网页").click_accesskit();
    h.run_ok();
    assert!(h.query_by_label("开启赛场网页").is_some());
    assert!(get(&addr, "/").is_err(), "the server stopped");
}

// R-12.1 (issue 41): a port taken by another program is refused in words, and the hall
// stays off.
#[test]
fn a_port_in_use_is_refused_in_words() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let mut h = harness(Lang::En);
    h.get_by_role_and_label(Role::ComboBox, "Address").click();
    h.run();
    h.get_all_by_label("127.0.0.1 (this computer only)")
        .rfind(|n| n.accesskit_node().role() == Role::Button)
        .unwrap()
        .click();
    h.run_ok();
    h.get_by_label("Port").set_text_value_accesskit(&port.to_string());
    h.run_ok();
    h.get_by_label("Start the hall pages").click_accesskit();
    h.run_ok();
    assert!(h.query_by_label_contains("the port is used by another program").is_some());
    assert!(h.query_by_label("Stop the hall pages").is_none(), "still off");
}
