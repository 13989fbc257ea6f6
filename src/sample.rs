//! The position sampler: problem files of positions drawn from game records
//! (`othello-tools sample`, `batch --games`), and the range lists
//! (`2015-2022`, `20-24,30`) that choose years and empties. It reads games
//! through [`crate::formats::games`] and writes problem files; the formats
//! themselves stay pure I/O.
//!
//! # Rules
//!
//! - **One position per game at most**: the game's position at exactly `E`
//!   empty squares with a side to move that has a legal move
//!   ([`Game::position_to_solve_at`]: if the player to move must pass there,
//!   the position after the pass counts when the other side has a move). A
//!   game that never reaches `E` empties, or is over there, gives nothing.
//! - **Year filters** ([`YearFilter`]) are applied to the game's year first.
//!   A game without a year (logbook, transcripts, CSV) is left out by an
//!   include list and kept by an exclude list.
//! - **De-duplication by position** (board and side to move, exactly: no
//!   symmetry is applied), across all games in the order given: the first
//!   game that reaches a position is its source, later ones are counted as
//!   duplicates. Different move orders reaching one position are duplicates.
//! - **Drawing**: `count` of the eligible positions, uniformly at random
//!   without replacement (a partial Fisher–Yates shuffle driven by
//!   [`SplitMix64`] seeded with `seed`), in the order drawn. The same games
//!   in the same order with the same seed give the same sample, and the
//!   sample of `n` positions is the first `n` lines of the sample of `n + 1`
//!   positions with the same seed. If fewer positions are eligible than
//!   asked for, all of them are drawn (shuffled); [`Sample::short`] says so.
//!
//! # Output
//!
//! [`write_sample`] writes a problem file ([`crate::formats::problem`]): `%`
//! header lines given by the caller, then one line per position, the
//! 64-character board and the side to move followed by a `%` comment naming
//! the source game, e.g.
//!
//! ```text
//! ------------------OOO------OOOX----XXXXXX--XOXX----OO------------ X % WTH_1990.wtb#123 theoretical=+4 (side to move)
//! ```
//!
//! `theoretical=` appears when the game records a perfect-play score for
//! exactly `E` empties (WTHOR byte 7 at `E = 24`), converted to the side to
//! move's view, empties to the winner. It is written as a comment, not as
//! an OBF score: OBF scores are per move.

use crate::formats::games::Game;
use crate::formats::Position;
use crate::rng::SplitMix64;
use std::collections::HashSet;
use std::io::Write;
use std::ops::RangeInclusive;

/// Years to keep or leave out, from lists such as `2015-2022` or
/// `1990,1995,2000-2005`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct YearFilter {
    /// If set, only games from these years (games without a year are left out).
    pub include: Option<Vec<RangeInclusive<u16>>>,
    /// Games from these years are left out (games without a year are kept).
    pub exclude: Vec<RangeInclusive<u16>>,
}

/// A year list that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad year list {text:?}: {reason} (expected years or ranges separated by commas, e.g. 1990,2015-2022)")]
pub struct YearListError {
    /// The list as given.
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

/// Reads a year list: comma-separated years (`1990`) or inclusive ranges
/// (`2015-2022`), spaces ignored.
pub fn parse_year_list(text: &str) -> Result<Vec<RangeInclusive<u16>>, YearListError> {
    parse_ranges(text, "year").map_err(|reason| YearListError {
        text: text.to_string(),
        reason,
    })
}

/// Reads comma-separated numbers (`7`) or inclusive ranges (`2-17`), spaces
/// ignored: the grammar of year lists and of the tools' stage lists. The
/// error is the reason alone, naming a wrong item as a `noun` ("year").
pub fn parse_ranges(text: &str, noun: &str) -> Result<Vec<RangeInclusive<u16>>, String> {
    let number = |s: &str| -> Result<u16, String> {
        let s = s.trim();
        s.parse::<u16>()
            .map_err(|_| format!("{s:?} is not a {noun}"))
    };
    let mut out = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err("an empty item".to_string());
        }
        let range = match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b {
                    return Err(format!("the range {item} runs backwards"));
                }
                a..=b
            }
            None => {
                let n = number(item)?;
                n..=n
            }
        };
        out.push(range);
    }
    Ok(out)
}

impl YearFilter {
    /// Whether a game of year `year` passes the filter.
    pub fn accepts(&self, year: Option<u16>) -> bool {
        let within = |ranges: &[RangeInclusive<u16>]| {
            year.is_some_and(|y| ranges.iter().any(|r| r.contains(&y)))
        };
        if let Some(include) = &self.include {
            if !within(include) {
                return false;
            }
        }
        !within(&self.exclude)
    }
}

