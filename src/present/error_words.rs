//! Why a ranking table cannot be built ([`RankingError`]), in the director's words and
//! both languages (issue 18).

use super::ranking::RankingError;
use crate::lang::{Lang, Localized};

impl Localized for RankingError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (RankingError::Domain(error), _) => error.message(lang),
            (RankingError::NoRanking { group }, Lang::Zh) => format!("{group}：还没有完成的轮次，还没有排名"),
            (RankingError::NoRanking { group }, Lang::En) => {
                format!("group {group}: no round is complete yet, there is no ranking")
            }
        }
    }
}
