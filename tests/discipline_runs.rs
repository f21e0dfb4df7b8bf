//! Runs of forfeits as counts them (issue 19, item 2): an absence announced
//! before the round (请假) or a requested bye is no forfeit, is not fined and ends a run
//! of forfeits in a row; forfeits are counted over the group's rounds across its stages,
//! for the run and for the total; and a proptest checks the rule against a plain count
//! over random rounds.

use bianpai::domain::command::{Command, FORFEIT_DISQUALIFICATION, apply};
use bianpai::domain::discipline::over_forfeit_limits;
use bianpai::domain::event::{Bye, ByeKind, Event, Game, Group, PlannedBye, Round};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::ledger::forfeit_fines;
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::Colour;
use bianpai::domain::swiss::pair_next_round;
use proptest::prelude::*;

const G: GroupId = GroupId(1);

/// The seed-000 event (2 forfeits in a row or 3 in all disqualify, 10 元 a forfeit)
/// with 8 players and `rounds` rounds in the qualifier.
fn event(rounds: u32) -> Event {
    let mut e = presets::build("lingting-cup", None, Some(rounds)).unwrap();
    let entries = (1..=8).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e
}

/// Pairs the next round of `stage`; the `forfeiters` who are paired lose by forfeit
/// (both of a game: a both-forfeit), every other game is a red win.
fn play(e: &mut Event, stage: u32, seed: u64, forfeiters: &[StartNo]) -> RoundNo {
    let stage = StageNo(stage);
    let round = pair_next_round(e, G, stage, seed).unwrap();
    let (no, games) = (round.no, round.games.clone());
    apply(e, &Command::PairRound { group: G, stage, round }).unwrap();
    for g in games {
        let outcome = match (forfeiters.contains(&g.red), forfeiters.contains(&g.black)) {
            (true, true) => Outcome::BothForfeit,
            (true, false) => Outcome::BlackWinsByForfeit,
            (false, true) => Outcome::RedWinsByForfeit,
            (false, false) => Outcome::RedWins,
        };
        let result = Some(GameResult::plain(outcome));
        apply(e, &Command::RecordResult { group: G, stage, round: no, board: g.board, game: 1, result }).unwrap();
    }
    no
}

fn announce(e: &mut Event, round: u32, player: StartNo, kind: ByeKind) {
    let planned = PlannedBye { round: RoundNo(round), bye: Bye::new(player, kind) };
    apply(e, &Command::AnnounceBye { group: G, stage: StageNo(1), planned }).unwrap();
}

fn status(e: &Event, p: StartNo) -> PlayerStatus {
    e.player(p).unwrap().status
}

fn fined_rounds(e: &Event, p: StartNo) -> Vec<(u32, u32)> {
    forfeit_fines(e)
        .into_iter()
        .filter(|f| f.start_no == p && !f.excused)
        .map(|f| (f.round.stage.0, f.round.round.0))
        .collect()
}

// forfeit, announced absence (请假), forfeit is no run of two: the absence is no
// forfeit and ends the run; so does a requested bye. Forfeit, forfeit right after does
// disqualify. The absence and the requested bye are never fined.
#[test]
fn an_announced_absence_breaks_a_run_of_forfeits_and_is_not_fined() {
    let mut e = event(5);
    // Only the rule of forfeits in a row, so that the total cannot decide instead.
    e.groups[0].stages[0].discipline.forfeits_in_total = None;
    let (absent, requested) = (StartNo(3), StartNo(6));
    let both = [absent, requested];
    play(&mut e, 1, 1, &both);
    announce(&mut e, 2, absent, ByeKind::Absent);
    announce(&mut e, 2, requested, ByeKind::Requested);
    let r2 = play(&mut e, 1, 2, &[]);
    let round2 = e.groups[0].stages[0].round(r2).unwrap();
    assert_eq!(round2.bye_of(absent).map(|b| b.kind), Some(ByeKind::Absent));
    assert_eq!(round2.bye_of(requested).map(|b| b.kind), Some(ByeKind::Requested));
    play(&mut e, 1, 3, &both);
    for p in both {
        assert_eq!(status(&e, p), PlayerStatus::Active, "player {p}: forfeit, announced bye, forfeit is not in a row");
    }
    play(&mut e, 1, 4, &[absent]);
    assert_eq!(status(&e, absent), PlayerStatus::Disqualified, "forfeits in rounds 3 and 4 are in a row");
    assert_eq!(e.player(absent).unwrap().status_reason, FORFEIT_DISQUALIFICATION);
    assert_eq!(status(&e, requested), PlayerStatus::Active);
    // Fines: the forfeited rounds only, never the announced round 2.
    assert_eq!(fined_rounds(&e, absent), vec![(1, 1), (1, 3), (1, 4)]);
    assert_eq!(fined_rounds(&e, requested), vec![(1, 1), (1, 3)]);
}

