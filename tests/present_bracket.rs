//! One bracket, one set of names (DESIGN "One presentation model per document"): the
//! bracket PDF names its rounds as the model does (`present::bracket`, the window's
//! names), read back from the PDF's own text in both languages.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, KnockoutRules, StageKind};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::present::bracket::{Bracket, Pending};
use bianpai::print::{self, Document, Lang};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// An 8-player knockout (stage 1) with `rounds` rounds paired and decided (game 1's
/// red wins both games of every match).
fn knockout_event(rounds: u32) -> Event {
    let mut e = presets::build("cxa-swiss", Some("淘汰赛测试"), Some(3)).unwrap();
    let stage = &mut e.groups[0].stages[0];
    stage.kind = StageKind::Knockout;
    stage.knockout = Some(KnockoutRules::lingting());
    let entries = ["王天一", "郑惟桐", "王喆", "李堃", "赵鑫鑫", "许银川", "洪智", "蒋川"]
        .iter()
        .map(|n| PlayerEntry { name: n.to_string(), club: "淮阴棋院".into(), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for r in 1..=rounds {
        let round = pair_next_round(&e, G, S, 1).unwrap();
        let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
        boards.dedup();
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
        for board in boards {
            // Colours swap in game 2: game 1's red wins both.
            for (game, outcome) in [(1, Outcome::RedWins), (2, Outcome::BlackWins)] {
                let result = Some(GameResult::plain(outcome));
                let command = Command::RecordResult { group: G, stage: S, round: RoundNo(r), board, game, result };
                apply(&mut e, &command).unwrap();
            }
        }
    }
    e
}

/// Every text string drawn on the PDF's pages, in drawing order.
fn pdf_strings(bytes: &[u8]) -> Vec<String> {
    common::pdf::drawn_strings(bytes).into_iter().flatten().map(|(_, _, text)| text).collect()
}

// The PDF's round captions are the model's column titles, and the names are the
// window's (1/4决赛, 半决赛, 决赛与三四名), in Chinese and English.
#[test]
fn bracket_pdf_names_rounds_as_the_model_does() {
    for (rounds, lang) in [(1, Lang::Zh), (3, Lang::Zh), (3, Lang::En)] {
        let e = knockout_event(rounds);
        let stage = &e.groups[0].stages[0];
        let bracket = Bracket::of_stage(&e, G, stage, &Pending::new()).unwrap();
        let titles: Vec<String> = bracket.columns.iter().filter(|c| c.paired).map(|c| c.title(lang)).collect();
        assert_eq!(titles.len(), rounds as usize);
        let report = print::bracket::report(&e, G, lang).unwrap();
        let captions: Vec<String> =
            report.sections.iter().take(titles.len()).filter_map(|s| s.caption.clone()).collect();
        assert_eq!(captions, titles, "{lang:?}");
        let text = pdf_strings(&print::bracket::BRACKET.print(&e, G, None, lang).unwrap().bytes).join("\n");
        for title in &titles {
            assert!(text.contains(title.as_str()), "'{title}' missing from the PDF:\n{text}");
        }
        let names: Vec<String> = bracket.columns.iter().map(|c| c.name(lang)).collect();
        let want = match lang {
            Lang::Zh => ["1/4决赛", "半决赛", "决赛与三四名"],
            Lang::En => ["Quarter-finals", "Semi-finals", "Final & 3rd place"],
        };
        assert_eq!(names, want);
        assert!(!text.contains("四分之一决赛") && !text.contains("三四名决赛"), "old PDF names:\n{text}");
    }
}

// The finished bracket's podium is the knockout's final places, printed after the rounds.
#[test]
fn podium_matches_the_printed_final_places() {
    let e = knockout_event(3);
    let stage = &e.groups[0].stages[0];
    let bracket = Bracket::of_stage(&e, G, stage, &Pending::new()).unwrap();
    assert!(bracket.finished);
    let podium: Vec<String> = bracket.podium().iter().map(|p| p.player.to_string()).collect();
    assert_eq!(podium.len(), 4);
    let report = print::bracket::report(&e, G, Lang::Zh).unwrap();
    let places = report.sections.last().unwrap();
    assert_eq!(places.caption.as_deref(), Some("最终名次"));
    let printed: Vec<String> = places.rows.iter().take(4).map(|r| r[1].clone()).collect();
    assert_eq!(printed, podium);
}
