//! The JaVaFo `XXS` scoring codes and their mapping to a Bianpai [`ScoringTable`].
//!
//! | XXS | default | Bianpai |
//! |-----|---------|---------|
//! | `WW` `WD` `WL` | 1 ½ 0 | `red_win`, `red_draw`, `red_loss` (white = red) |
//! | `BW` `BD` `BL` | 1 ½ 0 | `black_win`, `black_draw`, `black_loss` |
//! | `PAB` | 1 | `bye` (pairing-allocated bye, `U`) |
//! | `HPB` | ½ | `requested_bye` (half-point bye, `H` → requested bye) |
//! | `FPB` | 1 | the `points` of each full-point bye (`F` → requested bye with points) |
//! | `ZPB` | 0 | the `points` of each zero-point bye (`Z` → absent), only when not 0 |
//! | `FW` | 1 | `forfeit_win`: `None` when it equals both `WW` and `BW`, else `Some(FW)` |
//! | `FL` | 0 | `forfeit_loss` |
//!
//! `W` sets `WW BW FW FPB` and `D` sets `WD BD HPB`; codes not given keep their
//! defaults; the last value given for a code wins.

use crate::domain::points::Points;
use crate::domain::rules::ScoringTable;
use std::fmt;

/// One code of an `XXS` record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreCode {
    /// Win with white.
    WW,
    /// Win with black.
    BW,
    /// Draw with white.
    WD,
    /// Draw with black.
    BD,
    /// Loss with white.
    WL,
    /// Loss with black.
    BL,
    /// Zero-point bye.
    ZPB,
    /// Half-point bye.
    HPB,
    /// Full-point bye.
    FPB,
    /// Pairing-allocated bye.
    PAB,
    /// Forfeit win.
    FW,
    /// Forfeit loss.
    FL,
    /// Shortcut for `WW BW FW FPB`.
    W,
    /// Shortcut for `WD BD HPB`.
    D,
}

impl ScoreCode {
    /// Every code, in the order of the JaVaFo manual.
    pub const ALL: [ScoreCode; 14] = [
        ScoreCode::WW,
        ScoreCode::BW,
        ScoreCode::WD,
        ScoreCode::BD,
        ScoreCode::WL,
        ScoreCode::BL,
        ScoreCode::ZPB,
        ScoreCode::HPB,
        ScoreCode::FPB,
        ScoreCode::PAB,
        ScoreCode::FW,
        ScoreCode::FL,
        ScoreCode::W,
        ScoreCode::D,
    ];

    /// The code as written in the file.
    pub fn as_str(self) -> &'static str {
        match self {
            ScoreCode::WW => "WW",
            ScoreCode::BW => "BW",
            ScoreCode::WD => "WD",
            ScoreCode::BD => "BD",
            ScoreCode::WL => "WL",
            ScoreCode::BL => "BL",
            ScoreCode::ZPB => "ZPB",
            ScoreCode::HPB => "HPB",
            ScoreCode::FPB => "FPB",
            ScoreCode::PAB => "PAB",
            ScoreCode::FW => "FW",
            ScoreCode::FL => "FL",
            ScoreCode::W => "W",
            ScoreCode::D => "D",
        }
    }

    /// Reads a code (exact case, as in the manual).
    pub fn parse(text: &str) -> Option<ScoreCode> {
        ScoreCode::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for ScoreCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The point values of a TRF(x) file: JaVaFo's defaults changed by its `XXS` records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrfScoring {
    /// `WW`
    pub white_win: Points,
    /// `BW`
    pub black_win: Points,
    /// `WD`
    pub white_draw: Points,
    /// `BD`
    pub black_draw: Points,
    /// `WL`
    pub white_loss: Points,
    /// `BL`
    pub black_loss: Points,
    /// `ZPB`
    pub zero_point_bye: Points,
    /// `HPB`
    pub half_point_bye: Points,
    /// `FPB`
    pub full_point_bye: Points,
    /// `PAB`
    pub pairing_bye: Points,
    /// `FW`
    pub forfeit_win: Points,
    /// `FL`
    pub forfeit_loss: Points,
}

impl Default for TrfScoring {
    /// JaVaFo's defaults: 1 / ½ / 0, byes and forfeits as in FIDE rules.
    fn default() -> Self {
        TrfScoring {
            white_win: Points(10),
            black_win: Points(10),
            white_draw: Points(5),
            black_draw: Points(5),
            white_loss: Points(0),
            black_loss: Points(0),
            zero_point_bye: Points(0),
            half_point_bye: Points(5),
            full_point_bye: Points(10),
            pairing_bye: Points(10),
            forfeit_win: Points(10),
            forfeit_loss: Points(0),
        }
    }
}

