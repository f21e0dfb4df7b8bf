//! Handlers of the stages' and the event's settings: rounds planned, rules, format,
//! schedule, the event's title and officials, announced byes, and closing a stage to
//! qualify players into the next.

use crate::domain::model::change::{
    Applied, Change, DomainError, EntryProblem, EventInfo, settings_only, stage_mut, stage_ref,
};
use crate::domain::model::event::{
    ByeKind, Event, KnockoutRules, Official, PlannedBye, RoundSchedule, Stage, StageKind, StageStatus,
};
use crate::domain::model::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::player::{MAX_TEXT_CHARS, clean_text, too_many_chars};
use crate::domain::model::rules::{FideEditionChoice, PairingOptions, ScoringTable, Tiebreak};
use crate::domain::model::stage_checks::{check_knockout, check_qualifiers, check_rounds};
use crate::domain::standings::qualifiers;
use jiff::civil::Date;

/// Changes one stage's settings with `f` (which may refuse), keeping the settings
/// before for the audit.
fn change_stage(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    f: impl FnOnce(&mut Stage) -> Result<(), DomainError>,
) -> Result<Applied, DomainError> {
    let st = stage_mut(event, group, stage)?;
    let before = Box::new(settings_only(st));
    f(st)?;
    Ok(Applied::one(Change::StageSettings { group, stage, before }))
}

pub(super) fn set_rounds_planned(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    rounds: u32,
) -> Result<Applied, DomainError> {
    if let Some(issue) = check_rounds(rounds) {
        return Err(DomainError::StageSetting { stage, issue });
    }
    change_stage(event, group, stage, |st| {
        let paired = st.rounds.len() as u32;
        if rounds < paired {
            return Err(DomainError::RoundsBelowPaired { paired });
        }
        st.rounds_planned = Some(rounds);
        Ok(())
    })
}

pub(super) fn set_rules(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    scoring: &ScoringTable,
    (tiebreaks, fide_edition): (&[Tiebreak], FideEditionChoice),
    pairing: &PairingOptions,
) -> Result<Applied, DomainError> {
    change_stage(event, group, stage, |st| {
        st.scoring = scoring.clone();
        st.tiebreaks = tiebreaks.to_vec();
        st.fide_edition = fide_edition;
        st.pairing = pairing.clone();
        Ok(())
    })
}

pub(super) fn set_format(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    kind: StageKind,
    double: bool,
) -> Result<Applied, DomainError> {
    change_stage(event, group, stage, |st| {
        if !st.rounds.is_empty() {
            return Err(DomainError::RoundsBelowPaired { paired: st.rounds.len() as u32 });
        }
        if kind == StageKind::Knockout && st.knockout.is_none() {
            st.knockout = Some(KnockoutRules::lingting());
        }
        st.kind = kind;
        st.double_round_robin = double && kind == StageKind::RoundRobin;
        if kind == StageKind::RoundRobin {
            st.rounds_planned = None;
        }
        Ok(())
    })
}

pub(super) fn set_qualifiers(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    qualifiers: Option<u32>,
    nominees: u32,
) -> Result<Applied, DomainError> {
    let has_next = stage_ref(event, group, StageNo(stage.0 + 1)).is_ok();
    change_stage(event, group, stage, |st| {
        if let Some(issue) = check_qualifiers(has_next, qualifiers, nominees) {
            return Err(DomainError::StageSetting { stage, issue });
        }
        st.qualifiers = qualifiers;
        st.nominees = nominees;
        Ok(())
    })
}

pub(super) fn set_knockout(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    rules: &KnockoutRules,
) -> Result<Applied, DomainError> {
    change_stage(event, group, stage, |st| {
        if let Some(issue) = check_knockout(st, rules) {
            return Err(DomainError::StageSetting { stage, issue });
        }
        st.knockout = Some(rules.clone());
        Ok(())
    })
}

