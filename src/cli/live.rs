//! Input that comes as it is written (a pipe, a terminal, a socket, a
//! FIFO): the games read whole are handed on and written out before the
//! reading waits for more, not when a chunk or a batch fills.

use std::io::{self, Read};

use super::input::Source;

/// A descriptor to ask whether bytes are ready (on Unix; elsewhere no
/// input is seen as live).
#[cfg(unix)]
pub type Probe = std::os::fd::OwnedFd;
#[cfg(not(unix))]
pub type Probe = std::convert::Infallible;

/// What tells whether `file`, opened as `src`, is live: not a regular file
/// (nor the embedded sample). None for a file, and when it cannot be told.
#[cfg(unix)]
pub fn probe(src: &Source, file: Option<&std::fs::File>) -> Option<Probe> {
    use std::os::fd::AsFd;
    let fd = match (src, file) {
        (Source::Stdin, _) => io::stdin().as_fd().try_clone_to_owned().ok()?,
        (Source::File(_), Some(f)) => f.as_fd().try_clone_to_owned().ok()?,
        _ => return None,
    };
    let meta = std::fs::File::from(fd.try_clone().ok()?).metadata().ok()?;
    (!meta.is_file()).then_some(fd)
}

#[cfg(not(unix))]
pub fn probe(_: &Source, _: Option<&std::fs::File>) -> Option<Probe> {
    None
}

/// Whether `src` is live (its outputs are written out as they come).
pub fn is_live(src: &Source) -> bool {
    match src {
        Source::File(path) => cfg!(unix) && std::fs::metadata(path).is_ok_and(|m| !m.is_file()),
        Source::Stdin => probe(src, None).is_some(),
        Source::Sample => false,
    }
}

/// How long bytes may take to come before the input counts as paused: a
/// fast writer's pipe, empty for a moment, is no pause (its reading would
/// wait for every chunk read to be handed on).
#[cfg(unix)]
const PAUSE_MS: u8 = 50;

/// Whether bytes (or the end) can be read from `fd` within [`PAUSE_MS`].
#[cfg(unix)]
fn ready(fd: &Probe) -> bool {
    use nix::poll::{poll, PollFd, PollFlags};
    use std::os::fd::AsFd;
    let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
    // A probe that fails says nothing: the reading goes on as for a file.
    poll(&mut fds, PAUSE_MS).map_or(true, |n| n > 0)
}

#[cfg(not(unix))]
fn ready(fd: &Probe) -> bool {
    match *fd {}
}

/// The lock of `m`, also when a thread panicked holding it.
pub fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What a command does when its live input pauses (before the reading
/// waits): writes out what it holds.
pub type OnPause = std::sync::Arc<dyn Fn() + Send + Sync>;

/// A live input's text. When its descriptor has no byte ready (within
/// [`PAUSE_MS`]), a read calls `on_pause` and waits; without one, it
/// says `WouldBlock` once and the next read waits: the parallel reader
/// takes that as a pause, hands on every game it has read whole, then
/// reads on.
pub struct Live<R> {
    inner: R,
    probe: Probe,
    on_pause: Option<OnPause>,
    /// `WouldBlock` was said since the last bytes.
    told: bool,
}

impl<R> Live<R> {
    pub fn new(inner: R, probe: Probe, on_pause: Option<OnPause>) -> Live<R> {
        Live {
            inner,
            probe,
            on_pause,
            told: false,
        }
    }
}

impl<R: Read> Read for Live<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.told && !ready(&self.probe) {
            match &self.on_pause {
                Some(pause) => pause(),
                None => {
                    self.told = true;
                    return Err(io::ErrorKind::WouldBlock.into());
                }
            }
        }
        self.told = false;
        self.inner.read(buf)
    }
}
