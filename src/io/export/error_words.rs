//! Why an export could not be made, in the director's words and both languages
//! (issue 18). The writers' own texts stay in `Display`; here they become
//! [`crate::os_words`].

use super::ExportError;
use crate::lang::{Lang, Localized};
use crate::os_words::{csv_words, io_words, workbook_write_words};

impl Localized for ExportError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (ExportError::Domain(error), _) => error.message(lang),
            (ExportError::NoRanking { group }, Lang::Zh) => {
                format!("{group}：还没有完成的轮次，没有可导出的排名")
            }
            (ExportError::NoRanking { group }, Lang::En) => {
                format!("group {group}: no round is complete yet, there is no ranking to export")
            }
            (ExportError::NoTeams { group }, Lang::Zh) => format!("{group} 没有登记团体，没有团体名次可导出"),
            (ExportError::NoTeams { group }, Lang::En) => {
                format!("group {group} has no teams: there are no team standings to export")
            }
            (ExportError::EventTeamsOff, Lang::Zh) => "全赛事团体排名未启用，没有可导出的排名".to_string(),
            (ExportError::EventTeamsOff, Lang::En) => {
                "the team ranking across the event is off: there is nothing to export".to_string()
            }
            (ExportError::Csv(error), Lang::Zh) => format!("无法写入 CSV 文件：{}", csv_words(error, lang)),
            (ExportError::Csv(error), Lang::En) => {
                format!("the CSV file cannot be written: {}", csv_words(error, lang))
            }
            (ExportError::Xlsx(error), Lang::Zh) => {
                format!("无法写入 Excel 工作簿：{}", workbook_write_words(error, lang))
            }
            (ExportError::Xlsx(error), Lang::En) => {
                format!("the Excel workbook cannot be written: {}", workbook_write_words(error, lang))
            }
            (ExportError::Io(error), Lang::Zh) => format!("无法写入导出文件：{}", io_words(error, lang)),
            (ExportError::Io(error), Lang::En) => format!("the export cannot be written: {}", io_words(error, lang)),
        }
    }
}
