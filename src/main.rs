//! The `othello-solver` command line: parse the arguments, call the
//! library, render the result. Each command lives in its own `cli` module.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
