//! `check` on the shared corpus sample (needs /work/shared: ignored by
//! default, run with `cargo test --test cli -- --ignored`).

use super::{run, summary_counts};

fn shared(path: &str) -> String {
    let full = format!("{}/../shared/{path}", env!("CARGO_MANIFEST_DIR"));
    if std::fs::metadata(&full).is_err() {
        let alt = format!("/work/shared/{path}");
        if std::fs::metadata(&alt).is_ok() {
            return alt;
        }
        panic!("this test needs the shared corpus at {full} or {alt}; it exists on the team's machines and in CI");
    }
    full
}

#[test]
#[ignore]
fn check_shared_sample() {
    let file = shared("corpus/sample.pgn");
    for jobs in ["1", "2"] {
        let r = run(&["check", "--jobs", jobs, &file]);
        assert_eq!(r.code, Some(0), "jobs {jobs}: {}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        let expected: Vec<String> = EXPECTED_ERRORS
            .iter()
            .map(|l| format!("{file}{l}"))
            .collect();
        assert_eq!(lines, expected, "jobs {jobs}");
        assert_eq!(summary_counts(&r.stderr), EXPECTED_SUMMARY, "jobs {jobs}");
    }
}

/// Every game valid; 244,825 moves, python-chess's count of the sample's
/// plies (SOURCES.md).
const EXPECTED_SUMMARY: &str =
    "games=3678 valid=3678 failed=0 warnings=4 moves=244825 bytes=3883143";
/// Four pieces of junk between games, in three stretches, are reported
/// as warnings without failing a game (python-chess's splitter counts the
/// last one as a game of its own).
const EXPECTED_ERRORS: &[&str] = &[
    ":30384:1: warning: after game 1542, \"; { Game Nr. 29 : Houdini 3 draws against Stockf\": comment outside a game (and 1 more line outside games, to line 30385)",
    ":32101:6363: warning: after game 1555, \"; { Game Nr. 16 : Hannibal 1.0a draws against Cr\": comment outside a game",
    ":36730:1: warning: after game 1702, \"Event \\\"Українська ліга 225 Team Ba\": text outside movetext",
];

/// Runs `cmd args`, which must succeed (the machines have zstd and pzstd).
fn tool(cmd: &str, args: &[&str]) {
    let status = std::process::Command::new(cmd)
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("{cmd} is needed for this test ({e})"));
    assert!(status.success(), "{cmd} {args:?}");
}

/// A corpus file as the lichess database is written (`pzstd`, many
/// frames, each after a skippable frame) reads as its plain text does.
#[test]
#[ignore]
fn check_pzstd_corpus_file() {
    let src = shared("corpus/online.pgn.zst");
    let dir = std::env::temp_dir();
    let plain = dir.join(format!("movetext-{}-online.pgn", std::process::id()));
    let multi = dir.join(format!("movetext-{}-online.pgn.zst", std::process::id()));
    let (plain_s, multi_s) = (plain.to_string_lossy(), multi.to_string_lossy());
    tool("zstd", &["-q", "-d", "-f", &src, "-o", &plain_s]);
    // Level 1 cuts 2 MiB frames: 7 of them.
    tool(
        "pzstd",
        &["-q", "-f", "-p", "2", "-1", &plain_s, "-o", &multi_s],
    );
    for jobs in ["1", "2"] {
        let want = run(&["check", "--jobs", jobs, &plain_s]);
        let got = run(&["check", "--jobs", jobs, &multi_s]);
        assert_eq!(got.code, want.code, "jobs {jobs}: {}", got.stderr);
        assert_eq!(summary_counts(&got.stderr), summary_counts(&want.stderr));
        assert!(
            summary_counts(&got.stderr).starts_with("games=23884 "),
            "{}",
            got.stderr
        );
        assert_eq!(
            got.stdout.replace(&*multi_s, "F"),
            want.stdout.replace(&*plain_s, "F")
        );
    }
    let _ = std::fs::remove_file(&plain);
    let _ = std::fs::remove_file(&multi);
}
