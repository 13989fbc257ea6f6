//! `othello-solver analyze GAME`: a game analysed move by move from
//! `--from-empties` to the end (the library's `analysis`), exact within
//! `--exact-empties` and estimated by the midgame search before, as a
//! table, JSON or CSV, with an SVG chart of the score on request.

use super::options::SearchArgs;
use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use othello_solver::analysis::{
    analyze_game, AnalysisOptions, GameAnalysis, DEFAULT_ESTIMATE_DEPTH, DEFAULT_FROM_EMPTIES,
};
use othello_solver::formats::games::{read_game_file, Game};
use othello_solver::formats::position::{format_move_list, parse_move_list};
use othello_solver::picture::{score_chart_svg, ChartPoint};
use othello_solver::search::midgame::DEFAULT_CONFIDENCE;
use othello_solver::search::Precision;
use othello_solver::search::{Engine, Status};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Table size per game when `--hash-mb` is not given.
const DEFAULT_HASH_MB: usize = 128;

/// Arguments of `analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game: a move list from the start (`f5d6c3…`), a game-record
    /// file (WTHOR `.wtb`, transcripts, logbook `.gam`, eOthello `.csv`,
    /// GGF `.ggf`; its first game, or those of --games), or `FILE#N` for
    /// its N-th game.
    pub game: String,
    /// With a record file: the games to analyse (1-based numbers and
    /// ranges, `1-100,205`), in parallel.
    #[arg(long, value_name = "LIST")]
    pub games: Option<String>,
    /// Analyse the positions with at most N empties (to the end of the
    /// game; 60: from move 1).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FROM_EMPTIES,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub from_empties: u32,
    /// Solve exactly at N empties or fewer; positions with more (and any
    /// whose exact solve hits a limit) get the midgame search's estimate,
    /// labelled with its depth@selectivity.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FROM_EMPTIES,
          value_parser = clap::value_parser!(u32).range(0..=60))]
    pub exact_empties: u32,
    /// The estimates' midgame depth in plies.
    #[arg(long, value_name = "D", default_value_t = DEFAULT_ESTIMATE_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// The estimates' ProbCut confidence in percent: 73, 87, 95, 98, 99 or
    /// 100 (no ProbCut).
    #[arg(long, value_name = "C", default_value_t = DEFAULT_CONFIDENCE,
          value_parser = super::engine_mode::parse_confidence)]
    pub confidence: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = AnalyzeFormat::Table)]
    pub format: AnalyzeFormat,
    /// Write JSON: the same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Write an SVG chart of black's perfect-play score along the (first) game.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// How `analyze` writes its result.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyzeFormat {
    /// A table per game and its summary, for people.
    Table,
    /// One JSON object per game, a line each.
    Json,
    /// One CSV row per analysed move, with a header.
    Csv,
}

