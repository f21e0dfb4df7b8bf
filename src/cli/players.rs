//! `bianpai players …`: roster import, listing and withdrawal.

use super::table::{self, Align};
use super::words::{lang, t};
use super::{FileGroup, GroupArg, InputError, JsonArg, ListArgs, PlayersCmd, resolve_group};
use crate::domain::command::{Command, DomainError, apply, enters_again, registration_issues, renumber_order};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::model::registered::Registered;
use crate::domain::numbering::Numbering;
use crate::domain::player::{PlayerEntry, PlayerStatus, RenumberKey};
use crate::io::{json, roster};
use crate::lang::Localized;
use crate::store::{EventFile, EventReader};
use std::collections::BTreeMap;
use std::path::Path;

/// Runs a `players` subcommand.
pub(super) fn run(cmd: PlayersCmd) -> anyhow::Result<String> {
    match cmd {
        PlayersCmd::Import { at: FileGroup { file, group }, roster: roster_path, override_reason, registered } => {
            import_roster(&file, &roster_path, &group, override_reason, registered)
        }
        PlayersCmd::List(ListArgs { at: FileGroup { file, group }, json: JsonArg { json } }) => {
            let f = EventReader::open(&file)?;
            let event = f.event();
            let selected: Option<GroupId> = match (&group.group, event.groups.len()) {
                (None, n) if n > 1 => None,
                _ => Some(resolve_group(event, &group)?.id),
            };
            let list = event.players.iter().filter(|p| selected.is_none_or(|g| p.group == g));
            if json {
                return Ok(format!("{}\n", json::players(event, list)));
            }
            let rows: Vec<Vec<String>> = list
                .map(|p| {
                    let e = &p.entry;
                    vec![
                        p.shown().to_string(),
                        e.name.clone(),
                        e.gender.map_or(String::new(), |g| t(g.label_zh(), g.code())),
                        e.born.map(|d| d.to_string()).unwrap_or_default(),
                        e.club.clone(),
                        e.rating.map(|r| r.to_string()).unwrap_or_default(),
                        event.group(p.group).map(|g| g.name.clone()).unwrap_or_default(),
                        t(p.status.label_zh(), p.status.label_en()),
                    ]
                })
                .collect();
            Ok(table::render(
                &[
                    ("编号", "No.", Align::Right),
                    ("姓名", "Name", Align::Left),
                    ("性别", "Sex", Align::Left),
                    ("出生日期", "Born", Align::Left),
                    ("单位", "Club", Align::Left),
                    ("等级分", "Rating", Align::Right),
                    ("组别", "Group", Align::Left),
                    ("状态", "Status", Align::Left),
                ],
                &rows,
            ))
        }
        PlayersCmd::Withdraw { at: FileGroup { file, group }, start_no, reason, every_entry } => {
            let (mut f, start_no, name) = open_on_player(&file, start_no, &group)?;
            let shown = f.event().shown_no(start_no);
            // one person's other entry stays unless the director says so.
            let entries = if every_entry { f.event().entries_of_person(start_no) } else { vec![start_no] };
            let commands: Vec<Command> = entries
                .iter()
                .map(|&start_no| Command::SetPlayerStatus {
                    start_no,
                    status: PlayerStatus::Withdrawn,
                    reason: reason.clone(),
                })
                .collect();
            f.execute_all(&commands)?;
            let mut out = t(
                format!("{shown} {name} 已退赛，不再参加编排\n"),
                format!("withdrew {shown} {name}: no longer paired\n"),
            );
            for other in entries.iter().filter(|n| **n != start_no) {
                let group = group_name(f.event(), f.event().player(*other).map(|p| p.group));
                let other = f.event().shown_no(*other);
                out.push_str(&t(
                    format!("同一人在“{group}”的报名（编号 {other}）也已退赛\n"),
                    format!("the same person's entry in {group} (no. {other}) is withdrawn too\n"),
                ));
            }
            Ok(out)
        }
        PlayersCmd::Delete { at: FileGroup { file, group }, start_no } => {
            let (mut f, start_no, name) = open_on_player(&file, start_no, &group)?;
            let n = f.event().shown_no(start_no);
            f.execute(&Command::DeletePlayer { start_no })?;
            Ok(t(
                format!("已删除 {n} {name}（bianpai undo 可恢复）；编号 {n} 不再分配给其他棋手\n"),
                format!(
                    "deleted {n} {name} (`bianpai undo` puts the player back); \
                     number {n} will not be given to another player\n"
                ),
            ))
        }
        PlayersCmd::Renumber { at: FileGroup { file, group }, by } => renumber(&file, &group, by.into()),
        PlayersCmd::Numbering { file, numbering } => set_numbering(&file, numbering.into()),
    }
}

