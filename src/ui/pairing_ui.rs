//! 对阵: pairing the next round and the pairings of a chosen round.
//!
//! The top bar pairs the next round of the stage on the worker thread (while the engine
//! works, a progress bar — score group k of n — and 「取消编排」, which leaves the event
//! unchanged: `progress.rs`; the button is disabled, with the reason shown, while the
//! last round lacks results, every planned round is paired, or the worker is busy). A
//! seed field reproduces an earlier draw; left empty, a fresh seed is drawn and recorded
//! with the round. Below: the round selector, the round's seed (and round 1's), and the
//! table — board, red with start number, points before the round and colour history
//! (`红黑红`, `－` for a round without a game), result, black likewise — then the byes.
//! The round's warnings (rules the pairing breaks) are marked ▲ on the players concerned,
//! with the text on hover, and listed under the table, which fills the panel's height.
//!
//! Above the round, the stage's place in the group (`advance.rs`, R-1.4): a played-out
//! stage with another after it shows who qualifies, a nominee picker and
//! 「结束本阶段并晋级」 (asks first, then the window shows the next stage); a stage
//! waiting for the one before says how many rounds that one still has; the last stage
//! played out says the event is finished and where to export and print.
//!
//! Choosing a board number or a bye (a click, or Tab and Space) opens a side pane with
//! its explanation (`explain.rs`, R-3.7): score groups, floats and why, the colour rule,
//! why the bye; an edited round lists above the table how it differs from the engine's.
//!
//! A team round is shown by match (`team_table.rs`): a heading row per match
//! with its boards under it, the teams with a bye under the table; its line-ups are
//! changed on the 队伍 panel, and the round can be unpaired while it has no result.
//! Choosing a match's number or a bye's 为什么轮空 explains it in the same side pane
//! each team's score group, float and why, which team is home and why.
//!
//! In a knockout round, the higher seed's choice of colours: click the number
//! of a match without any result and swap its colours (every game of the match).
//!
//! In a video stage, each board's agreed game time and watching official
//! (挂盘手) are two more columns, recorded with the form above the table (`watch.rs`).
//!
//! Hand edits on the last round while it has no result: click players (two at
//! most) and a board number, then swap the two players, swap the board's colours, move
//! the player to the bye, or unpair the round. An edit is first checked here with
//! [`edited`](crate::domain::swiss::edited) and [`check_round`](crate::domain::swiss::check_round); if it breaks an absolute rule, a dialog lists the
//! broken rules and the edit is only sent, with `confirmed`, when the director accepts.
//!
//! # Keys (when no text field has the focus)
//! | key | does |
//! |---|---|
//! | `P` | pair the next round |
//! | `S` | swap the two chosen players |
//! | `C` | swap the chosen board's colours |
//! | `B` | move the chosen player to the bye |
//! | `U` | unpair the last round (asks first) |
//! | Esc | while pairing: cancel it; else clear the choice, close the explanation |
//! | PageUp / PageDown | previous / next round |
//! | Tab, Space | reach and choose players, boards and byes in the table |

mod advance;
mod controls;
mod edit;
mod explain;
mod model;
mod progress;
mod table;
mod team_table;
#[cfg(test)]
mod tests;
mod watch;

pub use edit::edit_warnings;

use crate::domain::event::{Bye, ByeKind, Game, Round, Stage, StageKind, StageStatus, Unfinished, stage_entrants};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::round_robin;
use crate::domain::swiss::{PairingEdit, PairingWarning, suggested_rounds};
use crate::lang::Lang;
use crate::seed::fresh_seed;
use crate::ui::env::Env;
use crate::ui::memo::Memo;
use crate::ui::panel::Panel;
use crate::ui::session::Job;
use crate::ui::theme::{icons, widgets};
use advance::{AdvanceView, stage_state_ui};
use controls::{ControlsForm, controls_ui};
use edit::{confirm_ui, edit_bar_ui, match_colours_bar_ui};
use egui::{Key, Modifiers, Ui};
use model::{ModelKey, RoundModel};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use table::{Choosable, pairing_table_ui, warnings_ui};
use watch::{WatchForm, watch_bar_ui};

/// The mark of a warning on a player. `▲` rather than `⚠`: the window's fonts (egui's
/// defaults without emoji, and the bundled GBK subset) have no glyph for U+26A0.
pub const WARNING_MARK: &str = "▲";

