//! `movetext index` and `--unit`/`--range`: the units of a file, each read
//! by its own run of the tool, give end to end the output of one run over
//! the whole file (game numbers, lines and columns included): plain PGN,
//! zstd of one frame and of several (pzstd's), gzip; files whose units cut
//! next to comments and variations that hold `[` at a line start. Bad units
//! and ranges are usage errors (status 2).

#[path = "../support/units.rs"]
pub mod support;

use std::process::Command;

use super::{run, sample, Run};
use support::{gzip, pzstd_like, tricky_pgn, Temp};

/// The sample's games, then games that tempt a cutter (comments and
/// variations with `[` at a line start, open comments, games without
/// tags, illegal moves), then the sample again.
fn mixed_pgn() -> Vec<u8> {
    let sample = std::fs::read(sample()).unwrap();
    let mut pgn = sample.clone();
    pgn.extend_from_slice(&tricky_pgn(300));
    pgn.extend_from_slice(b"\n");
    pgn.extend_from_slice(&sample);
    pgn
}

/// `data` compressed with `pzstd -1 -p 2` (frames of 2 MiB of text), or,
/// where pzstd is not installed, in frames of the same layout written here.
fn pzstd(name: &str, data: &[u8]) -> Temp {
    let plain = Temp::new(&format!("{name}.in"), data);
    let out = Temp::new(name, b"");
    let made = Command::new("pzstd")
        .args([
            "-1",
            "-p",
            "2",
            "-q",
            "-f",
            &plain.path(),
            "-o",
            &out.path(),
        ])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("pzstd not found: frames written by the test instead");
        std::fs::write(&out.0, pzstd_like(data, 2 << 20)).unwrap();
    }
    out
}

/// `movetext index` of `file`, its JSON lines.
fn index(file: &str, unit_size: &str) -> Vec<String> {
    let r = run(&["index", "--unit-size", unit_size, "--jobs", "2", file]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stderr, "");
    r.stdout.lines().map(str::to_string).collect()
}

/// What `check` and `convert --to jsonl` print on stdout, and their status
/// (the timed summary is left out: `--quiet`).
fn outputs(args: &[&str], jobs: &str) -> Vec<(String, Option<i32>)> {
    let mut out = Vec::new();
    for cmd in [
        &["check", "-q"][..],
        &["convert", "-q", "--to", "jsonl"][..],
    ] {
        let mut a: Vec<&str> = cmd.to_vec();
        a.extend_from_slice(&["--jobs", jobs]);
        a.extend_from_slice(args);
        let r = run(&a);
        assert!(matches!(r.code, Some(0 | 1)), "{a:?}: {}", r.stderr);
        out.push((r.stdout, r.code));
    }
    out
}

/// The units' outputs end to end equal the whole file's, at 1 and 2 jobs.
fn units_read_as_whole(file: &str, units: &[String], what: &str) {
    for jobs in ["1", "2"] {
        let whole = outputs(&[file], jobs);
        let mut joined = vec![(String::new(), Some(0)); whole.len()];
        for u in units {
            for (j, (out, code)) in joined.iter_mut().zip(outputs(&["--unit", u], jobs)) {
                j.0.push_str(&out);
                j.1 = j.1.max(code);
            }
        }
        for (i, ((got, got_code), (want, want_code))) in joined.iter().zip(&whole).enumerate() {
            assert_eq!(got_code, want_code, "{what}: command {i}, jobs {jobs}");
            assert!(
                got == want,
                "{what}: command {i}, jobs {jobs}: {} lines, want {}",
                got.lines().count(),
                want.lines().count()
            );
        }
    }
}

/// Games and errors in the whole output, so that a test of equality is no
/// test of two empty outputs.
fn assert_substantial(file: &str, games: usize) {
    let whole = outputs(&[file], "2");
    assert_eq!(whole[1].0.lines().count(), games, "{file}");
    assert!(whole[0].0.lines().count() > 100, "{file}: {}", whole[0].0);
    assert_eq!(whole[0].1, Some(1));
}

