//! Automatic backups (issue 8): before each round is paired, a consistent copy of the
//! event file is written beside it through SQLite's online backup API, as
//! `NAME.bak-rN.bianpai` (`NAME.bak-gG-rN.bianpai` in events with several groups, and
//! `…-sS-rN` for the rounds of a stage after the first, so that a later stage never
//! overwrites an earlier stage's backup, R-11.5); [`BackupTag`] reads a name back; the
//! newest [`DEFAULT_KEEP`] are kept (`$BIANPAI_BACKUPS` sets another count, 0 none; the
//! window's preference sets it through `EventFile::set_backups_kept`). Nothing that is
//! not this event's is ever written over or pruned: a backup is known by its audit
//! chain's start and first row, not by its name alone (a file of another event that has
//! a backup's name is left alone, and the backup goes to `…-n2` beside it). A backup
//! can be restored over the event file while it is closed — also over an empty, damaged
//! or missing one; the file it replaces is kept under a name no other copy has.
//! [`copy_into`] writes the consistent copy of "save as" and of a reader's private copy.

use super::read_only::folder_of;
use super::{EventFile, EventReader, StoreError, classify};
use crate::domain::ids::{GroupId, RoundNo, StageNo};
use crate::lang::{Lang, Localized, Words};
use rusqlite::{Connection, MAIN_DB, params};
use std::path::{Path, PathBuf};

/// Backups kept per event file unless `$BIANPAI_BACKUPS` says otherwise.
pub const DEFAULT_KEEP: usize = 10;

/// The environment variable with the number of backups to keep.
pub const BACKUPS_ENV: &str = "BIANPAI_BACKUPS";

/// How many backups to keep.
pub fn keep() -> usize {
    std::env::var(BACKUPS_ENV).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_KEEP)
}

impl EventFile {
    /// How many automatic backups are kept from now on (issue 18, item 5: the window's
    /// preference); `None` keeps `$BIANPAI_BACKUPS` or [`DEFAULT_KEEP`], as the command
    /// line does; `Some(0)` makes none.
    pub fn set_backups_kept(&mut self, keep: Option<usize>) {
        self.backups_kept = keep;
    }

    /// How many automatic backups are kept.
    pub fn backups_kept(&self) -> usize {
        self.backups_kept.unwrap_or_else(keep)
    }
}

fn stem(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The backup made before pairing `round` of `stage` of `group` (`group` is `None` in
/// one-group events; the stage is named from the second on).
pub fn backup_path(path: &Path, group: Option<GroupId>, stage: StageNo, round: RoundNo) -> PathBuf {
    let group = group.map(|g| format!("g{g}-")).unwrap_or_default();
    let stage = if stage.0 > 1 { format!("s{stage}-") } else { String::new() };
    path.with_file_name(format!("{}.bak-{group}{stage}r{round}.bianpai", stem(path)))
}

/// What a backup's name says it was made before: the pairing of a round of a stage of
/// a group (R-11.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupTag {
    /// The group, in events with several groups.
    pub group: Option<GroupId>,
    /// The stage.
    pub stage: StageNo,
    /// The round.
    pub round: RoundNo,
}

impl BackupTag {
    /// Reads the tag of a backup of the event file at `path`; `None` for another name.
    pub fn of(path: &Path, backup: &Path) -> Option<BackupTag> {
        let name = backup.file_name()?.to_str()?;
        let tag = name.strip_prefix(&format!("{}.bak-", stem(path)))?.strip_suffix(".bianpai")?;
        let mut tag_of = BackupTag { group: None, stage: StageNo(1), round: RoundNo(0) };
        for part in tag.split('-') {
            let (kind, number) = part.split_at_checked(1)?;
            let number: u32 = number.parse().ok()?;
            match kind {
                "g" => tag_of.group = Some(GroupId(number)),
                "s" => tag_of.stage = StageNo(number),
                "r" => tag_of.round = RoundNo(number),
                // A second backup of the same round beside a file of another's name.
                "n" => {}
                _ => return None,
            }
        }
        (tag_of.round.0 > 0).then_some(tag_of)
    }
}

impl Localized for BackupTag {
    /// `第2组 第2阶段 第3轮编排前` / `before group 2 stage 2 round 3 was paired`.
    fn message(&self, lang: Lang) -> String {
        let (group, stage, round) = (self.group, self.stage, self.round);
        match lang {
            Lang::Zh => {
                let group = group.map(|g| format!("第{g}组 ")).unwrap_or_default();
                format!("{group}第{stage}阶段 第{round}轮编排前")
            }
            Lang::En => {
                let group = group.map(|g| format!("group {g} ")).unwrap_or_default();
                format!("before {group}stage {stage} round {round} was paired")
            }
        }
    }
}

/// A backup as a director reads it, in both languages: what it was made before and
/// when, `第1阶段 第3轮编排前 · 2026-12-06 03:35`; the file name when it has no tag.
/// The file's time is read once.
pub fn backup_words(path: &Path, backup: &Path) -> Words {
    let tag = BackupTag::of(path, backup);
    let at = written_at(backup);
    let words = |lang: Lang| {
        let what = tag
            .map(|t| t.message(lang))
            .unwrap_or_else(|| backup.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
        match &at {
            Some(at) => format!("{what} · {at}"),
            None => what,
        }
    };
    Words::new(words(Lang::Zh), words(Lang::En))
}

/// When a backup was written, on this machine's clock: `2026-12-06 03:35`.
fn written_at(backup: &Path) -> Option<String> {
    let modified = std::fs::metadata(backup).and_then(|m| m.modified()).ok()?;
    let at = jiff::Timestamp::try_from(modified).ok()?;
    Some(at.to_zoned_datetime(jiff::tz::TimeZone::system()).datetime().strftime("%Y-%m-%d %H:%M").to_string())
}

/// The backups of the event file at `path`, oldest first (by modification time, then name).
pub fn list_backups(path: &Path) -> Vec<PathBuf> {
    let prefix = format!("{}.bak-", stem(path));
    let dir = folder_of(path);
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name.starts_with(&prefix) && name.ends_with(".bianpai")
        })
        .map(|p| (std::fs::metadata(&p).and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH), p))
        .collect();
    found.sort();
    found.into_iter().map(|(_, p)| p).collect()
}

