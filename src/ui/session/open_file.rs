//! The file the worker has open ([`OpenFile`]): as its writer, or — on read-only media
//! (issue 22, item 3: a CD, a locked USB stick, a read-only share) — as a reader, the
//! window's read-only view. Reading jobs (history, print, export, save as) work on
//! both; a job that would change the event is refused in words on a reader.

use crate::domain::event::Event;
use crate::store::{AuditEntry, EventFile, EventReader, StoreError};
use std::path::Path;
use std::sync::Arc;

/// The open event file.
pub(super) enum OpenFile {
    /// Opened to change it.
    Writer(EventFile),
    /// Opened to read only: the file or its folder cannot be written.
    Reader(EventReader),
}

impl OpenFile {
    /// Opens `path` as its writer; when the file or its folder is read-only, as a reader.
    pub(super) fn open(path: &Path) -> Result<OpenFile, StoreError> {
        match EventFile::open(path) {
            Ok(file) => Ok(OpenFile::Writer(file)),
            Err(StoreError::ReadOnly { .. }) => EventReader::open(path).map(OpenFile::Reader),
            Err(e) => Err(e),
        }
    }

    /// The event as saved.
    pub(super) fn event(&self) -> &Event {
        match self {
            OpenFile::Writer(f) => f.event(),
            OpenFile::Reader(r) => r.event(),
        }
    }

    /// The event as saved, as the snapshot the window keeps: the writer's own, shared
    /// without a copy; a reader's, copied once (it never changes).
    pub(super) fn shared_event(&self) -> Arc<Event> {
        match self {
            OpenFile::Writer(f) => f.shared_event(),
            OpenFile::Reader(r) => Arc::new(r.event().clone()),
        }
    }

    /// The file's path.
    pub(super) fn path(&self) -> &Path {
        match self {
            OpenFile::Writer(f) => f.path(),
            OpenFile::Reader(r) => r.path(),
        }
    }

    /// Whether the file is open to read only.
    pub(super) fn read_only(&self) -> bool {
        matches!(self, OpenFile::Reader(_))
    }

    /// The writer, or the read-only refusal.
    pub(super) fn writer(&mut self) -> Result<&mut EventFile, StoreError> {
        match self {
            OpenFile::Writer(f) => Ok(f),
            OpenFile::Reader(r) => Err(StoreError::ReadOnly { path: r.path().to_path_buf() }),
        }
    }

    /// The audit log, oldest first.
    pub(super) fn audit_log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        match self {
            OpenFile::Writer(f) => f.audit_log(),
            OpenFile::Reader(r) => r.audit_log(),
        }
    }

    /// Writes a copy to the new file `path` (save as).
    pub(super) fn save_copy(&self, path: &Path) -> Result<(), StoreError> {
        match self {
            OpenFile::Writer(f) => f.save_copy(path),
            OpenFile::Reader(r) => r.save_copy(path),
        }
    }
}
