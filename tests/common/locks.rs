//! Making a file or folder unwritable for the read-only media tests (issue 22, item 3):
//! `chattr +i`, which binds root too (CI runs as root, whom file modes do not stop);
//! where that is not allowed, `chmod` for a user whom modes do stop.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Makes `path` unwritable; `false` when this machine allows neither way.
fn lock(path: &Path) -> bool {
    if Command::new("chattr").arg("+i").arg(path).status().is_ok_and(|s| s.success()) {
        return true;
    }
    let is_root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0"));
    !is_root && Command::new("chmod").arg("a-w").arg(path).status().is_ok_and(|s| s.success())
}

/// Makes `path` writable again.
fn unlock(path: &Path) {
    let _ = Command::new("chattr").arg("-i").arg(path).status();
    let _ = Command::new("chmod").arg("u+w").arg(path).status();
}

/// A lock released when dropped, even when the test fails (an immutable file would
/// outlive its temporary folder).
pub struct Locked(PathBuf);

impl Locked {
    /// Locks `path`; panics when this machine cannot.
    pub fn new(path: &Path) -> Locked {
        assert!(lock(path), "cannot make {} read-only here (no chattr, running as root)", path.display());
        Locked(path.to_path_buf())
    }

    /// Locks `path`; `None` when this machine cannot (the caller says why it skips).
    pub fn try_new(path: &Path) -> Option<Locked> {
        lock(path).then(|| Locked(path.to_path_buf()))
    }
}

impl Drop for Locked {
    fn drop(&mut self) {
        unlock(&self.0);
    }
}
