//! Where `-o FILE` output goes: never onto an input, and never a partial
//! file in place of the old one.
//!
//! - An output that is the same file as an input (same device and inode:
//!   the same path, a hard link, a symbolic link, or standard input
//!   redirected from it) is refused before anything is opened for writing.
//! - Through a symbolic link, dangling or not, the file it points to is
//!   written and the link is kept (as a shell's `>` or `cp` does).
//! - The output is written to a temporary file in the target's directory
//!   (`.NAME.movetext-PID.tmp`, with the target's permissions if it
//!   exists) and renamed onto the target only when the run is complete:
//!   every input read to its end and every byte written, whether or not
//!   some games failed (exit 0 or 1: a failed game is written and marked,
//!   the output is whole). On an I/O error of an input or of the output
//!   (exit 2), or when the run is interrupted (Ctrl-C, SIGTERM, SIGHUP),
//!   the temporary file is removed and the target is left as it was. A run
//!   killed outright (SIGKILL) cannot remove it: a stale `.movetext-PID.tmp`
//!   may stay behind, the target is still untouched.
//! - A target that exists and is not a regular file (`/dev/stdout`, a named
//!   pipe, a terminal) is written directly.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::input::Source;
use super::{io_message, Failure, EXIT_INTERRUPTED};

/// Bytes buffered before a write to the output.
const BUFFER: usize = 256 * 1024;

/// Writes of this many bytes or more go to the output without a copy into
/// the buffer (after what it holds): a batch of games' text.
const DIRECT: usize = 64 * 1024;

/// The temporary file being written, removed by the interrupt handler.
static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The output of a command: standard output, or a file written through a
/// temporary one.
pub struct Output {
    out: BufWriter<Box<dyn Write + Send>>,
    name: String,
    /// The temporary file and the target it replaces when done.
    rename: Option<(PathBuf, PathBuf)>,
}

