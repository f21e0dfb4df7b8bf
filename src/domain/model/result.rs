//! Game results: the outcome, its reason and the fouls of each side,
//! and what each side scores under a stage's [`ScoringTable`].

use super::points::Points;
use super::rules::{Colour, ScoringTable};
use serde::{Deserialize, Serialize};

/// How a game ended, red named first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// `1-0`
    RedWins,
    /// `1/2`
    Draw,
    /// `0-1`
    BlackWins,
    /// `+-`: black did not play; red wins by forfeit.
    RedWinsByForfeit,
    /// `-+`: red did not play; black wins by forfeit.
    BlackWinsByForfeit,
    /// `--`: neither played.
    BothForfeit,
}

impl Outcome {
    /// Every outcome, in the order of the result keys.
    pub const ALL: [Outcome; 6] = [
        Outcome::RedWins,
        Outcome::Draw,
        Outcome::BlackWins,
        Outcome::RedWinsByForfeit,
        Outcome::BlackWinsByForfeit,
        Outcome::BothForfeit,
    ];

    /// Reads the CLI notation: `1-0`, `0-1`, `1/2` (or `=`, `½`), `+-`, `-+`, `--`
    /// (or `both-forfeit`).
    pub fn parse(text: &str) -> Option<Outcome> {
        match text.trim() {
            "1-0" => Some(Outcome::RedWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2" | "=" | "½" | "1/2-1/2" | "½-½" => Some(Outcome::Draw),
            "+-" => Some(Outcome::RedWinsByForfeit),
            "-+" => Some(Outcome::BlackWinsByForfeit),
            "--" | "both-forfeit" => Some(Outcome::BothForfeit),
            _ => None,
        }
    }

    /// The CLI notation, as in `pairings --json`.
    pub fn notation(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::Draw => "1/2",
            Outcome::BlackWins => "0-1",
            Outcome::RedWinsByForfeit => "+-",
            Outcome::BlackWinsByForfeit => "-+",
            Outcome::BothForfeit => "--",
        }
    }

    /// Whether the game was actually played on the board.
    pub fn was_played(self) -> bool {
        matches!(self, Outcome::RedWins | Outcome::Draw | Outcome::BlackWins)
    }

    /// Whether the given side failed to play (a forfeit against that side).
    pub fn forfeited_by(self, colour: Colour) -> bool {
        match self {
            Outcome::RedWinsByForfeit => colour == Colour::Black,
            Outcome::BlackWinsByForfeit => colour == Colour::Red,
            Outcome::BothForfeit => true,
            _ => false,
        }
    }

    /// Whether the given side won (on the board or by forfeit).
    pub fn won_by(self, colour: Colour) -> bool {
        match self {
            Outcome::RedWins | Outcome::RedWinsByForfeit => colour == Colour::Red,
            Outcome::BlackWins | Outcome::BlackWinsByForfeit => colour == Colour::Black,
            Outcome::Draw | Outcome::BothForfeit => false,
        }
    }

    /// Points scored by the given side under the table.
    pub fn points_for(self, colour: Colour, table: &ScoringTable) -> Points {
        match self {
            Outcome::Draw => table.draw(colour),
            Outcome::RedWins | Outcome::BlackWins => {
                if self.won_by(colour) {
                    table.win(colour)
                } else {
                    table.loss(colour)
                }
            }
            Outcome::RedWinsByForfeit | Outcome::BlackWinsByForfeit => {
                if self.won_by(colour) {
                    table.forfeit_win(colour)
                } else {
                    table.forfeit_loss
                }
            }
            Outcome::BothForfeit => table.forfeit_loss,
        }
    }
}

/// Why a game ended as it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultReason {
    /// On the board.
    #[default]
    Normal,
    /// Loss on time.
    Time,
    /// Late arrival (5 minutes, or the wrong board).
    Late,
    /// A rule violation (长将/长捉 …).
    Violation,
    /// Disconnection in an online game.
    Disconnect,
    /// Decided by the arbiter.
    Adjudication,
}

impl ResultReason {
    /// Every reason, in the order of the CLI's `--reason` values.
    pub const ALL: [ResultReason; 6] = [
        ResultReason::Normal,
        ResultReason::Time,
        ResultReason::Late,
        ResultReason::Violation,
        ResultReason::Disconnect,
        ResultReason::Adjudication,
    ];

