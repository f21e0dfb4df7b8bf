//! 全赛事团体 of the teams panel: the event's clubs (单位) ranked across its
//! individual groups by their members' points. The setting — on or off, the groups
//! counted (every individual group by default), and how many of a club's members
//! count: every one, the best N over the groups together, or the best N of each group
//! — is sent as one [`Command::SetEventTeamRanking`], so the status bar announces it,
//! the history words it and undo takes it back. Under it, the ranking as
//! `present::event_teams` builds it: 名次, 单位, 积分, the counted members with their
//! group, 对手分, 最好名次, 犯规. Every control is a checkbox, radio button, field or
//! button, reached with Tab.

use crate::domain::command::{Command, DomainError};
use crate::domain::event::{Event, Group};
use crate::domain::ids::GroupId;
use crate::domain::model::team::{EventTeamCount, EventTeamRanking};
use crate::lang::Lang;
use crate::lang::Words;
use crate::present::event_teams::{EventTeamColumn, EventTeamTable, setting_words};
use crate::ui::env::Env;
use crate::ui::form::labelled_text_ui;
use crate::ui::memo::Memo;
use crate::ui::session::Job;
use crate::ui::table::{Align, TableColumn, data_table_ui, text_cell_ui};
use egui::Ui;
use egui_extras::Column;

/// How many of a club's members count, as chosen (N is typed apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Mode {
    /// Every member.
    #[default]
    All,
    /// The best N over the groups together.
    Overall,
    /// The best N of each group.
    PerGroup,
}

/// The setting as edited, and the ranking shown.
#[derive(Debug, Default)]
pub(super) struct EventRankingForm {
    /// The revision the fields were read at.
    loaded: Option<u64>,
    /// The ranking is on.
    on: bool,
    /// Every individual group of the event with its name, ticked when counted.
    groups: Vec<(GroupId, String, bool)>,
    mode: Mode,
    /// N, as typed.
    count: String,
    /// Why the last change was refused, or a field cannot be read.
    message: Option<Words>,
    /// The table, for a revision and a language.
    table: Memo<(u64, Lang), Result<Option<EventTeamTable>, DomainError>>,
}

/// A group whose entrants are players (no team stage).
fn individual(g: &Group) -> bool {
    g.stages.iter().all(|s| s.teams.is_none())
}

impl EventRankingForm {
    /// The rules refused the setting: say why.
    pub(super) fn refused(&mut self, why: Words) {
        self.message = Some(why);
    }

    /// Reads the saved setting into the fields.
    fn load(&mut self, event: &Event) {
        let saved = event.team_ranking.as_ref();
        self.on = saved.is_some();
        let counted = |id: GroupId| saved.and_then(|s| s.groups.as_ref()).is_none_or(|list| list.contains(&id));
        self.groups =
            event.groups.iter().filter(|g| individual(g)).map(|g| (g.id, g.name.clone(), counted(g.id))).collect();
        let count = saved.map_or(EventTeamCount::All, |s| s.count);
        self.mode = match count {
            EventTeamCount::All => Mode::All,
            EventTeamCount::BestOverall(_) => Mode::Overall,
            EventTeamCount::BestPerGroup(_) => Mode::PerGroup,
        };
        self.count = count.n().map(|n| n.to_string()).unwrap_or_default();
    }

    /// The setting as typed; `None` when off.
    fn setting(&self) -> Result<Option<EventTeamRanking>, Words> {
        if !self.on {
            return Ok(None);
        }
        let ticked: Vec<GroupId> = self.groups.iter().filter(|(_, _, on)| *on).map(|(g, _, _)| *g).collect();
        if ticked.is_empty() {
            return Err(Words::new("请至少勾选一个组别。", "Tick at least one group."));
        }
        // Every group ticked: every individual group, those added later too.
        let groups = (ticked.len() < self.groups.len()).then_some(ticked);
        let n = || {
            self.count.trim().parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                Words::new("计分人数应为正整数，如 3。", "Members counted: a whole number above 0, such as 3.")
            })
        };
        let count = match self.mode {
            Mode::All => EventTeamCount::All,
            Mode::Overall => EventTeamCount::BestOverall(n()?),
            Mode::PerGroup => EventTeamCount::BestPerGroup(n()?),
        };
        Ok(Some(EventTeamRanking { groups, count }))
    }
}

