//! The midgame search against a plain reference and the exact solver.

use super::*;
use crate::eval::PatternEvaluator;
use crate::rng::{random_position, SplitMix64};
use crate::search::{Algo, Engine, EngineConfig};

fn engine() -> Engine {
    Engine::new(EngineConfig::new(Algo::Alphabeta, 16, Limits::default())).expect("engine")
}

/// Plain minimax to `depth` plies with the evaluation at the leaves, in
/// quarter discs (a pass does not use a ply).
fn minimax(eval: &PatternEvaluator, b: &Board, depth: u32) -> i32 {
    if b.moves() == 0 {
        if b.opponent_moves() == 0 {
            return b.final_score() * 4;
        }
        return -minimax(eval, &b.pass(), depth);
    }
    if depth == 0 {
        let s = eval.root(b.player, b.opponent);
        return eval.value::<crate::board::kernels::Portable>(&s, b.player, b.opponent);
    }
    Square::iter_bits(b.moves())
        .map(|sq| -minimax(eval, &b.play(sq).expect("legal"), depth - 1))
        .max()
        .unwrap_or(-QUARTER_INF)
}

#[test]
fn unpruned_search_equals_minimax() {
    let eval = PatternEvaluator::embedded().expect("weights");
    let eval: &PatternEvaluator = eval;
    let mut rng = SplitMix64::new(7);
    let mut mid = Midgame::try_new(4).expect("table");
    for i in 0..30 {
        let Some(b) = random_position(&mut rng, 30 + i % 20) else {
            continue;
        };
        for depth in 1..=4 {
            let budget = Budget::unlimited();
            let mut node = Node {
                eval,
                table: &mid.table,
                budget: &budget,
                nodes: 0,
                unsent: 0,
                stopped: false,
                level: 5,
                t: 0,
            };
            let s = eval.root(b.player, b.opponent);
            let want = minimax(eval, &b, depth);
            let got = pvs::search(
                &mut node,
                b.player,
                b.opponent,
                &s,
                -QUARTER_INF,
                QUARTER_INF,
                depth,
            );
            assert_eq!(got, want, "position {i} depth {depth}");
            let got = pvs::search_portable(
                &mut node,
                b.player,
                b.opponent,
                &s,
                -QUARTER_INF,
                QUARTER_INF,
                depth,
            );
            assert_eq!(got, want, "portable, position {i} depth {depth}");
        }
        mid.clear();
    }
}

#[test]
fn every_n_best_value_is_the_full_window_value() {
    let eval = PatternEvaluator::embedded().expect("weights");
    let eval: &PatternEvaluator = eval;
    let mut rng = SplitMix64::new(11);
    let mut e = engine();
    for i in 0..10 {
        let Some(b) = random_position(&mut rng, 36) else {
            continue;
        };
        let options = ThinkOptions {
            depth: Some(4),
            confidence: 100,
            moves: 3,
            exact_empties: Some(0),
            ..ThinkOptions::default()
        };
        let t = e.think(&b, &options).expect("think");
        let mut all: Vec<i32> = Square::iter_bits(b.moves())
            .map(|sq| -minimax(eval, &b.play(sq).expect("legal"), 3))
            .collect();
        all.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(t.moves.len(), all.len().min(3), "position {i}");
        for (m, want) in t.moves.iter().zip(&all) {
            assert_eq!(m.value, *want as f32 / 4.0, "position {i}");
            assert_eq!(m.precision.to_string(), "4@100%");
            let c = b.play(m.square).expect("legal");
            assert_eq!(
                -minimax(eval, &c, 3),
                *want,
                "position {i}: the move has its value"
            );
        }
    }
}

#[test]
fn within_reach_the_values_are_exact() {
    let mut rng = SplitMix64::new(3);
    let mut e = engine();

    for i in 0..6 {
        let Some(b) = random_position(&mut rng, 14).filter(|b| b.moves() != 0) else {
            continue;
        };
        let options = ThinkOptions {
            moves: 64,
            ..ThinkOptions::default()
        };
        let t = e.think(&b, &options).expect("think");
        assert_eq!(t.precision, Precision::Exact, "position {i}");
        assert_eq!(t.moves.len(), b.moves().count_ones() as usize);
        for m in &t.moves {
            let c = b.play(m.square).expect("legal");
            assert_eq!(
                m.value as i32,
                -crate::search::reference::score(&c),
                "position {i} move {}",
                m.square
            );
            assert_eq!(m.precision.to_string(), "100%");
        }
    }
}

