//! The worker thread's side of the session: it owns the open [`EventFile`], runs each
//! [`Job`] and answers with a [`Report`] naming the job's ticket. Failures are reported in both languages
//! ([`Words`]), never as a library's or the operating system's raw text — that goes to
//! the log (standard error) for a bug report.

use super::open_file::OpenFile;
use super::{Answer, History, Job, Label, PrintTarget, Report, Ticket};
use crate::domain::command::Command;
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::swiss::{PairingError, pair_next_round_watched};
use crate::lang::{Lang, Localized, Words};
use crate::os_words::io_words;
use crate::store::{AuditEntry, EventFile, StoreError, backup, blacklist};
use crate::ui::change_words::original_command;
use crate::ui::consequences::consequences;
use crate::ui::session::{ExportKind, PairingProgress};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};

/// Runs jobs until the window drops its side of the channel.
pub(super) fn worker(jobs: Receiver<(Ticket, Job)>, reports: Sender<Report>, repaint: Option<egui::Context>) {
    let mut file: Option<OpenFile> = None;
    let (mut operator, mut backups_kept) = (None, None);
    for (ticket, job) in jobs {
        if let Job::Configure { operator: o, backups_kept: b } = &job {
            (operator, backups_kept) = (o.clone(), *b);
        }
        let answer = run_job(&mut file, job);
        // The preferences hold for whichever file is open now (opened, created, restored).
        if let Some(OpenFile::Writer(f)) = file.as_mut() {
            f.set_operator(operator.clone());
            f.set_backups_kept(backups_kept);
        }
        if reports.send(Report { ticket, answer }).is_err() {
            break;
        }
        if let Some(ctx) = &repaint {
            ctx.request_repaint();
        }
    }
}

fn no_file() -> Answer {
    Answer::Failed(Words::new("没有打开的赛事文件", "no event file is open"))
}

/// A failure with the error's words after a heading.
fn failed(heading: Words, error: &impl Localized) -> Answer {
    Answer::Failed(Words::of(error).after(&heading))
}

/// A file that could not be opened, with the newest backup beside it that would restore
/// when it was changed outside Bianpai or damaged (issue 22, item 6), and then every
/// backup of it in words (issue 38, item 3).
fn not_opened(path: PathBuf, error: &StoreError) -> Answer {
    let backup = match error {
        StoreError::Tampered { backup, .. } => backup.clone(),
        StoreError::Damaged { .. } => backup::newest_restorable(&path),
        _ => None,
    };
    let backups = match error {
        StoreError::Tampered { .. } | StoreError::Damaged { .. } => backups_in_words(&path),
        _ => Vec::new(),
    };
    Answer::NotOpened { why: Words::of(error), path, backup, backups }
}

/// The automatic backups of the event file at `path`, oldest first, each with what it
/// was made before and when.
fn backups_in_words(path: &Path) -> Vec<(PathBuf, Words)> {
    backup::list_backups(path)
        .into_iter()
        .map(|b| {
            let said = backup::backup_words(path, &b);
            (b, said)
        })
        .collect()
}

/// Makes `f` the open file and reports it.
fn opened(file: &mut Option<OpenFile>, path: PathBuf, f: OpenFile) -> Answer {
    let event = f.shared_event();
    let read_only = f.read_only();
    *file = Some(f);
    Answer::Opened { path, event, read_only }
}

/// The open file's writer, or the report that there is none or it is read-only.
fn writer<'f>(file: &'f mut Option<OpenFile>, heading: &Words) -> Result<&'f mut EventFile, Answer> {
    let Some(f) = file.as_mut() else { return Err(no_file()) };
    f.writer().map_err(|e| failed(heading.clone(), &e))
}