pub(super) fn set_schedule(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    time_control: &str,
    schedule: &[RoundSchedule],
) -> Result<Applied, DomainError> {
    // Printed on every sheet: no control character, no text beyond a field's bound
    // (issue 38, item 12).
    let time_control = clean_text(time_control);
    if let Some(chars) = too_many_chars(&time_control) {
        return Err(too_long("time control", chars));
    }
    let mut schedule: Vec<RoundSchedule> =
        schedule.iter().map(|s| RoundSchedule { start: clean_text(&s.start), ..s.clone() }).collect();
    if let Some(chars) = schedule.iter().find_map(|s| too_many_chars(&s.start)) {
        return Err(too_long("start time", chars));
    }
    schedule.sort_by_key(|s| s.round);
    if schedule.iter().any(|s| s.round.0 == 0) {
        return Err(DomainError::ScheduleRoundZero);
    }
    if let Some(twice) = schedule.windows(2).find(|w| w[0].round == w[1].round) {
        return Err(DomainError::ScheduledTwice(twice[0].round));
    }
    change_stage(event, group, stage, |st| {
        st.time_control = time_control;
        st.schedule = schedule;
        Ok(())
    })
}

pub(super) fn set_event_info(
    event: &mut Event,
    name: &str,
    start_date: Option<Date>,
    officials: &[Official],
) -> Result<Applied, DomainError> {
    if !crate::domain::model::player::has_visible_text(name) {
        return Err(DomainError::InvalidEntry(EntryProblem::EventNameMissing));
    }
    if let Some(o) = officials.iter().find(|o| !crate::domain::model::player::has_visible_text(&o.name)) {
        return Err(DomainError::InvalidEntry(EntryProblem::OfficialNameMissing { role: o.role.clone() }));
    }
    let officials: Vec<Official> =
        officials.iter().map(|o| Official { role: clean_text(&o.role), name: clean_text(&o.name) }).collect();
    let name = clean_text(name);
    let texts = officials.iter().flat_map(|o| [("official", &o.role), ("official", &o.name)]);
    if let Some((field, chars)) =
        std::iter::once(("event name", &name)).chain(texts).find_map(|(f, t)| too_many_chars(t).map(|n| (f, n)))
    {
        return Err(too_long(field, chars));
    }
    let before = Box::new(EventInfo::of(event));
    event.name = name;
    event.start_date = start_date;
    event.officials = officials;
    Ok(Applied::one(Change::EventInfo { before }))
}

/// The refusal of a text longer than [`MAX_TEXT_CHARS`] (issue 38, item 12).
fn too_long(field: &str, chars: usize) -> DomainError {
    DomainError::InvalidEntry(EntryProblem::FieldTooLong { field: field.to_string(), chars, max: MAX_TEXT_CHARS })
}

pub(super) fn announce_bye(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    planned: &PlannedBye,
) -> Result<Applied, DomainError> {
    announce_byes(event, group, stage, std::slice::from_ref(planned)).map_err(|(_, e)| e)
}

/// Announces many byes at once — a TRF file's byes for rounds not yet paired —
/// each checked as [`Command::AnnounceBye`](super::Command::AnnounceBye) checks one, then
/// added in one change, so that n byes cost n log n, not n². All or none.
///
/// # Errors
/// The index of the first bye refused, and why.
pub fn announce_byes(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    planned: &[PlannedBye],
) -> Result<Applied, (usize, DomainError)> {
    let entrants: std::collections::BTreeSet<StartNo> = crate::domain::model::change::stage_ref(event, group, stage)
        .map_err(|e| (0, e))?
        .entrants
        .iter()
        .copied()
        .collect();
    for (i, p) in planned.iter().enumerate() {
        check_announced_bye(event, group, &entrants, p).map_err(|e| (i, e))?;
    }
    let mut refused = None;
    let applied = change_stage(event, group, stage, |st| {
        if let Some(i) = planned.iter().position(|p| p.round.0 as usize <= st.rounds.len()) {
            refused = Some(i);
            return Err(DomainError::RoundAlreadyPaired(planned[i].round));
        }
        let new: std::collections::BTreeSet<(RoundNo, StartNo)> =
            planned.iter().map(|p| (p.round, p.bye.player)).collect();
        st.planned_byes.retain(|p| !new.contains(&(p.round, p.bye.player)));
        // The last announcement of a player's round wins, as one by one.
        let mut latest: std::collections::BTreeMap<(RoundNo, StartNo), PlannedBye> = std::collections::BTreeMap::new();
        for p in planned {
            latest.insert((p.round, p.bye.player), *p);
        }
        st.planned_byes.extend(latest.into_values());
        st.planned_byes.sort_by_key(|p| (p.round, p.bye.player));
        Ok(())
    });
    applied.map_err(|e| (refused.unwrap_or(0), e))
}

