//! The 2,000 moves of `benches/data/san_moves.txt` (moves as played in real
//! games, see `benches/data/make_san_moves.py`): the position before each in
//! movetext and shakmaty, the SAN text as written, and the move itself in
//! both encodings. Used by `notation.rs` and `instructions.rs` through
//! `#[path]`, so `common/mod.rs` stays as it is.
//!
//! Everything here runs outside the timed code.
#![allow(dead_code)] // each bench binary uses a different part

use std::hint::black_box;

use movetext::notation::{write_san, ArrayBuf, Language, ParseMode, San, SanStyle, SuffixVerdict};
use movetext::{Move, Position};
use shakmaty::Position as _;

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

// The measured bodies, shared by notation.rs (criterion), instructions.rs
// (gungraun) and examples/san_probe.rs (callgrind by hand).

/// Parses and resolves every move with movetext; returns how many resolved
/// to the move played.
pub fn mt_resolve(moves: &[SanMove]) -> usize {
    let mut n = 0;
    for s in moves {
        let sp = San::from_ascii(black_box(s.san), Language::En, ParseMode::Lenient).unwrap();
        let m = sp.san.to_move(&s.mt, ParseMode::Lenient).unwrap();
        n += usize::from(m == s.mt_move);
    }
    n
}

/// The same with shakmaty.
pub fn sk_resolve(moves: &[SanMove]) -> usize {
    let mut n = 0;
    for s in moves {
        let sp = shakmaty::san::SanPlus::from_ascii(black_box(s.san)).unwrap();
        let m = sp.san.to_move(&s.sk).unwrap();
        n += usize::from(m == s.sk_move);
    }
    n
}

/// Parses, resolves and plays every move on a copy of the position before
/// it and checks its written `+`/`#` with movetext (`SanPlus::play`);
/// returns (moves played, suffixes confirmed).
pub fn mt_play_suffix(moves: &[SanMove]) -> (usize, usize) {
    let (mut played, mut confirmed) = (0, 0);
    for s in moves {
        let sp = San::from_ascii(black_box(s.san), Language::En, ParseMode::Lenient).unwrap();
        let mut after = s.mt;
        let r = sp.play(&mut after, ParseMode::Lenient).unwrap();
        played += usize::from(black_box(&after).turn() != s.mt.turn());
        match r.suffix {
            SuffixVerdict::Confirmed => confirmed += 1,
            SuffixVerdict::Absent => {}
            SuffixVerdict::Contradicted => panic!("wrong suffix"),
        }
    }
    (played, confirmed)
}

/// The same with shakmaty.
pub fn sk_play_suffix(moves: &[SanMove]) -> (usize, usize) {
    let (mut played, mut confirmed) = (0, 0);
    for s in moves {
        let sp = shakmaty::san::SanPlus::from_ascii(black_box(s.san)).unwrap();
        let m = sp.san.to_move(&s.sk).unwrap();
        let mut after = s.sk.clone();
        after.play_unchecked(m);
        // As movetext does: only a written suffix is checked. (Not
        // `Suffix::from_position`, which computes the whole outcome.)
        let holds = match sp.suffix {
            None => true,
            Some(shakmaty::san::Suffix::Check) => after.is_check(),
            Some(shakmaty::san::Suffix::Checkmate) => after.is_checkmate(),
        };
        assert!(holds, "wrong suffix");
        played += usize::from(black_box(&after).turn() != s.sk.turn());
        confirmed += usize::from(sp.suffix.is_some());
    }
    (played, confirmed)
}

/// Writes every move as PGN SAN with suffix with movetext; returns the bytes
/// written.
pub fn mt_write(moves: &[SanMove]) -> usize {
    let mut buf = ArrayBuf::<16>::new();
    let mut bytes = 0;
    for s in moves {
        buf.clear();
        write_san(&s.mt, black_box(s.mt_move), &SanStyle::PGN, &mut buf);
        bytes += black_box(buf.as_bytes()).len();
    }
    bytes
}

/// The same with shakmaty, into `buf`.
pub fn sk_write(moves: &[SanMove], buf: &mut Vec<u8>) -> usize {
    let mut bytes = 0;
    for s in moves {
        buf.clear();
        shakmaty::san::SanPlus::from_move(s.sk.clone(), black_box(s.sk_move)).append_ascii_to(buf);
        bytes += black_box(&buf[..]).len();
    }
    bytes
}
