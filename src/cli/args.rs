//! The arguments of every subcommand of CLI.md, as clap parses them.

mod money_args;
mod shared_args;
mod team_args;

use super::players;
use clap::{Args, Parser, Subcommand};
pub use money_args::{BlacklistCmd, MoneyCmd};
pub use shared_args::{FileGroup, GroupArg, JsonArg, ListArgs, StandingsArgs};
use std::path::PathBuf;
pub use team_args::{AvoidArg, LineupArgs, TeamsCmd};

/// The exit codes, under `bianpai --help` in both languages (issue 38, items 10 and 15).
const EXIT_CODES: &str = "\
Exit codes: 0 done; 2 bad usage or input; 1 impossible now (e.g. the event is open in the \
window: \"in use\"). A command that changes the event waits up to 5 s while another command \
holds it. A change saved whose confirmation could not be printed (standard output on a full \
disk) exits 0 and says on standard error that the change was saved.
退出码：0 完成；2 用法或输入有误；1 目前无法进行（如赛事正在窗口中打开：“正被使用”）。\
更改赛事的命令在另一命令占用文件时最多等待 5 秒。更改已保存而确认信息无法输出时（如标准输出\
所在磁盘已满），退出码仍为 0，并在标准错误中说明更改已保存。";

/// Bianpai (编排): xiangqi tournament director. With no command, opens the window.
#[derive(Debug, Parser)]
#[command(name = "bianpai", version, about, subcommand_negates_reqs = true, after_help = EXIT_CODES)]
pub struct Cli {
    /// An event file (`*.bianpai`) to open in the window, as file managers and the
    /// desktop entry pass it; the same as `bianpai open FILE`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// What to do; none opens the window on the demo event.
    #[command(subcommand)]
    pub command: Option<Cmd>,
    /// Language of messages and printed tables: zh or en (default: from `LC_ALL` /
    /// `LANG`, Chinese when it starts with `zh`).
    #[arg(long, value_enum, global = true)]
    pub lang: Option<LangArg>,
}

