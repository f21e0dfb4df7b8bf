//! The hall on the LAN as the window holds it (R-12.1, issue 41): the server, the
//! address to open and its QR code, why it could not start, the first phone seen. The
//! shell owns it beside the session, so that it lives as long as the window, is fed
//! each saved event whatever panel is shown, and lends its address to the print menu
//! (the QR code on the sheets). A panel reads it through [`crate::ui::env::Env`] and
//! asks for a start or a stop ([`HallDesk::ask`]); the shell (or a test's host) carries
//! the request out after the panel is drawn ([`HallDesk::settle`]).

use crate::domain::event::Event;
use crate::hall::{HallControl, lan_addresses};
use crate::lang::Words;
use crate::present::qr::QrMatrix;
use std::cell::Cell;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// What a panel asks of the hall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HallAsk {
    /// Serve on this address (port 0: one the system picks).
    Start(SocketAddr),
    /// Stop serving.
    Stop,
}

/// The hall, on or off.
#[derive(Debug, Default)]
pub struct HallDesk {
    running: Option<HallControl>,
    /// The address to open while on, and its QR code.
    url: Option<String>,
    qr: Option<QrMatrix>,
    failed: Option<Words>,
    asked: Cell<Option<HallAsk>>,
}

impl HallDesk {
    /// Asks for a start or a stop, carried out after the frame's panel is drawn.
    pub fn ask(&self, what: HallAsk) {
        self.asked.set(Some(what));
    }

    /// Whether the hall is being served.
    pub fn is_on(&self) -> bool {
        self.running.is_some()
    }

    /// The address phones open, while on.
    pub fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }

    /// The address as a QR code, while on.
    pub fn qr(&self) -> Option<&QrMatrix> {
        self.qr.as_ref()
    }

    /// Why the last start failed, until the next start.
    pub fn failed(&self) -> Option<&Words> {
        self.failed.as_ref()
    }

    /// The first device other than this computer that asked for a page.
    pub fn first_phone(&self) -> Option<IpAddr> {
        self.running.as_ref().and_then(HallControl::first_remote_seen)
    }

    /// Carries out what was asked this frame, then hands the hall the event as saved at
    /// `revision` (`event` is called only when that revision is new to it).
    pub fn settle(&mut self, event: impl FnOnce() -> Arc<Event>, revision: u64) {
        match self.asked.take() {
            Some(HallAsk::Start(addr)) => self.start(addr, event(), revision),
            Some(HallAsk::Stop) => {
                self.running = None;
                self.url = None;
                self.qr = None;
            }
            None => {
                if let Some(control) = &mut self.running {
                    control.feed_with(event, revision);
                }
            }
        }
    }

    fn start(&mut self, addr: SocketAddr, event: Arc<Event>, revision: u64) {
        self.running = None;
        match HallControl::start(addr, event, revision) {
            Ok(control) => {
                let port = control.addr().map_or(addr.port(), |a| a.port());
                let host = match addr.ip() {
                    IpAddr::V4(ip) if !ip.is_unspecified() => ip,
                    _ => lan_addresses().first().copied().unwrap_or(Ipv4Addr::LOCALHOST),
                };
                let url = format!("http://{host}:{port}/");
                self.qr = QrMatrix::of(&url);
                self.url = Some(url);
                self.running = Some(control);
                self.failed = None;
            }
            Err(e) => self.failed = Some(Words::of(&e)),
        }
    }
}
