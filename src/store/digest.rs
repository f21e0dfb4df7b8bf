//! The state digest (issue 22, item 6): one 256-bit value for the whole event as
//! stored, which each audit row records and the file is checked against when opened.
//!
//! The event is cut into parts — its title and officials, its preset, each group's
//! settings, each stage's settings, each player, each ledger entry, each round's own
//! fields (seed, warnings, team matches), each game, each bye and each board's watch —
//! and each part is hashed with SHA-256 over its kind, its key and its value as JSON
//! (the same serialisation the file's JSON columns hold). The digest is the sum of
//! those hashes modulo 2^256: it does not depend on order, and a command moves it by
//! taking away the hashes of the parts it changed as they were and adding them as they
//! are ([`advance`]), a few microseconds for a result whatever the size of the event.
//! Opening a file computes it in full ([`of_event`]) from the event as loaded, so that
//! equal digests mean the event reads back as it was written.

use crate::domain::command::{Change, EventInfo, settings_only};
use crate::domain::event::{Event, Game, Group, Round, Stage};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::ledger::LedgerId;
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// The digest of a whole event: the sum of its parts' hashes, modulo 2^256.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StateDigest([u64; 4]);

/// A part's SHA-256 hash.
type PartHash = [u8; 32];

impl StateDigest {
    fn add(&mut self, hash: &PartHash) {
        let mut carry = false;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let word = word_of(hash, i);
            let (sum, over) = limb.overflowing_add(word);
            let (sum, over_carry) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = over || over_carry;
        }
    }

    /// Takes `hash` away: a − b = !(!a + b) in two's complement.
    fn sub(&mut self, hash: &PartHash) {
        self.invert();
        self.add(hash);
        self.invert();
    }

    fn invert(&mut self) {
        self.0.iter_mut().for_each(|limb| *limb = !*limb);
    }

    /// The digest as 32 bytes, most significant first.
    pub fn to_bytes(self) -> [u8; 32] {
        let mut bytes = [0u8; 32];
        for (i, limb) in self.0.iter().enumerate() {
            bytes[(3 - i) * 8..(4 - i) * 8].copy_from_slice(&limb.to_be_bytes());
        }
        bytes
    }

    /// The digest from 32 bytes, most significant first.
    pub fn from_bytes(bytes: &[u8; 32]) -> StateDigest {
        let mut limbs = [0u64; 4];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[(3 - i) * 8..(4 - i) * 8]);
            *limb = u64::from_be_bytes(word);
        }
        StateDigest(limbs)
    }
}

/// The `i`-th 64-bit word of a hash, least significant first (the hash read as one
/// big-endian number).
fn word_of(hash: &PartHash, i: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&hash[(3 - i) * 8..(4 - i) * 8]);
    u64::from_be_bytes(word)
}

/// Where a part sits in the event: its kind and its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    Info,
    Preset,
    Group(GroupId),
    Stage(GroupId, StageNo),
    Player(StartNo),
    Ledger(LedgerId),
    Round(RoundKey),
    Game(RoundKey, BoardNo, u32),
    Bye(RoundKey, StartNo),
    Watch(RoundKey, BoardNo),
}

type RoundKey = (GroupId, StageNo, RoundNo);

impl Part {
    /// The part's kind and key as bytes: a kind tag, then the key's numbers.
    fn key_bytes(self) -> ([u8; 21], usize) {
        let (tag, numbers): (u8, &[u32]) = match self {
            Part::Info => (1, &[]),
            Part::Preset => (2, &[]),
            Part::Group(g) => (3, &[g.0]),
            Part::Stage(g, s) => (4, &[g.0, s.0]),
            Part::Player(n) => (5, &[n.0]),
            Part::Ledger(id) => (6, &[id.0]),
            Part::Round((g, s, r)) => (7, &[g.0, s.0, r.0]),
            Part::Game((g, s, r), b, n) => (8, &[g.0, s.0, r.0, b.0, n]),
            Part::Bye((g, s, r), p) => (9, &[g.0, s.0, r.0, p.0]),
            Part::Watch((g, s, r), b) => (10, &[g.0, s.0, r.0, b.0]),
        };
        let mut bytes = [0u8; 21];
        bytes[0] = tag;
        for (i, n) in numbers.iter().enumerate() {
            bytes[1 + 4 * i..5 + 4 * i].copy_from_slice(&n.to_be_bytes());
        }
        (bytes, 1 + 4 * numbers.len())
    }