// forfeits are counted over the group's rounds across its stages — a forfeit in
// the qualifier's last round and one in the Swiss's first are two in a row, and three
// scattered over both stages are three in all. A correction still lifts the rule's
// disqualification.
#[test]
fn forfeits_are_counted_across_the_stages_of_the_group() {
    let mut e = event(3);
    let (p, q) = (StartNo(4), StartNo(7));
    play(&mut e, 1, 1, &[q]);
    play(&mut e, 1, 2, &[]);
    play(&mut e, 1, 3, &[p]);
    assert_eq!((status(&e, p), status(&e, q)), (PlayerStatus::Active, PlayerStatus::Active));
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(1), nominees: vec![] }).unwrap();
    assert!(e.groups[0].stages[1].entrants.contains(&p) && e.groups[0].stages[1].entrants.contains(&q));

    let r1 = play(&mut e, 2, 11, &[p]);
    assert_eq!(status(&e, p), PlayerStatus::Disqualified, "the qualifier's last round and the Swiss's first");
    assert_eq!(e.player(p).unwrap().status_reason, FORFEIT_DISQUALIFICATION);
    let board = e.groups[0].stages[1].round(r1).unwrap().games_of(p).next().unwrap().board;
    let result = Some(GameResult::plain(Outcome::Draw));
    apply(&mut e, &Command::RecordResult { group: G, stage: StageNo(2), round: r1, board, game: 1, result }).unwrap();
    assert_eq!(status(&e, p), PlayerStatus::Active, "the correction lifts it");

    play(&mut e, 2, 12, &[q]);
    assert_eq!(status(&e, q), PlayerStatus::Active, "two forfeits, not in a row");
    play(&mut e, 2, 13, &[]);
    play(&mut e, 2, 14, &[q]);
    assert_eq!(status(&e, q), PlayerStatus::Disqualified, "the third forfeit of the group, over two stages");
    assert_eq!(fined_rounds(&e, q), vec![(1, 1), (2, 2), (2, 4)]);
}

/// What one round of the group was for the player watched (start number 1).
#[derive(Debug, Clone, Copy)]
enum Kind {
    Won,
    Drawn,
    Lost,
    ForfeitLoss,
    BothForfeit,
    ForfeitWin,
    Unplayed,
    PairingBye,
    Requested,
    Absent,
    NotPaired,
    /// A knockout match: game 1 lost by forfeit, game 2 played.
    MatchForfeitFirst,
}

impl Kind {
    fn forfeited(self) -> bool {
        matches!(self, Kind::ForfeitLoss | Kind::BothForfeit | Kind::MatchForfeitFirst)
    }
}

const P: StartNo = StartNo(1);
const OTHER: StartNo = StartNo(2);

fn kind() -> impl Strategy<Value = Kind> {
    prop::sample::select(vec![
        Kind::Won,
        Kind::Drawn,
        Kind::Lost,
        Kind::ForfeitLoss,
        Kind::BothForfeit,
        Kind::ForfeitWin,
        Kind::Unplayed,
        Kind::PairingBye,
        Kind::Requested,
        Kind::Absent,
        Kind::NotPaired,
        Kind::MatchForfeitFirst,
    ])
}

