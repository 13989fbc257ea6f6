//! The Python binding (`othello_solver._othello`): a thin layer over the
//! library. Positions are parsed, played and transformed by the library;
//! solves go through its `Engine` and come back as the library's JSON
//! record, which the Python package wraps. No rule or format is written
//! again here.

// PyO3 0.22's `#[pyfunction]`/`#[pymethods]` expansions convert each
// `PyResult` return with `.into()`: the lint fires on the macros' code.
#![allow(clippy::useless_conversion)]

use othello_solver::board::symmetry;
use othello_solver::board::Square;
use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::parse_position_text;
use othello_solver::record::Record;
use othello_solver::search::{
    default_algo, Algo, Engine, EngineConfig, Limits, Mode, ResolvedConfig,
};
use othello_solver::{Color, Position};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// An Othello position: 64 squares and the side to move.
#[pyclass(
    module = "othello_solver._othello",
    name = "Position",
    frozen,
    eq,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct PyPosition {
    black: u64,
    white: u64,
    black_to_move: bool,
}

impl PyPosition {
    fn of(p: &Position) -> PyPosition {
        PyPosition {
            black: p.black(),
            white: p.white(),
            black_to_move: p.side == Color::Black,
        }
    }

    fn position(&self) -> Position {
        let side = if self.black_to_move {
            Color::Black
        } else {
            Color::White
        };
        // Built only from valid positions: black and white never overlap.
        Position::from_colors(self.black, self.white, side).unwrap_or_default()
    }
}

fn square(text: &str) -> PyResult<Square> {
    Square::parse(text).map_err(|e| PyValueError::new_err(format!("move {text:?}: {e}")))
}

#[pymethods]
impl PyPosition {
    /// Parses any position the command line reads: 64 squares then the side
    /// to move, a move list from the start (`"f5d6c3"`), or a problem-file
    /// line. No argument: the start position.
    #[new]
    #[pyo3(signature = (text=None))]
    fn new(text: Option<&str>) -> PyResult<PyPosition> {
        match text {
            None => Ok(PyPosition::of(&Position::start())),
            Some(t) => parse_position_text(t)
                .map(|p| PyPosition::of(&p.position))
                .map_err(|e| PyValueError::new_err(format!("position {t:?}: {e}"))),
        }
    }

    /// The position from black's and white's bitboards (bit 0 = a1, bit 63
    /// = h8) and the side to move.
    #[staticmethod]
    fn from_bitboards(black: u64, white: u64, black_to_move: bool) -> PyResult<PyPosition> {
        if black & white != 0 {
            return Err(PyValueError::new_err(
                "black and white bitboards overlap (a square holds both)",
            ));
        }
        Ok(PyPosition {
            black,
            white,
            black_to_move,
        })
    }

    /// The 64 squares a1..h8 (`X` black, `O` white, `-` empty).
    #[getter]
    fn board(&self) -> String {
        self.position().squares_string()
    }

    /// The side to move: `"X"` (black) or `"O"` (white).
    #[getter]
    fn side(&self) -> String {
        self.position().side.symbol().to_string()
    }

    /// Black's bitboard.
    #[getter]
    fn black(&self) -> u64 {
        self.black
    }

    /// White's bitboard.
    #[getter]
    fn white(&self) -> u64 {
        self.white
    }

    /// Whether black is to move.
    #[getter]
    fn black_to_move(&self) -> bool {
        self.black_to_move
    }

    /// Empty squares.
    #[getter]
    fn empties(&self) -> u32 {
        self.position().board.empties()
    }

    /// The legal moves of the side to move, `["a1", …]` in square order.
    fn legal_moves(&self) -> Vec<String> {
        Square::iter_bits(self.position().board.moves())
            .map(|s| s.to_string())
            .collect()
    }

    /// The position after `move` (a square name); `ValueError` if illegal.
    fn play(&self, r#move: &str) -> PyResult<PyPosition> {
        let sq = square(r#move)?;
        self.position()
            .play(sq)
            .map(|p| PyPosition::of(&p))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "move {:?}: illegal for the side to move in {}",
                    r#move,
                    self.position().to_board_string()
                ))
            })
    }

    /// The position with the other side to move (a pass); `ValueError`
    /// when the side to move has a legal move.
    fn pass_(&self) -> PyResult<PyPosition> {
        let p = self.position();
        if p.board.moves() != 0 {
            return Err(PyValueError::new_err(
                "cannot pass: the side to move has a legal move",
            ));
        }
        Ok(PyPosition::of(&p.pass()))
    }

    /// Whether neither side can move (the game is over).
    fn is_terminal(&self) -> bool {
        let b = self.position().board;
        b.moves() == 0 && b.opponent_moves() == 0
    }

    /// The final score for the side to move (empties to the winner), when
    /// the game is over; `None` otherwise.
    fn final_score(&self) -> Option<i32> {
        self.is_terminal()
            .then(|| self.position().board.final_score())
    }

    /// The 8 symmetric positions (the identity first), as the library's
    /// board symmetries give them.
    fn symmetries(&self) -> Vec<PyPosition> {
        (0..8u8)
            .map(|s| PyPosition {
                black: symmetry::apply(s, self.black),
                white: symmetry::apply(s, self.white),
                black_to_move: self.black_to_move,
            })
            .collect()
    }

    fn __str__(&self) -> String {
        self.position().to_board_string()
    }

    fn __repr__(&self) -> String {
        format!("Position({:?})", self.position().to_board_string())
    }
}