/// `--by` of `players renumber`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ByArg {
    /// Highest rating first (unrated last), then by name.
    Rating,
    /// By name, in pinyin order.
    Name,
    /// By club in pinyin order (no club last), then by rating.
    Club,
}

impl From<ByArg> for RenumberKey {
    fn from(by: ByArg) -> RenumberKey {
        match by {
            ByArg::Rating => RenumberKey::Rating,
            ByArg::Name => RenumberKey::Name,
            ByArg::Club => RenumberKey::Club,
        }
    }
}

/// The argument of `players numbering`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NumberingArg {
    /// 1…N within each group.
    PerGroup,
    /// 1…N across the event.
    PerEvent,
}

impl From<NumberingArg> for Numbering {
    fn from(arg: NumberingArg) -> Numbering {
        match arg {
            NumberingArg::PerGroup => Numbering::PerGroup,
            NumberingArg::PerEvent => Numbering::PerEvent,
        }
    }
}

/// `players numbering`: numbers within each group or across the event;
/// says how many players' numbers changed.
fn set_numbering(file: &Path, numbering: Numbering) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let before: BTreeMap<StartNo, u32> = f.event().players.iter().map(|p| (p.start_no, p.shown())).collect();
    f.execute(&Command::SetNumbering { numbering })?;
    let moved = f.event().players.iter().filter(|p| before.get(&p.start_no) != Some(&p.shown())).count();
    Ok(match numbering {
        Numbering::PerGroup => t(
            format!("编号改为各组别从1起：{moved} 个编号有变化（bianpai undo 可恢复）\n"),
            format!(
                "numbers now run from 1 in each group: {moved} number(s) changed (`bianpai undo` puts them back)\n"
            ),
        ),
        Numbering::PerEvent => t(
            format!("编号改为全赛事统一：{moved} 个编号有变化（bianpai undo 可恢复）\n"),
            format!("numbers now run across the event: {moved} number(s) changed (`bianpai undo` puts them back)\n"),
        ),
    })
}

/// `players renumber`: the group's players (every group's when the event has several
/// and none is named) take their numbers anew; prints each number that changed.
fn renumber(file: &Path, group: &GroupArg, by: RenumberKey) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let event = f.event();
    let selected: Option<GroupId> = match (&group.group, event.groups.len()) {
        (None, n) if n > 1 => None,
        _ => Some(resolve_group(event, group)?.id),
    };
    // The command hands the players' own numbers out again in this order.
    let order = renumber_order(event, selected, by);
    let mut numbers = order.clone();
    numbers.sort();
    let mut out = String::new();
    // Under per-group numbering each group renumbered runs from 1.
    let mut counted: BTreeMap<GroupId, u32> = BTreeMap::new();
    for (old, new) in order.iter().zip(&numbers) {
        let Some(player) = event.player(*old) else { continue };
        let (was, now) = if event.numbers_per_group() {
            let n = counted.entry(player.group).or_insert(0);
            *n += 1;
            (player.shown(), *n)
        } else {
            (old.0, new.0)
        };
        if was != now {
            out.push_str(&format!("{was:>5} → {now:<5} {}\n", player.name()));
        }
    }
    let moved = out.lines().count();
    let scope = selected.and_then(|g| event.group(g)).map_or(t("所有组别", "every group"), |g| g.name.clone());
    f.execute(&Command::RenumberPlayers { group: selected, by })?;
    let code = by.code();
    out.push_str(&t(
        format!("已按 {code} 重新编号（{scope}）：{moved} 个编号有变化（bianpai undo 可恢复）\n"),
        format!("renumbered {scope} by {code}: {moved} start number(s) changed (`bianpai undo` puts them back)\n"),
    ));
    Ok(out)
}

/// Today, by the machine's clock and time zone: the day no birth date may follow.
fn today() -> jiff::civil::Date {
    jiff::ZonedDateTime::now().datetime().date()
}

