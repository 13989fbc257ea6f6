//! othello-solver's C interface: an opaque engine handle that solves
//! positions (exact, win/draw/loss or a bound, with limits), values every
//! move, and can be stopped from another thread; positions as two
//! bitboards and the side to move, or as the text the command line reads.
//!
//! Every function returns `OS_OK` or an error code, with the message from
//! `os_last_error`; none panics across the boundary. Squares are indices
//! 0–63 (a1 = 0, b1 = 1, …, h8 = 63; `index = file + 8 · rank`), and 64 is
//! a pass. Scores are final disc differences for the side to move.
//!
//! One engine serves one thread at a time: calls on one engine from two
//! threads wait for each other, except `os_engine_stop`, which is meant to
//! be called from another thread. Engines share nothing, so threads with
//! an engine each run in parallel. The header, `include/othello_solver.h`,
//! is generated from this file by cbindgen (`tests/header.rs`).

mod error;

pub use error::{
    OS_ERROR_ARGUMENT, OS_ERROR_BUFFER, OS_ERROR_ILLEGAL_MOVE, OS_ERROR_INTERNAL, OS_ERROR_MEMORY,
    OS_ERROR_NULL, OS_ERROR_POSITION, OS_OK,
};

use error::{arg, guard, out, put, Fail};
use othello_solver::formats::parse_position_text;
use othello_solver::search::{Algo, Engine, EngineConfig, Limits, Mode, SolveResult, Status};
use othello_solver::{Color, Position, Square};
use std::ffi::{c_char, CStr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Black, in `OsPosition.side`.
pub const OS_BLACK: i32 = 0;
/// White, in `OsPosition.side`.
pub const OS_WHITE: i32 = 1;
/// The square index of a pass.
pub const OS_PASS: i32 = 64;

/// The exact score (`OsQuestion.mode`; 0, so a zeroed question asks it).
pub const OS_MODE_EXACT: i32 = 0;
/// Win, draw or loss only.
pub const OS_MODE_WLD: i32 = 1;
/// Whether the score is at least `OsQuestion.bound`.
pub const OS_MODE_BOUND: i32 = 2;

/// Answered (`OsResult.status`).
pub const OS_SOLVED: i32 = 0;
/// A time or node limit stopped the search; the bounds hold what was proven.
pub const OS_UNKNOWN: i32 = 1;
/// `os_engine_stop` stopped the search; the bounds hold what was proven.
pub const OS_STOPPED: i32 = 2;

/// The most principal-variation entries an `OsResult` holds.
pub const OS_MAX_PV: usize = 128;

/// A position: black's and white's discs (bit `i` is square `i`) and the
/// side to move (`OS_BLACK` or `OS_WHITE`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OsPosition {
    /// Black's discs.
    pub black: u64,
    /// White's discs.
    pub white: u64,
    /// The side to move.
    pub side: i32,
}

/// What to ask about a position. All zero: the exact score, one best move,
/// no limits.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OsQuestion {
    /// `OS_MODE_EXACT`, `OS_MODE_WLD` or `OS_MODE_BOUND`.
    pub mode: i32,
    /// With `OS_MODE_BOUND`: is the score at least this (−64 to 64)?
    pub bound: i32,
    /// Non-zero: list every best move, not one.
    pub all_best: i32,
    /// Non-zero: value every legal move (`OsResult.moves`).
    pub all_moves: i32,
    /// Wall-clock seconds (0: none).
    pub time_limit_s: f64,
    /// Nodes (0: none).
    pub node_limit: u64,
}

/// One move's proven bounds.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OsMoveValue {
    /// The move's square index.
    pub square: i32,
    /// Proven lower bound on its score.
    pub lower: i32,
    /// Proven upper bound on its score (equal to `lower` when exact).
    pub upper: i32,
}

/// The answer of `os_solve`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OsResult {
    /// `OS_SOLVED`, `OS_UNKNOWN` or `OS_STOPPED`.
    pub status: i32,
    /// The exact score when solved in `OS_MODE_EXACT`; otherwise `lower`.
    pub score: i32,
    /// Proven lower bound on the score (−64 when nothing is proven).
    pub lower: i32,
    /// Proven upper bound on the score (64 when nothing is proven).
    pub upper: i32,
    /// How many of `best_moves` are set.
    pub best_move_count: u32,
    /// The best moves (one, or every one with `all_best`); none when the
    /// side to move must pass or the game is over.
    pub best_moves: [i32; 64],
    /// How many of `pv` are set.
    pub pv_length: u32,
    /// A principal variation (`OS_PASS` for a pass), at most `OS_MAX_PV`.
    pub pv: [i32; OS_MAX_PV],
    /// How many of `moves` are set (with `all_moves`).
    pub move_count: u32,
    /// Every legal move's value, best first (with `all_moves`).
    pub moves: [OsMoveValue; 64],
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub time_s: f64,
}

