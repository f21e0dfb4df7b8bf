//! Round robins for small groups: the Berger tables of FIDE Handbook C.05
//! Annex 1, checked against the published tables and for the properties a round robin
//! must have for every group size.

use bianpai::domain::round_robin::{BergerRound, RoundRobinError, berger_round, rounds_needed};
use proptest::prelude::*;
use std::collections::BTreeMap;

// R-1.1: FIDE Handbook C.05 (General Regulations for Competitions), Annex 1 "Berger
// Tables for Round-Robin Tournaments" (https://handbook.fide.com/chapter/C05Annex1),
// copied from the handbook text as quoted in the gambit-pairing project's round robin
// module, and identical to the tables reproduced on Chris Fox's "Berger Tables" page
// (c.w.fox.tripod.com/chess/berger.html). "Where there is an odd number of players,
// the highest number counts as a bye." The first number of a pair has White (red).
const FIDE_3_OR_4: &str = "
Rd 1: 1-4, 2-3.
Rd 2: 4-3, 1-2.
Rd 3: 2-4, 3-1.";

const FIDE_5_OR_6: &str = "
Rd 1: 1-6, 2-5, 3-4.
Rd 2: 6-4, 5-3, 1-2.
Rd 3: 2-6, 3-1, 4-5.
Rd 4: 6-5, 1-4, 2-3.
Rd 5: 3-6, 4-2, 5-1.";

const FIDE_7_OR_8: &str = "
Rd 1: 1-8, 2-7, 3-6, 4-5.
Rd 2: 8-5, 6-4, 7-3, 1-2.
Rd 3: 2-8, 3-1, 4-7, 5-6.
Rd 4: 8-6, 7-5, 1-4, 2-3.
Rd 5: 3-8, 4-2, 5-1, 6-7.
Rd 6: 8-7, 1-6, 2-5, 3-4.
Rd 7: 4-8, 5-3, 6-2, 7-1.";

const FIDE_9_OR_10: &str = "
Rd 1: 1-10, 2-9, 3-8, 4-7, 5-6.
Rd 2: 10-6, 7-5, 8-4, 9-3, 1-2.
Rd 3: 2-10, 3-1, 4-9, 5-8, 6-7.
Rd 4: 10-7, 8-6, 9-5, 1-4, 2-3.
Rd 5: 3-10, 4-2, 5-1, 6-9, 7-8.
Rd 6: 10-8, 9-7, 1-6, 2-5, 3-4.
Rd 7: 4-10, 5-3, 6-2, 7-1, 8-9.
Rd 8: 10-9, 1-8, 2-7, 3-6, 4-5.
Rd 9: 5-10, 6-4, 7-3, 8-2, 9-1.";

const FIDE_11_OR_12: &str = "
Rd 1: 1-12, 2-11, 3-10, 4-9, 5-8, 6-7.
Rd 2: 12-7, 8-6, 9-5, 10-4, 11-3, 1-2.
Rd 3: 2-12, 3-1, 4-11, 5-10, 6-9, 7-8.
Rd 4: 12-8, 9-7, 10-6, 11-5, 1-4, 2-3.
Rd 5: 3-12, 4-2, 5-1, 6-11, 7-10, 8-9.
Rd 6: 12-9, 10-8, 11-7, 1-6, 2-5, 3-4.
Rd 7: 4-12, 5-3, 6-2, 7-1, 8-11, 9-10.
Rd 8: 12-10, 11-9, 1-8, 2-7, 3-6, 4-5.
Rd 9: 5-12, 6-4, 7-3, 8-2, 9-1, 10-11.
Rd 10: 12-11, 1-10, 2-9, 3-8, 4-7, 5-6.
Rd 11: 6-12, 7-5, 8-4, 9-3, 10-2, 11-1.";

