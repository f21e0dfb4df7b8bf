//! What the hall's pages show, built once from an event after each save: a read-only
//! [`HallSnapshot`] of every group's current stage — its paired rounds (boards, the
//! players' shown start numbers, names, clubs, scores before the round, results as
//! entered, byes; a team round's matches with their 局分), its standings as
//! `present::ranking` ranks them (the window's, the PDF's and `bianpai standings`'
//! table), its crosstable (`present::crosstable`, the PDF's), a knockout's bracket as
//! `present::bracket` draws it for the window and the PDF, and each player's search
//! keys for 查我的台次.
//! Pure: no file, no clock, no server; pages only read it.

use crate::domain::event::{ByeKind, Event, Group, Round, Stage};
use crate::domain::ids::StartNo;
use crate::domain::points::Points;
use crate::domain::standings::record::Record;
use crate::domain::standings::records_after;
use crate::lang::Lang;
use crate::present::bracket::{Bracket, Pending};
use crate::present::crosstable::Crosstable;
use crate::present::ranking::RankingTable;
use crate::present::search::{SearchKey, matches, search_keys};
use crate::present::team_round::TeamRoundSheet;
use std::collections::BTreeMap;

/// The event as the hall sees it at one revision.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HallSnapshot {
    /// Counts up with every change published; `/rev` returns it.
    pub revision: u64,
    /// The event's name.
    pub title: String,
    /// The groups in the event's order.
    pub groups: Vec<GroupView>,
}

/// One group: its current stage and its players.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupView {
    /// The group's id, the `{group}` of its pages' addresses.
    pub id: u32,
    /// The group's name.
    pub name: String,
    /// The current stage, once the group has one.
    pub stage: Option<StageView>,
    /// Every player of the group, for 查我的台次.
    pub players: Vec<Findable>,
}

/// A stage: its paired rounds and its standings.
#[derive(Debug, Clone, PartialEq)]
pub struct StageView {
    /// The stage's name.
    pub name: String,
    /// The rounds planned, when known.
    pub rounds_planned: Option<u32>,
    /// Every paired round, in order; the last is the current one.
    pub rounds: Vec<RoundView>,
    /// The standings after the last complete round (`None` when they cannot be built).
    pub standings: Option<RankingTable>,
    /// A knockout stage's bracket.
    pub bracket: Option<Bracket>,
    /// The crosstable after the last complete round, its cells in Chinese and English.
    pub crosstable: Option<(Crosstable, Crosstable)>,
}

impl StageView {
    /// The crosstable with its cells in `lang`.
    pub fn crosstable(&self, lang: Lang) -> Option<&Crosstable> {
        self.crosstable.as_ref().map(|(zh, en)| match lang {
            Lang::Zh => zh,
            Lang::En => en,
        })
    }
}

/// One paired round.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundView {
    /// The round's number.
    pub no: u32,
    /// Every game, by board then game (a knockout match has several).
    pub boards: Vec<BoardView>,
    /// The players without a game.
    pub byes: Vec<ByeView>,
    /// A team round's matches, in order (empty for a round of players).
    pub matches: Vec<TeamMatchView>,
    /// The teams of a team round without a match.
    pub team_byes: Vec<String>,
}

/// One match of a team round: its two teams, their 局分 so far and its boards.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamMatchView {
    /// The match's number, 1 on top.
    pub no: u32,
    /// The home team's name (red on odd boards).
    pub home: String,
    /// The away team's name.
    pub away: String,
    /// 局分 of (home, away) so far.
    pub game_points: (Points, Points),
    /// Every board has a result.
    pub complete: bool,
    /// The round's board numbers of the match, first and last.
    pub boards: (u32, u32),
}

/// One game on a board.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardView {
    /// The board's number.
    pub board: u32,
    /// The game of the match (1 in a Swiss round).
    pub game: u32,
    /// The red player.
    pub red: Seat,
    /// The black player.
    pub black: Seat,
    /// The result in the CLI's notation (`1-0`, `1/2`, `0-1`, `+-`, `-+`, `--`).
    pub result: Option<&'static str>,
}

