//! The hall's pages (R-12.1, issue 41) driven in-process through the router: every
//! address's status, escaping, `/rev`'s ETag and 304, 404 pages in words, 查我的台次,
//! the pairings and standings against the command line's JSON, no other host named,
//! the WeChat banner — and one real server on 127.0.0.1:0 asked over a plain socket.

use crate::common::{cli_event, json, ok};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use bianpai::hall::routes::{Peer, Visitors, router};
use bianpai::hall::{HallSnapshot, Publisher};
use bianpai::store::EventReader;
use serde_json::Value;
use std::io::{Read, Write};
use std::sync::Arc;
use tower::ServiceExt;

const SCRIPT: &str = "<script>alert(1)</script>";

/// Seven players (a bye each round), one named like a script; round 1 played, round 2
/// paired. Returns the folder (kept alive) and the file.
fn event_file() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let roster =
        format!("姓名,单位\n王天一,杭州\n郑惟桐,四川\n{SCRIPT},北京\n赵鑫鑫,浙江\n许银川,广东\n吕钦,广东\n洪智,湖北\n");
    let file = cli_event(dir.path(), 5, &roster);
    ok(&["pair", &file, "--seed", "7"]);
    let results = ["1-0", "1/2", "0-1"];
    for (board, result) in results.iter().enumerate() {
        ok(&["result", &file, "--round", "1", "--board", &(board + 1).to_string(), result]);
    }
    ok(&["pair", &file, "--seed", "7"]);
    (dir, file)
}

fn snapshot_of(file: &str, revision: u64) -> HallSnapshot {
    let reader = EventReader::open(std::path::Path::new(file)).unwrap();
    HallSnapshot::of(reader.event(), revision)
}

fn app_of(file: &str) -> (Router, Publisher) {
    let publisher = Publisher::new(snapshot_of(file, 1), 0xabc);
    (router(publisher.clone(), Arc::new(Visitors::default())), publisher)
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

fn get_with(app: &Router, uri: &str, headers: &[(&str, &str)]) -> Answer {
    let mut request = Request::builder().uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request.body(Body::empty()).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 22).await.unwrap();
        Answer { status, headers, body: String::from_utf8(bytes.to_vec()).unwrap() }
    })
}

fn get(app: &Router, uri: &str) -> Answer {
    get_with(app, uri, &[])
}

/// The text of an HTML fragment: tags dropped, entities of names put back, one space
/// between words.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The row of board `board`, game 1, of a pairing page, as text.
fn row_text(page: &str, board: u64) -> String {
    let start = page.find(&format!("<tr id=\"b{board}-1\">")).unwrap_or_else(|| panic!("board {board} in {page}"));
    let end = start + page[start..].find("</tr>").unwrap();
    text_of(&page[start..end])
}

fn club_of(name: &str) -> &'static str {
    match name {
        "王天一" => "杭州",
        "郑惟桐" => "四川",
        SCRIPT => "北京",
        "赵鑫鑫" => "浙江",
        "许银川" | "吕钦" => "广东",
        "洪智" => "湖北",
        other => panic!("{other}"),
    }
}

fn points_text(v: &Value) -> String {
    let p = v.as_f64().unwrap();
    if p.fract() == 0.0 { format!("{}", p as i64) } else { format!("{p}") }
}

/// Each board of `pairings --json` as the page's row reads it.
fn expected_rows(pairings: &Value) -> Vec<(u64, String)> {
    let side = |s: &Value| {
        let name = s["name"].as_str().unwrap();
        (s["start_no"].as_u64().unwrap(), name.to_string(), club_of(name), points_text(&s["points"]))
    };
    let mut rows = Vec::new();
    for b in pairings["boards"].as_array().unwrap().iter().filter(|b| b["game"] == 1) {
        let (rn, rname, rclub, rpts) = side(&b["red"]);
        let (bn, bname, bclub, bpts) = side(&b["black"]);
        let result = b["result"].as_str().unwrap_or("");
        let text = format!("{} {rn} {rname} {rclub} {rpts} {result} {bpts} {bn} {bname} {bclub}", b["board"]);
        rows.push((b["board"].as_u64().unwrap(), text.split_whitespace().collect::<Vec<_>>().join(" ")));
    }
    rows
}

