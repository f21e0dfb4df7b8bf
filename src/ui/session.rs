//! The event file on a worker thread, so that the window never waits for SQLite or the
//! pairing engine (DESIGN.md data flow). The window submits [`Job`]s; the worker opens,
//! pairs and saves, and answers with the event as saved after each change, waking the
//! window with a repaint. Dropping the [`Session`] ends the worker and closes the file.

use super::change_words::{action_label, original_command};
use super::consequences::{Consequence, consequences};
use super::i18n::Lang;
use crate::domain::command::{Command, DomainError};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::swiss::pair_next_round;
use crate::store::{AuditEntry, EventFile, StoreError, backup};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// Work for the worker thread.
#[derive(Debug)]
pub enum Job {
    /// Open an existing event file (closing the one open).
    Open(PathBuf),
    /// Create a new event file holding `event` and open it.
    Create {
        /// Where.
        path: PathBuf,
        /// What.
        event: Box<Event>,
    },
    /// Write a copy of the open event file to a new path ("save as"), then open the
    /// copy; the old file is closed unchanged. When the copy fails, the old file stays
    /// open.
    SaveAs(PathBuf),
    /// Apply and save commands in one transaction; `label` names the change for the
    /// status bar.
    Execute {
        /// What the director did, e.g. "第3轮 第5台 1-0".
        label: String,
        /// The commands.
        commands: Vec<Command>,
    },
    /// Read the audit log, the undo state and the backups for the history view.
    LoadHistory,
    /// Close the event file, put this backup in its place and open it again.
    Restore(PathBuf),
    /// Write a PDF of the event as saved, off the window's thread.
    Print {
        /// What to print.
        request: crate::print::Request,
        /// Where it goes.
        target: PrintTarget,
    },
    /// Write an export of the event as saved (final ranking or TRF), off the window's
    /// thread, whole or not at all.
    Export {
        /// What to write.
        kind: ExportKind,
        /// The group.
        group: GroupId,
        /// The language of headings.
        lang: crate::lang::Lang,
        /// Where it goes.
        path: PathBuf,
    },
    /// Undo the newest change (Ctrl+Z), saved and audited; the notice names the change
    /// in `lang`.
    Undo {
        /// The language of the notice.
        lang: Lang,
    },
    /// Redo the newest undo (Ctrl+Shift+Z).
    Redo {
        /// The language of the notice.
        lang: Lang,
    },
    /// Who is at the keyboard and how many backups to keep (the window's preferences,
    /// issue 18, item 5), for the open file and every file opened after it.
    Configure {
        /// Named in each audit row; `None`: the operating-system user.
        operator: Option<String>,
        /// Backups kept; `None`: `$BIANPAI_BACKUPS` or the default.
        backups_kept: Option<usize>,
    },
    /// Pair the next round of a stage off the window's thread, then save it.
    Pair {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The draw's seed (recorded with the round).
        seed: u64,
    },
}

/// What the 导出 menu writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// The group's final ranking.
    Ranking(crate::io::export::Format),
    /// The group's current stage as TRF-16, for other pairing programs.
    Trf,
}

/// Where a printed PDF goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintTarget {
    /// A file in the temporary folder, opened in the system's PDF viewer.
    Viewer,
    /// This file (written whole or not at all).
    File(PathBuf),
}

/// What the worker reports back.
#[derive(Debug)]
enum Report {
    Opened { path: PathBuf, event: Box<Event> },
    Saved { label: String, event: Box<Event> },
    Failed { label: String, message: String },
    Refused { label: String, commands: Vec<Command>, error: DomainError },
    History(Box<History>),
    Done { label: String },
    Configured,
}

/// What the history view shows: the audit log, whether undo and redo can act, and the
/// backups beside the file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct History {
    /// Every audit row, oldest first.
    pub entries: Vec<AuditEntry>,
    /// Undo has something to take back.
    pub can_undo: bool,
    /// Redo has something to put back.
    pub can_redo: bool,
    /// The command (JSON) undo would take back next, to name it on its button.
    pub next_undo: Option<String>,
    /// The command (JSON) redo would put back next.
    pub next_redo: Option<String>,
    /// The automatic backups, oldest first.
    pub backups: Vec<PathBuf>,
    /// The session's revision when this was read.
    pub revision: u64,
}

/// The last thing that happened, for the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A change was saved.
    Saved(String),
    /// Something was refused or failed; the message says why.
    Failed(String),
}

