//! Tests that need a position: resolving, writing, round trips, detection.

use super::*;
use crate::moves::Move;
use crate::position::{CastlingMode, Position};
use crate::types::{File, Rank, Role, Square};
use crate::validate::GameErrorKind;

use ParseMode::{Lenient, Strict};

const EN: Language = Language::En;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

#[track_caller]
fn resolve(
    p: &Position,
    text: &str,
    lang: Language,
    mode: ParseMode,
) -> Result<Resolved, SanError> {
    let sp = San::from_ascii(text.as_bytes(), lang, mode).unwrap_or_else(|e| panic!("{text}: {e}"));
    let r = sp.to_move(p, mode);
    assert_plays_as_resolved(p, sp, mode, r);
    r
}

/// `SanPlus::play` gives what `to_move` gives, and leaves the position as
/// `played` does (passed for the null move, unchanged on an error).
#[track_caller]
fn assert_plays_as_resolved(
    p: &Position,
    sp: SanPlus,
    mode: ParseMode,
    resolved: Result<Resolved, SanError>,
) {
    let mut after = *p;
    let r = sp.play(&mut after, mode);
    assert_eq!(r, resolved, "{sp:?} in {p}");
    match r {
        Ok(r) if r.mv.is_null() => {
            let mut passed = *p;
            assert!(passed.play_null(), "{sp:?} resolved in check, in {p}");
            assert_eq!(after, passed, "{sp:?} in {p}");
        }
        Ok(r) => assert_eq!(after, p.played(r.mv), "{sp:?} in {p}"),
        Err(_) => assert_eq!(after, *p, "{sp:?} in {p}"),
    }
}

#[track_caller]
fn resolves_to(p: &Position, text: &str, lang: Language, mode: ParseMode, m: Move) {
    assert_eq!(
        resolve(p, text, lang, mode).map(|r| r.mv),
        Ok(m),
        "{text} ({lang})"
    );
}

fn san(p: &Position, m: Move, style: &SanStyle) -> String {
    let mut buf = ArrayBuf::<32>::new();
    write_san(p, m, style, &mut buf);
    assert!(!buf.overflowed());
    buf.as_str().to_string()
}

fn lan(p: &Position, m: Move, hyphen: bool) -> String {
    let mut s = String::new();
    write_lan(p, m, &SanStyle::PGN, hyphen, &mut s);
    s
}

fn nm(from: Square, to: Square) -> Move {
    Move::normal(from, to)
}

#[test]
fn start_position_forms() {
    let p = Position::new();
    let nf3 = nm(Square::G1, Square::F3);
    for s in ["Nf3", "Ng1f3", "Ngf3", "N1f3"] {
        resolves_to(&p, s, EN, Strict, nf3);
    }
    for (s, lang) in [
        ("Ng1-f3", EN),
        ("Ktf3", EN),
        ("♘f3", EN),
        ("♞f3", EN),
        ("♘\u{fe0f}f3", EN),
        ("♘\u{fe0e}f3", Language::De),
        ("♘ f3", EN),
        ("♞ g1f3", Language::Ru),
        ("Sf3", Language::Pl),
        ("Žf3", Language::Lt),
        ("Кf3", Language::Ru),
        ("Cf3", Language::Fr),
    ] {
        resolves_to(&p, s, lang, Lenient, nf3);
    }
    resolves_to(&p, "e4", EN, Strict, nm(Square::E2, Square::E4));
    resolves_to(&p, "Pe4", EN, Lenient, nm(Square::E2, Square::E4));
    resolves_to(&p, "e2e4", EN, Lenient, nm(Square::E2, Square::E4));
    assert_eq!(resolve(&p, "Nd4", EN, Lenient), Err(SanError::Illegal));
    assert_eq!(resolve(&p, "e5", EN, Lenient), Err(SanError::Illegal));
    assert_eq!(resolve(&p, "O-O", EN, Lenient), Err(SanError::Illegal));
    assert_eq!(resolve(&p, "Nxf3", EN, Strict), Err(SanError::Illegal));
    resolves_to(&p, "Nxf3", EN, Lenient, nf3);
    assert_eq!(resolve(&p, "--", EN, Strict).map(|r| r.mv), Ok(Move::NULL));
    assert_eq!(san(&p, nf3, &SanStyle::PGN), "Nf3");
    assert_eq!(san(&p, nf3, &SanStyle::FAN), "♘f3");
    assert_eq!(san(&p, nf3, &SanStyle::with_language(Language::Pl)), "Sf3");
    assert_eq!(lan(&p, nf3, true), "Ng1-f3");
    assert_eq!(lan(&p, nf3, false), "Ng1f3");
    assert_eq!(lan(&p, nm(Square::E2, Square::E4), true), "e2-e4");
    assert_eq!(san(&p, Move::NULL, &SanStyle::PGN), "--");
}

#[test]
fn ambiguity_names_the_candidates() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match resolve(&p, "Nd2", EN, Strict) {
        Err(SanError::Ambiguous(c)) => {
            assert_eq!(c.squares(), &[Square::B1, Square::F3]);
            assert_eq!(c.count(), 2);
        }
        other => panic!("{other:?}"),
    }
    let e = resolve(&p, "Nd2", EN, Strict).unwrap_err();
    assert_eq!(e.to_string(), "ambiguous (b1, f3)");
    // Candidates from one square are told apart by their targets.
    let q = pos("4k3/8/8/1p3Q1p/8/8/8/4K3 w - - 0 1");
    let e = crate::notation::Descriptive::from_ascii(b"QxP")
        .unwrap()
        .to_move(&q)
        .unwrap_err();
    assert_eq!(e.to_string(), "ambiguous (f5-b5, f5-h5)");
    resolves_to(&p, "Nbd2", EN, Strict, nm(Square::B1, Square::D2));
    resolves_to(&p, "Nfd2", EN, Strict, nm(Square::F3, Square::D2));
    resolves_to(&p, "N1d2", EN, Strict, nm(Square::B1, Square::D2));
    resolves_to(&p, "N3d2", EN, Strict, nm(Square::F3, Square::D2));
    assert_eq!(resolve(&p, "Ncd2", EN, Strict), Err(SanError::Illegal));
    assert_eq!(san(&p, nm(Square::B1, Square::D2), &SanStyle::PGN), "Nbd2");
    assert_eq!(san(&p, nm(Square::F3, Square::D2), &SanStyle::PGN), "Nfd2");
}

