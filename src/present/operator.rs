//! Who made a change, as the window's history and `bianpai log` both name it: the
//! operator recorded in the audit row, or this computer when none was (issue 39,
//! item 5: never an empty cell or column).

use crate::lang::Lang;

/// The operator recorded, or — when none was (no operator named and no
/// operating-system user known) — this computer.
pub fn operator_text(actor: &str, lang: Lang) -> String {
    match actor.trim() {
        "" => lang.t("本机", "this computer").to_string(),
        name => name.to_string(),
    }
}
