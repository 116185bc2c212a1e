//! Byte classes of many bytes at once, for the scanners of
//! [`scan`](super::scan) and the [reader](super::reader): a word at a time
//! (SWAR, portable) and 16 bytes at a time (SSE2, x86_64 only). Each SSE2
//! function has a byte-at-a-time twin, the portable build's code and the
//! test oracle; the tests below hold them equal (under Miri too: the SSE2
//! code is the crate's `unsafe`, on values in registers only).

/// `b` in each byte of a word.
#[inline(always)]
pub(crate) const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The high bit of each byte.
pub(crate) const HIGH: u64 = splat(0x80);

/// Eight bytes of `s` from `at` as a little-endian word (None past the end).
#[inline(always)]
pub(crate) fn word(s: &[u8], at: usize) -> Option<u64> {
    let chunk = s.get(at..at + 8)?;
    Some(u64::from_le_bytes(chunk.try_into().ok()?))
}

/// The high bit of the lowest zero byte of `v` (higher flags may be wrong).
#[inline(always)]
pub(crate) fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(splat(1)) & !v & HIGH
}

/// The high bit of the lowest byte of `x` below `n` (`n <= 0x80`; higher
/// flags may be wrong).
#[inline(always)]
pub(crate) fn bytes_below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(splat(n)) & !x & HIGH
}

/// The high bit of each byte of `x` equal to `b`, exactly.
#[inline(always)]
pub(crate) fn eq_bytes(x: u64, b: u8) -> u64 {
    let v = x ^ splat(b);
    !(((v & !HIGH).wrapping_add(!HIGH)) | v | !HIGH)
}

/// The high bit of each byte of `x` in `lo..=hi` (`hi < 0x80`), exactly.
#[inline(always)]
pub(crate) fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let a = x & !HIGH;
    let ge = a.wrapping_add(splat(0x80 - lo));
    let gt = a.wrapping_add(splat(0x7f - hi));
    ge & !gt & !x & HIGH
}

/// The high bit of each byte of `x` that may not be in a tag name (anything
/// but ASCII letters, digits and `_`), exactly.
#[inline(always)]
pub(crate) fn non_name_bytes(x: u64) -> u64 {
    let name = in_range(x, b'0', b'9') | in_range(x | splat(0x20), b'a', b'z') | eq_bytes(x, b'_');
    !name & HIGH
}

/// The LF, CR and `[` bytes of 64 bytes, as bit masks (bit `k`: byte `k`).
/// Without `CR`, the CR mask is not computed (zero).
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
#[inline(always)]
pub(crate) fn eol_bracket_masks<const CR: bool>(c: &[u8; 64]) -> (u64, u64, u64) {
    #[cfg(target_arch = "x86_64")]
    let masks = sse2::eol_bracket_masks::<CR>(c);
    #[cfg(not(target_arch = "x86_64"))]
    let masks = {
        let (lf, cr, bracket) = eol_bracket_masks_scalar(c);
        (lf, if CR { cr } else { 0 }, bracket)
    };
    masks
}

/// Byte-by-byte twin of [`eol_bracket_masks`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn eol_bracket_masks_scalar(c: &[u8; 64]) -> (u64, u64, u64) {
    let (mut lf, mut cr, mut bracket) = (0, 0, 0);
    for (k, &b) in c.iter().enumerate() {
        lf |= u64::from(b == b'\n') << k;
        cr |= u64::from(b == b'\r') << k;
        bracket |= u64::from(b == b'[') << k;
    }
    (lf, cr, bracket)
}

/// The `}`, LF and CR bytes of 16 bytes, and their spaces, as bit masks
/// (bit `k`: byte `k`): where a one-line comment ends, and whether a space
/// follows it.
#[inline(always)]
pub(crate) fn comment_masks(c: &[u8; 16]) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    let masks = sse2::comment_masks(c);
    #[cfg(not(target_arch = "x86_64"))]
    let masks = comment_masks_scalar(c);
    masks
}

/// Byte-at-a-time twin of [`comment_masks`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn comment_masks_scalar(c: &[u8; 16]) -> (u32, u32) {
    let bits = |f: fn(u8) -> bool| {
        c.iter()
            .enumerate()
            .filter(|&(_, &b)| f(b))
            .fold(0, |m, (k, _)| m | 1 << k)
    };
    (
        bits(|b| matches!(b, b'}' | b'\n' | b'\r')),
        bits(|b| b == b' '),
    )
}