/// The subcommands of CLI.md.
#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Open the window on FILE.
    Open {
        /// The event file.
        file: PathBuf,
    },
    /// List event presets.
    Presets {
        #[command(flatten)]
        json: JsonArg,
    },
    /// Create an event file from a preset (never overwrites).
    New {
        /// The event file to create.
        file: PathBuf,
        /// Preset name (see `bianpai presets`).
        #[arg(long)]
        preset: String,
        /// Event title.
        #[arg(long)]
        name: Option<String>,
        /// Rounds of the first stage where the preset leaves them to the director.
        #[arg(long)]
        rounds: Option<u32>,
        /// Boards per team match (2 … 8) of a preset with a team stage.
        #[arg(long)]
        boards: Option<u32>,
    },
    /// Register and list players.
    #[command(subcommand)]
    Players(PlayersCmd),
    /// The money ledger and check-in.
    #[command(flatten)]
    Money(MoneyCmd),
    /// Collusion (假棋/人情棋): disqualify both players of a game.
    Collusion {
        #[command(flatten)]
        at: FileGroup,
        /// The round.
        #[arg(long)]
        round: u32,
        /// The board.
        #[arg(long)]
        board: u32,
        /// What the arbiters found.
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Undo the newest change (saved and audited like any other).
    Undo {
        /// The event file.
        file: PathBuf,
    },
    /// Redo the newest undo.
    Redo {
        /// The event file.
        file: PathBuf,
    },
    /// The audit log: every change, who made it and when.
    Log {
        /// The event file.
        file: PathBuf,
        /// JSON output, with each change's before and after.
        #[arg(long)]
        json: bool,
    },
    /// List the automatic backups made before each pairing.
    Backups {
        /// The event file.
        file: PathBuf,
    },
    /// Put a backup in place of the event file (the replaced file is kept).
    Restore {
        /// The event file.
        file: PathBuf,
        /// The backup (see `bianpai backups`).
        backup: PathBuf,
    },
    /// The blacklist kept across events; `$BIANPAI_BLACKLIST` overrides its place.
    #[command(subcommand)]
    Blacklist(BlacklistCmd),
    /// Pair the next round of the group's current stage.
    Pair {
        #[command(flatten)]
        at: FileGroup,
        /// Seed of the random draw (recorded); a fresh one is drawn and printed if left out.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Set the number of rounds of the group's current stage.
    Rounds {
        #[command(flatten)]
        at: FileGroup,
        /// Rounds to play.
        rounds: u32,
    },
    /// Play the group's current stage as a Swiss or a round robin (before round 1).
    Format {
        #[command(flatten)]
        at: FileGroup,
        /// swiss or round-robin.
        #[arg(value_enum)]
        format: FormatArg,
        /// Two cycles, colours reversed in the second (round robin).
        #[arg(long)]
        double: bool,
    },
    /// Edit the last round's pairing by hand.
    Edit {
        #[command(flatten)]
        at: FileGroup,
        /// The round (the last paired one).
        #[arg(long)]
        round: u32,
        /// Keep an edit that breaks an absolute rule (rematch, colours, second bye).
        #[arg(long)]
        confirm: bool,
        /// The edit.
        #[command(subcommand)]
        edit: EditCmd,
    },
    /// Two players who are never paired (siblings, parent and child, the same coach);
    /// `--list` shows the pairs, `--remove` drops one.
    Avoid {
        #[command(flatten)]
        at: FileGroup,
        /// The two players' start numbers (none with `--list`).
        #[arg(num_args = 0..=2)]
        players: Vec<u32>,
        /// Why they are kept apart.
        #[arg(long, default_value = "")]
        reason: String,
        /// Show the avoided pairs.
        #[arg(long, conflicts_with = "remove")]
        list: bool,
        /// Drop the pair instead.
        #[arg(long)]
        remove: bool,
    },
    /// The player always sits at BOARD; BOARD 0 clears.
    FixBoard {
        #[command(flatten)]
        at: FileGroup,
        /// The player's start number.
        start_no: u32,
        /// The board (0 clears).
        board: u32,
    },
    /// Remove the last round's pairing (no results yet).
    Unpair {
        #[command(flatten)]
        at: FileGroup,
        /// The round (the last paired one).
        #[arg(long)]
        round: u32,
    },
    /// Announce a bye or an absence for a round not yet paired.
    Bye {
        #[command(flatten)]
        at: FileGroup,
        /// The player's start number.
        start_no: u32,
        /// The round.
        #[arg(long)]
        round: u32,
        /// Absent (zero points) rather than a requested bye.
        #[arg(long)]
        absent: bool,
        /// Take back an announced bye.
        #[arg(long)]
        cancel: bool,
    },
    /// Show a round's pairings.
    Pairings {
        #[command(flatten)]
        at: FileGroup,
        /// Round (default: the last paired).
        #[arg(long)]
        round: Option<u32>,
        #[command(flatten)]
        json: JsonArg,
        /// Explain each board: score groups, floats, the colour rule, the bye, and how
        /// the round differs from the engine's pairing after hand edits.
        #[arg(long)]
        explain: bool,
    },
    /// Record or correct a result. RESULT: 1-0, 0-1, 1/2, +-, -+, -- (or both-forfeit).
    Result(ResultArgs),
    /// Teams: register, list, make from clubs, 队员总分制, team standings.
    #[command(subcommand)]
    Teams(TeamsCmd),
    /// A team's line-up for a team round, in board order.
    Lineup(LineupArgs),
    /// Stages: `stage next` closes the current stage and qualifies players into the next.
    #[command(subcommand)]
    Stage(StageCmd),
    /// Print a PDF: pairing sheet, result slips, standings, crosstable, bracket or prize list.
    Print {
        #[command(flatten)]
        at: FileGroup,
        /// What to print.
        #[arg(value_enum)]
        what: crate::print::DocumentKind,
        /// Round (default: the last paired round for sheets, the last complete one for standings).
        #[arg(long)]
        round: Option<u32>,
        /// The PDF to write.
        #[arg(short = 'o')]
        output: PathBuf,
    },
    /// Export final rankings (CSV, XLSX), a web page (HTML) or TRF-16.
    Export {
        #[command(flatten)]
        at: FileGroup,
        /// The format.
        #[arg(value_enum)]
        format: ExportFormat,
        /// The file to write.
        #[arg(short = 'o')]
        output: PathBuf,
    },
    /// TRF files of other pairing programs.
    #[command(subcommand)]
    Trf(TrfCmd),
    /// Show the group's prize list over its final ranking.
    Prizes(ListArgs),
    /// Serve the hall's pages (pairings, find my board, standings) on the local network
    /// until stopped (Ctrl+C); the window may have the event open.
    Serve {
        /// The event file.
        file: PathBuf,
        /// The port the pages are served on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; 0.0.0.0 serves every network of this computer.
        #[arg(long, default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
    },
    /// Show the standings after a round.
    Standings(StandingsArgs),
}

/// Arguments of `bianpai result`.
#[derive(Debug, Args)]
pub struct ResultArgs {
    #[command(flatten)]
    pub at: FileGroup,
    /// Round.
    #[arg(long)]
    pub round: u32,
    /// Board: the round's board, or with --match the match's board (1 … K).
    #[arg(long)]
    pub board: u32,
    /// The match of a team round: --board is then its board 1 … K.
    #[arg(long = "match", value_name = "M")]
    pub match_no: Option<u32>,
    /// Game of a knockout match (1, 2; 3… playoffs).
    #[arg(long, default_value_t = 1)]
    pub game: u32,
    /// Why: normal, time, late, violation, disconnect, adjudication.
    #[arg(long, default_value = "normal")]
    pub reason: String,
    /// Fouls of red and black in this game: RED,BLACK.
    #[arg(long)]
    pub fouls: Option<String>,
    /// The result, red named first.
    #[arg(allow_hyphen_values = true)]
    pub result: String,
}

/// The format of `bianpai format`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    /// Swiss system.
    Swiss,
    /// Round robin (Berger tables).
    RoundRobin,
}