/// The pairing view's own state.
#[derive(Debug, Clone, Default)]
pub struct PairingView {
    /// The round shown; `None` for the last paired round.
    pub round: Option<RoundNo>,
    /// A seed typed to reproduce a draw; empty for a fresh one.
    seed_text: String,
    /// Players chosen for an edit, oldest first (two at most).
    picked: Vec<StartNo>,
    /// The board chosen for a colour swap.
    board: Option<BoardNo>,
    /// An edit or unpairing waiting for the director's confirmation.
    confirm: Option<Confirm>,
    /// Why the last edit could not be made.
    message: Option<String>,
    /// A pairing sent to the worker that has not come back (issue 21: its progress).
    pairing: Option<progress::PairingRun>,
    /// The revision the choice belongs to; a saved change clears it.
    seen_revision: u64,
    /// Closing the stage and qualifying its players into the next.
    advance: AdvanceView,
    /// A video stage's game time and watching official of a board.
    watch: WatchForm,
    /// Avoided pairs and fixed boards.
    controls: ControlsForm,
    /// The explanation of the chosen board or bye.
    explain: explain::ExplainView,
    /// The stage's entrants (players, or teams in a team stage), per revision.
    entrants: Memo<(u64, GroupId, StageNo), usize>,
    /// The round shown as the table draws it, derived once per change (issue 40, item 3).
    model: Memo<ModelKey, Arc<RoundModel>>,
}

/// What waits for confirmation.
#[derive(Debug, Clone, PartialEq)]
enum Confirm {
    /// A hand edit that breaks these absolute rules.
    Edit { round: RoundNo, edit: PairingEdit, warnings: Vec<PairingWarning> },
    /// Removing the round's pairing.
    Unpair(RoundNo),
}

impl PairingView {
    /// How many times the model of the round shown was derived: once per change (a
    /// saved change, another round), never once per frame.
    pub fn model_builds(&self) -> u64 {
        self.model.builds()
    }

    /// The model of `round` of `stage` as the table draws it.
    fn model(&mut self, env: &Env<'_>, stage: &Stage, round: &Round) -> Arc<RoundModel> {
        let key = (env.revision, env.group.id, stage.no, round.no, env.lang);
        let model =
            self.model.get_or_compute(key, || Arc::new(model::derive(env.event, env.group.id, stage, round, env.lang)));
        Arc::clone(model)
    }

    /// The players chosen for an edit.
    pub fn picked(&self) -> &[StartNo] {
        &self.picked
    }

    /// Chooses or unchooses a player; a third choice drops the oldest.
    fn pick(&mut self, player: StartNo) {
        if let Some(i) = self.picked.iter().position(|p| *p == player) {
            self.picked.remove(i);
        } else {
            if self.picked.len() == 2 {
                self.picked.remove(0);
            }
            self.picked.push(player);
        }
        self.message = None;
    }

    fn clear_choice(&mut self) {
        self.picked.clear();
        self.board = None;
        self.message = None;
    }
}

impl Panel for PairingView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        if let Some(stage) = env.stage_or_note_ui(ui) {
            pairing_ui(ui, self, env, stage, jobs);
        }
    }
}

