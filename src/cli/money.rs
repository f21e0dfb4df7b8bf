//! `bianpai ledger | pay | excuse | void | checkin`: the money ledger and the check-in
//! list: what each player owes and was paid, recorded as commands.

use super::numbers::player_no;
use super::table::{self, Align};
use super::words::t;
use super::{FileGroup, GroupArg, InputError, JsonArg, ListArgs, MoneyCmd, resolve_group};
use crate::domain::command::{Command, DomainError};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::ledger::{self, Account, LedgerKind, RoundRef, accounts, forfeit_fines, parse_yuan, yuan};
use crate::domain::prizes::prize_outcome;
use crate::store::{EventFile, EventReader};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// Runs a ledger subcommand.
pub(super) fn run(cmd: MoneyCmd) -> anyhow::Result<String> {
    match cmd {
        MoneyCmd::Ledger(ListArgs { at: FileGroup { file, group }, json: JsonArg { json } }) => {
            ledger_out(&file, &group, json)
        }
        MoneyCmd::Pay { file, start_no, what, amount, round, stage, note, group } => {
            let mut f = EventFile::open_for_command(&file)?;
            let (shown, start_no) = (start_no, player_no(f.event(), start_no, &group)?);
            let amount_fen = parse_yuan(&amount).map_err(|_| {
                InputError(t(
                    format!("金额“{amount}”无效：应为元，最多两位小数（如 100 或 12.50）"),
                    format!("amount '{amount}' is not an amount in yuan with at most two decimals (e.g. 100 or 12.50)"),
                ))
            })?;
            let (kind, round) = match what {
                PayWhat::Fee => (LedgerKind::FeePaid, None),
                PayWhat::Prize => (LedgerKind::PrizePaid, None),
                PayWhat::Fine => (LedgerKind::FinePaid, Some(fine_round(f.event(), start_no, round, stage)?)),
            };
            let name = player_name(f.event(), start_no)?;
            f.execute(&Command::RecordLedgerEntry { start_no, kind, amount_fen, round, note })?;
            let amount = yuan(amount_fen);
            Ok(t(
                format!("{shown} {name}：{} {amount} 元\n", kind.label_zh()),
                format!("{shown} {name}: {} {amount} yuan\n", kind.label_en()),
            ))
        }
        MoneyCmd::Excuse { file, start_no, round, stage, note, group } => {
            let mut f = EventFile::open_for_command(&file)?;
            let (shown, start_no) = (start_no, player_no(f.event(), start_no, &group)?);
            let at = fine_round(f.event(), start_no, Some(round), stage)?;
            let name = player_name(f.event(), start_no)?;
            let command = Command::RecordLedgerEntry {
                start_no,
                kind: LedgerKind::FineExcused,
                amount_fen: 0,
                round: Some(at),
                note,
            };
            f.execute(&command)?;
            let round = at.round;
            Ok(t(
                format!("{shown} {name}：第{round}轮弃权罚款已免除\n"),
                format!("{shown} {name}: fine for round {round} excused\n"),
            ))
        }
        MoneyCmd::Void { file, id } => {
            let mut f = EventFile::open_for_command(&file)?;
            f.execute(&Command::VoidLedgerEntry { id: ledger::LedgerId(id) })?;
            Ok(t(format!("账目第 {id} 条已作废\n"), format!("ledger entry {id} voided\n")))
        }
        MoneyCmd::Checkin { file, start_nos, undo, group } => {
            if start_nos.is_empty() {
                return check_in_list(EventReader::open(&file)?.event(), &group);
            }
            let mut f = EventFile::open_for_command(&file)?;
            // One command: `checkin 1 2 3` is one change and one undo (issue 22).
            let start_nos: Vec<StartNo> = super::numbers::player_nos(f.event(), &start_nos, &group)?;
            // With --group, every player must be of that group (issue 38, item 14).
            if group.group.is_some() {
                let g = resolve_group(f.event(), &group)?;
                if let Some(p) = start_nos.iter().find(|p| f.event().player(**p).is_some_and(|pl| pl.group != g.id)) {
                    let (name, p) = (&g.name, f.event().shown_no(*p));
                    return Err(InputError(t(
                        format!("编号 {p} 的选手不在组别“{name}”，未签到任何人"),
                        format!("player {p} is not in group {name}; nobody was checked in"),
                    ))
                    .into());
                }
            }
            let n = start_nos.iter().collect::<std::collections::BTreeSet<_>>().len();
            f.execute(&Command::CheckInPlayers { start_nos, checked_in: !undo })?;
            Ok(match undo {
                true => t(format!("{n} 名选手已取消签到\n"), format!("{n} player(s): check-in undone\n")),
                false => t(format!("{n} 名选手已签到\n"), format!("{n} player(s) checked in\n")),
            })
        }
    }
}