    /// The scopes of a change that hold this part: a game is held by its board and
    /// by its round, a stage's settings by the stage and by its group.
    fn holders(self) -> [Option<Scope>; 2] {
        match self {
            Part::Info => [Some(Scope::Info), None],
            Part::Preset => [None, None],
            Part::Group(g) => [Some(Scope::Group(g)), None],
            Part::Stage(g, s) => [Some(Scope::Stage(g, s)), Some(Scope::Group(g))],
            Part::Player(n) => [Some(Scope::Player(n)), None],
            Part::Ledger(id) => [Some(Scope::Ledger(id)), None],
            Part::Round(key) | Part::Bye(key, _) => [Some(Scope::Round(key)), None],
            Part::Game(key, b, _) => [Some(Scope::Board(key, b)), Some(Scope::Round(key))],
            Part::Watch(key, b) => [Some(Scope::Watch(key, b)), Some(Scope::Round(key))],
        }
    }
}

/// The hash of one part: SHA-256 over its kind, key and value as JSON.
fn hash_part<T: serde::Serialize + ?Sized>(part: Part, value: &T) -> PartHash {
    let (key, len) = part.key_bytes();
    let mut hasher = Sha256::new();
    hasher.update(&key[..len]);
    // The domain's values always serialise (string keys, no floats); were one not to,
    // both sides of a comparison would hash the same empty text.
    hasher.update(serde_json::to_vec(value).unwrap_or_default());
    hasher.finalize().into()
}

/// What a change covers: every part it may have changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Scope {
    Info,
    Group(GroupId),
    Stage(GroupId, StageNo),
    Player(StartNo),
    Ledger(LedgerId),
    Round(RoundKey),
    Board(RoundKey, BoardNo),
    Watch(RoundKey, BoardNo),
}

impl Scope {
    fn of(change: &Change) -> Scope {
        match change {
            Change::Player { start_no, .. } => Scope::Player(*start_no),
            Change::StageSettings { group, stage, .. } => Scope::Stage(*group, *stage),
            Change::Round { group, stage, round, .. } => Scope::Round((*group, *stage, *round)),
            Change::Board { group, stage, round, board, .. } => Scope::Board((*group, *stage, *round), *board),
            Change::Watch { group, stage, round, board, .. } => Scope::Watch((*group, *stage, *round), *board),
            Change::Group { group, .. } => Scope::Group(*group),
            Change::EventInfo { .. } => Scope::Info,
            Change::LedgerEntry { id, .. } => Scope::Ledger(*id),
        }
    }
}

/// The digest of the whole event.
pub fn of_event(event: &Event) -> StateDigest {
    let mut digest = StateDigest::default();
    let mut add = |(_, hash): (Part, PartHash)| digest.add(&hash);
    add((Part::Info, hash_part(Part::Info, &EventInfo::of(event))));
    add((Part::Preset, hash_part(Part::Preset, &event.preset)));
    for group in &event.groups {
        group_parts(group, &mut add);
        for stage in &group.stages {
            for round in &stage.rounds {
                round_parts((group.id, stage.no, round.no), round, &mut add);
            }
        }
    }
    for player in &event.players {
        add(player_part(player));
    }
    for entry in &event.ledger {
        let part = Part::Ledger(entry.id);
        add((part, hash_part(part, entry)));
    }
    digest
}

/// The digest after a command that made `changes`, from the digest before it and the
/// event after it: each part a change covers leaves as it was before — taken from
/// the first change that covers it, whose `before` is the value before the command —
/// and comes back as `after` has it.
pub fn advance(mut digest: StateDigest, changes: &[Change], after: &Event) -> StateDigest {
    let mut first: HashMap<Scope, usize> = HashMap::with_capacity(changes.len());
    for (i, change) in changes.iter().enumerate() {
        first.entry(Scope::of(change)).or_insert(i);
    }
    // A part counts for the `i`-th change only if no earlier change covers it.
    let own = |part: Part, i: usize| part.holders().iter().flatten().all(|s| first.get(s).is_none_or(|&j| j >= i));
    for (i, change) in changes.iter().enumerate() {
        before_parts(change, &mut |(part, hash)| {
            if own(part, i) {
                digest.sub(&hash);
            }
        });
    }
    for (i, change) in changes.iter().enumerate() {
        after_parts(Scope::of(change), after, &mut |(part, hash)| {
            if own(part, i) {
                digest.add(&hash);
            }
        });
    }
    digest
}