fn import_roster(
    file: &Path,
    roster_path: &Path,
    group: &GroupArg,
    override_reason: Option<String>,
    registered: Option<jiff::civil::Date>,
) -> anyhow::Result<String> {
    let mut rows = roster::read_roster(roster_path)?;
    // Issue 38, item 12: nobody is born after today; the command line knows the day.
    roster::refuse_future_births(&roster_path.display().to_string(), &rows, today())?;
    // a 队名/team column names each row's team.
    let mut team_of_row: Vec<Option<String>> = Vec::with_capacity(rows.len());
    for row in &mut rows {
        row.entry.registered = registered;
        team_of_row.push(roster::take_team(&mut row.entry));
    }
    let mut f = EventFile::open_for_command(file)?;
    let event = f.event();
    let roster_name = roster_path.display().to_string();
    // Each row's group: its own column, else --group, else the only group.
    let mut by_group: BTreeMap<GroupId, Vec<(usize, PlayerEntry)>> = BTreeMap::new();
    let mut problems = Vec::new();
    // Players already registered (same name and birth date, or phone) are not added again.
    let mut already = Vec::new();
    let registered = Registered::of(event);
    // Each team's members in the file's order: a number already given, or a new
    // player's place among its group's new entries.
    let mut teams: Vec<(GroupId, String, Vec<Member>)> = Vec::new();
    // People of individual groups entered in a team-match group as well.
    let mut second: BTreeMap<GroupId, Vec<StartNo>> = BTreeMap::new();
    let mut seconds_said = Vec::new();
    for (row, team) in rows.iter().zip(&team_of_row) {
        if let Some(no) = registered.find(&row.entry) {
            let (line, name, shown) = (row.line, &row.entry.name, event.shown_no(no));
            if let Some(target) = second_entry_target(event, row.group.as_deref(), group, no) {
                let (there, here) = (group_name(event, event.player(no).map(|p| p.group)), &target.name);
                seconds_said.push(t(
                    format!("{roster_name} 第 {line} 行：{name} 已在“{there}”报名（编号 {shown}），同一人另报“{here}”"),
                    format!(
                        "{roster_name} line {line}: {name}, registered in {there} (no. {shown}), also enters {here}"
                    ),
                ));
                match team {
                    Some(team) => join(&mut teams, target.id, team, Member::Registered(no)),
                    None => second.entry(target.id).or_default().push(no),
                }
                continue;
            }
            already.push(t(
                format!("{roster_name} 第 {line} 行：{name} 已报名（编号 {shown}）"),
                format!("{roster_name} line {line}: {name} is registered already (no. {shown})"),
            ));
            if let (Some(team), Some(player)) = (team, event.player(no)) {
                join(&mut teams, player.group, team, Member::Registered(no));
            }
            continue;
        }
        let chosen = match &row.group {
            Some(text) if !text.trim().is_empty() => event.find_group(text).ok_or_else(|| {
                t(
                    format!("{roster_name} 第 {} 行，组别：没有组别“{text}”", row.line),
                    format!("{roster_name} line {}, field group: no group '{text}'", row.line),
                )
            }),
            _ => resolve_group(event, group).map_err(|e| {
                t(
                    format!("{roster_name} 第 {} 行，组别：{e}", row.line),
                    format!("{roster_name} line {}, field group: {e}", row.line),
                )
            }),
        };
        match chosen {
            Ok(g) => {
                let entries = by_group.entry(g.id).or_default();
                if let Some(team) = team {
                    join(&mut teams, g.id, team, Member::New(entries.len()));
                }
                entries.push((row.line, row.entry.clone()));
            }
            Err(message) => problems.push(message),
        }
    }
    if override_reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
        for (group_id, rows) in &by_group {
            let entries: Vec<_> = rows.iter().map(|(_, e)| e.clone()).collect();
            for (i, issues) in registration_issues(event, *group_id, &entries)? {
                let reasons: Vec<String> = issues.iter().map(|issue| issue.message(lang())).collect();
                let (line, name, reasons) = (rows[i].0, &rows[i].1.name, reasons.join(t("；", "; ").as_str()));
                problems.push(t(
                    format!("{roster_name} 第 {line} 行：{name}：{reasons}"),
                    format!("{roster_name} line {line}: {name}: {reasons}"),
                ));
            }
        }
    }
    if !problems.is_empty() {
        problems.sort();
        let (count, list) = (problems.len(), problems.join("\n"));
        return Err(InputError(t(
            format!("未导入任何选手；{count} 行需要处理（不符合组别规则的报名可用 --override-reason 说明原因后接受）：\n{list}"),
            format!(
                "nothing imported; {count} row(s) need attention (use --override-reason to accept entries that break the group's rules):\n{list}"
            ),
        ))
        .into());
    }
    let mut out = String::new();
    if !already.is_empty() {
        let (count, list) = (already.len(), already.join("\n"));
        out.push_str(&t(
            format!("跳过 {count} 行已报名的选手：\n{list}\n"),
            format!("skipped {count} row(s) already registered:\n{list}\n"),
        ));
    }
    if by_group.is_empty() && teams.is_empty() && second.is_empty() {
        out.push_str(&t("未导入：每一行都已报名\n", "nothing imported: every row is registered already\n"));
        return Ok(out);
    }
    let mut commands: Vec<Command> = by_group
        .into_iter()
        .map(|(group, rows)| Command::AddPlayers {
            group,
            entries: rows.into_iter().map(|(_, e)| e).collect(),
            override_reason: override_reason.clone(),
            left_out: Vec::new(),
        })
        .collect();
    commands.extend(second.into_iter().map(|(group, players)| Command::EnterSecondEntries { group, players }));
    for line in &seconds_said {
        out.push_str(line);
        out.push('\n');
    }
    // The teams need the new players' numbers: the same commands on a copy give them,
    // and players and teams are then saved together, all or nothing.
    let mut preview = event.clone();
    let mut numbers: BTreeMap<GroupId, Vec<StartNo>> = BTreeMap::new();
    for command in &commands {
        let applied = apply(&mut preview, command)?;
        if let Command::AddPlayers { group, .. } = command {
            numbers.insert(*group, applied.new_players);
        }
    }
    let teams: Vec<(GroupId, String, Vec<StartNo>)> = teams
        .into_iter()
        .map(|(group, name, members)| {
            let members = members
                .into_iter()
                .filter_map(|m| match m {
                    Member::Registered(no) => Some(no),
                    Member::New(i) => numbers.get(&group).and_then(|n| n.get(i)).copied(),
                })
                .collect();
            (group, name, members)
        })
        .collect();
    let (team_commands, team_notes) = super::teams::roster_team_commands(&preview, &teams);
    let players_added = commands.len();
    commands.extend(team_commands);
    let applied = f.execute_all(&commands)?;
    let registered: Vec<PlayerEntry> = commands
        .iter()
        .flat_map(|c| if let Command::AddPlayers { entries, .. } = c { entries.clone() } else { Vec::new() })
        .collect();
    out.push_str(&super::blacklist::registration_warnings(&registered));
    for (command, applied) in commands.iter().zip(&applied) {
        if let (Command::AddPlayers { group, .. }, Some(first), Some(last)) =
            (command, applied.new_players.first(), applied.new_players.last())
        {
            let name = f.event().group(*group).map_or("", |g| g.name.as_str());
            let count = applied.new_players.len();
            let (first, last) = (f.event().shown_no(*first), f.event().shown_no(*last));
            out.push_str(&t(
                format!("已导入 {count} 名选手到“{name}”：编号 {first}–{last}\n"),
                format!("imported {count} player(s) into {name}: start numbers {first}–{last}\n"),
            ));
        }
    }
    out.push_str(&super::teams::roster_teams_said(&commands[players_added..]));
    out.extend(team_notes);
    Ok(out)
}

