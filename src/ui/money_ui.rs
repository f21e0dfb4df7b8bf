//! The money view: the check-in list with fee status, forfeit fines and
//! the ledger of payments, payouts and excuses.
//!
//! Three tabs over the chosen group, with the same numbers as `bianpai ledger` and
//! `bianpai checkin`:
//! - 签到: start no., name, club, entry fee status, a 签到 checkbox
//!   ([`Command::SetCheckedIn`]), "收费" recording the outstanding fee, a search box
//!   (name, pinyin, club or start number) and the count checked in;
//! - 罚款: every forfeit fine ([`forfeit_fines`](crate::domain::ledger::forfeit_fines)) with 缴纳 (a fine payment) and 免罚
//!   (an excuse, which asks for the reason first);
//! - 账目: every ledger entry, voided ones struck through, with 作废.
//!
//! The totals (fees, fines, prizes: due and paid) head every tab. Everything shown is
//! computed when the saved event (`env.revision`) or the group changes, not per frame.
//! Every action is a button or checkbox: Tab reaches it, Enter or Space activates it.

mod cache;

use super::env::Env;
use super::form::labelled_text_ui;
use super::memo::Memo;
use super::panel::Panel;
use super::session::Job;
use super::table::{Align, TableColumn, data_table_ui, text_cell_ui};
use crate::domain::command::Command;
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::ledger::{LedgerKind, LedgerTotals, RoundRef, yuan};
use crate::lang::Lang;
use crate::lang::Words;
use cache::{CheckRow, EntryRow, FineRow, MoneyCache, matches, money_cache};
use egui::{Key, RichText, Ui};
use egui_extras::Column;

/// The tabs of the money view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoneyTab {
    /// 签到: check-in and entry fees.
    #[default]
    CheckIn,
    /// 罚款: forfeit fines.
    Fines,
    /// 账目: the ledger entries.
    Ledger,
}

impl MoneyTab {
    const ALL: [MoneyTab; 3] = [MoneyTab::CheckIn, MoneyTab::Fines, MoneyTab::Ledger];

    fn label(self, lang: Lang) -> &'static str {
        match self {
            MoneyTab::CheckIn => lang.t("签到", "Check-in"),
            MoneyTab::Fines => lang.t("罚款", "Fines"),
            MoneyTab::Ledger => lang.t("账目", "Ledger"),
        }
    }
}

/// The money view's own state.
#[derive(Debug, Clone, Default)]
pub struct MoneyView {
    /// The tab shown.
    pub tab: MoneyTab,
    /// The check-in list's search text.
    pub search: String,
    /// The note recorded with a fee or fine payment (receipt, 微信 …).
    pub note: String,
    /// The excuse being written, when open.
    excuse: Option<Excuse>,
    /// The group's lists, for the group and revision they were computed for.
    cache: Memo<(GroupId, u64), MoneyCache>,
    /// The check-in rows matching the search: positions in the cache's players.
    found: Memo<(u64, GroupId, String), Vec<usize>>,
}

/// A fine about to be excused, waiting for its reason.
#[derive(Debug, Clone)]
struct Excuse {
    start_no: StartNo,
    name: String,
    round: RoundRef,
    amount_fen: i64,
    reason: String,
    focus: bool,
}

impl MoneyView {
    /// Computes the group's lists when the saved event or the group changed, and the
    /// check-in rows matching the search when it changed too.
    fn refresh(&mut self, event: &Event, group: &Group, revision: u64) {
        let cache = self.cache.get_or_compute((group.id, revision), || money_cache(event, group));
        let search = self.search.clone();
        self.found.get_or_compute((revision, group.id, search.clone()), || {
            cache.players.iter().enumerate().filter(|(_, p)| matches(p, &search)).map(|(i, _)| i).collect()
        });
    }
}

