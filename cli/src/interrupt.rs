//! Ctrl-C. The first one asks every search in progress to stop: `solve`
//! then prints `unknown (interrupted)` with the bounds proven so far, and
//! `batch` writes the rows of the positions in progress (as unknown, so that
//! `--resume` solves them again), starts no more and says how many were not
//! started. Both exit with [`EXIT_INTERRUPTED`]. A second Ctrl-C exits at
//! once with the same code (rows already written stay written: each is
//! flushed as it is written).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The exit code after Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Installs the handler and returns the flag it sets. If the handler cannot
/// be installed, says so and returns a flag nothing sets (Ctrl-C then ends
/// the process, as without a handler).
pub fn install() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let seen = Arc::clone(&flag);
    let installed = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            eprintln!("\ninterrupted again: exiting now");
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
        eprintln!("\ninterrupted: stopping (press Ctrl-C again to exit at once)");
    });
    if let Err(e) = installed {
        eprintln!("warning: Ctrl-C cannot be caught ({e}); it will end the process at once");
    }
    flag
}

/// Whether `flag` has been set.
pub fn is_set(flag: &AtomicBool) -> bool {
    flag.load(Ordering::SeqCst)
}
