//! Syntax tests: every example of NOTATION.md sections 2–4 and of the seed
//! articles, with exact parsed fields and error offsets.

use super::*;
use crate::types::{Color, File, Rank, Role};

use ParseErrorKind::*;
use ParseMode::{Lenient, Strict};

fn file(c: char) -> File {
    File::from_ascii(c as u8).unwrap()
}
fn rank(c: char) -> Rank {
    Rank::from_ascii(c as u8).unwrap()
}

/// `mv(role, "from", capture, "to", promotion)`; `from` and `to` may be
/// partial (`"e"`, `"1"`, `""`, `"d"`).
fn mv(role: Role, from: &str, capture: bool, to: &str, promotion: Option<Role>) -> San {
    let (mut f, mut r) = (None, None);
    for c in from.chars() {
        if c.is_ascii_digit() {
            r = Some(rank(c));
        } else {
            f = Some(file(c));
        }
    }
    let mut t = to.chars();
    San::Normal {
        role,
        file: f,
        rank: r,
        capture,
        to_file: file(t.next().unwrap()),
        to_rank: t.next().map(rank),
        promotion,
    }
}

fn plain(san: San) -> SanPlus {
    SanPlus::from(san)
}

fn with_suffix(san: San, s: Suffix) -> SanPlus {
    SanPlus {
        suffix: Some(s),
        ..plain(san)
    }
}

#[track_caller]
fn ok(text: &str, lang: Language, mode: ParseMode, want: SanPlus) {
    assert_eq!(
        San::from_ascii(text.as_bytes(), lang, mode),
        Ok(want),
        "{text:?} ({lang})"
    );
    if mode == Strict {
        // What strict mode reads, lenient mode reads the same way.
        assert_eq!(
            San::from_ascii(text.as_bytes(), lang, Lenient),
            Ok(want),
            "{text:?}"
        );
    }
}

#[track_caller]
fn fails(text: &str, lang: Language, mode: ParseMode, kind: ParseErrorKind, offset: usize) {
    assert_eq!(
        San::from_ascii(text.as_bytes(), lang, mode),
        Err(ParseError { kind, offset }),
        "{text:?} ({lang}, {mode:?})"
    );
}

const EN: Language = Language::En;
const P: Role = Role::Pawn;
const N: Role = Role::Knight;
const B: Role = Role::Bishop;
const R: Role = Role::Rook;
const Q: Role = Role::Queen;
const K: Role = Role::King;

#[test]
fn section_2_moves_and_captures() {
    ok("Be5", EN, Strict, plain(mv(B, "", false, "e5", None)));
    ok("Nf3", EN, Strict, plain(mv(N, "", false, "f3", None)));
    ok("c5", EN, Strict, plain(mv(P, "", false, "c5", None)));
    ok("Bxe5", EN, Strict, plain(mv(B, "", true, "e5", None)));
    ok("exd5", EN, Strict, plain(mv(P, "e", true, "d5", None)));
    ok("B×e5", EN, Lenient, plain(mv(B, "", true, "e5", None)));
    ok("B:e5", EN, Lenient, plain(mv(B, "", true, "e5", None)));
    ok("e:d5", EN, Lenient, plain(mv(P, "e", true, "d5", None)));
    ok("e×d5", EN, Lenient, plain(mv(P, "e", true, "d5", None)));
    ok("Be5:", EN, Lenient, plain(mv(B, "", true, "e5", None)));
    // Capture mark omitted (ECO style) and abbreviated pawn captures.
    ok("ed6", EN, Lenient, plain(mv(P, "e", false, "d6", None)));
    ok("exd", EN, Lenient, plain(mv(P, "e", true, "d", None)));
    ok("ed", EN, Lenient, plain(mv(P, "e", false, "d", None)));
    ok("ed5", EN, Lenient, plain(mv(P, "e", false, "d5", None)));
    ok("xd5", EN, Lenient, plain(mv(P, "", true, "d5", None)));
    assert_eq!(mv(P, "e", false, "d", None).to(), None);
    assert_eq!(mv(P, "e", false, "d5", None).to(), Some(crate::Square::D5));
}