/// Money in the window's language: `5 元`, `5 yuan` (issue 39, item 5: no 元 in the
/// English window).
fn yuan_text(fen: i64, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{} 元", yuan(fen)),
        Lang::En => format!("{} yuan", yuan(fen)),
    }
}

/// `已缴`, `欠 5 元`, or `—` when the group charges no fee.
fn fee_text(row: &CheckRow, lang: Lang) -> String {
    match (row.fee_due_fen, row.fee_outstanding_fen, lang) {
        (0, _, _) => "—".to_string(),
        (_, 0, _) => lang.t("已缴", "paid").to_string(),
        (_, owed, Lang::Zh) => format!("欠 {}", yuan_text(owed, lang)),
        (_, owed, Lang::En) => format!("owes {}", yuan_text(owed, lang)),
    }
}

/// `已免罚`, `已缴`, `未缴 10 元`.
fn fine_status(row: &FineRow, lang: Lang) -> String {
    let owed = (row.fine.amount_fen - row.paid_fen).max(0);
    match (row.fine.excused, owed, lang) {
        (true, _, _) => lang.t("已免罚", "excused").to_string(),
        (false, 0, _) => lang.t("已缴", "paid").to_string(),
        (false, owed, Lang::Zh) => format!("未缴 {}", yuan_text(owed, lang)),
        (false, owed, Lang::En) => format!("unpaid {}", yuan_text(owed, lang)),
    }
}

fn kind_label(kind: LedgerKind, lang: Lang) -> &'static str {
    lang.t(kind.label_zh(), kind.label_en())
}

impl Panel for MoneyView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        money_ui(ui, self, env, jobs);
    }
}

/// Draws the money view.
pub fn money_ui(ui: &mut Ui, state: &mut MoneyView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    state.refresh(env.event, env.group, env.revision);
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("{} {}", env.group.name, lang.t("财务", "money")));
        ui.add_space(crate::ui::theme::space::L);
        for tab in MoneyTab::ALL {
            if ui.selectable_label(state.tab == tab, tab.label(lang)).clicked() {
                state.tab = tab;
            }
        }
        ui.add_space(crate::ui::theme::space::L);
        let hint = lang.t("收据号、现金、微信…", "receipt, cash, transfer…");
        labelled_text_ui(ui, lang.t("收款备注", "Payment note"), &mut state.note, hint, 160.0);
    });
    if let Some(cache) = state.cache.get() {
        totals_ui(ui, &cache.totals, lang);
    }
    ui.separator();
    match state.tab {
        MoneyTab::CheckIn => check_in_ui(ui, state, env, jobs),
        MoneyTab::Fines => fines_ui(ui, state, env, jobs),
        MoneyTab::Ledger => ledger_ui(ui, state, env, jobs),
    }
}

/// Fees, fines and prizes of the group: received or paid out, of due.
fn totals_ui(ui: &mut Ui, t: &LedgerTotals, lang: Lang) {
    let [fees_paid, fees_due, fines_paid, fines_due, prizes_paid, prizes_due] =
        [t.fees_paid_fen, t.fees_due_fen, t.fines_paid_fen, t.fines_fen, t.prizes_paid_fen, t.prizes_fen]
            .map(|fen| yuan_text(fen, lang));
    ui.label(match lang {
        Lang::Zh => format!(
            "合计：报名费 已收 {fees_paid} / 应收 {fees_due}；罚款 已收 {fines_paid} / 应收 {fines_due}；\
             奖金 已发 {prizes_paid} / 应发 {prizes_due}"
        ),
        Lang::En => format!(
            "Totals: entry fees {fees_paid} of {fees_due} received; fines {fines_paid} of {fines_due} received; \
             prizes {prizes_paid} of {prizes_due} paid out"
        ),
    });
}

/// What a row of the check-in list asks for.
enum CheckAction {
    CheckIn(StartNo, bool),
    Fee(StartNo, String, i64),
}

