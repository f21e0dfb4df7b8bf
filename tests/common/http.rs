//! A plain HTTP/1.1 GET over a socket, for the tests that talk to a real hall server
//! (`hall_routes`, `cli_serve`, `ui_hall`): the whole answer, status line first.

use std::io::{Read, Write};
use std::time::Duration;

/// GETs `path` from `addr` (`127.0.0.1:PORT`) and returns the whole answer, or the
/// error of a server that is not there.
pub fn get(addr: impl std::fmt::Display, path: &str) -> std::io::Result<String> {
    let addr = addr.to_string();
    let mut stream = std::net::TcpStream::connect(&addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    Ok(answer)
}
