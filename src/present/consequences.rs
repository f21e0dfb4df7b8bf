//! What a saved change did besides itself (issue 18, item 2): a player disqualified by
//! the forfeit rules, a forfeit fine now owed, a playoff game added to a level
//! knockout match, a stage closed or opened. Found by comparing the event
//! before and after the change, so every way a change reaches the file — the window,
//! the command line — announces the same consequences, in the reader's language.

use crate::domain::discipline::{RuleReason, rule_reason};
use crate::domain::event::{Event, StageStatus};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::ledger::{forfeit_fines, yuan};
use crate::domain::player::PlayerStatus;
use crate::lang::Lang;
use std::collections::{BTreeMap, BTreeSet};

/// One consequence of a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Consequence {
    /// A player was disqualified, with the reason recorded.
    Disqualified {
        /// The player, by the number shown.
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
    /// A forfeit now owes the stage's fine.
    FineOwed {
        /// The player, by the number shown.
        start_no: StartNo,
        /// Their name.
        name: String,
        /// The round forfeited.
        round: RoundNo,
        /// The fine, in fen.
        amount_fen: i64,
    },
    /// A stage closed: its players were handed on, or its last match was decided.
    StageClosed {
        /// Its name.
        name: String,
    },
    /// A stage opened for play.
    StageOpened {
        /// Its name.
        name: String,
    },
}

/// The consequences of going from `before` to `after`: disqualifications, fines,
/// then the stages' changes in group and stage order.
pub fn consequences(before: &Event, after: &Event) -> Vec<Consequence> {
    let mut found = disqualifications(before, after);
    found.extend(fines(before, after));
    found.extend(stage_changes(before, after));
    found
}

fn disqualifications(before: &Event, after: &Event) -> Vec<Consequence> {
    let mut found = Vec::new();
    let was: BTreeMap<StartNo, PlayerStatus> = before.players.iter().map(|p| (p.start_no, p.status)).collect();
    for p in &after.players {
        if p.status == PlayerStatus::Disqualified
            && was.get(&p.start_no).is_some_and(|s| *s != PlayerStatus::Disqualified)
        {
            found.push(Consequence::Disqualified {
                start_no: StartNo(p.shown()),
                name: p.entry.name.clone(),
                reason: p.status_reason.clone(),
            });
        }
    }
    found
}

/// Fines owed after the change and not before (an unexcused forfeit in a stage with a
/// fine); a fine excused, paid or taken back is no news.
fn fines(before: &Event, after: &Event) -> Vec<Consequence> {
    let key = |f: &crate::domain::ledger::ForfeitFine| (f.start_no, f.round);
    let owed_before: BTreeSet<_> = forfeit_fines(before).iter().filter(|f| !f.excused).map(key).collect();
    forfeit_fines(after)
        .into_iter()
        .filter(|f| !f.excused && !owed_before.contains(&key(f)))
        .map(|f| Consequence::FineOwed {
            start_no: StartNo(after.shown_no(f.start_no)),
            name: after.player(f.start_no).map(|p| p.entry.name.clone()).unwrap_or_default(),
            round: f.round.round,
            amount_fen: f.amount_fen,
        })
        .collect()
}

fn stage_changes(before: &Event, after: &Event) -> Vec<Consequence> {
    let mut found = Vec::new();
    for (g_before, g_after) in before.groups.iter().zip(&after.groups).filter(|(a, b)| a.id == b.id) {
        for (s_before, s_after) in g_before.stages.iter().zip(&g_after.stages) {
            if s_before.status != StageStatus::Closed && s_after.status == StageStatus::Closed {
                found.push(Consequence::StageClosed { name: s_after.name.clone() });
            }
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

/// A reason recorded by the rules, in the director's words (older files stored the
/// rule's id with it).
pub fn reason_words(reason: &str, lang: Lang) -> String {
    match rule_reason(reason) {
        Some((RuleReason::Forfeits, rest)) => format!("{}{rest}", lang.t("弃权超过限度", "too many forfeits")),
        Some((RuleReason::Collusion, rest)) => format!("{}{rest}", lang.t("假棋/人情棋", "collusion")),
        None => reason.to_string(),
    }
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
        (Consequence::FineOwed { start_no, name, round, amount_fen }, Lang::Zh) => {
            format!("{start_no} 号 {name} 第{round}轮弃权，应缴罚款 {} 元", yuan(*amount_fen))
        }
        (Consequence::FineOwed { start_no, name, round, amount_fen }, Lang::En) => {
            format!("{start_no} {name} forfeited round {round} and owes a fine of {} yuan", yuan(*amount_fen))
        }
        (Consequence::StageClosed { name }, Lang::Zh) => format!("「{name}」结束"),
        (Consequence::StageClosed { name }, Lang::En) => format!("“{name}” closed"),
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
        apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
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
