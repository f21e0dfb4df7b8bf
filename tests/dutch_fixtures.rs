//! Runs every Dutch fixture of `../shared/fixtures/pairing/dutch/` through the
//! `fide-dutch` rule set and checks that every pairing agrees, pair for pair and colour
//! for colour, with the FIDE-endorsed engine (PAIRING.md, issue 10: exactness). Every
//! fixture must pair without error: the endorsed engine found a valid pairing for each,
//! so one exists.

use bianpai::cli::trf::pair_text;
use bianpai::domain::rules::PairingSystem;
use bianpai::io::trf::parse_pairing;
use std::path::PathBuf;

#[test]
fn dutch_fixtures_agreement() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/pairing/dutch"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("fixtures not found at {}; skipped", dir.display());
        return;
    };
    let mut trfs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    trfs.sort();
    let (mut agree, mut failed) = (0, Vec::new());
    let mut differ = Vec::new();
    for trf in &trfs {
        let name = trf.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read_to_string(trf).unwrap();
        let expected = std::fs::read_to_string(trf.with_extension("expected")).unwrap();
        match pair_text(PairingSystem::FideDutch, &name, &text) {
            Ok(ours) => {
                let mut a = parse_pairing("ours", &ours).unwrap();
                let mut b = parse_pairing("expected", &expected).unwrap();
                a.pairs.sort();
                b.pairs.sort();
                a.byes.sort();
                b.byes.sort();
                if a == b {
                    agree += 1;
                } else {
                    differ.push(name);
                }
            }
            Err(e) => failed.push(format!("{name}: {e}")),
        }
    }
    println!("fide-dutch agrees with the endorsed engine on {agree} of {} fixtures", trfs.len());
    println!("first differing: {:?}", differ.iter().take(10).collect::<Vec<_>>());
    assert!(failed.is_empty(), "fixtures that could not be paired:\n{}", failed.join("\n"));
    // Issue 10 acceptance (R-3, PAIRING.md rule set 1): every fixture agrees.
    assert!(differ.is_empty(), "{} fixture(s) differ from the endorsed engine: {:?}", differ.len(), differ);
}
