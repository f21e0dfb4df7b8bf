//! The event file on a worker thread, so that the window never waits for SQLite or the
//! pairing engine (DESIGN.md data flow). The window submits [`Job`]s, each numbered by
//! a [`Ticket`]; the worker opens, pairs and saves, and answers each ticket in turn —
//! after a change with the event as saved, a snapshot shared with the file, and what
//! the change did besides itself — waking the window with a repaint. Dropping the
//! [`Session`] ends the worker and closes the file.

mod label;
mod open_file;
mod ticket;
mod worker;

pub use label::Label;
pub use ticket::{Refusal, Ticket, Tickets};

use super::consequences::Consequence;
use crate::domain::blacklist::BlacklistEntry;
use crate::domain::command::{Command, DomainError};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::swiss::PairingProgress;
use crate::lang::Words;
use crate::store::AuditEntry;
use std::path::PathBuf;
use std::sync::Arc;
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
        /// What the director did, in both languages (e.g. "第3轮 第5台 1-0"), so that
        /// the notice follows a language switch made after the job was sent.
        label: Words,
        /// The commands.
        commands: Vec<Command>,
    },
    /// Read the audit log, the undo state and the backups for the history view.
    LoadHistory,
    /// Read the blacklist kept across events at its usual place, for the roster's
    /// player form: panels never read files themselves (issue 40, item 1).
    LoadBlacklist,
    /// Close the event file, put this backup in its place and open it again.
    Restore(PathBuf),
    /// Put the backup `from` in place of the event file at `path`, which could not be
    /// opened because it was changed outside Bianpai or damaged (issue 22, item 6), and
    /// open it.
    RestoreBackup {
        /// The event file.
        path: PathBuf,
        /// The backup.
        from: PathBuf,
    },
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
    /// Undo the newest change (Ctrl+Z), saved and audited; the notice names the change.
    Undo,
    /// Redo the newest undo (Ctrl+Shift+Z).
    Redo,
    /// Who is at the keyboard and how many backups to keep (the window's preferences,
    /// issue 18, item 5), for the open file and every file opened after it.
    Configure {
        /// Named in each audit row; `None`: the operating-system user.
        operator: Option<String>,
        /// Backups kept; `None`: `$BIANPAI_BACKUPS` or the default.
        backups_kept: Option<usize>,
    },
    /// Pair the next round of a stage off the window's thread, then save it. The
    /// pairing reports to `progress`, which the window keeps a clone of to draw the
    /// progress bar and to cancel: a cancelled pairing saves nothing (issue 21).
    Pair {
        /// The group.
        group: GroupId,
        /// The stage.
        stage: StageNo,
        /// The draw's seed (recorded with the round).
        seed: u64,
        /// Score group k of n, and the director's cancel.
        progress: PairingProgress,
    },
}

impl Job {
    /// Whether the job would change the open event file.
    fn changes_event(&self) -> bool {
        matches!(self, Job::Execute { .. } | Job::Restore(_) | Job::Undo | Job::Redo | Job::Pair { .. })
    }
}

/// Why a change to a read-only file is refused, and what the director can do.
pub fn read_only_words() -> Words {
    Words::new(
        "此赛事文件是只读的（文件或所在文件夹不可写入）：可以查看、打印和导出，不能修改；要修改，请用“文件 → 另存为…”存到可写的文件夹",
        "This event file is read-only (the file or its folder cannot be written): it can be viewed, printed and exported, not changed; to change it, use File → Save as… to a writable folder",
    )
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
    /// A file of this name (the one 另存为 PDF proposes, which the viewer's title bar
    /// shows) in a new folder of the temporary folder, opened in the system's PDF viewer.
    Viewer(String),
    /// This file (written whole or not at all).
    File(PathBuf),
}

/// What the worker reports back: the answer to the job of `ticket`.
#[derive(Debug)]
struct Report {
    ticket: Ticket,
    answer: Answer,
}

