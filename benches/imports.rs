//! Import speed (issue 22, item 4): a 200,000-row CSV roster read and registered into a
//! new event file, as `bianpai players import` does (target under 5 s on the 2-core
//! reference machine), and a TRF-16 file of four players and 100,000 round columns
//! read into an event (under 1 s). Both must grow linearly with the input.

use bianpai::domain::command::{Command, registration_issues};
use bianpai::domain::ids::GroupId;
use bianpai::domain::presets;
use bianpai::io::roster::read_csv;
use bianpai::io::trf::{TrfDocument, to_event};
use bianpai::store::EventFile;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const G: GroupId = GroupId(1);

/// A roster of `rows` players: name, gender, birth date, club, rating.
fn roster(rows: usize) -> Vec<u8> {
    let mut text = String::from("姓名,性别,出生日期,单位,等级分\n");
    for i in 0..rows {
        text.push_str(&format!("选手{i},男,1990-01-01,俱乐部{},{}\n", i % 300, 1200 + i % 1000));
    }
    text.into_bytes()
}

/// Four players whose 100,000 round columns are zero-point byes announced ahead.
fn trf(columns: usize) -> String {
    let mut text = format!("012 Big\nXXR {}\n", columns + 1);
    for no in 1..=4 {
        let head = format!("001 {no:4} m    {:<33} 1500{:28}{:>4} {no:4}", format!("Player {no}"), "", "0.0");
        text.push_str(&format!("{head:<89}"));
        text.push_str(&"  0000 - Z".repeat(columns));
        text.push('\n');
    }
    text
}

fn imports(c: &mut Criterion) {
    let mut group = c.benchmark_group("imports");
    group.sample_size(10).measurement_time(Duration::from_secs(30));
    let csv = roster(200_000);
    group.bench_function("csv_200000_rows_into_an_event_file", |b| {
        b.iter(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("e.bianpai");
            let event = presets::build("cxa-swiss", None, Some(9)).expect("preset");
            drop(EventFile::create(&path, &event).expect("create"));
            let rows = read_csv("roster.csv", black_box(&csv)).expect("roster");
            let entries: Vec<_> = rows.into_iter().map(|r| r.entry).collect();
            let mut f = EventFile::open(&path).expect("open");
            assert!(registration_issues(f.event(), G, &entries).expect("checks").is_empty());
            f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
                .expect("import")
        })
    });
    let text = trf(100_000);
    group.bench_function("trf_of_100000_columns", |b| {
        b.iter(|| {
            let doc = TrfDocument::parse("big.trf", black_box(&text)).expect("parse");
            to_event(&doc).expect("event")
        })
    });
    group.finish();
}

criterion_group!(benches, imports);
criterion_main!(benches);
