//! `othello-solver eval POSITION | --file FILE [--json] [--weights PATH]`:
//! the static pattern evaluation of a position (with its largest pattern
//! contributions) or of every position of a problem file.

use othello_solver::eval::{stage, PatternEvaluator};
use othello_solver::formats::problem::read_problem_file;
use othello_solver::Position;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `eval`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position: 64 squares a1..h8 then the side to move, a move list,
    /// or a problem-file line. A board may begin with `-` (empty squares).
    #[arg(
        required_unless_present = "file",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    pub position: Option<String>,
    /// Evaluate every position of this problem file, one result per line, in file order.
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// JSON output (one object per position, JSON Lines for --file).
    #[arg(long)]
    pub json: bool,
    /// Pattern weights file (default: the weights embedded in the binary).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// How many of the largest contributions to show for one position.
    #[arg(long, default_value_t = 12)]
    pub top: usize,
}

/// Runs `eval`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let evaluator = PatternEvaluator::from_option(args.weights.as_deref())?;
    if let Some(path) = &args.file {
        let problems = read_problem_file(path)?;
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        // As `batch` does: a malformed line is reported and skipped, the
        // others are evaluated, and the exit code says something was skipped.
        let mut bad_lines = 0usize;
        for p in problems {
            let p = match p {
                Ok(p) => p,
                Err(e) => {
                    out.flush()?;
                    eprintln!("error: {e}");
                    bad_lines += 1;
                    continue;
                }
            };
            let (line, pos, known) = (p.line, p.position, p.best_score());
            let v = evaluator.evaluate(&pos.board);
            if args.json {
                let obj = serde_json::json!({
                    "line": line,
                    "board": pos.squares_string(),
                    "side": pos.side.name(),
                    "empties": pos.board.empties(),
                    "stage": stage(&pos.board),
                    "eval": round2(v),
                    "known_score": known,
                });
                writeln!(out, "{obj}")?;
            } else {
                let known = known.map(|k| format!("  known {k:+}")).unwrap_or_default();
                writeln!(
                    out,
                    "{line:>6}  {}  eval {:+7.2}{known}",
                    pos.to_board_string(),
                    v
                )?;
            }
        }
        out.flush()?;
        if bad_lines > 0 {
            eprintln!("error: {bad_lines} malformed line(s) skipped");
            return Ok(ExitCode::from(super::EXIT_ERROR));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let text = args.position.as_deref().unwrap_or_default();
    let pos = super::parse_position(text)?;
    print!("{}", render_one(&evaluator, &pos, args.top, args.json));
    Ok(ExitCode::SUCCESS)
}

fn round2(v: f32) -> f64 {
    (v as f64 * 100.0).round() / 100.0
}

/// The evaluation of one position with its `top` largest contributions.
pub fn render_one(e: &PatternEvaluator, pos: &Position, top: usize, json: bool) -> String {
    let v = e.evaluate(&pos.board);
    let contributions = e.contributions(&pos.board);
    if json {
        let list: Vec<serde_json::Value> = contributions
            .iter()
            .take(top)
            .map(|c| {
                serde_json::json!({
                    "pattern": c.family.name(),
                    "squares": c.squares.iter().map(|q| q.to_string()).collect::<Vec<_>>(),
                    "config": c.config,
                    "value": round2(c.value),
                })
            })
            .collect();
        let obj = serde_json::json!({
            "board": pos.squares_string(),
            "side": pos.side.name(),
            "empties": pos.board.empties(),
            "stage": stage(&pos.board),
            "eval": round2(v),
            "contributions": list,
        });
        return format!("{obj}\n");
    }
    let mut s = format!(
        "{}\nto move: {}; empties {}; stage {} ({} discs)\nevaluation: {:+.2} discs for {}\n\nlargest contributions (X = side to move, O = other, - = empty):\n",
        pos.to_board_string(),
        pos.side.name(),
        pos.board.empties(),
        stage(&pos.board),
        pos.board.discs(),
        v,
        pos.side.name()
    );
    for c in contributions.iter().take(top) {
        let squares = match (c.squares.first(), c.squares.last()) {
            (Some(a), Some(b)) => format!("{a}..{b}"),
            _ => String::new(),
        };
        s.push_str(&format!(
            "  {:+7.2}  {:<22} {:<7} {}\n",
            c.value,
            c.family.name(),
            squares,
            c.config
        ));
    }
    s
}
