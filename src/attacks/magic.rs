//! Magic-bitboard lookup of rook and bishop attacks: one multiply, one shift
//! and one load.
//!
//! The factors come from `tables/magics.rs`, written offline by the
//! generator in `tables/gen/` (see `tables/README.md`). Each square owns
//! `2^bits` consecutive entries of its piece's table, `bits` being the size
//! of its relevant blocker mask ("plain" magics, no sharing): 102,400 rook and
//! 5,248 bishop entries. The tables are filled at compile time; a collision
//! there is a compile error.

use super::bootstrap;

include!(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/magics.rs"));

/// The lookup data of one square.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Magic {
    /// The blocker squares that matter.
    pub(crate) mask: u64,
    /// The magic factor.
    pub(crate) factor: u64,
    /// Where the square's entries start in its table.
    pub(crate) offset: u32,
    /// `64 - mask.count_ones()`.
    pub(crate) shift: u32,
}

/// The lookup data of every square for a rook (`bishop == false`) or bishop.
const fn build_magics(factors: &[u64; 64], bishop: bool) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        factor: 0,
        offset: 0,
        shift: 0,
    }; 64];
    let mut offset = 0u32;
    let mut sq = 0;
    while sq < 64 {
        let mask = if bishop {
            bootstrap::bishop_mask(sq)
        } else {
            bootstrap::rook_mask(sq)
        };
        out[sq] = Magic {
            mask,
            factor: factors[sq],
            offset,
            shift: 64 - mask.count_ones(),
        };
        offset += 1 << mask.count_ones();
        sq += 1;
    }
    out
}

/// The number of table entries the squares of `magics` need.
const fn table_len(magics: &[Magic; 64]) -> usize {
    let last = &magics[63];
    last.offset as usize + (1 << (64 - last.shift))
}

/// Rook lookup data by square index (a `const` so lengths derive from it).
pub(crate) const ROOK: [Magic; 64] = build_magics(&ROOK_MAGICS, false);
/// Bishop lookup data by square index.
pub(crate) const BISHOP: [Magic; 64] = build_magics(&BISHOP_MAGICS, true);

/// Rook table entries: 102,400.
pub(crate) const ROOK_LEN: usize = table_len(&ROOK);
/// Bishop table entries: 5,248.
pub(crate) const BISHOP_LEN: usize = table_len(&BISHOP);

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
mod lookup {
    use super::{Magic, BISHOP, BISHOP_LEN, ROOK, ROOK_LEN};
    use crate::attacks::bootstrap::slider_table;
    use crate::{Bitboard, Square};

    static ROOK_MAGICS: [Magic; 64] = ROOK;
    static BISHOP_MAGICS: [Magic; 64] = BISHOP;
    static ROOK_TABLE: [Bitboard; ROOK_LEN] = slider_table(&ROOK, false, false);
    static BISHOP_TABLE: [Bitboard; BISHOP_LEN] = slider_table(&BISHOP, true, false);

    #[inline(always)]
    fn index(m: &Magic, occupied: Bitboard) -> usize {
        m.offset as usize + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize
    }

    /// Rook attacks from `sq` through `occupied`.
    #[inline]
    pub(crate) fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        ROOK_TABLE[index(&ROOK_MAGICS[sq.index() & 63], occupied)]
    }

    /// Bishop attacks from `sq` through `occupied`.
    #[inline]
    pub(crate) fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        BISHOP_TABLE[index(&BISHOP_MAGICS[sq.index() & 63], occupied)]
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
pub(crate) use lookup::{bishop, rook};
