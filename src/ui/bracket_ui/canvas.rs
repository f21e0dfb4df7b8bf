//! Drawing the bracket: the columns side by side, each match a framed box (title and
//! score, the two sides with the winner highlighted, one clickable cell per game), and
//! the lines from each match to where its winner (solid) or loser (dashed) goes.
//!
//! The boxes are placed first at zoom 1 ([`placement_of`]), so the panel knows the
//! bracket's size before drawing it and can fit it to the window; then everything —
//! places, rows and the text itself — is drawn at the chosen zoom.
//!
//! # A layout that does not move (issue 39, item 2)
//!
//! The director aims the mouse at a game while results come in; a row added above the
//! pointer would slide the game away and the click would land on another one. So the
//! placement depends only on the bracket's shape and the stage's rules, never on the
//! results: every match box, paired or still to come, keeps the same number of game
//! rows ([`game_rows`]) — the match games and room for the playoff games one level
//! result brings (one, or a pair under CXA 2020 Art. 30), an empty row until then. A
//! playoff game therefore appears in its own box's reserved row and nothing else moves,
//! nor does 适合窗口's zoom change. A match that needs still more playoffs keeps its
//! height too: its box shows the match games and the latest playoff games, the earlier
//! playoffs (decided by then, and counted in the match score) named in the hover text
//! of its first playoff row. Only the window's size, a zoom, or another stage re-lays
//! the bracket out.

use super::fold::winner_side;
use super::model::{BoxKind, Column, Holder, MatchBox, game_text, player_name, side_text};
use super::{BracketView, GameKey};
use crate::domain::event::{Event, Game, KnockoutRules};
use crate::domain::knockout::MatchState;
use crate::lang::Lang;
use crate::ui::table::row_height;
use egui::{Align, Layout, Pos2, Rect, RichText, Sense, Stroke, Ui, UiBuilder, Vec2};

/// Width of a match box, in points.
const BOX_WIDTH: f32 = 252.0;
/// Width of a folded round's column (its winners only).
const FOLDED_WIDTH: f32 = 170.0;
/// Space between two columns (where the lines run).
const COLUMN_GAP: f32 = 34.0;
/// Space between two boxes of a column.
const BOX_GAP: f32 = 10.0;
/// Inner margin of a box.
const MARGIN: f32 = 5.0;
/// Width of the right-hand part of a row (score, points, 晋级).
const RIGHT_PART: f32 = 96.0;

/// Where a box was drawn: the box and its side rows.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    rect: Rect,
    sides: [Rect; 2],
}

/// Where each column's title and boxes go at zoom 1, from the canvas' top left corner.
#[derive(Debug, Clone, Default)]
pub(super) struct Placement {
    /// Each column's title row.
    titles: Vec<Rect>,
    /// Each column's boxes, in order.
    boxes: Vec<Vec<Rect>>,
    /// Each column is folded: one row a match, its winner ([`super::fold`]).
    folded: Vec<bool>,
    /// The whole bracket's size.
    pub(super) size: Vec2,
}

/// The game rows every match box keeps, whatever its results: the match games and the
/// playoff games one level result brings (one, or a pair when playoffs come in pairs).
pub(super) fn game_rows(rules: &KnockoutRules) -> usize {
    let playoffs = if rules.playoff_pairs { 2 } else { 1 };
    rules.games_per_match as usize + playoffs
}

/// The number of rows of a box: title, sides and `games` game rows (a bye: title and
/// its one side).
fn box_rows(b: &MatchBox, games: usize) -> usize {
    match b.kind {
        BoxKind::Pass => 2,
        _ => 3 + games,
    }
}

/// The games a box shows in its `rows` game rows, and the ones it leaves out: all of
/// them while they fit; else the `regular` match games and the latest playoff games.
pub(super) fn shown_games(games: &[Game], rows: usize, regular: usize) -> (Vec<&Game>, Vec<&Game>) {
    if games.len() <= rows {
        return (games.iter().collect(), Vec::new());
    }
    let head = regular.min(rows.saturating_sub(1));
    let tail = games.len() - (rows - head);
    let shown = games[..head].iter().chain(&games[tail..]).collect();
    (shown, games[head..tail].iter().collect())
}

