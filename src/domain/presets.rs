//! Named event presets carrying the seeds' numbers exactly (CLI.md "Presets"):
//! `lingting-cup` (seed 000), `huaiyin-2022` (seed 003), `cxa-swiss`, `cxa-team`,
//! `fide-swiss`.

use super::eligibility::Eligibility;
use super::event::{Event, Group, KnockoutRules, Official, RoundSchedule, Stage, StageKind, StageStatus};
use super::ids::{GroupId, RoundNo, StageNo};
use super::model::numbering::Numbering;
use super::model::prize_rules::PrizeRules;
use super::model::team::{MemberRanking, TeamStage};
use super::player::Title;
use super::points::Points;
use super::rules::{
    ByeOpponent, ClubAvoidance, Discipline, FideEditionChoice, FirstRoundMode, PairingOptions, PairingSystem,
    ScoringTable, Tiebreak,
};
use jiff::civil::date;

/// A preset's name and one-line description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PresetInfo {
    /// The name given to `bianpai new --preset`.
    pub name: &'static str,
    /// One line for `bianpai presets`.
    pub description: &'static str,
    /// What the window calls it, in Chinese and in English.
    pub title: (&'static str, &'static str),
    /// What the window says of it, in Chinese and in English.
    pub summary: (&'static str, &'static str),
}

/// Every preset, sorted by name.
pub const PRESETS: [PresetInfo; 5] = [
    PresetInfo {
        name: "cxa-swiss",
        description: "CXA 2011 Swiss: 2/1/0; tiebreaks 对手分, 胜局, 犯规, 后手局, previous rounds (14.3.1)",
        title: ("象棋积分编排赛（中国象棋协会规则）", "Xiangqi Swiss (CXA rules)"),
        summary: (
            "瑞士制，胜2和1负0；小分：对手分、胜局、犯规、后手局、比较前一轮成绩",
            "Swiss, 2/1/0; tiebreaks: opponents' points, wins, fouls, games as black, earlier rounds",
        ),
    },
    PresetInfo {
        name: "cxa-team",
        description: "CXA team Swiss: matches of 4 boards (--boards K), 局分 2/1/0, 场分 2/1/0; 场分 → 局分 → 直胜 → 对手场分 → 台次分",
        title: ("象棋团体赛（中国象棋协会规则）", "Xiangqi team Swiss (CXA rules)"),
        summary: (
            "各队按台次出场，每场4台，主队单数台执红；局分胜2和1负0，场分胜2和1负0；名次：场分、局分、直胜、对手场分、台次分",
            "teams play matches of 4 boards, the home team red on odd boards; games 2/1/0, matches 2/1/0; ranked by match points, game points, head-to-head, opponents' match points, board points",
        ),
    },
    PresetInfo {
        name: "fide-swiss",
        description: "FIDE Swiss: 1/½/0, Dutch pairing; tiebreaks Buchholz Cut-1, Buchholz, Sonneborn-Berger",
        title: ("国际象棋瑞士制（FIDE 荷兰制）", "FIDE Swiss (Dutch system)"),
        summary: (
            "胜1和½负0，荷兰制编排；小分：去低对手分、对手分、索伯分",
            "1/½/0, Dutch pairing; tiebreaks: Buchholz cut 1, Buchholz, Sonneborn-Berger",
        ),
    },
    PresetInfo {
        name: "huaiyin-2022",
        description: "2022 淮阴 qualifier (seed 003): 成人组/少年组/儿童组, random round 1, 2/1/0, 对手分/胜局/犯规/后走局数/后走胜局/前轮名次; team ranking by 单位, best 3 (our choice: the rule book names no number)",
        title: ("2022 淮阴区预选赛（成人、少年、儿童三组）", "2022 Huaiyin qualifier (adults, youths, children)"),
        summary: (
            "三个组别各有报名条件；首轮电脑抽签，胜2和1负0；小分：对手分、胜局、犯规、后走局数、后走胜局、前轮名次；按单位组队计团体名次，每队计前3名（规程未定人数，此为本软件的选择）",
            "three groups with their own entry rules; random round 1, 2/1/0; tiebreaks: opponents' points, wins, fouls, games as black, wins as black, previous ranks; teams by club ranked on their best 3 (the rule book names no number; our choice)",
        ),
    },
    PresetInfo {
        name: "lingting-cup",
        description: "聆听杯 (seed 000): club qualifier Swiss → 7-round Swiss of 32 → 16-player knockout; red 4/2/0, black 5/3/0",
        title: ("“聆听杯”网络象棋大赛", "Lingting Cup online xiangqi"),
        summary: (
            "棋社海选 → 32 人 7 轮积分赛 → 16 人淘汰赛；红胜4和2负0，黑胜5和3负0",
            "club qualifier → 7-round Swiss of 32 → 16-player knockout; red 4/2/0, black 5/3/0",
        ),
    },
];

