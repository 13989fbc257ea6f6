//! Game-record files: the counts of the shared data set (WTHOR, logbook,
//! PlayOK, eOthello) as documented in ../shared/data/games/README.md, and
//! WTHOR / transcript round trips through the writers.

mod common;
use common::TempDir;
use othello_solver::formats::games::transcript::write_transcripts;
use othello_solver::formats::games::wthor::{write_wthor_set, WthorWriteOptions};
use othello_solver::formats::games::{
    parse_game_bytes, read_game_file, DuplicateFilter, Game, GameFile, GameFormat,
};
use std::path::{Path, PathBuf};

fn games_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/games");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared not found ({})", dir.display());
        None
    }
}

fn read(path: &Path) -> GameFile {
    read_game_file(path).unwrap_or_else(|e| panic!("{e}"))
}

struct Tally {
    records: usize,
    legal: usize,
    complete: usize,
    full: usize,
    rejected: usize,
    duplicates: usize,
}

fn tally(files: &[GameFile]) -> Tally {
    let mut filter = DuplicateFilter::new();
    let mut t = Tally {
        records: 0,
        legal: 0,
        complete: 0,
        full: 0,
        rejected: 0,
        duplicates: 0,
    };
    for f in files {
        t.records += f.records;
        t.legal += f.games.len();
        t.rejected += f.rejected.len();
        for g in &f.games {
            t.complete += usize::from(g.complete);
            t.full += usize::from(g.moves.len() == 60);
            t.duplicates += usize::from(!filter.insert(&g.moves));
        }
    }
    t
}

fn wthor_files(dir: &Path) -> Vec<GameFile> {
    (1977..=2022)
        .map(|y| read(&dir.join(format!("wthor/WTH_{y}.wtb"))))
        .collect()
}

#[test]
fn wthor_1977_2022_counts() {
    let Some(dir) = games_dir() else { return };
    let files = wthor_files(&dir);
    let t = tally(&files);
    assert_eq!(t.records, 129_259);
    assert_eq!(t.legal, 129_259);
    assert_eq!(t.rejected, 0);
    assert_eq!(t.complete, 128_846);
    assert_eq!(t.full, 122_892);
    // README: 41 over 1977-2025; an independent byte-level count of the
    // 1977-2022 files here gives 38.
    assert_eq!(t.duplicates, 38);
    for (f, year) in files.iter().zip(1977u16..) {
        assert_eq!(f.format, GameFormat::Wthor);
        for (k, g) in f.games.iter().enumerate() {
            assert_eq!(g.id, format!("WTH_{year}.wtb#{}", k + 1));
            assert_eq!(g.year, Some(year));
            assert_eq!(
                g.moves.first().map(|s| s.to_string()).as_deref(),
                Some("f5")
            );
            assert!(g.black_score.is_some(), "{}", g.id);
            // Byte 7 is kept exactly for the games that reach 24 empties.
            match g.theoretical {
                Some(t) => {
                    assert_eq!(t.empties, 24);
                    assert!(g.moves.len() >= 36);
                    assert!(g.position_at_empties(24).is_some());
                }
                None => assert!(g.moves.len() < 36, "{}", g.id),
            }
            assert!(g.tournament.is_some(), "{}", g.id);
            assert!(g.black.is_some() && g.white.is_some(), "{}", g.id);
        }
    }
    // The first game of 1977: bytes 0-7 are 01 00 5a 01 4b 03 22 29, so
    // tournament 1, players 346 and 843 (WTH.TRN / WTH.JOU), actual 34,
    // theoretical 41 black discs.
    let g = &files[0].games[0];
    assert_eq!(g.tournament.as_deref(), Some("World Championship"));
    assert_eq!(g.black.as_deref(), Some("Inoue Hiroshi"));
    assert_eq!(g.white.as_deref(), Some("Heiberg Thomas"));
    assert_eq!(g.black_score, Some(2 * 34 - 64));
    assert_eq!(g.theoretical.map(|t| t.black_score), Some(2 * 41 - 64));
}

#[test]
fn logbook_counts() {
    let Some(dir) = games_dir() else { return };
    let f = read(&dir.join("logistello/logbook.gam.gz"));
    assert_eq!(f.format, GameFormat::Logbook);
    let t = tally(std::slice::from_ref(&f));
    assert_eq!(t.records, 121_123);
    assert_eq!(t.legal, 121_123);
    assert_eq!(t.complete, 121_123);
    assert_eq!(t.full, 119_644);
    assert_eq!(t.duplicates, 0);
    assert_eq!(f.games[16].id, "logbook.gam.gz:17");
    assert!(f.games.iter().all(|g| g.moves[0].to_string() == "d3"));
}