/// Places the columns side by side at zoom 1, rows `rh` high, each match box with
/// `games` game rows ([`game_rows`]) — a `folded` column's boxes one row each: each box
/// as near the middle of the boxes that feed it as the boxes above it allow.
pub(super) fn placement_of(columns: &[Column], rh: f32, games: usize, folded: &[bool]) -> Placement {
    let mut placement = Placement { folded: folded.to_vec(), ..Placement::default() };
    let mut total = Rect::from_min_size(Pos2::ZERO, Vec2::ZERO);
    let mut x = 0.0;
    for (k, column) in columns.iter().enumerate() {
        let fold = folded.get(k).copied().unwrap_or(false);
        let width = if fold { FOLDED_WIDTH } else { BOX_WIDTH };
        let title = Rect::from_min_size(egui::pos2(x, 0.0), egui::vec2(width, rh));
        x += width + COLUMN_GAP;
        total = total.union(title);
        let mut y = title.bottom() + 6.0;
        let mut rects: Vec<Rect> = Vec::new();
        for b in &column.boxes {
            let rows = if fold { 1 } else { box_rows(b, games) };
            let height = 2.0 * MARGIN + rh * rows as f32;
            let feeders: Vec<f32> = b
                .sides
                .iter()
                .filter_map(|s| s.feed)
                .filter_map(|f| placement.boxes.get(k.wrapping_sub(1)).and_then(|d| d.get(f.from)))
                .map(|r| r.center().y)
                .collect();
            let wanted = (!feeders.is_empty()).then(|| feeders.iter().sum::<f32>() / feeders.len() as f32);
            let top = wanted.map_or(y, |c| (c - height / 2.0).max(y));
            let rect = Rect::from_min_size(egui::pos2(title.left(), top), egui::vec2(width, height));
            y = rect.bottom() + BOX_GAP;
            total = total.union(rect);
            rects.push(rect);
        }
        placement.titles.push(title);
        placement.boxes.push(rects);
    }
    placement.size = total.size() + egui::vec2(0.0, 4.0);
    placement
}

/// How the canvas is drawn: its zoom, the height of a row at that zoom, and the game
/// rows of a match box.
#[derive(Debug, Clone, Copy)]
struct Scale {
    zoom: f32,
    rh: f32,
    games: usize,
}

/// Draws the columns, their boxes and the lines from each match to the next, placed
/// by `placement` (from [`placement_of`] over the same columns) at `zoom`.
#[allow(clippy::too_many_arguments)]
pub(super) fn canvas_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    event: &Event,
    columns: &[Column],
    placement: &Placement,
    rules: &KnockoutRules,
    focused: bool,
    zoom: f32,
    lang: Lang,
) {
    let scale = Scale { zoom, rh: row_height(ui) * zoom, games: game_rows(rules) };
    zoom_text(ui.style_mut(), zoom);
    let origin = ui.cursor().min;
    let at = |r: &Rect| Rect::from_min_size(origin + r.min.to_vec2() * zoom, r.size() * zoom);
    let mut drawn: Vec<Vec<Drawn>> = Vec::new();
    let mut clicked = None;
    state.centres.clear();
    for (k, column) in columns.iter().enumerate() {
        let decided = column.boxes.iter().filter(|b| b.winner().is_some()).count();
        let matches = column.boxes.iter().filter(|b| b.paired.is_some()).count();
        let status = match (column.paired, lang) {
            (false, _) => lang.t("未编排", "not paired").to_string(),
            (true, Lang::Zh) => format!("已决 {decided}/{matches}"),
            (true, Lang::En) => format!("decided {decided}/{matches}"),
        };
        let round = match lang {
            Lang::Zh => format!("第{}轮", column.round),
            Lang::En => format!("round {}", column.round),
        };
        let fold = placement.folded.get(k).copied().unwrap_or(false);
        if let Some(title) = placement.titles.get(k) {
            let status = (!fold).then(|| RichText::new(status).weak());
            let text = RichText::new(format!("{} · {round}", column.name(lang))).strong();
            text_row_ui(ui, at(title), ("bracket_title", k), text, status, scale);
        }
        let mut rects = Vec::new();
        let places = placement.boxes.get(k).map_or(&[][..], Vec::as_slice);
        for (i, (b, rect)) in column.boxes.iter().zip(places).enumerate() {
            let previous = k.checked_sub(1).and_then(|p| columns.get(p));
            let d = if fold {
                folded_box_ui(ui, event, (k, i), b, previous, at(rect), scale, lang)
            } else {
                box_ui(ui, state, event, (k, i), b, previous, at(rect), rules, focused, &mut clicked, scale, lang)
            };
            rects.push(d);
        }
        drawn.push(rects);
    }
    lines_ui(ui, columns, &drawn);
    ui.advance_cursor_after_rect(Rect::from_min_size(origin, placement.size * zoom));
    if let Some(key) = clicked {
        state.selected = Some(key);
        state.message = None;
        state.refocus = true;
    }
}

