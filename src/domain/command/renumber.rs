//! Renumbering start numbers before play (重新编号, issue 17; CLI.md `players renumber`):
//! after registration closes, a director gives the numbers anew by rating (so that a
//! first round by halves, R-3.1, pairs by strength), by name or by club.
//!
//! Under per-group numbering the group's shown numbers then run 1…N in the
//! new order.
//!
//! Start numbers are event-wide: the players renumbered (one group's, or every group's
//! in group order) take the same set of numbers they held between them, so no other
//! player's number changes and no number is freed or created. Everything that names a
//! renumbered player by number follows: announced byes and stage entrants (the stage's
//! settings) and ledger entries (fees already paid) — each saved with its value before,
//! so undo puts every number back. Rounds would have to be rewritten, and printed
//! sheets carry the numbers, so renumbering is refused once any stage of a group
//! concerned has a paired round or has taken in qualifiers.

use crate::domain::model::change::{Applied, Change, DomainError, EventInfo, group_settings, settings_only};
use crate::domain::model::event::{Event, StageStatus};
use crate::domain::model::ids::{GroupId, StartNo};
use crate::domain::model::numbering::{Numbering, numbered_from_one};
use crate::domain::model::player::{Player, RenumberKey, collation_key};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// Whether the players of `group` (every group when `None`) may be renumbered now.
///
/// # Errors
/// [`DomainError::UnknownGroup`]; [`DomainError::RenumberAfterPairing`] naming the
/// first group concerned that has a paired round or a later stage with entrants.
pub fn renumber_refusal(event: &Event, group: Option<GroupId>) -> Result<(), DomainError> {
    if let Some(id) = group {
        event.group(id).ok_or(DomainError::UnknownGroup(id))?;
    }
    for g in event.groups.iter().filter(|g| group.is_none_or(|id| id == g.id)) {
        let begun = g.stages.iter().enumerate().any(|(i, s)| {
            !s.rounds.is_empty() || (i > 0 && (s.status != StageStatus::Pending || !s.entrants.is_empty()))
        });
        if begun {
            return Err(DomainError::RenumberAfterPairing(g.name.clone()));
        }
    }
    Ok(())
}

/// The sort key of a player under `by`: club (none last), rating (highest first, none
/// last), name — each part neutral where `by` does not use it.
type SortKey = (bool, String, bool, Reverse<u32>, String);

fn sort_key(player: &Player, by: RenumberKey) -> SortKey {
    let e = &player.entry;
    let rating = (e.rating.is_none(), Reverse(e.rating.unwrap_or(0)));
    let name = collation_key(&e.name);
    match by {
        RenumberKey::Name => (false, String::new(), false, Reverse(0), name),
        RenumberKey::Rating => (false, String::new(), rating.0, rating.1, name),
        RenumberKey::Club => (e.club.trim().is_empty(), collation_key(&e.club), rating.0, rating.1, name),
    }
}

/// The current start numbers of the players of `group` (every group, in group order,
/// when `None`) in their new order: the first takes the smallest of their numbers, the
/// second the next, and so on. Ties keep the old order.
pub fn renumber_order(event: &Event, group: Option<GroupId>, by: RenumberKey) -> Vec<StartNo> {
    let group_rank: BTreeMap<GroupId, usize> = event.groups.iter().enumerate().map(|(i, g)| (g.id, i)).collect();
    let mut keyed: Vec<(usize, SortKey, StartNo)> = event
        .players
        .iter()
        .filter(|p| group.is_none_or(|g| p.group == g))
        .map(|p| (group_rank.get(&p.group).copied().unwrap_or(usize::MAX), sort_key(p, by), p.start_no))
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, _, start_no)| start_no).collect()
}

/// Under per-group numbering, the shown number each player of `order` takes — keyed
/// by the start number the player has after renumbering — counting from 1 in each
/// group in the new order; empty under per-event numbering.
fn shown_from_one(event: &Event, order: &[StartNo], new_of: &BTreeMap<StartNo, StartNo>) -> BTreeMap<StartNo, u32> {
    let mut shown_at = BTreeMap::new();
    if !event.numbers_per_group() {
        return shown_at;
    }
    let mut counted: BTreeMap<GroupId, u32> = BTreeMap::new();
    for old in order {
        let Some(player) = event.player(*old) else { continue };
        let n = counted.entry(player.group).or_insert(0);
        *n += 1;
        shown_at.insert(new_of.get(old).copied().unwrap_or(*old), *n);
    }
    shown_at
}