// R-12.1 (issue 41): every address answers, with its content type.
#[test]
fn every_route_answers() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let uris = ["/", "/g/1", "/g/1/r/1", "/g/1/r/2", "/g/1/standings", "/g/1/crosstable", "/find?q=wty", "/find"];
    for uri in uris.into_iter().chain(["/b/1", "/b/1?group=1"]) {
        let a = get(&app, uri);
        assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.body);
        assert_eq!(a.headers["content-type"], "text/html; charset=utf-8", "{uri}");
        assert!(a.body.starts_with("<!DOCTYPE html>"), "{uri}");
        let en = get(&app, &format!("{uri}{}lang=en", if uri.contains('?') { "&" } else { "?" }));
        assert_eq!(en.status, StatusCode::OK, "{uri} in English");
        assert!(en.body.contains("<html lang=\"en\">"), "{uri} in English");
    }
    assert_eq!(get(&app, "/rev").status, StatusCode::OK);
    let css = get(&app, "/assets/hall.css");
    assert_eq!(
        (css.status, css.headers["content-type"].to_str().unwrap()),
        (StatusCode::OK, "text/css; charset=utf-8")
    );
    let js = get(&app, "/assets/hall.js");
    assert_eq!(js.status, StatusCode::OK);
    assert!(js.body.contains("/rev") && js.body.contains("3000"), "the script polls /rev every 3 s");
}

// R-12.1 (issue 41): an unknown group, round, board or address is a 404 page that says
// so in the page's language, not an empty page.
#[test]
fn unknown_group_round_board_are_404_in_words() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let cases = [
        ("/g/99", "找不到这个组别", "There is no such group"),
        ("/g/abc", "找不到这个组别", "There is no such group"),
        ("/g/99/standings", "找不到这个组别", "There is no such group"),
        ("/g/1/r/9", "本阶段没有这一轮", "This stage has no such round"),
        ("/g/1/r/x", "本阶段没有这一轮", "This stage has no such round"),
        ("/b/99", "本轮没有这一台", "This round has no such board"),
        ("/b/1?group=7", "找不到这个组别", "There is no such group"),
        ("/nothing/here", "找不到这个页面", "There is no such page"),
    ];
    for (uri, zh, en) in cases {
        let a = get(&app, uri);
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(a.body.contains(zh), "{uri}: {}", a.body);
        let english = get(&app, &format!("{uri}{}lang=en", if uri.contains('?') { "&" } else { "?" }));
        assert_eq!(english.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(english.body.contains(en), "{uri}: {}", english.body);
    }
}