#[test]
fn playok_counts() {
    let Some(dir) = games_dir() else { return };
    let f = read(&dir.join("playok/PLAYOK_2023.wtb"));
    let t = tally(std::slice::from_ref(&f));
    assert_eq!(t.records, 54_366);
    assert_eq!(t.legal, 54_366);
    assert_eq!(t.complete, 41_031);
    assert_eq!(t.full, 39_465);
    assert_eq!(t.duplicates, 106);
    assert_eq!(f.games.iter().filter(|g| g.moves.is_empty()).count(), 47);
    // Header depth 0: byte 7 was not computed.
    assert!(f.games.iter().all(|g| g.theoretical.is_none()));
    assert!(f.games.iter().all(|g| g.year == Some(2023)));
    let xot60 = f
        .games
        .iter()
        .filter(|g| g.tournament.as_deref() == Some("PlayOK xot 60"))
        .count();
    assert_eq!(xot60, 36_499);
}

#[test]
fn eothello_counts_and_overlap_with_wthor() {
    let Some(dir) = games_dir() else { return };
    let f = read(&dir.join("eothello/othello_dataset.csv"));
    assert_eq!(f.format, GameFormat::EOthelloCsv);
    let t = tally(std::slice::from_ref(&f));
    assert_eq!(t.records, 25_657);
    assert_eq!(t.legal, 25_657);
    assert_eq!(t.complete, 25_655);
    assert_eq!(t.full, 24_036);
    assert_eq!(t.duplicates, 8);
    assert_eq!(f.games[0].id, "othello_dataset.csv:2");
    // WTHOR first, then eOthello: 38 + 8 inside, 3 shared.
    let mut all = wthor_files(&dir);
    all.push(f);
    assert_eq!(tally(&all).duplicates, 38 + 8 + 3);
}

fn without_id(g: &Game) -> Game {
    Game {
        id: String::new(),
        ..g.clone()
    }
}

/// Games from transcripts, with the fields WTHOR carries filled in.
fn synthetic_games() -> Vec<Game> {
    let text = "f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1\n\
                f5d6c3d3c4f4f6f3e6e7\n\
                f5f6e6f4e3\n";
    let f = parse_game_bytes(Path::new("t.txt"), GameFormat::Transcripts, text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(f.games.len(), 3);
    let mut games = f.games;
    for (k, g) in games.iter_mut().enumerate() {
        g.year = Some(1999);
        g.black = Some(format!("Black Ærø {k}"));
        g.white = (k != 1).then(|| "White".to_string());
        g.tournament = Some("Open de Paris".to_string());
        if !g.complete {
            g.black_score = Some(2 * k as i32 - 10);
        }
    }
    games
}

#[test]
fn wthor_round_trip_synthetic() {
    let tmp = TempDir::new("wthor-rt");
    let games = synthetic_games();
    let opts = WthorWriteOptions {
        year: 1999,
        depth: 24,
        created: [20, 26, 11, 22],
    };
    let path = write_wthor_set(&tmp.0, "SYN", &games, &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        path.file_name().and_then(|n| n.to_str()),
        Some("SYN_1999.wtb")
    );
    let back = read(&path);
    assert_eq!(back.records, 3);
    assert!(back.rejected.is_empty(), "{:?}", back.rejected);
    let a: Vec<Game> = games.iter().map(without_id).collect();
    let b: Vec<Game> = back.games.iter().map(without_id).collect();
    assert_eq!(a, b);
    assert_eq!(back.games[1].white, None);
}

#[test]
fn wthor_round_trip_real_year() {
    let Some(dir) = games_dir() else { return };
    let f = read(&dir.join("wthor/WTH_1994.wtb"));
    let tmp = TempDir::new("wthor-rt-1994");
    let opts = WthorWriteOptions {
        year: 1994,
        depth: 24,
        created: [20, 26, 11, 22],
    };
    let path = write_wthor_set(&tmp.0, "WTH", &f.games, &opts).unwrap_or_else(|e| panic!("{e}"));
    let back = read(&path);
    assert_eq!(back.records, f.records);
    let a: Vec<Game> = f.games.iter().map(without_id).collect();
    let b: Vec<Game> = back.games.iter().map(without_id).collect();
    assert!(a == b, "round trip differs");
    // Some 1994 games stop early: their recorded result survives.
    assert!(f.games.iter().any(|g| !g.complete));
}

#[test]
fn transcript_round_trip() {
    let tmp = TempDir::new("transcript-rt");
    let mut games = synthetic_games();
    if let Some(dir) = games_dir() {
        games.extend(read(&dir.join("wthor/WTH_1981.wtb")).games);
    }
    let path = tmp.0.join("games.txt");
    let out = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{e}"));
    let n =
        write_transcripts(std::io::BufWriter::new(out), &games).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(n, games.len());
    let back = read(&path);
    assert_eq!(back.format, GameFormat::Transcripts);
    assert_eq!(back.games.len(), games.len());
    for (k, (a, b)) in games.iter().zip(&back.games).enumerate() {
        assert_eq!(b.id, format!("games.txt:{}", k + 1));
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.complete, b.complete);
        // Transcripts carry no result: only complete games have a score.
        let expect = if a.complete { a.black_score } else { None };
        assert_eq!(b.black_score, expect);
    }
}
