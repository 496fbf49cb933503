//! The seeds games are played with: the command line's seed first, then a sequence derived from it.

/// Hands out seeds: the command line's seed for the first game, then a reproducible sequence derived
/// from it, so a whole session started with `--seed N` replays game by game.
pub(super) struct Seeds {
    next: Option<u64>,
    state: u64,
    /// A separate stream for attract games, so how long the title was shown does not change the games.
    attract: u64,
    pub(super) games: u32,
}

impl Seeds {
    /// Starts the sequence at `first`, the first game's seed.
    pub(super) fn new(first: u64) -> Seeds {
        Seeds {
            next: Some(first),
            state: first,
            attract: !first,
            games: 0,
        }
    }

    /// The next game's seed.
    pub(super) fn next_game(&mut self) -> u64 {
        self.games += 1;
        match self.next.take() {
            Some(seed) => seed,
            None => splitmix64(&mut self.state),
        }
    }

    /// A seed for the next attract game.
    pub(super) fn next_attract(&mut self) -> u64 {
        splitmix64(&mut self.attract)
    }
}

/// One step of the splitmix64 generator: a well-mixed 64-bit value from a counter.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_game_uses_the_seed_and_the_sequence_replays() {
        let mut a = Seeds::new(42);
        let mut b = Seeds::new(42);
        assert_eq!(a.next_game(), 42);
        // Attract games in between must not shift the sequence of real games.
        a.next_attract();
        let second = a.next_game();
        b.next_game();
        assert_eq!(b.next_game(), second);
        assert_ne!(second, 42);
        assert_ne!(a.next_game(), second);
    }
}
