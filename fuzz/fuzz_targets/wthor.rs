//! WTHOR `.wtb` records: games read replay legally; writing them back
//! (`encode_wtb`) and reading again gives the same moves and scores.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::formats::games::wthor::{encode_wtb, WthorHeader, WthorWriteOptions};
use othello_solver::formats::games::GameFormat;

#[path = "games_common.rs"]
mod games_common;

fuzz_target!(|data: &[u8]| {
    // A directory that does not exist: no name files beside the record file.
    let name = "/nonexistent-fuzz-dir/F_2000.wtb";
    let Some(file) = games_common::check(GameFormat::Wthor, name, data) else {
        return;
    };
    let Some(header) = WthorHeader::parse(data) else {
        return;
    };
    let options = WthorWriteOptions {
        year: header.year,
        depth: header.depth,
        created: header.created,
    };
    let Ok(bytes) = encode_wtb(&file.games, &options, |_| 0, |_| 0) else {
        return;
    };
    let again = games_common::check(GameFormat::Wthor, name, &bytes)
        .unwrap_or_else(|| panic!("written records do not read back"));
    assert_eq!(again.games.len(), file.games.len());
    for (a, b) in again.games.iter().zip(&file.games) {
        assert_eq!(a.moves, b.moves, "{}", b.id);
        assert_eq!(a.black_score, b.black_score, "{}", b.id);
        assert_eq!(a.theoretical, b.theoretical, "{}", b.id);
    }
});