/// A piece pinned to its king is no rival: its SAN names no square of
/// departure; unpinned, it is one.
#[test]
fn a_pinned_piece_needs_no_disambiguation() {
    let pinned = pos("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    let free = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
    let m = nm(Square::G1, Square::F3);
    assert_eq!(san(&pinned, m, &SanStyle::PGN), "Nf3");
    assert_eq!(san(&free, m, &SanStyle::PGN), "Ngf3");
    // A rook pinned along the line it moves on stays a rival.
    let along = pos("4r1k1/8/8/8/R7/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        san(&along, nm(Square::A4, Square::E4), &SanStyle::PGN),
        "Rae4"
    );
    let both = pos("6k1/8/8/8/8/8/8/R4RK1 w - - 0 1");
    assert_eq!(
        san(&both, nm(Square::A1, Square::D1), &SanStyle::PGN),
        "Rad1"
    );
}

#[test]
fn seed_disambiguation_diagram() {
    // Black rooks d8, h8; white rooks a1, a5; white queens e4, h4, h1.
    let w = pos("3r3r/5k2/8/R7/4Q2Q/2K5/8/R6Q w - - 0 1");
    let b = pos("3r3r/5k2/8/R7/4Q2Q/2K5/8/R6Q b - - 0 1");
    let qh4e1 = nm(Square::H4, Square::E1);
    let r1a3 = nm(Square::A1, Square::A3);
    let rdf8 = nm(Square::D8, Square::F8);
    assert_eq!(san(&w, qh4e1, &SanStyle::PGN), "Qh4e1");
    assert_eq!(san(&w, r1a3, &SanStyle::PGN), "R1a3");
    assert_eq!(san(&b, rdf8, &SanStyle::PGN), "Rdf8");
    assert_eq!(
        san(&w, qh4e1, &SanStyle::with_language(Language::Pl)),
        "Hh4e1"
    );
    assert_eq!(
        san(&b, rdf8, &SanStyle::with_language(Language::Pl)),
        "Wdf8"
    );
    resolves_to(&w, "Hh4e1", Language::Pl, Strict, qh4e1);
    resolves_to(&w, "R1a3", EN, Strict, r1a3);
    resolves_to(&b, "Wdf8", Language::Pl, Strict, rdf8);
    assert!(
        matches!(resolve(&w, "Qe1", EN, Strict), Err(SanError::Ambiguous(c)) if c.count() == 3)
    );
    assert!(
        matches!(resolve(&w, "Qhe1", EN, Strict), Err(SanError::Ambiguous(c)) if c.squares() == [Square::H1, Square::H4])
    );
    assert!(
        matches!(resolve(&w, "Q4e1", EN, Strict), Err(SanError::Ambiguous(c)) if c.squares() == [Square::E4, Square::H4])
    );
    // With a capture on e1: Hh4xe1.
    let wx = pos("3r3r/5k2/8/R7/4Q2Q/2K5/8/R3n2Q w - - 0 1");
    assert_eq!(
        san(&wx, qh4e1, &SanStyle::with_language(Language::Pl)),
        "Hh4xe1"
    );
    resolves_to(&wx, "Hh4xe1", Language::Pl, Strict, qh4e1);
}

#[test]
fn seed_lithuanian_knights() {
    let p = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
    let lt = SanStyle::with_language(Language::Lt);
    assert_eq!(san(&p, nm(Square::G1, Square::F3), &lt), "Žgf3");
    assert_eq!(san(&p, nm(Square::D2, Square::F3), &lt), "Ždf3");
    resolves_to(&p, "Žgf3", Language::Lt, Strict, nm(Square::G1, Square::F3));
    resolves_to(&p, "Ždf3", Language::Lt, Strict, nm(Square::D2, Square::F3));
    let p = pos("4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(san(&p, nm(Square::G5, Square::F3), &lt), "Ž5f3");
    assert_eq!(san(&p, nm(Square::G1, Square::F3), &lt), "Ž1f3");
    let p = pos("4k3/8/8/6N1/8/5p2/8/4K1N1 w - - 0 1");
    assert_eq!(san(&p, nm(Square::G5, Square::F3), &lt), "Ž5xf3");
    resolves_to(
        &p,
        "Ž5xf3",
        Language::Lt,
        Strict,
        nm(Square::G5, Square::F3),
    );
    resolves_to(
        &p,
        "Ž5f3",
        Language::Lt,
        Lenient,
        nm(Square::G5, Square::F3),
    );
    assert_eq!(
        resolve(&p, "Ž5f3", Language::Lt, Strict),
        Err(SanError::Illegal)
    );
}

#[test]
fn abbreviated_pawn_captures() {
    // 1. e4 d5: `exd`, `ed`, `ed5`, `e:d5`, `exd5` all name e4xd5.
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let m = nm(Square::E4, Square::D5);
    for s in ["exd", "ed", "ed5", "e:d5", "exd5", "e×d5", "xd5"] {
        resolves_to(&p, s, EN, Lenient, m);
    }
    resolves_to(&p, "exd5", EN, Strict, m);
    // `xd5` names a capture, never the push d4-d5 (here: no push, d-pawn).
    let q = pos("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(resolve(&q, "xd5", EN, Lenient), Err(SanError::Illegal));
    let q = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    resolves_to(&q, "xd5", EN, Lenient, nm(Square::E4, Square::D5));
    let q = pos("4k3/8/8/2n5/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(resolve(&q, "c5", EN, Lenient), Err(SanError::Illegal));
    resolves_to(&q, "xc5", EN, Lenient, nm(Square::D4, Square::C5));
    assert_eq!(resolve(&p, "ef", EN, Lenient), Err(SanError::Illegal));
    assert_eq!(san(&p, m, &SanStyle::PGN), "exd5");
    assert_eq!(lan(&p, m, true), "e4xd5");
    // Doubled e-pawns, each able to take on the d-file: `exd` is ambiguous.
    let p = pos("4k3/8/3p4/4P3/3p4/4P3/8/4K3 w - - 0 1");
    match resolve(&p, "exd", EN, Lenient) {
        Err(SanError::Ambiguous(c)) => assert_eq!(c.squares(), &[Square::E3, Square::E5]),
        other => panic!("{other:?}"),
    }
    resolves_to(&p, "exd4", EN, Lenient, nm(Square::E3, Square::D4));
    resolves_to(&p, "ed6", EN, Lenient, nm(Square::E5, Square::D6));
    // A pawn push never fits `ed`.
    assert_eq!(resolve(&p, "ee", EN, Lenient), Err(SanError::Illegal));
}

#[test]
fn en_passant_and_promotion() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let ep = Move::en_passant(Square::E5, Square::D6);
    for s in [
        "exd6 ep",
        "exd6e.p.",
        "exd6 e.p.",
        "exd6 e. p.",
        "exd6",
        "ed6",
        "ed",
    ] {
        resolves_to(&p, s, EN, Lenient, ep);
    }
    resolves_to(&p, "exd6", EN, Strict, ep);
    assert_eq!(san(&p, ep, &SanStyle::PGN), "exd6");
    assert_eq!(Uci::from_ascii(b"e5d6").unwrap().to_move(&p), Ok(ep));

    let p = pos("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    let q = Move::promotion(Square::A7, Square::A8, Role::Queen);
    let xn = Move::promotion(Square::A7, Square::B8, Role::Knight);
    for s in ["a8=Q", "a8Q", "a8(Q)", "a8/Q", "a8♕", "a8q"] {
        resolves_to(&p, s, EN, Lenient, q);
    }
    resolves_to(&p, "a8=Q", EN, Strict, q);
    resolves_to(&p, "a8=H", Language::Pl, Strict, q);
    resolves_to(&p, "axb8=N", EN, Strict, xn);
    assert_eq!(resolve(&p, "a8", EN, Lenient), Err(SanError::Illegal));
    assert_eq!(san(&p, q, &SanStyle::PGN), "a8=Q");
    assert_eq!(san(&p, xn, &SanStyle::PGN), "axb8=N");
    let fide = SanStyle {
        promotion_equals: false,
        ..SanStyle::PGN
    };
    assert_eq!(san(&p, q, &fide), "a8Q");
    assert_eq!(lan(&p, q, true), "a7-a8=Q");
    let r = Move::promotion(Square::A7, Square::A8, Role::Rook);
    assert_eq!(
        san(&pos("7k/P5pp/8/8/8/8/8/K7 w - - 0 1"), r, &fide),
        "a8R#"
    );
    assert_eq!(Uci::from_ascii(b"a7a8q").unwrap().to_move(&p), Ok(q));
    assert_eq!(Iccf::from_ascii(b"17181").unwrap().to_move(&p), Ok(q));
    assert_eq!(Iccf::from_ascii(b"17284").unwrap().to_move(&p), Ok(xn));
    assert_eq!(
        Uci::from_ascii(b"a7a8").unwrap().to_move(&p),
        Err(SanError::Illegal)
    );
    assert_eq!(to_iccf(q).to_string(), "17181");
    assert_eq!(to_uci(q, CastlingMode::Standard).to_string(), "a7a8q");
}

#[test]
fn castling_in_every_notation() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let ks = Move::castle(Square::E1, Square::H1);
    let qs = Move::castle(Square::E1, Square::A1);
    for s in ["O-O", "0-0", "OO", "o-o", "o-o+"] {
        resolves_to(&p, s, EN, Lenient, ks);
    }
    for s in ["O-O-O", "0-0-0", "OOO", "o-o-o"] {
        resolves_to(&p, s, EN, Lenient, qs);
    }
    resolves_to(&p, "o-o-o", Language::De, Lenient, qs);
    assert_eq!(san(&p, ks, &SanStyle::PGN), "O-O");
    assert_eq!(san(&p, qs, &SanStyle::PGN), "O-O-O");
    let zero = SanStyle {
        castling_zero: true,
        ..SanStyle::PGN
    };
    assert_eq!(san(&p, qs, &zero), "0-0-0");
    assert_eq!(lan(&p, ks, true), "O-O");
    for s in ["e1g1", "e1h1"] {
        assert_eq!(Uci::from_ascii(s.as_bytes()).unwrap().to_move(&p), Ok(ks));
    }
    for s in ["e1c1", "e1a1"] {
        assert_eq!(Uci::from_ascii(s.as_bytes()).unwrap().to_move(&p), Ok(qs));
    }
    assert_eq!(Iccf::from_ascii(b"5171").unwrap().to_move(&p), Ok(ks));
    assert_eq!(Iccf::from_ascii(b"5131").unwrap().to_move(&p), Ok(qs));
    assert_eq!(Lan::from_ascii(b"O-O", EN).unwrap().to_move(&p), Ok(ks));
    assert_eq!(Lan::from_ascii(b"Ke1-g1", EN).unwrap().to_move(&p), Ok(ks));
    // Lenient SAN: castling as the king's move.
    resolves_to(&p, "Kg1", EN, Lenient, ks);
    resolves_to(&p, "Kc1", EN, Lenient, qs);
    resolves_to(&p, "Kh1", EN, Lenient, ks);
    resolves_to(&p, "Kf1", EN, Lenient, nm(Square::E1, Square::F1));
    assert_eq!(resolve(&p, "Kg1", EN, Strict), Err(SanError::Illegal));
    assert_eq!(resolve(&p, "Kdg1", EN, Lenient), Err(SanError::Illegal));
    // A king step stays a king step.
    assert_eq!(
        Uci::from_ascii(b"e1f1").unwrap().to_move(&p),
        Ok(nm(Square::E1, Square::F1))
    );
    assert_eq!(to_uci(ks, CastlingMode::Standard).to_string(), "e1g1");
    assert_eq!(to_uci(ks, CastlingMode::Chess960).to_string(), "e1h1");
    assert_eq!(to_uci(qs, CastlingMode::Standard).to_string(), "e1c1");
    assert_eq!(to_iccf(ks).to_string(), "5171");
    assert_eq!(
        to_uci(Move::NULL, CastlingMode::Standard).to_string(),
        "0000"
    );
    let mut s = String::new();
    write_uci(qs, CastlingMode::Chess960, &mut s);
    write_iccf(qs, &mut s);
    assert_eq!(s, "e1a15131");
}

#[test]
fn suffix_claims() {
    // 1. f3 e5 2. g4: Qh4 is mate.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    let qh4 = nm(Square::D8, Square::H4);
    assert_eq!(san(&p, qh4, &SanStyle::PGN), "Qh4#");
    let no_suffix = SanStyle {
        suffix: false,
        ..SanStyle::PGN
    };
    assert_eq!(san(&p, qh4, &no_suffix), "Qh4");
    for (s, mode, v) in [
        ("Qh4#", Strict, SuffixVerdict::Confirmed),
        ("Qh4+", Strict, SuffixVerdict::Confirmed),
        ("Qh4", Strict, SuffixVerdict::Absent),
        ("Qh4++", Lenient, SuffixVerdict::Confirmed),
        ("Qh4‡", Lenient, SuffixVerdict::Confirmed),
        ("Qh4 mate", Lenient, SuffixVerdict::Confirmed),
        ("Qh4x", Lenient, SuffixVerdict::Confirmed),
        ("Qh4 dbl ch", Lenient, SuffixVerdict::Contradicted),
    ] {
        let r = resolve(&p, s, EN, mode).unwrap();
        assert_eq!((r.mv, r.suffix), (qh4, v), "{s}");
    }
    let start = Position::new();
    assert_eq!(
        resolve(&start, "e4#", EN, Strict),
        Err(SanError::WrongSuffix {
            mv: nm(Square::E2, Square::E4),
            claimed: Suffix::Mate,
            actual: crate::position::CheckStatus::None,
        })
    );
    assert_eq!(
        resolve(&start, "e4+", EN, Lenient).map(|r| r.suffix),
        Ok(SuffixVerdict::Contradicted)
    );
    // Knight e4 with rook e1 behind it: Nd6 is double check, Nc3 discovered.
    let p = pos("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1");
    let nd6 = nm(Square::E4, Square::D6);
    let nc3 = nm(Square::E4, Square::C3);
    for (s, m, v) in [
        ("Nd6++", nd6, SuffixVerdict::Confirmed),
        ("Nd6 dbl ch", nd6, SuffixVerdict::Confirmed),
        ("Nd6 dis ch", nd6, SuffixVerdict::Confirmed),
        ("Nd6+", nd6, SuffixVerdict::Confirmed),
        ("Nc3 dis ch", nc3, SuffixVerdict::Confirmed),
        ("Nc3disch", nc3, SuffixVerdict::Confirmed),
        ("Nc3++", nc3, SuffixVerdict::Contradicted),
        ("Nc3 dbl ch", nc3, SuffixVerdict::Contradicted),
        ("Nc3#", nc3, SuffixVerdict::Contradicted),
    ] {
        let r = resolve(&p, s, EN, Lenient).unwrap();
        assert_eq!((r.mv, r.suffix), (m, v), "{s}");
    }
    // Strict mode names what a wrong claim really is.
    assert_eq!(
        resolve(&p, "Nc3#", EN, Strict),
        Err(SanError::WrongSuffix {
            mv: nc3,
            claimed: Suffix::Mate,
            actual: crate::position::CheckStatus::Check,
        })
    );
    assert_eq!(
        resolve(&p, "Kb2+", EN, Strict),
        Err(SanError::WrongSuffix {
            mv: nm(Square::A1, Square::B2),
            claimed: Suffix::Check,
            actual: crate::position::CheckStatus::None,
        })
    );
    // Their messages say what was written and what the move does.
    let message = |p: &Position, s: &str| resolve(p, s, EN, Strict).unwrap_err().to_string();
    assert_eq!(
        message(&p, "Nc3#"),
        "written as mate, but the move gives check, not mate"
    );
    assert_eq!(
        message(&p, "Kb2+"),
        "written as check, but the move gives no check"
    );
    assert_eq!(
        message(&start, "e4#"),
        "written as mate, but the move gives no check"
    );
    // A direct check by the moving piece is no discovered check.
    let p = pos("4k3/8/8/8/8/8/8/K2R4 w - - 0 1");
    for (s, v) in [
        ("Re1+", SuffixVerdict::Confirmed),
        ("Re1 dis ch", SuffixVerdict::Contradicted),
        ("Re1 dbl ch", SuffixVerdict::Contradicted),
        ("Re1++", SuffixVerdict::Contradicted),
    ] {
        let r = resolve(&p, s, EN, Lenient).unwrap();
        assert_eq!((r.mv, r.suffix), (nm(Square::D1, Square::E1), v), "{s}");
    }
}

#[test]
fn seed_gambit_line_resolves() {
    // `1. d4 e5?! 2. dxe5 f6 3. e4! Sc6 4. Gc4 +/-` in Polish letters.
    let tokens: [&[u8]; 7] = [b"d4", b"e5?!", b"dxe5", b"f6", b"e4!", b"Sc6", b"Gc4"];
    let mut p = Position::new();
    let mut out = String::new();
    for t in tokens {
        let sp = San::from_ascii(t, Language::Pl, Strict).unwrap();
        let r = sp.to_move(&p, Strict).unwrap();
        let mut sink = ArrayBuf::<16>::new();
        write_san(&p, r.mv, &SanStyle::PGN, &mut sink);
        out.push_str(sink.as_str());
        out.push(' ');
        p.play(r.mv);
    }
    assert_eq!(out, "d4 e5 dxe5 f6 e4 Nc6 Bc4 ");
    assert_eq!(Nag::from_ascii(b"+/-"), Ok(Nag(16)));
    assert_eq!(
        detect_language(&Position::new(), &tokens[..]),
        Some(Language::Pl)
    );
}

#[test]
fn language_detection() {
    let start = Position::new();
    let en: [&[u8]; 6] = [b"e4", b"e5", b"Nf3", b"Nc6", b"Bb5", b"a6"];
    assert_eq!(detect_language(&start, &en), Some(Language::En));
    let pl: [&[u8]; 5] = [b"e4", b"e5", b"Sf3", b"Sc6", b"Gb5"];
    assert_eq!(detect_language(&start, &pl), Some(Language::Pl));
    let de: [&[u8]; 5] = [b"e4", b"e5", b"Sf3", b"Sc6", b"Lb5"];
    let set = fitting_languages(&start, &de);
    assert_eq!(set.first(), Some(Language::De));
    assert_eq!(
        set.iter().collect::<Vec<_>>(),
        [
            Language::De,
            Language::Da,
            Language::No,
            Language::Sv,
            Language::Fi, // S is the Finnish pawn: f3, c6, then Lb5.
            Language::Sl,
            Language::Hr,
            Language::Sr
        ]
        .into_iter()
        .collect::<Vec<_>>()
    );
    let lt: [&[u8]; 5] = [b"e4", b"e5", "Žf3".as_bytes(), "Žc6".as_bytes(), b"Rb5"];
    assert_eq!(detect_language(&start, &lt), Some(Language::Lt));
    let ru: [&[u8]; 5] = [
        b"e4",
        b"e5",
        "Кf3".as_bytes(),
        "Кc6".as_bytes(),
        "Сb5".as_bytes(),
    ];
    assert_eq!(detect_language(&start, &ru), Some(Language::Ru));
    let pawns: [&[u8]; 2] = [b"e4", b"e5"];
    assert_eq!(fitting_languages(&start, &pawns).len(), Language::ALL.len());
    assert_eq!(detect_language(&start, &pawns), Some(Language::En));
    let bad: [&[u8]; 2] = [b"e4", b"Qh5"];
    assert_eq!(detect_language(&start, &bad), None);
    assert!(fitting_languages(&start, &bad).is_empty());
}

/// A tiny fixed-seed PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions from random playouts of the start position.
pub(crate) fn playout_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::new();
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(p);
            let m = moves[rng.below(moves.len())];
            p.play(m);
        }
    }
    out
}

