//! The Python binding (`othello_solver._othello`): a thin layer over the
//! library. Positions are parsed, played and transformed by the library;
//! solves go through its `Engine` and come back as the library's JSON
//! record, which the Python package wraps. No rule or format is written
//! again here.

use othello_solver::batch::{run_batch, BatchItem};
use othello_solver::board::symmetry;
use othello_solver::board::Square;
use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::{is_pass_name, parse_position_text};
use othello_solver::record::Record;
use othello_solver::search::dfpn::deep::DeepParams;
use othello_solver::search::dfpn::level2::Pn2Params;
use othello_solver::search::dfpn::DfpnOptions;
use othello_solver::search::{
    default_algo, default_table_mb, Algo, Engine, EngineConfig, EngineError, Limits, Mode,
    ResolvedConfig,
};
use othello_solver::{Color, Position};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// An Othello position: 64 squares and the side to move.
#[pyclass(
    module = "othello_solver._othello",
    name = "Position",
    frozen,
    eq,
    hash,
    from_py_object
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

/// The index of a pass among move indices (squares are 0–63).
const PASS: u8 = 64;

/// A move given as an index (0–63 a square, 64 a pass) or a name
/// (`"f5"`, `"pass"`/`"PA"`/`"PASS"`): `None` is a pass.
fn move_arg(m: &Bound<'_, PyAny>) -> PyResult<Option<Square>> {
    if let Ok(i) = m.extract::<i64>() {
        return match u8::try_from(i) {
            Ok(PASS) => Ok(None),
            Ok(i) if i < PASS => Ok(Square::new(i)),
            _ => Err(PyValueError::new_err(format!(
                "move {i}: expected an index 0-63 (a1 = 0, b1 = 1, ..., h8 = 63) or 64 (pass)"
            ))),
        };
    }
    let text: String = m.extract().map_err(|_| {
        PyValueError::new_err("move: expected an index (int) or a square name (str)")
    })?;
    if is_pass_name(&text) {
        return Ok(None);
    }
    square(&text).map(Some)
}

/// The index of a square name (`"a1"` = 0, `"b1"` = 1, ..., `"h8"` = 63;
/// `"pass"` = 64): the convention of OpenSpiel, pgx and Othello Sensei, the
/// letter the column and the digit the row.
#[pyfunction]
fn index_of(name: &str) -> PyResult<u8> {
    if is_pass_name(name) {
        return Ok(PASS);
    }
    square(name).map(|s| s.index() as u8)
}

