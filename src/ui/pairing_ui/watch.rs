//! The video stage's form above the pairing table: for a board of the round,
//! the game time the two players agreed (08:00–22:00, optionally with the date) and
//! the official assigned to watch the game (挂盘手), chosen among the event's officials.
//! Clicking a board number in the table chooses it here too; Enter in the time field
//! or 「记录」 sends a [`Command::SetBoardWatch`].

use crate::domain::command::{Command, DomainError};
use crate::domain::event::{Round, Stage};
use crate::domain::ids::{BoardNo, RoundNo};
use crate::domain::watch::GameTime;
use crate::lang::Lang;
use crate::lang::Localized;
use crate::lang::Words;
use crate::ui::env::Env;
use crate::ui::session::Job;
use egui::{Key, Ui};

/// The form's own state.
#[derive(Debug, Clone, Default)]
pub(crate) struct WatchForm {
    /// The board shown.
    board: Option<BoardNo>,
    /// The board last clicked in the table, followed when it changes.
    picked: Option<BoardNo>,
    /// The time as typed.
    time: String,
    /// The official chosen, by name.
    watcher: Option<String>,
    /// The round, board and revision the fields were filled from.
    filled: Option<(RoundNo, BoardNo, u64)>,
    /// Why the last entry was not sent.
    message: Option<String>,
}

/// `第3台 张三 – 李四` / `Board 3 Zhang – Li`.
fn board_text(env: &Env<'_>, round: &Round, board: BoardNo) -> String {
    let name = |p| env.event.player(p).map_or_else(|| p.to_string(), |pl| pl.entry.name.clone());
    let players = round
        .games
        .iter()
        .find(|g| g.board == board)
        .map(|g| format!(" {} – {}", name(g.red), name(g.black)))
        .unwrap_or_default();
    match env.lang {
        Lang::Zh => format!("第{board}台{players}"),
        Lang::En => format!("Board {board}{players}"),
    }
}

/// The form for one board of `round`; `picked` is the board clicked in the table.
pub(super) fn watch_bar_ui(
    ui: &mut Ui,
    form: &mut WatchForm,
    picked: Option<BoardNo>,
    env: &Env<'_>,
    stage: &Stage,
    round: &Round,
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    boards.dedup();
    let Some(first) = boards.first().copied() else { return };
    if picked != form.picked {
        form.picked = picked;
        if let Some(b) = picked.filter(|b| boards.contains(b)) {
            form.board = Some(b);
        }
    }
    let board = form.board.filter(|b| boards.contains(b)).unwrap_or(first);
    form.fill(round, board, env.revision);
    let mut send = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(lang.t("对局时间与挂盘手", "Game time and watcher"));
        let label = ui.label(lang.t("台次", "Board"));
        egui::ComboBox::from_id_salt("watch_board")
            .selected_text(board_text(env, round, board))
            .show_ui(ui, |ui| {
                for b in &boards {
                    ui.selectable_value(&mut form.board, Some(*b), board_text(env, round, *b));
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label(lang.t("对局时间", "Game time"));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut form.time)
                    .id_salt("watch_time")
                    .hint_text(lang.t("如 19:30 或 2025-06-01 19:30", "e.g. 19:30 or 2025-06-01 19:30"))
                    .desired_width(150.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                lang.t("双方约定的对局时间，08:00 至 22:00", "The time both players agreed, 08:00 to 22:00"),
            );
        send |= field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        watcher_combo_ui(ui, form, env);
        send |= ui.button(lang.t("记录", "Record")).clicked();
    });
    if env.event.officials.is_empty() {
        ui.weak(lang.t(
            "挂盘手从裁判人员中指派：请先在「赛事」中登记裁判人员。",
            "Watchers are chosen among the officials: add them under Event first.",
        ));
    }
    if let Some(message) = &form.message {
        ui.colored_label(ui.visuals().error_fg_color, message.as_str());
    }
    if send {
        send_watch(form, env, (stage, round), board, jobs);
    }
}

/// Sends the board's game time and watcher as typed, or says why the time is not one.
fn send_watch(
    form: &mut WatchForm,
    env: &Env<'_>,
    (stage, round): (&Stage, &Round),
    board: BoardNo,
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    match entered_time(&form.time, lang) {
        Ok(time) => {
            let watcher = form.watcher.clone();
            let label = Words::in_both(|lang| match lang {
                Lang::Zh => format!("第{}轮 第{board}台 对局时间与挂盘手", round.no),
                Lang::En => format!("Round {} board {board}: game time and watcher", round.no),
            });
            let (group, stage, round) = (env.group.id, stage.no, round.no);
            let command = Command::SetBoardWatch { group, stage, round, board, time, watcher };
            jobs.push(Job::Execute { label, commands: vec![command] });
            form.message = None;
        }
        Err(message) => form.message = Some(message),
    }
}

impl WatchForm {
    /// Fills the form from `board` of `round` as saved, once per board and revision.
    fn fill(&mut self, round: &Round, board: BoardNo, revision: u64) {
        self.board = Some(board);
        if self.filled != Some((round.no, board, revision)) {
            let watch = round.watch_of(board);
            self.time = watch.and_then(|w| w.time).map(|t| t.to_string()).unwrap_or_default();
            self.watcher = watch.and_then(|w| w.watcher.clone());
            self.filled = Some((round.no, board, revision));
            self.message = None;
        }
    }
}

/// The watching official: none, or one of the event's officials.
fn watcher_combo_ui(ui: &mut Ui, form: &mut WatchForm, env: &Env<'_>) {
    let lang = env.lang;
    let mut names: Vec<&str> = env.event.officials.iter().map(|o| o.name.trim()).filter(|n| !n.is_empty()).collect();
    names.dedup();
    let none = lang.t("（未指派）", "(none)");
    let label = ui.label(lang.t("挂盘手", "Watched by"));
    egui::ComboBox::from_id_salt("watch_watcher")
        .selected_text(form.watcher.as_deref().unwrap_or(none))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut form.watcher, None, none);
            for name in names {
                ui.selectable_value(&mut form.watcher, Some(name.to_string()), name);
            }
        })
        .response
        .labelled_by(label.id);
}

/// The time typed: `None` when empty.
///
/// # Errors
/// The text is not a time, or the time is outside 08:00–22:00 (the domain's words).
fn entered_time(text: &str, lang: Lang) -> Result<Option<GameTime>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let time = GameTime::parse(text).ok_or_else(|| {
        lang.t("时间请写作 19:30 或 2025-06-01 19:30。", "Write the time as 19:30 or 2025-06-01 19:30.").to_string()
    })?;
    if !time.within_hours() {
        return Err(DomainError::GameTimeOutsideHours(time).message(lang));
    }
    Ok(Some(time))
}
