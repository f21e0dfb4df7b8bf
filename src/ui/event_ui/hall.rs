//! 赛场网页 / Hall pages, a section of the 赛事 panel (R-12.1, issue 41): off until the
//! director turns it on; then the event is served on the address chosen (every network
//! address of this computer, one of them, or this computer only) and the port typed,
//! the address to open is shown as text and as a QR code, and the first phone that
//! opens a page is named, so that a firewall or a router's client isolation shows on
//! the day. The hall itself is the shell's ([`crate::ui::hall_desk::HallDesk`]): it
//! follows every saved change and stops with the window; the section asks it to start
//! or stop.

use crate::hall::lan_addresses;
use crate::lang::{Lang, Words};
use crate::ui::env::Env;
use crate::ui::hall_desk::HallAsk;
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

/// The section's own state: the address and port chosen.
#[derive(Debug, Default)]
pub struct HallSection {
    bind: Bind,
    port: String,
    /// This computer's addresses on the network, read when the section is first drawn.
    addresses: Option<Vec<Ipv4Addr>>,
    /// A port that cannot be read, until the next start.
    bad_port: Option<Words>,
}

/// Draws the section.
pub(super) fn hall_section_ui(ui: &mut Ui, state: &mut HallSection, env: &Env<'_>) {
    let lang = env.lang;
    // Read once; lent to the form for the frame rather than copied.
    let addresses = state.addresses.take().unwrap_or_else(lan_addresses);
    if state.port.is_empty() {
        state.port = DEFAULT_PORT.to_string();
    }
    ui.label(widgets::section_heading(lang.t("赛场网页", "Hall pages")));
    ui.weak(lang.t(
        "在局域网上提供对阵、查台次和成绩网页，选手用手机打开；只在本机提供，不连接外网。",
        "Serves pairings, find-my-board and standings on the local network for the players' phones; served from this computer, never connecting out.",
    ));
    match env.hall.is_on() {
        false => off_ui(ui, state, env, &addresses),
        true => on_ui(ui, env),
    }
    state.addresses = Some(addresses);
    if let Some(failed) = state.bad_port.as_ref().or(env.hall.failed()) {
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
        if ui.button(lang.t("开启赛场网页", "Start the hall pages")).clicked() {
            ask_start(state, env);
        }
    });
}

/// Asks the hall to start on the chosen address and port, or says why the port is wrong.
fn ask_start(state: &mut HallSection, env: &Env<'_>) {
    let Some(port) = state.port.trim().parse::<u16>().ok() else {
        state.bad_port = Some(Words::new(
            format!("端口“{}”无效：应为 1 至 65535 的数字", state.port.trim()),
            format!("port “{}”: expected a number from 1 to 65535", state.port.trim()),
        ));
        return;
    };
    state.bad_port = None;
    let ip = match state.bind {
        Bind::Every => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        Bind::One(ip) => IpAddr::V4(ip),
    };
    env.hall.ask(HallAsk::Start(SocketAddr::new(ip, port)));
}

/// The address to open, its QR code, whether a phone came, and the button that stops.
fn on_ui(ui: &mut Ui, env: &Env<'_>) {
    let (lang, hall) = (env.lang, env.hall);
    let Some(url) = hall.url() else { return };
    ui.horizontal(|ui| {
        ui.label(lang.t("手机打开：", "Open on a phone:"));
        ui.label(egui::RichText::new(url).strong().monospace());
    });
    if let Some(qr) = hall.qr() {
        qr_ui(ui, qr, 4.0);
    }
    match hall.first_phone() {
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
        hall.ask(HallAsk::Stop);
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
