//! Self-play games for training data: randomized openings, then moves
//! chosen by a shallow search with a softmax over the moves' values, so
//! that games differ and wander off the expert lines while staying
//! reasonable. `othello-tools selfplay` ([`crate::cmd::selfplay`]) writes
//! them as transcripts; `label` and `train` read those like any game file.
//!
//! Game `i` of a run depends only on the settings, the seed and `i`
//! ([`play_game`]), so a run can be split into shards and resumed, and the
//! same command always gives the same games.

use othello_solver::board::{Board, Square};
use othello_solver::eval::PatternEvaluator;
use othello_solver::rng::SplitMix64;
use othello_solver::search::probe::probe_value;

/// How games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The master seed: game `i` draws from `SplitMix64` seeded by a mix
    /// of it and `i`.
    pub seed: u64,
    /// Uniformly random legal moves at the start of each game (after the
    /// opening prefix, if any).
    pub random_plies: u32,
    /// Plies of the search valuing each move ([`probe_value`] of the child
    /// with `depth − 1` plies; 1 = the static evaluation of the child).
    pub depth: u32,
    /// Softmax temperature in discs: a move of value `v` is chosen with
    /// probability ∝ exp(v / T). 0 always plays a best move (the first
    /// best in square order on a tie).
    pub temperature: f64,
    /// From this many empties on, moves are chosen by the search's best
    /// value only (no randomness): late positions then stay near the
    /// population the solver meets, and the final score means something.
    pub greedy_from: u32,
}

/// The seed of game `index` under master seed `seed` (two SplitMix64
/// steps apart for neighbouring games).
fn game_seed(seed: u64, index: u64) -> u64 {
    let mut r = SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64()
}

/// Plays game `index`: the moves from the start position (passes
/// implicit) to the end of the game, starting with `prefix` (a legal
/// opening, e.g. a sampled game's first moves), then
/// [`Settings::random_plies`] random moves, then moves drawn by the
/// softmax over search values.
pub fn play_game(
    settings: &Settings,
    eval: &PatternEvaluator,
    index: u64,
    prefix: &[Square],
) -> Vec<Square> {
    let mut rng = SplitMix64::new(game_seed(settings.seed, index));
    let mut board = Board::start();
    let mut moves = Vec::with_capacity(60);
    for &sq in prefix {
        if board.moves() == 0 {
            board = board.pass();
        }
        match board.play(sq) {
            Some(b) => {
                board = b;
                moves.push(sq);
            }
            // An illegal prefix move: the prefix stops there.
            None => break,
        }
    }
    let mut random_left = settings.random_plies;
    loop {
        if board.moves() == 0 {
            if board.is_game_over() {
                return moves;
            }
            board = board.pass();
        }
        let legal: Vec<Square> = Square::iter_bits(board.moves()).collect();
        let sq = if random_left > 0 {
            random_left -= 1;
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            choose(settings, eval, &board, &legal, &mut rng)
        };
        let Some(next) = board.play(sq) else {
            // `legal` holds only legal moves.
            return moves;
        };
        board = next;
        moves.push(sq);
    }
}

/// A move drawn by the softmax over the search values of `legal` (at
/// least one move).
fn choose(
    settings: &Settings,
    eval: &PatternEvaluator,
    board: &Board,
    legal: &[Square],
    rng: &mut SplitMix64,
) -> Square {
    if legal.len() == 1 {
        return legal[0];
    }
    let values: Vec<f64> = legal
        .iter()
        .map(|&sq| {
            let child = board.play(sq).unwrap_or(*board);
            let mut nodes = 0;
            // Quarter discs, from the side to move's view.
            let v = -probe_value(
                eval,
                &child,
                settings.depth.saturating_sub(1),
                -257,
                257,
                &mut nodes,
                u64::MAX,
            );
            f64::from(v) / 4.0
        })
        .collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if settings.temperature <= 0.0 || board.empties() <= settings.greedy_from {
        let i = values.iter().position(|&v| v == best).unwrap_or(0);
        return legal[i];
    }
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - best) / settings.temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    // A uniform draw in [0, total) from 53 random bits.
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return legal[i];
        }
        x -= w;
    }
    legal[legal.len() - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            seed: 7,
            random_plies: 6,
            depth: 1,
            temperature: 2.0,
            greedy_from: 12,
        }
    }

    fn replay(moves: &[Square]) -> Board {
        let mut b = Board::start();
        for &sq in moves {
            if b.moves() == 0 {
                b = b.pass();
            }
            b = b.play(sq).expect("a legal move");
        }
        b
    }

    #[test]
    fn games_are_legal_complete_and_repeatable() {
        let eval = PatternEvaluator::embedded().unwrap();
        let s = settings();
        let mut distinct = std::collections::HashSet::new();
        for i in 0..6 {
            let g = play_game(&s, eval, i, &[]);
            assert!(replay(&g).is_game_over(), "game {i} not finished");
            assert_eq!(g, play_game(&s, eval, i, &[]), "game {i} not repeatable");
            distinct.insert(g);
        }
        assert_eq!(distinct.len(), 6, "random openings should differ");
    }

    #[test]
    fn the_prefix_is_kept_and_zero_temperature_plays_a_best_move() {
        let eval = PatternEvaluator::embedded().unwrap();
        let prefix: Vec<Square> = ["f5", "d6", "c3"]
            .iter()
            .map(|m| Square::parse(m).unwrap())
            .collect();
        let s = Settings {
            random_plies: 0,
            temperature: 0.0,
            ..settings()
        };
        let g = play_game(&s, eval, 3, &prefix);
        assert_eq!(&g[..3], &prefix[..]);
        // The fourth move is the static evaluation's best child.
        let b = replay(&g[..3]);
        let best = Square::iter_bits(b.moves())
            .map(|sq| {
                let c = b.play(sq).unwrap();
                let mut nodes = 0;
                (
                    -probe_value(eval, &c, 0, -257, 257, &mut nodes, u64::MAX),
                    sq,
                )
            })
            .max_by_key(|&(v, sq)| (v, std::cmp::Reverse(sq.index())))
            .unwrap();
        assert_eq!(g[3], best.1);
        // Greedy play is the same whatever the game's index.
        assert_eq!(g, play_game(&s, eval, 4, &prefix));
    }
}
