//! What the CPU can run, detected once: the one question behind every
//! dispatch between the portable kernels and the x86-64-v3 ones
//! ([`super::kernels`] is the seam that uses it).

/// Whether this CPU runs the x86-64-v3 instance
/// ([`super::kernels::X86V3`]: AVX2, BMI1, BMI2, LZCNT, POPCNT), detected
/// once and cached. Always `false` off x86-64, and `false` when the
/// environment variable `OTHELLO_PORTABLE` is set (to measure the portable
/// path on the same binary; docs/benchmarks.md, "Board kernels").
#[inline]
pub fn has_x86_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::{AtomicU8, Ordering};
        /// 0: not detected yet; 1: absent; 2: present.
        static DETECTED: AtomicU8 = AtomicU8::new(0);
        match DETECTED.load(Ordering::Relaxed) {
            2 => true,
            1 => false,
            _ => {
                let yes = std::env::var_os("OTHELLO_PORTABLE").is_none()
                    && is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("bmi1")
                    && is_x86_feature_detected!("bmi2")
                    && is_x86_feature_detected!("lzcnt")
                    && is_x86_feature_detected!("popcnt");
                DETECTED.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                yes
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