/// Applies [`super::Command::RenumberPlayers`].
pub(super) fn renumber(event: &mut Event, group: Option<GroupId>, by: RenumberKey) -> Result<Applied, DomainError> {
    renumber_refusal(event, group)?;
    let order = renumber_order(event, group, by);
    let mut numbers = order.clone();
    numbers.sort();
    // Old number → new number, for the players whose number changes.
    let new_of: BTreeMap<StartNo, StartNo> =
        order.iter().zip(&numbers).filter(|(old, new)| old != new).map(|(old, new)| (*old, *new)).collect();
    let mut changes = Vec::new();
    // Each number whose holder changes, with its holder before (numbers are the
    // players' keys: the same numbers change hands, none is added or removed).
    for &number in new_of.keys() {
        if let Some(before) = event.player(number) {
            changes.push(Change::Player { start_no: number, before: Some(Box::new(before.clone())) });
        }
    }
    // Under per-group numbering the groups renumbered are numbered from 1 in their
    // new order: the shown number of the player at each new start number.
    let shown_at = shown_from_one(event, &order, &new_of);
    // A second entry follows the entry it repeats, and a shown number may
    // change while the start number stays: such a player is saved as before.
    for p in event.players.iter().filter(|p| !new_of.contains_key(&p.start_no)) {
        let link = p.second_entry_of.is_some_and(|first| new_of.contains_key(&first));
        if link || shown_at.get(&p.start_no).is_some_and(|&n| p.shown_no != Some(n)) {
            changes.push(Change::Player { start_no: p.start_no, before: Some(Box::new(p.clone())) });
        }
    }
    for p in &mut event.players {
        if let Some(&new) = new_of.get(&p.start_no) {
            p.start_no = new;
        }
        if let Some(&new) = p.second_entry_of.as_ref().and_then(|first| new_of.get(first)) {
            p.second_entry_of = Some(new);
        }
        if let Some(&shown) = shown_at.get(&p.start_no) {
            p.shown_no = Some(shown);
        }
    }
    event.players.sort_by_key(|p| p.start_no);
    let follow = |n: &mut StartNo| {
        if let Some(&new) = new_of.get(n) {
            *n = new;
        }
    };
    for g in &mut event.groups {
        for s in &mut g.stages {
            let lineups = s.teams.iter().flat_map(|t| &t.planned_lineups).flat_map(|l| &l.players);
            let named = s.entrants.iter().chain(s.planned_byes.iter().map(|b| &b.bye.player)).chain(lineups);
            if !named.into_iter().any(|n| new_of.contains_key(n)) {
                continue;
            }
            changes.push(Change::StageSettings { group: g.id, stage: s.no, before: Box::new(settings_only(s)) });
            s.entrants.iter_mut().for_each(follow);
            s.planned_byes.iter_mut().for_each(|b| follow(&mut b.bye.player));
            for lineup in s.teams.iter_mut().flat_map(|t| t.planned_lineups.iter_mut()) {
                lineup.players.iter_mut().for_each(follow);
            }
            s.planned_byes.sort_by_key(|b| (b.round, b.bye.player));
        }
    }
    // The director's pairing controls, prize decisions and teams
    // follow their players.
    for g in &mut event.groups {
        let decided = g.prize_decisions.iter().any(|d| new_of.contains_key(&d.start_no));
        let in_team = g.teams.iter().any(|t| t.roster().chain(t.captain).any(|n| new_of.contains_key(&n)));
        if !decided && !in_team && !new_of.keys().any(|n| g.pairing_controls.names(*n)) {
            continue;
        }
        changes.push(Change::Group { group: g.id, before: Some(Box::new(group_settings(g))) });
        g.pairing_controls = g.pairing_controls.renumbered(|n| new_of.get(&n).copied().unwrap_or(n));
        g.prize_decisions.iter_mut().for_each(|d| follow(&mut d.start_no));
        g.prize_decisions.sort_by_key(|d| d.start_no);
        for t in &mut g.teams {
            t.members.iter_mut().chain(t.reserves.iter_mut()).chain(t.captain.iter_mut()).for_each(follow);
        }
    }
    for entry in &mut event.ledger {
        if new_of.contains_key(&entry.start_no) {
            changes.push(Change::LedgerEntry { id: entry.id, before: Some(Box::new(entry.clone())) });
            follow(&mut entry.start_no);
        }
    }
    Ok(Applied::of(changes))
}

