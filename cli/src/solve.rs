//! `othello-solver solve POSITION`: exact score, win/draw/loss or one bound,
//! with a best move (every best move with `--all-best`), the principal
//! variation, nodes and speed.

use super::options::SearchArgs;
use super::render::{render, render_scores, use_colour, write_svg};
use othello_solver::board::{Color, Square};
use othello_solver::picture::board_svg;
use othello_solver::record::{EstimateRecord, Record};
use othello_solver::search::progress::{Progress, Snapshot};
use othello_solver::search::{
    default_table_mb, Engine, Limits, Mode, SolveResult, Status, ThinkOptions, Thought,
};
use othello_solver::Position;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// 64 squares a1..h8 (X/* black, O white, -/. empty) then the side to
    /// move (X/O/B/W), or a move list from the start such as f5d6c3d3c4.
    /// A board may begin with `-` (empty squares).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// Also write the board as an SVG picture to FILE (with --all-moves,
    /// each move's value in its square, the best marked).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// When a limit leaves the answer unknown, also give the midgame
    /// search's best move and value, labelled as an estimate with its
    /// depth@confidence (never as a result).
    #[arg(long)]
    pub estimate: bool,
    /// Seconds the estimate may take.
    #[arg(long, value_name = "S", default_value_t = 2.0, requires = "estimate",
          value_parser = parse_estimate_time)]
    pub estimate_time: f64,
}

fn parse_estimate_time(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => Ok(t),
        _ => Err(format!(
            "expected seconds, more than 0 and at most 86400, found {s:?}"
        )),
    }
}

/// Above this many empties a solve without a limit gets a warning.
pub const LONG_SOLVE_EMPTIES: u32 = 36;

/// Solves the position and prints the report (text or JSON). On a terminal
/// (stderr), a status line shows the progress while it runs.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = super::parse_position(&args.position)?;
    let stop = super::interrupt::install();
    let config = args
        .search
        .engine_config(default_table_mb(pos.board.empties()))?
        .with_interrupt(Some(Arc::clone(&stop)));
    let mut engine = Engine::from_resolved(config)?;
    if let Some(w) = long_solve_warning(&pos, &args.search) {
        eprintln!("{w}");
    }
    let live = !args.json && std::io::stderr().is_terminal();
    let ticker = live.then(|| {
        let progress = Arc::new(Progress::new());
        engine.set_progress(Some(Arc::clone(&progress)));
        Ticker::start(progress, pos)
    });
    let result = engine.solve(&pos.board, args.search.mode());
    if let Some(t) = ticker {
        t.stop();
    }
    // A Ctrl-C that came after the answer was complete changes nothing.
    let interrupted = result.status == Status::Unknown && super::interrupt::is_set(&stop);
    let estimate = if args.estimate && result.status == Status::Unknown && !interrupted {
        let options = ThinkOptions {
            limits: Limits {
                time: Some(Duration::from_secs_f64(args.estimate_time)),
                nodes: None,
            },
            // The exact solve has just failed: the midgame search only.
            exact_empties: Some(0),
            ..ThinkOptions::default()
        };
        Some(engine.think(&pos.board, &options)?)
    } else {
        None
    };
    if args.json {
        let mut record = Record::new(&pos, &result);
        record.estimate = estimate.as_ref().map(EstimateRecord::new);
        println!("{}", record.to_json());
    } else {
        print!("{}", report(&pos, &result, interrupted, use_colour()));
        if let Some(t) = &estimate {
            print!("{}", estimate_text(&pos, t));
        }
    }
    if let Some(path) = &args.svg {
        write_svg(path, &board_svg(&pos, &result.moves))?;
    }
    Ok(if interrupted {
        ExitCode::from(super::interrupt::EXIT_INTERRUPTED)
    } else if result.status == Status::Unknown {
        ExitCode::from(super::EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    })
}