#[test]
fn round_trip_every_notation_language_and_style() {
    let positions = playout_positions(6, 60);
    assert!(positions.len() >= 300, "{}", positions.len());
    let mut checked = 0u64;
    for p in &positions {
        for &m in p.legal_moves().iter() {
            // SAN in every language and style, read back leniently (and
            // strictly where the style is PGN's).
            for lang in Language::ALL {
                for (figurines, castling_zero, promotion_equals, capture_colon) in [
                    (Figurines::Off, false, true, false),
                    (Figurines::Off, true, false, true),
                    (Figurines::BySide, false, true, false),
                    (Figurines::White, true, false, false),
                ] {
                    let style = SanStyle {
                        language: lang,
                        figurines,
                        castling_zero,
                        promotion_equals,
                        capture_colon,
                        suffix: true,
                        glyph: false,
                    };
                    let mut buf = ArrayBuf::<32>::new();
                    write_san(p, m, &style, &mut buf);
                    let modes: &[ParseMode] = if figurines == Figurines::Off && !castling_zero {
                        &[Strict, Lenient]
                    } else {
                        &[Lenient]
                    };
                    for &mode in modes {
                        let sp = San::from_ascii(buf.as_bytes(), lang, mode)
                            .unwrap_or_else(|e| panic!("{buf} ({lang}): {e}"));
                        let r = sp
                            .to_move(p, mode)
                            .unwrap_or_else(|e| panic!("{buf} ({lang}) in {}: {e}", p.fen()));
                        assert_eq!(r.mv, m, "{buf}");
                        assert_ne!(r.suffix, SuffixVerdict::Contradicted, "{buf}");
                        checked += 1;
                    }
                    // LAN with and without hyphens.
                    for hyphen in [true, false] {
                        let mut buf = ArrayBuf::<32>::new();
                        write_lan(p, m, &style, hyphen, &mut buf);
                        let lan = Lan::from_ascii(buf.as_bytes(), lang)
                            .unwrap_or_else(|e| panic!("{buf} ({lang}): {e}"));
                        assert_eq!(lan.to_move(p), Ok(m), "{buf}");
                    }
                }
            }
            for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                let mut buf = ArrayBuf::<8>::new();
                write_uci(m, mode, &mut buf);
                assert_eq!(
                    Uci::from_ascii(buf.as_bytes()).unwrap().to_move(p),
                    Ok(m),
                    "{buf}"
                );
            }
            let mut buf = ArrayBuf::<8>::new();
            write_iccf(m, &mut buf);
            assert_eq!(
                Iccf::from_ascii(buf.as_bytes()).unwrap().to_move(p),
                Ok(m),
                "{buf}"
            );
        }
    }
    assert!(checked > 500_000, "{checked}");
}

