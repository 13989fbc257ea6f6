//! `othello-tools labels FILE…`: prints labels files as text, one label a
//! line, so that scripts and people read them through the one parser of
//! the format ([`crate::labels`]).

use crate::labels;
use anyhow::Result;
use othello_solver::formats::position::Position;
use othello_solver::Color;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `labels`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Labels files (written by `othello-tools label`, either format).
    pub files: Vec<PathBuf>,
    /// Leave out each file's header line.
    #[arg(long)]
    pub no_header: bool,
}

/// Writes the text of one file: `# FILE: HEADER` (unless `no_header`), then
/// per label the position from the side to move's view (its discs `X`, the
/// side to move written `X`) and the score, side to move's view.
pub fn write_text(
    w: &mut impl Write,
    name: &str,
    header: &str,
    labels: &[labels::Label],
    no_header: bool,
) -> std::io::Result<()> {
    if !no_header {
        writeln!(w, "# {name}: {}", header.replace('\n', " "))?;
    }
    for l in labels {
        let p = Position {
            board: l.board,
            side: Color::Black,
        };
        writeln!(w, "{} {:+}", p.to_board_string(), l.score)?;
    }
    Ok(())
}

/// Runs `labels`: every file in turn, to standard output. A closed pipe
/// (`| head`) ends the output quietly.
pub fn run(args: &Args) -> Result<()> {
    if args.files.is_empty() {
        anyhow::bail!("no labels files given");
    }
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    let mut written = Ok(());
    for f in &args.files {
        let (header, labels) = labels::read(f)?;
        written = write_text(
            &mut w,
            &f.display().to_string(),
            &header,
            &labels,
            args.no_header,
        );
        if written.is_err() {
            break;
        }
    }
    match written.and_then(|()| w.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_solver::Board;

    fn render(name: &str, header: &str, l: &[labels::Label], no_header: bool) -> String {
        let mut out = Vec::new();
        write_text(&mut out, name, header, l, no_header).expect("to memory");
        String::from_utf8(out).expect("ASCII")
    }

    #[test]
    fn one_line_per_label_with_the_side_to_moves_discs_as_x() {
        let start = Board::start();
        let l = [
            labels::Label {
                board: start,
                score: 0,
            },
            labels::Label {
                board: Board {
                    player: 1,
                    opponent: 2,
                },
                score: -62,
            },
        ];
        let text = render("f.bin", "exact scores\nsecond line", &l, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "# f.bin: exact scores second line");
        assert_eq!(lines.len(), 3);
        assert!(lines[1].ends_with(" X +0"), "{}", lines[1]);
        assert_eq!(lines[2], format!("XO{} X -62", "-".repeat(62)));
        assert!(!render("f.bin", "h", &l, true).starts_with('#'));
    }

    #[test]
    fn a_file_round_trips_through_the_parser() {
        let dir = std::env::temp_dir().join(format!("othello-labels-cmd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("l.bin");
        let l = [labels::Label {
            board: Board::start(),
            score: 4,
        }];
        labels::write(&path, "test", &l).expect("writes");
        let (h, back) = labels::read(&path).expect("reads");
        assert_eq!(render("x", &h, &back, true), render("x", "test", &l, true));
        assert!(run(&Args {
            files: vec![dir.join("missing.bin")],
            no_header: false
        })
        .is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
