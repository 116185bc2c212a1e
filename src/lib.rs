#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![warn(unsafe_op_in_unsafe_fn)]

pub mod attacks;
pub mod bitboard;
pub mod moves;
pub mod notation;
pub mod openings;
pub mod pgn;
pub mod polyglot;
pub mod position;
pub mod types;
pub mod validate;

pub use bitboard::Bitboard;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use position::{CastlingMode, CastlingSide, CheckStatus, FenError, Position};
pub use types::{Color, File, Piece, Rank, Role, Square};
