//! Bad use and bad input: one clear line, the right exit status, no panic.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use super::{data, run, run_with, sample, TempDir};

fn assert_one_line(stderr: &str, expected: &str) {
    assert_eq!(stderr, format!("{expected}\n"));
}

#[test]
fn missing_file() {
    for cmd in ["check", "convert", "stats"] {
        let r = run(&[cmd, "/nonexistent/x.pgn"]);
        assert_eq!(r.code, Some(2), "{cmd}");
        assert_eq!(
            r.stdout,
            if cmd == "stats" {
                r.stdout.clone()
            } else {
                String::new()
            }
        );
        assert!(
            r.stderr
                .starts_with("movetext: /nonexistent/x.pgn: No such file or directory\n"),
            "{cmd}: {}",
            r.stderr
        );
    }
}

#[test]
fn missing_file_is_one_line() {
    let r = run(&["check", "/nonexistent/x.pgn"]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(2), ""));
    assert_one_line(
        &r.stderr,
        "movetext: /nonexistent/x.pgn: No such file or directory",
    );
}

#[test]
fn missing_file_among_good_ones() {
    // The other files are still read; the status says something failed.
    let r = run(&[
        "convert",
        "--to",
        "uci",
        "/nonexistent/x.pgn",
        &data("small.pgn"),
    ]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout.lines().count(), 3);
    assert_one_line(
        &r.stderr,
        "movetext: /nonexistent/x.pgn: No such file or directory",
    );
}

#[test]
fn directory() {
    let dir = data("");
    let r = run(&["check", "-q", &dir]);
    assert_eq!(r.code, Some(2));
    assert_one_line(&r.stderr, &format!("movetext: {dir}: Is a directory"));
}

#[test]
fn unwritable_output() {
    let r = run(&["convert", "-o", "/nonexistent/out.txt", &data("small.pgn")]);
    assert_eq!(r.code, Some(2));
    assert_one_line(
        &r.stderr,
        "movetext: /nonexistent/out.txt: No such file or directory",
    );
}

#[test]
fn output_file() {
    let path = std::env::temp_dir().join(format!("movetext-cli-{}.uci", std::process::id()));
    let p = path.to_string_lossy().into_owned();
    let r = run(&["convert", "--to", "uci", "-o", &p, &data("small.pgn")]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "", "")
    );
    let written = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(written, super::SMALL_UCI);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["convert", "--to", "xml"][..],
        &["convert", "--lang", "xx"][..],
        &["convert", "--from-lang", "klingon"][..],
        &["convert", "--castle", "o"][..],
        &["convert", "--promotion", "/"][..],
        &["convert", "--capture", "*"][..],
        &["check", "--jobs", "0"][..],
        &["check", "--jobs", "many"][..],
        &["check", "--frobnicate"][..],
        &["perft"][..],
        &["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "deep"][..],
        &["nonsense"][..],
        &[][..],
    ] {
        let r = run(args);
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{args:?}");
        if !args.is_empty() {
            assert!(r.stderr.contains("error:"), "{args:?}: {}", r.stderr);
        }
        assert!(!r.stderr.contains("panicked"), "{args:?}");
    }
    let r = run(&["--help"]);
    assert_eq!(r.code, Some(0));
    for cmd in ["convert", "check", "stats", "perft"] {
        assert!(r.stdout.contains(cmd), "{}", r.stdout);
    }
}

#[test]
fn hostile_bytes_do_not_panic() {
    let mut junk: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    junk.extend_from_slice(
        b"\n[Event \"x\"]\n\n1. e4 {\xff\xfe} e5 (((( 2. Qh5 $999 ))) Nf6?? 3. Qxf7#\n",
    );
    junk.extend_from_slice(&[0; 100]);
    for to in ["san", "pgn", "jsonl"] {
        for jobs in ["1", "2"] {
            let r = run_with(
                &["convert", "--to", to, "--jobs", jobs, "--chunk-size", "64"],
                &junk,
            );
            assert!(matches!(r.code, Some(0 | 1)), "{to}: {:?}", r.code);
            assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        }
    }
    let r = run_with(&["stats"], &junk);
    assert_eq!(r.code, Some(0));
}

