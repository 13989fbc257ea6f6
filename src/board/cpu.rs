//! What the CPU can run, detected once: the one question behind every
//! dispatch between the portable kernels and the x86-64 ones
//! ([`super::kernels`] is the seam that uses it).

/// The best instance this CPU runs: 0 not detected yet, 1 portable only,
/// 2 x86-64-v3, 3 x86-64-v4.
#[cfg(target_arch = "x86_64")]
fn level() -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    static DETECTED: AtomicU8 = AtomicU8::new(0);
    match DETECTED.load(Ordering::Relaxed) {
        0 => {
            let v3 = std::env::var_os("OTHELLO_PORTABLE").is_none()
                && is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("lzcnt")
                && is_x86_feature_detected!("popcnt");
            let v4 = v3
                && std::env::var_os("OTHELLO_NO_AVX512").is_none()
                && is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("avx512cd")
                && is_x86_feature_detected!("avx512bw")
                && is_x86_feature_detected!("avx512dq");
            let l = 1 + u8::from(v3) + u8::from(v4);
            DETECTED.store(l, Ordering::Relaxed);
            l
        }
        l => l,
    }
}

/// Whether this CPU runs the x86-64-v3 instance
/// ([`super::kernels::X86V3`]: AVX2, BMI1, BMI2, LZCNT, POPCNT), detected
/// once and cached. Always `false` off x86-64, and `false` when the
/// environment variable `OTHELLO_PORTABLE` is set (to measure the portable
/// path on the same binary; docs/benchmarks.md, "Board kernels").
#[inline]
pub fn has_x86_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        level() >= 2
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether this CPU runs the x86-64-v4 instance
/// ([`super::kernels::X86V4`]: the x86-64-v3 features and AVX-512 F, VL,
/// CD, BW, DQ), detected once and cached. Implies [`has_x86_v3`]. `false`
/// when `OTHELLO_PORTABLE` or `OTHELLO_NO_AVX512` is set (the latter to
/// measure the x86-64-v3 instance on the same binary and machine).
#[inline]
pub fn has_x86_v4() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        level() >= 3
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