fn check_in_ui(ui: &mut Ui, state: &mut MoneyView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    ui.horizontal_wrapped(|ui| {
        let hint = lang.t("姓名、拼音、单位或编号", "name, pinyin, club or number");
        labelled_text_ui(ui, lang.t("搜索", "Search"), &mut state.search, hint, 200.0);
        // What was typed this frame is shown this frame.
        state.refresh(env.event, env.group, env.revision);
        if let Some(cache) = state.cache.get() {
            ui.add_space(crate::ui::theme::space::L);
            ui.label(match lang {
                Lang::Zh => format!("已签到 {} / {}", cache.checked_in, cache.players.len()),
                Lang::En => format!("checked in {} of {}", cache.checked_in, cache.players.len()),
            });
        }
    });
    let (Some(cache), Some(found)) = (state.cache.get(), state.found.get()) else { return };
    if cache.players.is_empty() {
        ui.label(lang.t("本组尚无选手。", "No players in this group yet."));
        return;
    }
    let rows: Vec<&CheckRow> = found.iter().filter_map(|&i| cache.players.get(i)).collect();
    if rows.is_empty() {
        ui.label(lang.t("没有符合搜索的选手。", "No player matches the search."));
        return;
    }
    let columns = [
        TableColumn::new(Column::exact(48.0), lang.t("编号", "No."), Align::Right),
        TableColumn::new(Column::initial(110.0).at_least(60.0), lang.t("姓名", "Name"), Align::Left),
        TableColumn::new(Column::initial(150.0).at_least(60.0), lang.t("单位", "Club"), Align::Left),
        TableColumn::new(Column::initial(100.0).at_least(60.0), lang.t("报名费", "Entry fee"), Align::Left),
        TableColumn::new(Column::initial(80.0).at_least(60.0), lang.t("签到", "Checked in"), Align::Left),
        TableColumn::new(Column::remainder().at_least(80.0), "", Align::Left),
    ];
    let mut action: Option<CheckAction> = None;
    data_table_ui(ui, "money_check_in", &columns, rows.len(), |mut row| {
        let Some(p) = rows.get(row.index()).copied() else { return };
        let id = p.start_no;
        text_cell_ui(&mut row, id, Align::Right, p.no.to_string());
        text_cell_ui(&mut row, id, Align::Left, p.name.as_str());
        text_cell_ui(&mut row, id, Align::Left, p.club.as_str());
        text_cell_ui(&mut row, id, Align::Left, fee_text(p, lang));
        row.col(|ui| {
            ui.push_id(id, |ui| {
                let mut checked = p.checked_in;
                let response = ui.add_enabled(!env.busy, egui::Checkbox::new(&mut checked, lang.t("签到", "in")));
                if response.changed() {
                    action = Some(CheckAction::CheckIn(id, checked));
                }
            });
        });
        row.col(|ui| {
            ui.push_id(id, |ui| {
                if fee_button_ui(ui, p, env.busy, lang) {
                    action = Some(CheckAction::Fee(id, p.name.clone(), p.fee_outstanding_fen));
                }
            });
        });
    });
    jobs.extend(action.map(|action| check_in_job(action, env, &state.note)));
}

/// The button recording a player's outstanding entry fee, when there is one; whether
/// it was clicked.
fn fee_button_ui(ui: &mut Ui, p: &CheckRow, busy: bool, lang: Lang) -> bool {
    if p.fee_outstanding_fen <= 0 {
        return false;
    }
    // The player as the table shows them: by the number people read.
    let (no, fee) = (p.no, yuan_text(p.fee_outstanding_fen, lang));
    let hint = match lang {
        Lang::Zh => format!("记录 {no} {} 缴纳报名费 {fee}", p.name),
        Lang::En => format!("Record {no} {} paying {fee}", p.name),
    };
    let button = egui::Button::new(lang.t("收费", "Record fee"));
    ui.add_enabled(!busy, button).on_hover_text(hint).clicked()
}

