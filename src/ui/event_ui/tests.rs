//! Unit tests of the event panel's forms.

use super::*;
use crate::domain::points::Points;
use crate::domain::presets;
use crate::domain::rules::Tiebreak;

fn huaiyin() -> Event {
    presets::build("huaiyin-2022", None, None).unwrap()
}

#[test]
fn an_untouched_stage_form_sends_nothing() {
    for preset in ["lingting-cup", "huaiyin-2022", "cxa-swiss", "fide-swiss"] {
        let event = presets::build(preset, None, None).unwrap();
        for group in &event.groups {
            for stage in &group.stages {
                let form = StageForm::of(stage);
                assert_eq!(
                    form.commands(group.id, stage, has_next(&event, group.id, stage), Lang::Zh),
                    Ok(vec![]),
                    "{preset} {}",
                    stage.name
                );
            }
        }
        assert_eq!(InfoForm::of(&event).command(&event, Lang::Zh), Ok(None));
        for group in &event.groups {
            let rules = group_form::GroupForm::of(group);
            assert_eq!(rules.command(&event, group, Lang::Zh), Ok(None), "{preset} {}", group.name);
            let prizes = prize_form::PrizeForm::of(&group.prizes);
            assert_eq!(prizes.command(group, Lang::Zh), Ok(None), "{preset} {}", group.name);
        }
    }
}

#[test]
fn an_edited_stage_form_sends_only_what_changed_and_applies() {
    let mut event = huaiyin();
    let group = event.groups[0].id;
    let stage = event.groups[0].stages[0].clone();
    let mut form = StageForm::of(&stage);
    form.scoring[3] = "5".into();
    form.tiebreaks.swap(0, 1);
    form.schedule[0].start = "2022-12-02 19:30".into();
    form.time_control = "包干25分钟".into();
    let commands = form.commands(group, &stage, false, Lang::Zh).unwrap();
    assert_eq!(commands.len(), 2);
    assert!(matches!(&commands[0], Command::SetStageRules { scoring, .. } if scoring.black_win == Points::whole(5)));
    for command in &commands {
        crate::domain::command::apply(&mut event, command).unwrap();
    }
    let saved = &event.groups[0].stages[0];
    assert_eq!(saved.tiebreaks[0], Tiebreak::Wins);
    assert_eq!(saved.schedule[0].start, "2022-12-02 19:30");
    assert_eq!(saved.schedule.len(), 7);
    assert_eq!(StageForm::of(saved).commands(group, saved, false, Lang::Zh), Ok(vec![]));
}

#[test]
fn format_goes_before_rounds_and_bad_fields_are_named() {
    let event = presets::build("cxa-swiss", None, None).unwrap();
    let group = event.groups[0].id;
    let stage = &event.groups[0].stages[0];
    let mut form = StageForm::of(stage);
    form.kind = StageKind::RoundRobin;
    form.double = true;
    form.rounds = "9".into();
    let commands = form.commands(group, stage, false, Lang::En).unwrap();
    assert_eq!(
        commands,
        vec![Command::SetStageFormat { group, stage: stage.no, kind: StageKind::RoundRobin, double: true }]
    );
    form.kind = StageKind::Swiss;
    let commands = form.commands(group, stage, false, Lang::En).unwrap();
    assert_eq!(commands, vec![Command::SetRoundsPlanned { group, stage: stage.no, rounds: 9 }]);
    form.scoring[3] = "2.25".into();
    assert!(form.commands(group, stage, false, Lang::En).unwrap_err().starts_with("Black win"));
    form.scoring[3] = "2".into();
    form.rounds = "0".into();
    assert!(form.commands(group, stage, false, Lang::En).is_err());
}

#[test]
fn the_info_form_checks_date_and_officials() {
    let event = huaiyin();
    let mut form = InfoForm::of(&event);
    form.start_date = "2022-13-01".into();
    assert!(form.command(&event, Lang::En).is_err());
    form.start_date = "2022-12-02".into();
    form.officials.push(Official { role: "总裁判".into(), name: " 王喆 ".into() });
    form.officials.push(Official { role: String::new(), name: String::new() });
    let Ok(Some(Command::SetEventInfo { officials, start_date, .. })) = form.command(&event, Lang::En) else {
        panic!()
    };
    assert_eq!(officials, vec![Official { role: "总裁判".into(), name: "王喆".into() }]);
    assert_eq!(start_date, Some(jiff::civil::date(2022, 12, 2)));
    form.officials.push(Official { role: "编排长".into(), name: String::new() });
    assert!(form.command(&event, Lang::En).is_err());
}

#[test]
fn a_form_follows_the_saved_values_unless_edited() {
    let (mut form, mut base) = (1, None);
    follow(&mut form, &mut base, 2, false);
    assert_eq!((form, base), (2, Some(2)));
    form = 5;
    follow(&mut form, &mut base, 3, false);
    assert_eq!((form, base), (5, Some(3)));
    follow(&mut form, &mut base, 4, true);
    assert_eq!((form, base), (4, Some(4)));
}

// the new tiebreaks and the bye's share of 对手分 are set from the stage form.
#[test]
fn the_stage_form_sets_new_tiebreaks_and_the_bye_rule() {
    let mut event = huaiyin();
    let group = event.groups[0].id;
    let stage = event.groups[0].stages[0].clone();
    let mut form = StageForm::of(&stage);
    assert_eq!(form.bye_opponent, crate::domain::rules::ByeOpponent::Lowest);
    form.tiebreaks.insert(0, Tiebreak::RedWins);
    form.tiebreaks.push(Tiebreak::DrawnOpponentsPoints);
    form.bye_opponent = crate::domain::rules::ByeOpponent::Zero;
    for command in form.commands(group, &stage, false, Lang::Zh).unwrap() {
        crate::domain::command::apply(&mut event, &command).unwrap();
    }
    let saved = &event.groups[0].stages[0];
    assert_eq!(saved.tiebreaks.first(), Some(&Tiebreak::RedWins));
    assert_eq!(saved.tiebreaks.last(), Some(&Tiebreak::DrawnOpponentsPoints));
    assert_eq!(saved.scoring.bye_opponent, crate::domain::rules::ByeOpponent::Zero);
}
