//! Forfeit discipline (R-4.4, seed 000 附二 A): two forfeits in a row or three in all
//! disqualify; the player is no longer paired and shows as disqualified; a correction
//! that takes him back under the limits lifts it.

use bianpai::domain::command::{Command, FORFEIT_DISQUALIFICATION, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::Colour;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn event() -> Event {
    let mut e = presets::build("lingting-cup", None, Some(6)).unwrap();
    let entries = (1..=8).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None }).unwrap();
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