/// The job a check-in row's click asks for, named by the player's shown number.
fn check_in_job(action: CheckAction, env: &Env<'_>, note: &str) -> Job {
    match action {
        CheckAction::CheckIn(start_no, checked_in) => Job::Execute {
            label: Words::in_both(|lang| match (checked_in, lang, env.event.shown_no(start_no)) {
                (true, Lang::Zh, no) => format!("{no} 已签到"),
                (false, Lang::Zh, no) => format!("{no} 取消签到"),
                (true, Lang::En, no) => format!("{no} checked in"),
                (false, Lang::En, no) => format!("{no} check-in undone"),
            }),
            commands: vec![Command::SetCheckedIn { start_no, checked_in }],
        },
        CheckAction::Fee(start_no, name, amount_fen) => Job::Execute {
            label: Words::in_both(|lang| match (lang, env.event.shown_no(start_no)) {
                (Lang::Zh, no) => format!("{no} {name} 缴纳报名费 {}", yuan_text(amount_fen, lang)),
                (Lang::En, no) => format!("{no} {name} paid the entry fee, {}", yuan_text(amount_fen, lang)),
            }),
            commands: vec![Command::RecordLedgerEntry {
                start_no,
                kind: LedgerKind::FeePaid,
                amount_fen,
                round: None,
                note: note.trim().to_string(),
            }],
        },
    }
}

/// What a row of the fines asks for.
enum FineAction {
    Pay(StartNo, String, RoundRef, i64),
    Excuse(Excuse),
}

fn fines_ui(ui: &mut Ui, state: &mut MoneyView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    excuse_ui(ui, state, env, jobs);
    let Some(cache) = state.cache.get() else { return };
    if cache.fines.is_empty() {
        ui.label(lang.t("本组没有弃权罚款。", "No forfeit fines in this group."));
        return;
    }
    let columns = [
        TableColumn::new(Column::exact(48.0), lang.t("编号", "No."), Align::Right),
        TableColumn::new(Column::initial(110.0).at_least(60.0), lang.t("姓名", "Name"), Align::Left),
        TableColumn::new(Column::initial(120.0).at_least(60.0), lang.t("阶段", "Stage"), Align::Left),
        TableColumn::new(Column::exact(44.0), lang.t("轮次", "Round"), Align::Right),
        TableColumn::new(Column::exact(44.0), lang.t("台次", "Board"), Align::Right),
        TableColumn::new(Column::exact(64.0), lang.t("金额", "Amount"), Align::Right),
        TableColumn::new(Column::initial(100.0).at_least(60.0), lang.t("状态", "Status"), Align::Left),
        TableColumn::new(Column::remainder().at_least(120.0), "", Align::Left),
    ];
    let editing = state.excuse.is_some();
    let mut action: Option<FineAction> = None;
    data_table_ui(ui, "money_fines", &columns, cache.fines.len(), |mut row| {
        let Some(f) = cache.fines.get(row.index()) else { return };
        let fine = f.fine;
        let id = (fine.start_no, fine.round);
        text_cell_ui(&mut row, id, Align::Right, env.event.shown_no(fine.start_no).to_string());
        text_cell_ui(&mut row, id, Align::Left, f.name.as_str());
        text_cell_ui(&mut row, id, Align::Left, f.stage.as_str());
        text_cell_ui(&mut row, id, Align::Right, fine.round.round.to_string());
        text_cell_ui(&mut row, id, Align::Right, fine.board.to_string());
        text_cell_ui(&mut row, id, Align::Right, yuan_text(fine.amount_fen, lang));
        text_cell_ui(&mut row, id, Align::Left, fine_status(f, lang));
        row.col(|ui| {
            ui.push_id(id, |ui| {
                let owed = (fine.amount_fen - f.paid_fen).max(0);
                if fine.excused || owed == 0 {
                    return;
                }
                ui.horizontal(|ui| {
                    let enabled = !env.busy && !editing;
                    let pay = egui::Button::new(lang.t("缴纳", "Paid"));
                    let pay_hint = lang.t("记录已缴纳此罚款", "Record this fine as paid");
                    if ui.add_enabled(enabled, pay).on_hover_text(pay_hint).clicked() {
                        action = Some(FineAction::Pay(fine.start_no, f.name.clone(), fine.round, owed));
                    }
                    let excuse = egui::Button::new(lang.t("免罚", "Excuse"));
                    let excuse_hint =
                        lang.t("事先说明的弃权：免除罚款（需填写理由）", "Excuse this forfeit (give the reason)");
                    if ui.add_enabled(enabled, excuse).on_hover_text(excuse_hint).clicked() {
                        action = Some(FineAction::Excuse(Excuse {
                            start_no: fine.start_no,
                            name: f.name.clone(),
                            round: fine.round,
                            amount_fen: fine.amount_fen,
                            reason: String::new(),
                            focus: true,
                        }));
                    }
                });
            });
        });
    });
    match action {
        Some(FineAction::Pay(start_no, name, round, amount_fen)) => {
            jobs.push(fine_paid_job(env, (start_no, name), round, amount_fen, &state.note));
        }
        Some(FineAction::Excuse(excuse)) => state.excuse = Some(excuse),
        None => {}
    }
}

