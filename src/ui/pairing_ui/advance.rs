//! 结束本阶段并晋级 where the director looks. When the stage shown is played out
//! and another follows, the pairing panel shows who qualifies — the top players of the
//! final standings, by the rule the command itself applies
//! ([`qualifiers`](crate::domain::standings::qualifiers)) — a picker for the sponsors'
//! nominees (by name, start number or pinyin: the roster's search), and the button that
//! closes the stage after a confirmation naming how many players go on and where. The
//! window then shows the next stage ([`Show::CurrentStage`]).
//!
//! Around it, the stage's place in the group in words: a stage that opens when the one
//! before ends (and how many rounds that still has), a closed stage (where its players
//! went), and the end of the event (pointing to 导出 and 打印).

use crate::domain::command::Command;
use crate::domain::event::{Event, Stage, StageKind, StageStatus, stage_entrants};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::knockout::{self, KnockoutError};
use crate::domain::model::change::DomainError;
use crate::domain::player::PlayerStatus;
use crate::domain::standings::{StandingsRow, qualifiers};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::lang::Words;
use crate::present::search::{SearchKey, matches, search_keys};
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::env::{Env, Show};
use crate::ui::memo::Memo;
use crate::ui::session::Job;
use crate::ui::session::Ticket;
use crate::ui::table::{Align, TableColumn, data_table_ui, row_height, text_cell_ui};
use crate::ui::theme::{icons, widgets};
use egui::{Key, Ui};
use egui_extras::Column;

/// The most search matches listed at once.
const MATCHES_SHOWN: usize = 8;
/// The most qualifier rows shown before the preview scrolls.
const PREVIEW_ROWS: usize = 10;

/// The stage change's own state (inside the pairing view's).
#[derive(Debug, Clone, Default)]
pub(super) struct AdvanceView {
    /// The group and stage the nominees were chosen for; another starts afresh.
    shown: Option<(GroupId, StageNo)>,
    /// The nominee search field.
    search: String,
    /// The nominees chosen, in the order they will follow the qualifiers.
    nominees: Vec<StartNo>,
    /// The confirmation is open; `true` once it has been shown (Enter and Esc answer).
    confirm: Option<bool>,
    /// The qualifiers, per revision, group and stage.
    qualifiers: Memo<(u64, GroupId, StageNo), Result<Vec<StandingsRow>, DomainError>>,
    /// The group's search keys, per revision.
    keys: Memo<(u64, GroupId), Vec<SearchKey>>,
    /// The ticket of the close sent from here, until answered: its refusal is said
    /// beside the button (issue 40, item 2).
    sent: Option<Ticket>,
    /// Why the last close was refused.
    message: Option<String>,
}

/// What the stage's place in the group asks of the director, above the pairings.
pub(super) fn stage_state_ui(ui: &mut Ui, view: &mut AdvanceView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let next = env.group.stage(StageNo(stage.no.0 + 1));
    match (stage.status, next) {
        (StageStatus::Pending, _) => pending_ui(ui, env, stage),
        (StageStatus::Open, Some(next)) if stage.is_played_out() && next.status == StageStatus::Pending => {
            advance_ui(ui, view, env, stage, next, jobs);
        }
        (StageStatus::Open, None) if finished(env.event, env.group.id, stage) => {
            ui.strong(match (env.event.groups.len(), lang) {
                (1, _) => lang.t("全部比赛已结束。", "The event is finished.").to_string(),
                (_, Lang::Zh) => format!("「{}」的比赛已全部结束。", env.group.name),
                (_, Lang::En) => format!("Every game of “{}” is played.", env.group.name),
            });
            ui.label(lang.t(
                "最终排名可在顶栏「导出」中导出（XLSX、CSV、HTML、TRF），成绩表与奖励名单可在「打印」中打印或另存为 PDF。",
                "Export the final ranking from 导出 / Export in the top bar (XLSX, CSV, HTML, TRF); print the standings and the prize list, or save them as PDF, from 打印 / Print.",
            ));
            ui.separator();
        }
        (StageStatus::Closed, Some(next)) => {
            ui.horizontal_wrapped(|ui| {
                let players = stage_entrants(env.event, env.group.id, next).len();
                ui.label(match lang {
                    Lang::Zh => format!("本阶段已结束：{players} 名选手进入「{}」。", next.name),
                    Lang::En => format!("This stage is closed: {players} players went on to “{}”.", next.name),
                });
                let go = match lang {
                    Lang::Zh => format!("转到「{}」", next.name),
                    Lang::En => format!("Go to “{}”", next.name),
                };
                if ui.button(go).clicked() {
                    env.show(Show::Stage(next.no));
                }
            });
            ui.separator();
        }
        _ => {}
    }
}

