//! Experiment: nodes of different root strategies on one problem.
use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::Limits;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let probs = read_problem_file(std::path::Path::new(&args[0])).unwrap();
    let i: usize = args[1].parse().unwrap();
    let p = probs[i - 1].as_ref().unwrap();
    let b = p.position.board;
    let s = p.best_score().unwrap();
    let mut se = Searcher::new(256);
    let t = std::time::Instant::now();
    let v = se.exact_score(&b, Limits::default());
    println!(
        "pvs full window: {:?} nodes {} {:.2}s",
        v,
        se.nodes(),
        t.elapsed().as_secs_f64()
    );
    se.clear();
    let v1 = se.search_window(&b, s - 1, s);
    let n1 = se.nodes();
    let v2 = se.search_window(&b, s, s + 1);
    println!(
        "nws >=s: {v1} nodes {n1}; nws >s: {v2} nodes {}",
        se.nodes() - n1
    );
}