/// An engine: its tables, kept between solves, and its stop flag.
pub struct OsEngine {
    stop: Arc<AtomicBool>,
    engine: Mutex<Engine>,
}

/// The library's version, e.g. `"0.1.0"` (a static string).
#[no_mangle]
pub extern "C" fn os_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The message of this thread's last failed call (`""` after a success),
/// valid until this thread's next call into the library.
#[no_mangle]
pub extern "C" fn os_last_error() -> *const c_char {
    error::last_error()
}

/// Makes an engine with a table of `hash_mb` MiB (1 to 1,048,576) and
/// `threads` search threads (1 to 256) into `*engine`. Free it with
/// `os_engine_free`.
///
/// # Safety
/// `engine` must be null or point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn os_engine_new(
    hash_mb: usize,
    threads: u32,
    engine: *mut *mut OsEngine,
) -> i32 {
    guard(|| {
        let target = out(engine, "engine")?;
        if !(1..=1 << 20).contains(&hash_mb) {
            return Err(Fail::new(
                OS_ERROR_ARGUMENT,
                format!("hash_mb {hash_mb}: expected 1 to 1048576"),
            ));
        }
        if !(1..=256).contains(&threads) {
            return Err(Fail::new(
                OS_ERROR_ARGUMENT,
                format!("threads {threads}: expected 1 to 256"),
            ));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut config = EngineConfig::new(Algo::Alphabeta, hash_mb, Limits::default());
        config.threads = threads as usize;
        config.interrupt = Some(Arc::clone(&stop));
        let inner = Engine::new(config).map_err(|e| Fail::new(OS_ERROR_MEMORY, e.to_string()))?;
        let handle = Box::new(OsEngine {
            stop,
            engine: Mutex::new(inner),
        });
        // SAFETY: `target` was checked for null; the caller promises it is
        // writable.
        unsafe { put(target, Box::into_raw(handle)) };
        Ok(())
    })
}

/// Frees an engine from `os_engine_new` (null: nothing). No call on it may
/// be running or follow.
///
/// # Safety
/// `engine` must be null or a pointer from `os_engine_new` not yet freed.
#[no_mangle]
pub unsafe extern "C" fn os_engine_free(engine: *mut OsEngine) {
    if !engine.is_null() {
        // SAFETY: the caller promises it came from `os_engine_new` (a Box)
        // and is freed once.
        drop(unsafe { Box::from_raw(engine) });
    }
}

/// Stops the solve running on `engine` as soon as it can (from any
/// thread); that solve returns `OS_STOPPED` with what it proved. A solve
/// started later runs normally.
///
/// # Safety
/// `engine` must be null or a live pointer from `os_engine_new`.
#[no_mangle]
pub unsafe extern "C" fn os_engine_stop(engine: *const OsEngine) -> i32 {
    guard(|| {
        // SAFETY: the caller promises a live engine or null.
        let e = unsafe { arg(engine, "engine") }?;
        e.stop.store(true, Ordering::SeqCst);
        Ok(())
    })
}

/// Answers `question` about `position` into `*result`.
///
/// # Safety
/// `engine` must be null or live; `position` and `question` null or valid;
/// `result` null or writable.
#[no_mangle]
pub unsafe extern "C" fn os_solve(
    engine: *const OsEngine,
    position: *const OsPosition,
    question: *const OsQuestion,
    result: *mut OsResult,
) -> i32 {
    guard(|| {
        // SAFETY: the caller promises each pointer is null or valid.
        let (e, p, q) = unsafe {
            (
                arg(engine, "engine")?,
                arg(position, "position")?,
                arg(question, "question")?,
            )
        };
        let target = out(result, "result")?;
        let pos = position_of(p)?;
        let (mode, limits) = question_of(q)?;
        let mut inner = e
            .engine
            .lock()
            .map_err(|_| Fail::new(OS_ERROR_INTERNAL, "the engine failed in an earlier call"))?;
        inner.set_limits(limits);
        inner.set_all_best(q.all_best != 0);
        inner.set_all_moves(q.all_moves != 0);
        e.stop.store(false, Ordering::SeqCst);
        let r = inner.solve(&pos.board, mode);
        let stopped = e.stop.swap(false, Ordering::SeqCst);
        // SAFETY: `target` was checked for null; the caller promises it is
        // writable.
        unsafe { put(target, result_of(&r, mode, stopped)) };
        Ok(())
    })
}

/// The pattern evaluation of `position` into `*value`: the predicted final
/// disc difference for the side to move.
///
/// # Safety
/// `position` must be null or valid; `value` null or writable.
#[no_mangle]
pub unsafe extern "C" fn os_evaluate(position: *const OsPosition, value: *mut f64) -> i32 {
    guard(|| {
        // SAFETY: the caller promises the pointer is null or valid.
        let p = unsafe { arg(position, "position") }?;
        let target = out(value, "value")?;
        let pos = position_of(p)?;
        let eval = othello_solver::eval::PatternEvaluator::embedded()
            .map_err(|e| Fail::new(OS_ERROR_INTERNAL, e.to_string()))?;
        // SAFETY: checked for null; the caller promises it is writable.
        unsafe { put(target, f64::from(eval.evaluate(&pos.board))) };
        Ok(())
    })
}

/// Reads a position from NUL-terminated text in any form the command line
/// reads: 64 board characters and the side to move (`X`/`O`), a move list
/// from the start (`f5d6c3`, `F5-D6`, `1. f5 d6`), or a problem-file line
/// (`BOARD X; G8:+18`).
///
/// # Safety
/// `text` must be null or a NUL-terminated string; `position` null or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn os_position_parse(text: *const c_char, position: *mut OsPosition) -> i32 {
    guard(|| {
        if text.is_null() {
            return Err(Fail::new(OS_ERROR_NULL, "text is null"));
        }
        let target = out(position, "position")?;
        // SAFETY: non-null, and the caller promises a NUL-terminated string.
        let bytes = unsafe { CStr::from_ptr(text) };
        let s = bytes
            .to_str()
            .map_err(|_| Fail::new(OS_ERROR_POSITION, "the text is not UTF-8"))?;
        let parsed = parse_position_text(s)
            .map_err(|e| Fail::new(OS_ERROR_POSITION, format!("position {s:?}: {e}")))?;
        // SAFETY: checked for null; the caller promises it is writable.
        unsafe { put(target, os_position(&parsed.position)) };
        Ok(())
    })
}

