//! Page layout for every document: A4 pages (portrait or landscape), margins, a
//! cursor that runs down the page, text measured with the bundled font, tables whose
//! header row repeats on every page, and the footer "第 N 页 / 共 M 页" added once the
//! page count is known. Nothing here knows what a pairing or a standing is.

use super::font::Font;
use super::{PrintError, Printed};
use crate::lang::Lang;
use printpdf::{
    Color, Greyscale, Line, LineDashPattern, LinePoint, Mm, Op, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Pt, TextItem, TextMatrix,
};

/// Points per millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;
/// Page margin on every side.
const MARGIN_PT: f32 = 14.0 * PT_PER_MM;
/// Room kept at the foot of every page for the footer line.
const FOOTER_PT: f32 = 16.0;

/// Millimetres as points.
pub fn mm(value: f32) -> f32 {
    value * PT_PER_MM
}

/// Which way up the A4 sheet is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// 210 × 297 mm.
    Portrait,
    /// 297 × 210 mm, for wide tables.
    Landscape,
}

/// Horizontal alignment of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Short marks.
    Center,
    /// Numbers.
    Right,
}

/// A table column: heading, relative width and alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The heading.
    pub title: String,
    /// Share of the table's width (the shares are scaled to fill the page).
    pub weight: f32,
    /// How cells sit in the column.
    pub align: Align,
}

impl Column {
    /// A column.
    pub fn new(title: impl Into<String>, weight: f32, align: Align) -> Column {
        Column { title: title.into(), weight, align }
    }
}

/// A document being laid out, page by page.
pub struct Sheet {
    font: &'static Font,
    doc: PdfDocument,
    font_handle: PdfFontHandle,
    lang: Lang,
    running_head: String,
    width_pt: f32,
    height_pt: f32,
    pages: Vec<Vec<Op>>,
    ops: Vec<Op>,
    /// The top of the next thing to draw, in points from the bottom of the page.
    y: f32,
}

impl Sheet {
    /// A new document of one empty page; `running_head` is printed in every footer.
    pub fn new(font: &'static Font, orientation: Orientation, lang: Lang, title: &str, running_head: &str) -> Sheet {
        let (w, h) = match orientation {
            Orientation::Portrait => (mm(210.0), mm(297.0)),
            Orientation::Landscape => (mm(297.0), mm(210.0)),
        };
        let mut doc = PdfDocument::new(title);
        let font_id = doc.add_font(&font.parsed);
        Sheet {
            font,
            doc,
            font_handle: PdfFontHandle::External(font_id),
            lang,
            running_head: running_head.to_string(),
            width_pt: w,
            height_pt: h,
            pages: Vec::new(),
            ops: Vec::new(),
            y: h - MARGIN_PT,
        }
    }

