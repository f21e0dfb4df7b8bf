//! `bianpai print FILE WHAT [--group G] [--round R] -o OUT.pdf`: the PDFs of R-9 and
//! of team competitions (R-10.7: `pairings` and `slips` of a team round are the team
//! pairing sheet and the match score cards; also `team-pairings`, `scorecards`,
//! `team-standings`, `team-crosstable`, `board-prizes`; and `event-teams`, the clubs
//! ranked across the event's groups, R-10.8, for which `--group` is not needed),
//! written atomically (a temporary file in the same directory, then a rename), so a
//! failure never leaves a half-written PDF behind.

use super::output::{open_for_output, write_atomically};
use super::words::t;
use super::{GroupArg, InputError, current_stage};
use crate::domain::ids::RoundNo;
use crate::lang::Lang;
use crate::lang::Localized;
use crate::print::{self, DocumentKind, PrintError, Request, RoundUse};
use std::path::Path;

/// Writes the requested PDF and says where, with its page count.
pub(super) fn run(
    file: &Path,
    document: DocumentKind,
    group: &GroupArg,
    round: Option<u32>,
    lang: Lang,
    output: &Path,
) -> anyhow::Result<String> {
    let (event, id) = if document == DocumentKind::EventTeams && group.group.is_none() {
        // The ranking is the event's: any group will do for the request.
        super::output::check_output(output)?;
        let event = crate::store::EventReader::open(file)?.into_event();
        let first = event.groups.first().map(|g| g.id).unwrap_or(crate::domain::ids::GroupId(1));
        (event, first)
    } else {
        open_for_output(file, group, output)?
    };
    let event = &event;
    let g = event.group(id).ok_or_else(|| InputError(t(format!("没有组别 {id}"), format!("no group {id}"))))?;
    if document != DocumentKind::EventTeams {
        current_stage(g)?;
    }
    if round == Some(0) && document.round_use() != RoundUse::After {
        return Err(InputError(t("--round 0：轮次从 1 开始编号", "--round 0: rounds are numbered from 1")).into());
    }
    let request = Request { document, group: g.id, round: round.map(RoundNo), lang, hall_link: None };
    let printed = print::print(event, &request).map_err(|e| match e {
        // Bad input: exit 2, naming the round.
        PrintError::UnknownRound { .. } | PrintError::UnknownGroup(_) => {
            anyhow::Error::new(InputError(e.message(lang)))
        }
        PrintError::Domain(d) => anyhow::Error::new(d),
        other => anyhow::Error::new(other),
    })?;
    write_atomically(output, &printed.bytes)?;
    let (shown, pages) = (output.display(), printed.pages);
    Ok(t(
        format!("已写出 {shown}（{pages} 页）\n"),
        format!("wrote {shown} ({pages} page{})\n", if pages == 1 { "" } else { "s" }),
    ))
}

/// `WHAT` of `bianpai print`: the documents by their command-line names.
impl clap::ValueEnum for DocumentKind {
    fn value_variants<'a>() -> &'a [Self] {
        &DocumentKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let (name, help) = match self {
            DocumentKind::Pairings => ("pairings", "The pairing sheet of a round (of a team round: the team sheet)"),
            DocumentKind::Slips => ("slips", "Result slips, one per board (of a team round: the score cards)"),
            DocumentKind::Standings => ("standings", "Standings after a round"),
            DocumentKind::Crosstable => ("crosstable", "The crosstable (大表)"),
            DocumentKind::Bracket => ("bracket", "The knockout bracket"),
            DocumentKind::Prizes => ("prizes", "The prize list"),
            DocumentKind::CheckIn => ("checkin", "The check-in list with entry fees"),
            DocumentKind::TeamPairings => ("team-pairings", "The team pairing sheet of a team round"),
            DocumentKind::ScoreCards => ("scorecards", "Match score cards (对阵记录单), one per team match"),
            DocumentKind::TeamStandings => ("team-standings", "Team standings after a round"),
            DocumentKind::TeamCrosstable => ("team-crosstable", "The team crosstable"),
            DocumentKind::BoardPrizes => ("board-prizes", "Board prizes: each board's players by score rate"),
            DocumentKind::EventTeams => {
                ("event-teams", "The clubs ranked across the event's groups (no --group needed)")
            }
        };
        Some(clap::builder::PossibleValue::new(name).help(help))
    }
}
