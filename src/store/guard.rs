//! Which paths an export, a printout or a pairing file must never write over (issue 22,
//! item 1): a Bianpai event file, its SQLite sidecars (`-wal`, `-shm`, `-journal`), a
//! backup (itself an event file) or the blacklist. Recognised by the file's header —
//! SQLite's magic and the `application_id` at byte 68 — not by its name, so a file
//! renamed `ranking.csv` is still protected.

use super::blacklist::BLACKLIST_APPLICATION_ID;
use super::schema::APPLICATION_ID;
use std::io::Read;
use std::path::{Path, PathBuf};

/// SQLite's file header.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// The Bianpai file (event or blacklist) `path` would overwrite, itself or as its
/// sidecar; `None` when writing there is safe.
pub fn protected_target(path: &Path) -> Option<PathBuf> {
    if is_bianpai_file(path) {
        return Some(path.to_path_buf());
    }
    main_of_sidecar(path).filter(|main| is_bianpai_file(main))
}

/// The database file whose SQLite sidecar (`-wal`, `-shm`, `-journal`) `path` names.
fn main_of_sidecar(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    ["-wal", "-shm", "-journal"].iter().find_map(|suffix| Some(path.with_file_name(name.strip_suffix(suffix)?)))
}

/// As [`protected_target`], for a process that holds the event file at `held` open:
/// that file and its sidecars are recognised without opening them. On Unix every lock a
/// process has on a file goes when any of its handles on that file is closed, so reading
/// the held file's header here would let another writer in beside the window.
pub fn protected_target_beside(path: &Path, held: &Path) -> Option<PathBuf> {
    let main = main_of_sidecar(path).unwrap_or_else(|| path.to_path_buf());
    if same_file(&main, held) {
        return Some(held.to_path_buf());
    }
    protected_target(path)
}

/// Whether two paths name one file, found by their metadata (no handle is opened).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// Whether `path` is a Bianpai event file or blacklist (by its header).
pub fn is_bianpai_file(path: &Path) -> bool {
    let mut header = [0u8; 72];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut header));
    if read.is_err() || &header[..16] != SQLITE_MAGIC {
        return false;
    }
    let id = i32::from_be_bytes([header[68], header[69], header[70], header[71]]);
    id == APPLICATION_ID || id == BLACKLIST_APPLICATION_ID
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_file_and_its_sidecars_are_protected_by_content() {
        let dir = tempfile::tempdir().unwrap();
        let event = dir.path().join("renamed.csv");
        let event_file = crate::store::EventFile::create(
            &event,
            &crate::domain::presets::build("cxa-swiss", None, Some(3)).unwrap(),
        )
        .unwrap();
        drop(event_file);
        assert_eq!(protected_target(&event), Some(event.clone()));
        let wal = dir.path().join("renamed.csv-wal");
        assert_eq!(protected_target(&wal), Some(event.clone()));
        let other = dir.path().join("plain.csv");
        std::fs::write(&other, "a,b\n").unwrap();
        assert_eq!(protected_target(&other), None);
        assert_eq!(protected_target(&dir.path().join("new.pdf")), None);
    }
}