/// Builds a new event from a preset. `rounds` sets the first stage's rounds where the
/// preset leaves them to the director. `None` for an unknown preset name.
pub fn build(preset: &str, name: Option<&str>, rounds: Option<u32>) -> Option<Event> {
    let mut event = match preset {
        "lingting-cup" => lingting_cup(),
        "huaiyin-2022" => huaiyin_2022(),
        "cxa-swiss" => cxa_swiss(),
        "cxa-team" => cxa_team(),
        "fide-swiss" => fide_swiss(),
        _ => return None,
    };
    if let Some(name) = name {
        // Never a control character in a title (issue 38, item 12), whoever names it.
        event.name = crate::domain::model::player::clean_text(name);
    }
    if let Some(rounds) = rounds {
        for group in &mut event.groups {
            if let Some(first) = group.stages.first_mut()
                && first.rounds_planned.is_none()
            {
                first.rounds_planned = Some(rounds);
            }
        }
    }
    Some(event)
}

/// The event a director creates from a preset (`bianpai new`, the window's 新建): as
/// [`build`], its start numbers running 1…N within each group (R-11.6: the default for
/// new events; [`build`] keeps numbering across the event, as older files do).
pub fn build_new(preset: &str, name: Option<&str>, rounds: Option<u32>) -> Option<Event> {
    build(preset, name, rounds).map(|event| Event { numbering: Numbering::PerGroup, ..event })
}

/// Whether the preset plans the first stage's rounds itself in some group, so that a
/// round count given to [`build`] is not used there (issue 39 item 4). `false` for an
/// unknown preset.
pub fn plans_rounds_itself(preset: &str) -> bool {
    build(preset, None, None)
        .is_some_and(|e| e.groups.iter().any(|g| g.stages.first().is_some_and(|s| s.rounds_planned.is_some())))
}

fn whole(p: i32) -> Points {
    Points::whole(p)
}

/// Seed 000 scoring of the Swiss stages: 红胜 4 和 2 负 0；黑胜 5 和 3 负 0.
/// The rule book is silent on byes; a bye scores the lower win (4), so that it never
/// beats a game won on the board.
pub fn lingting_scoring() -> ScoringTable {
    ScoringTable {
        red_win: whole(4),
        red_draw: whole(2),
        red_loss: whole(0),
        black_win: whole(5),
        black_draw: whole(3),
        black_loss: whole(0),
        bye: whole(4),
        requested_bye: whole(0),
        forfeit_win: None,
        forfeit_loss: whole(0),
        bye_opponent: ByeOpponent::Lowest,
    }
}

fn lingting_discipline() -> Discipline {
    Discipline {
        forfeits_in_a_row: Some(2),
        forfeits_in_total: Some(3),
        unexcused_forfeit_fine_fen: 1000,
        late_minutes: Some(5),
    }
}

fn swiss_stage(no: u32, name: &str, scoring: ScoringTable, tiebreaks: Vec<Tiebreak>, pairing: PairingOptions) -> Stage {
    Stage {
        no: StageNo(no),
        name: name.to_string(),
        kind: StageKind::Swiss,
        rounds_planned: None,
        scoring,
        tiebreaks,
        fide_edition: FideEditionChoice::ByStartDate,
        pairing,
        knockout: None,
        discipline: Discipline::default(),
        time_control: String::new(),
        schedule: Vec::new(),
        video: false,
        qualifiers: None,
        nominees: 0,
        entrants: Vec::new(),
        double_round_robin: false,
        planned_byes: Vec::new(),
        teams: None,
        status: if no == 1 { StageStatus::Open } else { StageStatus::Pending },
        rounds: Vec::new(),
    }
}

fn group(id: u32, name: &str, aliases: &[&str], stages: Vec<Stage>) -> Group {
    Group {
        id: GroupId(id),
        name: name.to_string(),
        aliases: aliases.iter().map(|a| a.to_string()).collect(),
        eligibility: Eligibility::default(),
        capacity: None,
        rank_genders_separately: false,
        entry_fee_fen: 0,
        registration: None,
        phone_required: false,
        prizes: PrizeRules::default(),
        pairing_controls: Default::default(),
        prize_decisions: Vec::new(),
        teams: Vec::new(),
        member_ranking: None,
        numbers_given: 0,
        stages,
    }
}

