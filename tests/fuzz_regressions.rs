//! Replays fuzz inputs through the fuzz targets' own code
//! (`fuzz/src/lib.rs`, included below): the committed seed corpora
//! (`fuzz/corpus/<target>/`) and every crash input the fuzzers found,
//! minimized, under `tests/data/fuzz/<target>/` (each file named after the
//! bug and described in `tests/data/fuzz/README.md`).

#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

use std::path::Path;

/// Runs `target` on every file of `dir` (if it exists); returns how many.
fn replay(dir: &Path, target: fn(&[u8])) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in &paths {
        let data = std::fs::read(path).unwrap();
        eprintln!("replaying {}", path.display());
        target(&data);
    }
    paths.len()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn fen_seed_corpus() {
    let n = replay(&root().join("fuzz/corpus/fen"), fuzz_checks::fen);
    assert_eq!(n, 288);
}

#[test]
fn legals_are_legal_seed_corpus() {
    let n = replay(
        &root().join("fuzz/corpus/legals_are_legal"),
        fuzz_checks::legals_are_legal,
    );
    assert_eq!(n, 296);
}

#[test]
fn fen_crash_inputs() {
    replay(&root().join("tests/data/fuzz/fen"), fuzz_checks::fen);
}

#[test]
fn legals_are_legal_crash_inputs() {
    replay(
        &root().join("tests/data/fuzz/legals_are_legal"),
        fuzz_checks::legals_are_legal,
    );
}