fn run_job(file: &mut Option<OpenFile>, job: Job) -> Answer {
    match job {
        Job::Open(path) => {
            *file = None;
            match OpenFile::open(&path) {
                Ok(f) => opened(file, path, f),
                Err(e) => not_opened(path, &e),
            }
        }
        Job::RestoreBackup { path, from } => {
            *file = None;
            match backup::restore(&path, &from).and_then(|_| OpenFile::open(&path)) {
                Ok(f) => opened(file, path, f),
                Err(e) => {
                    // The file is as it was: its backups are offered again.
                    let why = Words::of(&e).after(&Words::new("恢复备份", "Restore a backup"));
                    let (backup, backups) = (backup::newest_restorable(&path), backups_in_words(&path));
                    Answer::NotOpened { why, path, backup, backups }
                }
            }
        }
        Job::Create { path, event } => match EventFile::create(&path, &event) {
            Ok(f) => opened(file, path, OpenFile::Writer(f)),
            Err(e) => failed(Words::default(), &e),
        },
        // Also how a director makes an editable copy of a read-only file.
        Job::SaveAs(path) => {
            let Some(f) = file.as_ref() else { return no_file() };
            match f.save_copy(&path).and_then(|()| EventFile::open(&path)) {
                Ok(copy) => opened(file, path, OpenFile::Writer(copy)),
                Err(e) => failed(Words::new("另存为", "Save as"), &e),
            }
        }
        Job::Execute { label, commands } => execute(file, label, commands),
        Job::LoadHistory => load_history(file),
        Job::LoadBlacklist => Answer::Blacklist(read_blacklist()),
        Job::Restore(from) => restore(file, &from),
        Job::Print { request, target } => {
            let heading = Words::new("打印", "Print");
            let Some(f) = file.as_ref() else { return no_file() };
            match print_to(f, &request, target) {
                Ok(path) => Answer::Done { label: Label::Made { print: true, path } },
                Err(why) => Answer::Failed(why.after(&heading)),
            }
        }
        Job::Export { kind, group, lang, path } => {
            let heading = Words::new("导出", "Export");
            let Some(f) = file.as_ref() else { return no_file() };
            match export_bytes(f.event(), kind, group, lang).and_then(|bytes| write_whole(&path, &bytes, f.path())) {
                Ok(()) => Answer::Done { label: Label::Made { print: false, path } },
                Err(why) => Answer::Failed(why.after(&heading)),
            }
        }
        Job::Undo | Job::Redo => {
            let redo = matches!(job, Job::Redo);
            let verb = if redo { Words::new("重做", "Redo") } else { Words::new("撤销", "Undo") };
            match writer(file, &verb) {
                Ok(f) => undo_or_redo(f, redo),
                Err(report) => report,
            }
        }
        // Kept by the worker loop, which applies it to every file opened.
        Job::Configure { .. } => Answer::Configured,
        Job::Pair { group, stage, seed, progress } => pair(file, (group, stage), seed, &progress),
    }
}

/// Pairs the next round of `stage` and saves it, unless cancelled meanwhile; the
/// label names the round and any colour rule the engine relaxed.
fn pair(
    file: &mut Option<OpenFile>,
    (group, stage): (GroupId, StageNo),
    seed: u64,
    progress: &PairingProgress,
) -> Answer {
    let heading = Words::new("编排", "Pairing");
    let f = match writer(file, &heading) {
        Ok(f) => f,
        Err(report) => return report,
    };
    let round = match pair_next_round_watched(f.event(), group, stage, seed, progress) {
        Ok(round) => round,
        Err(e) => return failed(heading, &e),
    };
    // A cancel that came as the pairing ended still leaves the event unchanged.
    if progress.is_cancelled() {
        return failed(heading, &PairingError::Cancelled);
    }
    // The seed is in the round and the audit log; the director reads the round. An
    // automatic consequence is announced: the engine relaxed colour rules.
    let notices = round.warnings.iter().filter(|w| w.is_engine_notice()).cloned().collect();
    let label = Label::Paired { round: round.no, notices };
    let before = f.shared_event();
    match f.execute(&Command::PairRound { group, stage, round }) {
        Ok(_) => saved(label, &before, f, false),
        Err(e) => failed(heading, &e),
    }
}

/// A change saved: the event as saved, shared with the file without a copy, and what
/// the change did besides itself, found here by comparing it with the snapshot `before`
/// — so the window's thread never compares two whole events (issue 40, item 2).
fn saved(label: Label, before: &Event, f: &EventFile, undone: bool) -> Answer {
    let event = f.shared_event();
    let consequences = consequences(before, &event);
    Answer::Saved { label, event, consequences, undone }
}

fn execute(file: &mut Option<OpenFile>, label: Words, commands: Vec<Command>) -> Answer {
    let f = match writer(file, &label) {
        Ok(f) => f,
        Err(report) => return report,
    };
    let before = f.shared_event();
    match f.execute_all(&commands) {
        Ok(_) => saved(Label::Said(label), &before, f, false),
        Err(StoreError::Domain(error)) => Answer::Refused { label: Label::Said(label), error },
        Err(e) => failed(label, &e),
    }
}