/// Byte classes of 64 bytes with AVX2, for the functions built for it.
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use std::arch::x86_64::{__m256i, _mm256_cmpeq_epi8, _mm256_movemask_epi8, _mm256_set1_epi8};

    /// Whether the CPU has AVX2, POPCNT, BMI1 and LZCNT.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    #[inline]
    pub(crate) fn available() -> bool {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("lzcnt")
    }

    /// The bytes of `lo` and `hi` equal to `b`.
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[inline(always)]
    unsafe fn eq(lo: __m256i, hi: __m256i, b: u8) -> u64 {
        // SAFETY: AVX2 by the caller; values only.
        unsafe {
            let s = _mm256_set1_epi8(b as i8);
            let l = _mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, s)) as u32;
            let h = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, s)) as u32;
            u64::from(l) | u64::from(h) << 32
        }
    }

    /// [`eol_bracket_masks`](super::eol_bracket_masks) with two 32-byte
    /// registers.
    ///
    /// # Safety
    /// The CPU has AVX2 (and the caller is built for it, or the intrinsics
    /// are calls).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    #[inline(always)]
    pub(crate) unsafe fn eol_bracket_masks<const CR: bool>(c: &[u8; 64]) -> (u64, u64, u64) {
        use std::arch::x86_64::_mm256_loadu_si256;
        // SAFETY: AVX2 by the caller; the two unaligned loads read the 64
        // bytes of `c`.
        unsafe {
            let lo = _mm256_loadu_si256(c.as_ptr().cast());
            let hi = _mm256_loadu_si256(c.as_ptr().add(32).cast());
            let cr = if CR { eq(lo, hi, b'\r') } else { 0 };
            (eq(lo, hi, b'\n'), cr, eq(lo, hi, b'['))
        }
    }
}