#[test]
fn a_time_limit_is_kept_and_pruning_is_labelled() {
    let mut e = engine();
    let b = Board::start();
    let options = ThinkOptions {
        limits: Limits {
            time: Some(Duration::from_millis(200)),
            nodes: None,
        },
        confidence: 87,
        ..ThinkOptions::default()
    };
    let t = e.think(&b, &options).expect("think");
    assert!(t.time_s < 0.5, "took {} s", t.time_s);
    let Precision::Estimate { depth, confidence } = t.precision else {
        panic!("the start is not solved in 0.2 s")
    };
    assert!(depth >= 4, "only {depth} plies in 0.2 s");
    assert_eq!(confidence, 87);
    assert!(t.best().is_some_and(|sq| b.moves() & sq.bit() != 0));
    assert_eq!(t.pv.first().copied().flatten(), t.best());
}

#[test]
fn passes_game_ends_and_bad_options() {
    let mut e = engine();
    // Black has no move, white has: a pass first.
    let b = Board::new(0, 0b111).map(|b| b.pass()).expect("board");
    let over = e.think(&b, &ThinkOptions::default()).expect("think");
    assert!(over.moves.is_empty() && over.precision.is_exact());
    let bad = ThinkOptions {
        confidence: 90,
        ..ThinkOptions::default()
    };
    assert_eq!(
        e.think(&Board::start(), &bad),
        Err(ThinkError::Confidence(90))
    );
    let bad = ThinkOptions {
        depth: Some(0),
        ..ThinkOptions::default()
    };
    assert_eq!(e.think(&Board::start(), &bad), Err(ThinkError::Depth(0)));
}

#[test]
fn an_exact_solve_that_runs_out_leaves_the_quick_answer() {
    let mut rng = SplitMix64::new(21);
    let b = loop {
        if let Some(b) = random_position(&mut rng, 32).filter(|b| b.moves() != 0) {
            break b;
        }
    };
    let mut e = engine();
    let options = ThinkOptions {
        limits: Limits {
            time: Some(Duration::from_millis(300)),
            nodes: None,
        },
        // Far beyond what 0.3 s solves.
        exact_empties: Some(32),
        ..ThinkOptions::default()
    };
    let t = e.think(&b, &options).expect("think");
    assert!(t.time_s < 1.0, "took {} s", t.time_s);
    let Precision::Estimate { depth, .. } = t.precision else {
        panic!("32 empties are not solved in 0.3 s")
    };
    assert!(depth >= 4, "the quick answer searched only {depth} plies");
    assert!(t.best().is_some_and(|sq| b.moves() & sq.bit() != 0));
}

#[test]
fn playing_for_the_result_keeps_a_proven_win_or_draw() {
    let mut rng = SplitMix64::new(29);
    let mut e = engine();
    let (mut wld, mut estimates) = (0, 0);
    for i in 0..40 {
        let Some(b) = random_position(&mut rng, 12).filter(|b| b.moves() != 0) else {
            continue;
        };
        let options = ThinkOptions {
            limits: Limits {
                time: Some(Duration::from_secs(20)),
                nodes: None,
            },
            // 12 empties: above the exact reach, within the WLD stage's.
            exact_empties: Some(12 - WLD_EXTRA),
            wld: true,
            ..ThinkOptions::default()
        };
        let t = e.think(&b, &options).expect("think");
        let score = crate::search::reference::score(&b);
        let best = t.best().expect("a move");
        let after = -crate::search::reference::score(&b.play(best).expect("legal"));
        if score < 0 {
            // Every move loses: the midgame search picks one, as labelled.
            assert!(
                matches!(t.precision, Precision::Estimate { .. }),
                "position {i}"
            );
            estimates += 1;
            continue;
        }
        assert_eq!(t.precision, Precision::Wld, "position {i}");
        assert_eq!(t.precision.to_string(), "100%W");
        assert_eq!(
            after.signum(),
            score.signum(),
            "position {i}: the move keeps the result"
        );
        if score > 0 {
            assert!(t.value >= 1.0, "position {i}: value {} of a win", t.value);
        } else {
            assert_eq!(t.value, 0.0, "position {i}: a draw's value");
        }
        wld += 1;
        // Without the option, or with several moves asked, no WLD stage.
        for other in [
            ThinkOptions {
                wld: false,
                ..options
            },
            ThinkOptions {
                moves: 2,
                ..options
            },
        ] {
            let t = e.think(&b, &other).expect("think");
            assert!(
                matches!(t.precision, Precision::Estimate { .. }),
                "position {i}"
            );
        }
    }
    assert!(
        wld >= 5 && estimates >= 5,
        "{wld} wins or draws, {estimates} losses"
    );
}
