//! The hall's addresses: `/`, `/g/{group}`, `/g/{group}/r/{round}`,
//! `/g/{group}/standings`, `/g/{group}/crosstable`, `/g/{group}/bracket`, `/find?q=`, `/b/{board}?group=`, `/rev` (the revision's tag,
//! `ETag`/`If-None-Match` → 304) and `/assets/hall.css`, `/assets/hall.js`. Every page
//! is Chinese unless `?lang=en`; an unknown group, round, board or address is a 404
//! page in words. Each request reads the snapshot published last, whole, and counts the
//! first device other than this machine that asks (the window's "手机已连上").

use super::pages::{self, Frame};
use super::snapshot::{GroupView, HallSnapshot, RoundView};
use super::words::Missing;
use super::{Publisher, assets};
use crate::lang::Lang;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::Markup;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The longest a request may take before it is answered 408.
const REQUEST_TIME: Duration = Duration::from_secs(10);
/// The largest request body taken (every page is a GET).
const BODY_LIMIT: usize = 4 * 1024;

/// Both ends of a request's connection, as the server accepted it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Peer {
    /// The asking device's address.
    pub remote: SocketAddr,
    /// This machine's address the request came in on.
    pub local: SocketAddr,
}

impl Peer {
    /// Whether the request came from another device (not this machine's own address).
    pub fn is_other_device(&self) -> bool {
        !self.remote.ip().is_loopback() && self.remote.ip() != self.local.ip()
    }
}

/// Who has asked for pages from another device.
#[derive(Debug, Default)]
pub struct Visitors {
    first: Mutex<Option<IpAddr>>,
    count: std::sync::atomic::AtomicU64,
}

impl Visitors {
    /// Notes a request from `peer`.
    pub fn saw(&self, peer: &Peer) {
        if !peer.is_other_device() {
            return;
        }
        self.count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if let Ok(mut first) = self.first.lock() {
            first.get_or_insert(peer.remote.ip());
        }
    }

    /// The first other device that asked, if any has.
    pub fn first_remote_seen(&self) -> Option<IpAddr> {
        self.first.lock().ok().and_then(|f| *f)
    }

    /// How many requests came from other devices.
    pub fn remote_requests(&self) -> u64 {
        self.count.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[derive(Clone)]
struct Hall {
    publisher: Publisher,
    visitors: Arc<Visitors>,
}

/// The query parameters any page takes.
#[derive(Debug, Clone, Default, serde::Deserialize)]
struct Params {
    lang: Option<String>,
    q: Option<String>,
    group: Option<String>,
}

impl Params {
    fn lang(&self) -> Lang {
        match self.lang.as_deref() {
            Some("en") => Lang::En,
            _ => Lang::Zh,
        }
    }
}

/// The hall's router over what `publisher` publishes, noting other devices in `visitors`.
pub fn router(publisher: Publisher, visitors: Arc<Visitors>) -> Router {
    let hall = Hall { publisher, visitors };
    Router::new()
        .route("/", get(index))
        .route("/g/{group}", get(group_current))
        .route("/g/{group}/r/{round}", get(group_round))
        .route("/g/{group}/standings", get(group_standings))
        .route("/g/{group}/bracket", get(group_bracket))
        .route("/g/{group}/crosstable", get(group_crosstable))
        .route("/find", get(find))
        .route("/b/{board}", get(board))
        .route("/rev", get(revision))
        .route("/assets/hall.css", get(|| async { asset("text/css; charset=utf-8", assets::CSS) }))
        .route("/assets/hall.js", get(|| async { asset("text/javascript; charset=utf-8", assets::JS) }))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(hall.clone(), watch_request))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(hall)
}

/// Notes who asked, answers 408 past [`REQUEST_TIME`], and words the framework's own
/// refusals (a query or address it cannot read, a method other than GET): a page in
/// the asker's language with the same status, never the library's text.
async fn watch_request(State(hall): State<Hall>, request: Request, next: Next) -> Response {
    if let Some(peer) = request.extensions().get::<axum::extract::ConnectInfo<Peer>>() {
        hall.visitors.saw(&peer.0);
    }
    let (uri, headers) = (request.uri().clone(), request.headers().clone());
    let response = match tokio::time::timeout(REQUEST_TIME, next.run(request)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    };
    let status = response.status();
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    if !(status.is_client_error() || status.is_server_error()) || html {
        return response;
    }
    let lang = if uri.query().is_some_and(|q| q.split('&').any(|p| p == "lang=en")) { "en" } else { "zh" };
    let params = Params { lang: Some(lang.to_string()), ..Params::default() };
    let ask = Ask::new(&hall, &uri, &headers, &params);
    let mut page = ask.page(status, pages::missing(&ask.frame(), Missing::Unreadable));
    if let Some(allow) = response.headers().get(header::ALLOW) {
        page.headers_mut().insert(header::ALLOW, allow.clone());
    }
    page
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// One request's view: the snapshot, its tag, the language, the browser, the query.
/// Every page handler takes it as an extractor; a query it cannot read is refused as
/// `Query` refuses it (and `watch_request` words the refusal).
struct Ask {
    params: Params,
    snapshot: Arc<HallSnapshot>,
    tag: String,
    lang: Lang,
    wechat: bool,
    switch_href: String,
}

impl Ask {
    fn new(hall: &Hall, uri: &Uri, headers: &HeaderMap, params: &Params) -> Ask {
        let snapshot = hall.publisher.current();
        let tag = hall.publisher.tag_of(&snapshot);
        let lang = params.lang();
        let wechat = headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ua| ua.contains("MicroMessenger"));
        Ask { params: params.clone(), snapshot, tag, lang, wechat, switch_href: switch_href(uri, lang.other()) }
    }

    fn frame(&self) -> Frame<'_> {
        Frame {
            lang: self.lang,
            wechat: self.wechat,
            switch_href: self.switch_href.clone(),
            tag: &self.tag,
            snapshot: &self.snapshot,
        }
    }

