//! Rules a stage runs under: the scoring table (R-2), the ordered tiebreaks (R-5.1)
//! and the edition of FIDE's tie-break regulations they follow (R-11.4), pairing
//! options (R-3) and discipline limits (R-4.4).

use super::points::Points;
use crate::lang::Lang;
use jiff::civil::{Date, date};
use serde::{Deserialize, Serialize};

/// A side of the board. Red moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// 红方 / 先手
    Red,
    /// 黑方 / 后手
    Black,
}

impl Colour {
    /// The other side.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }
}

/// What a single game is worth (R-2.1, R-2.2): six values for red/black × win/draw/loss,
/// plus byes and forfeits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoringTable {
    /// 红胜
    pub red_win: Points,
    /// 红和
    pub red_draw: Points,
    /// 红负
    pub red_loss: Points,
    /// 黑胜
    pub black_win: Points,
    /// 黑和
    pub black_draw: Points,
    /// 黑负
    pub black_loss: Points,
    /// A pairing-allocated bye (轮空); CXA 14.4 scores it as a win.
    pub bye: Points,
    /// A bye the player asked for in advance.
    pub requested_bye: Points,
    /// The present player of a forfeited game: `None` scores the win of the colour
    /// as paired (R-2.2), `Some` a fixed value.
    pub forfeit_win: Option<Points>,
    /// The absent player of a forfeited game.
    pub forfeit_loss: Points,
    /// What a pairing-allocated bye adds to 对手分 and the tiebreaks built on it
    /// (R-5.4): the lowest total above zero (CXA 14.4, the default) or nothing.
    #[serde(default)]
    pub bye_opponent: ByeOpponent,
}

/// What a pairing-allocated bye adds to the player's 对手分 (R-5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeOpponent {
    /// The lowest total above zero among the stage's players (CXA 14.4).
    #[default]
    Lowest,
    /// Nothing.
    Zero,
}

impl ScoringTable {
    /// The same values for both colours: win / draw / loss, bye scored as a win.
    pub fn symmetric(win: Points, draw: Points, loss: Points) -> ScoringTable {
        ScoringTable {
            red_win: win,
            red_draw: draw,
            red_loss: loss,
            black_win: win,
            black_draw: draw,
            black_loss: loss,
            bye: win,
            requested_bye: Points::ZERO,
            forfeit_win: None,
            forfeit_loss: loss,
            bye_opponent: ByeOpponent::Lowest,
        }
    }

    /// Points for a win with the given colour.
    pub fn win(&self, colour: Colour) -> Points {
        match colour {
            Colour::Red => self.red_win,
            Colour::Black => self.black_win,
        }
    }

    /// Points for a draw with the given colour.
    pub fn draw(&self, colour: Colour) -> Points {
        match colour {
            Colour::Red => self.red_draw,
            Colour::Black => self.black_draw,
        }
    }

    /// Points for a loss with the given colour.
    pub fn loss(&self, colour: Colour) -> Points {
        match colour {
            Colour::Red => self.red_loss,
            Colour::Black => self.black_loss,
        }
    }

    /// Points for winning by the opponent's forfeit with the given colour.
    pub fn forfeit_win(&self, colour: Colour) -> Points {
        self.forfeit_win.unwrap_or_else(|| self.win(colour))
    }
}

