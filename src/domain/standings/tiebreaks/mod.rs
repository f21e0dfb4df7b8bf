//! The tiebreaks of, one documented function each. Every function reads the
//! players' [`Record`]s and returns a [`TiebreakValue`]; which direction is better is
//! [`better_is_higher`]'s business. The group-dependent ones (直胜, direct encounter,
//! previous rounds) are applied while ranking, in `standings::ranking`.
//!
//! The xiangqi tiebreaks (对手分 and those built on it) keep the CXA definitions here;
//! the FIDE ones (Buchholz and its cuts, Sonneborn-Berger, WIN, WON, ARO, direct
//! encounter) follow C.07, in [`fide`] and [`encounter`], in the edition the stage
//! resolves to (R-11.4: 2024, or 2026 with its capped dummy opponents).

pub mod encounter;
pub mod fide;

use super::record::{GameEntry, Record};
use crate::domain::event::{ByeKind, Event, Stage};
use crate::domain::ids::StartNo;
use crate::domain::points::{Points, tenths_to_json};
use crate::domain::rules::{ByeOpponent, Colour, FideEdition, ScoringTable, Tiebreak};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The unit of a tiebreak value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Points in tenths.
    Tenths,
    /// Points in hundredths (Sonneborn-Berger halves a tenth).
    Hundredths,
    /// A count of games or fouls.
    Count,
}

/// A tiebreak value with its unit; compare `raw` only between values of one tiebreak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TiebreakValue {
    /// The value in `unit`s.
    pub raw: i64,
    /// What `raw` counts.
    pub unit: Unit,
}

impl TiebreakValue {
    fn points(p: Points) -> TiebreakValue {
        TiebreakValue { raw: i64::from(p.tenths()), unit: Unit::Tenths }
    }

    fn count(n: usize) -> TiebreakValue {
        TiebreakValue { raw: n as i64, unit: Unit::Count }
    }

    /// A plain JSON number (`131`, `12.5`, `6.25`).
    pub fn to_json(self) -> serde_json::Value {
        match self.unit {
            Unit::Count => serde_json::Value::from(self.raw),
            Unit::Tenths => tenths_to_json(self.raw),
            Unit::Hundredths if self.raw % 10 == 0 => tenths_to_json(self.raw / 10),
            // Output edge only: two decimals are exact in the JSON text.
            Unit::Hundredths => serde_json::Value::from(self.raw as f64 / 100.0),
        }
    }
}

impl fmt::Display for TiebreakValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

/// Whether a higher value ranks higher. Fouls and previous ranks rank the lower first.
pub fn better_is_higher(tiebreak: Tiebreak) -> bool {
    !matches!(tiebreak, Tiebreak::Fouls | Tiebreak::PreviousRank)
}

/// What every opponent-based tiebreak needs besides the player's own record.
pub struct Context<'a> {
    /// Records of every player of the stage (the whole group, both genders).
    pub records: &'a BTreeMap<StartNo, Record>,
    /// The value a pairing-allocated bye adds to 对手分: the lowest total above zero
    /// among the stage's players (CXA 14.4, PAIRING.md §5), zero when nobody scored.
    pub bye_opponent_value: Points,
    /// The players' rounds as C.07 Art. 16 sees them, for the FIDE tiebreaks.
    pub fide: fide::Field,
}

/// What the FIDE tiebreaks read from the event besides the records: the rated
/// players' ratings (ARO) and the edition of C.07 in effect for the stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FideInputs {
    /// The rated players' ratings (see [`ratings`]).
    pub ratings: BTreeMap<StartNo, u32>,
    /// The edition of C.07 the stage follows.
    pub edition: FideEdition,
}

impl FideInputs {
    /// The ratings of `players` and the edition of `stage` in `event`.
    pub fn of(event: &Event, stage: &Stage, players: &[StartNo]) -> FideInputs {
        FideInputs { ratings: ratings(event, players), edition: stage.fide_edition(event.start_date) }
    }
}

