//! A change of the audit log in the director's words — its command named in the
//! window's language, with its round, board or player (`录入成绩 第3轮 第20台`) — for the
//! history view, the undo and redo buttons and the notice after an undo.

use crate::lang::Lang;

/// The command's name in the window's language.
pub fn action_label(command: &str, lang: Lang) -> String {
    let value: serde_json::Value = serde_json::from_str(command).unwrap_or_default();
    let tag = value.get("command").and_then(|c| c.as_str()).unwrap_or("");
    let of = value.get("of").and_then(serde_json::Value::as_i64);
    let (zh, en) = match tag {
        "add_players" => ("登记选手", "Register players"),
        "edit_player" => ("修改选手", "Edit player"),
        "set_player_status" => ("选手状态", "Player status"),
        "set_rounds_planned" => ("设定轮数", "Set rounds"),
        "set_stage_rules" => ("阶段规则", "Stage rules"),
        "set_stage_format" => ("赛制", "Stage format"),
        "set_stage_schedule" => ("赛程", "Schedule"),
        "set_event_info" => ("赛事信息", "Event details"),
        "advance_stage" => ("进入下一阶段", "Next stage"),
        "announce_bye" => ("预告轮空/请假", "Announce bye"),
        "cancel_announced_bye" => ("取消轮空", "Cancel bye"),
        "pair_round" => ("编排", "Pair round"),
        "edit_pairing" => ("调整对阵", "Edit pairing"),
        "unpair_round" => ("撤销编排", "Unpair round"),
        "record_result" => ("录入成绩", "Result"),
        "record_ledger_entry" => ("账目", "Ledger entry"),
        "void_ledger_entry" => ("作废账目", "Void ledger entry"),
        "set_checked_in" => ("签到", "Check-in"),
        "disqualify_for_collusion" => ("假棋/人情棋", "Collusion"),
        "delete_player" => ("删除选手", "Delete player"),
        "renumber_players" => ("重新编号", "Renumber players"),
        "set_numbering" => ("编号方式", "Numbering"),
        "add_group" => ("添加组别", "Add group"),
        "set_group_rules" => ("组别设置", "Group settings"),
        "remove_group" => ("删除组别", "Remove group"),
        "set_prize_rules" => ("奖励规则", "Prize rules"),
        "set_prize_decision" => ("奖励决定", "Prize decision"),
        "set_stage_qualifiers" => ("晋级人数", "Qualifiers"),
        "set_knockout_rules" => ("淘汰赛选项", "Knockout options"),
        "set_stage_video" => ("视频赛", "Video stage"),
        "set_board_watch" => ("对局时间与挂盘手", "Game time and watcher"),
        "set_event_team_ranking" => ("全赛事团体排名", "Team ranking across the event"),
        "undo" => ("撤销", "Undo"),
        "redo" => ("重做", "Redo"),
        _ => ("?", "?"),
    };
    let mut label = lang.t(zh, en).to_string();
    if let Some(of) = of {
        label.push_str(&format!(" #{of}"));
    }
    for (key, zh, en) in
        [("round", "第{}轮", "round {}"), ("board", "第{}台", "board {}"), ("start_no", "{}号", "no. {}")]
    {
        if let Some(n) = value.get(key).and_then(serde_json::Value::as_u64) {
            label.push(' ');
            label.push_str(&lang.t(zh, en).replace("{}", &n.to_string()));
        }
    }
    label
}

/// The change an `undo` or `redo` row stands for: its `of` followed back (through
/// `row`, which gives an audit row's command) to the ordinary command it reverts, so
/// that undo and redo name what they do rather than "undo #12".
pub fn original_command(command: String, row: impl Fn(i64) -> Option<String>) -> String {
    let mut current = command;
    // An undo of a redo of an undo … is at most as long as the log; 64 is plenty.
    for _ in 0..64 {
        let value: serde_json::Value = serde_json::from_str(&current).unwrap_or_default();
        let step = value.get("command").and_then(|c| c.as_str());
        let of = value.get("of").and_then(serde_json::Value::as_i64);
        match (step, of) {
            (Some("undo" | "redo"), Some(of)) => match row(of) {
                Some(next) => current = next,
                None => break,
            },
            _ => break,
        }
    }
    current
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 18: a redo of an undo of a result is named as the result.
    #[test]
    fn undo_and_redo_rows_are_named_by_the_change_they_revert() {
        let rows = [
            (1, r#"{"command":"record_result","round":3,"board":20}"#),
            (2, r#"{"command":"undo","of":1}"#),
            (3, r#"{"command":"redo","of":2}"#),
        ];
        let row = |id: i64| rows.iter().find(|(i, _)| *i == id).map(|(_, c)| c.to_string());
        let named = original_command(rows[2].1.to_string(), row);
        assert_eq!(action_label(&named, Lang::Zh), "录入成绩 第3轮 第20台");
        assert_eq!(action_label(&named, Lang::En), "Result round 3 board 20");
    }
}

/// An audit row's time (RFC 3339, UTC) on this laptop's clock: `2026-12-01 21:05:33`;
/// the stored text when it cannot be read.
pub fn local_time(at: &str) -> String {
    match at.parse::<jiff::Timestamp>() {
        Ok(t) => t.to_zoned_datetime(jiff::tz::TimeZone::system()).datetime().strftime("%Y-%m-%d %H:%M:%S").to_string(),
        Err(_) => at.chars().take(19).collect::<String>().replace('T', " "),
    }
}

#[cfg(test)]
mod time_tests {
    use super::*;

    // Issue 18: the history shows local time; a time in UTC reads back unchanged there.
    #[test]
    fn audit_times_are_shown_on_the_local_clock() {
        let at = "2026-12-01T21:05:33.123Z";
        let expected = at
            .parse::<jiff::Timestamp>()
            .unwrap()
            .to_zoned_datetime(jiff::tz::TimeZone::system())
            .datetime()
            .strftime("%Y-%m-%d %H:%M:%S")
            .to_string();
        assert_eq!(local_time(at), expected);
        assert_eq!(local_time("not a time"), "not a time");
    }
}
