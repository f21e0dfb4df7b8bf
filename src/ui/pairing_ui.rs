//! 对阵: pairing the next round and the pairings of a chosen round.
//!
//! The top bar pairs the next round of the stage on the worker thread (a spinner shows
//! while the engine works; the button is disabled, with the reason shown, while the
//! last round lacks results, every planned round is paired, or the worker is busy). A
//! seed field reproduces an earlier draw; left empty, a fresh seed is drawn and recorded
//! with the round. Below: the round selector, the round's seed (and round 1's), and the
//! table — board, red with start number, points before the round and colour history
//! (`红黑红`, `－` for a round without a game), result, black likewise — then the byes.
//! The round's warnings (rules the pairing breaks) are marked ▲ on the players concerned,
//! with the text on hover, and listed under the table.
//!
//! Hand edits on the last round while it has no result: click players (two at
//! most) and a board number, then swap the two players, swap the board's colours, move
//! the player to the bye, or unpair the round. An edit is first checked here with
//! [`edited`] and [`check_round`]; if it breaks an absolute rule, a dialog lists the
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
//! | Esc | clear the choice |
//! | PageUp / PageDown | previous / next round |
//! | Tab, Space | reach and choose players and boards in the table |
//! | Enter / Esc | in a dialog: accept / cancel |

use super::app::Env;
use super::i18n::Lang;
use super::session::Job;
use super::table::{Align, header_height, header_ui, row_height};
use crate::domain::command::Command;
use crate::domain::event::{Bye, ByeKind, Game, Round, Stage, StageKind, StageStatus, stage_entrants};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::domain::round_robin;
use crate::domain::standings::records_after;
use crate::domain::swiss::{PairingEdit, PairingWarning, check_round, edited, suggested_rounds};
use egui::{Key, Modifiers, Ui};
use egui_extras::{Column, TableBuilder};
use std::collections::BTreeMap;

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
    /// When a pairing was sent to the worker that has not come back.
    pairing: Option<std::time::Instant>,
    /// The revision the choice belongs to; a saved change clears it.
    seen_revision: u64,
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

