//! Event files on read-only media (issue 22, item 3): a CD, a USB stick with its lock
//! switch on, a shared folder without write access. SQLite in WAL mode needs to create
//! `-wal`/`-shm` files beside the event even to read it, so the ordinary reader fails
//! there; such a file is read as immutable instead (nothing beside it can change it).
//! A change is refused in words ([`super::StoreError::ReadOnly`]).

use super::StoreError;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// Whether the file, or the folder that must hold its `-wal` and `-shm`, cannot be
/// written. Asked only after SQLite failed, so the probe file it may create in a
/// writable folder (and removes at once) costs nothing on the normal path.
pub(super) fn read_only_media(path: &Path) -> bool {
    if path.exists() && file_read_only(path) {
        return true;
    }
    let dir = folder_of(path);
    let probe = dir.join(format!(".bianpai-write-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            false
        }
        Err(_) => true,
    }
}

/// The folder that holds `path` (`.` for a bare file name), where its sidecars and
/// backups live.
pub(super) fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Whether the file itself cannot be opened for writing (nothing is written).
pub(super) fn file_read_only(path: &Path) -> bool {
    std::fs::OpenOptions::new().append(true).open(path).is_err()
}

/// The file opened read-only as immutable: SQLite takes no lock and creates no file
/// beside it. Only for a file without a `-wal` beside it, whose content is then whole.
pub(super) fn open_immutable(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    Connection::open_with_flags(uri(path), flags)
}

/// A `file:` URI of the path with `immutable=1`; `%`, `?` and `#` escaped.
fn uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let text = absolute.to_string_lossy().replace('\\', "/");
    let mut escaped = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '?' => escaped.push_str("%3f"),
            '#' => escaped.push_str("%23"),
            c => escaped.push(c),
        }
    }
    let slash = if escaped.starts_with('/') { "" } else { "/" };
    format!("file://{slash}{escaped}?immutable=1")
}

/// `error`, or [`StoreError::ReadOnly`] when it came from the file system or SQLite and
/// the file or its folder cannot be written.
pub(super) fn read_only_or(error: StoreError, path: &Path) -> StoreError {
    match error {
        StoreError::Sqlite { .. } | StoreError::Io { .. } if read_only_media(path) => {
            StoreError::ReadOnly { path: path.to_path_buf() }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_escape_what_sqlite_reads_as_syntax() {
        assert_eq!(uri(Path::new("/a/b c?#%.bianpai")), "file:///a/b c%3f%23%25.bianpai?immutable=1");
    }
}
