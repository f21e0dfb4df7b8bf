//! 录入: keyboard-first result entry for a round of the chosen stage.
//!
//! The view shows the last paired round (a selector reaches earlier rounds, for
//! corrections), its completion count (`已录入 12/20`), the round's start time with the
//! late-arrival deadline, a board-number field that keeps the keyboard focus, an editor
//! for the chosen board, the round's boards with their results, and this session's
//! corrections. Every result is one [`Job::Execute`] holding one
//! [`Command::RecordResult`](crate::domain::command::Command::RecordResult); the worker
//! saves it with its audit row (the audit log is the full history of every correction).
//! The result keys, labels and the correction dialog come from `result_entry`, shared
//! with the pairing and bracket panels.
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

mod entry;
mod model;
mod table;
mod team;
#[cfg(test)]
mod tests;

use crate::domain::event::{Event, Round, Stage};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::result::{GameResult, ResultReason};
use crate::lang::{Lang, Words};
use crate::ui::dialog::Answer;
use crate::ui::env::Env;
use crate::ui::key_field::{KeyField, key_field_ui};
use crate::ui::memo::Memo;
use crate::ui::panel::Panel;
use crate::ui::result_entry::{
    Correction, Details, ResultChange, Slot, change_label, correction_ui, outcome_buttons_ui, reason_key, reason_label,
    refusal_text, result_label,
};
use crate::ui::session::{Job, Ticket};
use egui::Ui;
use entry::{late_deadline, suggestion};
use model::{ModelKey, RoundModel, derive};
use std::collections::BTreeMap;
use std::sync::Arc;
use table::board_table_ui;
use team::BoardNames;

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
    /// Results sent to the worker and not yet answered, shown over the saved event.
    sent: BTreeMap<(RoundNo, Slot), Option<GameResult>>,
    /// The result jobs sent and not yet answered, by ticket (issue 40, item 2): a
    /// board's entry in `sent` goes when the answer to its newest job arrives.
    asked: BTreeMap<Ticket, (RoundNo, Slot)>,
    /// Changes to hand to the worker at the end of the frame.
    outbox: Vec<ResultChange>,
    /// This session's corrections, oldest first.
    history: Vec<String>,
    /// A hint about the last key (no such board …), or why a result was refused.
    message: Option<String>,
    /// Give the board field the focus in the next frame.
    refocus: bool,
    /// Boards per match when the stage is a team stage: `2.3` is typed then.
    match_boards: Option<u32>,
    /// The round shown as drawn, derived once per change (issue 40, item 3).
    model: Memo<ModelKey, Arc<RoundModel>>,
}

impl ResultsView {
    /// How many times the model of the round shown was derived: once per change (a
    /// saved change, another round, a result sent), never once per frame.
    pub fn model_builds(&self) -> u64 {
        self.model.builds()
    }

    /// The model of `round` as shown now (with the results sent and not yet saved).
    fn model(&mut self, env: &Env<'_>, stage: &Stage, round: &Round) -> Arc<RoundModel> {
        let key = ModelKey {
            revision: env.revision,
            group: env.group.id,
            stage: stage.no,
            round: round.no,
            lang: env.lang,
            sent: self.sent.clone(),
        };
        let sent = &self.sent;
        Arc::clone(self.model.get_or_compute(key, || Arc::new(derive(env.group, stage, round, sent, env.lang))))
    }
}

impl Panel for ResultsView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        if let Some(stage) = env.stage_or_note_ui(ui) {
            results_ui(ui, self, env, stage, jobs);
        }
    }
}

