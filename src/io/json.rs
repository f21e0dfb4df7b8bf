//! The JSON shapes of CLI.md (`pairings --json` with its `--explain` fields,
//! `standings --json`, `players list --json`; the team shapes, a team round's
//! explanation among them, in `teams.rs`). Fields
//! are only ever added, never renamed.

mod teams;

use crate::domain::event::{Event, Group, Round, Stage};
use crate::domain::ids::StartNo;
use crate::domain::model::shown_numbers::shown_warning;
use crate::domain::player::Player;
use crate::domain::points::Points;
use crate::domain::standings::Standings;
use crate::domain::standings::record::Record;
use crate::domain::swiss::explain::{Comparison, Difference, Float, PlayerExplanation, RoundExplanation};
use crate::lang::{Lang, Localized};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
pub use teams::{add_team_explanation, event_team_ranking, team_list, team_pairings, team_ranking};

fn name_of(event: &Event, p: StartNo) -> &str {
    event.player(p).map_or("", Player::name)
}

/// `pairings --json`: the boards of a round with the points each player had before it.
/// `totals_before` maps each player to their total before the round.
pub fn pairings(
    event: &Event,
    group: &Group,
    stage: &Stage,
    round: &Round,
    totals_before: &BTreeMap<StartNo, Record>,
) -> Value {
    let before = |p: StartNo| totals_before.get(&p).map_or(Points::ZERO, Record::total).to_json();
    // `start_no` is the number shown (within the group under per-group numbering).
    let player = |p: StartNo| json!({"start_no": event.shown_no(p), "name": name_of(event, p), "points": before(p)});
    let boards: Vec<Value> = round
        .games
        .iter()
        .map(|g| {
            let minutes = stage
                .knockout
                .as_ref()
                .filter(|rules| g.game > rules.games_per_match)
                .map(|rules| crate::domain::knockout::playoff_minutes(rules, g.game - rules.games_per_match - 1));
            json!({
                "board": g.board.0,
                "red": player(g.red),
                "black": player(g.black),
                "game": g.game,
                "result": g.result.map(|r| r.outcome.notation()),
                "reason": g.result.map(|r| r.reason.code()),
                "fouls": {"red": g.result.map_or(0, |r| r.fouls_red), "black": g.result.map_or(0, |r| r.fouls_black)},
                "playoff_minutes": minutes,
            })
        })
        .collect();
    let byes: Vec<Value> = round
        .byes
        .iter()
        .map(|b| json!({"start_no": event.shown_no(b.player), "name": name_of(event, b.player), "kind": b.kind.code()}))
        .collect();
    json!({
        "group": group.name,
        "stage": stage.no.0,
        "round": round.no.0,
        "seed": round.seed,
        "boards": boards,
        "byes": byes,
        "warnings": round.warnings.iter().map(|w| {
            let w = &shown_warning(event, w);
            let mut v = serde_json::to_value(w).unwrap_or(Value::Null);
            if let Some(obj) = v.as_object_mut() {
                obj.insert("message".into(), Value::from(w.to_string()));
                obj.insert("absolute".into(), Value::from(w.is_absolute()));
                obj.insert("by_engine".into(), Value::from(w.by_engine(&round.warnings)));
            }
            v
        }).collect::<Vec<_>>(),
    })
}

/// `pairings --explain --json`: adds to each board of a [`pairings`] value
/// `"explain": {"red": {"score_group", "float", "why"}, "black": {…}, "colour"}`, to
/// each bye `"explain": "…"`, and to the round `"engine_differences"`: how it differs
/// from the engine's pairing, in words (empty when it does not; null when the engine's
/// pairing cannot be made again, with `"engine_not_compared"` saying why). Texts in `lang`.
pub fn add_explanation(value: &mut Value, explanation: &RoundExplanation, lang: Lang) {
    let player = |p: &PlayerExplanation| side_explanation(p, p.message(lang));
    if let Some(boards) = value.get_mut("boards").and_then(Value::as_array_mut) {
        for board in boards {
            let number = |key: &str| board.get(key).and_then(Value::as_u64).unwrap_or_default();
            let (no, game) = (number("board"), number("game"));
            let found = explanation.boards.iter().find(|b| u64::from(b.board.0) == no && u64::from(b.game) == game);
            if let (Some(x), Some(obj)) = (found, board.as_object_mut()) {
                let explain =
                    json!({"red": player(&x.red), "black": player(&x.black), "colour": x.colour.message(lang)});
                obj.insert("explain".into(), explain);
            }
        }
    }
    if let Some(byes) = value.get_mut("byes").and_then(Value::as_array_mut) {
        for bye in byes {
            let no = bye.get("start_no").and_then(Value::as_u64).unwrap_or_default();
            // The explanation names players by their shown numbers, as `start_no` does.
            let found = explanation.byes.iter().find(|b| u64::from(b.player.0) == no);
            if let (Some(x), Some(obj)) = (found, bye.as_object_mut()) {
                obj.insert("explain".into(), Value::from(x.message(lang)));
            }
        }
    }
    add_comparison(value, &explanation.comparison, |d| d.message(lang), lang);
}

