//! The tools' fit-h data file: every record read writes back
//! (`Record::to_line`) to a line that reads to the same record.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_tools::hfit::parse_data;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz-data.txt");
    if let Ok(records) = parse_data(text, path) {
        let written: String = records.iter().map(|r| r.to_line() + "\n").collect();
        let again = parse_data(&written, path)
            .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which fails: {e}"));
        assert_eq!(again, records);
    }
});
