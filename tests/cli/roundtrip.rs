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

/// `--nag glyph` and `--nag ascii` write glyphs that read back as the same
/// NAGs: the PGN export with `$n` is the same read from either, for the
/// sample, every NAG `$0`..`$255` (two after each move), and glyphs next
/// to checks, promotions, castling, variations, comments and results.
#[test]
fn nag_glyphs_read_back() {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut every = String::from("[Event \"every NAG\"]\n\n");
    for i in 0..128usize {
        if i % 2 == 0 {
            every += &format!("{}. ", i / 2 + 1);
        }
        every += &format!("{} ${} ${} ", moves[i % 4], i, 255 - i);
    }
    every += "*\n\n";
    let marks = "[Event \"marks\"]\n\n1. e4! $1 $16 e5?! (1... c5 ±) 2. Qh5 ?? Nc6 = \
        {equal} 3. Bc4 $7 Nf6 $146 4. Qxf7# !! +- 1-0\n\n\
        [Event \"end\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O!? Nf6 ?! 5. d4 -/+ 0-1\n\n\
        [Event \"promotion\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n\
        1. e8=Q N Kb2 ∞ 2. Qe5+ N +/- 1/2-1/2\n\n";
    // Glyphs before the first move, at a variation's start and end, after
    // a null move, before a result.
    let places = "[Event \"places\"]\n\n$16 {a} $10 1. e4 ( $18 1. d4 ) $19 ( $146 1. c4 ) \
        $14 1... e5 2. Nf3 -- $18 3. d4 $16 $16 1/2-1/2\n\n";
    let sample = std::fs::read(sample()).unwrap();
    for text in [
        &sample[..],
        every.as_bytes(),
        marks.as_bytes(),
        places.as_bytes(),
    ] {
        let dollar = run_with(&["convert", "--to", "pgn"], text);
        assert_eq!(dollar.code, Some(0), "{}", dollar.stderr);
        for style in ["glyph", "ascii"] {
            let glyphs = run_with(&["convert", "--to", "pgn", "--nag", style], text);
            assert_eq!(glyphs.code, Some(0), "{style}: {}", glyphs.stderr);
            let movetext = glyphs.stdout.lines().filter(|l| !l.starts_with('['));
            assert!(movetext.clone().all(|l| l.len() <= 80), "{style}");
            let back = run_with(&["convert", "--to", "pgn"], glyphs.stdout.as_bytes());
            assert_eq!(back.code, Some(0), "{style}: {}", back.stderr);
            assert!(back.stdout == dollar.stdout, "{style}:\n{}", glyphs.stdout);
        }
    }
    let movetext = |args: &[&str]| -> String {
        let r = run_with(
            &[&["convert", "--to", "pgn"], args].concat(),
            marks.as_bytes(),
        );
        let games: Vec<&str> = r.stdout.split("\n\n").collect();
        [games[1], games[3], games[5]].join("\n").replace('\n', " ")
    };
    assert_eq!(
        movetext(&[]),
        "1. e4 $1 $1 $16 e5 $6 (1... c5 $16) 2. Qh5 $4 Nc6 $10 {equal} 3. Bc4 $7 Nf6 \
         $146 4. Qxf7# $3 $18 1-0 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O $5 Nf6 $6 5. d4 \
         $17 0-1 1. e8=Q $146 Kb2 $13 2. Qe5+ $146 $16 1/2-1/2"
    );
    assert_eq!(
        movetext(&["--nag", "glyph"]),
        "1. e4! ! ± e5?! (1... c5 ±) 2. Qh5?? Nc6 = {equal} 3. Bc4 □ Nf6 N 4. Qxf7#!! \
         +- 1-0 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O!? Nf6?! 5. d4 ∓ 0-1 1. e8=Q N \
         Kb2 ∞ 2. Qe5+ N ± 1/2-1/2"
    );
    assert_eq!(
        movetext(&["--nag", "ascii"]),
        "1. e4! ! +/- e5?! (1... c5 +/-) 2. Qh5?? Nc6 = {equal} 3. Bc4 $7 Nf6 N 4. \
         Qxf7#!! +- 1-0 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O!? Nf6?! 5. d4 -/+ 0-1 1. \
         e8=Q N Kb2 $13 2. Qe5+ N +/- 1/2-1/2"
    );
}