/// What the worker answers a job.
#[derive(Debug)]
enum Answer {
    Opened {
        path: PathBuf,
        event: Arc<Event>,
        /// Opened to read only (the file or its folder cannot be written).
        read_only: bool,
    },
    /// A change saved: the event as saved, shared with the worker's file (no copy),
    /// and what it did besides itself, found on the worker's thread; `undone` when it
    /// was an undo, so the notice offers redo.
    Saved {
        label: Label,
        event: Arc<Event>,
        consequences: Vec<Consequence>,
        undone: bool,
    },
    /// What failed, in both languages (the window's language may change meanwhile).
    Failed(Words),
    /// The file at `path` could not be opened, and no file is open; `backup` is the
    /// newest backup beside it that would restore when it was changed outside Bianpai
    /// or damaged, `backups` every backup of it then, oldest first, in words.
    NotOpened {
        why: Words,
        path: PathBuf,
        backup: Option<PathBuf>,
        backups: Vec<(PathBuf, Words)>,
    },
    /// The rules refused the commands; nothing was saved.
    Refused {
        label: Label,
        error: DomainError,
    },
    History(Box<History>),
    Blacklist(BlacklistRead),
    Done {
        label: Label,
    },
    /// The preferences were taken (nothing to show).
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
    /// The automatic backups, oldest first, each with what it was made before and
    /// when.
    pub backups: Vec<(PathBuf, Words)>,
    /// The session's revision when this was read.
    pub revision: u64,
}

/// The blacklist kept across events as the worker last read it: its entries,
/// or why it could not be read, in both languages. No usual place for it (no data
/// folder) reads as an empty list.
pub type BlacklistRead = Result<Vec<BlacklistEntry>, Words>;

/// An event file that could not be opened because it was changed outside Bianpai or
/// damaged, and its backups, which the window offers to restore: the newest that would
/// restore (issue 22, item 6), and every one (issue 38, item 3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restorable {
    /// The event file.
    pub path: PathBuf,
    /// Its newest backup that would restore.
    pub backup: PathBuf,
    /// Every backup of it, oldest first, with what it was made before and when.
    pub backups: Vec<(PathBuf, Words)>,
}

/// The last thing that happened, for the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A change was saved (named in both languages: the status bar shows the window's).
    Saved(Words),
    /// The event file at this path was opened (issue 39 item 5: an opening is no save).
    Opened(String),
    /// A job that changes nothing in the event finished — a print, an export: its label
    /// says what it made and where (issue 39 item 5: a print is no save).
    Done(Words),
    /// An undo was saved: the notice names it and offers to redo it.
    Undone(Words),
    /// Something was refused or failed; the message says why, in both languages.
    Failed(Words),
}

/// The window's side of the worker.
pub struct Session {
    jobs: Sender<(Ticket, Job)>,
    reports: Receiver<Report>,
    pending: usize,
    /// The event as last saved: the snapshot the worker handed over, shared.
    event: Option<Arc<Event>>,
    path: Option<PathBuf>,
    /// The open file cannot be written: jobs that change it are refused at once.
    read_only: bool,
    notice: Option<Notice>,
    /// What the last saved change did besides itself (a disqualification, a playoff
    /// game, a stage opened), shown beside the notice.
    consequences: Vec<Consequence>,
    revision: u64,
    history: Option<History>,
    /// The blacklist as last read (see [`Job::LoadBlacklist`]).
    blacklist: Option<BlacklistRead>,
    refusals: Vec<Refusal>,
    /// Tickets issued so far (the last one's number).
    issued: u64,
    /// Every job sent to the worker up to this ticket has been answered.
    answered: Ticket,
    /// The latest tickets answered without a save.
    unsaved: Vec<Ticket>,
    restorable: Option<Restorable>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("path", &self.path).field("pending", &self.pending).finish_non_exhaustive()
    }
}

impl Session {
    /// Starts the worker. `repaint` is woken after each report.
    pub fn start(repaint: Option<egui::Context>) -> Session {
        let (jobs, job_rx) = channel::<(Ticket, Job)>();
        let (report_tx, reports) = channel::<Report>();
        // Should the thread fail to start, every submit reports it in the status bar.
        let _ = std::thread::Builder::new()
            .name("bianpai-event-file".into())
            .spawn(move || worker::worker(job_rx, report_tx, repaint));
        Session {
            jobs,
            reports,
            pending: 0,
            event: None,
            path: None,
            read_only: false,
            notice: None,
            consequences: Vec::new(),
            revision: 0,
            history: None,
            blacklist: None,
            refusals: Vec::new(),
            issued: 0,
            answered: Ticket::default(),
            unsaved: Vec::new(),
            restorable: None,
        }
    }

