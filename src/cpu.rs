//! The instruction set the hot loops run on, chosen once at run time.
//!
//! The crate builds for the baseline of its target (on x86-64: SSE2 and
//! nothing newer). The PGN reader's game loop, the validator's move path
//! and perft are compiled a second time for x86-64 CPUs with AVX2, BMI1,
//! BMI2, POPCNT and LZCNT (x86-64-v3: Intel since Haswell, AMD since
//! Excavator), where bit scans and counts, variable shifts and mask tests
//! take fewer instructions; [`Isa::detect`] picks the copy the CPU can run,
//! as `memchr` does for its searches. Both copies are the same source and
//! give the same results (tests compare them). Each copy is a function with
//! `#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]` around an
//! always-inlined body.

/// The copy of the hot loops to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Isa {
    /// The build's own target features: runs anywhere.
    #[default]
    Portable,
    /// x86-64 with AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[cfg(target_arch = "x86_64")]
    X86V3,
}

impl Isa {
    /// The best copy for this CPU: one relaxed load once the CPU has been
    /// asked. Under Miri, the features the build enables (`RUSTFLAGS="-C
    /// target-feature=..."`): none by default.
    #[inline]
    pub(crate) fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            use core::sync::atomic::Ordering;
            match x86::STATE.load(Ordering::Relaxed) {
                x86::V3 => return Isa::X86V3,
                x86::UNKNOWN => return x86::ask(),
                _ => {}
            }
        }
        Isa::Portable
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Isa;
    use core::sync::atomic::{AtomicU8, Ordering};

    pub(super) const UNKNOWN: u8 = 0;
    const PORTABLE: u8 = 1;
    pub(super) const V3: u8 = 2;

    /// What [`ask`] found.
    pub(super) static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);

    #[cold]
    pub(super) fn ask() -> Isa {
        let v3 = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt");
        STATE.store(if v3 { V3 } else { PORTABLE }, Ordering::Relaxed);
        if v3 {
            Isa::X86V3
        } else {
            Isa::Portable
        }
    }
}