/// Draws the setting and, while it is on, the ranking.
pub(super) fn event_ranking_ui(ui: &mut Ui, form: &mut EventRankingForm, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (event, lang) = (env.event, env.lang);
    if form.loaded != Some(env.revision) {
        form.load(event);
        form.loaded = Some(env.revision);
    }
    ui.strong(lang.t("全赛事团体排名", "Team ranking across the event"));
    ui.weak(lang.t(
        "各单位在所选个人赛组别中的选手成绩相加排名（同分比计分队员的对手分、最好名次、犯规）；未填单位的选手不计。",
        "Clubs ranked by their players' points in the chosen individual groups (ties: the counted members' \
         opponents' points, best rank, fouls); players without a club take no part.",
    ));
    setting_ui(ui, form, lang);
    if ui.add_enabled(!env.busy, egui::Button::new(lang.t("保存全赛事团体设置", "Save event team ranking"))).clicked()
    {
        match form.setting() {
            Ok(ranking) => {
                form.message = None;
                let label = Words::in_both(|lang| match &ranking {
                    None => lang.t("取消全赛事团体排名", "Team ranking across the event off").to_string(),
                    Some(r) => {
                        format!("{}{}", lang.t("全赛事团体：", "Team ranking across "), setting_words(event, r, lang))
                    }
                });
                jobs.push(Job::Execute { label, commands: vec![Command::SetEventTeamRanking { ranking }] });
            }
            Err(why) => form.message = Some(why),
        }
    }
    if let Some(why) = &form.message {
        ui.colored_label(ui.visuals().error_fg_color, why.get(lang));
    }
    ui.separator();
    table_ui(ui, form, env);
}

/// On or off, the groups, what counts and N.
fn setting_ui(ui: &mut Ui, form: &mut EventRankingForm, lang: Lang) {
    ui.checkbox(&mut form.on, lang.t("启用全赛事团体排名", "Rank clubs across the event"));
    ui.add_enabled_ui(form.on, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.t("计分组别：", "Groups counted:"));
            for (_, name, on) in &mut form.groups {
                ui.checkbox(on, name.as_str());
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.t("每单位计：", "Each club counts:"));
            ui.radio_value(&mut form.mode, Mode::All, lang.t("全部队员", "Every member"));
            ui.radio_value(&mut form.mode, Mode::Overall, lang.t("总成绩前N名", "Best N overall"));
            ui.radio_value(&mut form.mode, Mode::PerGroup, lang.t("每组前N名", "Best N per group"));
        });
        ui.add_enabled_ui(form.mode != Mode::All, |ui| {
            ui.horizontal(|ui| {
                labelled_text_ui(ui, lang.t("计分人数 N", "Members counted (N)"), &mut form.count, "3", 48.0);
            });
        });
    });
}

/// The ranking while it is on; words while it is off.
fn table_ui(ui: &mut Ui, form: &mut EventRankingForm, env: &Env<'_>) {
    let (event, lang) = (env.event, env.lang);
    let table = form.table.get_or_compute((env.revision, lang), || EventTeamTable::of_event(event, lang));
    let table = match table {
        Ok(Some(table)) => table,
        Ok(None) => {
            ui.label(lang.t("全赛事团体排名未启用。", "The team ranking across the event is off."));
            return;
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, crate::lang::Localized::message(e, lang));
            return;
        }
    };
    ui.label(table.rule.as_str());
    ui.weak(table.basis.as_str());
    let columns: Vec<TableColumn> = table
        .columns
        .iter()
        .map(|c| {
            let width = match c {
                EventTeamColumn::Counted => Column::initial(420.0).at_least(160.0),
                EventTeamColumn::Club => Column::initial(120.0).at_least(60.0),
                _ => Column::initial(64.0).at_least(40.0),
            };
            TableColumn::new(width, c.header(lang), if c.is_numeric() { Align::Right } else { Align::Left })
        })
        .collect();
    data_table_ui(ui, "event teams", &columns, table.rows.len(), |mut row| {
        let Some(cells) = table.rows.get(row.index()) else { return };
        let id = ("club", row.index());
        for (column, cell) in table.columns.iter().zip(cells) {
            let align = if column.is_numeric() { Align::Right } else { Align::Left };
            text_cell_ui(&mut row, id, align, cell.as_str());
        }
    });
}
