//! Problem files with bad lines: each error names the file and line, and the
//! good lines around it are still read.

mod common;
use common::TempDir;
use othello_solver::formats::problem::{read_problem_file, ProblemError};

#[test]
fn bad_lines_are_reported_with_file_and_line() {
    let start = "---------------------------OX------XO--------------------------- X";
    let mut text = Vec::new();
    text.extend_from_slice(format!("% a comment\n{start}; F5:+0; D3:+0\n").as_bytes());
    text.extend_from_slice(b"\xff\xfe not utf-8\n");
    text.extend_from_slice(b"f5d6c3\n\n");
    text.extend_from_slice(format!("{}\n", &start[..40]).as_bytes());
    text.extend_from_slice(format!("{start}; F5+0\n").as_bytes());
    text.extend_from_slice(format!("{start}; Q5:+0\n").as_bytes());
    text.extend_from_slice(b"f5d6c3c3\n");
    let tmp = TempDir::new("problems");
    let path = tmp.write("bad.obf", &text);
    let lines = read_problem_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let shown: Vec<String> = lines
        .iter()
        .map(|r| match r {
            Ok(p) => format!("ok {}", p.line),
            Err(e) => e.to_string(),
        })
        .collect();
    let file = path.display().to_string();
    assert_eq!(shown[0], "ok 2");
    assert_eq!(shown[1], format!("{file}:3: the line is not valid UTF-8"));
    assert_eq!(shown[2], "ok 4");
    assert_eq!(
        shown[3],
        format!(
            "{file}:6: position: board has 40 squares, expected 64 (a1..h8, then the side to move)"
        )
    );
    assert_eq!(
        shown[4],
        format!("{file}:7: field 2 \"F5+0\": expected MOVE:SCORE, e.g. G8:+12")
    );
    assert_eq!(
        shown[5],
        format!("{file}:8: field 2 \"Q5:+0\": unknown square name")
    );
    assert_eq!(
        shown[6],
        format!("{file}:9: position: move 4 (c3) is illegal for white")
    );
    assert_eq!(lines.len(), 7);
    assert!(lines
        .iter()
        .filter_map(|r| r.as_ref().err())
        .all(|e| e.line().is_some()));
}

#[test]
fn missing_file_is_an_error_naming_it() {
    let err = read_problem_file(std::path::Path::new("/nonexistent/problems.obf")).err();
    assert!(matches!(err, Some(ProblemError::Io { .. })));
    let msg = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.starts_with("/nonexistent/problems.obf: "), "{msg}");
}
