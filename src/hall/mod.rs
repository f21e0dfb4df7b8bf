//! The hall on the LAN (赛场网页, R-12.1, issue 41): read-only pages of the event for
//! the players' phones — the groups, each round's pairings, 查我的台次, standings and
//! one board — served by the app itself, never connecting out.
//!
//! - [`snapshot`]: the pages' data, built once from the event after each save;
//! - [`Publisher`]: hands the newest snapshot to the server whole — a request never
//!   sees a half-built one and never reads the event file;
//! - `pages`, `bracket_page`, `crosstable_page` and `words`: the HTML (maud, escaped by construction) in
//!   Chinese or English; `assets`: the one stylesheet and the one script (polling `/rev`);
//! - [`routes`]: the router; [`server`]: axum on a current-thread tokio runtime in its
//!   own thread, stopped when dropped, which notices the first phone; `guard`: its
//!   listener, which caps open connections and closes silent ones;
//! - [`HallControl`]: the hall served from the window, fed each saved event, whose
//!   snapshot a thread of its own builds; [`lan_addresses`]: the addresses to offer.
//!
//! It names the domain, `present` and `lang`; nothing below it names it.

mod assets;
mod bracket_page;
mod control;
mod crosstable_page;
mod error_words;
pub mod guard;
mod lan;
mod pages;
pub mod routes;
pub mod server;
pub mod snapshot;
mod words;

pub use control::HallControl;
pub use guard::Limits;
pub use lan::lan_addresses;
pub use server::{RunningServer, start, start_with};
pub use snapshot::HallSnapshot;

use std::sync::Arc;
use tokio::sync::watch;

/// Why the hall cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum HallError {
    /// The address cannot be listened on (in use, not this machine's, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The server's thread or runtime cannot be started.
    #[error("cannot start the hall's server: {0}")]
    Start(std::io::Error),
}

/// Publishes snapshots to the server: the newest one is handed out whole.
#[derive(Debug, Clone)]
pub struct Publisher {
    sender: Arc<watch::Sender<Arc<HallSnapshot>>>,
    /// Tells one run of the server from another in the `/rev` tag, so a page left open
    /// across a restart at the same revision still reloads.
    epoch: u64,
}

impl Publisher {
    /// A publisher showing `first` until the next [`Publisher::publish`]; `epoch` tells
    /// this run from others (any number that changes between runs, e.g. the clock).
    pub fn new(first: HallSnapshot, epoch: u64) -> Publisher {
        let (sender, _) = watch::channel(Arc::new(first));
        Publisher { sender: Arc::new(sender), epoch }
    }

    /// A publisher for a run that starts now: its epoch is the clock's seconds, which
    /// differ from any earlier run's (the window's hall, `bianpai serve`).
    pub fn starting_now(first: HallSnapshot) -> Publisher {
        let epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Publisher::new(first, epoch)
    }

    /// Shows `snapshot` from the next request on.
    pub fn publish(&self, snapshot: HallSnapshot) {
        self.sender.send_replace(Arc::new(snapshot));
    }

    /// The snapshot requests see now.
    pub fn current(&self) -> Arc<HallSnapshot> {
        self.sender.borrow().clone()
    }

    /// The tag of a snapshot's revision in this run: `/rev`'s body and `ETag`.
    pub fn tag_of(&self, snapshot: &HallSnapshot) -> String {
        format!("{:x}-{}", self.epoch, snapshot.revision)
    }
}