// R-12.1 (issue 41): a player's name is text on every page, never markup.
#[test]
fn a_script_name_is_escaped_on_every_page() {
    let (_dir, file) = event_file();
    let (app, publisher) = app_of(&file);
    let snapshot = publisher.current();
    let current = snapshot.groups[0].current_round().unwrap();
    // The board the script player sits at in round 2, unless that is his bye.
    let board = current.boards.iter().find(|b| b.red.name == SCRIPT || b.black.name == SCRIPT).map(|b| b.board);
    let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
    let mut pages = vec!["/g/1".to_string(), "/g/1/r/1".into(), "/g/1/r/2".into(), "/g/1/standings".into()];
    pages.push("/g/1/crosstable".into());
    pages.push("/find?q=script".into());
    pages.extend(board.map(|b| format!("/b/{b}")));
    for uri in &pages {
        let a = get(&app, uri);
        assert!(a.body.contains(escaped), "{uri} shows the name, escaped");
        assert!(!a.body.contains("<script>alert"), "{uri} carries the name as markup");
    }
    // What a phone types comes back escaped too.
    let a = get(&app, "/find?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    assert!(a.body.contains(escaped) && !a.body.contains("<script>alert"), "{}", a.body);
    let a = get(&app, "/find?q=%22%3E%3Cb%3Ex");
    assert!(!a.body.contains("\"><b>x"), "an attribute cannot be closed from the query");
}

// R-12.1 (issue 41): `/rev` is the revision's tag with an ETag; the same tag asked
// again is 304; a new snapshot is a new tag.
#[test]
fn rev_has_an_etag_and_answers_304_when_unchanged() {
    let (_dir, file) = event_file();
    let (app, publisher) = app_of(&file);
    let first = get(&app, "/rev");
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.headers["etag"].to_str().unwrap().to_string();
    assert_eq!(etag, format!("\"{}\"", first.body));
    assert_eq!(first.body, "abc-1");
    let again = get_with(&app, "/rev", &[("if-none-match", &etag)]);
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    // The page carries the same tag for the script to compare.
    assert!(get(&app, "/").body.contains("data-rev=\"abc-1\""));
    ok(&["result", &file, "--round", "2", "--board", "1", "1-0"]);
    publisher.publish(snapshot_of(&file, 2));
    let after = get_with(&app, "/rev", &[("if-none-match", &etag)]);
    assert_eq!((after.status, after.body.as_str()), (StatusCode::OK, "abc-2"));
    assert_eq!(after.headers["etag"], "\"abc-2\"");
    let board1 = row_text(&get(&app, "/g/1").body, 1);
    assert!(board1.contains(" 1-0 "), "the new result is on the page: {board1}");
}

// R-12.1 (issue 41): 查我的台次 by pinyin initials, by start number and by name shows
// the board, colour and opponent that `pairings --json` has.
#[test]
fn find_my_board_by_pinyin_number_and_name() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let pairings = json(&["pairings", &file, "--json"]);
    let boards = pairings["boards"].as_array().unwrap();
    for (query, name) in
        [("wty", "王天一"), ("WTY", "王天一"), ("郑惟桐", "郑惟桐"), ("zxx", "赵鑫鑫"), ("lvqin", "吕钦")]
    {
        let page = get(&app, &format!("/find?q={}", urlencode(query))).body;
        let text = text_of(&page);
        let seat = boards.iter().find_map(|b| {
            [("red", "black", "执红"), ("black", "red", "执黑")]
                .into_iter()
                .find(|(me, _, _)| b[me]["name"] == name)
                .map(|(_, other, colour)| (b["board"].as_u64().unwrap(), colour, &b[other]))
        });
        match seat {
            Some((board, colour, opponent)) => {
                let want = format!(
                    "第2轮 第{board}台 {colour} · 对手 {} {}",
                    opponent["start_no"].as_u64().unwrap(),
                    opponent["name"].as_str().unwrap()
                );
                assert!(text.contains(&want), "{query}: want {want:?} in {text}");
            }
            None => {
                let bye = pairings["byes"].as_array().unwrap().iter().any(|b| b["name"] == name);
                assert!(bye && text.contains("第2轮 轮空"), "{query}: {text}");
            }
        }
        assert!(text.contains(name), "{query} finds {name}: {text}");
    }
    // By start number: exactly that player.
    let listed = crate::common::players_listed(&file, None);
    let (no, name) = &listed[3];
    let text = text_of(&get(&app, &format!("/find?q={no}")).body);
    assert!(text.contains(&format!("{no} {name}")), "{text}");
    assert_eq!(text.matches("第2轮").count(), 1, "only number {no}: {text}");
    let none = text_of(&get(&app, "/find?q=qqqq").body);
    assert!(none.contains("没有找到该选手"), "{none}");
    let english = text_of(&get(&app, "/find?q=wty&lang=en").body);
    assert!(english.contains("Round 2") && english.contains("Find my board"), "{english}");
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

// R-12.1 (issue 41): each round's page shows exactly the boards of `pairings --json`:
// numbers, names, clubs, scores before the round and results.
#[test]
fn pairing_pages_equal_pairings_json() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    for (uri, round) in [("/g/1", "2"), ("/g/1/r/2", "2"), ("/g/1/r/1", "1")] {
        let page = get(&app, uri).body;
        let pairings = json(&["pairings", &file, "--round", round, "--json"]);
        let expected = expected_rows(&pairings);
        assert_eq!(expected.len(), 3, "seven players: three boards and a bye");
        for (board, want) in expected {
            assert_eq!(row_text(&page, board), want, "{uri} board {board}");
        }
        assert_eq!(page.matches("<tr id=\"b").count(), 3, "{uri}: no other board");
        let bye = &pairings["byes"][0];
        let bye_text = text_of(&page[page.find("<ul class=\"byes\">").unwrap()..]);
        let bye_line = format!("{} {}", bye["start_no"], bye["name"].as_str().unwrap());
        assert!(bye_text.contains(&bye_line), "{uri}: {bye_text}");
    }
}