impl TrfScoring {
    /// Sets one code (a shortcut sets every code it stands for).
    pub fn set(&mut self, code: ScoreCode, value: Points) {
        match code {
            ScoreCode::WW => self.white_win = value,
            ScoreCode::BW => self.black_win = value,
            ScoreCode::WD => self.white_draw = value,
            ScoreCode::BD => self.black_draw = value,
            ScoreCode::WL => self.white_loss = value,
            ScoreCode::BL => self.black_loss = value,
            ScoreCode::ZPB => self.zero_point_bye = value,
            ScoreCode::HPB => self.half_point_bye = value,
            ScoreCode::FPB => self.full_point_bye = value,
            ScoreCode::PAB => self.pairing_bye = value,
            ScoreCode::FW => self.forfeit_win = value,
            ScoreCode::FL => self.forfeit_loss = value,
            ScoreCode::W => {
                self.white_win = value;
                self.black_win = value;
                self.forfeit_win = value;
                self.full_point_bye = value;
            }
            ScoreCode::D => {
                self.white_draw = value;
                self.black_draw = value;
                self.half_point_bye = value;
            }
        }
    }

    /// The value of one code; a shortcut reads the first code it stands for.
    pub fn get(&self, code: ScoreCode) -> Points {
        match code {
            ScoreCode::WW | ScoreCode::W => self.white_win,
            ScoreCode::BW => self.black_win,
            ScoreCode::WD | ScoreCode::D => self.white_draw,
            ScoreCode::BD => self.black_draw,
            ScoreCode::WL => self.white_loss,
            ScoreCode::BL => self.black_loss,
            ScoreCode::ZPB => self.zero_point_bye,
            ScoreCode::HPB => self.half_point_bye,
            ScoreCode::FPB => self.full_point_bye,
            ScoreCode::PAB => self.pairing_bye,
            ScoreCode::FW => self.forfeit_win,
            ScoreCode::FL => self.forfeit_loss,
        }
    }

    /// The stage's scoring table (see the module's mapping). Full-point and
    /// zero-point byes carry their points on each [`Bye`](crate::domain::event::Bye).
    pub fn to_table(&self) -> ScoringTable {
        ScoringTable {
            red_win: self.white_win,
            red_draw: self.white_draw,
            red_loss: self.white_loss,
            black_win: self.black_win,
            black_draw: self.black_draw,
            black_loss: self.black_loss,
            bye: self.pairing_bye,
            requested_bye: self.half_point_bye,
            forfeit_win: if self.forfeit_win == self.white_win && self.forfeit_win == self.black_win {
                None
            } else {
                Some(self.forfeit_win)
            },
            forfeit_loss: self.forfeit_loss,
            bye_opponent: crate::domain::rules::ByeOpponent::Lowest,
        }
    }

    /// The codes whose value differs from the default, in [`ScoreCode::ALL`] order
    /// (no shortcuts): what an `XXS` record must say.
    pub fn differences(&self) -> Vec<(ScoreCode, Points)> {
        let default = TrfScoring::default();
        ScoreCode::ALL[..12].iter().filter(|c| self.get(**c) != default.get(**c)).map(|c| (*c, self.get(*c))).collect()
    }
}

/// Reads a non-negative decimal with at most one significant decimal: `2`, `2.5`,
/// `.5`, `10.0`, `0.50`. `None` for anything else (`0.25`, `x`, `-1`).
pub(crate) fn parse_tenths(text: &str) -> Option<Points> {
    let text = text.trim();
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut digits = fraction.bytes();
    let tenth = digits.next().map_or(0, |b| i32::from(b - b'0'));
    if digits.any(|b| b != b'0') {
        return None;
    }
    let whole: i32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    whole.checked_mul(10)?.checked_add(tenth).map(Points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_in_tenths() {
        assert_eq!(parse_tenths("2.5"), Some(Points(25)));
        assert_eq!(parse_tenths(" 10.0"), Some(Points(100)));
        assert_eq!(parse_tenths(".5"), Some(Points(5)));
        assert_eq!(parse_tenths("3"), Some(Points(30)));
        assert_eq!(parse_tenths("0.50"), Some(Points(5)));
        assert_eq!(parse_tenths("0.25"), None);
        assert_eq!(parse_tenths("-1"), None);
        assert_eq!(parse_tenths("."), None);
        assert_eq!(parse_tenths(""), None);
    }

    #[test]
    fn shortcuts_set_their_codes_and_the_last_value_wins() {
        let mut s = TrfScoring::default();
        s.set(ScoreCode::W, Points(30));
        s.set(ScoreCode::D, Points(10));
        s.set(ScoreCode::PAB, Points(10));
        assert_eq!(
            (s.white_win, s.black_win, s.forfeit_win, s.full_point_bye),
            (Points(30), Points(30), Points(30), Points(30))
        );
        assert_eq!(s.half_point_bye, Points(10));
        let t = s.to_table();
        assert_eq!(
            (t.red_win, t.black_draw, t.bye, t.requested_bye, t.forfeit_win),
            (Points(30), Points(10), Points(10), Points(10), None)
        );
    }

    #[test]
    fn colour_dependent_wins_keep_a_fixed_forfeit_win() {
        let mut s = TrfScoring::default();
        s.set(ScoreCode::BW, Points(15));
        assert_eq!(s.to_table().forfeit_win, Some(Points(10)));
        assert_eq!(s.differences(), vec![(ScoreCode::BW, Points(15))]);
    }
}
