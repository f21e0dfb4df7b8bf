//! The team JSON shapes of CLI.md: `teams list --json`, `teams standings
//! --json` (of team matches or of 队员总分制), `teams event-ranking --json` (the clubs
//! across the event's groups, R-10.8) and `pairings --json` of a team round, with its
//! `--explain` fields.

use super::{add_comparison, name_of, side_explanation};
use crate::domain::event::{Event, Group, Round, Stage};
use crate::domain::ids::StartNo;
use crate::domain::model::team::{TeamId, TeamTiebreak};
use crate::domain::points::Points;
use crate::domain::swiss::explain::{TeamRoundExplanation, TeamSide};
use crate::domain::teams::TeamStandings;
use crate::domain::teams::event_ranking::EventTeamStandings;
use crate::lang::Lang;
use crate::present::team_round::TeamRoundSheet;
use crate::present::teams::{TeamRanking, tiebreak_key};
use serde_json::{Map, Value, json};

fn team_name(group: &Group, team: TeamId) -> String {
    group.team(team).map_or_else(|| team.to_string(), |t| t.name.clone())
}

/// The numbers shown for `players`.
fn numbers(event: &Event, players: impl IntoIterator<Item = StartNo>) -> Vec<u32> {
    players.into_iter().map(|p| event.shown_no(p)).collect()
}

/// `teams list --json`: `{"teams": [{"team", "club", "captain", "members", "reserves"}]}`
/// — `members` the whole registered list in board order, reserves last.
pub fn team_list(event: &Event, group: &Group) -> Value {
    let teams: Vec<Value> = group
        .teams
        .iter()
        .map(|t| {
            json!({
                "team": t.name,
                "club": t.club,
                "captain": t.captain.map(|c| event.shown_no(c)),
                "members": numbers(event, t.roster()),
                "reserves": numbers(event, t.reserves.iter().copied()),
            })
        })
        .collect();
    json!({ "teams": teams })
}

/// `teams standings --json`: rows in rank order; of team matches with 场分, 局分 and the
/// stage's tiebreaks in its order (the other of 场分/局分 is already a field of its
/// own), or of 队员总分制 with the counted members' points and their tiebreaks.
pub fn team_ranking(event: &Event, group: &Group, ranking: &TeamRanking) -> Value {
    let members = |team: TeamId| group.team(team).map(|t| numbers(event, t.roster())).unwrap_or_default();
    let (stage, rows, extra) = match ranking {
        TeamRanking::Matches(s) => {
            let rows = s
                .rows
                .iter()
                .map(|r| {
                    let mut tiebreaks = Map::new();
                    for t in s.tiebreaks.iter().filter(|t| **t != TeamTiebreak::OtherPoints) {
                        let value = match t {
                            TeamTiebreak::HeadToHead => r.head_to_head.to_json(),
                            TeamTiebreak::OpponentsMatchPoints => r.opponents_match_points.to_json(),
                            TeamTiebreak::Wins => Value::from(r.wins),
                            TeamTiebreak::BoardPoints => r.board_points.to_json(),
                            TeamTiebreak::Fouls => Value::from(r.fouls),
                            TeamTiebreak::OtherPoints => Value::Null,
                        };
                        tiebreaks.insert(tiebreak_key(*t).to_string(), value);
                    }
                    let (w, d, l) = r.won_drawn_lost;
                    json!({
                        "rank": r.rank,
                        "team": team_name(group, r.team),
                        "match_points": r.match_points.to_json(),
                        "game_points": r.game_points.to_json(),
                        "tiebreaks": tiebreaks,
                        "members": members(r.team),
                        "matches": r.matches,
                        "won_drawn_lost": [w, d, l],
                    })
                })
                .collect::<Vec<_>>();
            (s.stage, rows, None)
        }
        TeamRanking::Members(s) => {
            let rows = s
                .rows
                .iter()
                .map(|r| {
                    json!({
                        "rank": r.rank,
                        "team": team_name(group, r.team),
                        "points": r.points.to_json(),
                        "counted": numbers(event, r.counted.iter().copied()),
                        "tiebreaks": {
                            "opponents_points": r.opponents_points.to_json(),
                            "best_rank": r.best_rank,
                            "fouls": r.fouls,
                        },
                        "members": members(r.team),
                        "complete": r.complete,
                    })
                })
                .collect::<Vec<_>>();
            (s.stage, rows, Some(s.count))
        }
    };
    let mut value = json!({
        "group": group.name,
        "stage": stage.0,
        "after_round": ranking.after_round(),
        "mode": ranking.mode(),
        "rows": rows,
    });
    if let (Some(count), Some(obj)) = (extra, value.as_object_mut()) {
        obj.insert("count".into(), count.map_or(Value::Null, Value::from));
    }
    value
}

