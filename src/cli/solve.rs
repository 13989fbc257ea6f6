//! `othello-solver solve POSITION`: exact score, win/draw/loss or one bound,
//! with a best move (every best move with `--all-best`), the principal
//! variation, nodes and speed.

use super::options::SearchArgs;
use super::show::render;
use othello_solver::board::{Color, Square};
use othello_solver::search::{Engine, Mode, SolveResult, Status};
use othello_solver::Position;
use std::process::ExitCode;

/// Table size of `solve` when `--hash-mb` is not given.
pub const DEFAULT_HASH_MB: usize = 256;

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
}

/// Solves the position and prints the report (text or JSON).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = super::parse_position(&args.position)?;
    let mut engine = Engine::new(args.search.engine_config(DEFAULT_HASH_MB)?);
    let result = engine.solve(&pos.board, args.search.mode());
    if args.json {
        println!("{}", result.to_json(&pos));
    } else {
        print!("{}", report(&pos, &result));
    }
    Ok(if result.status == Status::Unknown {
        ExitCode::from(super::EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    })
}

/// The text report: diagram, question, result, best moves, PV, counters.
pub fn report(pos: &Position, r: &SolveResult) -> String {
    let mut s = render(pos);
    let question = match r.mode {
        Mode::Exact => "exact score".to_string(),
        Mode::Wld => "win/draw/loss".to_string(),
        Mode::Bound(k) => format!("is the score >= {k:+}?"),
    };
    s.push_str(&format!("algorithm: {}, question: {question}\n", r.algo));
    let side = pos.side.name();
    let outcome = match (r.status, r.mode) {
        (Status::Unknown, _) => format!(
            "unknown (a limit was hit); proven {:+} <= score <= {:+}",
            r.lower, r.upper
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
        let best = if best.is_empty() {
            "none (pass or game over)".to_string()
        } else {
            best.join(" ")
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
