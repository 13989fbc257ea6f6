//! Runs `othello-tools sample` on small generated WTHOR and transcript
//! files (determinism, one position per game, empties, side to move,
//! year filters, short pools, bad files) and on the shared WTHOR data.

#[path = "../../tests/common/mod.rs"]
mod common;
use common::TempDir;
use othello_solver::formats::games::wthor::{write_wthor_set, WthorWriteOptions};
use othello_solver::formats::games::{
    parse_game_bytes, read_game_file, Game, GameFormat, Theoretical,
};
use othello_solver::formats::position::format_move_list;
use othello_solver::formats::problem::parse_line;
use othello_solver::rng::{random_game, SplitMix64};
use othello_solver::Position;
use std::collections::{HashMap, HashSet};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Output {
    ok: bool,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn sample(args: &[&OsStr]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_othello-tools"))
        .arg("sample")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run othello-tools: {e}"));
    Output {
        ok: out.status.success(),
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

/// Random legal games played to the end, as transcript lines.
fn random_transcripts(n: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = String::new();
    for _ in 0..n {
        text.push_str(&format_move_list(&random_game(&mut rng)));
        text.push('\n');
    }
    text
}

fn parse_games(text: &str) -> Vec<Game> {
    parse_game_bytes(Path::new("g.txt"), GameFormat::Transcripts, text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"))
        .games
}

/// Two WTHOR files (years 2001 and 2002) of random games with a
/// theoretical score at 20 empties, and a transcript file.
fn fixtures(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let mut made = Vec::new();
    for (prefix, year, seed) in [("A", 2001, 1), ("B", 2002, 2)] {
        let mut games = parse_games(&random_transcripts(60, seed));
        for g in &mut games {
            // A made-up but recognisable perfect-play score.
            g.theoretical = g.black_score.map(|s| Theoretical {
                empties: 20,
                black_score: s,
            });
        }
        let options = WthorWriteOptions {
            year,
            depth: 20,
            created: [20, 26, 1, 1],
        };
        made.push(write_wthor_set(dir, prefix, &games, &options).unwrap_or_else(|e| panic!("{e}")));
    }
    let txt = dir.join("games.txt");
    std::fs::write(&txt, random_transcripts(40, 3)).unwrap_or_else(|e| panic!("{e}"));
    (made.remove(0), made.remove(0), txt)
}

/// The position lines of an output: (position, source id, theoretical).
fn lines(out: &str) -> Vec<(Position, String, Option<i32>)> {
    out.lines()
        .filter(|l| !l.starts_with('%'))
        .enumerate()
        .map(|(i, l)| {
            let p = parse_line(Path::new("out"), i + 1, l)
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("blank line {l:?}"));
            let comment = l.split_once('%').map(|(_, c)| c.trim()).unwrap_or("");
            let mut words = comment.split_whitespace();
            let id = words
                .next()
                .unwrap_or_else(|| panic!("no id in {l:?}"))
                .to_string();
            let theo = words
                .next()
                .and_then(|w| w.strip_prefix("theoretical="))
                .map(|t| {
                    t.trim_start_matches('+')
                        .parse::<i32>()
                        .unwrap_or_else(|e| panic!("{l}: {e}"))
                });
            (p.position, id, theo)
        })
        .collect()
}

/// All games of the files, by id.
fn games_by_id(files: &[&Path]) -> HashMap<String, Game> {
    files
        .iter()
        .flat_map(|f| read_game_file(f).unwrap_or_else(|e| panic!("{e}")).games)
        .map(|g| (g.id.clone(), g))
        .collect()
}

#[test]
fn samples_follow_the_rules_and_are_deterministic() {
    let tmp = TempDir::new("rules");
    let (a, b, txt) = fixtures(&tmp.0);
    let files = [a.as_os_str(), b.as_os_str(), txt.as_os_str()];
    let args_seed = |seed: &'static str, extra: &[&'static str]| -> Vec<&OsStr> {
        let mut v: Vec<&OsStr> = files.to_vec();
        v.extend(["--empties", "20", "--count", "25", "--seed", seed].map(os));
        v.extend(extra.iter().map(|s| os(s)));
        v
    };
    let args = |extra: &[&'static str]| args_seed("7", extra);
    let first = sample(&args(&[]));
    assert!(first.ok, "{}", first.stderr);
    let second = sample(&args(&[]));
    assert_eq!(first.stdout, second.stdout, "not deterministic");
    let other_seed = sample(&args_seed("8", &[]));
    assert!(other_seed.ok, "{}", other_seed.stderr);
    assert_ne!(lines(&first.stdout), lines(&other_seed.stdout));
    assert!(
        first
            .stdout
            .starts_with("% othello-tools sample: 25 positions at 20 empties"),
        "{}",
        first.stdout
    );
    assert!(first.stdout.contains("% seed: 7\n"), "{}", first.stdout);
    assert!(
        first.stdout.contains("\n% command: othello-tools sample "),
        "{}",
        first.stdout
    );
    assert!(first.stdout.contains("--count 25"), "{}", first.stdout);

    let games = games_by_id(&[&a, &b, &txt]);
    let drawn = lines(&first.stdout);
    assert_eq!(drawn.len(), 25);
    let mut ids = HashSet::new();
    let mut positions = HashSet::new();
    for (pos, id, theo) in &drawn {
        assert!(ids.insert(id.clone()), "two positions from {id}");
        assert!(positions.insert(*pos), "position repeated ({id})");
        assert_eq!(pos.board.empties(), 20, "{id}");
        assert_ne!(pos.board.moves(), 0, "{id}: side to move cannot move");
        let g = games.get(id).unwrap_or_else(|| panic!("unknown game {id}"));
        assert_eq!(g.position_to_solve_at(20), Some(*pos), "{id}");
        // The WTHOR games carry a theoretical score, converted to the side
        // to move's view; transcripts have none.
        let expected = g.theoretical.map(|t| match pos.side {
            othello_solver::Color::Black => t.black_score,
            othello_solver::Color::White => -t.black_score,
        });
        assert_eq!(*theo, expected, "{id}");
    }
    // The fixed seed draws from both kinds of file.
    assert!(ids.iter().any(|i| i.starts_with("games.txt:")), "{ids:?}");
    assert!(drawn.iter().any(|d| d.2.is_some()), "{ids:?}");

    // Year filters: games without a year (the transcripts) are kept by
    // --exclude-years and left out by --include-years.
    let ex = sample(&args(&["--exclude-years", "2001"]));
    assert!(ex.ok, "{}", ex.stderr);
    let ex_ids: Vec<String> = lines(&ex.stdout).into_iter().map(|l| l.1).collect();
    assert_eq!(ex_ids.len(), 25);
    assert!(
        ex_ids.iter().all(|i| !i.starts_with("A_2001")),
        "{ex_ids:?}"
    );
    let inc = sample(&args(&["--include-years", "2000-2001"]));
    assert!(inc.ok, "{}", inc.stderr);
    let inc_ids: Vec<String> = lines(&inc.stdout).into_iter().map(|l| l.1).collect();
    assert!(!inc_ids.is_empty());
    assert!(
        inc_ids.iter().all(|i| i.starts_with("A_2001.wtb#")),
        "{inc_ids:?}"
    );
}

#[test]
fn short_pools_bad_options_and_bad_files() {
    let tmp = TempDir::new("short");
    let (a, _, txt) = fixtures(&tmp.0);
    let out = tmp.0.join("out.txt");
    let base = |count: &'static str| -> Vec<&OsStr> {
        vec![
            txt.as_os_str(),
            os("--empties"),
            os("30"),
            os("--count"),
            os(count),
            os("--seed"),
            os("1"),
            os("--out"),
            out.as_os_str(),
        ]
    };
    // 40 games, at most 40 positions: all of them are written, exit 0.
    let r = sample(&base("1000"));
    assert!(r.ok, "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert!(
        r.stderr
            .contains("fewer than --count 1000: wrote all of them"),
        "{}",
        r.stderr
    );
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    let written = lines(&text).len();
    assert!(written > 0 && written <= 40, "{written}");
    assert!(text.contains(&format!("written: {written}")), "{text}");
    std::fs::remove_file(&out).unwrap_or_else(|e| panic!("{e}"));
    // --exact-count: an error, nothing written.
    let mut v = base("1000");
    v.push(os("--exact-count"));
    let r = sample(&v);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("--exact-count"), "{}", r.stderr);
    assert!(!out.exists());
    // A bad year list is a usage error.
    let mut v = base("5");
    v.extend([os("--include-years"), os("2022-2015")]);
    let r = sample(&v);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("runs backwards"), "{}", r.stderr);
    // An unreadable file: exit 1, named, nothing written.
    let missing = tmp.0.join("absent.wtb");
    let truncated = tmp.0.join("CUT_2000.wtb");
    let bytes = std::fs::read(&a).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&truncated, &bytes[..bytes.len() - 10]).unwrap_or_else(|e| panic!("{e}"));
    for bad in [&missing, &truncated] {
        let mut v = base("5");
        v.insert(0, bad.as_os_str());
        let r = sample(&v);
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        assert!(
            r.stderr.contains(&bad.display().to_string()),
            "{}",
            r.stderr
        );
        assert!(!out.exists());
    }
}