/// The estimate's lines: `estimate (not proven): +2.50 for black with d3
/// (14@95%)`, its line and its cost.
pub fn estimate_text(pos: &Position, t: &Thought) -> String {
    let side = pos.side.name();
    let mv = t
        .best()
        .map_or_else(|| "no move".to_string(), |s| s.to_string());
    let mut s = format!(
        "estimate (not proven): {:+.2} for {side} with {mv} ({})\n",
        t.value, t.precision
    );
    if !t.pv.is_empty() {
        s.push_str(&format!("estimate line: {}\n", pv_text(pos, &t.pv)));
    }
    s.push_str(&format!(
        "estimate nodes: {}, time: {:.3} s\n",
        t.nodes, t.time_s
    ));
    s
}

/// The text report: diagram (with every move's value when they were asked
/// for, coloured when `colour`), question, result, best moves, PV, counters.
/// `interrupted`: an unknown result is Ctrl-C's, not a limit's.
pub fn report(pos: &Position, r: &SolveResult, interrupted: bool, colour: bool) -> String {
    let mut s = if r.moves.is_empty() {
        render(pos)
    } else {
        render_scores(pos, &r.moves, colour)
    };
    let question = match r.mode {
        Mode::Exact => "exact score".to_string(),
        Mode::Wld => "win/draw/loss".to_string(),
        Mode::Bound(k) => format!("is the score >= {k:+}?"),
    };
    s.push_str(&format!("algorithm: {}, question: {question}\n", r.algo));
    let side = pos.side.name();
    let outcome = match (r.status, r.mode) {
        (Status::Unknown, _) => format!(
            "unknown ({}); proven {:+} <= score <= {:+}",
            if interrupted {
                "interrupted"
            } else {
                "a limit was hit"
            },
            r.lower,
            r.upper
        ),
        (Status::Solved, Mode::Bound(k)) => match r.bound_holds() {
            Some(true) => format!("yes: score >= {k:+} for {side} (proven >= {:+})", r.lower),
            _ => format!("no: score < {k:+} for {side} (proven <= {:+})", r.upper),
        },
        (Status::Solved, Mode::Wld) => match r.wld() {
            Some(w) => format!("{} {w}", side),
            None => "undecided".to_string(),
        },
        (Status::Solved, Mode::Exact) => match (r.score(), r.wld()) {
            (Some(v), Some(w)) => format!("{v:+} ({side} {w})"),
            _ => "undecided".to_string(),
        },
    };
    s.push_str(&format!("result: {outcome}\n"));
    if r.status == Status::Solved {
        let best: Vec<String> = r.best_moves.iter().map(Square::to_string).collect();
        let best = if !best.is_empty() {
            best.join(" ")
        } else if pos.board.moves() != 0 {
            // A bound (or win/draw/loss) proof need not single out the moves.
            "not determined by this question (ask --exact for a best move, or --all-best for every one)".to_string()
        } else if pos.board.opponent_moves() != 0 {
            "none: the side to move must pass".to_string()
        } else {
            "none: the game is over".to_string()
        };
        let label = if r.all_best {
            "best moves"
        } else {
            "best move"
        };
        s.push_str(&format!("{label}: {best}\n"));
        if !r.pv.is_empty() {
            s.push_str(&format!("pv: {}\n", pv_text(pos, &r.pv)));
        }
    }
    s.push_str(&format!(
        "nodes: {}, time: {:.3} s, {:.2} M nodes/s\n",
        r.nodes + r.leaf_nodes,
        r.time_s,
        r.nodes_per_second() / 1e6
    ));
    if let Some(t) = &r.table {
        s.push_str(&format!(
            "df-pn nodes: {}, leaf-solver nodes: {}\ntable: {} probes, {} hits, {} stores, {} replacements, {} collections, {}/{} entries in use\n",
            r.nodes, r.leaf_nodes, t.probes, t.hits, t.stores, t.replacements, t.collections, t.entries, t.capacity
        ));
    }
    s
}