/// Scales every text style of `style` by `zoom`.
fn zoom_text(style: &mut egui::Style, zoom: f32) {
    for font in style.text_styles.values_mut() {
        font.size *= zoom;
    }
}

/// A row of text: `left` at the left, `right` (if any) at the right.
fn text_row_ui(
    ui: &mut Ui,
    rect: Rect,
    salt: impl egui::AsIdSalt,
    left: RichText,
    right: Option<RichText>,
    scale: Scale,
) {
    let split = if right.is_some() { rect.right() - RIGHT_PART * scale.zoom } else { rect.right() };
    let left_rect = Rect::from_min_max(rect.min, egui::pos2(split, rect.bottom()));
    let mut child = ui.new_child(
        UiBuilder::new().id_salt((&salt, 0)).max_rect(left_rect).layout(Layout::left_to_right(Align::Center)),
    );
    child.add(egui::Label::new(left).truncate().selectable(false));
    if let Some(right) = right {
        let right_rect = Rect::from_min_max(egui::pos2(split, rect.top()), rect.max);
        let mut child = ui.new_child(
            UiBuilder::new().id_salt((&salt, 1)).max_rect(right_rect).layout(Layout::right_to_left(Align::Center)),
        );
        child.add(egui::Label::new(right).truncate().selectable(false));
    }
}

/// A match box of a folded round: one row, its winner (the bye's player) and its seed.
#[allow(clippy::too_many_arguments)]
fn folded_box_ui(
    ui: &mut Ui,
    event: &Event,
    at: (usize, usize),
    b: &MatchBox,
    previous: Option<&Column>,
    rect: Rect,
    scale: Scale,
    lang: Lang,
) -> Drawn {
    let visuals = ui.visuals().clone();
    ui.painter().rect(rect, 4.0, visuals.faint_bg_color, visuals.widgets.active.bg_stroke, egui::StrokeKind::Inside);
    let row = rect.shrink(MARGIN * scale.zoom);
    let side = &b.sides[winner_side(b)];
    let text = RichText::new(side_text(side, previous, event, lang)).strong();
    text_row_ui(ui, row, ("bracket_folded", at), text, None, scale);
    Drawn { rect, sides: [row, row] }
}