#[test]
fn compressed_inputs() {
    let pgn = std::fs::read(data("small.pgn")).unwrap();
    // gzip and zstd of small.pgn, made by the library's own dependencies.
    let r = run_with(&["convert", "--to", "uci", "-"], &pgn);
    assert_eq!(r.stdout, super::SMALL_UCI);
    for name in ["small.pgn.gz", "small.pgn.zst", "small.pgn.bz2"] {
        let r = run(&["convert", "--to", "uci", &data(name)]);
        assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""), "{name}");
        assert_eq!(r.stdout, super::SMALL_UCI, "{name}");
    }
    // A truncated gzip stream is an input error.
    let gz = std::fs::read(data("small.pgn.gz")).unwrap();
    let r = run_with(&["check", "-q"], &gz[..gz.len() / 2]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.starts_with("movetext: <stdin>: "), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

/// `movetext convert ... | head -1`: the reader goes away after one line.
#[test]
fn closed_pipe_is_quiet() {
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
            .args([
                "convert",
                "--to",
                "pgn",
                "--jobs",
                jobs,
                "--chunk-size",
                "4096",
            ])
            .arg(sample())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert!(line.starts_with("[Event "), "{line}");
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr, "", "jobs {jobs}");
        assert_eq!(out.status.code(), Some(141), "jobs {jobs}");
    }
}

/// An input cut off in the middle of a game: the games before it are
/// written whole, and nothing of the one cut, on one job as on two.
#[test]
fn a_cut_input_writes_whole_games_only() {
    let pgn = std::fs::read(sample()).unwrap();
    let gz = super::units::support::gzip(&pgn);
    let cut = &gz[..gz.len() / 2];
    for (to, starts) in [("jsonl", "{\"game\":"), ("pgn", "[Event "), ("uci", "")] {
        let whole = run_with(&["convert", "--to", to, "-"], &pgn);
        let one = run_with(&["convert", "--jobs", "1", "--to", to, "-"], cut);
        for jobs in ["1", "2"] {
            let r = run_with(&["convert", "--jobs", jobs, "--to", to, "-"], cut);
            assert_eq!(r.code, Some(2), "{to} {jobs}: {}", r.stderr);
            assert!(whole.stdout.starts_with(&r.stdout), "{to} {jobs}");
            let rest = &whole.stdout[r.stdout.len()..];
            assert!(
                r.stdout.is_empty() || r.stdout.ends_with('\n'),
                "{to} {jobs}"
            );
            assert!(rest.starts_with(starts), "{to} {jobs}: {:?}", &rest[..40]);
            if to == "uci" {
                // A game's line, not a move of it.
                assert!(r.stdout.is_empty() || rest.starts_with(|c: char| c.is_ascii_lowercase()));
            }
            let games = match to {
                "jsonl" | "uci" => r.stdout.lines().count(),
                _ => r.stdout.matches("[Event ").count(),
            };
            assert_eq!(games, 136, "{to} {jobs}");
            assert_eq!(
                (&r.stdout, &r.stderr),
                (&one.stdout, &one.stderr),
                "{to} {jobs}"
            );
        }
    }
}

