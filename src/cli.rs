//! The command line of CLI.md: the same library functions as the window, so that whole
//! events can be scripted and checked. Exit codes: 0 success, 2 bad usage or input,
//! 1 when the operation is impossible now. A change saved whose confirmation could not
//! be printed is a success, said on standard error (`stdout`).

mod announce;
mod args;
mod blacklist;
mod controls;
mod event_teams;
mod export;
mod history;
mod money;
mod numbers;
mod output;
mod pairing_explain;
mod players;
mod print;
mod prizes;
mod rounds;
mod serve;
mod stdout;
mod table;
mod team_rounds;
mod teams;
pub mod trf;
mod trf_error;
mod words;

use crate::domain::command::DomainError;
use crate::domain::event::{Event, Group, Stage};
use crate::domain::ids::RoundNo;
use crate::domain::presets::{self, PRESETS};
use crate::domain::swiss::PairingError;
use crate::io::roster;
use crate::store::{EventFile, StoreError};
pub use args::*;
use clap::Parser;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use words::t;

/// Bad usage or input: exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// What `main` should do after parsing.
pub enum Action {
    /// Open the window, on a file or on the demo event.
    Window(Option<PathBuf>),
    /// A command ran; exit with this code.
    Exit(ExitCode),
}

/// Parses the arguments and runs a subcommand; `Window` when the GUI should open.
pub fn run(args: impl IntoIterator<Item = OsString>) -> Action {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            if e.use_stderr() {
                words::set_lang(words::lang_of_args(&args).unwrap_or_else(words::from_env));
                eprintln!("bianpai: {}", words::usage_words(e.kind()));
            }
            let _ = e.print();
            return Action::Exit(ExitCode::from(if e.use_stderr() { 2 } else { 0 }));
        }
    };
    words::set_lang(cli.lang.map_or_else(words::from_env, Into::into));
    let command = match (cli.command, cli.file) {
        (None, Some(file)) => {
            // A mistyped command is not a file to open.
            if file.extension().is_some_and(|e| e == "bianpai") || file.is_file() {
                return Action::Window(Some(file));
            }
            let file = file.display();
            eprintln!(
                "bianpai: {}",
                words::t(
                    format!("“{file}”既不是命令，也不是赛事文件（*.bianpai）；请看 bianpai --help"),
                    format!("'{file}' is neither a command nor an event file (*.bianpai); see `bianpai --help`"),
                )
            );
            return Action::Exit(ExitCode::from(2));
        }
        (None, None) => return Action::Window(None),
        (Some(command), _) => Some(command),
    };
    let command = match command {
        None => return Action::Window(None),
        Some(Cmd::Open { file }) => return Action::Window(Some(file)),
        Some(Cmd::Trf(TrfCmd::Pair { system, input, output })) => {
            // The FIDE engines' exit codes, not the CLI's.
            let system = match system {
                SystemArg::FideDutch => crate::domain::rules::PairingSystem::FideDutch,
                SystemArg::Cxa => crate::domain::rules::PairingSystem::Cxa,
            };
            return Action::Exit(trf::run(system, &input, &output));
        }
        Some(Cmd::Serve { file, port, bind }) => {
            // Runs until stopped; prints its addresses itself, before it waits.
            return Action::Exit(match serve::run(&file, port, bind) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    stdout::print_error(&words::error_words(&e, words::lang()));
                    ExitCode::from(exit_code(&e))
                }
            });
        }
        Some(c) => c,
    };
    let confirms = stdout::confirms_a_change(&command);
    match execute(command) {
        // What the command printed; a change it saved stays saved whatever becomes of
        // its confirmation (issue 38, item 10).
        Ok(out) => Action::Exit(stdout::print(&out, confirms)),
        Err(e) => {
            if std::env::var_os("BIANPAI_DEBUG").is_some() {
                // The raw chain, with library and OS details, for a bug report.
                eprintln!("bianpai (debug): {e:#}");
            }
            stdout::print_error(&words::error_words(&e, words::lang()));
            Action::Exit(ExitCode::from(exit_code(&e)))
        }
    }
}

