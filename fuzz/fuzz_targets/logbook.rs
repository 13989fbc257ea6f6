//! Logistello `logbook.gam` lines: every game read replays legally and its move list round-trips.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::formats::games::GameFormat;

#[path = "games_common.rs"]
mod games_common;

fuzz_target!(|data: &[u8]| {
    let _ = games_common::check(GameFormat::Logbook, "logbook.gam", data);
});
