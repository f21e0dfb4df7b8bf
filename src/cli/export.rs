//! `bianpai export FILE csv|xlsx|html [--group G] -o OUT`: final rankings and web pages.
//!
//! The file appears whole or not at all: it is written under a temporary name in the
//! output's directory, then renamed into place.

use super::{ExportFormat, GroupArg, InputError, resolve_group};
use crate::io::export::{self, Language};
use crate::store::EventFile;
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes the export in `format` (TRF goes through `trf::export`).
pub(super) fn run(file: &Path, format: ExportFormat, group: &GroupArg, output: &Path) -> anyhow::Result<String> {
    let tmp = temporary_beside(output)?;
    let f = EventFile::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let lang = Language::Zh;
    let bytes = match format {
        ExportFormat::Csv => export::csv::final_ranking(event, g.id, lang),
        ExportFormat::Xlsx => export::xlsx::final_ranking(event, g.id, lang),
        ExportFormat::Html => export::html::page(event, g.id, lang).map(String::into_bytes),
        ExportFormat::Trf => {
            return Err(InputError("trf is written by the TRF exporter".into()).into());
        }
    }
    // ExportError::NoRanking (no round complete yet) is not bad input: exit 1.
    .with_context(|| format!("export of {} ({})", g.name, file.display()))?;
    write_atomically(&tmp, output, &bytes)?;
    Ok(format!("wrote {} ({} bytes)\n", output.display(), bytes.len()))
}

/// The temporary file to write before renaming it to `output`, in the same directory.
/// A missing directory or an `output` that is a directory is bad input (exit 2).
fn temporary_beside(output: &Path) -> Result<PathBuf, InputError> {
    let name = output
        .file_name()
        .ok_or_else(|| InputError(format!("-o {}: not a file name", output.display())))?
        .to_string_lossy()
        .into_owned();
    let dir: PathBuf = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(InputError(format!("-o {}: directory {} does not exist", output.display(), dir.display())));
    }
    if output.is_dir() {
        return Err(InputError(format!("-o {}: is a directory", output.display())));
    }
    Ok(dir.join(format!(".{name}.{}.tmp", std::process::id())))
}

/// Writes `bytes` to `tmp`, then renames it over `output`; on failure `output` is left
/// untouched and `tmp` removed.
fn write_atomically(tmp: &Path, output: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let written = std::fs::File::create(tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(tmp, output));
    if let Err(e) = written {
        let _ = std::fs::remove_file(tmp);
        return Err(anyhow::anyhow!("{}: {e}", output.display()));
    }
    Ok(())
}