fn load_history(file: &Option<OpenFile>) -> Answer {
    let Some(f) = file.as_ref() else { return no_file() };
    // A read-only file can be neither undone nor redone.
    let read = f.audit_log().and_then(|entries| match f {
        OpenFile::Writer(w) => Ok((entries, w.undo_stacks()?)),
        OpenFile::Reader(_) => Ok((entries, Default::default())),
    });
    match read {
        Ok((entries, stacks)) => Answer::History(Box::new(History {
            can_undo: !stacks.done.is_empty(),
            can_redo: !stacks.undone.is_empty(),
            next_undo: command_of(&entries, stacks.done.last()),
            next_redo: command_of(&entries, stacks.undone.last()),
            entries,
            // The automatic backups, then the copies restores kept (issue 38, item 1):
            // each can be put back.
            backups: backups_in_words(f.path())
                .into_iter()
                .chain(backup::list_replaced(f.path()).into_iter().map(|c| {
                    let said = backup::replaced_words(&c);
                    (c, said)
                }))
                .collect(),
            revision: 0,
        })),
        Err(e) => failed(Words::new("历史记录", "History"), &e),
    }
}

/// The blacklist at its usual place; no place (no data folder) is an empty list.
fn read_blacklist() -> super::BlacklistRead {
    match blacklist::default_path() {
        Some(path) => blacklist::load(&path).map_err(|e| Words::of(&e)),
        None => Ok(Vec::new()),
    }
}

fn restore(file: &mut Option<OpenFile>, from: &Path) -> Answer {
    let heading = Words::new("从备份恢复", "Restore from backup");
    let path = match writer(file, &heading) {
        Ok(f) => f.path().to_path_buf(),
        Err(report) => return report,
    };
    *file = None;
    let restored = backup::restore(&path, from);
    match (OpenFile::open(&path), restored) {
        (Ok(f), Ok(_)) => opened(file, path, f),
        (Ok(f), Err(e)) => {
            *file = Some(f);
            failed(heading, &e)
        }
        (Err(e), _) => failed(heading, &e),
    }
}

/// A file the worker could not write, in words; the system's own text goes to the log.
fn cannot_write(path: &Path, error: &std::io::Error) -> Words {
    eprintln!("bianpai: writing {}: {error}", path.display());
    let shown = path.display();
    Words::new(
        format!("无法写入 {shown}：{}", io_words(error, Lang::Zh)),
        format!("cannot write {shown}: {}", io_words(error, Lang::En)),
    )
}

/// Prints `request` and writes the PDF to its target; for the viewer, a file in the
/// temporary folder that the system's viewer is asked to open.
fn print_to(file: &OpenFile, request: &crate::print::Request, target: PrintTarget) -> Result<PathBuf, Words> {
    let printed = crate::print::print(file.event(), request).map_err(|e| Words::of(&e))?;
    let open_after = matches!(target, PrintTarget::Viewer(_));
    let path = match target {
        PrintTarget::File(path) => path,
        PrintTarget::Viewer(name) => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis())
                .unwrap_or_default();
            let folder = std::env::temp_dir().join(format!("bianpai-print-{stamp}"));
            std::fs::create_dir_all(&folder).map_err(|e| cannot_write(&folder, &e))?;
            folder.join(name)
        }
    };
    write_whole(&path, &printed.bytes, file.path())?;
    if open_after && let Err(e) = open::that_detached(&path) {
        eprintln!("bianpai: opening {} in the PDF viewer: {e}", path.display());
        return Err(no_viewer(&path));
    }
    Ok(path)
}

/// Ctrl+P found no PDF viewer: says so and where the PDF was saved, and names the menu
/// item that exists (issue 39 item 2; it once named a "打印到文件…" the window lacks).
fn no_viewer(path: &Path) -> Words {
    let shown = path.display();
    Words::new(
        format!(
            "没有找到可以打开 PDF 的阅读器，无法直接打印。PDF 已保存在：{shown}\n可以手动打开它，或用“打印 → 另存为 PDF…”保存到别的位置。"
        ),
        format!(
            "No PDF viewer could be opened, so nothing was printed. The PDF was saved at: {shown}\nOpen it yourself, or use Print → Save as PDF… to save it elsewhere."
        ),
    )
}

