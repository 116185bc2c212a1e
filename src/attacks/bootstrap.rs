//! Compile-time construction of the attack tables ("const bootstrap").
//!
//! Everything here is `const fn` over plain `u64` and runs inside rustc when
//! the `static` tables are evaluated. On purpose it does not reuse
//! [`super::reference`]: leapers come from shifted bit masks, sliders from
//! line masks (`o ^ (o - 2r)` upwards, the highest blocker downwards), so the tests compare two independent
//! computations.

use super::magic::Magic;
use crate::Bitboard;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;
/// a1-h8.
const MAIN_DIAG: u64 = 0x8040_2010_0804_0201;
/// a8-h1.
const ANTI_DIAG: u64 = 0x0102_0408_1020_4080;

/// The file through square index `sq`.
pub(crate) const fn file_mask(sq: usize) -> u64 {
    FILE_A << (sq & 7)
}

/// The rank through square index `sq`.
pub(crate) const fn rank_mask(sq: usize) -> u64 {
    RANK_1 << (sq & 56)
}

/// The a1-h8-parallel diagonal through square index `sq`.
pub(crate) const fn diag_mask(sq: usize) -> u64 {
    let d = (sq & 7) as i32 - (sq >> 3) as i32; // file - rank
    if d >= 0 {
        MAIN_DIAG >> (8 * d)
    } else {
        MAIN_DIAG << (8 * -d)
    }
}

/// The a8-h1-parallel diagonal through square index `sq`.
pub(crate) const fn anti_mask(sq: usize) -> u64 {
    let s = (sq & 7) as i32 + (sq >> 3) as i32 - 7; // file + rank - 7
    if s >= 0 {
        ANTI_DIAG << (8 * s)
    } else {
        ANTI_DIAG >> (8 * -s)
    }
}

/// Attacks along one line from the square `r` (a single bit), `line` being
/// the rest of that line and `o` the blockers. Upwards: `o ^ (o - 2r)` (the
/// borrow runs up to the first blocker); downwards: everything from the
/// highest blocker below `r`. No function calls but one `leading_zeros`, as
/// const evaluation pays dearly for calls and this runs ~200,000 times.
const fn line_attacks(r: u64, o: u64, line: u64) -> u64 {
    let o = o & line;
    // o - 2r, wrapping (2r is 2^64 for h8), in u128 to stay call-free.
    let minus = (((o as u128) | (1 << 64)) - ((r as u128) << 1)) as u64;
    let up = (o ^ minus) & line;
    let below = r - 1;
    let blockers = o & below;
    let down = if blockers == 0 {
        line & below
    } else {
        line & below & !((1u64 << (63 - blockers.leading_zeros())) - 1)
    };
    up | down
}

/// The rank and file through square index `sq`, without `sq`.
pub(crate) const fn rook_lines(sq: usize) -> [u64; 2] {
    [file_mask(sq) & !(1 << sq), rank_mask(sq) & !(1 << sq)]
}

/// The two diagonals through square index `sq`, without `sq`.
pub(crate) const fn bishop_lines(sq: usize) -> [u64; 2] {
    [diag_mask(sq) & !(1 << sq), anti_mask(sq) & !(1 << sq)]
}

/// The empty-board attacks of a rook (`bishop == false`) or bishop, by
/// square index.
pub(crate) const fn ray_table(bishop: bool) -> [Bitboard; 64] {
    let mut out = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        let [a, b] = if bishop {
            bishop_lines(sq)
        } else {
            rook_lines(sq)
        };
        out[sq] = Bitboard(a | b);
        sq += 1;
    }
    out
}

/// The blocker squares that matter to a rook on `sq`: its rays without the
/// last square of each (an edge square never hides anything behind it).
pub(crate) const fn rook_mask(sq: usize) -> u64 {
    let vertical = file_mask(sq) & !(RANK_1 | RANK_8);
    let horizontal = rank_mask(sq) & !(FILE_A | FILE_H);
    (vertical | horizontal) & !(1 << sq)
}

/// The blocker squares that matter to a bishop on `sq`.
pub(crate) const fn bishop_mask(sq: usize) -> u64 {
    let edges = FILE_A | FILE_H | RANK_1 | RANK_8;
    (diag_mask(sq) | anti_mask(sq)) & !edges & !(1 << sq)
}

/// Knight attacks of every square.
pub(crate) const fn knight_table() -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        let one = ((b >> 1) & !FILE_H) | ((b << 1) & !FILE_A);
        let two = ((b >> 2) & !(FILE_G | FILE_H)) | ((b << 2) & !(FILE_A | FILE_B));
        table[sq] = Bitboard((one << 16) | (one >> 16) | (two << 8) | (two >> 8));
        sq += 1;
    }
    table
}

/// King attacks of every square.
pub(crate) const fn king_table() -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        let sides = ((b >> 1) & !FILE_H) | ((b << 1) & !FILE_A);
        let row = sides | b;
        table[sq] = Bitboard(sides | (row << 8) | (row >> 8));
        sq += 1;
    }
    table
}

/// Pawn capture squares, White (index 0) then Black (index 1).
pub(crate) const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        table[0][sq] = Bitboard(((b << 7) & !FILE_H) | ((b << 9) & !FILE_A));
        table[1][sq] = Bitboard(((b >> 9) & !FILE_H) | ((b >> 7) & !FILE_A));
        sq += 1;
    }
    table
}

