//! Forfeit discipline (R-4.4, seed 000 附二 A): two forfeits in a row or three in all
//! disqualify; the player is no longer paired and shows as disqualified; a correction
//! that takes him back under the limits lifts it. Each unexcused forfeit is a 10 元 fine
//! in the ledger; collusion disqualifies both players.

use bianpai::domain::command::{COLLUSION_DISQUALIFICATION, Command, FORFEIT_DISQUALIFICATION, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::ledger::{Account, LedgerKind, RoundRef, accounts, forfeit_fines};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::Colour;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;
use std::collections::BTreeMap;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn event() -> Event {
    let mut e = presets::build("lingting-cup", None, Some(6)).unwrap();
    let entries = (1..=8).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e
}

/// Pairs the next round; `forfeiter` (if paired) loses by forfeit, every other game is
/// a red win. Returns the round number.
fn play(e: &mut Event, seed: u64, forfeiter: Option<StartNo>) -> RoundNo {
    let round = pair_next_round(e, G, S, seed).unwrap();
    let no = round.no;
    let games = round.games.clone();
    apply(e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    for g in games {
        let outcome = match forfeiter.and_then(|p| g.colour_of(p)) {
            Some(Colour::Red) => Outcome::BlackWinsByForfeit,
            Some(Colour::Black) => Outcome::RedWinsByForfeit,
            None => Outcome::RedWins,
        };
        let result = Some(GameResult::plain(outcome));
        apply(e, &Command::RecordResult { group: G, stage: S, round: no, board: g.board, game: 1, result }).unwrap();
    }
    no
}

fn status(e: &Event, p: StartNo) -> PlayerStatus {
    e.player(p).unwrap().status
}

fn paired_in(e: &Event, round: RoundNo, p: StartNo) -> bool {
    let r = e.groups[0].stages[0].round(round).unwrap();
    r.games.iter().any(|g| g.red == p || g.black == p) || r.byes.iter().any(|b| b.player == p)
}

// forfeits in rounds 2 and 3 → disqualified, not paired in round 4, shown so.
#[test]
fn two_forfeits_in_a_row_disqualify() {
    let mut e = event();
    let p = StartNo(5);
    play(&mut e, 1, None);
    play(&mut e, 2, Some(p));
    assert_eq!(status(&e, p), PlayerStatus::Active, "one forfeit is not enough");
    play(&mut e, 3, Some(p));
    assert_eq!(status(&e, p), PlayerStatus::Disqualified);
    assert_eq!(e.player(p).unwrap().status_reason, FORFEIT_DISQUALIFICATION);
    let r4 = play(&mut e, 4, None);
    assert!(!paired_in(&e, r4, p), "a disqualified player is not paired");
    let row = standings(&e, G, S, 4).unwrap().rows.into_iter().find(|r| r.start_no == p).unwrap();
    assert_eq!(row.status, PlayerStatus::Disqualified);
    // each unexcused forfeit is a 10 元 fine in the ledger.
    assert_eq!(fined_rounds(&e, p), vec![(2, 1000), (3, 1000)]);
    assert_eq!(account(&e, p).fines_fen, 2000);
}

// three scattered forfeits disqualify too.
#[test]
fn three_forfeits_in_all_disqualify() {
    let mut e = event();
    let p = StartNo(2);
    play(&mut e, 1, Some(p));
    play(&mut e, 2, None);
    play(&mut e, 3, Some(p));
    play(&mut e, 4, None);
    assert_eq!(status(&e, p), PlayerStatus::Active, "two scattered forfeits are allowed");
    let r5 = play(&mut e, 5, Some(p));
    assert_eq!(status(&e, p), PlayerStatus::Disqualified);
    let r6 = play(&mut e, 6, None);
    assert!(paired_in(&e, r5, p) && !paired_in(&e, r6, p));
    // three fines of 10 元.
    assert_eq!(fined_rounds(&e, p), vec![(1, 1000), (3, 1000), (5, 1000)]);
    assert_eq!(account(&e, p).fines_outstanding_fen(), 3000);
}

fn fined_rounds(e: &Event, p: StartNo) -> Vec<(u32, i64)> {
    forfeit_fines(e)
        .into_iter()
        .filter(|f| f.start_no == p && !f.excused)
        .map(|f| (f.round.round.0, f.amount_fen))
        .collect()
}

fn account(e: &Event, p: StartNo) -> Account {
    accounts(e, &BTreeMap::new()).into_iter().find(|a| a.start_no == p).unwrap()
}

// R-4.4 "有事可提前说明": an excused forfeit owes no fine; a paid fine is settled; the
// opponent of a forfeit is never fined.
#[test]
fn fines_can_be_excused_or_paid() {
    let mut e = event();
    let p = StartNo(3);
    let r1 = play(&mut e, 1, Some(p));
    let r2 = play(&mut e, 2, None);
    let r3 = play(&mut e, 3, Some(p));
    let _ = r2;
    let opponent = e.groups[0].stages[0]
        .round(r1)
        .unwrap()
        .games_of(p)
        .next()
        .map(|g| if g.red == p { g.black } else { g.red })
        .unwrap();
    assert_eq!(account(&e, opponent).fines_fen, 0, "the winner by forfeit owes nothing");
    let at = |round: RoundNo| Some(RoundRef { group: G, stage: S, round });
    let excuse = Command::RecordLedgerEntry {
        start_no: p,
        kind: LedgerKind::FineExcused,
        amount_fen: 0,
        round: at(r1),
        note: "赛前请假".into(),
    };
    apply(&mut e, &excuse).unwrap();
    assert_eq!(fined_rounds(&e, p), vec![(3, 1000)]);
    assert!(apply(&mut e, &excuse).is_err(), "a fine is excused once");
    let pay = Command::RecordLedgerEntry {
        start_no: p,
        kind: LedgerKind::FinePaid,
        amount_fen: 1000,
        round: at(r3),
        note: String::new(),
    };
    apply(&mut e, &pay).unwrap();
    let a = account(&e, p);
    assert_eq!((a.fines_fen, a.fines_paid_fen, a.fines_outstanding_fen()), (1000, 1000, 0));
    let no_forfeit = Command::RecordLedgerEntry {
        start_no: p,
        kind: LedgerKind::FinePaid,
        amount_fen: 1000,
        round: at(r2),
        note: String::new(),
    };
    assert!(apply(&mut e, &no_forfeit).is_err(), "round 2 was played: no fine to pay");
}

// R-4.4 (seed 000 附二 B): collusion disqualifies both players of the game; they are not
// paired again, and correcting the game's result does not lift it.
#[test]
fn collusion_disqualifies_both_players() {
    let mut e = event();
    let r1 = play(&mut e, 1, None);
    let game = e.groups[0].stages[0].round(r1).unwrap().games[1];
    let command =
        Command::DisqualifyForCollusion {
            group: G, stage: S, round: r1, board: game.board, reason: "人情棋".into()
        };
    apply(&mut e, &command).unwrap();
    for p in [game.red, game.black] {
        assert_eq!(status(&e, p), PlayerStatus::Disqualified);
        assert!(e.player(p).unwrap().status_reason.starts_with(COLLUSION_DISQUALIFICATION));
    }
    let result = Some(GameResult::plain(Outcome::Draw));
    apply(&mut e, &Command::RecordResult { group: G, stage: S, round: r1, board: game.board, game: 1, result })
        .unwrap();
    let r2 = play(&mut e, 2, None);
    for p in [game.red, game.black] {
        assert_eq!(status(&e, p), PlayerStatus::Disqualified, "a correction does not lift a collusion verdict");
        assert!(!paired_in(&e, r2, p));
    }
    let bad =
        Command::DisqualifyForCollusion { group: G, stage: S, round: r1, board: BoardNo(99), reason: String::new() };
    assert!(apply(&mut e, &bad).is_err());
}

// with: correcting a forfeit lifts the disqualification the rule made.
#[test]
fn a_corrected_forfeit_lifts_the_disqualification() {
    let mut e = event();
    let p = StartNo(7);
    play(&mut e, 1, Some(p));
    let r2 = play(&mut e, 2, Some(p));
    assert_eq!(status(&e, p), PlayerStatus::Disqualified);
    let game = *e.groups[0].stages[0].round(r2).unwrap().games_of(p).next().unwrap();
    let result = Some(GameResult::plain(Outcome::Draw));
    apply(&mut e, &Command::RecordResult { group: G, stage: S, round: r2, board: game.board, game: 1, result })
        .unwrap();
    assert_eq!(status(&e, p), PlayerStatus::Active);
}