/// One announced bye's player: of the group, still able to play, in the stage; not a
/// pairing bye.
fn check_announced_bye(
    event: &Event,
    group: GroupId,
    entrants: &std::collections::BTreeSet<StartNo>,
    planned: &PlannedBye,
) -> Result<(), DomainError> {
    let player = planned.bye.player;
    let p = event.player(player).ok_or(DomainError::UnknownPlayer(player))?;
    // Only a player of this group who can still be paired (issue 22: a bye of another
    // group's player made the group impossible to pair).
    if p.group != group {
        return Err(DomainError::not_in_group(event, player, group));
    }
    if !p.status.is_pairable() {
        return Err(DomainError::PlayerNotActive(player));
    }
    if !entrants.is_empty() && !entrants.contains(&player) {
        return Err(DomainError::NotInStage(player));
    }
    if planned.bye.kind == ByeKind::Pairing {
        return Err(DomainError::PairingByeAnnounced);
    }
    Ok(())
}

pub(super) fn cancel_bye(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    round: RoundNo,
    player: StartNo,
) -> Result<Applied, DomainError> {
    change_stage(event, group, stage, |st| {
        st.planned_byes.retain(|p| !(p.round == round && p.bye.player == player));
        Ok(())
    })
}

/// Closes a stage and qualifies players into the next: the top `qualifiers`
/// of the closed stage's final standings who are still active, then the nominees;
/// the new stage's seeding is that order.
pub(super) fn advance(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    nominees: &[StartNo],
) -> Result<Applied, DomainError> {
    let closing = stage_ref(event, group, stage_no)?;
    let next_no = StageNo(stage_no.0 + 1);
    let next = stage_ref(event, group, next_no)?;
    if closing.status != StageStatus::Open {
        return Err(DomainError::StageNotOpen(stage_no));
    }
    if !closing.is_played_out() {
        // Why not, rounds before results.
        let played = closing.rounds.len() as u32;
        if played == 0 || closing.rounds_planned.is_some_and(|planned| played < planned) {
            return Err(DomainError::StageUnfinished { stage: stage_no, played, planned: closing.rounds_planned });
        }
        closing.ready_for_next_round()?;
    }
    if closing.nominees > 0 && nominees.len() as u32 > closing.nominees {
        return Err(DomainError::TooManyNominees { given: nominees.len(), allowed: closing.nominees });
    }
    let entrants = qualified(event, group, closing, nominees)?;
    let (before_closing, before_next) = (Box::new(settings_only(closing)), Box::new(settings_only(next)));
    stage_mut(event, group, stage_no)?.status = StageStatus::Closed;
    let nx = stage_mut(event, group, next_no)?;
    nx.entrants = entrants;
    nx.status = StageStatus::Open;
    Ok(Applied::of(vec![
        Change::StageSettings { group, stage: stage_no, before: before_closing },
        Change::StageSettings { group, stage: next_no, before: before_next },
    ]))
}

/// The next stage's entrants: the closing stage's active qualifiers in standing
/// order ([`qualifiers`], the rule the window's preview shows), then the nominees.
fn qualified(
    event: &Event,
    group: GroupId,
    closing: &Stage,
    nominees: &[StartNo],
) -> Result<Vec<StartNo>, DomainError> {
    let mut entrants: Vec<StartNo> = qualifiers(event, group, closing)?.iter().map(|r| r.start_no).collect();
    for n in nominees {
        let player = event.player(*n).ok_or(DomainError::UnknownPlayer(*n))?;
        if player.group != group {
            return Err(DomainError::NomineeNotInGroup(*n));
        }
        if entrants.contains(n) {
            return Err(DomainError::NomineeQualifies(*n));
        }
        entrants.push(*n);
    }
    Ok(entrants)
}