/// The newest backup of the event file at `path` that would restore: it reads as an
/// event file and its whole history checks (issue 38, item 3). A backup that carries
/// damage — one an older Bianpai took of a damaged file — is passed over; `None` when
/// no backup would restore.
pub fn newest_restorable(path: &Path) -> Option<PathBuf> {
    let restores = |b: &Path| EventReader::open(b).and_then(|r| r.audit_log()).is_ok();
    list_backups(path).into_iter().rev().find(|b| restores(b))
}

/// Removes what an interrupted backup of the event at `path` left — `….bak-….bianpai.writing`
/// and its `-journal` — (issue 22, item 5). Only the event's one writer writes its
/// backups, so any such file found by that writer is stale.
pub(super) fn remove_stale_writes(path: &Path) {
    let prefix = format!("{}.bak-", stem(path));
    let dir = folder_of(path);
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix)
            && (name.ends_with(".bianpai.writing") || name.ends_with(".bianpai.writing-journal"))
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes a backup of the open database to `target` (whole or not at all) and prunes the
/// oldest backups beyond `keep` (none is written when `keep` is 0).
pub(super) fn write_backup(conn: &Connection, path: &Path, target: &Path, keep: usize) -> Result<(), StoreError> {
    if keep == 0 {
        return Ok(());
    }
    remove_stale_writes(path);
    let ours = identity(conn);
    let target = &free_target(target, ours.as_ref());
    let mut tmp = target.as_os_str().to_owned();
    tmp.push(".writing");
    let tmp = PathBuf::from(tmp);
    let written = conn
        .backup(MAIN_DB, &tmp, None::<fn(rusqlite::backup::Progress)>)
        .map_err(|source| classify(target, source))
        .and_then(|()| std::fs::rename(&tmp, target).map_err(|source| StoreError::Io { path: target.into(), source }));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return written;
    }
    // Only this event's own backups are pruned: a file named like one (another event
    // called `cup.bak-r1`, `cup.bak-2025.bianpai`) is never touched (issue 38, item 2).
    let all: Vec<PathBuf> = list_backups(path).into_iter().filter(|b| is_ours(b, ours.as_ref())).collect();
    for old in all.iter().take(all.len().saturating_sub(keep)) {
        let _ = std::fs::remove_file(old);
    }
    Ok(())
}

