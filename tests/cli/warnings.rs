//! Warnings (issue 27, findings 8 to 10): problems that fail no game,
//! each on a line of its own with its place, labelled `warning:`,
//! counted in `warnings=`, hidden by `-q`, listed in JSON's `"warnings"`;
//! `--strict` makes the wrong marks errors.

use super::{run_with, summary_counts};

/// Game 1: a `+` and a `#` the position contradicts, a capture mark onto
/// an empty square, suffix words (`ch`, `mate`, `ep`) the position
/// contradicts; right marks (`Bxf7+`, `Ng5+`). Game 2: right marks
/// (`e.p.`, `fxg8=N+`), then a `#` on a check that is no mate.
const MARKS: &str = "[Event \"marks\"]

1. e4 e5 2. Nf3+ Nc6 3. Bb5# a6 4. Bxc4 Nf6 5. d3 ch Be7 6. O-O mate
O-O 7. Bxf7+ Kxf7 8. Ng5+ Kg8 9. Qf3 ep d5 *

[Event \"right\"]

1. e4 d5 2. exd5 e5 3. dxe6 e.p. Qh4 4. exf7+ Ke7 5. fxg8=N+ Kf7 6. Nh6# *
";

const MARKS_WARNINGS: &str = "\
<stdin>:3:13: warning: game 1, move 2. Nf3+: written as check, but the move gives no check
<stdin>:3:25: warning: game 1, move 3. Bb5#: written as mate, but the move gives no check
<stdin>:3:36: warning: game 1, move 4. Bxc4: written as a capture, but c4 is empty
<stdin>:3:51: warning: game 1, move 5. ch: written as check, but the move gives no check
<stdin>:3:65: warning: game 1, move 6. mate: written as mate, but the move gives no check
<stdin>:4:38: warning: game 1, move 9. ep: written as en passant, but the move takes no pawn en passant
<stdin>:8:69: warning: game 2, move 6. Nh6#: written as mate, but the move gives check, not mate
";

/// An en passant mark with a space inside (`e. p.`, as some books print
/// it), in SAN and descriptive: read, and checked like `e.p.`.
#[test]
fn en_passant_mark_with_a_space() {
    let text = "1. e4 d5 2. e5 f5 3. exf6 e. p. Nf6 4. Nf3 e. p. *\n\n\
        1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP e. p. *\n\n1. e4 d5 2. e5 f5 3. exf6e. p. *\n";
    let r = run_with(&["convert", "--to", "uci", "-"], text.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 g1f3\ne2e4 d7d5 e4e5 f7f5 e5f6\ne2e4 d7d5 e4e5 f7f5 e5f6\n"
    );
    let r = run_with(&["check", "-"], text.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "<stdin>:1:44: warning: game 1, move 4. e. p.: written as en passant, but the move takes no pawn en passant\n"
    );
    let r = run_with(&["check", "--strict", "-"], text.as_bytes());
    assert_eq!(r.code, Some(1));
}

#[test]
fn wrong_marks_are_warnings_at_their_place() {
    for args in [
        &["check", "-"][..],
        &["check", "--from-lang", "auto", "-"],
        &["check", "--jobs", "2", "--chunk-size", "16", "-"],
    ] {
        let r = run_with(args, MARKS.as_bytes());
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, MARKS_WARNINGS, "{args:?}");
        assert_eq!(
            summary_counts(&r.stderr),
            "games=2 valid=2 failed=0 warnings=7 moves=29 bytes=224",
            "{args:?}"
        );
    }
    // `-q` hides them (and the summary); the games stay valid.
    let r = run_with(&["check", "-q", "-"], MARKS.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "", "")
    );
    // `stats` counts the moves with a wrong `+`/`#` or suffix word, as
    // before (a capture mark is no suffix).
    let r = run_with(&["stats", "-"], MARKS.as_bytes());
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout.contains("\nfailed: 0\n") && r.stdout.contains("\nwrong check/mate suffixes: 6\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn strict_makes_wrong_marks_errors() {
    let r = run_with(&["check", "--strict", "-"], MARKS.as_bytes());
    assert_eq!(r.code, Some(1));
    assert_eq!(
        r.stdout,
        "<stdin>:3:13: game 1, move 2. Nf3+: written as check, but the move gives no check
<stdin>:8:69: game 2, move 6. Nh6#: written as mate, but the move gives check, not mate
"
    );
    assert_eq!(
        summary_counts(&r.stderr),
        "games=2 valid=0 failed=2 warnings=0 moves=12 bytes=224"
    );
    let pgn = b"1. e4 e5 2. Bxc4 *\n";
    let r = run_with(&["check", "-"], pgn);
    assert_eq!(r.code, Some(0));
    assert_eq!(
        r.stdout,
        "<stdin>:1:13: warning: game 1, move 2. Bxc4: written as a capture, but c4 is empty\n"
    );
    assert_eq!(
        summary_counts(&r.stderr),
        "games=1 valid=1 failed=0 warnings=1 moves=3 bytes=19"
    );
    let r = run_with(&["check", "--strict", "-"], pgn);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        r.stdout,
        "<stdin>:1:13: game 1, move 2. Bxc4: written as a capture, but c4 is empty\n"
    );
    assert_eq!(
        summary_counts(&r.stderr),
        "games=1 valid=0 failed=1 warnings=0 moves=2 bytes=19"
    );
}

