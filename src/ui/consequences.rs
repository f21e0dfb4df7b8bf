//! What a saved change did besides itself, for the status bar (issue 18, item 2): a
//! player disqualified by the forfeit rules, a playoff game added to a level
//! knockout match, a stage opened. Found by comparing the event before and
//! after the change, so every way a change reaches the file announces the same
//! consequences; described in the window's language.

use super::i18n::Lang;
use crate::domain::command::{COLLUSION_DISQUALIFICATION, FORFEIT_DISQUALIFICATION};
use crate::domain::event::{Event, StageStatus};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::player::PlayerStatus;
use std::collections::BTreeMap;

/// One consequence of a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Consequence {
    /// A player was disqualified, with the reason recorded.
    Disqualified {
        /// The player.
        start_no: StartNo,
        /// Their name.
        name: String,
        /// Why.
        reason: String,
    },
    /// A knockout match was level and got its next playoff game.
    PlayoffAdded {
        /// The round.
        round: RoundNo,
        /// The match.
        board: BoardNo,
        /// The new game's number in the match.
        game: u32,
    },
    /// A stage opened for play.
    StageOpened {
        /// Its name.
        name: String,
    },
}

/// The consequences of going from `before` to `after`, players first.
pub fn consequences(before: &Event, after: &Event) -> Vec<Consequence> {
    let mut found = Vec::new();
    let was: BTreeMap<StartNo, PlayerStatus> = before.players.iter().map(|p| (p.start_no, p.status)).collect();
    for p in &after.players {
        if p.status == PlayerStatus::Disqualified
            && was.get(&p.start_no).is_some_and(|s| *s != PlayerStatus::Disqualified)
        {
            found.push(Consequence::Disqualified {
                start_no: p.start_no,
                name: p.entry.name.clone(),
                reason: p.status_reason.clone(),
            });
        }
    }
    for (g_before, g_after) in before.groups.iter().zip(&after.groups).filter(|(a, b)| a.id == b.id) {
        for (s_before, s_after) in g_before.stages.iter().zip(&g_after.stages) {
            if s_before.status == StageStatus::Pending && s_after.status == StageStatus::Open {
                found.push(Consequence::StageOpened { name: s_after.name.clone() });
            }
            let Some(per_match) = s_after.knockout.as_ref().map(|k| k.games_per_match) else { continue };
            for (r_before, r_after) in s_before.rounds.iter().zip(&s_after.rounds) {
                for game in r_after.games.iter().filter(|g| g.game > per_match) {
                    let had = r_before.games.iter().any(|g| g.board == game.board && g.game == game.game);
                    if !had {
                        found.push(Consequence::PlayoffAdded { round: r_after.no, board: game.board, game: game.game });
                    }
                }
            }
        }
    }
    found
}

/// A reason recorded by the rules, in the director's words (the stored text names the
/// rule for the audit log).
pub fn reason_words(reason: &str, lang: Lang) -> String {
    let words = [
        (FORFEIT_DISQUALIFICATION, lang.t("弃权超过限度", "too many forfeits")),
        (COLLUSION_DISQUALIFICATION, lang.t("假棋/人情棋", "collusion")),
    ];
    for (stored, said) in words {
        if let Some(rest) = reason.strip_prefix(stored) {
            return format!("{said}{rest}");
        }
    }
    reason.to_string()
}

/// A consequence in the director's words.
pub fn describe(consequence: &Consequence, lang: Lang) -> String {
    match (consequence, lang) {
        (Consequence::Disqualified { start_no, name, reason }, Lang::Zh) => {
            format!("{start_no} 号 {name} 被取消资格（{}），不再编排", reason_words(reason, lang))
        }
        (Consequence::Disqualified { start_no, name, reason }, Lang::En) => {
            format!("{start_no} {name} disqualified ({}); no longer paired", reason_words(reason, lang))
        }
        (Consequence::PlayoffAdded { round, board, game }, Lang::Zh) => {
            format!("第{round}轮第{board}台战平，加赛第{game}局")
        }
        (Consequence::PlayoffAdded { round, board, game }, Lang::En) => {
            format!("round {round} board {board} is level: playoff game {game} added")
        }
        (Consequence::StageOpened { name }, Lang::Zh) => format!("「{name}」开始"),
        (Consequence::StageOpened { name }, Lang::En) => format!("“{name}” opened"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::{Command, apply};
    use crate::domain::event::StageKind;
    use crate::domain::ids::{GroupId, StageNo};
    use crate::domain::player::PlayerEntry;
    use crate::domain::presets;
    use crate::domain::result::{GameResult, Outcome};
    use crate::domain::swiss::pair_next_round;

    const G: GroupId = GroupId(1);
    const S: StageNo = StageNo(1);

    fn knockout_paired() -> Event {
        let mut e = presets::build("cxa-swiss", Some("淘汰赛"), None).unwrap();
        let entries = (1..=4).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
        apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None }).unwrap();
        apply(&mut e, &Command::SetStageFormat { group: G, stage: S, kind: StageKind::Knockout, double: false })
            .unwrap();
        let round = pair_next_round(&e, G, S, 1).unwrap();
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
        e
    }

    fn record(e: &mut Event, game: u32, outcome: Outcome) {
        let result = Some(GameResult::plain(outcome));
        let command = Command::RecordResult { group: G, stage: S, round: RoundNo(1), board: BoardNo(1), game, result };
        apply(e, &command).unwrap();
    }

    // issue 18: a level match's playoff game is announced, in both languages.
    #[test]
    fn a_playoff_game_is_announced() {
        let mut e = knockout_paired();
        record(&mut e, 1, Outcome::RedWins);
        let before = e.clone();
        record(&mut e, 2, Outcome::RedWins);
        let found = consequences(&before, &e);
        assert_eq!(found, vec![Consequence::PlayoffAdded { round: RoundNo(1), board: BoardNo(1), game: 3 }]);
        assert_eq!(describe(&found[0], Lang::Zh), "第1轮第1台战平，加赛第3局");
        assert_eq!(describe(&found[0], Lang::En), "round 1 board 1 is level: playoff game 3 added");
    }

    // issue 18: a disqualification by collusion is announced without rule ids.
    #[test]
    fn a_disqualification_is_announced_in_words() {
        let mut e = knockout_paired();
        let before = e.clone();
        let command = Command::DisqualifyForCollusion {
            group: G,
            stage: S,
            round: RoundNo(1),
            board: BoardNo(1),
            reason: "裁判组认定".into(),
        };
        apply(&mut e, &command).unwrap();
        let found = consequences(&before, &e);
        assert_eq!(found.len(), 2, "both players of the board");
        let text = describe(&found[0], Lang::Zh);
        assert!(text.contains("被取消资格") && !text.contains("R-"), "{text}");
        assert_eq!(consequences(&e, &e), vec![], "no change, nothing announced");
    }
}