/// The job recording a forfeit fine of `round` as paid, named by the shown number.
fn fine_paid_job(
    env: &Env<'_>,
    (start_no, name): (StartNo, String),
    round: RoundRef,
    amount_fen: i64,
    note: &str,
) -> Job {
    let lang = env.lang;
    let amount = yuan_text(amount_fen, lang);
    Job::Execute {
        label: Words::in_both(|lang| match (lang, env.event.shown_no(start_no)) {
            (Lang::Zh, no) => format!("{no} {name} 缴纳第{}轮罚款 {amount}", round.round),
            (Lang::En, no) => format!("{no} {name} paid the fine of round {}, {amount}", round.round),
        }),
        commands: vec![Command::RecordLedgerEntry {
            start_no,
            kind: LedgerKind::FinePaid,
            amount_fen,
            round: Some(round),
            note: note.trim().to_string(),
        }],
    }
}

/// The excuse being written: its reason, then 确认免罚 or 取消 (Esc).
fn excuse_ui(ui: &mut Ui, state: &mut MoneyView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let Some(excuse) = state.excuse.as_mut() else { return };
    let no = env.event.shown_no(excuse.start_no);
    let mut done = false;
    ui.group(|ui| {
        ui.label(match lang {
            Lang::Zh => format!(
                "免除 {} {} 第{}轮弃权罚款 {}：",
                no,
                excuse.name,
                excuse.round.round,
                yuan_text(excuse.amount_fen, lang)
            ),
            Lang::En => format!(
                "Excuse the forfeit fine of {} {} in round {} ({}):",
                no,
                excuse.name,
                excuse.round.round,
                yuan_text(excuse.amount_fen, lang)
            ),
        });
        ui.horizontal_wrapped(|ui| {
            let hint = lang.t("必填，如 赛前已请假", "required, e.g. told the arbiter beforehand");
            let field = labelled_text_ui(ui, lang.t("免罚理由", "Reason"), &mut excuse.reason, hint, 260.0);
            if std::mem::take(&mut excuse.focus) {
                field.request_focus();
            }
            let reason = excuse.reason.trim().to_string();
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            let confirm =
                ui.add_enabled(!reason.is_empty() && !env.busy, egui::Button::new(lang.t("确认免罚", "Excuse")));
            if (confirm.clicked() || entered) && !reason.is_empty() && !env.busy {
                jobs.push(Job::Execute {
                    label: Words::in_both(|lang| match lang {
                        Lang::Zh => format!("{no} {} 第{}轮罚款已免除", excuse.name, excuse.round.round),
                        Lang::En => {
                            format!("{no} {}: fine of round {} excused", excuse.name, excuse.round.round)
                        }
                    }),
                    commands: vec![Command::RecordLedgerEntry {
                        start_no: excuse.start_no,
                        kind: LedgerKind::FineExcused,
                        amount_fen: excuse.amount_fen,
                        round: Some(excuse.round),
                        note: reason,
                    }],
                });
                done = true;
            }
            if ui.button(lang.t("取消", "Cancel")).on_hover_text("Esc").clicked()
                || ui.input(|i| i.key_pressed(Key::Escape))
            {
                done = true;
            }
        });
    });
    if done {
        state.excuse = None;
    }
    ui.add_space(crate::ui::theme::space::XS);
}

