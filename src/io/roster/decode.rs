//! The text of a CSV roster: its encoding found from a byte-order mark, UTF-8, or
//! `chardetng`'s guess among the Chinese encodings Excel saves in (GBK/GB18030, Big5).

/// The text of a CSV file as Excel and other programs save it: with a byte-order mark,
/// in its encoding (UTF-8, UTF-16LE/BE); else UTF-8 when the bytes are UTF-8; else the
/// encoding `chardetng` finds (the detector browsers use) when it is a Chinese one —
/// GBK/GB18030, as Excel's "CSV (逗号分隔)" saves on a Chinese Windows, or Big5 — decoded
/// without replacement characters. `Err` is the 1-based line of the first byte that is
/// not UTF-8 when no encoding fits.
pub(super) fn decode_text(bytes: &[u8]) -> Result<std::borrow::Cow<'_, str>, usize> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, malformed) = encoding.decode_without_bom_handling(&bytes[bom..]);
        if !malformed {
            return Ok(text);
        }
    }
    let error = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(std::borrow::Cow::Borrowed(text)),
        Err(error) => error,
    };
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let guess = detector.guess(None, true);
    let chinese = [encoding_rs::GBK, encoding_rs::GB18030, encoding_rs::BIG5];
    if chinese.contains(&guess)
        && let Some(text) = guess.decode_without_bom_handling_and_without_replacement(bytes)
    {
        return Ok(text);
    }
    let before = &bytes[..error.valid_up_to()];
    Err(LineCounter::new(before).line_at(before.len()))
}

/// The 1-based lines of bytes asked in increasing order (a parser's records), each
/// found by counting on from the last one asked, so a whole file costs one pass.
/// `\n`, `\r\n` and a lone `\r` end a line.
pub(super) struct LineCounter<'a> {
    bytes: &'a [u8],
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    /// Before the first byte: line 1.
    pub(super) fn new(bytes: &'a [u8]) -> LineCounter<'a> {
        LineCounter { bytes, offset: 0, line: 1 }
    }

    /// The line of byte `offset` (an offset before the last one asked counts again
    /// from the start).
    pub(super) fn line_at(&mut self, offset: usize) -> usize {
        let offset = offset.min(self.bytes.len());
        if offset < self.offset {
            (self.offset, self.line) = (0, 1);
        }
        for i in self.offset..offset {
            match self.bytes[i] {
                b'\n' => self.line += 1,
                b'\r' if self.bytes.get(i + 1) != Some(&b'\n') => self.line += 1,
                _ => {}
            }
        }
        self.offset = offset;
        self.line
    }
}
