//! The event's team ranking across groups (全赛事团体总分, R-10.8) as data: its rule in
//! words, the standings it reads, and the table — 名次, 单位, 积分, the counted members
//! with their group, 对手分, 最好名次, 犯规 — that the window, the PDF, the exports and
//! `bianpai teams event-ranking` show alike.

use crate::domain::command::DomainError;
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::model::team::{EventTeamCount, EventTeamRanking};
use crate::domain::teams::event_ranking::{CountedMember, EventTeamStandings, event_team_standings_by};
use crate::lang::Lang;

/// A column of the event's team ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventTeamColumn {
    /// 名次
    Rank,
    /// 单位
    Club,
    /// 积分: the counted members' points.
    Points,
    /// 计分队员: the counted members, each with his group and points.
    Counted,
    /// 对手分 of the counted members.
    OpponentsPoints,
    /// 最好名次: the best rank among them, each in his own group.
    BestRank,
    /// 犯规 of the counted members.
    Fouls,
    /// 人数不足 for a club with fewer members to count than required.
    Note,
}

impl EventTeamColumn {
    /// The heading in `lang`.
    pub fn header(self, lang: Lang) -> &'static str {
        match self {
            EventTeamColumn::Rank => lang.t("名次", "Rank"),
            EventTeamColumn::Club => lang.t("单位", "Club"),
            EventTeamColumn::Points => lang.t("积分", "Points"),
            EventTeamColumn::Counted => lang.t("计分队员", "Counted members"),
            EventTeamColumn::OpponentsPoints => lang.t("对手分", "Opp. points"),
            EventTeamColumn::BestRank => lang.t("最好名次", "Best rank"),
            EventTeamColumn::Fouls => lang.t("犯规", "Fouls"),
            EventTeamColumn::Note => lang.t("备注", "Note"),
        }
    }

    /// Whether the column holds numbers (drawn right-aligned, written as numbers).
    pub fn is_numeric(self) -> bool {
        !matches!(self, EventTeamColumn::Club | EventTeamColumn::Counted | EventTeamColumn::Note)
    }
}

/// The event's team ranking as a table in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTeamTable {
    /// The columns; 备注 only when some club is short of members.
    pub columns: Vec<EventTeamColumn>,
    /// One text per column, clubs in rank order.
    pub rows: Vec<Vec<String>>,
    /// The rule: what counts and how ties are broken.
    pub rule: String,
    /// The standings read: each counted group after its last complete round.
    pub basis: String,
}

/// "全部队员" / "every member", "总成绩前3名" / "best 3 overall", "每组前3名" / "best 3
/// per group".
pub fn count_words(count: EventTeamCount, lang: Lang) -> String {
    match (count, lang) {
        (EventTeamCount::All, _) => lang.t("全部队员", "every member").to_string(),
        (EventTeamCount::BestOverall(n), Lang::Zh) => format!("总成绩前{n}名"),
        (EventTeamCount::BestOverall(n), Lang::En) => format!("best {n} overall"),
        (EventTeamCount::BestPerGroup(n), Lang::Zh) => format!("每组前{n}名"),
        (EventTeamCount::BestPerGroup(n), Lang::En) => format!("best {n} per group"),
    }
}

/// The groups a setting names, "成人组、少年组", or "每个个人赛组别" / "every individual
/// group" when it names none.
pub fn groups_words(event: &Event, setting: &EventTeamRanking, lang: Lang) -> String {
    match &setting.groups {
        None => lang.t("每个个人赛组别", "every individual group").to_string(),
        Some(ids) => {
            let name = |id: &GroupId| event.group(*id).map_or_else(|| id.to_string(), |g| g.name.clone());
            ids.iter().map(name).collect::<Vec<_>>().join(lang.t("、", ", "))
        }
    }
}