impl Output {
    /// Standard output (`None`), or `path` checked against `inputs` and
    /// written through a temporary file. Errors: the output is an input
    /// (a usage error), the interrupt handler that removes the temporary
    /// file cannot be set, or the temporary file cannot be created.
    pub fn create(path: Option<&str>, inputs: &[Source]) -> Result<Output, Failure> {
        let Some(path) = path else {
            refuse_stdout_input(inputs)?;
            return Ok(Output {
                out: BufWriter::with_capacity(BUFFER, Box::new(io::stdout())),
                name: "stdout".to_string(),
                rename: None,
            });
        };
        refuse_inputs(path, inputs)?;
        remove_on_interrupt()?;
        let fail = |e: io::Error| Failure::Output(path.to_string(), e);
        // Through a symbolic link (dangling or not), the file it points to
        // is written and the link kept, as a shell's `>` does.
        let target = link_target(Path::new(path)).map_err(fail)?;
        // An existing target that is not a regular file is written as it is.
        let existing = fs::metadata(&target).ok();
        if existing.as_ref().is_some_and(|m| !m.is_file()) {
            let file = OpenOptions::new().write(true).open(&target).map_err(fail)?;
            return Ok(Output {
                out: BufWriter::with_capacity(BUFFER, Box::new(file)),
                name: path.to_string(),
                rename: None,
            });
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let file_name = target
            .file_name()
            .ok_or_else(|| fail(io::Error::other("not a file name")))?;
        let temp = dir.join(format!(
            ".{}.movetext-{}.tmp",
            file_name.to_string_lossy(),
            std::process::id()
        ));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(fail)?;
        set_pending(Some(temp.clone()));
        if let Some(m) = existing {
            // Best effort: the target keeps its permissions.
            let _ = file.set_permissions(m.permissions());
        }
        Ok(Output {
            out: BufWriter::with_capacity(BUFFER, Box::new(file)),
            name: path.to_string(),
            rename: Some((temp, target)),
        })
    }

    /// The name used in messages (`stdout` or the path given).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Ends the output. `complete`: the run read every input to its end;
    /// then the output is flushed and renamed into place. Otherwise (or if
    /// that fails) the temporary file is removed and the target left as it
    /// was.
    pub fn finish(mut self, complete: bool) -> Result<(), Failure> {
        let flushed = self.out.flush();
        let rename = self.rename.take();
        // Closes the file before it is renamed.
        drop(std::mem::replace(
            &mut self.out,
            BufWriter::new(Box::new(io::sink())),
        ));
        let name = std::mem::take(&mut self.name);
        let Some((temp, target)) = rename else {
            return flushed.map_err(|e| Failure::output(&name, e));
        };
        // Renamed under the interrupt handler's lock: an interrupt either
        // finds the temporary file and removes it, or finds it gone.
        let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
        let done = match flushed {
            Ok(()) if complete => fs::rename(&temp, &target),
            Ok(()) => Ok(()),
            Err(e) => Err(e),
        };
        if done.is_err() || !complete {
            let _ = fs::remove_file(&temp);
        }
        *pending = None;
        drop(pending);
        done.map_err(|e| Failure::Output(name, e))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if buf.len() < DIRECT {
            return self.out.write_all(buf);
        }
        if !self.out.buffer().is_empty() {
            self.out.flush()?;
        }
        self.out.get_mut().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Drop for Output {
    /// An output dropped without [`Output::finish`] (an early return) is
    /// incomplete: its temporary file goes.
    fn drop(&mut self) {
        if let Some((temp, _)) = self.rename.take() {
            let _ = fs::remove_file(&temp);
            set_pending(None);
        }
    }
}

fn set_pending(path: Option<PathBuf>) {
    if let Ok(mut p) = PENDING.lock() {
        *p = path;
    }
}

/// Removes the temporary output on Ctrl-C, SIGTERM and SIGHUP, then exits
/// with status 130 (what a shell reports for a process ended by SIGINT).
/// Installed before an output file is opened; one handler serves every
/// output of the process (this is its only installer).
/// The message says whether the file was still being written: after
/// it was renamed into place (or before it was begun) it only says
/// interrupted.
/// Error: the handler cannot be set (its thread cannot start, a signal
/// cannot be caught); then an interruption would leave the temporary file
/// behind, or not stop the run at all, and no file is written.
fn remove_on_interrupt() -> Result<(), Failure> {
    let set = ctrlc::set_handler(|| {
        let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
        let message = match pending.take() {
            Some(temp) => {
                let _ = fs::remove_file(temp);
                "movetext: interrupted; the output file was not written"
            }
            None => "movetext: interrupted",
        };
        super::eprint_line(message);
        // Exits holding the lock: no rename can follow.
        std::process::exit(i32::from(EXIT_INTERRUPTED));
    });
    match set {
        // Set for an earlier output of the process.
        Ok(()) | Err(ctrlc::Error::MultipleHandlers) => Ok(()),
        Err(e) => {
            let why = match &e {
                ctrlc::Error::System(e) => io_message(e),
                other => other.to_string(),
            };
            Err(Failure::System(format!(
                "cannot set the interrupt handler: {why}"
            )))
        }
    }
}

/// Symbolic links followed at most, as Linux does (then ELOOP).
const MAX_LINKS: usize = 40;

/// The file `path` names once symbolic links are followed: the end of a
/// chain of links (which need not exist), or `path` itself if it is no
/// link. A relative link is read from the directory of the link. Error:
/// a chain longer than [`MAX_LINKS`] (a loop).
fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        // Not a link, or not there: the file to write.
        let Ok(next) = fs::read_link(&target) else {
            return Ok(target);
        };
        target = match target.parent() {
            Some(dir) if next.is_relative() => dir.join(next),
            _ => next,
        };
    }
    Err(too_many_links())
}

#[cfg(unix)]
fn too_many_links() -> io::Error {
    io::Error::from_raw_os_error(libc::ELOOP)
}

#[cfg(not(unix))]
fn too_many_links() -> io::Error {
    io::Error::other("too many levels of symbolic links")
}

/// Refuses `output` if it is the same file as an input.
fn refuse_inputs(output: &str, inputs: &[Source]) -> Result<(), Failure> {
    let Some(out) = identity(Path::new(output)) else {
        // Not there yet: no input can be it.
        return Ok(());
    };
    let Some(src) = input_at(inputs, out) else {
        return Ok(());
    };
    let what = match src {
        Source::File(p) if p == output => format!("{output} is also an input"),
        Source::File(p) => format!("{output} is the same file as the input {p}"),
        _ => format!("{output} is the same file as standard input"),
    };
    Err(Failure::Usage(format!(
        "{what}; refusing to write over it (write to another file)"
    )))
}

/// Refuses standard output if it is a regular file that is also an input
/// (`movetext convert x.pgn >> x.pgn`): the games written would be read
/// again, and the file would grow until the disk is full.
fn refuse_stdout_input(inputs: &[Source]) -> Result<(), Failure> {
    let Some(out) = stdout_identity() else {
        return Ok(());
    };
    match input_at(inputs, out) {
        Some(src) => Err(Failure::Usage(format!(
            "standard output is the input {}; refusing to write over it (write to another file)",
            src.name()
        ))),
        None => Ok(()),
    }
}

/// The input that is the file `id` (device and inode), if one is.
fn input_at(inputs: &[Source], id: (u64, u64)) -> Option<&Source> {
    inputs.iter().find(|src| match src {
        Source::File(p) => identity(Path::new(p)) == Some(id),
        Source::Stdin => stdin_identity() == Some(id),
        Source::Sample => false,
    })
}

/// A file's device and inode, through symbolic links (None if it does not
/// exist).
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The file behind standard input, if it is a regular one.
#[cfg(unix)]
fn stdin_identity() -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    fd_identity(io::stdin().as_fd())
}

/// The file behind standard output, if it is a regular one.
#[cfg(unix)]
fn stdout_identity() -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    fd_identity(io::stdout().as_fd())
}

/// The regular file open as `fd`: its device and inode.
#[cfg(unix)]
fn fd_identity(fd: std::os::fd::BorrowedFd<'_>) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let m = File::from(fd.try_clone_to_owned().ok()?).metadata().ok()?;
    m.is_file().then(|| (m.dev(), m.ino()))
}

/// Elsewhere: the canonical path stands for the file (hard links are not
/// seen).
#[cfg(not(unix))]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::hash::{Hash, Hasher};
    let p = fs::canonicalize(path).ok()?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    p.hash(&mut h);
    Some((0, h.finish()))
}

#[cfg(not(unix))]
fn stdin_identity() -> Option<(u64, u64)> {
    None
}

#[cfg(not(unix))]
fn stdout_identity() -> Option<(u64, u64)> {
    None
}
