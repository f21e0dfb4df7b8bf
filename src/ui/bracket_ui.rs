//! 对阵图: the knockout bracket of the chosen stage, with result entry.
//!
//! One column per knockout round, named from the number of matches the round has in
//! the bracket (1/8决赛, 1/4决赛, 半决赛, 决赛与三四名). Each match is a framed box: the
//! two players with their current seed numbers (the winner keeps the better seed,
//! ), the match score in knockout points, and one cell per game with its colours
//! and result — playoff games with their time control (`加赛 25分钟`, R-6.3). The
//! winner is highlighted and shown in the next column, joined by a line; rounds not yet
//! paired are empty boxes holding the seeds that will meet there (known in advance,
//! since each winner carries the better seed of its match) and the players as soon as
//! their matches are decided. The semi-final losers are joined to the third-place match
//! by dashed lines. `编排下一轮` pairs the next round ([`Job::Pair`]) once every match
//! of the last round is decided.
//!
//! The bracket is derived from the event on every frame (the stage's seeding and
//! rounds); nothing of it is stored. Results go to the worker as one
//! [`Command::RecordResult`](crate::domain::command::Command::RecordResult) each; the
//! domain adds the next playoff game of a level match by itself. Any other stage shows a
//! short note instead. The bracket's data is `model.rs`, its drawing `canvas.rs`, its
//! keyboard `keys.rs`, its zoom `zoom.rs`, the folding of finished rounds `fold.rs`.
//!
//! # Keys (while the 选定对局 field has the focus; it takes it back whenever nothing else has it)
//! | key | does |
//! |---|---|
//! | ↑ / ↓ | the previous / next game of the column (across its matches) |
//! | ← / → | the nearest game of the previous / next paired round |
//! | `1` | red wins 1-0 |
//! | `=` or `5` | draw 1/2 |
//! | `0` | black wins 0-1 |
//! | `+` | red wins by forfeit +- (black absent) |
//! | `-` | black wins by forfeit -+ (red absent) |
//! | `*` | both forfeit -- |
//! | Delete | clear the game's result (asks first) |
//! | `C` | swap the chosen match's colours (every game), before any of its results (R-6.2) |
//! | `P` | pair the next round (when every match is decided) |
//!
//! A click on a game cell chooses it too; the buttons beside the field do what the
//! result keys do. After a result the choice moves on to a game that was on screen: the
//! match's next game without a result, else the round's next one. It never moves into
//! the playoff game a level result brings, nor anywhere when games appear: a playoff
//! game is chosen by hand (issue 39, item 3, `keys.rs`). Every match box keeps its
//! place and height whatever the results (`canvas.rs`), and 适合窗口 keeps the text at
//! 11 px or more, scrolling what does not fit (`zoom.rs`).
//! A result key on a game that already has a result is a correction: a dialog shows the
//! previous result and asks (Enter confirms, Esc cancels). Full-width keys
//! (`１ ＝ ０ ＋ － ＊`) count as their ASCII twins.

mod canvas;
mod fold;
mod keys;
mod layout;
mod model;
#[cfg(test)]
mod tests;
mod zoom;

use crate::domain::command::Command;
use crate::domain::event::{Event, KnockoutRules, Stage, StageKind, StageStatus};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::knockout::{self, KnockoutError};
use crate::domain::swiss::{PairingEdit, PairingProgress};
use crate::lang::Lang;
use crate::lang::Words;
use crate::seed::fresh_seed;
use crate::ui::dialog::Answer;
use crate::ui::env::Env;
use crate::ui::key_field::{KeyField, key_field_ui};
use crate::ui::memo::Memo;
use crate::ui::panel::Panel;
use crate::ui::result_entry::{
    Correction, ResultChange, Slot, change_label, correction_ui, outcome_buttons_ui, result_label,
};
use crate::ui::session::Job;
use crate::ui::table::row_height;
use crate::ui::theme::{icons, widgets};
use canvas::canvas_ui;
use egui::{Key, Modifiers, Response, Ui};
use fold::fold_bar_ui;
use layout::{BracketModel, LayoutKey};
use model::{BoxKind, Column, find, player_name};
use std::collections::BTreeMap;
use std::sync::Arc;
use zoom::{Zoom, fit, readable_zoom, scroll_note_ui, zoom_bar_ui};

