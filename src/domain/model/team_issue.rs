//! Why a team command was refused: [`TeamIssue`], carried by
//! `DomainError::Team`, with its words in both languages beside it.

use super::ids::{RoundNo, StageNo, StartNo};
use crate::lang::{Lang, Localized};
use thiserror::Error;

/// A team, line-up or team-stage refusal. Nothing was changed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TeamIssue {
    /// No team of that name or number in the group.
    #[error("no team {0}")]
    UnknownTeam(String),
    /// The stage's entrants are players, not teams.
    #[error("stage {0} is not a team stage")]
    NotATeamStage(StageNo),
    /// A line-up names a player the team has not registered.
    #[error("player {player} is not a member of team {team}")]
    NotTeamMember { player: StartNo, team: String },
    /// More players than boards.
    #[error("team {team} names {named} players for {boards} boards")]
    LineupTooLong { team: String, boards: u32, named: usize },
    /// A player named twice in one line-up or team.
    #[error("player {0} is named twice")]
    NamedTwice(StartNo),
    /// A line-up out of the registered board order.
    #[error("player {player} is out of team {team}'s registered order")]
    LineupOutOfOrder { player: StartNo, team: String },
    /// A withdrawn or disqualified member in a line-up.
    #[error("player {0} has withdrawn or been disqualified and cannot play")]
    MemberCannotPlay(StartNo),
    /// A team without a name.
    #[error("a team needs a name")]
    NameMissing,
    /// A name longer than the limit.
    #[error("a team name has at most {0} characters")]
    NameTooLong(usize),
    /// Another team of the group has the name.
    #[error("the group already has a team {0}")]
    NameTaken(String),
    /// A team without members.
    #[error("team {0} has no members")]
    NoMembers(String),
    /// A player already in another team of the group.
    #[error("player {player} is already in team {team}")]
    InAnotherTeam { player: StartNo, team: String },
    /// The captain must be a member.
    #[error("captain {player} is not a member of team {team}")]
    CaptainNotMember { player: StartNo, team: String },
    /// A team that has played a team round stays.
    #[error("team {0} has played and cannot be removed")]
    TeamHasPlayed(String),
    /// A line-up changes only before the match's first result.
    #[error("match {match_no} of round {round} has results already")]
    MatchStarted { round: RoundNo, match_no: u32 },
    /// The team has no match in the round (a bye).
    #[error("team {team} has no match in round {round}")]
    NoMatch { team: String, round: RoundNo },
    /// Boards per match out of 2 … 8.
    #[error("a team match has 2 to 8 boards, not {0}")]
    BoardsOutOfRange(u32),
    /// The boards per match are fixed once a round is paired.
    #[error("stage {0} has paired rounds; its boards per match are fixed")]
    BoardsFixed(StageNo),
    /// A team round's boards follow its matches' line-ups: no hand edit of seats,
    /// colours or byes (issue 38, item 14).
    #[error("round {0} is a team round; its boards follow the line-ups and cannot be edited by hand")]
    NoHandEdit(RoundNo),
    /// The event's team ranking counts at least one member per club.
    #[error("the event's team ranking counts at least 1 member")]
    CountZero,
    /// The event's team ranking names no group.
    #[error("the event's team ranking needs at least one group")]
    NoGroupCounted,
    /// A group of the event's team ranking plays team matches (R-10.8 counts players).
    #[error("group {0} plays team matches; the event's team ranking counts individual groups")]
    GroupPlaysTeamMatches(String),
}

impl Localized for TeamIssue {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => zh(self),
            Lang::En => en(self),
        }
    }
}

