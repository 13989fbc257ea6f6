//! Bad game-record input, one test per case: file-level errors name the
//! file (and line), rejected records carry their record / line number and
//! a reason, and `GameFile::describe` puts the two together.

mod common;
use common::TempDir;
use othello_solver::formats::games::wthor::{write_wthor_set, WthorWriteOptions};
use othello_solver::formats::games::{
    parse_game_bytes, read_game_file, GameFile, GameFileError, GameFormat,
};
use std::path::Path;

fn read_ok(path: &Path) -> GameFile {
    read_game_file(path).unwrap_or_else(|e| panic!("{e}"))
}

fn read_err(path: &Path) -> (GameFileError, String) {
    match read_game_file(path) {
        Ok(f) => panic!(
            "{} read without error: {} games",
            path.display(),
            f.games.len()
        ),
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.contains(&path.display().to_string()),
                "message does not name the file: {msg}"
            );
            (e, msg)
        }
    }
}

/// A valid WTHOR file of three games, as bytes.
fn wthor_bytes(tmp: &TempDir) -> Vec<u8> {
    let text = "f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1\nf5d6c3d3c4f4f6f3e6e7\nf5f6e6f4e3\n";
    let f = parse_game_bytes(Path::new("t.txt"), GameFormat::Transcripts, text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut games = f.games;
    for g in &mut games {
        g.black_score.get_or_insert(0);
    }
    let opts = WthorWriteOptions {
        year: 2001,
        depth: 24,
        created: [20, 26, 11, 22],
    };
    let path = write_wthor_set(&tmp.0, "GEN", &games, &opts).unwrap_or_else(|e| panic!("{e}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn truncated_wthor_file() {
    let tmp = TempDir::new("truncated");
    let bytes = wthor_bytes(&tmp);
    assert_eq!(bytes.len(), 16 + 3 * 68);
    let p = tmp.write("CUT_2001.wtb", &bytes[..bytes.len() - 10]);
    let (e, msg) = read_err(&p);
    assert!(
        matches!(e, GameFileError::WthorTruncated { n1: 3, .. }),
        "{e:?}"
    );
    assert!(msg.contains("truncated WTHOR file"), "{msg}");
    assert!(
        msg.contains("should be 16 + 68 × 3 = 220 bytes, but it is 210"),
        "{msg}"
    );
    assert!(msg.contains("2 complete records"), "{msg}");
    // Shorter than the header itself.
    let p = tmp.write("TINY_2001.wtb", &bytes[..9]);
    let (e, _) = read_err(&p);
    assert!(
        matches!(e, GameFileError::WthorNoHeader { size: 9, .. }),
        "{e:?}"
    );
}

#[test]
fn mis_sized_wthor_file() {
    let tmp = TempDir::new("missized");
    let mut bytes = wthor_bytes(&tmp);
    bytes.extend_from_slice(&[0; 5]);
    let p = tmp.write("LONG_2001.wtb", &bytes);
    let (e, msg) = read_err(&p);
    assert!(
        matches!(
            e,
            GameFileError::WthorSize {
                n1: 3,
                size: 225,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(msg.contains("mis-sized WTHOR file"), "{msg}");
    // A header count that disagrees with the records present.
    let mut bytes = wthor_bytes(&tmp);
    bytes[4] = 2;
    let p = tmp.write("N1_2001.wtb", &bytes);
    let (_, msg) = read_err(&p);
    assert!(
        msg.contains("N1 = 2 records") && msg.contains("it is 220 bytes"),
        "{msg}"
    );
}

#[test]
fn bad_wthor_move_byte() {
    let tmp = TempDir::new("movebyte");
    let mut bytes = wthor_bytes(&tmp);
    // Record 2, move 3 (record byte 10): 99 is no square.
    bytes[16 + 68 + 10] = 99;
    let p = tmp.write("GEN_2001.wtb", &bytes);
    let f = read_ok(&p);
    assert_eq!(f.records, 3);
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.rejected.len(), 1);
    let r = &f.rejected[0];
    assert_eq!(r.record, 2);
    assert_eq!(r.kind(), "bad move byte");
    assert!(r.reason.contains("move 3 (byte 10) is 99"), "{}", r.reason);
    let msg = f.describe(r);
    assert!(
        msg.starts_with(&format!("{}#2: bad move byte", p.display())),
        "{msg}"
    );
    // The games around it keep their record numbers.
    assert_eq!(f.games[1].id, "GEN_2001.wtb#3");
    assert_eq!(f.games[0].black.as_deref(), None);
}

#[test]
fn illegal_move_in_wthor_record() {
    let tmp = TempDir::new("wthor-illegal");
    let mut bytes = wthor_bytes(&tmp);
    // Record 1, move 2: f5 again (56).
    bytes[16 + 9] = 56;
    let f = read_ok(&tmp.write("GEN_2001.wtb", &bytes));
    assert_eq!(f.rejected.len(), 1);
    assert_eq!(f.rejected[0].record, 1);
    assert_eq!(
        f.rejected[0].reason,
        "illegal move: move 2 (f5) is not legal for white"
    );
}

#[test]
fn illegal_move_in_transcript() {
    let tmp = TempDir::new("transcript-illegal");
    let p = tmp.write("games.txt", b"% header comment\nf5d6c3\n\nf5d6d6\n# end\n");
    let f = read_ok(&p);
    assert_eq!(f.records, 2);
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.games[0].id, "games.txt:2");
    let r = &f.rejected[0];
    assert_eq!(r.record, 4);
    assert_eq!(r.reason, "illegal move: move 3 (d6) is not legal for black");
    assert_eq!(
        f.describe(r),
        format!(
            "{}:4: illegal move: move 3 (d6) is not legal for black",
            p.display()
        )
    );
}

#[test]
fn illegal_move_in_logbook_line() {
    let tmp = TempDir::new("logbook-illegal");
    let p = tmp.write("book.gam", b"+d3-c3+c4: +03 10\n+d3-c3+c4-c4: +00 10\n");
    let f = read_ok(&p);
    assert_eq!(f.format, GameFormat::Logbook);
    assert_eq!((f.records, f.games.len()), (2, 1));
    assert!(!f.games[0].complete);
    assert_eq!(f.games[0].black_score, None);
    let r = &f.rejected[0];
    assert_eq!(r.record, 2);
    assert_eq!(r.reason, "illegal move: move 4 (c4) is not legal for white");
    assert!(f.describe(r).starts_with(&format!("{}:2: ", p.display())));
}

#[test]
fn logbook_token_of_the_wrong_colour() {
    let tmp = TempDir::new("logbook-colour");
    let p = tmp.write("book.gam", b"+d3+c3: +00 10\n");
    let f = read_ok(&p);
    let r = &f.rejected[0];
    assert_eq!(r.record, 1);
    assert_eq!(r.kind(), "wrong colour");
    assert_eq!(
        r.reason,
        "wrong colour: move 2 (+c3, column 4) is marked black but white is to move"
    );
}

#[test]
fn logbook_gz_that_is_not_gzip() {
    let tmp = TempDir::new("logbook-gz");
    let p = tmp.write("book.gam.gz", b"+d3-c3: +02 10\n");
    let (e, msg) = read_err(&p);
    assert!(matches!(e, GameFileError::Gzip { .. }), "{e:?}");
    assert!(msg.contains("cannot decompress"), "{msg}");
}

#[test]
fn non_utf8_line() {
    let tmp = TempDir::new("utf8");
    let p = tmp.write("games.txt", b"f5d6\nf5\xff\xfed6\n");
    let (e, msg) = read_err(&p);
    assert!(matches!(e, GameFileError::NotUtf8 { line: 2, .. }), "{e:?}");
    assert_eq!(
        msg,
        format!("{}:2: the line is not valid UTF-8", p.display())
    );
}

#[test]
fn unknown_square_name() {
    let tmp = TempDir::new("square");
    let p = tmp.write("games.txt", b"f5 d6 z9 d3\n");
    let f = read_ok(&p);
    let r = &f.rejected[0];
    assert_eq!(r.record, 1);
    assert_eq!(r.kind(), "unknown square name");
    assert_eq!(r.reason, "unknown square name: \"z9\" at column 7 (move 3)");
    // The same in a logbook token.
    let p = tmp.write("book.gam", b"+d3-i3: +00 10\n");
    let f = read_ok(&p);
    assert_eq!(
        f.rejected[0].reason,
        "unknown square name: \"i3\" at column 5 (move 2)"
    );
}

#[test]
fn bad_csv_header() {
    let tmp = TempDir::new("csv");
    let p = tmp.write("games.csv", b"id,moves\n1,f5d6\n");
    let (e, msg) = read_err(&p);
    assert!(matches!(e, GameFileError::CsvHeader { .. }), "{e:?}");
    assert!(
        msg.starts_with(&format!("{}:1: bad CSV header \"id,moves\"", p.display())),
        "{msg}"
    );
    let p = tmp.write("empty.csv", b"");
    let (e, _) = read_err(&p);
    assert!(matches!(e, GameFileError::CsvHeader { .. }), "{e:?}");
}

#[test]
fn csv_rows_checked() {
    let tmp = TempDir::new("csv-rows");
    let wipeout = "f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1";
    let text = format!(
        "eOthello_game_id,winner,game_moves\n7,1,{wipeout}\n8,-1,{wipeout}\n9,2,f5\n10,1\n11,0,f5d6"
    );
    let f = read_ok(&tmp.write("e.csv", text.as_bytes()));
    assert_eq!(f.records, 5);
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].black_score, Some(64));
    assert_eq!(f.games[1].id, "e.csv:6");
    assert_eq!(f.games[1].black_score, None);
    let kinds: Vec<(usize, &str)> = f.rejected.iter().map(|r| (r.record, r.kind())).collect();
    assert_eq!(
        kinds,
        vec![(3, "winner mismatch"), (4, "bad winner"), (5, "bad row")]
    );
}

#[test]
fn missing_file() {
    let tmp = TempDir::new("missing");
    let (e, _) = read_err(&tmp.0.join("nothing.wtb"));
    assert!(matches!(e, GameFileError::Io { .. }), "{e:?}");
}

#[test]
fn wthor_score_mismatch() {
    let tmp = TempDir::new("wthor-score");
    let mut bytes = wthor_bytes(&tmp);
    // Record 1 is a complete wipe-out (black 64); claim 40 black discs.
    assert_eq!(bytes[16 + 6], 64);
    bytes[16 + 6] = 40;
    let f = read_ok(&tmp.write("GEN_2001.wtb", &bytes));
    assert_eq!(f.rejected.len(), 1);
    assert_eq!(f.rejected[0].record, 1);
    assert_eq!(
        f.rejected[0].reason,
        "score mismatch: byte 6 gives black 40 discs (+16), the final board gives +64"
    );
    // Record 2 stops early: byte 6 is its recorded result, not checked.
    bytes[16 + 68 + 6] = 50;
    let f = read_ok(&tmp.write("GEN_2001.wtb", &bytes));
    assert_eq!(f.games[0].id, "GEN_2001.wtb#2");
    assert_eq!(f.games[0].black_score, Some(36));
    assert!(!f.games[0].complete);
}