// R-12.1 (issue 41): the standings page ranks as `standings --json` does.
#[test]
fn standings_order_equals_standings_json() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let page = get(&app, "/g/1/standings").body;
    let table = &page[page.find("<table class=\"standings\">").unwrap()..];
    let rows: Vec<String> = table.split("<tr>").skip(2).map(text_of).collect();
    let standings = json(&["standings", &file, "--json"]);
    let expected = standings["rows"].as_array().unwrap();
    assert_eq!(rows.len(), expected.len());
    for (row, want) in rows.iter().zip(expected) {
        let line = format!(
            "{} {} {}",
            want["rank"].as_u64().unwrap(),
            want["start_no"].as_u64().unwrap(),
            want["name"].as_str().unwrap()
        );
        assert!(row.starts_with(&line), "{row:?} should start {line:?}");
        assert!(row.contains(&points_text(&want["points"])), "{row:?}");
    }
}

// R-12.1 (issue 41): every asset is the app's own: no page, stylesheet or script names
// another host.
#[test]
fn no_page_names_another_host() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let uris = ["/", "/g/1", "/g/1/r/1", "/g/1/standings", "/g/1/crosstable", "/find?q=wty", "/b/1", "/g/9"];
    for uri in uris.into_iter().chain(["/assets/hall.css", "/assets/hall.js", "/?lang=en", "/find?q=wty&lang=en"]) {
        let body = get_with(&app, uri, &[("user-agent", "MicroMessenger")]).body;
        assert!(!body.contains("http://") && !body.contains("https://"), "{uri} names a host");
        assert!(!body.contains("src=\"//") && !body.contains("href=\"//"), "{uri} names a host");
    }
}

// R-12.1 (issue 41): WeChat's browser is told to open the page in a real browser.
#[test]
fn wechat_gets_the_open_in_browser_banner() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let wechat = "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile MicroMessenger/8.0.47";
    let zh = get_with(&app, "/g/1", &[("user-agent", wechat)]).body;
    assert!(zh.contains("点右上角 ··· 在浏览器打开"), "{zh}");
    let en = get_with(&app, "/g/1?lang=en", &[("user-agent", wechat)]).body;
    assert!(en.contains("Open in Browser"), "{en}");
    let plain = get_with(&app, "/g/1", &[("user-agent", "Mozilla/5.0 (Linux; Android 13) Chrome/120")]).body;
    assert!(!plain.contains("在浏览器打开"));
}

// R-12.1 (issue 41): the language switch keeps the page and its query.
#[test]
fn the_language_link_keeps_the_page() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let zh = get(&app, "/find?q=wty").body;
    assert!(zh.contains("href=\"/find?q=wty&amp;lang=en\">English</a>"), "{zh}");
    let en = get(&app, "/find?q=wty&lang=en").body;
    assert!(en.contains("href=\"/find?q=wty\">中文</a>"), "{en}");
    assert!(en.contains("href=\"/g/1?lang=en\""), "links stay in English: {en}");
}

// R-12.1 (issue 41): a request from this machine is not "a phone connected"; one from
// another device is, and the first is remembered.
#[test]
fn only_other_devices_count_as_connected() {
    let visitors = Visitors::default();
    let at = |remote: &str, local: &str| Peer { remote: remote.parse().unwrap(), local: local.parse().unwrap() };
    visitors.saw(&at("127.0.0.1:5000", "127.0.0.1:8080"));
    visitors.saw(&at("192.168.1.5:5000", "192.168.1.5:8080"));
    assert_eq!(visitors.first_remote_seen(), None);
    visitors.saw(&at("192.168.1.23:5000", "192.168.1.5:8080"));
    visitors.saw(&at("192.168.1.24:5000", "192.168.1.5:8080"));
    assert_eq!(visitors.first_remote_seen(), Some("192.168.1.23".parse().unwrap()));
    assert_eq!(visitors.remote_requests(), 2);
}

