//! The hall served from the window (赛事 → 赛场网页): the server, and a feeder thread
//! that builds each saved event's snapshot off the window's thread — the newest event
//! only, when several saves came while one was being built — and publishes it. The
//! window hands it the event after each save ([`HallControl::feed_with`]); dropping the
//! control stops the server and the feeder (the hall stops with the window).

use super::{HallError, HallSnapshot, Publisher, RunningServer};
use crate::domain::event::Event;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// The hall being served, fed by the window.
#[derive(Debug)]
pub struct HallControl {
    server: Option<RunningServer>,
    feeder: Option<Sender<(Arc<Event>, u64)>>,
    thread: Option<JoinHandle<()>>,
    /// The revision last handed to the feeder.
    fed: Option<u64>,
}

impl HallControl {
    /// Serves the hall on `bind`, showing `event` as soon as its snapshot is built
    /// (an empty page with the event's name until then, a fraction of a second).
    ///
    /// # Errors
    /// [`HallError`] when the address cannot be listened on or the server not started.
    pub fn start(bind: SocketAddr, event: Arc<Event>, revision: u64) -> Result<HallControl, HallError> {
        let empty = HallSnapshot { revision: 0, title: event.name.clone(), groups: Vec::new() };
        let publisher = Publisher::starting_now(empty);
        let server = super::start(publisher.clone(), bind)?;
        let (feeder, fed) = channel::<(Arc<Event>, u64)>();
        let thread = std::thread::Builder::new()
            .name("bianpai-hall-feeder".into())
            .spawn(move || feed_loop(&fed, &publisher))
            .map_err(HallError::Start)?;
        let mut control = HallControl { server: Some(server), feeder: Some(feeder), thread: Some(thread), fed: None };
        control.feed_with(|| event, revision);
        Ok(control)
    }

    /// Hands the event as saved at `revision` to the feeder, unless that revision was
    /// handed already (`event` is called only then: the window shares its snapshot).
    pub fn feed_with(&mut self, event: impl FnOnce() -> Arc<Event>, revision: u64) {
        if self.fed == Some(revision) {
            return;
        }
        if let Some(feeder) = &self.feeder
            && feeder.send((event(), revision)).is_ok()
        {
            self.fed = Some(revision);
        }
    }

    /// The address served on (its port chosen by the system when 0 was asked for).
    pub fn addr(&self) -> Option<SocketAddr> {
        self.server.as_ref().map(RunningServer::addr)
    }

    /// The first device other than this computer that asked for a page.
    pub fn first_remote_seen(&self) -> Option<IpAddr> {
        self.server.as_ref().and_then(RunningServer::first_remote_seen)
    }
}

impl Drop for HallControl {
    fn drop(&mut self) {
        // The server first, then the feeder: its channel closes and its loop ends.
        drop(self.server.take());
        drop(self.feeder.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Builds and publishes the snapshot of the newest event received, until the window
/// lets go of the channel.
fn feed_loop(fed: &Receiver<(Arc<Event>, u64)>, publisher: &Publisher) {
    while let Ok(mut newest) = fed.recv() {
        while let Ok(newer) = fed.try_recv() {
            newest = newer;
        }
        let (event, revision) = newest;
        // Revision 0 is the empty page shown before the first snapshot.
        publisher.publish(HallSnapshot::of(&event, revision + 1));
    }
}
