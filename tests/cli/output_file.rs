//! `convert -o FILE`: never onto an input (through links and standard
//! input too), never a partial file in place of the old one.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{data, run, Run, TempDir};

fn small() -> Vec<u8> {
    fs::read(data("small.pgn")).unwrap()
}

fn refused(r: &Run, message: &str) {
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        format!("movetext: {message}; refusing to write over it (write to another file)\n")
    );
}

#[test]
fn output_onto_an_input_is_refused() {
    let dir = TempDir::new("onto-input");
    let x = dir.file("x.pgn");
    fs::write(&x, small()).unwrap();
    let hard = dir.file("hard.pgn");
    fs::hard_link(&x, &hard).unwrap();
    let soft = dir.file("soft.pgn");
    std::os::unix::fs::symlink(&x, &soft).unwrap();
    let other = data("small.pgn");
    for to in ["pgn", "uci"] {
        refused(
            &run(&["convert", "--to", to, "-o", &x, &x]),
            &format!("{x} is also an input"),
        );
        refused(
            &run(&["convert", "--to", to, "-o", &hard, &other, &x]),
            &format!("{hard} is the same file as the input {x}"),
        );
        refused(
            &run(&["convert", "--to", to, "-o", &soft, &x]),
            &format!("{soft} is the same file as the input {x}"),
        );
        refused(
            &run(&["convert", "--to", to, "-o", &x, &soft]),
            &format!("{x} is the same file as the input {soft}"),
        );
    }
    // Standard input redirected from the output file.
    let out = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(["convert", "-o", &x, "-"])
        .stdin(fs::File::open(&x).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("movetext: {x} is the same file as standard input; refusing to write over it (write to another file)\n")
    );
    // Nothing was touched, nothing left behind.
    assert_eq!(fs::read(&x).unwrap(), small());
    assert_eq!(dir.names(), ["hard.pgn", "soft.pgn", "x.pgn"]);
}

#[test]
fn stdout_appended_to_an_input_is_refused() {
    // `movetext convert x.pgn >> x.pgn` would read its own games again and
    // grow the file until the disk is full.
    let dir = TempDir::new("stdout-input");
    let x = dir.file("x.pgn");
    fs::write(&x, small()).unwrap();
    let append = || fs::OpenOptions::new().append(true).open(&x).unwrap();
    for to in ["pgn", "jsonl", "parquet"] {
        for (args, name) in [
            (vec!["convert", "--to", to, x.as_str()], x.as_str()),
            (vec!["convert", "--to", to, "-"], "<stdin>"),
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_movetext"))
                .args(&args)
                .stdin(fs::File::open(&x).unwrap())
                .stdout(append())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2));
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("movetext: standard output is the input {name}; refusing to write over it (write to another file)\n")
            );
        }
    }
    assert_eq!(fs::read(&x).unwrap(), small());
}

