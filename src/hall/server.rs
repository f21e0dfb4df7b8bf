//! The hall's server: axum on a current-thread tokio runtime in a thread of its own, so
//! neither the window's frames nor its worker wait for a phone. [`start`] listens
//! before it returns (an address in use is said at once); the [`RunningServer`] it
//! gives back tells the address it got (port 0 picks a free one) and the first other
//! device that asked, and stops the server when stopped or dropped: no new connection
//! is taken, open ones are closed once answered, and after a grace period the rest.
//! Connections are capped and closed when silent (`guard.rs`).

use super::guard::{GuardedListener, Limits};
use super::routes::{Peer, Visitors, router};
use super::{HallError, Publisher};
use axum::extract::connect_info::Connected;
use axum::serve::IncomingStream;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How long open connections may take to finish once the server is stopped.
const GRACE: Duration = Duration::from_secs(2);

impl Connected<IncomingStream<'_, GuardedListener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, GuardedListener>) -> Peer {
        let remote = *stream.remote_addr();
        let local = stream.io().local_addr().unwrap_or(remote);
        Peer { remote, local }
    }
}

/// The hall's server while it runs.
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    visitors: Arc<Visitors>,
    stop: watch::Sender<bool>,
    thread: Option<JoinHandle<()>>,
}

/// Serves what `publisher` publishes on `bind` until the server is stopped.
///
/// # Errors
/// [`HallError::Bind`] when the address cannot be listened on; [`HallError::Start`]
/// when the runtime or its thread cannot be made.
pub fn start(publisher: Publisher, bind: SocketAddr) -> Result<RunningServer, HallError> {
    start_with(publisher, bind, Limits::default())
}

/// [`start`] with other limits on connections (tests: a short idle time).
///
/// # Errors
/// As [`start`].
pub fn start_with(publisher: Publisher, bind: SocketAddr, limits: Limits) -> Result<RunningServer, HallError> {
    let listener = std::net::TcpListener::bind(bind).map_err(|source| HallError::Bind { addr: bind, source })?;
    let addr = listener.local_addr().map_err(|source| HallError::Bind { addr: bind, source })?;
    listener.set_nonblocking(true).map_err(HallError::Start)?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(HallError::Start)?;
    let visitors = Arc::new(Visitors::default());
    let app = router(publisher, visitors.clone());
    let (stop, stopped) = watch::channel(false);
    let thread = std::thread::Builder::new()
        .name("hall".into())
        .spawn(move || runtime.block_on(serve(listener, limits, app, stopped)))
        .map_err(HallError::Start)?;
    Ok(RunningServer { addr, visitors, stop, thread: Some(thread) })
}

async fn serve(listener: std::net::TcpListener, limits: Limits, app: axum::Router, stopped: watch::Receiver<bool>) {
    let Ok(listener) = TcpListener::from_std(listener) else { return };
    let listener = GuardedListener::new(listener, limits);
    let mut graceful = stopped.clone();
    let mut hard = stopped;
    let server =
        axum::serve(listener, app.into_make_service_with_connect_info::<Peer>()).with_graceful_shutdown(async move {
            let _ = graceful.wait_for(|stop| *stop).await;
        });
    tokio::select! {
        _ = server => {}
        _ = async move {
            let _ = hard.wait_for(|stop| *stop).await;
            tokio::time::sleep(GRACE).await;
        } => {}
    }
}

impl RunningServer {
    /// The address the server listens on (the port chosen when 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The first device other than this machine that asked for a page.
    pub fn first_remote_seen(&self) -> Option<IpAddr> {
        self.visitors.first_remote_seen()
    }

    /// How many requests came from other devices.
    pub fn remote_requests(&self) -> u64 {
        self.visitors.remote_requests()
    }

    /// Stops the server and waits for its thread (at most the grace period).
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.stop.send_replace(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        self.halt();
    }
}
