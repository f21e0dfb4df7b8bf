//! The result panel's keyboard: what each key of the board field does to the view's
//! state — typing and choosing a board, result, reason and foul keys, moving between
//! boards, late arrivals — and which games it reads (the saved round with the results
//! sent but not yet saved).

use super::team::BoardNames;
use super::{Line, ResultsView};
use crate::domain::event::Round;
use crate::domain::ids::{BoardNo, RoundNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::lang::Lang;
use crate::ui::key_field::FieldKey;
use crate::ui::result_entry::{Details, ResultChange, Slot, foul_of_key, outcome_of_key, reason_of_key};
use std::collections::BTreeMap;

impl ResultsView {
    /// The board chosen for its result key, if any.
    pub fn armed(&self) -> Option<Slot> {
        self.armed
    }

    /// A correction waiting for confirmation, if any.
    pub fn pending_confirmation(&self) -> Option<&ResultChange> {
        self.confirm.as_ref()
    }

    /// Handles one key of the board field for `round`; what to send is queued in the
    /// outbox, a correction waits in `confirm`.
    pub(super) fn key(&mut self, key: FieldKey, round: &Round, lang: Lang) {
        if matches!(key, FieldKey::Left | FieldKey::Right) {
            // ← and → are not used here.
            return;
        }
        self.message = None;
        let lines = lines_of(round, &self.sent);
        match self.armed {
            None => {
                let names = BoardNames { several: false, team: round.teams.as_ref().zip(self.match_boards) };
                self.board_key(key, &lines, names, lang);
            }
            Some(slot) => self.result_key(key, slot, round.no, &lines, lang),
        }
    }

    fn board_key(&mut self, key: FieldKey, lines: &[Line], names: BoardNames<'_>, lang: Lang) {
        match key {
            FieldKey::Char(c) if c.is_ascii_digit() => {
                // A board number, or in a team round match.board.
                let longest = if self.typed.contains('.') { 7 } else { 4 };
                if self.typed.len() < longest {
                    self.typed.push(c);
                }
            }
            FieldKey::Char('.' | '．' | '。')
                if names.team.is_some() && !self.typed.is_empty() && !self.typed.contains('.') =>
            {
                self.typed.push('.');
            }
            FieldKey::Enter | FieldKey::Char(' ') => {
                if self.typed.is_empty() {
                    match suggestion(lines, self.cursor) {
                        Some(slot) => self.arm(slot, lines),
                        None => {
                            self.message = Some(
                                lang.t(
                                    "本轮结果已全部录入；输入台次可更正。",
                                    "Every result of the round is in; type a board to correct it.",
                                )
                                .into(),
                            );
                        }
                    }
                } else {
                    let wanted = names.typed(&self.typed);
                    match wanted.and_then(|b| slot_on_board(lines, b)) {
                        Some(slot) => self.arm(slot, lines),
                        None => {
                            self.message = Some(match (lang, self.typed.split_once('.')) {
                                (Lang::Zh, Some((m, b))) => format!("本轮没有第{m}场第{b}台。"),
                                (Lang::En, Some((m, b))) => format!("This round has no match {m}, board {b}."),
                                (Lang::Zh, None) => format!("本轮没有第{}台。", self.typed),
                                (Lang::En, None) => format!("This round has no board {}.", self.typed),
                            });
                            self.typed.clear();
                        }
                    }
                }
            }
            FieldKey::Backspace => {
                self.typed.pop();
            }
            FieldKey::Escape => self.typed.clear(),
            FieldKey::Up | FieldKey::Down => self.step(key == FieldKey::Down, lines),
            FieldKey::Char(c) if outcome_of_key(c).is_some() || reason_of_key(c).is_some() => {
                self.message = Some(
                    lang.t(
                        "先输入台次并按 Enter，再按结果键。",
                        "Type the board and press Enter first, then the result key.",
                    )
                    .into(),
                );
            }
            FieldKey::Char(_) | FieldKey::Delete | FieldKey::Left | FieldKey::Right => {}
        }
    }

    fn result_key(&mut self, key: FieldKey, slot: Slot, round: RoundNo, lines: &[Line], lang: Lang) {
        let Some(line) = lines.iter().find(|l| l.slot == slot).copied() else {
            self.disarm();
            return;
        };
        match key {
            FieldKey::Char(c) => {
                if let Some(outcome) = outcome_of_key(c) {
                    self.choose(round, line, self.details.with(outcome), lang);
                } else if let Some(reason) = reason_of_key(c) {
                    self.details.reason = reason;
                    self.amend(round, line);
                } else if let Some((red, more)) = foul_of_key(c) {
                    let fouls = if red { &mut self.details.fouls_red } else { &mut self.details.fouls_black };
                    *fouls = if more { (*fouls + 1).min(99) } else { fouls.saturating_sub(1) };
                    self.amend(round, line);
                } else if c.is_ascii_digit() {
                    self.message = Some(
                        lang.t(
                            "已选定台次：按结果键 1 = 0 + - *，或按 Esc 重新输入台次。",
                            "A board is chosen: press a result key 1 = 0 + - *, or Esc to type another board.",
                        )
                        .into(),
                    );
                }
            }
            FieldKey::Enter => {
                self.cursor = Some(slot);
                self.disarm();
            }
            FieldKey::Escape | FieldKey::Backspace => self.disarm(),
            FieldKey::Delete => {
                if line.result.is_some() {
                    self.confirm = Some(ResultChange { round, slot, before: line.result, after: None });
                    self.disarm();
                }
            }
            FieldKey::Up | FieldKey::Down => self.step(key == FieldKey::Down, lines),
            FieldKey::Left | FieldKey::Right => {}
        }
    }

    /// Chooses a board for its result key.
    pub(super) fn arm(&mut self, slot: Slot, lines: &[Line]) {
        self.armed = Some(slot);
        self.cursor = Some(slot);
        self.typed.clear();
        self.details =
            lines.iter().find(|l| l.slot == slot).and_then(|l| l.result).map(|r| Details::of(&r)).unwrap_or_default();
    }

    pub(super) fn disarm(&mut self) {
        self.armed = None;
        self.typed.clear();
        self.details = Details::default();
    }

    /// Chooses the board before or after the chosen (or suggested) one.
    pub(super) fn step(&mut self, down: bool, lines: &[Line]) {
        if lines.is_empty() {
            return;
        }
        let base = self.armed.or_else(|| suggestion(lines, self.cursor));
        let index = match base.and_then(|s| lines.iter().position(|l| l.slot == s)) {
            Some(i) if down => (i + 1).min(lines.len() - 1),
            Some(i) => i.saturating_sub(1),
            None => 0,
        };
        self.arm(lines[index].slot, lines);
    }

    /// Records `result` on the game of `line`: at once when it had none, after a
    /// confirmation when it is a correction.
    pub(super) fn choose(&mut self, round: RoundNo, line: Line, result: GameResult, lang: Lang) {
        let change = ResultChange { round, slot: line.slot, before: line.result, after: Some(result) };
        self.cursor = Some(line.slot);
        self.disarm();
        if line.result == Some(result) {
            self.message = Some(lang.t("结果未变。", "The result is unchanged.").into());
        } else if change.is_correction() {
            self.confirm = Some(change);
        } else {
            self.send(change);
        }
    }

    /// Sends the chosen board's reason and fouls at once when the game has a result.
    pub(super) fn amend(&mut self, round: RoundNo, line: Line) {
        if let Some(result) = line.result {
            let after = self.details.with(result.outcome);
            if after != result {
                self.send(ResultChange { round, slot: line.slot, before: Some(result), after: Some(after) });
            }
        }
    }

    /// A late arrival: the late side forfeits, reason `late`.
    pub(super) fn late(&mut self, round: RoundNo, line: Line, red_late: bool, black_late: bool, lang: Lang) {
        let outcome = match (red_late, black_late) {
            (true, true) => Outcome::BothForfeit,
            (true, false) => Outcome::BlackWinsByForfeit,
            (false, _) => Outcome::RedWinsByForfeit,
        };
        let fouls = line.result.map(|r| Details::of(&r)).unwrap_or_default();
        let result = Details { reason: ResultReason::Late, ..fouls }.with(outcome);
        self.choose(round, line, result, lang);
    }

    /// Queues a change for the worker and shows it at once.
    pub(super) fn send(&mut self, change: ResultChange) {
        self.sent.insert((change.round, change.slot), change.after);
        self.outbox.push(change);
    }

    /// The director confirmed the pending correction.
    pub(super) fn confirm_accepted(&mut self) {
        if let Some(change) = self.confirm.take() {
            self.cursor = Some(change.slot);
            self.send(change);
        }
        self.refocus = true;
    }

    pub(super) fn confirm_cancelled(&mut self) {
        self.confirm = None;
        self.refocus = true;
    }
}

/// The games of `round` with the results sent but not yet saved.
pub(super) fn lines_of(round: &Round, sent: &BTreeMap<(RoundNo, Slot), Option<GameResult>>) -> Vec<Line> {
    round
        .games
        .iter()
        .map(|g| {
            let slot = Slot { board: g.board, game: g.game };
            let result = sent.get(&(round.no, slot)).copied().unwrap_or(g.result);
            Line { slot, red: g.red, black: g.black, result }
        })
        .collect()
}

/// The next game without a result after `cursor`, going round to the first board.
pub(super) fn suggestion(lines: &[Line], cursor: Option<Slot>) -> Option<Slot> {
    let start = cursor.and_then(|c| lines.iter().position(|l| l.slot == c)).map_or(0, |i| i + 1);
    (0..lines.len()).map(|k| &lines[(start + k) % lines.len()]).find(|l| l.result.is_none()).map(|l| l.slot)
}

/// The game of board `board` to enter: its first game without a result, else its last.
pub(super) fn slot_on_board(lines: &[Line], board: BoardNo) -> Option<Slot> {
    let on_board: Vec<&Line> = lines.iter().filter(|l| l.slot.board == board).collect();
    on_board.iter().find(|l| l.result.is_none()).or(on_board.last()).map(|l| l.slot)
}

/// The moment a player counts as late: the round's start plus `minutes`.
pub(super) fn late_deadline(start: &str, minutes: u32) -> Option<jiff::civil::DateTime> {
    let start = start.trim();
    let parsed = jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M", start)
        .or_else(|_| jiff::civil::DateTime::strptime("%Y-%m-%dT%H:%M", start))
        .ok()?;
    parsed.checked_add(jiff::Span::new().minutes(i64::from(minutes))).ok()
}
