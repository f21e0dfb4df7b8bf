//! The pairing explanation in the pairing panel: choose a board number (or a bye's
//! 轮空) in the table — a click, or Tab and Space — and a side pane shows why the board
//! is as it is: each player's score group, whether he floated and why, which colour rule
//! gave red; for a bye, why that player. Above the table, a line lists how the round
//! differs from the engine's pairing once the director has edited it by hand.
//! Everything comes from [`explain_round`], computed again only when the event or the
//! round shown changes. A team round is explained alike, match by match
//! (choose a match's 第1场, or a bye's 为什么轮空): each team's score group, float and
//! why, which team is home and why — from [`explain_team_round`].

use crate::domain::event::{Event, Round, Stage};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::team::TeamId;
use crate::domain::swiss::explain::{
    BoardExplanation, Comparison, Difference, PlayerExplanation, RoundExplanation, TeamRoundExplanation, TeamSide,
    explain_round, explain_team_round,
};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::ui::env::Env;
use crate::ui::memo::Memo;
use crate::ui::team_words::team_name;
use egui::Ui;

/// A line of the table whose explanation is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chosen {
    /// A board (every game of it).
    Board(BoardNo),
    /// A bye.
    Bye(StartNo),
    /// A match of a team round.
    Match(u32),
    /// A team's bye.
    TeamBye(TeamId),
}

/// The explanation of the round shown: of players, or of teams.
#[derive(Clone, Copy)]
enum Explained<'a> {
    Players(&'a RoundExplanation),
    Teams(&'a TeamRoundExplanation),
}

impl Explained<'_> {
    fn comparison(&self) -> &Comparison {
        match self {
            Explained::Players(x) => &x.comparison,
            Explained::Teams(x) => &x.comparison,
        }
    }

    fn difference(&self, d: &Difference, event: &Event, lang: Lang) -> String {
        match self {
            Explained::Players(_) => d.with_shown_numbers(&|p| StartNo(event.shown_no(p))).message(lang),
            Explained::Teams(x) => x.difference(d, lang),
        }
    }
}

/// The explanation's own state: the line chosen and the explanation of the round shown.
#[derive(Debug, Clone, Default)]
pub(super) struct ExplainView {
    /// The line chosen, with its round.
    chosen: Option<(RoundNo, Chosen)>,
    /// The explanation, kept per revision, group, stage and round.
    memo: Memo<(u64, GroupId, StageNo, RoundNo), Option<RoundExplanation>>,
    /// A team round's explanation, kept alike.
    team_memo: Memo<(u64, GroupId, StageNo, RoundNo), Option<TeamRoundExplanation>>,
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

    fn explanation(&mut self, env: &Env<'_>, stage: &Stage, round: &Round) -> Option<Explained<'_>> {
        let key = (env.revision, env.group.id, stage.no, round.no);
        let (event, group) = (env.event, env.group.id);
        if round.teams.is_some() {
            let x = self.team_memo.get_or_compute(key, || explain_team_round(event, group, stage.no, round.no));
            x.as_ref().map(Explained::Teams)
        } else {
            let x = self.memo.get_or_compute(key, || explain_round(event, group, stage.no, round.no));
            x.as_ref().map(Explained::Players)
        }
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
    if chosen.is_none() && matches!(explanation.comparison(), Comparison::Same) {
        ui.weak(lang.t("本轮与电脑编排结果相同。", "This round is as the engine paired it."));
    }
    if let Comparison::Differs(differences) = explanation.comparison() {
        ui.horizontal_wrapped(|ui| {
            ui.strong(lang.t("与编排结果不同：", "Differs from the engine's pairing:"));
            let words: Vec<String> = differences.iter().map(|d| explanation.difference(d, env.event, lang)).collect();
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
                (Chosen::Match(m), Lang::Zh) => format!("第{m}场 编排说明"),
                (Chosen::Match(m), Lang::En) => format!("Match {m}: why so"),
                (Chosen::Bye(_) | Chosen::TeamBye(_), _) => lang.t("轮空说明", "Why this bye").to_string(),
            });
            close = ui.button(lang.t("关闭 (Esc)", "Close (Esc)")).clicked();
        });
        ui.separator();
        egui::ScrollArea::vertical().id_salt("pairing_explain_scroll").show(ui, |ui| match (line, explanation) {
            (Chosen::Board(board), Explained::Players(x)) => board_ui(ui, env, x, board),
            (Chosen::Bye(player), Explained::Players(x)) => bye_ui(ui, env, x, player),
            (Chosen::Match(no), Explained::Teams(x)) => match_ui(ui, env, x, no),
            (Chosen::TeamBye(team), Explained::Teams(x)) => {
                ui.strong(team_name(env.group, team));
                if let Some(bye) = x.bye(team) {
                    ui.label(x.bye_why(bye, lang));
                }
            }
            _ => {}
        });
        if let Comparison::NotCompared(why) = explanation.comparison() {
            ui.separator();
            ui.weak(why.message(lang));
        }
    });
    if close {
        view.close();
    }
}

/// Match `no` of a team round: both teams, then which is home and why.
fn match_ui(ui: &mut Ui, env: &Env<'_>, x: &TeamRoundExplanation, no: u32) {
    let lang = env.lang;
    let Some(m) = x.match_no(no) else { return };
    let team_ui = |ui: &mut Ui, side: &TeamSide, label: &str| {
        ui.strong(format!("{label} {}", team_name(env.group, side.team)));
        group_line_ui(ui, &side.explanation, lang);
        ui.label(x.why(side, lang));
        ui.add_space(crate::ui::theme::space::XS);
    };
    team_ui(ui, &m.home, lang.t("主队", "Home"));
    team_ui(ui, &m.away, lang.t("客队", "Away"));
    ui.strong(lang.t("主客", "Home and away"));
    ui.label(x.colour(m, lang));
}

/// `分数组：2 分 · 下浮` / `Score group: 2 points · floated down`.
fn group_line_ui(ui: &mut Ui, p: &PlayerExplanation, lang: Lang) {
    ui.label(match lang {
        Lang::Zh => format!("分数组：{} 分 · {}", p.score_group, p.float.label(lang)),
        Lang::En => format!("Score group: {} points · {}", p.score_group, p.float.label(lang)),
    });
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
        ui.label(game.colour.with_shown_numbers(&|p| StartNo(env.event.shown_no(p))).message(lang));
        ui.add_space(crate::ui::theme::space::S);
    }
}

/// One player: side, number and name; score group and float; why.
fn player_ui(ui: &mut Ui, env: &Env<'_>, player: &PlayerExplanation, side: &str) {
    let lang = env.lang;
    let name = env.event.player(player.player).map_or("", |p| p.entry.name.as_str());
    ui.strong(format!("{side} {} {name}", env.event.shown_no(player.player)));
    group_line_ui(ui, player, lang);
    ui.label(player.with_shown_numbers(&|p| StartNo(env.event.shown_no(p))).message(lang));
    ui.add_space(crate::ui::theme::space::XS);
}

/// A bye: the player and why.
fn bye_ui(ui: &mut Ui, env: &Env<'_>, explanation: &RoundExplanation, player: StartNo) {
    let name = env.event.player(player).map_or("", |p| p.entry.name.as_str());
    ui.strong(format!("{} {name}", env.event.shown_no(player)));
    if let Some(bye) = explanation.bye(player) {
        ui.label(bye.with_shown_numbers(&|p| StartNo(env.event.shown_no(p))).message(env.lang));
    }
}