/// `teams event-ranking --json`: `mode` (`all`, `best_overall`, `best_per_group`),
/// `count` (N, null for every member), the groups read (each after its last complete
/// round), and the clubs in rank order with their counted members — start number,
/// name, group, points, rank in the group — and tiebreaks.
pub fn event_team_ranking(event: &Event, standings: &EventTeamStandings) -> Value {
    let group_name = |id| event.group(id).map_or_else(|| id.to_string(), |g| g.name.clone());
    let groups: Vec<Value> = standings
        .groups
        .iter()
        .map(|g| json!({"group": group_name(g.group), "stage": g.stage.0, "after_round": g.after_round}))
        .collect();
    let rows: Vec<Value> = standings
        .rows
        .iter()
        .map(|r| {
            let counted: Vec<Value> = r
                .counted
                .iter()
                .map(|m| {
                    json!({
                        "start_no": event.shown_no(m.start_no),
                        "name": name_of(event, m.start_no),
                        "group": group_name(m.group),
                        "points": m.points.to_json(),
                        "rank": m.rank,
                    })
                })
                .collect();
            json!({
                "rank": r.rank,
                "club": r.club,
                "points": r.points.to_json(),
                "counted": counted,
                "tiebreaks": {
                    "opponents_points": r.opponents_points.to_json(),
                    "best_rank": r.best_rank,
                    "fouls": r.fouls,
                },
                "complete": r.complete,
            })
        })
        .collect();
    json!({
        "mode": standings.count.code(),
        "count": standings.count.n(),
        "groups": groups,
        "rows": rows,
    })
}

/// `pairings --json` of a team round: each match with both teams' 场分 and 局分 before
/// the round (`before`: the standings after the round before it), its score once every
/// board is decided, and its boards numbered 1 … K within the match (`round_board`:
/// the round's board number, as `result` without `--match` takes it). A board one side
/// could not fill has that side null and the forfeit it scores as its result.
pub fn team_pairings(
    event: &Event,
    group: &Group,
    stage: &Stage,
    round: &Round,
    sheet: &TeamRoundSheet,
    before: &TeamStandings,
) -> Value {
    let totals = |team: TeamId| {
        before
            .rows
            .iter()
            .find(|r| r.team == team)
            .map_or((Points::ZERO, Points::ZERO), |r| (r.match_points, r.game_points))
    };
    let side = |team: TeamId| {
        let (mp, gp) = totals(team);
        json!({"team": team_name(group, team), "match_points": mp.to_json(), "game_points": gp.to_json()})
    };
    let player = |p: Option<StartNo>| p.map(|p| json!({"start_no": event.shown_no(p), "name": name_of(event, p)}));
    let matches: Vec<Value> = sheet
        .matches
        .iter()
        .map(|m| {
            let boards: Vec<Value> = m
                .boards
                .iter()
                .map(|b| {
                    json!({
                        "board": b.board,
                        "round_board": b.round_board.0,
                        "red": player(b.red),
                        "black": player(b.black),
                        "result": b.outcome().map(|o| o.notation()),
                        "reason": b.recorded.map(|r| r.reason.code()),
                        "fouls": {
                            "red": b.recorded.map_or(0, |r| r.fouls_red),
                            "black": b.recorded.map_or(0, |r| r.fouls_black),
                        },
                    })
                })
                .collect();
            let result = m.score.complete.then(
                || json!({"home": m.score.home.game_points.to_json(), "away": m.score.away.game_points.to_json()}),
            );
            json!({
                "match": m.no,
                "home": side(m.home),
                "away": side(m.away),
                "result": result,
                "boards": boards,
            })
        })
        .collect();
    let byes: Vec<Value> = sheet.byes.iter().map(|t| json!({"team": team_name(group, *t)})).collect();
    json!({
        "group": group.name,
        "stage": stage.no.0,
        "round": round.no.0,
        "seed": round.seed,
        "boards_per_match": sheet.boards,
        "matches": matches,
        "byes": byes,
    })
}

/// `pairings --explain --json` of a team round: adds to each match of a
/// [`team_pairings`] value `"explain": {"home": {"score_group", "float", "why"}, "away":
/// {…}, "colour"}` — an individual board's keys with home and away for red and black,
/// `score_group` the team's match points before the round, `"distance"` on a float —,
/// to each bye `"explain": "…"`, and to the round `"engine_differences"` (and
/// `"engine_not_compared"`) as an individual round has them. Texts in `lang`.
pub fn add_team_explanation(value: &mut Value, group: &Group, explanation: &TeamRoundExplanation, lang: Lang) {
    if let Some(matches) = value.get_mut("matches").and_then(Value::as_array_mut) {
        for m in matches {
            let no = m.get("match").and_then(Value::as_u64).unwrap_or_default();
            let found = explanation.matches.iter().find(|x| u64::from(x.no) == no);
            if let (Some(x), Some(obj)) = (found, m.as_object_mut()) {
                let side = |s: &TeamSide| side_explanation(&s.explanation, explanation.why(s, lang));
                let explain =
                    json!({"home": side(&x.home), "away": side(&x.away), "colour": explanation.colour(x, lang)});
                obj.insert("explain".into(), explain);
            }
        }
    }
    if let Some(byes) = value.get_mut("byes").and_then(Value::as_array_mut) {
        for bye in byes {
            let name = bye.get("team").and_then(Value::as_str).unwrap_or_default().to_string();
            let found = explanation.byes.iter().find(|b| team_name(group, b.team) == name);
            if let (Some(x), Some(obj)) = (found, bye.as_object_mut()) {
                obj.insert("explain".into(), Value::from(explanation.bye_why(x, lang)));
            }
        }
    }
    add_comparison(value, &explanation.comparison, |d| explanation.difference(d, lang), lang);
}
