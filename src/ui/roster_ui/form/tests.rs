//! Unit tests of the player form: dates, unreadable fields, late entries and the
//! entry rules of an event preset.

use super::*;
use jiff::civil::date;

#[test]
fn dates_are_read_with_dashes_slashes_or_dots() {
    assert_eq!(parse_date(""), Ok(None));
    assert_eq!(parse_date(" 1989-02-27 "), Ok(Some(date(1989, 2, 27))));
    assert_eq!(parse_date("1989/2/7"), Ok(Some(date(1989, 2, 7))));
    assert_eq!(parse_date("2009.7.6"), Ok(Some(date(2009, 7, 6))));
    assert!(parse_date("1989-02-30").is_err(), "no 30 February");
    assert!(parse_date("89-02-27").is_err(), "a four-digit year");
    assert!(parse_date("1989-2").is_err());
    assert!(parse_date("1850-01-01").is_err());
    assert!(parse_date("明年").is_err());
}

#[test]
fn an_entry_reports_every_unreadable_field() {
    let mut form = PlayerForm::add(GroupId(1));
    form.born = "1990-13-01".into();
    form.rating = "12.5".into();
    let errors = form.entry(Lang::En).unwrap_err();
    let fields: Vec<Field> = errors.iter().map(|(f, _)| *f).collect();
    assert_eq!(fields, [Field::Name, Field::Born, Field::Rating]);

    form.name = " 王天一 ".into();
    form.born = "1989-02-27".into();
    form.rating = "2680".into();
    form.title = "GM".into();
    let entry = form.entry(Lang::Zh).unwrap();
    assert_eq!(entry.name, "王天一");
    assert_eq!(entry.rating, Some(2680));
    assert_eq!(entry.title, Some(Title::GrandMaster));
}

// a player added once rounds are paired joins from the next round.
#[test]
fn a_late_entry_is_told_from_which_round_they_play() {
    let event = crate::domain::demo::demo_event(1).unwrap();
    let group = &event.groups[0];
    let paired = group.current_stage().unwrap().rounds.len();
    assert!(paired > 0);
    let note = late_entry_note(group, Lang::Zh).unwrap();
    assert!(note.starts_with("迟到报名") && note.contains(&format!("从第 {} 轮起", paired + 1)), "{note}");
    let fresh = crate::domain::presets::build("cxa-swiss", None, None).unwrap();
    assert_eq!(late_entry_note(&fresh.groups[0], Lang::Zh), None);
}

#[test]
fn a_huaiyin_adult_born_in_1950_breaks_two_rules_and_needs_a_phone() {
    let event = crate::domain::presets::build("huaiyin-2022", None, None).unwrap();
    let adult = event.find_group("成人组").unwrap().id;
    let entry = PlayerEntry { name: "老将".into(), born: Some(date(1950, 5, 1)), ..PlayerEntry::default() };
    let issues = issues_for(&event, Mode::Add(adult), adult, &entry);
    let text: Vec<String> = issues.iter().map(|i| i.message(Lang::Zh)).collect();
    assert_eq!(
        text,
        ["出生日期 1950-05-01 早于本组下限 1952-01-01", "年龄 72 岁，超过 70 岁", "缺联系电话（本组报名必填）"]
    );
}