#[test]
fn section_2_en_passant_marks() {
    let ep = SanPlus {
        en_passant: true,
        ..plain(mv(P, "e", true, "d6", None))
    };
    for s in [
        "exd6 ep",
        "exd6ep",
        "exd6 e.p.",
        "exd6e.p.",
        "exd6 e. p.",
        "exd6e. p.",
    ] {
        ok(s, EN, Lenient, ep);
    }
    fails("exd6 e. p.", EN, Strict, TrailingBytes, 4);
    ok("exd6", EN, Strict, plain(mv(P, "e", true, "d6", None)));
    fails("exd6 ep", EN, Strict, TrailingBytes, 4);
    fails("exd6ep", EN, Strict, LenientOnly, 4);
    // `ep` after a move that is no pawn capture is not an en passant mark.
    fails("e4 ep", EN, Lenient, TrailingBytes, 2);
    fails("exd6 epx", EN, Lenient, TrailingBytes, 4);
    assert_eq!(
        San::from_ascii_prefix(b"exd6 e.p. Nf6", EN, Lenient),
        Ok((ep, 9))
    );
}

#[test]
fn section_2_disambiguation() {
    ok("Rdf8", EN, Strict, plain(mv(R, "d", false, "f8", None)));
    ok("R1a3", EN, Strict, plain(mv(R, "1", false, "a3", None)));
    ok("Qh4e1", EN, Strict, plain(mv(Q, "h4", false, "e1", None)));
    ok("Qh4xe1", EN, Strict, plain(mv(Q, "h4", true, "e1", None)));
    ok("Ng1f3", EN, Strict, plain(mv(N, "g1", false, "f3", None)));
    ok("Nb1-c3", EN, Lenient, plain(mv(N, "b1", false, "c3", None)));
    fails("Nb1-c3", EN, Strict, LenientOnly, 3);
    ok("e2e4", EN, Lenient, plain(mv(P, "e2", false, "e4", None)));
    ok("e2-e4", EN, Lenient, plain(mv(P, "e2", false, "e4", None)));
    fails("e2e4", EN, Strict, LenientOnly, 0);
}

#[test]
fn section_2_promotion() {
    let q = plain(mv(P, "", false, "e8", Some(Q)));
    ok("e8=Q", EN, Strict, q);
    for s in ["e8Q", "e8(Q)", "e8/Q", "e8q", "e8♕", "e8=♛"] {
        ok(s, EN, Lenient, q);
    }
    ok("dxe8=N", EN, Strict, plain(mv(P, "d", true, "e8", Some(N))));
    ok("dxe8N", EN, Lenient, plain(mv(P, "d", true, "e8", Some(N))));
    ok("a1=R", EN, Strict, plain(mv(P, "", false, "a1", Some(R))));
    ok(
        "bxa1=B+",
        EN,
        Strict,
        with_suffix(mv(P, "b", true, "a1", Some(B)), Suffix::Check),
    );
    fails("e8Q", EN, Strict, LenientOnly, 2);
    fails("e8(Q)", EN, Strict, TrailingBytes, 2);
    fails("e8=", EN, Strict, ExpectedPromotion, 3);
    fails("e8=K", EN, Strict, UnexpectedPromotion, 2);
    fails("e8=P", EN, Lenient, UnexpectedPromotion, 2);
    fails("e5=Q", EN, Strict, UnexpectedPromotion, 2);
    fails("Ne8=Q", EN, Lenient, UnexpectedPromotion, 3);
    fails("e8(Q", EN, Lenient, ExpectedPromotion, 4);
    fails("e8/", EN, Lenient, ExpectedPromotion, 3);
    // A pawn on the last rank without a piece is syntax; legality decides.
    ok("e8", EN, Strict, plain(mv(P, "", false, "e8", None)));
    // `N` after a non-promoting move is not read as a promotion.
    fails("e4N", EN, Lenient, TrailingBytes, 2);
}

#[test]
fn section_2_castling() {
    let ks = plain(San::Castle(CastlingSide::KingSide));
    let qs = plain(San::Castle(CastlingSide::QueenSide));
    ok("O-O", EN, Strict, ks);
    ok("O-O-O", EN, Strict, qs);
    for s in ["0-0", "OO", "00", "o-o"] {
        ok(s, EN, Lenient, ks);
    }
    for s in ["0-0-0", "OOO", "000", "o-o-o"] {
        ok(s, EN, Lenient, qs);
    }
    ok("o-o", Language::Et, Lenient, ks);
    ok(
        "O-O+",
        EN,
        Strict,
        with_suffix(San::Castle(CastlingSide::KingSide), Suffix::Check),
    );
    ok(
        "0-0-0#",
        EN,
        Lenient,
        with_suffix(San::Castle(CastlingSide::QueenSide), Suffix::Mate),
    );
    fails("0-0", EN, Strict, LenientOnly, 0);
    fails("OO", EN, Strict, BadCastling, 1);
    // Lower case only with its hyphens, and only in lenient mode.
    fails("o-o", EN, Strict, LenientOnly, 0);
    fails("o-o-o", EN, Strict, LenientOnly, 0);
    fails("oo", EN, Lenient, ExpectedMove, 0);
    fails("o-O", EN, Lenient, BadCastling, 2);
    fails("o-o-O", EN, Lenient, BadCastling, 4);
    fails("O-O-o", EN, Lenient, BadCastling, 4);
    fails("O-0", EN, Lenient, BadCastling, 2);
    fails("O-O-0", EN, Lenient, BadCastling, 4);
    fails("O-", EN, Lenient, BadCastling, 2);
    fails("O-O-", EN, Lenient, TrailingBytes, 3);
    fails("O", EN, Lenient, ExpectedMove, 0);
    fails("O", Language::Et, Lenient, ExpectedSquare, 1);
    ok(
        "Ob5",
        Language::Et,
        Strict,
        plain(mv(B, "", false, "b5", None)),
    );
    ok(
        "Ob5+",
        Language::Et,
        Strict,
        with_suffix(mv(B, "", false, "b5", None), Suffix::Check),
    );
}

