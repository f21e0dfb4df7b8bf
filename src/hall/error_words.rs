//! Why the hall cannot be served ([`HallError`]), in the director's words and both
//! languages: an address in use or not this machine's, never the system's own text.

use super::HallError;
use crate::lang::{Lang, Localized};
use std::io::ErrorKind;

impl Localized for HallError {
    fn message(&self, lang: Lang) -> String {
        match self {
            HallError::Bind { addr, source } => {
                let why = match source.kind() {
                    ErrorKind::AddrInUse => lang.t(
                        "该端口已被其他程序使用，请换一个端口",
                        "the port is used by another program; choose another port",
                    ),
                    ErrorKind::AddrNotAvailable => lang.t(
                        "这不是本机的地址，请换一个地址",
                        "this is not an address of this computer; choose another address",
                    ),
                    ErrorKind::PermissionDenied => lang.t(
                        "没有权限使用该端口（1024 以下的端口需要管理员权限），请换一个端口",
                        "not allowed to use this port (ports below 1024 need an administrator); choose another",
                    ),
                    _ => lang.t("无法在该地址上提供网页", "the pages cannot be served on this address"),
                };
                match lang {
                    Lang::Zh => format!("赛场网页无法在 {addr} 上启动：{why}"),
                    Lang::En => format!("the hall pages cannot start on {addr}: {why}"),
                }
            }
            HallError::Start(source) => match lang {
                Lang::Zh => format!("赛场网页无法启动：{}", crate::os_words::io_words(source, lang)),
                Lang::En => format!("the hall pages cannot start: {}", crate::os_words::io_words(source, lang)),
            },
        }
    }
}
