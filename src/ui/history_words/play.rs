//! Play in words: rounds paired, edited and unpaired, results recorded, corrected and
//! cleared, byes announced, collusion found; a round's or a board's before → after, and
//! the playoff games a result added or removed.

use super::{Ctx, Delta};
use crate::domain::command::Command;
use crate::domain::event::{ByeKind, Game, Round, StageKind};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use crate::domain::result::GameResult;
use crate::domain::swiss::PairingEdit;
use crate::domain::watch::BoardWatch;
use crate::lang::Lang;
use crate::ui::result_entry::short_result;

/// The sentence of a play command.
pub(super) fn headline(command: &Command, ctx: &Ctx<'_>) -> String {
    match command {
        Command::RecordResult { group, stage, round, board, game, result } => {
            let at = Spot { group: *group, stage: *stage, round: *round, board: *board, game: *game };
            result_headline(at, *result, ctx)
        }
        Command::PairRound { group, stage, round } => {
            let mut counts = vec![boards_of(round, ctx)];
            if !round.byes.is_empty() {
                counts.push(ctx.count(round.byes.len(), "人轮空", "bye", "byes"));
            }
            let counts = counts.join(ctx.t("，", ", "));
            let place = ctx.place(*group, *stage);
            match ctx.lang {
                Lang::Zh => format!("{place}第{}轮已编排（{counts}）", round.no),
                Lang::En => format!("{place}Round {} paired ({counts})", round.no),
            }
        }
        Command::UnpairRound { group, stage, round } => {
            let had = ctx.deltas.iter().find_map(|d| match d {
                Delta::Round { before: Some(b), .. } => Some(boards_of(b, ctx)),
                _ => None,
            });
            let place = ctx.place(*group, *stage);
            let mut text = match ctx.lang {
                Lang::Zh => format!("{place}第{round}轮的编排已撤销"),
                Lang::En => format!("{place}Round {round} unpaired"),
            };
            if let Some(had) = had {
                text.push_str(&ctx.paren(&format!("{}{had}", ctx.t("原", "it had "))));
            }
            text
        }
        Command::EditPairing { group, stage, round, edit, confirmed } => {
            edit_headline(ctx.place(*group, *stage), *round, *edit, *confirmed, ctx)
        }
        Command::AnnounceBye { planned, .. } => {
            let (name, r) = (ctx.name(planned.bye.player), planned.round);
            match (ctx.lang, planned.bye.kind) {
                (Lang::Zh, ByeKind::Absent) => format!("{name} 第{r}轮缺席（预告）"),
                (Lang::Zh, ByeKind::Requested) => format!("{name} 第{r}轮申请轮空"),
                (Lang::Zh, ByeKind::Pairing) => format!("{name} 第{r}轮轮空"),
                (Lang::En, ByeKind::Absent) => format!("{name}: absent from round {r} (announced)"),
                (Lang::En, ByeKind::Requested) => format!("{name}: bye requested for round {r}"),
                (Lang::En, ByeKind::Pairing) => format!("{name}: bye in round {r}"),
            }
        }
        Command::CancelAnnouncedBye { round, player, .. } => match ctx.lang {
            Lang::Zh => format!("{} 第{round}轮的预告轮空已取消", ctx.name(*player)),
            Lang::En => format!("{}: announced bye for round {round} cancelled", ctx.name(*player)),
        },
        Command::DisqualifyForCollusion { group, stage, round, board, reason } => {
            let at = Spot { group: *group, stage: *stage, round: *round, board: *board, game: 1 };
            collusion_headline(at, reason, ctx)
        }
        Command::SetBoardWatch { group, stage, round, board, time, watcher } => {
            let seen = ctx.deltas.iter().find_map(|d| watch_line(d, ctx));
            seen.unwrap_or_else(|| {
                let after = BoardWatch { board: *board, time: *time, watcher: watcher.clone() };
                watch_text((*group, *stage, *round, *board), None, Some(&after), ctx)
            })
        }
        _ => super::action_label(&serde_json::to_string(command).unwrap_or_default(), ctx.lang),
    }
}

