//! The engine's checks: every query of a position against the naive
//! generator, FEN round trips, and legal moves played from fuzzed input.

use arbitrary::Unstructured;

use movetext::{Bitboard, CastlingSide, CheckStatus, Move, MoveList, Position, Square};

use super::Naive;

/// Asserts that `a` (read back from `fen`) and `b` are the same position
/// in everything a FEN records or the generator derives (checkers, pins).
/// Not `==`: the derived `PartialEq` also compares the pseudo-legal en
/// passant square, which a FEN does not keep when the capture is illegal,
/// and the castling mode, which a FEN shows only through its rights (a
/// Chess960 game that lost them reads back as standard).
pub fn assert_same(a: &Position, b: &Position, fen: &str) {
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.checkers(), b.checkers(), "checkers: {fen}");
    assert_eq!(a.pinned(), b.pinned(), "pinned: {fen}");
    assert_eq!(a.ep_square(), b.ep_square(), "ep_square: {fen}");
    assert_eq!(
        a.castling_rights(),
        b.castling_rights(),
        "castling rights: {fen}"
    );
}

/// Compares everything the position answers with the naive oracle and with
/// itself (list vs count vs `is_legal` vs SAN candidates vs check status vs
/// FEN round trip). Panics on the first disagreement; returns the legal
/// moves in generation order.
pub fn check_position(pos: &Position) -> MoveList {
    let fen = pos.fen();
    let again =
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not read back: {e}"));
    assert_same(&again, pos, &fen);

    let naive = Naive::new(pos);
    let expected = naive.legal();
    let moves = pos.legal_moves();
    let mut got: Vec<Move> = moves.to_vec();
    got.sort_by_key(|m| m.to_u16());
    assert_eq!(got, expected, "move sets differ: {fen}");
    assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
    assert_eq!(pos.has_legal_moves(), !moves.is_empty(), "{fen}");

    let check = naive.in_check();
    assert_eq!(pos.is_check(), check, "check verdict: {fen}");
    assert_eq!(pos.checkers().any(), check, "checkers: {fen}");
    assert_eq!(pos.is_checkmate(), check && moves.is_empty(), "{fen}");
    assert_eq!(pos.is_stalemate(), !check && moves.is_empty(), "{fen}");

    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if let Some(m) = pos.castling_move(side) {
            assert!(
                moves.contains(&m),
                "castling_move({side:?}) = {m:?} not generated: {fen}"
            );
            assert_eq!(Position::castling_side(m), Some(side), "{fen}");
        }
    }

    let mut captures = MoveList::new();
    pos.capture_moves_into(&mut captures);
    let mut captures: Vec<Move> = captures.to_vec();
    captures.sort_by_key(|m| m.to_u16());
    let them = pos.by_color(pos.turn().other());
    let expected_captures: Vec<Move> = expected
        .iter()
        .copied()
        .filter(|m| m.is_en_passant() || (!m.is_castle() && them.contains(m.to())))
        .collect();
    assert_eq!(captures, expected_captures, "captures: {fen}");

    let mut list = MoveList::new();
    for &m in moves.iter() {
        assert!(
            pos.is_legal(m),
            "is_legal({m:?}) false for a generated move: {fen}"
        );
        assert_eq!(
            pos.is_capture(m),
            expected_captures.contains(&m),
            "is_capture({m:?}): {fen}"
        );

        let after = pos.played(m);
        let n = naive.make(m);
        for sq in Square::all() {
            assert_eq!(
                after.piece_at(sq),
                n.at(sq),
                "board after {m:?} at {sq}: {fen}"
            );
        }
        let gives = n.in_check();
        assert_eq!(after.is_check(), gives, "is_check after {m:?}: {fen}");
        assert_eq!(pos.gives_check(m), gives, "gives_check({m:?}): {fen}");
        let status = if !gives {
            CheckStatus::None
        } else if after.has_legal_moves() {
            CheckStatus::Check
        } else {
            CheckStatus::Checkmate
        };
        assert_eq!(
            pos.check_status_after(m),
            status,
            "check_status_after({m:?}): {fen}"
        );

        if m.is_castle() {
            continue;
        }
        let role = pos.role_at(m.from()).expect("a piece moves");
        let same =
            |c: &Move| !c.is_castle() && c.to() == m.to() && pos.role_at(c.from()) == Some(role);
        let mut want: Vec<Move> = expected.iter().copied().filter(same).collect();
        list.clear();
        pos.san_candidates(role, m.to(), Bitboard::FULL, &mut list);
        let mut have = list.to_vec();
        have.sort_by_key(|c| c.to_u16());
        assert_eq!(have, want, "san_candidates({role:?}, {}): {fen}", m.to());
        want.retain(|c| c.from() == m.from());
        list.clear();
        pos.san_candidates(role, m.to(), Bitboard::from_square(m.from()), &mut list);
        let mut have = list.to_vec();
        have.sort_by_key(|c| c.to_u16());
        assert_eq!(
            have,
            want,
            "san_candidates({role:?}, {}, from {}): {fen}",
            m.to(),
            m.from()
        );
    }
    moves
}