#[test]
fn section_2_check_and_mate_suffixes() {
    let m = mv(Q, "", false, "f7", None);
    ok("Qf7+", EN, Strict, with_suffix(m, Suffix::Check));
    ok("Qf7#", EN, Strict, with_suffix(m, Suffix::Mate));
    let cases = [
        ("Qf7†", Suffix::Check),
        ("Qf7ch", Suffix::Check),
        ("Qf7 ch", Suffix::Check),
        ("Qf7dis ch", Suffix::DiscoveredCheck),
        ("Qf7 dis ch", Suffix::DiscoveredCheck),
        ("Qf7disch", Suffix::DiscoveredCheck),
        ("Qf7++", Suffix::DoublePlus),
        ("Qf7dbl ch", Suffix::DoubleCheck),
        ("Qf7 dbl ch", Suffix::DoubleCheck),
        ("Qf7mate", Suffix::Mate),
        ("Qf7 mate", Suffix::Mate),
        ("Qf7‡", Suffix::Mate),
        ("Qf7≠", Suffix::Mate),
        ("Qf7x", Suffix::MateX),
        ("Qf7X", Suffix::MateX),
        ("Q:f7X", Suffix::MateX),
    ];
    for (s, suffix) in cases {
        let want = if s.contains(':') {
            mv(Q, "", true, "f7", None)
        } else {
            m
        };
        ok(s, EN, Lenient, with_suffix(want, suffix));
    }
    // Russian style: captures with `:`, mate with a trailing `X`.
    ok(
        "Ф:f7X",
        Language::Ru,
        Lenient,
        with_suffix(mv(Q, "", true, "f7", None), Suffix::MateX),
    );
    ok(
        "Лd1:d8x",
        Language::Ru,
        Lenient,
        with_suffix(mv(R, "d1", true, "d8", None), Suffix::MateX),
    );
    fails("Qf7†", EN, Strict, LenientOnly, 3);
    fails("Qf7++", EN, Strict, LenientOnly, 3);
    fails("Qf7x", EN, Strict, LenientOnly, 3);
    fails("Qf7chx", EN, Lenient, TrailingBytes, 3);
    fails("Qf7+#", EN, Lenient, TrailingBytes, 4);
    assert!(Suffix::MateX.claims_mate() && !Suffix::DoublePlus.claims_mate());
}

#[test]
fn section_2_draw_offer_and_glyphs() {
    let m = mv(N, "", false, "f3", None);
    ok(
        "Nf3(=)",
        EN,
        Lenient,
        SanPlus {
            draw_offer: true,
            ..plain(m)
        },
    );
    fails("Nf3(=)", EN, Strict, LenientOnly, 3);
    for (g, n) in [
        ("!", 1),
        ("?", 2),
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
    ] {
        let text = format!("Nf3+{g}");
        ok(
            &text,
            EN,
            Strict,
            SanPlus {
                nag: Some(Nag(n)),
                ..with_suffix(m, Suffix::Check)
            },
        );
    }
    ok(
        "Nf3□",
        EN,
        Lenient,
        SanPlus {
            nag: Some(Nag(7)),
            ..plain(m)
        },
    );
    ok(
        "Nf3!(=)",
        EN,
        Lenient,
        SanPlus {
            nag: Some(Nag(1)),
            draw_offer: true,
            ..plain(m)
        },
    );
    fails("Nf3!!!", EN, Lenient, TrailingBytes, 5);
}

