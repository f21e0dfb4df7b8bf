//! The `bianpai` binary: no arguments opens the window on the demo event; a subcommand
//! runs the command line (CLI.md).

use std::process::ExitCode;

fn main() -> ExitCode {
    match bianpai::cli::run(std::env::args_os()) {
        bianpai::cli::Action::Exit(code) => code,
        bianpai::cli::Action::Window(file) => match bianpai::ui::run(file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("bianpai: {e:#}");
                ExitCode::from(1)
            }
        },
    }
}