/// The PV with game move numbers (discs on the board − 4 + 1 for the first
/// move) and the colour of each mover: `31.X:a2 32.O:b1 O:pass 33.X:c1`.
fn pv_text(pos: &Position, pv: &[Option<Square>]) -> String {
    let mut number = pos.board.discs() as i32 - 3;
    let mut side = pos.side;
    let mut parts = Vec::new();
    for m in pv {
        let c = match side {
            Color::Black => 'X',
            Color::White => 'O',
        };
        match m {
            Some(sq) => {
                parts.push(format!("{number}.{c}:{sq}"));
                number += 1;
            }
            None => parts.push(format!("{c}:pass")),
        }
        side = side.opponent();
    }
    parts.join(" ")
}

/// The warning for a solve that may not end in any reasonable time: many
/// empties and no limit.
pub fn long_solve_warning(pos: &Position, search: &SearchArgs) -> Option<String> {
    let empties = pos.board.empties();
    let limited = search.time_limit.is_some() || search.node_limit.is_some();
    (empties > LONG_SOLVE_EMPTIES && !limited).then(|| {
        format!(
            "warning: {empties} empties and no limit: this solve may take a very long time \
             (hours, or far longer). Set a limit with --time-limit SECS or --node-limit N: \
             when it is hit the answer is unknown, with the bounds proven so far."
        )
    })
}

/// The status line: elapsed time, nodes, nodes/s, the proven interval and
/// the best line known (the current best move first).
pub fn status_line(pos: &Position, s: &Snapshot, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let interval = if s.lower == s.upper {
        format!("score {:+}", s.lower)
    } else {
        format!("score in [{:+}, {:+}]", s.lower, s.upper)
    };
    let mut text = format!(
        "{secs:.0} s, {:.1} M nodes, {:.2} M nodes/s, {interval}",
        s.nodes as f64 / 1e6,
        s.nodes as f64 / secs.max(1e-9) / 1e6,
    );
    if !s.line.is_empty() {
        let shown: Vec<Option<Square>> = s.line.iter().take(8).copied().collect();
        text.push_str(&format!(", best {}", pv_text(pos, &shown)));
        if s.line.len() > shown.len() {
            text.push_str(" …");
        }
    }
    text
}

/// A thread redrawing the status line on stderr every second.
struct Ticker {
    stop: Arc<AtomicBool>,
    handle: std::thread::JoinHandle<()>,
}

impl Ticker {
    fn start(progress: Arc<Progress>, pos: Position) -> Ticker {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let start = Instant::now();
            let mut next = Duration::from_secs(1);
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
                if start.elapsed() >= next {
                    next += Duration::from_secs(1);
                    let line = status_line(&pos, &progress.snapshot(), start.elapsed());
                    let mut err = std::io::stderr().lock();
                    let _ = write!(err, "\r\x1b[2K{line}");
                    let _ = err.flush();
                }
            }
            // Leave the terminal as it was: clear the status line.
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        });
        Ticker { stop, handle }
    }

    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.handle.join();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_line_shows_time_nodes_interval_and_line() {
        let pos = super::super::parse_position("f5d6c3d3c4").unwrap_or_default();
        let snap = Snapshot {
            nodes: 12_500_000,
            lower: -4,
            upper: 8,
            line: vec![Square::parse("f4").ok(), Square::parse("f3").ok()],
        };
        let text = status_line(&pos, &snap, Duration::from_secs(5));
        assert_eq!(
            text,
            "5 s, 12.5 M nodes, 2.50 M nodes/s, score in [-4, +8], best 6.O:f4 7.X:f3"
        );
        let done = Snapshot {
            lower: 2,
            upper: 2,
            line: Vec::new(),
            ..snap
        };
        assert!(status_line(&pos, &done, Duration::from_secs(5)).ends_with("score +2"));
    }
}