#[test]
fn section_1_pawn_letter_kt_and_figurines() {
    ok("Pe4", EN, Lenient, plain(mv(P, "", false, "e4", None)));
    fails("Pe4", EN, Strict, LenientOnly, 0);
    ok("Ktf3", EN, Lenient, plain(mv(N, "", false, "f3", None)));
    fails("Ktf3", EN, Strict, LenientOnly, 0);
    ok("♘f3", EN, Lenient, plain(mv(N, "", false, "f3", None)));
    ok("♞c6", EN, Lenient, plain(mv(N, "", false, "c6", None)));
    ok(
        "♞c6",
        Language::Pl,
        Lenient,
        plain(mv(N, "", false, "c6", None)),
    );
    ok(
        "♙e4",
        Language::Ru,
        Lenient,
        plain(mv(P, "", false, "e4", None)),
    );
    fails("♘f3", EN, Strict, LenientOnly, 0);
    // A variation selector after a figurine (web pages), and a figurine
    // set apart from its square by one space (books): lenient only.
    for s in ["♘\u{fe0f}f3", "♘\u{fe0e}f3", "♘ f3", "♘\u{fe0f} f3"] {
        ok(s, EN, Lenient, plain(mv(N, "", false, "f3", None)));
        fails(s, EN, Strict, LenientOnly, 0);
    }
    ok(
        "♞ xe5",
        Language::Pl,
        Lenient,
        plain(mv(N, "", true, "e5", None)),
    );
    ok("♖ 1e2", EN, Lenient, plain(mv(R, "1", false, "e2", None)));
    ok(
        "e8=♕\u{fe0f}",
        EN,
        Lenient,
        plain(mv(P, "", false, "e8", Some(Q))),
    );
    fails("♘  f3", EN, Lenient, ExpectedSquare, 4);
    fails("♘\u{fe0d}f3", EN, Lenient, ExpectedSquare, 3);
    // A letter set apart is no move.
    fails("N f3", EN, Lenient, ExpectedSquare, 1);
}

#[test]
fn seed_polish_examples() {
    let pl = Language::Pl;
    ok("Sf3", pl, Strict, plain(mv(N, "", false, "f3", None)));
    ok("Gxe5", pl, Strict, plain(mv(B, "", true, "e5", None)));
    ok("Hh4e1", pl, Strict, plain(mv(Q, "h4", false, "e1", None)));
    ok("Hh4xe1", pl, Strict, plain(mv(Q, "h4", true, "e1", None)));
    ok("Wdf8", pl, Strict, plain(mv(R, "d", false, "f8", None)));
    ok("G:e5", pl, Lenient, plain(mv(B, "", true, "e5", None)));
    ok("Sc6", pl, Strict, plain(mv(N, "", false, "c6", None)));
    ok("Gb5", pl, Strict, plain(mv(B, "", false, "b5", None)));
    ok("Gc4", pl, Strict, plain(mv(B, "", false, "c4", None)));
    ok("Kxe2", pl, Strict, plain(mv(K, "", true, "e2", None)));
    ok("e8=H", pl, Strict, plain(mv(P, "", false, "e8", Some(Q))));
    ok("e8H", pl, Lenient, plain(mv(P, "", false, "e8", Some(Q))));
    // The seed's gambit line: `1. d4 e5?! 2. dxe5 f6 3. e4! Sc6 4. Gc4 +/-`.
    let line: [(&str, SanPlus); 7] = [
        ("d4", plain(mv(P, "", false, "d4", None))),
        (
            "e5?!",
            SanPlus {
                nag: Some(Nag(6)),
                ..plain(mv(P, "", false, "e5", None))
            },
        ),
        ("dxe5", plain(mv(P, "d", true, "e5", None))),
        ("f6", plain(mv(P, "", false, "f6", None))),
        (
            "e4!",
            SanPlus {
                nag: Some(Nag(1)),
                ..plain(mv(P, "", false, "e4", None))
            },
        ),
        ("Sc6", plain(mv(N, "", false, "c6", None))),
        ("Gc4", plain(mv(B, "", false, "c4", None))),
    ];
    for (s, want) in line {
        ok(s, pl, Strict, want);
    }
    assert_eq!(Nag::from_ascii(b"+/-"), Ok(Nag(16)));
    // Attached to the move, `+/-` is left to the caller, not read as check.
    assert_eq!(
        San::from_ascii_prefix(b"Gc4+/-", pl, Lenient),
        Ok((plain(mv(B, "", false, "c4", None)), 3))
    );
    assert_eq!(
        San::from_ascii_prefix(b"Gc4 +/-", pl, Lenient),
        Ok((plain(mv(B, "", false, "c4", None)), 3))
    );
    assert_eq!(
        San::from_ascii_prefix(b"Gc4+-", pl, Strict),
        Ok((plain(mv(B, "", false, "c4", None)), 3))
    );
    // English in the same article: Be5, Nf3, R1a3, e8Q.
    ok("R1a3", EN, Strict, plain(mv(R, "1", false, "a3", None)));
}