    /// Hands a job to the worker and returns its ticket, which the worker's answer
    /// names. On a read-only file a job that would change the event is refused here, in
    /// words, and never reaches the file: its ticket is answered at once, unsaved.
    pub fn submit(&mut self, job: Job) -> Ticket {
        self.issued += 1;
        let ticket = Ticket::numbered(self.issued);
        if self.read_only && job.changes_event() {
            self.notice = Some(Notice::Failed(read_only_words()));
            ticket::record_unsaved(&mut self.unsaved, ticket);
        } else if self.jobs.send((ticket, job)).is_ok() {
            self.pending += 1;
        } else {
            self.notice = Some(Notice::Failed(Words::new(
                "保存赛事文件的后台线程已停止，请保存副本后重新打开 Bianpai",
                "the event file's worker has stopped; save a copy and restart Bianpai",
            )));
            ticket::record_unsaved(&mut self.unsaved, ticket);
        }
        ticket
    }

    /// The tickets as panels read them this frame: the next job submitted gets
    /// `first`, and which have been answered.
    pub fn tickets(&self) -> Tickets<'_> {
        Tickets { first: Ticket::numbered(self.issued + 1), through: self.answered, unsaved: &self.unsaved }
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
        let Report { ticket, answer } = report;
        // The worker answers in submit order.
        self.answered = self.answered.max(ticket);
        if matches!(answer, Answer::Failed(_) | Answer::NotOpened { .. } | Answer::Refused { .. }) {
            ticket::record_unsaved(&mut self.unsaved, ticket);
        }
        match answer {
            Answer::Opened { path, event, read_only } => {
                self.notice = Some(Notice::Opened(path.display().to_string()));
                self.read_only = read_only;
                self.path = Some(path);
                self.event = Some(event);
                self.restorable = None;
                self.revision += 1;
                true
            }
            Answer::NotOpened { why, path, backup, backups } => {
                // The worker holds no file now: the window shows why, not the old event.
                self.notice = Some(Notice::Failed(why));
                self.event = None;
                self.path = None;
                self.read_only = false;
                self.restorable = backup.map(|backup| Restorable { path, backup, backups });
                self.revision += 1;
                true
            }
            Answer::Saved { label, event, consequences, undone } => {
                // Worded here, on the window's side, in both languages (issue 40, item 2).
                let label = label.words();
                self.notice = Some(if undone { Notice::Undone(label) } else { Notice::Saved(label) });
                self.consequences = consequences;
                self.event = Some(event);
                self.revision += 1;
                true
            }
            Answer::Done { label } => {
                self.notice = Some(Notice::Done(label.words()));
                false
            }
            Answer::Configured => false,
            Answer::History(mut history) => {
                history.revision = self.revision;
                self.history = Some(*history);
                false
            }
            Answer::Blacklist(read) => {
                self.blacklist = Some(read);
                false
            }
            Answer::Failed(words) => {
                self.notice = Some(Notice::Failed(words));
                false
            }
            Answer::Refused { label, error } => {
                self.notice = Some(Notice::Failed(Words::of(&error).after(&label.words())));
                Refusal::record(&mut self.refusals, ticket, error);
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
        self.event.as_deref()
    }

    /// The event as last saved, as the shared snapshot the worker handed over: it is
    /// the same snapshot until a change is saved.
    pub fn shared_event(&self) -> Option<&Arc<Event>> {
        self.event.as_ref()
    }

    /// Whether the open file is read-only (a CD, a locked USB stick, a read-only
    /// share): it can be viewed, printed, exported and saved elsewhere, not changed.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The open file.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// The file that could not be opened and the backup the window offers to restore.
    pub fn restorable(&self) -> Option<&Restorable> {
        self.restorable.as_ref()
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

    /// The blacklist as last read (see [`Job::LoadBlacklist`]).
    pub fn blacklist(&self) -> Option<&BlacklistRead> {
        self.blacklist.as_ref()
    }

    /// Counts the changes seen, so that views can drop caches.
    pub fn revision(&self) -> u64 {
        self.revision
    }
}
