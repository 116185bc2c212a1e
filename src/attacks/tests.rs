//! Tests of the attack tables against the slow reference, for every square,
//! every blocker subset and every square pair.

use super::magic::{Magic, BISHOP, BISHOP_LEN, ROOK, ROOK_LEN};
use super::reference::*;
use super::*;

/// Under Miri (which interprets every step) only every `STRIDE`-th blocker
/// subset is checked ...
const STRIDE: usize = if cfg!(miri) { 97 } else { 1 };

/// ... and only these squares (corners, edges, centre) stand for all.
const MIRI_SQUARES: [Square; 8] = [
    Square::A1,
    Square::H1,
    Square::B2,
    Square::D4,
    Square::E5,
    Square::G7,
    Square::A8,
    Square::H8,
];

/// Every square, or under Miri a sample of them.
fn squares() -> Vec<Square> {
    if cfg!(miri) {
        MIRI_SQUARES.to_vec()
    } else {
        Square::all().collect()
    }
}

fn bb(squares: &[Square]) -> Bitboard {
    squares.iter().copied().collect()
}

#[test]
fn table_sizes() {
    assert_eq!(ROOK_LEN, 102_400);
    assert_eq!(BISHOP_LEN, 5_248);
    assert_eq!(ROOK[0].mask.count_ones(), 12); // a1
    assert_eq!(ROOK[27].mask.count_ones(), 10); // d4
    assert_eq!(BISHOP[27].mask.count_ones(), 9); // d4
    assert_eq!(BISHOP[0].mask.count_ones(), 6); // a1
    assert_eq!(BISHOP[63].offset as usize + 64, BISHOP_LEN);
}

#[test]
fn pseudo_attacks_are_empty_board_attacks() {
    for sq in squares() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                assert_eq!(
                    pseudo_attacks(piece, sq),
                    attacks(piece, sq, Bitboard::EMPTY),
                    "{piece:?} on {sq}"
                );
            }
        }
    }
}

#[test]
fn leaper_tables_match_reference() {
    for sq in squares() {
        assert_eq!(knight_attacks(sq), knight_attacks_slow(sq), "knight {sq}");
        assert_eq!(king_attacks(sq), king_attacks_slow(sq), "king {sq}");
        for color in Color::ALL {
            assert_eq!(
                pawn_attacks(color, sq),
                pawn_attacks_slow(color, sq),
                "{color:?} pawn {sq}"
            );
        }
    }
    assert_eq!(knight_attacks(Square::A1), bb(&[Square::B3, Square::C2]));
    assert_eq!(knight_attacks(Square::D4).count(), 8);
    assert_eq!(
        king_attacks(Square::H8),
        bb(&[Square::G8, Square::G7, Square::H7])
    );
    assert_eq!(king_attacks(Square::E4).count(), 8);
    assert_eq!(pawn_attacks(Color::White, Square::H2), bb(&[Square::G3]));
    assert_eq!(
        pawn_attacks(Color::Black, Square::E7),
        bb(&[Square::D6, Square::F6])
    );
    assert!(pawn_attacks(Color::White, Square::C8).is_empty());
    assert!(pawn_attacks(Color::Black, Square::C1).is_empty());
}