fn officials(list: &[(&str, &str)]) -> Vec<Official> {
    list.iter().map(|(role, name)| Official { role: role.to_string(), name: name.to_string() }).collect()
}

fn lingting_cup() -> Event {
    let tiebreaks = vec![Tiebreak::OpponentsPoints, Tiebreak::Progressive, Tiebreak::Wins, Tiebreak::BlackGames];
    let pairing = PairingOptions {
        system: PairingSystem::Cxa,
        first_round: FirstRoundMode::Halves,
        club_avoidance: ClubAvoidance::Off,
        club_avoidance_absolute: false,
        initial_colour: None,
    };
    let mut qualifier = swiss_stage(1, "棋社海选赛", lingting_scoring(), tiebreaks.clone(), pairing.clone());
    qualifier.time_control = "局时20分钟，步时3分钟，读秒30秒".into();
    qualifier.qualifiers = Some(30);
    qualifier.nominees = 2;
    qualifier.discipline = lingting_discipline();
    let mut swiss = swiss_stage(2, "视频积分赛", lingting_scoring(), tiebreaks, pairing.clone());
    swiss.rounds_planned = Some(7);
    swiss.time_control = "25分钟包干".into();
    swiss.qualifiers = Some(16);
    swiss.discipline = lingting_discipline();
    // Seed 000: the Swiss of 32 and the knockout are played online, each game at a time
    // the players agree and watched by an official.
    swiss.video = true;
    let mut knockout =
        swiss_stage(3, "视频淘汰赛", ScoringTable::symmetric(whole(2), whole(1), whole(0)), Vec::new(), pairing);
    knockout.kind = StageKind::Knockout;
    knockout.rounds_planned = Some(4);
    knockout.time_control = "30分钟包干".into();
    knockout.knockout = Some(KnockoutRules::lingting());
    knockout.discipline = lingting_discipline();
    knockout.video = true;
    Event {
        name: "“聆听杯”网络象棋大赛".into(),
        preset: "lingting-cup".into(),
        start_date: None,
        officials: officials(&[
            ("总裁判", "聆听"),
            ("副裁判", "蛋总"),
            ("裁判顾问", "井中月"),
            ("裁判顾问", "久伴"),
            ("编排长", "蛋总"),
            ("挂盘组组长", "168"),
            ("巡视组组长", "一刀"),
        ]),
        groups: vec![Group {
            prizes: PrizeRules::lingting_cup(),
            ..group(1, "公开组", &["open"], vec![qualifier, swiss, knockout])
        }],
        players: Vec::new(),
        ledger: Vec::new(),
        team_ranking: None,
        numbers_given: 0,
        numbering: Numbering::PerEvent,
    }
}

/// A 淮阴区 stage: 线上积分赛 of `times.len()` rounds of `minutes` each way (seed 003).
fn huaiyin_stage(minutes: u32, times: &[&str], monitored: bool) -> Stage {
    let tiebreaks = vec![
        Tiebreak::OpponentsPoints,
        Tiebreak::Wins,
        Tiebreak::Fouls,
        Tiebreak::BlackGames,
        Tiebreak::BlackWins,
        Tiebreak::PreviousRank,
    ];
    let pairing = PairingOptions {
        system: PairingSystem::Cxa,
        first_round: FirstRoundMode::Random,
        club_avoidance: ClubAvoidance::Off,
        club_avoidance_absolute: false,
        initial_colour: None,
    };
    let scoring = ScoringTable::symmetric(whole(2), whole(1), whole(0));
    let mut s = swiss_stage(1, "线上积分赛", scoring, tiebreaks, pairing);
    s.rounds_planned = Some(times.len() as u32);
    s.time_control = format!("每方{minutes}分钟包干，超时判负");
    s.discipline = Discipline { late_minutes: Some(5), ..Discipline::default() };
    s.schedule = times
        .iter()
        .enumerate()
        .map(|(i, start)| RoundSchedule {
            round: RoundNo(i as u32 + 1),
            start: start.to_string(),
            // 15.3: rounds 6 and 7, the top ten boards under video watch.
            monitored_boards: if monitored && i >= 5 { 10 } else { 0 },
        })
        .collect();
    s
}

