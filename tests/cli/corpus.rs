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
        assert_eq!(r.code, Some(1), "jobs {jobs}: {}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        let expected: Vec<String> = EXPECTED_ERRORS
            .iter()
            .map(|l| format!("{file}{l}"))
            .collect();
        assert_eq!(lines, expected, "jobs {jobs}");
        assert_eq!(summary_counts(&r.stderr), EXPECTED_SUMMARY, "jobs {jobs}");
    }
}

const EXPECTED_SUMMARY: &str = "";
const EXPECTED_ERRORS: &[&str] = &[];
