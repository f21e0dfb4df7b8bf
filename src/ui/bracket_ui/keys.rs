//! The bracket's keyboard and choice: arrows move between games (↑↓ within a round,
//! ←→ to the nearest game of the next round over), result keys record a result and move
//! the choice on (to the match's next game, its playoff game, or the next undecided
//! match), `C` swaps the chosen match's colours before its first result, and the
//! choice follows new rounds and playoff games as they come.

use super::model::{Column, default_selection, find};
use super::{BracketView, GameKey};
use crate::domain::event::{Game, KnockoutRules};
use crate::domain::ids::{BoardNo, RoundNo};
use crate::domain::knockout::{self, MatchState};
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::ScoringTable;
use crate::ui::i18n::Lang;
use crate::ui::key_field::{FieldKey, fold};
use crate::ui::result_entry::{ResultChange, outcome_of_key};

impl BracketView {
    /// Handles one key of the 选定对局 field.
    pub(super) fn key(
        &mut self,
        key: FieldKey,
        columns: &[Column],
        scoring: &ScoringTable,
        rules: &KnockoutRules,
        lang: Lang,
    ) {
        if matches!(key, FieldKey::Enter | FieldKey::Escape | FieldKey::Backspace) {
            // Enter, Esc and Backspace are not used here.
            return;
        }
        self.message = None;
        match key {
            FieldKey::Up | FieldKey::Down | FieldKey::Left | FieldKey::Right => self.step(key, columns),
            FieldKey::Char(c) => match outcome_of_key(fold(c)) {
                Some(outcome) => self.enter(outcome, columns, scoring, rules, lang),
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
        let order: Vec<Vec<GameKey>> = columns.iter().map(Column::keys).collect();
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
    pub(super) fn enter(
        &mut self,
        outcome: Outcome,
        columns: &[Column],
        scoring: &ScoringTable,
        rules: &KnockoutRules,
        lang: Lang,
    ) {
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
        self.selected = Some(self.next_after(columns, key, scoring, rules));
        self.scroll = true;
    }

    /// Where the choice goes after a result on `key`: the match's playoff game when it
    /// is level, its next game without a result, or the next undecided game of the round.
    pub(super) fn next_after(
        &self,
        columns: &[Column],
        key: GameKey,
        scoring: &ScoringTable,
        rules: &KnockoutRules,
    ) -> GameKey {
        let Some((column, b, _)) = find(columns, key) else { return key };
        let games: Vec<Game> = b.games.iter().map(|g| b.key_of(g).map_or(*g, |k| self.merged(k, g))).collect();
        let refs: Vec<&Game> = games.iter().collect();
        match knockout::match_state(&refs, scoring, rules) {
            MatchState::Level { next_game, .. } => GameKey { game: next_game, ..key },
            MatchState::InPlay => {
                games.iter().find(|g| g.result.is_none()).map_or(key, |g| GameKey { game: g.game, ..key })
            }
            MatchState::Won { .. } => {
                let keys = columns[column].keys();
                let at = keys.iter().position(|k| *k == key).unwrap_or(0);
                let open =
                    |k: &&GameKey| find(columns, **k).is_some_and(|(_, _, g)| self.merged(**k, g).result.is_none());
                keys[at + 1..].iter().chain(keys[..at].iter()).find(open).copied().unwrap_or(key)
            }
        }
    }

    /// Queues a change for the worker and shows it at once.
    pub(super) fn send(&mut self, change: ResultChange) {
        let key = GameKey { round: change.round, board: change.slot.board, game: change.slot.game };
        self.sent.insert(key, change.after);
        self.outbox.push(change);
    }

    /// Keeps the choice on a game that exists: a new round, or a game gone, moves it to
    /// the default (a playoff game still being added is waited for).
    pub(super) fn keep_selection(&mut self, columns: &[Column], rounds: usize, busy: bool) {
        if self.rounds_seen != rounds {
            self.rounds_seen = rounds;
            self.selected = None;
        }
        let exists = self.selected.is_some_and(|k| find(columns, k).is_some());
        if !exists && (self.selected.is_none() || !busy) {
            self.selected = default_selection(columns);
            self.scroll = true;
        }
    }
}
