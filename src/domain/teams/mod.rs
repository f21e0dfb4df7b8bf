//! Team competitions' rules: line-ups (who plays which board, and the games a
//! match's line-ups make), a match's score (局分, 胜局, 台次分, fouls, then 场分), team
//! standings of team matches with the tiebreaks of, 队员总分制 over an
//! individual group, the event's clubs ranked across its groups,
//! board prizes by score rate, and teams made from clubs. Pairing a team round
//! is a pairing system and lives in `swiss`.

pub mod board_prizes;
pub mod event_ranking;
pub mod from_clubs;
pub mod lineup;
pub mod members;
pub mod prizes;
pub mod scoring;
pub mod standings;

pub use scoring::{MatchScore, SideScore, score_match};
pub use standings::{TeamRow, TeamStandings, team_standings};
