//! Failed games (issue 27, finding 7): written up to the error and marked
//! in each format's own way, never cut off silently, never invalid.

use super::{run, run_with, summary_counts};

/// An illegal move in game 1 (line 4), one in a variation of game 2, a bad
/// FEN in game 3, a result token inside a variation in game 4, and a good
/// game 5.
const FAILING: &str = "[Event \"a\"]
[Result \"1-0\"]

1. e4 e5 2. Nf3 Kd5 3. Bb5 a6 1-0

[Event \"b\"]

1. d4 d5 (1... Nf6 2. c4 (2. Nf3 Qxd2 3. e3) 2... g6 3. Ke5) 2. c4 *

[Event \"c\"]
[FEN \"bad fen\"]

1. e4 *

1. e4 e5 (1... c5 *

[Event \"e\"]
[Result \"0-1\"]

1. f3 e5 2. g4 Qh4# 0-1
";

const ROSTER: &str = "[Site \"?\"]
[Date \"????.??.??\"]
[Round \"?\"]
[White \"?\"]
[Black \"?\"]
";

#[test]
fn pgn_marks_the_error_closes_variations_and_ends_with_a_star() {
    let r = run_with(&["convert", "--to", "pgn", "-"], FAILING.as_bytes());
    assert_eq!(r.code, Some(1));
    let games: Vec<&str> = r.stdout.split("\n\n[").collect();
    assert_eq!(games.len(), 5, "{}", r.stdout);
    assert_eq!(
        games[0],
        format!(
            "[Event \"a\"]\n{ROSTER}[Result \"*\"]\n\n1. e4 e5 2. Nf3 {{movetext error at 4:17: move 2... Kd5: illegal move; the rest\nof the game is left out}} *"
        )
    );
    assert_eq!(
        games[3],
        format!(
            "Event \"?\"]\n{ROSTER}[Result \"*\"]\n\n1. e4 e5 (1... c5 {{movetext error at 15:19: \"*\": result inside a variation; the\nrest of the game is left out}}) *"
        )
    );
    assert_eq!(
        games[4],
        format!("Event \"e\"]\n{ROSTER}[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n")
    );
    // Read back by movetext's own reader: the same five games, the failed
    // ones valid PGN up to their mark (the bad FEN stays bad).
    let back = run_with(&["check", "-"], r.stdout.as_bytes());
    assert_eq!(
        summary_counts(&back.stderr),
        "games=5 valid=4 failed=1 warnings=0 moves=11 bytes=989"
    );
    assert_eq!(
        back.stdout,
        "<stdin>:30:1: game 3, \"bad fen - -\": bad FEN tag: invalid FEN at column 2: bad piece letter\n"
    );
}

#[test]
fn a_failed_game_has_no_result_but_star() {
    // Its own result token and `Result` tag both become `*`: the moves
    // after the error are not in the output, so it has no result.
    let r = run_with(
        &["convert", "--to", "pgn", "-"],
        b"[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Ke3 1/2-1/2\n",
    );
    assert_eq!(r.code, Some(1));
    assert!(r.stdout.contains("[Result \"*\"]\n"), "{}", r.stdout);
    assert!(r.stdout.ends_with("left out} *\n\n"), "{}", r.stdout);
    assert!(!r.stdout.contains("1/2"), "{}", r.stdout);
}

#[test]
fn jsonl_gives_errors_with_their_place_and_complete_false() {
    let r = run_with(&["convert", "--to", "jsonl", "-"], FAILING.as_bytes());
    assert_eq!(r.code, Some(1));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(
        lines[0].ends_with(r#""errors":[{"line":4,"column":17,"offset":44,"message":"move 2... Kd5: illegal move"}],"warnings":[],"complete":false}"#),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(r#""moves":["e4","e5","Nf3"]"#));
    assert!(
        lines[4].ends_with(r#""errors":[],"warnings":[],"complete":true}"#),
        "{}",
        lines[4]
    );
}

#[test]
fn one_line_formats_hold_what_was_read_and_errors_go_to_stderr() {
    let errors = "<stdin>:4:17: game 1, move 2... Kd5: illegal move
<stdin>:8:34: game 2, move 2... Qxd2: illegal move
<stdin>:11:1: game 3, \"bad fen - -\": bad FEN tag: invalid FEN at column 2: bad piece letter
<stdin>:15:19: game 4, \"*\": result inside a variation
";
    let r = run_with(&["convert", "--to", "uci", "-"], FAILING.as_bytes());
    assert_eq!(r.code, Some(1));
    assert_eq!(
        r.stdout,
        "e2e4 e7e5 g1f3\nd2d4 d7d5\n\ne2e4 e7e5\nf2f3 e7e5 g2g4 d8h4\n"
    );
    assert_eq!(r.stderr, errors);
    // --skip-failed: the failed games are left out, their errors stay.
    for to in ["uci", "pgn", "jsonl"] {
        let r = run_with(
            &["convert", "--to", to, "--skip-failed", "-"],
            FAILING.as_bytes(),
        );
        assert_eq!(r.code, Some(1), "--to {to}");
        assert_eq!(r.stderr, errors, "--to {to}");
        match to {
            "uci" => assert_eq!(r.stdout, "f2f3 e7e5 g2g4 d8h4\n"),
            "pgn" => assert_eq!(
                r.stdout,
                format!("[Event \"e\"]\n{ROSTER}[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n")
            ),
            _ => {
                assert_eq!(r.stdout.lines().count(), 1);
                assert!(r.stdout.starts_with("{\"game\":5,"), "{}", r.stdout);
            }
        }
    }
}

#[test]
fn help_says_how_failed_games_are_written() {
    let r = run(&["convert", "--help"]);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.contains("--skip-failed"), "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "A game that fails (an illegal move, a bad FEN...) is written up to its error"
        ),
        "{}",
        r.stdout
    );
}
