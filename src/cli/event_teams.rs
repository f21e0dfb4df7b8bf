//! `bianpai teams event-ranking FILE [--set off|all|best-N|best-N-per-group] [--groups
//! G[,G…]|all] [--json]`: the clubs (单位) ranked across the event's individual groups
//! by their members' points (全赛事团体总分, R-10.8). Without `--set` or `--groups` it
//! only reads (beside the window, as `teams standings` does); with them it changes the
//! event's setting first — one command, saved and audited — then shows the ranking.

use super::InputError;
use super::table::{self, Align};
use super::words::{Impossible, lang, t};
use crate::domain::command::Command;
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::model::team::{EventTeamCount, EventTeamRanking};
use crate::domain::teams::event_ranking::event_team_standings_by;
use crate::io::json;
use crate::present::event_teams::{EventTeamTable, rule_words};
use crate::store::{EventFile, EventReader};
use std::path::Path;

/// Runs `teams event-ranking`.
pub(super) fn run(file: &Path, set: Option<&str>, groups: Option<&str>, as_json: bool) -> anyhow::Result<String> {
    let mut said = String::new();
    let event = if set.is_some() || groups.is_some() {
        let mut f = EventFile::open_for_command(file)?;
        let wanted = wanted(f.event(), set, groups)?;
        if wanted != f.event().team_ranking {
            f.execute(&Command::SetEventTeamRanking { ranking: wanted.clone() })?;
        }
        said = match &wanted {
            None => t("已取消全赛事团体排名\n", "team ranking across the event turned off\n"),
            Some(setting) => format!("{}\n", rule_words(f.event(), setting, lang())),
        };
        f.event().clone()
    } else {
        EventReader::open(file)?.into_event()
    };
    let Some(setting) = &event.team_ranking else {
        if set.is_some() {
            let off = serde_json::json!({"mode": "off", "count": null, "groups": [], "rows": []});
            return Ok(if as_json { format!("{off}\n") } else { said });
        }
        return Err(Impossible(t(
            "全赛事团体排名未启用；用 --set all、--set best-3 或 --set best-2-per-group 启用",
            "the team ranking across the event is off; turn it on with --set all, --set best-3 or --set \
             best-2-per-group",
        ))
        .into());
    };
    let standings = event_team_standings_by(&event, setting)?;
    if as_json {
        return Ok(format!("{}\n", json::event_team_ranking(&event, &standings)));
    }
    let table = EventTeamTable::of(&event, setting, &standings, lang());
    if said.is_empty() {
        said = format!("{}\n", table.rule);
    }
    let header: Vec<(&str, &str, Align)> = table
        .columns
        .iter()
        .map(|c| {
            let align = if c.is_numeric() { Align::Right } else { Align::Left };
            (c.header(crate::lang::Lang::Zh), c.header(crate::lang::Lang::En), align)
        })
        .collect();
    Ok(format!("{said}{}\n{}", table.basis, table::render(&header, &table.rows)))
}

/// The setting asked for: `--set` over the saved one, with `--groups` when given.
///
/// # Errors
/// [`InputError`] for a `--set` or `--groups` that cannot be read, or `--groups` alone
/// while the ranking is off.
fn wanted(event: &Event, set: Option<&str>, groups: Option<&str>) -> Result<Option<EventTeamRanking>, InputError> {
    let saved = event.team_ranking.clone();
    let count = match set {
        None => match &saved {
            Some(s) => s.count,
            None => {
                return Err(InputError(t(
                    "全赛事团体排名未启用；请同时用 --set 启用",
                    "the team ranking across the event is off; turn it on with --set as well",
                )));
            }
        },
        Some(text) => match parse_set(text)? {
            None => return Ok(None),
            Some(count) => count,
        },
    };
    let groups = match groups {
        None => saved.and_then(|s| s.groups),
        Some(text) => parse_groups(event, text)?,
    };
    Ok(Some(EventTeamRanking { groups, count }))
}

/// `off`, `all`, `best-N`, `best-N-per-group`; `None` for off.
fn parse_set(text: &str) -> Result<Option<EventTeamCount>, InputError> {
    let bad = || {
        InputError(t(
            format!("--set “{text}”：应为 off、all、best-N 或 best-N-per-group（N 为正整数，如 best-3）"),
            format!("--set '{text}': expected off, all, best-N or best-N-per-group (N a whole number, e.g. best-3)"),
        ))
    };
    let text_lower = text.trim().to_ascii_lowercase();
    match text_lower.as_str() {
        "off" => return Ok(None),
        "all" => return Ok(Some(EventTeamCount::All)),
        _ => {}
    }
    let rest = text_lower.strip_prefix("best-").ok_or_else(bad)?;
    let (n, per_group) = match rest.strip_suffix("-per-group") {
        Some(n) => (n, true),
        None => (rest, false),
    };
    let n: u32 = n.parse().ok().filter(|n| *n >= 1).ok_or_else(bad)?;
    Ok(Some(if per_group { EventTeamCount::BestPerGroup(n) } else { EventTeamCount::BestOverall(n) }))
}

/// `all` (every individual group: `None`) or groups by name, alias or number.
fn parse_groups(event: &Event, text: &str) -> Result<Option<Vec<GroupId>>, InputError> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(None);
    }
    let mut ids = Vec::new();
    for piece in text.split([',', '，', '、']).map(str::trim).filter(|p| !p.is_empty()) {
        let g = event.find_group(piece).ok_or_else(|| {
            let names: Vec<&str> = event.groups.iter().map(|g| g.name.as_str()).collect();
            let names = names.join(", ");
            InputError(t(
                format!("--groups：没有组别“{piece}”；组别有：{names}"),
                format!("--groups: no group '{piece}'; groups: {names}"),
            ))
        })?;
        ids.push(g.id);
    }
    if ids.is_empty() {
        return Err(InputError(t("--groups 至少列出一个组别，或写 all", "--groups: name at least one group, or all")));
    }
    Ok(Some(ids))
}

#[cfg(test)]
mod tests {
    use super::*;

    // the shapes of --set.
    #[test]
    fn set_reads_off_all_best_n_and_best_n_per_group() {
        assert_eq!(parse_set("off").unwrap(), None);
        assert_eq!(parse_set("all").unwrap(), Some(EventTeamCount::All));
        assert_eq!(parse_set("best-3").unwrap(), Some(EventTeamCount::BestOverall(3)));
        assert_eq!(parse_set("Best-2-per-group").unwrap(), Some(EventTeamCount::BestPerGroup(2)));
        for bad in ["best-0", "best-", "best-x", "top-3", "best-2-per", ""] {
            assert!(parse_set(bad).is_err(), "{bad}");
        }
    }
}
