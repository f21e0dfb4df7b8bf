//! Team commands in words: a team registered, edited or removed, teams made
//! from clubs, 队员总分制 and a stage's team rules set, a line-up named.

use super::Ctx;
use crate::domain::command::TeamCommand;
use crate::domain::ids::GroupId;
use crate::lang::Lang;

/// The sentence of a team command.
pub(super) fn headline(group: GroupId, change: &TeamCommand, ctx: &Ctx<'_>) -> String {
    let team_name = |id: crate::domain::model::team::TeamId| {
        ctx.event.group(group).and_then(|g| g.team(id)).map_or_else(|| id.to_string(), |t| t.name.clone())
    };
    match (change, ctx.lang) {
        (TeamCommand::Add { team }, Lang::Zh) => format!("新增队伍“{}”（{}人）", team.name, team.roster().count()),
        (TeamCommand::Add { team }, Lang::En) => {
            format!("Added team “{}” ({} members)", team.name, team.roster().count())
        }
        (TeamCommand::Edit { team }, Lang::Zh) => format!("修改队伍“{}”", team.name),
        (TeamCommand::Edit { team }, Lang::En) => format!("Edited team “{}”", team.name),
        (TeamCommand::Remove { team }, Lang::Zh) => format!("删除队伍“{}”", team_name(*team)),
        (TeamCommand::Remove { team }, Lang::En) => format!("Removed team “{}”", team_name(*team)),
        (TeamCommand::FromClubs { min }, Lang::Zh) => format!("按单位组队（每队至少{min}人）"),
        (TeamCommand::FromClubs { min }, Lang::En) => format!("Teams made from clubs (at least {min} players each)"),
        (TeamCommand::SetMemberRanking { ranking: Some(r) }, Lang::Zh) => match r.count {
            Some(n) => format!("队员总分制：每队计前{n}名"),
            None => "队员总分制：每队计全部队员".into(),
        },
        (TeamCommand::SetMemberRanking { ranking: Some(r) }, Lang::En) => match r.count {
            Some(n) => format!("Team ranking by members: best {n} count"),
            None => "Team ranking by members: every member counts".into(),
        },
        (TeamCommand::SetMemberRanking { ranking: None }, _) => {
            ctx.t("取消队员总分制", "Team ranking by members turned off").into()
        }
        (TeamCommand::SetStage { stage, rules: Some(r) }, Lang::Zh) => {
            format!("第{stage}阶段：团体赛，每场{}台", r.boards)
        }
        (TeamCommand::SetStage { stage, rules: Some(r) }, Lang::En) => {
            format!("Stage {stage}: team matches of {} boards", r.boards)
        }
        (TeamCommand::SetStage { stage, rules: None }, Lang::Zh) => format!("第{stage}阶段改为个人赛"),
        (TeamCommand::SetStage { stage, rules: None }, Lang::En) => format!("Stage {stage}: individual games"),
        (TeamCommand::SetLineup { round, team, players, .. }, Lang::Zh) => {
            let who: Vec<String> = players.iter().map(|p| format!("{p}号")).collect();
            format!("第{round}轮“{}”出场名单：{}", team_name(*team), who.join("、"))
        }
        (TeamCommand::SetLineup { round, team, players, .. }, Lang::En) => {
            let who: Vec<String> = players.iter().map(|p| format!("no. {p}")).collect();
            format!("Round {round} line-up of “{}”: {}", team_name(*team), who.join(", "))
        }
    }
}