/// Compares a slider lookup with the reference for every subset of every
/// square's mask, also with every square outside the mask occupied (which
/// must change nothing) and with the slider's own square occupied.
fn check_slider(
    magics: &[Magic; 64],
    fast: fn(Square, Bitboard) -> Bitboard,
    slow: fn(Square, Bitboard) -> Bitboard,
) -> usize {
    let mut checked = 0;
    for sq in squares() {
        let m = &magics[sq.index()];
        let mask = Bitboard(m.mask);
        for subset in mask.subsets().step_by(STRIDE) {
            let expected = slow(sq, subset);
            assert_eq!(fast(sq, subset), expected, "{sq} {subset:?}");
            assert_eq!(
                fast(sq, subset | !mask),
                expected,
                "{sq} outside {subset:?}"
            );
            assert_eq!(fast(sq, subset | sq), expected, "{sq} self {subset:?}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn rook_lookup_matches_reference_for_every_blocker_subset() {
    let n = check_slider(&ROOK, rook_attacks, rook_attacks_slow);
    if !cfg!(miri) {
        assert_eq!(n, ROOK_LEN);
    }
}

#[test]
fn bishop_lookup_matches_reference_for_every_blocker_subset() {
    let n = check_slider(&BISHOP, bishop_attacks, bishop_attacks_slow);
    if !cfg!(miri) {
        assert_eq!(n, BISHOP_LEN);
    }
}

#[test]
fn queen_and_piece_dispatch() {
    // A few fixed occupancies (start position and friends) on every square.
    let occupancies = [
        Bitboard::EMPTY,
        Bitboard::FULL,
        Bitboard(0xffff_0000_0000_ffff),
        Bitboard(0x0000_1824_4218_0000),
        Bitboard(0x8142_2418_1824_4281),
    ];
    for sq in squares() {
        for occ in occupancies {
            let queen = queen_attacks(sq, occ);
            assert_eq!(queen, queen_attacks_slow(sq, occ), "{sq}");
            for color in Color::ALL {
                for role in Role::ALL {
                    let expected = match role {
                        Role::Pawn => pawn_attacks_slow(color, sq),
                        Role::Knight => knight_attacks_slow(sq),
                        Role::Bishop => bishop_attacks_slow(sq, occ),
                        Role::Rook => rook_attacks_slow(sq, occ),
                        Role::Queen => queen_attacks_slow(sq, occ),
                        Role::King => king_attacks_slow(sq),
                    };
                    assert_eq!(attacks(Piece { color, role }, sq, occ), expected);
                }
            }
        }
    }
    assert_eq!(
        queen_attacks(Square::A1, Bitboard::FULL),
        bb(&[Square::A2, Square::B2, Square::B1])
    );
    assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
}

#[test]
fn fixed_slider_examples() {
    // Rook a1, blocker a4: a2 a3 a4 and b1..h1.
    let r = rook_attacks(Square::A1, bb(&[Square::A4]));
    assert_eq!(
        r,
        bb(&[Square::A2, Square::A3, Square::A4])
            | (Bitboard::from_rank(crate::Rank::First) - Square::A1)
    );
    // Bishop c1 in the start position sees b2 and d2 only.
    let start = Bitboard(0xffff_0000_0000_ffff);
    assert_eq!(
        bishop_attacks(Square::C1, start),
        bb(&[Square::B2, Square::D2])
    );
    assert_eq!(rook_attacks(Square::D4, Bitboard::EMPTY).count(), 14);
    assert_eq!(bishop_attacks(Square::H8, Bitboard::EMPTY).count(), 7);
}

#[test]
fn between_line_and_aligned_match_reference_for_every_pair() {
    let mut aligned_pairs = 0;
    for a in squares() {
        for b in Square::all() {
            assert_eq!(between(a, b), between_slow(a, b), "between {a} {b}");
            assert_eq!(line(a, b), line_slow(a, b), "line {a} {b}");
            assert_eq!(between(a, b), between(b, a));
            assert_eq!(line(a, b), line(b, a));
            if line(a, b).any() {
                aligned_pairs += 1;
                assert!(line(a, b).contains(a) && line(a, b).contains(b));
                assert_eq!(between(a, b) - line(a, b), Bitboard::EMPTY);
            }
        }
    }
    // Ordered aligned pairs: 14 rank/file partners per square, plus 560
    // diagonal pairs (a bishop's total mobility over all squares).
    if !cfg!(miri) {
        assert_eq!(aligned_pairs, 64 * 14 + 560);
    }
    assert!(between(Square::E4, Square::E4).is_empty());
    assert!(line(Square::E4, Square::E4).is_empty());
    assert!(between(Square::E4, Square::E5).is_empty());
    assert_eq!(between(Square::H1, Square::A8).count(), 6);
}

#[test]
fn aligned_matches_reference_for_every_triple() {
    for a in squares() {
        for b in Square::all() {
            let l = line_slow(a, b);
            for c in squares() {
                assert_eq!(aligned(a, b, c), l.contains(c), "{a} {b} {c}");
            }
        }
    }
    assert!(aligned(Square::B2, Square::G7, Square::A1));
    assert!(!aligned(Square::B2, Square::B2, Square::B2));
}

/// Re-runs the magic verification independently of the compiled tables
/// (the PEXT build does not compile them): for every square, no two blocker
/// subsets with different attacks share an index. Pure arithmetic, so
/// skipped under Miri.
#[test]
#[cfg_attr(miri, ignore = "pure arithmetic; slow under Miri")]
fn magic_factors_are_collision_free() {
    for (magics, slow) in [
        (&ROOK, rook_attacks_slow as fn(Square, Bitboard) -> Bitboard),
        (&BISHOP, bishop_attacks_slow),
    ] {
        for sq in squares() {
            let m = &magics[sq.index()];
            let bits = m.mask.count_ones();
            assert_eq!(m.shift, 64 - bits);
            let mut seen = vec![None; 1 << bits];
            for subset in Bitboard(m.mask).subsets().step_by(STRIDE) {
                let i = (subset.0.wrapping_mul(m.factor) >> m.shift) as usize;
                let attacks = slow(sq, subset);
                match seen[i] {
                    None => seen[i] = Some(attacks),
                    Some(other) => assert_eq!(other, attacks, "collision at {sq}"),
                }
            }
        }
    }
}

#[allow(dead_code)]
mod search {
    include!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tables/gen/src/search.rs"
    ));
}

#[test]
fn masks_agree_with_generator() {
    for sq in 0..64u32 {
        assert_eq!(
            ROOK[sq as usize].mask,
            search::relevant_mask(sq, false),
            "rook {sq}"
        );
        assert_eq!(
            BISHOP[sq as usize].mask,
            search::relevant_mask(sq, true),
            "bishop {sq}"
        );
    }
}

/// The generator, re-run here, finds exactly the checked-in magic numbers.
#[test]
#[cfg_attr(miri, ignore = "runs the whole magic search")]
fn generator_reproduces_checked_in_magics() {
    let (rook, bishop) = search::find_all();
    let factors = |m: &[Magic; 64]| m.map(|m| m.factor);
    assert_eq!(rook, factors(&ROOK));
    assert_eq!(bishop, factors(&BISHOP));
    let file = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/magics.rs"));
    assert!(file.starts_with(
        "// @generated by `cargo run --release --manifest-path tables/gen/Cargo.toml`\n"
    ));
}

/// The PEXT instruction agrees with a software bit extraction.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[test]
fn pext_matches_software_extraction() {
    fn soft(value: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        let mut bit = 0;
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if value & low != 0 {
                out |= 1 << bit;
            }
            bit += 1;
            mask &= mask - 1;
        }
        out
    }
    assert_eq!(SLIDING_METHOD, "pext");
    let mut x = 0x1234_5678_9abc_def0u64;
    for _ in 0..1000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mask = x.rotate_left(23) & x.rotate_left(41);
        assert_eq!(super::pext::pext(x, mask), soft(x, mask));
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[test]
fn magic_is_the_fallback() {
    assert_eq!(SLIDING_METHOD, "magic");
}

#[test]
fn ray_tables_match_reference() {
    for sq in squares() {
        assert_eq!(
            rook_rays(sq),
            rook_attacks_slow(sq, Bitboard::EMPTY),
            "rook {sq}"
        );
        assert_eq!(
            bishop_rays(sq),
            bishop_attacks_slow(sq, Bitboard::EMPTY),
            "bishop {sq}"
        );
    }
    assert_eq!(rook_rays(Square::A1).count(), 14);
    assert_eq!(bishop_rays(Square::D4).count(), 13);
    assert_eq!(bishop_rays(Square::A1), Bitboard(0x8040_2010_0804_0200));
}