/// Capture marks in every form lenient mode reads (`:`, long algebraic),
/// in a variation too; a capture written without its mark (`Ne4`) and a
/// mate without its `#` are no warning.
#[test]
fn capture_marks_onto_empty_squares() {
    let pgn = b"1. e4 e5 2. Nf3 Nc6 3. B:c4 (3. Bf1xc4 a6) 3... Nf6 4. Nf3xg5 h6 5. Qd1xe2 *

1. e4 d5 2. Nc3 dxe4 3. Ne4 Nc6 4. Bc4 e5 5. Qh5 Nf6 6. Qxf7 *

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *
";
    let r = run_with(&["check", "-"], pgn);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "<stdin>:1:24: warning: game 1, move 3. B:c4: written as a capture, but c4 is empty
<stdin>:1:33: warning: game 1, move 3. Bf1xc4: written as a capture, but c4 is empty
<stdin>:1:56: warning: game 1, move 4. Nf3xg5: written as a capture, but g5 is empty
<stdin>:1:69: warning: game 1, move 5. Qd1xe2: written as a capture, but e2 is empty
"
    );
    assert_eq!(
        summary_counts(&r.stderr),
        "games=3 valid=3 failed=0 warnings=4 moves=27 bytes=183"
    );
}

/// JSON lines list each warning with its line, column and byte offset;
/// PGN and the other formats print them on standard error.
#[test]
fn jsonl_lists_the_warnings() {
    let r = run_with(&["convert", "--to", "jsonl", "-"], MARKS.as_bytes());
    assert_eq!(r.code, Some(0));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].ends_with(
            r#""errors":[],"warnings":[{"line":3,"column":13,"offset":29,"message":"move 2. Nf3+: written as check, but the move gives no check"},{"line":3,"column":25,"offset":41,"message":"move 3. Bb5#: written as mate, but the move gives no check"},{"line":3,"column":36,"offset":52,"message":"move 4. Bxc4: written as a capture, but c4 is empty"},{"line":3,"column":51,"offset":67,"message":"move 5. ch: written as check, but the move gives no check"},{"line":3,"column":65,"offset":81,"message":"move 6. mate: written as mate, but the move gives no check"},{"line":4,"column":38,"offset":123,"message":"move 9. ep: written as en passant, but the move takes no pawn en passant"}],"complete":true}"#
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].ends_with(
            r#""errors":[],"warnings":[{"line":8,"column":69,"offset":217,"message":"move 6. Nh6#: written as mate, but the move gives check, not mate"}],"complete":true}"#
        ),
        "{}",
        lines[1]
    );
    assert_eq!(r.stderr, MARKS_WARNINGS);
    let r = run_with(&["convert", "--to", "uci", "-q", "-"], MARKS.as_bytes());
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
}