/// One match box: title and score, the two sides (the winner highlighted), the games.
#[allow(clippy::too_many_arguments)]
fn box_ui(
    ui: &mut Ui,
    state: &mut BracketView,
    event: &Event,
    at: (usize, usize),
    b: &MatchBox,
    previous: Option<&Column>,
    rect: Rect,
    rules: &KnockoutRules,
    focused: bool,
    clicked: &mut Option<GameKey>,
    scale: Scale,
    lang: Lang,
) -> Drawn {
    let (rh, margin) = (scale.rh, MARGIN * scale.zoom);
    let visuals = ui.visuals().clone();
    let decided = b.winner().is_some();
    let stroke = if decided { visuals.widgets.active.bg_stroke } else { visuals.widgets.noninteractive.bg_stroke };
    ui.painter().rect(rect, 4.0, visuals.faint_bg_color, stroke, egui::StrokeKind::Inside);
    let inner = rect.shrink(margin);
    let row = |r: usize| Rect::from_min_size(inner.min + egui::vec2(0.0, rh * r as f32), egui::vec2(inner.width(), rh));

    // Title: the match and its score or state.
    let place = match (b.kind, b.paired, lang) {
        (BoxKind::Pass, _, _) => lang.t("轮空", "Bye").to_string(),
        (BoxKind::Final, Some((_, board)), Lang::Zh) => format!("决赛 · 第{board}台"),
        (BoxKind::Final, Some((_, board)), Lang::En) => format!("Final · match {board}"),
        (BoxKind::Final, None, _) => lang.t("决赛", "Final").to_string(),
        (BoxKind::ThirdPlace, Some((_, board)), Lang::Zh) => format!("三四名 · 第{board}台"),
        (BoxKind::ThirdPlace, Some((_, board)), Lang::En) => format!("3rd place · match {board}"),
        (BoxKind::ThirdPlace, None, _) => lang.t("三四名", "3rd place").to_string(),
        (_, Some((_, board)), Lang::Zh) => format!("第{board}台"),
        (_, Some((_, board)), Lang::En) => format!("Match {board}"),
        (_, None, _) => lang.t("待编排", "to be paired").to_string(),
    };
    let score = match (b.kind, b.state) {
        (BoxKind::Pass, _) => Some(RichText::new(lang.t("直接晋级", "passes")).weak()),
        (_, None) => None,
        (_, Some(state)) => {
            let [x, y] = b.points;
            // Level after the match games: playing (or about to play) playoffs.
            let playoffs = matches!(state, MatchState::Level { .. })
                || (state == MatchState::InPlay && b.games.len() as u32 > rules.games_per_match);
            let text = match (playoffs, lang) {
                (true, Lang::Zh) => format!("{x} : {y} 加赛"),
                (true, Lang::En) => format!("{x} : {y} playoff"),
                (false, _) => format!("{x} : {y}"),
            };
            Some(RichText::new(text).strong())
        }
    };
    text_row_ui(ui, row(0), ("bracket_box", at, 0), RichText::new(place).strong(), score, scale);

    // The sides, with their match points.
    let mut sides = [row(1), row(2)];
    let side_rows = if b.kind == BoxKind::Pass { 1 } else { 2 };
    for (s, side) in b.sides.iter().enumerate().take(side_rows) {
        let r = row(1 + s);
        sides[s] = r;
        let text = side_text(side, previous, event, lang);
        let winner = matches!(side.holder, Holder::Player(p) if b.winner() == Some(p));
        let loser = decided && !winner;
        if winner {
            ui.painter().rect_filled(
                r.expand2(egui::vec2(margin - 1.0, 0.0)),
                2.0,
                visuals.selection.bg_fill.gamma_multiply(0.45),
            );
        }
        let name = if winner {
            RichText::new(text).strong()
        } else if loser || !matches!(side.holder, Holder::Player(_)) {
            RichText::new(text).weak()
        } else {
            RichText::new(text)
        };
        let right = b.state.map(|_| {
            let p = b.points[s];
            let marker = match (winner, b.kind) {
                (true, BoxKind::Final) => format!(" {}", lang.t("冠军", "champion")),
                (true, BoxKind::ThirdPlace) => format!(" {}", lang.t("季军", "3rd")),
                (true, _) => format!(" {}", lang.t("晋级", "through")),
                (false, _) => String::new(),
            };
            let text = RichText::new(format!("{p}{marker}"));
            if winner { text.strong() } else { text }
        });
        text_row_ui(ui, r, ("bracket_box", at, 1 + s), name, right, scale);
    }
    if b.kind == BoxKind::Pass {
        sides[1] = sides[0];
    }

    // The games: one clickable cell each, in the box's fixed game rows.
    let (shown, earlier) = shown_games(&b.games, scale.games, rules.games_per_match as usize);
    let earlier: Vec<String> = earlier.iter().map(|g| game_text(b, g, rules, lang)).collect();
    for (g, game) in shown.into_iter().enumerate() {
        let Some(key) = b.key_of(game) else { continue };
        let r = row(3 + g);
        let text = game_text(b, game, rules, lang);
        let selected = state.selected == Some(key);
        let id = egui::Id::unique(("bracket_game", key.round.0, key.board.0, key.game));
        let response = ui.interact(r, id, Sense::CLICK);
        let painter = ui.painter();
        if selected {
            painter.rect_filled(r, 2.0, visuals.selection.bg_fill);
            if focused {
                painter.rect_stroke(r, 2.0, visuals.selection.stroke, egui::StrokeKind::Inside);
            }
        } else if response.hovered() {
            painter.rect_filled(r, 2.0, visuals.widgets.hovered.weak_bg_fill);
        }
        let colour = if selected {
            visuals.selection.stroke.color
        } else if game.result.is_some() {
            visuals.strong_text_color()
        } else {
            visuals.text_color()
        };
        let font = egui::TextStyle::Body.resolve(ui.style());
        painter.with_clip_rect(r.intersect(ui.clip_rect())).text(
            egui::pos2(r.left() + 4.0, r.center().y),
            egui::Align2::LEFT_CENTER,
            &text,
            font,
            colour,
        );
        response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &text));
        let (red, black) = (player_name(event, game.red), player_name(event, game.black));
        let mut hover = match lang {
            Lang::Zh => format!("红 {red} — 黑 {black}；点击选中后按结果键"),
            Lang::En => format!("red {red} — black {black}; click, then press a result key"),
        };
        if g == rules.games_per_match as usize && !earlier.is_empty() {
            hover.push_str(&format!("\n{}{}", lang.t("此前的加赛：", "Earlier playoffs: "), earlier.join(" · ")));
        }
        let response = response.on_hover_text(hover);
        if response.clicked() {
            *clicked = Some(key);
        }
        if selected && state.scroll {
            ui.scroll_to_rect(r, None);
            state.scroll = false;
        }
        state.centres.insert(key, r.center().y);
    }
    Drawn { rect, sides }
}

