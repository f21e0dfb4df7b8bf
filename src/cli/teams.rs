//! `bianpai teams …` and `bianpai lineup`: register, edit, remove and list a
//! group's teams, make them from clubs or from a roster's 队名 column, set 队员总分制,
//! show the team standings, and name a team's line-up for a round.

use super::numbers::members_of;
use super::table::{self, Align};
use super::words::{lang, t};
use super::{
    AvoidArg, FileGroup, GroupArg, InputError, JsonArg, LineupArgs, ListArgs, StandingsArgs, TeamsCmd, current_stage,
    resolve_group,
};
use crate::domain::command::{Command, TeamCommand};
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, RoundNo, StartNo};
use crate::domain::model::team::{MemberRanking, Team, TeamId};
use crate::domain::rules::ClubAvoidance;
use crate::domain::teams::lineup::team_by_name;
use crate::io::json;
use crate::lang::Lang;
use crate::present::teams::{TeamRanking, TeamTable};
use crate::store::{EventFile, EventReader};
use std::path::Path;

/// Runs a `teams` subcommand.
pub(super) fn run(cmd: TeamsCmd) -> anyhow::Result<String> {
    match cmd {
        TeamsCmd::Add { at: FileGroup { file, group }, name, members, reserves, captain, club } => {
            let team = Team {
                id: TeamId(0),
                name: name.trim().to_string(),
                club: club.unwrap_or_default().trim().to_string(),
                captain: captain.map(StartNo),
                members: parse_numbers("--members", &members)?,
                reserves: reserves.as_deref().map(|r| parse_numbers("--reserves", r)).transpose()?.unwrap_or_default(),
            };
            add(&file, &group, team)
        }
        TeamsCmd::Edit { at: FileGroup { file, group }, team, name, members, reserves, captain, club } => {
            let members = members.as_deref().map(|m| parse_numbers("--members", m)).transpose()?;
            let reserves = reserves.as_deref().map(|r| parse_numbers("--reserves", r)).transpose()?;
            let mut f = EventFile::open_for_command(&file)?;
            let g = resolve_group(f.event(), &group)?;
            let mut changed = team_by_name(g, &team)?.clone();
            if let Some(name) = name {
                changed.name = name.trim().to_string();
            }
            if let Some(club) = club {
                changed.club = club.trim().to_string();
            }
            // What is typed is read as shown numbers; what the team keeps is shown so too.
            let shown = |list: &[StartNo]| list.iter().map(|n| StartNo(f.event().shown_no(*n))).collect::<Vec<_>>();
            changed.members = members.unwrap_or_else(|| shown(&changed.members));
            changed.reserves = reserves.unwrap_or_else(|| shown(&changed.reserves));
            changed.captain = match captain {
                Some(c) => (c != 0).then_some(StartNo(c)),
                None => changed.captain.map(|c| StartNo(f.event().shown_no(c))),
            };
            let group_id = g.id;
            let changed = shown_team(f.event(), group_id, changed)?;
            f.execute(&Command::Team { group: group_id, change: TeamCommand::Edit { team: changed.clone() } })?;
            Ok(team_said(f.event(), &changed, t("已修改", "changed ")))
        }
        TeamsCmd::Remove { at: FileGroup { file, group }, team } => {
            let mut f = EventFile::open_for_command(&file)?;
            let g = resolve_group(f.event(), &group)?;
            let team = team_by_name(g, &team)?;
            let (group_id, id, name) = (g.id, team.id, team.name.clone());
            f.execute(&Command::Team { group: group_id, change: TeamCommand::Remove { team: id } })?;
            Ok(t(
                format!("已删除“{name}”（bianpai undo 可恢复）\n"),
                format!("removed {name} (`bianpai undo` puts it back)\n"),
            ))
        }
        TeamsCmd::FromClubs { at: FileGroup { file, group }, min } => from_clubs(&file, &group, min),
        TeamsCmd::List(ListArgs { at: FileGroup { file, group }, json: JsonArg { json } }) => list(&file, &group, json),
        TeamsCmd::Ranking { at: FileGroup { file, group }, count, avoid, absolute } => {
            ranking(&file, &group, count, avoid, absolute)
        }
        TeamsCmd::Standings(StandingsArgs { at: FileGroup { file, group }, round, json: JsonArg { json } }) => {
            standings(&file, &group, round, json)
        }
        TeamsCmd::EventRanking { file, set, groups, json: JsonArg { json } } => {
            super::event_teams::run(&file, set.as_deref(), groups.as_deref(), json)
        }
    }
}