pub use crate::present::bracket::GameKey;

/// The result-entry slot of a game of the bracket.
fn slot_of(key: GameKey) -> Slot {
    Slot { board: key.board, game: key.game }
}

/// Results sent to the worker and not yet seen in the saved event.
type Sent = crate::present::bracket::Pending;

/// The bracket view's own state.
#[derive(Debug, Clone, Default)]
pub struct BracketView {
    /// The group and stage the state belongs to; another one starts afresh.
    shown: Option<(GroupId, StageNo)>,
    /// The rounds paired when last drawn: a new round moves the choice into it.
    rounds_seen: usize,
    /// The game chosen for the result keys.
    selected: Option<GameKey>,
    /// A correction or clearing waiting for the director's confirmation.
    confirm: Option<ResultChange>,
    /// Results sent and not yet saved, shown at once.
    sent: Sent,
    /// Changes to hand to the worker at the end of the frame.
    outbox: Vec<ResultChange>,
    /// A hint about the last key.
    message: Option<String>,
    /// Give the 选定对局 field the focus in the next frame.
    refocus: bool,
    /// Scroll the chosen game into view in the next frame.
    scroll: bool,
    /// Where each game cell was drawn in the last frame (centre height), for ← and →.
    centres: BTreeMap<GameKey, f32>,
    /// How big the bracket is drawn: fitted to the window until zoomed.
    zoom: Zoom,
    /// The zoom the bracket was drawn at last (the steps of 放大 and 缩小 start there).
    zoom_shown: f32,
    /// The stage is open: a match's colours may swap.
    open: bool,
    /// The director unfolded the finished rounds (they are folded by default).
    unfolded: bool,
    /// Which columns were folded when last drawn (the arrows skip them).
    folded: Vec<bool>,
    /// Colour swaps (round, match) to hand to the worker at the end of the frame.
    swaps: Vec<(RoundNo, BoardNo)>,
    /// The stage as drawn, derived once per change (issue 40, item 3).
    layout: Memo<LayoutKey, Arc<BracketModel>>,
}

impl BracketView {
    /// The game chosen for the result keys, if any.
    pub fn selected(&self) -> Option<GameKey> {
        self.selected
    }

    /// A correction waiting for confirmation, if any.
    pub fn pending_confirmation(&self) -> Option<&ResultChange> {
        self.confirm.as_ref()
    }

    /// The zoom the bracket was drawn at last (1 = the window's text size).
    pub fn zoom(&self) -> f32 {
        self.zoom_shown
    }

    /// How many times the bracket's model was derived: once per change (a saved
    /// change, a result sent, the rounds unfolded), never once per frame.
    pub fn model_builds(&self) -> u64 {
        self.layout.builds()
    }

    /// The model of knockout `stage` as shown now (with the results sent).
    fn layout(
        &mut self,
        env: &Env<'_>,
        (stage, rules): (&Stage, &KnockoutRules),
        row_height: f32,
    ) -> Arc<BracketModel> {
        let key = LayoutKey {
            revision: env.revision,
            shown: (env.group.id, stage.no),
            lang: env.lang,
            sent: self.sent.clone(),
            unfolded: self.unfolded,
            row_height: row_height.to_bits(),
        };
        let (sent, unfolded) = (&self.sent, self.unfolded);
        Arc::clone(self.layout.get_or_compute(key, || {
            let shape = (unfolded, row_height);
            Arc::new(layout::derive(env.event, (env.group.id, stage, rules), sent, shape, env.lang))
        }))
    }
}

impl Panel for BracketView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        if let Some(stage) = env.stage_or_note_ui(ui) {
            bracket_ui(ui, self, env, stage, jobs);
        }
    }
}

