//! A small deterministic random number generator (SplitMix64), for sampling
//! positions and for tests. Not cryptographic.

/// SplitMix64: 64-bit state, passes BigCrush, one multiply-xorshift per draw.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed` (the same seed gives the same stream).
    pub const fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-shift.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// A uniformly chosen set bit of `bits` (which must not be 0).
    pub fn pick_bit(&mut self, bits: u64) -> u32 {
        let mut k = self.below(bits.count_ones() as u64);
        let mut b = bits;
        while k > 0 {
            b &= b - 1;
            k -= 1;
        }
        b.trailing_zeros()
    }
}

/// Plays one uniformly random legal move on `b` (passing first when the
/// side to move has none) and returns its square index, or `None` when the
/// game is over (`b` is then left as it was).
fn play_random(rng: &mut SplitMix64, b: &mut crate::Board) -> Option<usize> {
    let mut m = b.moves();
    if m == 0 {
        let passed = b.pass();
        m = passed.moves();
        if m == 0 {
            return None;
        }
        *b = passed;
    }
    let sq = rng.pick_bit(m) as usize;
    let f = crate::board::movegen::flips(b.player, b.opponent, sq);
    *b = b.play_flips(sq, f);
    Some(sq)
}

/// A random position reached from the start by random legal moves, with
/// `empties` empty squares (passes played when forced). `None` if the random
/// game ended before reaching that many empties.
pub fn random_position(rng: &mut SplitMix64, empties: u32) -> Option<crate::Board> {
    let mut b = crate::Board::start();
    while b.empties() > empties {
        play_random(rng, &mut b)?;
    }
    Some(b)
}

/// A whole random game from the start: uniformly random legal moves until
/// neither side can move, as the list of moves played (passes are implied,
/// as in a transcript). For tests and smoke runs that need game records.
///
/// ```
/// use othello_solver::rng::{random_game, SplitMix64};
/// let moves = random_game(&mut SplitMix64::new(7));
/// assert!(moves.len() <= 60);
/// assert_eq!(moves, random_game(&mut SplitMix64::new(7)));
/// ```
pub fn random_game(rng: &mut SplitMix64) -> Vec<crate::board::Square> {
    let mut b = crate::Board::start();
    let mut moves = Vec::with_capacity(60);
    while let Some(sq) = play_random(rng, &mut b) {
        // play_random returns the index of a set bit: always a square.
        moves.extend(crate::board::Square::new(sq as u8));
    }
    moves
}