/// One tiebreak of the stage's ordered list (R-5.1, R-5.4). Each is computed by one
/// function of `standings::tiebreaks`.
///
/// The xiangqi tiebreaks keep the CXA definitions of R-5.4 (对手分 and those built on
/// it); the FIDE ones — `buchholz`, `buchholz_cut1`, `buchholz_cut2`, `median`,
/// `sonneborn_berger`, `rounds_won`, `games_won`, `average_opponent_rating`,
/// `direct_encounter` — follow the FIDE Tie-Break Regulations C.07 as applied to
/// FIDE-rated competitions from 1 April 2024 ("C.07 (2024)"), unplayed rounds by its
/// Article 16, or its 2026 amendment, whose Article 16.4 caps the dummy opponent of an
/// unplayed round: the stage's [`FideEditionChoice`] says which (R-11.4). `black_games`
/// and `black_wins` are FIDE's BPG and BWG as they stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    /// 对手分: sum of the opponents' totals, CXA bye rule.
    OpponentsPoints,
    /// 累进分: sum of the running totals.
    Progressive,
    /// 胜局: wins, forfeit wins included.
    Wins,
    /// 后手局: games played as black; FIDE's BPG (C.07 (2024) Art. 7.3).
    BlackGames,
    /// 后手胜局: wins as black; FIDE's BWG (C.07 (2024) Art. 7.4).
    BlackWins,
    /// 犯规: fouls; fewer ranks higher.
    Fouls,
    /// 直胜: points scored against the other tied players.
    HeadToHead,
    /// Sonneborn-Berger, C.07 (2024) Art. 9.1: opponents' adjusted scores times the
    /// points scored against them; unplayed rounds by Art. 16.4.
    SonnebornBerger,
    /// Buchholz Cut-1, C.07 (2024) Art. 8.1 with 14.1: Buchholz less its least
    /// significant value, a voluntary unplayed round first (Art. 16.5).
    BuchholzCut1,
    /// Buchholz, C.07 (2024) Art. 8.1: the opponents' adjusted scores (Art. 16.3), an
    /// unplayed round counting the player's own score (Art. 16.4). Not 对手分, whose
    /// CXA bye rule it does not share.
    Buchholz,
    /// Median-Buchholz (Median-1), C.07 (2024) Art. 8.1 with 14.3: Buchholz less its
    /// least and most significant values, voluntary unplayed rounds cut first (16.5).
    Median,
    /// Seed 003: ranks after the previous round, and so on back.
    PreviousRank,
    /// CXA 14.3.1 比较前一轮成绩: totals after the previous round, then the one before …
    PreviousScore,
    /// 先手胜局: games won as red (played games only).
    RedWins,
    /// 胜手和: the totals of the opponents beaten (forfeit wins included).
    BeatenOpponentsPoints,
    /// 和手和: the totals of the opponents drawn.
    DrawnOpponentsPoints,
    /// Buchholz Cut-2, C.07 (2024) Art. 8.1 with 14.2: Buchholz less its two least
    /// significant values, voluntary unplayed rounds first (Art. 16.5).
    BuchholzCut2,
    /// ARO, C.07 (2024) Art. 10.1: the average rating of the opponents met over the
    /// board, rounded to a whole number; unrated opponents left out.
    AverageOpponentRating,
    /// DE, C.07 (2024) Art. 6: the tied players' results against each other (no
    /// forfeits), applied again to any subset still level. Not 直胜 (R-5.4).
    DirectEncounter,
    /// WIN, C.07 (2024) Art. 7.1: rounds with a win's points, played or not (forfeit
    /// wins and byes scored as wins included).
    RoundsWon,
    /// WON, C.07 (2024) Art. 7.2: games won over the board.
    GamesWon,
}

impl Tiebreak {
    /// Every tiebreak, in declaration order.
    pub const ALL: [Tiebreak; 21] = [
        Tiebreak::OpponentsPoints,
        Tiebreak::Progressive,
        Tiebreak::Wins,
        Tiebreak::BlackGames,
        Tiebreak::BlackWins,
        Tiebreak::Fouls,
        Tiebreak::HeadToHead,
        Tiebreak::SonnebornBerger,
        Tiebreak::BuchholzCut1,
        Tiebreak::Buchholz,
        Tiebreak::Median,
        Tiebreak::PreviousRank,
        Tiebreak::PreviousScore,
        Tiebreak::RedWins,
        Tiebreak::BeatenOpponentsPoints,
        Tiebreak::DrawnOpponentsPoints,
        Tiebreak::BuchholzCut2,
        Tiebreak::AverageOpponentRating,
        Tiebreak::DirectEncounter,
        Tiebreak::RoundsWon,
        Tiebreak::GamesWon,
    ];

