//! Files the command line writes (PDFs, exports, TRF): whole or not at all — written
//! under a temporary name in the output's directory, flushed to disk, then renamed into
//! place, so a failure never leaves a half-written file behind.

use super::InputError;
use super::words::t;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Checks `-o OUTPUT` before any work: its directory exists and it is not a directory
/// (bad input, exit 2).
pub(super) fn check_output(output: &Path) -> Result<(), InputError> {
    temporary_beside(output).map(drop)
}

fn temporary_beside(output: &Path) -> Result<PathBuf, InputError> {
    let name = output
        .file_name()
        .ok_or_else(|| {
            let shown = output.display();
            InputError(t(format!("-o {shown}：不是文件名"), format!("-o {shown}: not a file name")))
        })?
        .to_string_lossy()
        .into_owned();
    let dir: PathBuf = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        let (shown, dir) = (output.display(), dir.display());
        return Err(InputError(t(
            format!("-o {shown}：文件夹 {dir} 不存在"),
            format!("-o {shown}: directory {dir} does not exist"),
        )));
    }
    if output.is_dir() {
        let shown = output.display();
        return Err(InputError(t(format!("-o {shown}：这是一个文件夹"), format!("-o {shown}: is a directory"))));
    }
    // A device, a pipe or a link to one (`/dev/full`, `/dev/stdout`, a FIFO) would be
    // replaced by the rename, or hang the write: only a regular file or a new path
    // (issue 38, item 5).
    if std::fs::metadata(output).is_ok_and(|m| !m.is_file()) {
        let shown = output.display();
        return Err(InputError(t(
            format!("-o {shown}：不是普通文件（设备或管道），已拒绝；请给一个文件名"),
            format!("-o {shown}: not a regular file (a device or a pipe); refused — give a file name"),
        )));
    }
    refuse_protected(output)?;
    remove_stale_temporaries(&dir, &name);
    Ok(dir.join(format!(".{name}.{}.tmp", std::process::id())))
}

/// Removes what a killed writer of the same output left: `.NAME.PID.tmp` of a process
/// that no longer runs (issue 38, item 16). Where whether it runs cannot be told, the
/// file is left.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.filter_map(Result::ok) {
        let file = entry.file_name().to_string_lossy().into_owned();
        let pid = file.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp")).and_then(|p| p.parse().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !runs(pid)
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether the process `pid` runs (Linux: it has a `/proc` entry); elsewhere assumed.
fn runs(pid: u32) -> bool {
    if cfg!(target_os = "linux") { Path::new("/proc").join(pid.to_string()).exists() } else { true }
}

/// An output never replaces a Bianpai file — the event, its sidecars, a backup, the
/// blacklist (issue 22): everything since the last backup would be lost.
pub(super) fn refuse_protected(output: &Path) -> Result<(), InputError> {
    match crate::store::guard::protected_target(output) {
        None => Ok(()),
        Some(file) => {
            let (shown, file) = (output.display(), file.display());
            Err(InputError(t(
                format!("-o {shown}：会覆盖 Bianpai 文件 {file}，已拒绝；请换一个文件名"),
                format!("-o {shown}: would overwrite the Bianpai file {file}; refused — choose another name"),
            )))
        }
    }
}

/// Writes `bytes` to `output` atomically.
///
/// # Errors
/// Bad `-o` (exit 2) or a file-system error naming the output; `output` is untouched then.
pub(super) fn write_atomically(output: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp = temporary_beside(output)?;
    let written = std::fs::File::create(&tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&tmp, output));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        let shown = output.display();
        return Err(anyhow::Error::new(e).context(t(format!("无法写入 {shown}"), format!("cannot write {shown}"))));
    }
    Ok(())
}

/// Reads the event for a document written to `output`: the output path is checked
/// first, then the file is read (beside the window, if it has it) and released before
/// the document is made, and the group resolved.
///
/// # Errors
/// A bad output path, an event file that cannot be opened, an unknown group.
pub(super) fn open_for_output(
    file: &Path,
    group: &super::GroupArg,
    output: &Path,
) -> anyhow::Result<(crate::domain::event::Event, crate::domain::ids::GroupId)> {
    check_output(output)?;
    let event = crate::store::EventReader::open(file)?.into_event();
    let id = super::resolve_group(&event, group)?.id;
    Ok((event, id))
}
