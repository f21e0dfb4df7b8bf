//! 录入: keyboard-first result entry for a round of the chosen stage.
//!
//! The view shows the last paired round (a selector reaches earlier rounds, for
//! corrections), its completion count (`已录入 12/20`), the round's start time with the
//! late-arrival deadline, a board-number field that keeps the keyboard focus, an editor
//! for the chosen board, the round's boards with their results, and this session's
//! corrections. Every result is one [`Job::Execute`] holding one
//! [`Command::RecordResult`]; the worker saves it with its audit row (the audit log is the
//! full history of every correction).
//!
//! Entry goes in two steps, so that the result keys `1`, `5` and `0` never clash with the
//! digits of a board number: type the board, press Enter (the field suggests the next
//! board without a result, so in board order it is just Enter and the result key), then
//! press one result key. The board is then done and the field suggests the next board
//! without a result.
//!
//! # Keys (while the board field has the focus; it takes it back whenever nothing else has it)
//! | key | while typing a board | once a board is chosen (Enter) |
//! |---|---|---|
//! | digits | type the board number | — |
//! | Enter / Space | choose the typed (or suggested) board | skip to the next board without a result |
//! | ↑ / ↓ | choose the previous / next board | the same |
//! | Backspace | delete a digit | back to the board number |
//! | Esc | clear the number | back to the board number |
//! | `1` | | red wins 1-0 |
//! | `=` or `5` | | draw 1/2 |
//! | `0` | | black wins 0-1 |
//! | `+` | | red wins by forfeit +- (black absent) |
//! | `-` | | black wins by forfeit -+ (red absent) |
//! | `*` | | both forfeit -- |
//! | `N` `T` `L` `V` `D` `A` | | reason: normal, time, late, violation, disconnect, adjudication |
//! | `[` / `]` | | one more foul for red / black (`{` / `}`: one fewer) |
//! | Delete | | clear the board's result (asks first) |
//!
//! Reason and fouls set before the result key go with the result; on a board that has a
//! result they correct it at once. A result key on a board that already has a result is
//! a correction: a dialog shows the previous result and asks (Enter confirms, Esc
//! cancels). Late arrival: `L` then `-` (red late) or `+` (black late), or the
//! `红迟到` / `黑迟到` buttons on every board, record the forfeit with reason `late`.
//! Full-width keys (`＝ ＋ － ＊ 【 】`, full-width digits) count as their ASCII twins.

use super::app::Env;
use super::i18n::Lang;
use super::key_field::{FieldKey, KeyField, key_field_ui};
use super::pairing_ui::result_label;
use super::session::Job;
use super::table::{Align, header_height, header_ui, row_height};
use crate::domain::command::Command;
use crate::domain::event::{Event, Round, Stage};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use egui::{Key, Modifiers, Sense, Ui};
use egui_extras::{Column, TableBuilder};
use std::collections::BTreeMap;

/// One game of a round: its board and its game number in the match (1 in Swiss).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    /// The board.
    pub board: BoardNo,
    /// The game of the match.
    pub game: u32,
}

/// The reason and fouls that go with a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Details {
    /// Why the game ended as it did.
    pub reason: ResultReason,
    /// Fouls against red.
    pub fouls_red: u32,
    /// Fouls against black.
    pub fouls_black: u32,
}

impl Details {
    fn of(result: &GameResult) -> Details {
        Details { reason: result.reason, fouls_red: result.fouls_red, fouls_black: result.fouls_black }
    }

    fn with(self, outcome: Outcome) -> GameResult {
        GameResult { outcome, reason: self.reason, fouls_red: self.fouls_red, fouls_black: self.fouls_black }
    }
}

/// A key the board field understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKey {
    /// A typed character (full-width forms already folded to ASCII).
    Char(char),
    /// Enter.
    Enter,
    /// Esc.
    Escape,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// ↑.
    Up,
    /// ↓.
    Down,
}

/// A change of one game's result, to send (or to confirm first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultChange {
    /// The round.
    pub round: RoundNo,
    /// The game.
    pub slot: Slot,
    /// The result it held.
    pub before: Option<GameResult>,
    /// The result it gets; `None` clears it.
    pub after: Option<GameResult>,
}

impl ResultChange {
    /// Whether the game had a result that this changes.
    pub fn is_correction(&self) -> bool {
        self.before.is_some()
    }
}

/// One game as the view sees it: saved, or sent and not yet saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Line {
    slot: Slot,
    red: StartNo,
    black: StartNo,
    result: Option<GameResult>,
}

