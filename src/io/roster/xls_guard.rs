//! A look at a legacy XLS workbook before calamine reads it. calamine reads the whole
//! workbook when it opens it: it follows the compound file's sector chains without
//! looking for loops (a damaged file makes it loop, growing memory, until the system
//! kills the program), and lays out every sheet's cells densely (one far cell, or a
//! false size record, asks for gigabytes). This module walks the same chains and
//! records as calamine does, and refuses a file that would make it loop or allocate
//! more than a roster ever needs; anything else it leaves to calamine and its errors.

use super::RosterError;

/// The most cells (bounding boxes of every sheet, and the space calamine reserves from
/// their size records) a roster workbook may lay out: about 150 MB at most.
const MAX_CELLS: u64 = 4_000_000;

const END_OF_CHAIN: u32 = 0xFFFF_FFFE;
const RESERVED: u32 = 0xFFFF_FFFA;
const DIF_SECTOR: u32 = 0xFFFF_FFFC;

/// Refuses an XLS file that calamine cannot read within a roster's memory.
///
/// # Errors
/// [`RosterError::Damaged`] for a sector chain that loops,
/// [`RosterError::WorkbookTooLarge`] for sheets larger than a roster.
pub(super) fn check(bytes: &[u8], file: &str) -> Result<(), RosterError> {
    let damaged = |what: Harm| RosterError::Damaged { file: file.to_string(), message: what.to_string() };
    let Some(stream) = workbook_stream(bytes).map_err(damaged)? else {
        return Ok(());
    };
    if laid_out_cells(&stream) > MAX_CELLS {
        return Err(RosterError::WorkbookTooLarge { file: file.to_string(), max_cells: MAX_CELLS });
    }
    Ok(())
}

/// What in the compound file would make calamine loop or allocate beyond the file.
#[derive(Debug, Clone, Copy)]
enum Harm {
    /// A sector chain that comes back to a sector it passed.
    Loop,
    /// More sector-table sectors than the file has sectors.
    TableLargerThanFile,
}

impl std::fmt::Display for Harm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Harm::Loop => "a sector chain of the file loops",
            Harm::TableLargerThanFile => "the file's sector table is larger than the file",
        })
    }
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    bytes.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn words(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The sectors of a compound file (or of its mini stream) as calamine reads them.
struct Sectors<'a> {
    data: &'a [u8],
    size: usize,
    /// Bytes before sector 0 (the header, for the file's sectors).
    offset: usize,
    max_id: usize,
}

impl<'a> Sectors<'a> {
    /// Sector `id`, cut at the end of the data; `None` where calamine stops with an error.
    fn get(&self, id: u32) -> Option<&'a [u8]> {
        let id = id as usize;
        if id > self.max_id {
            return None;
        }
        let start = self.offset.checked_add(id.checked_mul(self.size)?)?;
        let start = start.min(self.data.len());
        Some(&self.data[start..(start + self.size).min(self.data.len())])
    }

    /// The bytes of the chain from `start`, at most `len`, as calamine's `get_chain`
    /// gathers them; `Err` when the chain loops before `len` bytes.
    fn chain(&self, start: u32, fats: &[u32], len: usize) -> Result<Vec<u8>, Harm> {
        let mut seen = vec![false; self.max_id.saturating_add(1).min(fats.len().saturating_add(1))];
        let mut chain = Vec::new();
        let mut id = start;
        while id != END_OF_CHAIN {
            let Some(sector) = self.get(id) else { break };
            let take = sector.len().min(len - chain.len());
            chain.extend_from_slice(&sector[..take]);
            if chain.len() >= len {
                break;
            }
            match seen.get_mut(id as usize) {
                Some(true) => return Err(Harm::Loop),
                Some(slot) => *slot = true,
                None => break,
            }
            let Some(&next) = fats.get(id as usize) else { break };
            id = next;
        }
        Ok(chain)
    }
}

