//! The checks every fuzz target shares: a naive move generator
//! ([`Naive`], in `naive.rs`, shared with `tests/engine/oracle.rs`) and
//! [`check_position`], which compares every query of a position with it;
//! and the bodies of the fuzz targets ([`fen`], [`legals_are_legal`],
//! [`notation_parsers`], [`notation_roundtrip`], [`pgn_reader`],
//! [`pgn_chunked`], [`arrow_records`]), kept here so
//! `tests/fuzz_regressions.rs` (which includes this file) replays crash
//! inputs through exactly the same code.
//!
//! | file | checks |
//! |---|---|
//! | `engine.rs` | positions, FEN, legal moves |
//! | `notation.rs` | the notation parsers and writers |
//! | `pgn.rs` | the PGN reader, chunked reading, the validator |
//! | `records.rs` | the Arrow game records, one thread against several (feature `arrow`) |

#![allow(dead_code)] // also compiled as a module of tests/fuzz_regressions.rs

// Paths spelled out: the same in the fuzz crate and in the test that
// includes this file.
#[path = "engine.rs"]
mod engine;
#[path = "naive.rs"]
mod naive;
#[path = "notation.rs"]
mod notation;
#[path = "pgn.rs"]
mod pgn;
#[cfg(feature = "arrow")]
#[path = "records.rs"]
mod records;

pub use engine::*;
pub use naive::Naive;
pub use notation::*;
pub use pgn::*;
#[cfg(feature = "arrow")]
pub use records::*;