/// 2 for bad usage or input, 1 for an operation impossible now (CLI.md).
fn exit_code(e: &anyhow::Error) -> u8 {
    for cause in e.chain() {
        if cause.is::<InputError>() || cause.is::<roster::RosterError>() {
            return 2;
        }
        if let Some(s) = cause.downcast_ref::<StoreError>() {
            return match s {
                StoreError::InUse { .. }
                | StoreError::ReadOnly { .. }
                | StoreError::Sqlite { .. }
                | StoreError::Io { .. }
                | StoreError::Tampered { .. } => 1,
                StoreError::Domain(d) => domain_code(d),
                _ => 2,
            };
        }
        if let Some(d) = cause.downcast_ref::<DomainError>() {
            return domain_code(d);
        }
        if cause.is::<PairingError>() {
            return 1;
        }
    }
    1
}

fn domain_code(d: &DomainError) -> u8 {
    match d {
        DomainError::UnknownGroup(_)
        | DomainError::UnknownStage { .. }
        | DomainError::UnknownPlayer(_)
        | DomainError::UnknownRound(_)
        | DomainError::UnknownGame { .. }
        | DomainError::Ineligible { .. }
        | DomainError::InvalidEntry { .. }
        | DomainError::PlaysHimself(_)
        | DomainError::NotInStage(_)
        | DomainError::AppearsTwice(_)
        | DomainError::NewRoundHasResults
        | DomainError::PairingByeAnnounced
        | DomainError::RoundAlreadyPaired(_)
        | DomainError::NotInRound { .. }
        | DomainError::UnknownBoard { .. }
        | DomainError::AlreadyHasBye(_)
        | DomainError::GroupRules(_)
        | DomainError::PrizeRules(_)
        | DomainError::StageSetting { .. }
        | DomainError::ScheduleRoundZero
        | DomainError::ScheduledTwice(_)
        | DomainError::TooManyNominees { .. }
        | DomainError::NomineeNotInGroup(_)
        | DomainError::NomineeQualifies(_)
        | DomainError::UnknownLedgerEntry(_)
        | DomainError::LedgerEntryVoid(_)
        | DomainError::NotInGroup { .. }
        | DomainError::AvoidSelf(_)
        | DomainError::NotAvoided { .. }
        | DomainError::BoardOutOfRange(_)
        | DomainError::FoulsOutOfRange(_)
        | DomainError::PlayerNotActive(_) => 2,
        DomainError::Team(issue) => team_code(issue),
        _ => 1,
    }
}

/// A team refusal: 1 when the state forbids it now (a match with results, a
/// team that has played, boards fixed by pairing), else 2 (what was named is wrong).
fn team_code(issue: &crate::domain::model::team_issue::TeamIssue) -> u8 {
    use crate::domain::model::team_issue::TeamIssue as T;
    match issue {
        T::MatchStarted { .. } | T::TeamHasPlayed(_) | T::BoardsFixed(_) => 1,
        _ => 2,
    }
}