/// Why the next round cannot be paired now, if it cannot.
fn pair_blocker(stage: &Stage, seeds: &[StartNo], rules: &KnockoutRules, lang: Lang) -> Option<String> {
    if stage.status != StageStatus::Open {
        return Some(
            lang.t(
                "本阶段未开放（上一阶段结束后开放）。",
                "This stage is not open (it opens when the previous one ends).",
            )
            .into(),
        );
    }
    match knockout::next_round(seeds, &stage.rounds, &stage.scoring, rules) {
        Ok(_) => None,
        Err(KnockoutError::Undecided { round, board }) => Some(match lang {
            Lang::Zh => format!("第{round}轮第{board}台尚未决出胜负。"),
            Lang::En => format!("Match {board} of round {round} is not decided yet."),
        }),
        Err(KnockoutError::Finished) => Some(lang.t("淘汰赛已全部结束。", "The knockout is finished.").into()),
        Err(KnockoutError::TooFewPlayers) => {
            Some(lang.t("淘汰赛至少需要两名选手。", "A knockout needs at least two players.").into())
        }
        Err(KnockoutError::NoRules) => {
            Some(lang.t("本阶段没有淘汰赛规则。", "The stage has no knockout rules.").into())
        }
    }
}

/// Draws the bracket of `stage` (a knockout stage), or a note for any other stage.
pub fn bracket_ui(ui: &mut Ui, state: &mut BracketView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let key = (env.group.id, stage.no);
    if state.shown != Some(key) {
        let layout = std::mem::take(&mut state.layout);
        *state = BracketView { shown: Some(key), refocus: true, layout, ..BracketView::default() };
    }
    if !env.busy {
        // Everything sent has been answered: the saved event is the truth again.
        state.sent.clear();
    }
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("对阵图", "Bracket"));
        ui.add_space(crate::ui::theme::space::M);
        ui.label(format!("{} · {}", env.group.name, stage.name));
    });
    let (StageKind::Knockout, Some(rules)) = (stage.kind, stage.knockout.as_ref()) else {
        ui.separator();
        ui.label(lang.t(
            "对阵图用于淘汰赛阶段；本阶段不是淘汰赛。请在顶栏的「阶段」中选择淘汰赛阶段。",
            "The bracket applies to knockout stages; this stage is not one. Choose a knockout stage in the top bar.",
        ));
        return;
    };
    state.open = stage.status == StageStatus::Open && !env.busy;
    let confirm_was_shown = state.confirm.is_some();
    let rh = row_height(ui);
    let model = state.layout(env, (stage, rules), rh);
    toolbar_ui(ui, state, env, (stage, rules), &model, jobs);
    ui.separator();
    if model.seeds.len() < 2 {
        ui.label(lang.t(
            "本阶段还没有种子选手：上一阶段结束（晋级）后按其排名产生。",
            "This stage has no seeds yet: they come from the previous stage's ranking when it ends.",
        ));
        return;
    }
    let columns = &model.columns;
    state.keep_selection(columns, stage.rounds.len(), env.busy);
    state.folded = model.folded.clone();
    let field = selection_bar_ui(ui, state, env.event, columns, lang);
    message_line_ui(ui, state.message.as_deref());
    ui.weak(lang.t(
        "键：↑↓ 本轮上一局/下一局 · ←→ 相邻轮次 · 1 红胜 · = 或 5 和棋 · 0 黑胜 · + 黑方弃权 · - 红方弃权 · \
         * 双方弃权 · Del 清除 · C 交换先后手 · P 编排下一轮 · 也可点击对局",
        "Keys: ↑↓ previous/next game of the round · ←→ next round over · 1 red wins · = or 5 draw · 0 black wins · \
         + black forfeits · - red forfeits · * both forfeit · Del clears · C swaps colours · P pairs the next round · \
         or click a game",
    ));
    podium_ui(ui, env.event, columns, lang);
    let keys_live = state.confirm.is_none();
    zoom_bar_ui(ui, &mut state.zoom, state.zoom_shown, keys_live, lang);
    fold_bar_ui(ui, &mut state.unfolded, columns, lang);
    ui.add_space(crate::ui::theme::space::XS);
    // The columns as they are now (with what the keys just sent), placed at zoom 1 so
    // that they can be fitted to the space left.
    let model = state.layout(env, (stage, rules), rh);
    let (columns, placement) = (&model.columns, &model.placement);
    state.folded = model.folded.clone();
    let zoom = zoom_of(ui, state.zoom, placement.size, lang);
    state.zoom_shown = zoom;
    egui::ScrollArea::both().id_salt("bracket").auto_shrink([false, false]).show(ui, |ui| {
        canvas_ui(ui, state, env.event, columns, placement, rules, field.has_focus(), zoom, lang);
    });
    confirm_ui(ui, state, env.event, columns, confirm_was_shown, lang);

    let nothing_focused = ui.memory(|m| m.focused().is_none());
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if state.confirm.is_none() && !popup_open && (state.refocus || nothing_focused) {
        field.request_focus();
        state.refocus = false;
    }
    send_ui_changes(state, env, stage, jobs);
}