/// One line of the table: a game or a bye.
#[derive(Clone, Copy)]
enum Line<'a> {
    Game(&'a Game),
    Bye(&'a Bye),
}

/// A fresh seed for a draw: the operating system's randomness (through `RandomState`)
/// mixed with the clock; the CLI's `pair` uses it too.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(jiff::Timestamp::now().as_nanosecond())
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
        return Some(lang.t("淘汰赛阶段不用此处编排。", "Knockout stages are not paired here.").into());
    }
    if stage.status != StageStatus::Open {
        return Some(lang.t("本阶段未开放。", "This stage is not open.").into());
    }
    if let Some(last) = stage.last_round() {
        let missing = last.games.iter().filter(|g| g.result.is_none()).count();
        if missing > 0 {
            return Some(match lang {
                Lang::Zh => format!("第{}轮还有 {missing} 台未录入结果。", last.no),
                Lang::En => format!("Round {} still has {missing} board(s) without a result.", last.no),
            });
        }
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
                    format!("尚未设定轮数：{players} 名选手建议 {suggested} 轮（bianpai rounds 文件 {suggested}）。")
                }
                Lang::En => format!(
                    "The number of rounds is not set: {suggested} suit {players} players (bianpai rounds FILE {suggested})."
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
    if !env.busy {
        state.pairing = None;
    }
    let players = stage_entrants(env.event, env.group.id, stage).len();
    let blocker = if env.busy {
        Some(lang.t("正在处理上一项操作…", "Still working on the last change…").to_string())
    } else {
        pair_blocker(stage, players, lang)
    };
    let seed = parse_seed(&state.seed_text);
    let dialog_open = state.confirm.is_some();
    let keys_free = !dialog_open && !ui.ctx().text_edit_focused();
    let key = |ui: &mut Ui, k: Key| keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));

    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("对阵表", "Pairings"));
        ui.add_space(16.0);
        let enabled = blocker.is_none() && seed.is_ok();
        let button = ui.add_enabled(enabled, egui::Button::new(lang.t("编排下一轮 (P)", "Pair next round (P)")));
        let button = match &blocker {
            Some(why) => button.on_disabled_hover_text(why.as_str()),
            None => button.on_hover_text(lang.t(
                "在后台编排下一轮；种子为空时随机抽签并记录种子",
                "Pairs the next round in the background; an empty seed draws a fresh one and records it",
            )),
        };
        if enabled && (button.clicked() || key(ui, Key::P)) {
            let seed = seed.as_ref().ok().copied().flatten().unwrap_or_else(fresh_seed);
            jobs.push(Job::Pair { group: env.group.id, stage: stage.no, seed });
            state.pairing = Some(std::time::Instant::now());
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
        if let Some(started) = state.pairing.filter(|_| env.busy) {
            ui.spinner();
            let next = stage.rounds.len() + 1;
            let seconds = started.elapsed().as_secs();
            ui.label(match lang {
                Lang::Zh => format!("正在编排第{next}轮（{players} 名选手，已用 {seconds} 秒）…"),
                Lang::En => format!("Pairing round {next} ({players} players, {seconds} s)…"),
            });
        } else if let Some(why) = &blocker {
            ui.weak(why.as_str());
        }
    });
    ui.separator();

    let Some(last) = stage.last_round() else {
        ui.label(lang.t("本阶段尚未编排任何轮次。", "No round of this stage has been paired yet."));
        return;
    };
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
    caption_ui(ui, env, stage, chosen);

    let editable = chosen.no == last.no
        && chosen.games.iter().all(|g| g.result.is_none())
        && stage.status == StageStatus::Open
        && stage.kind != StageKind::Knockout;
    if editable {
        edit_bar_ui(ui, state, env, stage, chosen, &key, jobs);
    } else if chosen.no == last.no {
        ui.weak(lang.t(
            "本轮已有结果，不能再改对阵（先清除结果）。",
            "This round has results; its pairing can no longer be edited (clear them first).",
        ));
    }
    if keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
        state.clear_choice();
    }
    pairing_table_ui(ui, state, env, stage, chosen, editable);
    warnings_ui(ui, chosen, lang);
    confirm_ui(ui, state, env, stage, dialog_open, jobs);
}

