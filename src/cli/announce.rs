//! The automatic consequences of a command, as lines after its own output (issue 18,
//! item 2): the same [`crate::present::consequences`] the window's status bar shows.

use super::words::lang;
use crate::domain::command::{Applied, Command};
use crate::present::consequences::{consequences, describe};
use crate::store::{EventFile, StoreError};

/// Executes `commands` in one transaction and returns what they applied and one line
/// per consequence ("→ …"), in the run's language.
///
/// # Errors
/// As [`EventFile::execute_all`]; nothing is saved then.
pub(super) fn execute_announced(f: &mut EventFile, commands: &[Command]) -> Result<(Vec<Applied>, String), StoreError> {
    let (applied, before) = f.execute_all_keeping_before(commands)?;
    let lines = consequences(&before, f.event()).iter().map(|c| format!("→ {}\n", describe(c, lang()))).collect();
    Ok((applied, lines))
}