/// Target `fen`: any bytes. When `Position::from_fen_bytes` accepts them,
/// the FEN and EPD it writes read back to the same position, every query
/// agrees with the oracle ([`check_position`]), and every move can be
/// played and its replies generated (perft 2).
pub fn fen(data: &[u8]) {
    fen_checks(data);
}

fn fen_checks(data: &[u8]) {
    let Ok(pos) = Position::from_fen_bytes(data) else {
        return;
    };
    let fen = pos.fen();
    let again =
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not read back: {e}"));
    assert_same(&again, &pos, &fen);
    let epd = pos.epd();
    let (from_epd, _) = Position::from_epd(&epd).unwrap_or_else(|e| panic!("{epd:?}: {e}"));
    assert_eq!(from_epd.epd(), epd);
    let moves = check_position(&pos);
    let nodes: u64 = moves
        .iter()
        .map(|&m| pos.played(m).count_legal_moves())
        .sum();
    assert_eq!(pos.perft(2), nodes, "{fen}");
}

/// Plies per input of [`legals_are_legal`].
pub const MAX_PLIES: usize = 50;

/// Target `legals_are_legal`: a game of fuzzed move choices, every position
/// checked with [`check_position`].
///
/// Input: `FEN '\n' CHOICES`. If the part before the first newline reads as
/// a FEN the game starts there, else from the start position (and the whole
/// input is choices). Per ply, `arbitrary` reads a raw 16-bit move, which
/// `is_legal` must judge as the generated list does, and the index of the
/// legal move to play.
pub fn legals_are_legal(data: &[u8]) {
    let (mut pos, choices) = match data.iter().position(|&b| b == b'\n') {
        Some(nl) => match Position::from_fen_bytes(&data[..nl]) {
            Ok(pos) => (pos, &data[nl + 1..]),
            Err(_) => (Position::new(), data),
        },
        None => (Position::new(), data),
    };
    let mut u = Unstructured::new(choices);
    for _ in 0..MAX_PLIES {
        let moves = check_position(&pos);
        let Ok(raw) = u.arbitrary::<u16>() else {
            break;
        };
        let raw = Move::from_u16(raw);
        assert_eq!(
            pos.is_legal(raw),
            moves.contains(&raw),
            "is_legal({raw:?}) in {}",
            pos.fen()
        );
        if moves.is_empty() {
            break;
        }
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        pos.play(moves[i]);
    }
}

/// Splits `FEN '\n' REST`: the position of the first line if it reads as a
/// FEN (and the rest), else the start position and all of `data`.
pub fn split_fen(data: &[u8]) -> (Position, &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(nl) => match Position::from_fen_bytes(&data[..nl]) {
            Ok(pos) => (pos, &data[nl + 1..]),
            Err(_) => (Position::new(), data),
        },
        None => (Position::new(), data),
    }
}
