//! A team round explained. The engine pairs a team round as players
//! are paired: on a stand-in stage whose "players" are the teams, numbered by the team
//! standings before the round, whose games are the matches (home red) and whose score
//! is 场分 (`swiss::team_round`). So the individual explainer is asked about that
//! stand-in round — each team's score group (its match points before the round), its
//! float and why, which colour rule made which team home, why the bye went to its team,
//! how the round differs from the engine's pairing made again with its seed — and its
//! answers are told of teams: match *m* is the stand-in's board *m*, home its red, and
//! every team the reasons name is named by name.

use super::names::Names;
use super::{ByeWhy, ColourWhy, Comparison, Difference, PlayerExplanation, explain_round, team_words};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::team::TeamId;
use crate::domain::swiss::team_round::stand_in_of_round;
use crate::lang::Lang;
use std::collections::BTreeMap;

/// One team of a match explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamSide {
    /// The team.
    pub team: TeamId,
    /// Its explanation as a "player" of the stand-in: `player` is the team's stand-in
    /// number (its place in the team standings before the round), `score_group` its
    /// match points before the round, `distance` the match points between the teams;
    /// the teams its reasons list are stand-in numbers too, named by
    /// [`TeamRoundExplanation::why`].
    pub explanation: PlayerExplanation,
}

/// One match of the round explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchExplanation {
    /// The match number.
    pub no: u32,
    /// The home team (red on odd boards).
    pub home: TeamSide,
    /// The away team.
    pub away: TeamSide,
    /// Why the home team is home (the stand-in's colour rule; `red` is the home team).
    pub colour: ColourWhy,
}

/// One team bye explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamByeExplanation {
    /// The team.
    pub team: TeamId,
    /// Why (the teams it lists are stand-in numbers, named by
    /// [`TeamRoundExplanation::bye_why`]).
    pub why: ByeWhy,
}

/// A paired team round explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRoundExplanation {
    /// The round.
    pub round: RoundNo,
    /// Every match, in the round's order.
    pub matches: Vec<MatchExplanation>,
    /// Every team bye.
    pub byes: Vec<TeamByeExplanation>,
    /// How the round differs from the engine's pairing (matches as the stand-in's
    /// boards; worded by [`TeamRoundExplanation::difference`]).
    pub comparison: Comparison,
    /// Each stand-in number's team.
    teams: BTreeMap<StartNo, TeamId>,
    /// Each stand-in number's team name.
    names: BTreeMap<StartNo, String>,
}

impl TeamRoundExplanation {
    /// The explanation of match `no`.
    pub fn match_no(&self, no: u32) -> Option<&MatchExplanation> {
        self.matches.iter().find(|m| m.no == no)
    }

    /// The explanation of `team`'s bye.
    pub fn bye(&self, team: TeamId) -> Option<&TeamByeExplanation> {
        self.byes.iter().find(|b| b.team == team)
    }

    /// The team a stand-in number of the reasons stands for.
    pub fn team(&self, stand_in: StartNo) -> Option<TeamId> {
        self.teams.get(&stand_in).copied()
    }

    fn names(&self) -> Names<'_> {
        Names::Teams(&self.names)
    }

    /// Why the team met its opponent, in words.
    pub fn why(&self, side: &TeamSide, lang: Lang) -> String {
        side.explanation.words(self.names(), lang)
    }

    /// Which team is home and by which rule, in words.
    pub fn colour(&self, m: &MatchExplanation, lang: Lang) -> String {
        team_words::colour(&m.colour, self.names(), lang)
    }

    /// Why the team had the bye, in words.
    pub fn bye_why(&self, bye: &TeamByeExplanation, lang: Lang) -> String {
        team_words::bye(&bye.why, self.names(), lang)
    }

    /// A difference from the engine's pairing, in words.
    pub fn difference(&self, d: &Difference, lang: Lang) -> String {
        team_words::difference(d, self.names(), lang)
    }
}

/// Explains team round `round_no` of a team stage; `None` when there is no such round
/// or it is not a team round.
pub fn explain_team_round(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    round_no: RoundNo,
) -> Option<TeamRoundExplanation> {
    let g = event.group(group)?;
    let (stand_in, teams) = stand_in_of_round(event, group, stage_no, round_no)?;
    let x = explain_round(&stand_in, group, stage_no, round_no)?;
    let team = |p: StartNo| teams.get(&p).copied().unwrap_or(TeamId(p.0));
    let names = teams.iter().map(|(p, t)| (*p, g.team(*t).map_or_else(|| t.to_string(), |t| t.name.clone()))).collect();
    let side = |explanation: PlayerExplanation| TeamSide { team: team(explanation.player), explanation };
    let matches = x
        .boards
        .into_iter()
        .map(|b| MatchExplanation { no: b.board.0, home: side(b.red), away: side(b.black), colour: b.colour })
        .collect();
    let byes = x.byes.into_iter().map(|b| TeamByeExplanation { team: team(b.player), why: b.why }).collect();
    Some(TeamRoundExplanation { round: x.round, matches, byes, comparison: x.comparison, teams, names })
}
