//! TRF-16 / TRF(x) import and export (`bianpai::io::trf`): the bbpPairings fixtures
//! round-trip byte for byte and convert to events whose standings match the files'
//! points; exports re-import to the same games; malformed files are refused naming
//! the line and the field.

use bianpai::domain::event::{ByeKind, Event, Stage};
use bianpai::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{Gender, Title};
use bianpai::domain::points::Points;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Colour;
use bianpai::domain::standings::standings;
use bianpai::io::trf::{
    TrfColour, TrfDocument, TrfEvent, TrfRecord, TrfResult, from_stage, parse_pairing, to_event, write_pairing,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/pairing/dutch");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trf");

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn data(name: &str) -> String {
    read(&Path::new(DATA).join(name))
}

fn fixture_files() -> Option<Vec<PathBuf>> {
    let dir = Path::new(FIXTURES);
    if !dir.is_dir() {
        println!("note: {FIXTURES} is absent; the fixture tests are skipped");
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{FIXTURES}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    Some(files)
}

fn stage_of(trf: &TrfEvent) -> &Stage {
    trf.event.group(trf.group).and_then(|g| g.stage(trf.stage)).expect("the stage of the import")
}

/// Every game as (round, red, black, outcome) and every bye as (round, player, kind,
/// points scored), for comparing two events.
type Games = BTreeSet<(u32, u32, u32, &'static str)>;
type Byes = BTreeSet<(u32, u32, &'static str, i32)>;

fn games_and_byes(stage: &Stage) -> (Games, Byes) {
    let mut games = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for round in &stage.rounds {
        for g in &round.games {
            let outcome = g.result.map_or("none", |r| r.outcome.notation());
            games.insert((round.no.0, g.red.0, g.black.0, outcome));
        }
        for b in &round.byes {
            let points = b.points.unwrap_or(match b.kind {
                ByeKind::Pairing => stage.scoring.bye,
                ByeKind::Requested => stage.scoring.requested_bye,
                ByeKind::Absent => Points::ZERO,
            });
            byes.insert((round.no.0, b.player.0, b.kind.code(), points.tenths()));
        }
    }
    (games, byes)
}

fn planned(stage: &Stage) -> Vec<(u32, u32, &'static str, Option<i32>)> {
    stage
        .planned_byes
        .iter()
        .map(|p| (p.round.0, p.bye.player.0, p.bye.kind.code(), p.bye.points.map(|x| x.0)))
        .collect()
}

/// The round to be paired, from the fixture's name (`…-r04.trf`).
fn round_of(path: &Path) -> u32 {
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    let r = name.rsplit_once("-r").map(|(_, r)| r).unwrap_or_default();
    r.parse().unwrap_or_else(|_| panic!("{name}: no -rNN in the name"))
}

fn points_after(event: &Event, group: GroupId, stage: StageNo, after: u32) -> BTreeMap<u32, Points> {
    standings(event, group, stage, after)
        .unwrap_or_else(|e| panic!("standings: {e}"))
        .rows
        .iter()
        .map(|r| (r.start_no.0, r.points))
        .collect()
}

#[test]
fn every_dutch_fixture_round_trips_converts_and_re_exports() {
    let Some(files) = fixture_files() else { return };
    assert!(!files.is_empty(), "no .trf files in {FIXTURES}");
    for path in &files {
        let name = path.display().to_string();
        let text = read(path);
        let doc = TrfDocument::parse(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.to_text(), text, "{name}: not byte-identical");

        // The canonical layout reproduces bbpPairings' own 001 lines column for column.
        for line in &doc.lines {
            if let TrfRecord::Player(p) = &line.record {
                assert_eq!(Some(p.render().as_str()), line.original_text(), "{name}: 001 layout");
            }
        }

        let k = round_of(path);
        let trf = to_event(&doc).unwrap_or_else(|e| panic!("{e}"));
        let stage = stage_of(&trf);
        let lines: Vec<_> = doc.players().collect();
        assert_eq!(trf.event.players.len(), lines.len(), "{name}: players");
        assert_eq!(trf.next_round, RoundNo(k), "{name}: next round");
        assert_eq!(stage.rounds.len() as u32, k - 1, "{name}: rounds played");
        assert!(stage.rounds.iter().all(|r| r.is_complete()), "{name}: every round has its results");
        assert_eq!(stage.rounds_planned, doc.rounds(), "{name}: XXR");
        assert_eq!(trf.initial_colour, Some(Colour::Red), "{name}: XXC white1");

        let announced: usize = lines
            .iter()
            .filter(|(_, p)| {
                p.cell(k).is_some_and(|c| {
                    matches!(c.result, TrfResult::HalfPointBye | TrfResult::FullPointBye | TrfResult::ZeroPointBye)
                })
            })
            .count();
        assert_eq!(stage.planned_byes.len(), announced, "{name}: planned byes");
        assert!(stage.planned_byes.iter().all(|p| p.round == RoundNo(k)), "{name}: planned byes are for round {k}");

        let points = points_after(&trf.event, trf.group, trf.stage, k - 1);
        for (_, p) in &lines {
            assert_eq!(points.get(&p.start_no), Some(&p.points), "{name}: points of player {}", p.start_no);
        }

        // Export and re-import: the same games, byes, planned byes and points.
        let exported = from_stage(&trf.event, trf.group, trf.stage).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = TrfDocument::parse(&name, &exported.to_text()).unwrap_or_else(|e| panic!("re-parse: {e}"));
        let back = to_event(&again).unwrap_or_else(|e| panic!("re-import: {e}"));
        assert_eq!(games_and_byes(stage_of(&back)), games_and_byes(stage), "{name}: exported games");
        assert_eq!(planned(stage_of(&back)), planned(stage), "{name}: exported planned byes");
        assert_eq!(back.next_round, trf.next_round, "{name}: exported next round");
        // The export's XXC is the colour player 1 had in round 1 (the fixtures' XXC is not).
        let top = lines.iter().find(|(_, p)| p.start_no == 1).and_then(|(_, p)| p.cell(1)).and_then(|c| c.colour);
        if let Some(colour) = top {
            let expected = if colour == TrfColour::White { Colour::Red } else { Colour::Black };
            assert_eq!(back.initial_colour, Some(expected), "{name}: exported XXC");
        }
        let exported_points: BTreeMap<u32, Points> = again.players().map(|(_, p)| (p.start_no, p.points)).collect();
        assert_eq!(exported_points, points, "{name}: exported points");
    }
    println!("{} TRF fixtures round-trip, convert and re-export", files.len());
}

#[test]
fn the_expected_pairings_read_and_write_in_the_bbp_format() {
    let Some(files) = fixture_files() else { return };
    for path in files.iter().take(40) {
        let expected = path.with_extension("expected");
        let text = read(&expected);
        let name = expected.display().to_string();
        let pairing = parse_pairing(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let written = write_pairing(&pairing.pairs, &pairing.byes);
        let lines = |t: &str| t.lines().skip(1).map(str::to_string).collect::<BTreeSet<_>>();
        assert_eq!(written.lines().next(), text.lines().next(), "{name}: count");
        assert_eq!(lines(&written), lines(&text), "{name}: pairs");
    }
}

#[test]
fn a_small_file_with_every_kind_of_cell() {
    let text = data("small.trf");
    let doc = TrfDocument::parse("small.trf", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.to_text(), text);
    let trf = to_event(&doc).unwrap_or_else(|e| panic!("{e}"));
    let stage = stage_of(&trf);
    assert_eq!(trf.event.name, "Bianpai TRF test 小型赛");
    assert_eq!(stage.rounds_planned, Some(4));
    assert_eq!(trf.next_round, RoundNo(3));

    let (games, byes) = games_and_byes(stage);
    let expected_games: Games = [(1, 1, 2, "1-0"), (1, 3, 4, "1/2"), (2, 5, 1, "+-"), (2, 4, 3, "0-1")].into();
    assert_eq!(games, expected_games);
    let expected_byes: Byes = [(1, 5, "pairing", 10), (2, 2, "requested", 5)].into();
    assert_eq!(byes, expected_byes);
    assert_eq!(planned(stage), vec![(3, 2, "absent", None), (3, 4, "requested", None)]);
    // Boards in the order the games are met, by start number.
    let round2 = stage.round(RoundNo(2)).expect("round 2");
    assert_eq!(round2.games.iter().map(|g| (g.board.0, g.red.0)).collect::<Vec<_>>(), vec![(1, 5), (2, 4)]);

    let wang = trf.event.player(StartNo(1)).expect("player 1");
    assert_eq!(wang.entry.name, "王天一");
    assert_eq!(wang.entry.gender, Some(Gender::Male));
    assert_eq!(wang.entry.title, Some(Title::GrandMaster));
    assert_eq!(wang.entry.rating, Some(2650));
    assert_eq!(wang.entry.born, Some(jiff::civil::date(1989, 5, 8)));
    assert_eq!(wang.entry.notes.get("federation").map(String::as_str), Some("CHN"));
    assert_eq!(wang.entry.notes.get("fide_id").map(String::as_str), Some("8600123"));
    let zheng = trf.event.player(StartNo(2)).expect("player 2");
    assert_eq!(zheng.entry.notes.get("birth_date").map(String::as_str), Some("1987"));
    assert_eq!(trf.event.player(StartNo(3)).and_then(|p| p.entry.gender), Some(Gender::Female));
    assert_eq!(trf.event.player(StartNo(4)).and_then(|p| p.entry.rating), None);

    let points = points_after(&trf.event, trf.group, trf.stage, 2);
    let expected_points: BTreeMap<u32, Points> =
        [(1, Points(10)), (2, Points(5)), (3, Points(15)), (4, Points(5)), (5, Points(20))].into();
    assert_eq!(points, expected_points);

    // The export keeps the player data, the games, the byes and the announced byes.
    let exported = from_stage(&trf.event, trf.group, trf.stage).unwrap_or_else(|e| panic!("{e}"));
    let text_out = exported.to_text();
    assert!(text_out.starts_with("012 Bianpai TRF test 小型赛\n"), "{text_out}");
    assert!(text_out.contains("\nXXR 4\n") && text_out.contains("\nXXC white1\n"), "{text_out}");
    assert!(!text_out.contains("XXS"), "FIDE scoring needs no XXS:\n{text_out}");
    let again = TrfDocument::parse("out.trf", &text_out).unwrap_or_else(|e| panic!("{e}\n{text_out}"));
    let (_, p1) = again.player(1).expect("player 1 exported");
    let (_, p2) = doc.player(1).expect("player 1");
    assert_eq!((&p1.name, &p1.sex, &p1.title, p1.rating), (&p2.name, &p2.sex, &p2.title, p2.rating));
    assert_eq!(
        (&p1.federation, &p1.fide_id, &p1.birth_date, &p1.rounds),
        (&p2.federation, &p2.fide_id, &p2.birth_date, &p2.rounds)
    );
    let back = to_event(&again).unwrap_or_else(|e| panic!("{e}\n{text_out}"));
    assert_eq!(games_and_byes(stage_of(&back)), games_and_byes(stage));
    assert_eq!(planned(stage_of(&back)), planned(stage));
}

#[test]
fn xxs_point_values_explain_the_points() {
    let text = data("xxs.trf");
    let doc = TrfDocument::parse("xxs.trf", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.to_text(), text, "CRLF endings kept");
    let trf = to_event(&doc).unwrap_or_else(|e| panic!("{e}"));
    let scoring = &stage_of(&trf).scoring;
    assert_eq!(
        (scoring.red_win, scoring.black_win, scoring.red_draw, scoring.black_draw),
        (Points(30), Points(40), Points(10), Points(10))
    );
    assert_eq!((scoring.requested_bye, scoring.bye, scoring.forfeit_win), (Points(10), Points(10), Some(Points(30))));
    let points = points_after(&trf.event, trf.group, trf.stage, 2);
    assert_eq!(points.get(&4), Some(&Points(50)));

    // Without the XXS lines, the points no longer match: the first player's line is named.
    let plain: String = text.split_inclusive("\r\n").filter(|l| !l.starts_with("XXS")).collect();
    let e = to_event(&TrfDocument::parse("plain.trf", &plain).unwrap_or_else(|e| panic!("{e}"))).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (2, "points"), "{e}");
    assert!(e.message.contains("XXS"), "{e}");

    // The export writes the values that differ from 1 / ½ / 0 and re-imports to the same points.
    let out = from_stage(&trf.event, trf.group, trf.stage).unwrap_or_else(|e| panic!("{e}")).to_text();
    assert!(out.contains("\nXXS WW=3 BW=4 WD=1 BD=1 HPB=1 FW=3\n"), "{out}");
    let back = to_event(&TrfDocument::parse("out.trf", &out).unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(points_after(&back.event, back.group, back.stage, 2), points);
}

/// Replaces the text of one line (1-based) of the small file.
fn small_with(line: usize, from: &str, to: &str) -> String {
    with_line(&data("small.trf"), line, from, to)
}

/// Replaces the first `from` in one line (1-based) of `text`.
fn with_line(text: &str, line: usize, from: &str, to: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert!(lines[line - 1].contains(from), "line {line} has no '{from}'");
    lines[line - 1] = lines[line - 1].replacen(from, to, 1);
    lines.join("\n") + "\n"
}

fn import(text: &str) -> Result<TrfEvent, bianpai::io::trf::TrfError> {
    to_event(&TrfDocument::parse("bad.trf", text)?)
}

#[test]
fn a_bad_result_code_names_line_and_field() {
    let e = import(&small_with(8, "4 w =", "4 w x")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (8, "round 1 result"), "{e}");
    assert_eq!(e.to_string(), format!("bad.trf line 8, field round 1 result: {}", e.message));
    assert!(e.message.contains("'x'"), "{e}");
}

#[test]
fn an_opponent_out_of_range_names_line_and_field() {
    let text = small_with(10, "   1 w +", "   9 w +");
    let e = import(&text).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (10, "round 2 opponent"), "{e}");
    assert!(e.message.contains('9'), "{e}");
}

#[test]
fn an_asymmetric_pairing_names_line_and_field() {
    // Player 3 lists 4 in round 2, but 4 now lists 5.
    let e = import(&small_with(9, "   3 w 0", "   5 w 0")).unwrap_err();
    assert_eq!(e.field, "round 2 opponent", "{e}");
    assert!(e.line == 8 || e.line == 9, "{e}");
    // Same colour on both sides.
    let e = import(&small_with(9, "   3 w 0", "   3 b 0")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (8, "round 2 colour"), "{e}");
    // Both claim the win.
    let e = import(&small_with(9, "   3 w 0", "   3 w 1")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (8, "round 2 result"), "{e}");
}

#[test]
fn a_non_numeric_rating_names_line_and_field() {
    let e = import(&small_with(8, "2400", "24x0")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (8, "rating"), "{e}");
    assert!(e.message.contains("24x0"), "{e}");
}

#[test]
fn points_that_disagree_with_the_results_name_the_line() {
    let e = import(&small_with(10, " 2.0", " 2.5")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (10, "points"), "{e}");
    assert!(e.message.contains("2.5") && e.message.contains('2'), "{e}");
}

#[test]
fn points_may_count_a_bye_announced_for_the_next_round() {
    // JaVaFo's manual asks that the points include an H in the column to be paired.
    let trf = import(&small_with(9, " 0.5", " 1.0")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trf.next_round, RoundNo(3));
}

#[test]
fn gaps_in_start_numbers_are_refused() {
    // Renumber player 5 as 6; the opponents of 5 are fixed up so only the gap is wrong.
    let text = small_with(10, "001    5", "001    6").replace("   5 b -", "   6 b -");
    let e = import(&text).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (10, "start number"), "{e}");
    assert!(e.message.contains("5 is missing"), "{e}");
}

#[test]
fn shifted_columns_and_malformed_extensions_are_refused() {
    let e = import(&small_with(8, "     4 w =", "    4 w = ")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (8, "round 1"), "{e}");
    let e = import(&small_with(13, "XXR 4", "XXR four")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (13, "XXR"), "{e}");
    let e = import(&small_with(13, "XXR 4", "XXR 1")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (13, "XXR"), "{e}");
    let e = import(&format!("{}XXS WW=1 QQ=2\n", data("small.trf"))).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (16, "XXS"), "{e}");
    let e = import(&small_with(7, "0000 - H", "   3 - H")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (7, "round 2 result"), "{e}");
    let e = import(&small_with(6, " 1.0", " 1,0")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (6, "points"), "{e}");
}

#[test]
fn edits_render_the_changed_line_only() {
    let text = data("small.trf");
    let mut doc = TrfDocument::parse("small.trf", &text).unwrap_or_else(|e| panic!("{e}"));
    if let Some(p) = doc.player_mut(4) {
        p.rating = Some(1800);
    }
    let out = doc.to_text();
    let changed: Vec<(&str, &str)> = text.lines().zip(out.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "{out}");
    assert_eq!(changed[0].1, changed[0].0.replacen("   0 ", "1800 ", 1));
}

#[test]
fn an_empty_stage_exports_its_header() {
    let event = bianpai::domain::presets::build("cxa-swiss", Some("象棋积分编排赛"), Some(7)).expect("preset");
    let doc = from_stage(&event, GroupId(1), StageNo(1)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.to_text(), "012 象棋积分编排赛\nXXR 7\nXXS WW=2 BW=2 WD=1 BD=1 HPB=0 PAB=2 FW=2\n");
    assert!(from_stage(&event, GroupId(9), StageNo(1)).is_err());
}

#[test]
fn the_outcome_of_a_double_forfeit_is_both_forfeit() {
    // Both players of board 2 in round 2 forfeit: player 3 loses the point it had.
    let text = small_with(9, "   3 w 0", "   3 w -");
    let text = with_line(&text, 8, "   4 b 1", "   4 b -");
    let text = with_line(&text, 8, " 1.5", " 0.5");
    let trf = import(&text).unwrap_or_else(|e| panic!("{e}"));
    let round = stage_of(&trf).round(RoundNo(2)).expect("round 2");
    assert!(round.games.iter().any(|g| g.result.map(|r| r.outcome) == Some(Outcome::BothForfeit)));
}

// R-11.4: the 042 line is the event's first day (a time or spaces after the date are
// left aside), which picks the edition of the FIDE tiebreaks; the export writes it
// back as YYYY/MM/DD, so a round trip keeps the edition.
#[test]
fn the_042_start_date_is_the_events_first_day() {
    use bianpai::domain::rules::FideEdition;
    let first_day = |text: &str| {
        let trf = to_event(&TrfDocument::parse("d.trf", text).unwrap_or_else(|e| panic!("{e}")))
            .unwrap_or_else(|e| panic!("{e}"));
        let edition = stage_of(&trf).fide_edition(trf.event.start_date);
        (trf.event.start_date, edition, from_stage(&trf.event, trf.group, trf.stage).unwrap().to_text())
    };
    let small = data("small.trf");
    let (day, edition, out) = first_day(&small);
    assert_eq!((day, edition), (Some(jiff::civil::date(2024, 5, 1)), FideEdition::Edition2024));
    assert!(out.starts_with("012 Bianpai TRF test 小型赛\n042 2024/05/01\n"), "{out}");
    assert_eq!(first_day(&out).0, day);

    let (day, edition, _) = first_day(&small.replace("042 2024/05/01", "042 2026/02/28 18:00   "));
    assert_eq!((day, edition), (Some(jiff::civil::date(2026, 2, 28)), FideEdition::Edition2024));
    let (day, edition, _) = first_day(&small.replace("042 2024/05/01", "042 01.03.2026"));
    assert_eq!((day, edition), (Some(jiff::civil::date(2026, 3, 1)), FideEdition::Edition2026));
    let undated: String = small.lines().filter(|l| !l.starts_with("042")).map(|l| format!("{l}\n")).collect();
    let (day, edition, out) = first_day(&undated);
    assert_eq!((day, edition), (None, FideEdition::Edition2026));
    assert!(!out.contains("\n042"), "{out}");
}
