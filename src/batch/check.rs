//! `--check`: compare a result with the known scores of its item: the
//! per-move scores of its problem line, and a known exact score of the
//! position (e.g. WTHOR's theoretical score).

use super::input::BatchItem;
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

/// Compares `result` with everything known about `item`: the scores of its
/// problem line ([`check`]) and its known exact score ([`check_score`]). A
/// mismatch with either is a mismatch; otherwise a match with either is a
/// match.
pub fn check_item(item: &BatchItem, result: &SolveResult) -> Verdict {
    let verdicts = [
        item.problem.as_ref().map(|p| check(p, result)),
        item.known_score.map(|k| check_score(k, result)),
    ];
    let mut out = Verdict::NoKnownScore;
    for v in verdicts.into_iter().flatten() {
        match v {
            Verdict::Mismatch(_) => return v,
            Verdict::Match => out = Verdict::Match,
            Verdict::Unsolved if out == Verdict::NoKnownScore => out = Verdict::Unsolved,
            _ => {}
        }
    }
    out
}

/// Compares `result` with a known exact score of the position (no per-move
/// scores): exact mode must find that score, WLD mode its sign, bound mode
/// the answer to "score ≥ k".
pub fn check_score(known: i32, result: &SolveResult) -> Verdict {
    if result.status != Status::Solved {
        return unsolved(known, result);
    }
    match result.mode {
        Mode::Exact => match result.score() {
            Some(score) if score == known => Verdict::Match,
            Some(score) => Verdict::Mismatch(format!("score {score:+}, known {known:+}")),
            None => Verdict::Unsolved,
        },
        Mode::Wld => check_wld(known, result),
        Mode::Bound(k) => check_bound(k, known, result),
    }
}

/// An unknown result (a limit was hit) is no answer, but the bounds it
/// proved must still hold the known score: a bound that excludes it is a
/// wrong answer.
fn unsolved(known: i32, result: &SolveResult) -> Verdict {
    if (result.lower..=result.upper).contains(&known) {
        Verdict::Unsolved
    } else {
        Verdict::Mismatch(format!(
            "unknown, but the proven bounds [{:+}, {:+}] exclude the known score {known:+}",
            result.lower, result.upper
        ))
    }
}

