// Magic-number search for the rook and bishop attack tables of movetext.
//
// Shared by the offline generator (tables/gen/src/main.rs, which writes
// tables/magics.rs) and by the library test that checks the checked-in
// numbers are what this search finds (src/attacks/magic.rs). Pure and
// deterministic: u64 arithmetic, a fixed-seed SplitMix64 and three Vecs.
//
// Square indices: a1 = 0, b1 = 1, ..., h8 = 63. For a square with relevant
// mask `m` of `b` bits, a magic factor `f` maps every subset `o` of `m` to
// `(o * f) >> (64 - b)` so that subsets with different attack sets never
// share an index.

/// The fixed seed of the search ("movetext" in ASCII).
pub const SEED: u64 = 0x6d6f_7665_7465_7874;

/// SplitMix64: small, fast and fully deterministic.
pub struct Rng(u64);

impl Rng {
    /// A generator in state `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A random number with few bits set, the usual magic candidate.
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn dirs(bishop: bool) -> &'static [(i32, i32); 4] {
    if bishop {
        &BISHOP_DIRS
    } else {
        &ROOK_DIRS
    }
}

/// The attacks of a slider on `sq`, walking each ray until a blocker.
pub fn slow_attacks(sq: u32, occupied: u64, bishop: bool) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs(bishop) {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The relevant occupancy mask: every ray square but the last of each ray.
pub fn relevant_mask(sq: u32, bishop: bool) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs(bishop) {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += df;
            r += dr;
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                break;
            }
            mask |= 1u64 << (r * 8 + f);
        }
    }
    mask
}

/// Finds the first magic factor for `sq` that the square's own seeded
/// generator yields and that maps the blocker subsets without a harmful
/// collision (shift `64 - popcount(mask)`).
pub fn find_magic(sq: u32, bishop: bool) -> u64 {
    let mask = relevant_mask(sq, bishop);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let size = 1usize << bits;
    // Every subset of the mask (carry-rippler) and its attack set.
    let mut occupancies = Vec::with_capacity(size);
    let mut attacks = Vec::with_capacity(size);
    let mut sub = 0u64;
    loop {
        occupancies.push(sub);
        attacks.push(slow_attacks(sq, sub, bishop));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let index = u64::from(sq) + if bishop { 64 } else { 0 };
    let mut rng = Rng::new(SEED ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    // One slot per index: (attempt that last wrote it, attacks written).
    let mut slots = vec![(0u32, 0u64); size];
    let mut attempt = 0u32;
    loop {
        let factor = rng.sparse();
        // Candidates that spread the mask's bits poorly into the top byte
        // almost never work; skip them cheaply.
        if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut i = 0;
        while i < size {
            let slot = &mut slots[(occupancies[i].wrapping_mul(factor) >> shift) as usize];
            if slot.0 != attempt {
                *slot = (attempt, attacks[i]);
            } else if slot.1 != attacks[i] {
                break;
            }
            i += 1;
        }
        if i == size {
            return factor;
        }
    }
}

/// The rook and bishop magic factors of every square, a1 first.
pub fn find_all() -> ([u64; 64], [u64; 64]) {
    let mut rook = [0; 64];
    let mut bishop = [0; 64];
    for sq in 0..64u32 {
        rook[sq as usize] = find_magic(sq, false);
        bishop[sq as usize] = find_magic(sq, true);
    }
    (rook, bishop)
}
