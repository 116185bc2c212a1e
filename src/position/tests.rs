use super::*;
use crate::moves::MoveList;

fn fen_err(fen: &str) -> (FenErrorKind, usize) {
    let e = Position::from_fen(fen).expect_err(fen);
    (e.kind, e.column)
}

#[test]
fn start_position_fen_round_trip() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(Position::new().fen(), start);
    assert_eq!(Position::from_fen(start).unwrap(), Position::new());
    assert_eq!(
        Position::new().epd(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    );
}

#[test]
fn fen_errors_name_kind_and_column() {
    use FenErrorKind::*;
    assert_eq!(fen_err("8/8/8/8/8/8/8/K6k w -"), (WrongFieldCount, 22));
    assert_eq!(
        fen_err("8/8/8/8/8/8/8/K6k w - - 0 1 x"),
        (WrongFieldCount, 29)
    );
    assert_eq!(fen_err("8/8/8/8/8/8/8/K6x w - - 0 1"), (BadPieceChar, 17));
    assert_eq!(fen_err("8/8/8/8/8/8/8/K7k w - - 0 1"), (RankTooLong, 17));
    assert_eq!(fen_err("8/8/8/8/8/8/8/K5k w - - 0 1"), (RankTooShort, 18));
    assert_eq!(fen_err("8/8/8/8/8/8/K6k w - - 0 1"), (WrongRankCount, 16));
    assert_eq!(
        fen_err("8/8/8/8/8/8/8/8/K6k w - - 0 1"),
        (WrongRankCount, 16)
    );
    assert_eq!(fen_err("8/8/8/8/8/8/8/K7 w - - 0 1"), (MissingKing, 1));
    assert_eq!(fen_err("8/8/8/8/8/8/8/KK5k w - - 0 1"), (TooManyKings, 1));
    assert_eq!(fen_err("P7/8/8/8/8/8/8/K6k w - - 0 1"), (PawnOnBackRank, 1));
    assert_eq!(fen_err("k7/1Q6/8/8/8/8/8/K7 w - - 0 1"), (OppositeCheck, 1));
    assert_eq!(fen_err("8/8/8/8/8/8/8/K6k x - - 0 1"), (BadTurn, 19));
    assert_eq!(fen_err("8/8/8/8/8/8/8/K6k w X - 0 1"), (BadCastling, 21));
    assert_eq!(
        fen_err("8/8/8/8/8/8/8/K6k w K - 0 1"),
        (CastlingWithoutKingAndRook, 21)
    );
    assert_eq!(
        fen_err("4k3/8/8/8/8/8/8/4K3 w q - 0 1"),
        (CastlingWithoutKingAndRook, 23)
    );
    assert_eq!(
        fen_err("4k3/8/8/8/8/8/8/4K1RR w HG - 0 1"),
        (TwoCastlingRooksOnOneSide, 26)
    );
    assert_eq!(fen_err("8/8/8/8/8/8/8/K6k w - e9 0 1"), (BadEnPassant, 23));
    assert_eq!(
        fen_err("8/8/8/8/8/8/8/K6k w - e3 0 1"),
        (ImpossibleEnPassant, 23)
    );
    assert_eq!(
        fen_err("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1"),
        (ImpossibleEnPassant, 29)
    );
    assert_eq!(
        fen_err("8/8/8/8/8/8/8/K6k w - - x 1"),
        (BadHalfmoveClock, 25)
    );
    assert_eq!(
        fen_err("8/8/8/8/8/8/8/K6k w - - 0 -1"),
        (BadFullmoveNumber, 27)
    );
    assert_eq!(
        fen_err("QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1"),
        (TooManyPieces, 1)
    );
    assert_eq!(fen_err(""), (WrongFieldCount, 1));
    let msg = Position::from_fen("8/8/8/8/8/8/8/K6x w - - 0 1")
        .unwrap_err()
        .to_string();
    assert_eq!(msg, "invalid FEN at column 17: bad piece letter");
}

#[test]
fn fen_any_bytes_never_panics() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    let alphabet = b"rnbqkpRNBQKP12345678/ wb-KQkqAHah36e 0";
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = (seed % 60) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|i| alphabet[((seed >> (i % 50)) as usize + i * 7) % alphabet.len()])
            .collect();
        if let Ok(pos) = Position::from_fen_bytes(&bytes) {
            let _ = pos.legal_moves();
            assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
        }
    }
}