    fn page(&self, status: StatusCode, markup: Markup) -> Response {
        let headers = [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")];
        (status, headers, markup.into_string()).into_response()
    }

    fn missing(&self, what: Missing) -> Response {
        self.page(StatusCode::NOT_FOUND, pages::missing(&self.frame(), what))
    }

    /// The group of a `{group}` segment, or the 404 page.
    fn group(&self, segment: &str) -> Result<&GroupView, Response> {
        segment.parse::<u32>().ok().and_then(|id| self.snapshot.group(id)).ok_or_else(|| self.missing(Missing::Group))
    }
}

impl FromRequestParts<Hall> for Ask {
    type Rejection = QueryRejection;

    async fn from_request_parts(parts: &mut Parts, hall: &Hall) -> Result<Ask, QueryRejection> {
        let Query(params) = Query::<Params>::try_from_uri(&parts.uri)?;
        Ok(Ask::new(hall, &parts.uri, &parts.headers, &params))
    }
}

/// The same address in `lang`: the query without its `lang`, then `lang=en` for English.
fn switch_href(uri: &Uri, lang: Lang) -> String {
    let kept: Vec<&str> =
        uri.query().unwrap_or("").split('&').filter(|p| !p.is_empty() && !p.starts_with("lang=")).collect();
    let path = if kept.is_empty() { uri.path().to_string() } else { format!("{}?{}", uri.path(), kept.join("&")) };
    pages::href(lang, &path)
}

async fn index(ask: Ask) -> Response {
    ask.page(StatusCode::OK, pages::index(&ask.frame()))
}

async fn group_current(ask: Ask, Path(group): Path<String>) -> Response {
    match ask.group(&group) {
        Ok(g) => ask.page(StatusCode::OK, pages::round(&ask.frame(), g, g.current_round())),
        Err(missing) => missing,
    }
}

async fn group_round(ask: Ask, Path((group, round)): Path<(String, String)>) -> Response {
    let g = match ask.group(&group) {
        Ok(g) => g,
        Err(missing) => return missing,
    };
    match round.parse::<u32>().ok().and_then(|no| g.round(no)) {
        Some(r) => ask.page(StatusCode::OK, pages::round(&ask.frame(), g, Some(r))),
        None => ask.missing(Missing::Round),
    }
}

async fn group_standings(ask: Ask, Path(group): Path<String>) -> Response {
    match ask.group(&group) {
        Ok(g) => ask.page(StatusCode::OK, pages::standings(&ask.frame(), g)),
        Err(missing) => missing,
    }
}

async fn group_bracket(ask: Ask, Path(group): Path<String>) -> Response {
    let g = match ask.group(&group) {
        Ok(g) => g,
        Err(missing) => return missing,
    };
    match g.stage.as_ref().and_then(|s| s.bracket.as_ref()) {
        Some(b) => ask.page(StatusCode::OK, super::bracket_page::bracket(&ask.frame(), g, b)),
        None => ask.missing(Missing::Bracket),
    }
}

async fn group_crosstable(ask: Ask, Path(group): Path<String>) -> Response {
    let g = match ask.group(&group) {
        Ok(g) => g,
        Err(missing) => return missing,
    };
    match g.stage.as_ref().and_then(|s| s.crosstable(ask.lang)) {
        Some(t) => ask.page(StatusCode::OK, super::crosstable_page::crosstable(&ask.frame(), g, t)),
        None => ask.missing(Missing::Crosstable),
    }
}

async fn find(ask: Ask) -> Response {
    let query = ask.params.q.as_deref().unwrap_or("");
    // A phone types a name, not a page: long texts are cut before the search.
    let query: String = query.chars().take(40).collect();
    ask.page(StatusCode::OK, pages::find(&ask.frame(), &query))
}

async fn board(ask: Ask, Path(board): Path<String>) -> Response {
    let only = match ask.params.group.as_deref().filter(|g| !g.is_empty()) {
        Some(segment) => match ask.group(segment) {
            Ok(g) => Some(g.id),
            Err(missing) => return missing,
        },
        None => None,
    };
    let Ok(no) = board.parse::<u32>() else { return ask.missing(Missing::Board) };
    let shown: Vec<(&GroupView, &RoundView)> = ask
        .snapshot
        .groups
        .iter()
        .filter(|g| only.is_none_or(|id| g.id == id))
        .filter_map(|g| g.current_round().map(|r| (g, r)))
        .filter(|(_, r)| r.boards.iter().any(|b| b.board == no))
        .collect();
    if shown.is_empty() {
        return ask.missing(Missing::Board);
    }
    ask.page(StatusCode::OK, pages::board(&ask.frame(), no, &shown))
}

async fn revision(State(hall): State<Hall>, headers: HeaderMap) -> Response {
    let tag = hall.publisher.tag_of(&hall.publisher.current());
    let etag = format!("\"{tag}\"");
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let etag_value = HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("\"0\""));
    let headers = [(header::ETAG, etag_value), (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))];
    if matches {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (StatusCode::OK, headers, tag).into_response()
}

async fn not_found(ask: Ask) -> Response {
    ask.missing(Missing::Page)
}
