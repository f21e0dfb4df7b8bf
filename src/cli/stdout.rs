//! A command's text on standard output, and what a failure to print it means (issue 38,
//! item 10). For a command that reads (a listing, standings, the log) the text is its
//! work: when it cannot be printed the command failed (exit 1). For a command that
//! changes something — the event, the blacklist, a written PDF or export — the text
//! only confirms a change already saved on disk: a failure to print it (`> /dev/full`)
//! is said as such, the change named as saved, and the exit is 0, so that a script does
//! not stop or make the change a second time. A reader that stops early (`| head`) is
//! no failure either way.

use super::args::{BlacklistCmd, Cmd, MoneyCmd, PlayersCmd, TeamsCmd};
use super::words;
use std::io::Write;
use std::process::ExitCode;

/// Whether `command`'s output only confirms a change it saved before printing: every
/// command but those whose output is what they were asked for.
pub(super) fn confirms_a_change(command: &Cmd) -> bool {
    match command {
        Cmd::Presets { .. }
        | Cmd::Log { .. }
        | Cmd::Backups { .. }
        | Cmd::Pairings { .. }
        | Cmd::Standings { .. }
        | Cmd::Prizes { .. }
        | Cmd::Players(PlayersCmd::List { .. })
        | Cmd::Money(MoneyCmd::Ledger { .. })
        | Cmd::Blacklist(BlacklistCmd::List { .. })
        | Cmd::Teams(TeamsCmd::List { .. } | TeamsCmd::Standings { .. }) => false,
        Cmd::Money(MoneyCmd::Checkin { start_nos, .. }) => !start_nos.is_empty(),
        Cmd::Avoid { list, .. } => !list,
        Cmd::Teams(TeamsCmd::EventRanking { set, groups, .. }) => set.is_some() || groups.is_some(),
        _ => true,
    }
}

/// Prints `out` and says how the command ends: 0, or 1 when the output of a reading
/// command could not be written. `confirms` as [`confirms_a_change`] said.
pub(super) fn print(out: &str, confirms: bool) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let why = crate::os_words::io_words(&e, words::lang());
            if confirms {
                eprintln!("bianpai: {}", saved_but_not_printed(&why));
                ExitCode::SUCCESS
            } else {
                eprintln!("bianpai: {why}");
                ExitCode::from(1)
            }
        }
        _ => ExitCode::SUCCESS,
    }
}

/// The notice of a change saved whose confirmation could not be printed, for `why`.
fn saved_but_not_printed(why: &str) -> String {
    words::t(
        format!("更改已保存；只是无法输出确认信息（{why}）。请勿重复执行此命令。"),
        format!(
            "the change was saved; only its confirmation could not be printed ({why}). \
             Do not run the command again."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn confirms(args: &[&str]) -> bool {
        let cli = super::super::Cli::try_parse_from(std::iter::once("bianpai").chain(args.iter().copied())).unwrap();
        confirms_a_change(&cli.command.unwrap())
    }

    // Issue 38 item 10: which commands' output only confirms a saved change.
    #[test]
    fn writing_commands_confirm_and_reading_commands_do_not() {
        for args in [
            &["result", "e.bianpai", "--round", "1", "--board", "1", "1-0"][..],
            &["pair", "e.bianpai"],
            &["checkin", "e.bianpai", "3"],
            &["avoid", "e.bianpai", "1", "2"],
            &["teams", "event-ranking", "e.bianpai", "--set", "all"],
            &["export", "e.bianpai", "csv", "-o", "out.csv"],
        ] {
            assert!(confirms(args), "{args:?}");
        }
        for args in [
            &["standings", "e.bianpai"][..],
            &["players", "list", "e.bianpai"],
            &["checkin", "e.bianpai"],
            &["avoid", "e.bianpai", "--list"],
            &["teams", "event-ranking", "e.bianpai"],
            &["log", "e.bianpai", "--json"],
        ] {
            assert!(!confirms(args), "{args:?}");
        }
    }
}