/// One line of the table: a game or a bye.
#[derive(Clone, Copy)]
enum Line<'a> {
    Game(&'a Game),
    Bye(&'a Bye),
}

/// Reads the seed field: `Ok(None)` when empty (draw a fresh seed).
///
/// # Errors
/// The field holds something other than a whole number from 0 to 2⁶⁴ − 1.
pub fn parse_seed(text: &str) -> Result<Option<u64>, std::num::ParseIntError> {
    let text = text.trim();
    if text.is_empty() { Ok(None) } else { text.parse::<u64>().map(Some) }
}

/// Why the next round cannot be paired now, if it cannot.
pub fn pair_blocker(stage: &Stage, players: usize, lang: Lang) -> Option<String> {
    if stage.kind == StageKind::Knockout {
        return Some(
            lang.t(
                "淘汰赛阶段在「对阵图」中编排和录入。",
                "Knockout stages are paired and scored in the Bracket view.",
            )
            .into(),
        );
    }
    match stage.status {
        StageStatus::Open => {}
        StageStatus::Pending => {
            return Some(
                lang.t("本阶段在上一阶段结束后开放。", "This stage opens when the one before it ends.").into(),
            );
        }
        StageStatus::Closed => return Some(lang.t("本阶段已结束。", "This stage is closed.").into()),
    }
    if let Err(Unfinished { round, missing }) = stage.ready_for_next_round() {
        return Some(match lang {
            Lang::Zh => format!("第{round}轮还有 {missing} 台未录入结果。"),
            Lang::En => format!("Round {round} still has {missing} board(s) without a result."),
        });
    }
    let planned = match stage.kind {
        StageKind::RoundRobin => {
            Some(stage.rounds_planned.unwrap_or(round_robin::rounds_needed(players, stage.double_round_robin)))
        }
        _ => stage.rounds_planned,
    };
    match planned {
        None => {
            let suggested = suggested_rounds(players);
            Some(match lang {
                Lang::Zh => {
                    format!("尚未设定轮数：{players} 名选手建议 {suggested} 轮，请在「赛事」中填写计划轮数。")
                }
                Lang::En => format!(
                    "The number of rounds is not set: {suggested} suit {players} players; set the rounds planned under Event."
                ),
            })
        }
        Some(p) if stage.rounds.len() as u32 >= p => Some(match lang {
            Lang::Zh => format!("已编排全部 {p} 轮。"),
            Lang::En => format!("All {p} planned rounds are paired."),
        }),
        Some(_) => None,
    }
}

/// Each player's colours in the rounds before `before`: `红`/`黑` (`R`/`B`) for a game,
/// `－` (`-`) for a bye or absence.
pub fn colour_histories(stage: &Stage, before: RoundNo, lang: Lang) -> BTreeMap<StartNo, String> {
    let mut histories: BTreeMap<StartNo, String> = BTreeMap::new();
    for round in stage.rounds.iter().filter(|r| r.no < before) {
        for game in &round.games {
            histories.entry(game.red).or_default().push_str(lang.t("红", "R"));
            histories.entry(game.black).or_default().push_str(lang.t("黑", "B"));
        }
        for bye in &round.byes {
            histories.entry(bye.player).or_default().push_str(lang.t("－", "-"));
        }
    }
    histories
}

/// Draws the pairing tools and the pairings of the chosen round of `stage`.
pub fn pairing_ui(ui: &mut Ui, state: &mut PairingView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    if env.revision != state.seen_revision {
        state.seen_revision = env.revision;
        state.clear_choice();
        state.confirm = None;
    }
    // The pairing sent from here has come back (saved, refused or cancelled).
    if state.pairing.as_ref().is_some_and(|run| env.answered(run.ticket())) {
        state.pairing = None;
    }
    // A team stage's entrants are the group's teams.
    let players = *state.entrants.get_or_compute((env.revision, env.group.id, stage.no), || match stage.teams {
        Some(_) => env.group.teams.len(),
        None => stage_entrants(env.event, env.group.id, stage).len(),
    });
    let blocker = if env.busy {
        Some(lang.t("正在处理上一项操作…", "Still working on the last change…").to_string())
    } else {
        pair_blocker(stage, players, lang)
    };
    let dialog_open = state.confirm.is_some();
    let keys_free = !dialog_open && !ui.ctx().text_edit_focused();
    let key = |ui: &mut Ui, k: Key| keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));

    pair_bar_ui(ui, state, env, stage, PairBar { blocker: blocker.as_deref(), players, keys_free }, jobs);
    ui.separator();
    stage_state_ui(ui, &mut state.advance, env, stage, jobs);
    // Avoided pairs and fixed boards are the players' (not a team stage's teams').
    if stage.kind == StageKind::Swiss && stage.teams.is_none() {
        controls_ui(ui, &mut state.controls, env, jobs);
    }

    let Some(last) = stage.last_round() else {
        ui.label(lang.t("本阶段尚未编排任何轮次。", "No round of this stage has been paired yet."));
        return;
    };
    let chosen = round_choice_ui(ui, state, stage, last, &key, lang);
    caption_ui(ui, env, stage, chosen);
    if chosen.teams.is_some() {
        if keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
            state.explain.close();
        }
        team_table::team_round_ui(ui, state, env, stage, chosen, &key);
        confirm_ui(ui, state, env, stage, dialog_open, jobs);
        return;
    }

    let choosable = round_edit_ui(ui, state, env, stage, chosen, &key, jobs);
    if stage.video {
        let picked = state.board;
        watch_bar_ui(ui, &mut state.watch, picked, env, stage, chosen, jobs);
    }
    if keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
        state.clear_choice();
        state.explain.close();
    }
    warnings_ui(ui, env.event, chosen, lang);
    explain::explain_ui(ui, &mut state.explain, env, stage, chosen);
    let boards = &choosable.1;
    let model = state.model(env, stage, chosen);
    pairing_table_ui(ui, state, env, (stage, chosen, &model), Choosable { players: choosable.0, boards });
    confirm_ui(ui, state, env, stage, dialog_open, jobs);
}