/// The result view's own state.
#[derive(Debug, Clone, Default)]
pub struct ResultsView {
    /// The group and stage the state belongs to; another one starts afresh.
    shown: Option<(GroupId, StageNo)>,
    /// The round shown; `None` for the last paired round.
    pub round: Option<RoundNo>,
    /// The round drawn last frame: a newly paired or another round starts at board 1.
    drawn_round: Option<RoundNo>,
    /// Digits of the board number typed so far; empty shows the suggestion.
    typed: String,
    /// The board chosen, waiting for its result key.
    armed: Option<Slot>,
    /// The last board handled: the suggestion is the next one without a result.
    cursor: Option<Slot>,
    /// Reason and fouls for the chosen board.
    details: Details,
    /// A correction or clearing waiting for the director's confirmation.
    confirm: Option<ResultChange>,
    /// Results sent to the worker and not yet seen in the saved event.
    sent: BTreeMap<(RoundNo, Slot), Option<GameResult>>,
    /// Changes to hand to the worker at the end of the frame.
    outbox: Vec<ResultChange>,
    /// This session's corrections, oldest first.
    history: Vec<String>,
    /// A hint about the last key (no such board …).
    message: Option<String>,
    /// Give the board field the focus in the next frame.
    refocus: bool,
}

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
    fn key(&mut self, key: EntryKey, round: &Round, lang: Lang) {
        self.message = None;
        let lines = lines_of(round, &self.sent);
        match self.armed {
            None => self.board_key(key, &lines, lang),
            Some(slot) => self.result_key(key, slot, round.no, &lines, lang),
        }
    }

    fn board_key(&mut self, key: EntryKey, lines: &[Line], lang: Lang) {
        match key {
            EntryKey::Char(c) if c.is_ascii_digit() => {
                if self.typed.len() < 4 {
                    self.typed.push(c);
                }
            }
            EntryKey::Enter | EntryKey::Char(' ') => {
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
                    let wanted = self.typed.parse::<u32>().ok().map(BoardNo);
                    match wanted.and_then(|b| slot_on_board(lines, b)) {
                        Some(slot) => self.arm(slot, lines),
                        None => {
                            self.message = Some(match lang {
                                Lang::Zh => format!("本轮没有第{}台。", self.typed),
                                Lang::En => format!("This round has no board {}.", self.typed),
                            });
                            self.typed.clear();
                        }
                    }
                }
            }
            EntryKey::Backspace => {
                self.typed.pop();
            }
            EntryKey::Escape => self.typed.clear(),
            EntryKey::Up | EntryKey::Down => self.step(key == EntryKey::Down, lines),
            EntryKey::Char(c) if outcome_of_key(c).is_some() || reason_of_key(c).is_some() => {
                self.message = Some(
                    lang.t(
                        "先输入台次并按 Enter，再按结果键。",
                        "Type the board and press Enter first, then the result key.",
                    )
                    .into(),
                );
            }
            EntryKey::Char(_) | EntryKey::Delete => {}
        }
    }

    fn result_key(&mut self, key: EntryKey, slot: Slot, round: RoundNo, lines: &[Line], lang: Lang) {
        let Some(line) = lines.iter().find(|l| l.slot == slot).copied() else {
            self.disarm();
            return;
        };
        match key {
            EntryKey::Char(c) => {
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
            EntryKey::Enter => {
                self.cursor = Some(slot);
                self.disarm();
            }
            EntryKey::Escape | EntryKey::Backspace => self.disarm(),
            EntryKey::Delete => {
                if line.result.is_some() {
                    self.confirm = Some(ResultChange { round, slot, before: line.result, after: None });
                    self.disarm();
                }
            }
            EntryKey::Up | EntryKey::Down => self.step(key == EntryKey::Down, lines),
        }
    }

    /// Chooses a board for its result key.
    fn arm(&mut self, slot: Slot, lines: &[Line]) {
        self.armed = Some(slot);
        self.cursor = Some(slot);
        self.typed.clear();
        self.details =
            lines.iter().find(|l| l.slot == slot).and_then(|l| l.result).map(|r| Details::of(&r)).unwrap_or_default();
    }

    fn disarm(&mut self) {
        self.armed = None;
        self.typed.clear();
        self.details = Details::default();
    }

    /// Chooses the board before or after the chosen (or suggested) one.
    fn step(&mut self, down: bool, lines: &[Line]) {
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
    fn choose(&mut self, round: RoundNo, line: Line, result: GameResult, lang: Lang) {
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
    fn amend(&mut self, round: RoundNo, line: Line) {
        if let Some(result) = line.result {
            let after = self.details.with(result.outcome);
            if after != result {
                self.send(ResultChange { round, slot: line.slot, before: Some(result), after: Some(after) });
            }
        }
    }

    /// A late arrival: the late side forfeits, reason `late`.
    fn late(&mut self, round: RoundNo, line: Line, red_late: bool, black_late: bool, lang: Lang) {
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
    fn send(&mut self, change: ResultChange) {
        self.sent.insert((change.round, change.slot), change.after);
        self.outbox.push(change);
    }

    /// The director confirmed the pending correction.
    fn confirm_accepted(&mut self) {
        if let Some(change) = self.confirm.take() {
            self.cursor = Some(change.slot);
            self.send(change);
        }
        self.refocus = true;
    }

    fn confirm_cancelled(&mut self) {
        self.confirm = None;
        self.refocus = true;
    }
}

/// The games of `round` with the results sent but not yet saved.
fn lines_of(round: &Round, sent: &BTreeMap<(RoundNo, Slot), Option<GameResult>>) -> Vec<Line> {
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
fn suggestion(lines: &[Line], cursor: Option<Slot>) -> Option<Slot> {
    let start = cursor.and_then(|c| lines.iter().position(|l| l.slot == c)).map_or(0, |i| i + 1);
    (0..lines.len()).map(|k| &lines[(start + k) % lines.len()]).find(|l| l.result.is_none()).map(|l| l.slot)
}

/// The game of board `board` to enter: its first game without a result, else its last.
fn slot_on_board(lines: &[Line], board: BoardNo) -> Option<Slot> {
    let on_board: Vec<&Line> = lines.iter().filter(|l| l.slot.board == board).collect();
    on_board.iter().find(|l| l.result.is_none()).or(on_board.last()).map(|l| l.slot)
}

/// The result of a result key.
pub fn outcome_of_key(c: char) -> Option<Outcome> {
    match c {
        '1' => Some(Outcome::RedWins),
        '=' | '5' => Some(Outcome::Draw),
        '0' => Some(Outcome::BlackWins),
        '+' => Some(Outcome::RedWinsByForfeit),
        '-' => Some(Outcome::BlackWinsByForfeit),
        '*' => Some(Outcome::BothForfeit),
        _ => None,
    }
}

/// The reason of a reason key (either case).
pub fn reason_of_key(c: char) -> Option<ResultReason> {
    match c.to_ascii_lowercase() {
        'n' => Some(ResultReason::Normal),
        't' => Some(ResultReason::Time),
        'l' => Some(ResultReason::Late),
        'v' => Some(ResultReason::Violation),
        'd' => Some(ResultReason::Disconnect),
        'a' => Some(ResultReason::Adjudication),
        _ => None,
    }
}

/// `(red?, one more?)` of a foul key.
fn foul_of_key(c: char) -> Option<(bool, bool)> {
    match c {
        '[' => Some((true, true)),
        ']' => Some((false, true)),
        '{' => Some((true, false)),
        '}' => Some((false, false)),
        _ => None,
    }
}

/// The key of each reason, as the hints show it.
fn reason_key(reason: ResultReason) -> char {
    match reason {
        ResultReason::Normal => 'N',
        ResultReason::Time => 'T',
        ResultReason::Late => 'L',
        ResultReason::Violation => 'V',
        ResultReason::Disconnect => 'D',
        ResultReason::Adjudication => 'A',
    }
}

/// The reason's name in the window's language.
pub fn reason_label(reason: ResultReason, lang: Lang) -> &'static str {
    lang.t(reason.label_zh(), reason.code())
}

/// `第5台` / `board 5`, with the game when the match has several.
fn slot_label(slot: Slot, several_games: bool, lang: Lang) -> String {
    match (lang, several_games) {
        (Lang::Zh, false) => format!("第{}台", slot.board),
        (Lang::Zh, true) => format!("第{}台第{}局", slot.board, slot.game),
        (Lang::En, false) => format!("board {}", slot.board),
        (Lang::En, true) => format!("board {} game {}", slot.board, slot.game),
    }
}

/// The short form of a result for labels: `1-0`, `+- 迟到`, `0-1 红犯规1`.
pub fn short_result(result: &GameResult, lang: Lang) -> String {
    let mut text = result.outcome.notation().to_string();
    if result.reason != ResultReason::Normal {
        text.push(' ');
        text.push_str(reason_label(result.reason, lang));
    }
    for (n, zh, en) in [(result.fouls_red, "红犯规", "red fouls "), (result.fouls_black, "黑犯规", "black fouls ")]
    {
        if n > 0 {
            text.push_str(&format!(" {}{n}", lang.t(zh, en)));
        }
    }
    text
}

/// The status bar's name of a change: `第3轮 第5台 1-0`, `第3轮 第5台 更正 1-0 → 0-1`.
pub fn change_label(change: &ResultChange, several_games: bool, lang: Lang) -> String {
    let place = match lang {
        Lang::Zh => format!("第{}轮 {}", change.round, slot_label(change.slot, several_games, lang)),
        Lang::En => format!("Round {} {}", change.round, slot_label(change.slot, several_games, lang)),
    };
    match (change.before, change.after) {
        (None, Some(after)) => format!("{place} {}", short_result(&after, lang)),
        (Some(before), Some(after)) => format!(
            "{place} {} {} → {}",
            lang.t("更正", "corrected"),
            short_result(&before, lang),
            short_result(&after, lang)
        ),
        (Some(before), None) => {
            format!("{place} {} ({})", lang.t("清除结果", "result cleared"), short_result(&before, lang))
        }
        (None, None) => place,
    }
}

/// The job that saves a change.
fn job_of(change: &ResultChange, group: GroupId, stage: StageNo, several_games: bool, lang: Lang) -> Job {
    Job::Execute {
        label: change_label(change, several_games, lang),
        commands: vec![Command::RecordResult {
            group,
            stage,
            round: change.round,
            board: change.slot.board,
            game: change.slot.game,
            result: change.after,
        }],
    }
}

/// Draws result entry for a round of `stage` (the last paired one unless another is chosen).
pub fn results_ui(ui: &mut Ui, state: &mut ResultsView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let key = (env.group.id, stage.no);
    if state.shown != Some(key) {
        *state = ResultsView { shown: Some(key), refocus: true, ..ResultsView::default() };
    }
    if !env.busy {
        // Everything sent has been answered: the saved event is the truth again.
        state.sent.clear();
    }
    let Some(last) = stage.last_round() else {
        ui.heading(lang.t("成绩录入", "Result entry"));
        ui.separator();
        ui.label(lang.t("本阶段尚未编排任何轮次。", "No round of this stage has been paired yet."));
        return;
    };
    let round = state.round.and_then(|no| stage.round(no)).unwrap_or(last);
    if state.drawn_round != Some(round.no) {
        // The suggestion, a chosen board and its details belong to the round shown.
        state.drawn_round = Some(round.no);
        state.cursor = None;
        state.armed = None;
        state.typed.clear();
        state.details = Details::default();
    }
    let several_games = round.games.iter().any(|g| g.game > 1);
    // A confirmation answers only keys pressed after it was shown.
    let confirm_was_shown = state.confirm.is_some();

    round_header_ui(ui, state, env, stage, round);
    ui.separator();

    // The board field first, so that its keys act before anything else is drawn.
    let lines = lines_of(round, &state.sent);
    let entry = ui
        .horizontal(|ui| {
            let label = ui.label(lang.t("台次", "Board"));
            let (shown, suggested) = match (state.armed, state.typed.is_empty()) {
                (Some(slot), _) => (slot.board.to_string(), false),
                (None, false) => (state.typed.clone(), false),
                (None, true) => {
                    (suggestion(&lines, state.cursor).map(|s| s.board.to_string()).unwrap_or_default(), true)
                }
            };
            let (response, keys) = key_field_ui(
                ui,
                KeyField {
                    label: lang.t("台次", "Board"),
                    hover: lang.t(
                        "输入台次后按 Enter，再按结果键：1 红胜，= 或 5 和棋，0 黑胜，+ 红胜(黑弃权)，- 黑胜(红弃权)，* 双方弃权",
                        "Type the board, press Enter, then a result key: 1 red wins, = or 5 draw, 0 black wins, + black forfeits, - red forfeits, * both forfeit",
                    ),
                    shown: &shown,
                    width: 72.0,
                    typing: true,
                    weak: suggested,
                    keep_escape: true,
                },
            );
            let keys: Vec<EntryKey> = keys.into_iter().filter_map(entry_key).collect();
            let response = response.labelled_by(label.id);
            // Keys typed after one that opens a confirmation are dropped, so that a
            // fast Enter cannot confirm a correction the director has not seen.
            for k in keys {
                if state.confirm.is_some() {
                    break;
                }
                state.key(k, round, lang);
            }
            armed_caption_ui(ui, state, env.event, &lines_of(round, &state.sent), several_games, lang);
            response
        })
        .inner;
    if let Some(message) = &state.message {
        ui.colored_label(ui.visuals().warn_fg_color, message.as_str());
    }
    keys_hint_ui(ui, lang);
    ui.add_space(4.0);
    editor_ui(ui, state, round, several_games, lang);
    ui.separator();
    if !state.history.is_empty() {
        egui::CollapsingHeader::new(format!(
            "{} ({})",
            lang.t("本次更正记录", "Corrections this session"),
            state.history.len()
        ))
        .id_salt("corrections")
        .show(ui, |ui| {
            for line in state.history.iter().rev() {
                ui.label(line.as_str());
            }
            ui.weak(
                lang.t(
                    "每次更正都记在赛事文件的审计日志中。",
                    "Every correction is kept in the event file's audit log.",
                ),
            );
        });
    }
    board_table_ui(ui, state, env.event, round, several_games, lang);

    confirm_ui(ui, state, env.event, round, several_games, confirm_was_shown, lang);

    let nothing_focused = ui.memory(|m| m.focused().is_none());
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if state.confirm.is_none() && !popup_open && (state.refocus || nothing_focused) {
        entry.request_focus();
        state.refocus = false;
    }

    for change in state.outbox.drain(..) {
        if change.is_correction() {
            state.history.push(change_label(&change, several_games, lang));
        }
        jobs.push(job_of(&change, env.group.id, stage.no, several_games, lang));
    }
}

/// Title, round selector, completion count and the round's start time.
fn round_header_ui(ui: &mut Ui, state: &mut ResultsView, env: &Env<'_>, stage: &Stage, round: &Round) {
    let lang = env.lang;
    let lines = lines_of(round, &state.sent);
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("成绩录入", "Result entry"));
        ui.add_space(16.0);
        for r in &stage.rounds {
            let text = match lang {
                Lang::Zh => format!("第{}轮", r.no),
                Lang::En => format!("Round {}", r.no),
            };
            if ui.selectable_label(r.no == round.no, text).clicked() && r.no != round.no {
                state.round = Some(r.no);
                state.cursor = None;
                state.disarm();
                state.refocus = true;
            }
        }
        ui.add_space(16.0);
        let done = lines.iter().filter(|l| l.result.is_some()).count();
        let count = match lang {
            Lang::Zh => format!("已录入 {done}/{}", lines.len()),
            Lang::En => format!("Entered {done}/{}", lines.len()),
        };
        if done == lines.len() {
            ui.strong(count);
        } else {
            ui.label(count);
        }
    });
    if let Some(schedule) = stage.schedule_of(round.no) {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} {}", lang.t("开赛时间", "Start"), schedule.start));
            if let Some(minutes) = stage.discipline.late_minutes {
                let deadline = late_deadline(&schedule.start, minutes);
                let text = match (lang, &deadline) {
                    (Lang::Zh, Some(d)) => format!("· 迟到 {minutes} 分钟判负（{} 后未到者）", d.strftime("%H:%M")),
                    (Lang::Zh, None) => format!("· 迟到 {minutes} 分钟判负"),
                    (Lang::En, Some(d)) => {
                        format!("· {minutes} minutes late forfeits (absent after {})", d.strftime("%H:%M"))
                    }
                    (Lang::En, None) => format!("· {minutes} minutes late forfeits"),
                };
                ui.label(text);
                if let Some(d) = deadline
                    && jiff::ZonedDateTime::now().datetime() > d
                    && !round.is_complete()
                {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        lang.t(
                            "已过迟到时限：未到者按「迟到」记弃权",
                            "Past the deadline: record absent players as late",
                        ),
                    );
                }
            }
        });
    }
}