const FIDE_13_OR_14: &str = "
Rd 1: 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8.
Rd 2: 14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2.
Rd 3: 2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9.
Rd 4: 14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3.
Rd 5: 3-14, 4-2, 5-1, 6-13, 7-12, 8-11, 9-10.
Rd 6: 14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4.
Rd 7: 4-14, 5-3, 6-2, 7-1, 8-13, 9-12, 10-11.
Rd 8: 14-11, 12-10, 13-9, 1-8, 2-7, 3-6, 4-5.
Rd 9: 5-14, 6-4, 7-3, 8-2, 9-1, 10-13, 11-12.
Rd 10: 14-12, 13-11, 1-10, 2-9, 3-8, 4-7, 5-6.
Rd 11: 6-14, 7-5, 8-4, 9-3, 10-2, 11-1, 12-13.
Rd 12: 14-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7.
Rd 13: 7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1.";

const FIDE_15_OR_16: &str = "
Rd 1: 1-16, 2-15, 3-14, 4-13, 5-12, 6-11, 7-10, 8-9.
Rd 2: 16-9, 10-8, 11-7, 12-6, 13-5, 14-4, 15-3, 1-2.
Rd 3: 2-16, 3-1, 4-15, 5-14, 6-13, 7-12, 8-11, 9-10.
Rd 4: 16-10, 11-9, 12-8, 13-7, 14-6, 15-5, 1-4, 2-3.
Rd 5: 3-16, 4-2, 5-1, 6-15, 7-14, 8-13, 9-12, 10-11.
Rd 6: 16-11, 12-10, 13-9, 14-8, 15-7, 1-6, 2-5, 3-4.
Rd 7: 4-16, 5-3, 6-2, 7-1, 8-15, 9-14, 10-13, 11-12.
Rd 8: 16-12, 13-11, 14-10, 15-9, 1-8, 2-7, 3-6, 4-5.
Rd 9: 5-16, 6-4, 7-3, 8-2, 9-1, 10-15, 11-14, 12-13.
Rd 10: 16-13, 14-12, 15-11, 1-10, 2-9, 3-8, 4-7, 5-6.
Rd 11: 6-16, 7-5, 8-4, 9-3, 10-2, 11-1, 12-15, 13-14.
Rd 12: 16-14, 15-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7.
Rd 13: 7-16, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1, 14-15.
Rd 14: 16-15, 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8.
Rd 15: 8-16, 9-7, 10-6, 11-5, 12-4, 13-3, 14-2, 15-1.";

/// The published tables, by the even number of seats they are for.
const FIDE_TABLES: [(usize, &str); 7] = [
    (4, FIDE_3_OR_4),
    (6, FIDE_5_OR_6),
    (8, FIDE_7_OR_8),
    (10, FIDE_9_OR_10),
    (12, FIDE_11_OR_12),
    (14, FIDE_13_OR_14),
    (16, FIDE_15_OR_16),
];