/// Every legal move of 424 positions (random playouts from the start, from
/// positions with many like pieces, and from Chess960 starts) as written by
/// python-chess 1.11.2 (`tests/data/notation/gen_python_chess.py`).
#[test]
fn matches_python_chess_san_and_lan() {
    let data = include_str!("../../tests/data/notation/python_chess_moves.txt");
    let mut p = Position::new();
    let mut mode = CastlingMode::Standard;
    let (mut positions, mut moves) = (0, 0);
    for line in data.lines() {
        if let Some(fen) = line.strip_prefix("fen ") {
            p = pos(fen);
            mode = CastlingMode::Standard;
            positions += 1;
            continue;
        }
        if let Some(fen) = line.strip_prefix("fen960 ") {
            p = pos(fen);
            mode = CastlingMode::Chess960;
            positions += 1;
            continue;
        }
        let mut parts = line.split(' ');
        let (uci, want_san, want_lan) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let m = Uci::from_ascii(uci.as_bytes())
            .unwrap()
            .to_move(&p)
            .unwrap_or_else(|e| panic!("{uci} in {}: {e}", p.fen()));
        assert_eq!(to_uci(m, mode).to_string(), uci);
        assert_eq!(san(&p, m, &SanStyle::PGN), want_san, "{uci} in {}", p.fen());
        let mut l = String::new();
        write_lan(&p, m, &SanStyle::PGN, true, &mut l);
        assert_eq!(l, want_lan, "{uci} in {}", p.fen());
        let back = San::from_ascii(want_san.as_bytes(), EN, Strict)
            .unwrap()
            .to_move(&p, Strict)
            .unwrap();
        assert_eq!(
            back,
            Resolved {
                mv: m,
                suffix: if want_san.ends_with(['+', '#']) {
                    SuffixVerdict::Confirmed
                } else {
                    SuffixVerdict::Absent
                }
            }
        );
        moves += 1;
    }
    assert_eq!((positions, moves), (424, 13369 - 424));
}