fn ledger_ui(ui: &mut Ui, state: &mut MoneyView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let Some(cache) = state.cache.get() else { return };
    if cache.entries.is_empty() {
        ui.label(lang.t("尚无收付记录。", "Nothing recorded yet."));
        return;
    }
    let columns = [
        TableColumn::new(Column::exact(40.0), lang.t("序号", "Id"), Align::Right),
        TableColumn::new(Column::exact(48.0), lang.t("编号", "No."), Align::Right),
        TableColumn::new(Column::initial(100.0).at_least(60.0), lang.t("姓名", "Name"), Align::Left),
        TableColumn::new(Column::initial(130.0).at_least(60.0), lang.t("类别", "Kind"), Align::Left),
        TableColumn::new(Column::exact(72.0), lang.t("金额", "Amount"), Align::Right),
        TableColumn::new(Column::initial(90.0).at_least(50.0), lang.t("轮次", "Round"), Align::Left),
        TableColumn::new(Column::initial(160.0).at_least(60.0).clip(true), lang.t("备注", "Note"), Align::Left),
        TableColumn::new(Column::remainder().at_least(80.0), "", Align::Left),
    ];
    let mut void: Option<&EntryRow> = None;
    data_table_ui(ui, "money_ledger", &columns, cache.entries.len(), |mut row| {
        let Some(r) = cache.entries.get(row.index()) else { return };
        let e = &r.entry;
        let id = e.id.0;
        let cell = |text: String| {
            let text = RichText::new(text);
            if e.voided { text.strikethrough().weak() } else { text }
        };
        let round = e.round.map_or(String::new(), |at| match lang {
            Lang::Zh => format!("{}阶段 第{}轮", at.stage, at.round),
            Lang::En => format!("stage {} round {}", at.stage, at.round),
        });
        text_cell_ui(&mut row, id, Align::Right, cell(e.id.to_string()));
        text_cell_ui(&mut row, id, Align::Right, cell(env.event.shown_no(e.start_no).to_string()));
        text_cell_ui(&mut row, id, Align::Left, cell(r.name.clone()));
        text_cell_ui(&mut row, id, Align::Left, cell(kind_label(e.kind, lang).to_string()));
        text_cell_ui(&mut row, id, Align::Right, cell(yuan_text(e.amount_fen, lang)));
        text_cell_ui(&mut row, id, Align::Left, cell(round));
        text_cell_ui(&mut row, id, Align::Left, cell(e.note.clone()));
        row.col(|ui| {
            ui.push_id(id, |ui| {
                if e.voided {
                    ui.weak(lang.t("已作废", "void"));
                    return;
                }
                let hint = lang
                    .t("记错了：作废此条（保留记录，不再计入）", "Recorded by mistake: void it (kept, not counted)");
                let button = egui::Button::new(lang.t("作废", "Void"));
                if ui.add_enabled(!env.busy, button).on_hover_text(hint).clicked() {
                    void = Some(r);
                }
            });
        });
    });
    if let Some(r) = void {
        let id = r.entry.id;
        jobs.push(Job::Execute {
            label: Words::in_both(|lang| match lang {
                Lang::Zh => format!("账目 {id} 已作废"),
                Lang::En => format!("ledger entry {id} voided"),
            }),
            commands: vec![Command::VoidLedgerEntry { id }],
        });
    }
}