/// Where a backup named `target` goes: there when no file has the name or this event's
/// own earlier backup has it; else the first free `…-n2`, `…-n3` … beside it, so that
/// a file of somebody else's is never written over.
fn free_target(target: &Path, ours: Option<&Identity>) -> PathBuf {
    if !target.exists() || is_ours(target, ours) {
        return target.to_path_buf();
    }
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let base = name.strip_suffix(".bianpai").unwrap_or(&name).to_string();
    (2u32..)
        .map(|n| target.with_file_name(format!("{base}-n{n}.bianpai")))
        .find(|p| !p.exists() || is_ours(p, ours))
        .unwrap_or_else(|| target.to_path_buf())
}

/// Where an event's audit chain started and its first audit row's hash ([`identity`]).
type Identity = (Vec<u8>, Vec<u8>);

/// Whether the file at `path` is a copy of the event whose identity is `ours`; never
/// when the event has none (nothing is then known to be its own).
fn is_ours(path: &Path, ours: Option<&Identity>) -> bool {
    ours.is_some() && super::read_only::open_immutable(path).ok().and_then(|c| identity(&c)).as_ref() == ours
}

/// What makes a file this event's, whatever its name: where its audit chain started and
/// the hash of its first audit row — the same in the event and in every backup of it,
/// different for another event. `None` when the file has no chain or no row yet.
fn identity(conn: &Connection) -> Option<Identity> {
    let start: Vec<u8> = conn.query_row("SELECT start_state FROM audit_chain WHERE id = 1", [], |r| r.get(0)).ok()?;
    let first: Vec<u8> = conn
        .query_row("SELECT row_hash FROM audit_log WHERE row_hash IS NOT NULL ORDER BY id LIMIT 1", [], |r| r.get(0))
        .ok()?;
    Some((start, first))
}

/// The copies a restore kept of the files it replaced, oldest first:
/// `NAME.replaced.bianpai`, `NAME.replaced-2.bianpai`, … (issue 38, item 1).
pub fn list_replaced(path: &Path) -> Vec<PathBuf> {
    let stem = stem(path);
    let dir = folder_of(path);
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            let rest = name.strip_prefix(&format!("{stem}.replaced"))?.strip_suffix(".bianpai")?;
            let n = if rest.is_empty() { 1 } else { rest.strip_prefix('-')?.parse().ok()? };
            Some((n, p))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, p)| p).collect()
}

/// A replaced copy in words: `恢复备份时被替换的文件 · 2026-12-06 03:35`.
pub fn replaced_words(copy: &Path) -> Words {
    let at = written_at(copy).map(|at| format!(" · {at}")).unwrap_or_default();
    Words::new(format!("恢复备份时被替换的文件{at}"), format!("file replaced by a restore{at}"))
}

/// Copies `from` to the first free name of `NAME.replaced.bianpai`,
/// `NAME.replaced-2.bianpai`, …, never over an existing file; the copy's path.
fn keep_replaced(path: &Path, from: &Path) -> Result<PathBuf, StoreError> {
    let stem = stem(path);
    for n in 1u32.. {
        let name = if n == 1 { format!("{stem}.replaced.bianpai") } else { format!("{stem}.replaced-{n}.bianpai") };
        let target = path.with_file_name(name);
        let mut file = match std::fs::File::create_new(&target) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(source) => return Err(StoreError::Io { path: target, source }),
        };
        let copied = std::fs::File::open(from)
            .and_then(|mut source| std::io::copy(&mut source, &mut file))
            .and_then(|_| file.sync_all());
        if let Err(source) = copied {
            drop(file);
            let _ = std::fs::remove_file(&target);
            return Err(StoreError::Io { path: target, source });
        }
        return Ok(target);
    }
    Err(StoreError::Io { path: path.to_path_buf(), source: std::io::Error::other("no free name") })
}