/// Who may enter a 淮阴区 group: born between `from` and `to`, at most 70, and below
/// national master (seed 003 9.1, the international titles included; ).
fn huaiyin_eligibility(from: Option<jiff::civil::Date>, to: Option<jiff::civil::Date>) -> Eligibility {
    Eligibility {
        born_from: from,
        born_to: to,
        gender: None,
        min_age: None,
        max_age: Some(70),
        forbidden_titles: vec![
            Title::InternationalGrandMaster,
            Title::InternationalMaster,
            Title::GrandMaster,
            Title::Master,
        ],
    }
}

fn huaiyin_2022() -> Event {
    let mut adult = group(
        1,
        "成人组",
        &["adult"],
        vec![huaiyin_stage(
            25,
            &[
                "2022-12-02 19:00",
                "2022-12-02 20:00",
                "2022-12-02 21:00",
                "2022-12-02 22:00",
                "2022-12-03 19:00",
                "2022-12-03 20:00",
                "2022-12-03 21:00",
            ],
            true,
        )],
    );
    adult.eligibility = huaiyin_eligibility(Some(date(1952, 1, 1)), Some(date(2005, 12, 31)));
    adult.capacity = Some(80);
    adult.registration = Some((date(2022, 11, 20), date(2022, 11, 30)));
    let mut youth = group(
        2,
        "少年组",
        &["youth"],
        vec![huaiyin_stage(
            15,
            &["2022-11-19 13:30", "2022-11-19 14:10", "2022-11-19 14:50", "2022-11-19 15:30", "2022-11-19 16:10"],
            false,
        )],
    );
    youth.eligibility = huaiyin_eligibility(Some(date(2006, 1, 1)), Some(date(2010, 12, 31)));
    youth.capacity = Some(20);
    youth.rank_genders_separately = true;
    youth.registration = Some((date(2022, 11, 12), date(2022, 11, 18)));
    let mut children = group(
        3,
        "儿童组",
        &["children"],
        vec![huaiyin_stage(
            15,
            &["2022-11-20 14:00", "2022-11-20 14:40", "2022-11-20 15:20", "2022-11-20 16:00", "2022-11-20 16:40"],
            false,
        )],
    );
    children.eligibility = huaiyin_eligibility(Some(date(2011, 1, 1)), None);
    children.capacity = Some(30);
    children.registration = Some((date(2022, 11, 12), date(2022, 11, 18)));
    adult.prizes = PrizeRules::huaiyin_adult();
    youth.prizes = PrizeRules::huaiyin_junior();
    children.prizes = PrizeRules::huaiyin_junior();
    for g in [&mut adult, &mut youth, &mut children] {
        g.entry_fee_fen = 500;
        g.phone_required = true;
        // 队员总分制 over 单位: seed 003 lists 团体赛 but names no number of
        // counted members; 3 is our choice, said in the preset's description.
        g.member_ranking = Some(MemberRanking { count: Some(3), avoid: ClubAvoidance::Off, avoid_absolute: false });
    }
    Event {
        name: "2022年第七届“泰州海陵杯”全国象棋业余棋王赛淮阴区预选赛".into(),
        preset: "huaiyin-2022".into(),
        start_date: Some(date(2022, 11, 19)),
        officials: Vec::new(),
        groups: vec![adult, youth, children],
        players: Vec::new(),
        ledger: Vec::new(),
        team_ranking: None,
        numbers_given: 0,
        numbering: Numbering::PerEvent,
    }
}

fn cxa_swiss() -> Event {
    let stage = swiss_stage(
        1,
        "积分编排赛",
        ScoringTable::symmetric(whole(2), whole(1), whole(0)),
        vec![Tiebreak::OpponentsPoints, Tiebreak::Wins, Tiebreak::Fouls, Tiebreak::BlackGames, Tiebreak::PreviousScore],
        PairingOptions::default(),
    );
    Event {
        name: "象棋积分编排赛".into(),
        preset: "cxa-swiss".into(),
        start_date: None,
        officials: Vec::new(),
        groups: vec![group(1, "公开组", &["open"], vec![stage])],
        players: Vec::new(),
        ledger: Vec::new(),
        team_ranking: None,
        numbers_given: 0,
        numbering: Numbering::PerEvent,
    }
}

/// Boards per match of `cxa-team` when `new` names none.
pub const DEFAULT_TEAM_BOARDS: u32 = 4;

