//! The weights loader: arbitrary bytes, and arbitrary payloads framed with
//! a valid header and checksum (so that the decoder itself is reached). A
//! file that loads writes back to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::eval::weights::{fnv1a, FORMAT_VERSION, MAGIC};
use othello_solver::eval::WeightsFile;

fn round_trip(file: &WeightsFile) {
    let bytes = file
        .to_bytes()
        .unwrap_or_else(|e| panic!("a loaded file does not encode: {e}"));
    let again = WeightsFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("does not reload: {e}"));
    assert_eq!(again.to_bytes().ok(), Some(bytes));
}

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = WeightsFile::from_bytes(data) {
        round_trip(&file);
    }
    let mut framed = Vec::with_capacity(20 + data.len());
    framed.extend_from_slice(&MAGIC);
    framed.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    framed.extend_from_slice(&fnv1a(data).to_le_bytes());
    framed.extend_from_slice(data);
    if let Ok(file) = WeightsFile::from_bytes(&framed) {
        round_trip(&file);
    }
});