#[test]
fn seed_lithuanian_examples() {
    let lt = Language::Lt;
    ok("Žgf3", lt, Strict, plain(mv(N, "g", false, "f3", None)));
    ok("Ždf3", lt, Strict, plain(mv(N, "d", false, "f3", None)));
    ok("Ž5f3", lt, Strict, plain(mv(N, "5", false, "f3", None)));
    ok("Ž1f3", lt, Strict, plain(mv(N, "1", false, "f3", None)));
    ok("Ž5xf3", lt, Strict, plain(mv(N, "5", true, "f3", None)));
    ok("Rxe5", lt, Strict, plain(mv(B, "", true, "e5", None)));
    ok("exd5", lt, Strict, plain(mv(P, "e", true, "d5", None)));
    ok("ed", lt, Lenient, plain(mv(P, "e", false, "d", None)));
    ok("ed5", lt, Lenient, plain(mv(P, "e", false, "d5", None)));
    ok("e1V", lt, Lenient, plain(mv(P, "", false, "e1", Some(Q))));
    ok("b8R", lt, Lenient, plain(mv(P, "", false, "b8", Some(B))));
    ok("f8=V", lt, Strict, plain(mv(P, "", false, "f8", Some(Q))));
    ok("e1-e2", lt, Lenient, plain(mv(P, "e1", false, "e2", None)));
    ok("Bd1", lt, Strict, plain(mv(R, "", false, "d1", None)));
    ok(
        "O-O",
        lt,
        Strict,
        plain(San::Castle(CastlingSide::KingSide)),
    );
    ok(
        "0-0-0",
        lt,
        Lenient,
        plain(San::Castle(CastlingSide::QueenSide)),
    );
    // "Priimtina rašyti tiesiog „matas“": the Lithuanian word for mate.
    ok(
        "Vh5 matas",
        lt,
        Lenient,
        with_suffix(mv(Q, "", false, "h5", None), Suffix::Mate),
    );
    ok(
        "Vh5matas",
        lt,
        Lenient,
        with_suffix(mv(Q, "", false, "h5", None), Suffix::Mate),
    );
}

#[test]
fn other_languages() {
    let cases: &[(&str, Language, Role)] = &[
        ("Sf3", Language::De, N),
        ("Bd4", Language::De, P),
        ("Cf3", Language::Fr, N),
        ("Fb5", Language::Fr, B),
        ("Ab5", Language::Es, B),
        ("Nb5", Language::Ro, B),
        ("Pf3", Language::Nl, N),
        ("pe4", Language::Nl, P),
        ("Jf3", Language::Cs, N),
        ("Sb5", Language::Cs, B),
        ("Vd1", Language::Cs, R),
        ("Rf3", Language::Fi, N),
        ("Hd1", Language::Is, R),
        ("Gye4", Language::Hu, P),
        ("Hf3", Language::Hu, N),
        ("Ob5", Language::Et, B),
        ("Zf3", Language::Lv, N),
        ("Ĉf3", Language::Eo, N),
        ("Kb5", Language::Eo, B),
        ("Mh5", Language::Id, Q),
        ("Şe2", Language::Tr, K),
        ("Af3", Language::Tr, N),
        ("Крe2", Language::Ru, K),
        ("Кf3", Language::Ru, N),
        ("Тd1", Language::Uk, R),
        ("Цe2", Language::Bg, K),
        ("Оb5", Language::Bg, B),
        ("Ρe2", Language::El, K),
        ("Ιf3", Language::El, N),
    ];
    for &(s, lang, role) in cases {
        let sp =
            San::from_ascii(s.as_bytes(), lang, Lenient).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(sp.san.role(), Some(role), "{s} ({lang})");
    }
    // A letter of one language is no letter in another.
    fails("Sf3", EN, Lenient, ExpectedMove, 0);
    fails("Nf3", Language::Pl, Lenient, ExpectedMove, 0);
}

#[test]
fn error_offsets() {
    fails("", EN, Lenient, Empty, 0);
    fails("Nf9", EN, Lenient, ExpectedRank, 2);
    fails("N", EN, Lenient, ExpectedSquare, 1);
    fails("N1", EN, Lenient, ExpectedFile, 1);
    fails("Xe4", EN, Lenient, ExpectedMove, 0);
    fails("e", EN, Lenient, ExpectedRank, 1);
    fails("ex", EN, Lenient, ExpectedRank, 1);
    fails("Nf3z", EN, Lenient, TrailingBytes, 3);
    fails("Nfe", EN, Lenient, ExpectedRank, 3);
    fails("Nxf", EN, Lenient, ExpectedRank, 3);
    fails("exd", EN, Strict, ExpectedRank, 3);
    fails("B:e5", EN, Strict, LenientOnly, 1);
    fails("Be5:", EN, Strict, LenientOnly, 3);
    fails("ed5", EN, Strict, LenientOnly, 0);
    fails("Кр", Language::Ru, Lenient, ExpectedSquare, 4);
    fails("Nf3 ", EN, Lenient, TrailingBytes, 3);
    let e = San::from_ascii(b"Nf9", EN, Lenient).unwrap_err();
    assert_eq!(e.to_string(), "expected a rank 1-8 at byte 2");
}

