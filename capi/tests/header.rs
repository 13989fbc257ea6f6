//! The committed header is what cbindgen writes from `src/lib.rs` today:
//! the test fails when it is stale. `UPDATE_HEADER=1 cargo test -p
//! othello-solver-c --test header` rewrites it.

use std::path::Path;

#[test]
fn the_committed_header_is_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("cbindgen.toml: {e}"));
    let bindings = cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen: {e}"));
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).unwrap_or_else(|e| panic!("header: {e}"));
    let path = dir.join("include/othello_solver.h");
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is stale: run `UPDATE_HEADER=1 cargo test -p othello-solver-c --test header` and commit it",
        path.display()
    );
}