/// What the pair bar shows besides the view's own state.
struct PairBar<'a> {
    /// Why the next round cannot be paired now, if it cannot.
    blocker: Option<&'a str>,
    /// The stage's entrants (players, or teams in a team stage).
    players: usize,
    /// Whether single keys act (no dialog, no text field focused).
    keys_free: bool,
}

/// The heading, 编排下一轮 (P) with its seed field, and the pairing's progress.
fn pair_bar_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    bar: PairBar<'_>,
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    let PairBar { blocker, players, keys_free } = bar;
    let seed = parse_seed(&state.seed_text);
    let key = |ui: &mut Ui, k: Key| keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("对阵表", "Pairings"));
        ui.add_space(crate::ui::theme::space::L);
        let enabled = blocker.is_none() && seed.is_ok();
        let button = widgets::primary_button(ui, icons::SHUFFLE, lang.t("编排下一轮 (P)", "Pair next round (P)"));
        let button = ui.add_enabled(enabled, button);
        let button = match blocker {
            Some(why) => button.on_disabled_hover_text(why),
            None => button.on_hover_text(lang.t(
                "在后台编排下一轮；种子为空时随机抽签并记录种子",
                "Pairs the next round in the background; an empty seed draws a fresh one and records it",
            )),
        };
        if enabled && (button.clicked() || key(ui, Key::P)) {
            let seed = seed.as_ref().ok().copied().flatten().unwrap_or_else(fresh_seed);
            let run = progress::PairingRun::start();
            let (group, stage) = (env.group.id, stage.no);
            let job = Job::Pair { group, stage, seed, progress: run.progress() };
            state.pairing = Some(run.sent_as(env.send(jobs, job)));
            state.round = None;
            state.seed_text.clear();
            state.clear_choice();
        }
        let seed_label = ui.label(lang.t("种子", "Seed"));
        ui.add(
            egui::TextEdit::singleline(&mut state.seed_text)
                .hint_text(lang.t("留空则随机", "empty: random"))
                .desired_width(170.0),
        )
        .labelled_by(seed_label.id)
        .on_hover_text(lang.t("填入以前的种子可重现那次抽签", "Type an earlier seed to reproduce its draw"));
        if seed.is_err() {
            ui.colored_label(
                ui.visuals().error_fg_color,
                lang.t(
                    "种子须为 0 到 18446744073709551615 的整数",
                    "A seed is a whole number from 0 to 18446744073709551615",
                ),
            );
        }
        if let Some(run) = state.pairing.as_ref().filter(|_| env.busy) {
            let what =
                progress::Pairing { round: stage.rounds.len() + 1, entrants: players, teams: stage.teams.is_some() };
            progress::pairing_progress_ui(ui, run, &what, keys_free, lang);
        } else if let Some(why) = blocker {
            ui.weak(why);
        }
    });
}

/// The round selector (and PageUp / PageDown): the round shown, the last by default.
fn round_choice_ui<'s>(
    ui: &mut Ui,
    state: &mut PairingView,
    stage: &'s Stage,
    last: &'s Round,
    key: &dyn Fn(&mut Ui, Key) -> bool,
    lang: Lang,
) -> &'s Round {
    let mut chosen = state.round.and_then(|no| stage.round(no)).unwrap_or(last);
    if key(ui, Key::PageUp)
        && let Some(r) = stage.round(RoundNo(chosen.no.0.saturating_sub(1)))
    {
        state.round = Some(r.no);
        chosen = r;
    }
    if key(ui, Key::PageDown)
        && let Some(r) = stage.round(RoundNo(chosen.no.0 + 1))
    {
        state.round = Some(r.no);
        chosen = r;
    }
    ui.horizontal_wrapped(|ui| {
        for round in &stage.rounds {
            let text = match lang {
                Lang::Zh => format!("第{}轮", round.no),
                Lang::En => format!("Round {}", round.no),
            };
            if ui.selectable_label(round.no == chosen.no, text).clicked() {
                state.round = Some(round.no);
                state.clear_choice();
            }
        }
    });
    chosen
}

