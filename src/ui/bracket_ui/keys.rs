//! The bracket's keyboard and choice: arrows move between games (↑↓ within a round,
//! ←→ to the nearest game of the next round over), result keys record a result and move
//! the choice on, `C` swaps the chosen match's colours before its first result.
//!
//! The choice is a game by its key — round, board (the match) and game number — never
//! a row on screen, and it moves only by the director's hand (issue 39, item 3): an
//! arrow, a click, or the step after a result key, which goes to a game that was on
//! screen when the key was pressed — the match's next game without a result, else the
//! next one of the round. A playoff game the result itself brings (a level match) does
//! not exist yet when the key is pressed, so the choice never moves into it: the
//! director picks it like any other game. Games that appear or go while the worker
//! saves leave the choice where it is; only a new round (编排下一轮) chooses afresh.

use super::model::{Column, default_selection, find};
use super::{BracketView, GameKey};
use crate::domain::event::Game;
use crate::domain::ids::{BoardNo, RoundNo};
use crate::domain::result::{GameResult, Outcome};
use crate::lang::Lang;
use crate::ui::key_field::{FieldKey, fold};
use crate::ui::result_entry::{ResultChange, outcome_of_key};

impl BracketView {
    /// Handles one key of the 选定对局 field.
    pub(super) fn key(&mut self, key: FieldKey, columns: &[Column], lang: Lang) {
        if matches!(key, FieldKey::Enter | FieldKey::Escape | FieldKey::Backspace) {
            // Enter, Esc and Backspace are not used here.
            return;
        }
        self.message = None;
        match key {
            FieldKey::Up | FieldKey::Down | FieldKey::Left | FieldKey::Right => self.step(key, columns),
            FieldKey::Char(c) => match outcome_of_key(fold(c)) {
                Some(outcome) => self.enter(outcome, columns, lang),
                None if matches!(fold(c), 'c' | 'C') => self.swap_colours(columns, lang),
                None if c.is_ascii_digit() => {
                    self.message = Some(lang.t("结果键：1 = 5 0 + - *", "Result keys: 1 = 5 0 + - *").to_string());
                }
                None => {}
            },
            FieldKey::Delete => {
                if let Some((key, game)) = self.chosen(columns)
                    && game.result.is_some()
                {
                    self.confirm = Some(ResultChange {
                        round: key.round,
                        slot: super::slot_of(key),
                        before: game.result,
                        after: None,
                    });
                }
            }
            FieldKey::Enter | FieldKey::Escape | FieldKey::Backspace => {}
        }
    }

    /// The match of the chosen game, as (round, board), when its colours may still swap:
    /// a match of the last paired round of an open stage none of whose games has a
    /// result (the higher seed's choice, R-6.2).
    pub(super) fn swap_target(&self, columns: &[Column]) -> Option<(RoundNo, BoardNo)> {
        let key = self.selected.filter(|_| self.open)?;
        let (column, b, _) = find(columns, key)?;
        if Some(column) != columns.iter().rposition(|c| c.paired) {
            return None;
        }
        let started = b.games.iter().any(|g| b.key_of(g).map_or(g.result, |k| self.merged(k, g).result).is_some());
        (!started).then_some((key.round, key.board))
    }

    /// Queues the chosen match's colour swap, or says why it cannot be.
    pub(super) fn swap_colours(&mut self, columns: &[Column], lang: Lang) {
        match self.swap_target(columns) {
            Some(target) => self.swaps.push(target),
            None if self.selected.is_none() => {
                self.message =
                    Some(lang.t("先选定一局（方向键或点击）。", "Choose a game first (arrows or a click).").into());
            }
            None => {
                self.message = Some(
                    lang.t(
                        "本场已有成绩（或不在当前轮），先后手不能再交换。",
                        "This match has results (or is not in the current round); its colours can no longer swap.",
                    )
                    .into(),
                );
            }
        }
    }

    /// The chosen game with the results sent, if it exists.
    pub(super) fn chosen(&self, columns: &[Column]) -> Option<(GameKey, Game)> {
        let key = self.selected?;
        let (_, _, game) = find(columns, key)?;
        Some((key, self.merged(key, game)))
    }

    pub(super) fn merged(&self, key: GameKey, game: &Game) -> Game {
        Game { result: self.sent.get(&key).copied().unwrap_or(game.result), ..*game }
    }

