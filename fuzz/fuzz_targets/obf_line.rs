//! Problem-file (OBF) lines and whole problem files: a parsed line writes
//! back (`Problem::to_obf`) to a line that parses to the same problem.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::formats::problem::parse_line;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.obf");
    for (i, line) in text.split('\n').enumerate() {
        if let Ok(Some(problem)) = parse_line(path, i + 1, line) {
            let again = parse_line(path, i + 1, &problem.to_obf());
            match again {
                Ok(Some(p)) => assert_eq!(p, problem, "round trip of {line:?}"),
                other => panic!(
                    "{line:?} wrote {:?}, which reads {other:?}",
                    problem.to_obf()
                ),
            }
        }
    }
});
