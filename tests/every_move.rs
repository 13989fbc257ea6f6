//! Every move's value (`--all-moves`) and the analysis of a game, checked
//! against separate solves by the reference solver: each move's value is
//! the reference score of the position after it, for every algorithm and
//! question; each analysed move's loss is the reference's best minus the
//! reference's score of the move played.

mod common;

use othello_solver::analysis::{analyze_game, AnalysisOptions};
use othello_solver::board::Square;
use othello_solver::formats::games::{read_game_file, Game};
use othello_solver::rng::{random_game, random_position, SplitMix64};
use othello_solver::search::reference;
use othello_solver::search::{
    Algo, Engine, EngineConfig, Limits, Mode, MoveValue, Precision, Status,
};
use othello_solver::{Board, Position};

/// The reference score of `sq` played in `b`, for the mover.
fn reference_move_score(b: &Board, sq: Square) -> i32 {
    let c = b.play(sq).unwrap_or_else(|| panic!("{sq} is legal"));
    if c.moves() == 0 && c.opponent_moves() != 0 {
        reference::score(&c.pass())
    } else {
        -reference::score(&c)
    }
}

fn engine(algo: Algo, threads: usize) -> Engine {
    let mut config = EngineConfig::new(algo, 8, Limits::default());
    config.all_moves = true;
    config.threads = threads;
    Engine::new(config).unwrap_or_else(|e| panic!("{e}"))
}

/// Whether `v` answers `mode` for a move whose true score is `t`.
fn answers(mode: Mode, v: &MoveValue, t: i32) -> bool {
    let inside = v.lower <= t && t <= v.upper;
    inside
        && match mode {
            Mode::Exact => v.lower == v.upper,
            Mode::Wld => {
                v.wld().is_some()
                    && v.wld()
                        == MoveValue {
                            lower: t,
                            upper: t,
                            ..*v
                        }
                        .wld()
            }
            Mode::Bound(k) => (v.lower >= k) == (t >= k) && (v.upper < k) == (t < k),
        }
}

