//! The FIDE tiebreaks checked against an independent reading of the regulations: a
//! deliberately plain reference implementation of C.07 (2024) — the FIDE Tie-Break
//! Regulations approved on 1 August 2023 and applied to all FIDE-rated competitions
//! from 1 April 2024 — and of its 2026 amendment (R-11.4: approved by the FIDE Council
//! on 2 February 2026, applied from 1 March 2026, capping the dummy opponent of
//! Art. 16.4), written here from the articles' text and sharing no code with `src/`,
//! compared with the library on random small tournaments with every kind of unplayed
//! round. The FIDE tie-break exercise of March 2024 is in
//! `tests/standings_fide_exercise.rs`.
//!
//! The reference counts points in halves (win 2, draw 1), Sonneborn-Berger in
//! quarters.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Bye, ByeKind, Event, Game, Round};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::points::Points;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::{FideEditionChoice, Tiebreak};
use bianpai::domain::standings::standings;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

// ---------------------------------------------------------------------------------
// The reference: C.07 (2024) read article by article.
// ---------------------------------------------------------------------------------

/// One round of one player, as a cross-table shows it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cell {
    /// Played over the board: opponent, with black, points in halves.
    Game(usize, bool, i64),
    /// Won by the opponent's forfeit (the opponent).
    ForfeitWin(usize),
    /// Lost by forfeit (either side of a double forfeit too; the opponent).
    ForfeitLoss(usize),
    /// Pairing-allocated bye (1 point).
    Pab,
    /// A bye worth a full point, asked for.
    FullPointBye,
    /// A half-point bye, asked for.
    HalfPointBye,
    /// A zero-point bye: absent, or not paired at all (16.1).
    ZeroPointBye,
}

impl Cell {
    fn points(self) -> i64 {
        match self {
            Cell::Game(_, _, p) => p,
            Cell::ForfeitWin(_) | Cell::Pab | Cell::FullPointBye => 2,
            Cell::HalfPointBye => 1,
            Cell::ForfeitLoss(_) | Cell::ZeroPointBye => 0,
        }
    }

    /// 16.1: "A requested bye is a half-point or zero-point bye."
    fn requested_bye(self) -> bool {
        matches!(self, Cell::HalfPointBye | Cell::ZeroPointBye)
    }

    /// 16.1: a voluntary unplayed round is a requested bye or a forfeit loss.
    fn vur(self) -> bool {
        self.requested_bye() || matches!(self, Cell::ForfeitLoss(_))
    }
}

/// The edition of C.07 the reference reads.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Edition {
    /// As applied from 1 April 2024.
    Y2024,
    /// As amended on 2 February 2026 (Art. 16.4.1 and 16.4.2).
    Y2026,
}

/// A cross-table: `cells[player][round]`, players from 0, and their ratings.
#[derive(Debug, Clone)]
struct Cross {
    cells: Vec<Vec<Cell>>,
    ratings: Vec<Option<u32>>,
}

impl Cross {
    fn score(&self, p: usize) -> i64 {
        self.cells[p].iter().map(|c| c.points()).sum()
    }

    /// 16.2.5 and 16.3.2: a requested bye followed only by VURs, or in the last round,
    /// counts as a draw for the opponents; 16.3.1: everything else as scored.
    fn adjusted(&self, p: usize) -> i64 {
        let row = &self.cells[p];
        let mut sum = 0;
        for (r, cell) in row.iter().enumerate() {
            let only_vurs_after = row[r + 1..].iter().all(|c| c.vur());
            sum += if cell.requested_bye() && only_vurs_after { 1 } else { cell.points() };
        }
        sum
    }