/// A draw offer `(=)` (NOTATION.md §2) is kept as the comment `{(=)}`,
/// which reads back the same; the moves and real variations are
/// unaffected, and the game is valid.
#[test]
fn draw_offer_kept_as_a_comment() {
    let text = "1. e4 (=) e5 2. Nf3(=) Nc6 (2... d6 3. d4 (=)) 3. Bb5 ( 3. Bc4 ) (=) a6 \
        4. Ba4 Nf6(=) 1/2-1/2\n";
    let pgn = run_with(&["convert", "--to", "pgn"], text.as_bytes());
    assert_eq!(pgn.code, Some(0), "{}", pgn.stderr);
    let movetext = pgn.stdout.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext,
        "1. e4 {(=)} 1... e5 2. Nf3 {(=)} 2... Nc6 (2... d6 3. d4 {(=)}) 3. Bb5 (3. Bc4) \
         {(=)} 3... a6 4. Ba4 Nf6 {(=)} 1/2-1/2"
    );
    let back = run_with(&["convert", "--to", "pgn"], pgn.stdout.as_bytes());
    assert!(back.stdout == pgn.stdout, "{}", back.stdout);
    let uci = run_with(&["convert", "--to", "uci"], text.as_bytes());
    assert_eq!(uci.stdout, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6\n");
    let check = run_with(&["check", "-"], text.as_bytes());
    assert_eq!(check.code, Some(0), "{}", check.stderr);
    assert_eq!(check.stdout, "");
    let arrow = run_with(&["convert", "--to", "arrow"], text.as_bytes());
    assert_eq!(arrow.code, Some(0), "{}", arrow.stderr);
}