/// Draws result entry for a round of `stage` (the last paired one unless another is chosen).
pub fn results_ui(ui: &mut Ui, state: &mut ResultsView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let key = (env.group.id, stage.no);
    if state.shown != Some(key) {
        let model = std::mem::take(&mut state.model);
        *state = ResultsView { shown: Some(key), refocus: true, model, ..ResultsView::default() };
    }
    take_answers(state, env);
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
    state.match_boards = stage.teams.as_ref().map(|t| t.boards);
    let names = BoardNames::of(stage, round);
    let several_games = names.several;
    // A confirmation answers only keys pressed after it was shown.
    let confirm_was_shown = state.confirm.is_some();

    let model = state.model(env, stage, round);
    round_header_ui(ui, state, env, stage, (round, &model));
    ui.separator();

    // The board field first, so that its keys act before anything else is drawn.
    let entry = board_field_ui(ui, state, env, (stage, round), names);
    if let Some(message) = &state.message {
        ui.colored_label(ui.visuals().warn_fg_color, message.as_str());
    }
    keys_hint_ui(ui, names, lang);
    ui.add_space(crate::ui::theme::space::XS);
    // The keys may have sent a result: the model then shows it this frame.
    let model = state.model(env, stage, round);
    editor_ui(ui, state, (round, &model.lines), names, lang);
    ui.separator();
    corrections_ui(ui, &state.history, lang);
    let model = state.model(env, stage, round);
    board_table_ui(ui, state, env.event, (round, &model, names), lang);

    confirm_ui(ui, state, env.event, round, names, confirm_was_shown, lang);

    let nothing_focused = ui.memory(|m| m.focused().is_none());
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if state.confirm.is_none() && !popup_open && (state.refocus || nothing_focused) {
        entry.request_focus();
        state.refocus = false;
    }

    send_changes(state, env, stage, several_games, jobs);
}

/// The board-number field with the chosen board's caption; the keys typed into it
/// act on the view at once. Returns the field, which keeps the keyboard focus.
fn board_field_ui(
    ui: &mut Ui,
    state: &mut ResultsView,
    env: &Env<'_>,
    (stage, round): (&Stage, &Round),
    names: BoardNames,
) -> egui::Response {
    let lang = env.lang;
    let lines = state.model(env, stage, round);
    let lines = &lines.lines;
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("台次", "Board"));
        let (shown, suggested) = match (state.armed, state.typed.is_empty()) {
            (Some(slot), _) => (names.field(slot), false),
            (None, false) => (state.typed.clone(), false),
            (None, true) => (suggestion(lines, state.cursor).map(|s| names.field(s)).unwrap_or_default(), true),
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
        let response = response.labelled_by(label.id);
        // Keys typed after one that opens a confirmation are dropped, so that a
        // fast Enter cannot confirm a correction the director has not seen.
        for k in keys {
            if state.confirm.is_some() {
                break;
            }
            state.key(k, round, lang);
        }
        let model = state.model(env, stage, round);
        armed_caption_ui(ui, state, env.event, &model.lines, names, lang);
        response
    })
    .inner
}

/// Hands the results keyed this frame to the worker; corrections go to the session's list.
fn send_changes(state: &mut ResultsView, env: &Env<'_>, stage: &Stage, several_games: bool, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    for change in state.outbox.drain(..) {
        if change.is_correction() {
            state.history.push(change_label(&change, several_games, lang));
        }
        let label = Words::in_both(|lang| change_label(&change, several_games, lang));
        let ticket = env.send(jobs, change.job(env.group.id, stage.no, label));
        state.asked.insert(ticket, (change.round, change.slot));
    }
}