    /// 8.1 with 16.4: (opponent's score, points scored, VUR) per round; an unplayed
    /// round is a game against a dummy with the participant's own score. The 2026
    /// amendment caps the dummy: with an opponent (a forfeit) at that opponent's
    /// adjusted score (16.4.1), without one at a draw in every round (16.4.2).
    fn buchholz_terms(&self, p: usize, edition: Edition) -> Vec<(i64, i64, bool)> {
        let own = self.score(p);
        let every_round_drawn = self.cells[p].len() as i64;
        let terms = self.cells[p].iter().map(|cell| match (*cell, edition) {
            (Cell::Game(o, _, pts), _) => (self.adjusted(o), pts, false),
            (other, Edition::Y2024) => (own, other.points(), other.vur()),
            (other @ (Cell::ForfeitWin(o) | Cell::ForfeitLoss(o)), Edition::Y2026) => {
                (own.min(self.adjusted(o)), other.points(), other.vur())
            }
            (other, Edition::Y2026) => (own.min(every_round_drawn), other.points(), other.vur()),
        });
        terms.collect()
    }

    /// 14.1–14.3 with 16.5.1: low cuts take a VUR first (the least one), then the
    /// least value; high cuts take the greatest value.
    fn buchholz(&self, p: usize, low: usize, high: usize, edition: Edition) -> i64 {
        let mut terms = self.buchholz_terms(p, edition);
        for _ in 0..low {
            if terms.is_empty() {
                break;
            }
            let has_vur = terms.iter().any(|t| t.2);
            let mut best = usize::MAX;
            for (i, t) in terms.iter().enumerate() {
                if has_vur && !t.2 {
                    continue;
                }
                if best == usize::MAX || t.0 < terms[best].0 {
                    best = i;
                }
            }
            terms.remove(best);
        }
        for _ in 0..high {
            if terms.is_empty() {
                break;
            }
            let mut best = 0;
            for (i, t) in terms.iter().enumerate() {
                if t.0 > terms[best].0 {
                    best = i;
                }
            }
            terms.remove(best);
        }
        terms.iter().map(|t| t.0).sum()
    }

    /// 9.1: opponent's score × points scored against them, summed.
    fn sonneborn_berger(&self, p: usize, edition: Edition) -> i64 {
        self.buchholz_terms(p, edition).iter().map(|t| t.0 * t.1).sum()
    }

    /// 7.1: rounds with as many points as a win, played or not.
    fn win(&self, p: usize) -> i64 {
        self.cells[p].iter().filter(|c| c.points() == 2).count() as i64
    }

    /// 7.2: games won over the board.
    fn won(&self, p: usize) -> i64 {
        self.cells[p].iter().filter(|c| matches!(c, Cell::Game(_, _, 2))).count() as i64
    }

    /// 7.3 and 7.4: games played with black, and won with black.
    fn black(&self, p: usize, won_only: bool) -> i64 {
        let counted = |c: &&Cell| matches!(c, Cell::Game(_, true, pts) if !won_only || *pts == 2);
        self.cells[p].iter().filter(counted).count() as i64
    }

    /// 10.1: the average rating of the opponents played, rounded (0.5 up); unrated
    /// opponents are not counted (no rating is set for them).
    fn aro(&self, p: usize) -> i64 {
        let mut sum = 0i64;
        let mut n = 0i64;
        for cell in &self.cells[p] {
            if let Cell::Game(o, _, _) = cell
                && let Some(r) = self.ratings[*o]
            {
                sum += i64::from(r);
                n += 1;
            }
        }
        if n == 0 { 0 } else { (sum * 2 + n) / (n * 2) }
    }

    /// 6.1: the separate standings of `tied`: per player, the sum over the other tied
    /// players met over the board of the average of their games, as a fraction
    /// (numerator in halves, common denominator), and how many they did not meet.
    fn separate(&self, tied: &[usize]) -> (Vec<(i64, i64)>, i64) {
        let mut games: BTreeMap<(usize, usize), Vec<i64>> = BTreeMap::new();
        for &p in tied {
            for cell in &self.cells[p] {
                if let Cell::Game(o, _, pts) = *cell
                    && tied.contains(&o)
                {
                    games.entry((p, o)).or_default().push(pts);
                }
            }
        }
        let denominator: i64 = (1..=7).product(); // every count of games here (at most 7) divides 7!
        let lines = tied
            .iter()
            .map(|&p| {
                let mine: Vec<&Vec<i64>> = tied.iter().filter_map(|&o| games.get(&(p, o))).collect();
                let sum = mine.iter().map(|g| g.iter().sum::<i64>() * denominator / g.len() as i64).sum();
                (sum, tied.len() as i64 - 1 - mine.len() as i64)
            })
            .collect();
        (lines, denominator)
    }

