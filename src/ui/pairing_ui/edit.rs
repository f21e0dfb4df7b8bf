//! Hand edits of the last round's pairing: the edit bar (swap players, swap
//! colours, move to the bye, unpair) with its keys, the check of an edit against the
//! absolute rules, and the dialog that confirms an edit breaking them or an unpairing;
//! in a knockout round, the bar that swaps a match's colours before its first result
//! (the higher seed's choice, R-6.2).

use super::{Confirm, PairingView, WARNING_MARK};
use crate::domain::command::Command;
use crate::domain::event::{Round, Stage};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::model::shown_numbers::shown_warning;
use crate::domain::swiss::{PairingEdit, PairingWarning, check_round, edited};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::lang::Words;
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::env::Env;
use crate::ui::session::Job;
use egui::{Key, Ui};

/// The hand-edit buttons for the last round, and their keys.
pub(super) fn edit_bar_ui(
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
        let choice = picked_words(&state.picked, state.board, lang);
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

/// The knockout round's bar: the chosen match's colours swap (every game of it) while
/// none of its games has a result — the higher seed's choice of colour.
pub(super) fn match_colours_bar_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    round: &Round,
    key: &dyn Fn(&mut Ui, Key) -> bool,
    jobs: &mut Vec<Job>,
) {
    let lang = env.lang;
    let open = super::matches_without_results(round);
    let chosen = state.board.filter(|b| open.contains(b));
    ui.horizontal_wrapped(|ui| {
        ui.label(match (lang, chosen) {
            (Lang::Zh, Some(b)) => format!("已选：第{b}台"),
            (Lang::Zh, None) => "已选：无".to_string(),
            (Lang::En, Some(b)) => format!("Chosen: board {b}"),
            (Lang::En, None) => "Chosen: none".to_string(),
        });
        let colours = ui
            .add_enabled(chosen.is_some(), egui::Button::new(lang.t("交换先后手 (C)", "Swap colours (C)")))
            .on_hover_text(lang.t(
                "较高种子的选择：本场各局红黑互换（加赛局随第1局轮换）",
                "The higher seed's choice: red and black change places in every game of the match (playoffs follow game 1)",
            ))
            .on_disabled_hover_text(lang.t("先点选尚无成绩的台次", "Click the number of a match without results first"));
        if let Some(board) = chosen
            && (colours.clicked() || key(ui, Key::C))
        {
            jobs.push(edit_job(env, stage, round.no, PairingEdit::SwapColours { board }, false));
            state.clear_choice();
        }
        if open.is_empty() {
            ui.weak(lang.t(
                "本轮各场都已有成绩，先后手不能再交换。",
                "Every match of the round has results; colours can no longer be swapped.",
            ));
        } else {
            ui.weak(lang.t(
                "第1局默认较高种子执红；较高种子另选时，在本场有成绩前点选台次并交换先后手。",
                "The higher seed has red in game 1 unless they choose otherwise: before the match's first result, \
                 click its number and swap colours.",
            ));
        }
    });
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
    let next = edited(round, edit).map_err(|e| e.with_shown_numbers(env.event).message(env.lang))?;
    let warnings = check_round(env.event, env.group.id, stage, &next);
    Ok(warnings.into_iter().filter(|w| w.is_absolute() && !round.warnings.contains(w)).collect())
}

pub(super) fn edit_job(env: &Env<'_>, stage: &Stage, round: RoundNo, edit: PairingEdit, confirmed: bool) -> Job {
    let no = |p: StartNo| env.event.shown_no(p);
    let label = Words::in_both(|lang| match (lang, edit) {
        (Lang::Zh, PairingEdit::SwapPlayers { a, b }) => format!("第{round}轮 交换 {} 与 {}", no(a), no(b)),
        (Lang::En, PairingEdit::SwapPlayers { a, b }) => format!("Round {round}: swapped {} and {}", no(a), no(b)),
        (Lang::Zh, PairingEdit::SwapColours { board }) => format!("第{round}轮 第{board}台 交换先后手"),
        (Lang::En, PairingEdit::SwapColours { board }) => format!("Round {round} board {board}: colours swapped"),
        (Lang::Zh, PairingEdit::MoveToBye { player }) => format!("第{round}轮 {} 轮空", no(player)),
        (Lang::En, PairingEdit::MoveToBye { player }) => format!("Round {round}: {} to the bye", no(player)),
    });
    Job::Execute {
        label,
        commands: vec![Command::EditPairing { group: env.group.id, stage: stage.no, round, edit, confirmed }],
    }
}