/// Game 1 ends where a tag section starts, with no result; game 2's
/// result contradicts its tag; game 3's `*` contradicts nothing; game 4's
/// `1/2-1/2` contradicts a `*` tag (as pgn-extract judges); text between
/// games; game 5 has a variation before any move (an error, placed); game
/// 6 ends with the input, with no result.
const STRUCTURE: &str = "[Event \"no result at a tag section\"]
[Result \"1-0\"]

1. e4 e5 2. Nf3
[Event \"contradicting result\"]
[Result \"1-0\"]

1. e4 e5 2. Nf3 Nc6 0-1

[Event \"star token\"]
[Result \"1-0\"]

1. d4 *

[Event \"star tag\"]
[Result \"*\"]

1. c4 1/2-1/2

junk between games

[Event \"variation first\"]

(1. e4) 1. d4 *

[Event \"last, no result\"]

1. e4 e5
";

const STRUCTURE_LINES: &str = "\
<stdin>:5:1: warning: game 1: no result token: the game ends here
<stdin>:8:21: warning: game 2: result 0-1 contradicts the Result tag 1-0
<stdin>:18:7: warning: game 4: result 1/2-1/2 contradicts the Result tag *
<stdin>:20:1: warning: after game 4, \"junk between games\": text outside movetext
<stdin>:24:1: game 5, \"(\": variation before any move
<stdin>:29:1: warning: game 6: no result token: the game ends here
";

#[test]
fn structure_faults_are_warnings_at_their_place() {
    for args in [
        &["check", "-"][..],
        &["check", "--from-lang", "auto", "-"],
        &["check", "--jobs", "2", "--chunk-size", "16", "-"],
        &["check", "--jobs", "2", "--chunk-size", "100", "-"],
    ] {
        let r = run_with(args, STRUCTURE.as_bytes());
        assert_eq!(r.code, Some(1), "{args:?}");
        assert_eq!(r.stdout, STRUCTURE_LINES, "{args:?}");
        assert_eq!(
            summary_counts(&r.stderr),
            "games=6 valid=5 failed=1 warnings=5 moves=11 bytes=335",
            "{args:?}"
        );
    }
    // Only the error is left with `-q`.
    let r = run_with(&["check", "-q", "-"], STRUCTURE.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            Some(1),
            "<stdin>:24:1: game 5, \"(\": variation before any move\n",
            ""
        )
    );
    // The game before a tag section in its moves keeps its moves, the
    // next game is read whole.
    let r = run_with(&["convert", "--to", "uci", "-"], STRUCTURE.as_bytes());
    assert_eq!(
        r.stdout.lines().take(2).collect::<Vec<_>>(),
        ["e2e4 e7e5 g1f3", "e2e4 e7e5 g1f3 b8c6"]
    );
}

#[test]
fn jsonl_lists_structure_warnings() {
    let r = run_with(
        &["convert", "--to", "jsonl", "-q", "-"],
        STRUCTURE.as_bytes(),
    );
    assert_eq!(r.code, Some(1));
    let warnings: Vec<&str> = r
        .stdout
        .lines()
        .map(|l| &l[l.find("\"warnings\":").unwrap()..])
        .collect();
    assert_eq!(
        warnings,
        [
            r#""warnings":[{"line":5,"column":1,"offset":69,"message":"no result token: the game ends here"}],"complete":true}"#,
            r#""warnings":[{"line":8,"column":21,"offset":136,"message":"result 0-1 contradicts the Result tag 1-0"}],"complete":true}"#,
            r#""warnings":[],"complete":true}"#,
            r#""warnings":[{"line":18,"column":7,"offset":226,"message":"result 1/2-1/2 contradicts the Result tag *"},{"line":20,"column":1,"offset":235,"message":"after game 4, \"junk between games\": text outside movetext"}],"complete":true}"#,
            r#""warnings":[],"complete":false}"#,
            r#""warnings":[{"line":29,"column":1,"offset":335,"message":"no result token: the game ends here"}],"complete":true}"#,
        ]
    );
}

/// Text before the first game says so; a variation nested too deep is
/// placed at its `(`; an ambiguous move lists every candidate, from the
/// same square too.
#[test]
fn messages_have_their_place_and_every_candidate() {
    let r = run_with(
        &["check", "-"],
        b"junk before\n\n[Event \"a\"]\n\n1. e4 *\n",
    );
    assert_eq!(r.code, Some(0));
    assert_eq!(
        r.stdout,
        "<stdin>:1:1: warning: before the first game, \"junk before\": text outside movetext\n"
    );
    let deep = format!(
        "[Event \"deep\"]\n\n1. e4 {}{} *\n",
        "(1. d4 ".repeat(257),
        ")".repeat(257)
    );
    let r = run_with(&["check", "-q", "-"], deep.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            Some(1),
            "<stdin>:3:1799: game 1, \"(\": variation nested more than 256 deep\n"
        )
    );
    let r = run_with(
        &["check", "-q", "-"],
        b"[FEN \"4k3/8/8/8/2p1p3/3Q4/8/4K3 w - - 0 1\"]\n\n1. QxP *\n",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            Some(1),
            "<stdin>:3:4: game 1, move 1. QxP: ambiguous (d3-c4, d3-e4)\n"
        )
    );
}

/// Long algebraic and UCI moves with `+`, `#` or `++` after them (and a
/// glyph after that) are judged as SAN's are: a wrong mark is a warning at
/// the move, a right one (a mate written `+` is right, as in SAN) none.
#[test]
fn marks_after_long_algebraic_and_uci_moves_are_judged() {
    let text = "[Event \"uci\"]\n\n1. e2e4 e7e5 2. d1h5+ b8c6 3. f1c4 g8f6 4. h5f7# *\n\n\
                [Event \"lan\"]\n\n1. e2-e4 e7-e5 2. Qd1-h5+! Nb8-c6 3. Bf1-c4 Ng8-f6 \
                4. Qh5xf7+ *\n\n[Event \"mate\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4++ 0-1\n";
    let r = run_with(&["check", "-"], text.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "<stdin>:3:17: warning: game 1, move 2. d1h5+: written as check, but the move gives \
         no check\n\
         <stdin>:7:19: warning: game 2, move 2. Qd1-h5+: written as check, but the move \
         gives no check\n"
    );
    assert_eq!(
        summary_counts(&r.stderr),
        "games=3 valid=3 failed=0 warnings=2 moves=18 bytes=195"
    );
}
