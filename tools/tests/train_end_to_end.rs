//! Training on a small generated set of games runs end to end: records in,
//! a weights file and a report out, and the file loads in the library and
//! evaluates better than the trivial predictor on the training positions.
//! Every test here but one is a `long_` test: `#[ignore]`d, run by CI with
//! `cargo test -- --ignored long_`.

use othello_solver::eval::{PatternEvaluator, WeightsFile};
use othello_tools::cmd::train::{self as train_cmd, Args};
use othello_tools::train::{self, Dataset, Target, TrainOptions};

fn args(out: std::path::PathBuf) -> Args {
    Args {
        files: Vec::new(),
        out,
        report: None,
        holdout_years: "2018-2022".into(),
        rare_threshold: 8,
        no_smooth: false,
        ablation: true,
        target: Target::Final,
        ridge: 1.0,
        max_iter: 60,
        tol: 1e-4,
        random_games: 600,
        stage_window: 1,
        stages: None,
        base: None,
        each_stage: false,
        without: Vec::new(),
        labels: Vec::new(),
        search_labels: Vec::new(),
        quiet: true,
    }
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_train_command_writes_a_loadable_file_and_report() {
    let dir = std::env::temp_dir().join(format!("othello-train-e2e-{}", std::process::id()));
    let out = dir.join("eval.bin");
    let outcome = train_cmd::run(&args(out.clone())).expect("training runs");
    let file = WeightsFile::load(&out).expect("written file loads");
    // (Compared field by field: the metadata holds NaN where there is no
    // perfect-play score, and NaN != NaN.)
    assert!(file.weights == outcome.file.weights, "weights differ");
    assert_eq!(file.meta.date, outcome.file.meta.date);
    assert_eq!(file.meta.train_games + file.meta.heldout_games, 600);
    assert!(file.meta.heldout_mae.is_finite());
    let report = std::fs::read_to_string(train_cmd::report_path(&out)).expect("report beside");
    assert!(report.contains("## Per stage"));
    // Four variants: rare on/off × smoothing on/off.
    assert_eq!(report.matches("| rare handling").count(), 4, "{report}");
    let e = PatternEvaluator::load(&out).expect("evaluator loads");
    assert!(e.evaluate(&othello_solver::Board::start()).is_finite());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_fit_beats_the_mean_on_training_positions() {
    let games = train::random_games(400, 11, 0);
    let ds = Dataset::build(&games, Target::Final);
    let opts = TrainOptions {
        smooth: false,
        ..TrainOptions::default()
    };
    let result = train::train(&ds, &opts);
    // Late stages of random games are nearly decided by the discs on the
    // board; the fit must explain most of the target there.
    // (Stages of 53, 61 and 64 discs.)
    for s in [49usize, 57, 60] {
        let samples = &ds.train[s];
        let mean = samples.iter().map(|x| x.result as f64).sum::<f64>() / samples.len() as f64;
        let base = samples
            .iter()
            .map(|x| (x.result as f64 - mean).abs())
            .sum::<f64>()
            / samples.len() as f64;
        let fit = result.eval.train[s].mae;
        assert!(
            fit < 0.5 * base,
            "stage {s}: fit {fit} vs mean predictor {base}"
        );
    }
}

/// Random games written as a transcript file (`f5d6c3…` a line), then read
/// back by the training command through the library's record reader.
#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_train_from_a_generated_record_file() {
    use othello_solver::formats::position::format_move_list;
    use othello_solver::rng::{random_game, SplitMix64};
    let mut rng = SplitMix64::new(99);
    let mut lines = String::new();
    for _ in 0..300 {
        lines.push_str(&format_move_list(&random_game(&mut rng)));
        lines.push('\n');
    }
    // The same games twice: the duplicates are dropped.
    lines.push_str(&lines.clone());
    let dir = std::env::temp_dir().join(format!("othello-train-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let records = dir.join("games.txt");
    std::fs::write(&records, lines).expect("write records");
    let mut a = args(dir.join("eval.bin"));
    a.files = vec![records];
    a.random_games = 0;
    a.ablation = false;
    // No WTHOR years here, so nothing is held out: the run says so and still
    // writes the weights.
    let outcome = train_cmd::run(&a).expect("training from a file runs");
    assert_eq!(outcome.file.meta.train_games, 300);
    assert!(
        outcome.file.meta.data[0].contains("300 games used"),
        "{:?}",
        outcome.file.meta.data
    );
    assert!(
        outcome.file.meta.data[0].contains("300 duplicates dropped"),
        "{:?}",
        outcome.file.meta.data
    );
    PatternEvaluator::load(&dir.join("eval.bin")).expect("loads");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_without_leaves_a_family_out_and_rejects_unknown_names() {
    use othello_solver::eval::{Family, NUM_STAGES, STAGE_WEIGHTS};
    let dir = std::env::temp_dir().join(format!("othello-train-without-{}", std::process::id()));
    let out = dir.join("eval.bin");
    let mut a = args(out.clone());
    a.random_games = 200;
    a.ablation = false;
    a.no_smooth = true;
    a.without = vec!["mobility".into()];
    let outcome = train_cmd::run(&a).expect("training runs");
    let w = &outcome.file.weights;
    let table = |f: Family| {
        (0..NUM_STAGES).flat_map(move |s| {
            let o = s * STAGE_WEIGHTS + f.offset();
            o..o + f.configs()
        })
    };
    assert!(table(Family::Mobility).all(|i| w[i] == 0));
    // The other count families are fitted (random games: not all zero).
    assert!(table(Family::OpponentMobility).any(|i| w[i] != 0));
    a.without = vec!["no-such-family".into()];
    let err = train_cmd::run(&a).expect_err("unknown family");
    assert!(format!("{err:#}").contains("no family"), "{err:#}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn base_keeps_the_stages_not_fitted_to_the_bit() {
    use othello_solver::eval::{NUM_STAGES, STAGE_WEIGHTS};
    let dir = std::env::temp_dir().join(format!("othello-train-base-{}", std::process::id()));
    let mut a = args(dir.join("eval.bin"));
    a.random_games = 200;
    a.ablation = false;
    a.no_smooth = true;
    a.stages = Some("0-9".into());
    a.base = Some("../weights/eval.bin".into());
    let outcome = train_cmd::run(&a).expect("training runs");
    let base = WeightsFile::load(std::path::Path::new("../weights/eval.bin")).expect("shipped");
    let w = &outcome.file.weights;
    assert_eq!(outcome.file.scale, base.scale);
    assert_eq!(w[10 * STAGE_WEIGHTS..], base.weights[10 * STAGE_WEIGHTS..]);
    assert_eq!(w.len(), NUM_STAGES * STAGE_WEIGHTS);
    // The fitted stages are the new fit's (random games, not the base's).
    assert_ne!(w[..STAGE_WEIGHTS], base.weights[..STAGE_WEIGHTS]);
    assert!(outcome.file.meta.notes.contains("the others those of"));
    // --base without --stages is an error, not a copy of the base.
    let mut b = args(dir.join("other.bin"));
    b.base = a.base.clone();
    let err = train_cmd::run(&b).expect_err("no --stages");
    assert!(format!("{err:#}").contains("--base"), "{err:#}");
    let _ = std::fs::remove_dir_all(&dir);
}
