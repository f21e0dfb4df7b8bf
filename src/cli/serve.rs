//! `bianpai serve FILE [--port P] [--bind ADDR]`: the hall's pages until
//! Ctrl+C or SIGTERM. The file is read as the other reading commands read it
//! (`store::EventReader`, beside the window); every second the file and its log are
//! looked at (length and modification time, the cheap check), and when either moved
//! the event is read again and a new snapshot published — only when the pages would
//! show something else, so open pages do not reload for nothing.

use super::words::t;
use crate::hall::{self, HallSnapshot, Publisher};
use crate::store::EventReader;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How often the file is looked at.
const POLL: Duration = Duration::from_secs(1);

/// Serves `file` on `bind:port` until stopped.
///
/// # Errors
/// The file cannot be read (`StoreError`), or the address cannot be served on
/// (`HallError`).
pub(super) fn run(file: &Path, port: u16, bind: IpAddr) -> anyhow::Result<()> {
    let reader = EventReader::open(file)?;
    let mut revision = 1;
    let publisher = Publisher::starting_now(HallSnapshot::of(reader.event(), revision));
    drop(reader);
    let mut stamp = Stamp::of(file);
    let server = hall::start(publisher.clone(), SocketAddr::new(bind, port))?;
    say(&addresses_words(bind, server.addr().port()));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async {
        let mut tick = tokio::time::interval(POLL);
        let stop = stopped();
        tokio::pin!(stop);
        loop {
            tokio::select! {
                _ = &mut stop => break,
                _ = tick.tick() => {
                    let now = Stamp::of(file);
                    if now != stamp && republish(file, &publisher, &mut revision) {
                        stamp = Stamp::of(file);
                    }
                }
            }
        }
    });
    server.stop();
    say(&t("赛场网页已停止\n", "the hall pages have stopped\n"));
    Ok(())
}

/// Reads the file again and publishes its snapshot when the pages would change;
/// `false` when the file cannot be read now (the next look tries again).
fn republish(file: &Path, publisher: &Publisher, revision: &mut u64) -> bool {
    let Ok(reader) = EventReader::open(file) else { return false };
    let fresh = HallSnapshot::of(reader.event(), *revision);
    drop(reader);
    if fresh != *publisher.current() {
        *revision += 1;
        publisher.publish(HallSnapshot { revision: *revision, ..fresh });
    }
    true
}

/// The cheap check: each of the file's and its log's length and modification time.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp(Vec<Option<(u64, Option<SystemTime>)>>);

impl Stamp {
    fn of(file: &Path) -> Stamp {
        let mut wal = file.as_os_str().to_owned();
        wal.push("-wal");
        let look = |p: &Path| std::fs::metadata(p).ok().map(|m| (m.len(), m.modified().ok()));
        Stamp(vec![look(file), look(&PathBuf::from(wal))])
    }
}

/// Resolves when the process is asked to stop: Ctrl+C, or SIGTERM on Unix.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Where to open the pages: each of this computer's network addresses when it serves
/// them all, else the address it serves.
fn addresses_words(bind: IpAddr, port: u16) -> String {
    let url = |ip: IpAddr| match ip {
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
        IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
    };
    let mut out = t("赛场网页已启动，按 Ctrl+C 停止。\n", "the hall pages are served; press Ctrl+C to stop.\n");
    if !bind.is_unspecified() {
        out += &t(format!("打开：{}\n", url(bind)), format!("open: {}\n", url(bind)));
        return out;
    }
    let lan = crate::hall::lan_addresses();
    for ip in &lan {
        out += &t(
            format!("在手机上打开：{}\n", url(IpAddr::V4(*ip))),
            format!("open on a phone: {}\n", url(IpAddr::V4(*ip))),
        );
    }
    if lan.is_empty() {
        out += &t(
            "没有找到本机的局域网地址：请连上赛场的网络，再用本机的地址打开\n",
            "no local network address of this computer was found: join the hall's network and open this computer's address\n",
        );
    }
    let here = url(IpAddr::V4(Ipv4Addr::LOCALHOST));
    out += &t(format!("在本机打开：{here}\n"), format!("open on this computer: {here}\n"));
    out
}
