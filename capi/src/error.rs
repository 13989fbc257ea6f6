//! The boundary's errors: a return code per call, the message kept per
//! thread for `os_last_error`, and the guard that keeps a panic from
//! crossing into C.

use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The call succeeded.
pub const OS_OK: i32 = 0;
/// A pointer argument was null.
pub const OS_ERROR_NULL: i32 = 1;
/// A position is malformed: text that does not parse, or black and white
/// discs on the same square, or a side that is neither `OS_BLACK` nor
/// `OS_WHITE`.
pub const OS_ERROR_POSITION: i32 = 2;
/// A move that is not legal in the position.
pub const OS_ERROR_ILLEGAL_MOVE: i32 = 3;
/// An argument out of its range (a bound beyond ±64, a mode, a limit, a
/// table size, a thread count).
pub const OS_ERROR_ARGUMENT: i32 = 4;
/// The engine's tables do not fit in memory.
pub const OS_ERROR_MEMORY: i32 = 5;
/// A buffer too small for the answer.
pub const OS_ERROR_BUFFER: i32 = 6;
/// A bug inside the library (a caught panic); the message says where.
pub const OS_ERROR_INTERNAL: i32 = 7;

/// A failed call: its code and what went wrong.
#[derive(Debug)]
pub(crate) struct Fail {
    pub(crate) code: i32,
    pub(crate) message: String,
}

impl Fail {
    pub(crate) fn new(code: i32, message: impl Into<String>) -> Fail {
        Fail {
            code,
            message: message.into(),
        }
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last_error(message: &str) {
    // A message with a NUL inside would not be a C string: cut it there.
    let clean = message.split('\0').next().unwrap_or_default();
    let text = CString::new(clean).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// The message of this thread's last failed call ("" before any): valid
/// until this thread's next call into the library.
pub(crate) fn last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// Runs one call's body: its code, with the message stored on failure, and
/// a panic caught and reported as `OS_ERROR_INTERNAL` (the C library is
/// built with unwinding: the `capi` profile).
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Fail>) -> i32 {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => {
            set_last_error("");
            OS_OK
        }
        Ok(Err(fail)) => {
            set_last_error(&fail.message);
            fail.code
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(&format!("internal error: {what}"));
            OS_ERROR_INTERNAL
        }
    }
}

/// A reference from a pointer the caller passed, or `OS_ERROR_NULL`.
///
/// # Safety
/// `ptr` must be null or point to a valid `T` for the call's duration.
pub(crate) unsafe fn arg<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Fail> {
    // SAFETY: the caller promises `ptr` is null or valid; null is checked.
    unsafe { ptr.as_ref() }.ok_or_else(|| Fail::new(OS_ERROR_NULL, format!("{name} is null")))
}

/// An output pointer checked for null, to be written with [`put`].
pub(crate) fn out<T>(ptr: *mut T, name: &str) -> Result<*mut T, Fail> {
    if ptr.is_null() {
        Err(Fail::new(OS_ERROR_NULL, format!("{name} is null")))
    } else {
        Ok(ptr)
    }
}

/// Writes `value` through an output pointer from [`out`] (without reading
/// what was there: C callers may pass uninitialised memory).
///
/// # Safety
/// `ptr` must point to writable memory for a `T`, suitably aligned.
pub(crate) unsafe fn put<T>(ptr: *mut T, value: T) {
    // SAFETY: the caller promises `ptr` is writable and aligned; `write`
    // does not read or drop the old contents.
    unsafe { ptr.write(value) }
}