/// Empty-board attacks of every piece on every square, by colour index
/// times 8 plus role index (rows 6, 7, 14 and 15 empty, so that a lookup
/// needs no bounds check), then square (pawns: their capture squares).
pub(crate) const fn pseudo_table() -> [[Bitboard; 64]; 16] {
    let knights = knight_table();
    let kings = king_table();
    let pawns = pawn_table();
    let rooks = ray_table(false);
    let bishops = ray_table(true);
    let mut table = [[Bitboard::EMPTY; 64]; 16];
    let mut color = 0;
    while color < 2 {
        let row = color * 8;
        let mut sq = 0;
        while sq < 64 {
            table[row][sq] = pawns[color][sq];
            table[row + 1][sq] = knights[sq];
            table[row + 2][sq] = bishops[sq];
            table[row + 3][sq] = rooks[sq];
            table[row + 4][sq] = Bitboard(bishops[sq].0 | rooks[sq].0);
            table[row + 5][sq] = kings[sq];
            sq += 1;
        }
        color += 1;
    }
    table
}

/// The full line (rank, file or diagonal) through both `a` and `b`, or 0.
const fn common_line(a: usize, b: usize) -> u64 {
    if a == b {
        return 0;
    }
    let bb = 1u64 << b;
    let lines = [file_mask(a), rank_mask(a), diag_mask(a), anti_mask(a)];
    let mut i = 0;
    while i < 4 {
        if lines[i] & bb != 0 {
            return lines[i];
        }
        i += 1;
    }
    0
}

/// `between` of every square pair: the line's squares each end sees with
/// the other end as its only blocker.
pub(crate) const fn between_table() -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let line = common_line(a, b);
            if line != 0 {
                let from_a = line_attacks(1 << a, 1 << b, line & !(1 << a));
                let from_b = line_attacks(1 << b, 1 << a, line & !(1 << b));
                table[a][b] = Bitboard(from_a & from_b);
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// `line` of every square pair.
pub(crate) const fn line_table() -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = Bitboard(common_line(a, b));
            b += 1;
        }
        a += 1;
    }
    table
}

/// Software `pext`: the bits of `value` selected by `mask`, packed low.
const fn soft_pext(value: u64, mut mask: u64) -> u64 {
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

/// A part's term of the table index: `part * factor` or `pext(part, mask)`.
const fn index_term(part: u64, m: &Magic, pext: bool) -> u64 {
    if pext {
        soft_pext(part, m.mask)
    } else {
        part.wrapping_mul(m.factor)
    }
}

/// Fills a rook (`bishop == false`) or bishop table for the squares of
/// `magics`: the entry of blocker subset `o` of a square is
/// `offset + ((o * factor) >> shift)` for magic lookup, or
/// `offset + pext(o, mask)` when `pext` is set.
///
/// Const evaluation is slow (every step and call is interpreted), so the
/// ~100,000 entries are not computed one by one: a subset splits into its
/// parts on the square's two lines, each line's attacks and index terms
/// (`part * factor` or `pext(part, mask)`) are computed once per part, and
/// the inner loop only adds (magic: the parts share no bit, so the product
/// of their union is the sum of their products) or ors (pext) two terms.
///
/// For magic tables this panics, i.e. fails the build, if two subsets with
/// different attacks share an entry.
pub(crate) const fn slider_table<const N: usize>(
    magics: &[Magic; 64],
    bishop: bool,
    pext: bool,
) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    let mut sq = 0;
    while sq < 64 {
        let m = &magics[sq];
        let r = 1u64 << sq;
        let [line0, line1] = if bishop {
            bishop_lines(sq)
        } else {
            rook_lines(sq)
        };
        let (mask0, mask1) = (line0 & m.mask, line1 & m.mask);
        // Every subset of the second line's part, once.
        let mut keys1 = [0u64; 64];
        let mut attacks1 = [0u64; 64];
        let mut n1 = 0;
        let mut part1 = 0u64;
        loop {
            keys1[n1] = index_term(part1, m, pext);
            attacks1[n1] = line_attacks(r, part1, line1);
            n1 += 1;
            part1 = part1.wrapping_sub(mask1) & mask1;
            if part1 == 0 {
                break;
            }
        }
        let mut part0 = 0u64;
        loop {
            let key0 = index_term(part0, m, pext);
            let attacks0 = line_attacks(r, part0, line0);
            let mut j = 0;
            while j < n1 {
                let attacks = attacks0 | attacks1[j];
                let i = if pext {
                    (key0 | keys1[j]) as usize
                } else {
                    // key0 + keys1[j], wrapping, without a call.
                    (((key0 as u128 + keys1[j] as u128) as u64) >> m.shift) as usize
                };
                let i = m.offset as usize + i;
                if !pext && table[i].0 != 0 && table[i].0 != attacks {
                    panic!("magic factor collision in tables/magics.rs");
                }
                table[i] = Bitboard(attacks);
                j += 1;
            }
            part0 = part0.wrapping_sub(mask0) & mask0;
            if part0 == 0 {
                break;
            }
        }
        sq += 1;
    }
    table
}