/// Hands the results keyed and the colours swapped this frame to the worker.
fn send_ui_changes(state: &mut BracketView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    for change in state.outbox.drain(..) {
        let label =
            Words::in_both(|lang| format!("{} {}", lang.t("对阵图", "Bracket"), change_label(&change, true, lang)));
        jobs.push(change.job(env.group.id, stage.no, label));
    }
    for (round, board) in state.swaps.drain(..) {
        let label = Words::in_both(|lang| match lang {
            Lang::Zh => format!("对阵图 第{round}轮 第{board}台 交换先后手"),
            Lang::En => format!("Bracket round {round} match {board}: colours swapped"),
        });
        let edit = PairingEdit::SwapColours { board };
        let command = Command::EditPairing { group: env.group.id, stage: stage.no, round, edit, confirmed: false };
        jobs.push(Job::Execute { label, commands: vec![command] });
    }
}

/// The zoom to draw at: the one chosen, or the one that fits the bracket in the space
/// left (never below readable, with a note that it scrolls then).
fn zoom_of(ui: &mut Ui, zoom: Zoom, size: egui::Vec2, lang: Lang) -> f32 {
    let room = ui.available_size() - egui::vec2(12.0, 12.0);
    match zoom {
        Zoom::Fit => {
            let body = egui::TextStyle::Body.resolve(ui.style()).size;
            let fitted = fit(size, room, readable_zoom(body));
            if !fitted.whole {
                scroll_note_ui(ui, lang);
            }
            fitted.zoom
        }
        Zoom::Fixed(zoom) => zoom,
    }
}

/// The pair button, the seeds and the time controls.
fn toolbar_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    env: &Env<'_>,
    (stage, rules): (&Stage, &KnockoutRules),
    model: &BracketModel,
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    let seeds = &model.seeds;
    let blocker = if env.busy {
        Some(lang.t("正在处理上一项操作…", "Still working on the last change…").to_string())
    } else {
        model.blocker.clone()
    };
    let keys_free = state.confirm.is_none() && !ui.ctx().text_edit_focused();
    ui.horizontal_wrapped(|ui| {
        let enabled = blocker.is_none();
        let button = widgets::primary_button(ui, icons::SHUFFLE, lang.t("编排下一轮 (P)", "Pair next round (P)"));
        let button = ui.add_enabled(enabled, button);
        let button = match &blocker {
            Some(why) => button.on_disabled_hover_text(why.as_str()),
            None => button.on_hover_text(lang.t(
                "胜者保留较好的种子号，余下种子首尾相对",
                "Winners keep the better seed; the remaining seeds meet first against last",
            )),
        };
        let pressed = enabled && keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::P));
        if enabled && (button.clicked() || pressed) {
            let (group, stage, seed) = (env.group.id, stage.no, fresh_seed());
            jobs.push(Job::Pair { group, stage, seed, progress: PairingProgress::new() });
            state.refocus = true;
        }
        if let Some(why) = &blocker {
            ui.weak(why.as_str());
        }
    });
    ui.horizontal_wrapped(|ui| {
        let minutes: Vec<String> = (0..3).map(|k| knockout::playoff_minutes(rules, k).to_string()).collect();
        let time_control = if stage.time_control.trim().is_empty() { "—" } else { stage.time_control.as_str() };
        ui.label(match lang {
            Lang::Zh => format!(
                "种子 {} 名 · 每场分先 {} 局 · 局时 {time_control} · 平分加赛 {}… 分钟（最短 {} 分钟）",
                seeds.len(),
                rules.games_per_match,
                minutes.join("、"),
                rules.min_playoff_minutes
            ),
            Lang::En => format!(
                "{} seeds · {} games a match, colours swapped · time control {time_control} · playoffs when level {}… min (at least {})",
                seeds.len(),
                rules.games_per_match,
                minutes.join(", "),
                rules.min_playoff_minutes
            ),
        });
    });
}