/// One eligible position and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The source game's id (see [`Game::id`]).
    pub game_id: String,
    /// The position, side to move with a legal move.
    pub position: Position,
    /// The game's year, if known.
    pub year: Option<u16>,
    /// The recorded perfect-play score of this position from the side to
    /// move's view ([`Game::theoretical_for`]), if any.
    pub theoretical: Option<i32>,
}

impl Candidate {
    /// The game's candidate at `empties` empties, if it has one
    /// ([`Game::position_to_solve_at`]).
    pub fn of_game(game: &Game, empties: u32) -> Option<Candidate> {
        let position = game.position_to_solve_at(empties)?;
        Some(Candidate {
            game_id: game.id.clone(),
            theoretical: game.theoretical_for(empties, &position),
            position,
            year: game.year,
        })
    }

    /// The problem-file line: board, side, and a `%` comment naming the
    /// source game (and the theoretical score, if any).
    pub fn to_line(&self) -> String {
        let mut s = format!("{} % {}", self.position.to_board_string(), self.game_id);
        if let Some(t) = self.theoretical {
            s.push_str(&format!(" theoretical={t:+} (side to move)"));
        }
        s
    }
}

/// The eligible positions of a set of games, and why the others are not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    /// Distinct eligible positions, in game order.
    pub positions: Vec<Candidate>,
    /// Games looked at.
    pub games: usize,
    /// Games left out by the year filter.
    pub year_filtered: usize,
    /// Games that never reach the empties with a side able to move.
    pub no_position: usize,
    /// Games whose position an earlier game already gave.
    pub duplicates: usize,
}

/// The eligible positions of `games` at `empties` empties (see the module
/// documentation for the rules).
pub fn collect_candidates<'a>(
    games: impl IntoIterator<Item = &'a Game>,
    empties: u32,
    years: &YearFilter,
) -> Candidates {
    let mut c = Candidates::default();
    let mut seen: HashSet<Position> = HashSet::new();
    for game in games {
        c.games += 1;
        if !years.accepts(game.year) {
            c.year_filtered += 1;
            continue;
        }
        let Some(cand) = Candidate::of_game(game, empties) else {
            c.no_position += 1;
            continue;
        };
        if seen.insert(cand.position) {
            c.positions.push(cand);
        } else {
            c.duplicates += 1;
        }
    }
    c
}

/// `count` items of `pool` drawn uniformly at random without replacement,
/// in the order drawn (all of them, shuffled, if `count >= pool.len()`).
pub fn draw<T>(mut pool: Vec<T>, count: usize, seed: u64) -> Vec<T> {
    let mut rng = SplitMix64::new(seed);
    let n = count.min(pool.len());
    for i in 0..n {
        let left = (pool.len() - i) as u64;
        let j = i + rng.below(left) as usize;
        pool.swap(i, j);
    }
    pool.truncate(n);
    pool
}

/// A drawn sample and the counts behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The positions drawn, in the order drawn.
    pub drawn: Vec<Candidate>,
    /// How many were asked for.
    pub requested: usize,
    /// Eligible distinct positions the draw was made from.
    pub eligible: usize,
    /// Games looked at.
    pub games: usize,
    /// Games left out by the year filter.
    pub year_filtered: usize,
    /// Games without a position at the empties.
    pub no_position: usize,
    /// Games whose position was a duplicate.
    pub duplicates: usize,
}

impl Sample {
    /// Fewer positions were eligible than requested.
    pub fn short(&self) -> bool {
        self.drawn.len() < self.requested
    }
}

/// Draws `count` positions at `empties` empties from `games` with `seed`
/// (see the module documentation).
pub fn sample_positions<'a>(
    games: impl IntoIterator<Item = &'a Game>,
    empties: u32,
    count: usize,
    seed: u64,
    years: &YearFilter,
) -> Sample {
    let c = collect_candidates(games, empties, years);
    let eligible = c.positions.len();
    Sample {
        drawn: draw(c.positions, count, seed),
        requested: count,
        eligible,
        games: c.games,
        year_filtered: c.year_filtered,
        no_position: c.no_position,
        duplicates: c.duplicates,
    }
}

