//! The hall's listener with limits a hall of phones needs (issue 41): at most
//! [`Limits::max_connections`] open at once (the next waits for one to close), and a
//! connection that sends or takes nothing for [`Limits::idle`] — a request's head never
//! finished, a keep-alive left open by a phone put in a pocket — is closed. The router's own
//! timeout bounds a request once read; this bounds the reading.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

/// The server's limits on connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections served at once.
    pub max_connections: usize,
    /// How long a connection may stay silent.
    pub idle: Duration,
}

impl Default for Limits {
    /// 1,024 connections (300 phones polling need a few hundred), 30 s of silence.
    fn default() -> Limits {
        Limits { max_connections: 1024, idle: Duration::from_secs(30) }
    }
}

/// A TCP listener that holds a permit per open connection.
#[derive(Debug)]
pub struct GuardedListener {
    inner: TcpListener,
    permits: Arc<Semaphore>,
    idle: Duration,
}

impl GuardedListener {
    /// Guards `inner` with `limits`.
    pub fn new(inner: TcpListener, limits: Limits) -> GuardedListener {
        let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
        GuardedListener { inner, permits, idle: limits.idle }
    }
}

impl axum::serve::Listener for GuardedListener {
    type Io = GuardedStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (GuardedStream, SocketAddr) {
        loop {
            // The semaphore is never closed; should it be, serve without a permit.
            let permit = self.permits.clone().acquire_owned().await.ok();
            match self.inner.accept().await {
                Ok((stream, remote)) => {
                    let _ = stream.set_nodelay(true);
                    let deadline = Box::pin(tokio::time::sleep(self.idle));
                    return (GuardedStream { stream, idle: self.idle, deadline, _permit: permit }, remote);
                }
                // Out of descriptors and the like: wait a little, as axum's own does.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// One connection: its stream, its idle deadline and its permit.
#[derive(Debug)]
pub struct GuardedStream {
    stream: TcpStream,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
    _permit: Option<OwnedSemaphorePermit>,
}

impl GuardedStream {
    /// This machine's end of the connection.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.stream.local_addr()
    }

    /// After progress: the deadline moves on. While waiting: an error once it passed.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match poll {
            Poll::Ready(result) => {
                let next = Instant::now() + self.idle;
                self.deadline.as_mut().reset(next);
                Poll::Ready(result)
            }
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::from(io::ErrorKind::TimedOut))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncRead for GuardedStream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        self.watch(cx, poll)
    }
}

impl AsyncWrite for GuardedStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
