//! Every command's memory is bounded whatever the input (issue 27, finding
//! 3): a single game of 20 MB, a million junk lines between two games. A
//! global allocator of the tool's test build tracks the peak of live heap
//! bytes; the tests run one after the other under a lock (other tests of
//! this build allocate little). `scripts/throughput.sh` measures the
//! resident memory of the release binary on larger inputs.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use clap::Parser;

#[path = "../../tests/support/peak_alloc.rs"]
mod peak_alloc;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const MIB: usize = 1 << 20;

/// The peak of live heap bytes above the start while `f` runs.
fn peak_during(f: impl FnOnce()) -> usize {
    peak_alloc::peak_during(f).1
}

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, write: impl FnOnce(&mut dyn Write)) -> TempFile {
        let path = std::env::temp_dir().join(format!("movetext-{}-{name}", std::process::id()));
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        write(&mut f);
        f.flush().unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// One game of about `bytes` bytes: knights out and back, then a short
/// game after it.
fn huge_game(out: &mut dyn Write, bytes: usize) {
    out.write_all(b"[Event \"huge\"]\n\n").unwrap();
    let mut written = 0;
    let mut n = 1u32;
    while written < bytes {
        let line = if n % 2 == 1 {
            format!("{n}. Nf3 Nf6 ")
        } else {
            format!("{n}. Ng1 Ng8\n")
        };
        out.write_all(line.as_bytes()).unwrap();
        written += line.len();
        n += 1;
    }
    out.write_all(b"*\n\n[Event \"after\"]\n\n1. e4 e5 *\n")
        .unwrap();
}

/// `lines` junk lines between two games.
fn junk(out: &mut dyn Write, lines: usize) {
    out.write_all(b"[Event \"a\"]\n\n1. e4 e5 *\n\n").unwrap();
    for _ in 0..lines {
        out.write_all(b"junk junk\n").unwrap();
    }
    out.write_all(b"[Event \"b\"]\n\n1. d4 d5 *\n").unwrap();
}

#[derive(Parser)]
struct Convert {
    #[command(flatten)]
    args: super::convert::ConvertArgs,
}

#[derive(Parser)]
struct Check {
    #[command(flatten)]
    args: super::check::CheckArgs,
}

/// The peak heap of `convert ARGS -o OUT INPUT`.
fn convert_peak(args: &[&str], input: &str) -> usize {
    let out = TempFile::new("out", |_| {});
    let mut all = vec!["convert", "-o", out.path()];
    all.extend_from_slice(args);
    all.push(input);
    let c = Convert::try_parse_from(all).unwrap();
    peak_during(|| {
        let _ = super::convert::run(&c.args);
    })
}

/// The peak heap of `check ARGS INPUT` (its lines go to stdout).
fn check_peak(args: &[&str], input: &str) -> usize {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.push(input);
    let c = Check::try_parse_from(all).unwrap();
    peak_during(|| {
        let _ = super::check::run(&c.args);
    })
}

#[test]
fn a_huge_game_is_converted_in_bounded_memory() {
    let _one = ONE_AT_A_TIME.lock();
    let input = TempFile::new("huge.pgn", |w| huge_game(w, 20 * MIB));
    for jobs in ["1", "2"] {
        for to in ["uci", "jsonl", "pgn"] {
            let peak = convert_peak(&["-q", "--to", to, "--jobs", jobs], input.path());
            // The game's text is capped at 8 MiB (JSON: with its UCI
            // moves, in two buffers that may have grown to twice what they
            // hold), the reading's buffers besides (two threads buffer up
            // to 8 MiB of a stretch without a game start); held whole, the
            // game took over 100 MiB.
            assert!(
                peak < 40 * MIB,
                "--to {to} --jobs {jobs}: {} MiB",
                peak / MIB
            );
        }
    }
}

#[test]
fn junk_between_games_is_counted_not_kept() {
    let _one = ONE_AT_A_TIME.lock();
    let input = TempFile::new("junk.pgn", |w| junk(w, 1_000_000));
    // Kept, each note took about 100 bytes: 100 MiB. Two threads buffer
    // up to 8 MiB of a stretch without a game start before reading it on
    // one.
    for (jobs, bound) in [("1", 4 * MIB), ("2", 16 * MIB)] {
        let peak = check_peak(&["--jobs", jobs], input.path());
        assert!(peak < bound, "check --jobs {jobs}: {} MiB", peak / MIB);
        let peak = convert_peak(&["--to", "uci", "--jobs", jobs], input.path());
        assert!(peak < bound, "convert --jobs {jobs}: {} MiB", peak / MIB);
    }
}

/// The tool's sample games (222 KB), `copies` times.
fn samples(out: &mut dyn Write, copies: usize) {
    for _ in 0..copies {
        out.write_all(super::input::SAMPLE).unwrap();
    }
}

#[test]
fn arrow_and_parquet_hold_the_same_window_at_any_job_count() {
    let _one = ONE_AT_A_TIME.lock();
    // 11 MB, more than the 34 chunks of 256 KiB (8.5 MiB) that 16 jobs
    // held in flight when the window was counted in chunks of a fixed size.
    let input = TempFile::new("samples.pgn", |w| samples(w, 50));
    // The reader's window is 512 KiB of text at any job count, its records
    // about eight times that; Parquet adds the writer's row group (1 MiB
    // encoded) and its column encoders. Measured: arrow 10.3-11.0 MiB,
    // parquet 19.3-19.7 MiB at 2 and 16 jobs; with the window of fixed
    // chunks, 16 jobs peaked at 58 and 72 MiB (the whole process).
    for (to, bound) in [("arrow", 16 * MIB), ("parquet", 28 * MIB)] {
        for jobs in ["2", "16", "64"] {
            let peak = convert_peak(&["-q", "--to", to, "--jobs", jobs], input.path());
            assert!(
                peak < bound,
                "--to {to} --jobs {jobs}: {peak} bytes, over {} MiB",
                bound / MIB
            );
        }
    }
}

#[test]
fn text_outputs_hold_the_same_window_at_any_job_count() {
    let _one = ONE_AT_A_TIME.lock();
    let input = TempFile::new("samples.pgn", |w| samples(w, 50));
    // The reader's window is 2 MiB of input at any job count (smaller
    // chunks with more jobs), the outputs held at most 8 MiB: JSON lines,
    // the largest output, peak about 10 MiB.
    for to in ["jsonl", "pgn", "uci"] {
        for jobs in ["2", "16", "64"] {
            let peak = convert_peak(&["-q", "--to", to, "--jobs", jobs], input.path());
            assert!(
                peak < 14 * MIB,
                "--to {to} --jobs {jobs}: {peak} bytes, over 14 MiB"
            );
        }
    }
}