/// A round of number `no` in which the player is red or black as `red` says.
fn round(no: u32, kind: Kind, red: bool) -> Round {
    let game = |n: u32, outcome: Option<Outcome>| {
        let (r, b) = if red { (P, OTHER) } else { (OTHER, P) };
        Game { board: BoardNo(1), game: n, red: r, black: b, result: outcome.map(GameResult::plain) }
    };
    let mine = if red { Colour::Red } else { Colour::Black };
    let win = |c: Colour| if c == Colour::Red { Outcome::RedWins } else { Outcome::BlackWins };
    let forfeit_win =
        |c: Colour| if c == Colour::Red { Outcome::RedWinsByForfeit } else { Outcome::BlackWinsByForfeit };
    let mut byes = Vec::new();
    let games = match kind {
        Kind::Won => vec![game(1, Some(win(mine)))],
        Kind::Drawn => vec![game(1, Some(Outcome::Draw))],
        Kind::Lost => vec![game(1, Some(win(mine.opposite())))],
        Kind::ForfeitLoss => vec![game(1, Some(forfeit_win(mine.opposite())))],
        Kind::BothForfeit => vec![game(1, Some(Outcome::BothForfeit))],
        Kind::ForfeitWin => vec![game(1, Some(forfeit_win(mine)))],
        Kind::Unplayed => vec![game(1, None)],
        Kind::MatchForfeitFirst => vec![game(1, Some(forfeit_win(mine.opposite()))), game(2, Some(win(mine)))],
        Kind::PairingBye | Kind::Requested | Kind::Absent => {
            let bye_kind = match kind {
                Kind::PairingBye => ByeKind::Pairing,
                Kind::Requested => ByeKind::Requested,
                _ => ByeKind::Absent,
            };
            byes.push(Bye::new(P, bye_kind));
            Vec::new()
        }
        Kind::NotPaired => Vec::new(),
    };
    Round { no: RoundNo(no), seed: None, games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None }
}

/// The seed-000 group with `rounds` spread over its three stages at the two cuts.
fn group(rounds: &[(Kind, bool)], cuts: (usize, usize), limits: &[(Option<u32>, Option<u32>); 3]) -> Group {
    let mut g = presets::build("lingting-cup", None, None).unwrap().groups.remove(0);
    let (a, b) = (cuts.0.min(rounds.len()), cuts.1.min(rounds.len()));
    let (a, b) = (a.min(b), a.max(b));
    for (k, (stage, part)) in g.stages.iter_mut().zip([&rounds[..a], &rounds[a..b], &rounds[b..]]).enumerate() {
        stage.rounds = part.iter().enumerate().map(|(i, &(kind, red))| round(i as u32 + 1, kind, red)).collect();
        (stage.discipline.forfeits_in_a_row, stage.discipline.forfeits_in_total) = limits[k];
    }
    g
}

fn limit() -> impl Strategy<Value = Option<u32>> {
    prop::option::of(1u32..5)
}

proptest! {
    // with: over the limits of the stage asked about exactly when the plain
    // count says so — forfeits counted over every stage's rounds in order, any round
    // not lost by forfeit (announced or pairing bye, game played or pending, not
    // paired) ending a run.
    #[test]
    fn the_forfeit_rule_is_a_plain_count_over_the_groups_rounds(
        rounds in prop::collection::vec((kind(), any::<bool>()), 0..14),
        cuts in (0usize..14, 0usize..14),
        limits in [(limit(), limit()), (limit(), limit()), (limit(), limit())],
    ) {
        let g = group(&rounds, cuts, &limits);
        let forfeited: Vec<bool> = rounds.iter().map(|(k, _)| k.forfeited()).collect();
        let total = forfeited.iter().filter(|f| **f).count() as u32;
        let longest = (0..forfeited.len())
            .map(|i| forfeited[i..].iter().take_while(|f| **f).count() as u32)
            .max()
            .unwrap_or(0);
        for (k, &(in_a_row, in_total)) in limits.iter().enumerate() {
            let expected = if in_a_row.is_none() && in_total.is_none() {
                None
            } else {
                let over = in_a_row.is_some_and(|n| longest >= n) || in_total.is_some_and(|n| total >= n);
                Some(vec![(P, over)])
            };
            prop_assert_eq!(over_forfeit_limits(&g, StageNo(k as u32 + 1), &[P]), expected, "stage {}", k + 1);
        }
    }
}
