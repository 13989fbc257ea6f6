//! NBoard protocol lines: any line parses to a command or an error, never
//! a panic; a `set game` that parses holds a game replayed legally.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::protocol::nboard::{parse_command, Command};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(Command::Game(g, _)) = parse_command(text) {
            assert_eq!(g.positions().len(), g.moves().len() + 1);
        }
    }
});
