//! Printing speed and size (issue 7, R-9.1): the pairing sheet of round 1 of a
//! 3,000-player Swiss (1,500 boards, about 40 pages) with Chinese names and clubs.
//! Targets on the 2-core reference machine: under 1 s and under 1 MB. The first
//! document of a process also parses the bundled font; that is measured separately.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::swiss::pair_next_round;
use bianpai::print::{Document, Lang, font, pairings};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// A `cxa-swiss` event of 3,000 players with round 1 paired.
fn event() -> Event {
    let mut e = presets::build("cxa-swiss", None, Some(7)).expect("preset");
    let surnames = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林"];
    let given = ["天一", "惟桐", "喆", "堃", "赟", "昇", "玥", "珺", "祎", "彧", "少华", "建国", "晓明", "子涵"];
    let clubs = ["北京象棋队", "上海象棋协会", "广东碧桂园", "淮阴区棋院", "杭州智力运动", "四川成都"];
    let entries = (0..3000u32)
        .map(|i| PlayerEntry {
            name: format!("{}{}", surnames[i as usize % surnames.len()], given[(i as usize / 16) % given.len()]),
            club: clubs[i as usize % clubs.len()].to_string(),
            rating: Some(1200 + (i * 7919) % 1400),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    let round = pair_next_round(&e, G, S, 7).expect("pairing");
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
    e
}

fn print(c: &mut Criterion) {
    let e = event();
    let start = std::time::Instant::now();
    font::cjk().expect("font");
    eprintln!("font parsed in {:?}", start.elapsed());
    let printed = pairings::PAIRING_SHEET.print(&e, G, Some(RoundNo(1)), Lang::Zh).expect("print");
    eprintln!("1,500-board pairing sheet: {} pages, {} bytes", printed.pages, printed.bytes.len());
    let mut group = c.benchmark_group("print");
    group.sample_size(10).measurement_time(Duration::from_secs(15));
    group.bench_function("pairing_sheet_1500_boards", |b| {
        b.iter(|| black_box(pairings::PAIRING_SHEET.print(&e, G, Some(RoundNo(1)), Lang::Zh).expect("print")))
    });
    group.finish();
}

criterion_group!(benches, print);
criterion_main!(benches);
