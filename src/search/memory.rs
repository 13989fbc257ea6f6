//! Fallible allocation of the search tables: a table larger than the
//! machine's memory is an error that names the size asked and the memory
//! there is, not an abort.

use std::fmt;

/// A table could not be allocated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot allocate {requested_mib} MiB for {what}{total}; choose a smaller --hash-mb",
    total = TotalText(*total_mib)
)]
pub struct TableMemoryError {
    /// What the memory was for (e.g. "the alpha-beta table").
    pub what: &'static str,
    /// The size asked, in MiB (rounded up).
    pub requested_mib: u64,
    /// The machine's total memory in MiB (`MemTotal` of `/proc/meminfo`),
    /// where it can be read.
    pub total_mib: Option<u64>,
}

struct TotalText(Option<u64>);

impl fmt::Display for TotalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(t) => write!(f, " (this machine has {t} MiB in total)"),
            None => Ok(()),
        }
    }
}

/// The machine's total memory in MiB, from `MemTotal` in `/proc/meminfo`
/// (`None` where that file is absent or unreadable).
pub fn total_memory_mib() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_mem_total_kib(&text).map(|kib| kib / 1024)
}

/// `MemTotal` in KiB from the text of `/proc/meminfo`.
fn parse_mem_total_kib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    line["MemTotal:".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

impl TableMemoryError {
    /// The error for `bytes` asked for `what`, with the machine's total
    /// memory where it can be read.
    pub fn new(what: &'static str, bytes: u64) -> TableMemoryError {
        TableMemoryError {
            what,
            requested_mib: bytes.div_ceil(1 << 20),
            total_mib: total_memory_mib(),
        }
    }
}

/// Checks that `bytes` of tables fit in the machine's memory (when it is
/// known); `what` names them in the error.
pub fn check_fits(bytes: u64, what: &'static str) -> Result<(), TableMemoryError> {
    let total_mib = total_memory_mib();
    let requested_mib = bytes.div_ceil(1 << 20);
    if total_mib.is_some_and(|t| requested_mib > t) {
        return Err(TableMemoryError {
            what,
            requested_mib,
            total_mib,
        });
    }
    Ok(())
}

/// An empty vector with room for exactly `len` elements, or an error when
/// the allocation is larger than the machine's memory or fails. (With memory
/// overcommit an allocation far beyond the machine's memory may succeed and
/// kill the process when its pages are touched: hence the check first.)
pub fn try_with_capacity<T>(len: usize, what: &'static str) -> Result<Vec<T>, TableMemoryError> {
    let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    check_fits(bytes, what)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| TableMemoryError::new(what, bytes))?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_total_is_read() {
        let text = "MemFree:  100 kB\nMemTotal:       24615612 kB\nBuffers: 1 kB\n";
        assert_eq!(parse_mem_total_kib(text), Some(24_615_612));
        assert_eq!(parse_mem_total_kib("MemFree: 1 kB\n"), None);
        assert_eq!(parse_mem_total_kib("MemTotal: lots\n"), None);
    }

    #[test]
    fn too_large_is_an_error_not_an_abort() {
        let e = try_with_capacity::<u64>(usize::MAX / 8, "a test table");
        let e = e.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("cannot allocate "), "{e}");
        assert!(e.contains("for a test table"), "{e}");
        let v = try_with_capacity::<u64>(1000, "a small table").map(|v| v.capacity());
        assert_eq!(v, Ok(1000));
    }
}