    /// The key used in JSON (`standings --json`) and files.
    pub fn key(self) -> &'static str {
        match self {
            Tiebreak::OpponentsPoints => "opponents_points",
            Tiebreak::Progressive => "progressive",
            Tiebreak::Wins => "wins",
            Tiebreak::BlackGames => "black_games",
            Tiebreak::BlackWins => "black_wins",
            Tiebreak::Fouls => "fouls",
            Tiebreak::HeadToHead => "head_to_head",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::BuchholzCut1 => "buchholz_cut1",
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::Median => "median",
            Tiebreak::PreviousRank => "previous_rank",
            Tiebreak::PreviousScore => "previous_score",
            Tiebreak::RedWins => "red_wins",
            Tiebreak::BeatenOpponentsPoints => "beaten_opponents_points",
            Tiebreak::DrawnOpponentsPoints => "drawn_opponents_points",
            Tiebreak::BuchholzCut2 => "buchholz_cut2",
            Tiebreak::AverageOpponentRating => "average_opponent_rating",
            Tiebreak::DirectEncounter => "direct_encounter",
            Tiebreak::RoundsWon => "rounds_won",
            Tiebreak::GamesWon => "games_won",
        }
    }

    /// The Chinese column heading.
    pub fn label_zh(self) -> &'static str {
        match self {
            Tiebreak::OpponentsPoints => "对手分",
            Tiebreak::Progressive => "累进分",
            Tiebreak::Wins => "胜局",
            Tiebreak::BlackGames => "后手局",
            Tiebreak::BlackWins => "后手胜局",
            Tiebreak::Fouls => "犯规",
            Tiebreak::HeadToHead => "直胜",
            Tiebreak::SonnebornBerger => "索伯分",
            Tiebreak::BuchholzCut1 => "去低对手分",
            Tiebreak::Buchholz => "布赫霍尔茨",
            Tiebreak::Median => "中位分",
            Tiebreak::PreviousRank => "前轮名次",
            Tiebreak::PreviousScore => "前轮成绩",
            Tiebreak::RedWins => "先手胜局",
            Tiebreak::BeatenOpponentsPoints => "胜手和",
            Tiebreak::DrawnOpponentsPoints => "和手和",
            Tiebreak::BuchholzCut2 => "去两低对手分",
            Tiebreak::AverageOpponentRating => "对手平均等级分",
            Tiebreak::DirectEncounter => "直接对局",
            Tiebreak::RoundsWon => "计胜轮数",
            Tiebreak::GamesWon => "实战胜局",
        }
    }

    /// The English column heading.
    pub fn label_en(self) -> &'static str {
        match self {
            Tiebreak::OpponentsPoints => "Opp. pts",
            Tiebreak::Progressive => "Progr.",
            Tiebreak::Wins => "Wins",
            Tiebreak::BlackGames => "As black",
            Tiebreak::BlackWins => "Wins as black",
            Tiebreak::Fouls => "Fouls",
            Tiebreak::HeadToHead => "H2H",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::BuchholzCut1 => "BH-1",
            Tiebreak::Buchholz => "BH",
            Tiebreak::Median => "Median",
            Tiebreak::PreviousRank => "Prev. rank",
            Tiebreak::PreviousScore => "Prev. score",
            Tiebreak::RedWins => "Wins as red",
            Tiebreak::BeatenOpponentsPoints => "Beaten opp.",
            Tiebreak::DrawnOpponentsPoints => "Drawn opp.",
            Tiebreak::BuchholzCut2 => "BH-2",
            Tiebreak::AverageOpponentRating => "ARO",
            Tiebreak::DirectEncounter => "DE",
            Tiebreak::RoundsWon => "WIN",
            Tiebreak::GamesWon => "WON",
        }
    }

    /// Reads [`Tiebreak::key`] back.
    pub fn from_key(key: &str) -> Option<Tiebreak> {
        Tiebreak::ALL.into_iter().find(|t| t.key() == key)
    }

    /// Whether the tiebreak has a value of its own per player (shown as a column),
    /// as opposed to a comparison with earlier rounds.
    pub fn has_column(self) -> bool {
        !matches!(self, Tiebreak::PreviousRank | Tiebreak::PreviousScore)
    }
}

impl Tiebreak {
    /// The FIDE tiebreaks of C.07 (Buchholz and its cuts, Sonneborn-Berger, WIN, WON,
    /// ARO, direct encounter): a stage listing any of them follows an edition of
    /// C.07 (R-11.4). `black_games` and `black_wins` serve the xiangqi lists too and
    /// do not count.
    pub fn is_fide(self) -> bool {
        matches!(
            self,
            Tiebreak::Buchholz
                | Tiebreak::BuchholzCut1
                | Tiebreak::BuchholzCut2
                | Tiebreak::Median
                | Tiebreak::SonnebornBerger
                | Tiebreak::RoundsWon
                | Tiebreak::GamesWon
                | Tiebreak::AverageOpponentRating
                | Tiebreak::DirectEncounter
        )
    }
}

