//! A streaming PGN reader: movetext tokens only, no chess rules.
//!
//! The [`Reader`] pushes each game's tags, move tokens (raw SAN bytes), NAGs,
//! comments, variations and result to a [`Visitor`] as borrowed byte slices
//! (no copy, no allocation), through a fixed-size buffer over any
//! `io::Read`, or straight from a slice in memory. The visitor parses and
//! checks the moves (for instance with the notation parsers and `Position`).
//!
//! - [`visitor`]: the trait, the call order, results, NAGs, errors.
//! - [`reader`]: the state machine and its rules.
//! - [`split`]: game boundaries without tokenizing (the
//!   [hard-game-start rule](split#the-hard-game-start-rule)); game-aligned
//!   chunks, read one by one.
//! - [`parallel`]: pipelined parallel reading on all cores (feature
//!   `parallel`): [`par_read_all`], [`par_read`], [`par_read_with`].
//! - [`decompress`]: compressed input by its first bytes (zstd incl. pzstd/lichess,
//!   gzip, bzip2, xz; decompressors with feature `compression`).
//! - [`ThreadStartError`]: a reading thread that could not be started.
//! - `units`: a file cut into work units read apart, on the machines of a
//!   cluster, whose games end to end are the file's (features `parallel`
//!   and `compression`).
//!
//! # Examples
//!
//! ```
//! use movetext::pgn::{Control, Reader, Visitor};
//!
//! struct Games;
//! impl Visitor for Games {
//!     type Output = ();
//!     fn end_game(&mut self) {}
//! }
//!
//! let pgn = b"[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 d5 *\n";
//! let mut reader = Reader::from_slice(pgn);
//! let mut games = 0;
//! reader.read_all(&mut Games, |()| games += 1).unwrap();
//! assert_eq!(games, 2);
//! ```

// Internal modules; the ones still `pub` (hidden from the docs) hold what
// the crate's tests, benches and fuzz targets need: test oracles and
// tuning constants, no stable interface.
#[doc(hidden)]
pub mod buffer;
mod bytes;
pub mod decompress;
#[doc(hidden)]
pub mod events;
#[cfg(feature = "parallel")]
pub mod parallel;
pub mod reader;
#[doc(hidden)]
pub mod scan;
pub mod split;
pub(crate) mod threads;
#[cfg(all(feature = "parallel", feature = "compression", any(unix, windows)))]
pub mod units;
pub mod visitor;

pub use buffer::{BufferedInput, Input, Origin, SliceInput, DEFAULT_CAPACITY};
#[cfg(feature = "parallel")]
pub use parallel::{par_read, par_read_all, par_read_with, ParOptions};
pub use reader::Reader;
pub use threads::{is_thread_start, ThreadStartError};
pub use visitor::{
    escape_controls, latin1_lossy, Control, ErrorKind, GameResult, Location, Nag, PgnError, RawTag,
    Visitor,
};
