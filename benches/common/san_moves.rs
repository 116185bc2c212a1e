//! The 2,000 moves of `benches/data/san_moves.txt` (moves as played in real
//! games, see `benches/data/make_san_moves.py`): the position before each in
//! movetext and shakmaty, the SAN text as written, and the move itself in
//! both encodings. Used by `notation.rs` and `instructions.rs` through
//! `#[path]`, so `common/mod.rs` stays as it is.
//!
//! Everything here runs outside the timed code.
#![allow(dead_code)] // each bench binary uses a different part

use movetext::notation::{Language, ParseMode, San};
use movetext::{Move, Position};

/// The moves file, compiled in so the benches need no working directory.
const SAN_MOVES: &str = include_str!("../data/san_moves.txt");

/// Number of moves in the file.
pub const MOVES: usize = 2_000;
/// Sum of the SAN lengths in bytes (suffixes included).
pub const SAN_BYTES: usize = 6_335;
/// Moves written with `+` and with `#`.
pub const CHECKS_AND_MATES: (usize, usize) = (134, 4);

/// One played move.
pub struct SanMove {
    /// movetext's position before the move.
    pub mt: Position,
    /// shakmaty's position before the move.
    pub sk: shakmaty::Chess,
    /// The SAN as written, with its suffix.
    pub san: &'static [u8],
    /// The move, movetext encoding.
    pub mt_move: Move,
    /// The move, shakmaty encoding.
    pub sk_move: shakmaty::Move,
}

/// The 2,000 moves, each resolved by both libraries, which must agree on the
/// move (compared as UCI, castling king onto rook in both) and on the SAN
/// written back.
pub fn san_moves() -> Vec<SanMove> {
    use shakmaty::Position as _;
    let out: Vec<SanMove> = SAN_MOVES
        .lines()
        .filter(|l| !l.is_empty())
        .map(|line| {
            let (fen, san) = line.split_once('|').expect("<fen>|<san>");
            let mt = Position::from_fen(fen).expect("movetext FEN");
            let sk: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .expect("shakmaty FEN")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("shakmaty position");
            let mt_move = San::from_ascii(san.as_bytes(), Language::En, ParseMode::Strict)
                .expect("movetext SAN")
                .to_move(&mt, ParseMode::Strict)
                .expect("movetext resolves")
                .mv;
            let sk_move = san
                .parse::<shakmaty::san::San>()
                .expect("shakmaty SAN")
                .to_move(&sk)
                .expect("shakmaty resolves");
            let sk_uci = sk_move.to_uci(shakmaty::CastlingMode::Chess960).to_string();
            let mut mt_uci = format!("{}{}", mt_move.from(), mt_move.to());
            if let Some(r) = mt_move.promotion_role() {
                mt_uci.push(r.char());
            }
            assert_eq!(mt_uci, sk_uci, "{san} in {fen}");
            assert!(sk.is_legal(sk_move));
            SanMove {
                mt,
                sk,
                san: san.as_bytes(),
                mt_move,
                sk_move,
            }
        })
        .collect();
    assert_eq!(out.len(), MOVES);
    assert_eq!(out.iter().map(|s| s.san.len()).sum::<usize>(), SAN_BYTES);
    out
}