#[test]
fn null_moves() {
    ok("--", EN, Strict, plain(San::Null));
    ok("Z0", EN, Lenient, plain(San::Null));
    fails("Z0", EN, Strict, ExpectedMove, 0);
    assert_eq!(San::Null.role(), None);
    assert_eq!(San::Castle(CastlingSide::KingSide).role(), Some(K));
}

#[test]
fn syntactic_writer() {
    let write = |sp: &SanPlus, style: &SanStyle, turn| {
        let mut buf = ArrayBuf::<32>::new();
        sp.write(style, turn, &mut buf);
        assert!(!buf.overflowed());
        buf.as_str().to_string()
    };
    let w = Color::White;
    let sp = San::from_ascii("Hh4xe1+!".as_bytes(), Language::Pl, Strict).unwrap();
    assert_eq!(write(&sp, &SanStyle::PGN, w), "Qh4xe1+");
    assert_eq!(sp.to_string(), "Qh4xe1+");
    assert_eq!(
        write(&sp, &SanStyle::with_language(Language::Pl), w),
        "Hh4xe1+"
    );
    assert_eq!(
        write(&sp, &SanStyle::with_language(Language::Ru), w),
        "Фh4xe1+"
    );
    let colon = SanStyle {
        capture_colon: true,
        suffix: false,
        glyph: true,
        ..SanStyle::PGN
    };
    assert_eq!(write(&sp, &colon, w), "Qh4:e1!");
    assert_eq!(write(&sp, &SanStyle::FAN, w), "♕h4xe1+");
    assert_eq!(write(&sp, &SanStyle::FAN, Color::Black), "♛h4xe1+");
    let fixed = SanStyle {
        figurines: Figurines::White,
        ..SanStyle::PGN
    };
    assert_eq!(write(&sp, &fixed, Color::Black), "♕h4xe1+");
    let fixed = SanStyle {
        figurines: Figurines::Black,
        ..SanStyle::PGN
    };
    assert_eq!(write(&sp, &fixed, w), "♛h4xe1+");
    let promo = San::from_ascii(b"dxe8=N#", EN, Strict).unwrap();
    let fide = SanStyle {
        promotion_equals: false,
        castling_zero: true,
        ..SanStyle::PGN
    };
    assert_eq!(write(&promo, &SanStyle::PGN, w), "dxe8=N#");
    assert_eq!(write(&promo, &fide, w), "dxe8N#");
    assert_eq!(write(&promo, &SanStyle::FAN, w), "dxe8=♘#");
    let castle = plain(San::Castle(CastlingSide::QueenSide));
    assert_eq!(write(&castle, &SanStyle::PGN, w), "O-O-O");
    assert_eq!(write(&castle, &fide, w), "0-0-0");
    assert_eq!(write(&plain(San::Null), &SanStyle::PGN, w), "--");
    let dp = San::from_ascii(b"Qf7++", EN, Lenient).unwrap();
    assert_eq!(write(&dp, &SanStyle::PGN, w), "Qf7+");
    let x = San::from_ascii(b"Qf7x", EN, Lenient).unwrap();
    assert_eq!(write(&x, &SanStyle::PGN, w), "Qf7#");
    let abbrev = San::from_ascii(b"exd", EN, Lenient).unwrap();
    assert_eq!(write(&abbrev, &SanStyle::PGN, w), "exd");
}