#[test]
fn every_move_is_valued_as_the_reference_scores_it() {
    let mut rng = SplitMix64::new(36);
    let mut checked = 0;
    let mut engines = [
        (engine(Algo::Alphabeta, 1), "alphabeta"),
        (engine(Algo::Alphabeta, 2), "alphabeta x2"),
        (engine(Algo::DfpnPlus, 1), "dfpn+"),
    ];
    for n in 0..24 {
        let empties = 10 + (n % 5);
        let Some(b) = random_position(&mut rng, empties) else {
            continue;
        };
        if b.moves() == 0 {
            continue;
        }
        let truth: Vec<(Square, i32)> = Square::iter_bits(b.moves())
            .map(|sq| (sq, reference_move_score(&b, sq)))
            .collect();
        let best = truth.iter().map(|t| t.1).max().unwrap_or(-64);
        for mode in [Mode::Exact, Mode::Wld, Mode::Bound(best), Mode::Bound(2)] {
            for (e, name) in engines.iter_mut() {
                let r = e.solve(&b, mode);
                assert_eq!(r.status, Status::Solved, "{name} {mode:?}");
                assert_eq!(
                    r.moves.len(),
                    truth.len(),
                    "{name} {mode:?}: one value a move"
                );
                for (sq, t) in &truth {
                    let v = r.moves.iter().find(|v| v.square == *sq);
                    let v = v.unwrap_or_else(|| panic!("{name}: {sq} not valued"));
                    assert!(
                        answers(mode, v, *t),
                        "{name} {mode:?} {sq}: [{}, {}], reference {t:+}",
                        v.lower,
                        v.upper
                    );
                }
                // Best first, and every best move listed.
                assert!(r.moves.windows(2).all(|w| w[0].lower >= w[1].lower));
                if mode == Mode::Exact {
                    assert_eq!(r.score(), Some(best), "{name}");
                    let mut want: Vec<Square> =
                        truth.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
                    let mut got = r.best_moves.clone();
                    want.sort();
                    got.sort();
                    assert_eq!(got, want, "{name}: best moves");
                    common::check_pv(&b, &r.pv, best, name);
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions");
}

#[test]
fn a_limit_gives_unknown_with_only_proven_values() {
    let mut rng = SplitMix64::new(5);
    let b = random_position(&mut rng, 22).unwrap_or_else(|| panic!("a position"));
    let mut config = EngineConfig::new(
        Algo::Alphabeta,
        8,
        Limits {
            time: None,
            nodes: Some(20_000),
        },
    );
    config.all_moves = true;
    let mut e = Engine::new(config).unwrap_or_else(|err| panic!("{err}"));
    let r = e.solve(&b, Mode::Exact);
    assert_eq!(r.status, Status::Unknown);
    for v in &r.moves {
        assert_eq!(v.lower, v.upper, "only exact values are kept");
        assert_eq!(v.lower, reference_move_score(&b, v.square));
    }
}

/// A one-thread alpha-beta engine listing every best move, as `analyze` runs.
fn analysis_engine() -> Engine {
    let mut config = EngineConfig::new(Algo::Alphabeta, 8, Limits::default());
    config.all_best = true;
    Engine::new(config).unwrap_or_else(|err| panic!("{err}"))
}

#[test]
fn each_reported_loss_is_the_reference_best_minus_the_move_played() {
    let mut rng = SplitMix64::new(2026);
    let mut e = analysis_engine();
    let mut moves_checked = 0;
    for _ in 0..6 {
        let game = Game::from_moves("random", random_game(&mut rng));
        let a = analyze_game(&mut e, &game, &AnalysisOptions::exact_from(12), |_, _| {});
        assert_eq!(a.status, Status::Solved);
        let positions: Vec<(usize, Position)> = game.positions().collect();
        for m in &a.moves {
            let p = &positions[m.ply as usize].1;
            let played = Square::parse(&m.played).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(Some(played), game.moves.get(m.ply as usize).copied());
            let best = reference::score(&p.board);
            let score = reference_move_score(&p.board, played);
            assert_eq!(m.best_score, Some(best), "ply {}", m.ply);
            assert_eq!(m.score, Some(score), "ply {}", m.ply);
            assert_eq!(m.lost, Some(best - score), "ply {}", m.ply);
            let mut want: Vec<String> = Square::iter_bits(p.board.moves())
                .filter(|&sq| reference_move_score(&p.board, sq) == best)
                .map(|sq| sq.to_string())
                .collect();
            let mut got = m.best_moves.clone();
            want.sort();
            got.sort();
            assert_eq!(got, want, "ply {}", m.ply);
            moves_checked += 1;
        }
        let lost = |side: &str| -> i32 {
            a.moves
                .iter()
                .filter(|m| m.side == side)
                .filter_map(|m| m.lost)
                .sum()
        };
        assert_eq!(a.lost_black, Some(lost("X")));
        assert_eq!(a.lost_white, Some(lost("O")));
        // The outcome changes first where a move's outcome is worse than the best's.
        let first = a
            .moves
            .iter()
            .find(|m| m.score.map(i32::signum) < m.best_score.map(i32::signum));
        assert_eq!(a.first_outcome_change, first.map(|m| m.ply));
    }
    assert!(moves_checked > 40, "only {moves_checked} moves checked");
}

#[test]
fn a_game_from_move_1_is_estimated_before_the_exact_reach_and_exact_after_it() {
    let mut rng = SplitMix64::new(7);
    let mut e = analysis_engine();
    let options = AnalysisOptions {
        from_empties: 60,
        exact_empties: 12,
        depth: 4,
        confidence: 95,
    };
    let game = Game::from_moves("random", random_game(&mut rng));
    let a = analyze_game(&mut e, &game, &options, |_, _| {});
    assert_eq!(a.status, Status::Solved, "estimates are not a limit");
    assert_eq!(a.from_empties, 60);
    assert_eq!(a.moves.first().map(|m| m.ply), Some(0));
    let positions: Vec<(usize, Position)> = game.positions().collect();
    let mut estimated = 0;
    for m in &a.moves {
        let p = &positions[m.ply as usize].1;
        let label = m.precision.map(|p| p.to_string());
        if m.empties <= 12 {
            assert_eq!(label.as_deref(), Some("100%"), "ply {}", m.ply);
            assert_eq!(
                m.best_score,
                Some(reference::score(&p.board)),
                "ply {}",
                m.ply
            );
        } else {
            assert_eq!(label.as_deref(), Some("4@95%"), "ply {}", m.ply);
            assert!(m.best_score.is_some_and(|s| s.abs() <= 64));
            assert_eq!(m.best_moves.len(), 1, "an estimate names one move");
            assert!(m.lost.is_some_and(|l| l >= 0), "ply {}", m.ply);
            estimated += 1;
        }
    }
    assert!(estimated > 40, "{estimated} estimates");
    // Exact from the first move whose position and successor both are.
    let first_exact = a.moves.iter().find(|m| {
        m.precision == Some(Precision::Exact) && m.score_precision == Some(Precision::Exact)
    });
    assert_eq!(a.exact_from_ply, first_exact.map(|m| m.ply));
    assert!(first_exact.is_some_and(|m| m.empties <= 12));
    // Nothing is called perfect play that was only estimated.
    assert_eq!(a.perfect_black_score, None);
    if let Some(p) = a.first_outcome_change {
        assert!(a.moves.iter().any(|m| m.ply == p && m.empties <= 12));
    }
}

#[test]
fn wthor_recorded_perfect_play_scores_agree() {
    let Some(data) = common::shared_data("wthor_recorded_perfect_play_scores_agree") else {
        return;
    };
    let file =
        read_game_file(&data.join("games/wthor/WTH_2022.wtb")).unwrap_or_else(|e| panic!("{e}"));
    let mut e = {
        let mut config = EngineConfig::new(Algo::Alphabeta, 64, Limits::default());
        config.all_best = true;
        config.threads = 2;
        Engine::new(config).unwrap_or_else(|err| panic!("{err}"))
    };
    let mut agreed = 0;
    for game in file
        .games
        .iter()
        .filter(|g| g.theoretical.is_some())
        .take(3)
    {
        let a = analyze_game(&mut e, game, &AnalysisOptions::exact_from(24), |_, _| {});
        let r = a
            .recorded_perfect
            .unwrap_or_else(|| panic!("{}: recorded", game.id));
        assert_eq!(r.ours, Some(r.recorded), "{}", game.id);
        assert_eq!(a.perfect_black_score, Some(r.recorded), "{}", game.id);
        agreed += 1;
    }
    assert_eq!(agreed, 3);
}