#[test]
fn plain_units_read_as_the_whole_file() {
    let pgn = mixed_pgn();
    let f = Temp::new("units-plain.pgn", &pgn);
    let games = outputs(&[&f.path()], "1")[1].0.lines().count();
    assert_substantial(&f.path(), games);
    // Many small units, and a few large ones.
    let small = index(&f.path(), "10K");
    assert!(small.len() > 30, "{}", small.len());
    units_read_as_whole(&f.path(), &small, "units of 10K");
    let large = index(&f.path(), "100K");
    assert!((3..10).contains(&large.len()), "{}", large.len());
    units_read_as_whole(&f.path(), &large, "units of 100K");
}

#[test]
fn small_units_cover_every_game_once() {
    // Every unit of one byte (one per hard game start), read by `convert`:
    // game numbers 1 to N in order, each once.
    let pgn = mixed_pgn();
    let f = Temp::new("units-every.pgn", &pgn);
    let units = index(&f.path(), "1");
    let whole = run(&["convert", "-q", "--to", "uci", "--jobs", "1", &f.path()]);
    let mut joined = String::new();
    for u in &units {
        let r = run(&["convert", "-q", "--to", "uci", "--jobs", "1", "--unit", u]);
        assert!(matches!(r.code, Some(0 | 1)), "{u}: {}", r.stderr);
        joined.push_str(&r.stdout);
    }
    assert!(
        joined == whole.stdout,
        "{} lines, want {}",
        joined.lines().count(),
        whole.stdout.lines().count()
    );
}

#[test]
fn zstd_units_read_as_the_whole_file() {
    // Several frames, as pzstd writes them: frames of 2 MiB of text.
    let mut pgn = Vec::new();
    while pgn.len() < 5 << 20 {
        pgn.extend_from_slice(&mixed_pgn());
    }
    let f = pzstd("units-frames.pgn.zst", &pgn);
    let units = index(&f.path(), "1");
    assert_eq!(units.len(), 3, "{units:?}");
    assert!(units
        .iter()
        .all(|u| u.contains("\"compression\":\"zstd\",\"whole\":false")));
    units_read_as_whole(&f.path(), &units, "pzstd");
    // One frame: one whole unit.
    let one = Temp::new(
        "units-one.pgn.zst",
        &zstd::encode_all(&mixed_pgn()[..], 3).unwrap(),
    );
    let units = index(&one.path(), "1");
    assert_eq!(units.len(), 1);
    assert!(units[0].contains("\"whole\":true"), "{}", units[0]);
    units_read_as_whole(&one.path(), &units, "one frame");
}

#[test]
fn gzip_is_one_unit_read_as_the_whole_file() {
    let f = Temp::new("units.pgn.gz", &gzip(&mixed_pgn()));
    let units = index(&f.path(), "1");
    assert_eq!(
        units,
        [format!(
            "{{\"path\":\"{}\",\"size\":{},\"compression\":\"gzip\",\"whole\":true,\"start\":0,\
             \"end\":{},\"text_start\":0,\"offset\":0,\"len\":null,\"line\":1,\
             \"games_before\":0,\"games\":null}}",
            f.path(),
            std::fs::metadata(&f.0).unwrap().len(),
            std::fs::metadata(&f.0).unwrap().len(),
        )]
    );
    units_read_as_whole(&f.path(), &units, "gzip");
}

/// Byte ranges cut inside comments and variations (at `[` lines that
/// begin no game) and anywhere else give the whole file's output.
#[test]
fn ranges_read_as_the_whole_file() {
    let pgn = mixed_pgn();
    let f = Temp::new("units-ranges.pgn", &pgn);
    let mut cuts: Vec<usize> = (1..pgn.len())
        .filter(|&i| pgn[i] == b'[' && pgn[i - 1] == b'\n' && !pgn[i..].starts_with(b"[Event"))
        .step_by(25)
        .collect();
    cuts.extend((0..pgn.len()).step_by(pgn.len() / 7).skip(1));
    cuts.sort_unstable();
    cuts.dedup();
    assert!(cuts.len() > 15, "{}", cuts.len());
    let mut points = vec![0];
    points.extend(cuts);
    points.push(pgn.len());
    for jobs in ["1", "2"] {
        let whole = outputs(&[&f.path()], jobs);
        let mut joined = vec![String::new(); whole.len()];
        for w in points.windows(2) {
            let range = format!("{}:{}", w[0], w[1]);
            for (j, (out, _)) in joined
                .iter_mut()
                .zip(outputs(&["--range", &range, &f.path()], jobs))
            {
                j.push_str(&out);
            }
        }
        for (got, (want, _)) in joined.iter().zip(&whole) {
            assert!(
                got == want,
                "jobs {jobs}: {} lines, want {}",
                got.lines().count(),
                want.lines().count()
            );
        }
    }
}

