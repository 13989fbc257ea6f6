//! The tools' labels file (exact scores of positions): what parses writes
//! back (`write_to`) to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_tools::labels;

fuzz_target!(|data: &[u8]| {
    if let Ok((header, list)) = labels::parse("fuzz.bin", data) {
        let mut bytes = Vec::new();
        labels::write_to(&mut bytes, &header, &list).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(bytes, data, "a labels file writes back to other bytes");
    }
});