/// Parses "Rd r: a-b, c-d." lines into rounds of (white, black) pairs.
fn parse_table(text: &str) -> Vec<Vec<(usize, usize)>> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let (head, games) = line.split_once(':').unwrap();
            assert_eq!(head.trim(), format!("Rd {}", i + 1), "rounds in order");
            games
                .trim()
                .trim_end_matches('.')
                .split(',')
                .map(|game| {
                    let (white, black) = game.trim().split_once('-').unwrap();
                    (white.parse().unwrap(), black.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// Every round of a round robin, in order.
fn all_rounds(players: usize, double: bool) -> Vec<BergerRound> {
    (1..=rounds_needed(players, double)).map(|r| berger_round(players, r, double).unwrap()).collect()
}

/// Each seat's colours round by round: Some(true) red, Some(false) black, None bye.
fn colour_history(players: usize, rounds: &[BergerRound]) -> Vec<Vec<Option<bool>>> {
    let mut history = vec![Vec::new(); players + 1];
    for round in rounds {
        let mut colour = vec![None; players + 1];
        for &(red, black) in &round.boards {
            colour[red] = Some(true);
            colour[black] = Some(false);
        }
        for seat in 1..=players {
            history[seat].push(colour[seat]);
        }
    }
    history
}

/// The longest run of games with the same colour, byes skipped.
fn longest_same_colour_run(history: &[Option<bool>]) -> usize {
    let games: Vec<bool> = history.iter().flatten().copied().collect();
    let mut longest = 0;
    let mut run = 0;
    for (i, colour) in games.iter().enumerate() {
        run = if i > 0 && games[i - 1] == *colour { run + 1 } else { 1 };
        longest = longest.max(run);
    }
    longest
}

/// The structural rules of one round: seats in range, nobody twice, a bye exactly when
/// the number of players is odd, and every present seat either playing or on the bye.
fn check_round_shape(players: usize, round: &BergerRound) -> Result<(), String> {
    let mut seen = vec![0usize; players + 1];
    for &(red, black) in &round.boards {
        for seat in [red, black] {
            if seat == 0 || seat > players {
                return Err(format!("seat {seat} out of 1..={players}"));
            }
            seen[seat] += 1;
        }
    }
    match (players % 2, round.bye) {
        (0, None) => {}
        (1, Some(bye)) if (1..=players).contains(&bye) => seen[bye] += 1,
        (_, bye) => return Err(format!("{players} players with bye {bye:?}")),
    }
    if round.boards.len() != players / 2 {
        return Err(format!("{} boards for {players} players", round.boards.len()));
    }
    match (1..=players).find(|&seat| seen[seat] != 1) {
        Some(seat) => Err(format!("seat {seat} appears {} times", seen[seat])),
        None => Ok(()),
    }
}

/// Everything a round robin of `players` must satisfy, single or double.
fn check_round_robin(players: usize, double: bool) -> Result<(), String> {
    let rounds = all_rounds(players, double);
    let per_cycle = if players.is_multiple_of(2) { players - 1 } else { players };
    let cycles = if double { 2 } else { 1 };
    if rounds.len() != per_cycle * cycles {
        return Err(format!("{} rounds for {players} players", rounds.len()));
    }
    for (i, round) in rounds.iter().enumerate() {
        check_round_shape(players, round).map_err(|e| format!("round {}: {e}", i + 1))?;
    }
    for (c, cycle) in rounds.chunks(per_cycle).enumerate() {
        // Every pair meets exactly once per cycle.
        let mut meetings: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for &(red, black) in cycle.iter().flat_map(|r| &r.boards) {
            *meetings.entry((red.min(black), red.max(black))).or_default() += 1;
        }
        let expected = players * (players - 1) / 2;
        if meetings.len() != expected || meetings.values().any(|&m| m != 1) {
            return Err(format!("cycle {}: {} pairs met, expected {expected} once each", c + 1, meetings.len()));
        }
        // Exactly one bye per seat per cycle when the number is odd.
        if players % 2 == 1 {
            for seat in 1..=players {
                let byes = cycle.iter().filter(|r| r.bye == Some(seat)).count();
                if byes != 1 {
                    return Err(format!("cycle {}: seat {seat} has {byes} byes", c + 1));
                }
            }
        }
        // Colours balanced within each cycle: at most one apart for an even number,
        // equal for an odd number (n − 1 games, and the dummy seat absorbs the rest).
        let history = colour_history(players, cycle);
        for (seat, colours) in history.iter().enumerate().skip(1) {
            let red = colours.iter().filter(|c| **c == Some(true)).count();
            let black = colours.iter().filter(|c| **c == Some(false)).count();
            let allowed = if players.is_multiple_of(2) { 1 } else { 0 };
            if red.abs_diff(black) > allowed {
                return Err(format!("cycle {}: seat {seat} has {red} red, {black} black", c + 1));
            }
        }
    }
    if double {
        // Each pair meets once with each colour.
        let mut as_red: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for &(red, black) in rounds.iter().flat_map(|r| &r.boards) {
            *as_red.entry((red, black)).or_default() += 1;
        }
        for a in 1..=players {
            for b in 1..=players {
                if a != b && as_red.get(&(a, b)) != Some(&1) {
                    return Err(format!("{a} had red against {b} {:?} times", as_red.get(&(a, b))));
                }
            }
        }
    }
    // Nobody gets the same colour in three consecutive games (FIDE's reason for
    // reversing the last two rounds of the first cycle in a double round robin).
    let history = colour_history(players, &rounds);
    for (seat, colours) in history.iter().enumerate().skip(1) {
        let run = longest_same_colour_run(colours);
        if run > 2 {
            return Err(format!("seat {seat} has {run} games in a row with one colour"));
        }
    }
    Ok(())
}

// the general Berger rule reproduces every published FIDE table, colours and
// board order included.
#[test]
fn even_groups_match_the_published_fide_tables() {
    for (seats, text) in FIDE_TABLES {
        let table = parse_table(text);
        assert_eq!(table.len(), seats - 1);
        assert_eq!(rounds_needed(seats, false) as usize, table.len());
        for (i, games) in table.iter().enumerate() {
            let round = berger_round(seats, i as u32 + 1, false).unwrap();
            assert_eq!(round, BergerRound { boards: games.clone(), bye: None }, "{seats} players, round {}", i + 1);
        }
    }
}

// "Where there is an odd number of players, the highest number counts as a bye."
#[test]
fn odd_groups_match_the_published_fide_tables_with_the_highest_number_a_bye() {
    for (seats, text) in FIDE_TABLES {
        let players = seats - 1;
        let table = parse_table(text);
        assert_eq!(rounds_needed(players, false) as usize, table.len());
        for (i, games) in table.iter().enumerate() {
            let bye = games.iter().find_map(|&(w, b)| {
                if w == seats {
                    Some(b)
                } else if b == seats {
                    Some(w)
                } else {
                    None
                }
            });
            let boards: Vec<_> = games.iter().copied().filter(|&(w, b)| w != seats && b != seats).collect();
            let round = berger_round(players, i as u32 + 1, false).unwrap();
            assert_eq!(round, BergerRound { boards, bye }, "{players} players, round {}", i + 1);
        }
    }
}

// the second cycle repeats the table with colours reversed, and (FIDE C.05
// Annex 1) "for a double-round tournament it is recommended to reverse the order of
// the last two rounds of the first cycle".
#[test]
fn double_round_robin_follows_the_fide_recommendation() {
    let table = parse_table(FIDE_7_OR_8);
    let expected_order = [1, 2, 3, 4, 5, 7, 6];
    for (i, &t) in expected_order.iter().enumerate() {
        assert_eq!(berger_round(8, i as u32 + 1, true).unwrap().boards, table[t - 1], "first cycle, round {}", i + 1);
    }
    for (i, games) in table.iter().enumerate() {
        let reversed: Vec<_> = games.iter().map(|&(w, b)| (b, w)).collect();
        assert_eq!(berger_round(8, 8 + i as u32, true).unwrap().boards, reversed, "second cycle, round {}", i + 1);
    }
    assert_eq!(rounds_needed(8, true), 14);
    assert!(berger_round(8, 15, true).is_err());
}

// without the swap, the plain table repeated with colours reversed gives some
// seat three games in a row with one colour; that is what the swap is for.
#[test]
fn without_the_swap_a_double_cycle_would_repeat_a_colour_three_times() {
    for players in (4..=20).step_by(2) {
        let single = all_rounds(players, false);
        let mut naive = single.clone();
        naive.extend(
            single.iter().map(|r| BergerRound {
                boards: r.boards.iter().map(|&(red, black)| (black, red)).collect(),
                bye: r.bye,
            }),
        );
        let history = colour_history(players, &naive);
        let worst = (1..=players).map(|s| longest_same_colour_run(&history[s])).max().unwrap();
        assert_eq!(worst, 3, "{players} players");
    }
}

// every group size from 2 to 20, single and double.
#[test]
fn every_group_size_from_2_to_20_is_a_proper_round_robin() {
    for players in 2..=20 {
        for double in [false, true] {
            if let Err(e) = check_round_robin(players, double) {
                panic!("{players} players, double {double}: {e}");
            }
        }
    }
}

// the second cycle is the first cycle's table with colours reversed, round for
// round, for every size (the first cycle's last two rounds aside, which are swapped).
#[test]
fn second_cycle_mirrors_the_table() {
    for players in 2..=20 {
        let per_cycle = rounds_needed(players, false);
        for t in 1..=per_cycle {
            let first = berger_round(players, t, false).unwrap();
            let second = berger_round(players, per_cycle + t, true).unwrap();
            let mirrored: Vec<_> = first.boards.iter().map(|&(red, black)| (black, red)).collect();
            assert_eq!(second.boards, mirrored, "{players} players, round {t}");
            assert_eq!(second.bye, first.bye);
        }
    }
}

//
#[test]
fn two_players_play_once_or_once_with_each_colour() {
    assert_eq!(rounds_needed(2, false), 1);
    assert_eq!(berger_round(2, 1, false).unwrap(), BergerRound { boards: vec![(1, 2)], bye: None });
    assert_eq!(rounds_needed(2, true), 2);
    assert_eq!(berger_round(2, 1, true).unwrap().boards, vec![(1, 2)]);
    assert_eq!(berger_round(2, 2, true).unwrap().boards, vec![(2, 1)]);
}

//
#[test]
fn rounds_needed_counts_one_bye_per_player_for_odd_groups() {
    let cases = [(0, 0, 0), (1, 0, 0), (2, 1, 2), (3, 3, 6), (4, 3, 6), (5, 5, 10), (10, 9, 18), (11, 11, 22)];
    for (players, single, double) in cases {
        assert_eq!(rounds_needed(players, false), single, "{players} single");
        assert_eq!(rounds_needed(players, true), double, "{players} double");
    }
}

//
#[test]
fn bad_requests_are_errors() {
    assert_eq!(berger_round(0, 1, false), Err(RoundRobinError::TooFewPlayers { players: 0 }));
    assert_eq!(berger_round(1, 1, true), Err(RoundRobinError::TooFewPlayers { players: 1 }));
    assert_eq!(berger_round(6, 0, false), Err(RoundRobinError::RoundOutOfRange { round: 0, rounds: 5 }));
    assert_eq!(berger_round(6, 6, false), Err(RoundRobinError::RoundOutOfRange { round: 6, rounds: 5 }));
    assert_eq!(berger_round(5, 11, true), Err(RoundRobinError::RoundOutOfRange { round: 11, rounds: 10 }));
    assert_eq!(berger_round(usize::MAX, 1, false), Err(RoundRobinError::TooManyPlayers { players: usize::MAX }));
    assert_eq!(rounds_needed(usize::MAX, false), u32::MAX);
    assert!(!RoundRobinError::TooFewPlayers { players: 1 }.to_string().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // the round robin properties hold for any group size, not just up to 20.
    #[test]
    fn any_group_size_is_a_proper_round_robin(players in 2usize..=60, double in any::<bool>()) {
        prop_assert_eq!(check_round_robin(players, double), Ok(()));
    }

    // any single round of a large group is well formed and deterministic.
    #[test]
    fn any_round_of_a_large_group_is_well_formed(players in 2usize..=2000, double in any::<bool>(), pick in any::<u32>()) {
        let rounds = rounds_needed(players, double);
        let round = pick % rounds + 1;
        let a = berger_round(players, round, double).unwrap();
        prop_assert_eq!(check_round_shape(players, &a), Ok(()));
        prop_assert_eq!(a, berger_round(players, round, double).unwrap());
    }
}
