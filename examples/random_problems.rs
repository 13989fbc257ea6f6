//! Seeded random positions as a problem file, for checking one solver
//! configuration against another at scale (the agreement check:
//! `scripts/agree.sh`).
//!
//! `cargo run --release --example random_problems -- COUNT MIN MAX [SEED]`
//! prints COUNT positions, one a line, each reached by random moves from
//! the start, with a number of empties drawn evenly from MIN..=MAX; a
//! game that ends before is drawn again. The side to move may have to
//! pass. Same arguments, same file.

use anyhow::{bail, Context};
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::{Color, Position};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !(3..=4).contains(&args.len()) {
        bail!("usage: random_problems COUNT MIN MAX [SEED]");
    }
    fn num<T: std::str::FromStr>(arg: &str, what: &str) -> anyhow::Result<T> {
        arg.parse()
            .ok()
            .with_context(|| format!("{what} {arg:?}: expected a whole number"))
    }
    let count: u64 = num(&args[0], "COUNT")?;
    let (min, max): (u32, u32) = (num(&args[1], "MIN")?, num(&args[2], "MAX")?);
    if min > max || max > 60 {
        bail!("MIN {min} and MAX {max}: expected MIN ≤ MAX ≤ 60");
    }
    let seed: u64 = match args.get(3) {
        Some(a) => num(a, "SEED")?,
        None => 1,
    };
    let mut rng = SplitMix64::new(seed);
    let mut made = 0;
    while made < count {
        let empties = min + rng.below(u64::from(max - min + 1)) as u32;
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        if board.moves() == 0 && board.opponent_moves() == 0 {
            continue;
        }
        let Some(p) = Position::from_colors(board.player, board.opponent, Color::Black) else {
            bail!("a random board with overlapping discs");
        };
        println!(
            "{} % random {} empties",
            p.to_board_string(),
            board.empties()
        );
        made += 1;
    }
    Ok(())
}
