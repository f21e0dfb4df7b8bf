//! Reading the lines of a TRF file: splitting them with their endings, and each
//! interpreted line (`001`, `XXR`, `XXC`, `XXS`) into its record, field by field with
//! the file, line and column named in every error.

use super::super::TrfError;
use super::super::scoring::{ScoreCode, parse_tenths};
use super::*;

/// Splits text into lines and their endings (`\n`, `\r\n` or a lone `\r`).
pub(super) fn split_lines(text: &str) -> Vec<(&str, LineEnding)> {
    let mut lines = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push((&text[start..i], LineEnding::Lf));
                i += 1;
                start = i;
            }
            b'\r' => {
                if bytes.get(i + 1) == Some(&b'\n') {
                    lines.push((&text[start..i], LineEnding::CrLf));
                    i += 2;
                } else {
                    lines.push((&text[start..i], LineEnding::Cr));
                    i += 1;
                }
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        lines.push((&text[start..], LineEnding::None));
    }
    lines
}

pub(super) fn parse_record(file: &str, line_no: usize, raw: &str) -> Result<TrfRecord, TrfError> {
    let code = raw.get(..3).unwrap_or("");
    let rest = raw.get(3..).unwrap_or("");
    let err = |field: &str, en: String, zh: String| TrfError::new(file, line_no, field, en, zh);
    match code {
        "001" => parse_player(file, line_no, raw).map(TrfRecord::Player),
        "XXR" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [n] => match n.parse::<u32>() {
                    Ok(n) if n > 0 => Ok(TrfRecord::Rounds(n)),
                    _ => Err(err(
                        "XXR",
                        format!("'{n}' is not a number of rounds (1 or more)"),
                        format!("“{n}” 不是轮数（应为 1 或更大的整数）"),
                    )),
                },
                _ => Err(err(
                    "XXR",
                    format!("expected one number of rounds, found '{}'", rest.trim()),
                    format!("应为一个轮数，实际为“{}”", rest.trim()),
                )),
            }
        }
        "XXC" => Ok(TrfRecord::Config(rest.split_whitespace().map(str::to_string).collect())),
        "XXS" => {
            let mut values = Vec::new();
            for word in rest.split_whitespace() {
                let Some((code, value)) = word.split_once('=') else {
                    return Err(err(
                        "XXS",
                        format!("'{word}' is not CODE=VALUE"),
                        format!("“{word}” 不是“代码=分值”的形式"),
                    ));
                };
                let Some(code) = ScoreCode::parse(code) else {
                    let known: Vec<&str> = ScoreCode::ALL.iter().map(|c| c.as_str()).collect();
                    return Err(err(
                        "XXS",
                        format!("unknown scoring code '{code}' in '{word}'; known codes: {}", known.join(" ")),
                        format!("“{word}” 中的计分代码“{code}”无法识别；可用的代码：{}", known.join(" ")),
                    ));
                };
                let Some(value) = parse_tenths(value) else {
                    return Err(err(
                        "XXS",
                        format!("'{value}' in '{word}' is not a number of points with at most one decimal"),
                        format!("“{word}” 中的“{value}”不是分数（最多一位小数）"),
                    ));
                };
                values.push((code, value));
            }
            Ok(TrfRecord::Scoring(values))
        }
        _ => Ok(TrfRecord::Other(raw.to_string())),
    }
}

/// The characters of a line, read by 1-based column; columns past the end are blank.
struct Columns(Vec<char>);

impl Columns {
    fn at(&self, col: usize) -> char {
        col.checked_sub(1).and_then(|i| self.0.get(i)).copied().unwrap_or(' ')
    }

    fn field(&self, from: usize, to: usize) -> String {
        (from..=to).map(|c| self.at(c)).collect::<String>().trim().to_string()
    }
}

fn parse_player(file: &str, line_no: usize, raw: &str) -> Result<PlayerLine, TrfError> {
    let err = |field: &str, en: String, zh: String| TrfError::new(file, line_no, field, en, zh);
    let cols = Columns(raw.chars().collect());
    let number = |field: &str, from: usize, to: usize| -> Result<Option<u32>, TrfError> {
        let text = cols.field(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(
                field,
                format!("'{text}' in columns {from}–{to} is not a number"),
                format!("第 {from}–{to} 列的“{text}”不是数字"),
            ));
        }
        text.parse::<u32>().map(Some).map_err(|e| err(field, format!("'{text}': {e}"), format!("“{text}” 数字太大")))
    };
    let start_no = match number("start number", 5, 8)? {
        Some(n) if n > 0 => n,
        Some(_) => {
            return Err(err(
                "start number",
                "start number 0 in columns 5–8; numbers start at 1".into(),
                "第 5–8 列的编号是 0；编号从 1 开始".into(),
            ));
        }
        None => return Err(err("start number", "no start number in columns 5–8".into(), "第 5–8 列没有编号".into())),
    };
    let rating = number("rating", 49, 52)?;
    let points_text = cols.field(81, 84);
    let points = if points_text.is_empty() {
        return Err(err("points", "no points in columns 81–84".into(), "第 81–84 列没有积分".into()));
    } else {
        parse_tenths(&points_text).ok_or_else(|| {
            err(
                "points",
                format!("'{points_text}' in columns 81–84 is not a number of points like 2.5"),
                format!("第 81–84 列的“{points_text}”不是积分（如 2.5）"),
            )
        })?
    };
    let rank = number("rank", 86, 89)?;
    let mut rounds = Vec::new();
    let mut round = 1usize;
    loop {
        let base = 92 + 10 * (round - 1);
        if cols.0.len() < base - 2 {
            break;
        }
        rounds.push(parse_cell(&cols, base, round, start_no, &err)?);
        round += 1;
    }
    while rounds.last().is_some_and(RoundCell::is_blank) {
        rounds.pop();
    }
    Ok(PlayerLine {
        start_no,
        sex: cols.field(10, 10),
        title: cols.field(11, 13),
        name: cols.field(15, 47),
        rating,
        federation: cols.field(54, 56),
        fide_id: cols.field(58, 68),
        birth_date: cols.field(70, 79),
        points,
        rank,
        rounds,
    })
}

