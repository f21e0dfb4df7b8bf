//! What a video stage records of each board (R-8.3, seed 000): the game time the two
//! players agree — a time of day from 08:00 to 22:00, optionally with its date — and
//! the official the committee assigns to watch the game (挂盘手).

use super::ids::BoardNo;
use jiff::civil::{Date, Time};
use serde::{Deserialize, Serialize};

/// The earliest game time the rules allow (08:00).
pub const EARLIEST_GAME_TIME: Time = Time::constant(8, 0, 0, 0);
/// The latest game time the rules allow (22:00, inclusive).
pub const LATEST_GAME_TIME: Time = Time::constant(22, 0, 0, 0);

/// An agreed game time: a time of day to the minute, and the day when it is known.
/// Written `19:30` or `2025-06-01 19:30`, in files and the audit log alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameTime {
    /// The day, when the players named one.
    pub date: Option<Date>,
    /// The time of day (seconds are always 0).
    pub time: Time,
}

impl GameTime {
    /// A time of day without a date; `None` past 23:59.
    pub fn at(hour: i8, minute: i8) -> Option<GameTime> {
        Time::new(hour, minute, 0, 0).ok().map(|time| GameTime { date: None, time })
    }

    /// Reads `19:30`, `8:05` or `2025-06-01 19:30` (a full-width colon counts as `:`,
    /// a `T` between date and time as a space). `None` when the text is none of these.
    pub fn parse(text: &str) -> Option<GameTime> {
        let text = text.trim().replace('：', ":").replace('T', " ");
        let (date, clock) = match text.split_once(' ') {
            Some((day, clock)) => (Some(day.trim().parse::<Date>().ok()?), clock.trim()),
            None => (None, text.as_str()),
        };
        let (hour, minute) = clock.split_once(':')?;
        let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.chars().all(|c| c.is_ascii_digit());
        if !digits(hour) || minute.len() != 2 || !digits(minute) {
            return None;
        }
        let time = Time::new(hour.parse().ok()?, minute.parse().ok()?, 0, 0).ok()?;
        Some(GameTime { date, time })
    }

    /// Whether the time of day is within the hours the rules allow, 08:00–22:00
    /// inclusive.
    pub fn within_hours(&self) -> bool {
        (EARLIEST_GAME_TIME..=LATEST_GAME_TIME).contains(&self.time)
    }
}

impl std::fmt::Display for GameTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(date) = self.date {
            write!(f, "{date} ")?;
        }
        write!(f, "{:02}:{:02}", self.time.hour(), self.time.minute())
    }
}

impl From<GameTime> for String {
    fn from(t: GameTime) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for GameTime {
    type Error = String;

    fn try_from(text: String) -> Result<GameTime, String> {
        GameTime::parse(&text).ok_or_else(|| format!("'{text}' is not a game time"))
    }
}

/// The record of one board of a video stage's round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardWatch {
    /// The board (a knockout match).
    pub board: BoardNo,
    /// The game time the players agreed, once reported.
    pub time: Option<GameTime>,
    /// The official assigned to watch (挂盘手), by name.
    pub watcher: Option<String>,
}

impl BoardWatch {
    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.time.is_none() && self.watcher.is_none()
    }
}

/// Puts `watch` in its board's place of the sorted list, or takes the board's entry out
/// when the watch records nothing.
pub fn put_watch(watches: &mut Vec<BoardWatch>, watch: BoardWatch) {
    watches.retain(|w| w.board != watch.board);
    if !watch.is_empty() {
        let at = watches.partition_point(|w| w.board < watch.board);
        watches.insert(at, watch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_times_read_and_write_back() {
        let t = GameTime::parse("2025-06-01 19:30").unwrap();
        assert_eq!(t.to_string(), "2025-06-01 19:30");
        assert_eq!(GameTime::parse(" 8:05 ").unwrap().to_string(), "08:05");
        assert_eq!(GameTime::parse("20：00"), GameTime::at(20, 0));
        for bad in ["", "19", "19:3", "24:00", "19:30:00", "2025-13-01 19:30", "abc"] {
            assert_eq!(GameTime::parse(bad), None, "{bad}");
        }
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, "\"2025-06-01 19:30\"");
        assert_eq!(serde_json::from_str::<GameTime>(&json).unwrap(), t);
    }

    // 08:00 to 22:00 inclusive.
    #[test]
    fn hours_are_eight_to_twenty_two_inclusive() {
        let within = |h, m| GameTime::at(h, m).unwrap().within_hours();
        assert!(!within(7, 59) && within(8, 0) && within(22, 0) && !within(22, 1));
    }
}
