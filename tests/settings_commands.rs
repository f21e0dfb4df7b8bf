//! Every rule of the event panel is a command (issue 17): groups added, renamed, given
//! entry rules and removed; prize rules; a stage's qualifiers and knockout options; a
//! stage's format, knockout included. Each is saved with its audit row, refused with
//! the rule it breaks, and undone to the exact state before, in the file too.

use bianpai::domain::command::{Command, DomainError};
use bianpai::domain::eligibility::Eligibility;
use bianpai::domain::event::{Event, KnockoutRules, StageKind};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::model::group_rules::{GroupRules, GroupRulesIssue};
use bianpai::domain::model::prize_checks::{PrizePart, PrizeRulesIssue};
use bianpai::domain::model::stage_checks::StageSettingIssue;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::prize_rules::{Prize, PrizeRules, RankPrize, RankRange};
use bianpai::domain::swiss::pair_next_round;
use bianpai::lang::Lang;
use bianpai::store::{EventFile, StoreError};
use jiff::civil::date;
use std::path::Path;

const G1: GroupId = GroupId(1);

fn file(dir: &Path, preset: &str) -> EventFile {
    let event = presets::build(preset, Some("设置测试"), Some(5)).unwrap();
    EventFile::create(&dir.join("e.bianpai"), &event).unwrap()
}

fn refused(f: &mut EventFile, command: Command) -> DomainError {
    let before = f.event().clone();
    match f.execute(&command) {
        Err(StoreError::Domain(e)) => {
            assert_eq!(f.event(), &before, "a refused command changes nothing");
            e
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The file closed and opened again: what was saved.
fn reopened(f: &mut EventFile) {
    let path = f.path().to_path_buf();
    let placeholder = EventFile::create(&path.with_extension("tmp.bianpai"), f.event());
    let old = std::mem::replace(f, placeholder.unwrap());
    let in_memory = old.event().clone();
    drop(old);
    *f = EventFile::open(&path).unwrap();
    assert_eq!(f.event(), &in_memory, "the file holds what was applied");
    std::fs::remove_file(path.with_extension("tmp.bianpai")).ok();
}

/// Applies `command`, checks the file holds the change, undoes it and checks the event
/// is exactly as before, in memory and in the file; then redoes it.
fn applies_and_undoes(f: &mut EventFile, command: Command) -> Event {
    let before = f.event().clone();
    f.execute(&command).unwrap();
    let after = f.event().clone();
    assert_ne!(after, before, "the command changed something");
    reopened(f);
    f.undo().unwrap().unwrap();
    assert_eq!(f.event(), &before, "undo restores the exact state");
    reopened(f);
    f.redo().unwrap().unwrap();
    assert_eq!(f.event(), &after, "redo gives the change back");
    after
}

// R-1.2, R-1.3: a group's name, entry rules, capacity, window, phone rule and fee.
#[test]
fn group_rules_change_refuse_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), "cxa-swiss");
    let rules = GroupRules {
        name: "少年组".into(),
        eligibility: Eligibility { born_from: Some(date(2010, 1, 1)), max_age: Some(16), ..Default::default() },
        capacity: Some(40),
        registration: Some((date(2026, 11, 1), date(2026, 11, 30))),
        phone_required: true,
        entry_fee_fen: 5_000,
        rank_genders_separately: true,
    };
    let after = applies_and_undoes(&mut f, Command::SetGroupRules { group: G1, rules: rules.clone() });
    assert_eq!(GroupRules::of(after.group(G1).unwrap()), rules);

    let inverted = GroupRules { registration: Some((date(2026, 12, 1), date(2026, 11, 1))), ..rules.clone() };
    let e = refused(&mut f, Command::SetGroupRules { group: G1, rules: inverted });
    assert_eq!(e, DomainError::GroupRules(GroupRulesIssue::RegistrationWindowInverted));

    let entries = (1..=3).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers {
        group: G1, entries, override_reason: Some("测试".into()), left_out: Vec::new()
    })
    .unwrap();
    let small = GroupRules { capacity: Some(2), ..rules.clone() };
    let e = refused(&mut f, Command::SetGroupRules { group: G1, rules: small });
    assert_eq!(e, DomainError::GroupRules(GroupRulesIssue::CapacityBelowEntries { capacity: 2, entered: 3 }));
    assert_eq!(
        GroupRulesIssue::CapacityBelowEntries { capacity: 2, entered: 3 }.describe(Lang::Zh),
        "名额 2 少于已报名的 3 人。"
    );
    let negative = GroupRules { entry_fee_fen: -1, ..rules };
    let e = refused(&mut f, Command::SetGroupRules { group: G1, rules: negative });
    assert_eq!(e, DomainError::GroupRules(GroupRulesIssue::FeeOutOfRange));
}

