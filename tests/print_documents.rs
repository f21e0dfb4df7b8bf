//! Every printed document through the one `print::Document` trait (issue 40, item 5):
//! each kind of [`DocumentKind::ALL`] prints a non-empty PDF that names the document,
//! in Chinese and in English.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, KnockoutRules, StageKind};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::model::team::{EventTeamCount, EventTeamRanking};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::Outcome;
use bianpai::domain::swiss::pair_next_round;
use bianpai::print::{DocumentKind, Lang};
use common::teams::{G, pair_and_play, team_event};

/// `clubs::three_groups` (two rounds played in every group) with the event's team
/// ranking on: the individual documents and the ranking across groups.
fn individual_event() -> Event {
    let mut e = common::clubs::three_groups();
    let ranking = EventTeamRanking { groups: None, count: EventTeamCount::All };
    apply(&mut e, &Command::SetEventTeamRanking { ranking: Some(ranking) }).unwrap();
    e
}

/// A four-player knockout with round 1 paired: the bracket.
fn knockout_event() -> Event {
    let mut e = presets::build("cxa-swiss", Some("淘汰赛"), Some(2)).unwrap();
    let stage = &mut e.groups[0].stages[0];
    stage.kind = StageKind::Knockout;
    stage.knockout = Some(KnockoutRules::lingting());
    let entries =
        ["王天一", "郑惟桐", "王喆", "李堃"].iter().map(|n| PlayerEntry { name: n.to_string(), ..Default::default() });
    let (g, s) = (GroupId(1), StageNo(1));
    let add = Command::AddPlayers { group: g, entries: entries.collect(), override_reason: None, left_out: Vec::new() };
    apply(&mut e, &add).unwrap();
    let round = pair_next_round(&e, g, s, 1).unwrap();
    apply(&mut e, &Command::PairRound { group: g, stage: s, round }).unwrap();
    e
}

/// Four teams of four boards, round 1 paired and played: the team documents.
fn team_round_event() -> Event {
    let mut e = team_event(4, 4, 4, 3);
    pair_and_play(&mut e, 5, |_, _| Outcome::RedWins);
    e
}

// issue 40, item 5: every document kind, listed once in `DocumentKind::ALL`, prints
// through its `print::Document` a PDF whose text carries the document's name in both
// languages.
#[test]
fn every_document_kind_prints_its_name_in_both_languages() {
    let (individual, knockout, teams) = (individual_event(), knockout_event(), team_round_event());
    for kind in DocumentKind::ALL {
        let (event, group) = match kind {
            DocumentKind::Pairings
            | DocumentKind::Slips
            | DocumentKind::Standings
            | DocumentKind::Crosstable
            | DocumentKind::Prizes
            | DocumentKind::CheckIn
            | DocumentKind::EventTeams => (&individual, GroupId(1)),
            DocumentKind::Bracket => (&knockout, GroupId(1)),
            DocumentKind::TeamPairings
            | DocumentKind::ScoreCards
            | DocumentKind::TeamStandings
            | DocumentKind::TeamCrosstable
            | DocumentKind::BoardPrizes => (&teams, G),
        };
        let document = kind.document();
        for lang in [Lang::Zh, Lang::En] {
            let printed = document.print(event, group, None, lang).unwrap_or_else(|e| panic!("{kind:?} {lang:?}: {e}"));
            assert!(printed.bytes.starts_with(b"%PDF") && printed.pages >= 1, "{kind:?} {lang:?}");
            let text = common::pdf::all_text(&printed.bytes);
            let title = document.title(lang);
            assert!(!title.is_empty() && text.contains(title), "{kind:?} {lang:?}: no {title:?} in\n{text}");
        }
        assert_ne!(document.title(Lang::Zh), document.title(Lang::En), "{kind:?}");
    }
}
