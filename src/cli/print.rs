//! `bianpai print FILE WHAT [--group G] [--round R] -o OUT.pdf`: the PDFs of R-9,
//! written atomically (a temporary file in the same directory, then a rename), so a
//! failure never leaves a half-written PDF behind.

use super::output::{check_output, write_atomically};
use super::{GroupArg, InputError, PrintWhat, current_stage, resolve_group};
use crate::domain::ids::RoundNo;
use crate::print::{self, Document, Lang, PrintError, Request};
use crate::store::EventFile;
use std::path::Path;

/// Writes the requested PDF and says where, with its page count.
pub(super) fn run(
    file: &Path,
    what: PrintWhat,
    group: &GroupArg,
    round: Option<u32>,
    lang: Lang,
    output: &Path,
) -> anyhow::Result<String> {
    check_output(output)?;
    let f = EventFile::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    current_stage(g)?;
    if round == Some(0) && !matches!(what, PrintWhat::Standings | PrintWhat::Crosstable) {
        return Err(InputError("--round 0: rounds are numbered from 1".into()).into());
    }
    let document = match what {
        PrintWhat::Pairings => Document::Pairings,
        PrintWhat::Slips => Document::Slips,
        PrintWhat::Standings => Document::Standings,
        PrintWhat::Crosstable => Document::Crosstable,
        PrintWhat::Bracket => Document::Bracket,
        PrintWhat::Prizes => Document::Prizes,
        PrintWhat::Checkin => Document::CheckIn,
    };
    let request = Request { document, group: g.id, round: round.map(RoundNo), lang };
    let printed = print::print(event, &request).map_err(|e| match e {
        // Bad input: exit 2, naming the round.
        PrintError::UnknownRound { .. } | PrintError::UnknownGroup(_) => anyhow::Error::new(InputError(e.to_string())),
        PrintError::Domain(d) => anyhow::Error::new(d),
        other => anyhow::Error::new(other),
    })?;
    write_atomically(output, &printed.bytes)?;
    Ok(format!("wrote {} ({} page{})\n", output.display(), printed.pages, if printed.pages == 1 { "" } else { "s" }))
}
