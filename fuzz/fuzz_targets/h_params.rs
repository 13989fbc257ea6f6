//! The df-pn+ h-parameter file: what parses writes back (`to_text`) to
//! text that parses to the same parameters.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::search::dfpn::params::HParams;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz-h.txt");
    if let Ok(p) = HParams::parse(text, path) {
        let written = p.to_text();
        let again = HParams::parse(&written, path)
            .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which fails: {e}"));
        assert_eq!(again.to_text(), written);
    }
});