/// An edition of FIDE's tie-break regulations C.07 (R-11.4). They differ in the dummy
/// opponent of an unplayed round (Art. 16.4): in 2024 it has the player's own score;
/// the amendment approved by the FIDE Council on 2 February 2026 and applied from 1
/// March 2026 caps it — at the score of the opponent who forfeited (16.4.1), or at a
/// draw in every round when there was no opponent (16.4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FideEdition {
    /// C.07 as applied from 1 April 2024.
    #[serde(rename = "2024")]
    Edition2024,
    /// C.07 as amended on 2 February 2026, applied from 1 March 2026.
    #[serde(rename = "2026")]
    Edition2026,
}

impl FideEdition {
    /// The first day of events played under the 2026 edition.
    pub const AMENDED_2026_FROM: Date = date(2026, 3, 1);

    /// The newest edition.
    pub const NEWEST: FideEdition = FideEdition::Edition2026;

    /// The edition in force for an event starting on `start_date`: the 2024 edition
    /// before 1 March 2026, the 2026 edition from then on. An undated event follows
    /// the newest edition, as FIDE's reference implementation does, so the answer never
    /// depends on the clock.
    pub fn in_force(start_date: Option<Date>) -> FideEdition {
        match start_date {
            Some(day) if day < FideEdition::AMENDED_2026_FROM => FideEdition::Edition2024,
            _ => FideEdition::NEWEST,
        }
    }

    /// `"2024"` or `"2026"`, as `standings --json` writes it.
    pub fn key(self) -> &'static str {
        match self {
            FideEdition::Edition2024 => "2024",
            FideEdition::Edition2026 => "2026",
        }
    }

    /// The edition in words: `2026 版` / `2026 edition`.
    pub fn words(self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("{} 版", self.key()),
            Lang::En => format!("{} edition", self.key()),
        }
    }

    /// The edition as standings name it under their heading: `国际棋联小分规则 2026 版` /
    /// `FIDE tie-break rules, 2026 edition`.
    pub fn heading_words(self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("国际棋联小分规则 {}", self.words(lang)),
            Lang::En => format!("FIDE tie-break rules, {}", self.words(lang)),
        }
    }
}

/// Which edition of C.07 a stage's FIDE tiebreaks follow (R-11.4): the one in force on
/// the event's first day (the default), or one the director chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub enum FideEditionChoice {
    /// The edition in force on the event's start date ([`FideEdition::in_force`]).
    #[default]
    #[serde(rename = "by_start_date")]
    ByStartDate,
    /// The 2024 edition whatever the date.
    #[serde(rename = "2024")]
    Edition2024,
    /// The 2026 edition whatever the date.
    #[serde(rename = "2026")]
    Edition2026,
}

impl FideEditionChoice {
    /// Every choice, in the order the stage settings list them.
    pub const ALL: [FideEditionChoice; 3] =
        [FideEditionChoice::ByStartDate, FideEditionChoice::Edition2024, FideEditionChoice::Edition2026];

    /// The edition in effect for an event starting on `start_date`: the one chosen, or
    /// the one in force on that day. The one place the edition is resolved.
    pub fn resolve(self, start_date: Option<Date>) -> FideEdition {
        match self {
            FideEditionChoice::ByStartDate => FideEdition::in_force(start_date),
            FideEditionChoice::Edition2024 => FideEdition::Edition2024,
            FideEditionChoice::Edition2026 => FideEdition::Edition2026,
        }
    }

    /// Whether the edition follows the start date (the default, not written to files).
    pub fn is_by_start_date(&self) -> bool {
        *self == FideEditionChoice::ByStartDate
    }

    /// The choice in words: `按开赛日期` / `by the first day`, `2024 版` / `2024 edition` …
    pub fn label(self, lang: Lang) -> String {
        match self {
            FideEditionChoice::ByStartDate => lang.t("按开赛日期", "by the first day").to_string(),
            FideEditionChoice::Edition2024 => FideEdition::Edition2024.words(lang),
            FideEditionChoice::Edition2026 => FideEdition::Edition2026.words(lang),
        }
    }

    /// The choice in words, following the date with the edition it resolves to for
    /// `start_date`: `按开赛日期（现为 2026 版）` / `By the first day (now the 2026 edition)`.
    pub fn words(self, start_date: Option<Date>, lang: Lang) -> String {
        match self {
            FideEditionChoice::ByStartDate => {
                let edition = self.resolve(start_date).words(lang);
                match lang {
                    Lang::Zh => format!("按开赛日期（现为 {edition}）"),
                    Lang::En => format!("By the first day (now the {edition})"),
                }
            }
            chosen => chosen.label(lang),
        }
    }
}

