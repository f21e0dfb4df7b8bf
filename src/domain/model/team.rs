//! Teams as data: a team and its registered members in board order,
//! the group's 队员总分制 setting, the event's team ranking across groups
//! a team stage's rules (boards per match,
//! 场分, standings order) with the line-ups named before a round, and
//! what a team round adds to a round — its matches with both line-ups, and its byes.

use super::ids::{BoardNo, GroupId, RoundNo, StartNo};
use super::points::Points;
use super::rules::{ClubAvoidance, Colour};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A team of a group, numbered from 1 in the order registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TeamId(pub u32);

impl fmt::Display for TeamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Most boards of a team match (R-10.3: 2 … 8).
pub const MAX_BOARDS: u32 = 8;
/// Fewest boards of a team match.
pub const MIN_BOARDS: u32 = 2;
/// Longest team name, in characters.
pub const MAX_TEAM_NAME: usize = 60;

/// A team: its members in board order, reserves last.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team's number in its group.
    pub id: TeamId,
    /// Its printed name, unique in the group.
    pub name: String,
    /// Its club (单位), if any.
    #[serde(default)]
    pub club: String,
    /// The captain (a member), if named.
    #[serde(default)]
    pub captain: Option<StartNo>,
    /// The regular members in board order.
    pub members: Vec<StartNo>,
    /// The reserves, in order; they come after the regular members.
    #[serde(default)]
    pub reserves: Vec<StartNo>,
}

impl Team {
    /// The club of a team whose members have the 单位 `clubs`: theirs when they all
    /// share one, else none (a roster's 队名 column, R-10.1; issue 39, item 5).
    pub fn shared_club<'a>(clubs: impl IntoIterator<Item = &'a str>) -> String {
        let mut clubs = clubs.into_iter().map(str::trim);
        let Some(first) = clubs.next() else { return String::new() };
        if clubs.all(|club| club == first) { first.to_string() } else { String::new() }
    }

    /// Every registered member in board order, reserves last.
    pub fn roster(&self) -> impl Iterator<Item = StartNo> + '_ {
        self.members.iter().chain(&self.reserves).copied()
    }

    /// Whether `player` is registered with the team.
    pub fn has(&self, player: StartNo) -> bool {
        self.roster().any(|p| p == player)
    }

    /// The member's place in the registered order, from 0.
    pub fn place_of(&self, player: StartNo) -> Option<usize> {
        self.roster().position(|p| p == player)
    }
}

/// 队员总分制 over an individual group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberRanking {
    /// How many of each team's best members count; `None` counts all.
    pub count: Option<u32>,
    /// Teammates kept apart in pairings, as same-club avoidance is.
    #[serde(default)]
    pub avoid: ClubAvoidance,
    /// Teammates are never paired (`true`) or only avoided (a criterion).
    #[serde(default)]
    pub avoid_absolute: bool,
}

/// The event's team ranking across its groups (全赛事团体总分, R-10.8): the clubs (单位)
/// of the counted individual groups' players ranked by their members' points, each
/// member's points those of his own group's current stage. Kept in the event; off
/// (`None` in [`crate::domain::event::Event`]) by default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTeamRanking {
    /// The groups counted, sorted; `None` counts every individual group (a group added
    /// later too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<GroupId>>,
    /// How many of a club's members count.
    pub count: EventTeamCount,
}

/// How many of a club's members count in the event's team ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", content = "n", rename_all = "snake_case")]
pub enum EventTeamCount {
    /// Every member.
    All,
    /// The best N over every counted group together.
    BestOverall(u32),
    /// The best N of each counted group.
    BestPerGroup(u32),
}

impl EventTeamCount {
    /// N, or `None` when every member counts.
    pub fn n(self) -> Option<u32> {
        match self {
            EventTeamCount::All => None,
            EventTeamCount::BestOverall(n) | EventTeamCount::BestPerGroup(n) => Some(n),
        }
    }

    /// `all`, `best_overall` or `best_per_group`, as `teams event-ranking --json`'s `mode`.
    pub fn code(self) -> &'static str {
        match self {
            EventTeamCount::All => "all",
            EventTeamCount::BestOverall(_) => "best_overall",
            EventTeamCount::BestPerGroup(_) => "best_per_group",
        }
    }
}

/// What a team standing is ranked on first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamPrimary {
    /// 场分: match points.
    #[default]
    MatchPoints,
    /// 局分: game points.
    GamePoints,
}

/// The tiebreaks of team standings, applied in the stage's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamTiebreak {
    /// The other of 场分 and 局分.
    OtherPoints,
    /// 直胜: match points in the matches between the tied teams, when they all met.
    HeadToHead,
    /// 对手场分: the opponents' match points summed.
    OpponentsMatchPoints,
    /// 胜局: games won, forfeit wins included.
    Wins,
    /// 台次分: a game on board b of K counts its 局分 × (K − b + 1).
    BoardPoints,
    /// 犯规: fouls of the team's players; fewer ranks higher.
    Fouls,
}