/// Applies [`super::Command::SetNumbering`]: each group numbered from 1 in
/// start-number order under per-group numbering, the start numbers shown under
/// per-event numbering; the groups' deleted shown numbers are forgotten, the numbers
/// being given anew. Nothing changes when the event already numbers so.
pub(super) fn set_numbering(event: &mut Event, numbering: Numbering) -> Result<Applied, DomainError> {
    if event.numbering == numbering {
        return Ok(Applied::of(Vec::new()));
    }
    renumber_refusal(event, None)?;
    let mut changes = vec![Change::EventInfo { before: Box::new(EventInfo::of(event)) }];
    event.numbering = numbering;
    for (start_no, shown) in numbered_from_one(event, numbering) {
        let Ok(at) = event.players.binary_search_by_key(&start_no, |p| p.start_no) else { continue };
        let player = &mut event.players[at];
        if player.shown_no != shown {
            changes.push(Change::Player { start_no, before: Some(Box::new(player.clone())) });
            player.shown_no = shown;
        }
    }
    for g in event.groups.iter_mut().filter(|g| g.numbers_given != 0) {
        changes.push(Change::Group { group: g.id, before: Some(Box::new(group_settings(g))) });
        g.numbers_given = 0;
    }
    Ok(Applied::of(changes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::{Command, apply};
    use crate::domain::model::event::{Bye, ByeKind, PlannedBye};
    use crate::domain::model::ids::{RoundNo, StageNo};
    use crate::domain::model::money::LedgerKind;
    use crate::domain::model::player::PlayerEntry;
    use crate::domain::{presets, swiss, undo};

    fn entry(name: &str, club: &str, rating: Option<u32>) -> PlayerEntry {
        PlayerEntry { name: name.into(), club: club.into(), rating, ..PlayerEntry::default() }
    }

    /// A cxa-swiss event: 1 张三 (1800, 北京), 2 安然 (2100, 上海), 3 王五 (unrated,
    /// 北京), 4 李四 (2100, no club).
    fn event() -> Event {
        let mut event = presets::build("cxa-swiss", None, Some(5)).unwrap();
        let entries = vec![
            entry("张三", "北京", Some(1800)),
            entry("安然", "上海", Some(2100)),
            entry("王五", "北京", None),
            entry("李四", "", Some(2100)),
        ];
        apply(
            &mut event,
            &Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() },
        )
        .unwrap();
        event
    }

    fn names(event: &Event) -> Vec<(u32, &str)> {
        event.players.iter().map(|p| (p.start_no.0, p.entry.name.as_str())).collect()
    }

    fn renumber_by(by: RenumberKey) -> Command {
        Command::RenumberPlayers { group: Some(GroupId(1)), by }
    }

    // Issue 17, CLI.md `players renumber --by rating`: highest first, equal ratings by
    // name in pinyin order (安 before 李), the unrated last.
    #[test]
    fn by_rating_highest_first_ties_by_name_unrated_last() {
        let mut event = event();
        apply(&mut event, &renumber_by(RenumberKey::Rating)).unwrap();
        assert_eq!(names(&event), [(1, "安然"), (2, "李四"), (3, "张三"), (4, "王五")]);
    }

    // `--by name`: pinyin order 安 李 王 张.
    #[test]
    fn by_name_in_pinyin_order() {
        let mut event = event();
        apply(&mut event, &renumber_by(RenumberKey::Name)).unwrap();
        assert_eq!(names(&event), [(1, "安然"), (2, "李四"), (3, "王五"), (4, "张三")]);
    }

    // `--by club`: 北京 (by rating) before 上海, no club last.
    #[test]
    fn by_club_then_rating_no_club_last() {
        let mut event = event();
        apply(&mut event, &renumber_by(RenumberKey::Club)).unwrap();
        assert_eq!(names(&event), [(1, "张三"), (2, "王五"), (3, "安然"), (4, "李四")]);
    }

    // Issue 17: announced byes and ledger entries follow their players; undo restores
    // the exact event, and the changes record only the numbers that changed hands.
    #[test]
    fn byes_and_ledger_follow_and_undo_restores_the_exact_event() {
        let mut event = event();
        let planned = PlannedBye { round: RoundNo(1), bye: Bye::new(StartNo(3), ByeKind::Absent) };
        apply(&mut event, &Command::AnnounceBye { group: GroupId(1), stage: StageNo(1), planned }).unwrap();
        let fee = Command::RecordLedgerEntry {
            start_no: StartNo(1),
            kind: LedgerKind::FeePaid,
            amount_fen: 500,
            round: None,
            note: String::new(),
        };
        apply(&mut event, &fee).unwrap();
        let before = event.clone();
        let applied = apply(&mut event, &renumber_by(RenumberKey::Rating)).unwrap();
        // 张三 1 → 3, 王五 3 → 4: the absence and the fee go with them.
        let stage = &event.groups[0].stages[0];
        assert_eq!(stage.planned_byes[0].bye.player, StartNo(4));
        assert_eq!(event.ledger[0].start_no, StartNo(3));
        assert_eq!(event.player(StartNo(3)).map(Player::name), Some("张三"));
        let players_changed = applied.changes.iter().filter(|c| matches!(c, Change::Player { .. })).count();
        assert_eq!(players_changed, 4, "every number changed hands");
        undo::revert(&mut event, &applied.changes).unwrap();
        assert_eq!(event, before);
    }

    // teams (members, reserves, captain) and second entries follow
    // their players; undo restores the exact event.
    #[test]
    fn teams_and_second_entries_follow_their_players() {
        use crate::domain::command::TeamCommand;
        use crate::domain::model::team::{Team, TeamId, TeamStage};
        let team = |name: &str, reserves: Vec<StartNo>| Team {
            id: TeamId(0),
            name: name.into(),
            club: String::new(),
            captain: Some(StartNo(1)),
            members: vec![StartNo(1)],
            reserves,
        };
        let add = |group, team| Command::Team { group: GroupId(group), change: TeamCommand::Add { team } };
        let mut event = event();
        apply(&mut event, &add(1, team("北京", vec![StartNo(3)]))).unwrap();
        apply(&mut event, &Command::AddGroup { name: "团体组".into(), like: Some(GroupId(1)) }).unwrap();
        let set = TeamCommand::SetStage { stage: StageNo(1), rules: Some(TeamStage::cxa(2)) };
        apply(&mut event, &Command::Team { group: GroupId(2), change: set }).unwrap();
        // 张三 (1) also plays for the team group's 北京队, as 5.
        apply(&mut event, &add(2, team("北京队", vec![]))).unwrap();
        assert_eq!(event.player(StartNo(5)).and_then(|p| p.second_entry_of), Some(StartNo(1)));
        let before = event.clone();
        let applied = apply(&mut event, &renumber_by(RenumberKey::Rating)).unwrap();
        // 张三 1 → 3, 王五 3 → 4.
        let t = &event.groups[0].teams[0];
        assert_eq!((&t.members, &t.reserves, t.captain), (&vec![StartNo(3)], &vec![StartNo(4)], Some(StartNo(3))));
        assert_eq!(event.player(StartNo(5)).and_then(|p| p.second_entry_of), Some(StartNo(3)));
        undo::revert(&mut event, &applied.changes).unwrap();
        assert_eq!(event, before);
    }

    // Only the group's own numbers are handed out again: another group's players keep
    // theirs, and the whole event renumbers group by group.
    #[test]
    fn a_group_keeps_its_own_numbers_and_the_whole_event_goes_group_by_group() {
        let mut event = presets::build("huaiyin-2022", None, None).unwrap();
        let (adult, youth) = (event.groups[0].id, event.groups[1].id);
        for (group, name, rating) in
            [(youth, "周一", 1500), (adult, "吴二", 1900), (youth, "郑三", 1700), (adult, "冯四", 2000)]
        {
            let entries = vec![PlayerEntry { rating: Some(rating), ..entry(name, "", None) }];
            let add =
                Command::AddPlayers { group, entries, override_reason: Some("测试".into()), left_out: Vec::new() };
            apply(&mut event, &add).unwrap();
        }
        let mut one = event.clone();
        apply(&mut one, &Command::RenumberPlayers { group: Some(youth), by: RenumberKey::Rating }).unwrap();
        assert_eq!(names(&one), [(1, "郑三"), (2, "吴二"), (3, "周一"), (4, "冯四")]);
        apply(&mut event, &Command::RenumberPlayers { group: None, by: RenumberKey::Rating }).unwrap();
        assert_eq!(names(&event), [(1, "冯四"), (2, "吴二"), (3, "郑三"), (4, "周一")]);
    }

    // Issue 17: refused once round 1 is paired, naming the rule; nothing changes.
    #[test]
    fn refused_once_a_round_is_paired() {
        let mut event = event();
        let round = swiss::pair_next_round(&event, GroupId(1), StageNo(1), 1).unwrap();
        apply(&mut event, &Command::PairRound { group: GroupId(1), stage: StageNo(1), round }).unwrap();
        let before = event.clone();
        let error = apply(&mut event, &renumber_by(RenumberKey::Name)).unwrap_err();
        assert_eq!(error, DomainError::RenumberAfterPairing(event.groups[0].name.clone()));
        assert!(error.to_string().contains("only before round 1 of the first stage"), "{error}");
        assert_eq!(event, before);
        assert_eq!(
            renumber_refusal(&event, None),
            Err(DomainError::RenumberAfterPairing(event.groups[0].name.clone()))
        );
        let unknown = Command::RenumberPlayers { group: Some(GroupId(9)), by: RenumberKey::Name };
        assert_eq!(apply(&mut event, &unknown), Err(DomainError::UnknownGroup(GroupId(9))));
    }

    // Numbers already in the key's order: nothing changes, nothing to save.
    #[test]
    fn numbers_already_in_order_change_nothing() {
        let mut event = event();
        apply(&mut event, &renumber_by(RenumberKey::Name)).unwrap();
        let before = event.clone();
        let applied = apply(&mut event, &renumber_by(RenumberKey::Name)).unwrap();
        assert!(applied.changes.is_empty());
        assert_eq!(event, before);
    }
}