/// A player as a round shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    /// The player.
    pub start_no: StartNo,
    /// The number people read.
    pub shown_no: u32,
    /// The player's name.
    pub name: String,
    /// 单位
    pub club: String,
    /// The player's score before the round.
    pub points: Points,
}

/// A player without a game in a round.
#[derive(Debug, Clone, PartialEq)]
pub struct ByeView {
    /// The player.
    pub seat: Seat,
    /// Why there is no game.
    pub kind: ByeKind,
}

/// A player who can be found by name, pinyin or number.
#[derive(Debug, Clone, PartialEq)]
pub struct Findable {
    /// The player.
    pub start_no: StartNo,
    /// The number people read.
    pub shown_no: u32,
    /// The player's name.
    pub name: String,
    /// 单位
    pub club: String,
    /// How the player is found.
    pub key: SearchKey,
}

/// Where a found player sits in the current round of the group.
#[derive(Debug, Clone, PartialEq)]
pub enum Placement<'a> {
    /// At a board, with this colour (`true`: red).
    Board { game: &'a BoardView, red: bool },
    /// Without a game.
    Bye(&'a ByeView),
    /// Not in the current round (none paired yet, or not an entrant of it).
    Unpaired,
}

/// A player found by 查我的台次.
#[derive(Debug, Clone, PartialEq)]
pub struct Found<'a> {
    /// The player's group.
    pub group: &'a GroupView,
    /// The player.
    pub player: &'a Findable,
    /// The current round's number, when one is paired.
    pub round: Option<u32>,
    /// Where the player sits in it.
    pub placement: Placement<'a>,
}

/// At most this many players are listed for one search.
pub const MAX_FOUND: usize = 30;

impl HallSnapshot {
    /// The snapshot of `event` at `revision`.
    pub fn of(event: &Event, revision: u64) -> HallSnapshot {
        let groups = event.groups.iter().map(|g| group_view(event, g)).collect();
        HallSnapshot { revision, title: event.name.clone(), groups }
    }

    /// The group whose id is `id`.
    pub fn group(&self, id: u32) -> Option<&GroupView> {
        self.groups.iter().find(|g| g.id == id)
    }

    /// The players whose name, club, pinyin or shown start number match `query`, each
    /// with where they sit in the current round; at most [`MAX_FOUND`], by group then
    /// number. Nothing for an empty query.
    pub fn find(&self, query: &str) -> Vec<Found<'_>> {
        if query.trim().is_empty() {
            return Vec::new();
        }
        let mut found = Vec::new();
        for group in &self.groups {
            let mut players: Vec<&Findable> = group.players.iter().filter(|p| matches(&p.key, query)).collect();
            players.sort_by_key(|p| (p.shown_no, p.start_no));
            for player in players {
                let current = group.current_round();
                let placement = current.map_or(Placement::Unpaired, |r| r.placement_of(player.start_no));
                found.push(Found { group, player, round: current.map(|r| r.no), placement });
            }
        }
        found.truncate(MAX_FOUND);
        found
    }
}

impl GroupView {
    /// The current stage's last paired round.
    pub fn current_round(&self) -> Option<&RoundView> {
        self.stage.as_ref().and_then(|s| s.rounds.last())
    }

    /// The group's player `start_no`.
    pub fn player(&self, start_no: StartNo) -> Option<&Findable> {
        self.players.iter().find(|p| p.start_no == start_no)
    }

    /// The current stage's round `no`.
    pub fn round(&self, no: u32) -> Option<&RoundView> {
        self.stage.as_ref().and_then(|s| s.rounds.iter().find(|r| r.no == no))
    }
}