fn check_wld(best: i32, result: &SolveResult) -> Verdict {
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

fn check_bound(k: i32, best: i32, result: &SolveResult) -> Verdict {
    match result.bound_holds() {
        Some(holds) if holds == (best >= k) => Verdict::Match,
        Some(holds) => Verdict::Mismatch(format!(
            "score >= {k} {}, known score {best:+}",
            if holds { "proved" } else { "refuted" }
        )),
        None => Verdict::Unsolved,
    }
}

/// Compares `result` with the known scores of `problem`.
///
/// Exact mode: the score must equal the best listed score; no listed move
/// with a lower score may be among the result's best moves, and, when the
/// result lists every best move (`all_best`), every listed move with the best
/// score must be among them. (Files that list only some moves cannot check
/// the unlisted ones.) WLD mode: the sign must agree. Bound mode: the
/// answer to "score ≥ k" must agree.
pub fn check(problem: &Problem, result: &SolveResult) -> Verdict {
    let Some(best) = problem.best_score() else {
        return Verdict::NoKnownScore;
    };
    if result.status != Status::Solved {
        return unsolved(best, result);
    }
    let verdict = check_position(problem, best, result);
    if verdict != Verdict::Match || result.moves.is_empty() {
        return verdict;
    }
    check_moves(problem, result)
}

/// Every move the problem line scores against the result's own value of
/// that move ([`SolveResult::moves`]): exact mode, the same score; WLD, the
/// same outcome; bound k, the same answer to "≥ k". A listed move the result
/// does not value is a mismatch too.
fn check_moves(problem: &Problem, result: &SolveResult) -> Verdict {
    let mut problems = Vec::new();
    for m in &problem.scores {
        let Some(sq) = m.square else { continue };
        let known = m.score;
        let Some(v) = result.moves.iter().find(|v| v.square == sq) else {
            problems.push(format!("{sq} (known {known:+}) is not valued"));
            continue;
        };
        let agrees = match result.mode {
            Mode::Exact => v.score() == Some(known),
            Mode::Wld => match known.signum() {
                1 => v.lower > 0,
                -1 => v.upper < 0,
                _ => v.lower == 0 && v.upper == 0,
            },
            Mode::Bound(k) => {
                if known >= k {
                    v.lower >= k
                } else {
                    v.upper < k
                }
            }
        };
        if !agrees {
            problems.push(format!(
                "{sq} valued [{:+},{:+}], known {known:+}",
                v.lower, v.upper
            ));
        }
    }
    if problems.is_empty() {
        Verdict::Match
    } else {
        Verdict::Mismatch(format!("moves: {}", problems.join("; ")))
    }
}

/// [`check`] of the position's own answer (score, best moves, outcome).
fn check_position(problem: &Problem, best: i32, result: &SolveResult) -> Verdict {
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
                if m.score == best && result.all_best && !ours(m.square) {
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
        Mode::Wld => check_wld(best, result),
        Mode::Bound(k) => check_bound(k, best, result),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::problem::parse_line;
    use std::path::Path;

    fn result(mode: Mode, lower: i32, upper: i32, best: &[&str]) -> SolveResult {
        SolveResult {
            lower,
            upper,
            best_moves: best.iter().filter_map(|s| Square::parse(s).ok()).collect(),
            ..SolveResult::open(mode, "test", true)
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
        // One best move (no --all-best): any move reaching the optimum will do,
        // a move known to fall short will not.
        let one = |best: &[&str]| SolveResult {
            all_best: false,
            ..result(Mode::Exact, 4, 4, best)
        };
        assert_eq!(check(&p, &one(&["d3"])), Verdict::Match);
        assert_eq!(check(&p, &one(&["c4"])), Verdict::Match);
        assert!(
            matches!(check(&p, &one(&["f5"])), Verdict::Mismatch(m) if m.contains("f5 is known"))
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

    #[test]
    fn known_exact_score_without_move_scores() {
        assert_eq!(
            check_score(-6, &result(Mode::Exact, -6, -6, &["g1"])),
            Verdict::Match
        );
        assert!(
            matches!(check_score(-6, &result(Mode::Exact, -4, -4, &[])), Verdict::Mismatch(m) if m == "score -4, known -6")
        );
        // An exact run that did not pin the score is not a verdict.
        assert_eq!(
            check_score(-6, &result(Mode::Exact, -8, -4, &[])),
            Verdict::Unsolved
        );
        assert_eq!(
            check_score(-6, &result(Mode::Wld, -64, -2, &[])),
            Verdict::Match
        );
        assert!(matches!(
            check_score(-6, &result(Mode::Wld, 0, 0, &[])),
            Verdict::Mismatch(_)
        ));
        assert_eq!(
            check_score(0, &result(Mode::Wld, 0, 0, &[])),
            Verdict::Match
        );
        // Bound: score >= k.
        assert_eq!(
            check_score(4, &result(Mode::Bound(4), 4, 64, &[])),
            Verdict::Match
        );
        assert_eq!(
            check_score(4, &result(Mode::Bound(5), -64, 4, &[])),
            Verdict::Match
        );
        assert!(matches!(
            check_score(4, &result(Mode::Bound(6), 6, 64, &[])),
            Verdict::Mismatch(m) if m.contains("proved")
        ));
        let mut unknown = result(Mode::Exact, -64, 64, &[]);
        unknown.status = Status::Unknown;
        assert_eq!(check_score(4, &unknown), Verdict::Unsolved);
        // Proven bounds that exclude the known score are a wrong answer.
        let mut wrong = result(Mode::Exact, 6, 64, &[]);
        wrong.status = Status::Unknown;
        assert!(matches!(check_score(4, &wrong), Verdict::Mismatch(_)));
        assert_eq!(check_score(6, &wrong), Verdict::Unsolved);
    }

    #[test]
    fn items_combine_problem_and_known_score() {
        let start = crate::formats::Position::start();
        let item = |problem: Option<Problem>, known_score| BatchItem {
            id: "i".into(),
            position: start,
            problem,
            known_score,
        };
        let exact = |s| result(Mode::Exact, s, s, &["d3", "c4"]);
        assert_eq!(
            check_item(&item(None, None), &exact(4)),
            Verdict::NoKnownScore
        );
        assert_eq!(check_item(&item(None, Some(4)), &exact(4)), Verdict::Match);
        assert!(matches!(
            check_item(&item(None, Some(2)), &exact(4)),
            Verdict::Mismatch(_)
        ));
        let listed = parse_line(Path::new("t"), 1, &format!("{start}; D3:+4; C4:+4"))
            .ok()
            .flatten();
        assert!(listed.is_some());
        let bare = parse_line(Path::new("t"), 1, &start.to_string())
            .ok()
            .flatten();
        assert!(bare.is_some());
        // A problem line without scores does not hide the known score.
        assert_eq!(
            check_item(&item(bare.clone(), Some(4)), &exact(4)),
            Verdict::Match
        );
        assert!(matches!(
            check_item(&item(bare, Some(4)), &exact(2)),
            Verdict::Mismatch(_)
        ));
        // Either source disagreeing is a mismatch.
        assert_eq!(
            check_item(&item(listed.clone(), None), &exact(4)),
            Verdict::Match
        );
        assert!(matches!(
            check_item(&item(listed.clone(), Some(2)), &exact(4)),
            Verdict::Mismatch(m) if m == "score +4, known +2"
        ));
        let mut unknown = exact(4);
        unknown.status = Status::Unknown;
        assert_eq!(
            check_item(&item(listed, Some(4)), &unknown),
            Verdict::Unsolved
        );
    }
}
