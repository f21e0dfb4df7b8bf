//! The event file's and the blacklist file's errors in the director's words, in both
//! languages (issue 18): [`StoreError`], the row errors of a file this build cannot
//! read back ([`RowError`], [`BadValue`]) and [`BlacklistError`]. SQLite's and the file
//! system's own texts stay in `Display`; here they become words: the file system's from
//! [`crate::os_words`], SQLite's from `sqlite_words`, kept here as `store` is the only
//! module that knows SQLite (issue 40, item 1).

use super::blacklist::BlacklistError;
use super::rows::{BadValue, RowError};
use super::{StoreError, Tamper};
use crate::lang::{Lang, Localized};
use crate::os_words::{in_use, io_words, on_file};
use rusqlite::ErrorCode;
use std::path::Path;

impl Localized for StoreError {
    fn message(&self, lang: Lang) -> String {
        let (path, zh, en): (&Path, String, String) = match self {
            StoreError::Domain(error) => return error.message(lang),
            StoreError::Sqlite { path, source } => return on_file(&shown(path), &sqlite_words(source, lang), lang),
            StoreError::Tampered { path, row, what, backup } => {
                return on_file(&shown(path), &tampered_words(*row, *what, backup.as_deref(), lang), lang);
            }
            StoreError::Io { path, source } => return on_file(&shown(path), &io_words(source, lang), lang),
            StoreError::InUse { path } => (
                path,
                "赛事文件正被另一个 Bianpai 窗口或命令使用，请关闭后重试".into(),
                "the event file is in use by another Bianpai window or command; close it and try again".into(),
            ),
            StoreError::NewerVersion { path, found, supported } => (
                path,
                format!(
                    "此文件由更新版本的 Bianpai 写入（文件版本 {found}，本版本最高读取 {supported}），\
                     文件未作改动；请升级 Bianpai 后再打开"
                ),
                format!(
                    "the file was written by a newer Bianpai (file version {found}, this version reads up to \
                     {supported}); it was not changed. Update Bianpai to open it"
                ),
            ),
            StoreError::NotAnEventFile { path, .. } => (
                path,
                "不是 Bianpai 赛事文件，文件未作改动".into(),
                "not a Bianpai event file; the file was not changed".into(),
            ),
            StoreError::AlreadyExists { path } => (
                path,
                "文件已存在，Bianpai 不覆盖赛事文件；请另选一个文件名".into(),
                "the file already exists and Bianpai does not overwrite event files; choose another name".into(),
            ),
            StoreError::NotFound { path } => (path, "找不到赛事文件".into(), "no such event file".into()),
            StoreError::NoFolder { path } => (
                path,
                "要保存到的文件夹不存在；请先建立文件夹或另选位置".into(),
                "the folder to save it in does not exist; create it first or choose another place".into(),
            ),
            StoreError::ReadOnly { path } => (
                path,
                "文件或所在文件夹是只读的（光盘、锁定的 U 盘或只读共享文件夹）：可以查看、打印和导出，不能修改；请先复制到可写的文件夹".into(),
                "the file or its folder is read-only (a CD, a locked USB stick, a read-only share): it can be viewed, printed and exported but not changed; copy it to a writable folder first".into(),
            ),
            StoreError::Damaged { path, .. } => (
                path,
                "赛事文件已损坏，无法读取，文件未作改动".into(),
                "the event file is damaged and cannot be read; it was not changed".into(),
            ),
        };
        on_file(&shown(path), lang.t(&zh, &en), lang)
    }
}

