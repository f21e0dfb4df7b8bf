//! What `--help` says is read by directors: no requirement ids in it (the brief's "words
//! users read"), at any depth of the command tree.

use crate::common::bianpai;

/// The command names of a clap help text's "Commands:" section.
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

// Words users read: `bianpai --help` and every command's and subcommand's help are free
// of requirement ids such as "(R-3.5)".
#[test]
fn help_texts_carry_no_requirement_ids() {
    let id = |text: &str| text.split("R-").skip(1).any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    let mut pending: Vec<Vec<String>> = vec![Vec::new()];
    let mut seen = 0;
    while let Some(path) = pending.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let out = bianpai(&args);
        let help = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{args:?}");
        assert!(!id(&help), "`bianpai {}` shows a requirement id:\n{help}", args.join(" "));
        seen += 1;
        for c in commands(&help) {
            let mut next = path.clone();
            next.push(c);
            pending.push(next);
        }
    }
    assert!(seen > 30, "only {seen} help texts read");
}