/// Group, stage, round, boards, results entered, start time and the draw's seed.
fn caption_ui(ui: &mut Ui, env: &Env<'_>, stage: &Stage, chosen: &Round) {
    let lang = env.lang;
    let done = chosen.games.iter().filter(|g| g.result.is_some()).count();
    let mut caption = match lang {
        Lang::Zh => format!(
            "{} {} 第{}轮：{} 台，已录入 {}/{} 个结果",
            env.group.name,
            stage.name,
            chosen.no,
            chosen.games.len(),
            done,
            chosen.games.len()
        ),
        Lang::En => format!(
            "{} {} round {}: {} boards, {}/{} results entered",
            env.group.name,
            stage.name,
            chosen.no,
            chosen.games.len(),
            done,
            chosen.games.len()
        ),
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
    ui.add_space(4.0);
}

/// The hand-edit buttons for the last round, and their keys.
fn edit_bar_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    round: &Round,
    key: &dyn Fn(&mut Ui, Key) -> bool,
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    let mut edit: Option<PairingEdit> = None;
    ui.horizontal_wrapped(|ui| {
        let picked: Vec<String> = state.picked.iter().map(ToString::to_string).collect();
        let choice = match (lang, state.board) {
            (Lang::Zh, Some(b)) => format!("已选：选手 [{}]，第{b}台", picked.join(", ")),
            (Lang::Zh, None) => format!("已选：选手 [{}]", picked.join(", ")),
            (Lang::En, Some(b)) => format!("Chosen: players [{}], board {b}", picked.join(", ")),
            (Lang::En, None) => format!("Chosen: players [{}]", picked.join(", ")),
        };
        ui.label(choice);
        let swap = ui
            .add_enabled(state.picked.len() == 2, egui::Button::new(lang.t("交换 (S)", "Swap (S)")))
            .on_hover_text(lang.t("两名选手互换位置", "The two players exchange seats"))
            .on_disabled_hover_text(lang.t("先点选两名选手", "Click two players first"));
        if state.picked.len() == 2 && (swap.clicked() || key(ui, Key::S)) {
            edit = Some(PairingEdit::SwapPlayers { a: state.picked[0], b: state.picked[1] });
        }
        let colours = ui
            .add_enabled(state.board.is_some(), egui::Button::new(lang.t("交换先后手 (C)", "Swap colours (C)")))
            .on_hover_text(lang.t("本台红黑互换", "Red and black change places on the board"))
            .on_disabled_hover_text(lang.t("先点选台次", "Click a board number first"));
        if let Some(board) = state.board
            && (colours.clicked() || key(ui, Key::C))
        {
            edit = Some(PairingEdit::SwapColours { board });
        }
        let to_bye = ui
            .add_enabled(state.picked.len() == 1, egui::Button::new(lang.t("轮空 (B)", "To bye (B)")))
            .on_hover_text(
                lang.t("该选手轮空，原轮空者补入其位置", "The player takes the bye; its holder takes the seat"),
            )
            .on_disabled_hover_text(lang.t("先点选一名选手", "Click one player first"));
        if state.picked.len() == 1 && (to_bye.clicked() || key(ui, Key::B)) {
            edit = Some(PairingEdit::MoveToBye { player: state.picked[0] });
        }
        ui.separator();
        let unpair = ui.button(lang.t("取消本轮编排 (U)", "Unpair round (U)")).on_hover_text(
            lang.t("删除本轮对阵（可用同一种子重新编排）", "Removes the round's pairing (the same seed redraws it)"),
        );
        if unpair.clicked() || key(ui, Key::U) {
            state.confirm = Some(Confirm::Unpair(round.no));
        }
        if !state.picked.is_empty() || state.board.is_some() {
            if ui.button(lang.t("清除选择 (Esc)", "Clear choice (Esc)")).clicked() {
                state.clear_choice();
            }
        } else {
            ui.weak(lang.t("点选选手或台次以修改对阵", "Click players or a board number to edit the pairing"));
        }
    });
    if let Some(message) = &state.message {
        ui.colored_label(ui.visuals().error_fg_color, message.as_str());
    }
    if let Some(edit) = edit {
        request_edit(state, env, stage, round, edit, jobs);
    }
}

/// Checks an edit; sends it at once, or asks first when it breaks an absolute rule.
fn request_edit(
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    round: &Round,
    edit: PairingEdit,
    jobs: &mut Vec<Job>,
) {
    match edit_warnings(env, stage, round, edit) {
        Err(message) => state.message = Some(message),
        Ok(warnings) if warnings.is_empty() => {
            jobs.push(edit_job(env, stage, round.no, edit, false));
            state.clear_choice();
        }
        Ok(warnings) => state.confirm = Some(Confirm::Edit { round: round.no, edit, warnings }),
    }
}

/// The absolute rules that `edit` of `round` would newly break (pure and fast).
///
/// # Errors
/// The edit does not fit the round (a player or board not in it).
pub fn edit_warnings(
    env: &Env<'_>,
    stage: &Stage,
    round: &Round,
    edit: PairingEdit,
) -> Result<Vec<PairingWarning>, String> {
    let next = edited(round, edit).map_err(|e| e.to_string())?;
    let warnings = check_round(env.event, env.group.id, stage, &next);
    Ok(warnings.into_iter().filter(|w| w.is_absolute() && !round.warnings.contains(w)).collect())
}

