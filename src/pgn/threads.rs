//! Threads that read: one the system cannot start (a limit of threads or
//! of memory) is an I/O error that says so, never a panic. The error keeps
//! the system's kind and carries a [`ThreadStartError`], which tells it
//! from an error of the input being read.

use std::fmt;
use std::io;

/// A reading thread could not be started; the system's error inside.
/// Found in an `io::Error` by [`is_thread_start`].
#[derive(Debug)]
pub struct ThreadStartError(io::Error);

impl fmt::Display for ThreadStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot start a reading thread: {}", self.0)
    }
}

impl std::error::Error for ThreadStartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// The error of a thread spawn that failed with `e`: of `e`'s kind, its
/// message `cannot start a reading thread: ` and `e`'s.
pub(crate) fn thread_start_error(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), ThreadStartError(e))
}

/// Whether `e` says that a reading thread could not be started (rather
/// than that the input could not be read).
///
/// ```
/// use std::io;
/// let read = io::Error::new(io::ErrorKind::InvalidData, "corrupt");
/// assert!(!movetext::pgn::is_thread_start(&read));
/// ```
pub fn is_thread_start(e: &io::Error) -> bool {
    e.get_ref()
        .is_some_and(|inner| inner.is::<ThreadStartError>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn the_message_says_what_failed_and_why() {
        let e = thread_start_error(io::Error::from_raw_os_error(11));
        assert!(is_thread_start(&e));
        assert_eq!(e.kind(), io::ErrorKind::WouldBlock);
        assert_eq!(
            e.to_string(),
            "cannot start a reading thread: Resource temporarily unavailable (os error 11)"
        );
        assert!(!is_thread_start(&io::Error::from_raw_os_error(11)));
    }
}
