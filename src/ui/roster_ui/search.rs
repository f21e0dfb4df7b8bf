//! Ordering the roster's rows: the players matching the search text (the shared
//! [`search`](crate::ui::search) floor), sorted by the chosen column.

use super::{Sort, SortColumn};
use crate::domain::event::{Event, Stage};
use crate::domain::player::Player;
pub(super) use crate::present::search::{SearchKey, matches, search_keys};
use std::cmp::Ordering;

/// The positions in `event.players` of the players matching `filter`, in `sort` order
/// (start number breaks ties).
pub(super) fn filtered_sorted(
    event: &Event,
    stage: Option<&Stage>,
    keys: &[SearchKey],
    filter: &str,
    sort: Sort,
) -> Vec<usize> {
    let mut shown: Vec<&SearchKey> = keys.iter().filter(|k| matches(k, filter)).collect();
    let player = |k: &SearchKey| &event.players[k.index];
    let has_bye = |p: &Player| stage.is_some_and(|s| s.planned_byes.iter().any(|b| b.bye.player == p.start_no));
    shown.sort_by(|a, b| {
        let (pa, pb) = (player(a), player(b));
        let (ea, eb) = (&pa.entry, &pb.entry);
        let primary = match sort.column {
            SortColumn::StartNo => Ordering::Equal,
            SortColumn::Name => a.name_order.cmp(&b.name_order).then_with(|| ea.name.cmp(&eb.name)),
            SortColumn::Gender => ea.gender.cmp(&eb.gender),
            SortColumn::Born => ea.born.cmp(&eb.born),
            SortColumn::Club => a.club_order.cmp(&b.club_order).then_with(|| ea.club.cmp(&eb.club)),
            SortColumn::Rating => ea.rating.cmp(&eb.rating),
            SortColumn::Title => ea.title.cmp(&eb.title),
            SortColumn::VerifiedFemale => ea.verified_female.cmp(&eb.verified_female),
            SortColumn::Nominee => ea.nominee.cmp(&eb.nominee),
            SortColumn::Status => pa.status.cmp(&pb.status).then_with(|| has_bye(pa).cmp(&has_bye(pb))),
        };
        let primary = if sort.column == SortColumn::StartNo { pa.start_no.cmp(&pb.start_no) } else { primary };
        let primary = if sort.descending { primary.reverse() } else { primary };
        primary.then_with(|| pa.start_no.cmp(&pb.start_no))
    });
    shown.into_iter().map(|k| k.index).collect()
}