#[test]
fn shared_wthor_sample_at_24_empties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games/wthor");
    if !dir.is_dir() {
        println!("skipped: ../shared not found ({})", dir.display());
        return;
    }
    let files: Vec<PathBuf> = ["WTH_2020.wtb", "WTH_2021.wtb", "WTH_2022.wtb"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    let mut args: Vec<&OsStr> = files.iter().map(|f| f.as_os_str()).collect();
    args.extend(["--empties", "24", "--count", "200", "--seed", "2026"].map(os));
    let r = sample(&args);
    assert!(r.ok, "{}", r.stderr);
    let drawn = lines(&r.stdout);
    assert_eq!(drawn.len(), 200);
    let refs: Vec<&Path> = files.iter().map(|f| f.as_path()).collect();
    let games = games_by_id(&refs);
    let mut ids = HashSet::new();
    for (pos, id, theo) in &drawn {
        assert!(ids.insert(id.clone()), "{id} twice");
        assert_eq!(pos.board.empties(), 24);
        assert_ne!(pos.board.moves(), 0);
        let g = games.get(id).unwrap_or_else(|| panic!("unknown game {id}"));
        assert_eq!(g.position_to_solve_at(24), Some(*pos), "{id}");
        // Every WTHOR game reaching 24 empties has byte 7.
        let t = g.theoretical_for(24, pos);
        assert!(t.is_some(), "{id}");
        assert_eq!(*theo, t, "{id}");
    }
}
