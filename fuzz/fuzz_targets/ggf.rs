//! GGF records: every game read replays legally and its move list
//! round-trips; one record parsed alone never panics either.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::formats::games::ggf::parse_ggf_game;
use othello_solver::formats::games::GameFormat;

#[path = "games_common.rs"]
mod games_common;

fuzz_target!(|data: &[u8]| {
    let _ = games_common::check(GameFormat::Ggf, "games.ggf", data);
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(g) = parse_ggf_game(text) {
            assert!(g.moves.len() <= 120, "{} moves", g.moves.len());
        }
    }
});
