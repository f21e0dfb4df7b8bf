//! Why a document cannot be printed ([`PrintError`]), in the director's words and both
//! languages (issue 18). The PDF writer's own text stays in `Display`.

use super::PrintError;
use crate::lang::{Lang, Localized};

impl Localized for PrintError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (PrintError::Domain(error), _) => error.message(lang),
            (PrintError::Prizes(error), _) => error.message(lang),
            (PrintError::UnknownGroup(group), Lang::Zh) => format!("赛事中没有编号为 {group} 的组别"),
            (PrintError::UnknownGroup(group), Lang::En) => format!("the event has no group {group}"),
            (PrintError::UnknownRound { group, stage, round, paired }, Lang::Zh) => {
                format!("{group} 第 {stage} 阶段没有第 {round} 轮（已编排 {paired} 轮）")
            }
            (PrintError::UnknownRound { group, stage, round, paired }, Lang::En) => {
                format!("{group} has no round {round} in stage {stage} ({paired} paired)")
            }
            (PrintError::NothingPaired { group }, Lang::Zh) => format!("{group}：还没有编排任何一轮"),
            (PrintError::NothingPaired { group }, Lang::En) => format!("{group}: no round has been paired yet"),
            (PrintError::NoKnockout { group }, Lang::Zh) => format!("{group} 没有淘汰赛阶段"),
            (PrintError::NoKnockout { group }, Lang::En) => format!("{group} has no knockout stage"),
            (PrintError::NotTeamRound { group, round }, Lang::Zh) => {
                format!("{group} 第 {round} 轮不是团体赛轮次（没有团体对阵）")
            }
            (PrintError::NotTeamRound { group, round }, Lang::En) => {
                format!("{group}: round {round} is not a team round (it has no team matches)")
            }
            (PrintError::NoTeams { group }, Lang::Zh) => format!("{group} 没有登记团体"),
            (PrintError::NoTeams { group }, Lang::En) => format!("{group} has no teams"),
            (PrintError::NoTeamStage { group }, Lang::Zh) => format!("{group} 的当前阶段不是团体赛"),
            (PrintError::NoTeamStage { group }, Lang::En) => {
                format!("{group}: the current stage is not a team stage")
            }
            (PrintError::EventTeamsOff, Lang::Zh) => "全赛事团体排名未启用（在“队伍 → 全赛事团体”中启用）".to_string(),
            (PrintError::EventTeamsOff, Lang::En) => {
                "the team ranking across the event is off (turn it on under Teams → Event teams)".to_string()
            }
            (PrintError::Font, Lang::Zh) => "无法读取内置的中文字体（程序文件可能已损坏，请重新安装）".to_string(),
            (PrintError::Font, Lang::En) => {
                "the bundled Chinese font cannot be read (the program may be damaged; reinstall it)".to_string()
            }
            (PrintError::Pdf(_), Lang::Zh) => "无法生成 PDF 文件".to_string(),
            (PrintError::Pdf(_), Lang::En) => "the PDF cannot be made".to_string(),
        }
    }
}
