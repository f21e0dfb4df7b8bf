//! A TRF file's problems and a stage TRF cannot hold, in both languages (issue 18):
//! [`TrfError`] names the file, the line and the field (编号, 第 3 轮结果 …) in the
//! language shown; [`ExportError`] says what of the stage has no TRF form.

use super::TrfError;
use super::export::ExportError;
use crate::lang::{Lang, Localized};

impl Localized for TrfError {
    fn message(&self, lang: Lang) -> String {
        let TrfError { file, line, field, message, message_zh } = self;
        match lang {
            Lang::Zh => format!("{file} 第 {line} 行，{}：{message_zh}", field_zh(field)),
            Lang::En => format!("{file} line {line}, field {field}: {message}"),
        }
    }
}

/// A TRF field in Chinese: `round 3 result` → `第 3 轮结果`; the record codes (`XXR`,
/// `XXS`, `001`) stay as they are.
fn field_zh(field: &str) -> String {
    let simple = match field {
        "start number" => "编号",
        "rating" => "等级分",
        "points" => "积分",
        "rank" => "名次",
        "player" => "选手",
        "bye" => "轮空",
        "preset" => "赛制",
        "count" => "对数",
        "pair" => "对阵",
        _ => "",
    };
    if !simple.is_empty() {
        return simple.to_string();
    }
    let Some(rest) = field.strip_prefix("round ") else { return field.to_string() };
    let (round, part) = rest.split_once(' ').unwrap_or((rest, ""));
    let part = match part {
        "" => "",
        "opponent" => "对手",
        "colour" => "执色",
        "result" => "结果",
        _ => return field.to_string(),
    };
    format!("第 {round} 轮{part}")
}

impl Localized for ExportError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (ExportError::UnknownGroup(group), Lang::Zh) => format!("没有编号为 {group} 的组别"),
            (ExportError::UnknownGroup(group), Lang::En) => format!("there is no group {group}"),
            (ExportError::UnknownStage { group, stage }, Lang::Zh) => format!("组别“{group}”没有第 {stage} 阶段"),
            (ExportError::UnknownStage { group, stage }, Lang::En) => format!("group {group} has no stage {stage}"),
            (ExportError::Unrepresentable { zh, .. }, Lang::Zh) => format!("TRF 无法表示这个阶段：{zh}"),
            (ExportError::Unrepresentable { en, .. }, Lang::En) => format!("TRF cannot hold this stage: {en}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::field_zh;

    #[test]
    fn fields_in_chinese() {
        assert_eq!(field_zh("round 3 result"), "第 3 轮结果");
        assert_eq!(field_zh("round 12"), "第 12 轮");
        assert_eq!(field_zh("start number"), "编号");
        assert_eq!(field_zh("XXS"), "XXS");
    }
}