impl<'a> Context<'a> {
    /// Builds the context for standings read up to the records' last round under the
    /// stage's scoring table, without ratings, with every game of those rounds decided,
    /// and the FIDE tiebreaks counted by the 2024 edition of C.07.
    pub fn new(records: &'a BTreeMap<StartNo, Record>, scoring: &ScoringTable) -> Context<'a> {
        Context::build(records, scoring, &BTreeSet::new(), BTreeMap::new(), FideEdition::Edition2024)
    }

    /// The context of a stage's standings: its scoring, the games of its rounds still
    /// without a result, the players' ratings and the stage's edition of C.07 (see
    /// [`FideInputs`]).
    pub fn for_stage(records: &'a BTreeMap<StartNo, Record>, stage: &Stage, fide: &FideInputs) -> Context<'a> {
        let last = records.values().map(|r| r.totals.len().saturating_sub(1) as u32).max().unwrap_or(0);
        let pending: BTreeSet<(StartNo, u32)> = stage
            .rounds
            .iter()
            .filter(|r| r.no.0 <= last)
            .flat_map(|r| {
                r.games.iter().filter(|g| g.result.is_none()).flat_map(move |g| [(g.red, r.no.0), (g.black, r.no.0)])
            })
            .collect();
        Context::build(records, &stage.scoring, &pending, fide.ratings.clone(), fide.edition)
    }

    fn build(
        records: &'a BTreeMap<StartNo, Record>,
        scoring: &ScoringTable,
        pending: &BTreeSet<(StartNo, u32)>,
        ratings: BTreeMap<StartNo, u32>,
        edition: FideEdition,
    ) -> Context<'a> {
        let bye_opponent_value = match scoring.bye_opponent {
            ByeOpponent::Lowest => {
                records.values().map(Record::total).filter(|t| *t > Points::ZERO).min().unwrap_or_default()
            }
            ByeOpponent::Zero => Points::ZERO,
        };
        let fide = fide::Field::new(records, scoring, pending, ratings, edition);
        Context { records, bye_opponent_value, fide }
    }

    fn total_of(&self, player: StartNo) -> Points {
        self.records.get(&player).map(Record::total).unwrap_or_default()
    }
}

/// The ratings of the rated `players` (a rating of 0 counts as unrated), for ARO.
pub fn ratings(event: &Event, players: &[StartNo]) -> BTreeMap<StartNo, u32> {
    players
        .iter()
        .filter_map(|p| event.player(*p).and_then(|pl| pl.entry.rating).filter(|r| *r > 0).map(|r| (*p, r)))
        .collect()
}

/// The value of a tiebreak that depends only on the player (not on who is tied).
/// `None` for 直胜, direct encounter and the previous-round comparisons, which depend
/// on the tie.
pub fn value(tiebreak: Tiebreak, player: StartNo, record: &Record, ctx: &Context<'_>) -> Option<TiebreakValue> {
    Some(match tiebreak {
        Tiebreak::OpponentsPoints => opponents_points(record, ctx),
        Tiebreak::Progressive => progressive(record),
        Tiebreak::Wins => wins(record),
        Tiebreak::BlackGames => black_games(record),
        Tiebreak::BlackWins => black_wins(record),
        Tiebreak::Fouls => fouls(record),
        Tiebreak::RedWins => red_wins(record),
        Tiebreak::BeatenOpponentsPoints => opponents_points_where(record, ctx, GameEntry::won),
        Tiebreak::DrawnOpponentsPoints => opponents_points_where(record, ctx, GameEntry::drawn),
        Tiebreak::Buchholz => fide::buchholz(ctx, player, 0, 0),
        Tiebreak::BuchholzCut1 => fide::buchholz(ctx, player, 1, 0),
        Tiebreak::BuchholzCut2 => fide::buchholz(ctx, player, 2, 0),
        Tiebreak::Median => fide::buchholz(ctx, player, 1, 1),
        Tiebreak::SonnebornBerger => fide::sonneborn_berger(ctx, player),
        Tiebreak::RoundsWon => fide::rounds_won(ctx, player),
        Tiebreak::GamesWon => fide::games_won(record),
        Tiebreak::AverageOpponentRating => fide::average_opponent_rating(ctx, player),
        Tiebreak::HeadToHead | Tiebreak::DirectEncounter | Tiebreak::PreviousRank | Tiebreak::PreviousScore => {
            return None;
        }
    })
}

/// The column value of a tiebreak that depends on the tie (直胜, direct encounter),
/// against the players `level` with the player on points; 0 for any other tiebreak.
pub fn among(
    tiebreak: Tiebreak,
    player: StartNo,
    record: &Record,
    level: &BTreeSet<StartNo>,
    ctx: &Context<'_>,
) -> TiebreakValue {
    match tiebreak {
        Tiebreak::HeadToHead => head_to_head(record, level, ctx.records),
        Tiebreak::DirectEncounter => encounter::score(player, level, ctx),
        _ => TiebreakValue::count(0),
    }
}

/// Orders one group of tied players by direct encounter (C.07 (2024) Art. 6): the
/// groups still level, best first.
pub fn direct_encounter(tie: &[StartNo], ctx: &Context<'_>) -> Vec<Vec<StartNo>> {
    encounter::order(tie, ctx)
}

/// The opponents' contributions to 对手分, one per round in which the player was paired:
/// each opponent's total (played or forfeited, either side), and for a
/// pairing-allocated bye the CXA bye value. Requested byes and absences add nothing.
fn opponent_contributions(record: &Record, ctx: &Context<'_>) -> Vec<Points> {
    let mut contributions: Vec<Points> = record.games.iter().map(|g| ctx.total_of(g.opponent)).collect();
    contributions
        .extend(record.byes.iter().filter(|(_, kind)| *kind == ByeKind::Pairing).map(|_| ctx.bye_opponent_value));
    contributions
}

/// 对手分 (Buchholz): the sum of the opponents' totals after the round, with the CXA
/// bye rule.
pub fn opponents_points(record: &Record, ctx: &Context<'_>) -> TiebreakValue {
    TiebreakValue::points(opponent_contributions(record, ctx).into_iter().sum())
}

/// 胜手和 / 和手和: the totals after the round of the opponents in the games
/// `counted` picks (beaten, forfeit wins included; or drawn).
pub fn opponents_points_where(record: &Record, ctx: &Context<'_>, counted: fn(&GameEntry) -> bool) -> TiebreakValue {
    TiebreakValue::points(record.games.iter().filter(|g| counted(g)).map(|g| ctx.total_of(g.opponent)).sum())
}

/// 先手胜局: games won as red, played on the board.
pub fn red_wins(record: &Record) -> TiebreakValue {
    TiebreakValue::count(record.games.iter().filter(|g| g.played() && g.colour == Colour::Red && g.won()).count())
}

/// 累进分: the sum of the running totals after rounds 1 … r.
pub fn progressive(record: &Record) -> TiebreakValue {
    TiebreakValue::points(record.totals.iter().skip(1).copied().sum())
}

/// 胜局: games won, forfeit wins included, byes not.
pub fn wins(record: &Record) -> TiebreakValue {
    TiebreakValue::count(record.games.iter().filter(|g| g.won()).count())
}

/// 后手局: games played on the board as black (forfeits excluded). The same count as
/// FIDE's BPG, C.07 (2024) Art. 7.3 ("games played over the board with the black
/// pieces"), so one tiebreak serves both.
pub fn black_games(record: &Record) -> TiebreakValue {
    TiebreakValue::count(record.games.iter().filter(|g| g.played() && g.colour == Colour::Black).count())
}

/// 后手胜局: games won on the board as black. The same count as FIDE's BWG, C.07
/// (2024) Art. 7.4 ("games won over the board with the black pieces").
pub fn black_wins(record: &Record) -> TiebreakValue {
    TiebreakValue::count(record.games.iter().filter(|g| g.played() && g.colour == Colour::Black && g.won()).count())
}

/// 犯规: fouls recorded against the player in the stage; fewer ranks higher.
pub fn fouls(record: &Record) -> TiebreakValue {
    TiebreakValue::count(record.games.iter().map(|g| g.fouls as usize).sum())
}

/// 直胜: the points the player scored in games against the other players of
/// the tie — only when every pair of them has met; otherwise 0 for all of them.
pub fn head_to_head(record: &Record, tied: &BTreeSet<StartNo>, records: &BTreeMap<StartNo, Record>) -> TiebreakValue {
    if !every_pair_met(tied, records) {
        return TiebreakValue::points(Points::ZERO);
    }
    TiebreakValue::points(record.games.iter().filter(|g| tied.contains(&g.opponent)).map(|g| g.points).sum())
}

/// Whether each player of `tied` has a game against each other one.
fn every_pair_met(tied: &BTreeSet<StartNo>, records: &BTreeMap<StartNo, Record>) -> bool {
    tied.iter().all(|p| {
        let met: BTreeSet<StartNo> =
            records.get(p).map(|r| r.games.iter().map(|g| g.opponent).collect()).unwrap_or_default();
        tied.iter().all(|q| q == p || met.contains(q))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::result::Outcome;

    fn with_total(points: i32) -> Record {
        Record { totals: vec![Points::ZERO, Points(points)], ..Record::default() }
    }

    fn loss_to(opponent: u32, round: u32) -> GameEntry {
        GameEntry {
            round,
            opponent: StartNo(opponent),
            colour: Colour::Red,
            outcome: Outcome::BlackWins,
            points: Points::ZERO,
            fouls: 0,
        }
    }

    // 对手分 adds each opponent's total, and a pairing-allocated bye the lowest
    // total above zero (CXA 14.4) — or nothing when the stage says `zero`.
    #[test]
    fn opponents_points_add_the_cxa_bye_value() {
        let mut records = BTreeMap::new();
        records.insert(StartNo(2), with_total(20));
        records.insert(StartNo(3), with_total(50));
        records.insert(StartNo(4), with_total(90));
        let me = Record {
            games: vec![loss_to(2, 1), loss_to(3, 2)],
            byes: vec![(3, ByeKind::Pairing)],
            totals: vec![Points::ZERO; 4],
        };
        let mut scoring = ScoringTable::symmetric(Points(20), Points(10), Points::ZERO);
        assert_eq!(opponents_points(&me, &Context::new(&records, &scoring)).raw, 20 + 50 + 20);
        scoring.bye_opponent = ByeOpponent::Zero;
        assert_eq!(opponents_points(&me, &Context::new(&records, &scoring)).raw, 20 + 50);
    }

    // 直胜 counts only when every pair of the tie has met: 2 beat 3, but 4 met
    // neither, so in the tie {2, 3, 4} nobody scores; in the tie {2, 3} 2 has 2 points.
    #[test]
    fn head_to_head_needs_every_pair_to_have_met() {
        let win_over = |opponent: u32| GameEntry {
            round: 1,
            opponent: StartNo(opponent),
            colour: Colour::Red,
            outcome: Outcome::RedWins,
            points: Points(20),
            fouls: 0,
        };
        let mut records = BTreeMap::new();
        records.insert(StartNo(2), Record { games: vec![win_over(3)], ..with_total(20) });
        records.insert(StartNo(3), Record { games: vec![loss_to(2, 1)], ..with_total(0) });
        records.insert(StartNo(4), with_total(0));
        let three: BTreeSet<StartNo> = [2, 3, 4].map(StartNo).into();
        let two: BTreeSet<StartNo> = [2, 3].map(StartNo).into();
        assert_eq!(head_to_head(&records[&StartNo(2)], &three, &records).raw, 0);
        assert_eq!(head_to_head(&records[&StartNo(2)], &two, &records).raw, 20);
    }
}