/// `bianpai edit …`: one hand edit.
#[derive(Debug, Subcommand)]
pub enum EditCmd {
    /// Two players exchange seats.
    Swap {
        /// One player's start number.
        a: u32,
        /// The other's.
        b: u32,
    },
    /// Red and black change places on a board.
    Colours {
        /// The board.
        board: u32,
    },
    /// The player takes the bye.
    ToBye {
        /// The player's start number.
        start_no: u32,
    },
}

/// `bianpai trf …`
#[derive(Debug, Subcommand)]
pub enum TrfCmd {
    /// Pair the next round of a TRF-16 file; exit codes as the FIDE engines (1 no pairing, 3 bad input, 5 file).
    Pair {
        /// The rule set.
        #[arg(long, value_enum)]
        system: SystemArg,
        /// The TRF file.
        input: PathBuf,
        /// Where to write the pairing (bbpPairings format).
        #[arg(short = 'p')]
        output: PathBuf,
    },
    /// Create a new event file from a TRF-16 file (players, rounds, results, byes).
    Import {
        /// The TRF file.
        input: PathBuf,
        /// The event file to create.
        output: PathBuf,
    },
}

/// `bianpai stage …`
#[derive(Debug, Subcommand)]
pub enum StageCmd {
    /// Close the group's current stage; its top players and the nominees enter the next.
    Next {
        #[command(flatten)]
        at: FileGroup,
        /// A sponsor's nominee (start number), after the qualifiers; repeatable.
        #[arg(long = "nominee")]
        nominees: Vec<u32>,
    },
}

/// `--lang`: the language of every command's messages and printed tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    /// 简体中文
    Zh,
    /// English
    En,
}

impl From<LangArg> for crate::lang::Lang {
    fn from(arg: LangArg) -> Self {
        match arg {
            LangArg::Zh => crate::lang::Lang::Zh,
            LangArg::En => crate::lang::Lang::En,
        }
    }
}

/// The formats of `bianpai export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// Final rankings as CSV.
    Csv,
    /// Final rankings as an Excel workbook.
    Xlsx,
    /// A static web page.
    Html,
    /// TRF-16 for other pairing programs.
    Trf,
    /// A group's team standings as CSV (the workbook and the web page include them).
    TeamsCsv,
    /// The event's clubs ranked across its groups as CSV (`--group` not needed).
    EventTeamsCsv,
}

/// `--system` of `trf pair`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SystemArg {
    /// FIDE Dutch (C.04.3).
    FideDutch,
    /// 象棋积分编排 (CXA practice).
    Cxa,
}

/// `bianpai players …`
#[derive(Debug, Subcommand)]
pub enum PlayersCmd {
    /// Import a roster (.csv, .xlsx or .xls); all rows or none.
    Import {
        #[command(flatten)]
        at: FileGroup,
        /// The roster.
        roster: PathBuf,
        /// Accept rows that break the group's entry rules, recording this reason.
        #[arg(long)]
        override_reason: Option<String>,
        /// The day the entries were made, checked against the group's registration
        /// window; without it the window is not checked.
        #[arg(long, value_name = "YYYY-MM-DD")]
        registered: Option<jiff::civil::Date>,
    },
    /// List players.
    List(ListArgs),
    /// Withdraw a player: kept in the standings, no longer paired.
    Withdraw {
        #[command(flatten)]
        at: FileGroup,
        /// The player's start number.
        start_no: u32,
        /// Why.
        #[arg(long, default_value = "")]
        reason: String,
        /// Withdraw the person's other entry too (an individual group and a team-match
        /// group of the same event); by default only this one.
        #[arg(long)]
        every_entry: bool,
    },
    /// Delete a player registered by mistake: only one never paired, qualified or paid
    /// (otherwise withdraw). Undoable.
    Delete {
        #[command(flatten)]
        at: FileGroup,
        /// The player's start number.
        start_no: u32,
    },
    /// Give start numbers anew before round 1 of the first stage (the group's, or
    /// without --group every group's, group by group). Undoable.
    Renumber {
        #[command(flatten)]
        at: FileGroup,
        /// rating (highest first), name (pinyin order) or club (then rating).
        #[arg(long, value_enum)]
        by: players::ByArg,
    },
    /// Number the players 1…N within each group (per-group) or across the event
    /// (per-event), before round 1 of the first stage. Undoable.
    Numbering {
        /// The event file.
        file: PathBuf,
        /// per-group or per-event.
        #[arg(value_enum)]
        numbering: players::NumberingArg,
    },
}