/// Commands the rules refused, as the worker reported them: typed, so that the panel
/// that sent them can take back exactly its optimistic entry and say why beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// Counts the session's refusals, from 1: a panel remembers the last it has seen.
    pub seq: u64,
    /// The commands of the refused job (none of them was saved).
    pub commands: Vec<Command>,
    /// Why.
    pub error: DomainError,
}

/// How many refusals the session keeps for the panels.
const REFUSALS_KEPT: usize = 32;

impl Refusal {
    /// Adds a refusal to `kept`, numbered after the last, keeping the newest 32.
    pub fn record(kept: &mut Vec<Refusal>, commands: Vec<Command>, error: DomainError) {
        let seq = kept.last().map_or(1, |r| r.seq + 1);
        kept.push(Refusal { seq, commands, error });
        let excess = kept.len().saturating_sub(REFUSALS_KEPT);
        kept.drain(..excess);
    }
}

/// The window's side of the worker.
pub struct Session {
    jobs: Sender<Job>,
    reports: Receiver<Report>,
    pending: usize,
    event: Option<Event>,
    path: Option<PathBuf>,
    notice: Option<Notice>,
    /// What the last saved change did besides itself (a disqualification, a playoff
    /// game, a stage opened), shown beside the notice.
    consequences: Vec<Consequence>,
    revision: u64,
    history: Option<History>,
    refusals: Vec<Refusal>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("path", &self.path).field("pending", &self.pending).finish_non_exhaustive()
    }
}

impl Session {
    /// Starts the worker. `repaint` is woken after each report.
    pub fn start(repaint: Option<egui::Context>) -> Session {
        let (jobs, job_rx) = channel::<Job>();
        let (report_tx, reports) = channel::<Report>();
        // Should the thread fail to start, every submit reports it in the status bar.
        let _ = std::thread::Builder::new()
            .name("bianpai-event-file".into())
            .spawn(move || worker(job_rx, report_tx, repaint));
        Session {
            jobs,
            reports,
            pending: 0,
            event: None,
            path: None,
            notice: None,
            consequences: Vec::new(),
            revision: 0,
            history: None,
            refusals: Vec::new(),
        }
    }

    /// Hands a job to the worker.
    pub fn submit(&mut self, job: Job) {
        if self.jobs.send(job).is_ok() {
            self.pending += 1;
        } else {
            self.notice = Some(Notice::Failed("the event file worker has stopped".into()));
        }
    }