/// Random byte strings (ASCII notation bytes, pieces of UTF-8 letters and
/// glyphs, arbitrary bytes) never make a parser or resolver panic, and a
/// prefix parser never claims more bytes than it was given.
#[test]
fn no_panic_on_random_input() {
    let pieces: Vec<&[u8]> = vec![
        b"N",
        b"B",
        b"R",
        b"Q",
        b"K",
        b"P",
        b"Kt",
        b"O",
        b"0",
        b"-",
        b"x",
        b":",
        b"=",
        b"+",
        b"#",
        b"!",
        b"?",
        b"(",
        b")",
        b"/",
        b" ",
        b"e",
        b"p",
        b".",
        b"c",
        b"h",
        b"d",
        b"m",
        b"a",
        b"t",
        b"1",
        b"8",
        b"4",
        b"5",
        b"Z",
        b"X",
        b"$",
        b"*",
        b"\xe2",
        b"\x99",
        b"\xff",
        "Кр".as_bytes(),
        "Ž".as_bytes(),
        "♘".as_bytes(),
        "×".as_bytes(),
        "†".as_bytes(),
        "½".as_bytes(),
        "–".as_bytes(),
        "−".as_bytes(),
        "□".as_bytes(),
        b"Gy",
        b"QB",
        b"KN",
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let positions = playout_positions(2, 40);
    for round in 0..60_000 {
        let mut text = Vec::new();
        for _ in 0..1 + rng.below(7) {
            text.extend_from_slice(pieces[rng.below(pieces.len())]);
        }
        let p = &positions[round % positions.len()];
        let lang = Language::ALL[rng.below(Language::ALL.len())];
        for mode in [Strict, Lenient] {
            if let Ok((sp, used)) = San::from_ascii_prefix(&text, lang, mode) {
                assert!(used <= text.len() && used > 0);
                let _ = sp.to_move(p, mode);
            }
        }
        if let Ok((lan, used)) = Lan::from_ascii_prefix(&text, lang) {
            assert!(used <= text.len());
            let _ = lan.to_move(p);
        }
        if let Ok((d, used)) = Descriptive::from_ascii_prefix(&text) {
            assert!(used <= text.len());
            let _ = d.to_move(p);
        }
        if let Ok((u, used)) = Uci::from_ascii_prefix(&text) {
            assert!(used <= text.len());
            let _ = u.to_move(p);
        }
        if let Ok((i, used)) = Iccf::from_ascii_prefix(&text) {
            assert!(used <= text.len());
            let _ = i.to_move(p);
        }
        if let Ok((_, used)) = GameResult::from_ascii_prefix(&text) {
            assert!(used <= text.len());
        }
        if let Some((_, used)) = Nag::from_glyph_prefix(&text) {
            assert!(used <= text.len());
        }
        let _ = Nag::from_ascii(&text);
    }
}

#[test]
fn spec_forms_needing_a_position() {
    // Capture mark omitted (ECO style): `Be5` for Bxe5, lenient only.
    let p = pos("4k3/8/8/4n3/8/8/1B6/4K3 w - - 0 1");
    let bxe5 = nm(Square::B2, Square::E5);
    resolves_to(&p, "Be5", EN, Lenient, bxe5);
    resolves_to(&p, "Bxe5", EN, Strict, bxe5);
    resolves_to(&p, "B:e5", EN, Lenient, bxe5);
    resolves_to(&p, "Be5:", EN, Lenient, bxe5);
    resolves_to(&p, "Gxe5", Language::Pl, Strict, bxe5);
    resolves_to(&p, "G:e5", Language::Pl, Lenient, bxe5);
    assert_eq!(resolve(&p, "Be5", EN, Strict), Err(SanError::Illegal));
    assert_eq!(san(&p, bxe5, &SanStyle::PGN), "Bxe5");
    let colon = SanStyle {
        capture_colon: true,
        ..SanStyle::PGN
    };
    assert_eq!(san(&p, bxe5, &colon), "B:e5");
    // FAN: the glyph's colour follows the side to move.
    let mut p = Position::new();
    p.play(nm(Square::E2, Square::E4));
    assert_eq!(san(&p, nm(Square::B8, Square::C6), &SanStyle::FAN), "♞c6");
    let white_glyphs = SanStyle {
        figurines: Figurines::White,
        ..SanStyle::PGN
    };
    assert_eq!(san(&p, nm(Square::B8, Square::C6), &white_glyphs), "♘c6");
    // ICCF: 1.e4 is 5254; UCI e2e4; LAN e2-e4.
    let start = Position::new();
    let e4 = nm(Square::E2, Square::E4);
    assert_eq!(Iccf::from_ascii(b"5254").unwrap().to_move(&start), Ok(e4));
    assert_eq!(to_iccf(e4).to_string(), "5254");
    assert_eq!(Uci::from_ascii(b"e2e4").unwrap().to_move(&start), Ok(e4));
    assert_eq!(
        Lan::from_ascii(b"e2-e4", EN).unwrap().to_move(&start),
        Ok(e4)
    );
    assert_eq!(
        Lan::from_ascii(b"Nb1-c3", EN).unwrap().to_move(&start),
        Ok(nm(Square::B1, Square::C3))
    );
    // A LAN piece letter must match the piece on the square.
    assert_eq!(
        Lan::from_ascii(b"Bb1-c3", EN).unwrap().to_move(&start),
        Err(SanError::Illegal)
    );
    // The Lithuanian seed's `e1-e2` has no letter, so it names a pawn: no
    // pawn stands on e1.
    assert_eq!(
        Lan::from_ascii(b"e1-e2", Language::Lt)
            .unwrap()
            .to_move(&start),
        Err(SanError::Illegal)
    );
    // `Rd3xd7` (LAN) in a position where the rook can take on d7.
    let p = pos("4k3/3p4/8/8/8/3R4/8/4K3 w - - 0 1");
    let rxd7 = nm(Square::D3, Square::D7);
    assert_eq!(
        Lan::from_ascii(b"Rd3xd7", EN).unwrap().to_move(&p),
        Ok(rxd7)
    );
    assert_eq!(lan(&p, rxd7, true), "Rd3xd7");
    assert_eq!(
        Uci::from_ascii(b"e7e8q").unwrap().to_move(&p),
        Err(SanError::Illegal)
    );
}

/// The fast path of `San::to_move` (attack lookups, no move list) gives what
/// the general path gives, for every role, destination, disambiguation by
/// a file or rank holding such a piece, capture mark, promotion and mode, in
/// the 424 python-chess positions (some in check, some with pins and en
/// passant) and a few built for pins, checks and en passant.
#[test]
fn fast_resolve_agrees_with_general_path() {
    let data = include_str!("../../tests/data/notation/python_chess_moves.txt");
    let mut fens: Vec<&str> = data
        .lines()
        .filter_map(|l| l.strip_prefix("fen ").or_else(|| l.strip_prefix("fen960 ")))
        .collect();
    fens.extend([
        // Pinned knight and bishop, a double check, a check to block.
        "4k3/8/8/b7/8/2N5/3B4/4K2r w - - 0 1",
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        "4k3/4r3/8/8/8/8/1N1B4/R3K3 w Q - 0 1",
        // En passant, a pinned pawn, promotions with captures.
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1",
        "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/1p6/R1N1K3 b - - 0 1",
    ]);
    let (mut checked, mut moves) = (0u64, 0u64);
    for fen in fens {
        let p = pos(fen);
        for role in Role::ALL {
            let pieces = p.pieces(p.turn(), role);
            let mut disambiguations: Vec<(Option<File>, Option<Rank>)> = vec![(None, None)];
            for sq in pieces {
                disambiguations.push((Some(sq.file()), None));
                disambiguations.push((None, Some(sq.rank())));
                disambiguations.push((Some(sq.file()), Some(sq.rank())));
            }
            let promotions: &[Option<Role>] = if role == Role::Pawn {
                &[
                    None,
                    Some(Role::Queen),
                    Some(Role::Knight),
                    Some(Role::King),
                ]
            } else {
                &[None, Some(Role::Queen)]
            };
            for to in Square::all() {
                for &(file, rank) in &disambiguations {
                    for capture in [false, true] {
                        for &promotion in promotions {
                            let san = San::Normal {
                                role,
                                file,
                                rank,
                                capture,
                                to_file: to.file(),
                                to_rank: Some(to.rank()),
                                promotion,
                            };
                            for mode in [Strict, Lenient] {
                                let got = san.to_move(&p, mode);
                                let general = san.resolve_general(&p, mode);
                                assert_eq!(got, general, "{san} in {fen}");
                                // The fast path finds every move but en
                                // passant, castling written as a king move
                                // and a capture mark onto an empty square
                                // (lenient: `axa3` is a push).
                                let fast = san.single_fit(&p, mode);
                                match general {
                                    Ok(m)
                                        if m.is_en_passant()
                                            || m.is_castle()
                                            || (capture && !p.occupied().contains(m.to())) =>
                                    {
                                        assert_eq!(fast, None)
                                    }
                                    Ok(m) => assert_eq!(fast, Some(m), "{san} in {fen}"),
                                    Err(_) => assert_eq!(fast, None, "{san} in {fen}"),
                                }
                                checked += 1;
                                moves += u64::from(got.is_ok());
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1_000_000 && moves > 50_000, "{checked} {moves}");
}

/// The 424 python-chess positions, then those of `games` random playouts
/// of 120 plies.
fn python_chess_and_playout_positions(games: usize) -> Vec<Position> {
    let data = include_str!("../../tests/data/notation/python_chess_moves.txt");
    let mut positions: Vec<Position> = data
        .lines()
        .filter_map(|l| l.strip_prefix("fen ").or_else(|| l.strip_prefix("fen960 ")))
        .map(pos)
        .collect();
    positions.extend(playout_positions(games, 120));
    positions
}

/// `SanPlus::play` (resolve and play in one step, the suffix judged after
/// the move) agrees with `to_move` then `played` for every legal move of
/// the python-chess positions and of random playouts, written with each
/// suffix form, in both modes: same move, same verdict, same error, same
/// position after (unchanged after an error); `validate::play_token`
/// gives the same.
#[test]
fn play_agrees_with_resolve_then_play() {
    let positions = python_chess_and_playout_positions(40);
    let suffixes = ["", "+", "#", "++", " dis ch", " dbl ch", "X"];
    let no_suffix = SanStyle {
        suffix: false,
        ..SanStyle::PGN
    };
    let (mut checked, mut verdicts) = (0u64, [0u64; 3]);
    for p in &positions {
        for &m in &p.legal_moves() {
            let bare = san(p, m, &no_suffix);
            for suffix in suffixes {
                let text = format!("{bare}{suffix}");
                for mode in [Strict, Lenient] {
                    let Ok(sp) = San::from_ascii(text.as_bytes(), EN, mode) else {
                        continue;
                    };
                    let r = sp.to_move(p, mode);
                    assert_eq!(r.map(|r| r.mv).ok().or(Some(m)), Some(m), "{text} in {p}");
                    assert_plays_as_resolved(p, sp, mode, r);
                    // The validator's entry (fast path first) agrees.
                    let mut after = *p;
                    let v = crate::validate::play_token(&mut after, text.as_bytes(), EN, mode);
                    match r {
                        Ok(r) => {
                            assert_eq!(v, Ok((r.mv, r.suffix)), "{text} in {p}");
                            assert_eq!(after, p.played(r.mv), "{text} in {p}");
                        }
                        Err(e) => {
                            assert_eq!(v, Err(GameErrorKind::Move(e)), "{text} in {p}");
                            assert_eq!(after, *p, "{text} in {p}");
                        }
                    }
                    if let Ok(r) = r {
                        verdicts[r.suffix as usize] += 1;
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
    assert!(verdicts.iter().all(|&n| n > 100), "{verdicts:?}");
}

#[test]
fn null_move_is_refused_in_check() {
    // Black to move, in check from the queen on f7.
    let check = pos("r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3");
    let quiet = pos("r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 3 3");
    for text in ["--", "Z0"] {
        assert_eq!(
            resolve(&check, text, EN, Lenient),
            Err(SanError::NullInCheck),
            "{text}"
        );
        assert_eq!(
            resolve(&quiet, text, EN, Lenient).map(|r| r.mv),
            Ok(Move::NULL)
        );
    }
    let uci = Uci::from_ascii(b"0000").unwrap();
    assert_eq!(uci.to_move(&check), Err(SanError::NullInCheck));
    assert_eq!(uci.to_move(&quiet), Ok(Move::NULL));
    let lan = Lan::from_ascii(b"--", EN).unwrap();
    assert_eq!(lan.to_move(&check), Err(SanError::NullInCheck));
    assert_eq!(
        SanError::NullInCheck.to_string(),
        "a null move while in check"
    );
    let mut refused = check;
    assert!(!refused.play_null());
    assert_eq!(
        refused, check,
        "a refused null move leaves the position as it was"
    );
}

/// The validator's path for the common forms (`e4`, `Nf3`, `exd5`,
/// `Nxd5`, read by `is_common` into `Common`, played in place) plays what
/// the general path resolves, and leaves the position unchanged whenever
/// it declines: every such token (each piece letter and file first, every
/// destination, with and without `x`) in the python-chess positions and
/// random playouts, in both modes.
#[test]
fn common_forms_played_in_place_agree_with_general_path() {
    let positions = python_chess_and_playout_positions(20);
    let firsts = b"abcdefghNBRQK";
    let (mut played, mut declined, mut exports) = (0u64, 0u64, 0u64);
    const NO_SUFFIX: SanStyle = SanStyle {
        suffix: false,
        ..SanStyle::PGN
    };
    for p in &positions {
        for &first in firsts {
            for to in Square::all() {
                for capture in [false, true] {
                    let mut text = vec![first];
                    if capture {
                        text.push(b'x');
                    }
                    text.extend_from_slice(to.to_string().as_bytes());
                    if !super::fast::is_common(&text) {
                        // `Nf3`-like forms only: a file first needs `x`
                        // or nothing but the destination.
                        assert!(first.is_ascii_lowercase() && !capture && text.len() != 2);
                        continue;
                    }
                    let c = super::fast::Common::read(&text);
                    for mode in [Strict, Lenient] {
                        let general = San::from_ascii(&text, EN, mode)
                            .ok()
                            .and_then(|sp| sp.to_move(p, mode).ok());
                        let mut after = *p;
                        let mut seen = None;
                        let got =
                            c.play_in_place(&mut after, &text, None, mode, |before, m, given| {
                                assert_eq!(before, p);
                                seen = Some(m);
                                // Said exactly when the form is the export
                                // SAN (less a suffix).
                                let mut san = String::new();
                                write_san(before, m, &NO_SUFFIX, &mut san);
                                let export = san.as_bytes() == text;
                                assert_eq!(export.then_some(&text[..]), given, "{san} in {p}");
                                exports += u64::from(export);
                            });
                        assert_eq!(got.map(|r| r.suffix), got.map(|_| SuffixVerdict::Absent));
                        let got = got.map(|r| r.mv);
                        assert_eq!(got, seen, "{}", String::from_utf8_lossy(&text));
                        match got {
                            Some(m) => {
                                assert_eq!(general.map(|r| r.mv), Some(m), "{m:?} in {p}");
                                assert_eq!(after, p.played(m));
                                // With a suffix: the same verdict as the
                                // general path (lenient; strict declines).
                                for (suffix, mark) in [(Suffix::Check, "+"), (Suffix::Mate, "#")] {
                                    let mut after = *p;
                                    let got = c.play_in_place(
                                        &mut after,
                                        &text,
                                        Some(suffix),
                                        mode,
                                        |_, _, _| {},
                                    );
                                    let marked = [&text[..], mark.as_bytes()].concat();
                                    let sp = San::from_ascii(&marked, EN, mode).unwrap();
                                    match mode {
                                        Strict => assert_eq!(got, None),
                                        Lenient => assert_eq!(got, sp.to_move(p, mode).ok()),
                                    }
                                }
                                played += 1;
                            }
                            None => {
                                // Declined: an error, or a move the
                                // general path finds in its own way (en
                                // passant, castling written as the king's
                                // move, a promotion to a queen unwritten,
                                // a capture mark onto an empty square).
                                assert_eq!(after, *p);
                                if let Some(r) = general {
                                    let m = r.mv;
                                    assert!(
                                        m.is_en_passant()
                                            || m.is_castle()
                                            || m.promotion_role().is_some()
                                            || (capture && !p.occupied().contains(m.to())),
                                        "{m:?} in {p}"
                                    );
                                }
                                declined += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        played > 20_000 && declined > 1_000_000,
        "{played} {declined}"
    );
    // Lenient captures without `x` are played, not said to be SAN.
    assert!(exports > 20_000 && exports < played, "{exports} {played}");
}
