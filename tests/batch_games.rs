//! Batch items from game records on the shared WTHOR data: every game of
//! WTH_2022 that reaches 24 empties with a side to move gives an item that
//! carries WTHOR's theoretical score (byte 7) as its known score.

use othello_solver::batch::read_game_items;
use othello_solver::formats::games::read_game_file;
use std::path::Path;

#[test]
fn wthor_2022_items_at_24_empties_carry_known_scores() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/games/wthor/WTH_2022.wtb");
    if !path.is_file() {
        println!("skipped: ../shared not found ({})", path.display());
        return;
    }
    let (items, rejected) = read_game_items(&[&path], 24).unwrap_or_else(|e| panic!("{e}"));
    assert!(rejected.is_empty(), "{rejected:?}");
    let file = read_game_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let reaching: Vec<_> = file
        .games
        .iter()
        .filter(|g| g.position_to_solve_at(24).is_some())
        .collect();
    assert!(items.len() > 1000, "only {} items", items.len());
    assert_eq!(items.len(), reaching.len());
    for (item, game) in items.iter().zip(&reaching) {
        assert_eq!(item.id, game.id);
        assert!(item.id.starts_with("WTH_2022.wtb#"), "{}", item.id);
        assert_eq!(item.position.board.empties(), 24);
        assert_ne!(item.position.board.moves(), 0, "{}", item.id);
        assert!(item.problem.is_none());
        let t = game
            .theoretical
            .unwrap_or_else(|| panic!("{}: no theoretical score", game.id));
        let known = item
            .known_score
            .unwrap_or_else(|| panic!("{}: no known score", item.id));
        // Byte 7 is black's score; the item has the side to move's view.
        let black_view = match item.position.side {
            othello_solver::Color::Black => known,
            othello_solver::Color::White => -known,
        };
        assert_eq!(black_view, t.black_score, "{}", item.id);
        assert!((-64..=64).contains(&known) && known % 2 == 0, "{}", item.id);
    }
}