/// `第4轮对阵调整：第5台红黑互换`.
fn edit_headline(place: String, round: RoundNo, edit: PairingEdit, confirmed: bool, ctx: &Ctx<'_>) -> String {
    let what = match edit {
        PairingEdit::SwapPlayers { a, b } => match ctx.lang {
            Lang::Zh => format!("{} 与 {} 交换位置", ctx.name(a), ctx.name(b)),
            Lang::En => format!("{} and {} swap seats", ctx.name(a), ctx.name(b)),
        },
        PairingEdit::SwapColours { board } => match ctx.lang {
            Lang::Zh => format!("第{board}台红黑互换"),
            Lang::En => format!("colours swapped on board {board}"),
        },
        PairingEdit::MoveToBye { player } => format!("{} {}", ctx.name(player), ctx.t("轮空", "takes the bye")),
    };
    let mut text = match ctx.lang {
        Lang::Zh => format!("{place}第{round}轮对阵调整：{what}"),
        Lang::En => format!("{place}Round {round} pairing edited: {what}"),
    };
    if confirmed {
        text.push_str(&ctx.paren(ctx.t("已确认违反规则", "rule breach confirmed")));
    }
    text
}

/// `第3轮第20台（张三 – 李四）：假棋/人情棋，双方取消资格（裁判组认定）`.
fn collusion_headline(at: Spot, reason: &str, ctx: &Ctx<'_>) -> String {
    let game = ctx
        .event
        .group(at.group)
        .and_then(|g| g.stage(at.stage))
        .and_then(|s| s.round(at.round))
        .and_then(|r| r.games.iter().find(|g| g.board == at.board));
    let players = game.map(|g| players_of(g, ctx)).unwrap_or_default();
    let what = ctx.t("假棋/人情棋，双方取消资格", "collusion, both disqualified");
    let mut text = format!("{}{players}{}{what}", spot_label(at, ctx), ctx.colon());
    if !reason.trim().is_empty() {
        text.push_str(&ctx.paren(reason.trim()));
    }
    text
}

/// One game of a round.
#[derive(Debug, Clone, Copy)]
struct Spot {
    group: GroupId,
    stage: StageNo,
    round: RoundNo,
    board: BoardNo,
    game: u32,
}

/// `第3轮第20台（张三 – 李四）：1-0 → 0-1（更正）`.
fn result_headline(at: Spot, result: Option<GameResult>, ctx: &Ctx<'_>) -> String {
    let (mut before, mut after, mut game) = (None, None, None);
    for d in ctx.deltas {
        if let Delta::Board { round, board, before: b, after: a, .. } = d
            && (*round, *board) == (at.round, at.board)
        {
            let find = |games: &[Game]| games.iter().find(|g| g.game == at.game).copied();
            before = find(b).and_then(|g| g.result);
            after = find(a).and_then(|g| g.result);
            game = find(a).or_else(|| find(b));
        }
    }
    let after = after.or(result);
    let players = game.map(|g| players_of(&g, ctx)).unwrap_or_default();
    let short = |r: &GameResult| short_result(r, ctx.lang);
    let what = match (before, after) {
        (None, Some(a)) => short(&a),
        (Some(b), Some(a)) if b != a => {
            format!("{}{}", Ctx::arrow(short(&b), short(&a)), ctx.paren(ctx.t("更正", "correction")))
        }
        (Some(_), Some(a)) => short(&a),
        (Some(b), None) => format!("{} {}", short(&b), ctx.t("已清除", "cleared")),
        (None, None) => "—".to_string(),
    };
    format!("{}{players}{}{what}", spot_label(at, ctx), ctx.colon())
}

/// `（张三 – 李四）`.
fn players_of(game: &Game, ctx: &Ctx<'_>) -> String {
    ctx.paren(&format!("{} – {}", ctx.name(game.red), ctx.name(game.black)))
}

