//! Issue 18, item 4: every message a director sees about TRF files, exports, rankings
//! and PDFs exists in Chinese and in English, and none shows a raw operating-system or
//! library error, a requirement id or the command line's name (the event file, the
//! blacklist and rosters: `error_words_files`).
//!
//! Each error enum is walked variant by variant: one sample per variant, and a
//! function with an exhaustive `match` (no wildcard) per enum, so that a new variant
//! does not compile here until it is named and given a sample below.

use crate::common;
use bianpai::cli::trf::TrfPairError;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::prizes::PrizeError;
use bianpai::domain::swiss::PairingError;
use bianpai::io::export::ExportError;
use bianpai::io::trf::{ExportError as TrfExportError, TrfDocument, TrfError};
use bianpai::lang::{Lang, Localized};
use bianpai::present::ranking::RankingError;
use bianpai::print::PrintError;
use common::file_words::*;
use std::io::ErrorKind;

// ---------------------------------------------------------------------------
// TRF files

// Issue 18, item 4: a TRF file's problem names its line and field in both languages.
#[test]
fn trf_errors_in_both_languages() {
    let text = "012 Mini\n\
                001    1      A                                                                  1.0    1     2 w X\n";
    let error: TrfError = TrfDocument::parse("mini.trf", text).unwrap_err();
    check_both("TrfError", &error);
    assert!(error.message(Lang::Zh).starts_with("mini.trf 第 2 行，第 1 轮结果："), "{}", error.message(Lang::Zh));
    assert_eq!(error.message(Lang::En), error.to_string());

    let empty = bianpai::io::trf::parse_pairing("pairs.txt", "").unwrap_err();
    check_both("parse_pairing", &empty);
}

fn trf_export_variant(e: &TrfExportError) -> &'static str {
    match e {
        TrfExportError::UnknownGroup(_) => "UnknownGroup",
        TrfExportError::UnknownStage { .. } => "UnknownStage",
        TrfExportError::Unrepresentable { .. } => "Unrepresentable",
    }
}

// Issue 18, item 4: what TRF cannot hold, in both languages.
#[test]
fn trf_export_errors_in_both_languages() {
    let mut event = bianpai::domain::presets::build("fide-swiss", Some("Open"), Some(5)).expect("preset");
    let entry = bianpai::domain::player::PlayerEntry { name: "A".into(), ..Default::default() };
    let command = bianpai::domain::command::Command::AddPlayers {
        group: GroupId(1),
        entries: vec![entry],
        override_reason: None,
        left_out: Vec::new(),
    };
    bianpai::domain::command::apply(&mut event, &command).expect("a player");
    // A rating no entry may have now (issue 22), as an older file may hold.
    event.players[0].entry.rating = Some(12_000);
    let too_high = bianpai::io::trf::from_stage(&event, GroupId(1), StageNo(1)).unwrap_err();
    let samples = vec![
        TrfExportError::UnknownGroup(GroupId(9)),
        TrfExportError::UnknownStage { group: "Open".into(), stage: StageNo(4) },
        too_high,
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    let all = ["UnknownGroup", "UnknownStage", "Unrepresentable"];
    check_walk("trf ExportError", &all, samples.iter().map(trf_export_variant).collect());
    assert!(samples[2].message(Lang::Zh).contains("12000"), "{}", samples[2].message(Lang::Zh));
}

fn trf_pair_variant(e: &TrfPairError) -> &'static str {
    match e {
        TrfPairError::NoPairing { .. } => "NoPairing",
        TrfPairError::Invalid(_) => "Invalid",
        TrfPairError::NoStage { .. } => "NoStage",
        TrfPairError::Refused { .. } => "Refused",
        TrfPairError::Unpaired { .. } => "Unpaired",
        TrfPairError::File { .. } => "File",
    }
}

// Issue 18, item 4: why `trf pair` stopped.
#[test]
fn trf_pair_errors_in_both_languages() {
    let name = || "mini.trf".to_string();
    let invalid = TrfDocument::parse("mini.trf", "XXR x\n").unwrap_err();
    let own = vec![
        TrfPairError::Invalid(invalid),
        TrfPairError::NoStage { name: name() },
        TrfPairError::File { path: path("out.txt"), source: io(ErrorKind::PermissionDenied) },
        TrfPairError::File { path: path("mini.trf"), source: os_error() },
    ];
    for error in &own {
        check_both(&format!("{error:?}"), error);
    }
    let too_few = PairingError::TooFewPlayers(1);
    let not_open = PairingError::StageNotOpen(StageNo(1));
    let wrapping = vec![
        (TrfPairError::NoPairing { name: name(), source: too_few.clone() }, Box::new(too_few) as Box<dyn Localized>),
        (TrfPairError::Refused { name: name(), source: domain() }, Box::new(domain())),
        (TrfPairError::Unpaired { name: name(), source: not_open.clone() }, Box::new(not_open)),
    ];
    for (error, inner) in &wrapping {
        check_wraps(&format!("{error:?}"), error, inner.as_ref());
        assert!(error.message(Lang::Zh).starts_with("mini.trf："), "{}", error.message(Lang::Zh));
    }
    let mut sampled: Vec<&str> = own.iter().map(trf_pair_variant).collect();
    sampled.dedup();
    sampled.extend(wrapping.iter().map(|(error, _)| trf_pair_variant(error)));
    let all = ["NoPairing", "Invalid", "NoStage", "Refused", "Unpaired", "File"];
    check_walk("TrfPairError", &all, sampled);
}

