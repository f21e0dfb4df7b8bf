//! The arguments of the team commands of CLI.md: `teams add | from-clubs | list
//! | ranking | standings | edit | remove | event-ranking` and `lineup`.

use super::{FileGroup, JsonArg, ListArgs, StandingsArgs};
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `bianpai teams …`
#[derive(Debug, Subcommand)]
pub enum TeamsCmd {
    /// Register a team: its members in board order, reserves last.
    Add {
        #[command(flatten)]
        at: FileGroup,
        /// The team's name, unique in its group.
        name: String,
        /// The regular members' start numbers in board order: 4,9,17,22.
        #[arg(long, value_name = "SN[,SN…]")]
        members: String,
        /// The reserves' start numbers, in order.
        #[arg(long, value_name = "SN[,SN…]")]
        reserves: Option<String>,
        /// The captain's start number (a member or reserve).
        #[arg(long, value_name = "SN")]
        captain: Option<u32>,
        /// The team's club (单位).
        #[arg(long, value_name = "TEXT")]
        club: Option<String>,
    },
    /// Change a team: what is given replaces what it had (name, members, reserves,
    /// captain, club).
    Edit {
        #[command(flatten)]
        at: FileGroup,
        /// The team, by name or number.
        team: String,
        /// A new name.
        #[arg(long, value_name = "TEXT")]
        name: Option<String>,
        /// The regular members in board order.
        #[arg(long, value_name = "SN[,SN…]")]
        members: Option<String>,
        /// The reserves in order (an empty text: none).
        #[arg(long, value_name = "SN[,SN…]")]
        reserves: Option<String>,
        /// The captain's start number (0: none).
        #[arg(long, value_name = "SN")]
        captain: Option<u32>,
        /// The club.
        #[arg(long, value_name = "TEXT")]
        club: Option<String>,
    },
    /// Remove a team that has not played.
    Remove {
        #[command(flatten)]
        at: FileGroup,
        /// The team, by name or number.
        team: String,
    },
    /// One team per club (单位) with N or more players not yet in a team, named after
    /// the club, members in start-number order.
    FromClubs {
        #[command(flatten)]
        at: FileGroup,
        /// Fewest players of a club to make a team.
        #[arg(long, default_value_t = 2)]
        min: u32,
    },
    /// List the group's teams.
    List(ListArgs),
    /// Rank an individual group's teams by their best N members' points (队员总分制).
    Ranking {
        #[command(flatten)]
        at: FileGroup,
        /// How many of each team's best members count.
        #[arg(long)]
        count: u32,
        /// Keep teammates apart in pairings: off, round1 or every (default: as set before, else off).
        #[arg(long, value_enum)]
        avoid: Option<AvoidArg>,
        /// Teammates are never paired (instead of only avoided when possible).
        #[arg(long)]
        absolute: bool,
    },
    /// The clubs (单位) ranked across the event's individual groups by their members'
    /// points (全赛事团体总分); `--set` and `--groups` change the setting first.
    EventRanking {
        /// The event file.
        file: PathBuf,
        /// Turn it off, or count every member (all), the best N over the groups
        /// together (best-N) or the best N of each group (best-N-per-group).
        #[arg(long, value_name = "off|all|best-N|best-N-per-group")]
        set: Option<String>,
        /// The groups counted, by name, alias or number (成人组,少年组), or `all` for
        /// every individual group (the default when turned on).
        #[arg(long, value_name = "G[,G…]|all")]
        groups: Option<String>,
        #[command(flatten)]
        json: JsonArg,
    },
    /// The team standings: of team matches, or 队员总分制.
    Standings(StandingsArgs),
}

/// `--avoid` of `teams ranking`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AvoidArg {
    /// Teammates may meet.
    Off,
    /// Teammates are kept apart in round 1.
    Round1,
    /// Teammates are kept apart in every round.
    Every,
}

/// Arguments of `bianpai lineup`.
#[derive(Debug, Args)]
pub struct LineupArgs {
    #[command(flatten)]
    pub at: FileGroup,
    /// The round (paired, or the next one).
    #[arg(long)]
    pub round: u32,
    /// The team, by name or number.
    pub team: String,
    /// Its players' start numbers in board order: 4,9,17,22 (or 4 9 17 22).
    #[arg(required = true, num_args = 1.., value_name = "SN[,SN…]")]
    pub players: Vec<String>,
}
