//! Shared set-up for the benches: the 2,000 positions of
//! `benches/data/positions.fen` in each library's own type, one chosen legal
//! move per position (converted into each library's move type), and bulk
//! perft written the idiomatic fast way for each library.
//!
//! Everything here runs outside the timed code.
#![allow(dead_code)] // each bench binary uses a different part

use movetext::{CheckStatus, Move, Position, Role, Square};
use shakmaty::Position as _;

/// The start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Kiwipete (Peter McKenzie).
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The positions file, compiled in so the benches need no working directory.
const POSITIONS: &str = include_str!("../data/positions.fen");

/// Number of legal moves summed over the 2,000 positions.
pub const TOTAL_LEGAL_MOVES: u64 = 61_334;

/// Of the samples' chosen moves, how many give check and how many mate.
pub const CHECKS_AND_MATES: (u32, u32) = (52, 1);

/// One position of the set in the three libraries, with one legal,
/// non-castling move of it (the same move in each library's encoding).
pub struct Sample {
    /// movetext's position.
    pub mt: Position,
    /// shakmaty's position.
    pub sk: shakmaty::Chess,
    /// cozy-chess's position.
    pub cz: cozy_chess::Board,
    /// The chosen move, movetext encoding.
    pub mt_move: Move,
    /// The chosen move, shakmaty encoding.
    pub sk_move: shakmaty::Move,
    /// The chosen move, cozy-chess encoding.
    pub cz_move: cozy_chess::Move,
    /// The role of the moving piece (for SAN candidates).
    pub role: Role,
    /// The target square (for SAN candidates).
    pub to: Square,
}

/// Parses `fen` with movetext, shakmaty and cozy-chess.
pub fn parse3(fen: &str) -> (Position, shakmaty::Chess, cozy_chess::Board) {
    let mt = Position::from_fen(fen).expect("movetext FEN");
    let sk: shakmaty::Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .expect("shakmaty FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("shakmaty position");
    let cz = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess FEN");
    (mt, sk, cz)
}

/// The FENs of `benches/data/positions.fen`.
pub fn fens() -> impl Iterator<Item = &'static str> {
    POSITIONS.lines().filter(|l| !l.is_empty())
}

/// movetext's positions only.
pub fn movetext_positions() -> Vec<Position> {
    fens()
        .map(|f| Position::from_fen(f).expect("movetext FEN"))
        .collect()
}

/// UCI of a movetext move; castling as king onto rook (which shakmaty's
/// `UciMove::to_move` and cozy-chess both read as castling).
fn uci(m: Move) -> String {
    let mut s = format!("{}{}", m.from(), m.to());
    if let Some(role) = m.promotion_role() {
        s.push(role.char());
    }
    s
}

/// The 2,000 samples. The chosen move of position `i` is its legal
/// non-castling move number `(7 * i + 3) % n` in movetext's generation
/// order: a spread of piece types, captures, promotions and checks.
pub fn samples() -> Vec<Sample> {
    fens()
        .enumerate()
        .map(|(i, fen)| {
            let (mt, sk, cz) = parse3(fen);
            let moves: Vec<Move> = mt
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| !m.is_castle())
                .collect();
            let mt_move = moves[(7 * i + 3) % moves.len()];
            let text = uci(mt_move);
            let sk_move = text
                .parse::<shakmaty::uci::UciMove>()
                .expect("UCI")
                .to_move(&sk)
                .expect("shakmaty accepts the move");
            let cz_move: cozy_chess::Move = text.parse().expect("cozy-chess UCI");
            assert!(cz.is_legal(cz_move), "cozy-chess rejects {text} in {fen}");
            let role = mt.role_at(mt_move.from()).expect("a piece moves");
            Sample {
                mt,
                sk,
                cz,
                mt_move,
                sk_move,
                cz_move,
                role,
                to: mt_move.to(),
            }
        })
        .collect()
}

/// How many of the samples' chosen moves give check and how many mate,
/// after checking that the three libraries agree on every one.
pub fn check_tally(samples: &[Sample]) -> (u32, u32) {
    let (mut checks, mut mates) = (0, 0);
    for s in samples {
        let status = s.mt.check_status_after(s.mt_move);
        let mut sk = s.sk.clone();
        sk.play_unchecked(s.sk_move);
        let mut cz = s.cz.clone();
        cz.play_unchecked(s.cz_move);
        let mate = sk.is_checkmate();
        assert_eq!(
            (sk.is_check(), mate),
            (
                status != CheckStatus::None,
                status == CheckStatus::Checkmate
            ),
            "shakmaty disagrees on {:?} in {}",
            s.mt_move,
            s.mt.fen()
        );
        assert_eq!(
            (
                !cz.checkers().is_empty(),
                cz.status() == cozy_chess::GameStatus::Won
            ),
            (status != CheckStatus::None, mate),
            "cozy-chess disagrees on {:?} in {}",
            s.mt_move,
            s.mt.fen()
        );
        match status {
            CheckStatus::None => {}
            CheckStatus::Check => checks += 1,
            CheckStatus::Checkmate => mates += 1,
        }
    }
    (checks, mates)
}

/// shakmaty bulk perft: `legal_moves().len()` at the last ply.
pub fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            shakmaty_perft(&child, depth - 1)
        })
        .sum()
}

/// cozy-chess bulk perft: `PieceMoves::len()` at the last ply.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}
