//! Team documents as data: the team standings table — of team
//! matches (场分, 局分, the stage's tiebreaks, won/drawn/lost) or of 队员总分制 (the
//! counted members' points, 对手分, best rank, fouls) — and the team crosstable, so
//! that the window, the PDFs, the exports and `bianpai teams standings` show the same
//! columns, words and values.

use crate::domain::command::DomainError;
use crate::domain::event::{Event, Group, Stage};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::model::team::{TeamId, TeamTiebreak};
use crate::domain::teams::members::{MemberStandings, member_standings};
use crate::domain::teams::{TeamStandings, score_match, team_standings};
use crate::lang::Lang;

/// Which team ranking a group has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamRanking {
    /// Team matches.
    Matches(TeamStandings),
    /// 队员总分制.
    Members(MemberStandings),
}

impl TeamRanking {
    /// The group's team ranking after `after_round` of `stage` (its current stage by
    /// default; every paired round by default): the team stage's standings, else
    /// 队员总分制 when the group has teams; `None` for a group without teams.
    ///
    /// # Errors
    /// An unknown group or stage.
    pub fn of_group(
        event: &Event,
        group: GroupId,
        stage: Option<StageNo>,
        after_round: Option<u32>,
    ) -> Result<Option<TeamRanking>, DomainError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        let Some(stage) = stage.map_or_else(|| g.current_stage(), |s| g.stage(s)) else {
            return Ok(None);
        };
        if g.teams.is_empty() {
            return Ok(None);
        }
        let after = after_round.unwrap_or(stage.rounds.len() as u32);
        Ok(Some(if stage.teams.is_some() {
            TeamRanking::Matches(team_standings(event, group, stage.no, after)?)
        } else {
            TeamRanking::Members(member_standings(event, group, stage.no, after)?)
        }))
    }

    /// `matches` or `members`, as CLI.md's `mode`.
    pub fn mode(&self) -> &'static str {
        match self {
            TeamRanking::Matches(_) => "matches",
            TeamRanking::Members(_) => "members",
        }
    }

    /// Rounds read.
    pub fn after_round(&self) -> u32 {
        match self {
            TeamRanking::Matches(s) => s.after_round,
            TeamRanking::Members(s) => s.after_round,
        }
    }
}

/// A column of the team standings table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamColumn {
    /// 名次
    Rank,
    /// 队名
    Team,
    /// 单位
    Club,
    /// 场分
    MatchPoints,
    /// 局分
    GamePoints,
    /// A tiebreak of the stage, in its order (其他 than the primary).
    Tiebreak(TeamTiebreak),
    /// 胜/和/负 of the matches.
    Record,
    /// 队员总分制: the counted members' points.
    MemberPoints,
    /// 对手分 of the counted members.
    OpponentsPoints,
    /// The best individual rank among them.
    BestRank,
    /// Fouls of the counted members.
    Fouls,
    /// The counted members by start number, or the whole team.
    Members,
}

impl TeamColumn {
    /// The heading in `lang`.
    pub fn header(self, lang: Lang) -> &'static str {
        match self {
            TeamColumn::Rank => lang.t("名次", "Rank"),
            TeamColumn::Team => lang.t("队名", "Team"),
            TeamColumn::Club => lang.t("单位", "Club"),
            TeamColumn::MatchPoints => lang.t("场分", "Match pts"),
            TeamColumn::GamePoints => lang.t("局分", "Game pts"),
            TeamColumn::Tiebreak(t) => tiebreak_label(t, lang),
            TeamColumn::Record => lang.t("胜/和/负", "W/D/L"),
            TeamColumn::MemberPoints => lang.t("积分", "Points"),
            TeamColumn::OpponentsPoints => lang.t("对手分", "Opp. points"),
            TeamColumn::BestRank => lang.t("最好名次", "Best rank"),
            TeamColumn::Fouls => lang.t("犯规", "Fouls"),
            TeamColumn::Members => lang.t("计分队员", "Counted members"),
        }
    }

    /// Whether the column holds numbers (drawn right-aligned).
    pub fn is_numeric(self) -> bool {
        !matches!(self, TeamColumn::Team | TeamColumn::Club | TeamColumn::Record | TeamColumn::Members)
    }
}