/// Every message about a file names it once, whatever the command and
/// whatever went wrong: a cut compressed stream, a directory, a unit or a
/// range that does not fit the file.
#[test]
fn a_file_is_named_once() {
    let dir = TempDir::new("named-once");
    let small = data("small.pgn");
    let gz = data("small.pgn.gz");
    for (name, suffix) in [
        ("small.pgn.gz", "truncated gzip data"),
        ("small.pgn.zst", "truncated zstd data"),
        ("small.pgn.bz2", "truncated bzip2 data"),
    ] {
        let whole = std::fs::read(data(name)).unwrap();
        let cut = dir.file(&format!("cut-{name}"));
        std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
        for args in [
            &["check", "-q"][..],
            &["stats"][..],
            &["convert", "-q"][..],
            &["convert", "-q", "--to", "jsonl"][..],
            &["convert", "-q", "--to", "arrow", "-o", &dir.file("out")][..],
        ] {
            for jobs in ["1", "3"] {
                let r = run(&[args, &["-j", jobs, &cut]].concat());
                assert_eq!(r.code, Some(2), "{args:?} {cut}: {}", r.stderr);
                let first = r.stderr.lines().next().unwrap_or("");
                let begins = format!("movetext: {cut}: {suffix}");
                assert!(first.starts_with(&begins), "{args:?}: {}", r.stderr);
                assert_eq!(first.matches("cut-").count(), 1, "{args:?}: {first}");
            }
        }
    }
    // A directory, to each command.
    let d = dir.file("");
    let d = d.trim_end_matches('/');
    for cmd in ["check", "stats", "convert", "index"] {
        let r = run(&[cmd, d]);
        assert_eq!(r.code, Some(2), "{cmd}");
        let what = if cmd == "index" {
            "not a regular file"
        } else {
            "Is a directory"
        };
        assert!(
            r.stderr.ends_with(&format!("movetext: {d}: {what}\n")),
            "{cmd}: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{cmd}: {}", r.stderr);
    }
    // A range of a compressed file; a unit read in another file.
    let r = run(&["check", "--range", "0:10", &gz]);
    assert_eq!(r.code, Some(2));
    assert_one_line(
        &r.stderr,
        &format!(
            "movetext: {gz}: a byte range is read in a plain PGN file, and this one is gzip-compressed: cut it with `movetext index`"
        ),
    );
    let unit = run(&["index", &small]).stdout;
    let (size, gz_size) = (
        std::fs::metadata(&small).unwrap().len(),
        std::fs::metadata(&gz).unwrap().len(),
    );
    for cmd in ["check", "stats", "convert"] {
        let r = run(&[cmd, "--unit", unit.trim_end(), &gz]);
        assert_eq!(r.code, Some(2), "{cmd}");
        assert!(
            r.stderr.ends_with(&format!(
                "movetext: {gz}: {gz_size} bytes, but the unit was made for a file of {size} bytes: index it again\n"
            )),
            "{cmd}: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{cmd}: {}", r.stderr);
    }
    // A range of something that is no regular file: said so, not that
    // the range passes its end.
    let r = run(&["check", "--range", "0:10", "/dev/null"]);
    assert_eq!(r.code, Some(2));
    assert_one_line(&r.stderr, "movetext: /dev/null: not a regular file");
}

/// Runs `movetext args...` where no thread can start: std's
/// `RUST_MIN_STACK` asks a stack of 2^60 bytes for every thread, and none
/// can be mapped. Gives the exit status, the bytes written on stdout and
/// stderr.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn without_threads(args: &[&str]) -> (Option<i32>, usize, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(args)
        .env("RUST_MIN_STACK", (1u64 << 60).to_string())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    (o.status.code(), o.stdout.len(), stderr)
}

/// A reading thread the system cannot start stops the command with one
/// line and status 2, never a panic. One job reads on the calling thread
/// alone.
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn a_reading_thread_that_cannot_start_is_said() {
    let said = "movetext: cannot start a reading thread: Resource temporarily unavailable\n";
    for name in ["small.pgn", "small.pgn.gz", "small.pgn.zst"] {
        let file = data(name);
        for (args, written) in [
            (&["check"][..], 0),
            (&["stats"][..], 0),
            (&["convert"][..], 0),
            // Parquet's leading magic alone: a file no reader takes.
            (&["convert", "--to", "parquet"][..], 4),
        ] {
            let r = without_threads(&[args, &["-j", "4", &file]].concat());
            assert_eq!(r, (Some(2), written, said.to_string()), "{args:?} {name}");
        }
    }
    // index reads a plain file on threads to count its games.
    let r = without_threads(&["index", "-j", "4", &data("small.pgn")]);
    assert_eq!(r, (Some(2), 0, said.to_string()));
    let r = without_threads(&["check", "-q", "-j", "1", &data("small.pgn.zst")]);
    assert_eq!(r, (Some(0), 0, String::new()));
}

/// Runs `movetext args...` as [`without_threads`] does, with a terminal
/// (`script`'s) for its standard streams, so that a progress bar is
/// drawn: the exit status and the text written (both streams, carriage
/// returns and the bar's escape sequences left in).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn without_threads_on_a_terminal(args: &[&str]) -> (Option<i32>, String) {
    let quoted: Vec<String> = std::iter::once(env!("CARGO_BIN_EXE_movetext"))
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let o = Command::new("script")
        .args(["-q", "-e", "-c", &quoted.join(" "), "/dev/null"])
        .env("RUST_MIN_STACK", (1u64 << 60).to_string())
        .stdin(Stdio::null())
        .output()
        .expect("script (util-linux) gives the command a terminal");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

