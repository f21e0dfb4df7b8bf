//! Why `bianpai trf pair` stopped ([`TrfPairError`]) and the exit code each reason
//! means. Apart from `trf` so that `words`, which words every error the command line
//! meets, names the error without naming the command that uses `words` (issue 40).
//! Its words in both languages are in `trf/error_words.rs`.

use crate::domain::command::DomainError;
use crate::domain::swiss::PairingError;
use crate::io::trf::TrfError;
use std::path::PathBuf;

/// Why `trf pair` stopped, with the exit code of the FIDE pairing engines. Each
/// variant keeps its cause, so that [`Localized`](crate::lang::Localized) words it in
/// either language (`trf/error_words.rs`); `Display` is the English of the command line.
#[derive(Debug, thiserror::Error)]
pub enum TrfPairError {
    /// No pairing keeps the absolute rules: exit 1.
    #[error("{name}: {source}")]
    NoPairing {
        /// The TRF file as given.
        name: String,
        /// Why the pairing failed.
        source: PairingError,
    },
    /// The TRF is malformed or inconsistent: exit 3.
    #[error(transparent)]
    Invalid(#[from] TrfError),
    /// The TRF holds no stage to pair: exit 3.
    #[error("{name}: no stage to pair")]
    NoStage {
        /// The TRF file as given.
        name: String,
    },
    /// The rules refuse the file's pairing rules: exit 3.
    #[error("{name}: {source}")]
    Refused {
        /// The TRF file as given.
        name: String,
        /// The rules' refusal.
        source: DomainError,
    },
    /// The pairing stopped for another reason than the absolute rules: exit 3.
    #[error("{name}: {source}")]
    Unpaired {
        /// The TRF file as given.
        name: String,
        /// Why the pairing stopped.
        source: PairingError,
    },
    /// A file could not be read or written: exit 5.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// The file system's error.
        source: std::io::Error,
    },
}

impl TrfPairError {
    /// The exit code of the FIDE pairing engines for this failure.
    pub(super) fn exit_code(&self) -> u8 {
        match self {
            TrfPairError::NoPairing { .. } => 1,
            TrfPairError::Invalid(_)
            | TrfPairError::NoStage { .. }
            | TrfPairError::Refused { .. }
            | TrfPairError::Unpaired { .. } => 3,
            TrfPairError::File { .. } => 5,
        }
    }
}