/// `第3轮第20台`, `Round 3 board 20`; with the game in a match of several
/// (`第1轮第2台第3局`); after the group and stage where they are needed.
fn spot_label(at: Spot, ctx: &Ctx<'_>) -> String {
    let knockout =
        ctx.event.group(at.group).and_then(|g| g.stage(at.stage)).is_some_and(|s| s.kind == StageKind::Knockout);
    let game = if knockout || at.game > 1 {
        match ctx.lang {
            Lang::Zh => format!("第{}局", at.game),
            Lang::En => format!(" game {}", at.game),
        }
    } else {
        String::new()
    };
    let place = ctx.place(at.group, at.stage);
    match ctx.lang {
        Lang::Zh => format!("{place}第{}轮第{}台{game}", at.round, at.board),
        Lang::En => format!("{place}Round {} board {}{game}", at.round, at.board),
    }
}

/// `48台` / `48 boards`: the round's boards (a knockout match is one board).
fn boards_of(round: &Round, ctx: &Ctx<'_>) -> String {
    let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    boards.dedup();
    ctx.count(boards.len(), "台", "board", "boards")
}

/// The round a command names itself.
pub(super) fn command_round(command: &Command) -> Option<RoundNo> {
    match command {
        Command::RecordResult { round, .. }
        | Command::UnpairRound { round, .. }
        | Command::EditPairing { round, .. }
        | Command::CancelAnnouncedBye { round, .. }
        | Command::DisqualifyForCollusion { round, .. }
        | Command::SetBoardWatch { round, .. } => Some(*round),
        Command::PairRound { round, .. } => Some(round.no),
        Command::AnnounceBye { planned, .. } => Some(planned.round),
        Command::RecordLedgerEntry { round, .. } => round.map(|r| r.round),
        _ => None,
    }
}

