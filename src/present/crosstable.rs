//! The crosstable (成绩总表, R-9.2) as data: a row per player in standings order, a
//! cell per round with the opponent's place in this table, the player's colour and the
//! result (`5红胜`: against no. 5 as red, won; `*` marks a forfeit; a bye by its kind),
//! then the standings row. The crosstable PDF and the hall's page draw it.

use crate::domain::command::DomainError;
use crate::domain::event::{ByeKind, Event, Game, Group, Round, Stage};
use crate::domain::ids::StartNo;
use crate::domain::result::Outcome;
use crate::domain::rules::Colour;
use crate::domain::standings::{StandingsRow, standings};
use crate::lang::Lang;
use std::collections::BTreeMap;

/// A crosstable after a round.
#[derive(Debug, Clone, PartialEq)]
pub struct Crosstable {
    /// The rounds it shows, 1 … `after`.
    pub rounds: Vec<u32>,
    /// The round it is after.
    pub after: u32,
    /// The players in standings order.
    pub rows: Vec<CrossRow>,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq)]
pub struct CrossRow {
    /// The place in this table, 1 on top (the cells name opponents by it).
    pub place: usize,
    /// The number shown for the player (R-11.6).
    pub shown_no: u32,
    /// The player's name.
    pub name: String,
    /// One cell per round of [`Crosstable::rounds`].
    pub cells: Vec<String>,
    /// The player's standings row (points, rank, status).
    pub standing: StandingsRow,
}

impl Crosstable {
    /// The crosstable of `stage` of `group` after round `after`, its cells in `lang`.
    ///
    /// # Errors
    /// [`DomainError`] when the group or stage does not exist.
    pub fn of(event: &Event, group: &Group, stage: &Stage, after: u32, lang: Lang) -> Result<Crosstable, DomainError> {
        let table = standings(event, group.id, stage.no, after)?;
        let place: BTreeMap<StartNo, usize> = table.rows.iter().enumerate().map(|(i, r)| (r.start_no, i + 1)).collect();
        let rounds: Vec<&Round> = stage.rounds.iter().filter(|r| r.no.0 <= after).collect();
        let rows = table
            .rows
            .into_iter()
            .enumerate()
            .map(|(i, r)| CrossRow {
                place: i + 1,
                shown_no: event.shown_no(r.start_no),
                name: event.player(r.start_no).map(|p| p.entry.name.clone()).unwrap_or_default(),
                cells: rounds.iter().map(|round| round_cell(round, r.start_no, &place, lang)).collect(),
                standing: r,
            })
            .collect();
        Ok(Crosstable { rounds: rounds.iter().map(|r| r.no.0).collect(), after, rows })
    }
}

/// A bye as the sheets name it: 轮空, 请假, 缺席.
pub fn bye_label(kind: ByeKind, lang: Lang) -> &'static str {
    match kind {
        ByeKind::Pairing => lang.t("轮空", "bye"),
        ByeKind::Requested => lang.t("请假", "requested bye"),
        ByeKind::Absent => lang.t("缺席", "absent"),
    }
}

/// One game from `player`'s side: opponent's place, colour, result.
fn game_cell(game: &Game, player: StartNo, place: &BTreeMap<StartNo, usize>, lang: Lang) -> String {
    let colour = game.colour_of(player).unwrap_or(Colour::Red);
    let opponent = game.player(colour.opposite());
    let opp = place.get(&opponent).map_or_else(|| format!("#{opponent}"), usize::to_string);
    let side = match colour {
        Colour::Red => lang.t("红", "r"),
        Colour::Black => lang.t("黑", "b"),
    };
    let result = match game.result {
        None => String::new(),
        Some(r) => {
            let o = r.outcome;
            let mark = if o.was_played() { "" } else { "*" };
            let word = if o.won_by(colour) {
                lang.t("胜", "+")
            } else if o == Outcome::Draw {
                lang.t("和", "=")
            } else {
                lang.t("负", "-")
            };
            format!("{word}{mark}")
        }
    };
    format!("{opp}{side}{result}")
}

/// What `player` did in `round`: games (several in a knockout match) or a bye.
fn round_cell(round: &Round, player: StartNo, place: &BTreeMap<StartNo, usize>, lang: Lang) -> String {
    let games: Vec<String> = round.games_of(player).map(|g| game_cell(g, player, place, lang)).collect();
    if !games.is_empty() {
        return games.join(" ");
    }
    round.bye_of(player).map(|b| bye_label(b.kind, lang).to_string()).unwrap_or_default()
}