    /// Article 6 on `tied`, which are ordered by start number: the groups still level,
    /// best first.
    fn direct_encounter(&self, tied: Vec<usize>) -> Vec<Vec<usize>> {
        if tied.len() < 2 {
            return vec![tied];
        }
        let (lines, den) = self.separate(&tied);
        let mut by_score: Vec<(usize, i64, i64)> =
            tied.iter().zip(&lines).map(|(&p, &(s, unmet))| (p, s, s + unmet * 2 * den)).collect();
        by_score.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if lines.iter().all(|l| l.1 == 0) {
            // 6.2: the separate standings rank them; Article 6 again for every level set.
            let mut sets: Vec<Vec<usize>> = Vec::new();
            let mut last = None;
            for (p, s, _) in &by_score {
                if last == Some(*s) {
                    sets.last_mut().unwrap().push(*p);
                } else {
                    sets.push(vec![*p]);
                }
                last = Some(*s);
            }
            if sets.len() == 1 {
                return sets;
            }
            return sets.into_iter().flat_map(|set| self.direct_encounter(set)).collect();
        }
        // 6.3: first alone on top whatever the missing games (a win each at most) …
        let mut out = Vec::new();
        let mut k = 0;
        while k + 1 < by_score.len() && by_score[k + 1..].iter().all(|o| by_score[k].1 > o.2) {
            out.push(vec![by_score[k].0]);
            k += 1;
        }
        let rest: Vec<usize> = by_score[k..].iter().map(|t| t.0).collect();
        if out.is_empty() {
            let mut all = rest;
            all.sort();
            return vec![all];
        }
        let mut rest = rest;
        rest.sort();
        out.extend(self.direct_encounter(rest));
        out
    }

    /// The ranking by score, then Article 6, then start number.
    fn ranking_by_direct_encounter(&self) -> Vec<usize> {
        let n = self.cells.len();
        let mut scores: Vec<i64> = (0..n).map(|p| self.score(p)).collect();
        scores.sort_by(|a, b| b.cmp(a));
        scores.dedup();
        let mut order = Vec::new();
        for s in scores {
            let tied: Vec<usize> = (0..n).filter(|&p| self.score(p) == s).collect();
            for mut set in self.direct_encounter(tied) {
                set.sort();
                order.extend(set);
            }
        }
        order
    }

    /// The Article 6 score of `p` among the players level with them on points, in
    /// hundredths of a point (rounded half up).
    fn de_column(&self, p: usize) -> i64 {
        let level: Vec<usize> = (0..self.cells.len()).filter(|&o| self.score(o) == self.score(p)).collect();
        let (lines, den) = self.separate(&level);
        let i = level.iter().position(|&o| o == p).unwrap();
        (lines[i].0 * 100 + den) / (2 * den)
    }
}

// ---------------------------------------------------------------------------------
// Random tournaments, built both as an event and as a cross-table.
// ---------------------------------------------------------------------------------

const OUTCOMES: [Outcome; 6] = [
    Outcome::RedWins,
    Outcome::Draw,
    Outcome::BlackWins,
    Outcome::RedWinsByForfeit,
    Outcome::BlackWinsByForfeit,
    Outcome::BothForfeit,
];

/// The cells of a game's two players (red first).
fn cells_of(outcome: Outcome, red: usize, black: usize) -> (Cell, Cell) {
    match outcome {
        Outcome::RedWins => (Cell::Game(black, false, 2), Cell::Game(red, true, 0)),
        Outcome::Draw => (Cell::Game(black, false, 1), Cell::Game(red, true, 1)),
        Outcome::BlackWins => (Cell::Game(black, false, 0), Cell::Game(red, true, 2)),
        Outcome::RedWinsByForfeit => (Cell::ForfeitWin(black), Cell::ForfeitLoss(red)),
        Outcome::BlackWinsByForfeit => (Cell::ForfeitLoss(black), Cell::ForfeitWin(red)),
        Outcome::BothForfeit => (Cell::ForfeitLoss(black), Cell::ForfeitLoss(red)),
    }
}