/// Byte classes of 16 bytes with SSE2, as bit masks (bit `k`: byte `k`).
#[cfg(target_arch = "x86_64")]
pub(crate) mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_set_epi64x, _mm_sub_epi8,
    };

    /// The 16 bytes in a register.
    #[inline(always)]
    fn load(c: &[u8; 16]) -> __m128i {
        let lo = i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        let hi = i64::from_le_bytes([c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15]]);
        // SAFETY: SSE2 is part of the x86_64 baseline (every x86_64 target
        // enables it); the intrinsic works on values, not memory.
        unsafe { _mm_set_epi64x(hi, lo) }
    }

    /// The bytes of `c` that may not be in a tag name (anything but ASCII
    /// letters, digits and `_`).
    #[inline(always)]
    pub(crate) fn non_name(c: &[u8; 16]) -> u32 {
        let x = load(c);
        // SAFETY: as in `load`: SSE2 only, values only.
        unsafe {
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            // `lo..=lo + n`: one unsigned compare after a shift.
            let within = |v: __m128i, lo: u8, n: u8| {
                let t = _mm_sub_epi8(v, splat(lo));
                _mm_cmpeq_epi8(_mm_min_epu8(t, splat(n)), t)
            };
            let digit = within(x, b'0', 9);
            let letter = within(_mm_or_si128(x, splat(0x20)), b'a', 25);
            let name = _mm_or_si128(_mm_or_si128(digit, letter), _mm_cmpeq_epi8(x, splat(b'_')));
            !(_mm_movemask_epi8(name) as u32) & 0xffff
        }
    }

    /// The control bytes of the `16 * N` bytes `c` (below 0x20: LF, CR,
    /// tab ...), and their `"` and `\\` (bit `k`: byte `k`).
    #[inline(always)]
    pub(crate) fn line_masks<const N: usize>(c: &[[u8; 16]; N]) -> (u64, u64) {
        let mut control = 0;
        let mut quote = 0;
        for (q, c) in c.iter().enumerate() {
            let x = load(c);
            // SAFETY: as in `load`: SSE2 only, values only.
            unsafe {
                let splat = |b: u8| _mm_set1_epi8(b as i8);
                let ctl = _mm_cmpeq_epi8(_mm_min_epu8(x, splat(0x1f)), x);
                let qb = _mm_or_si128(
                    _mm_cmpeq_epi8(x, splat(b'"')),
                    _mm_cmpeq_epi8(x, splat(b'\\')),
                );
                control |= u64::from(_mm_movemask_epi8(ctl) as u16) << (16 * q);
                quote |= u64::from(_mm_movemask_epi8(qb) as u16) << (16 * q);
            }
        }
        (control, quote)
    }

    /// The LF, CR and `[` bytes of `c` (bit `k`: byte `k`).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn eol_bracket_masks<const CR: bool>(c: &[u8; 64]) -> (u64, u64, u64) {
        let (mut lf, mut cr, mut bracket) = (0, 0, 0);
        for q in 0..4 {
            let x = load(c[16 * q..16 * q + 16].try_into().unwrap_or(&[0; 16]));
            // SAFETY: as in `load`: SSE2 only, values only.
            unsafe {
                let mask = |b: u8| {
                    let m = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8)));
                    u64::from(m as u16) << (16 * q)
                };
                lf |= mask(b'\n');
                if CR {
                    cr |= mask(b'\r');
                }
                bracket |= mask(b'[');
            }
        }
        (lf, cr, bracket)
    }

    /// Asks for the cache line of `data[at]`, if `data` holds it, to be
    /// loaded (a hint: nothing is read into the program).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn prefetch(data: &[u8], at: usize) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        if let Some(b) = data.get(at) {
            // SAFETY: a prefetch never faults and reads nothing into the
            // program; the address is that of a byte of `data`, alive here.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(b).cast::<i8>()) }
        }
    }

    /// The bytes of `c` that end a simple tag value: `"`, `\\` and controls
    /// (LF and CR, but also a tab).
    #[inline(always)]
    pub(crate) fn quote_or_control(c: &[u8; 16]) -> u32 {
        let x = load(c);
        // SAFETY: as in `load`: SSE2 only, values only.
        unsafe {
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let control = _mm_cmpeq_epi8(_mm_min_epu8(x, splat(0x1f)), x);
            let quote = _mm_cmpeq_epi8(x, splat(b'"'));
            let backslash = _mm_cmpeq_epi8(x, splat(b'\\'));
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(control, quote), backslash)) as u32
        }
    }

    /// The `}`, LF and CR bytes of `c`, and its spaces (bit `k`: byte `k`).
    #[inline(always)]
    pub(crate) fn comment_masks(c: &[u8; 16]) -> (u32, u32) {
        let x = load(c);
        // SAFETY: as in `load`: SSE2 only, values only.
        unsafe {
            let eq = |b: u8| _mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8));
            let m = _mm_or_si128(_mm_or_si128(eq(b'}'), eq(b'\n')), eq(b'\r'));
            (
                _mm_movemask_epi8(m) as u32,
                _mm_movemask_epi8(eq(b' ')) as u32,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SSE2 masks of LF, CR and `[` are the byte-by-byte ones.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn eol_bracket_masks_sse2_equal_scalar() {
        let alphabet = b"\n\r[[]a \x8a\x8d\xdb\x0a";
        let rounds = if cfg!(miri) { 50 } else { 20_000 };
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..rounds {
            let mut c = [0u8; 64];
            for b in &mut c {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = alphabet[(x % alphabet.len() as u64) as usize];
            }
            let (lf, cr, bracket) = eol_bracket_masks_scalar(&c);
            assert_eq!(
                sse2::eol_bracket_masks::<true>(&c),
                (lf, cr, bracket),
                "{c:?}"
            );
            assert_eq!(
                sse2::eol_bracket_masks::<false>(&c),
                (lf, 0, bracket),
                "{c:?}"
            );
            if avx2::available() && !cfg!(miri) {
                // SAFETY: the CPU has AVX2.
                let wide = unsafe { avx2::eol_bracket_masks::<true>(&c) };
                assert_eq!(wide, (lf, cr, bracket), "{c:?}");
                // SAFETY: as above.
                let wide = unsafe { avx2::eol_bracket_masks::<false>(&c) };
                assert_eq!(wide, (lf, 0, bracket), "{c:?}");
            }
        }
    }

    /// The SSE2 masks of a comment's end and of spaces are the
    /// byte-by-byte ones, for every byte at every position.
    #[test]
    fn comment_masks_sse2_equal_scalar() {
        for v in 0..=255u8 {
            let mut c = [0u8; 16];
            for (k, b) in c.iter_mut().enumerate() {
                *b = v.wrapping_add(k as u8 * 17);
            }
            assert_eq!(comment_masks(&c), comment_masks_scalar(&c));
        }
    }

    /// The word-at-a-time classes flag exactly the bytes they name (the
    /// lowest flag only, for `zero_bytes` and `bytes_below`).
    #[test]
    fn word_classes_match_byte_tests() {
        let rounds = if cfg!(miri) { 200 } else { 20_000 };
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let flags = |f: &dyn Fn(u8) -> bool, w: u64| {
            (0..8).fold(0u64, |m, k| {
                m | u64::from(f((w >> (8 * k)) as u8)) << (8 * k + 7)
            })
        };
        let lowest = |m: u64| m & m.wrapping_neg();
        for _ in 0..rounds {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Bytes near the class edges as often as any.
            let w = x & splat(0x7f) ^ (x >> 1 & splat(0x80));
            assert_eq!(eq_bytes(w, b'_'), flags(&|b| b == b'_', w), "{w:#x}");
            assert_eq!(
                in_range(w, b'0', b'9'),
                flags(&|b| b.is_ascii_digit(), w),
                "{w:#x}"
            );
            let name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
            assert_eq!(non_name_bytes(w), flags(&|b| !name(b), w), "{w:#x}");
            assert_eq!(
                lowest(zero_bytes(w)),
                lowest(flags(&|b| b == 0, w)),
                "{w:#x}"
            );
            let below = bytes_below(w, 0x2a);
            assert_eq!(lowest(below), lowest(flags(&|b| b < 0x2a, w)), "{w:#x}");
        }
    }
}
