//! A pool of reusable per-thread states: solvers whose tables are too large
//! to make per item. A worker takes a free state (or makes one on first use),
//! works with it and gives it back, so a pool on `n` threads makes at most
//! `n` states. `batch` (`crate::batch::run`) and the tools' solver pool
//! (`othello_tools::hfit::par_solve`) both hand out their solvers with it.

use std::sync::Mutex;

/// Free states, handed from item to item.
#[derive(Debug)]
pub struct Pool<T> {
    free: Mutex<Vec<T>>,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool {
            free: Mutex::new(Vec::new()),
        }
    }
}

impl<T> Pool<T> {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `f` with a free state (made by `make` when none is free) and
    /// keeps the state for the next caller. An error of `make` is returned
    /// as is.
    pub fn with<R, E>(
        &self,
        make: impl FnOnce() -> Result<T, E>,
        f: impl FnOnce(&mut T) -> R,
    ) -> Result<R, E> {
        let taken = self.free.lock().ok().and_then(|mut v| v.pop());
        let mut state = match taken {
            Some(state) => state,
            None => make()?,
        };
        let r = f(&mut state);
        if let Ok(mut v) = self.free.lock() {
            v.push(state);
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_made_once_and_reused() {
        let pool = Pool::new();
        let mut made = 0;
        for i in 0..5 {
            let r: Result<u32, ()> = pool.with(
                || {
                    made += 1;
                    Ok(10)
                },
                |s| {
                    *s += i;
                    *s
                },
            );
            assert!(r.is_ok());
        }
        assert_eq!(made, 1);
        assert_eq!(pool.with(|| Err::<u32, &str>("unused"), |s| *s), Ok(20));
        let empty: Pool<u32> = Pool::new();
        assert_eq!(
            empty.with(|| Err("cannot make"), |s| *s),
            Err("cannot make")
        );
    }
}
