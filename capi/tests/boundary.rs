//! The C boundary called from Rust as C would: bad input gets an error
//! code and a message, and a solve agrees with the library's own engine.

use othello_solver::formats::position::format_move_list;
use othello_solver::rng::{random_game, SplitMix64};
use othello_solver::search::{Algo, Engine, EngineConfig, Limits, Mode};
use othello_solver_c::*;
use std::ffi::{CStr, CString};
use std::ptr;

fn last_error() -> String {
    // SAFETY: os_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(os_last_error()) }
        .to_string_lossy()
        .into_owned()
}

fn engine() -> *mut OsEngine {
    let mut e = ptr::null_mut();
    // SAFETY: `e` is a writable pointer.
    assert_eq!(
        unsafe { os_engine_new(16, 1, &mut e) },
        OS_OK,
        "{}",
        last_error()
    );
    e
}

fn parse(text: &str) -> OsPosition {
    let c = CString::new(text).unwrap_or_default();
    let mut p = OsPosition {
        black: 0,
        white: 0,
        side: 0,
    };
    // SAFETY: `c` is NUL-terminated and `p` writable.
    assert_eq!(
        unsafe { os_position_parse(c.as_ptr(), &mut p) },
        OS_OK,
        "{}",
        last_error()
    );
    p
}

fn exact() -> OsQuestion {
    OsQuestion {
        mode: OS_MODE_EXACT,
        bound: 0,
        all_best: 0,
        all_moves: 0,
        time_limit_s: 0.0,
        node_limit: 0,
    }
}

#[test]
fn a_solve_agrees_with_the_librarys_engine() {
    let e = engine();
    // Positions at 20 empties from seeded random games, as move lists in
    // two spellings.
    let mut texts = Vec::new();
    for seed in 1..=4 {
        let game = random_game(&mut SplitMix64::new(seed));
        let list = format_move_list(&game[..40.min(game.len())]);
        texts.push(if seed % 2 == 0 {
            list.to_uppercase()
                .as_bytes()
                .chunks(2)
                .map(|c| String::from_utf8_lossy(c).into_owned())
                .collect::<Vec<_>>()
                .join("-")
        } else {
            list
        });
    }
    for text in &texts {
        let p = parse(text);
        let mut r = std::mem::MaybeUninit::<OsResult>::uninit();
        // SAFETY: valid pointers; `r` is written by the call before it is read.
        let rc = unsafe { os_solve(e, &p, &exact(), r.as_mut_ptr()) };
        assert_eq!(rc, OS_OK, "{}", last_error());
        // SAFETY: os_solve returned OS_OK, so it wrote `r`.
        let r = unsafe { r.assume_init() };
        let pos = othello_solver::Position::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let mut reference = Engine::new(EngineConfig::new(Algo::Alphabeta, 16, Limits::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let want = reference.solve(&pos.board, Mode::Exact);
        assert_eq!(r.status, OS_SOLVED);
        assert_eq!(Some(r.score), want.score(), "{text}");
        assert!(r.pv_length > 0 && r.best_move_count == 1);
    }
    // SAFETY: from os_engine_new, freed once.
    unsafe { os_engine_free(e) };
}

#[test]
fn bad_input_gets_an_error_code_and_a_message() {
    let e = engine();
    let start = parse("f5");
    let mut next = start;
    let mut r = std::mem::MaybeUninit::<OsResult>::uninit();
    // SAFETY (each call below): pointers are valid or deliberately null.
    unsafe {
        assert_eq!(
            os_solve(e, ptr::null(), &exact(), r.as_mut_ptr()),
            OS_ERROR_NULL
        );
        assert!(last_error().contains("position is null"));
        assert_eq!(
            os_solve(e, &start, &exact(), ptr::null_mut()),
            OS_ERROR_NULL
        );
        assert_eq!(
            os_position_play(&start, 0, &mut next),
            OS_ERROR_ILLEGAL_MOVE
        );
        assert!(last_error().contains("a1"), "{}", last_error());
        assert_eq!(os_position_play(&start, -1, &mut next), OS_ERROR_ARGUMENT);
        let bad = CString::new("XXXX").unwrap_or_default();
        assert_eq!(
            os_position_parse(bad.as_ptr(), &mut next),
            OS_ERROR_POSITION
        );
        let overlap = OsPosition {
            black: 3,
            white: 2,
            side: OS_WHITE,
        };
        assert_eq!(
            os_solve(e, &overlap, &exact(), r.as_mut_ptr()),
            OS_ERROR_POSITION
        );
        let bound = OsQuestion {
            mode: OS_MODE_BOUND,
            bound: -65,
            ..exact()
        };
        assert_eq!(
            os_solve(e, &start, &bound, r.as_mut_ptr()),
            OS_ERROR_ARGUMENT
        );
        let mode = OsQuestion { mode: 9, ..exact() };
        assert_eq!(
            os_solve(e, &start, &mode, r.as_mut_ptr()),
            OS_ERROR_ARGUMENT
        );
        let nan = OsQuestion {
            time_limit_s: f64::NAN,
            ..exact()
        };
        assert_eq!(os_solve(e, &start, &nan, r.as_mut_ptr()), OS_ERROR_ARGUMENT);
        assert_eq!(os_engine_stop(ptr::null()), OS_ERROR_NULL);
        let mut none = ptr::null_mut();
        assert_eq!(os_engine_new(1, 0, &mut none), OS_ERROR_ARGUMENT);
        assert!(none.is_null());
        // A success clears the message.
        assert_eq!(os_position_start(&mut next), OS_OK);
        assert_eq!(last_error(), "");
        os_engine_free(e);
    }
}

#[test]
fn a_node_limit_answers_unknown_with_proven_bounds() {
    let e = engine();
    let p = parse("f5d6c3d3c4f4f6f3e6e7");
    let q = OsQuestion {
        node_limit: 100_000,
        ..exact()
    };
    let mut r = std::mem::MaybeUninit::<OsResult>::uninit();
    // SAFETY: valid pointers; `r` is read only after OS_OK.
    let r = unsafe {
        assert_eq!(os_solve(e, &p, &q, r.as_mut_ptr()), OS_OK);
        r.assume_init()
    };
    assert_eq!(r.status, OS_UNKNOWN);
    assert!(r.lower < r.upper);
    // SAFETY: from os_engine_new, freed once.
    unsafe { os_engine_free(e) };
}