fn edit_job(env: &Env<'_>, stage: &Stage, round: RoundNo, edit: PairingEdit, confirmed: bool) -> Job {
    let lang = env.lang;
    let label = match (lang, edit) {
        (Lang::Zh, PairingEdit::SwapPlayers { a, b }) => format!("第{round}轮 交换 {a} 与 {b}"),
        (Lang::En, PairingEdit::SwapPlayers { a, b }) => format!("Round {round}: swapped {a} and {b}"),
        (Lang::Zh, PairingEdit::SwapColours { board }) => format!("第{round}轮 第{board}台 交换先后手"),
        (Lang::En, PairingEdit::SwapColours { board }) => format!("Round {round} board {board}: colours swapped"),
        (Lang::Zh, PairingEdit::MoveToBye { player }) => format!("第{round}轮 {player} 轮空"),
        (Lang::En, PairingEdit::MoveToBye { player }) => format!("Round {round}: {player} to the bye"),
    };
    Job::Execute {
        label,
        commands: vec![Command::EditPairing { group: env.group.id, stage: stage.no, round, edit, confirmed }],
    }
}

/// The table of games and byes; with `editable`, players and boards can be chosen.
fn pairing_table_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    chosen: &Round,
    editable: bool,
) {
    let (event, group, lang) = (env.event, env.group, env.lang);
    let before = records_after(event, group.id, stage, chosen.no.0.saturating_sub(1));
    let histories = colour_histories(stage, chosen.no, lang);
    let points = |p: StartNo| before.get(&p).map(|r| r.total().to_string()).unwrap_or_default();
    let history = |p: StartNo| histories.get(&p).cloned().unwrap_or_default();
    let lines: Vec<Line<'_>> = chosen.games.iter().map(Line::Game).chain(chosen.byes.iter().map(Line::Bye)).collect();
    let headings: Vec<(String, Align)> = [
        (lang.t("台次", "Board"), Align::Right),
        (lang.t("红方", "Red"), Align::Left),
        (lang.t("积分", "Pts"), Align::Right),
        (lang.t("色序", "Colours"), Align::Left),
        (lang.t("结果", "Result"), Align::Left),
        (lang.t("黑方", "Black"), Align::Left),
        (lang.t("积分", "Pts"), Align::Right),
        (lang.t("色序", "Colours"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let reserve = if chosen.warnings.is_empty() { 0.0 } else { (chosen.warnings.len().min(6) as f32 + 1.5) * row_h };
    let max_height = (ui.available_height() - reserve - header_h).max(4.0 * row_h);
    let mut picked_now: Option<StartNo> = None;
    let mut board_now: Option<BoardNo> = None;
    let picked = state.picked.clone();
    let chosen_board = state.board;
    let player_cell = |ui: &mut Ui, p: StartNo, picked_now: &mut Option<StartNo>| {
        let name = event.player(p).map(|pl| pl.entry.name.as_str()).unwrap_or("");
        let concerns: Vec<String> =
            chosen.warnings.iter().filter(|w| w.players().contains(&p)).map(ToString::to_string).collect();
        let text = if concerns.is_empty() { format!("{p} {name}") } else { format!("{p} {name} {WARNING_MARK}") };
        ui.push_id(("player", p), |ui| {
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let response = if editable {
                    ui.selectable_label(picked.contains(&p), text)
                } else {
                    ui.add(egui::Label::new(text).selectable(false))
                };
                let response = if concerns.is_empty() { response } else { response.on_hover_text(concerns.join("\n")) };
                if editable && response.clicked() {
                    *picked_now = Some(p);
                }
            });
        });
    };
    // The table gets a child area of its own height, so that its column lines stop
    // above the warnings.
    let table_height = (lines.len() as f32 * row_h + header_h + 8.0).min(max_height + header_h);
    ui.allocate_ui(egui::vec2(ui.available_width(), table_height), |ui| {
        TableBuilder::new(ui)
            .id_salt(("pairings", group.id, stage.no, chosen.no))
            .striped(true)
            .resizable(true)
            .auto_shrink([false, true])
            .max_scroll_height(max_height)
            .column(Column::exact(44.0))
            .column(Column::initial(130.0).at_least(80.0))
            .column(Column::exact(40.0))
            .column(Column::initial(70.0).at_least(40.0))
            .column(Column::initial(170.0).at_least(90.0))
            .column(Column::initial(130.0).at_least(80.0))
            .column(Column::exact(40.0))
            .column(Column::remainder().at_least(40.0))
            .header(header_h, |header| header_ui(header, &headings))
            .body(|body| {
                body.rows(row_h, lines.len(), |mut row| match lines.get(row.index()).copied() {
                    Some(Line::Game(game)) => {
                        row.set_selected(chosen_board == Some(game.board));
                        row.col(|ui| {
                            ui.push_id(("board", game.board, game.game), |ui| {
                                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                    let text = game.board.to_string();
                                    if editable {
                                        let response =
                                            ui.selectable_label(chosen_board == Some(game.board), text).on_hover_text(
                                                lang.t("选定本台（交换先后手）", "Choose the board (swap colours)"),
                                            );
                                        if response.clicked() {
                                            board_now = Some(game.board);
                                        }
                                    } else {
                                        ui.label(text);
                                    }
                                });
                            });
                        });
                        row.col(|ui| player_cell(ui, game.red, &mut picked_now));
                        text_col(&mut row, Align::Right, points(game.red));
                        text_col(&mut row, Align::Left, history(game.red));
                        text_col(&mut row, Align::Left, game.result.map(|r| result_label(r, lang)).unwrap_or_default());
                        row.col(|ui| player_cell(ui, game.black, &mut picked_now));
                        text_col(&mut row, Align::Right, points(game.black));
                        text_col(&mut row, Align::Left, history(game.black));
                    }
                    Some(Line::Bye(bye)) => {
                        text_col(&mut row, Align::Right, String::new());
                        row.col(|ui| player_cell(ui, bye.player, &mut picked_now));
                        text_col(&mut row, Align::Right, points(bye.player));
                        text_col(&mut row, Align::Left, history(bye.player));
                        text_col(&mut row, Align::Left, bye_label(bye.kind, lang).to_string());
                        for _ in 0..3 {
                            text_col(&mut row, Align::Left, String::new());
                        }
                    }
                    None => {}
                });
            });
    });
    if let Some(p) = picked_now {
        state.pick(p);
    }
    if let Some(b) = board_now {
        state.board = if state.board == Some(b) { None } else { Some(b) };
        state.message = None;
    }
}

