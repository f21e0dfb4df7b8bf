//! This computer's addresses on the local network, for the URL the phones open (the
//! hall is served on all of them, or on the one the director picks).

use std::net::Ipv4Addr;

/// This computer's IPv4 addresses other than loopback, sorted: on Linux every local
/// address the kernel lists, elsewhere none (the director then reads his own).
pub fn lan_addresses() -> Vec<Ipv4Addr> {
    let text = std::fs::read_to_string("/proc/net/fib_trie").unwrap_or_default();
    let mut found = local_addresses_of_fib_trie(&text);
    found.retain(|ip| !ip.is_loopback() && !ip.is_link_local() && !ip.is_unspecified());
    found.sort();
    found.dedup();
    found
}

/// The addresses of `/proc/net/fib_trie` marked `/32 host LOCAL`.
fn local_addresses_of_fib_trie(text: &str) -> Vec<Ipv4Addr> {
    let mut found = Vec::new();
    let mut last: Option<Ipv4Addr> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("|-- ") {
            last = rest.trim().parse().ok();
        } else if line.starts_with("/32 host LOCAL") {
            found.extend(last);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fib_trie_local_addresses() {
        // R-12.1 (issue 41): the addresses printed for phones.
        let text = "Main:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 0.0.0.0\n        /0 universe UNICAST\n     \
                    |-- 192.168.1.23\n        /32 host LOCAL\n     |-- 192.168.1.255\n        /32 link BROADCAST\n  \
                    |-- 127.0.0.1\n        /32 host LOCAL\n";
        assert_eq!(
            local_addresses_of_fib_trie(text),
            vec![Ipv4Addr::new(192, 168, 1, 23), Ipv4Addr::new(127, 0, 0, 1)]
        );
    }
}