/// What `bianpai pay` records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PayWhat {
    /// The player paid the entry fee.
    Fee,
    /// The player paid a forfeit fine (name the round).
    Fine,
    /// The organisers paid out the player's cash prize.
    Prize,
}

fn player_name(event: &Event, start_no: StartNo) -> Result<String, DomainError> {
    event.player(start_no).map(|p| p.name().to_string()).ok_or(DomainError::UnknownPlayer(start_no))
}

/// The round a fine is for: `--round` (and `--stage`), else the player's only unpaid fine.
fn fine_round(
    event: &Event,
    start_no: StartNo,
    round: Option<u32>,
    stage: Option<u32>,
) -> Result<RoundRef, InputError> {
    let fines: Vec<RoundRef> = forfeit_fines(event)
        .into_iter()
        .filter(|f| f.start_no == start_no && !f.excused)
        .filter(|f| round.is_none_or(|r| f.round.round == RoundNo(r)))
        .filter(|f| stage.is_none_or(|s| f.round.stage == StageNo(s)))
        .map(|f| f.round)
        .collect();
    let start_no = event.shown_no(start_no);
    match fines.as_slice() {
        [one] => Ok(*one),
        [] => Err(InputError(t(
            format!(
                "编号 {start_no} 的选手{}没有可缴或可免的弃权罚款",
                round.map_or(String::new(), |r| format!("第{r}轮"))
            ),
            format!(
                "player {start_no} has no forfeit fine{} to pay or excuse",
                round.map_or(String::new(), |r| format!(" in round {r}"))
            ),
        ))),
        _ => Err(InputError(t(
            format!("编号 {start_no} 的选手有多笔罚款；请用 --round（和 --stage）指定一笔"),
            format!("player {start_no} has several fines; name one with --round (and --stage)"),
        ))),
    }
}

/// Cash prizes of every player, from each group's prize list.
pub(super) fn prize_cash(event: &Event) -> BTreeMap<StartNo, i64> {
    let mut cash = BTreeMap::new();
    for g in &event.groups {
        if g.prizes.is_empty() {
            continue;
        }
        let Ok(outcome) = prize_outcome(event, g.id, &g.prizes) else { continue };
        for award in outcome.list.awards {
            *cash.entry(award.start_no).or_insert(0) += award.cash_fen();
        }
    }
    cash
}

fn selected_group(event: &Event, group: &GroupArg) -> Result<Option<GroupId>, InputError> {
    match (&group.group, event.groups.len()) {
        (None, n) if n > 1 => Ok(None),
        _ => Ok(Some(resolve_group(event, group)?.id)),
    }
}