/// A file changed outside Bianpai or damaged (issue 22, item 6): from which history row
/// on, what no longer matches, and the newest backup to restore.
fn tampered_words(row: i64, what: Tamper, backup: Option<&Path>, lang: Lang) -> String {
    let (zh, en) = match (what, row) {
        (Tamper::Version, _) => (
            "文件的版本号被改回了旧版本，而其中的数据表是新版本的".to_string(),
            "its version number was set back to an older version while its tables are newer".to_string(),
        ),
        (Tamper::Data, 0) => {
            ("赛事数据与 Bianpai 保存时不同".to_string(), "the event's data differ from what Bianpai saved".to_string())
        }
        (what, row) => {
            let (zh, en) = match what {
                Tamper::Row => ("该条记录被改动", "that row was changed"),
                Tamper::Link => ("它之前的记录缺失或顺序被打乱", "a row before it is missing or out of place"),
                Tamper::Cut => ("从该条起的记录缺失", "the rows from there on are missing"),
                Tamper::Data | Tamper::Version => (
                    "赛事数据与这条最新记录保存时不同",
                    "the event's data differ from what was saved with that row, the newest",
                ),
            };
            (
                format!("自历史记录第 {row} 条起与保存时不符（{zh}）"),
                format!("from history row {row} on it no longer matches what was saved ({en})"),
            )
        }
    };
    let restore = match backup {
        Some(b) => {
            (format!("可以恢复最新的备份：{}", shown(b)), format!("the newest backup can be restored: {}", shown(b)))
        }
        None => ("旁边没有可以恢复的备份".to_string(), "there is no backup beside it to restore".to_string()),
    };
    match lang {
        Lang::Zh => format!("赛事文件在 Bianpai 之外被改动或已损坏：{zh}。文件未作改动；{}", restore.0),
        Lang::En => format!(
            "the event file was changed outside Bianpai, or damaged: {en}. The file was not changed; {}",
            restore.1
        ),
    }
}

impl Localized for RowError {
    fn message(&self, lang: Lang) -> String {
        match self {
            RowError::Sqlite(source) => sqlite_words(source, lang),
            RowError::Bad(bad) => bad.message(lang),
        }
    }
}

impl Localized for BadValue {
    fn message(&self, lang: Lang) -> String {
        let (zh, en) = table_words(self.table);
        match lang {
            Lang::Zh => format!("赛事文件已损坏：{zh}中有一个值无法读取"),
            Lang::En => format!("the event file is damaged: a stored value ({en}) cannot be read"),
        }
    }
}

/// A table of the event file, as a director knows what it holds.
fn table_words(table: &str) -> (&'static str, &'static str) {
    match table {
        "event" => ("赛事信息", "event details"),
        "groups" => ("组别", "groups"),
        "stages" => ("阶段", "stages"),
        "players" => ("选手", "players"),
        "rounds" => ("轮次", "rounds"),
        "games" => ("对局", "games"),
        "byes" => ("轮空", "byes"),
        "ledger" => ("账目", "ledger"),
        _ => ("数据", "data"),
    }
}

impl Localized for BlacklistError {
    fn message(&self, lang: Lang) -> String {
        match self {
            BlacklistError::Foreign { path } => on_file(
                &shown(path),
                lang.t("不是 Bianpai 黑名单文件，文件未作改动", "not a Bianpai blacklist file; it was not changed"),
                lang,
            ),
            BlacklistError::Damaged { path, id, .. } => {
                let words = match lang {
                    Lang::Zh => format!("黑名单第 {id} 条已损坏，无法读取"),
                    Lang::En => format!("blacklist entry {id} is damaged and cannot be read"),
                };
                on_file(&shown(path), &words, lang)
            }
            BlacklistError::Sqlite { path, source } => on_file(&shown(path), &sqlite_words(source, lang), lang),
            BlacklistError::Io { path, source } => on_file(&shown(path), &io_words(source, lang), lang),
        }
    }
}

/// What SQLite's `error` means to a director: in use, read-only, disk full, a damaged
/// file, or (for anything else) that the file cannot be read or written.
fn sqlite_words(error: &rusqlite::Error, lang: Lang) -> String {
    let (zh, en) = match error.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => in_use(),
        Some(ErrorCode::ReadOnly) => ("文件是只读的，无法写入", "the file is read-only and cannot be written"),
        Some(ErrorCode::PermissionDenied) => {
            ("没有权限（文件或文件夹可能是只读的）", "permission denied (the file or folder may be read-only)")
        }
        Some(ErrorCode::DiskFull) => ("磁盘已满", "the disk is full"),
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
            ("文件已损坏，或不是 Bianpai 的文件", "the file is damaged, or not a Bianpai file")
        }
        Some(ErrorCode::CannotOpen) => (
            "无法打开文件（文件夹可能不存在或是只读的）",
            "the file cannot be opened (the folder may be missing or read-only)",
        ),
        Some(ErrorCode::OutOfMemory) => ("内存不足", "not enough memory"),
        Some(ErrorCode::SystemIoFailure) => (
            "读写磁盘时出错（磁盘可能已满或已断开）",
            "the disk could not be read or written (it may be full or disconnected)",
        ),
        _ => ("无法读写该文件", "the file cannot be read or written"),
    };
    lang.t(zh, en).to_string()
}

/// A path as the director typed or chose it.
fn shown(path: &Path) -> String {
    path.display().to_string()
}