    /// The code of `--reason` and of JSON.
    pub fn code(self) -> &'static str {
        match self {
            ResultReason::Normal => "normal",
            ResultReason::Time => "time",
            ResultReason::Late => "late",
            ResultReason::Violation => "violation",
            ResultReason::Disconnect => "disconnect",
            ResultReason::Adjudication => "adjudication",
        }
    }

    /// Reads [`ResultReason::code`] back.
    pub fn parse(code: &str) -> Option<ResultReason> {
        ResultReason::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The Chinese label.
    pub fn label_zh(self) -> &'static str {
        match self {
            ResultReason::Normal => "正常",
            ResultReason::Time => "超时",
            ResultReason::Late => "迟到",
            ResultReason::Violation => "违例",
            ResultReason::Disconnect => "掉线",
            ResultReason::Adjudication => "裁决",
        }
    }
}

/// The most fouls (犯规) one side can be given in one game (issue 38, item 12): a
/// typing slip of 99 or 1000 would otherwise decide the fouls tiebreak.
pub const MAX_FOULS: u32 = 9;

/// A recorded result of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// How it ended.
    pub outcome: Outcome,
    /// Why.
    #[serde(default)]
    pub reason: ResultReason,
    /// Fouls (犯规) recorded against red in this game.
    #[serde(default)]
    pub fouls_red: u32,
    /// Fouls recorded against black in this game.
    #[serde(default)]
    pub fouls_black: u32,
}

impl GameResult {
    /// A result with reason normal and no fouls.
    pub fn plain(outcome: Outcome) -> GameResult {
        GameResult { outcome, reason: ResultReason::Normal, fouls_red: 0, fouls_black: 0 }
    }

    /// Fouls recorded against the given side.
    pub fn fouls(&self, colour: Colour) -> u32 {
        match colour {
            Colour::Red => self.fouls_red,
            Colour::Black => self.fouls_black,
        }
    }

    /// The result as it is recorded: late arrival is a forfeit (R-11.1, both seeds:
    /// 迟到 is 弃权负), so a decisive result given with the reason `late` becomes the
    /// matching forfeit — counted by the forfeit rules, with no colour, scored as a
    /// forfeit. Every other result is kept as given.
    pub fn as_recorded(self) -> GameResult {
        let outcome = match (self.reason, self.outcome) {
            (ResultReason::Late, Outcome::RedWins) => Outcome::RedWinsByForfeit,
            (ResultReason::Late, Outcome::BlackWins) => Outcome::BlackWinsByForfeit,
            (_, outcome) => outcome,
        };
        GameResult { outcome, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lingting() -> ScoringTable {
        ScoringTable {
            red_win: Points::whole(4),
            red_draw: Points::whole(2),
            red_loss: Points::ZERO,
            black_win: Points::whole(5),
            black_draw: Points::whole(3),
            black_loss: Points::ZERO,
            bye: Points::whole(4),
            requested_bye: Points::ZERO,
            forfeit_win: None,
            forfeit_loss: Points::ZERO,
            bye_opponent: crate::domain::rules::ByeOpponent::Lowest,
        }
    }

    // colour-asymmetric scoring of seed 000.
    #[test]
    fn asymmetric_points_follow_the_colour() {
        let t = lingting();
        assert_eq!(Outcome::RedWins.points_for(Colour::Red, &t), Points::whole(4));
        assert_eq!(Outcome::BlackWins.points_for(Colour::Black, &t), Points::whole(5));
        assert_eq!(Outcome::Draw.points_for(Colour::Red, &t), Points::whole(2));
        assert_eq!(Outcome::Draw.points_for(Colour::Black, &t), Points::whole(3));
        assert_eq!(Outcome::BlackWins.points_for(Colour::Red, &t), Points::ZERO);
    }

    // a forfeit is a win for the present player with the colour as paired.
    #[test]
    fn forfeit_scores_the_win_of_the_paired_colour() {
        let t = lingting();
        let o = Outcome::BlackWinsByForfeit;
        assert_eq!(o.points_for(Colour::Black, &t), Points::whole(5));
        assert_eq!(o.points_for(Colour::Red, &t), Points::ZERO);
        assert!(o.forfeited_by(Colour::Red) && !o.forfeited_by(Colour::Black));
        assert_eq!(Outcome::BothForfeit.points_for(Colour::Red, &t), Points::ZERO);
    }

    #[test]
    fn notation_round_trips() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::parse(o.notation()), Some(o));
        }
        assert_eq!(Outcome::parse("both-forfeit"), Some(Outcome::BothForfeit));
    }
}