// R-12.1 (issue 41): the real server on 127.0.0.1:0 answers a plain HTTP/1.1 GET, does
// not count this machine as a phone, and stops when dropped.
#[test]
fn the_real_server_answers_and_stops() {
    let (_dir, file) = event_file();
    let publisher = Publisher::new(snapshot_of(&file, 1), 1);
    let server = bianpai::hall::start(publisher, "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    assert_ne!(addr.port(), 0);
    let answer = crate::common::http::get(addr, "/").unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains("象棋积分编排赛") || answer.contains("<h1>"), "{answer}");
    assert_eq!(server.first_remote_seen(), None, "this machine is not a phone");
    // A second server on the same port is refused in words.
    let taken = bianpai::hall::start(Publisher::new(HallSnapshot::default(), 1), addr).unwrap_err();
    let words = bianpai::lang::Localized::message(&taken, bianpai::lang::Lang::Zh);
    assert!(words.contains("该端口已被其他程序使用"), "{words}");
    drop(server);
    assert!(std::net::TcpStream::connect(addr).is_err(), "the server stopped with its handle");
}

fn app_of_event(event: &bianpai::domain::event::Event) -> Router {
    let publisher = Publisher::new(HallSnapshot::of(event, 1), 1);
    router(publisher, Arc::new(Visitors::default()))
}

// R-12.1 (issue 41): a knockout's bracket page shows each paired match with the two
// players the round has on its board, under the round names the window and PDF use.
#[test]
fn the_bracket_page_shows_the_knockouts_matches() {
    let event = crate::common::showcase::knockout_event();
    let app = app_of_event(&event);
    let page = get(&app, "/g/1/bracket").body;
    let group = &event.groups[0];
    let stage = group.current_stage().unwrap();
    assert!(page.contains("1/8决赛 · 第1轮"), "the round of 16 is named: {page}");
    let round = stage.round(bianpai::domain::ids::RoundNo(1)).unwrap();
    let name = |p| event.player(p).unwrap().entry.name.clone();
    let mut checked = 0;
    for game in round.games.iter().filter(|g| g.game == 1) {
        let link = format!("href=\"/b/{}?group=1\"", game.board);
        let card = page.split("<div class=\"match\">").find(|c| c.contains(&link)).expect("each match has a card");
        assert!(card.contains(&name(game.red)) && card.contains(&name(game.black)), "board {}: {card}", game.board);
        checked += 1;
    }
    assert_eq!(checked, 8);
    assert!(get(&app, "/g/1/r/1").body.contains("href=\"/g/1/bracket\""), "the rounds link to the bracket");
    // A Swiss stage has none: 404 in words.
    let (_dir, file) = event_file();
    let (swiss, _) = app_of(&file);
    let none = get(&swiss, "/g/1/bracket");
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert!(none.body.contains("没有对阵图"), "{}", none.body);
}

// R-12.1 (issue 41): a team round shows each match's teams and 局分, its boards under it.
#[test]
fn a_team_round_shows_its_matches_with_their_boards() {
    let event = crate::common::showcase::team_event();
    let app = app_of_event(&event);
    let page = get(&app, "/g/1").body;
    let group = &event.groups[0];
    let stage = group.current_stage().unwrap();
    let round = stage.last_round().unwrap();
    let k = stage.teams.as_ref().unwrap().boards;
    let matches = &round.teams.as_ref().unwrap().matches;
    assert!(!matches.is_empty());
    let headings: Vec<&str> = page.split("<h3 class=\"match\">").skip(1).collect();
    assert_eq!(headings.len(), matches.len());
    for (m, section) in matches.iter().zip(&headings) {
        let team = |id| group.team(id).unwrap().name.clone();
        let heading = text_of(&section[..section.find("</h3>").unwrap()]);
        assert!(heading.starts_with(&format!("第{}场 {}", m.no, team(m.home))), "{heading}");
        assert!(heading.ends_with(&team(m.away)), "{heading}");
        // The match's boards, and only those, follow its heading.
        let table = &section[..section.find("</table>").unwrap()];
        let first = (m.no - 1) * k + 1;
        for b in first..first + k {
            assert!(table.contains(&format!("<tr id=\"b{b}-1\">")), "match {} board {b}", m.no);
        }
        assert_eq!(table.matches("<tr id=\"b").count(), k as usize);
    }
}