/// Start numbers given as `4,9,17` (also `，`, `、` or spaces between them); an empty
/// text is an empty list.
///
/// # Errors
/// [`InputError`] naming `flag` and the text when a piece is not a number.
pub(super) fn parse_numbers(flag: &str, text: &str) -> Result<Vec<StartNo>, InputError> {
    text.split([',', '，', '、', ' ', '\t'])
        .filter(|piece| !piece.trim().is_empty())
        .map(|piece| {
            piece.trim().parse::<u32>().ok().filter(|n| *n > 0).map(StartNo).ok_or_else(|| {
                InputError(t(
                    format!("{flag} “{text}”：“{piece}”不是编号；应为以逗号分隔的编号，如 4,9,17"),
                    format!("{flag} '{text}': '{piece}' is not a start number; expected numbers such as 4,9,17"),
                ))
            })
        })
        .collect()
}

/// `team` with its members, reserves and captain typed as shown numbers
/// turned into start numbers.
fn shown_team(event: &Event, group: GroupId, mut team: Team) -> Result<Team, InputError> {
    team.members = members_of(event, group, &team.members)?;
    team.reserves = members_of(event, group, &team.reserves)?;
    team.captain = members_of(event, group, &Vec::from_iter(team.captain))?.first().copied();
    Ok(team)
}

fn name(event: &Event, p: StartNo) -> String {
    event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default()
}

/// "4 王天一、9 郑惟桐" in the run's language.
fn named_list(event: &Event, players: impl IntoIterator<Item = StartNo>) -> String {
    let named: Vec<String> = players.into_iter().map(|p| format!("{} {}", event.shown_no(p), name(event, p))).collect();
    named.join(&t("、", ", "))
}

/// The line said after a team was added or changed: its number, name and members.
fn team_said(event: &Event, team: &Team, what: String) -> String {
    let (no, team_name, members) = (team.id, &team.name, named_list(event, team.members.iter().copied()));
    let mut out =
        t(format!("{what}第{no}队“{team_name}”：{members}"), format!("{what}team {no} {team_name}: {members}"));
    if !team.reserves.is_empty() {
        let reserves = named_list(event, team.reserves.iter().copied());
        out.push_str(&t(format!("；替补 {reserves}"), format!("; reserves {reserves}")));
    }
    out + "\n"
}

fn add(file: &Path, group: &GroupArg, team: Team) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let group_id = resolve_group(f.event(), group)?.id;
    let name = team.name.clone();
    let team = shown_team(f.event(), group_id, team)?;
    f.execute(&Command::Team { group: group_id, change: TeamCommand::Add { team } })?;
    let event = f.event();
    let added = event.group(group_id).and_then(|g| g.team_named(&name));
    Ok(added.map(|team| team_said(event, team, t("已登记", "registered "))).unwrap_or_default())
}

fn from_clubs(file: &Path, group: &GroupArg, min: u32) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let (group_id, before) = (g.id, g.teams.len());
    f.execute(&Command::Team { group: group_id, change: TeamCommand::FromClubs { min } })?;
    let event = f.event();
    let made: Vec<&Team> = event.group(group_id).map(|g| g.teams.iter().skip(before).collect()).unwrap_or_default();
    if made.is_empty() {
        return Ok(t(
            format!("没有组成新队：没有哪个单位有 {min} 名以上尚未入队的选手\n"),
            format!("no team made: no club has {min} or more players not yet in a team\n"),
        ));
    }
    let mut out =
        t(format!("已按单位组成 {} 队：\n", made.len()), format!("made {} team(s) from clubs:\n", made.len()));
    for team in made {
        out.push_str("  ");
        out.push_str(&team_said(event, team, String::new()));
    }
    Ok(out)
}

fn list(file: &Path, group: &GroupArg, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    if as_json {
        return Ok(format!("{}\n", json::team_list(event, g)));
    }
    if g.teams.is_empty() {
        return Ok(no_teams(g));
    }
    let rows: Vec<Vec<String>> = g
        .teams
        .iter()
        .map(|team| {
            vec![
                team.id.to_string(),
                team.name.clone(),
                team.club.clone(),
                team.captain.map(|c| format!("{c} {}", name(event, c))).unwrap_or_default(),
                named_list(event, team.members.iter().copied()),
                named_list(event, team.reserves.iter().copied()),
            ]
        })
        .collect();
    Ok(table::render(
        &[
            ("序号", "No.", Align::Right),
            ("队名", "Team", Align::Left),
            ("单位", "Club", Align::Left),
            ("队长", "Captain", Align::Left),
            ("队员（台次顺序）", "Members (board order)", Align::Left),
            ("替补", "Reserves", Align::Left),
        ],
        &rows,
    ))
}