/// This session's corrections, newest first, folded under their count.
fn corrections_ui(ui: &mut Ui, history: &[String], lang: Lang) {
    if history.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("{} ({})", lang.t("本次更正记录", "Corrections this session"), history.len()))
        .id_salt("corrections")
        .show(ui, |ui| {
            for line in history.iter().rev() {
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

/// Takes in the answers to the results sent (issue 40, item 2): a board's optimistic
/// entry goes when the answer to its newest job arrives — saved, the saved event shows
/// it; refused, it is taken back and why is said beside the board field. A board sent
/// again meanwhile keeps its newer entry until that job is answered too.
fn take_answers(state: &mut ResultsView, env: &Env<'_>) {
    let answered: Vec<Ticket> = state.asked.keys().copied().filter(|t| env.answered(*t)).collect();
    for ticket in answered {
        let Some(key) = state.asked.remove(&ticket) else { continue };
        if let Some(refusal) = env.refusal_of(ticket) {
            state.message = Some(refusal_text(&refusal.error, env.lang));
        }
        if !state.asked.values().any(|k| *k == key) {
            state.sent.remove(&key);
        }
    }
}

/// Title, round selector, completion count and the round's start time.
fn round_header_ui(ui: &mut Ui, state: &mut ResultsView, env: &Env<'_>, stage: &Stage, shown: (&Round, &RoundModel)) {
    let lang = env.lang;
    let (round, model) = shown;
    let (done, games) = (model.done, model.lines.len());
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("成绩录入", "Result entry"));
        ui.add_space(crate::ui::theme::space::L);
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
        ui.add_space(crate::ui::theme::space::L);
        let count = match lang {
            Lang::Zh => format!("已录入 {done}/{games}"),
            Lang::En => format!("Entered {done}/{games}"),
        };
        if done == games {
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

/// What the chosen board is and what the field waits for.
fn armed_caption_ui(
    ui: &mut Ui,
    state: &ResultsView,
    event: &Event,
    lines: &[Line],
    names: BoardNames<'_>,
    lang: Lang,
) {
    let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
    match state.armed.and_then(|s| lines.iter().find(|l| l.slot == s)) {
        Some(line) => {
            let players = format!("{} {} — {} {}", line.red, name(line.red), name(line.black), line.black);
            ui.strong(format!("→ {}  {players}", names.words(line.slot, lang)));
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

fn keys_hint_ui(ui: &mut Ui, names: BoardNames<'_>, lang: Lang) {
    if names.team.is_some() {
        ui.weak(lang.t(
            "团体赛：台次可输入“场.台”（如 2.3 为第2场第3台），也可输入全轮台次（如 7）。",
            "Team round: type the board as match.board (2.3 is match 2, board 3) or as the round's board number (7).",
        ));
    }
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
fn editor_ui(
    ui: &mut Ui,
    state: &mut ResultsView,
    (round, lines): (&Round, &[Line]),
    names: BoardNames<'_>,
    lang: Lang,
) {
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
        ui.label(names.words(line.slot, lang));
        if let Some(outcome) = outcome_buttons_ui(ui, line.result.map(|r| r.outcome), lang) {
            let result = state.details.with(outcome);
            state.choose(round.no, line, result, lang);
            state.refocus = true;
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

/// The confirmation of a correction or clearing: shows the previous result.
fn confirm_ui(
    ui: &mut Ui,
    state: &mut ResultsView,
    event: &Event,
    round: &Round,
    names: BoardNames<'_>,
    keys_live: bool,
    lang: Lang,
) {
    let Some(change) = state.confirm else { return };
    let players = round
        .games
        .iter()
        .find(|g| g.board == change.slot.board && g.game == change.slot.game)
        .map(|g| {
            let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
            format!("{} {} — {} {}", g.red, name(g.red), name(g.black), g.black)
        })
        .unwrap_or_default();
    let place = match lang {
        Lang::Zh => format!("第{}轮 {}", change.round, names.words(change.slot, lang)),
        Lang::En => format!("Round {}, {}", change.round, names.words(change.slot, lang)),
    };
    let dialog = Correction {
        id: "result_correction",
        width: 420.0,
        place: format!("{place}  {players}"),
        note: lang.t(
            "更正会记入审计日志；积分和以后各轮的编排提示随之更新。",
            "The correction is kept in the audit log; standings and later pairings' warnings follow.",
        ),
        keys_live,
    };
    match correction_ui(ui, &change, &dialog, lang) {
        Some(Answer::Accepted) => state.confirm_accepted(),
        Some(Answer::Cancelled) => state.confirm_cancelled(),
        None => {}
    }
}
