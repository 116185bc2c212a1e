//! Read, check and write chess moves in every algebraic notation.
//!
//! movetext plays every move it reads on its own bitboard move generator,
//! so a move is either legal in its position or reported with its place
//! (game, line, column, byte offset). It reads SAN in its strict PGN form
//! and in every lenient form books print, piece letters in 32 languages,
//! figurines, long algebraic, UCI, ICCF numeric and English descriptive
//! notation, and writes each of them back; its PGN reader streams
//! multi-gigabyte files through a fixed buffer, on one thread or all cores.
//!
//! # Layers
//!
//! Each layer uses only the ones above it in this table: the position
//! knows nothing of notation or PGN.
//!
//! | module | what it owns |
//! |---|---|
//! | [`types`], [`bitboard`], [`moves`] | squares, pieces, [`Bitboard`], the 16-bit [`Move`] and the stack [`MoveList`] |
//! | [`attacks`] | attack tables built at compile time (magic bitboards; PEXT with `-C target-cpu=native`) |
//! | [`position`] | [`Position`]: FEN/EPD, legal moves, play, check and mate, perft |
//! | [`notation`] | every move notation, the piece letters of each language, results and glyphs: parse, resolve, write |
//! | [`pgn`] | the streaming PGN reader and its [`Visitor`](pgn::Visitor): tokens only, no chess rules |
//! | [`validate`] | the [`Validator`](validate::Validator): PGN, notation and position together |
//! | [`polyglot`], [`openings`] | Polyglot Zobrist keys; the ECO code and name of a game's opening |
//!
//! # A position and its moves
//!
//! ```
//! use movetext::{Position, Square};
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(pos.perft(4), 197_281);
//!
//! // Fool's mate, each move picked from the legal moves.
//! for (from, to) in [(Square::F2, Square::F3), (Square::E7, Square::E5),
//!                    (Square::G2, Square::G4), (Square::D8, Square::H4)] {
//!     let m = *pos.legal_moves().iter().find(|m| m.from() == from && m.to() == to).unwrap();
//!     pos.play(m);
//! }
//! assert!(pos.is_checkmate());
//! assert_eq!(pos.fen(), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
//! ```
//!
//! # SAN: parse, resolve, write
//!
//! A move read in German (`S` is a knight), resolved in its position, and
//! written in PGN's English SAN and in UCI, into a stack buffer:
//!
//! ```
//! use movetext::notation::{write_san, write_uci, ArrayBuf, Language, ParseMode, San, SanStyle};
//! use movetext::Position;
//!
//! let pos = Position::new();
//! let san = San::from_ascii(b"Sf3", Language::De, ParseMode::Lenient).unwrap();
//! let m = san.to_move(&pos, ParseMode::Lenient).unwrap().mv;
//!
//! let mut out = ArrayBuf::<16>::new();
//! write_san(&pos, m, &SanStyle::PGN, &mut out);
//! assert_eq!(out.as_str(), "Nf3");
//!
//! let mut out = ArrayBuf::<8>::new();
//! write_uci(m, pos.castling_mode(), &mut out);
//! assert_eq!(out.as_str(), "g1f3");
//! ```
//!
//! # Reading PGN with a visitor
//!
//! The [`pgn::Reader`] hands each game's tags and move tokens to a
//! [`pgn::Visitor`] as slices of its buffer, without copying them:
//!
//! ```
//! use movetext::pgn::{Control, Location, RawTag, Reader, Visitor};
//!
//! #[derive(Default)]
//! struct Game { white: String, moves: usize }
//!
//! impl Visitor for Game {
//!     type Output = (String, usize);
//!     fn tag(&mut self, name: &[u8], value: RawTag<'_>, _at: Location) -> Control {
//!         if name == b"White" {
//!             self.white = String::from_utf8_lossy(&value.decode()).into_owned();
//!         }
//!         Control::Continue
//!     }
//!     fn san(&mut self, _san: &[u8], _at: Location) -> Control {
//!         self.moves += 1;
//!         Control::Continue
//!     }
//!     fn end_game(&mut self) -> (String, usize) {
//!         let game = std::mem::take(self);
//!         (game.white, game.moves)
//!     }
//! }
//!
//! let pgn = b"[White \"Anderssen\"]\n\n1. e4 e5 2. f4 1-0\n\n[White \"Morphy\"]\n\n1. e4 *\n";
//! let mut games = Vec::new();
//! Reader::from_slice(pgn).read_all(&mut Game::default(), |g| games.push(g)).unwrap();
//! assert_eq!(games, [("Anderssen".to_string(), 3), ("Morphy".to_string(), 1)]);
//! ```
//!
//! # Validating games
//!
//! The [`validate::Validator`] plays every move of every game and reports
//! each problem with its place; a broken game keeps its moves up to the
//! error, and reading goes on with the next game:
//!
//! ```
//! use movetext::pgn::Reader;
//! use movetext::validate::{GameError, GameSummary, GameVisitor, ValidateOptions, Validator};
//!
//! #[derive(Default)]
//! struct Errors(Vec<String>);
//!
//! impl GameVisitor for Errors {
//!     type Output = (u32, bool);
//!     fn error(&mut self, e: &GameError) {
//!         self.0.push(format!("{}:{}: {e}", e.line, e.column));
//!     }
//!     fn end_game(&mut self, summary: &GameSummary) -> (u32, bool) {
//!         (summary.moves, summary.failed)
//!     }
//! }
//!
//! let pgn = b"1. e4 e5 2. Ke3 Nc6 *\n\n1. d4 d5 *\n";
//! let mut validator = Validator::new(Errors::default(), ValidateOptions::default());
//! let mut games = Vec::new();
//! Reader::from_slice(pgn).read_all(&mut validator, |g| games.push(g)).unwrap();
//! assert_eq!(games, [(2, true), (2, false)]);
//! assert_eq!(validator.inner().0, ["1:13: game 1, move 2. Ke3: illegal move"]);
//! ```
//!
//! # Features
//!
//! - `parallel`: game-aligned chunks read on all cores, results in input
//!   order (`pgn::par_read`, `pgn::par_read_all`); adds
//!   `crossbeam-channel`.
//! - `compression`: zstd, gzip, bzip2 and xz input recognised by its first
//!   bytes and decompressed as a stream; adds `zstd`, `flate2`, `bzip2`,
//!   `lzma-rust2`.
//! - `cli` (default): the `movetext` command-line tool; turns on both of
//!   the above and adds `clap` and `indicatif`.
//!
//! Without default features the library needs only `bytemuck` and `memchr`.
//! The command line, the design and the measurements are in the
//! repository's `README.md` and `BENCHMARKS.md`.
#![deny(missing_docs)]
#![warn(unsafe_op_in_unsafe_fn)]
// The module docs link the items of every feature; a build without some of
// them documents what it has and leaves those links as text.
#![cfg_attr(
    not(all(feature = "parallel", feature = "compression")),
    allow(rustdoc::broken_intra_doc_links)
)]

#[cfg(feature = "arrow")]
pub mod arrow;
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

/// The README's Rust examples, compiled and run by `cargo test` (a README
/// example that breaks fails the tests).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
