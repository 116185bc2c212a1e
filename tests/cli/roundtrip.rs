//! Round trips: PGN export read back, every language there and back,
//! styles read back.

use movetext::notation::Language;

use super::{data, run, run_with, sample};

/// `convert --to pgn` read back gives the same moves.
#[test]
fn pgn_export_reads_back_to_same_moves() {
    for file in [sample(), data("small.pgn")] {
        let uci = run(&["convert", "--to", "uci", &file]);
        let pgn = run(&["convert", "--to", "pgn", &file]);
        assert_eq!(pgn.code, Some(0));
        let back = run_with(&["convert", "--to", "uci"], pgn.stdout.as_bytes());
        assert_eq!(back.code, Some(0), "{}", back.stderr);
        assert!(uci.stdout == back.stdout, "{file}");
        // And PGN export is a fixed point.
        let again = run_with(&["convert", "--to", "pgn"], pgn.stdout.as_bytes());
        assert!(again.stdout == pgn.stdout, "{file}");
    }
}

/// `--to pgn --lang L`, read back with `--from-lang L` (and `auto`), gives
/// the English PGN again, in every language.
#[test]
fn every_language_there_and_back() {
    let english = run(&["convert", "--to", "pgn", &data("small.pgn")]);
    assert_eq!(english.code, Some(0));
    for lang in Language::ALL {
        let code = lang.code();
        let there = run(&["convert", "--to", "pgn", "--lang", code, &data("small.pgn")]);
        assert_eq!(there.code, Some(0), "{code}");
        if lang != Language::En {
            assert!(there.stdout != english.stdout, "{code}");
        }
        let back = run_with(
            &["convert", "--to", "pgn", "--from-lang", code],
            there.stdout.as_bytes(),
        );
        assert_eq!(back.code, Some(0), "{code}: {}", back.stderr);
        assert!(back.stdout == english.stdout, "{code}:\n{}", back.stdout);
    }
}

#[test]
fn sample_in_german_and_styles_read_back() {
    let english = run(&["convert", "--to", "pgn", &sample()]);
    let styled = run(&[
        "convert",
        "--to",
        "pgn",
        "--lang",
        "de",
        "--castle",
        "0",
        "--promotion",
        "none",
        "--capture",
        ":",
        "--no-suffix",
        &sample(),
    ]);
    assert_eq!(styled.code, Some(0));
    assert!(styled.stdout.contains(" 0-0 "));
    let back = run_with(
        &["convert", "--to", "pgn", "--from-lang", "de"],
        styled.stdout.as_bytes(),
    );
    assert_eq!(back.code, Some(0), "{}", back.stderr);
    assert!(back.stdout == english.stdout);
    // Figurine, LAN, ICCF and SAN lines are read back too (games from the
    // standard start position: the lines carry no FEN).
    let json = run(&["convert", "--to", "jsonl", &sample()]);
    let standard: Vec<bool> = json
        .stdout
        .lines()
        .map(|l| !l.contains("\"FEN\":"))
        .collect();
    assert_eq!(standard.len(), 312);
    assert_eq!(
        standard.iter().filter(|s| !**s).count(),
        24,
        "games with a FEN tag"
    );
    let keep = |out: &str| -> Vec<String> {
        out.lines()
            .zip(&standard)
            .filter(|(_, s)| **s)
            .map(|(l, _)| l.to_string())
            .collect()
    };
    let uci = keep(&run(&["convert", "--to", "uci", &sample()]).stdout);
    for to in ["fan", "lan", "iccf", "descriptive", "san"] {
        let lines = keep(&run(&["convert", "--to", to, &sample()]).stdout);
        let pgn: String = lines
            .iter()
            .map(|l| format!("[Event \"x\"]\n\n{l} *\n\n"))
            .collect();
        let back = run_with(&["convert", "--to", "uci"], pgn.as_bytes());
        assert_eq!(back.code, Some(0), "{to}: {}", back.stderr);
        assert!(
            back.stdout.lines().eq(uci.iter().map(String::as_str)),
            "{to}"
        );
    }
}
