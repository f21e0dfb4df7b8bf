//! The bundled demo event (`domain::demo`): 40 players, four complete rounds paired by
//! the Swiss engine, reproducible from its seed, and no pair of players meeting twice.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::demo::{DEMO_NAME, DEMO_PLAYERS, demo_event};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::presets;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::meetings;
use std::collections::BTreeSet;

fn stage(event: &Event) -> &bianpai::domain::event::Stage {
    &event.groups[0].stages[0]
}

#[test]
fn demo_has_40_players_and_4_complete_rounds() {
    let event = demo_event(2025).unwrap();
    assert_eq!(event.name, DEMO_NAME);
    assert_eq!(event.preset, "cxa-swiss");
    assert_eq!(event.players.len(), DEMO_PLAYERS);
    assert_eq!(event.players.len(), 40);
    let st = stage(&event);
    assert_eq!(st.rounds_planned, Some(7));
    assert_eq!(st.rounds.len(), 4);
    assert_eq!(st.completed_rounds(), 4);
    for round in &st.rounds {
        assert!(round.is_complete(), "round {} has games without a result", round.no);
        // Every player of the stage is either on a board or has a bye (one withdrew).
        let seated = round.games.len() * 2 + round.byes.len();
        assert!(seated >= 39, "round {}: {seated} players seated", round.no);
    }
    // Distinct start numbers and names.
    let numbers: BTreeSet<_> = event.players.iter().map(|p| p.start_no).collect();
    let names: BTreeSet<_> = event.players.iter().map(|p| p.entry.name.as_str()).collect();
    assert_eq!((numbers.len(), names.len()), (40, 40));
    // The standings can be computed after every round.
    for after in 0..=4 {
        let table = standings(&event, GroupId(1), StageNo(1), after).unwrap();
        assert_eq!(table.rows.len(), 40);
    }
}

#[test]
fn same_seed_gives_the_same_event() {
    assert_eq!(demo_event(7).unwrap(), demo_event(7).unwrap());
    assert_eq!(demo_event(0).unwrap(), demo_event(0).unwrap());
    // Another seed changes the draw, not the roster.
    let (a, b) = (demo_event(7).unwrap(), demo_event(8).unwrap());
    assert_eq!(
        a.players.iter().map(|p| &p.entry).collect::<Vec<_>>(),
        b.players.iter().map(|p| &p.entry).collect::<Vec<_>>()
    );
    assert_ne!(stage(&a).rounds, stage(&b).rounds);
}

#[test]
fn no_rematches_across_the_four_rounds() {
    for seed in [0, 1, 7, 2025, u64::MAX] {
        let event = demo_event(seed).unwrap();
        let games: usize = stage(&event).rounds.iter().map(|r| r.games.len()).sum();
        let met = meetings(stage(&event).rounds.iter());
        assert_eq!(met.len(), games, "seed {seed}: a pair of players met twice");
    }
}

#[test]
fn demo_replays_through_apply_from_the_preset() {
    // Replaying the demo's rounds as commands on a fresh preset event reproduces it:
    // the demo holds nothing that the commands cannot say.
    let demo = demo_event(42).unwrap();
    let mut event = Event {
        start_date: demo.start_date,
        officials: demo.officials.clone(),
        ..presets::build("cxa-swiss", Some(DEMO_NAME), Some(7)).unwrap()
    };
    let entries = demo.players.iter().map(|p| p.entry.clone()).collect();
    apply(&mut event, &Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() })
        .unwrap();
    for p in demo.players.iter().filter(|p| p.status != bianpai::domain::player::PlayerStatus::Active) {
        let command =
            Command::SetPlayerStatus { start_no: p.start_no, status: p.status, reason: p.status_reason.clone() };
        apply(&mut event, &command).unwrap();
    }
    for round in &stage(&demo).rounds {
        let mut unplayed = round.clone();
        for g in &mut unplayed.games {
            g.result = None;
        }
        apply(&mut event, &Command::PairRound { group: GroupId(1), stage: StageNo(1), round: unplayed }).unwrap();
        for g in &round.games {
            let command = Command::RecordResult {
                group: GroupId(1),
                stage: StageNo(1),
                round: round.no,
                board: g.board,
                game: g.game,
                result: g.result,
            };
            apply(&mut event, &command).unwrap();
        }
    }
    assert_eq!(event, demo);
}