fn ledger_out(file: &Path, group: &GroupArg, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let selected = selected_group(event, group)?;
    let in_group = |p: StartNo| selected.is_none_or(|g| event.player(p).is_some_and(|pl| pl.group == g));
    let list: Vec<Account> = accounts(event, &prize_cash(event)).into_iter().filter(|a| in_group(a.start_no)).collect();
    let fines: Vec<_> = forfeit_fines(event).into_iter().filter(|f| in_group(f.start_no)).collect();
    let entries: Vec<_> = event.ledger.iter().filter(|e| in_group(e.start_no)).collect();
    let totals = ledger::totals(&list);
    let name = |p: StartNo| event.player(p).map(|pl| pl.name().to_string()).unwrap_or_default();
    if as_json {
        let accounts: Vec<Value> = list
            .iter()
            .map(|a| {
                json!({"start_no": event.shown_no(a.start_no), "name": name(a.start_no),
                    "fee_due_fen": a.fee_due_fen, "fee_paid_fen": a.fee_paid_fen,
                    "fines_fen": a.fines_fen, "fines_paid_fen": a.fines_paid_fen,
                    "prize_fen": a.prize_fen, "prize_paid_fen": a.prize_paid_fen,
                    "checked_in": event.player(a.start_no).is_some_and(|p| p.checked_in)})
            })
            .collect();
        let fines: Vec<Value> = fines
            .iter()
            .map(|f| {
                json!({"start_no": event.shown_no(f.start_no), "name": name(f.start_no), "group": f.round.group.0,
                    "stage": f.round.stage.0, "round": f.round.round.0, "board": f.board.0,
                    "amount_fen": f.amount_fen, "excused": f.excused})
            })
            .collect();
        let entries: Vec<Value> = entries
            .iter()
            .map(|e| {
                json!({"id": e.id.0, "start_no": event.shown_no(e.start_no), "kind": e.kind.key(), "amount_fen": e.amount_fen,
                    "round": e.round.map(|r| r.round.0), "stage": e.round.map(|r| r.stage.0),
                    "note": e.note, "voided": e.voided})
            })
            .collect();
        let doc = json!({"accounts": accounts, "fines": fines, "entries": entries, "totals": {
            "fees_due_fen": totals.fees_due_fen, "fees_paid_fen": totals.fees_paid_fen,
            "fines_fen": totals.fines_fen, "fines_paid_fen": totals.fines_paid_fen,
            "prizes_fen": totals.prizes_fen, "prizes_paid_fen": totals.prizes_paid_fen}});
        return Ok(format!("{doc}\n"));
    }
    let rows: Vec<Vec<String>> = list
        .iter()
        .filter(|a| {
            a.fee_due_fen + a.fines_fen + a.prize_fen + a.fee_paid_fen + a.fines_paid_fen + a.prize_paid_fen > 0
        })
        .map(|a| {
            vec![
                event.shown_no(a.start_no).to_string(),
                name(a.start_no),
                format!("{}/{}", yuan(a.fee_paid_fen), yuan(a.fee_due_fen)),
                format!("{}/{}", yuan(a.fines_paid_fen), yuan(a.fines_fen)),
                format!("{}/{}", yuan(a.prize_paid_fen), yuan(a.prize_fen)),
            ]
        })
        .collect();
    let mut out = table::render(
        &[
            ("编号", "No.", Align::Right),
            ("姓名", "Name", Align::Left),
            ("报名费 已缴/应缴", "Fee paid/due", Align::Right),
            ("罚款 已缴/应缴", "Fines paid/due", Align::Right),
            ("奖金 已发/应发", "Prize paid/due", Align::Right),
        ],
        &rows,
    );
    for f in fines.iter() {
        let (no, who, stage, round, amount) =
            (event.shown_no(f.start_no), name(f.start_no), f.round.stage, f.round.round, yuan(f.amount_fen));
        out.push_str(&match f.excused {
            true => t(
                format!("弃权罚款 {no} {who} 第{stage}阶段第{round}轮 {amount} 元（已免除）\n"),
                format!("forfeit fine {no} {who} stage {stage} round {round} {amount} yuan (excused)\n"),
            ),
            false => t(
                format!("弃权罚款 {no} {who} 第{stage}阶段第{round}轮 {amount} 元\n"),
                format!("forfeit fine {no} {who} stage {stage} round {round} {amount} yuan\n"),
            ),
        });
    }
    let fees = format!("{}/{}", yuan(totals.fees_paid_fen), yuan(totals.fees_due_fen));
    let fines = format!("{}/{}", yuan(totals.fines_paid_fen), yuan(totals.fines_fen));
    let prizes = format!("{}/{}", yuan(totals.prizes_paid_fen), yuan(totals.prizes_fen));
    out.push_str(&t(
        format!("合计：报名费 {fees} 元，罚款 {fines} 元，奖金 {prizes} 元（已收或已发/应收或应发）\n"),
        format!("Totals: fees {fees} yuan, fines {fines} yuan, prizes {prizes} yuan (received or paid/due)\n"),
    ));
    Ok(out)
}

fn check_in_list(event: &Event, group: &GroupArg) -> anyhow::Result<String> {
    let selected = selected_group(event, group)?;
    let accounts: BTreeMap<StartNo, Account> =
        accounts(event, &BTreeMap::new()).into_iter().map(|a| (a.start_no, a)).collect();
    let rows: Vec<Vec<String>> = event
        .players
        .iter()
        .filter(|p| selected.is_none_or(|g| p.group == g))
        .map(|p| {
            let fee = accounts.get(&p.start_no).map_or(String::new(), |a| {
                if a.fee_due_fen == 0 {
                    "—".into()
                } else if a.fee_settled() {
                    t("已缴", "paid")
                } else {
                    let owed = yuan(a.fee_outstanding_fen());
                    t(format!("欠 {owed} 元"), format!("owes {owed} yuan"))
                }
            });
            vec![
                p.shown().to_string(),
                p.name().to_string(),
                p.entry.club.clone(),
                event.group(p.group).map(|g| g.name.clone()).unwrap_or_default(),
                fee,
                if p.checked_in { "✓".into() } else { String::new() },
            ]
        })
        .collect();
    let present = event.players.iter().filter(|p| selected.is_none_or(|g| p.group == g) && p.checked_in).count();
    let mut out = table::render(
        &[
            ("编号", "No.", Align::Right),
            ("姓名", "Name", Align::Left),
            ("单位", "Club", Align::Left),
            ("组别", "Group", Align::Left),
            ("报名费", "Fee", Align::Left),
            ("签到", "Checked in", Align::Left),
        ],
        &rows,
    );
    let total = rows.len();
    out.push_str(&t(format!("已签到 {present} / {total}\n"), format!("checked in {present} / {total}\n")));
    Ok(out)
}
