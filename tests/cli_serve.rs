//! `bianpai serve FILE [--port P] [--bind ADDR]` (CLI.md, R-12.1, issue 41): it says
//! where to open the pages, serves them beside writing commands, shows a result
//! entered meanwhile within seconds, stops on SIGTERM, and refuses in words.

use crate::common::{bianpai, cli_event, code, ok, stderr};
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A plain HTTP/1.1 GET; the status line and the body.
fn fetch(addr: SocketAddr, path: &str) -> (String, String) {
    let answer = crate::common::http::get(addr, path).unwrap();
    let status = answer.lines().next().unwrap_or("").to_string();
    let body = answer.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Starts `serve` on 127.0.0.1:0 in Chinese; the child and the address it printed.
fn serve(file: &str) -> (Child, SocketAddr, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(["serve", file, "--port", "0", "--bind", "127.0.0.1", "--lang", "zh"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut said = Vec::new();
    let addr = loop {
        let line = lines.next().expect("serve prints where to open the pages").unwrap();
        said.push(line.clone());
        if let Some(url) = line.split("http://").nth(1) {
            break url.trim_end_matches('/').parse::<SocketAddr>().unwrap();
        }
    };
    (child, addr, said)
}

// R-12.1 (issue 41): the pages are served with the address printed; a result entered
// through the command line while serving shows within 5 s; SIGTERM stops it (exit 0).
#[cfg(unix)]
#[test]
fn serve_shows_a_new_result_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let file = cli_event(dir.path(), 3, "姓名,单位\n王天一,杭州\n郑惟桐,四川\n");
    ok(&["pair", &file, "--seed", "1"]);
    let (mut child, addr, said) = serve(&file);
    assert!(said.iter().any(|l| l.contains("按 Ctrl+C 停止")), "{said:?}");
    assert!(said.iter().any(|l| l.starts_with("打开：http://127.0.0.1:")), "{said:?}");
    let (status, body) = fetch(addr, "/g/1");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("王天一") && !body.contains(">1-0<"), "{body}");
    let (_, before) = fetch(addr, "/rev");
    // A writing command beside the server: the reader holds no lock between looks.
    ok(&["result", &file, "--round", "1", "--board", "1", "1-0"]);
    let start = Instant::now();
    loop {
        let (_, now) = fetch(addr, "/rev");
        if now != before {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "the new result is not served within 5 s");
        std::thread::sleep(Duration::from_millis(200));
    }
    let (_, body) = fetch(addr, "/g/1");
    assert!(body.contains(">1-0<"), "{body}");
    let term = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(term.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{}", {
        let mut e = String::new();
        child.stderr.take().unwrap().read_to_string(&mut e).unwrap();
        e
    });
    assert!(std::net::TcpStream::connect(addr).is_err(), "stopped");
}

// R-12.1 (issue 41): a missing file is bad input (2) and a port in use impossible now
// (1), each said in words without the system's own text.
#[test]
fn serve_refuses_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.bianpai");
    let out = bianpai(&["serve", &missing.to_string_lossy(), "--port", "0"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let file = cli_event(dir.path(), 3, "姓名\n王天一\n郑惟桐\n");
    let out = bianpai(&["serve", &file, "--port", &port, "--bind", "127.0.0.1", "--lang", "zh"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let words = stderr(&out);
    assert!(words.contains("该端口已被其他程序使用"), "{words}");
    assert!(!words.contains("os error"), "{words}");
    let out = bianpai(&["serve", &file, "--bind", "not-an-address"]);
    assert_eq!(code(&out), 2);
}