#[test]
fn output_replaces_the_target_only_when_complete() {
    let dir = TempDir::new("complete");
    let target = dir.file("out.txt");
    fs::write(&target, "old\n").unwrap();
    // A missing input: exit 2, the target as it was, no temporary file.
    let r = run(&[
        "convert",
        "--to",
        "uci",
        "-o",
        &target,
        &data("small.pgn"),
        "/nonexistent/x.pgn",
    ]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        format!("movetext: /nonexistent/x.pgn: No such file or directory\nmovetext: {target} not written: an input could not be read to its end\n")
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
    assert_eq!(dir.names(), ["out.txt"]);
    // Truncated compressed input: the same.
    let gz = fs::read(data("small.pgn.gz")).unwrap();
    let cut = dir.file("cut.pgn.gz");
    fs::write(&cut, &gz[..gz.len() / 2]).unwrap();
    let r = run(&["convert", "--to", "uci", "-o", &target, &cut]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
    assert_eq!(dir.names(), ["cut.pgn.gz", "out.txt"]);
    // A failed game is still a complete output (exit 1): written.
    let r = run(&["convert", "--to", "uci", "-o", &target, &data("broken.pgn")]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert_ne!(fs::read_to_string(&target).unwrap(), "old\n");
    // Success: the whole output, and the target keeps its permissions.
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    let r = run(&["convert", "--to", "uci", "-o", &target, &data("small.pgn")]);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    assert_eq!(fs::read_to_string(&target).unwrap(), super::SMALL_UCI);
    assert_eq!(
        fs::metadata(&target).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(dir.names(), ["cut.pgn.gz", "out.txt"]);
    // Through a symbolic link, the file it points to is written.
    let link = dir.file("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    fs::write(&target, "old\n").unwrap();
    let r = run(&["convert", "--to", "uci", "-o", &link, &data("small.pgn")]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), super::SMALL_UCI);
    // A device is written as it is.
    let r = run(&["convert", "-o", "/dev/null", &data("small.pgn")]);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
}

/// Whether `path` is a symbolic link (not followed).
fn is_link(path: &str) -> bool {
    fs::symlink_metadata(path).unwrap().file_type().is_symlink()
}

#[test]
fn output_through_a_symbolic_link_writes_its_target() {
    use std::os::unix::fs::symlink;
    let dir = TempDir::new("links");
    fs::create_dir(dir.path("sub")).unwrap();
    let pgn = data("small.pgn");
    // A dangling link: the file it names is created, the link kept.
    let dangling = dir.file("dangling.txt");
    symlink("sub/new.txt", &dangling).unwrap();
    // A chain of two links to an existing file, the last one relative.
    let old = dir.file("sub/old.txt");
    fs::write(&old, "old\n").unwrap();
    let last = dir.file("sub/last.txt");
    symlink("old.txt", &last).unwrap();
    let first = dir.file("first.txt");
    symlink(&last, &first).unwrap();
    for (link, target) in [(&dangling, dir.file("sub/new.txt")), (&first, old)] {
        for to in ["uci", "parquet"] {
            let r = run(&["convert", "--to", to, "-o", link, &pgn]);
            assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""), "{link} {to}");
            assert!(is_link(link), "{link} {to}");
            let written = fs::read(&target).unwrap();
            match to {
                "uci" => assert_eq!(written, super::SMALL_UCI.as_bytes(), "{link}"),
                _ => assert_eq!(&written[..4], b"PAR1", "{link}"),
            }
        }
    }
    assert_eq!(dir.names(), ["dangling.txt", "first.txt", "sub"]);
    let mut in_sub: Vec<String> = fs::read_dir(dir.path("sub"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    in_sub.sort();
    assert_eq!(in_sub, ["last.txt", "new.txt", "old.txt"]);
    // A chain of links that ends at an input is that input: refused.
    let input = dir.file("sub/input.pgn");
    fs::write(&input, small()).unwrap();
    let to_input = dir.file("to-input.pgn");
    symlink("sub/input.pgn", &to_input).unwrap();
    let to_to_input = dir.file("to-to-input.pgn");
    symlink("to-input.pgn", &to_to_input).unwrap();
    refused(
        &run(&["convert", "-o", &to_to_input, &input]),
        &format!("{to_to_input} is the same file as the input {input}"),
    );
    assert_eq!(fs::read(&input).unwrap(), small());
    assert!(is_link(&to_to_input));
    // A loop of links: said, nothing written.
    let a = dir.file("a.txt");
    let b = dir.file("b.txt");
    symlink("b.txt", &a).unwrap();
    symlink("a.txt", &b).unwrap();
    let r = run(&["convert", "-o", &a, &pgn]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        format!("movetext: {a}: Too many levels of symbolic links\n")
    );
    assert!(is_link(&a) && is_link(&b));
}

/// Waits until `pred` holds (for at most 20 s).
fn wait_for(what: &str, pred: impl Fn() -> bool) {
    let start = Instant::now();
    while !pred() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn interrupted_run_leaves_the_target() {
    for signal in ["INT", "TERM"] {
        let dir = TempDir::new(&format!("interrupt-{signal}"));
        let target = dir.file("out.pgn");
        fs::write(&target, "old\n").unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
            .args(["convert", "--to", "pgn", "--jobs", "1", "-o", &target, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Some games, and the pipe left open: the run is under way.
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, &small()).unwrap();
        wait_for("the temporary file", || dir.names().len() == 2);
        let temp = dir.names().into_iter().find(|n| n != "out.pgn").unwrap();
        assert!(
            temp.starts_with(".out.pgn.movetext-") && temp.ends_with(".tmp"),
            "{temp}"
        );
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let out = child.wait_with_output().unwrap();
        drop(stdin);
        assert_eq!(out.status.code(), Some(130), "{signal}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "movetext: interrupted; the output file was not written\n"
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
        assert_eq!(dir.names(), ["out.pgn"], "{signal}");
        assert!(Path::new(&target).exists());
    }
}

#[test]
fn dash_output_is_standard_output() {
    let dir = TempDir::new("dash");
    let small = data("small.pgn");
    let to_stdout = |to: &str| {
        Command::new(env!("CARGO_BIN_EXE_movetext"))
            .current_dir(&dir.0)
            .args(["convert", "--to", to, "-q", "-o", "-", &small])
            .output()
            .unwrap()
    };
    let uci = to_stdout("uci");
    assert_eq!(uci.status.code(), Some(0));
    assert_eq!(String::from_utf8(uci.stdout).unwrap(), super::SMALL_UCI);
    // Arrow IPC on a pipe: the stream's continuation marker first.
    let arrow = to_stdout("arrow");
    assert_eq!(arrow.status.code(), Some(0));
    assert_eq!(arrow.stdout[..4], [0xff, 0xff, 0xff, 0xff]);
    // No file named `-` is left in the working directory.
    assert_eq!(dir.names(), Vec::<String>::new());
}
