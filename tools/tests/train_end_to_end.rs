//! Training on a small generated set of games runs end to end: records in,
//! a weights file and a report out, and the file loads in the library and
//! evaluates better than the trivial predictor on the training positions.

use othello_solver::eval::{PatternEvaluator, WeightsFile};
use othello_tools::train::{self, Dataset, Target, TrainOptions};
use othello_tools::train_cmd::{self, Args};

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
        quiet: true,
    }
}

#[test]
fn train_command_writes_a_loadable_file_and_report() {
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
fn fit_beats_the_mean_on_training_positions() {
    let games = train::random_games(400, 11, 0);
    let ds = Dataset::build(&games, Target::Final);
    let opts = TrainOptions {
        smooth: false,
        ..TrainOptions::default()
    };
    let result = train::train(&ds, &opts);
    // Late stages of random games are nearly decided by the discs on the
    // board; the fit must explain most of the target there.
    for s in [40usize, 48, 51] {
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
