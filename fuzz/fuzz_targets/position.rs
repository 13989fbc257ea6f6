//! Position texts: board + side, move lists, and problem-file lines with
//! their tail (the one parser every command uses). Whatever parses must
//! write back to text that parses to the same position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use othello_solver::formats::parse_position_text;
use othello_solver::formats::position::{format_move_list, parse_move_list};
use othello_solver::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = Position::parse(text) {
        let again = Position::parse(&p.to_board_string());
        assert_eq!(again, Ok(p), "board string round trip of {text:?}");
    }
    if let Ok((p, moves)) = parse_move_list(text) {
        let again = parse_move_list(&format_move_list(&moves));
        assert_eq!(again, Ok((p, moves)), "move list round trip of {text:?}");
    }
    if let Ok(problem) = parse_position_text(text) {
        let again = parse_position_text(&problem.to_obf());
        assert_eq!(again, Ok(problem), "OBF round trip of {text:?}");
    }
});