#[test]
fn chess960_castling_fields() {
    let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let pos = Position::from_fen(shredder).unwrap();
    assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    assert_eq!(
        pos.castling_rook(Color::White, CastlingSide::KingSide),
        Some(Square::H1)
    );
    assert_eq!(
        pos.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(Square::F1)
    );
    assert_eq!(
        pos.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    let xfen = Position::from_fen(&pos.fen()).unwrap();
    assert_eq!(xfen.castling_rights(), pos.castling_rights());
    // An inner rook needs its file letter.
    let inner = Position::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1").unwrap();
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
    assert_eq!(
        inner.castling_rook(Color::White, CastlingSide::KingSide),
        Some(Square::G1)
    );
}

#[test]
fn en_passant_written_only_when_legal() {
    let mut pos = Position::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    pos.play(Move::normal(Square::E2, Square::E4));
    assert_eq!(pos.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    // The capture would expose the black king to the rook: not legal.
    let pinned = Position::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(pinned.ep_square(), None);
    assert_eq!(pinned.fen(), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    // So the two positions are one, for equality and hashing.
    let without = Position::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(pinned, without);
}

fn uci_list(pos: &Position, list: &MoveList) -> Vec<String> {
    let mut v: Vec<String> = list
        .iter()
        .map(|m| {
            let to = Position::castle_king_target(*m);
            let promo = m
                .promotion_role()
                .map_or(String::new(), |r| r.char().to_string());
            let _ = pos;
            format!("{}{}{}", m.from(), to, promo)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn play_updates_everything() {
    let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10").unwrap();
    pos.play(Move::castle(Square::E1, Square::H1));
    assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 6 10");
    pos.play(Move::normal(Square::A8, Square::A1));
    assert_eq!(pos.fen(), "4k2r/8/8/8/8/8/8/r4RK1 w k - 0 11");
    // The rook on f1 shields the king from the one on a1.
    assert!(!pos.is_check());
    assert_eq!(pos.checkers(), Bitboard::EMPTY);
    // Castling checks with the rook; en passant by discovery along the rank
    // both pawns leave.
    let mut p = Position::from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    p.play(Move::castle(Square::E1, Square::H1));
    assert_eq!(p.checkers(), Bitboard::from_square(Square::F1));
    let mut p = Position::from_fen("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(p.ep_square(), Some(Square::D6));
    p.play(Move::en_passant(Square::E5, Square::D6));
    assert_eq!(p.checkers(), Bitboard::from_square(Square::A5));
    // A promotion checks from its square; a double push next to an enemy
    // pawn keeps the en passant square only when the capture is legal.
    let mut p = Position::from_fen("7k/3P4/8/8/8/8/8/K7 w - - 0 1").unwrap();
    p.play(Move::promotion(Square::D7, Square::D8, Role::Rook));
    assert_eq!(p.checkers(), Bitboard::from_square(Square::D8));
    let mut p = Position::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    p.play(Move::normal(Square::E2, Square::E4));
    assert_eq!(p.ep_square(), Some(Square::E3));
    let mut p = Position::from_fen("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1").unwrap();
    p.play(Move::normal(Square::E2, Square::E4));
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.fen(), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    let mut p = Position::from_fen("8/1P5k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    p.play(Move::promotion(Square::B7, Square::B8, Role::Knight));
    assert_eq!(p.fen(), "1N6/7k/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn targeted_generation() {
    let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
    let mut out = MoveList::new();
    pos.san_candidates(
        Role::Knight,
        Square::D2,
        Bitboard::from_file(File::B),
        &mut out,
    );
    assert_eq!(uci_list(&pos, &out), ["b1d2"]);
    out.clear();
    pos.san_candidates(Role::Knight, Square::D2, Bitboard::FULL, &mut out);
    assert_eq!(uci_list(&pos, &out), ["b1d2", "f3d2"]);
    // Pawn pushes, doubles, captures, promotions, en passant.
    let pos = Position::from_fen("r3k3/1P6/8/3pP3/8/8/4P3/4K3 w - d6 0 1").unwrap();
    let mut out = MoveList::new();
    pos.san_candidates(Role::Pawn, Square::E4, Bitboard::FULL, &mut out);
    assert_eq!(uci_list(&pos, &out), ["e2e4"]);
    out.clear();
    pos.san_candidates(Role::Pawn, Square::D6, Bitboard::FULL, &mut out);
    assert_eq!(uci_list(&pos, &out), ["e5d6"]);
    assert!(out[0].is_en_passant());
    out.clear();
    pos.san_candidates(Role::Pawn, Square::A8, Bitboard::FULL, &mut out);
    assert_eq!(uci_list(&pos, &out), ["b7a8b", "b7a8n", "b7a8q", "b7a8r"]);
    out.clear();
    pos.capture_moves_into(&mut out);
    assert_eq!(
        uci_list(&pos, &out),
        ["b7a8b", "b7a8n", "b7a8q", "b7a8r", "e5d6"]
    );
    // A pinned piece may only move along its pin.
    let pos = Position::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    let mut out = MoveList::new();
    pos.san_candidates(Role::Bishop, Square::D3, Bitboard::FULL, &mut out);
    assert!(out.is_empty());
    assert_eq!(pos.pinned(), Bitboard::from_square(Square::E2));
}

#[test]
fn mate_stalemate_and_material() {
    let fools = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    assert!(fools.is_checkmate());
    assert!(!fools.is_stalemate());
    assert!(fools.is_game_over());
    let stale = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(stale.is_stalemate());
    assert!(!stale.is_checkmate());
    for (fen, insufficient) in [
        ("8/8/8/8/8/8/8/K6k w - - 0 1", true),
        ("8/8/8/8/8/8/8/KN5k w - - 0 1", true),
        ("8/8/8/8/8/8/8/KB4bk w - - 0 1", false),
        ("8/8/8/8/8/8/8/KB5k w - - 0 1", true),
        ("8/8/8/8/8/8/8/KNN4k w - - 0 1", false),
        ("8/8/8/8/8/8/8/KB3b1k w - - 0 1", true),
        ("8/8/8/8/8/8/P7/K6k w - - 0 1", false),
        ("8/8/8/8/8/8/8/KN4qk w - - 0 1", false),
    ] {
        assert_eq!(
            Position::from_fen(fen).unwrap().is_insufficient_material(),
            insufficient,
            "{fen}"
        );
    }
}

#[test]
fn check_status_after_moves() {
    // Discovered check (Nf7) and double check (Nd6) by the rook on e1.
    let pos = Position::from_fen("4k3/8/8/4N3/8/8/8/4RK2 w - - 0 1").unwrap();
    let m = Move::normal(Square::E5, Square::F7);
    assert!(pos.gives_check(m));
    assert_eq!(pos.played(m).checkers().count(), 1);
    let m = Move::normal(Square::E5, Square::D6);
    assert_eq!(pos.played(m).checkers().count(), 2);
    assert_eq!(pos.check_status_after(m), CheckStatus::Check);
    // Every move of a few positions: gives_check agrees with playing.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for m in pos.legal_moves().iter() {
            assert_eq!(
                pos.gives_check(*m),
                pos.played(*m).is_check(),
                "{fen} {m:?}"
            );
        }
    }
}

#[test]
fn perft_builds_agree() {
    // `perft` and `count_legal_moves` may run a copy compiled for newer
    // CPUs (chosen at run time); the plain build must give the same counts.
    for (fen, depth, nodes) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
            8_902,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
            2_039,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.perft(depth), nodes, "{fen}");
        assert_eq!(pos.perft_plain(depth), nodes, "{fen}");
        assert_eq!(pos.count_legal_moves(), pos.count_inline(), "{fen}");
        assert_eq!(pos.count_inline(), pos.legal_moves().len() as u64);
    }
}

#[test]
fn perft_shallow() {
    assert_eq!(Position::new().perft(1), 20);
    assert_eq!(Position::new().perft(3), 8_902);
    let kiwi =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    assert_eq!(kiwi.perft(3), 97_862);
    let divide = perft_divide(&Position::new(), 2);
    assert_eq!(divide.len(), 20);
    assert!(divide.iter().all(|(_, n)| *n == 20));
}

#[test]
fn is_attacked_agrees_with_attackers_to() {
    // Every position two plies from three busy ones (perft 2: 2,039, 191
    // and 2,079 positions), every square, both colours, with the board as
    // it is and with the side to move's king lifted (as a king move is
    // checked). The slider tables (`attackers_looked_up`) are the oracle of
    // the two that find sliders by their rays.
    let mut checked = 0;
    let mut attacked = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ] {
        let root = Position::from_fen(fen).unwrap();
        for &m in &root.legal_moves() {
            let one = root.played(m);
            for &m2 in &one.legal_moves() {
                let pos = one.played(m2);
                let king = pos.king(pos.turn());
                for occupied in [pos.occupied(), pos.occupied() - king] {
                    for sq in Square::all() {
                        for color in Color::ALL {
                            let attackers = pos.attackers_looked_up(sq, color, occupied);
                            assert_eq!(
                                pos.attackers_to(sq, color, occupied),
                                attackers,
                                "{pos} {sq} {color:?}"
                            );
                            let expected = attackers.any();
                            assert_eq!(
                                pos.is_attacked(sq, color, occupied),
                                expected,
                                "{pos} {sq} {color:?}"
                            );
                            checked += 1;
                            attacked += usize::from(expected);
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 2 * 64 * 2 * (2_039 + 191 + 2_079));
    assert!(attacked > checked / 4, "{attacked} of {checked}");
}