fn cxa_team() -> Event {
    let mut stage = swiss_stage(
        1,
        "团体赛",
        ScoringTable::symmetric(whole(2), whole(1), whole(0)),
        vec![Tiebreak::OpponentsPoints, Tiebreak::Wins, Tiebreak::Fouls],
        PairingOptions::default(),
    );
    stage.teams = Some(TeamStage::cxa(DEFAULT_TEAM_BOARDS));
    Event {
        name: "象棋团体赛".into(),
        preset: "cxa-team".into(),
        start_date: None,
        officials: Vec::new(),
        groups: vec![group(1, "团体组", &["team"], vec![stage])],
        players: Vec::new(),
        ledger: Vec::new(),
        team_ranking: None,
        numbers_given: 0,
        numbering: Numbering::PerEvent,
    }
}

/// Sets the boards per match of every team stage not yet paired (`new … --boards K`);
/// `false` when the event has no such stage.
pub fn set_team_boards(event: &mut Event, boards: u32) -> bool {
    let mut found = false;
    for stage in event.groups.iter_mut().flat_map(|g| g.stages.iter_mut()) {
        if let Some(rules) = stage.teams.as_mut()
            && stage.rounds.is_empty()
        {
            rules.boards = boards;
            found = true;
        }
    }
    found
}

fn fide_swiss() -> Event {
    let mut scoring = ScoringTable::symmetric(Points(10), Points(5), Points(0));
    scoring.requested_bye = Points(5);
    let stage = swiss_stage(
        1,
        "Swiss",
        scoring,
        vec![Tiebreak::BuchholzCut1, Tiebreak::Buchholz, Tiebreak::SonnebornBerger],
        PairingOptions {
            system: PairingSystem::FideDutch,
            first_round: FirstRoundMode::Halves,
            club_avoidance: ClubAvoidance::Off,
            club_avoidance_absolute: false,
            initial_colour: None,
        },
    );
    Event {
        name: "Swiss".into(),
        preset: "fide-swiss".into(),
        start_date: None,
        officials: Vec::new(),
        groups: vec![group(1, "Open", &["open"], vec![stage])],
        players: Vec::new(),
        ledger: Vec::new(),
        team_ranking: None,
        numbers_given: 0,
        numbering: Numbering::PerEvent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_preset_builds() {
        for p in PRESETS {
            let e = build(p.name, None, Some(5)).unwrap_or_else(|| panic!("{}", p.name));
            assert_eq!(e.preset, p.name);
        }
        assert!(build("nope", None, None).is_none());
    }

    // seed 000 numbers.
    #[test]
    fn lingting_cup_carries_seed_000() {
        let e = build("lingting-cup", None, Some(6)).unwrap();
        let stages = &e.groups[0].stages;
        assert_eq!(stages.len(), 3);
        assert_eq!(stages[0].rounds_planned, Some(6));
        assert_eq!(stages[1].rounds_planned, Some(7));
        assert_eq!(stages[0].qualifiers, Some(30));
        assert_eq!(stages[0].nominees, 2);
        assert_eq!(stages[1].qualifiers, Some(16));
        let s = &stages[1].scoring;
        assert_eq!((s.red_win, s.red_draw, s.black_win, s.black_draw), (whole(4), whole(2), whole(5), whole(3)));
        assert_eq!(stages[2].scoring.red_win, whole(2));
        assert_eq!(
            stages[1].tiebreaks,
            vec![Tiebreak::OpponentsPoints, Tiebreak::Progressive, Tiebreak::Wins, Tiebreak::BlackGames]
        );
    }

    // seed 003 numbers.
    #[test]
    fn huaiyin_carries_seed_003() {
        let e = build("huaiyin-2022", None, None).unwrap();
        let names: Vec<_> = e.groups.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(names, ["成人组", "少年组", "儿童组"]);
        assert_eq!(e.groups.iter().map(|g| g.capacity).collect::<Vec<_>>(), [Some(80), Some(20), Some(30)]);
        assert!(e.groups[1].rank_genders_separately);
        assert_eq!(e.groups[0].stages[0].rounds_planned, Some(7));
        assert_eq!(e.groups[1].stages[0].rounds_planned, Some(5));
        assert_eq!(e.groups[0].stages[0].schedule[5].monitored_boards, 10);
        assert_eq!(e.groups[0].stages[0].schedule[4].monitored_boards, 0);
        assert_eq!(e.groups[0].stages[0].tiebreaks.last(), Some(&Tiebreak::PreviousRank));
        assert_eq!(e.find_group("youth").map(|g| g.id), Some(GroupId(2)));
    }
}
