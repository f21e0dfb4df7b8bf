//! The seal a writer leaves when it closes an event file, so that the next writing
//! command need not re-hash the whole audit log nor the event (issue 38, item 18).
//!
//! Every writer checks the audit log's chain before it writes (issue 38, item 3). Done
//! row by row, that check grows with the log: at 3,000 players and nine rounds it was
//! most of a command's time. When a writer closes the file cleanly (its connection
//! closed, no `-wal` left beside it), it records outside the file — in the user's cache
//! folder, keyed by the file's path — the file's length, its identity and the chain's
//! head. A writing command that finds the file as sealed knows every row up to that
//! head, and the event's digest the newest row records, were checked by the writer
//! that sealed it, so it checks the newest row and the head only. Any other change to
//! the file (another program, a restored backup, a crash mid-write, a `-wal` left
//! over) means the whole chain and the event's digest are checked as before.
//!
//! The file's identity, where the system keeps one to the nanosecond (Unix), is its
//! device, inode and the inode's change time: every write to the file, every
//! `touch` or copy over it moves the change time (to the kernel's clock tick), which
//! no program can set back (the modification time it can), so checking it costs one
//! `stat` whatever the file's size. Elsewhere, or where the file system keeps whole seconds only, the seal holds
//! a CRC-32 of the file's bytes instead, read once when sealing and once when checking.
//!
//! The seal is a hint, never a requirement: a missing, unreadable or foreign seal
//! means the whole check. The file cannot forge it, since it lives outside the file.
//! The window keeps checking everything when it opens a file.

use super::chain::Head;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The seals kept at most; the oldest beyond it are removed when one is written.
const SEALS_KEPT: usize = 256;

/// What a seal records of a file as its writer closed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Seal {
    /// The seal's own format.
    format: u32,
    /// The file's length in bytes.
    len: u64,
    /// How the file's bytes are known to be the same.
    same: Sameness,
    /// The newest audit row's id (0 before the first).
    head_id: i64,
    /// The newest audit row's hash.
    head_hash: [u8; 32],
}

const FORMAT: u32 = 3;

/// What tells the sealed file from a changed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Sameness {
    /// The file's device, inode and inode change time in nanoseconds (Unix).
    Identity { device: u64, inode: u64, changed_s: i64, changed_ns: i64 },
    /// CRC-32 of the file's bytes.
    Content(u32),
}

/// The head a writer sealed the file at `path` with, when the file is as that writer
/// left it (the same identity, or the same bytes); `None` otherwise (or without a seal).
///
/// The file is read through `held`, a handle its writer keeps open until its SQLite
/// connection is closed: on Unix every lock a process has on a file goes when any of
/// its handles on that file is closed, so a handle opened and closed here, while the
/// writer holds the file alone, would let another writer in.
pub(super) fn sealed_head(path: &Path, held: &File) -> Option<Head> {
    let text = std::fs::read(seal_path(path)?).ok()?;
    let seal: Seal = serde_json::from_slice(&text).ok()?;
    // The length first: a file of another size is not read at all.
    let meta = held.metadata().ok()?;
    if seal.format != FORMAT || meta.len() != seal.len {
        return None;
    }
    let same = match seal.same {
        Sameness::Identity { .. } => identity(&meta) == Some(seal.same),
        Sameness::Content(crc) => content_hash(held)? == (seal.len, crc),
    };
    same.then_some(Head { id: seal.head_id, hash: seal.head_hash })
}

/// Seals the file at `path`, just closed by its writer at `head`. Without a cache
/// folder, or when the file still has a `-wal` beside it, nothing is written and the
/// next writer checks the whole chain, as it does when the seal cannot be written.
pub(super) fn write(path: &Path, head: Head) {
    if super::wal_beside(path).exists() {
        return;
    }
    let Some(target) = seal_path(path) else { return };
    // The writer's connection is closed: no lock of this process is left to lose.
    let Some((len, same)) = sameness(path) else { return };
    let seal = Seal { format: FORMAT, len, same, head_id: head.id, head_hash: head.hash };
    // Only a file sealed for the first time adds a seal: the folder is pruned then.
    let new_seal = !target.exists();
    // A seal not written costs the next writer the whole check, nothing more.
    if write_atomically(&target, &seal).is_err() {
        return;
    }
    if let (true, Some(dir)) = (new_seal, target.parent()) {
        prune(dir);
    }
}

