//! Event files on read-only media (issue 22, item 3): a CD, a USB stick with its lock
//! switch on, a shared folder without write access. SQLite in WAL mode needs to create
//! `-wal`/`-shm` files beside the event even to read it, so the ordinary reader fails
//! there; such a file is read as immutable instead (nothing beside it can change it).
//! A change is refused in words ([`super::StoreError::ReadOnly`]).
//!
//! A file there with a `-wal` beside it (a window killed, or the stick pulled out, while
//! it was open) holds part of its content in the log, which the immutable reading would
//! not see, and SQLite cannot read the log without a shared index it may write (issue
//! 38, item 9). Such a file is read from a [`PrivateCopy`] of it and its log in a
//! temporary folder of this user, removed when read.

use super::StoreError;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

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

/// A copy of an event file and its `-wal` in a new temporary folder that only this
/// user may enter; the folder goes when the copy is dropped (after the connection to
/// it closes). The `-shm` is not copied: SQLite rebuilds it from the log.
#[derive(Debug)]
pub(super) struct PrivateCopy {
    file: PathBuf,
    /// Declared last, so removed after `file` is no longer named.
    _dir: tempfile::TempDir,
}

impl PrivateCopy {
    /// Copies `path` and `wal` (its `-wal`).
    ///
    /// # Errors
    /// [`StoreError::Io`] naming the original file; nothing is left behind then.
    pub(super) fn of(path: &Path, wal: &Path) -> Result<PrivateCopy, StoreError> {
        let io = |source| StoreError::Io { path: path.to_path_buf(), source };
        let dir = private_folder().map_err(io)?;
        let file = dir.path().join("event.bianpai");
        std::fs::copy(path, &file).map_err(io)?;
        std::fs::copy(wal, super::wal_beside(&file)).map_err(io)?;
        Ok(PrivateCopy { file, _dir: dir })
    }

    /// The copy of the event file.
    pub(super) fn file(&self) -> &Path {
        &self.file
    }
}

/// A new folder in the system's temporary folder, for this user alone, removed when
/// dropped.
fn private_folder() -> std::io::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("bianpai-read-");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700));
    builder.tempdir()
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