fn no_teams(g: &Group) -> String {
    let group = &g.name;
    t(
        format!("“{group}”还没有队；用 bianpai teams add 或 teams from-clubs 组队\n"),
        format!("{group} has no teams yet; make them with `bianpai teams add` or `teams from-clubs`\n"),
    )
}

fn ranking(
    file: &Path,
    group: &GroupArg,
    count: u32,
    avoid: Option<AvoidArg>,
    absolute: bool,
) -> anyhow::Result<String> {
    if count == 0 {
        return Err(InputError(t("--count 至少为 1", "--count must be 1 or more")).into());
    }
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    if stage.teams.is_some() {
        let name = &g.name;
        return Err(InputError(t(
            format!("“{name}”是团体对抗赛，按场分排名；队员总分制用于个人赛组别"),
            format!(
                "{name} plays team matches, ranked on match points; ranking teams by their members' points is for \
                 individual groups"
            ),
        ))
        .into());
    }
    let avoid = match avoid.unwrap_or(AvoidArg::Off) {
        AvoidArg::Off => ClubAvoidance::Off,
        AvoidArg::Round1 => ClubAvoidance::FirstRound,
        AvoidArg::Every => ClubAvoidance::EveryRound,
    };
    let setting = MemberRanking { count: Some(count), avoid, avoid_absolute: absolute };
    let (group_id, name, has_teams) = (g.id, g.name.clone(), !g.teams.is_empty());
    f.execute(&Command::Team { group: group_id, change: TeamCommand::SetMemberRanking { ranking: Some(setting) } })?;
    let kept = match (avoid, absolute) {
        (ClubAvoidance::Off, _) => t("队友之间不回避", "teammates may meet"),
        (ClubAvoidance::FirstRound, false) => {
            t("第一轮尽量避免队友相遇", "teammates kept apart in round 1 when possible")
        }
        (ClubAvoidance::FirstRound, true) => t("第一轮队友不相遇", "teammates never meet in round 1"),
        (ClubAvoidance::EveryRound, false) => t("每轮尽量避免队友相遇", "teammates kept apart when possible"),
        (ClubAvoidance::EveryRound, true) => t("队友之间不相遇", "teammates never meet"),
    };
    let mut out = t(
        format!("“{name}”按队员总分制排名：每队计成绩最好的 {count} 名队员；{kept}\n"),
        format!("{name} ranks its teams by their best {count} members' points; {kept}\n"),
    );
    if !has_teams {
        out.push_str(&t(
            "本组还没有队；用 bianpai teams add 或 teams from-clubs 组队\n",
            "the group has no teams yet; make them with `bianpai teams add` or `teams from-clubs`\n",
        ));
    }
    Ok(out)
}

fn standings(file: &Path, group: &GroupArg, round: Option<u32>, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let stage = current_stage(g)?;
    let after = round.unwrap_or_else(|| stage.completed_rounds());
    let Some(ranking) = TeamRanking::of_group(event, g.id, Some(stage.no), Some(after))? else {
        return Err(InputError(no_teams(g).trim_end().to_string()).into());
    };
    if as_json {
        return Ok(format!("{}\n", json::team_ranking(event, g, &ranking)));
    }
    let table = TeamTable::of(event, g, &ranking);
    let (group_name, stage_name, after) = (&g.name, &stage.name, ranking.after_round());
    let mode = match &ranking {
        TeamRanking::Matches(_) => t("团体赛", "team matches"),
        TeamRanking::Members(s) => match s.count {
            Some(n) => t(format!("队员总分制，每队计前 {n} 名"), format!("best {n} members' points")),
            None => t("队员总分制", "members' points"),
        },
    };
    let mut out = t(
        format!("{group_name} {stage_name} 第{after}轮后团体排名（{mode}）\n"),
        format!("{group_name} {stage_name} team standings after round {after} ({mode})\n"),
    );
    let header: Vec<(&str, &str, Align)> = table
        .columns
        .iter()
        .map(|c| (c.header(Lang::Zh), c.header(Lang::En), if c.is_numeric() { Align::Right } else { Align::Left }))
        .collect();
    let rows: Vec<Vec<String>> = table.rows.iter().map(|r| r.cells.clone()).collect();
    out.push_str(&table::render(&header, &rows));
    Ok(out)
}