fn text_col(row: &mut egui_extras::TableRow<'_, '_>, align: Align, text: String) {
    row.col(|ui| {
        let layout = match align {
            Align::Left => egui::Layout::left_to_right(egui::Align::Center),
            Align::Right => egui::Layout::right_to_left(egui::Align::Center),
        };
        ui.with_layout(layout, |ui| {
            ui.label(text);
        });
    });
}

/// The round's warnings, under the table.
fn warnings_ui(ui: &mut Ui, round: &Round, lang: Lang) {
    if round.warnings.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.strong(format!("{WARNING_MARK} {}", lang.t("本轮对阵违反的规则：", "Rules this pairing breaks:")));
    egui::ScrollArea::vertical().id_salt("pairing_warnings").max_height(6.0 * row_height(ui)).show(ui, |ui| {
        for w in &round.warnings {
            let kind = if w.is_absolute() { lang.t("（已确认）", " (confirmed)") } else { "" };
            ui.label(format!("{WARNING_MARK} {w}{kind}"));
        }
    });
}

/// The dialog of an edit that breaks absolute rules, or of unpairing.
/// `keys_live`: the dialog was already shown before this frame, so Enter and Esc are
/// answers to it (not keys typed with the one that opened it).
fn confirm_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    keys_live: bool,
    jobs: &mut Vec<Job>,
) {
    let Some(confirm) = state.confirm.clone() else { return };
    let lang = env.lang;
    let ctx = ui.ctx().clone();
    let (mut accepted, mut cancelled) = if keys_live {
        ctx.input_mut(|i| (i.consume_key(Modifiers::NONE, Key::Enter), i.consume_key(Modifiers::NONE, Key::Escape)))
    } else {
        (false, false)
    };
    let modal = egui::Modal::new(egui::Id::unique("pairing_confirm")).show(&ctx, |ui| {
        ui.set_max_width(460.0);
        match &confirm {
            Confirm::Edit { warnings, .. } => {
                ui.heading(lang.t("此修改违反编排规则", "This edit breaks pairing rules"));
                ui.add_space(6.0);
                for w in warnings {
                    ui.label(format!("{WARNING_MARK} {w}"));
                }
                ui.add_space(6.0);
                ui.weak(lang.t(
                    "确认后这些警告随本轮保存，并显示在相关台次上。",
                    "If you go on, the warnings are kept with the round and shown on its boards.",
                ));
            }
            Confirm::Unpair(round) => {
                ui.heading(match lang {
                    Lang::Zh => format!("取消第{round}轮编排？"),
                    Lang::En => format!("Unpair round {round}?"),
                });
                ui.add_space(6.0);
                ui.label(lang.t(
                    "本轮对阵将被删除；用同一种子重新编排可得到同样的抽签。",
                    "The round's pairing is removed; pairing again with the same seed redraws it.",
                ));
            }
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let go = match confirm {
                Confirm::Edit { .. } => lang.t("仍然修改 (Enter)", "Edit anyway (Enter)"),
                Confirm::Unpair(_) => lang.t("取消编排 (Enter)", "Unpair (Enter)"),
            };
            if ui.button(go).clicked() {
                accepted = true;
            }
            if ui.button(lang.t("返回 (Esc)", "Back (Esc)")).clicked() {
                cancelled = true;
            }
        });
    });
    if modal.backdrop_response.clicked() {
        cancelled = true;
    }
    if accepted {
        state.confirm = None;
        match confirm {
            Confirm::Edit { round, edit, .. } => {
                jobs.push(edit_job(env, stage, round, edit, true));
            }
            Confirm::Unpair(round) => {
                let label = match lang {
                    Lang::Zh => format!("取消第{round}轮编排"),
                    Lang::En => format!("Round {round} unpaired"),
                };
                jobs.push(Job::Execute {
                    label,
                    commands: vec![Command::UnpairRound { group: env.group.id, stage: stage.no, round }],
                });
                state.round = None;
            }
        }
        state.clear_choice();
    } else if cancelled {
        state.confirm = None;
    }
}