/// The team-match group a roster row of a person registered as `no` enters as well
/// the row's group (its column, else `--group`) when that group plays team
/// matches, his group is an individual one, and he has no entry there yet.
fn second_entry_target<'e>(
    event: &'e Event,
    column: Option<&str>,
    group: &GroupArg,
    no: StartNo,
) -> Option<&'e crate::domain::event::Group> {
    let target = match column.map(str::trim).filter(|c| !c.is_empty()) {
        Some(text) => event.find_group(text)?,
        None => resolve_group(event, group).ok()?,
    };
    enters_again(event, target.id, no).then_some(target)
}

fn group_name(event: &Event, group: Option<GroupId>) -> String {
    group.and_then(|g| event.group(g)).map(|g| g.name.clone()).unwrap_or_default()
}

/// A member of a team named in a roster: a player registered before, or the i-th new
/// entry of the team's group.
enum Member {
    Registered(StartNo),
    New(usize),
}

/// Puts `member` in the team named `team` of `group`, first-come order.
fn join(teams: &mut Vec<(GroupId, String, Vec<Member>)>, group: GroupId, team: &str, member: Member) {
    match teams.iter_mut().find(|(g, name, _)| *g == group && name == team) {
        Some((_, _, members)) => members.push(member),
        None => teams.push((group, team.to_string(), vec![member])),
    }
}

/// Opens the event for a change to one player, checking `--group` when given: the
/// file, the start number and the player's name. `shown` is the number typed, within
/// the group under per-group numbering.
fn open_on_player(file: &Path, shown: u32, group: &GroupArg) -> anyhow::Result<(EventFile, StartNo, String)> {
    let f = EventFile::open_for_command(file)?;
    let start_no = super::numbers::player_no(f.event(), shown, group)?;
    let player = f.event().player(start_no).ok_or(DomainError::UnknownPlayer(start_no))?;
    if group.group.is_some() {
        let g = resolve_group(f.event(), group)?;
        if player.group != g.id {
            let group = &g.name;
            return Err(InputError(t(
                format!("编号 {start_no} 的选手不在组别“{group}”"),
                format!("player {start_no} is not in group {group}"),
            ))
            .into());
        }
    }
    let name = player.entry.name.clone();
    Ok((f, start_no, name))
}