impl TeamTiebreak {
    /// Every team tiebreak, in declaration order.
    pub const ALL: [TeamTiebreak; 6] = [
        TeamTiebreak::OtherPoints,
        TeamTiebreak::HeadToHead,
        TeamTiebreak::OpponentsMatchPoints,
        TeamTiebreak::Wins,
        TeamTiebreak::BoardPoints,
        TeamTiebreak::Fouls,
    ];
}

/// Match points (场分) of a team match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPoints {
    /// The team with more 局分.
    pub win: Points,
    /// Equal 局分.
    pub draw: Points,
    /// Fewer 局分.
    pub loss: Points,
}

impl Default for MatchPoints {
    fn default() -> MatchPoints {
        MatchPoints { win: Points(20), draw: Points(10), loss: Points(0) }
    }
}

/// A team stage's rules: the stage's entrants are the group's teams.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamStage {
    /// Boards per match (K).
    pub boards: u32,
    /// 场分 per match result.
    #[serde(default)]
    pub match_points: MatchPoints,
    /// Ranked on 场分 or 局分 first.
    #[serde(default)]
    pub primary: TeamPrimary,
    /// Tiebreaks in order.
    pub tiebreaks: Vec<TeamTiebreak>,
    /// 局分 of a team bye; `None`: every board's bye points (the stage's table).
    #[serde(default)]
    pub bye_game_points: Option<Points>,
    /// Line-ups named for rounds not yet paired, sorted by round then team.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub planned_lineups: Vec<Lineup>,
    /// Board prizes: fewest games on a board to be ranked for its prize.
    #[serde(default)]
    pub board_prize_min_games: u32,
}

impl TeamStage {
    /// The `cxa-team` rules: K boards, 场分 2/1/0, 场分 → 局分 → 直胜 → 对手场分 → 台次分,
    /// then 胜局 and fewer fouls.
    pub fn cxa(boards: u32) -> TeamStage {
        TeamStage {
            boards,
            match_points: MatchPoints::default(),
            primary: TeamPrimary::MatchPoints,
            tiebreaks: vec![
                TeamTiebreak::OtherPoints,
                TeamTiebreak::HeadToHead,
                TeamTiebreak::OpponentsMatchPoints,
                TeamTiebreak::BoardPoints,
                TeamTiebreak::Wins,
                TeamTiebreak::Fouls,
            ],
            bye_game_points: None,
            planned_lineups: Vec::new(),
            board_prize_min_games: 0,
        }
    }

    /// The line-up named for `team` in `round` before it was paired.
    pub fn planned_lineup(&self, round: RoundNo, team: TeamId) -> Option<&Lineup> {
        self.planned_lineups.iter().find(|l| l.round == round && l.team == team)
    }
}

/// A team's line-up for a round: players in board order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    /// The round.
    pub round: RoundNo,
    /// The team.
    pub team: TeamId,
    /// Board 1 first; shorter than K when the team cannot field K players.
    pub players: Vec<StartNo>,
}

/// One match of a team round: the home team is red on odd boards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// The match number, 1 on top.
    pub no: u32,
    /// The first-named team.
    pub home: TeamId,
    /// The second-named team.
    pub away: TeamId,
    /// The home team's players, board 1 first.
    pub home_lineup: Vec<StartNo>,
    /// The away team's players, board 1 first.
    pub away_lineup: Vec<StartNo>,
}

impl TeamMatch {
    /// The round's board number of board `b` (from 1) of this match of K boards.
    pub fn board_no(&self, boards: u32, b: u32) -> BoardNo {
        BoardNo((self.no - 1) * boards + b)
    }

    /// The match board (from 1) of a round's board number, if it is this match's.
    pub fn match_board(&self, boards: u32, board: BoardNo) -> Option<u32> {
        let first = (self.no - 1) * boards + 1;
        (board.0 >= first && board.0 < first + boards).then(|| board.0 - first + 1)
    }

    /// The home team's colour on match board `b` (from 1): red on odd boards.
    pub fn home_colour(b: u32) -> Colour {
        if b % 2 == 1 { Colour::Red } else { Colour::Black }
    }

    /// Both teams.
    pub fn teams(&self) -> [TeamId; 2] {
        [self.home, self.away]
    }

    /// The line-up of `team`, if it plays in this match.
    pub fn lineup_of(&self, team: TeamId) -> Option<&[StartNo]> {
        if team == self.home {
            Some(&self.home_lineup)
        } else if team == self.away {
            Some(&self.away_lineup)
        } else {
            None
        }
    }
}

/// What a team round holds besides its games: the matches and the teams not paired.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamRound {
    /// Matches in order; match m's boards are the round's boards (m−1)·K+1 … m·K.
    pub matches: Vec<TeamMatch>,
    /// Teams with a pairing bye this round, sorted.
    #[serde(default)]
    pub byes: Vec<TeamId>,
}

impl TeamRound {
    /// The match `team` plays in, if any.
    pub fn match_of(&self, team: TeamId) -> Option<&TeamMatch> {
        self.matches.iter().find(|m| m.home == team || m.away == team)
    }

    /// The match a round's board belongs to, with its match board (from 1).
    pub fn match_at(&self, boards: u32, board: BoardNo) -> Option<(&TeamMatch, u32)> {
        self.matches.iter().find_map(|m| m.match_board(boards, board).map(|b| (m, b)))
    }
}