/// Whether the stage, the group's last, is played out: every planned round decided,
/// or for a knockout its final (and third-place match) decided.
fn finished(event: &Event, group: GroupId, stage: &Stage) -> bool {
    match (stage.kind, stage.knockout.as_ref()) {
        (StageKind::Knockout, Some(rules)) => {
            let seeds = stage_entrants(event, group, stage);
            matches!(knockout::next_round(&seeds, &stage.rounds, &stage.scoring, rules), Err(KnockoutError::Finished))
        }
        _ => stage.rounds_planned.is_some() && stage.is_played_out(),
    }
}

/// A stage that opens when the one before it ends: how far that one still is.
fn pending_ui(ui: &mut Ui, env: &Env<'_>, stage: &Stage) {
    let lang = env.lang;
    let Some(previous) = stage.no.0.checked_sub(1).and_then(|no| env.group.stage(StageNo(no))) else { return };
    ui.horizontal_wrapped(|ui| {
        let name = &previous.name;
        let left = previous.rounds_planned.map(|planned| planned.saturating_sub(previous.completed_rounds()));
        ui.label(match (left, lang) {
            _ if previous.is_played_out() => match lang {
                Lang::Zh => format!("本阶段在「{name}」结束后开放：「{name}」已赛完，转到该阶段可查看晋级名单并结束它。"),
                Lang::En => format!(
                    "This stage opens when “{name}” ends: “{name}” is played out — close it and qualify its players on its pairing page."
                ),
            },
            (Some(left), Lang::Zh) => format!("本阶段在「{name}」结束后开放：还差 {left} 轮。"),
            (Some(left), Lang::En) => format!("This stage opens when “{name}” ends: {left} round(s) to go."),
            (None, Lang::Zh) => format!("本阶段在「{name}」结束后开放（「{name}」尚未设定轮数）。"),
            (None, Lang::En) => {
                format!("This stage opens when “{name}” ends (its number of rounds is not set yet).")
            }
        });
        let go = match lang {
            Lang::Zh => format!("转到「{name}」"),
            Lang::En => format!("Go to “{name}”"),
        };
        if ui.button(go).clicked() {
            env.show(Show::Stage(previous.no));
        }
    });
    ui.separator();
}

/// The qualifiers, the nominee picker and the button that closes the stage.
fn advance_ui(ui: &mut Ui, view: &mut AdvanceView, env: &Env<'_>, stage: &Stage, next: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let group = env.group.id;
    if view.shown != Some((group, stage.no)) {
        *view = AdvanceView { shown: Some((group, stage.no)), ..AdvanceView::default() };
    }
    take_refusals(view, env);
    let computed =
        view.qualifiers.get_or_compute((env.revision, group, stage.no), || qualifiers(env.event, group, stage));
    let rows = match computed {
        Ok(rows) => rows.clone(),
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{}{}", lang.t("无法计算晋级名单：", "Cannot rank the qualifiers: "), e.message(lang)),
            );
            return;
        }
    };
    ui.heading(match lang {
        Lang::Zh => format!("晋级「{}」", next.name),
        Lang::En => format!("Qualify for “{}”", next.name),
    });
    let played = stage.rounds.len();
    ui.label(match lang {
        Lang::Zh => format!(
            "「{}」已赛完 {played} 轮：前 {} 名晋级{}。",
            stage.name,
            rows.len(),
            if stage.nominees > 0 { format!("，另可提名 {} 名选手", stage.nominees) } else { String::new() }
        ),
        Lang::En => format!(
            "“{}” is played out ({played} rounds): the top {} qualify{}.",
            stage.name,
            rows.len(),
            if stage.nominees > 0 {
                format!(", and up to {} nominees may join them", stage.nominees)
            } else {
                String::new()
            }
        ),
    });
    ui.columns(2, |columns| {
        preview_ui(&mut columns[0], env.event, &rows, lang);
        if stage.nominees > 0 {
            nominees_ui(&mut columns[1], view, env, stage, &rows);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let button =
            widgets::primary_button(ui, icons::FLAG_CHECKERED, lang.t("结束本阶段并晋级", "Close stage and qualify"));
        let hint = match lang {
            Lang::Zh => format!(
                "关闭「{}」，{} 名选手进入「{}」（先确认）",
                stage.name,
                rows.len() + view.nominees.len(),
                next.name
            ),
            Lang::En => format!(
                "Closes “{}”; {} players go on to “{}” (asks first)",
                stage.name,
                rows.len() + view.nominees.len(),
                next.name
            ),
        };
        if ui.add_enabled(!env.busy, button).on_hover_text(hint).clicked() && view.confirm.is_none() {
            view.confirm = Some(false);
            view.message = None;
        }
        if let Some(message) = &view.message {
            ui.colored_label(ui.visuals().error_fg_color, message.as_str());
        }
    });
    ui.separator();
    confirm_ui(ui, view, env, stage, next, rows.len(), jobs);
}

