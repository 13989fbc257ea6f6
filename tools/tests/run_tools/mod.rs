//! Runs the `othello-tools` binary in the tools' integration tests.

use std::ffi::OsStr;
use std::process::Command;

/// Runs `othello-tools ARGS…`: (success, stdout, stderr).
pub fn run_tools<S: AsRef<OsStr>>(args: &[S]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_othello-tools"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run othello-tools: {e}"));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
