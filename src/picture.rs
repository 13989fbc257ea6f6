//! Pictures as SVG text: a board with each legal move's value in its square
//! (`show --scores --svg`, `solve --all-moves --svg`) and the perfect-play
//! score along a game (`analyze --svg`). Plain text generation: the pictures
//! are a few dozen elements, which a drawing crate would not make simpler.

use crate::board::{Cell, Square};
use crate::formats::Position;
use crate::search::{best_moves_of, MoveValue};
use crate::Color;
use std::fmt::Write;

/// Side of one square, in SVG user units.
const CELL: i32 = 60;
/// Margin around the board, for the coordinates.
const MARGIN: i32 = 30;

/// The text written in a legal move's square: the exact score (`+38`),
/// else the outcome (`win`), else the proven bounds (`≥+4`, `≤-2`, `?`).
pub fn value_label(v: &MoveValue) -> String {
    if let Some(s) = v.score() {
        return format!("{s:+}");
    }
    match v.wld() {
        Some(w) if v.lower > 0 || v.upper < 0 => w.to_string(),
        _ if v.lower > -64 => format!("≥{:+}", v.lower),
        _ if v.upper < 64 => format!("≤{:+}", v.upper),
        _ => "?".to_string(),
    }
}

/// The board of `pos` as an SVG picture: green squares, black and white
/// discs, files a–h and ranks 1–8 around it, each valued move's label in
/// its square (best moves framed in gold), and the side to move below.
pub fn board_svg(pos: &Position, values: &[MoveValue]) -> String {
    let size = 8 * CELL + 2 * MARGIN;
    let height = size + MARGIN;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {size} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{size}" height="{height}" fill="#f4f1e8"/>"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{w}" height="{w}" fill="#2e7d32" stroke="#1b3d1c" stroke-width="2"/>"##,
        w = 8 * CELL
    );
    for i in 0..=8 {
        let p = MARGIN + i * CELL;
        let end = MARGIN + 8 * CELL;
        let _ = writeln!(
            s,
            r##"<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{end}" stroke="#1b3d1c" stroke-width="1"/>"##
        );
        let _ = writeln!(
            s,
            r##"<line x1="{MARGIN}" y1="{p}" x2="{end}" y2="{p}" stroke="#1b3d1c" stroke-width="1"/>"##
        );
    }
    for i in 0..8 {
        let c = MARGIN + i * CELL + CELL / 2;
        let file = (b'a' + i as u8) as char;
        let _ = writeln!(
            s,
            r#"<text class="coord" x="{c}" y="{y}" font-size="16" text-anchor="middle">{file}</text>"#,
            y = MARGIN - 9
        );
        let _ = writeln!(
            s,
            r#"<text class="coord" x="{x}" y="{y}" font-size="16" text-anchor="middle">{rank}</text>"#,
            x = MARGIN / 2,
            y = c + 6,
            rank = i + 1
        );
    }
    let best = best_moves_of(values);
    for sq in Square::iter_bits(u64::MAX) {
        let (file, rank) = (sq.index() as i32 % 8, sq.index() as i32 / 8);
        let (cx, cy) = (
            MARGIN + file * CELL + CELL / 2,
            MARGIN + rank * CELL + CELL / 2,
        );
        let black = match (pos.board.at(sq), pos.side) {
            (Cell::Player, Color::Black) | (Cell::Opponent, Color::White) => Some(true),
            (Cell::Player, Color::White) | (Cell::Opponent, Color::Black) => Some(false),
            (Cell::Empty, _) => None,
        };
        if let Some(black) = black {
            let (fill, stroke) = if black {
                ("#111111", "#000000")
            } else {
                ("#fafafa", "#555555")
            };
            let _ = writeln!(
                s,
                r#"<circle class="disc" data-square="{sq}" data-color="{color}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
                r = CELL * 2 / 5,
                color = if black { "black" } else { "white" }
            );
        }
    }
    for v in values {
        let sq = v.square;
        let (file, rank) = (sq.index() as i32 % 8, sq.index() as i32 / 8);
        let (x, y) = (MARGIN + file * CELL, MARGIN + rank * CELL);
        let is_best = best.contains(&sq);
        if is_best {
            let _ = writeln!(
                s,
                r##"<rect class="best" data-square="{sq}" x="{x1}" y="{y1}" width="{w}" height="{w}" fill="none" stroke="#ffc107" stroke-width="4"/>"##,
                x1 = x + 3,
                y1 = y + 3,
                w = CELL - 6
            );
        }
        let colour = match (v.lower > 0, v.upper < 0) {
            (true, _) => "#b9f6ca",
            (_, true) => "#ff8a80",
            _ => "#fff59d",
        };
        let _ = writeln!(
            s,
            r#"<text class="score" data-square="{sq}" x="{cx}" y="{cy}" font-size="20" font-weight="{weight}" text-anchor="middle" fill="{colour}">{label}</text>"#,
            cx = x + CELL / 2,
            cy = y + CELL / 2 + 7,
            weight = if is_best { "bold" } else { "normal" },
            label = xml_escape(&value_label(v))
        );
    }
    let _ = writeln!(
        s,
        r#"<text class="caption" x="{MARGIN}" y="{y}" font-size="16">{side} to move; {empties} empties{best}</text>"#,
        y = 8 * CELL + MARGIN + 26,
        side = pos.side.name(),
        empties = pos.board.empties(),
        best = if best.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = best.iter().map(Square::to_string).collect();
            format!("; best {}", names.join(" "))
        }
    );
    s.push_str("</svg>\n");
    s
}

