//! The parallel reader's memory is bounded whatever the input: a stretch
//! without a hard game start (a huge comment, games without tags) longer
//! than `ParOptions::max_stretch` is read sequentially from its start, not
//! buffered whole, and the results equal one sequential `Reader`'s. A
//! global allocator tracks the peak of live heap bytes (this file holds one
//! test, so no other test allocates at the same time).

use std::collections::hash_map::DefaultHasher;
use std::fmt::Write;
use std::hash::{Hash, Hasher};

use movetext::pgn::events::{Event, EventLog};
use movetext::pgn::{par_read, Control, ParOptions, Reader};

#[path = "support/gen.rs"]
mod gen;
use gen::Gen;

#[path = "support/peak_alloc.rs"]
mod peak_alloc;
use peak_alloc::peak_during;

const MIB: u64 = 1 << 20;

/// The games read and a digest of their events (locations, errors and
/// comments included), in order: nothing is held but the digest.
#[derive(Debug, PartialEq, Eq)]
struct Digest {
    games: u64,
    hash: u64,
}

impl Digest {
    fn new() -> Digest {
        Digest { games: 0, hash: 0 }
    }

    fn add(&mut self, game: &[Event]) {
        let mut h = DefaultHasher::new();
        self.hash.hash(&mut h);
        // Hashed as written, without a String.
        struct Feed<'a>(&'a mut DefaultHasher);
        impl std::fmt::Write for Feed<'_> {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                self.0.write(s.as_bytes());
                Ok(())
            }
        }
        write!(Feed(&mut h), "{game:?}").unwrap();
        self.hash = h.finish();
        self.games += 1;
    }
}

fn parallel(input: Gen, options: &ParOptions) -> Digest {
    let mut d = Digest::new();
    let n = par_read(input, options, EventLog::default, |g| {
        d.add(&g);
        Control::Continue
    })
    .unwrap();
    assert_eq!(n, d.games);
    d
}

fn sequential(input: Gen) -> Digest {
    let mut d = Digest::new();
    Reader::new(input)
        .read_all(&mut EventLog::default(), |g| d.add(&g))
        .unwrap();
    d
}

#[test]
fn overlong_stretches_are_read_in_bounded_memory() {
    let options = ParOptions::default()
        .threads(2)
        .chunk_size(64 * 1024)
        .max_stretch(1 << 20);
    // A 12 MiB comment inside the second game, between tagged games.
    let comment = || {
        Gen::new(
            b"[Event \"a\"]\n1. d4 *\n\n[Event \"x\"]\n1. e4 {",
            b"a",
            12 * MIB,
            b"} e5 *\n\n[Event \"y\"]\n1. c4 *\n",
        )
    };
    // 12 MiB of games without tags, after a tagged one.
    let tagless = || {
        Gen::new(
            b"[Event \"a\"]\n1. d4 *\n\n",
            b"1. e4 e5 2. Nf3 *\n",
            12 * MIB / 18,
            b"",
        )
    };
    for (name, make, games) in [
        ("comment", &comment as &dyn Fn() -> Gen, 3),
        ("tagless", &tagless, 1 + 12 * MIB / 18),
    ] {
        let (par, peak) = peak_during(|| parallel(make(), &options));
        assert_eq!(par.games, games, "{name}");
        // 12 MiB of input; the stretch (1 MiB), the reader's buffer and a
        // truncated comment (256 KiB each) and the chunks in flight are held.
        assert!(peak < 3 << 20, "{name}: peak of {peak} bytes");
        assert_eq!(par, sequential(make()), "{name}: parallel differs");
    }
    // The bound is the stretch limit: with the default (8 MiB) the 12 MiB
    // comment is read sequentially too, and a 4 MiB one is one chunk.
    let default = ParOptions::default().threads(2).chunk_size(64 * 1024);
    let (par, peak) = peak_during(|| parallel(comment(), &default));
    assert_eq!(par, sequential(comment()));
    assert!(peak < 10 << 20, "default: peak of {peak} bytes");
    let small = || {
        Gen::new(
            b"[Event \"x\"]\n1. e4 {",
            b"a",
            4 * MIB,
            b"} *\n\n[Event \"y\"]\n*\n",
        )
    };
    let (par, peak) = peak_during(|| parallel(small(), &default));
    assert_eq!(par, sequential(small()));
    assert!(
        peak > 4 << 20,
        "a 4 MiB stretch is one chunk: peak of {peak} bytes"
    );
}