// R-1.2: groups are added (copying a group's stages), named uniquely, and removed while
// nobody has entered them.
#[test]
fn groups_are_added_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), "huaiyin-2022");
    let groups_before = f.event().groups.len();
    let after = applies_and_undoes(&mut f, Command::AddGroup { name: "老年组".into(), like: Some(GroupId(2)) });
    let new = after.groups.last().unwrap();
    assert_eq!((new.id, new.name.as_str()), (GroupId(groups_before as u32 + 1), "老年组"));
    let like = after.group(GroupId(2)).unwrap();
    assert_eq!(new.eligibility, like.eligibility, "entry rules copied from the model group");
    assert_eq!(new.stages.len(), like.stages.len());
    assert_eq!(new.stages[0].tiebreaks, like.stages[0].tiebreaks);

    let plain = applies_and_undoes(&mut f, Command::AddGroup { name: "公开组".into(), like: None });
    let open = plain.groups.last().unwrap();
    assert_eq!(open.eligibility, Eligibility::default(), "a fresh group has no entry rules");
    assert!(open.prizes.is_empty());

    let taken = f.event().groups[0].name.clone();
    let e = refused(&mut f, Command::AddGroup { name: taken.clone(), like: None });
    assert_eq!(e, DomainError::GroupRules(GroupRulesIssue::NameTaken(taken)));

    let last = f.event().groups.last().unwrap().id;
    let removed = applies_and_undoes(&mut f, Command::RemoveGroup { group: last });
    assert!(removed.group(last).is_none());
    f.undo().unwrap().unwrap();
    let entries = vec![PlayerEntry { name: "张三".into(), ..Default::default() }];
    f.execute(&Command::AddPlayers {
        group: last,
        entries,
        override_reason: Some("测试".into()),
        left_out: Vec::new(),
    })
    .unwrap();
    let e = refused(&mut f, Command::RemoveGroup { group: last });
    let name = f.event().group(last).unwrap().name.clone();
    assert_eq!(e, DomainError::GroupHasPlayers { group: name, players: 1 });
}

// R-7: prize rules are edited as a whole, refused with the row at fault.
#[test]
fn prize_rules_change_refuse_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), "cxa-swiss");
    let mut rules = PrizeRules::default();
    rules.by_rank.push(RankPrize { ranks: RankRange::new(1, 3), prize: Prize::cash("第{rank}名", 30_000) });
    let after = applies_and_undoes(&mut f, Command::SetPrizeRules { group: G1, rules: rules.clone() });
    assert_eq!(after.group(G1).unwrap().prizes, rules);

    rules.by_rank.push(RankPrize { ranks: RankRange::new(5, 4), prize: Prize::cash("优胜奖", 100) });
    let e = refused(&mut f, Command::SetPrizeRules { group: G1, rules: rules.clone() });
    assert_eq!(e, DomainError::PrizeRules(PrizeRulesIssue::BadRanks(PrizePart::ByRank(2))));
    assert!(PrizeRulesIssue::BadRanks(PrizePart::ByRank(2)).describe(Lang::Zh).starts_with("名次奖第 2 行"));
    rules.by_rank.pop();
    rules.ranking_from_stage = Some(StageNo(3));
    let e = refused(&mut f, Command::SetPrizeRules { group: G1, rules });
    assert_eq!(e, DomainError::PrizeRules(PrizeRulesIssue::UnknownStage(3)));
}

