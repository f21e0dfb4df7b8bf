//! A command's text on standard output, and what a failure to print it means (issue 38,
//! item 10). For a command that reads (a listing, standings, the log) the text is its
//! work: when it cannot be printed the command failed (exit 1). For a command that
//! changes something — the event, the blacklist, a written PDF or export — the text
//! only confirms a change already saved on disk: a failure to print it (`> /dev/full`)
//! is said as such, the change named as saved, and the exit is 0, so that a script does
//! not stop or make the change a second time. A reader that stops early (`| head`) is
//! no failure either way.
//!
//! Whatever is printed, on standard output or as an error, reaches the terminal without
//! control characters (issue 38, item 12): a text typed into the event — a reason, a
//! note, a name from an imported file — cannot clear the screen or retitle the window.

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
        | Cmd::Standings(_)
        | Cmd::Prizes(_)
        | Cmd::Players(PlayersCmd::List(_))
        | Cmd::Money(MoneyCmd::Ledger(_))
        | Cmd::Blacklist(BlacklistCmd::List { .. })
        | Cmd::Teams(TeamsCmd::List(_) | TeamsCmd::Standings(_)) => false,
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
    match stdout.write_all(terminal_safe(out).as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let why = crate::os_words::io_words(&e, words::lang());
            if confirms {
                print_error(&saved_but_not_printed(&why));
                ExitCode::SUCCESS
            } else {
                print_error(&why);
                ExitCode::from(1)
            }
        }
        _ => ExitCode::SUCCESS,
    }
}

/// Prints an error line, `bianpai: message`, on standard error, terminal-safe.
pub(super) fn print_error(message: &str) {
    eprintln!("bianpai: {}", terminal_safe(message));
}

/// `text` with every control character but line breaks and tabs shown as a visible
/// sign instead of acted on: C0 ones as their Unicode control picture (ESC as ␛), DEL
/// and C1 ones as �.
pub(super) fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let acted_on = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(acted_on) {
        return std::borrow::Cow::Borrowed(text);
    }
    let shown = |c: char| match c {
        c if !acted_on(c) => c,
        c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        _ => '\u{fffd}',
    };
    std::borrow::Cow::Owned(text.chars().map(shown).collect())
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

    // Issue 38 item 12: nothing printed acts on the terminal; line breaks and tabs stay.
    #[test]
    fn control_characters_are_shown_not_acted_on() {
        assert_eq!(terminal_safe("甲\t乙\n"), "甲\t乙\n");
        assert_eq!(terminal_safe("x\u{1b}[2Jy\r\u{7}"), "x\u{241b}[2Jy\u{240d}\u{2407}");
        assert_eq!(terminal_safe("a\u{9b}31mb\u{7f}"), "a\u{fffd}31mb\u{fffd}");
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
