//! What the CPU can run, and which instruction set the process uses: the
//! one file that asks the CPU (`is_x86_feature_detected!`), and the one
//! place where the choice between the portable kernels and the x86-64 ones
//! is made ([`active`]). Every dispatch in the crate matches on [`active`];
//! [`super::kernels`] holds the kernel sets it chooses between.
//!
//! The choice is made once per process: the best set this CPU runs, unless
//! [`force`] (the command line's `--isa`) or the environment variable
//! `OTHELLO_ISA` (`portable`, `x86-64-v3`, `x86-64-v4`) asked for another
//! one first, so that one machine can measure every path of one binary.
//! `OTHELLO_PORTABLE` (as `OTHELLO_ISA=portable`) and `OTHELLO_NO_AVX512`
//! (at most x86-64-v3) are still read.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

/// An instruction-set level the search is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Isa {
    /// The baseline target: no run-time features.
    Portable,
    /// x86-64-v3: AVX2, BMI1, BMI2, LZCNT, POPCNT.
    X86V3,
    /// x86-64-v4: x86-64-v3 and AVX-512 F, VL, CD, BW, DQ.
    X86V4,
}

/// Every level, lowest first.
pub const ALL_ISAS: [Isa; 3] = [Isa::Portable, Isa::X86V3, Isa::X86V4];

impl Isa {
    /// The name `--isa` and `OTHELLO_ISA` take.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::X86V3 => "x86-64-v3",
            Isa::X86V4 => "x86-64-v4",
        }
    }

    /// The level of a name ([`Isa::name`]; `v3`, `v4`, `avx2` and
    /// `avx512` too).
    pub fn parse(text: &str) -> Result<Isa, IsaError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "portable" | "generic" => Ok(Isa::Portable),
            "x86-64-v3" | "v3" | "avx2" => Ok(Isa::X86V3),
            "x86-64-v4" | "v4" | "avx512" | "avx-512" => Ok(Isa::X86V4),
            other => Err(IsaError::Unknown(other.to_string())),
        }
    }

    /// Whether this CPU runs the level (asked of the CPU each call).
    pub fn supported(self) -> bool {
        match self {
            Isa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Isa::X86V3 => {
                is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("bmi1")
                    && is_x86_feature_detected!("bmi2")
                    && is_x86_feature_detected!("lzcnt")
                    && is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Isa::X86V4 => {
                Isa::X86V3.supported()
                    && is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx512vl")
                    && is_x86_feature_detected!("avx512cd")
                    && is_x86_feature_detected!("avx512bw")
                    && is_x86_feature_detected!("avx512dq")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The best level this CPU runs.
    pub fn best() -> Isa {
        ALL_ISAS
            .into_iter()
            .rev()
            .find(|i| i.supported())
            .unwrap_or(Isa::Portable)
    }

    /// Every level this CPU runs, lowest first (what the tests compare).
    pub fn supported_list() -> Vec<Isa> {
        ALL_ISAS.into_iter().filter(|i| i.supported()).collect()
    }

    fn code(self) -> u8 {
        1 + self as u8
    }

    fn from_code(c: u8) -> Isa {
        match c {
            2 => Isa::X86V3,
            3 => Isa::X86V4,
            _ => Isa::Portable,
        }
    }
}

impl fmt::Display for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level that cannot be chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IsaError {
    /// Not a level's name.
    #[error("unknown instruction set {0:?}: expected portable, x86-64-v3 or x86-64-v4")]
    Unknown(String),
    /// This CPU lacks the level's features.
    #[error("this CPU cannot run {0} (it runs at most {best})", best = Isa::best())]
    Unsupported(Isa),
    /// The process had already chosen another level.
    #[error("the instruction set was already chosen ({chosen}); {asked} must be asked for before the first search")]
    AlreadyChosen {
        /// The level in use.
        chosen: Isa,
        /// The level asked for.
        asked: Isa,
    },
}

/// The level in use: 0 before the choice, else [`Isa::code`].
static ACTIVE: AtomicU8 = AtomicU8::new(0);

/// The level the environment asks for, if any, capped by the CPU (an
/// unreadable or unsupported `OTHELLO_ISA` is reported once on stderr and
/// ignored: the library has no other channel at that point).
fn from_environment() -> Isa {
    let mut isa = Isa::best();
    if let Some(v) = std::env::var_os("OTHELLO_ISA") {
        match Isa::parse(&v.to_string_lossy()) {
            Ok(i) if i.supported() => isa = i,
            Ok(i) => eprintln!("warning: OTHELLO_ISA: {}", IsaError::Unsupported(i)),
            Err(e) => eprintln!("warning: OTHELLO_ISA: {e}"),
        }
    }
    if std::env::var_os("OTHELLO_PORTABLE").is_some() {
        isa = Isa::Portable;
    }
    if std::env::var_os("OTHELLO_NO_AVX512").is_some() {
        isa = isa.min(Isa::X86V3);
    }
    isa
}

/// The instruction set every search of this process runs: chosen on the
/// first call (from [`force`], or the environment, or the CPU) and fixed
/// from then on. Never a level the CPU lacks, which is what makes the
/// `unsafe` calls of each dispatch sound.
#[inline]
pub fn active() -> Isa {
    match ACTIVE.load(Ordering::Relaxed) {
        0 => {
            let isa = from_environment();
            match ACTIVE.compare_exchange(0, isa.code(), Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => isa,
                Err(c) => Isa::from_code(c),
            }
        }
        c => Isa::from_code(c),
    }
}

/// Chooses the instruction set before the first search (the command
/// line's `--isa`). Errors when the CPU lacks it, or when another level is
/// already in use; asking again for the level in use is fine.
pub fn force(isa: Isa) -> Result<(), IsaError> {
    if !isa.supported() {
        return Err(IsaError::Unsupported(isa));
    }
    match ACTIVE.compare_exchange(0, isa.code(), Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) => Ok(()),
        Err(c) if c == isa.code() => Ok(()),
        Err(c) => Err(IsaError::AlreadyChosen {
            chosen: Isa::from_code(c),
            asked: isa,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_say_what_was_expected() {
        for isa in ALL_ISAS {
            assert_eq!(Isa::parse(isa.name()), Ok(isa));
        }
        let e = Isa::parse("neon").unwrap_err().to_string();
        assert!(e.contains("x86-64-v3"), "{e}");
    }

    #[test]
    fn the_active_level_runs_here_and_cannot_change() {
        let a = active();
        assert!(a.supported());
        assert!(a <= Isa::best());
        assert_eq!(force(a), Ok(()));
        if a != Isa::Portable {
            assert!(matches!(
                force(Isa::Portable),
                Err(IsaError::AlreadyChosen { .. })
            ));
        }
        assert!(Isa::supported_list().contains(&Isa::Portable));
    }
}
