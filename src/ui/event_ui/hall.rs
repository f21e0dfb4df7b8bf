//! 赛场网页 / Hall pages, a section of the 赛事 panel (R-12.1, issue 41): off until the
//! director turns it on; then the event is served on the address chosen (every network
//! address of this computer, one of them, or this computer only) and the port typed,
//! the address to open is shown as text and as a QR code, and the first phone that
//! opens a page is named, so that a firewall or a router's client isolation shows on
//! the day. Each saved change is handed to the hall ([`HallControl::feed`]), which builds
//! its pages off the window's thread. Turning it off, or closing the window, stops it.

use crate::hall::{HallControl, lan_addresses};
use crate::lang::{Lang, Words};
use crate::present::qr::QrMatrix;
use crate::ui::env::Env;
use crate::ui::theme::qr::qr_ui;
use crate::ui::theme::widgets;
use egui::{TextEdit, Ui};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

/// The port offered first.
const DEFAULT_PORT: u16 = 8080;

/// Where the hall is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Bind {
    /// Every network address of this computer.
    #[default]
    Every,
    /// One address.
    One(Ipv4Addr),
}

/// The section's own state: the address and port chosen, the hall when it is on.
#[derive(Debug, Default)]
pub struct HallSection {
    bind: Bind,
    port: String,
    /// This computer's addresses on the network, read when the section is first drawn.
    addresses: Option<Vec<Ipv4Addr>>,
    running: Option<HallControl>,
    /// The address to open and its QR code, while on.
    shown: Option<(String, Option<QrMatrix>)>,
    failed: Option<Words>,
}

/// Draws the section, and hands the hall the event as saved.
pub(super) fn hall_section_ui(ui: &mut Ui, state: &mut HallSection, env: &Env<'_>) {
    let lang = env.lang;
    if let Some(control) = &mut state.running {
        control.feed(env.event, env.revision);
    }
    let addresses = state.addresses.get_or_insert_with(lan_addresses).clone();
    if state.port.is_empty() {
        state.port = DEFAULT_PORT.to_string();
    }
    ui.label(widgets::section_heading(lang.t("赛场网页", "Hall pages")));
    ui.weak(lang.t(
        "在局域网上提供对阵、查台次和成绩网页，选手用手机打开；只在本机提供，不连接外网。",
        "Serves pairings, find-my-board and standings on the local network for the players' phones; served from this computer, never connecting out.",
    ));
    match state.running.is_some() {
        false => off_ui(ui, state, env, &addresses),
        true => on_ui(ui, state, lang),
    }
    if let Some(failed) = &state.failed {
        ui.colored_label(ui.visuals().error_fg_color, failed.get(lang));
    }
}

/// The address and port, and the button that turns the hall on.
fn off_ui(ui: &mut Ui, state: &mut HallSection, env: &Env<'_>, addresses: &[Ipv4Addr]) {
    let lang = env.lang;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t("地址", "Address"));
        egui::ComboBox::from_id_salt("hall-bind")
            .selected_text(bind_words(state.bind, lang))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.bind, Bind::Every, bind_words(Bind::Every, lang));
                for ip in addresses.iter().copied().chain([Ipv4Addr::LOCALHOST]) {
                    ui.selectable_value(&mut state.bind, Bind::One(ip), bind_words(Bind::One(ip), lang));
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label(lang.t("端口", "Port"));
        ui.add(TextEdit::singleline(&mut state.port).id_salt("hall-port").desired_width(60.0)).labelled_by(label.id);
        let start = ui.button(lang.t("开启赛场网页", "Start the hall pages"));
        if start.clicked() {
            start_hall(state, env, addresses);
        }
    });
}

/// Starts the hall on the chosen address and port, or says why it cannot.
fn start_hall(state: &mut HallSection, env: &Env<'_>, addresses: &[Ipv4Addr]) {
    let Some(port) = state.port.trim().parse::<u16>().ok() else {
        state.failed = Some(Words::new(
            format!("端口“{}”无效：应为 1 至 65535 的数字", state.port.trim()),
            format!("port “{}”: expected a number from 1 to 65535", state.port.trim()),
        ));
        return;
    };
    let ip = match state.bind {
        Bind::Every => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        Bind::One(ip) => IpAddr::V4(ip),
    };
    match HallControl::start(SocketAddr::new(ip, port), env.event, env.revision) {
        Ok(control) => {
            let port = control.addr().map_or(port, |a| a.port());
            let host = match state.bind {
                Bind::One(ip) => ip,
                Bind::Every => addresses.first().copied().unwrap_or(Ipv4Addr::LOCALHOST),
            };
            let url = format!("http://{host}:{port}/");
            state.shown = Some((url.clone(), QrMatrix::of(&url)));
            state.running = Some(control);
            state.failed = None;
        }
        Err(e) => state.failed = Some(Words::of(&e)),
    }
}

/// The address to open, its QR code, whether a phone came, and the button that stops.
fn on_ui(ui: &mut Ui, state: &mut HallSection, lang: Lang) {
    let Some((url, qr)) = &state.shown else { return };
    ui.horizontal(|ui| {
        ui.label(lang.t("手机打开：", "Open on a phone:"));
        ui.label(egui::RichText::new(url).strong().monospace());
    });
    if let Some(qr) = qr {
        qr_ui(ui, qr, 4.0);
    }
    let phone = state.running.as_ref().and_then(HallControl::first_remote_seen);
    match phone {
        Some(ip) => {
            ui.label(format!("{}{ip}", lang.t("手机已连上：", "A phone has connected: ")));
        }
        None => {
            ui.weak(lang.t(
                "还没有其他设备打开过网页。若手机打不开，请确认手机和本机连在同一个无线网络，并检查防火墙或路由器的“AP 隔离”。",
                "No other device has opened a page yet. If a phone cannot open it, check that it is on the same Wi-Fi as this computer, and the firewall or the router's client isolation.",
            ));
            ui.ctx().request_repaint_after(Duration::from_secs(1));
        }
    }
    if ui.button(lang.t("停止赛场网页", "Stop the hall pages")).clicked() {
        state.running = None;
        state.shown = None;
    }
}

/// What an address choice reads as.
fn bind_words(bind: Bind, lang: Lang) -> String {
    match bind {
        Bind::Every => lang.t("本机所有网络地址", "Every address of this computer").to_string(),
        Bind::One(ip) if ip.is_loopback() => format!("{ip}{}", lang.t("（仅本机）", " (this computer only)")),
        Bind::One(ip) => ip.to_string(),
    }
}