// ---------------------------------------------------------------------------
// Exports, rankings and PDFs

fn export_variant(e: &ExportError) -> &'static str {
    match e {
        ExportError::Domain(_) => "Domain",
        ExportError::NoRanking { .. } => "NoRanking",
        ExportError::NoTeams { .. } => "NoTeams",
        ExportError::EventTeamsOff => "EventTeamsOff",
        ExportError::Csv(_) => "Csv",
        ExportError::Xlsx(_) => "Xlsx",
        ExportError::Io(_) => "Io",
    }
}

// Issue 18, item 4: why an export could not be made.
#[test]
fn export_errors_in_both_languages() {
    let samples = vec![
        ExportError::NoRanking { group: "Open".into() },
        ExportError::NoTeams { group: "Open".into() },
        ExportError::EventTeamsOff,
        ExportError::Csv(csv::Error::from(io(ErrorKind::StorageFull))),
        ExportError::Xlsx(rust_xlsxwriter::XlsxError::RowColumnLimitError),
        ExportError::Xlsx(rust_xlsxwriter::XlsxError::IoError(io(ErrorKind::PermissionDenied))),
        ExportError::Io(os_error()),
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    let wrapped = ExportError::Domain(domain());
    check_wraps("ExportError::Domain", &wrapped, &domain());
    let mut sampled: Vec<&str> = samples.iter().map(export_variant).collect();
    sampled.dedup();
    sampled.push(export_variant(&wrapped));
    check_walk("ExportError", &["Domain", "NoRanking", "NoTeams", "EventTeamsOff", "Csv", "Xlsx", "Io"], sampled);
}

fn ranking_variant(e: &RankingError) -> &'static str {
    match e {
        RankingError::Domain(_) => "Domain",
        RankingError::NoRanking { .. } => "NoRanking",
    }
}

// Issue 18, item 4: why a ranking table cannot be built.
#[test]
fn ranking_errors_in_both_languages() {
    let no_ranking = RankingError::NoRanking { group: "Open".into() };
    check_both("RankingError::NoRanking", &no_ranking);
    let wrapped = RankingError::Domain(domain());
    check_wraps("RankingError::Domain", &wrapped, &domain());
    check_walk("RankingError", &["Domain", "NoRanking"], vec![ranking_variant(&no_ranking), ranking_variant(&wrapped)]);
}

fn print_variant(e: &PrintError) -> &'static str {
    match e {
        PrintError::Domain(_) => "Domain",
        PrintError::Prizes(_) => "Prizes",
        PrintError::UnknownGroup(_) => "UnknownGroup",
        PrintError::UnknownRound { .. } => "UnknownRound",
        PrintError::NothingPaired { .. } => "NothingPaired",
        PrintError::NoKnockout { .. } => "NoKnockout",
        PrintError::NotTeamRound { .. } => "NotTeamRound",
        PrintError::NoTeams { .. } => "NoTeams",
        PrintError::NoTeamStage { .. } => "NoTeamStage",
        PrintError::EventTeamsOff => "EventTeamsOff",
        PrintError::Font => "Font",
        PrintError::Pdf(_) => "Pdf",
    }
}

// Issue 18, item 4: why a document cannot be printed.
#[test]
fn print_errors_in_both_languages() {
    let samples = vec![
        PrintError::UnknownGroup(GroupId(9)),
        PrintError::UnknownRound { group: "Open".into(), stage: 1, round: 7, paired: 3 },
        PrintError::NothingPaired { group: "Open".into() },
        PrintError::NoKnockout { group: "Open".into() },
        PrintError::NotTeamRound { group: "Open".into(), round: 2 },
        PrintError::NoTeams { group: "Open".into() },
        PrintError::NoTeamStage { group: "Open".into() },
        PrintError::EventTeamsOff,
        PrintError::Font,
        PrintError::Pdf("printpdf: glyph 12 out of range".into()),
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    assert!(!PrintError::Pdf("printpdf internals".into()).message(Lang::En).contains("printpdf"));
    let prize = PrizeError::NotStarted(StageNo(2));
    let wrapping = vec![
        (PrintError::Domain(domain()), Box::new(domain()) as Box<dyn Localized>),
        (PrintError::Prizes(prize.clone()), Box::new(prize)),
    ];
    for (error, inner) in &wrapping {
        check_wraps(&format!("{error:?}"), error, inner.as_ref());
    }
    let mut sampled: Vec<&str> = samples.iter().map(print_variant).collect();
    sampled.extend(wrapping.iter().map(|(error, _)| print_variant(error)));
    let all = [
        "Domain",
        "Prizes",
        "UnknownGroup",
        "UnknownRound",
        "NothingPaired",
        "NoKnockout",
        "NotTeamRound",
        "NoTeams",
        "NoTeamStage",
        "EventTeamsOff",
        "Font",
        "Pdf",
    ];
    check_walk("PrintError", &all, sampled);
}
