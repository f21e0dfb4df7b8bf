//! Golden pairings (R-3.1, R-3.6, PAIRING.md cxa §3, §6): round 1 in each draw mode from
//! a fixed seed, and same-club avoidance. The expected boards live in `tests/golden/`;
//! `UPDATE_GOLDEN=1 cargo test --test swiss_golden` rewrites them after a deliberate
//! change, and the diff is reviewed like code.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, Round};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::{ClubAvoidance, FirstRoundMode};
use bianpai::domain::swiss::pair_next_round;
use common::golden;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// Ten players: ratings descending with two unrated, clubs in a repeating pattern.
fn event(mode: FirstRoundMode, clubs: ClubAvoidance, absolute: bool) -> Event {
    let mut e = presets::build("cxa-swiss", None, Some(5)).unwrap();
    let pairing = &mut e.groups[0].stages[0].pairing;
    pairing.first_round = mode;
    pairing.club_avoidance = clubs;
    pairing.club_avoidance_absolute = absolute;
    let clubs = ["北京", "上海", "广东", "北京", "上海", "北京", "广东", "上海", "北京", "广东"];
    let entries = (0..10)
        .map(|i| PlayerEntry {
            name: format!("P{}", i + 1),
            club: clubs[i].to_string(),
            rating: (i < 8).then(|| 2400 - 50 * i as u32),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e
}

fn describe(e: &Event, round: &Round) -> String {
    let name = |p| e.player(p).map(|pl| format!("{} {}({})", p, pl.entry.name, pl.entry.club)).unwrap_or_default();
    let mut out = format!("round {} seed {:?}\n", round.no, round.seed);
    for g in &round.games {
        out.push_str(&format!("board {:>2}: red {:<14} black {}\n", g.board.0, name(g.red), name(g.black)));
    }
    for b in &round.byes {
        out.push_str(&format!("bye ({}): {}\n", b.kind.code(), name(b.player)));
    }
    out
}

fn round1(mode: FirstRoundMode, clubs: ClubAvoidance, absolute: bool) -> String {
    let e = event(mode, clubs, absolute);
    let round = pair_next_round(&e, G, S, 20221126).unwrap();
    describe(&e, &round)
}

// random draw from a stored seed (seed 003 "首轮由电脑随机抽签编对").
#[test]
fn round1_random() {
    golden("round1_random.txt", &round1(FirstRoundMode::Random, ClubAvoidance::Off, false));
}

// PAIRING.md cxa §3 halves: by rating, 1 v n/2+1 (拦腰), upper player red on odd boards.
#[test]
fn round1_halves() {
    let text = round1(FirstRoundMode::Halves, ClubAvoidance::Off, false);
    assert!(text.contains("board  1: red 1 P1"), "{text}");
    golden("round1_halves.txt", &text);
}

// PAIRING.md cxa §3 halves-lot: each upper player's opponent drawn from the lower half.
#[test]
fn round1_halves_lot() {
    golden("round1_halves_lot.txt", &round1(FirstRoundMode::HalvesLot, ClubAvoidance::Off, false));
}

// same-club avoidance moves the fewest players away from the halves pairing.
#[test]
fn round1_halves_avoiding_clubs() {
    let text = round1(FirstRoundMode::Halves, ClubAvoidance::FirstRound, true);
    let e = event(FirstRoundMode::Halves, ClubAvoidance::FirstRound, true);
    let round = pair_next_round(&e, G, S, 20221126).unwrap();
    for g in &round.games {
        let club = |p| e.player(p).map(|pl| pl.entry.club.clone());
        assert_ne!(club(g.red), club(g.black), "same club on board {}", g.board);
    }
    golden("round1_halves_clubs.txt", &text);
}

// "every round" keeps club-mates apart in round 2 as well; "first round" does not care.
#[test]
fn club_avoidance_every_round_applies_later() {
    for (mode, must_avoid) in [(ClubAvoidance::EveryRound, true), (ClubAvoidance::FirstRound, false)] {
        let mut e = event(FirstRoundMode::Halves, mode, true);
        let r1 = pair_next_round(&e, G, S, 1).unwrap();
        apply(&mut e, &Command::PairRound { group: G, stage: S, round: r1.clone() }).unwrap();
        for g in &r1.games {
            let result = Some(GameResult::plain(Outcome::RedWins));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: r1.no, board: g.board, game: 1, result })
                .unwrap();
        }
        let r2 = pair_next_round(&e, G, S, 2).unwrap();
        let same_club =
            r2.games.iter().any(|g| e.player(g.red).map(|p| &p.entry.club) == e.player(g.black).map(|p| &p.entry.club));
        if must_avoid {
            assert!(!same_club, "{mode:?}: {}", describe(&e, &r2));
        }
        golden(&format!("round2_clubs_{mode:?}.txt").to_lowercase(), &describe(&e, &r2));
    }
}