fn usage_error(args: &[&str], message: &str) {
    let r: Run = run(args);
    assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
    assert_eq!(r.stdout, "", "{args:?}");
    assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
}

#[test]
fn bad_units_and_ranges_are_usage_errors() {
    let pgn = mixed_pgn();
    let f = Temp::new("units-bad.pgn", &pgn);
    let p = f.path();
    let units = index(&p, "100K");
    let size = pgn.len();
    for cmd in ["check", "stats", "convert"] {
        usage_error(
            &[cmd, "--unit", "{\"path\":1}"],
            "unit JSON: \"path\" must be a string",
        );
        usage_error(
            &[cmd, "--unit", "not json"],
            "unit JSON: expected `{` at byte 0",
        );
        usage_error(
            &[
                cmd,
                "--unit",
                &units[1].replace("\"games\":", "\"extra\":1,\"games\":"),
            ],
            "unit JSON: unknown field \"extra\"",
        );
        usage_error(
            &[cmd, "--range", &format!("0:{}", size + 1), &p],
            &format!(
                "{p}: the range 0:{} ends past the end of the file ({size} bytes)",
                size + 1
            ),
        );
        usage_error(
            &[cmd, "--range", "9:3", &p],
            "the range 9:3 ends before it starts",
        );
        usage_error(&[cmd, "--range", "3-9", &p], "expected START:END");
        usage_error(&[cmd, "--range", "0:10", &p, &p], "--range reads one FILE");
        usage_error(&[cmd, "--range", "0:10"], "--range reads one FILE");
        usage_error(&[cmd, "--unit", &units[0], &p, &p], "--unit reads one file");
        usage_error(
            &[cmd, "--unit", &units[0], "--range", "0:1", &p],
            "cannot be used with",
        );
    }
    // A unit read in another file: refused, nothing printed.
    let other = Temp::new("units-other.pgn", &pgn[..size - 1]);
    usage_error(
        &["check", "--unit", &units[1], &other.path()],
        &format!(
            "{}: {} bytes, but the unit was made for a file of {size} bytes: index it again",
            other.path(),
            size - 1
        ),
    );
    // index: a missing file, stdin.
    usage_error(
        &["index", "/nonexistent/x.pgn"],
        "/nonexistent/x.pgn: No such file or directory",
    );
    usage_error(&["index", "-"], "index cuts files, not stdin");
    usage_error(
        &["index", "--unit-size", "0", &p],
        "a unit holds at least one byte",
    );
}

#[test]
fn index_help_documents_the_format() {
    let r = run(&["index", "--help"]);
    assert_eq!(r.code, Some(0));
    for field in [
        "path",
        "size",
        "compression",
        "whole",
        "start, end",
        "text_start",
        "offset",
        "len",
        "line",
        "games_before",
        "games",
    ] {
        assert!(r.stdout.contains(&format!("\n  {field} ")), "{field}");
    }
}

#[test]
fn stats_of_units_add_up() {
    let pgn = mixed_pgn();
    let f = Temp::new("units-stats.pgn", &pgn);
    let games = |r: &Run| -> u64 {
        let line = r.stdout.lines().next().unwrap_or_default();
        line.strip_prefix("games: ")
            .unwrap_or_else(|| panic!("{}", r.stdout))
            .parse()
            .unwrap()
    };
    let whole = games(&run(&["stats", &f.path()]));
    let units = index(&f.path(), "100K");
    let sum: u64 = units
        .iter()
        .map(|u| games(&run(&["stats", "--unit", u])))
        .sum();
    assert_eq!(sum, whole);
    assert!(whole > 600, "{whole}");
}