/// Reads the cell of `round` whose opponent starts in column `base`.
fn parse_cell(
    cols: &Columns,
    base: usize,
    round: usize,
    own: u32,
    err: &dyn Fn(&str, String, String) -> TrfError,
) -> Result<RoundCell, TrfError> {
    for col in [base - 2, base - 1, base + 4, base + 6] {
        if cols.at(col) != ' ' {
            return Err(err(
                &format!("round {round}"),
                format!(
                    "column {col} holds '{}' but must be blank: round {round} is 'oppo c r' in columns {base}–{} (is the line shifted?)",
                    cols.at(col),
                    base + 7
                ),
                format!(
                    "第 {col} 列是“{}”，但应为空：第 {round} 轮在第 {base}–{} 列，格式为“对手 执色 结果”（这一行是否错位了？）",
                    cols.at(col),
                    base + 7
                ),
            ));
        }
    }
    let opponent_text = cols.field(base, base + 3);
    let opponent = if opponent_text.is_empty() {
        None
    } else if opponent_text.bytes().all(|b| b.is_ascii_digit()) {
        match opponent_text.parse::<u32>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(e) => {
                return Err(err(
                    &format!("round {round} opponent"),
                    format!("'{opponent_text}': {e}"),
                    format!("“{opponent_text}” 数字太大"),
                ));
            }
        }
    } else {
        return Err(err(
            &format!("round {round} opponent"),
            format!("'{opponent_text}' in columns {base}–{} is not a start number", base + 3),
            format!("第 {base}–{} 列的“{opponent_text}”不是编号", base + 3),
        ));
    };
    let colour_char = cols.at(base + 5);
    let colour = match colour_char {
        'w' | 'W' => Some(TrfColour::White),
        'b' | 'B' => Some(TrfColour::Black),
        '-' | ' ' => None,
        other => {
            return Err(err(
                &format!("round {round} colour"),
                format!("'{other}' in column {} is not a colour: use w, b or -", base + 5),
                format!("第 {} 列的“{other}”不是执色：应为 w、b 或 -", base + 5),
            ));
        }
    };
    let result_char = cols.at(base + 7);
    let Some(result) = TrfResult::from_char(result_char) else {
        return Err(err(
            &format!("round {round} result"),
            format!("'{result_char}' in column {} is not a result code: use 1 = 0 + - W D L H F U Z", base + 7),
            format!("第 {} 列的“{result_char}”不是结果代码：应为 1 = 0 + - W D L H F U Z 之一", base + 7),
        ));
    };
    let cell = RoundCell { opponent, colour, result };
    check_cell(&cell, round, own, (colour_char, result_char), err)?;
    Ok(cell)
}

/// A cell's opponent, colour and result agree: a bye has no opponent and no colour,
/// a game an opponent other than the player, a colour and a result.
fn check_cell(
    cell: &RoundCell,
    round: usize,
    own: u32,
    (colour_char, result_char): (char, char),
    err: &dyn Fn(&str, String, String) -> TrfError,
) -> Result<(), TrfError> {
    let RoundCell { opponent, colour, result } = *cell;
    let result_field = format!("round {round} result");
    match (opponent, result) {
        (Some(o), _) if o == own => {
            return Err(err(
                &format!("round {round} opponent"),
                format!("player {own} cannot meet themselves"),
                format!("{own} 号选手不能与自己对局"),
            ));
        }
        (Some(o), r) if r.is_bye() => {
            return Err(err(
                &result_field,
                format!("'{result_char}' is a bye but an opponent ({o}) is given"),
                format!("“{result_char}”表示轮空，但写了对手（{o}）"),
            ));
        }
        (Some(o), TrfResult::Blank) => {
            return Err(err(
                &result_field,
                format!("no result for the game against {o}"),
                format!("与 {o} 号的对局没有结果"),
            ));
        }
        (None, r) if r.is_played() => {
            return Err(err(
                &result_field,
                format!("'{result_char}' is a game result but no opponent is given"),
                format!("“{result_char}”是对局结果，但没有写对手"),
            ));
        }
        _ => {}
    }
    if result.is_played() && colour.is_none() {
        return Err(err(
            &format!("round {round} colour"),
            format!("the game against {} has a result but no colour (w or b)", opponent.unwrap_or(0)),
            format!("与 {} 号的对局有结果但没有执色（w 或 b）", opponent.unwrap_or(0)),
        ));
    }
    if opponent.is_none() && colour.is_some() {
        return Err(err(
            &format!("round {round} colour"),
            format!("colour '{colour_char}' is given but no opponent; a bye is written 0000 - {}", result.to_char()),
            format!("写了执色“{colour_char}”但没有对手；轮空应写作 0000 - {}", result.to_char()),
        ));
    }
    Ok(())
}