/// With stderr on a terminal, the progress bar's redrawing thread that
/// cannot start leaves the bar drawn as bytes are read: one job still
/// reads the file on the calling thread, and more say that their
/// reading threads cannot start. Never a panic.
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn a_progress_thread_that_cannot_start_leaves_the_bar() {
    let file = data("small.pgn");
    let (code, text) = without_threads_on_a_terminal(&["check", "-j", "1", &file]);
    assert!(!text.contains("panicked"), "{text}");
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("990 B/990 B"), "{text}");
    let summary = "games=3 valid=3 failed=0 warnings=0 moves=94 bytes=990 secs=";
    assert!(text.contains(summary), "{text}");
    let (code, text) = without_threads_on_a_terminal(&["check", "-j", "4", &file]);
    assert!(!text.contains("panicked"), "{text}");
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(
            "movetext: cannot start a reading thread: Resource temporarily unavailable\r\n"
        ),
        "{text}"
    );
}

/// `-o FILE` is refused when the interrupt handler that removes its
/// temporary file cannot be set (here its thread cannot start): an
/// interruption would leave that file behind. Nothing is written, and a
/// FILE that exists is left as it was.
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn an_interrupt_handler_that_cannot_be_set_is_said() {
    let dir = TempDir::new("no-handler");
    let out = dir.file("out");
    let said = "movetext: cannot set the interrupt handler: Resource temporarily unavailable\n";
    for to in ["san", "pgn", "jsonl", "parquet", "arrow"] {
        for existing in [false, true] {
            if existing {
                std::fs::write(&out, "old").unwrap();
            }
            let r = without_threads(&[
                "convert",
                "--to",
                to,
                "-j",
                "1",
                "-o",
                &out,
                &data("small.pgn"),
            ]);
            assert_eq!(r, (Some(2), 0, said.to_string()), "--to {to}");
            if existing {
                assert_eq!(std::fs::read_to_string(&out).unwrap(), "old", "--to {to}");
                std::fs::remove_file(&out).unwrap();
            }
            assert_eq!(dir.names(), Vec::<String>::new(), "--to {to}");
        }
    }
}

/// An empty path names no file: refused before anything is read, as
/// clap refuses a missing value (before: `movetext: : not a file name`).
#[test]
fn empty_paths_are_usage_errors() {
    let small = data("small.pgn");
    for (args, arg) in [
        (&["convert", "-o", "", &small][..], "'--output <FILE>'"),
        (&["convert", ""][..], "'[FILES]...'"),
        (&["check", &small, ""][..], "'[FILES]...'"),
        (&["stats", ""][..], "'[FILES]...'"),
        (&["index", ""][..], "'<FILES>...'"),
    ] {
        let r = run(args);
        assert_eq!((r.code, r.stdout.as_str()), (Some(2), ""), "{args:?}");
        assert_eq!(
            r.stderr,
            format!(
                "error: a value is required for {arg} but none was supplied\n\nFor more information, try '--help'.\n"
            ),
            "{args:?}"
        );
    }
}

/// A named pipe where a file is seeked in (index, --unit, --range) is
/// refused at once: opening it would wait for a writer that never comes.
#[test]
#[cfg(unix)]
fn a_named_pipe_is_no_file_to_cut() {
    use std::time::{Duration, Instant};
    let dir = TempDir::new("fifo-units");
    let fifo = dir.file("pipe.pgn");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let unit = run(&["index", &data("small.pgn")]).stdout;
    for args in [
        &["index", &fifo][..],
        &["check", "--range", "0:10", &fifo][..],
        &["check", "--range", "0:0", &fifo][..],
        &["check", "--unit", unit.trim_end(), &fifo][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                panic!("{args:?}: still waiting on the pipe");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr,
            format!("movetext: {fifo}: not a regular file\n"),
            "{args:?}"
        );
    }
}
