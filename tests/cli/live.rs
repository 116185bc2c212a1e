//! A slowly fed pipe (a download, a live broadcast): what the games read
//! whole give is written out while the pipe waits, not when it ends.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Writes `first` to `movetext args...`, and while the pipe stays open
/// takes `expect_first` lines of output; then writes `rest`, closes the
/// pipe and takes the rest of the output.
fn paused(
    args: &[&str],
    first: &str,
    expect_first: usize,
    rest: &str,
) -> (Vec<String>, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn movetext");
    let mut input = child.stdin.take().unwrap();
    let output = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let lines = std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let _ = tx.send(line.unwrap());
        }
    });
    input.write_all(first.as_bytes()).unwrap();
    input.flush().unwrap();
    let wait = Duration::from_secs(20);
    let early: Vec<String> = (0..expect_first)
        .map(|i| {
            rx.recv_timeout(wait).unwrap_or_else(|_| {
                panic!("{args:?}: line {} not written while the pipe waits", i + 1)
            })
        })
        .collect();
    // Nothing more while the game in progress has not ended.
    assert!(
        rx.recv_timeout(Duration::from_millis(300)).is_err(),
        "{args:?}"
    );
    input.write_all(rest.as_bytes()).unwrap();
    drop(input);
    lines.join().unwrap();
    assert!(child.wait().unwrap().success() || args.contains(&"check"));
    (early, rx.iter().collect())
}

const GAME_1: &str = "[Event \"1\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
const GAME_2: &str = "[Event \"2\"]\n\n1. d4 d5 0-1\n\n";
const GAME_3_TAGS: &str = "[Event \"3\"]\n[Site \"x\"]\n";
const GAME_3_MOVES: &str = "\n1. c4 *\n\n[Event \"4\"]\n\n1. Nf3 *\n";

#[test]
fn convert_writes_the_games_of_a_paused_pipe_while_it_waits() {
    for jobs in ["1", "2", "3"] {
        let args = ["convert", "--to", "uci", "-q", "--jobs", jobs, "-"];
        let first = format!("{GAME_1}{GAME_2}{GAME_3_TAGS}");
        let (early, late) = paused(&args, &first, 2, GAME_3_MOVES);
        assert_eq!(early, ["e2e4 e7e5 g1f3", "d2d4 d7d5"], "{jobs} jobs");
        assert_eq!(late, ["c2c4", "g1f3"], "{jobs} jobs");
    }
}

#[test]
fn check_reports_a_paused_pipes_broken_game_while_it_waits() {
    for jobs in ["1", "2"] {
        let args = ["check", "-q", "--jobs", jobs, "-"];
        let first = format!("{GAME_1}[Event \"2\"]\n\n1. d4 Ke7 *\n\n{GAME_3_TAGS}");
        let (early, late) = paused(&args, &first, 1, GAME_3_MOVES);
        assert_eq!(
            early,
            ["<stdin>:7:7: game 2, move 1... Ke7: illegal move"],
            "{jobs} jobs"
        );
        assert_eq!(late, Vec::<String>::new(), "{jobs} jobs");
    }
}
