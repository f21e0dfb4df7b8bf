//! Team competitions' speed (issue 20): pairing the next round of a 200-team, 4-board
//! team Swiss after eight played rounds (target under 100 ms on the 2-core reference
//! machine) and the team standings of 200 teams after nine rounds (under 20 ms).

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::team::{Team, TeamId};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::domain::teams::team_standings;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);
const TEAMS: u32 = 200;
const BOARDS: u32 = 4;
const MEMBERS: u32 = 5;

/// A 200-team `cxa-team` event of 4 boards with `played` rounds paired and played, the
/// outcomes drawn from a fixed sequence.
fn team_event_after(played: u32) -> Event {
    let mut e = presets::build("cxa-team", None, Some(played + 1)).expect("preset");
    presets::set_team_boards(&mut e, BOARDS);
    let entries = (1..=TEAMS * MEMBERS).map(|i| PlayerEntry { name: format!("P{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    for t in 1..=TEAMS {
        let members = ((t - 1) * MEMBERS + 1..=t * MEMBERS).map(StartNo).collect();
        let team = Team {
            id: TeamId(0),
            name: format!("T{t}"),
            club: String::new(),
            captain: None,
            members,
            reserves: Vec::new(),
        };
        apply(&mut e, &Command::Team { group: G, change: TeamCommand::Add { team } }).expect("team");
    }
    let mut state: u64 = 12345;
    for r in 1..=played {
        let round = pair_next_round(&e, G, S, u64::from(r)).expect("pairing");
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
        let boards: Vec<_> = e.groups[0].stages[0].rounds[r as usize - 1].games.iter().map(|g| g.board).collect();
        for board in boards {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let outcome = [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins][(state >> 33) as usize % 3];
            let result = Some(GameResult::plain(outcome));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: RoundNo(r), board, game: 1, result })
                .expect("result");
        }
    }
    e
}

fn teams(c: &mut Criterion) {
    let mut group = c.benchmark_group("teams");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let after_eight = team_event_after(8);
    group.bench_function("pair_round_9_of_200_teams_4_boards", |b| {
        b.iter(|| pair_next_round(black_box(&after_eight), G, S, 99).expect("pairing"))
    });
    let after_nine = team_event_after(9);
    group.bench_function("standings_of_200_teams_after_9", |b| {
        b.iter(|| team_standings(black_box(&after_nine), G, S, 9).expect("standings"))
    });
    group.finish();
}

criterion_group!(benches, teams);
criterion_main!(benches);