// R-12.1 (issue 41): a connection that never finishes its request is closed after the
// idle time, and a second is served meanwhile.
#[test]
fn a_silent_connection_is_closed() {
    let limits = bianpai::hall::Limits { max_connections: 8, idle: std::time::Duration::from_millis(300) };
    let publisher = Publisher::new(HallSnapshot::default(), 1);
    let server = bianpai::hall::start_with(publisher, "127.0.0.1:0".parse().unwrap(), limits).unwrap();
    let mut silent = std::net::TcpStream::connect(server.addr()).unwrap();
    silent.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    silent.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    let started = std::time::Instant::now();
    let mut other = std::net::TcpStream::connect(server.addr()).unwrap();
    other.write_all(b"GET /rev HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    other.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    let mut rest = Vec::new();
    let read = silent.read_to_end(&mut rest);
    assert!(read.is_ok_and(|_| !String::from_utf8_lossy(&rest).contains("200 OK")), "closed, unanswered");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "closed after the idle time");
}

// R-12.1 (issue 41): the crosstable page's round-1 cells name each opponent by place in
// `standings --json`, with the colour and result of `pairings --json`.
#[test]
fn the_crosstable_page_follows_the_pairings() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let page = get(&app, "/g/1/crosstable").body;
    let body = &page[page.find("<tbody>").expect("a crosstable")..];
    let rows: Vec<Vec<String>> = body
        .split("<tr>")
        .skip(1)
        .map(|r| text_of(&r[..r.find("</tr>").unwrap()]).split(' ').map(str::to_string).collect())
        .collect();
    let standings = json(&["standings", &file, "--json"]);
    let order: Vec<u64> =
        standings["rows"].as_array().unwrap().iter().map(|r| r["start_no"].as_u64().unwrap()).collect();
    assert_eq!(rows.iter().map(|r| r[1].parse::<u64>().unwrap()).collect::<Vec<_>>(), order);
    let place = |no: u64| order.iter().position(|o| *o == no).unwrap() + 1;
    let cell_of = |no: u64| rows.iter().find(|r| r[1] == no.to_string()).unwrap()[3].clone();
    let pairings = json(&["pairings", &file, "--round", "1", "--json"]);
    for b in pairings["boards"].as_array().unwrap() {
        let (red, black) = (b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap());
        let (red_word, black_word) = match b["result"].as_str().unwrap() {
            "1-0" => ("胜", "负"),
            "0-1" => ("负", "胜"),
            _ => ("和", "和"),
        };
        assert_eq!(cell_of(red), format!("{}红{red_word}", place(black)));
        assert_eq!(cell_of(black), format!("{}黑{black_word}", place(red)));
    }
    let bye = pairings["byes"][0]["start_no"].as_u64().unwrap();
    assert_eq!(cell_of(bye), "轮空");
    // Before any round is complete there is none: 404 in words.
    let dir = tempfile::tempdir().unwrap();
    let fresh = cli_event(dir.path(), 3, "姓名\n王天一\n郑惟桐\n");
    ok(&["pair", &fresh]);
    let (app, _) = app_of(&fresh);
    let none = get(&app, "/g/1/crosstable");
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert!(none.body.contains("没有成绩总表"), "{}", none.body);
}

// R-12.1 (issue 41): what the framework refuses — a query it cannot read, a method
// other than GET — is a page in words with the same status, not the library's text.
#[test]
fn refusals_of_the_framework_are_in_words() {
    let (_dir, file) = event_file();
    let (app, _) = app_of(&file);
    let bad = get(&app, "/find?q=a&q=b");
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body.contains("无法读取这个地址"), "{}", bad.body);
    assert!(!bad.body.contains("deserialize"), "{}", bad.body);
    let english = get(&app, "/find?q=a&q=b&lang=en");
    assert!(english.body.contains("This address cannot be read"), "{}", english.body);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let post = runtime.block_on(async {
        let request = Request::builder().method("POST").uri("/").body(Body::from("x")).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        (status, String::from_utf8(bytes.to_vec()).unwrap())
    });
    assert_eq!(post.0, StatusCode::METHOD_NOT_ALLOWED);
    assert!(post.1.contains("无法读取这个地址"), "{}", post.1);
}