/// The square name of a move index (0-63; 64 = `"pass"`).
#[pyfunction]
fn name_of(index: i64) -> PyResult<String> {
    match u8::try_from(index) {
        Ok(PASS) => Ok("pass".to_string()),
        Ok(i) => Square::new(i)
            .map(|s| s.to_string())
            .ok_or_else(|| PyValueError::new_err(format!("index {index}: expected 0-64"))),
        Err(_) => Err(PyValueError::new_err(format!(
            "index {index}: expected 0-64"
        ))),
    }
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

    /// The legal moves of the side to move as a 64-bit mask (bit `i`:
    /// index `i`, a1 = 0).
    #[getter]
    fn legal_mask(&self) -> u64 {
        self.position().board.moves()
    }

    /// The legal actions as a NumPy bool array of 65: indices 0-63 the
    /// squares, 64 the pass (legal only when no square is and the game is
    /// not over). Needs NumPy.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let b = self.position().board;
        let moves = b.moves();
        let mut mask: Vec<bool> = (0..64).map(|i| moves >> i & 1 != 0).collect();
        mask.push(moves == 0 && b.opponent_moves() != 0);
        let np = py.import("numpy")?;
        np.getattr("array")?.call1((mask, np.getattr("bool_")?))
    }

    /// The position after `move`: an index (0-63, 64 = pass) or a name
    /// (`"f5"`, `"pass"`); `ValueError` if illegal.
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let p = self.position();
        match move_arg(r#move)? {
            None => self.pass_(),
            Some(sq) => p.play(sq).map(|p| PyPosition::of(&p)).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "move {sq} (index {}): illegal for the side to move in {}",
                    sq.index(),
                    p.to_board_string()
                ))
            }),
        }
    }

    /// The discs `move` (an index or a name) would flip, as a 64-bit mask;
    /// `ValueError` if it is not legal.
    fn flips(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u64> {
        let b = self.position().board;
        let sq = move_arg(r#move)?
            .ok_or_else(|| PyValueError::new_err("a pass flips nothing: give a square"))?;
        if b.moves() & sq.bit() == 0 {
            return Err(PyValueError::new_err(format!(
                "move {sq}: illegal for the side to move"
            )));
        }
        Ok(b.flips(sq))
    }

    /// The position with the other side to move (a pass); `ValueError`
    /// when the side to move has a legal move or the game is over.
    fn pass_(&self) -> PyResult<PyPosition> {
        let p = self.position();
        if p.board.moves() != 0 {
            return Err(PyValueError::new_err(
                "cannot pass: the side to move has a legal move",
            ));
        }
        if p.board.opponent_moves() == 0 {
            return Err(PyValueError::new_err("cannot pass: the game is over"));
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

/// The proof-number family's knobs, from the keyword arguments of the
/// Python functions (every key present, `None` for the default).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Knobs {
    leaf_empties: Option<i64>,
    epsilon: Option<f64>,
    h_search_from: Option<i64>,
    deep_e: Option<i64>,
    deep_d: Option<i64>,
    plus_depth: bool,
    pn2_a: Option<f64>,
    pn2_b: Option<f64>,
    pn2_cap: Option<i64>,
}

/// `v` as an unsigned count, or a `ValueError` naming the knob (a
/// negative or huge Python int would otherwise be an `OverflowError`).
fn count<T: TryFrom<i64>>(name: &str, v: Option<i64>) -> PyResult<Option<T>> {
    v.map(|x| {
        T::try_from(x).map_err(|_| PyValueError::new_err(format!("{name} {x}: out of range")))
    })
    .transpose()
}

impl Knobs {
    /// df-pn's options: the library's defaults where a knob is `None`, its
    /// checks on every value given.
    fn options(&self) -> PyResult<DfpnOptions> {
        let d = DfpnOptions::default();
        let value_error = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
        let deep = DeepParams::new(
            count("deep_e", self.deep_e)?.unwrap_or(d.deep.e()),
            count("deep_d", self.deep_d)?.unwrap_or(d.deep.d()),
        )
        .map_err(|e| value_error(&e))?;
        let pn2 = Pn2Params::new(self.pn2_a, self.pn2_b, count("pn2_cap", self.pn2_cap)?)
            .map_err(|e| value_error(&e))?;
        let options = DfpnOptions {
            leaf_empties: count("leaf_empties", self.leaf_empties)?.unwrap_or(d.leaf_empties),
            epsilon: self.epsilon.unwrap_or(d.epsilon),
            h_search_from: count("h_search_from", self.h_search_from)?.unwrap_or(d.h_search_from),
            deep,
            plus_depth: self.plus_depth,
            pn2,
            ..d
        };
        options.check().map_err(|e| value_error(&e))?;
        Ok(options)
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
    knobs: &Knobs,
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
    config.dfpn = knobs.options()?;
    let resolved = config.resolve().map_err(engine_error)?;
    Ok(Question { mode, resolved })
}

/// A bad knob is the caller's `ValueError`; the rest (memory, threads, a
/// built-in file) is a `RuntimeError`.
fn engine_error(e: EngineError) -> PyErr {
    match e {
        EngineError::PlusDepth(_) | EngineError::Pn2(_) | EngineError::Options(_) => {
            PyValueError::new_err(e.to_string())
        }
        e => PyRuntimeError::new_err(e.to_string()),
    }
}

fn engine(q: &Question, stop: &Arc<AtomicBool>) -> PyResult<Engine> {
    Engine::from_resolved(q.resolved.clone().with_interrupt(Some(Arc::clone(stop))))
        .map_err(engine_error)
}

/// An engine for a thread of the batch runner (no Python there).
fn batch_engine(q: &Question, stop: &Arc<AtomicBool>) -> std::io::Result<Engine> {
    Engine::from_resolved(q.resolved.clone().with_interrupt(Some(Arc::clone(stop))))
        .map_err(std::io::Error::other)
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
        let got = py.detach(|| match rx.lock() {
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
#[pyo3(signature = (position, mode, bound, all_best, all_moves, algo, threads, hash_mb, time_limit, node_limit, knobs))]
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
    hash_mb: Option<usize>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    knobs: Knobs,
) -> PyResult<String> {
    // The library's default for a one-shot solve: a table sized by the
    // position's empties.
    let hash_mb = hash_mb.unwrap_or_else(|| default_table_mb(position.position().board.empties()));
    let q = question(
        mode, bound, all_best, all_moves, algo, threads, hash_mb, time_limit, node_limit, &knobs,
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

/// Results of many positions, in input order, solved by the library's batch
/// runner on `jobs` threads (each with its own engine) with the GIL released.
#[pyclass(module = "othello_solver._othello")]
struct SolveIter {
    rx: Mutex<Receiver<(usize, String)>>,
    stop: Arc<AtomicBool>,
    next: usize,
    total: usize,
    pending: BTreeMap<usize, String>,
    worker: Option<std::thread::JoinHandle<std::io::Result<()>>>,
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
                    let why = match self.worker.take().map(|w| w.join()) {
                        Some(Ok(Err(e))) => e.to_string(),
                        _ => "the solving threads stopped before every result".to_string(),
                    };
                    return Err(PyRuntimeError::new_err(why));
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
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

impl Drop for SolveIter {
    fn drop(&mut self) {
        self.close();
    }
}

/// The positions as the batch runner's items, identified by their index.
fn batch_items(positions: &[PyPosition]) -> Vec<BatchItem> {
    positions
        .iter()
        .enumerate()
        .map(|(i, p)| BatchItem {
            id: i.to_string(),
            position: p.position(),
            problem: None,
            known_score: None,
        })
        .collect()
}

/// Starts solving `positions` on `jobs` threads; returns the iterator of
/// their JSON records in input order.
#[pyfunction]
#[pyo3(signature = (positions, mode, bound, all_best, all_moves, algo, jobs, threads, hash_mb, time_limit, node_limit, knobs))]
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
    knobs: Knobs,
) -> PyResult<SolveIter> {
    let q = question(
        mode, bound, all_best, all_moves, algo, threads, hash_mb, time_limit, node_limit, &knobs,
    )?;
    let stop = Arc::new(AtomicBool::new(false));
    // The first engine is made here, so that a table too large for the
    // memory is an error of this call; the batch runner's first thread
    // takes it.
    let first = Mutex::new(Some(engine(&q, &stop)?));
    let items = batch_items(&positions);
    let total = items.len();
    let (tx, rx) = mpsc::channel();
    let flag = Arc::clone(&stop);
    let worker = std::thread::spawn(move || {
        let make = || match first.lock().ok().and_then(|mut e| e.take()) {
            Some(e) => Ok(e),
            None => batch_engine(&q, &flag),
        };
        run_batch(
            &items,
            jobs.max(1),
            false,
            Some(&flag),
            make,
            |e, item| e.solve(&item.position.board, q.mode),
            |r, _| {
                let i = r.id.parse::<usize>().map_err(std::io::Error::other)?;
                let json = Record::new(r.position, r.result).to_json().to_string();
                tx.send((i, json))
                    .map_err(|_| std::io::Error::other("the results' iterator is gone"))
            },
        )
        .map(|_| ())
    });
    Ok(SolveIter {
        rx: Mutex::new(rx),
        stop,
        next: 0,
        total,
        pending: BTreeMap::new(),
        worker: Some(worker),
    })
}

/// One position's answer in the array API.
struct Row {
    solved: bool,
    score: i32,
    lower: i32,
    upper: i32,
    best: u8,
    best_mask: u64,
    nodes: u64,
}

fn row(r: &othello_solver::search::SolveResult) -> Row {
    Row {
        solved: r.status == othello_solver::search::Status::Solved,
        score: r.score().unwrap_or(r.lower),
        lower: r.lower,
        upper: r.upper,
        best: r.best_moves.first().map_or(PASS, |s| s.index() as u8),
        best_mask: r.best_moves.iter().fold(0, |m, s| m | s.bit()),
        nodes: r.nodes + r.leaf_nodes,
    }
}

/// Positions from little-endian u64 bitboard bytes and one byte per side to
/// move; `ValueError` naming the first bad row.
fn positions_of(black: &[u8], white: &[u8], black_to_move: &[u8]) -> PyResult<Vec<PyPosition>> {
    let n = black_to_move.len();
    if black.len() != 8 * n || white.len() != 8 * n {
        return Err(PyValueError::new_err(format!(
            "black, white and black_to_move: {}, {} and {} entries; expected the same",
            black.len() / 8,
            white.len() / 8,
            n
        )));
    }
    let word = |b: &[u8], i: usize| -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    };
    (0..n)
        .map(|i| {
            let (b, w) = (word(black, i), word(white, i));
            if b & w != 0 {
                return Err(PyValueError::new_err(format!(
                    "position {i}: black and white bitboards overlap"
                )));
            }
            Ok(PyPosition {
                black: b,
                white: w,
                black_to_move: black_to_move[i] != 0,
            })
        })
        .collect()
}

/// The columns of the array API's answer, as little-endian bytes: solved
/// (u8), score, lower, upper (i32), best move index (u8, 64 = none), every
/// best move found (u64 mask), nodes (u64).
type Columns = (
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
);

/// Solves many positions given as arrays' bytes on `jobs` threads (the GIL
/// released, Ctrl-C polled) and returns the answer's columns, in input
/// order, without a JSON record per position.
#[pyfunction]
#[pyo3(signature = (black, white, black_to_move, mode, bound, all_best, algo, jobs, threads, hash_mb, time_limit, node_limit, knobs))]
#[allow(clippy::too_many_arguments)]
fn solve_arrays(
    py: Python<'_>,
    black: &[u8],
    white: &[u8],
    black_to_move: &[u8],
    mode: &str,
    bound: Option<i32>,
    all_best: bool,
    algo: Option<&str>,
    jobs: usize,
    threads: usize,
    hash_mb: usize,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    knobs: Knobs,
) -> PyResult<Columns> {
    let positions = positions_of(black, white, black_to_move)?;
    let n = positions.len();
    let q = question(
        mode, bound, all_best, false, algo, threads, hash_mb, time_limit, node_limit, &knobs,
    )?;
    // The library's batch runner: its scheduling (contiguous runs of
    // positions per thread, so that positions of one game share a table)
    // and its engines per thread.
    let items = batch_items(&positions);
    let stop = Arc::new(AtomicBool::new(false));
    let mut rows: Vec<Option<Row>> = (0..n).map(|_| None).collect();
    let (ran, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                run_batch(
                    &items,
                    jobs.max(1),
                    false,
                    Some(&stop),
                    || batch_engine(&q, &stop),
                    |e, item| e.solve(&item.position.board, q.mode),
                    |r, _| {
                        if let Some(slot) = r.id.parse::<usize>().ok().and_then(|i| rows.get_mut(i))
                        {
                            *slot = Some(row(r.result));
                        }
                        Ok(())
                    },
                )
            });
            let mut interrupted = None;
            // Short waits first, so that small calls return at once.
            let mut pause = Duration::from_micros(100);
            while !worker.is_finished() {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
                if interrupted.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        stop.store(true, Ordering::Relaxed);
                        interrupted = Some(e);
                    }
                }
            }
            (worker.join(), interrupted)
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    match ran {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => return Err(PyRuntimeError::new_err(e.to_string())),
        Err(_) => return Err(PyRuntimeError::new_err("a solving thread failed")),
    }
    if rows.iter().any(Option::is_none) {
        return Err(PyRuntimeError::new_err(
            "the solving threads stopped before every result",
        ));
    }
    let mut c: Columns = Default::default();
    for r in rows.into_iter().flatten() {
        c.0.push(u8::from(r.solved));
        c.1.extend_from_slice(&r.score.to_le_bytes());
        c.2.extend_from_slice(&r.lower.to_le_bytes());
        c.3.extend_from_slice(&r.upper.to_le_bytes());
        c.4.push(r.best);
        c.5.extend_from_slice(&r.best_mask.to_le_bytes());
        c.6.extend_from_slice(&r.nodes.to_le_bytes());
    }
    Ok(c)
}

/// The evaluation of positions given as arrays' bytes (as
/// [`solve_arrays`]), as little-endian f32 bytes; the GIL released.
#[pyfunction]
fn evaluate_arrays(
    py: Python<'_>,
    black: &[u8],
    white: &[u8],
    black_to_move: &[u8],
) -> PyResult<Vec<u8>> {
    let positions = positions_of(black, white, black_to_move)?;
    let e = PatternEvaluator::embedded().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.detach(|| {
        positions
            .iter()
            .flat_map(|p| e.evaluate(&p.position().board).to_le_bytes())
            .collect()
    }))
}

/// An engine kept between calls (its tables stay): the midgame search and
/// the exact solver's best move, for game-playing loops such as the
/// Gymnasium environment's opponents.
#[pyclass(module = "othello_solver._othello", name = "Engine")]
struct PyEngine {
    engine: Mutex<Engine>,
}

#[pymethods]
impl PyEngine {
    /// An engine with a table of `hash_mb` MiB.
    #[new]
    #[pyo3(signature = (hash_mb=64))]
    fn new(hash_mb: usize) -> PyResult<PyEngine> {
        if hash_mb == 0 {
            return Err(PyValueError::new_err("hash_mb: expected at least 1"));
        }
        let e = Engine::new(EngineConfig::new(
            Algo::Alphabeta,
            hash_mb,
            Limits::default(),
        ))
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(PyEngine {
            engine: Mutex::new(e),
        })
    }

    /// The midgame search's answer: `(move index, value, precision)`, the
    /// move 64 when the side to move must pass or the game is over, the
    /// value in discs for the side to move, the precision `"12@95%"` or
    /// `"100%"`. `exact_empties`: solve exactly from that many empties
    /// (default: twice the depth, at most 24). The GIL is released.
    #[pyo3(signature = (position, depth=12, confidence=othello_solver::search::midgame::DEFAULT_CONFIDENCE, exact_empties=None))]
    fn think(
        &self,
        py: Python<'_>,
        position: PyPosition,
        depth: u32,
        confidence: u32,
        exact_empties: Option<u32>,
    ) -> PyResult<(u8, f32, String)> {
        let options = othello_solver::search::midgame::ThinkOptions {
            depth: Some(depth),
            confidence,
            exact_empties,
            ..Default::default()
        };
        let board = position.position().board;
        let t = py
            .detach(|| match self.engine.lock() {
                Ok(mut e) => Ok(e.think(&board, &options)),
                Err(_) => Err("the engine failed in an earlier call"),
            })
            .map_err(PyRuntimeError::new_err)?
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((
            t.best().map_or(PASS, |s| s.index() as u8),
            t.value,
            t.precision.to_string(),
        ))
    }

    /// The exact solver's answer: `(move index, score)` (64 when the side
    /// to move must pass or the game is over). The GIL is released.
    fn solve(&self, py: Python<'_>, position: PyPosition) -> PyResult<(u8, i32)> {
        let board = position.position().board;
        let r = py
            .detach(|| match self.engine.lock() {
                Ok(mut e) => Ok(e.solve(&board, Mode::Exact)),
                Err(_) => Err("the engine failed in an earlier call"),
            })
            .map_err(PyRuntimeError::new_err)?;
        Ok((
            r.best_moves.first().map_or(PASS, |s| s.index() as u8),
            r.score().unwrap_or(r.lower),
        ))
    }
}

/// The embedded pattern evaluation of each position: the predicted final
/// disc difference for the side to move. The GIL is released meanwhile.
#[pyfunction]
fn evaluate_many(py: Python<'_>, positions: Vec<PyPosition>) -> PyResult<Vec<f32>> {
    let e = PatternEvaluator::embedded().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.detach(|| {
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
        .detach(|| othello_solver::formats::games::read_game_file(&path))
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
    m.add_function(wrap_pyfunction!(index_of, m)?)?;
    m.add_function(wrap_pyfunction!(solve_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_arrays, m)?)?;
    m.add_class::<PyEngine>()?;
    m.add_function(wrap_pyfunction!(name_of, m)?)?;
    Ok(())
}