/// One side of an explained board or match: `{"score_group", "float", "why"}`, and
/// `"distance"` when it floated (CLI.md: a float carries the score difference).
fn side_explanation(p: &PlayerExplanation, why: String) -> Value {
    let mut v = json!({"score_group": p.score_group.to_json(), "float": p.float.code(), "why": why});
    if p.float != Float::None
        && let Some(obj) = v.as_object_mut()
    {
        obj.insert("distance".into(), p.distance.to_json());
    }
    v
}

/// The round's `"engine_differences"` (each difference as `words` says it; null when
/// not compared) and `"engine_not_compared"` (why not).
fn add_comparison(value: &mut Value, comparison: &Comparison, words: impl Fn(&Difference) -> String, lang: Lang) {
    if let Some(obj) = value.as_object_mut() {
        let (differences, not_compared) = match comparison {
            Comparison::Same => (json!([]), None),
            Comparison::Differs(d) => (d.iter().map(words).collect(), None),
            Comparison::NotCompared(why) => (Value::Null, Some(why.message(lang))),
        };
        obj.insert("engine_differences".into(), differences);
        if let Some(why) = not_compared {
            obj.insert("engine_not_compared".into(), Value::from(why));
        }
    }
}

/// `standings --json`: rows in rank order with the stage's tiebreaks in its order; a
/// stage with FIDE tiebreaks names the edition of C.07 they follow.
pub fn standings(event: &Event, group: &Group, standings: &Standings) -> Value {
    let rows: Vec<Value> = standings
        .rows
        .iter()
        .map(|r| {
            let mut tiebreaks = Map::new();
            for (t, v) in &r.tiebreaks {
                tiebreaks.insert(t.key().to_string(), v.to_json());
            }
            let mut row = json!({
                "rank": r.rank,
                "start_no": event.shown_no(r.start_no),
                "name": name_of(event, r.start_no),
                "points": r.points.to_json(),
                "tiebreaks": tiebreaks,
                "red_games": r.red_games,
                "black_games": r.black_games,
                "status": r.status_code(),
            });
            if let (Some(section), Some(obj)) = (r.section, row.as_object_mut()) {
                obj.insert("section".into(), Value::from(section.code()));
            }
            row
        })
        .collect();
    let mut top = Map::new();
    top.insert("group".into(), Value::from(group.name.as_str()));
    top.insert("stage".into(), Value::from(standings.stage.0));
    top.insert("after_round".into(), Value::from(standings.after_round));
    // the edition of C.07 the FIDE tiebreaks were counted by.
    if let Some(edition) = group.stage(standings.stage).and_then(|s| s.fide_edition_in_use(event.start_date)) {
        top.insert("fide_tiebreak_edition".into(), Value::from(edition.key()));
    }
    top.insert("rows".into(), Value::from(rows));
    Value::Object(top)
}

/// `players list --json`: every player of the selection, by start number.
pub fn players<'a>(event: &Event, players: impl Iterator<Item = &'a Player>) -> Value {
    let list: Vec<Value> = players
        .map(|p| {
            let e = &p.entry;
            json!({
                "start_no": p.shown(),
                "name": e.name,
                "group": event.group(p.group).map_or("", |g| g.name.as_str()),
                "gender": e.gender.map(|g| g.code()),
                "born": e.born.map(|d| d.to_string()),
                "club": e.club,
                "rating": e.rating,
                "title": e.title.as_ref().map(|t| t.label_zh().to_string()),
                "phone": e.phone,
                "verified_female": e.verified_female,
                "nominee": e.nominee,
                "status": p.status.code(),
                "eligibility_override": p.eligibility_override,
                "registered": e.registered.map(|d| d.to_string()),
                "notes": e.notes,
                // the same person's other entries (another group's numbers).
                "other_entries": event.entries_of_person(p.start_no).into_iter()
                    .filter(|n| *n != p.start_no).map(|n| event.shown_no(n)).collect::<Vec<u32>>(),
            })
        })
        .collect();
    json!({"players": list})
}
