//! The arguments of the money and discipline subcommands (`ledger`, `pay`, `excuse`,
//! `void`, `checkin`, `blacklist …`), as clap parses them.

use super::super::money;
use clap::Subcommand;
use std::path::PathBuf;

use super::{GroupArg, JsonArg, ListArgs};

/// `bianpai ledger | pay | excuse | void | checkin`.
#[derive(Debug, Subcommand)]
pub enum MoneyCmd {
    /// Show every player's fees, fines and prizes, owed and paid.
    Ledger(ListArgs),
    /// Record a payment: entry fee or fine received, or a prize paid out.
    Pay {
        /// The event file.
        file: PathBuf,
        /// The player's start number.
        start_no: u32,
        /// fee, fine or prize.
        #[arg(value_enum)]
        what: money::PayWhat,
        /// Amount in yuan: 10, 5.2, 5.20.
        amount: String,
        /// The forfeited round a fine is for (needed when the player has several fines).
        #[arg(long)]
        round: Option<u32>,
        /// The stage of that round.
        #[arg(long)]
        stage: Option<u32>,
        /// Receipt, channel (微信红包) …
        #[arg(long, default_value = "")]
        note: String,
        /// The player's group, for numbers that run within each group.
        #[command(flatten)]
        group: GroupArg,
    },
    /// Excuse a forfeit's fine: the player told the organisers in advance.
    Excuse {
        /// The event file.
        file: PathBuf,
        /// The player's start number.
        start_no: u32,
        /// The forfeited round.
        #[arg(long)]
        round: u32,
        /// Its stage, when rounds of several stages have fines.
        #[arg(long)]
        stage: Option<u32>,
        /// Why.
        #[arg(long, default_value = "")]
        note: String,
        /// The player's group, for numbers that run within each group.
        #[command(flatten)]
        group: GroupArg,
    },
    /// Void a ledger entry recorded by mistake (kept, struck out).
    Void {
        /// The event file.
        file: PathBuf,
        /// The entry's number (see `ledger --json`).
        id: u32,
    },
    /// Check players in at the desk; with no numbers, print the check-in list with fees.
    Checkin {
        /// The event file.
        file: PathBuf,
        /// Start numbers to check in.
        start_nos: Vec<u32>,
        /// Take the check-in back.
        #[arg(long)]
        undo: bool,
        #[command(flatten)]
        group: GroupArg,
    },
}

/// `bianpai blacklist …`
#[derive(Debug, Subcommand)]
pub enum BlacklistCmd {
    /// List the blacklist.
    List {
        #[command(flatten)]
        json: JsonArg,
    },
    /// Add a person by name.
    Add {
        /// Full name.
        name: String,
        /// Birth date, YYYY-MM-DD.
        #[arg(long)]
        born: Option<String>,
        /// Phone number.
        #[arg(long)]
        phone: Option<String>,
        /// What they did.
        #[arg(long)]
        reason: String,
        /// The event where it happened.
        #[arg(long, default_value = "")]
        event: String,
    },
    /// Disqualify an event's player and put them on the blacklist (附二 C/D).
    Player {
        /// The event file.
        file: PathBuf,
        /// The player's start number.
        start_no: u32,
        /// What they did.
        #[arg(long)]
        reason: String,
        /// The player's group, for numbers that run within each group.
        #[command(flatten)]
        group: GroupArg,
    },
    /// Remove an entry.
    Remove {
        /// The entry's number.
        id: u32,
    },
}