/// What `solve` and `solve_many` are asked, checked once.
struct Question {
    mode: Mode,
    resolved: ResolvedConfig,
}

#[allow(clippy::too_many_arguments)]
fn question(
    mode: &str,
    bound: Option<i32>,
    all_best: bool,
    all_moves: bool,
    algo: Option<&str>,
    threads: usize,
    hash_mb: usize,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<Question> {
    let mode = match (mode, bound) {
        ("exact", None) => Mode::Exact,
        ("wld", None) => Mode::Wld,
        ("bound", Some(k)) if (-64..=64).contains(&k) => Mode::Bound(k),
        ("bound", _) => {
            return Err(PyValueError::new_err(
                "mode: ('bound', k) needs k from -64 to 64",
            ))
        }
        (m, _) => {
            return Err(PyValueError::new_err(format!(
                "mode: {m:?}, expected \"exact\", \"wld\" or (\"bound\", k)"
            )))
        }
    };
    let algo = match algo {
        None => default_algo(mode, all_best && !all_moves),
        Some(a) => Algo::from_name(a).ok_or_else(|| {
            let names: Vec<String> = Algo::ALL
                .iter()
                .map(|a| format!("{:?}", a.name()))
                .collect();
            PyValueError::new_err(format!("algo: {a:?}, expected one of {}", names.join(", ")))
        })?,
    };
    let time = match time_limit {
        None => None,
        Some(t) => Some(Duration::try_from_secs_f64(t).map_err(|_| {
            PyValueError::new_err(format!("time_limit: {t}: expected seconds >= 0"))
        })?),
    };
    if hash_mb == 0 {
        return Err(PyValueError::new_err("hash_mb: expected at least 1"));
    }
    let mut config = EngineConfig::new(
        algo,
        hash_mb,
        Limits {
            time,
            nodes: node_limit,
        },
    );
    config.all_best = all_best || all_moves;
    config.all_moves = all_moves;
    config.threads = threads.max(1);
    let resolved = config
        .resolve()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(Question { mode, resolved })
}

fn engine(q: &Question, stop: &Arc<AtomicBool>) -> PyResult<Engine> {
    Engine::from_resolved(q.resolved.clone().with_interrupt(Some(Arc::clone(stop))))
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

fn record_json(p: &PyPosition, engine: &mut Engine, mode: Mode) -> String {
    let pos = p.position();
    let r = engine.solve(&pos.board, mode);
    Record::new(&pos, &r).to_json().to_string()
}

/// Waits for `rx` with the GIL released, looking for Ctrl-C between waits:
/// on one, raises `stop` (the solves answer unknown at once) and returns
/// the `KeyboardInterrupt`.
fn wait<T: Send>(
    py: Python<'_>,
    rx: &Mutex<Receiver<T>>,
    stop: &AtomicBool,
) -> PyResult<Option<T>> {
    loop {
        let got = py.allow_threads(|| match rx.lock() {
            Ok(rx) => rx.recv_timeout(Duration::from_millis(50)),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        });
        match got {
            Ok(v) => return Ok(Some(v)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
    }
}

/// Solves one position; returns the JSON record. The GIL is released while
/// it runs; Ctrl-C stops it and raises `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (position, mode, bound, all_best, all_moves, algo, threads, hash_mb, time_limit, node_limit))]
#[allow(clippy::too_many_arguments)]
fn solve_json(
    py: Python<'_>,
    position: PyPosition,
    mode: &str,
    bound: Option<i32>,
    all_best: bool,
    all_moves: bool,
    algo: Option<&str>,
    threads: usize,
    hash_mb: usize,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<String> {
    let q = question(
        mode, bound, all_best, all_moves, algo, threads, hash_mb, time_limit, node_limit,
    )?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut e = engine(&q, &stop)?;
    let (tx, rx) = mpsc::channel();
    let rx = Mutex::new(rx);
    let m = q.mode;
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let _ = tx.send(record_json(&position, &mut e, m));
        });
        let r = wait(py, &rx, &stop);
        match r {
            Ok(Some(json)) => Ok(json),
            Ok(None) => Err(PyRuntimeError::new_err(
                "the solve stopped without a result",
            )),
            Err(e) => {
                // The thread ends at once: the engine saw the stop flag.
                Err(e)
            }
        }
    })
}

/// Results of many positions, in input order, solved by `jobs` threads
/// (each with its own engine) with the GIL released.
#[pyclass(module = "othello_solver._othello")]
struct SolveIter {
    rx: Mutex<Receiver<(usize, String)>>,
    stop: Arc<AtomicBool>,
    next: usize,
    total: usize,
    pending: BTreeMap<usize, String>,
    workers: Vec<std::thread::JoinHandle<()>>,
}

#[pymethods]
impl SolveIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        if self.next >= self.total {
            return Ok(None);
        }
        loop {
            if let Some(json) = self.pending.remove(&self.next) {
                self.next += 1;
                return Ok(Some(json));
            }
            match wait(py, &self.rx, &self.stop) {
                Ok(Some((i, json))) => {
                    self.pending.insert(i, json);
                }
                Ok(None) => {
                    return Err(PyRuntimeError::new_err(
                        "the solving threads stopped before every result",
                    ))
                }
                Err(e) => {
                    self.close();
                    return Err(e);
                }
            }
        }
    }

    /// Stops the solves in progress (they answer unknown) and starts no more.
    fn close(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

impl Drop for SolveIter {
    fn drop(&mut self) {
        self.close();
    }
}

/// Starts solving `positions` on `jobs` threads; returns the iterator of
/// their JSON records in input order.
#[pyfunction]
#[pyo3(signature = (positions, mode, bound, all_best, all_moves, algo, jobs, threads, hash_mb, time_limit, node_limit))]
#[allow(clippy::too_many_arguments)]
fn solve_many_json(
    positions: Vec<PyPosition>,
    mode: &str,
    bound: Option<i32>,
    all_best: bool,
    all_moves: bool,
    algo: Option<&str>,
    jobs: usize,
    threads: usize,
    hash_mb: usize,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<SolveIter> {
    let q = Arc::new(question(
        mode, bound, all_best, all_moves, algo, threads, hash_mb, time_limit, node_limit,
    )?);
    let stop = Arc::new(AtomicBool::new(false));
    let positions = Arc::new(positions);
    let taken = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel();
    let mut workers = Vec::new();
    for _ in 0..jobs.max(1).min(positions.len().max(1)) {
        let mut e = engine(&q, &stop)?;
        let (q, stop, positions, taken, tx) = (
            Arc::clone(&q),
            Arc::clone(&stop),
            Arc::clone(&positions),
            Arc::clone(&taken),
            tx.clone(),
        );
        workers.push(std::thread::spawn(move || loop {
            let i = taken.fetch_add(1, Ordering::Relaxed);
            if i >= positions.len() || stop.load(Ordering::Relaxed) {
                break;
            }
            let json = record_json(&positions[i], &mut e, q.mode);
            if tx.send((i, json)).is_err() {
                break;
            }
        }));
    }
    Ok(SolveIter {
        rx: Mutex::new(rx),
        stop,
        next: 0,
        total: positions.len(),
        pending: BTreeMap::new(),
        workers,
    })
}

/// The embedded pattern evaluation of each position: the predicted final
/// disc difference for the side to move. The GIL is released meanwhile.
#[pyfunction]
fn evaluate_many(py: Python<'_>, positions: Vec<PyPosition>) -> PyResult<Vec<f32>> {
    let e = PatternEvaluator::embedded().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.allow_threads(|| {
        positions
            .iter()
            .map(|p| e.evaluate(&p.position().board))
            .collect()
    }))
}

/// One game for Python: its id, its moves, its positions.
type GameTuple = (String, Vec<String>, Vec<PyPosition>);

/// The games of a record file (WTHOR `.wtb`, transcripts, logbook `.gam`,
/// eOthello `.csv`, optionally gzipped), read by the library: for each game
/// its id, its moves and every position from the start to its end (a
/// forced pass already applied in a position, as the library replays it).
/// `ValueError` naming the file when it cannot be read.
#[pyfunction]
fn read_games(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Vec<GameTuple>> {
    let file = py
        .allow_threads(|| othello_solver::formats::games::read_game_file(&path))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(file
        .games
        .iter()
        .map(|g| {
            (
                g.id.clone(),
                g.moves.iter().map(Square::to_string).collect(),
                g.positions().map(|(_, p)| PyPosition::of(&p)).collect(),
            )
        })
        .collect())
}

/// The module.
#[pymodule]
fn _othello(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_class::<SolveIter>()?;
    m.add_function(wrap_pyfunction!(solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many_json, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_many, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    Ok(())
}
