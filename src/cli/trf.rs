//! `bianpai trf pair`: pairs the next round of a TRF file and writes it in the format of
//! the FIDE pairing engines. Exit codes follow those engines: 0 paired, 1 no valid
//! pairing, 3 invalid input, 5 file error.

use super::words::{lang, t};
use super::{GroupArg, InputError, current_stage, resolve_group};
use crate::domain::command::{Command, apply};
use crate::domain::event::ByeKind;
use crate::domain::rules::PairingSystem;
use crate::domain::swiss::{PairingError, pair_next_round};
use crate::io::trf::{TrfDocument, TrfError, from_stage, to_event, write_pairing};
use crate::lang::Localized;
use crate::store::EventFile;
use std::path::Path;
use std::process::ExitCode;

mod error_words;

pub use super::trf_error::TrfPairError;

/// Runs `trf pair` and returns the process's exit code.
pub(super) fn run(system: PairingSystem, input: &Path, output: &Path) -> ExitCode {
    match pair_file(system, input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            super::stdout::print_error(&e.message(super::words::lang()));
            ExitCode::from(e.exit_code())
        }
    }
}

/// Reads `input`, pairs its next round under `system` and writes the pairing to `output`.
///
/// # Errors
/// [`TrfPairError`] saying what went wrong and which exit code it means.
pub fn pair_file(system: PairingSystem, input: &Path, output: &Path) -> Result<(), TrfPairError> {
    let name = input.display().to_string();
    let bytes = std::fs::read(input).map_err(|source| TrfPairError::File { path: input.to_path_buf(), source })?;
    // Bytes that are not UTF-8 are invalid input (exit 3), not a file error (issue 22).
    let text = utf8_text(&name, bytes)?;
    let text = pair_text(system, &name, &text)?;
    if crate::store::guard::protected_target(output).is_some() {
        // Never over an event file or its sidecars (issue 22): a file error, exit 5.
        let source = std::io::Error::new(std::io::ErrorKind::AlreadyExists, "would overwrite a Bianpai file");
        return Err(TrfPairError::File { path: output.to_path_buf(), source });
    }
    std::fs::write(output, text).map_err(|source| TrfPairError::File { path: output.to_path_buf(), source })
}

/// Pairs the next round of the TRF `text` (named `name` in messages) and returns it in
/// the engines' output format.
///
/// # Errors
/// [`TrfPairError::Invalid`] for a malformed file, [`TrfPairError::NoPairing`] when no
/// pairing keeps the absolute rules.
pub fn pair_text(system: PairingSystem, name: &str, text: &str) -> Result<String, TrfPairError> {
    let doc = TrfDocument::parse(name, text)?;
    let trf = to_event(&doc)?;
    let mut event = trf.event;
    let stage = event
        .group(trf.group)
        .and_then(|g| g.stage(trf.stage))
        .ok_or_else(|| TrfPairError::NoStage { name: name.to_string() })?;
    let rules = Command::SetStageRules {
        group: trf.group,
        stage: trf.stage,
        scoring: stage.scoring.clone(),
        tiebreaks: stage.tiebreaks.clone(),
        fide_edition: stage.fide_edition,
        pairing: crate::domain::rules::PairingOptions { system, ..stage.pairing.clone() },
    };
    apply(&mut event, &rules).map_err(|source| TrfPairError::Refused { name: name.to_string(), source })?;
    let round = pair_next_round(&event, trf.group, trf.stage, 0).map_err(|source| match source {
        PairingError::NoValidPairing { .. } | PairingError::TooFewPlayers(_) => {
            TrfPairError::NoPairing { name: name.to_string(), source }
        }
        source => TrfPairError::Unpaired { name: name.to_string(), source },
    })?;
    let pairs: Vec<_> = round.games.iter().map(|g| (g.red, g.black)).collect();
    let byes: Vec<_> = round.byes.iter().filter(|b| b.kind == ByeKind::Pairing).map(|b| b.player).collect();
    Ok(write_pairing(&pairs, &byes))
}

/// `bianpai trf import IN.trf OUT.bianpai`: a new event file from a TRF file.
pub(super) fn import(input: &Path, output: &Path) -> anyhow::Result<String> {
    let name = input.display().to_string();
    let bytes = std::fs::read(input)
        .map_err(|e| anyhow::Error::new(e).context(t(format!("无法读取 {name}"), format!("cannot read {name}"))))?;
    let text = utf8_text(&name, bytes).map_err(|e| InputError(e.message(lang())))?;
    let doc = TrfDocument::parse(&name, &text).map_err(|e| InputError(e.message(lang())))?;
    let trf = to_event(&doc).map_err(|e| InputError(e.message(lang())))?;
    let f = EventFile::create(output, &trf.event)?;
    let (path, players, played) = (f.path().display(), trf.event.players.len(), trf.next_round.0 - 1);
    Ok(t(
        format!("已从 {name} 创建 {path}：{players} 名选手，已赛 {played} 轮\n"),
        format!("created {path} from {name}: {players} players, {played} round(s) played\n"),
    ))
}

/// `bianpai export FILE trf -o OUT`: the group's current stage as TRF-16.
pub(super) fn export(file: &Path, group: &GroupArg, output: &Path) -> anyhow::Result<String> {
    super::output::check_output(output)?;
    let f = crate::store::EventReader::open(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let doc = from_stage(f.event(), g.id, stage.no).map_err(|e| InputError(e.message(lang())))?;
    let text = doc.to_text();
    super::output::write_atomically(output, text.as_bytes())?;
    Ok(super::words::wrote(output, text.len()))
}

/// The file's text, or where it stops being UTF-8 (TRF-16 files are UTF-8).
fn utf8_text(name: &str, bytes: Vec<u8>) -> Result<String, TrfError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|b| **b == b'\n').count() + 1;
        TrfError::new(
            name,
            line,
            "encoding",
            "the file is not UTF-8 text (TRF-16 files are UTF-8)",
            "文件不是 UTF-8 文本（TRF-16 文件应为 UTF-8）",
        )
    })
}