/// A result as a director reads it: notation, who won, and why when not on the board
/// as usual, e.g. `1-0 红胜（超时）`, `+- 黑方弃权`; fouls follow.
pub fn result_label(result: GameResult, lang: Lang) -> String {
    let outcome = match result.outcome {
        Outcome::RedWins => lang.t("红胜", "red wins"),
        Outcome::Draw => lang.t("和棋", "draw"),
        Outcome::BlackWins => lang.t("黑胜", "black wins"),
        Outcome::RedWinsByForfeit => lang.t("黑方弃权", "black forfeits"),
        Outcome::BlackWinsByForfeit => lang.t("红方弃权", "red forfeits"),
        Outcome::BothForfeit => lang.t("双方弃权", "both forfeit"),
    };
    let mut label = format!("{} {outcome}", result.outcome.notation());
    if result.reason != ResultReason::Normal {
        match lang {
            Lang::Zh => label.push_str(&format!("（{}）", result.reason.label_zh())),
            Lang::En => label.push_str(&format!(" ({})", result.reason.code())),
        }
    }
    let fouls: Vec<String> =
        [(lang.t("红犯规", "red fouls "), result.fouls_red), (lang.t("黑犯规", "black fouls "), result.fouls_black)]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(side, n)| format!("{side}{n}"))
            .collect();
    if !fouls.is_empty() {
        label.push(' ');
        label.push_str(&fouls.join(" "));
    }
    label
}