/// The 选定对局 field (it holds the keyboard), and buttons for the chosen game.
fn selection_bar_ui(ui: &mut Ui, state: &mut BracketView, event: &Event, columns: &[Column], lang: Lang) -> Response {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t("选定对局", "Selected game"));
        let shown = match state.selected {
            Some(key) => match find(columns, key) {
                Some((_, _, game)) => {
                    let game = state.merged(key, game);
                    let name = |p: StartNo| player_name(event, p);
                    let result =
                        game.result.map_or_else(|| lang.t("未赛", "unplayed").to_string(), |r| result_label(r, lang));
                    match lang {
                        Lang::Zh => format!(
                            "第{}轮 第{}台 第{}局：红 {} — 黑 {} · {result}",
                            key.round,
                            key.board,
                            key.game,
                            name(game.red),
                            name(game.black)
                        ),
                        Lang::En => format!(
                            "Round {} match {} game {}: red {} — black {} · {result}",
                            key.round,
                            key.board,
                            key.game,
                            name(game.red),
                            name(game.black)
                        ),
                    }
                }
                None => lang.t("（正在生成加赛局…）", "(the playoff game is being added…)").to_string(),
            },
            None => lang.t("（无）", "(none)").to_string(),
        };
        let (response, keys) = key_field_ui(
            ui,
            KeyField {
                label: lang.t("选定对局", "Selected game"),
                hover: lang.t(
                    "方向键选局，再按结果键：1 红胜，= 或 5 和棋，0 黑胜，+ 红胜(黑弃权)，- 黑胜(红弃权)，* 双方弃权；Del 清除",
                    "Arrows choose a game, then a result key: 1 red wins, = or 5 draw, 0 black wins, + black forfeits, - red forfeits, * both forfeit; Del clears",
                ),
                shown: &shown,
                width: (ui.available_width() - 8.0).clamp(160.0, 460.0),
                typing: false,
                weak: false,
                keep_escape: false,
            },
        );
        let response = response.labelled_by(label.id);
        // Keys after one that opens a confirmation are dropped, so that a fast Enter
        // cannot confirm a correction the director has not seen.
        for k in keys {
            if state.confirm.is_some() {
                break;
            }
            state.key(k, columns, lang);
        }
        // The keys as buttons, for the mouse.
        if let Some((key, game)) = state.chosen(columns) {
            if let Some(outcome) = outcome_buttons_ui(ui, game.result.map(|r| r.outcome), lang) {
                state.enter(outcome, columns, lang);
                state.refocus = true;
            }
            // Shown disabled rather than hidden, so that the bar (and the bracket under
            // it) keeps its place whatever game is chosen (issue 39, item 1).
            let clear = ui.add_enabled(game.result.is_some(), egui::Button::new(lang.t("清除结果 (Del)", "Clear result (Del)")));
            if clear.clicked() {
                state.confirm =
                    Some(ResultChange { round: key.round, slot: slot_of(key), before: game.result, after: None });
            }
        }
        swap_button_ui(ui, state, columns, lang);
        response
    })
    .inner
}