    /// Takes the worker's reports; `true` when the event changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Ok(report) = self.reports.try_recv() {
            changed |= self.take(report);
        }
        changed
    }

    fn take(&mut self, report: Report) -> bool {
        self.pending = self.pending.saturating_sub(1);
        match report {
            Report::Opened { path, event } => {
                self.notice = Some(Notice::Saved(path.display().to_string()));
                self.path = Some(path);
                self.event = Some(*event);
                self.revision += 1;
                true
            }
            Report::Saved { label, event } => {
                self.notice = Some(Notice::Saved(label));
                self.consequences = self.event.as_ref().map(|before| consequences(before, &event)).unwrap_or_default();
                self.event = Some(*event);
                self.revision += 1;
                true
            }
            Report::Done { label } => {
                self.notice = Some(Notice::Saved(label));
                false
            }
            Report::Configured => false,
            Report::History(mut history) => {
                history.revision = self.revision;
                self.history = Some(*history);
                false
            }
            Report::Failed { label, message } => {
                self.notice =
                    Some(Notice::Failed(if label.is_empty() { message } else { format!("{label}: {message}") }));
                false
            }
            Report::Refused { label, commands, error } => {
                self.notice = Some(Notice::Failed(format!("{label}: {error}")));
                Refusal::record(&mut self.refusals, commands, error);
                false
            }
        }
    }

    /// What the last saved change did besides itself, for the status bar.
    pub fn consequences(&self) -> &[Consequence] {
        &self.consequences
    }

    /// The latest refusals, oldest first (at most the last 32).
    pub fn refusals(&self) -> &[Refusal] {
        &self.refusals
    }

    /// Waits up to `timeout` for every submitted job to be answered (tests and exit).
    pub fn wait_idle(&mut self, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while self.pending > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.reports.recv_timeout(left) {
                Ok(report) => {
                    self.take(report);
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
    }

    /// Whether jobs are still being worked on.
    pub fn is_busy(&self) -> bool {
        self.pending > 0
    }

    /// The event as last saved, once a file is open.
    pub fn event(&self) -> Option<&Event> {
        self.event.as_ref()
    }

    /// The open file.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// The last notice for the status bar.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The history as last read (see [`Job::LoadHistory`]); its `revision` tells whether
    /// it is older than the event.
    pub fn history(&self) -> Option<&History> {
        self.history.as_ref()
    }

    /// Counts the changes seen, so that views can drop caches.
    pub fn revision(&self) -> u64 {
        self.revision
    }
}

fn worker(jobs: Receiver<Job>, reports: Sender<Report>, repaint: Option<egui::Context>) {
    let mut file: Option<EventFile> = None;
    let (mut operator, mut backups_kept) = (None, None);
    for job in jobs {
        if let Job::Configure { operator: o, backups_kept: b } = &job {
            (operator, backups_kept) = (o.clone(), *b);
        }
        let report = run_job(&mut file, job);
        // The preferences hold for whichever file is open now (opened, created, restored).
        if let Some(f) = file.as_mut() {
            f.set_operator(operator.clone());
            f.set_backups_kept(backups_kept);
        }
        if reports.send(report).is_err() {
            break;
        }
        if let Some(ctx) = &repaint {
            ctx.request_repaint();
        }
    }
}

fn run_job(file: &mut Option<EventFile>, job: Job) -> Report {
    match job {
        Job::Open(path) => {
            *file = None;
            match EventFile::open(&path) {
                Ok(f) => {
                    let event = Box::new(f.event().clone());
                    *file = Some(f);
                    Report::Opened { path, event }
                }
                Err(e) => Report::Failed { label: String::new(), message: e.to_string() },
            }
        }
        Job::Create { path, event } => match EventFile::create(&path, &event) {
            Ok(f) => {
                let event = Box::new(f.event().clone());
                *file = Some(f);
                Report::Opened { path, event }
            }
            Err(e) => Report::Failed { label: String::new(), message: e.to_string() },
        },
        Job::SaveAs(path) => {
            let Some(f) = file.as_ref() else {
                return Report::Failed { label: String::new(), message: "no event file is open".into() };
            };
            let copied = f.save_copy(&path).and_then(|()| EventFile::open(&path));
            match copied {
                Ok(copy) => {
                    let event = Box::new(copy.event().clone());
                    *file = Some(copy);
                    Report::Opened { path, event }
                }
                Err(e) => Report::Failed { label: String::new(), message: e.to_string() },
            }
        }
        Job::Execute { label, commands } => match file.as_mut() {
            None => Report::Failed { label, message: "no event file is open".into() },
            Some(f) => match f.execute_all(&commands) {
                Ok(_) => Report::Saved { label, event: Box::new(f.event().clone()) },
                Err(StoreError::Domain(error)) => Report::Refused { label, commands, error },
                Err(e) => Report::Failed { label, message: e.to_string() },
            },
        },
        Job::LoadHistory => {
            let Some(f) = file.as_ref() else {
                return Report::Failed { label: String::new(), message: "no event file is open".into() };
            };
            let read = f.audit_log().and_then(|entries| Ok((entries, f.undo_stacks()?)));
            match read {
                Ok((entries, stacks)) => Report::History(Box::new(History {
                    can_undo: !stacks.done.is_empty(),
                    can_redo: !stacks.undone.is_empty(),
                    next_undo: command_of(&entries, stacks.done.last()),
                    next_redo: command_of(&entries, stacks.undone.last()),
                    entries,
                    backups: backup::list_backups(f.path()),
                    revision: 0,
                })),
                Err(e) => Report::Failed { label: String::new(), message: e.to_string() },
            }
        }
        Job::Restore(from) => {
            let label = "从备份恢复 (restore)".to_string();
            let Some(path) = file.as_ref().map(|f| f.path().to_path_buf()) else {
                return Report::Failed { label, message: "no event file is open".into() };
            };
            *file = None;
            let restored = backup::restore(&path, &from);
            match EventFile::open(&path) {
                Ok(f) => {
                    let event = Box::new(f.event().clone());
                    *file = Some(f);
                    match restored {
                        Ok(()) => Report::Opened { path, event },
                        Err(e) => Report::Failed { label, message: e.to_string() },
                    }
                }
                Err(e) => Report::Failed { label, message: e.to_string() },
            }
        }
        Job::Print { request, target } => {
            let label = "打印 (print)".to_string();
            let Some(f) = file.as_ref() else {
                return Report::Failed { label, message: "no event file is open".into() };
            };
            match print_to(f, &request, target) {
                Ok(path) => Report::Done { label: format!("{label}: {}", path.display()) },
                Err(message) => Report::Failed { label, message },
            }
        }
        Job::Export { kind, group, lang, path } => {
            let label = lang.t("导出", "Export").to_string();
            let Some(f) = file.as_ref() else {
                return Report::Failed { label, message: "no event file is open".into() };
            };
            match export_bytes(f.event(), kind, group, lang).and_then(|bytes| write_whole(&path, &bytes)) {
                Ok(()) => Report::Done { label: format!("{label}: {}", path.display()) },
                Err(message) => Report::Failed { label, message },
            }
        }
        Job::Undo { lang } | Job::Redo { lang } => {
            let redo = matches!(job, Job::Redo { .. });
            let Some(f) = file.as_mut() else {
                return Report::Failed { label: String::new(), message: "no event file is open".into() };
            };
            undo_or_redo(f, redo, lang)
        }
        // Kept by the worker loop, which applies it to every file opened.
        Job::Configure { .. } => Report::Configured,
        Job::Pair { group, stage, seed } => {
            let label = "编排".to_string();
            let Some(f) = file.as_mut() else {
                return Report::Failed { label, message: "no event file is open".into() };
            };
            let round = match pair_next_round(f.event(), group, stage, seed) {
                Ok(round) => round,
                Err(e) => return Report::Failed { label, message: e.to_string() },
            };
            let label = format!("第{}轮已编排 (seed {seed})", round.no);
            match f.execute(&Command::PairRound { group, stage, round }) {
                Ok(_) => Report::Saved { label, event: Box::new(f.event().clone()) },
                Err(e) => Report::Failed { label, message: e.to_string() },
            }
        }
    }
}

/// Prints `request` and writes the PDF to its target; for the viewer, a file in the
/// temporary folder that the system's viewer is asked to open.
fn print_to(file: &EventFile, request: &crate::print::Request, target: PrintTarget) -> Result<PathBuf, String> {
    let printed = crate::print::print(file.event(), request).map_err(|e| e.to_string())?;
    let open_after = target == PrintTarget::Viewer;
    let path = match target {
        PrintTarget::File(path) => path,
        PrintTarget::Viewer => {
            let stem = file.path().file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis())
                .unwrap_or_default();
            std::env::temp_dir().join(format!("{stem}-{:?}-{stamp}.pdf", request.document).to_lowercase())
        }
    };
    write_whole(&path, &printed.bytes)?;
    if open_after {
        open::that_detached(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(path)
}

/// The bytes of an export of `event`.
fn export_bytes(event: &Event, kind: ExportKind, group: GroupId, lang: crate::lang::Lang) -> Result<Vec<u8>, String> {
    match kind {
        ExportKind::Ranking(format) => {
            crate::io::export::final_ranking_as(event, group, format, lang).map_err(|e| e.to_string())
        }
        ExportKind::Trf => {
            let stage = event.group(group).and_then(|g| g.current_stage()).ok_or("the group has no stage")?;
            let document = crate::io::trf::from_stage(event, group, stage.no).map_err(|e| e.to_string())?;
            Ok(document.to_text().into_bytes())
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: under a temporary name beside it,
/// then renamed into place.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".writing");
    let tmp = PathBuf::from(tmp);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("{}: {e}", path.display()));
    }
    Ok(())
}

/// The change the audit row `id` among `entries` stands for (an undo or redo row
/// followed back to the command it reverts).
fn command_of(entries: &[AuditEntry], id: Option<&i64>) -> Option<String> {
    let row = |id: i64| entries.iter().find(|e| e.id == id).map(|e| e.command.clone());
    row(*id?).map(|command| original_command(command, row))
}

/// Undoes (or redoes) the newest change; the notice names it: `撤销：录入成绩 第3轮 第20台`.
fn undo_or_redo(f: &mut EventFile, redo: bool, lang: Lang) -> Report {
    let verb = if redo { lang.t("重做", "Redo") } else { lang.t("撤销", "Undo") };
    match f.revert_next(redo) {
        Ok(Some((id, _))) => {
            let row = |id: i64| f.audit_command(id).ok().flatten();
            let label = match (row(id).map(|c| action_label(&original_command(c, row), lang)), lang) {
                (Some(what), Lang::Zh) => format!("{verb}：{what}"),
                (Some(what), Lang::En) => format!("{verb}: {what}"),
                (None, _) => verb.to_string(),
            };
            Report::Saved { label, event: Box::new(f.event().clone()) }
        }
        Ok(None) => Report::Failed {
            label: verb.to_string(),
            message: if redo {
                lang.t("没有可重做的操作", "nothing to redo")
            } else {
                lang.t("没有可撤销的操作", "nothing to undo")
            }
            .into(),
        },
        Err(e) => Report::Failed { label: verb.to_string(), message: e.to_string() },
    }
}
