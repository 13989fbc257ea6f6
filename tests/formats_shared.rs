//! Every exact-scored problem file in ../shared parses, lists only legal
//! moves, has the documented size and empties, and round-trips through OBF.

mod common;

use othello_solver::formats::problem::{parse_line, read_problem_file};
use std::path::Path;

#[test]
fn shared_problem_files_parse_and_round_trip() {
    let Some(data) = common::shared_data("shared_problem_files_parse_and_round_trip") else {
        return;
    };
    let files = [
        ("ffo-fforum/fforum-1-19.obf", 19, 14, 16),
        ("ffo-fforum/fforum-20-39.obf", 20, 6, 26),
        ("ffo-fforum/fforum-40-59.obf", 20, 20, 34),
        ("ffo-fforum/fforum-60-79.obf", 20, 24, 36),
        ("edax-hard/hard-20.obf", 276, 20, 20),
        ("edax-hard/hard-25.obf", 311, 25, 25),
        ("edax-hard/hard-30.obf", 289, 30, 30),
    ];
    for (name, count, min_e, max_e) in files {
        let path = data.join("positions").join(name);
        let lines = read_problem_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let problems: Vec<_> = lines
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
            .collect();
        assert_eq!(problems.len(), count, "{name}");
        for p in &problems {
            let e = p.position.board.empties();
            assert!(
                (min_e..=max_e).contains(&e),
                "{name}:{} has {e} empties",
                p.line
            );
            assert!(!p.scores.is_empty(), "{name}:{}", p.line);
            let legal = p.position.board.moves();
            for m in &p.scores {
                if let Some(sq) = m.square {
                    assert!(
                        legal & sq.bit() != 0,
                        "{name}:{}: {sq} is not legal",
                        p.line
                    );
                }
            }
            // The fforum and hard files score every legal move.
            assert_eq!(
                p.scores.iter().filter(|m| m.square.is_some()).count(),
                legal.count_ones() as usize,
                "{name}:{}",
                p.line
            );
            let again = parse_line(Path::new(name), p.line, &p.to_obf())
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("{name}:{} printed as blank", p.line));
            assert_eq!(&again, p);
        }
    }
}