/// 交换先后手 on the chosen match while none of its games has a result.
/// Disabled (not hidden) otherwise, so that the bar keeps its size.
fn swap_button_ui(ui: &mut Ui, state: &mut BracketView, columns: &[Column], lang: Lang) {
    if state.selected.is_none() {
        return;
    }
    let target = state.swap_target(columns);
    let swap = ui
        .add_enabled(target.is_some(), egui::Button::new(lang.t("交换先后手 (C)", "Swap colours (C)")))
        .on_hover_text(lang.t(
            "较高种子的选择：本场各局红黑互换（本场有成绩前）",
            "The higher seed's choice: red and black change places in every game of the match (before its first result)",
        ))
        .on_disabled_hover_text(lang.t(
            "本场已有成绩（或不在当前轮），先后手不能再交换。",
            "This match has results (or is not in the current round); its colours can no longer swap.",
        ));
    if let Some(target) = target
        && swap.clicked()
    {
        state.swaps.push(target);
        state.refocus = true;
    }
}

/// The hint about the last key, in a line kept even when empty, so that the bracket
/// under it does not move when a hint comes or goes (issue 39, item 1).
fn message_line_ui(ui: &mut Ui, message: Option<&str>) {
    let height = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    if let Some(message) = message {
        let text = egui::RichText::new(message).color(ui.visuals().warn_fg_color);
        ui.put(rect, egui::Label::new(text).truncate());
    }
}

/// 冠军 … 亚军 … 季军 … 第四名 … once the last round is decided.
fn podium_ui(ui: &mut Ui, event: &Event, columns: &[Column], lang: Lang) {
    let Some(last) = columns.last().filter(|c| c.paired) else { return };
    let mut parts = Vec::new();
    for b in &last.boxes {
        let (Some(w), Some(l)) = (b.winner(), b.loser()) else { continue };
        let (first, second) = match b.kind {
            BoxKind::Final => (lang.t("冠军", "Champion"), lang.t("亚军", "Runner-up")),
            BoxKind::ThirdPlace => (lang.t("季军", "Third"), lang.t("第四名", "Fourth")),
            _ => continue,
        };
        parts.push(format!("{first} {} · {second} {}", player_name(event, w), player_name(event, l)));
    }
    if !parts.is_empty() {
        ui.strong(parts.join(" · "));
    }
}

/// The confirmation of a correction or clearing: shows the previous result.
fn confirm_ui(ui: &mut Ui, state: &mut BracketView, event: &Event, columns: &[Column], keys_live: bool, lang: Lang) {
    let Some(change) = state.confirm else { return };
    let key = GameKey { round: change.round, board: change.slot.board, game: change.slot.game };
    let players = find(columns, key)
        .map(|(_, _, g)| {
            format!(
                "{} {} — {} {}",
                lang.t("红", "red"),
                player_name(event, g.red),
                lang.t("黑", "black"),
                player_name(event, g.black)
            )
        })
        .unwrap_or_default();
    let place = match lang {
        Lang::Zh => format!("第{}轮 第{}台 第{}局  {players}", key.round, key.board, key.game),
        Lang::En => format!("Round {}, match {}, game {}  {players}", key.round, key.board, key.game),
    };
    let dialog = Correction {
        id: "bracket_correction",
        width: 440.0,
        place,
        note: lang.t(
            "更正会记入审计日志；加赛局和晋级随之更新。",
            "The correction is kept in the audit log; playoff games and who advances follow.",
        ),
        keys_live,
    };
    match correction_ui(ui, &change, &dialog, lang) {
        Some(Answer::Accepted) => {
            state.confirm = None;
            state.send(change);
            state.refocus = true;
        }
        Some(Answer::Cancelled) => {
            state.confirm = None;
            state.refocus = true;
        }
        None => {}
    }
}