#[test]
fn every_language_writes_and_reads_back() {
    let sans = [
        mv(N, "g1", true, "f3", None),
        mv(K, "", false, "e2", None),
        mv(Q, "h", false, "e1", None),
        mv(R, "1", true, "a3", None),
        mv(B, "", false, "b5", None),
        mv(P, "d", true, "e8", Some(N)),
        mv(P, "", false, "a1", Some(Q)),
        mv(P, "", false, "a1", Some(R)),
        mv(P, "", false, "a1", Some(B)),
        San::Castle(CastlingSide::KingSide),
    ];
    for lang in Language::ALL {
        for figurines in [Figurines::Off, Figurines::BySide] {
            for castling_zero in [false, true] {
                for promotion_equals in [false, true] {
                    for capture_colon in [false, true] {
                        let style = SanStyle {
                            language: lang,
                            figurines,
                            castling_zero,
                            promotion_equals,
                            capture_colon,
                            suffix: true,
                            glyph: false,
                        };
                        for san in sans {
                            for turn in [Color::White, Color::Black] {
                                let sp = with_suffix(san, Suffix::Check);
                                let mut buf = ArrayBuf::<32>::new();
                                sp.write(&style, turn, &mut buf);
                                let back = San::from_ascii(buf.as_bytes(), lang, Lenient);
                                assert_eq!(back, Ok(sp), "{buf} {style:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn fast_path_agrees_with_general_parser() {
    // Random texts over the bytes SAN uses, plus every SAN python-chess
    // wrote with assorted followers.
    let alphabet = b"NBRQKabcdefgh12345678x=+#-: ep!?()\nO";
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    };
    let mut texts: Vec<Vec<u8>> = Vec::new();
    for _ in 0..200_000 {
        let len = 1 + (next() % 8) as usize;
        texts.push(
            (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect(),
        );
    }
    let data = include_str!("../../tests/data/notation/python_chess_moves.txt");
    for line in data.lines().filter(|l| !l.starts_with("fen")) {
        let san = line.split(' ').nth(1).unwrap();
        for follow in [
            "", " ", "\n", ")", "!", " ep", " e.p.", "+/-", " mate", " 1-0", "(=)",
        ] {
            texts.push(format!("{san}{follow}").into_bytes());
        }
    }
    let mut fast_hits = 0;
    for t in &texts {
        for lenient in [false, true] {
            if let Some(fast) = super::fast::fast_english(t, lenient) {
                fast_hits += 1;
                assert_eq!(
                    San::parse_general(t, EN, lenient),
                    Ok(fast),
                    "{:?}",
                    String::from_utf8_lossy(t)
                );
            }
        }
    }
    assert!(fast_hits > 100_000, "{fast_hits}");
    // The whole-token path of `San::from_ascii`.
    let mut token_hits = 0;
    for t in &texts {
        if let Some(fast) = super::fast::fast_token(t) {
            token_hits += 1;
            for lenient in [false, true] {
                assert_eq!(
                    San::parse_general(t, EN, lenient),
                    Ok((fast, t.len())),
                    "{:?}",
                    String::from_utf8_lossy(t)
                );
            }
        }
    }
    assert!(token_hits > 10_000, "{token_hits}");
    // Every SAN python-chess writes takes it.
    for line in data.lines().filter(|l| !l.starts_with("fen")) {
        let san = line.split(' ').nth(1).unwrap();
        assert!(super::fast::fast_token(san.as_bytes()).is_some(), "{san}");
    }
}

#[test]
fn values_are_small() {
    assert_eq!(core::mem::size_of::<San>(), 7);
    assert!(core::mem::size_of::<SanPlus>() <= 16);
    assert!(core::mem::size_of::<Result<(SanPlus, usize), ParseError>>() <= 32);
}

/// Every token over `alphabet` of `len` bytes, in `f`.
fn each_token(alphabet: &[u8], len: usize, f: &mut impl FnMut(&[u8])) {
    let mut idx = vec![0usize; len];
    let mut t = vec![alphabet[0]; len];
    loop {
        f(&t);
        let mut i = 0;
        loop {
            if i == len {
                return;
            }
            idx[i] += 1;
            if idx[i] < alphabet.len() {
                t[i] = alphabet[idx[i]];
                break;
            }
            idx[i] = 0;
            t[i] = alphabet[0];
            i += 1;
        }
    }
}

#[test]
fn fast_token_agrees_with_its_reference_on_every_short_token() {
    // Each class of byte the readers tell apart, with its edges: files
    // (`a`, `h`, and `` ` ``, `i` just outside), ranks (`1`, `8`, `4`, and
    // `0`, `9` just outside), every letter, the marks, and a stranger.
    let wide = b"aehi`1480 9NBRQKPxO=-+#";
    let narrow = b"ah18NQxO=-+#";
    // Both versions agree on `t`; whether they read it.
    fn agree(t: &[u8]) -> bool {
        let fast = super::fast::fast_token(t);
        assert_eq!(
            fast,
            super::fast::fast_token_shapes(t),
            "{:?}",
            String::from_utf8_lossy(t)
        );
        fast.is_some()
    }
    let (mut tokens, mut read) = (0u64, 0u64);
    for len in 0..=5 {
        each_token(wide, len, &mut |t| {
            tokens += 1;
            read += u64::from(agree(t));
        });
    }
    // Of those, the well-formed ones (3 files, 3 ranks, 5 pieces): length 2,
    // 9 pushes; 3, 45 piece moves + 18 pushes with suffix + `O-O`; 4, 27 pawn
    // captures + 24 promotions + 45 piece captures + 270 moves with a file
    // or rank + 92 of length 3 with suffix; 5, `O-O-O` + 270 captures with a
    // file or rank + 405 moves with both + 732 of length 4 with suffix.
    assert_eq!(read, 9 + 64 + 458 + 1408);
    // Lengths 6 and 7 over fewer bytes.
    let mut long_read = 0u64;
    for len in 6..=7 {
        each_token(narrow, len, &mut |t| {
            tokens += 1;
            long_read += u64::from(agree(t));
        });
    }
    assert_eq!(
        tokens,
        (0..=5).map(|l| 23u64.pow(l)).sum::<u64>() + 12u64.pow(6) + 12u64.pow(7)
    );
    // 2 files, 2 ranks, 2 pieces: 32 of `Nh1xa8` and 16 of `hxa8=Q`; with
    // `+` or `#`, those and `O-O-O`, 32 of `Nhxa8` or `N1xa8` and 32 of
    // `Nh1a8`.
    assert_eq!(long_read, (32 + 16) + 2 * ((32 + 16) + 1 + 32 + 32));
}

#[test]
fn fast_token_reads_every_pgn_form() {
    // Every well-formed token of the forms, built field by field, is read by
    // both versions alike, with the fields it was built from.
    let pieces = [
        (Role::Knight, "N"),
        (Role::Bishop, "B"),
        (Role::Rook, "R"),
        (Role::Queen, "Q"),
        (Role::King, "K"),
    ];
    let files = ["a", "b", "c", "d", "e", "f", "g", "h"];
    let ranks = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let suffixes = [
        ("", None),
        ("+", Some(Suffix::Check)),
        ("#", Some(Suffix::Mate)),
    ];
    let mut count = 0;
    let mut expect = |text: String, san: San, suffix: Option<Suffix>| {
        let want = SanPlus {
            san,
            suffix,
            nag: None,
            en_passant: false,
            draw_offer: false,
        };
        assert_eq!(
            super::fast::fast_token(text.as_bytes()),
            Some(want),
            "{text}"
        );
        assert_eq!(
            super::fast::fast_token_shapes(text.as_bytes()),
            Some(want),
            "{text}"
        );
        count += 1;
    };
    for (sfx, suffix) in suffixes {
        expect(
            format!("O-O{sfx}"),
            San::Castle(CastlingSide::KingSide),
            suffix,
        );
        expect(
            format!("O-O-O{sfx}"),
            San::Castle(CastlingSide::QueenSide),
            suffix,
        );
        for tf in files {
            for tr in ranks {
                let to = format!("{tf}{tr}");
                // Pawn pushes and captures, with promotions on the last ranks.
                let promotions: &[(&str, Option<Role>)] = if tr == "1" || tr == "8" {
                    &[
                        ("", None),
                        ("=N", Some(Role::Knight)),
                        ("=B", Some(Role::Bishop)),
                        ("=R", Some(Role::Rook)),
                        ("=Q", Some(Role::Queen)),
                    ]
                } else {
                    &[("", None)]
                };
                for &(p, promotion) in promotions {
                    expect(
                        format!("{to}{p}{sfx}"),
                        mv(Role::Pawn, "", false, &to, promotion),
                        suffix,
                    );
                    for ff in files {
                        expect(
                            format!("{ff}x{to}{p}{sfx}"),
                            mv(Role::Pawn, ff, true, &to, promotion),
                            suffix,
                        );
                    }
                }
                for (role, letter) in pieces {
                    let mut froms = vec![String::new()];
                    froms.extend(files.iter().map(|f| f.to_string()));
                    froms.extend(ranks.iter().map(|r| r.to_string()));
                    for f in files {
                        froms.extend(ranks.iter().map(|r| format!("{f}{r}")));
                    }
                    for from in &froms {
                        for (x, capture) in [("", false), ("x", true)] {
                            expect(
                                format!("{letter}{from}{x}{to}{sfx}"),
                                mv(role, from, capture, &to, None),
                                suffix,
                            );
                        }
                    }
                }
            }
        }
    }
    // 3 suffixes x (2 castlings + 64 destinations x (5 pieces x 81
    // departures x 2 + 1 push + 8 captures) + 16 last-rank squares x 4
    // promotions x 9).
    assert_eq!(count, 3 * (2 + 64 * (5 * 81 * 2 + 9) + 16 * 4 * 9));
}