/// What can be changed in the round shown: a hand edit of the last round while it has
/// no result; in a knockout round, the colours of each match without a result (the
/// higher seed's choice, R-6.2). Returns whether players and boards can be chosen for a
/// hand edit, and the knockout matches whose number can be chosen.
fn round_edit_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    chosen: &Round,
    key: &dyn Fn(&mut Ui, Key) -> bool,
    jobs: &mut Vec<Job>,
) -> (bool, BTreeSet<BoardNo>) {
    let lang = env.lang;
    let is_last = stage.last_round().is_some_and(|last| last.no == chosen.no);
    let results = chosen.games.iter().filter(|g| g.result.is_some()).count();
    let last_open = is_last && stage.status == StageStatus::Open;
    let knockout = stage.kind == StageKind::Knockout;
    let editable = last_open && results == 0 && !knockout;
    // A knockout match's colours are the higher seed's choice until its first result.
    let open_matches = if last_open && knockout { matches_without_results(chosen) } else { BTreeSet::new() };
    if editable {
        edit_bar_ui(ui, state, env, stage, chosen, key, jobs);
    } else if last_open && knockout {
        match_colours_bar_ui(ui, state, env, stage, chosen, key, jobs);
    } else if is_last && results > 0 {
        ui.weak(lang.t(
            "本轮已有结果，不能再改对阵（先清除结果）。",
            "This round has results; its pairing can no longer be edited (clear them first).",
        ));
    }
    (editable, open_matches)
}

/// Group, stage, round, boards, results entered, start time and the draw's seed.
fn caption_ui(ui: &mut Ui, env: &Env<'_>, stage: &Stage, chosen: &Round) {
    let lang = env.lang;
    let done = chosen.games.iter().filter(|g| g.result.is_some()).count();
    let (group, name, no, boards) = (&env.group.name, &stage.name, chosen.no, chosen.games.len());
    let mut caption = match lang {
        Lang::Zh => format!("{group} {name} 第{no}轮：{boards} 台，已录入 {done}/{boards} 个结果"),
        Lang::En => format!("{group} {name} round {no}: {boards} boards, {done}/{boards} results entered"),
    };
    if let Some(schedule) = stage.schedule_of(chosen.no) {
        caption.push_str(&match lang {
            Lang::Zh => format!("，{} 开赛", schedule.start),
            Lang::En => format!(", starts {}", schedule.start),
        });
    }
    ui.label(caption);
    ui.horizontal_wrapped(|ui| {
        let seed_text = |seed: Option<u64>| seed.map_or_else(|| lang.t("无", "none").to_string(), |s| s.to_string());
        ui.label(match lang {
            Lang::Zh => format!("本轮抽签种子：{}", seed_text(chosen.seed)),
            Lang::En => format!("Seed of this round: {}", seed_text(chosen.seed)),
        });
        if chosen.no != RoundNo(1)
            && let Some(first) = stage.round(RoundNo(1))
        {
            ui.label(match lang {
                Lang::Zh => format!("· 首轮抽签种子：{}", seed_text(first.seed)),
                Lang::En => format!("· Round 1 seed: {}", seed_text(first.seed)),
            });
        }
    });
    ui.add_space(crate::ui::theme::space::XS);
}

/// The boards of a knockout round none of whose games has a result: the matches
/// whose colours the higher seed may still choose.
fn matches_without_results(round: &Round) -> BTreeSet<BoardNo> {
    let started: BTreeSet<BoardNo> = round.games.iter().filter(|g| g.result.is_some()).map(|g| g.board).collect();
    round.games.iter().map(|g| g.board).filter(|b| !started.contains(b)).collect()
}

/// 轮空, 请假 or 缺席 (bye, requested bye, absent).
pub fn bye_label(kind: ByeKind, lang: Lang) -> &'static str {
    match kind {
        ByeKind::Pairing => lang.t("轮空", "bye"),
        ByeKind::Requested => lang.t("请假", "requested bye"),
        ByeKind::Absent => lang.t("缺席", "absent"),
    }
}

/// [`bye_label`] in Chinese.
pub fn bye_label_zh(kind: ByeKind) -> &'static str {
    bye_label(kind, Lang::Zh)
}
