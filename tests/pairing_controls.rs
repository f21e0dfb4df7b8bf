//! The director's pairing controls: pairs that never meet and fixed boards, in
//! the same matching as every other absolute rule — a property test over random events
//! of both rule sets — with a refusal that names the avoided pairs when they alone
//! block a round, and the `avoid` / `fix-board` commands of CLI.md.

use crate::common;

use bianpai::domain::command::{Command, DomainError, apply};
use bianpai::domain::event::{Event, Round};
use bianpai::domain::ids::{BoardNo, GroupId, StageNo, StartNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::{PairingError, pair_next_round};
use bianpai::lang::{Lang, Localized};
use common::by_hand::event_with_players;
use common::{bianpai, code, ok, stderr};
use proptest::prelude::*;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn new_event(preset: &str, players: u32, rounds: u32) -> Event {
    event_with_players(preset, players, rounds)
}

fn play(e: &mut Event, round: &Round, outcomes: &[u8]) {
    for (k, g) in round.games.iter().enumerate() {
        let outcome = match outcomes.get(k).copied().unwrap_or(0) % 3 {
            0 => Outcome::RedWins,
            1 => Outcome::BlackWins,
            _ => Outcome::Draw,
        };
        let result = Some(GameResult::plain(outcome));
        apply(e, &Command::RecordResult { group: G, stage: S, round: round.no, board: g.board, game: 1, result })
            .unwrap();
    }
}

/// Checks one paired round against the controls: no avoided pair meets, and every
/// fixed player sits at his board unless his opponent is fixed too (then one of the
/// two does) or the round has fewer boards (then the last board).
fn keeps_the_controls(e: &Event, round: &Round) -> Result<(), TestCaseError> {
    let controls = &e.groups[0].pairing_controls;
    for g in &round.games {
        let pair = (g.red.min(g.black), g.red.max(g.black));
        prop_assert!(!controls.avoided_pairs().contains(&pair), "avoided pair {pair:?} met in round {}", round.no);
    }
    let last = round.games.len() as u32;
    for fixed in &controls.fixed_boards {
        let Some(g) = round.games.iter().find(|g| g.red == fixed.start_no || g.black == fixed.start_no) else {
            continue;
        };
        let opponent = if g.red == fixed.start_no { g.black } else { g.red };
        let wanted = BoardNo(fixed.board.0.min(last));
        if controls.board_of(opponent).is_some() {
            let theirs = controls.board_of(opponent).map(|b| BoardNo(b.0.min(last)));
            prop_assert!(g.board == wanted || Some(g.board) == theirs, "{fixed:?} at {:?}", g.board);
        } else {
            prop_assert_eq!(g.board, wanted, "{:?} is fixed at board {:?}", fixed.start_no, fixed.board);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    // with random avoided pairs and fixed boards (distinct boards), no avoided
    // pair ever meets and every fixed player sits at his board, whenever a pairing
    // exists; when none exists the refusal names a constraint or the players left.
    #[test]
    fn avoided_pairs_never_meet_and_fixed_players_keep_their_boards(
        dutch in any::<bool>(),
        players in 6u32..=14,
        avoided in proptest::collection::vec((1u32..=14, 1u32..=14), 0..6),
        fixed in proptest::collection::vec((1u32..=14, 1u32..=3), 0..3),
        seeds in proptest::collection::vec(any::<u64>(), 4),
        outcomes in proptest::collection::vec(any::<u8>(), 28),
    ) {
        let preset = if dutch { "fide-swiss" } else { "cxa-swiss" };
        let mut e = new_event(preset, players, 4);
        for (a, b) in avoided.into_iter().filter(|(a, b)| a != b && *a <= players && *b <= players) {
            apply(&mut e, &Command::AvoidPair { group: G, a: StartNo(a), b: StartNo(b), reason: "兄弟".into() }).unwrap();
        }
        let mut boards_taken = std::collections::BTreeSet::new();
        for (p, board) in fixed.into_iter().filter(|(p, _)| *p <= players) {
            if boards_taken.insert(board) {
                apply(&mut e, &Command::FixBoard { group: G, start_no: StartNo(p), board }).unwrap();
            }
        }
        for (r, seed) in seeds.iter().enumerate() {
            match pair_next_round(&e, G, S, *seed) {
                Ok(round) => {
                    keeps_the_controls(&e, &round)?;
                    apply(&mut e, &Command::PairRound { group: G, stage: S, round: round.clone() }).unwrap();
                    play(&mut e, &round, &outcomes[r * 7..]);
                }
                Err(PairingError::AvoidedPairsBlock { pairs, .. }) => {
                    prop_assert!(!pairs.is_empty());
                    break;
                }
                Err(PairingError::NoValidPairing { .. }) => break,
                Err(other) => prop_assert!(false, "unexpected refusal: {other}"),
            }
        }
    }
}

// two players who must not meet, alone in a group: a pairing exists without
// the control, so the refusal names the pair (in both languages).
#[test]
fn a_round_blocked_by_an_avoided_pair_names_the_pair() {
    let mut e = new_event("cxa-swiss", 2, 1);
    apply(&mut e, &Command::AvoidPair { group: G, a: StartNo(2), b: StartNo(1), reason: "父子".into() }).unwrap();
    let refused = pair_next_round(&e, G, S, 1).unwrap_err();
    assert_eq!(
        refused,
        PairingError::AvoidedPairsBlock {
            round: bianpai::domain::ids::RoundNo(1),
            pairs: vec![(StartNo(1), StartNo(2))]
        }
    );
    assert!(refused.message(Lang::Zh).contains("1号与2号"), "{}", refused.message(Lang::Zh));
    assert!(refused.message(Lang::En).contains("nos. 1 and 2"), "{}", refused.message(Lang::En));
}

// the controls are checked: not oneself, only players of the group, a board in
// range; dropping a pair that is not avoided is refused; undo takes a control back.
#[test]
fn controls_are_checked_and_undone() {
    let mut e = new_event("cxa-swiss", 4, 3);
    let avoid = |a, b| Command::AvoidPair { group: G, a: StartNo(a), b: StartNo(b), reason: String::new() };
    assert_eq!(apply(&mut e, &avoid(2, 2)), Err(DomainError::AvoidSelf(StartNo(2))));
    assert_eq!(apply(&mut e, &avoid(2, 9)), Err(DomainError::UnknownPlayer(StartNo(9))));
    let fix = Command::FixBoard { group: G, start_no: StartNo(1), board: 10_000 };
    assert_eq!(apply(&mut e, &fix), Err(DomainError::BoardOutOfRange(10_000)));
    let remove = Command::RemoveAvoidedPair { group: G, a: StartNo(1), b: StartNo(3) };
    assert_eq!(apply(&mut e, &remove), Err(DomainError::NotAvoided { a: StartNo(1), b: StartNo(3) }));
    let before = e.clone();
    let applied = apply(&mut e, &avoid(3, 1)).unwrap();
    assert_eq!(e.groups[0].pairing_controls.avoided_pairs().len(), 1);
    bianpai::domain::undo::revert(&mut e, &applied.changes).unwrap();
    assert_eq!(e, before);
}

// CLI.md: `avoid`, `avoid --list`, `avoid --remove`, `fix-board`; the pair never meets
// and the fixed player sits at his board in the round paired next.
#[test]
fn the_command_line_sets_lists_and_removes_controls() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "name,rating\nA,2100\nB,2000\nC,1900\nD,1800\nE,1700\nF,1600\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    assert!(ok(&["avoid", f, "1", "4", "--reason", "siblings"]).contains("never paired"));
    assert!(ok(&["fix-board", f, "6", "1"]).contains("always sits at board 1"));
    let listed = ok(&["avoid", f, "--list"]);
    assert!(listed.contains("avoid: 1 A — 4 D (siblings)") && listed.contains("fixed board: 6 F board 1"), "{listed}");
    ok(&["pair", f, "--seed", "7"]);
    let pairings: serde_json::Value = serde_json::from_str(&ok(&["pairings", f, "--json"])).unwrap();
    for b in pairings["boards"].as_array().unwrap() {
        let (red, black) = (b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap());
        assert!(!(red.min(black) == 1 && red.max(black) == 4), "the avoided pair met: {b}");
        if red == 6 || black == 6 {
            assert_eq!(b["board"], 1, "the fixed player sits at board 1");
        }
    }
    let same = bianpai(&["avoid", f, "2", "2"]);
    assert_eq!(code(&same), 2, "{}", stderr(&same));
    let missing = bianpai(&["avoid", f, "2", "3", "--remove"]);
    assert_eq!(code(&missing), 2, "{}", stderr(&missing));
    assert!(ok(&["avoid", f, "1", "4", "--remove"]).contains("may meet again"));
    assert!(ok(&["fix-board", f, "6", "0"]).contains("no longer fixed"));
    assert!(ok(&["avoid", f, "--list"]).contains("no avoided pairs"));
}

// a player deleted before play leaves no control behind, and undo brings both
// back.
#[test]
fn deleting_a_player_drops_his_controls() {
    let mut e = new_event("cxa-swiss", 4, 3);
    apply(&mut e, &Command::AvoidPair { group: G, a: StartNo(1), b: StartNo(2), reason: String::new() }).unwrap();
    apply(&mut e, &Command::FixBoard { group: G, start_no: StartNo(2), board: 1 }).unwrap();
    let before = e.clone();
    let applied = apply(&mut e, &Command::DeletePlayer { start_no: StartNo(2) }).unwrap();
    assert!(e.groups[0].pairing_controls.is_empty());
    bianpai::domain::undo::revert(&mut e, &applied.changes).unwrap();
    assert_eq!(e, before);
}