/// Forms of books, magazines and web pages (README, "Moves as books print
/// them"): a figurine set apart from its square (`♘ f3`) or with a
/// variation selector after it (`♕\u{fe0f}b3`, as web pages copy it),
/// castling in lower case (`o-o`, `o-o-o`), a draw offer with spaces
/// inside (`( = )`) and results with a colon (`1:0`, `0:1`, `½:½`,
/// `1/2:1/2`). Each game reads whole, at one job and two, and PGN export
/// writes it in the PGN forms (`Nf3`, `O-O`, `{(=)}`, `1-0`), which read
/// back the same. With `--strict` the move forms fail their game as `♘f3`
/// and `0-0` do; the results and the draw offer are read in either mode,
/// as `½-½` and `(=)` are.
#[test]
fn book_forms_read_and_written_as_pgn() {
    let text = "1. e4 e5 2. \u{2658} f3 \u{265e} c6 3. \u{2657}\u{fe0f}b5 \u{265e}\u{fe0e}f6 \
        4. o-o ( = ) \u{265e} xe4 1:0\n\n\
        1. d4 d5 2. \u{2658} c3 \u{265e} c6 3. \u{2657} f4 \u{2657} f5 4. \u{2655} d2 \u{2655} d7 \
        5. o-o-o (  = ) o-o-o 0:1\n\n\
        1. e4 c5 ( = ) \u{00bd}:\u{00bd}\n\n1. c4 e5 1/2:1/2\n";
    let uci_want = "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4\n\
        d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8\n\
        e2e4 c7c5\n\
        c2c4 e7e5\n";
    for jobs in ["1", "2"] {
        let uci = run_with(&["convert", "--to", "uci", "--jobs", jobs], text.as_bytes());
        assert_eq!(uci.code, Some(0), "{}", uci.stderr);
        assert_eq!(uci.stdout, uci_want, "--jobs {jobs}");
        let check = run_with(&["check", "--jobs", jobs, "-"], text.as_bytes());
        assert_eq!(check.code, Some(0), "{}", check.stderr);
        assert_eq!(check.stdout, "");
        assert_eq!(
            super::summary_counts(&check.stderr),
            "games=4 valid=4 failed=0 warnings=0 moves=22 bytes=199"
        );
    }
    let pgn = run_with(&["convert", "--to", "pgn"], text.as_bytes());
    assert_eq!(pgn.code, Some(0), "{}", pgn.stderr);
    let movetexts: Vec<String> = pgn
        .stdout
        .split("\n\n")
        .skip(1)
        .step_by(2)
        .map(|m| m.replace('\n', " "))
        .collect();
    assert_eq!(
        movetexts,
        [
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O {(=)} 4... Nxe4 1-0",
            "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O {(=)} 5... O-O-O 0-1",
            "1. e4 c5 {(=)} 1/2-1/2",
            "1. c4 e5 1/2-1/2",
        ]
    );
    let back = run_with(&["convert", "--to", "pgn"], pgn.stdout.as_bytes());
    assert!(back.stdout == pgn.stdout, "{}", back.stdout);
    let strict = run_with(&["check", "--strict", "-"], text.as_bytes());
    assert_eq!(strict.code, Some(1));
    assert_eq!(
        strict.stdout,
        "<stdin>:1:13: game 1, move 2. \u{2658} f3: not a move (form accepted only in lenient mode at byte 0)\n\
         <stdin>:3:13: game 2, move 2. \u{2658} c3: not a move (form accepted only in lenient mode at byte 0)\n"
    );
    assert_eq!(
        super::summary_counts(&strict.stderr),
        "games=4 valid=2 failed=2 warnings=0 moves=8 bytes=199"
    );
    let strict = run_with(
        &["check", "--strict", "-"],
        b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o 1:0\n",
    );
    assert_eq!(
        strict.stdout,
        "<stdin>:1:35: game 1, move 4. o-o: not a move (form accepted only in lenient mode at byte 0)\n"
    );
    let strict = run_with(
        &["check", "--strict", "-"],
        "1. e4 e5 2. \u{2658}\u{fe0f}f3 *\n".as_bytes(),
    );
    assert_eq!(
        strict.stdout,
        "<stdin>:1:13: game 1, move 2. \u{2658}\u{fe0f}f3: not a move (form accepted only in lenient mode at byte 0)\n"
    );
}

/// A book's game (tests/data/books): figurines set apart from their
/// squares, one with a variation selector, `o-o`, the result `1:0`; read
/// whole at one job and two, and written as PGN.
#[test]
fn a_german_figurine_book_game() {
    let file = format!(
        "{}/tests/data/books/evergreen-1852.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let want = "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b2b4 c5b4 c2c3 b4a5 d2d4 e5d4 e1g1 d4d3 \
        d1b3 d8f6 e4e5 f6g6 f1e1 g8e7 c1a3 b7b5 b3b5 a8b8 b5a4 a5b6 b1d2 c8b7 d2e4 g6f5 \
        c4d3 f5h5 e4f6 g7f6 e5f6 h8g8 a1d1 h5f3 e1e7 c6e7 a4d7 e8d7 d3f5 d7e8 f5d7 e8f8 \
        a3e7\n";
    for jobs in ["1", "2"] {
        let uci = run(&["convert", "--to", "uci", "--jobs", jobs, &file]);
        assert_eq!(uci.code, Some(0), "{}", uci.stderr);
        assert_eq!(uci.stdout, want, "--jobs {jobs}");
    }
    let pgn = run(&["convert", "--to", "pgn", &file]);
    assert_eq!(pgn.code, Some(0), "{}", pgn.stderr);
    let movetext = pgn.stdout.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert!(
        movetext.starts_with(
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 "
        ),
        "{movetext}"
    );
    assert!(movetext.ends_with(" 24. Bxe7# 1-0"), "{movetext}");
}