/// The `Workbook` (or BIFF5 `Book`) stream of a compound file; `Ok(None)` for a file
/// calamine refuses by itself without harm.
fn workbook_stream(bytes: &[u8]) -> Result<Option<Vec<u8>>, Harm> {
    const SIGNATURE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
    if bytes.len() < 512 || !bytes.starts_with(SIGNATURE) || u16_at(bytes, 32) != Some(6) {
        return Ok(None);
    }
    let size = match u16_at(bytes, 30) {
        Some(9) => 512,
        Some(12) => 4096,
        _ => return Ok(None),
    };
    let sectors = Sectors { data: bytes, size, offset: size, max_id: bytes.len() / size };
    let Some(fats) = fat(bytes, &sectors)? else { return Ok(None) };
    let header = |at| u32_at(bytes, at).unwrap_or(END_OF_CHAIN);
    let dirs = sectors.chain(header(48), &fats, usize::MAX)?;
    let entries: Vec<(String, u32, usize)> = dirs.chunks_exact(128).map(|entry| directory_entry(entry, size)).collect();
    let Some(root) = entries.first() else { return Ok(None) };
    let mini_fat_sectors = header(64) as usize;
    let (mini_fats, mini_stream) = if mini_fat_sectors > 0 {
        let mini_stream = sectors.chain(root.1, &fats, root.2)?;
        let mini_fat = sectors.chain(header(60), &fats, mini_fat_sectors.saturating_mul(size))?;
        (words(&mini_fat).collect(), mini_stream)
    } else {
        (Vec::new(), Vec::new())
    };
    let named = |name: &str| entries.iter().find(|e| e.0.eq_ignore_ascii_case(name));
    let Some(&(_, start, len)) = named("Workbook").or_else(|| named("Book")) else { return Ok(None) };
    let stream = if len < 4096 {
        let minis = Sectors { data: &mini_stream, size: 64, offset: 0, max_id: sectors.max_id.saturating_mul(8) };
        minis.chain(start, &mini_fats, len)?
    } else {
        sectors.chain(start, &fats, len)?
    };
    Ok(Some(stream))
}

/// The sector allocation table, gathered as calamine gathers it; `Ok(None)` where
/// calamine stops with an error.
///
/// # Errors
/// [`Harm::TableLargerThanFile`] when the file names more table sectors than it has
/// sectors (a table calamine would build, larger than the file).
fn fat(bytes: &[u8], sectors: &Sectors<'_>) -> Result<Option<Vec<u32>>, Harm> {
    let Some(header) = bytes.get(76..512) else { return Ok(None) };
    let mut difat: Vec<u32> = words(header).collect();
    let mut id = u32_at(bytes, 68).unwrap_or(END_OF_CHAIN);
    let mut hops = 0;
    while id < RESERVED {
        hops += 1;
        let Some(sector) = sectors.get(id).filter(|_| hops <= sectors.max_id + 1) else { return Ok(None) };
        difat.extend(words(sector));
        let Some(next) = difat.pop() else { return Ok(None) };
        id = next;
    }
    let fat_sectors: Vec<u32> = difat.into_iter().filter(|id| *id < DIF_SECTOR).collect();
    if fat_sectors.len() > sectors.max_id + 1 {
        return Err(Harm::TableLargerThanFile);
    }
    let mut fats = Vec::new();
    for id in fat_sectors {
        let Some(sector) = sectors.get(id) else { return Ok(None) };
        fats.extend(words(sector));
    }
    Ok(Some(fats))
}

/// A directory entry's name, first sector and length.
fn directory_entry(entry: &[u8], sector_size: usize) -> (String, u32, usize) {
    let units: Vec<u16> = entry[..64].chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    let mut name = String::from_utf16_lossy(&units);
    if let Some(end) = name.find('\0') {
        name.truncate(end);
    }
    let start = u32_at(entry, 116).unwrap_or(END_OF_CHAIN);
    let len = if sector_size == 512 {
        u32_at(entry, 120).map_or(0, |l| l as usize)
    } else {
        entry.get(120..128).map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()) as usize)
    };
    (name, start, len)
}

/// One BIFF record: its type and data.
fn records(stream: &[u8]) -> impl Iterator<Item = (u16, &[u8])> {
    let mut rest = stream;
    std::iter::from_fn(move || {
        let kind = u16_at(rest, 0)?;
        let len = u16_at(rest, 2)? as usize;
        let data = rest.get(4..4 + len)?;
        rest = &rest[4 + len..];
        Some((kind, data))
    })
}