/// The qualifiers in order: rank, start number, name, club, points.
fn preview_ui(ui: &mut Ui, event: &Event, rows: &[StandingsRow], lang: Lang) {
    ui.label(widgets::section_heading(lang.t("按名次晋级", "Qualifying by rank")));
    if rows.is_empty() {
        ui.label(lang.t("（无人晋级）", "(nobody qualifies)"));
        return;
    }
    let columns = [
        TableColumn::new(Column::exact(44.0), lang.t("名次", "Rank"), Align::Right),
        TableColumn::new(Column::exact(48.0), lang.t("编号", "No."), Align::Right),
        TableColumn::new(Column::initial(96.0).at_least(60.0), lang.t("姓名", "Name"), Align::Left),
        TableColumn::new(Column::initial(110.0).at_least(60.0), lang.t("单位", "Club"), Align::Left),
        TableColumn::new(Column::remainder().at_least(48.0), lang.t("积分", "Points"), Align::Right),
    ];
    let row_h = row_height(ui);
    let height = (rows.len().min(PREVIEW_ROWS) as f32 + 1.6) * row_h;
    ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
        data_table_ui(ui, "qualifiers_preview", &columns, rows.len(), |mut row| {
            let Some(r) = rows.get(row.index()) else { return };
            let (name, club) =
                event.player(r.start_no).map_or(("", ""), |p| (p.entry.name.as_str(), p.entry.club.as_str()));
            let id = ("qualifier", r.start_no);
            text_cell_ui(&mut row, id, Align::Right, r.rank_text());
            text_cell_ui(&mut row, id, Align::Right, event.shown_no(r.start_no).to_string());
            text_cell_ui(&mut row, id, Align::Left, name);
            text_cell_ui(&mut row, id, Align::Left, club);
            text_cell_ui(&mut row, id, Align::Right, r.points.to_string());
        });
    });
}

/// How a player found by the nominee search may be offered.
enum Offer {
    /// May be nominated.
    Open,
    /// Qualifies by this rank already.
    Qualifies(u32),
    /// Withdrawn or disqualified.
    Inactive,
}

/// `12 王天一（杭州）`.
fn player_text(event: &Event, p: StartNo) -> String {
    match event.player(p) {
        Some(pl) if pl.entry.club.trim().is_empty() => format!("{} {}", pl.shown(), pl.entry.name),
        Some(pl) => format!("{} {}（{}）", pl.shown(), pl.entry.name, pl.entry.club),
        None => p.to_string(),
    }
}