/// The start position into `*position`.
///
/// # Safety
/// `position` must be null or writable.
#[no_mangle]
pub unsafe extern "C" fn os_position_start(position: *mut OsPosition) -> i32 {
    guard(|| {
        let target = out(position, "position")?;
        // SAFETY: checked for null; the caller promises it is writable.
        unsafe { put(target, os_position(&Position::start())) };
        Ok(())
    })
}

/// The side to move's legal moves into `*mask` (bit `i`: square `i`; 0 when
/// it must pass or the game is over).
///
/// # Safety
/// `position` must be null or valid; `mask` null or writable.
#[no_mangle]
pub unsafe extern "C" fn os_position_legal_moves(
    position: *const OsPosition,
    mask: *mut u64,
) -> i32 {
    guard(|| {
        // SAFETY: the caller promises the pointer is null or valid.
        let p = unsafe { arg(position, "position") }?;
        let target = out(mask, "mask")?;
        let pos = position_of(p)?;
        // SAFETY: checked for null; the caller promises it is writable.
        unsafe { put(target, pos.board.moves()) };
        Ok(())
    })
}

/// Plays `square` (0–63, or `OS_PASS` when the side to move has no move
/// and the game is not over) from `*position` into `*next` (which may be
/// `position` itself).
///
/// # Safety
/// `position` must be null or valid; `next` null or writable.
#[no_mangle]
pub unsafe extern "C" fn os_position_play(
    position: *const OsPosition,
    square: i32,
    next: *mut OsPosition,
) -> i32 {
    guard(|| {
        // SAFETY: the caller promises the pointer is null or valid.
        let p = *unsafe { arg(position, "position") }?;
        let target = out(next, "next")?;
        let pos = position_of(&p)?;
        let played = if square == OS_PASS {
            if pos.board.moves() != 0 || pos.board.opponent_moves() == 0 {
                return Err(Fail::new(
                    OS_ERROR_ILLEGAL_MOVE,
                    "pass: only legal when the side to move has no move and the other side has",
                ));
            }
            pos.pass()
        } else {
            let sq = u8::try_from(square)
                .ok()
                .and_then(Square::new)
                .ok_or_else(|| {
                    Fail::new(
                        OS_ERROR_ARGUMENT,
                        format!("square {square}: expected 0 to 63 or 64 (pass)"),
                    )
                })?;
            pos.play(sq).ok_or_else(|| {
                Fail::new(
                    OS_ERROR_ILLEGAL_MOVE,
                    format!("{sq} (square {square}) is not legal here"),
                )
            })?
        };
        // SAFETY: checked for null; the caller promises it is writable.
        unsafe { put(target, os_position(&played)) };
        Ok(())
    })
}