/// Writes `seal` to a temporary file beside `target` and renames it over `target`:
/// a reader sees the old seal or the new one, never half of one.
fn write_atomically(target: &Path, seal: &Seal) -> std::io::Result<()> {
    let dir = target.parent().ok_or_else(|| std::io::Error::other("no folder"))?;
    std::fs::create_dir_all(dir)?;
    let text = serde_json::to_vec(seal).map_err(std::io::Error::other)?;
    let temp = tempfile::NamedTempFile::new_in(dir)?;
    std::fs::write(temp.path(), text)?;
    temp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// Removes the oldest seals beyond [`SEALS_KEPT`] (files deleted long ago, test runs).
fn prune(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut seals: Vec<(std::time::SystemTime, PathBuf)> =
        entries.filter_map(Result::ok).filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path()))).collect();
    if seals.len() <= SEALS_KEPT {
        return;
    }
    seals.sort();
    for (_, old) in &seals[..seals.len() - SEALS_KEPT] {
        // Another process may have pruned it already.
        let _ = std::fs::remove_file(old);
    }
}

/// SQLite's count of other connections' commits to the file, as `conn` sees it: a
/// writer seals only a file nobody else wrote to while it held it.
pub(super) fn data_version(conn: &rusqlite::Connection) -> Option<i64> {
    conn.pragma_query_value(None, "data_version", |r| r.get(0)).ok()
}

/// Where the seal of the file at `path` lives: the cache folder, under a name hashed
/// from the file's absolute path.
fn seal_path(path: &Path) -> Option<PathBuf> {
    let absolute = std::fs::canonicalize(path).ok()?;
    let key = Sha256::digest(absolute.as_os_str().as_encoded_bytes());
    let name: String = key[..16].iter().map(|b| format!("{b:02x}")).collect();
    Some(dirs::cache_dir()?.join("bianpai").join("seals").join(format!("{name}.json")))
}

/// The file's length and what tells it from a changed one: its identity where the
/// system keeps one, else the CRC-32 of its bytes.
fn sameness(path: &Path) -> Option<(u64, Sameness)> {
    let meta = std::fs::metadata(path).ok()?;
    if let Some(same) = identity(&meta) {
        return Some((meta.len(), same));
    }
    let (len, crc) = content_hash(&File::open(path).ok()?)?;
    Some((len, Sameness::Content(crc)))
}

/// The file's device, inode and inode change time, when that time has nanoseconds: a
/// file system that keeps whole seconds only (FAT, some network shares) could see a
/// change within the second the seal was written, so its files are sealed by content.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> Option<Sameness> {
    use std::os::unix::fs::MetadataExt;
    let fine = meta.ctime_nsec() != 0 || meta.mtime_nsec() != 0;
    fine.then(|| Sameness::Identity {
        device: meta.dev(),
        inode: meta.ino(),
        changed_s: meta.ctime(),
        changed_ns: meta.ctime_nsec(),
    })
}

/// Without Unix's inode change time, files are sealed by content.
#[cfg(not(unix))]
fn identity(_meta: &std::fs::Metadata) -> Option<Sameness> {
    None
}

/// The file's length and the CRC-32 of its bytes, from one read: a few milliseconds at
/// ten megabytes, where SHA-256 cost as much as the check it spares. It tells a changed
/// file from the sealed one as well as the chain's own unkeyed hashes do: both catch a
/// change, neither a forger who knows them.
fn content_hash(mut file: &File) -> Option<(u64, u32)> {
    file.seek(SeekFrom::Start(0)).ok()?;
    let mut hasher = crc32fast::Hasher::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        match file.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => hasher.update(&buffer[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    Some((hasher.total_len(), hasher.finalize()))
}