/// The moment a player counts as late: the round's start plus `minutes`.
fn late_deadline(start: &str, minutes: u32) -> Option<jiff::civil::DateTime> {
    let start = start.trim();
    let parsed = jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M", start)
        .or_else(|_| jiff::civil::DateTime::strptime("%Y-%m-%dT%H:%M", start))
        .ok()?;
    parsed.checked_add(jiff::Span::new().minutes(i64::from(minutes))).ok()
}

/// The board field's keys as the panel reads them (← and → are not used here).
fn entry_key(key: FieldKey) -> Option<EntryKey> {
    Some(match key {
        FieldKey::Char(c) => EntryKey::Char(c),
        FieldKey::Enter => EntryKey::Enter,
        FieldKey::Escape => EntryKey::Escape,
        FieldKey::Backspace => EntryKey::Backspace,
        FieldKey::Delete => EntryKey::Delete,
        FieldKey::Up => EntryKey::Up,
        FieldKey::Down => EntryKey::Down,
        FieldKey::Left | FieldKey::Right => return None,
    })
}

/// What the chosen board is and what the field waits for.
fn armed_caption_ui(ui: &mut Ui, state: &ResultsView, event: &Event, lines: &[Line], several: bool, lang: Lang) {
    let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
    match state.armed.and_then(|s| lines.iter().find(|l| l.slot == s)) {
        Some(line) => {
            let players = format!("{} {} — {} {}", line.red, name(line.red), name(line.black), line.black);
            ui.strong(format!("→ {}  {players}", slot_label(line.slot, several, lang)));
            match line.result {
                Some(r) => {
                    ui.label(format!("{}{}", lang.t("已有结果：", "has: "), result_label(r, lang)));
                }
                None => {
                    ui.label(lang.t("按结果键", "press a result key"));
                }
            }
        }
        None => {
            let hint = if !state.typed.is_empty() {
                lang.t("按 Enter 选定台次", "press Enter to choose the board")
            } else if lines.iter().all(|l| l.result.is_some()) {
                lang.t("本轮结果已全部录入；输入台次可更正", "Every result is in; type a board to correct it")
            } else {
                lang.t("Enter 选定建议的台次，或输入台次", "Enter takes the suggested board, or type one")
            };
            ui.weak(hint);
        }
    }
}