/// A team tiebreak's name in `lang`.
pub fn tiebreak_label(t: TeamTiebreak, lang: Lang) -> &'static str {
    match t {
        TeamTiebreak::OtherPoints => lang.t("局分/场分", "Other points"),
        TeamTiebreak::HeadToHead => lang.t("直胜", "Head-to-head"),
        TeamTiebreak::OpponentsMatchPoints => lang.t("对手场分", "Opp. match pts"),
        TeamTiebreak::Wins => lang.t("胜局", "Games won"),
        TeamTiebreak::BoardPoints => lang.t("台次分", "Board pts"),
        TeamTiebreak::Fouls => lang.t("犯规", "Fouls"),
    }
}

/// The key of a team tiebreak in `teams standings --json` (CLI.md).
pub fn tiebreak_key(t: TeamTiebreak) -> &'static str {
    match t {
        TeamTiebreak::OtherPoints => "other_points",
        TeamTiebreak::HeadToHead => "head_to_head",
        TeamTiebreak::OpponentsMatchPoints => "opponents_match_points",
        TeamTiebreak::Wins => "wins",
        TeamTiebreak::BoardPoints => "board_points",
        TeamTiebreak::Fouls => "fouls",
    }
}

/// One team's row: its team and a text per column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamTableRow {
    /// The team.
    pub team: TeamId,
    /// One cell per column.
    pub cells: Vec<String>,
}

/// The team standings as a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamTable {
    /// The columns.
    pub columns: Vec<TeamColumn>,
    /// The rows in rank order.
    pub rows: Vec<TeamTableRow>,
    /// Rounds read.
    pub after_round: u32,
}

impl TeamTable {
    /// The table of a team ranking of group `g`.
    pub fn of(event: &Event, g: &Group, ranking: &TeamRanking) -> TeamTable {
        match ranking {
            TeamRanking::Matches(s) => TeamTable::of_matches(g, s),
            TeamRanking::Members(s) => TeamTable::of_members(event, g, s),
        }
    }

    /// The table of team matches' standings: places, 场分 and 局分 in the stage's order,
    /// its tiebreaks and the match record.
    fn of_matches(g: &Group, s: &TeamStandings) -> TeamTable {
        let (name, club) = (team_name_of(g), team_club_of(g));
        let mut columns = vec![TeamColumn::Rank, TeamColumn::Team, TeamColumn::Club];
        columns.extend(match s.primary {
            crate::domain::model::team::TeamPrimary::MatchPoints => [TeamColumn::MatchPoints, TeamColumn::GamePoints],
            crate::domain::model::team::TeamPrimary::GamePoints => [TeamColumn::GamePoints, TeamColumn::MatchPoints],
        });
        columns
            .extend(s.tiebreaks.iter().filter(|t| **t != TeamTiebreak::OtherPoints).map(|t| TeamColumn::Tiebreak(*t)));
        columns.push(TeamColumn::Record);
        let rows = s
            .rows
            .iter()
            .map(|r| TeamTableRow {
                team: r.team,
                cells: columns
                    .iter()
                    .map(|c| match c {
                        TeamColumn::Rank => r.rank.to_string(),
                        TeamColumn::Team => name(r.team),
                        TeamColumn::Club => club(r.team),
                        TeamColumn::MatchPoints => r.match_points.to_string(),
                        TeamColumn::GamePoints => r.game_points.to_string(),
                        TeamColumn::Tiebreak(TeamTiebreak::HeadToHead) => r.head_to_head.to_string(),
                        TeamColumn::Tiebreak(TeamTiebreak::OpponentsMatchPoints) => {
                            r.opponents_match_points.to_string()
                        }
                        TeamColumn::Tiebreak(TeamTiebreak::Wins) => r.wins.to_string(),
                        TeamColumn::Tiebreak(TeamTiebreak::BoardPoints) => r.board_points.to_string(),
                        TeamColumn::Tiebreak(TeamTiebreak::Fouls) => r.fouls.to_string(),
                        TeamColumn::Record => {
                            let (w, d, l) = r.won_drawn_lost;
                            format!("{w}/{d}/{l}")
                        }
                        _ => String::new(),
                    })
                    .collect(),
            })
            .collect();
        TeamTable { columns, rows, after_round: s.after_round }
    }