/// The dialog of an edit that breaks absolute rules, or of unpairing.
/// `keys_live`: the dialog was already shown before this frame, so Enter and Esc are
/// answers to it (not keys typed with the one that opened it).
pub(super) fn confirm_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    keys_live: bool,
    jobs: &mut Vec<Job>,
) {
    let Some(confirm) = state.confirm.clone() else { return };
    let lang = env.lang;
    let dialog = Confirmation {
        id: "pairing_confirm",
        width: 460.0,
        accept: match confirm {
            Confirm::Edit { .. } => lang.t("仍然修改 (Enter)", "Edit anyway (Enter)"),
            Confirm::Unpair(_) => lang.t("取消编排 (Enter)", "Unpair (Enter)"),
        },
        cancel: lang.t("返回 (Esc)", "Back (Esc)"),
        keys_live,
    };
    let answer = confirmation_ui(ui, dialog, |ui| match &confirm {
        Confirm::Edit { warnings, .. } => {
            ui.heading(lang.t("此修改违反编排规则", "This edit breaks pairing rules"));
            ui.add_space(crate::ui::theme::space::XS);
            for w in warnings {
                ui.label(format!("{WARNING_MARK} {}", shown_warning(env.event, w).message(lang)));
            }
            ui.add_space(crate::ui::theme::space::XS);
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
            ui.add_space(crate::ui::theme::space::XS);
            ui.label(lang.t(
                "本轮对阵将被删除；用同一种子重新编排可得到同样的抽签。",
                "The round's pairing is removed; pairing again with the same seed redraws it.",
            ));
        }
    });
    match answer {
        Some(Answer::Accepted) => {
            state.confirm = None;
            match confirm {
                Confirm::Edit { round, edit, .. } => {
                    jobs.push(edit_job(env, stage, round, edit, true));
                }
                Confirm::Unpair(round) => {
                    let label = Words::in_both(|lang| match lang {
                        Lang::Zh => format!("取消第{round}轮编排"),
                        Lang::En => format!("Round {round} unpaired"),
                    });
                    jobs.push(Job::Execute {
                        label,
                        commands: vec![Command::UnpairRound { group: env.group.id, stage: stage.no, round }],
                    });
                    state.round = None;
                }
            }
            state.clear_choice();
        }
        Some(Answer::Cancelled) => state.confirm = None,
        None => {}
    }
}

/// The players and board picked so far, as a director reads them (issue 39 item 5: not
/// a list in brackets): "已选：16号、19号，第3台" / "Chosen: no. 16, no. 19, board 3".
fn picked_words(picked: &[StartNo], board: Option<BoardNo>, lang: Lang) -> String {
    let players: Vec<String> = picked
        .iter()
        .map(|n| match lang {
            Lang::Zh => format!("{n}号"),
            Lang::En => format!("no. {n}"),
        })
        .collect();
    let players = if players.is_empty() { "—".to_string() } else { players.join(lang.t("、", ", ")) };
    match (lang, board) {
        (Lang::Zh, Some(b)) => format!("已选：{players}，第{b}台"),
        (Lang::Zh, None) => format!("已选：{players}"),
        (Lang::En, Some(b)) => format!("Chosen: {players}, board {b}"),
        (Lang::En, None) => format!("Chosen: {players}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 39 item 5: the players picked read as numbers, not a list in brackets.
    #[test]
    fn picked_players_read_as_numbers() {
        let picked = [StartNo(16), StartNo(19)];
        assert_eq!(picked_words(&picked, Some(BoardNo(3)), Lang::Zh), "已选：16号、19号，第3台");
        assert_eq!(picked_words(&picked, None, Lang::En), "Chosen: no. 16, no. 19");
        assert_eq!(picked_words(&[], None, Lang::Zh), "已选：—");
    }
}