/// `lineup FILE --round R TEAM SN[,SN…]`: the team's players for the round, board 1
/// first; for the next round before it is paired, or a paired round's match
/// before its first result.
pub(super) fn lineup(args: LineupArgs) -> anyhow::Result<String> {
    let players = parse_numbers(&t("出场名单", "line-up"), &args.players.join(","))?;
    let mut f = EventFile::open_for_command(&args.at.file)?;
    let g = resolve_group(f.event(), &args.at.group)?;
    let stage = current_stage(g)?;
    let team = team_by_name(g, &args.team)?;
    let (group_id, stage_no, team_id, team_name) = (g.id, stage.no, team.id, team.name.clone());
    let players = members_of(f.event(), group_id, &players)?;
    let round = RoundNo(args.round);
    let change = TeamCommand::SetLineup { stage: stage_no, round, team: team_id, players: players.clone() };
    f.execute(&Command::Team { group: group_id, change })?;
    let event = f.event();
    let seats: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (b, who, p) = (i + 1, name(event, *p), event.shown_no(*p));
            t(format!("第{b}台 {p} {who}"), format!("board {b} {p} {who}"))
        })
        .collect();
    let seats = seats.join(&t("，", ", "));
    let mut out = t(
        format!("第{round}轮“{team_name}”出场名单：{seats}\n"),
        format!("round {round} line-up of {team_name}: {seats}\n"),
    );
    let paired = event.group(group_id).and_then(|g| g.stage(stage_no)).and_then(|s| s.round(round));
    let within = paired.and_then(|r| r.teams.as_ref()).and_then(|tr| tr.match_of(team_id));
    match within {
        Some(m) => {
            let (no, other) = (m.no, if m.home == team_id { m.away } else { m.home });
            let other = event.group(group_id).and_then(|g| g.team(other)).map(|t| t.name.clone()).unwrap_or_default();
            out.push_str(&t(
                format!("第{no}场对“{other}”的对局已按此名单重排\n"),
                format!("the boards of match {no} against {other} are seated anew\n"),
            ));
        }
        None => {
            out.push_str(&t(format!("第{round}轮编排时使用此名单\n"), format!("used when round {round} is paired\n")))
        }
    }
    if players.len() < board_count(event, group_id) {
        out.push_str(&t("不足的台次按弃权计分\n", "the boards left without a player are scored as forfeits\n"));
    }
    Ok(out)
}

fn board_count(event: &Event, group: GroupId) -> usize {
    event.group(group).and_then(|g| g.current_stage()).and_then(|s| s.teams.as_ref()).map_or(0, |r| r.boards as usize)
}

/// The teams of a roster's 队名 column, once its players have numbers: for
/// each group in first-come order, each team's name and its players in the file's
/// order. A team the group already has is left as it is; the words say so.
pub(super) fn roster_team_commands(
    event: &Event,
    teams: &[(GroupId, String, Vec<StartNo>)],
) -> (Vec<Command>, Vec<String>) {
    let mut commands = Vec::new();
    let mut notes = Vec::new();
    for (group, team_name, members) in teams {
        let Some(g) = event.group(*group) else { continue };
        if g.team_named(team_name).is_some_and(|t| t.name == *team_name) {
            notes.push(t(
                format!("“{}”已有“{team_name}”队，未改动\n", g.name),
                format!("{} has a team {team_name} already; left as it is\n", g.name),
            ));
            continue;
        }
        let club = Team::shared_club(members.iter().filter_map(|p| event.player(*p)).map(|p| p.entry.club.as_str()));
        let team = Team {
            id: TeamId(0),
            name: team_name.clone(),
            club,
            captain: None,
            members: members.clone(),
            reserves: Vec::new(),
        };
        commands.push(Command::Team { group: *group, change: TeamCommand::Add { team } });
    }
    (commands, notes)
}

/// What the import says of the teams it made: "已按队名组成 2 队：甲队（5 人）、乙队（4 人）".
pub(super) fn roster_teams_said(commands: &[Command]) -> String {
    let made: Vec<String> = commands
        .iter()
        .filter_map(|c| match c {
            Command::Team { change: TeamCommand::Add { team }, .. } => Some(match lang() {
                Lang::Zh => format!("{}（{} 人）", team.name, team.members.len()),
                Lang::En => format!("{} ({})", team.name, team.members.len()),
            }),
            _ => None,
        })
        .collect();
    if made.is_empty() {
        return String::new();
    }
    let (count, list) = (made.len(), made.join(&t("、", ", ")));
    t(format!("已按队名组成 {count} 队：{list}\n"), format!("made {count} team(s) from the team column: {list}\n"))
}
