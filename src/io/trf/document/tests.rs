//! Unit tests of the TRF document: columns, line endings, edits, refusals.

use super::*;

const LINE: &str = "001    1      Test0001 Player0001               2794                             2.5    5    22 w 1    12 b 1    10 w =";

#[test]
fn reads_the_columns_of_a_player_line() {
    let doc = TrfDocument::parse("t.trf", LINE).unwrap();
    let (line, p) = doc.players().next().unwrap();
    assert_eq!(line, 1);
    assert_eq!(
        (p.start_no, p.name.as_str(), p.rating, p.points, p.rank),
        (1, "Test0001 Player0001", Some(2794), Points(25), Some(5))
    );
    assert_eq!(p.rounds[0], RoundCell::game(22, TrfColour::White, TrfResult::Win));
    assert_eq!(p.rounds[2], RoundCell::game(10, TrfColour::White, TrfResult::Draw));
    assert_eq!(p.render(), LINE);
}

#[test]
fn keeps_line_endings_and_a_byte_order_mark() {
    let text = "\u{feff}012 A\r\nXXR 3\rfoo\n\nbar";
    let doc = TrfDocument::parse("t.trf", text).unwrap();
    assert_eq!(doc.lines.len(), 5);
    assert_eq!(doc.to_text(), text);
    assert_eq!(doc.tournament_name(), Some("A"));
}

#[test]
fn a_changed_record_is_rendered_and_the_rest_kept() {
    let text = "012 A\nXXR   3  \n";
    let mut doc = TrfDocument::parse("t.trf", text).unwrap();
    assert_eq!(doc.to_text(), text);
    doc.lines[1].record = TrfRecord::Rounds(4);
    assert_eq!(doc.to_text(), "012 A\nXXR 4\n");
}

#[test]
fn bye_with_opponent_is_refused() {
    let bad = LINE.replace("22 w 1", "22 w H");
    let e = TrfDocument::parse("t.trf", &bad).unwrap_err();
    assert_eq!(e.field, "round 1 result");
}