/// What counts, in words: "各单位计成人组、少年组的每组前2名" / "成人组, 少年组: each
/// club counts its best 2 per group".
pub fn setting_words(event: &Event, setting: &EventTeamRanking, lang: Lang) -> String {
    let (groups, count) = (groups_words(event, setting, lang), count_words(setting.count, lang));
    match (lang, setting.count) {
        (Lang::Zh, _) => format!("各单位计{groups}的{count}"),
        (Lang::En, EventTeamCount::All) => format!("{groups}: each club counts every member"),
        (Lang::En, _) => format!("{groups}: each club counts its {count}"),
    }
}

/// The rule in one line: "全赛事团体：各单位计每个个人赛组别的总成绩前3名；同分比对手分、
/// 最好名次、犯规".
pub fn rule_words(event: &Event, setting: &EventTeamRanking, lang: Lang) -> String {
    let what = setting_words(event, setting, lang);
    match lang {
        Lang::Zh => format!("全赛事团体：{what}；同分比对手分、最好名次、犯规"),
        Lang::En => format!("Team ranking across {what}; ties by opp. points, best rank, fouls"),
    }
}

/// The standings read: "成绩：成人组第7轮后、少年组第5轮后".
fn basis_words(event: &Event, standings: &EventTeamStandings, lang: Lang) -> String {
    let parts: Vec<String> = standings
        .groups
        .iter()
        .map(|g| {
            let name = event.group(g.group).map_or_else(|| g.group.to_string(), |x| x.name.clone());
            match lang {
                Lang::Zh => format!("{name}第{}轮后", g.after_round),
                Lang::En => format!("{name} after round {}", g.after_round),
            }
        })
        .collect();
    let list = parts.join(lang.t("、", ", "));
    match lang {
        Lang::Zh => format!("成绩：{list}"),
        Lang::En => format!("Standings: {list}"),
    }
}

/// A counted member: "3 张三（成人组 6）" / "3 张三 (成人组 6)".
pub fn member_words(event: &Event, m: &CountedMember, lang: Lang) -> String {
    let name = event.player(m.start_no).map_or("", |p| p.entry.name.as_str());
    let group = event.group(m.group).map_or_else(|| m.group.to_string(), |g| g.name.clone());
    match lang {
        Lang::Zh => format!("{} {name}（{group} {}）", event.shown_no(m.start_no), m.points),
        Lang::En => format!("{} {name} ({group} {})", event.shown_no(m.start_no), m.points),
    }
}

impl EventTeamTable {
    /// The table of `standings`, the event's ranking by `setting`.
    pub fn of(event: &Event, setting: &EventTeamRanking, standings: &EventTeamStandings, lang: Lang) -> Self {
        use EventTeamColumn as C;
        let mut columns = vec![C::Rank, C::Club, C::Points, C::Counted, C::OpponentsPoints, C::BestRank, C::Fouls];
        let short = standings.rows.iter().any(|r| !r.complete);
        if short {
            columns.push(C::Note);
        }
        let rows = standings
            .rows
            .iter()
            .map(|r| {
                let counted: Vec<String> = r.counted.iter().map(|m| member_words(event, m, lang)).collect();
                let mut cells = vec![
                    r.rank.to_string(),
                    r.club.clone(),
                    r.points.to_string(),
                    counted.join(lang.t("、", ", ")),
                    r.opponents_points.to_string(),
                    r.best_rank.map(|b| b.to_string()).unwrap_or_default(),
                    r.fouls.to_string(),
                ];
                if short {
                    cells.push(if r.complete { String::new() } else { lang.t("人数不足", "short").to_string() });
                }
                cells
            })
            .collect();
        EventTeamTable {
            columns,
            rows,
            rule: rule_words(event, setting, lang),
            basis: basis_words(event, standings, lang),
        }
    }

    /// The event's table by its own setting; `None` while the ranking is off.
    ///
    /// # Errors
    /// A stage's standings cannot be computed.
    pub fn of_event(event: &Event, lang: Lang) -> Result<Option<Self>, DomainError> {
        let Some(setting) = &event.team_ranking else { return Ok(None) };
        let standings = event_team_standings_by(event, setting)?;
        Ok(Some(EventTeamTable::of(event, setting, &standings, lang)))
    }

    /// The column headings in `lang`.
    pub fn headers(&self, lang: Lang) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.header(lang)).collect()
    }
}
