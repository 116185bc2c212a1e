//! PEXT lookup of rook and bishop attacks: one `pext` and one load.
//!
//! Compiled instead of the magic lookup when the crate is built with the
//! `bmi2` target feature (for example `RUSTFLAGS="-C target-cpu=native"` on
//! a CPU that has it). The squares' masks and offsets are those of
//! [`super::magic`]; the entry of an occupancy is
//! `offset + pext(occupied, mask)`, so the tables have the same sizes
//! (102,400 rook and 5,248 bishop entries) but a different order.

use super::bootstrap;
use super::magic::{Magic, BISHOP, BISHOP_LEN, ROOK, ROOK_LEN};
use crate::{Bitboard, Square};

static ROOK_MAGICS: [Magic; 64] = ROOK;
static BISHOP_MAGICS: [Magic; 64] = BISHOP;
static ROOK_TABLE: [Bitboard; ROOK_LEN] = bootstrap::slider_table(&ROOK, false, true);
static BISHOP_TABLE: [Bitboard; BISHOP_LEN] = bootstrap::slider_table(&BISHOP, true, true);

/// The bits of `value` selected by `mask`, packed into the low bits.
#[inline(always)]
pub(crate) fn pext(value: u64, mask: u64) -> u64 {
    // SAFETY: this module is compiled only under
    // `cfg(all(target_arch = "x86_64", target_feature = "bmi2"))`, i.e. when
    // the whole crate is built for CPUs that have BMI2, so the instruction
    // exists wherever this code runs. The intrinsic takes no pointers.
    // (Newer compilers consider the call safe in that case, hence the allow.)
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::_pext_u64(value, mask)
    }
}

#[inline(always)]
fn index(m: &Magic, occupied: Bitboard) -> usize {
    m.offset as usize + pext(occupied.0, m.mask) as usize
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
