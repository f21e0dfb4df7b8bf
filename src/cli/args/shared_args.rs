//! The argument groups several subcommands share, each defined once and flattened
//! into them (`#[command(flatten)]`): the event file with `--group`, `--json`, a
//! group's list as a table or JSON, and standings after a round.

use clap::Args;
use std::path::PathBuf;

/// `--group G`: a group's name, alias or number; optional when the event has one group.
#[derive(Debug, Args)]
pub struct GroupArg {
    /// Group name (成人组), alias (adult) or number.
    #[arg(long = "group")]
    pub group: Option<String>,
}

/// `FILE [--group G]`: the event file and the group; the subcommand's own positional
/// arguments follow FILE, its options follow `--group`.
#[derive(Debug, Args)]
pub struct FileGroup {
    /// The event file.
    pub file: PathBuf,
    #[command(flatten)]
    pub group: GroupArg,
}

/// `--json`: JSON output instead of the table.
#[derive(Debug, Args)]
pub struct JsonArg {
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// `FILE [--group G] [--json]`: something of a group, as a table or JSON.
#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub at: FileGroup,
    #[command(flatten)]
    pub json: JsonArg,
}

/// `FILE [--group G] [--round R] [--json]`: standings after a round.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub at: FileGroup,
    /// After this round (default: the last complete round).
    #[arg(long)]
    pub round: Option<u32>,
    #[command(flatten)]
    pub json: JsonArg,
}

#[cfg(test)]
mod tests {
    use super::super::Cli;
    use super::{JsonArg, ListArgs, StandingsArgs};
    use clap::{CommandFactory, Parser};

    /// Each subcommand's arguments by name: (subcommand path, argument id, help).
    fn every_argument() -> Vec<(String, String, String)> {
        fn walk(cmd: &clap::Command, path: &str, out: &mut Vec<(String, String, String)>) {
            for arg in cmd.get_arguments() {
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                out.push((path.to_string(), arg.get_id().to_string(), help));
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), out);
            }
        }
        let mut out = Vec::new();
        walk(&Cli::command(), "bianpai", &mut out);
        out
    }

    // issue 40, item 5: FILE, --group, --json and the standings' --round are defined
    // once: every subcommand that has them says the same words.
    #[test]
    fn shared_arguments_read_the_same_everywhere() {
        let all = every_argument();
        let helps = |id: &str| {
            let mut h: Vec<&str> = all.iter().filter(|(_, a, _)| a == id).map(|(_, _, h)| h.as_str()).collect();
            h.sort_unstable();
            h.dedup();
            h
        };
        assert_eq!(helps("group"), ["Group name (成人组), alias (adult) or number"]);
        let json = helps("json");
        assert!(json.contains(&"JSON output"), "{json:?}");
        let groups = all.iter().filter(|(_, a, _)| a == "group").count();
        assert!(groups >= 30, "{groups}");
    }

    // issue 40, item 5: a flattened group parses as the fields it replaced.
    #[test]
    fn flattened_groups_parse_file_group_round_and_json() {
        #[derive(Debug, Parser)]
        struct Standings {
            #[command(flatten)]
            args: StandingsArgs,
        }
        let s = Standings::parse_from(["t", "e.bianpai", "--group", "adult", "--round", "3", "--json"]).args;
        assert_eq!(s.at.file, std::path::PathBuf::from("e.bianpai"));
        assert_eq!((s.at.group.group.as_deref(), s.round, s.json.json), (Some("adult"), Some(3), true));
        #[derive(Debug, Parser)]
        struct List {
            #[command(flatten)]
            args: ListArgs,
        }
        let l = List::parse_from(["t", "e.bianpai"]).args;
        assert!(matches!(
            l,
            ListArgs {
                at: super::FileGroup { group: super::GroupArg { group: None }, .. },
                json: JsonArg { json: false }
            }
        ));
    }
}