fn zh(issue: &TeamIssue) -> String {
    use TeamIssue as T;
    match issue {
        T::UnknownTeam(name) => format!("本组没有名为“{name}”的队。"),
        T::NotATeamStage(s) => format!("第{s}阶段不是团体赛阶段。"),
        T::NotTeamMember { player, team } => format!("{player}号选手不是“{team}”的队员。"),
        T::LineupTooLong { team, boards, named } => {
            format!("“{team}”排出了{named}名队员，但每场只有{boards}台。")
        }
        T::NamedTwice(p) => format!("{p}号选手被列了两次。"),
        T::LineupOutOfOrder { player, team } => {
            format!("{player}号选手的台次不符合“{team}”报名的台次顺序。")
        }
        T::MemberCannotPlay(p) => format!("{p}号选手已退赛或被取消资格，不能上场。"),
        T::NameMissing => "请填写队名。".into(),
        T::NameTooLong(n) => format!("队名最多{n}个字。"),
        T::NameTaken(name) => format!("本组已有“{name}”队。"),
        T::NoMembers(name) => format!("“{name}”没有队员。"),
        T::InAnotherTeam { player, team } => format!("{player}号选手已在“{team}”队中。"),
        T::CaptainNotMember { player, team } => format!("队长{player}号不是“{team}”的队员。"),
        T::TeamHasPlayed(name) => format!("“{name}”已经参赛，不能删除。"),
        T::MatchStarted { round, match_no } => {
            format!("第{round}轮第{match_no}场已有成绩，出场名单不能再改。")
        }
        T::NoMatch { team, round } => format!("“{team}”在第{round}轮没有比赛。"),
        T::BoardsOutOfRange(k) => format!("团体赛每场为2至8台，不能是{k}台。"),
        T::BoardsFixed(s) => format!("第{s}阶段已经编排，每场台数不能再改。"),
        T::NoHandEdit(r) => {
            format!("第{r}轮是团体赛轮次，各台由出场名单排定，对阵不能手工修改；请改各队的出场名单。")
        }
        T::CountZero => "每个单位至少计1名队员的成绩。".into(),
        T::NoGroupCounted => "全赛事团体排名至少要计一个组别。".into(),
        T::GroupPlaysTeamMatches(g) => format!("“{g}”是团体对抗赛组别；全赛事团体排名只计个人赛组别。"),
    }
}

fn en(issue: &TeamIssue) -> String {
    use TeamIssue as T;
    match issue {
        T::UnknownTeam(name) => format!("The group has no team “{name}”."),
        T::NotATeamStage(s) => format!("Stage {s} is not a team stage."),
        T::NotTeamMember { player, team } => format!("No. {player} is not a member of “{team}”."),
        T::LineupTooLong { team, boards, named } => {
            format!("“{team}” names {named} players, but a match has {boards} boards.")
        }
        T::NamedTwice(p) => format!("No. {p} is named twice."),
        T::LineupOutOfOrder { player, team } => {
            format!("No. {player} is out of the board order “{team}” registered.")
        }
        T::MemberCannotPlay(p) => format!("No. {p} has withdrawn or been disqualified and cannot play."),
        T::NameMissing => "A team needs a name.".into(),
        T::NameTooLong(n) => format!("A team name has at most {n} characters."),
        T::NameTaken(name) => format!("The group already has a team “{name}”."),
        T::NoMembers(name) => format!("“{name}” has no members."),
        T::InAnotherTeam { player, team } => format!("No. {player} is already in “{team}”."),
        T::CaptainNotMember { player, team } => format!("Captain no. {player} is not a member of “{team}”."),
        T::TeamHasPlayed(name) => format!("“{name}” has played and cannot be removed."),
        T::MatchStarted { round, match_no } => {
            format!("Match {match_no} of round {round} has results; its line-ups can no longer change.")
        }
        T::NoMatch { team, round } => format!("“{team}” has no match in round {round}."),
        T::BoardsOutOfRange(k) => format!("A team match has 2 to 8 boards, not {k}."),
        T::BoardsFixed(s) => format!("Stage {s} has paired rounds; its boards per match are fixed."),
        T::NoHandEdit(r) => format!(
            "Round {r} is a team round: its boards follow the teams' line-ups, so its pairing cannot be \
             edited by hand; change the line-ups instead."
        ),
        T::CountZero => "Each club counts at least 1 member.".into(),
        T::NoGroupCounted => "The event's team ranking needs at least one group.".into(),
        T::GroupPlaysTeamMatches(g) => {
            format!("“{g}” plays team matches; the event's team ranking counts individual groups only.")
        }
    }
}