/// The nominee picker: a search by name, start number or pinyin, the players found
/// (those who qualify anyway are named, not offered), and the nominees chosen.
fn nominees_ui(ui: &mut Ui, view: &mut AdvanceView, env: &Env<'_>, stage: &Stage, rows: &[StandingsRow]) {
    let (event, lang) = (env.event, env.lang);
    let allowed = stage.nominees as usize;
    ui.strong(match lang {
        Lang::Zh => format!("提名选手（已选 {}/{allowed}）", view.nominees.len()),
        Lang::En => format!("Nominees ({}/{allowed} chosen)", view.nominees.len()),
    });
    let mut add: Option<StartNo> = None;
    if view.nominees.len() >= allowed {
        ui.weak(
            lang.t("提名名额已满；移除一名可另选。", "Every nominee place is taken; remove one to choose another."),
        );
    } else {
        let label = ui.label(lang.t("搜索提名选手", "Find a nominee"));
        let hint = lang.t("姓名、编号或拼音，回车选第一名", "name, start number or pinyin; Enter takes the first");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut view.search)
                    .hint_text(hint)
                    .desired_width(ui.available_width().min(300.0)),
            )
            .labelled_by(label.id);
        let found = found(view, env);
        let searching = !view.search.trim().is_empty();
        if !searching && !found.is_empty() {
            ui.weak(lang.t("报名时标为提名的选手：", "Marked as nominees at registration:"));
        } else if searching && found.is_empty() {
            ui.weak(lang.t("没有找到选手。", "No player found."));
        }
        let (clicked, first_open) = offers_ui(ui, event, &found, rows, lang);
        add = clicked;
        if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
            add = add.or(first_open);
            field.request_focus();
        }
    }
    if let Some(p) = add {
        view.nominees.push(p);
        view.search.clear();
    }
    let mut remove = None;
    for (i, &p) in view.nominees.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {}", i + 1, player_text(event, p)));
            let name = event.player(p).map_or(String::new(), |pl| pl.entry.name.clone());
            if ui.button(format!("{} {name}", lang.t("移除", "Remove"))).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        view.nominees.remove(i);
    }
}

/// The players the search text finds (by the roster's search), in start-number order,
/// without those chosen already; with no text, the players the roster marks as
/// nominees.
fn found(view: &mut AdvanceView, env: &Env<'_>) -> Vec<StartNo> {
    let (event, group) = (env.event, env.group.id);
    let text = view.search.trim();
    let found: Vec<StartNo> = if text.is_empty() {
        event.group_players(group).filter(|p| p.entry.nominee).map(|p| p.start_no).collect()
    } else {
        let keys = view.keys.get_or_compute((env.revision, group), || search_keys(event, group));
        keys.iter()
            .filter(|k| matches(k, text))
            .filter_map(|k| event.players.get(k.index))
            .map(|p| p.start_no)
            .collect()
    };
    found.into_iter().filter(|p| !view.nominees.contains(p)).collect()
}

/// The players found, each offered as a button or said why not; returns the one
/// clicked and the first offered (which Enter takes).
fn offers_ui(
    ui: &mut Ui,
    event: &Event,
    found: &[StartNo],
    rows: &[StandingsRow],
    lang: Lang,
) -> (Option<StartNo>, Option<StartNo>) {
    let offer = |p: StartNo| match rows.iter().find(|r| r.start_no == p) {
        Some(r) => Offer::Qualifies(r.rank.unwrap_or(r.place)),
        None if event.player(p).is_some_and(|pl| pl.status != PlayerStatus::Active) => Offer::Inactive,
        None => Offer::Open,
    };
    let (mut clicked, mut first_open) = (None, None);
    for &p in found.iter().take(MATCHES_SHOWN) {
        let who = player_text(event, p);
        match offer(p) {
            Offer::Open => {
                first_open.get_or_insert(p);
                if ui.button(format!("＋ {who}")).clicked() {
                    clicked = Some(p);
                }
            }
            Offer::Qualifies(rank) => {
                ui.weak(match lang {
                    Lang::Zh => format!("{who}：已凭第 {rank} 名晋级"),
                    Lang::En => format!("{who}: qualifies already (rank {rank})"),
                });
            }
            Offer::Inactive => {
                ui.weak(match lang {
                    Lang::Zh => format!("{who}：已退赛或被取消资格"),
                    Lang::En => format!("{who}: withdrawn or disqualified"),
                });
            }
        }
    }
    if found.len() > MATCHES_SHOWN {
        ui.weak(match lang {
            Lang::Zh => format!("还有 {} 名，请输入更多字。", found.len() - MATCHES_SHOWN),
            Lang::En => format!("{} more: type more to narrow the search.", found.len() - MATCHES_SHOWN),
        });
    }
    (clicked, first_open)
}