fn execute(command: Cmd) -> anyhow::Result<String> {
    match command {
        Cmd::Open { .. } | Cmd::Trf(TrfCmd::Pair { .. }) | Cmd::Serve { .. } => Ok(String::new()),
        Cmd::Trf(TrfCmd::Import { input, output }) => trf::import(&input, &output),
        Cmd::Print { at: FileGroup { file, group }, what, round, output } => {
            print::run(&file, what, &group, round, words::lang(), &output)
        }
        Cmd::Export { at: FileGroup { file, group }, format, output } => match format {
            ExportFormat::Trf => trf::export(&file, &group, &output),
            other => export::run(&file, other, &group, words::lang(), &output),
        },
        Cmd::Presets { json: JsonArg { json } } => Ok(presets_out(json)),
        Cmd::New { file, preset, name, rounds, boards } => {
            let mut event = new_event(&preset, name.as_deref(), rounds)?;
            if let Some(k) = boards {
                set_boards(&mut event, &preset, k)?;
            }
            let f = EventFile::create(&file, &event)?;
            let (path, name) = (f.path().display(), &f.event().name);
            let team_boards = f.event().groups.iter().flat_map(|g| &g.stages).find_map(|s| s.teams.as_ref());
            Ok(match team_boards.map(|r| r.boards) {
                Some(k) => t(
                    format!("已创建 {path}（{name}，预设 {preset}，每场 {k} 台）\n"),
                    format!("created {path} ({name}, preset {preset}, {k} boards per match)\n"),
                ),
                None => t(
                    format!("已创建 {path}（{name}，预设 {preset}）\n"),
                    format!("created {path} ({name}, preset {preset})\n"),
                ),
            })
        }
        Cmd::Players(p) => players::run(p),
        Cmd::Money(m) => money::run(m),
        Cmd::Undo { file } => history::undo(&file, false),
        Cmd::Redo { file } => history::undo(&file, true),
        Cmd::Log { file, json } => history::log(&file, json),
        Cmd::Backups { file } => history::backups(&file),
        Cmd::Restore { file, backup } => history::restore(&file, &backup),
        Cmd::Blacklist(b) => blacklist::run(b),
        Cmd::Collusion { at: FileGroup { file, group }, round, board, reason } => {
            blacklist::collusion(&file, &group, round, board, &reason)
        }
        Cmd::Pair { at: FileGroup { file, group }, seed } => rounds::pair(&file, &group, seed),
        Cmd::Rounds { at: FileGroup { file, group }, rounds } => rounds::set_rounds(&file, &group, rounds),
        Cmd::Stage(StageCmd::Next { at: FileGroup { file, group }, nominees }) => {
            rounds::next_stage(&file, &group, &nominees)
        }
        Cmd::Format { at: FileGroup { file, group }, format, double } => {
            rounds::set_format(&file, &group, format, double)
        }
        Cmd::Edit { at: FileGroup { file, group }, round, confirm, edit } => {
            rounds::edit(&file, &group, round, confirm, edit)
        }
        Cmd::Unpair { at: FileGroup { file, group }, round } => rounds::unpair(&file, &group, round),
        Cmd::Avoid { at: FileGroup { file, group }, players, reason, list, remove } => {
            controls::avoid(&file, &group, &players, &reason, list, remove)
        }
        Cmd::FixBoard { at: FileGroup { file, group }, start_no, board } => {
            controls::fix_board(&file, &group, start_no, board)
        }
        Cmd::Bye { at: FileGroup { file, group }, start_no, round, absent, cancel } => {
            rounds::announce_bye(&file, &group, start_no, RoundNo(round), absent, cancel)
        }
        Cmd::Pairings { at: FileGroup { file, group }, round, json: JsonArg { json }, explain } => {
            rounds::pairings(&file, &group, round, json, explain)
        }
        Cmd::Result(args) => rounds::result(args),
        Cmd::Teams(cmd) => teams::run(cmd),
        Cmd::Lineup(args) => teams::lineup(args),
        Cmd::Standings(StandingsArgs { at: FileGroup { file, group }, round, json: JsonArg { json } }) => {
            rounds::standings_out(&file, &group, round, json)
        }
        Cmd::Prizes(ListArgs { at: FileGroup { file, group }, json: JsonArg { json } }) => {
            prizes::prizes_out(&file, &group, json)
        }
    }
}