    /// Moves the choice with an arrow key.
    pub(super) fn step(&mut self, key: FieldKey, columns: &[Column]) {
        // A folded column's games are not on screen: the arrows pass it by.
        let folded = |k: usize| self.folded.get(k).copied().unwrap_or(false);
        let order: Vec<Vec<GameKey>> =
            columns.iter().enumerate().map(|(k, c)| if folded(k) { Vec::new() } else { c.keys() }).collect();
        let at = self.selected.and_then(|s| {
            order.iter().enumerate().find_map(|(c, keys)| keys.iter().position(|k| *k == s).map(|i| (c, i)))
        });
        let Some((c, i)) = at else {
            self.selected = default_selection(columns);
            self.scroll = true;
            return;
        };
        let target = match key {
            FieldKey::Up => Some(order[c][i.saturating_sub(1)]),
            FieldKey::Down => Some(order[c][(i + 1).min(order[c].len() - 1)]),
            FieldKey::Left | FieldKey::Right => {
                let next: Box<dyn Iterator<Item = usize>> =
                    if key == FieldKey::Left { Box::new((0..c).rev()) } else { Box::new(c + 1..order.len()) };
                let mut found = None;
                for column in next {
                    if order[column].is_empty() {
                        continue;
                    }
                    let y = self.selected.and_then(|s| self.centres.get(&s)).copied();
                    found = match y {
                        Some(y) => order[column]
                            .iter()
                            .min_by(|a, b| {
                                let da = self.centres.get(a).map_or(f32::INFINITY, |v| (v - y).abs());
                                let db = self.centres.get(b).map_or(f32::INFINITY, |v| (v - y).abs());
                                da.total_cmp(&db)
                            })
                            .copied(),
                        None => order[column].first().copied(),
                    };
                    break;
                }
                found
            }
            FieldKey::Char(_) | FieldKey::Delete | FieldKey::Enter | FieldKey::Escape | FieldKey::Backspace => None,
        };
        if let Some(t) = target {
            self.selected = Some(t);
            self.scroll = true;
        }
    }

    /// Records `outcome` on the chosen game: at once when it has no result, after a
    /// confirmation when it has one.
    pub(super) fn enter(&mut self, outcome: Outcome, columns: &[Column], lang: Lang) {
        if self.selected.is_none() {
            self.message =
                Some(lang.t("先选定一局（方向键或点击）。", "Choose a game first (arrows or a click).").into());
            return;
        }
        let Some((key, game)) = self.chosen(columns) else {
            self.message =
                Some(lang.t("这一局正在生成，请稍候。", "This game is still being added; wait a moment.").into());
            return;
        };
        let after = GameResult { outcome, ..game.result.unwrap_or(GameResult::plain(outcome)) };
        if game.result == Some(after) {
            self.message = Some(lang.t("结果未变。", "The result is unchanged.").into());
            return;
        }
        let change =
            ResultChange { round: key.round, slot: super::slot_of(key), before: game.result, after: Some(after) };
        if change.is_correction() {
            self.confirm = Some(change);
            return;
        }
        self.send(change);
        self.selected = Some(self.next_after(columns, key));
        self.scroll = true;
    }

    /// Where the choice goes after a result on `key`, among `columns` as they were when
    /// the key was pressed: the match's first game without a result, else the next game
    /// without a result of the round (wrapping round), else `key` itself — never a
    /// playoff game the result brings, which is not in `columns` yet.
    pub(super) fn next_after(&self, columns: &[Column], key: GameKey) -> GameKey {
        let Some((column, b, _)) = find(columns, key) else { return key };
        let open = |k: &GameKey| find(columns, *k).is_some_and(|(_, _, g)| self.merged(*k, g).result.is_none());
        if let Some(own) = b.games.iter().filter_map(|g| b.key_of(g)).find(|k| open(k)) {
            return own;
        }
        let keys = columns[column].keys();
        let at = keys.iter().position(|k| *k == key).unwrap_or(0);
        keys[at + 1..].iter().chain(keys[..at].iter()).find(|k| open(k)).copied().unwrap_or(key)
    }

    /// Queues a change for the worker and shows it at once.
    pub(super) fn send(&mut self, change: ResultChange) {
        let key = GameKey { round: change.round, board: change.slot.board, game: change.slot.game };
        self.sent.insert(key, change.after);
        self.outbox.push(change);
    }

    /// Keeps the choice where the director put it. A new round (编排下一轮) chooses its
    /// first game without a result; a chosen game that is gone once the worker has
    /// answered (a playoff undone by a correction) gives way to the last game before it
    /// of its match, else to that first game. A game appearing never moves the choice.
    pub(super) fn keep_selection(&mut self, columns: &[Column], rounds: usize, busy: bool) {
        if self.rounds_seen != rounds {
            self.rounds_seen = rounds;
            self.selected = None;
        }
        let exists = self.selected.is_some_and(|k| find(columns, k).is_some());
        if exists || (self.selected.is_some() && busy) {
            return;
        }
        let before = self
            .selected
            .and_then(|k| (1..k.game).rev().map(|game| GameKey { game, ..k }).find(|k| find(columns, *k).is_some()));
        self.selected = before.or_else(|| default_selection(columns));
        self.scroll = true;
    }
}
