//! The fast move generator and flip code against the naive square-by-square
//! version, on random reachable positions under all 8 symmetries; perft.

use othello_solver::board::movegen::{self, naive};
use othello_solver::board::symmetry;
use othello_solver::rng::SplitMix64;
use othello_solver::Board;

#[test]
fn fast_moves_and_flips_match_naive_on_random_positions() {
    let mut rng = SplitMix64::new(0x5EED_0001);
    let mut checked = 0u64;
    let mut board = Board::start();
    // Random games, every position of each game checked under 8 symmetries.
    while checked < 100_000 {
        for s in 0..8 {
            let b = board.symmetric(s);
            let m = movegen::moves(b.player, b.opponent);
            assert_eq!(m, naive::moves(b.player, b.opponent), "moves of {b:?}");
            for sq in 0..64 {
                if b.empty() >> sq & 1 != 0 {
                    let fast = movegen::flips(b.player, b.opponent, sq);
                    assert_eq!(
                        fast,
                        naive::flips(b.player, b.opponent, sq),
                        "flips of {b:?} at {sq}"
                    );
                    assert_eq!(fast != 0, m >> sq & 1 != 0);
                }
            }
            // Symmetry commutes with move generation.
            assert_eq!(symmetry::apply(s, board.moves()), m);
        }
        checked += 1;
        let mut m = board.moves();
        if m == 0 {
            board = board.pass();
            m = board.moves();
            if m == 0 {
                board = Board::start();
                continue;
            }
        }
        let sq = rng.pick_bit(m) as usize;
        board = board.play_flips(sq, movegen::flips(board.player, board.opponent, sq));
    }
}

#[test]
fn flips_of_crafted_lines() {
    // Player on a1, opponents b1..g1, move on h1 flips b1..g1.
    let p = 1u64;
    let o = 0x7Eu64;
    assert_eq!(movegen::flips(p, o, 7), 0x7E);
    // No anchor: nothing flips.
    assert_eq!(movegen::flips(0, o, 7), 0);
    // Vertical a1 ... a8.
    let o = 0x0001_0101_0101_0100u64;
    assert_eq!(movegen::flips(1, o, 56), o);
    assert_eq!(movegen::flips(1 << 56, o, 0), o);
}

/// perft from the start, not counting passes, depths 0..=11 (docs/benchmarks.md, "Board kernels").
const PERFT: [u64; 12] = [
    1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
];

#[test]
fn perft_to_depth_11_without_passes() {
    for (d, &n) in PERFT.iter().enumerate() {
        assert_eq!(Board::start().perft(d as u32, false), n, "depth {d}");
    }
}

#[test]
fn perft_to_depth_11_counting_passes() {
    let mut expect = PERFT;
    expect[9] = 3005320;
    expect[10] = 24571420;
    expect[11] = 212260880;
    for (d, &n) in expect.iter().enumerate() {
        assert_eq!(Board::start().perft(d as u32, true), n, "depth {d}");
    }
}

#[test]
fn perft_without_bulk_count_agrees() {
    for d in 0..=9 {
        assert_eq!(Board::start().perft_full(d, false), PERFT[d as usize]);
    }
}

#[test]
fn hash_spreads_symmetric_boards() {
    let b = Board::start();
    let mut seen = std::collections::HashSet::new();
    let mut rng = SplitMix64::new(7);
    for _ in 0..10_000 {
        if let Some(p) = othello_solver::rng::random_position(&mut rng, 40) {
            seen.insert(p.hash());
        }
    }
    assert!(seen.len() > 9_000);
    assert_ne!(b.hash(), b.pass().hash());
}

/// perft from positions other than the start, both pass conventions, at
/// depths 6 and 8: `(position, [depth 6, depth 8] passes a ply of their own,
/// [depth 6, depth 8] passes free)`. FFO #40 (passes change the counts from
/// depth 4 on) and three positions of `positions/default.obf` (18–20
/// empties). Figures from `othello-solver perft --position P D
/// [--count-passes]`; the test also recounts depth 6 with the naive move
/// generator and under all 8 symmetries, so a table entry cannot merely
/// repeat the fast code's answer.
const PERFT_TABLE: [(&str, [u64; 2], [u64; 2]); 4] = [
    (
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        [63589, 2954588],
        [64973, 3008908],
    ),
    (
        "--X-XO----XXXO-X--XXXOXX--XXOOOX--XOXOXXOOOOOXXX-OOOXXXX-OOOOO-- X",
        [49637, 2135202],
        [49637, 2136607],
    ),
    (
        "--O-X------XXO----XXXO-XOOOOOOO-XXOXOXOOXXOOXOXO-XOOOXXXX--OOXXO X",
        [152292, 6359208],
        [152325, 6362983],
    ),
    (
        "-O--OO---OOOOOX-XOOOXX--XOOOXOX-XOXXOXXXXXXOOOOO-XXXOO--X-X--O-- X",
        [553687, 30505824],
        [553687, 30509198],
    ),
];

/// perft by the naive move generator (square by square), either convention.
fn naive_perft(b: &Board, depth: u32, count_passes: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = naive::moves(b.player, b.opponent);
    if moves == 0 {
        let passed = b.pass();
        if naive::moves(passed.player, passed.opponent) == 0 {
            return 1;
        }
        return naive_perft(&passed, depth - u32::from(!count_passes), count_passes);
    }
    (0..64)
        .filter(|sq| moves >> sq & 1 != 0)
        .map(|sq| {
            let f = naive::flips(b.player, b.opponent, sq);
            naive_perft(&b.play_flips(sq, f), depth - 1, count_passes)
        })
        .sum()
}

#[test]
fn perft_table_over_several_positions() {
    for (text, own_ply, free) in PERFT_TABLE {
        let b = othello_solver::Position::parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .board;
        for (count_passes, want) in [(false, own_ply), (true, free)] {
            assert_eq!(
                b.perft(6, count_passes),
                want[0],
                "{text} d6 {count_passes}"
            );
            assert_eq!(
                b.perft(8, count_passes),
                want[1],
                "{text} d8 {count_passes}"
            );
            assert_eq!(naive_perft(&b, 6, count_passes), want[0], "naive {text}");
            for s in 0..8 {
                assert_eq!(
                    b.symmetric(s).perft(6, count_passes),
                    want[0],
                    "{text} sym {s}"
                );
            }
        }
    }
}