/// Writes a problem file: each `header` line as a `% ` comment, then one
/// line per drawn position ([`Candidate::to_line`]).
pub fn write_sample<W: Write>(
    mut out: W,
    header: &[String],
    sample: &Sample,
) -> std::io::Result<()> {
    for h in header {
        for line in h.lines() {
            writeln!(out, "% {line}")?;
        }
    }
    for c in &sample.drawn {
        writeln!(out, "{}", c.to_line())?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use crate::formats::games::{replay_move_text, Theoretical};
    use crate::formats::problem::parse_line;
    use std::path::Path;

    fn game(id: &str, text: &str, year: Option<u16>) -> Game {
        let r = replay_move_text(text, 1).unwrap_or_else(|e| panic!("{e}"));
        let mut g = r.into_game(id.into(), None);
        g.year = year;
        g
    }

    /// A full 60-move game in which black passes before move 59 (g1 is
    /// white's after white's b1).
    const PASS_GAME: &str = "d3c3c4e3c2b3d2e1d1c1f4d6e6g4b2f6d7c8e7d8f3f5g5h4h6f2f7h5g6c6c5c7b6b5f8a6b4a5a4e8b8h7g8b7g2g3h2a1f1e2h3a3a8a7h8g7a2b1g1h1";

    /// Random legal games from the start, as move text, by a seeded generator.
    fn random_games(n: usize, seed: u64) -> Vec<Game> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|k| {
                let text =
                    crate::formats::position::format_move_list(&crate::rng::random_game(&mut rng));
                game(&format!("g{k}"), &text, Some(1980 + (k % 40) as u16))
            })
            .collect()
    }

    #[test]
    fn year_lists() {
        assert_eq!(parse_year_list("2015-2022"), Ok(vec![2015..=2022]));
        assert_eq!(
            parse_year_list("1990, 1995,2000-2001"),
            Ok(vec![1990..=1990, 1995..=1995, 2000..=2001])
        );
        for bad in ["", "19x0", "2022-2015", "1990,,1991", "-1990", "70000"] {
            assert!(parse_year_list(bad).is_err(), "{bad}");
        }
        let f = YearFilter {
            include: Some(vec![1990..=2000]),
            exclude: vec![1995..=1995],
        };
        assert!(f.accepts(Some(1990)));
        assert!(!f.accepts(Some(1995)));
        assert!(!f.accepts(Some(2001)));
        assert!(!f.accepts(None));
        let ex = YearFilter {
            include: None,
            exclude: vec![2015..=2022],
        };
        assert!(ex.accepts(None));
        assert!(ex.accepts(Some(2014)));
        assert!(!ex.accepts(Some(2022)));
    }

    #[test]
    fn position_rule_applies_passes_and_skips_ended_games() {
        let g = game("p", PASS_GAME, None);
        // Before move 59 (g1) black has to pass: 2 empties, white to move.
        let at2 = g.position_to_solve_at(2).unwrap_or_else(|| panic!("none"));
        assert_eq!(at2.side, crate::board::Color::White);
        assert_ne!(at2.board.moves(), 0);
        assert_eq!(at2.board.empties(), 2);
        // The full board has no mover; 61 empties is never reached.
        assert_eq!(g.position_to_solve_at(0), None);
        assert_eq!(g.position_to_solve_at(61), None);
        // A wipe-out after 17 moves: over at 43 empties, nothing after.
        let w = game("w", "f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1", None);
        assert_eq!(
            w.position_at_empties(43).map(|p| p.board.empties()),
            Some(43)
        );
        assert_eq!(w.position_to_solve_at(43), None);
        assert!(w.position_to_solve_at(44).is_some());
        assert_eq!(w.position_to_solve_at(20), None);
    }

    #[test]
    fn every_drawn_position_follows_the_rules() {
        let games = random_games(300, 7);
        let years = YearFilter {
            include: None,
            exclude: vec![1990..=1999],
        };
        let s = sample_positions(&games, 20, 50, 11, &years);
        assert_eq!(s.drawn.len(), 50);
        assert_eq!(s.games, 300);
        assert_eq!(
            s.year_filtered + s.no_position + s.duplicates + s.eligible,
            300
        );
        assert!(s.year_filtered > 0);
        let mut ids = HashSet::new();
        let mut positions = HashSet::new();
        for c in &s.drawn {
            assert!(ids.insert(c.game_id.clone()), "two from {}", c.game_id);
            assert!(positions.insert(c.position), "repeated position");
            assert_eq!(c.position.board.empties(), 20);
            assert_ne!(c.position.board.moves(), 0);
            let y = c.year.unwrap_or(0);
            assert!(!(1990..=1999).contains(&y), "year {y}");
            let g = games
                .iter()
                .find(|g| g.id == c.game_id)
                .unwrap_or_else(|| panic!("no game {}", c.game_id));
            assert_eq!(g.position_to_solve_at(20), Some(c.position));
        }
    }

    #[test]
    fn deterministic_and_prefix_stable() {
        let games = random_games(200, 3);
        let none = YearFilter::default();
        let a = sample_positions(&games, 30, 40, 99, &none);
        let b = sample_positions(&games, 30, 40, 99, &none);
        assert_eq!(a, b);
        let c = sample_positions(&games, 30, 40, 100, &none);
        assert_ne!(a.drawn, c.drawn);
        let longer = sample_positions(&games, 30, 41, 99, &none);
        assert_eq!(a.drawn[..], longer.drawn[..40]);
    }

    #[test]
    fn duplicates_are_by_position() {
        // Find two different 4-move openings that reach the same position.
        let mut by_position: std::collections::HashMap<Position, Vec<Square>> =
            std::collections::HashMap::new();
        let mut pair = None;
        let mut stack = vec![(Position::start(), Vec::new())];
        while let Some((pos, moves)) = stack.pop() {
            if moves.len() == 4 {
                match by_position.get(&pos) {
                    Some(first) if pair.is_none() => pair = Some((first.clone(), moves)),
                    Some(_) => {}
                    None => {
                        by_position.insert(pos, moves);
                    }
                }
                continue;
            }
            for sq in Square::iter_bits(pos.board.moves()) {
                if let Some(next) = pos.play(sq) {
                    let mut m = moves.clone();
                    m.push(sq);
                    stack.push((next, m));
                }
            }
        }
        let (first, second) = pair.unwrap_or_else(|| panic!("no transposition in 4 moves"));
        assert_ne!(first, second);
        let text = |m: &[Square]| crate::formats::position::format_move_list(m);
        let other = by_position
            .values()
            .find(|m| {
                game("x", &text(m), None).position_at_empties(56)
                    != game("y", &text(&first), None).position_at_empties(56)
            })
            .unwrap_or_else(|| panic!("no other position"));
        let games = [
            game("a", &text(&first), None),
            game("b", &text(&second), None),
            game("c", &text(&first), None),
            game("d", &text(other), None),
        ];
        let c = collect_candidates(&games, 56, &YearFilter::default());
        assert_eq!(c.duplicates, 2);
        let ids: Vec<&str> = c.positions.iter().map(|p| p.game_id.as_str()).collect();
        assert_eq!(ids, ["a", "d"]);
    }

    #[test]
    fn short_pool_gives_everything() {
        let games = random_games(10, 5);
        let s = sample_positions(&games, 40, 100, 1, &YearFilter::default());
        assert!(s.short());
        assert_eq!(s.drawn.len(), s.eligible);
        let mut drawn: Vec<String> = s.drawn.iter().map(|c| c.game_id.clone()).collect();
        drawn.sort();
        let mut all: Vec<String> = collect_candidates(&games, 40, &YearFilter::default())
            .positions
            .into_iter()
            .map(|c| c.game_id)
            .collect();
        all.sort();
        assert_eq!(drawn, all);
    }

    #[test]
    fn draw_is_uniform_enough() {
        // 5 of 10, 20,000 times: each item is drawn about half the time.
        let mut hits = [0u32; 10];
        for seed in 0..20_000u64 {
            for x in draw((0..10).collect::<Vec<usize>>(), 5, seed) {
                hits[x] += 1;
            }
        }
        for h in hits {
            assert!((9_500..=10_500).contains(&h), "{hits:?}");
        }
    }

    #[test]
    fn lines_read_back_and_carry_theoretical_scores() {
        let mut g = game("WTH_1990.wtb#7", PASS_GAME, Some(1990));
        g.theoretical = Some(Theoretical {
            empties: 2,
            black_score: 6,
        });
        // At 2 empties white is to move: the score is -6 from its view.
        let c = Candidate::of_game(&g, 2).unwrap_or_else(|| panic!("none"));
        assert_eq!(c.theoretical, Some(-6));
        let line = c.to_line();
        assert!(
            line.ends_with("% WTH_1990.wtb#7 theoretical=-6 (side to move)"),
            "{line}"
        );
        let p = parse_line(Path::new("t"), 1, &line)
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("cannot read back {line}"));
        assert_eq!(p.position, c.position);
        assert!(p.scores.is_empty());
        // Other empties: no theoretical score.
        let c3 = Candidate::of_game(&g, 3).unwrap_or_else(|| panic!("none"));
        assert_eq!(c3.theoretical, None);
        assert!(!c3.to_line().contains("theoretical"));
        let mut out = Vec::new();
        let s = Sample {
            drawn: vec![c],
            requested: 1,
            eligible: 1,
            games: 1,
            year_filtered: 0,
            no_position: 0,
            duplicates: 0,
        };
        write_sample(&mut out, &["a\nb".to_string()], &s).unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&out);
        assert!(text.starts_with("% a\n% b\n"), "{text}");
        assert_eq!(text.lines().count(), 3);
    }
}