/// The lines from each match to the box its winner (solid) or loser (dashed, third
/// place) goes to; a line is drawn strong once the player is known.
fn lines_ui(ui: &Ui, columns: &[Column], drawn: &[Vec<Drawn>]) {
    let visuals = ui.visuals();
    let known = Stroke::new(1.6, visuals.selection.stroke.color);
    let unknown = Stroke::new(1.0, visuals.weak_text_color());
    let painter = ui.painter();
    for (k, column) in columns.iter().enumerate().skip(1) {
        for (i, b) in column.boxes.iter().enumerate() {
            for (s, side) in b.sides.iter().enumerate() {
                let Some(feed) = side.feed else { continue };
                let (Some(from), Some(to)) = (drawn[k - 1].get(feed.from), drawn[k].get(i)) else { continue };
                let start = egui::pos2(from.rect.right(), from.rect.center().y);
                let end = egui::pos2(to.rect.left(), to.sides[s].center().y);
                let middle = start.x + (end.x - start.x) / 2.0;
                let path: [Pos2; 4] = [start, egui::pos2(middle, start.y), egui::pos2(middle, end.y), end];
                let stroke = if matches!(side.holder, Holder::Player(_)) { known } else { unknown };
                if feed.winner {
                    painter.line(path.to_vec(), stroke);
                } else {
                    painter.extend(egui::Shape::dashed_line(&path, stroke, 5.0, 4.0));
                }
            }
        }
    }
}