/// One point of a game's score chart: the move number (0 before the first
/// move) and black's score there (black − white), exact or estimated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartPoint {
    /// Moves played before the position.
    pub ply: u32,
    /// Black's score of the position: perfect play, or the midgame
    /// search's estimate of it.
    pub black_score: i32,
    /// Whether the score is exact.
    pub exact: bool,
}

/// A chart of black's score along a game: one point per analysed
/// position, a zero line, and the axes labelled (`title` above). Estimated
/// points are hollow on a dashed line; a vertical line marks the first
/// point from which every score is exact.
pub fn score_chart_svg(title: &str, points: &[ChartPoint]) -> String {
    let (w, h, left, top, bottom) = (640, 320, 50, 40, 40);
    let plot_w = w - left - 20;
    let plot_h = h - top - bottom;
    let first = points.first().map_or(0, |p| p.ply);
    let last = points.last().map_or(60, |p| p.ply).max(first + 1);
    let limit = points
        .iter()
        .map(|p| p.black_score.abs())
        .max()
        .unwrap_or(0)
        .clamp(8, 64);
    let x_of = |ply: u32| left + ((ply - first) as i32 * plot_w) / (last - first) as i32;
    let y_of = |v: i32| top + plot_h / 2 - (v * plot_h / 2) / limit;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#f4f1e8"/>"##);
    let _ = writeln!(
        s,
        r#"<text class="title" x="{left}" y="24" font-size="16">{}</text>"#,
        xml_escape(title)
    );
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{z}" x2="{x2}" y2="{z}" stroke="#888888" stroke-dasharray="4 3"/>"##,
        z = y_of(0),
        x2 = left + plot_w
    );
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{top}" x2="{left}" y2="{y2}" stroke="#333333"/>"##,
        y2 = top + plot_h
    );
    for v in [limit, 0, -limit] {
        let _ = writeln!(
            s,
            r#"<text class="axis" x="{x}" y="{y}" font-size="12" text-anchor="end">{v:+}</text>"#,
            x = left - 6,
            y = y_of(v) + 4
        );
    }
    for (ply, anchor) in [(first, "start"), (last, "end")] {
        let _ = writeln!(
            s,
            r#"<text class="axis" x="{x}" y="{y}" font-size="12" text-anchor="{anchor}">after move {ply}</text>"#,
            x = x_of(ply),
            y = top + plot_h + 16
        );
    }
    // The last estimated point joins the first exact one, so the line has
    // no gap where the values become exact.
    let exact_from = points.iter().rposition(|p| !p.exact).map_or(0, |k| k + 1);
    let xy = |p: &ChartPoint| format!("{},{}", x_of(p.ply), y_of(p.black_score));
    let estimated: Vec<String> = points[..(exact_from + 1).min(points.len())]
        .iter()
        .map(xy)
        .collect();
    let exact: Vec<String> = points[exact_from..].iter().map(xy).collect();
    if exact_from > 0 {
        let _ = writeln!(
            s,
            r##"<polyline class="estimate-line" points="{}" fill="none" stroke="#1565c0" stroke-width="2" stroke-dasharray="6 4"/>"##,
            estimated.join(" ")
        );
    }
    if !exact.is_empty() {
        let _ = writeln!(
            s,
            r##"<polyline class="score-line" points="{}" fill="none" stroke="#1565c0" stroke-width="2"/>"##,
            exact.join(" ")
        );
    }
    if let Some(p) = points.get(exact_from).filter(|_| exact_from > 0) {
        let x = x_of(p.ply);
        let _ = writeln!(
            s,
            r##"<line class="exact-from" data-ply="{ply}" x1="{x}" y1="{top}" x2="{x}" y2="{y2}" stroke="#2e7d32" stroke-dasharray="2 2"/>"##,
            ply = p.ply,
            y2 = top + plot_h
        );
        let _ = writeln!(
            s,
            r##"<text class="exact-label" x="{x}" y="{y}" font-size="12" text-anchor="middle" fill="#2e7d32">exact from here</text>"##,
            y = top - 4
        );
    }
    for p in points {
        let fill = if p.exact { "#1565c0" } else { "#ffffff" };
        let _ = writeln!(
            s,
            r##"<circle class="point" data-ply="{ply}" data-score="{v}" data-exact="{e}" cx="{x}" cy="{y}" r="3" fill="{fill}" stroke="#1565c0"/>"##,
            ply = p.ply,
            v = p.black_score,
            e = p.exact,
            x = x_of(p.ply),
            y = y_of(p.black_score)
        );
    }
    let _ = writeln!(
        s,
        r#"<text class="legend" x="{x}" y="{y}" font-size="12" text-anchor="end">{}</text>"#,
        if exact_from > 0 {
            "black's score (black − white): dashed and hollow = estimate, solid = perfect play"
        } else {
            "black's perfect-play score (black − white)"
        },
        x = left + plot_w,
        y = h - 8
    );
    s.push_str("</svg>\n");
    s
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(sq: &str, lower: i32, upper: i32) -> MoveValue {
        MoveValue {
            square: Square::parse(sq).unwrap(),
            lower,
            upper,
        }
    }

    #[test]
    fn labels_say_what_is_proven() {
        assert_eq!(value_label(&value("a1", 4, 4)), "+4");
        assert_eq!(value_label(&value("a1", 0, 0)), "+0");
        assert_eq!(value_label(&value("a1", 2, 64)), "win");
        assert_eq!(value_label(&value("a1", -64, -2)), "loss");
        assert_eq!(value_label(&value("a1", 4, 64)), "win");
        assert_eq!(value_label(&value("a1", -2, 64)), "≥-2");
        assert_eq!(value_label(&value("a1", -64, 0)), "≤+0");
        assert_eq!(value_label(&value("a1", -64, 64)), "?");
    }
}