/// A round's or a board's before → after.
pub(super) fn details(delta: &Delta, ctx: &Ctx<'_>) -> Vec<String> {
    match delta {
        Delta::Round { group, stage, round, before, after } => {
            let head = format!("{}{}{}", ctx.place(*group, *stage), ctx.round(*round, true), ctx.colon());
            match (before.as_deref(), after.as_deref()) {
                (None, Some(a)) => vec![format!("{head}{}{}", ctx.t("新编排，", "paired, "), boards_of(a, ctx))],
                (Some(b), None) => {
                    vec![format!("{head}{}{}", ctx.t("编排已删除", "pairing removed"), ctx.paren(&boards_of(b, ctx)))]
                }
                (Some(b), Some(a)) => seat_changes(b, a, &head, ctx),
                (None, None) => Vec::new(),
            }
        }
        Delta::Board { group, stage, round, board, before, after } => {
            let mut numbers: Vec<u32> = before.iter().chain(after).map(|g| g.game).collect();
            numbers.sort_unstable();
            numbers.dedup();
            let result = |g: Option<&Game>| {
                g.and_then(|g| g.result).map_or_else(|| "—".to_string(), |r| short_result(&r, ctx.lang))
            };
            numbers
                .into_iter()
                .filter_map(|n| {
                    let (b, a) = (before.iter().find(|g| g.game == n), after.iter().find(|g| g.game == n));
                    let spot = Spot { group: *group, stage: *stage, round: *round, board: *board, game: n };
                    let game = a.or(b)?;
                    let what = match (b, a) {
                        (Some(_), Some(_)) if result(b) == result(a) => return None,
                        (Some(_), Some(_)) => Ctx::arrow(result(b), result(a)),
                        (None, _) => ctx.t("加赛新增", "playoff game added").to_string(),
                        (_, None) => ctx.t("加赛取消", "playoff game removed").to_string(),
                    };
                    Some(format!("{}{}{}{what}", spot_label(spot, ctx), players_of(game, ctx), ctx.colon()))
                })
                .collect()
        }
        Delta::Watch { .. } => watch_line(delta, ctx).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// A board's game time and watching official, before → after.
fn watch_line(delta: &Delta, ctx: &Ctx<'_>) -> Option<String> {
    let Delta::Watch { group, stage, round, board, before, after } = delta else { return None };
    Some(watch_text((*group, *stage, *round, *board), before.as_ref(), after.as_ref(), ctx))
}

/// `第2轮第3台（张三 – 李四）：对局时间 — → 19:30；挂盘手 — → 蛋总`.
fn watch_text(
    (group, stage, round, board): (GroupId, StageNo, RoundNo, BoardNo),
    before: Option<&BoardWatch>,
    after: Option<&BoardWatch>,
    ctx: &Ctx<'_>,
) -> String {
    let game = ctx
        .event
        .group(group)
        .and_then(|g| g.stage(stage))
        .and_then(|s| s.round(round))
        .and_then(|r| r.games.iter().find(|g| g.board == board));
    let players = game.map(|g| players_of(g, ctx)).unwrap_or_default();
    let place = match ctx.lang {
        Lang::Zh => format!("{}第{round}轮第{board}台", ctx.place(group, stage)),
        Lang::En => format!("{}Round {round} board {board}", ctx.place(group, stage)),
    };
    let time = |w: Option<&BoardWatch>| w.and_then(|w| w.time).map_or_else(|| "—".to_string(), |t| t.to_string());
    let watcher = |w: Option<&BoardWatch>| w.and_then(|w| w.watcher.clone()).unwrap_or_else(|| "—".to_string());
    let mut fields = Vec::new();
    for ((zh, en), b, a) in [
        (("对局时间", "game time"), time(before), time(after)),
        (("挂盘手", "watched by"), watcher(before), watcher(after)),
    ] {
        let value = if b == a { a } else { Ctx::arrow(b, a) };
        fields.push(format!("{} {value}", ctx.t(zh, en)));
    }
    format!("{place}{players}{}{}", ctx.colon(), ctx.list(&fields))
}

/// The boards and byes of a round that changed by hand: `第5台：张三 – 李四 → 李四 – 张三`.
fn seat_changes(before: &Round, after: &Round, head: &str, ctx: &Ctx<'_>) -> Vec<String> {
    let pairing = |round: &Round, board: BoardNo| {
        round
            .games
            .iter()
            .find(|g| g.board == board)
            .map_or_else(|| "—".to_string(), |g| format!("{} – {}", ctx.name(g.red), ctx.name(g.black)))
    };
    let mut boards: Vec<BoardNo> = before.games.iter().chain(&after.games).map(|g| g.board).collect();
    boards.sort();
    boards.dedup();
    let mut lines: Vec<String> = boards
        .into_iter()
        .filter(|b| pairing(before, *b) != pairing(after, *b))
        .map(|b| {
            let board = match ctx.lang {
                Lang::Zh => format!("第{b}台"),
                Lang::En => format!("board {b}"),
            };
            format!("{head}{board} {}", Ctx::arrow(pairing(before, b), pairing(after, b)))
        })
        .collect();
    let byes = |round: &Round| {
        let names: Vec<String> = round.byes.iter().map(|b: &crate::domain::event::Bye| ctx.name(b.player)).collect();
        if names.is_empty() { "—".to_string() } else { names.join(ctx.t("、", ", ")) }
    };
    if byes(before) != byes(after) {
        lines.push(format!("{head}{} {}", ctx.t("轮空", "byes"), Ctx::arrow(byes(before), byes(after))));
    }
    if lines.is_empty() {
        lines.push(format!("{head}{}", ctx.t("无改动", "no change")));
    }
    lines
}

/// The playoff games a board's change added or removed, as consequences.
pub(super) fn playoff_changes(delta: &Delta, ctx: &Ctx<'_>) -> Vec<String> {
    let Delta::Board { group, stage, round, board, before, after } = delta else { return Vec::new() };
    let had = |games: &[Game], n: u32| games.iter().any(|g| g.game == n);
    let place = ctx.place(*group, *stage);
    let mut found = Vec::new();
    for g in after.iter().filter(|g| !had(before, g.game)) {
        found.push(match ctx.lang {
            Lang::Zh => format!("{place}第{round}轮第{board}台战平，加赛第{}局", g.game),
            Lang::En => format!("{place}Round {round} board {board} is level: playoff game {} added", g.game),
        });
    }
    for g in before.iter().filter(|g| !had(after, g.game)) {
        found.push(match ctx.lang {
            Lang::Zh => format!("{place}第{round}轮第{board}台的加赛第{}局取消", g.game),
            Lang::En => format!("{place}Round {round} board {board}: playoff game {} removed", g.game),
        });
    }
    found
}
