//! A QR code drawn as squares, black on white whatever the theme (a phone's camera
//! reads it so), with the quiet zone around it.

use crate::present::qr::QrMatrix;
use egui::{Color32, Sense, Ui, Vec2};

/// Draws a QR code, `module` points a square, with the quiet zone around it.
pub fn qr_ui(ui: &mut Ui, qr: &QrMatrix, module: f32) {
    let quiet = 4.0 * module;
    let side = qr.width as f32 * module + 2.0 * quiet;
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    for y in 0..qr.width {
        for x in 0..qr.width {
            if qr.is_dark(x, y) {
                let min = rect.min + Vec2::new(quiet + x as f32 * module, quiet + y as f32 * module);
                painter.rect_filled(egui::Rect::from_min_size(min, Vec2::splat(module)), 0.0, Color32::BLACK);
            }
        }
    }
}