/// `new … --boards K`: K boards per match of the preset's team stages.
/// The event `bianpai new` creates: the preset's, with the title and the first stage's
/// rounds checked by the rules every later change to them follows (issue 38, item 12):
/// rounds from 1 to 99, a title that shows something, cleaned of control characters and
/// at most 200 characters long.
fn new_event(preset: &str, name: Option<&str>, rounds: Option<u32>) -> anyhow::Result<Event> {
    use crate::domain::command::{Command, apply};
    use crate::domain::model::stage_checks::check_rounds;
    if let Some((r, issue)) = rounds.and_then(|r| check_rounds(r).map(|issue| (r, issue))) {
        let (zh, en) = (issue.describe(crate::lang::Lang::Zh), issue.describe(crate::lang::Lang::En));
        return Err(InputError(t(format!("--rounds {r}：{zh}"), format!("--rounds {r}: {en}"))).into());
    }
    let mut event = presets::build_new(preset, None, rounds).ok_or_else(|| {
        let names: Vec<_> = PRESETS.iter().map(|p| p.name).collect();
        let names = names.join(", ");
        InputError(t(
            format!("没有名为“{preset}”的预设；可用的预设：{names}"),
            format!("unknown preset '{preset}'; presets: {names}"),
        ))
    })?;
    if let Some(name) = name {
        let info = Command::SetEventInfo {
            name: name.to_string(),
            start_date: event.start_date,
            officials: event.officials.clone(),
        };
        apply(&mut event, &info)?;
    }
    Ok(event)
}

fn set_boards(event: &mut Event, preset: &str, boards: u32) -> Result<(), InputError> {
    use crate::domain::model::team::{MAX_BOARDS, MIN_BOARDS};
    if !(MIN_BOARDS..=MAX_BOARDS).contains(&boards) {
        return Err(InputError(t(
            format!("--boards {boards}：团体赛每场为 {MIN_BOARDS} 至 {MAX_BOARDS} 台"),
            format!("--boards {boards}: a team match has {MIN_BOARDS} to {MAX_BOARDS} boards"),
        )));
    }
    if !presets::set_team_boards(event, boards) {
        return Err(InputError(t(
            format!("--boards 只用于团体赛：预设“{preset}”没有团体赛阶段（团体赛用 cxa-team）"),
            format!("--boards is for team competitions: preset '{preset}' has no team stage (try cxa-team)"),
        )));
    }
    Ok(())
}

fn presets_out(as_json: bool) -> String {
    if as_json {
        let list: Vec<_> =
            PRESETS.iter().map(|p| serde_json::json!({"name": p.name, "description": p.description})).collect();
        return format!("{}\n", serde_json::json!({ "presets": list }));
    }
    let lang = words::lang();
    PRESETS
        .iter()
        .map(|p| {
            let (title, summary) = (lang.t(p.title.0, p.title.1), lang.t(p.summary.0, p.summary.1));
            format!("{:<14} {title}{}{summary}\n", p.name, lang.t("：", ": "))
        })
        .collect()
}

/// Resolves `--group`: required when the event has several groups.
pub(super) fn resolve_group<'e>(event: &'e Event, arg: &GroupArg) -> Result<&'e Group, InputError> {
    match &arg.group {
        Some(text) => event.find_group(text).ok_or_else(|| {
            let names: Vec<_> = event.groups.iter().map(|g| g.name.as_str()).collect();
            let names = names.join(", ");
            InputError(t(format!("没有组别“{text}”；组别有：{names}"), format!("no group '{text}'; groups: {names}")))
        }),
        None => match event.groups.as_slice() {
            [only] => Ok(only),
            groups => {
                let names: Vec<_> = groups.iter().map(|g| g.name.as_str()).collect();
                let names = names.join(", ");
                Err(InputError(t(
                    format!("本赛事有多个组别，请用 --group 指定一个（{names}）"),
                    format!("the event has several groups; choose one with --group ({names})"),
                )))
            }
        },
    }
}

/// The stage being played: the first open one, else the last one.
pub(super) fn current_stage(group: &Group) -> Result<&Stage, InputError> {
    let name = &group.name;
    group
        .current_stage()
        .ok_or_else(|| InputError(t(format!("组别“{name}”没有阶段"), format!("group {name} has no stages"))))
}
