//! Points in tenths of a point: exact arithmetic, never floats.
//!
//! `Points(45)` is 4.5 points. Scoring tables, totals and point-valued tiebreaks
//! all use this type; only display and JSON output turn it into a decimal.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

/// A number of points, stored in tenths.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Points(pub i32);

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);

    /// Whole points, e.g. `Points::whole(4)` is 4 points.
    pub const fn whole(points: i32) -> Points {
        Points(points * 10)
    }

    /// The value in tenths.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// A JSON number: an integer when whole (`12`), else one decimal (`12.5`).
    pub fn to_json(self) -> serde_json::Value {
        tenths_to_json(i64::from(self.0))
    }

    /// Parses `"4"`, `"4.5"`, `"0.5"` or `"½"`-free decimal text with at most one decimal.
    ///
    /// # Errors
    /// Returns a message naming the text when it is not such a number.
    pub fn parse(text: &str) -> Result<Points, String> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, tenth) = match digits.split_once('.') {
            Some((w, t)) if t.len() == 1 => (w, t),
            Some((w, "")) => (w, "0"),
            Some(_) => return Err(format!("'{text}' has more than one decimal")),
            None => (digits, "0"),
        };
        let whole: i32 = whole.parse().map_err(|_| format!("'{text}' is not a number of points"))?;
        let tenth: i32 = tenth.parse().map_err(|_| format!("'{text}' is not a number of points"))?;
        let value = whole * 10 + tenth;
        Ok(Points(if negative { -value } else { value }))
    }
}

/// A JSON number from a value in tenths: integer when whole, else one decimal.
pub fn tenths_to_json(tenths: i64) -> serde_json::Value {
    if tenths % 10 == 0 {
        serde_json::Value::from(tenths / 10)
    } else {
        // Only at the output edge: one decimal is exact in the JSON text.
        serde_json::Value::from(tenths as f64 / 10.0)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(10) {
            write!(f, "{sign}{}", abs / 10)
        } else {
            write!(f, "{sign}{}.{}", abs / 10, abs % 10)
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_whole_and_half_points() {
        assert_eq!(Points(120).to_string(), "12");
        assert_eq!(Points(125).to_string(), "12.5");
        assert_eq!(Points(-5).to_string(), "-0.5");
    }

    #[test]
    fn parses_decimal_text() {
        assert_eq!(Points::parse("4"), Ok(Points(40)));
        assert_eq!(Points::parse("0.5"), Ok(Points(5)));
        assert!(Points::parse("0.25").is_err());
        assert!(Points::parse("x").is_err());
    }

    #[test]
    fn json_is_integer_when_whole() {
        assert_eq!(Points(270).to_json().to_string(), "27");
        assert_eq!(Points(125).to_json().to_string(), "12.5");
    }
}