/// The pairs of round `r` (from 0) of a round robin of `n` players (circle method;
/// with an odd `n` the player drawn against the extra seat sits out).
fn circle_pairs(n: usize, r: usize) -> Vec<(usize, usize)> {
    let seats = n + n % 2;
    let at = |i: usize| if i == 0 { 0 } else { (i - 1 + r) % (seats - 1) + 1 };
    (0..seats / 2).map(|i| (at(i), at(seats - 1 - i))).filter(|&(a, b)| a < n && b < n).collect()
}

/// A random tournament of `n` players, and its number of rounds. Most are Swiss-like,
/// of `rounds` rounds: some players withdraw, some ask for half-point, full-point or
/// zero-point byes, the odd player out gets a pairing-allocated bye, games end in any
/// result, forfeits included. One in three is a whole round robin played over the
/// board, where players end level having all met (Article 6.2).
fn random_tournament(n: usize, rounds: usize, seed: u64) -> (Event, Cross, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let round_robin = rng.random_bool(0.33);
    let rounds = if round_robin { n - 1 + n % 2 } else { rounds };
    let ratings: Vec<Option<u32>> =
        (0..n).map(|_| if rng.random_bool(0.2) { None } else { Some(rng.random_range(1400..2400)) }).collect();
    let mut e = presets::build("fide-swiss", None, Some(rounds as u32)).unwrap();
    let entries = ratings
        .iter()
        .enumerate()
        .map(|(i, r)| PlayerEntry { name: format!("P{}", i + 1), rating: *r, ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let withdraws: Vec<usize> = (0..n)
        .map(|_| if !round_robin && rng.random_bool(0.2) { rng.random_range(1..rounds) } else { rounds })
        .collect();
    let mut cells = vec![Vec::new(); n];
    for r in 0..rounds {
        let mut byes = Vec::new();
        let mut pool = Vec::new();
        for p in 0..n {
            let cell = if r >= withdraws[p] {
                Some(Cell::ZeroPointBye)
            } else if round_robin {
                None
            } else {
                match rng.random_range(0..12) {
                    0 => Some(Cell::HalfPointBye),
                    1 => Some(Cell::ZeroPointBye),
                    2 => Some(Cell::FullPointBye),
                    _ => None,
                }
            };
            match cell {
                Some(Cell::HalfPointBye) => byes.push(Bye::new(StartNo(p as u32 + 1), ByeKind::Requested)),
                Some(Cell::FullPointBye) => {
                    byes.push(Bye { player: StartNo(p as u32 + 1), kind: ByeKind::Requested, points: Some(Points(10)) })
                }
                // Absent, or simply not paired (withdrawn): both zero-point byes.
                Some(_) if rng.random_bool(0.5) => byes.push(Bye::new(StartNo(p as u32 + 1), ByeKind::Absent)),
                Some(_) => {}
                None => pool.push(p),
            }
            cells[p].push(cell.unwrap_or(Cell::Pab));
        }
        let pairs: Vec<(usize, usize)> = if round_robin {
            circle_pairs(n, r)
        } else {
            pool.shuffle(&mut rng);
            pool.chunks_exact(2).map(|pair| (pair[0], pair[1])).collect()
        };
        for p in pool.iter().filter(|p| pairs.iter().all(|&(a, b)| a != **p && b != **p)) {
            byes.push(Bye::new(StartNo(*p as u32 + 1), ByeKind::Pairing));
        }
        let mut games = Vec::new();
        for (b, &(red, black)) in pairs.iter().enumerate() {
            // A round robin is played over the board.
            let played = if round_robin { 3 } else { OUTCOMES.len() };
            let outcome = OUTCOMES[rng.random_range(0..played)];
            (cells[red][r], cells[black][r]) = cells_of(outcome, red, black);
            games.push(Game {
                board: BoardNo(b as u32 + 1),
                game: 1,
                red: StartNo(red as u32 + 1),
                black: StartNo(black as u32 + 1),
                result: Some(GameResult::plain(outcome)),
            });
        }
        let no = RoundNo(r as u32 + 1);
        e.groups[0].stages[0].rounds.push(Round {
            no,
            seed: None,
            games,
            byes,
            warnings: Vec::new(),
            watches: Vec::new(),
            teams: None,
        });
    }
    (e, Cross { cells, ratings }, rounds)
}

/// The library's value of every FIDE tiebreak, by start number, in the reference's
/// units (halves, quarters, counts, hundredths for DE), under the stage's `edition`.
fn library_values(e: &mut Event, rounds: u32, edition: FideEditionChoice) -> BTreeMap<usize, Vec<i64>> {
    e.groups[0].stages[0].tiebreaks = FIDE.to_vec();
    e.groups[0].stages[0].fide_edition = edition;
    let table = standings(e, G, S, rounds).unwrap();
    table
        .rows
        .iter()
        .map(|row| {
            let values = row
                .tiebreaks
                .iter()
                .map(|(t, v)| match t {
                    Tiebreak::SonnebornBerger => v.raw / 25,
                    Tiebreak::Buchholz | Tiebreak::BuchholzCut1 | Tiebreak::BuchholzCut2 | Tiebreak::Median => {
                        v.raw / 5
                    }
                    _ => v.raw,
                })
                .collect();
            (row.start_no.0 as usize - 1, values)
        })
        .collect()
}

const FIDE: [Tiebreak; 11] = [
    Tiebreak::Buchholz,
    Tiebreak::BuchholzCut1,
    Tiebreak::BuchholzCut2,
    Tiebreak::Median,
    Tiebreak::SonnebornBerger,
    Tiebreak::RoundsWon,
    Tiebreak::GamesWon,
    Tiebreak::BlackGames,
    Tiebreak::BlackWins,
    Tiebreak::AverageOpponentRating,
    Tiebreak::DirectEncounter,
];

fn reference_values(x: &Cross, p: usize, edition: Edition) -> Vec<i64> {
    vec![
        x.buchholz(p, 0, 0, edition),
        x.buchholz(p, 1, 0, edition),
        x.buchholz(p, 2, 0, edition),
        x.buchholz(p, 1, 1, edition),
        x.sonneborn_berger(p, edition),
        x.win(p),
        x.won(p),
        x.black(p, false),
        x.black(p, true),
        x.aro(p),
        x.de_column(p),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    // C.07 (2024) Art. 6, 7.1–7.4, 8.1, 9.1, 10.1, 14.1–14.3 and 16, and the 2026
    // edition's 16.4: every value of every player, and the ranking by direct
    // encounter, agree with the reference in both editions.
    #[test]
    fn the_library_agrees_with_the_reference(n in 4usize..=7, rounds in 3usize..=5, seed in any::<u64>()) {
        let (mut e, cross, rounds) = random_tournament(n, rounds, seed);
        for (choice, edition) in [(FideEditionChoice::Edition2024, Edition::Y2024), (FideEditionChoice::Edition2026, Edition::Y2026)] {
            let library = library_values(&mut e, rounds as u32, choice);
            for p in 0..n {
                prop_assert_eq!(
                    &library[&p],
                    &reference_values(&cross, p, edition),
                    "player {} of {:?} ({:?})",
                    p + 1,
                    cross.cells,
                    edition
                );
            }
        }
        e.groups[0].stages[0].tiebreaks = vec![Tiebreak::DirectEncounter];
        let order: Vec<usize> =
            standings(&e, G, S, rounds as u32).unwrap().rows.iter().map(|r| r.start_no.0 as usize - 1).collect();
        prop_assert_eq!(order, cross.ranking_by_direct_encounter(), "{:?}", cross.cells);
    }
}