/// Reads the games, analyses them (in parallel when several) and prints them.
pub fn run(mut args: Args) -> anyhow::Result<ExitCode> {
    if args.json {
        args.format = AnalyzeFormat::Json;
    }
    let games = read_games(&args.game, args.games.as_deref())?;
    let jobs = if games.len() > 1 {
        super::options::cores().min(games.len())
    } else {
        1
    };
    let threads = args
        .search
        .threads
        .map_or_else(|| (super::options::cores() / jobs).max(1), |n| n as usize);
    let mut search = args.search.clone();
    search.all_best = true;
    let stop = super::interrupt::install();
    let config = search
        .engine_config(DEFAULT_HASH_MB)?
        .with_threads(threads)
        .with_interrupt(Some(std::sync::Arc::clone(&stop)));
    let options = AnalysisOptions {
        from_empties: args.from_empties,
        exact_empties: args.exact_empties,
        depth: args.depth,
        confidence: args.confidence,
    };
    let bar = progress_bar(games.len());
    let done = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("starting the analysis threads")?;
    let engines = Mutex::new(Vec::<Engine>::new());
    let results: Vec<anyhow::Result<GameAnalysis>> = pool.install(|| {
        games
            .par_iter()
            .map(|game| {
                let taken = engines.lock().ok().and_then(|mut v| v.pop());
                let mut engine = match taken {
                    Some(e) => e,
                    None => Engine::from_resolved(config.clone())?,
                };
                let single = games.len() == 1;
                let a = analyze_game(&mut engine, game, &options, |i, n| {
                    if single {
                        bar.set_length(n as u64);
                        bar.set_position(i as u64);
                    }
                });
                if !single {
                    bar.set_position(done.fetch_add(1, Ordering::Relaxed) as u64 + 1);
                }
                if let Ok(mut v) = engines.lock() {
                    v.push(engine);
                }
                Ok(a)
            })
            .collect()
    });
    bar.finish_and_clear();
    let analyses: Vec<GameAnalysis> = results.into_iter().collect::<anyhow::Result<_>>()?;
    let mut out = String::new();
    if args.format == AnalyzeFormat::Csv {
        out.push_str(
            "game,ply,move_number,side,empties,move,score,best_score,best_moves,lost,precision,score_precision\n",
        );
    }
    for (a, game) in analyses.iter().zip(&games) {
        out.push_str(&match args.format {
            AnalyzeFormat::Table => table(a, game),
            AnalyzeFormat::Json => format!(
                "{}\n",
                serde_json::to_string(a).context("writing the analysis as JSON")?
            ),
            AnalyzeFormat::Csv => csv_rows(a),
        });
    }
    print!("{out}");
    if let (Some(path), Some(a)) = (&args.svg, analyses.first()) {
        super::render::write_svg(path, &score_chart_svg(&chart_title(a), &chart_points(a)))?;
    }
    let unknown = analyses.iter().any(|a| a.status == Status::Unknown);
    Ok(if super::interrupt::is_set(&stop) {
        ExitCode::from(super::interrupt::EXIT_INTERRUPTED)
    } else if unknown {
        ExitCode::from(super::EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    })
}

/// The games named by GAME (and `--games`): a move list, a file's first
/// game (or its `--games`), or `FILE#N`.
fn read_games(text: &str, list: Option<&str>) -> anyhow::Result<Vec<Game>> {
    let (path, index) = match text.rsplit_once('#') {
        Some((p, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            let n: usize = n
                .parse()
                .with_context(|| format!("{text:?}: game number {n:?}"))?;
            (Path::new(p), Some(n))
        }
        _ => (Path::new(text), None),
    };
    if index.is_none() && !path.exists() {
        if list.is_some() {
            bail!("--games needs a game-record file; {text:?} is not a file");
        }
        let (_, moves) = parse_move_list(text)
            .map_err(|e| anyhow::anyhow!("{text:?} is neither a file nor a move list: {e}"))?;
        return Ok(vec![Game::from_moves(&format_move_list(&moves), moves)]);
    }
    let file = read_game_file(path)?;
    let count = file.games.len();
    let pick = |n: usize| -> anyhow::Result<Game> {
        file.games.get(n.wrapping_sub(1)).cloned().with_context(|| {
            format!(
                "{}: game {n}: the file has {count} games (numbered from 1)",
                path.display()
            )
        })
    };
    match (index, list) {
        (Some(_), Some(_)) => bail!("give either FILE#N or --games, not both"),
        (Some(n), None) => Ok(vec![pick(n)?]),
        (None, Some(list)) => {
            let ranges = othello_solver::sample::parse_ranges(list, "game number")
                .map_err(|e| anyhow::anyhow!("--games {list:?}: {e}"))?;
            let mut games = Vec::new();
            for r in ranges {
                for n in r {
                    games.push(pick(usize::from(n))?);
                }
            }
            Ok(games)
        }
        (None, None) => Ok(vec![pick(1)?]),
    }
}

fn signed(v: Option<i32>) -> String {
    v.map_or_else(|| "?".to_string(), |s| format!("{s:+}"))
}

/// The table of one game: a row per analysed move, then the summary.
fn table(a: &GameAnalysis, game: &Game) -> String {
    let mut s = format!("game {}", a.id);
    if let (Some(b), Some(w)) = (&game.black, &game.white) {
        s.push_str(&format!(" ({b} vs {w})"));
    }
    s.push_str(&format!(", from {} empties\n", a.from_empties));
    s.push_str(&format!(
        "{:>4} {:<5} {:>3} {:<5} {:>6} {:>6} {:<7} {:<14} {:>5}\n",
        "move", "side", "emp", "play", "score", "best", "sure", "best moves", "lost"
    ));
    for m in &a.moves {
        let lost = match m.lost {
            Some(0) => String::new(),
            Some(l) => format!("-{l}"),
            None => "?".to_string(),
        };
        let mark = if a.first_outcome_change == Some(m.ply) {
            "  <- outcome changed"
        } else {
            ""
        };
        let row = format!(
            "{:>4} {:<5} {:>3} {:<5} {:>6} {:>6} {:<7} {:<14} {:>5}{mark}",
            m.ply + 1,
            if m.side == "X" { "black" } else { "white" },
            m.empties,
            m.played,
            signed(m.score),
            signed(m.best_score),
            label(m.precision, "?"),
            m.best_moves.join(" "),
            lost
        );
        s.push_str(row.trim_end());
        s.push('\n');
    }
    let first_move = a.moves.first().map(|m| m.ply);
    match a.exact_from_ply {
        Some(p) if Some(p) != first_move => s.push_str(&format!(
            "values before move {} are the midgame search's estimates (sure: depth@selectivity); exact from there on\n",
            p + 1
        )),
        None if !a.moves.is_empty() => {
            s.push_str("every value is a midgame estimate (sure: depth@selectivity)\n")
        }
        _ => {}
    }
    let exact_part = match a.exact_from_ply {
        Some(p) if Some(p) != first_move => {
            let lost = |side: &str| -> String {
                a.moves
                    .iter()
                    .filter(|m| m.ply >= p && m.side == side)
                    .map(|m| m.lost)
                    .sum::<Option<i32>>()
                    .map_or("?".into(), |v| v.to_string())
            };
            format!(
                " (estimates included; exact from move {}: black {}, white {})",
                p + 1,
                lost("X"),
                lost("O")
            )
        }
        None if !a.moves.is_empty() => " (all estimated)".to_string(),
        _ => String::new(),
    };
    s.push_str(&format!(
        "discs lost: black {}, white {}{exact_part}\n",
        a.lost_black.map_or("?".into(), |v| v.to_string()),
        a.lost_white.map_or("?".into(), |v| v.to_string())
    ));
    s.push_str(&format!(
        "first move that changed the outcome: {}\n",
        match a.first_outcome_change {
            Some(p) => {
                let m = a.moves.iter().find(|m| m.ply == p);
                format!(
                    "move {} ({} {})",
                    p + 1,
                    m.map_or("", |m| if m.side == "X" { "black" } else { "white" }),
                    m.map_or("", |m| m.played.as_str())
                )
            }
            None => "none".to_string(),
        }
    ));
    let from_move = a.moves.first().map_or(0, |m| m.ply + 1);
    match (a.perfect_black_score, a.moves.first()) {
        (None, Some(m)) if m.best_score.is_some() => s.push_str(&format!(
            "result: {} in the game, about {:+} with best play from move {from_move} by the {} estimate (black's view)\n",
            signed(a.final_black_score),
            m.best_score.map_or(0, |b| if m.side == "X" { b } else { -b }),
            label(m.precision, "?")
        )),
        (p, _) => s.push_str(&format!(
            "result: {} in the game, {} with perfect play from move {from_move} (black's view)\n",
            signed(a.final_black_score),
            signed(p),
        )),
    }
    if let Some(r) = &a.recorded_perfect {
        s.push_str(&format!(
            "recorded perfect-play score at {} empties: {:+}, ours {}{}\n",
            r.empties,
            r.recorded,
            signed(r.ours),
            match r.ours {
                Some(o) if o == r.recorded => " (agree)",
                Some(_) => " (DIFFER)",
                None => " (not analysed: use --from-empties to reach it)",
            }
        ));
    }
    if a.status == Status::Unknown {
        s.push_str("some scores are unknown: a limit was hit\n");
    }
    s.push('\n');
    s
}

/// The CSV rows of one game (no header).
fn csv_rows(a: &GameAnalysis) -> String {
    let opt = |v: Option<i32>| v.map_or_else(String::new, |s| s.to_string());
    a.moves
        .iter()
        .map(|m| {
            format!(
                "{},{},{},{},{},{},{},{},{},{},{},{}\n",
                csv_field(&a.id),
                m.ply,
                m.ply + 1,
                m.side,
                m.empties,
                m.played,
                opt(m.score),
                opt(m.best_score),
                m.best_moves.join(" "),
                opt(m.lost),
                label(m.precision, ""),
                label(m.score_precision, "")
            )
        })
        .collect()
}

/// A precision's label ("100%", "14@95%"), or `none` without one.
fn label(p: Option<Precision>, none: &str) -> String {
    p.map_or_else(|| none.to_string(), |p| p.to_string())
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Black's score (exact or estimated) at each analysed position, and at
/// the end.
fn chart_points(a: &GameAnalysis) -> Vec<ChartPoint> {
    let exact = |p: &Option<Precision>| p.is_some_and(|p| p.is_exact());
    let mut points: Vec<ChartPoint> = a
        .moves
        .iter()
        .filter_map(|m| {
            let b = m.best_score?;
            Some(ChartPoint {
                ply: m.ply,
                black_score: if m.side == "X" { b } else { -b },
                exact: exact(&m.precision),
            })
        })
        .collect();
    // After the last analysed move: that move's own score.
    if let Some((last, s)) = a.moves.last().and_then(|m| Some((m, m.score?))) {
        points.push(ChartPoint {
            ply: last.ply + 1,
            black_score: if last.side == "X" { s } else { -s },
            exact: exact(&last.score_precision),
        });
    }
    points
}

fn chart_title(a: &GameAnalysis) -> String {
    format!("{}: score from {} empties", a.id, a.from_empties)
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
fn progress_bar(games: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (len, unit) = if games > 1 {
        (games as u64, "games")
    } else {
        (1, "positions")
    };
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{bar:30}} {{pos}}/{{len}} {unit}, {{elapsed}} elapsed"
    )) {
        pb.set_style(style);
    }
    pb
}