/// The bytes of an export of `event`.
fn export_bytes(event: &Event, kind: ExportKind, group: GroupId, lang: Lang) -> Result<Vec<u8>, Words> {
    match kind {
        ExportKind::Ranking(format) => {
            crate::io::export::final_ranking_as(event, group, format, lang).map_err(|e| Words::of(&e))
        }
        ExportKind::Trf => {
            let stage = event
                .group(group)
                .and_then(|g| g.current_stage())
                .ok_or_else(|| Words::new("该组别没有阶段", "the group has no stage"))?;
            let document = crate::io::trf::from_stage(event, group, stage.no).map_err(|e| Words::of(&e))?;
            Ok(document.to_text().into_bytes())
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: under a temporary name beside it,
/// then renamed into place. `held` is the event file the worker holds.
fn write_whole(path: &Path, bytes: &[u8], held: &Path) -> Result<(), Words> {
    // Never over an event file, its sidecars, a backup or the blacklist (issue 22);
    // the held file itself recognised without opening it (its locks would go).
    if let Some(file) = crate::store::guard::protected_target_beside(path, held) {
        let (shown, file) = (path.display(), file.display());
        return Err(Words::new(
            format!("{shown} 会覆盖 Bianpai 文件 {file}，已拒绝；请换一个文件名"),
            format!("{shown} would overwrite the Bianpai file {file}; refused — choose another name"),
        ));
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".writing");
    let tmp = PathBuf::from(tmp);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(cannot_write(path, &e));
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
fn undo_or_redo(f: &mut EventFile, redo: bool) -> Answer {
    let verb = if redo { Words::new("重做", "Redo") } else { Words::new("撤销", "Undo") };
    let before = f.shared_event();
    match f.revert_next(redo) {
        Ok(Some((id, _))) => {
            let row = |id: i64| f.audit_command(id).ok().flatten();
            let command = row(id).map(|c| original_command(c, row));
            saved(Label::Reverted { redo, command }, &before, f, !redo)
        }
        Ok(None) => Answer::Failed(if redo {
            Words::new("没有可重做的操作", "nothing to redo")
        } else {
            Words::new("没有可撤销的操作", "nothing to undo")
        }),
        Err(e) => failed(verb, &e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 39 item 2: Ctrl+P with no PDF viewer says so and offers the saved path.
    #[test]
    fn no_viewer_says_so_and_where_the_pdf_is() {
        let path = Path::new("/tmp/杯-pairings-1.pdf");
        let words = no_viewer(path);
        for (text, menu) in [(words.zh.as_str(), "打印 → 另存为 PDF…"), (words.en.as_str(), "Print → Save as PDF…")]
        {
            assert!(text.contains("/tmp/杯-pairings-1.pdf"), "{text}");
            assert!(text.contains(menu), "{text}");
        }
        assert!(words.zh.contains("没有找到可以打开 PDF 的阅读器"));
        assert!(words.en.starts_with("No PDF viewer could be opened"));
    }

    // issue 40, item 2: the saved event reaches the window as the file's own snapshot —
    // no copy on the way — with what the change did, found here; a job that changes
    // nothing leaves the snapshot as it was.
    #[test]
    fn a_saved_change_hands_over_the_files_snapshot_with_its_consequences() {
        use crate::domain::ids::GroupId;
        use crate::domain::player::PlayerEntry;
        use std::sync::Arc;
        let dir = tempfile::tempdir().unwrap();
        let event = crate::domain::presets::build("cxa-swiss", Some("票"), Some(3)).unwrap();
        let created = EventFile::create(&dir.path().join("票.bianpai"), &event).unwrap();
        let mut file = Some(OpenFile::Writer(created));
        let shared = |file: &Option<OpenFile>| file.as_ref().unwrap().shared_event();
        let before = shared(&file);
        let entries = vec![PlayerEntry { name: "王天一".into(), ..Default::default() }];
        let add = Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() };
        let Answer::Saved { event, consequences, .. } =
            run_job(&mut file, Job::Execute { label: Words::same("添加"), commands: vec![add] })
        else {
            panic!("not saved")
        };
        assert!(Arc::ptr_eq(&event, &shared(&file)), "the window gets the file's snapshot, not a copy");
        assert!(!Arc::ptr_eq(&event, &before), "a change swaps in a new snapshot");
        assert_eq!(event.players.len(), 1);
        assert!(consequences.is_empty(), "{consequences:?}");
        assert!(matches!(run_job(&mut file, Job::LoadHistory), Answer::History(_)));
        assert!(Arc::ptr_eq(&event, &shared(&file)), "nothing changed, the same snapshot");
    }

    // Issue 39 item 5: a print says what it made with the colon of its language.
    #[test]
    fn a_print_is_said_as_made_not_saved() {
        let label = Label::Made { print: true, path: PathBuf::from("/tmp/对阵表.pdf") };
        assert_eq!(label.words(), Words::new("打印：/tmp/对阵表.pdf", "Print: /tmp/对阵表.pdf"));
    }
}