/// [`result_label`] in Chinese.
pub fn result_label_zh(result: GameResult) -> String {
    result_label(result, Lang::Zh)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_labels_name_the_winner_reason_and_fouls() {
        assert_eq!(result_label_zh(GameResult::plain(Outcome::RedWins)), "1-0 红胜");
        assert_eq!(result_label_zh(GameResult::plain(Outcome::Draw)), "1/2 和棋");
        let late = GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::RedWinsByForfeit) };
        assert_eq!(result_label_zh(late), "+- 黑方弃权（迟到）");
        assert_eq!(result_label(late, Lang::En), "+- black forfeits (late)");
        let fouled = GameResult { fouls_black: 1, ..GameResult::plain(Outcome::BlackWins) };
        assert_eq!(result_label_zh(fouled), "0-1 黑胜 黑犯规1");
    }

    #[test]
    fn seeds_are_read_from_the_field() {
        assert_eq!(parse_seed("  "), Ok(None));
        assert_eq!(parse_seed(" 2025 "), Ok(Some(2025)));
        assert!(parse_seed("abc").is_err());
        assert!(parse_seed("-1").is_err());
        assert_ne!(fresh_seed(), fresh_seed());
    }

    fn demo() -> crate::domain::event::Event {
        crate::domain::demo::demo_event(7).unwrap()
    }

    #[test]
    fn colour_histories_list_the_earlier_rounds() {
        let event = demo();
        let stage = &event.groups[0].stages[0];
        let last = stage.last_round().unwrap();
        let histories = colour_histories(stage, last.no, Lang::Zh);
        let game = last.games[0];
        // One mark per earlier round the player was in.
        assert_eq!(histories[&game.red].chars().count(), last.no.0 as usize - 1);
        assert!(histories[&game.red].chars().all(|c| "红黑－".contains(c)));
        assert!(colour_histories(stage, RoundNo(1), Lang::Zh).is_empty());
        let en = colour_histories(stage, last.no, Lang::En);
        assert!(en[&game.red].chars().all(|c| "RB-".contains(c)));
    }

    #[test]
    fn pairing_is_blocked_while_the_last_round_is_incomplete() {
        let event = demo();
        let stage = &event.groups[0].stages[0];
        let complete = stage.last_round().unwrap().is_complete();
        let blocker = pair_blocker(stage, 8, Lang::En);
        assert_eq!(blocker.is_some(), !complete || stage.rounds_planned == Some(stage.rounds.len() as u32));
        let mut open = stage.clone();
        open.rounds.clear();
        open.rounds_planned = None;
        assert!(pair_blocker(&open, 16, Lang::Zh).unwrap().contains("建议 5 轮"));
        open.rounds_planned = Some(5);
        assert_eq!(pair_blocker(&open, 16, Lang::Zh), None);
        open.status = StageStatus::Closed;
        assert!(pair_blocker(&open, 16, Lang::Zh).is_some());
    }

    #[test]
    fn an_edit_that_makes_a_rematch_needs_confirmation() {
        let event = demo();
        let group = &event.groups[0];
        let stage = &group.stages[0];
        let env = Env { event: &event, group, stage: Some(stage), lang: Lang::Zh, busy: false, revision: 0 };
        // Take round 2 as if it were being paired: swapping a player of board 1 with
        // an earlier opponent of the other makes a rematch.
        let round = stage.round(RoundNo(2)).unwrap().clone();
        let mut trimmed = stage.clone();
        trimmed.rounds.truncate(2);
        let first = stage.round(RoundNo(1)).unwrap();
        let (g, earlier) = round
            .games
            .iter()
            .find_map(|g| {
                let x = first.games_of(g.red).next()?;
                let opponent = if x.red == g.red { x.black } else { x.red };
                (opponent != g.black).then_some((*g, opponent))
            })
            .unwrap();
        let warnings =
            edit_warnings(&env, &trimmed, &round, PairingEdit::SwapPlayers { a: g.black, b: earlier }).unwrap();
        assert!(warnings.iter().any(|w| matches!(w, PairingWarning::Rematch { .. })), "{warnings:?}");
        assert!(edit_warnings(&env, &trimmed, &round, PairingEdit::SwapColours { board: BoardNo(999) }).is_err());
    }
}