impl RoundView {
    /// Where `player` sits in this round.
    pub fn placement_of(&self, player: StartNo) -> Placement<'_> {
        if let Some(game) = self.boards.iter().find(|b| b.red.start_no == player || b.black.start_no == player) {
            return Placement::Board { game, red: game.red.start_no == player };
        }
        match self.byes.iter().find(|b| b.seat.start_no == player) {
            Some(bye) => Placement::Bye(bye),
            None => Placement::Unpaired,
        }
    }

    /// The games on board `board`, in game order.
    pub fn board(&self, board: u32) -> Vec<&BoardView> {
        self.boards.iter().filter(|b| b.board == board).collect()
    }
}

fn group_view(event: &Event, group: &Group) -> GroupView {
    let players = search_keys(event, group.id)
        .into_iter()
        .filter_map(|key| {
            let p = event.players.get(key.index)?;
            Some(Findable {
                start_no: p.start_no,
                shown_no: p.shown(),
                name: p.entry.name.clone(),
                club: p.entry.club.clone(),
                key,
            })
        })
        .collect();
    let stage = group.current_stage().map(|s| stage_view(event, group, s));
    GroupView { id: group.id.0, name: group.name.clone(), stage, players }
}

fn stage_view(event: &Event, group: &Group, stage: &Stage) -> StageView {
    // Every round's scores before it, from one reading of the stage: each record keeps
    // its running total after each round.
    let last = stage.rounds.last().map_or(0, |r| r.no.0);
    let records = records_after(event, group.id, stage, last);
    let rounds = stage.rounds.iter().map(|r| round_view(event, group, stage, r, &records)).collect();
    let standings = RankingTable::standings_after(event, group.id, stage.no, stage.completed_rounds()).ok();
    let bracket = Bracket::of_stage(event, group.id, stage, &Pending::new());
    let after = stage.completed_rounds();
    let cross = |lang| Crosstable::of(event, group, stage, after, lang).ok();
    let crosstable = cross(Lang::Zh).zip(cross(Lang::En)).filter(|(zh, _)| !zh.rounds.is_empty());
    StageView { name: stage.name.clone(), rounds_planned: stage.rounds_planned, rounds, standings, bracket, crosstable }
}

fn team_matches(group: &Group, stage: &Stage, round: &Round) -> (Vec<TeamMatchView>, Vec<String>) {
    let Some(sheet) = TeamRoundSheet::of(stage, round) else { return (Vec::new(), Vec::new()) };
    let name = |id| group.team(id).map(|t| t.name.clone()).unwrap_or_default();
    let matches = sheet
        .matches
        .iter()
        .map(|m| TeamMatchView {
            no: m.no,
            home: name(m.home),
            away: name(m.away),
            game_points: (m.score.home.game_points, m.score.away.game_points),
            complete: m.score.complete,
            boards: (m.boards.first().map_or(0, |b| b.round_board.0), m.boards.last().map_or(0, |b| b.round_board.0)),
        })
        .collect();
    (matches, sheet.byes.iter().map(|t| name(*t)).collect())
}

fn round_view(
    event: &Event,
    group: &Group,
    stage: &Stage,
    round: &Round,
    records: &BTreeMap<StartNo, Record>,
) -> RoundView {
    let before = round.no.0.saturating_sub(1) as usize;
    let seat = |p: StartNo| {
        let player = event.player(p);
        Seat {
            start_no: p,
            shown_no: event.shown_no(p),
            name: player.map(|pl| pl.entry.name.clone()).unwrap_or_default(),
            club: player.map(|pl| pl.entry.club.clone()).unwrap_or_default(),
            points: records.get(&p).and_then(|r| r.totals.get(before)).copied().unwrap_or(Points::ZERO),
        }
    };
    let mut boards: Vec<BoardView> = round
        .games
        .iter()
        .map(|g| BoardView {
            board: g.board.0,
            game: g.game,
            red: seat(g.red),
            black: seat(g.black),
            result: g.result.map(|r| r.outcome.notation()),
        })
        .collect();
    boards.sort_by_key(|b| (b.board, b.game));
    let byes = round.byes.iter().map(|b| ByeView { seat: seat(b.player), kind: b.kind }).collect();
    let (matches, team_byes) = team_matches(group, stage, round);
    RoundView { no: round.no.0, boards, byes, matches, team_byes }
}