    /// The font, for measuring.
    pub fn font(&self) -> &'static Font {
        self.font
    }

    /// The left edge of the printable area.
    pub fn left(&self) -> f32 {
        MARGIN_PT
    }

    /// The width of the printable area.
    pub fn inner_width(&self) -> f32 {
        self.width_pt - 2.0 * MARGIN_PT
    }

    /// The cursor: top of the next line, in points from the bottom.
    pub fn y(&self) -> f32 {
        self.y
    }

    /// Moves the cursor down.
    pub fn advance(&mut self, pt: f32) {
        self.y -= pt;
    }

    /// Room left above the footer.
    pub fn room(&self) -> f32 {
        self.y - MARGIN_PT - FOOTER_PT
    }

    /// Starts a new page.
    pub fn new_page(&mut self) {
        let ops = std::mem::take(&mut self.ops);
        self.pages.push(ops);
        self.y = self.height_pt - MARGIN_PT;
    }

    /// Draws `items` in equal bands, `per_page` to a page, with a dashed cut line between
    /// two on a page (result slips, score cards): `draw` gets the band's top and height
    /// and may move the cursor down within it; the next band starts below it.
    pub fn bands_ui<T>(&mut self, items: &[T], per_page: usize, mut draw: impl FnMut(&mut Sheet, &T, f32, f32)) {
        let per_page = per_page.max(1);
        let band = self.room() / per_page as f32;
        for (i, item) in items.iter().enumerate() {
            if i > 0 && i % per_page == 0 {
                self.new_page();
            }
            let top = self.y;
            if i % per_page != 0 {
                let (left, width) = (self.left(), self.inner_width());
                self.line((left - 20.0, top), (left + width + 20.0, top), 0.6, true);
            }
            draw(self, item, top, band);
            let drawn = top - self.y;
            self.advance((band - drawn).max(0.0));
        }
    }

    /// Starts a new page unless `height_pt` still fits on this one.
    pub fn ensure(&mut self, height_pt: f32) {
        if self.room() < height_pt && !self.ops.is_empty() {
            self.new_page();
        }
    }

    /// Text with its baseline at (`x`, `y`); characters the font lacks become `?`.
    pub fn text(&mut self, x: f32, y: f32, size_pt: f32, text: &str) {
        if text.is_empty() {
            return;
        }
        let text = self.font.printable(text);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont { font: self.font_handle.clone(), size: Pt(size_pt) },
            Op::SetTextMatrix { matrix: TextMatrix::Translate(Pt(x), Pt(y)) },
            Op::ShowText { items: vec![TextItem::Text(text)] },
            Op::EndTextSection,
        ]);
    }

    /// Text placed in a box of `width_pt` starting at `x`, cut to fit.
    pub fn text_in(&mut self, x: f32, width_pt: f32, y: f32, size_pt: f32, text: &str, align: Align) {
        if text.is_empty() {
            return;
        }
        let text = self.font.fit(text, size_pt, width_pt);
        let w = self.font.width_pt(&text, size_pt);
        let x = match align {
            Align::Left => x,
            Align::Center => x + (width_pt - w) / 2.0,
            Align::Right => x + width_pt - w,
        };
        self.text(x, y, size_pt, &text);
    }

    /// As [`Sheet::text_in`], shrinking the text down to `min_size_pt` before cutting it.
    #[allow(clippy::too_many_arguments)]
    pub fn text_shrunk(
        &mut self,
        x: f32,
        width_pt: f32,
        y: f32,
        size_pt: f32,
        min_size_pt: f32,
        text: &str,
        align: Align,
    ) {
        let natural = self.font.width_pt(text, size_pt);
        let size = if natural > width_pt { (size_pt * width_pt / natural).max(min_size_pt) } else { size_pt };
        self.text_in(x, width_pt, y, size, text, align);
    }

    /// A line of text across the printable area, then the cursor moves below it. Long
    /// text wraps.
    pub fn paragraph(&mut self, text: &str, size_pt: f32, align: Align) {
        let leading = size_pt * 1.45;
        for line in self.wrap(text, size_pt) {
            self.ensure(leading);
            let baseline = self.y - size_pt;
            let (left, width) = (self.left(), self.inner_width());
            self.text_in(left, width, baseline, size_pt, &line, align);
            self.y -= leading;
        }
    }

    /// Splits `text` into lines that fit the printable width (at spaces where it can,
    /// else between characters).
    fn wrap(&self, text: &str, size_pt: f32) -> Vec<String> {
        self.wrap_in(text, self.inner_width(), size_pt)
    }

    /// Splits `text` into lines that fit `width` (at spaces where it can, else between
    /// characters, after a Chinese comma where one is near).
    fn wrap_in(&self, text: &str, width: f32, size_pt: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for c in text.chars() {
            line.push(c);
            if self.font.width_pt(&line, size_pt) > width {
                line.pop();
                // Break after the line's last space (dropped) or Chinese comma (kept).
                let cut = line.char_indices().rev().find(|(i, ch)| *i > 0 && (*ch == ' ' || *ch == '，'));
                let rest = match cut {
                    Some((i, ' ')) => {
                        let rest = line[i + 1..].to_string();
                        line.truncate(i);
                        rest
                    }
                    Some((i, ch)) => {
                        let end = i + ch.len_utf8();
                        let rest = line[end..].to_string();
                        line.truncate(end);
                        rest
                    }
                    None => String::new(),
                };
                lines.push(std::mem::take(&mut line));
                line = rest;
                line.push(c);
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }

    /// A straight line; `dashed` for cut lines.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), thickness_pt: f32, dashed: bool) {
        if dashed {
            self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::new(0.0, &[4.0, 3.0]) });
        }
        self.ops.push(Op::SetOutlineThickness { pt: Pt(thickness_pt) });
        self.ops.push(Op::DrawLine {
            line: Line {
                points: vec![
                    LinePoint { p: Point { x: Pt(from.0), y: Pt(from.1) }, bezier: false },
                    LinePoint { p: Point { x: Pt(to.0), y: Pt(to.1) }, bezier: false },
                ],
                is_closed: false,
            },
        });
        if dashed {
            self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::solid() });
        }
    }

    /// An empty box (result boxes, bracket slots).
    pub fn frame(&mut self, x: f32, y_bottom: f32, width_pt: f32, height_pt: f32, thickness_pt: f32) {
        let (x2, y2) = (x + width_pt, y_bottom + height_pt);
        self.ops.push(Op::SetOutlineThickness { pt: Pt(thickness_pt) });
        self.ops.push(Op::DrawLine {
            line: Line {
                points: [(x, y_bottom), (x2, y_bottom), (x2, y2), (x, y2)]
                    .into_iter()
                    .map(|(x, y)| LinePoint { p: Point { x: Pt(x), y: Pt(y) }, bezier: false })
                    .collect(),
                is_closed: true,
            },
        });
    }

    /// A QR code whose top left corner is at (`x`, `top`), `module` points a square:
    /// each row's runs of dark modules as filled rectangles.
    pub fn qr(&mut self, x: f32, top: f32, module: f32, qr: &crate::present::qr::QrMatrix) {
        for row in 0..qr.width {
            let y_bottom = top - (row + 1) as f32 * module;
            let mut col = 0;
            while col < qr.width {
                if !qr.is_dark(col, row) {
                    col += 1;
                    continue;
                }
                let start = col;
                while col < qr.width && qr.is_dark(col, row) {
                    col += 1;
                }
                let (left, width) = (x + start as f32 * module, (col - start) as f32 * module);
                self.ops.push(Op::DrawRectangle {
                    rectangle: printpdf::Rect::from_xywh(Pt(left), Pt(y_bottom), Pt(width), Pt(module)),
                });
            }
        }
    }

    /// A light grey band behind a header row.
    fn shade(&mut self, x: f32, y_bottom: f32, width_pt: f32, height_pt: f32) {
        self.ops.push(Op::SetFillColor { col: Color::Greyscale(Greyscale::new(0.9, None)) });
        self.ops.push(Op::DrawRectangle {
            rectangle: printpdf::Rect::from_xywh(Pt(x), Pt(y_bottom), Pt(width_pt), Pt(height_pt)),
        });
        self.ops.push(Op::SetFillColor { col: Color::Greyscale(Greyscale::new(0.0, None)) });
    }

    /// A table across the printable width: the header row, then the rows, with a new
    /// page (and the header again) whenever the next row does not fit.
    pub fn table(&mut self, columns: &[Column], rows: &[Vec<String>], size_pt: f32) {
        let total: f32 = columns.iter().map(|c| c.weight).sum::<f32>().max(f32::EPSILON);
        let scale = self.inner_width() / total;
        let widths: Vec<f32> = columns.iter().map(|c| c.weight * scale).collect();
        let row_h = size_pt * 1.7;
        let pad = 2.5;
        let left = self.left();
        let mut xs = vec![left];
        for w in &widths {
            let last = xs[xs.len() - 1];
            xs.push(last + w);
        }
        let header: Vec<String> = columns.iter().map(|c| c.title.clone()).collect();
        // A cell too long for its column wraps onto more lines; the row grows with it.
        let line_h = size_pt * 1.25;
        let cell_lines = |sheet: &Sheet, cells: &[String]| -> Vec<Vec<String>> {
            (0..columns.len())
                .map(|i| {
                    let text = cells.get(i).map_or("", String::as_str);
                    sheet.wrap_in(text, widths[i] - 2.0 * pad, size_pt)
                })
                .collect()
        };
        let height_of = |lines: &[Vec<String>]| {
            let most = lines.iter().map(Vec::len).max().unwrap_or(1).max(1);
            row_h + (most - 1) as f32 * line_h
        };
        let draw_row = |sheet: &mut Sheet, cells: &[String], header_row: bool| {
            let lines = cell_lines(sheet, cells);
            let height = height_of(&lines);
            let top = sheet.y;
            let baseline = top - row_h + (row_h - size_pt) / 2.0 + size_pt * 0.18;
            if header_row {
                sheet.shade(xs[0], top - height, xs[xs.len() - 1] - xs[0], height);
            }
            for (i, column) in columns.iter().enumerate() {
                let align = if header_row { Align::Center } else { column.align };
                for (k, line) in lines[i].iter().enumerate() {
                    let y = baseline - k as f32 * line_h;
                    sheet.text_in(xs[i] + pad, widths[i] - 2.0 * pad, y, size_pt, line, align);
                }
            }
            sheet.line((xs[0], top - height), (xs[xs.len() - 1], top - height), 0.4, false);
            sheet.y -= height;
        };
        let mut segment_top = None;
        let close = |sheet: &mut Sheet, top: f32| {
            let bottom = sheet.y;
            sheet.line((xs[0], top), (xs[xs.len() - 1], top), 0.6, false);
            for x in &xs {
                sheet.line((*x, top), (*x, bottom), 0.4, false);
            }
        };
        for row in rows {
            let height = height_of(&cell_lines(self, row));
            if segment_top.is_none() || self.room() < height {
                if let Some(top) = segment_top.take() {
                    close(self, top);
                }
                self.ensure(row_h + height);
                segment_top = Some(self.y);
                draw_row(self, &header, true);
            }
            draw_row(self, row, false);
        }
        if segment_top.is_none() {
            segment_top = Some(self.y);
            draw_row(self, &header, true);
        }
        if let Some(top) = segment_top {
            close(self, top);
        }
        self.y -= row_h * 0.5;
    }

    /// Adds the footers and writes the PDF, fonts subset to the glyphs shown.
    ///
    /// # Errors
    /// [`PrintError::Pdf`] when printpdf reports an error while writing.
    pub fn finish(mut self) -> Result<Printed, PrintError> {
        if !self.ops.is_empty() || self.pages.is_empty() {
            self.new_page();
        }
        let total = self.pages.len();
        let pages = std::mem::take(&mut self.pages);
        let mut out = Vec::with_capacity(total);
        for (i, ops) in pages.into_iter().enumerate() {
            self.ops = ops;
            let y = MARGIN_PT;
            let number = match self.lang {
                Lang::Zh => format!("第 {} 页 / 共 {} 页", i + 1, total),
                Lang::En => format!("Page {} of {}", i + 1, total),
            };
            let (left, width) = (self.left(), self.inner_width());
            let head = self.running_head.clone();
            self.text_in(left, width * 0.7, y, 8.0, &head, Align::Left);
            self.text_in(left, width, y, 8.0, &number, Align::Right);
            let ops = std::mem::take(&mut self.ops);
            out.push(PdfPage::new(Mm(self.width_pt / PT_PER_MM), Mm(self.height_pt / PT_PER_MM), ops));
        }
        let mut warnings = Vec::new();
        let bytes = self.doc.with_pages(out).save(&PdfSaveOptions::default(), &mut warnings);
        if let Some(w) = warnings.iter().find(|w| w.severity == printpdf::PdfParseErrorSeverity::Error) {
            return Err(PrintError::Pdf(w.msg.clone()));
        }
        Ok(Printed { bytes, pages: total })
    }
}