// R-11.4: the edition of FIDE's tie-break rules is a stage setting saved by
// `SetStageRules` with its audit row, undone and redone; following the start date (the
// default) it is not written at all, so files from before the setting read and hash as
// they were.
#[test]
fn the_fide_edition_is_saved_audited_and_undone() {
    use bianpai::domain::rules::FideEditionChoice;
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), "fide-swiss");
    let stage = f.event().groups[0].stages[0].clone();
    assert_eq!(stage.fide_edition, FideEditionChoice::ByStartDate);
    assert!(!serde_json::to_string(&stage).unwrap().contains("fide_edition"));
    let set = |fide_edition| Command::SetStageRules {
        group: G1,
        stage: StageNo(1),
        scoring: stage.scoring.clone(),
        tiebreaks: stage.tiebreaks.clone(),
        fide_edition,
        pairing: stage.pairing.clone(),
    };
    let after = applies_and_undoes(&mut f, set(FideEditionChoice::Edition2024));
    assert_eq!(after.groups[0].stages[0].fide_edition, FideEditionChoice::Edition2024);
    let log = f.audit_log().unwrap();
    let row = log.iter().find(|r| r.command.contains(r#""command":"set_stage_rules""#)).unwrap();
    assert!(row.command.contains(r#""fide_edition":"2024""#), "{}", row.command);
    assert!(row.after.contains(r#""fide_edition":"2024""#), "{}", row.after);
    // An audit row written before the setting existed reads as following the date.
    let old: Command = serde_json::from_str(&row.command.replace(r#","fide_edition":"2024""#, "")).unwrap();
    assert_eq!(old, set(FideEditionChoice::ByStartDate));
}

// R-1.4: qualifiers and nominees of a stage with a next stage.
#[test]
fn qualifiers_change_refuse_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), "lingting-cup");
    let set = |stage, qualifiers, nominees| Command::SetStageQualifiers {
        group: G1,
        stage: StageNo(stage),
        qualifiers,
        nominees,
    };
    let after = applies_and_undoes(&mut f, set(1, Some(24), 4));
    let stage = after.group(G1).unwrap().stage(StageNo(1)).unwrap();
    assert_eq!((stage.qualifiers, stage.nominees), (Some(24), 4));
    let e = refused(&mut f, set(3, Some(4), 0));
    assert_eq!(e, DomainError::StageSetting { stage: StageNo(3), issue: StageSettingIssue::NoNextStage });
    let e = refused(&mut f, set(1, Some(0), 0));
    assert_eq!(e, DomainError::StageSetting { stage: StageNo(1), issue: StageSettingIssue::NoQualifiers });
}

// R-6: knockout options; how matches are played is fixed once the knockout is paired.
#[test]
fn knockout_rules_change_refuse_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = file(dir.path(), "cxa-swiss");
    let ko = KnockoutRules { armageddon_after: Some(2), playoff_pairs: true, ..KnockoutRules::lingting() };
    let set = |rules: KnockoutRules| Command::SetKnockoutRules { group: G1, stage: StageNo(1), rules };
    let e = refused(&mut f, set(ko.clone()));
    assert_eq!(e, DomainError::StageSetting { stage: StageNo(1), issue: StageSettingIssue::NotKnockout });

    // R-1.1: a Swiss stage becomes a knockout before its first round.
    let format = Command::SetStageFormat { group: G1, stage: StageNo(1), kind: StageKind::Knockout, double: false };
    let after = applies_and_undoes(&mut f, format);
    assert_eq!(after.groups[0].stages[0].knockout, Some(KnockoutRules::lingting()));
    let after = applies_and_undoes(&mut f, set(ko.clone()));
    assert_eq!(after.groups[0].stages[0].knockout, Some(ko.clone()));
    let e = refused(&mut f, set(KnockoutRules { min_playoff_minutes: 30, ..ko.clone() }));
    assert_eq!(e, DomainError::StageSetting { stage: StageNo(1), issue: StageSettingIssue::PlayoffMinutes });

    let entries = (1..=8)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: G1, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G1, StageNo(1), 7).unwrap();
    f.execute(&Command::PairRound { group: G1, stage: StageNo(1), round }).unwrap();
    let e = refused(&mut f, set(KnockoutRules { games_per_match: 4, ..ko.clone() }));
    assert_eq!(e, DomainError::StageSetting { stage: StageNo(1), issue: StageSettingIssue::KnockoutStarted });
    let faster = KnockoutRules { first_playoff_minutes: 15, min_playoff_minutes: 3, ..ko };
    f.execute(&set(faster.clone())).unwrap();
    assert_eq!(f.event().groups[0].stages[0].knockout, Some(faster), "playoff minutes may still change");
}