/// Writes `position` as text (64 board characters, a space, the side to
/// move: 66 characters and the NUL) into `buffer` of `size` bytes.
///
/// # Safety
/// `position` must be null or valid; `buffer` null or writable for `size`
/// bytes.
#[no_mangle]
pub unsafe extern "C" fn os_position_to_text(
    position: *const OsPosition,
    buffer: *mut c_char,
    size: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller promises the pointer is null or valid.
        let p = unsafe { arg(position, "position") }?;
        let target = out(buffer, "buffer")?;
        let text = position_of(p)?.to_board_string();
        if size < text.len() + 1 {
            return Err(Fail::new(
                OS_ERROR_BUFFER,
                format!("buffer of {size} bytes: the text needs {}", text.len() + 1),
            ));
        }
        // SAFETY: `target` is non-null and the caller promises `size`
        // writable bytes; we write `text.len() + 1 <= size` of them.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), target, text.len());
            target.add(text.len()).write(0);
        }
        Ok(())
    })
}

/// The library's position from the C one, or `OS_ERROR_POSITION`.
fn position_of(p: &OsPosition) -> Result<Position, Fail> {
    let side = match p.side {
        OS_BLACK => Color::Black,
        OS_WHITE => Color::White,
        other => {
            return Err(Fail::new(
                OS_ERROR_POSITION,
                format!("side {other}: expected OS_BLACK (0) or OS_WHITE (1)"),
            ))
        }
    };
    Position::from_colors(p.black, p.white, side).ok_or_else(|| {
        Fail::new(
            OS_ERROR_POSITION,
            format!(
                "black and white both have discs on squares {:#018x}",
                p.black & p.white
            ),
        )
    })
}

fn os_position(p: &Position) -> OsPosition {
    OsPosition {
        black: p.black(),
        white: p.white(),
        side: match p.side {
            Color::Black => OS_BLACK,
            Color::White => OS_WHITE,
        },
    }
}

/// The question's mode and limits, or `OS_ERROR_ARGUMENT`.
fn question_of(q: &OsQuestion) -> Result<(Mode, Limits), Fail> {
    let mode = match q.mode {
        OS_MODE_EXACT => Mode::Exact,
        OS_MODE_WLD => Mode::Wld,
        OS_MODE_BOUND if (-64..=64).contains(&q.bound) => Mode::Bound(q.bound),
        OS_MODE_BOUND => {
            return Err(Fail::new(
                OS_ERROR_ARGUMENT,
                format!("bound {}: expected -64 to 64", q.bound),
            ))
        }
        other => {
            return Err(Fail::new(
                OS_ERROR_ARGUMENT,
                format!("mode {other}: expected OS_MODE_EXACT, OS_MODE_WLD or OS_MODE_BOUND"),
            ))
        }
    };
    let time = match q.time_limit_s {
        0.0 => None,
        t if t.is_finite() && t > 0.0 && t < 1e9 => Some(Duration::from_secs_f64(t)),
        t => {
            return Err(Fail::new(
                OS_ERROR_ARGUMENT,
                format!("time_limit_s {t}: expected 0 (none) or a positive number of seconds"),
            ))
        }
    };
    let nodes = (q.node_limit != 0).then_some(q.node_limit);
    Ok((mode, Limits { time, nodes }))
}

fn square_index(sq: Option<Square>) -> i32 {
    sq.map_or(OS_PASS, |s| s.index() as i32)
}

fn result_of(r: &SolveResult, mode: Mode, stopped: bool) -> OsResult {
    let mut out = OsResult {
        status: match r.status {
            Status::Solved => OS_SOLVED,
            Status::Unknown if stopped => OS_STOPPED,
            Status::Unknown => OS_UNKNOWN,
        },
        score: r.lower,
        lower: r.lower,
        upper: r.upper,
        best_move_count: 0,
        best_moves: [OS_PASS; 64],
        pv_length: 0,
        pv: [OS_PASS; OS_MAX_PV],
        move_count: 0,
        moves: [OsMoveValue::default(); 64],
        nodes: r.nodes + r.leaf_nodes,
        time_s: r.time_s,
    };
    if mode == Mode::Exact {
        if let Some(s) = r.score() {
            out.score = s;
        }
    }
    for (slot, &sq) in out.best_moves.iter_mut().zip(&r.best_moves) {
        *slot = square_index(Some(sq));
        out.best_move_count += 1;
    }
    for (slot, &sq) in out.pv.iter_mut().zip(&r.pv) {
        *slot = square_index(sq);
        out.pv_length += 1;
    }
    for (slot, m) in out.moves.iter_mut().zip(&r.moves) {
        *slot = OsMoveValue {
            square: square_index(Some(m.square)),
            lower: m.lower,
            upper: m.upper,
        };
        out.move_count += 1;
    }
    out
}
