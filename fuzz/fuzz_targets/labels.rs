//! The tools' labels file (exact scores of positions): what parses writes
//! back (`write_to`, the counted `OSLABEL1` format) to a file that parses to
//! the same header and labels, and to the same bytes when the input was in
//! that format.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_tools::labels;

fuzz_target!(|data: &[u8]| {
    if let Ok((header, list)) = labels::parse("fuzz.bin", data) {
        let mut bytes = Vec::new();
        labels::write_to(&mut bytes, &header, &list).unwrap_or_else(|e| panic!("{e}"));
        if data.starts_with(labels::MAGIC) {
            assert_eq!(bytes, data, "a labels file writes back to other bytes");
        }
        let (h2, l2) = labels::parse("written.bin", &bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(h2, header, "the header changed on a round trip");
        assert_eq!(l2, list, "the labels changed on a round trip");
    }
});