/// The cells calamine lays out for the workbook: for each sheet its size record's
/// reservation and the bounding boxes of its values and formulas.
fn laid_out_cells(stream: &[u8]) -> u64 {
    let mut sheets = Vec::new();
    for (kind, data) in records(stream) {
        match kind {
            0x0085 => sheets.extend(u32_at(data, 0)),
            0x000A => break,
            _ => {}
        }
    }
    sheets.iter().filter_map(|&at| stream.get(at as usize..)).map(sheet_cells).fold(0, u64::saturating_add)
}

/// A sheet's reservation and bounding boxes, walking its records as calamine does.
fn sheet_cells(sheet: &[u8]) -> u64 {
    let (mut seen_bof, mut depth) = (false, 0usize);
    let (mut reserved, mut values, mut formulas) = (0u64, Span::default(), Span::default());
    for (kind, data) in records(sheet) {
        if depth > 0 {
            match kind {
                0x0809 => depth += 1,
                0x000A => depth -= 1,
                _ => {}
            }
            continue;
        }
        match kind {
            0x0809 if seen_bof => depth += 1,
            0x0809 => seen_bof = true,
            0x0200 => reserved = reserved.saturating_add(dimensions(data)),
            0x0203 | 0x0204 | 0x00D6 | 0x0205 | 0x027E | 0x00FD => values.add_at(data),
            0x0006 => {
                values.add_at(data);
                formulas.add_at(data);
            }
            0x00BD => {
                if let (Some(row), Some(first), Some(last)) =
                    (u16_at(data, 0), u16_at(data, 2), u16_at(data, data.len().saturating_sub(2)))
                    && last >= first
                {
                    values.add(row, first);
                    values.add(row, last);
                }
            }
            0x000A => break,
            _ => {}
        }
    }
    reserved.saturating_add(values.area()).saturating_add(formulas.area())
}

/// What calamine reserves for a sheet's size record (its rows × columns, computed as
/// calamine computes them, wrapping where it wraps).
fn dimensions(data: &[u8]) -> u64 {
    let (first_row, last_row, mut first_col, last_col) = match data.len() {
        10 => (
            u32::from(u16_at(data, 0).unwrap_or(0)),
            u32::from(u16_at(data, 2).unwrap_or(0)),
            u32::from(u16_at(data, 4).unwrap_or(0)),
            u32::from(u16_at(data, 6).unwrap_or(0)),
        ),
        14 | 16 => (
            u32_at(data, 0).unwrap_or(0),
            u32_at(data, 4).unwrap_or(0),
            u32::from(u16_at(data, 8).unwrap_or(0)),
            u32::from(u16_at(data, 10).unwrap_or(0)),
        ),
        _ => return 0,
    };
    if first_col > 0xFF || last_col < first_col {
        first_col = 0;
    }
    let (end_row, end_col) =
        if last_row >= 1 && last_col >= 1 { (last_row - 1, last_col - 1) } else { (first_row, first_col) };
    let rows = u64::from(end_row.wrapping_sub(first_row).wrapping_add(1));
    let cols = u64::from(end_col.wrapping_sub(first_col).wrapping_add(1));
    rows.saturating_mul(cols)
}

/// The bounding box of a sheet's cells.
#[derive(Default)]
struct Span {
    rows: Option<(u16, u16)>,
    cols: Option<(u16, u16)>,
}

impl Span {
    fn add_at(&mut self, data: &[u8]) {
        if let (Some(row), Some(col)) = (u16_at(data, 0), u16_at(data, 2)) {
            self.add(row, col);
        }
    }

    fn add(&mut self, row: u16, col: u16) {
        let widen = |span: Option<(u16, u16)>, x: u16| Some(span.map_or((x, x), |(a, b)| (a.min(x), b.max(x))));
        self.rows = widen(self.rows, row);
        self.cols = widen(self.cols, col);
    }

    fn area(&self) -> u64 {
        match (self.rows, self.cols) {
            (Some((r0, r1)), Some((c0, c1))) => u64::from(r1 - r0 + 1) * u64::from(c1 - c0 + 1),
            _ => 0,
        }
    }
}