/// In debug builds, for events small enough to hash whole at every command: the
/// digest a command moved to is the whole event's. A command whose changes miss an
/// entity it changed would otherwise be reported as damage when the file is opened.
pub fn debug_check(digest: StateDigest, event: &Event) {
    if cfg!(debug_assertions) && event.players.len() <= 400 {
        debug_assert_eq!(digest, of_event(event), "a command changed more than its changes name");
    }
}

/// The parts a change held before the command, from its `before`.
fn before_parts(change: &Change, out: &mut impl FnMut((Part, PartHash))) {
    match change {
        Change::Player { before, .. } => before.iter().for_each(|p| out(player_part(p))),
        Change::StageSettings { group, before, .. } => out(stage_part(*group, before)),
        Change::Round { group, stage, round, before } => {
            before.iter().for_each(|r| round_parts((*group, *stage, *round), r, out));
        }
        Change::Board { group, stage, round, before, .. } => {
            before.iter().for_each(|g| out(game_part((*group, *stage, *round), g)));
        }
        Change::Watch { group, stage, round, board, before } => {
            let part = Part::Watch((*group, *stage, *round), *board);
            before.iter().for_each(|w| out((part, hash_part(part, w))));
        }
        Change::Group { before, .. } => before.iter().for_each(|g| group_parts(g, out)),
        Change::EventInfo { before } => out((Part::Info, hash_part(Part::Info, before))),
        Change::LedgerEntry { id, before } => {
            before.iter().for_each(|e| out((Part::Ledger(*id), hash_part(Part::Ledger(*id), e))));
        }
    }
}

/// The parts in `scope` as `event` has them.
fn after_parts(scope: Scope, event: &Event, out: &mut impl FnMut((Part, PartHash))) {
    let round_of = |(g, s, r): RoundKey| event.group(g).and_then(|g| g.stage(s)).and_then(|s| s.round(r));
    match scope {
        Scope::Info => out((Part::Info, hash_part(Part::Info, &EventInfo::of(event)))),
        Scope::Group(g) => event.group(g).iter().for_each(|g| group_parts(g, out)),
        Scope::Stage(g, s) => event.group(g).and_then(|g| g.stage(s)).iter().for_each(|s| out(stage_part(g, s))),
        Scope::Player(n) => event.player(n).iter().for_each(|p| out(player_part(p))),
        Scope::Ledger(id) => {
            let entry = event.ledger.iter().find(|e| e.id == id);
            entry.iter().for_each(|e| out((Part::Ledger(id), hash_part(Part::Ledger(id), e))));
        }
        Scope::Round(key) => round_of(key).iter().for_each(|r| round_parts(key, r, out)),
        Scope::Board(key, board) => {
            let games = round_of(key).map(|r| r.games.as_slice()).unwrap_or_default();
            games.iter().filter(|g| g.board == board).for_each(|g| out(game_part(key, g)));
        }
        Scope::Watch(key, board) => {
            let part = Part::Watch(key, board);
            round_of(key).and_then(|r| r.watch_of(board)).iter().for_each(|w| out((part, hash_part(part, w))));
        }
    }
}

fn player_part(player: &crate::domain::player::Player) -> (Part, PartHash) {
    let part = Part::Player(player.start_no);
    (part, hash_part(part, player))
}

/// A stage's settings, without its rounds (as the `stages` table holds them).
fn stage_part(group: GroupId, stage: &Stage) -> (Part, PartHash) {
    let part = Part::Stage(group, stage.no);
    let settings =
        if stage.rounds.is_empty() { hash_part(part, stage) } else { hash_part(part, &settings_only(stage)) };
    (part, settings)
}

/// A group's own settings (as the `groups` table holds them) and its stages' settings.
fn group_parts(group: &Group, out: &mut impl FnMut((Part, PartHash))) {
    let part = Part::Group(group.id);
    // As `rows::save_group` writes it: its stages have rows of their own.
    let own = Group { stages: Vec::new(), ..group.clone() };
    out((part, hash_part(part, &own)));
    for stage in &group.stages {
        out(stage_part(group.id, stage));
    }
}

/// A round's own fields, each game, each bye and each board's watch.
fn round_parts(key: RoundKey, round: &Round, out: &mut impl FnMut((Part, PartHash))) {
    let own = Round {
        no: round.no,
        seed: round.seed,
        games: Vec::new(),
        byes: Vec::new(),
        warnings: round.warnings.clone(),
        watches: Vec::new(),
        teams: round.teams.clone(),
    };
    out((Part::Round(key), hash_part(Part::Round(key), &own)));
    for game in &round.games {
        out(game_part(key, game));
    }
    for bye in &round.byes {
        let part = Part::Bye(key, bye.player);
        out((part, hash_part(part, bye)));
    }
    for watch in &round.watches {
        let part = Part::Watch(key, watch.board);
        out((part, hash_part(part, watch)));
    }
}