fn keys_hint_ui(ui: &mut Ui, lang: Lang) {
    ui.weak(lang.t(
        "键：台次+Enter 选台 · 1 红胜 · = 或 5 和棋 · 0 黑胜 · + 黑方弃权 · - 红方弃权 · * 双方弃权 · \
         原因 N正常 T超时 L迟到 V违例 D掉线 A裁决 · [ ] 红/黑犯规+1（{ } −1）· Del 清除 · ↑↓ 换台 · Esc 返回",
        "Keys: board+Enter chooses · 1 red wins · = or 5 draw · 0 black wins · + black forfeits · - red forfeits · \
         * both forfeit · reason N normal T time L late V violation D disconnect A adjudication · \
         [ ] red/black foul +1 ({ } −1) · Del clears · ↑↓ other board · Esc back",
    ));
}

/// Buttons for the chosen board: the six outcomes, the reason, the fouls, late arrival
/// and clearing — what the keys do, for the mouse.
fn editor_ui(ui: &mut Ui, state: &mut ResultsView, round: &Round, several: bool, lang: Lang) {
    let lines = lines_of(round, &state.sent);
    let Some(line) = state.armed.and_then(|s| lines.iter().find(|l| l.slot == s)).copied() else {
        // The row keeps its place, so that the table does not jump when a board is chosen.
        ui.horizontal(|ui| {
            ui.add_enabled(false, egui::Button::new(lang.t("结果", "Result")));
            ui.weak(lang.t(
                "选定台次后，可在此用鼠标改结果、原因和犯规。",
                "Once a board is chosen, its result, reason and fouls can be changed here with the mouse.",
            ));
        });
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(slot_label(line.slot, several, lang));
        for outcome in Outcome::ALL {
            let key = match outcome {
                Outcome::RedWins => "1",
                Outcome::Draw => "=",
                Outcome::BlackWins => "0",
                Outcome::RedWinsByForfeit => "+",
                Outcome::BlackWinsByForfeit => "-",
                Outcome::BothForfeit => "*",
            };
            let chosen = line.result.is_some_and(|r| r.outcome == outcome);
            let button = ui.selectable_label(chosen, outcome.notation()).on_hover_text(format!(
                "{} ({} {key})",
                outcome_label(outcome, lang),
                lang.t("键", "key")
            ));
            if button.clicked() {
                let result = state.details.with(outcome);
                state.choose(round.no, line, result, lang);
                state.refocus = true;
            }
        }
        ui.separator();
        let reason_label_id = ui.label(lang.t("原因", "Reason")).id;
        let mut reason = state.details.reason;
        egui::ComboBox::from_id_salt("reason")
            .selected_text(format!("{} ({})", reason_label(reason, lang), reason_key(reason)))
            .show_ui(ui, |ui| {
                for r in ResultReason::ALL {
                    ui.selectable_value(&mut reason, r, format!("{} ({})", reason_label(r, lang), reason_key(r)));
                }
            })
            .response
            .labelled_by(reason_label_id);
        if reason != state.details.reason {
            state.details.reason = reason;
            state.amend(round.no, line);
            state.refocus = true;
        }
        ui.separator();
        for (red, zh, en) in [(true, "红犯规", "Red fouls"), (false, "黑犯规", "Black fouls")] {
            let n = if red { state.details.fouls_red } else { state.details.fouls_black };
            ui.label(format!("{} {n}", lang.t(zh, en)));
            let (more_key, fewer_key) = if red { ("[", "{") } else { ("]", "}") };
            let more = ui.small_button("+").on_hover_text(format!("{} +1 ({more_key})", lang.t(zh, en)));
            let fewer = ui.small_button("−").on_hover_text(format!("{} −1 ({fewer_key})", lang.t(zh, en)));
            let delta = if more.clicked() {
                Some(true)
            } else if fewer.clicked() {
                Some(false)
            } else {
                None
            };
            if let Some(up) = delta {
                let fouls = if red { &mut state.details.fouls_red } else { &mut state.details.fouls_black };
                *fouls = if up { (*fouls + 1).min(99) } else { fouls.saturating_sub(1) };
                state.amend(round.no, line);
                state.refocus = true;
            }
        }
        ui.separator();
        if line.result.is_some() && ui.button(lang.t("清除结果 (Del)", "Clear result (Del)")).clicked() {
            state.confirm = Some(ResultChange { round: round.no, slot: line.slot, before: line.result, after: None });
            state.disarm();
        }
    });
}