    /// The table of 队员总分制: the counted members' points, their opponents' points,
    /// best rank, fouls and numbers.
    fn of_members(event: &Event, g: &Group, s: &MemberStandings) -> TeamTable {
        let (name, club) = (team_name_of(g), team_club_of(g));
        let columns = vec![
            TeamColumn::Rank,
            TeamColumn::Team,
            TeamColumn::Club,
            TeamColumn::MemberPoints,
            TeamColumn::OpponentsPoints,
            TeamColumn::BestRank,
            TeamColumn::Fouls,
            TeamColumn::Members,
        ];
        // The counted members by the numbers shown.
        let numbers = |ps: &[StartNo]| ps.iter().map(|p| event.shown_no(*p).to_string()).collect::<Vec<_>>().join(", ");
        let rows = s
            .rows
            .iter()
            .map(|r| TeamTableRow {
                team: r.team,
                cells: vec![
                    r.rank.to_string(),
                    name(r.team),
                    club(r.team),
                    r.points.to_string(),
                    r.opponents_points.to_string(),
                    r.best_rank.map(|b| b.to_string()).unwrap_or_default(),
                    r.fouls.to_string(),
                    numbers(&r.counted),
                ],
            })
            .collect();
        TeamTable { columns, rows, after_round: s.after_round }
    }
}

/// A team's name in `g` (its id when the team is gone).
fn team_name_of(g: &Group) -> impl Fn(TeamId) -> String + '_ {
    |t: TeamId| g.team(t).map(|t| t.name.clone()).unwrap_or_else(|| t.to_string())
}

/// A team's club in `g`.
fn team_club_of(g: &Group) -> impl Fn(TeamId) -> String + '_ {
    |t: TeamId| g.team(t).map(|t| t.club.clone()).unwrap_or_default()
}

/// The team crosstable of a team stage: teams in rank order, each cell the
/// 局分 of the row team against the column team (`5:3`; several meetings joined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamCrosstable {
    /// Teams in rank order: rank, id, name.
    pub teams: Vec<(u32, TeamId, String)>,
    /// `cells[i][j]`: row team i against column team j; empty when they have not met.
    pub cells: Vec<Vec<String>>,
    /// Each row team's 场分 and 局分.
    pub totals: Vec<(String, String)>,
}

impl TeamCrosstable {
    /// The crosstable of a team stage after every round paired.
    ///
    /// # Errors
    /// An unknown group or stage, or not a team stage.
    pub fn of_stage(event: &Event, group: GroupId, stage_no: StageNo) -> Result<TeamCrosstable, DomainError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        let stage =
            g.stage(stage_no).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage: stage_no })?;
        let standings = team_standings(event, group, stage_no, stage.rounds.len() as u32)?;
        let order: Vec<TeamId> = standings.rows.iter().map(|r| r.team).collect();
        let index = |t: TeamId| order.iter().position(|x| *x == t);
        let mut cells = vec![vec![String::new(); order.len()]; order.len()];
        for (home, away, hs, aw) in meetings(stage) {
            if let (Some(i), Some(j)) = (index(home), index(away)) {
                push_cell(&mut cells[i][j], &format!("{hs}:{aw}"));
                push_cell(&mut cells[j][i], &format!("{aw}:{hs}"));
            }
        }
        let teams = standings
            .rows
            .iter()
            .map(|r| (r.rank, r.team, g.team(r.team).map(|t| t.name.clone()).unwrap_or_default()))
            .collect();
        let totals = standings.rows.iter().map(|r| (r.match_points.to_string(), r.game_points.to_string())).collect();
        Ok(TeamCrosstable { teams, cells, totals })
    }
}

fn push_cell(cell: &mut String, text: &str) {
    if !cell.is_empty() {
        cell.push(' ');
    }
    cell.push_str(text);
}

/// Every decided match of the stage: home, away and their 局分.
fn meetings(stage: &Stage) -> Vec<(TeamId, TeamId, String, String)> {
    let Some(rules) = &stage.teams else { return Vec::new() };
    stage
        .rounds
        .iter()
        .flat_map(|round| {
            round.teams.iter().flat_map(move |tr| {
                tr.matches.iter().filter_map(move |m| {
                    let s = score_match(stage, rules.boards, round, m);
                    s.complete.then(|| (m.home, m.away, s.home.game_points.to_string(), s.away.game_points.to_string()))
                })
            })
        })
        .collect()
}