/// Puts `backup` in place of the event file at `path`, which must not be open. The file
/// it replaces is kept as `NAME.replaced.bianpai`, or the next free
/// `NAME.replaced-N.bianpai` (a kept copy is never overwritten); the copy's path is
/// returned (`None` when there was no file to replace). The backup is checked first by opening
/// it as an event file. The event file may be one changed outside Bianpai or damaged
/// (issue 22, item 6): that is when a backup is wanted.
///
/// # Errors
/// The backup is not a readable event file, the event file is in use or not an event
/// file, or the file system refuses; the event file is then unchanged.
pub fn restore(path: &Path, backup: &Path) -> Result<Option<PathBuf>, StoreError> {
    drop(EventFile::open(backup)?);
    // In use elsewhere → refused here, before any change.
    // A missing, empty or header-damaged file is what a backup is for (issue 38, item
    // 8): whatever the path holds is kept beside it first, so nothing is lost.
    let empty = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0);
    let exists = empty
        || match EventFile::open(path) {
            Ok(_) | Err(StoreError::Tampered { .. }) => true,
            Err(StoreError::Damaged { .. } | StoreError::NotAnEventFile { .. }) => {
                nobody_else_has(path)?;
                true
            }
            Err(StoreError::NotFound { .. }) => false,
            Err(other) => return Err(other),
        };
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| StoreError::Io { path: p, source }
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".restoring");
    let tmp = PathBuf::from(tmp);
    std::fs::copy(backup, &tmp).map_err(io(&tmp))?;
    let replaced = if exists {
        Some(keep_replaced(path, path).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })?)
    } else {
        None
    };
    std::fs::rename(&tmp, path).map_err(io(path))?;
    Ok(replaced)
}

/// Whether another connection has the file at `path` open: the exclusive lock a writer
/// takes first ([`EventFile::open`]), taken and let go again, nothing read or written —
/// for a damaged file, which the event file's own opening refuses before it locks.
fn nobody_else_has(path: &Path) -> Result<(), StoreError> {
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
        .map_err(|source| classify(path, source))?;
    let locked = conn
        .pragma_update(None, "locking_mode", "EXCLUSIVE")
        .and_then(|()| conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;"));
    match locked.map_err(|source| classify(path, source)) {
        Err(in_use @ StoreError::InUse { .. }) => Err(in_use),
        // Too damaged to lock like a database: then nobody is using it as one either.
        _ => Ok(()),
    }
}

/// Writes a consistent copy of the database behind `conn` to a new file at `path`
/// (`VACUUM INTO`, which also reads a read-only or immutable file), whole or not at
/// all: under a temporary name, then renamed.
pub(super) fn copy_into(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    if path.exists() {
        return Err(StoreError::AlreadyExists { path: path.to_path_buf() });
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".copying");
    let tmp = PathBuf::from(tmp);
    let _ = std::fs::remove_file(&tmp);
    let written = conn
        .execute("VACUUM INTO ?1", params![tmp.to_string_lossy()])
        .map_err(|source| StoreError::Sqlite { path: path.to_path_buf(), source })
        .and_then(|_| {
            std::fs::rename(&tmp, path).map_err(|source| StoreError::Io { path: path.to_path_buf(), source })
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-11.5: a later stage's round never takes an earlier stage's backup name, and
    // every name reads back as the group, stage and round it was made before.
    #[test]
    fn backups_are_named_by_group_stage_and_round() {
        let event = Path::new("/tmp/cup.bianpai");
        let first = backup_path(event, None, StageNo(1), RoundNo(1));
        let later = backup_path(event, None, StageNo(3), RoundNo(1));
        assert_ne!(first, later);
        assert_eq!(first.file_name().unwrap(), "cup.bak-r1.bianpai", "one-stage names are as before");
        assert_eq!(later.file_name().unwrap(), "cup.bak-s3-r1.bianpai");
        let grouped = backup_path(event, Some(GroupId(2)), StageNo(2), RoundNo(4));
        assert_eq!(grouped.file_name().unwrap(), "cup.bak-g2-s2-r4.bianpai");
        let tag = BackupTag::of(event, &grouped).unwrap();
        assert_eq!(tag, BackupTag { group: Some(GroupId(2)), stage: StageNo(2), round: RoundNo(4) });
        assert_eq!(tag.message(Lang::Zh), "第2组 第2阶段 第4轮编排前");
        assert_eq!(tag.message(Lang::En), "before group 2 stage 2 round 4 was paired");
        assert_eq!(BackupTag::of(event, &first).map(|t| t.stage), Some(StageNo(1)));
        assert_eq!(BackupTag::of(event, Path::new("/tmp/cup.bak-x1.bianpai")), None);
        assert_eq!(BackupTag::of(event, Path::new("/tmp/other.bak-r1.bianpai")), None);
    }
}
