//! The pairing explanation in the pairing panel: choose a board number (or a bye's
//! 轮空) in the table — a click, or Tab and Space — and a side pane shows why the board
//! is as it is: each player's score group, whether he floated and why, which colour rule
//! gave red; for a bye, why that player. Above the table, a line lists how the round
//! differs from the engine's pairing once the director has edited it by hand.
//! Everything comes from [`explain_round`], computed again only when the event or the
//! round shown changes.

use crate::domain::event::{Round, Stage};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::swiss::explain::{BoardExplanation, Comparison, PlayerExplanation, RoundExplanation, explain_round};
use crate::lang::Localized;
use crate::ui::env::Env;
use crate::ui::i18n::Lang;
use crate::ui::memo::Memo;
use egui::Ui;

/// A line of the table whose explanation is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chosen {
    /// A board (every game of it).
    Board(BoardNo),
    /// A bye.
    Bye(StartNo),
}

/// The explanation's own state: the line chosen and the explanation of the round shown.
#[derive(Debug, Clone, Default)]
pub(super) struct ExplainView {
    /// The line chosen, with its round.
    chosen: Option<(RoundNo, Chosen)>,
    /// The explanation, kept per revision, group, stage and round.
    memo: Memo<(u64, GroupId, StageNo, RoundNo), Option<RoundExplanation>>,
    /// The director asked to compare the round with the engine's pairing. The
    /// explanation pairs the round again, so it is made only on request or for a
    /// chosen line, never on every save of a large event.
    compare: bool,
}

impl ExplainView {
    /// Whether `line` of `round` is chosen.
    pub(super) fn is_chosen(&self, round: RoundNo, line: Chosen) -> bool {
        self.chosen == Some((round, line))
    }

    /// Chooses `line` of `round`, or nothing.
    pub(super) fn choose(&mut self, round: RoundNo, line: Option<Chosen>) {
        self.chosen = line.map(|l| (round, l));
    }

    /// Chooses `line`, or unchooses it when it was chosen.
    pub(super) fn toggle(&mut self, round: RoundNo, line: Chosen) {
        let on = !self.is_chosen(round, line);
        self.choose(round, on.then_some(line));
    }

    /// Closes the pane.
    pub(super) fn close(&mut self) {
        self.chosen = None;
    }

    fn explanation(&mut self, env: &Env<'_>, stage: &Stage, round: &Round) -> Option<&RoundExplanation> {
        let key = (env.revision, env.group.id, stage.no, round.no);
        self.memo.get_or_compute(key, || explain_round(env.event, env.group.id, stage.no, round.no)).as_ref()
    }
}

/// The line of differences from the engine's pairing (when the round was edited) and,
/// with a line chosen, the side pane; draw before the table, which fills what is left.
pub(super) fn explain_ui(ui: &mut Ui, view: &mut ExplainView, env: &Env<'_>, stage: &Stage, round: &Round) {
    let lang = env.lang;
    let chosen = view.chosen.filter(|(no, _)| *no == round.no).map(|(_, line)| line);
    if chosen.is_none() && !view.compare {
        let hint = lang.t(
            "重新运行编排，列出本轮与电脑编排结果的不同之处",
            "Pairs the round again and lists where it differs from what the engine made",
        );
        if ui.button(lang.t("与编排结果比较", "Compare with the engine's pairing")).on_hover_text(hint).clicked()
        {
            view.compare = true;
        }
        return;
    }
    let Some(explanation) = view.explanation(env, stage, round) else { return };
    if chosen.is_none() && matches!(explanation.comparison, Comparison::Same) {
        ui.weak(lang.t("本轮与电脑编排结果相同。", "This round is as the engine paired it."));
    }
    if let Comparison::Differs(differences) = &explanation.comparison {
        ui.horizontal_wrapped(|ui| {
            ui.strong(lang.t("与编排结果不同：", "Differs from the engine's pairing:"));
            let words: Vec<String> = differences.iter().map(|d| d.message(lang)).collect();
            ui.label(words.join(lang.t("；", "; ")));
        });
    }
    let Some(line) = chosen else { return };
    let mut close = false;
    egui::Panel::right("pairing_explain").resizable(true).default_size(320.0).min_size(220.0).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(match (line, lang) {
                (Chosen::Board(b), Lang::Zh) => format!("第{b}台 编排说明"),
                (Chosen::Board(b), Lang::En) => format!("Board {b}: why so"),
                (Chosen::Bye(_), _) => lang.t("轮空说明", "Why this bye").to_string(),
            });
            close = ui.button(lang.t("关闭 (Esc)", "Close (Esc)")).clicked();
        });
        ui.separator();
        egui::ScrollArea::vertical().id_salt("pairing_explain_scroll").show(ui, |ui| match line {
            Chosen::Board(board) => board_ui(ui, env, explanation, board),
            Chosen::Bye(player) => bye_ui(ui, env, explanation, player),
        });
        if let Comparison::NotCompared(why) = &explanation.comparison {
            ui.separator();
            ui.weak(why.message(lang));
        }
    });
    if close {
        view.close();
    }
}

/// Every game of `board`: both players, then the colour rule.
fn board_ui(ui: &mut Ui, env: &Env<'_>, explanation: &RoundExplanation, board: BoardNo) {
    let lang = env.lang;
    let games: Vec<&BoardExplanation> = explanation.boards.iter().filter(|b| b.board == board).collect();
    for game in &games {
        if games.len() > 1 {
            ui.strong(match lang {
                Lang::Zh => format!("第{}局", game.game),
                Lang::En => format!("Game {}", game.game),
            });
        }
        player_ui(ui, env, &game.red, lang.t("红方", "Red"));
        player_ui(ui, env, &game.black, lang.t("黑方", "Black"));
        ui.strong(lang.t("先后手", "Colours"));
        ui.label(game.colour.message(lang));
        ui.add_space(8.0);
    }
}

/// One player: side, number and name; score group and float; why.
fn player_ui(ui: &mut Ui, env: &Env<'_>, player: &PlayerExplanation, side: &str) {
    let lang = env.lang;
    let name = env.event.player(player.player).map_or("", |p| p.entry.name.as_str());
    ui.strong(format!("{side} {} {name}", player.player));
    ui.label(match lang {
        Lang::Zh => format!("分数组：{} 分 · {}", player.score_group, player.float.label(lang)),
        Lang::En => format!("Score group: {} points · {}", player.score_group, player.float.label(lang)),
    });
    ui.label(player.message(lang));
    ui.add_space(6.0);
}

/// A bye: the player and why.
fn bye_ui(ui: &mut Ui, env: &Env<'_>, explanation: &RoundExplanation, player: StartNo) {
    let name = env.event.player(player).map_or("", |p| p.entry.name.as_str());
    ui.strong(format!("{player} {name}"));
    if let Some(bye) = explanation.bye(player) {
        ui.label(bye.message(env.lang));
    }
}
