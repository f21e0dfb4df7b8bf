//! Who is registered already: the index a roster import checks each row
//! against, so that a person entered twice is found by name and birth date or phone.

use super::event::Event;
use super::ids::StartNo;
use super::player::PlayerEntry;
use jiff::civil::Date;
use std::collections::BTreeMap;

/// Who is registered already, to find a roster row entered twice: the same
/// name (spaces aside) and birth date — both unknown counts as the same — or the same
/// phone number. Built once per import, so a roster of n rows against m players costs
/// n + m lookups, not n × m comparisons.
#[derive(Debug, Clone, Default)]
pub struct Registered {
    by_person: BTreeMap<(String, Option<Date>), StartNo>,
    by_phone: BTreeMap<String, StartNo>,
}

impl Registered {
    /// Every player of `event`.
    pub fn of(event: &Event) -> Registered {
        let mut index = Registered::default();
        for p in &event.players {
            index.by_person.entry(person_key(&p.entry)).or_insert(p.start_no);
            let phone = p.entry.phone.trim();
            if !phone.is_empty() {
                index.by_phone.entry(phone.to_string()).or_insert(p.start_no);
            }
        }
        index
    }

    /// The player registered already as `entry` (the lowest start number when several
    /// match), if any.
    pub fn find(&self, entry: &PlayerEntry) -> Option<StartNo> {
        let phone = entry.phone.trim();
        let by_phone = (!phone.is_empty()).then(|| self.by_phone.get(phone)).flatten();
        by_phone.into_iter().chain(self.by_person.get(&person_key(entry))).min().copied()
    }
}

fn person_key(entry: &PlayerEntry) -> (String, Option<Date>) {
    (entry.name.split_whitespace().collect(), entry.born)
}