/// The Chinese or English name of an outcome.
pub fn outcome_label(outcome: Outcome, lang: Lang) -> &'static str {
    match outcome {
        Outcome::RedWins => lang.t("红胜", "red wins"),
        Outcome::Draw => lang.t("和棋", "draw"),
        Outcome::BlackWins => lang.t("黑胜", "black wins"),
        Outcome::RedWinsByForfeit => lang.t("黑方弃权", "black forfeits"),
        Outcome::BlackWinsByForfeit => lang.t("红方弃权", "red forfeits"),
        Outcome::BothForfeit => lang.t("双方弃权", "both forfeit"),
    }
}

/// The round's games: board, red, result, black, and late-arrival buttons. A click on a
/// row chooses its board.
fn board_table_ui(ui: &mut Ui, state: &mut ResultsView, event: &Event, round: &Round, several: bool, lang: Lang) {
    let lines = lines_of(round, &state.sent);
    let name = |p: StartNo| event.player(p).map(|pl| format!("{p} {}", pl.entry.name)).unwrap_or_else(|| p.to_string());
    let headings: Vec<(String, Align)> = [
        (lang.t("台次", "Board"), Align::Right),
        (lang.t("红方", "Red"), Align::Left),
        (lang.t("结果", "Result"), Align::Left),
        (lang.t("黑方", "Black"), Align::Left),
        (lang.t("迟到判负 (R-8.2)", "Late arrival (R-8.2)"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let armed_index = state.armed.and_then(|s| lines.iter().position(|l| l.slot == s));
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let mut clicked: Option<Line> = None;
    let mut late: Option<(Line, bool, bool)> = None;
    let mut table = TableBuilder::new(ui)
        .id_salt(("results", round.no))
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .auto_shrink([false, false])
        .column(Column::exact(if several { 80.0 } else { 48.0 }))
        .column(Column::initial(140.0).at_least(80.0))
        .column(Column::initial(220.0).at_least(120.0))
        .column(Column::initial(140.0).at_least(80.0))
        .column(Column::remainder().at_least(160.0));
    if let Some(i) = armed_index {
        table = table.scroll_to_row(i, None);
    }
    table.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.rows(row_h, lines.len(), |mut row| {
            let Some(line) = lines.get(row.index()).copied() else { return };
            row.set_selected(Some(row.index()) == armed_index);
            let id = ("result", line.slot.board, line.slot.game);
            let board =
                if several { format!("{}.{}", line.slot.board, line.slot.game) } else { line.slot.board.to_string() };
            cell_ui(&mut row, id, Align::Right, board);
            cell_ui(&mut row, id, Align::Left, name(line.red));
            cell_ui(&mut row, id, Align::Left, line.result.map(|r| result_label(r, lang)).unwrap_or_default());
            cell_ui(&mut row, id, Align::Left, name(line.black));
            row.col(|ui| {
                ui.push_id(id, |ui| {
                    ui.horizontal(|ui| {
                        for (red, black, zh, en) in [
                            (true, false, "红迟到", "Red late"),
                            (false, true, "黑迟到", "Black late"),
                            (true, true, "双方", "Both"),
                        ] {
                            let hover = match (red, black) {
                                (true, false) => lang.t("红方迟到：记 -+ 红方弃权（迟到）", "Red is late: -+ (late)"),
                                (false, true) => lang.t("黑方迟到：记 +- 黑方弃权（迟到）", "Black is late: +- (late)"),
                                _ => lang.t("双方迟到：记 -- 双方弃权（迟到）", "Both late: -- (late)"),
                            };
                            if ui.small_button(lang.t(zh, en)).on_hover_text(hover).clicked() {
                                late = Some((line, red, black));
                            }
                        }
                    });
                });
            });
            if row.response().clicked() {
                clicked = Some(line);
            }
        });
    });
    if let Some((line, red, black)) = late {
        state.late(round.no, line, red, black, lang);
        state.refocus = true;
    } else if let Some(line) = clicked {
        state.arm(line.slot, &lines);
        state.refocus = true;
    }
}

/// A text cell that lets clicks through to the row.
fn cell_ui(row: &mut egui_extras::TableRow<'_, '_>, id: impl egui::AsIdSalt, align: Align, text: String) {
    row.col(|ui| {
        ui.push_id(id, |ui| {
            let layout = match align {
                Align::Left => egui::Layout::left_to_right(egui::Align::Center),
                Align::Right => egui::Layout::right_to_left(egui::Align::Center),
            };
            ui.with_layout(layout, |ui| {
                ui.add(egui::Label::new(text).selectable(false).sense(Sense::empty()));
            });
        });
    });
}

/// The confirmation of a correction or clearing: shows the previous result.
fn confirm_ui(
    ui: &mut Ui,
    state: &mut ResultsView,
    event: &Event,
    round: &Round,
    several: bool,
    keys_live: bool,
    lang: Lang,
) {
    let Some(change) = state.confirm else { return };
    let ctx = ui.ctx().clone();
    let (enter, escape) = if keys_live {
        ctx.input_mut(|i| (i.consume_key(Modifiers::NONE, Key::Enter), i.consume_key(Modifiers::NONE, Key::Escape)))
    } else {
        (false, false)
    };
    let players = round
        .games
        .iter()
        .find(|g| g.board == change.slot.board && g.game == change.slot.game)
        .map(|g| {
            let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
            format!("{} {} — {} {}", g.red, name(g.red), name(g.black), g.black)
        })
        .unwrap_or_default();
    let mut accepted = enter;
    let mut cancelled = escape;
    let modal = egui::Modal::new(egui::Id::unique("result_correction")).show(&ctx, |ui| {
        ui.set_max_width(420.0);
        let title = if change.after.is_some() {
            lang.t("更正结果？", "Correct the result?")
        } else {
            lang.t("清除结果？", "Clear the result?")
        };
        ui.heading(title);
        let place = match lang {
            Lang::Zh => format!("第{}轮 {}", change.round, slot_label(change.slot, several, lang)),
            Lang::En => format!("Round {}, {}", change.round, slot_label(change.slot, several, lang)),
        };
        ui.label(format!("{place}  {players}"));
        ui.add_space(6.0);
        if let Some(before) = change.before {
            ui.label(format!("{} {}", lang.t("原结果：", "Previous result:"), result_label(before, lang)));
        }
        match change.after {
            Some(after) => ui.strong(format!("{} {}", lang.t("改为：", "New result:"), result_label(after, lang))),
            None => ui.strong(lang.t("改为：无结果", "New result: none")),
        };
        ui.add_space(6.0);
        ui.weak(lang.t(
            "更正会记入审计日志；积分和以后各轮的编排提示随之更新。",
            "The correction is kept in the audit log; standings and later pairings' warnings follow.",
        ));
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button(lang.t("确认更正 (Enter)", "Confirm (Enter)")).clicked() {
                accepted = true;
            }
            if ui.button(lang.t("取消 (Esc)", "Cancel (Esc)")).clicked() {
                cancelled = true;
            }
        });
    });
    if modal.backdrop_response.clicked() {
        cancelled = true;
    }
    if accepted {
        state.confirm_accepted();
    } else if cancelled {
        state.confirm_cancelled();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::Game;
    use crate::ui::key_field::fold;

    fn round(results: &[Option<Outcome>]) -> Round {
        let games = results
            .iter()
            .enumerate()
            .map(|(i, r)| Game {
                board: BoardNo(i as u32 + 1),
                game: 1,
                red: StartNo(2 * i as u32 + 1),
                black: StartNo(2 * i as u32 + 2),
                result: r.map(GameResult::plain),
            })
            .collect();
        Round { no: RoundNo(2), seed: None, games, byes: vec![], warnings: vec![] }
    }

    fn press(view: &mut ResultsView, round: &Round, keys: &str) {
        for c in keys.chars() {
            let key = match c {
                '\n' => EntryKey::Enter,
                '\x1b' => EntryKey::Escape,
                '\x08' => EntryKey::Backspace,
                '\x7f' => EntryKey::Delete,
                '↑' => EntryKey::Up,
                '↓' => EntryKey::Down,
                c => EntryKey::Char(fold(c)),
            };
            view.key(key, round, Lang::Zh);
        }
    }

    fn slot(board: u32) -> Slot {
        Slot { board: BoardNo(board), game: 1 }
    }

    #[test]
    fn board_then_enter_then_key_records_and_suggests_the_next_board() {
        let r = round(&[None, None, None, None]);
        let mut v = ResultsView::default();
        press(&mut v, &r, "3\n1");
        assert_eq!(v.outbox.len(), 1);
        let c = v.outbox[0];
        assert_eq!(c.slot, slot(3));
        assert_eq!(c.after, Some(GameResult::plain(Outcome::RedWins)));
        assert!(!c.is_correction());
        assert_eq!(v.armed, None);
        // The suggestion is the next board without a result after 3: 4, then 1.
        assert_eq!(suggestion(&lines_of(&r, &v.sent), v.cursor), Some(slot(4)));
        press(&mut v, &r, "\n=\n0");
        let after: Vec<(Slot, Outcome)> =
            v.outbox.iter().map(|c| (c.slot, c.after.map(|a| a.outcome).unwrap())).collect();
        assert_eq!(after, vec![(slot(3), Outcome::RedWins), (slot(4), Outcome::Draw), (slot(1), Outcome::BlackWins)]);
    }

    #[test]
    fn result_keys_need_a_chosen_board_and_digits_do_not_record() {
        let r = round(&[None, None, None, None, None, None, None, None, None, None, None, None]);
        let mut v = ResultsView::default();
        // "1" "2" type board 12, not a result on board 1.
        press(&mut v, &r, "12");
        assert!(v.outbox.is_empty());
        press(&mut v, &r, "\n");
        assert_eq!(v.armed, Some(slot(12)));
        // A digit that is no result key is refused while a board waits.
        press(&mut v, &r, "7");
        assert!(v.outbox.is_empty() && v.message.is_some());
        press(&mut v, &r, "5");
        assert_eq!(v.outbox[0].after.unwrap().outcome, Outcome::Draw);
        // No such board.
        press(&mut v, &r, "99\n");
        assert_eq!(v.armed, None);
        assert!(v.message.is_some());
        // A result key before Enter only hints.
        press(&mut v, &r, "3=");
        assert_eq!(v.outbox.len(), 1);
    }

    #[test]
    fn every_result_key_maps_to_its_outcome_with_full_width_forms() {
        let keys = ["1", "＝", "0", "＋", "－", "＊", "5"];
        let wanted = [
            Outcome::RedWins,
            Outcome::Draw,
            Outcome::BlackWins,
            Outcome::RedWinsByForfeit,
            Outcome::BlackWinsByForfeit,
            Outcome::BothForfeit,
            Outcome::Draw,
        ];
        for (k, o) in keys.iter().zip(wanted) {
            let r = round(&[None]);
            let mut v = ResultsView::default();
            press(&mut v, &r, &format!("１\n{k}"));
            assert_eq!(v.outbox[0].after.map(|a| a.outcome), Some(o), "key {k}");
        }
    }

    #[test]
    fn reason_and_fouls_go_with_the_result() {
        let r = round(&[None, None]);
        let mut v = ResultsView::default();
        press(&mut v, &r, "2\nt[]]0");
        let after = v.outbox[0].after.unwrap();
        assert_eq!(
            after,
            GameResult { outcome: Outcome::BlackWins, reason: ResultReason::Time, fouls_red: 1, fouls_black: 2 }
        );
        // Late arrival: L then - records red's forfeit with reason late.
        press(&mut v, &r, "1\nL-");
        let late = v.outbox[1].after.unwrap();
        assert_eq!((late.outcome, late.reason), (Outcome::BlackWinsByForfeit, ResultReason::Late));
    }

    #[test]
    fn a_result_on_a_board_with_one_is_a_correction_to_confirm() {
        let r = round(&[Some(Outcome::RedWins), None]);
        let mut v = ResultsView::default();
        press(&mut v, &r, "1\n0");
        assert!(v.outbox.is_empty());
        let pending = v.confirm.unwrap();
        assert_eq!(pending.before, Some(GameResult::plain(Outcome::RedWins)));
        assert_eq!(pending.after, Some(GameResult::plain(Outcome::BlackWins)));
        v.confirm_cancelled();
        assert!(v.confirm.is_none() && v.outbox.is_empty());
        press(&mut v, &r, "1\n0");
        v.confirm_accepted();
        assert_eq!(v.outbox.len(), 1);
        assert!(v.outbox[0].is_correction());
        // The same result again changes nothing.
        let mut w = ResultsView::default();
        press(&mut w, &r, "1\n1");
        assert!(w.confirm.is_none() && w.outbox.is_empty());
        // Delete asks before clearing.
        press(&mut w, &r, "1\n\x7f");
        assert_eq!(w.confirm.map(|c| c.after), Some(None));
    }

    #[test]
    fn a_reason_key_on_a_board_with_a_result_corrects_it_at_once() {
        let r = round(&[Some(Outcome::RedWins)]);
        let mut v = ResultsView::default();
        press(&mut v, &r, "\n");
        // Every result is in: Enter suggests nothing.
        assert_eq!(v.armed, None);
        press(&mut v, &r, "1\nt");
        assert_eq!(v.outbox.len(), 1);
        assert_eq!(v.outbox[0].after.unwrap().reason, ResultReason::Time);
        assert_eq!(v.armed, Some(slot(1)));
    }

    #[test]
    fn arrows_and_escape_move_between_boards() {
        let r = round(&[None, None, None]);
        let mut v = ResultsView::default();
        press(&mut v, &r, "↓");
        assert_eq!(v.armed, Some(slot(2)));
        press(&mut v, &r, "↓↓");
        assert_eq!(v.armed, Some(slot(3)));
        press(&mut v, &r, "↑");
        assert_eq!(v.armed, Some(slot(2)));
        press(&mut v, &r, "\x1b");
        assert_eq!(v.armed, None);
        // Enter on a chosen board skips it.
        press(&mut v, &r, "2\n\n");
        assert_eq!(v.armed, None);
        assert_eq!(suggestion(&lines_of(&r, &v.sent), v.cursor), Some(slot(3)));
    }

    #[test]
    fn labels_name_round_board_and_result() {
        let change = ResultChange {
            round: RoundNo(3),
            slot: slot(5),
            before: None,
            after: Some(GameResult::plain(Outcome::RedWins)),
        };
        assert_eq!(change_label(&change, false, Lang::Zh), "第3轮 第5台 1-0");
        assert_eq!(change_label(&change, false, Lang::En), "Round 3 board 5 1-0");
        let late = GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::RedWinsByForfeit) };
        let fix = ResultChange { before: change.after, after: Some(late), ..change };
        assert_eq!(change_label(&fix, false, Lang::Zh), "第3轮 第5台 更正 1-0 → +- 迟到");
    }

    #[test]
    fn the_late_deadline_is_the_start_plus_the_minutes() {
        let d = late_deadline("2022-12-02 19:00", 5).unwrap();
        assert_eq!(d.strftime("%H:%M").to_string(), "19:05");
        assert!(late_deadline("evening", 5).is_none());
    }
}
