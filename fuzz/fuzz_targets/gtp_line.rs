//! GTP lines: splitting any line, and reading its arguments as colours and
//! moves, never panics; a line with a command has a non-empty name.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::protocol::gtp::{parse_color, parse_line, parse_vertex};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Some(line) = parse_line(text) {
            assert!(!line.name.is_empty());
            for a in &line.args {
                let _ = parse_color(a);
                let _ = parse_vertex(a);
            }
        }
    }
});