/// The Swiss rule set (PAIRING.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PairingSystem {
    /// 象棋积分编排, CXA practice: the default for xiangqi events.
    Cxa,
    /// FIDE Dutch system, Handbook C.04.3.
    FideDutch,
}

/// How the first round is drawn (R-3.1, PAIRING.md cxa §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstRoundMode {
    /// Random permutation from a stored seed, then adjacent pairs (seed 003).
    Random,
    /// By rating, upper half i against lower half i (CXA Appendix 2, 拦腰); in a stage
    /// after the first, by the stage's seeding (the previous stage's ranking, R-1.4).
    Halves,
    /// As halves, each upper player's opponent drawn by lot from the lower half.
    HalvesLot,
}

/// Same-club avoidance (同单位回避, R-3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClubAvoidance {
    /// Clubs are ignored.
    #[default]
    Off,
    /// Avoided in round 1 only.
    FirstRound,
    /// Avoided in every round.
    EveryRound,
}

/// Pairing options of a Swiss stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingOptions {
    /// The rule set.
    pub system: PairingSystem,
    /// How round 1 is drawn.
    pub first_round: FirstRoundMode,
    /// Same-club avoidance.
    pub club_avoidance: ClubAvoidance,
    /// Same-club pairs are forbidden (`true`) or only avoided, just below "no rematch".
    #[serde(default)]
    pub club_avoidance_absolute: bool,
    /// The colour of the top player of round 1's order on board 1 (TRF `XXC`); later
    /// odd/even boards alternate. `None` leaves it to the first-round rule.
    #[serde(default)]
    pub initial_colour: Option<Colour>,
}

impl Default for PairingOptions {
    fn default() -> Self {
        PairingOptions {
            system: PairingSystem::Cxa,
            first_round: FirstRoundMode::Random,
            club_avoidance: ClubAvoidance::Off,
            club_avoidance_absolute: false,
            initial_colour: None,
        }
    }
}

/// Discipline limits (R-4.4, seed 000 附二).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Discipline {
    /// Forfeits in a row that disqualify (seed 000: 2).
    pub forfeits_in_a_row: Option<u32>,
    /// Forfeits in total that disqualify (seed 000: 3).
    pub forfeits_in_total: Option<u32>,
    /// Fine for an unexcused forfeit, in fen (seed 000: 10 元 = 1000 fen).
    pub unexcused_forfeit_fine_fen: i64,
    /// Minutes late that count as a forfeit (both seeds: 5).
    pub late_minutes: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-11.4: the 2026 edition applies to events starting on 1 March 2026 or later; an
    // undated event follows the newest edition; a chosen edition wins over the date.
    #[test]
    fn the_edition_follows_the_start_date_unless_chosen() {
        let by_date = FideEditionChoice::ByStartDate;
        assert_eq!(by_date.resolve(Some(date(2026, 2, 28))), FideEdition::Edition2024);
        assert_eq!(by_date.resolve(Some(date(2024, 4, 1))), FideEdition::Edition2024);
        assert_eq!(by_date.resolve(Some(date(2026, 3, 1))), FideEdition::Edition2026);
        assert_eq!(by_date.resolve(None), FideEdition::Edition2026);
        assert_eq!(FideEditionChoice::Edition2024.resolve(Some(date(2026, 3, 1))), FideEdition::Edition2024);
        assert_eq!(FideEditionChoice::Edition2024.resolve(None), FideEdition::Edition2024);
        assert_eq!(FideEditionChoice::Edition2026.resolve(Some(date(2026, 2, 28))), FideEdition::Edition2026);
        assert_eq!(FideEditionChoice::default(), by_date);
    }

    // R-11.4: the JSON keys of the editions, and the stage setting's words.
    #[test]
    fn editions_have_keys_and_words() {
        assert_eq!([FideEdition::Edition2024.key(), FideEdition::Edition2026.key()], ["2024", "2026"]);
        let words = |c: FideEditionChoice, lang| c.words(Some(date(2025, 5, 1)), lang);
        assert_eq!(words(FideEditionChoice::ByStartDate, Lang::Zh), "按开赛日期（现为 2024 版）");
        assert_eq!(words(FideEditionChoice::ByStartDate, Lang::En), "By the first day (now the 2024 edition)");
        assert_eq!(words(FideEditionChoice::Edition2026, Lang::Zh), "2026 版");
        let json = serde_json::to_string(&FideEditionChoice::ALL).unwrap_or_default();
        assert_eq!(json, r#"["by_start_date","2024","2026"]"#);
    }
}