/// The confirmation, naming how many players go on and where; on Enter the command.
fn confirm_ui(
    ui: &mut Ui,
    view: &mut AdvanceView,
    env: &Env<'_>,
    stage: &Stage,
    next: &Stage,
    qualifying: usize,
    jobs: &mut Vec<Job>,
) {
    let Some(keys_live) = view.confirm else { return };
    let lang = env.lang;
    let names: Vec<String> = view.nominees.iter().map(|p| player_text(env.event, *p)).collect();
    let total = qualifying + names.len();
    let dialog = Confirmation {
        id: "advance_stage",
        width: 460.0,
        accept: lang.t("结束并晋级 (Enter)", "Close and qualify (Enter)"),
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live,
    };
    let answer = confirmation_ui(ui, dialog, |ui| {
        ui.strong(match lang {
            Lang::Zh => format!("结束「{}」并晋级？", stage.name),
            Lang::En => format!("Close “{}” and qualify its players?", stage.name),
        });
        ui.label(match (names.is_empty(), lang) {
            (true, Lang::Zh) => format!("前 {qualifying} 名按名次晋级，共 {total} 名选手进入「{}」。", next.name),
            (false, Lang::Zh) => format!(
                "前 {qualifying} 名按名次晋级，另有提名选手 {} 名（{}），共 {total} 名选手进入「{}」。",
                names.len(),
                names.join("、"),
                next.name
            ),
            (true, Lang::En) => {
                format!("The top {qualifying} qualify by rank: {total} players go on to “{}”.", next.name)
            }
            (false, Lang::En) => format!(
                "The top {qualifying} qualify by rank, with {} nominee(s) ({}): {total} players go on to “{}”.",
                names.len(),
                names.join(", "),
                next.name
            ),
        });
        ui.weak(lang.t(
            "本阶段随即关闭，下一阶段按此顺序排种子；可用「撤销」(Ctrl+Z) 撤回。",
            "This stage closes and the next is seeded in this order; Undo (Ctrl+Z) takes it back.",
        ));
    });
    match answer {
        Some(Answer::Accepted) => {
            let label = Words::in_both(|lang| match lang {
                Lang::Zh => format!("「{}」结束，{total} 名进入「{}」", stage.name, next.name),
                Lang::En => format!("“{}” closed, {total} players on to “{}”", stage.name, next.name),
            });
            let nominees = std::mem::take(&mut view.nominees);
            let close = Job::Execute {
                label,
                commands: vec![Command::AdvanceStage { group: env.group.id, stage: stage.no, nominees }],
            };
            view.sent = Some(env.send(jobs, close));
            view.confirm = None;
            view.search.clear();
            // Saved, the next stage is the group's current one; refused, this one stays.
            env.show(Show::CurrentStage);
        }
        Some(Answer::Cancelled) => view.confirm = None,
        None => view.confirm = Some(true),
    }
}

/// A refusal of this stage's close, said beside the button, once the answer to the
/// close sent from here arrives.
fn take_refusals(view: &mut AdvanceView, env: &Env<'_>) {
    let lang = env.lang;
    let Some(ticket) = view.sent.filter(|t| env.answered(*t)) else { return };
    view.sent = None;
    if let Some(refusal) = env.refusal_of(ticket) {
        view.message = Some(match (&refusal.error, lang) {
            (DomainError::NomineeQualifies(p), Lang::Zh) => format!("未能晋级：{p} 号已凭名次晋级，不能再提名。"),
            (DomainError::NomineeQualifies(p), Lang::En) => {
                format!("Not closed: {p} qualifies by rank and cannot be nominated.")
            }
            (DomainError::TooManyNominees { allowed, .. }, Lang::Zh) => {
                format!("未能晋级：最多提名 {allowed} 名。")
            }
            (DomainError::TooManyNominees { allowed, .. }, Lang::En) => {
                format!("Not closed: at most {allowed} nominees.")
            }
            (error, Lang::Zh) => format!("未能晋级：{}", error.message(lang)),
            (error, Lang::En) => format!("Not closed: {}", error.message(lang)),
        });
    }
}
