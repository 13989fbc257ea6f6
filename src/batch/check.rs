//! `--check`: compare a result with the known scores of its problem line.

use crate::board::Square;
use crate::formats::Problem;
use crate::search::{Mode, SolveResult, Status};

/// The verdict on one result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Agrees with every known score that applies.
    Match,
    /// Disagrees; the text says how.
    Mismatch(String),
    /// The line lists no score to compare with.
    NoKnownScore,
    /// The search did not finish, so there is nothing to compare.
    Unsolved,
}

impl Verdict {
    /// A short word for output columns: `ok`, `MISMATCH`, `-`, `unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Match => "ok",
            Verdict::Mismatch(_) => "MISMATCH",
            Verdict::NoKnownScore => "-",
            Verdict::Unsolved => "unknown",
        }
    }
}

fn sign(x: i32) -> i32 {
    x.signum()
}

/// Compares `result` with the known scores of `problem`.
///
/// Exact mode: the score must equal the best listed score; every listed move
/// with the best score must be among the result's best moves, and no listed
/// move with a lower score may be. (Files that list only some moves cannot
/// check the unlisted ones.) WLD mode: the sign must agree. Bound mode: the
/// answer to "score ≥ k" must agree.
pub fn check(problem: &Problem, result: &SolveResult) -> Verdict {
    let Some(best) = problem.best_score() else {
        return Verdict::NoKnownScore;
    };
    if result.status != Status::Solved {
        return Verdict::Unsolved;
    }
    match result.mode {
        Mode::Exact => {
            let Some(score) = result.score() else {
                return Verdict::Unsolved;
            };
            if score != best {
                return Verdict::Mismatch(format!("score {score:+}, known {best:+}"));
            }
            let ours = |sq: Option<Square>| sq.is_some_and(|s| result.best_moves.contains(&s));
            let mut problems = Vec::new();
            for m in &problem.scores {
                let Some(sq) = m.square else { continue };
                if m.score == best && !ours(m.square) {
                    problems.push(format!("{sq} also reaches {best:+}"));
                } else if m.score < best && ours(m.square) {
                    problems.push(format!("{sq} is known to reach only {:+}", m.score));
                }
            }
            if problems.is_empty() {
                Verdict::Match
            } else {
                Verdict::Mismatch(format!("best moves: {}", problems.join("; ")))
            }
        }
        Mode::Wld => {
            let ours = if result.lower > 0 {
                1
            } else if result.upper < 0 {
                -1
            } else {
                0
            };
            if ours == sign(best) {
                Verdict::Match
            } else {
                let name = |s: i32| ["loss", "draw", "win"][(s + 1) as usize];
                Verdict::Mismatch(format!(
                    "{}, known {} ({best:+})",
                    name(ours),
                    name(sign(best))
                ))
            }
        }
        Mode::Bound(k) => match result.bound_holds() {
            Some(holds) if holds == (best >= k) => Verdict::Match,
            Some(holds) => Verdict::Mismatch(format!(
                "score >= {k} {}, known score {best:+}",
                if holds { "proved" } else { "refuted" }
            )),
            None => Verdict::Unsolved,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::problem::parse_line;
    use std::path::Path;

    fn result(mode: Mode, lower: i32, upper: i32, best: &[&str]) -> SolveResult {
        SolveResult {
            mode,
            algo: "test",
            status: Status::Solved,
            lower,
            upper,
            best_moves: best.iter().filter_map(|s| Square::parse(s).ok()).collect(),
            pv: Vec::new(),
            nodes: 0,
            leaf_nodes: 0,
            time_s: 0.0,
        }
    }

    #[test]
    fn verdicts() {
        let line = "---------------------------OX------XO--------------------------- X; D3:+4; C4:+4; F5:+2; E6:-2";
        let p = parse_line(Path::new("t"), 1, line)
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("parse"));
        assert_eq!(
            check(&p, &result(Mode::Exact, 4, 4, &["d3", "c4"])),
            Verdict::Match
        );
        assert!(
            matches!(check(&p, &result(Mode::Exact, 4, 4, &["d3"])), Verdict::Mismatch(m) if m.contains("c4 also reaches +4"))
        );
        assert!(
            matches!(check(&p, &result(Mode::Exact, 4, 4, &["d3", "c4", "f5"])), Verdict::Mismatch(m) if m.contains("f5 is known"))
        );
        assert!(
            matches!(check(&p, &result(Mode::Exact, 2, 2, &["f5"])), Verdict::Mismatch(m) if m == "score +2, known +4")
        );
        assert_eq!(check(&p, &result(Mode::Wld, 2, 64, &[])), Verdict::Match);
        assert!(matches!(
            check(&p, &result(Mode::Wld, 0, 0, &[])),
            Verdict::Mismatch(_)
        ));
        assert_eq!(
            check(&p, &result(Mode::Bound(5), -64, 4, &[])),
            Verdict::Match
        );
        assert!(matches!(
            check(&p, &result(Mode::Bound(3), -64, 2, &[])),
            Verdict::Mismatch(_)
        ));
        let mut unknown = result(Mode::Exact, -64, 64, &[]);
        unknown.status = Status::Unknown;
        assert_eq!(check(&p, &unknown), Verdict::Unsolved);
    }
}