fn game_part(key: RoundKey, game: &Game) -> (Part, PartHash) {
    let part = Part::Game(key, game.board, game.game);
    (part, hash_part(part, game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::{Applied, Command, apply};
    use crate::domain::event::{Bye, ByeKind, PlannedBye};
    use crate::domain::ledger::LedgerKind;
    use crate::domain::player::{PlayerEntry, RenumberKey};
    use crate::domain::result::{GameResult, Outcome};
    use crate::domain::swiss::pair_next_round;

    const G: GroupId = GroupId(1);
    const S: StageNo = StageNo(1);

    /// Applies `command` and checks that the digest moved by its changes is the whole
    /// event's, and the same for its undo.
    fn step(event: &mut Event, digest: &mut StateDigest, command: &Command) -> Applied {
        let applied = apply(event, command).unwrap();
        *digest = advance(*digest, &applied.changes, event);
        assert_eq!(*digest, of_event(event), "after {command:?}");
        let mut undone = event.clone();
        let reverted = crate::domain::undo::revert(&mut undone, &applied.changes).unwrap();
        assert_eq!(advance(*digest, &reverted.changes, &undone), of_event(&undone), "undo of {command:?}");
        applied
    }

    // issue 22, item 6: a command moves the digest to the whole event's — also when its
    // changes overlap (renumbering names a stage and then its group), and for undo.
    #[test]
    fn advancing_by_the_changes_gives_the_whole_events_digest() {
        let mut event = crate::domain::presets::build("cxa-swiss", Some("摘要"), Some(3)).unwrap();
        let mut digest = of_event(&event);
        let entries = (1..=7)
            .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(1500 + 10 * i), ..Default::default() })
            .collect();
        step(
            &mut event,
            &mut digest,
            &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() },
        );
        let bye = Bye { player: StartNo(2), kind: ByeKind::Requested, points: None };
        let planned = PlannedBye { round: RoundNo(1), bye };
        step(&mut event, &mut digest, &Command::AnnounceBye { group: G, stage: S, planned });
        let avoid = Command::AvoidPair { group: G, a: StartNo(1), b: StartNo(3), reason: String::new() };
        step(&mut event, &mut digest, &avoid);
        let renumbered =
            step(&mut event, &mut digest, &Command::RenumberPlayers { group: Some(G), by: RenumberKey::Rating });
        assert!(renumbered.changes.iter().any(|c| matches!(c, Change::StageSettings { .. })));
        assert!(renumbered.changes.iter().any(|c| matches!(c, Change::Group { .. })));
        let round = pair_next_round(&event, G, S, 5).unwrap();
        step(&mut event, &mut digest, &Command::PairRound { group: G, stage: S, round });
        let result = Some(GameResult::plain(Outcome::Draw));
        let record =
            Command::RecordResult { group: G, stage: S, round: RoundNo(1), board: BoardNo(2), game: 1, result };
        step(&mut event, &mut digest, &record);
        let fee = Command::RecordLedgerEntry {
            start_no: StartNo(3),
            kind: LedgerKind::FeePaid,
            amount_fen: 100,
            round: None,
            note: String::new(),
        };
        step(&mut event, &mut digest, &fee);
        let info = Command::SetEventInfo { name: "摘要（改）".into(), start_date: None, officials: vec![] };
        step(&mut event, &mut digest, &info);
        let clear =
            Command::RecordResult { group: G, stage: S, round: RoundNo(1), board: BoardNo(2), game: 1, result: None };
        step(&mut event, &mut digest, &clear);
        step(&mut event, &mut digest, &Command::UnpairRound { group: G, stage: S, round: RoundNo(1) });
    }

    #[test]
    fn the_sum_does_not_depend_on_order_and_takes_back_exactly() {
        let (a, b) = ([0xffu8; 32], [7u8; 32]);
        let (mut ab, mut ba) = (StateDigest::default(), StateDigest::default());
        ab.add(&a);
        ab.add(&b);
        ba.add(&b);
        ba.add(&a);
        assert_eq!(ab, ba);
        ab.sub(&a);
        let mut only_b = StateDigest::default();
        only_b.add(&b);
        assert_eq!(ab, only_b);
        assert_eq!(StateDigest::from_bytes(&ab.to_bytes()), ab);
    }
}
