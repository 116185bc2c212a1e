//! Inputs that are not PGN: each a clear error with its name and what it
//! looks like (exit 1), in bounded time; UTF-16 text with a BOM is read.

use std::fs;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::compressed::TempFile;
use super::{data, run, run_with, summary_counts};

/// Runs `check -q FILE`, `convert -q FILE` (UCI, Parquet, Arrow) and
/// `stats FILE`: exit 1 and the one line `movetext: FILE: no PGN game
/// found; ...`.
fn no_game(file: &str, seen: &str) {
    let out = format!("{file}.out");
    for cmd in [
        &["check"][..],
        &["convert"],
        &["convert", "--to", "parquet", "-o", &out],
        &["convert", "--to", "arrow", "-o", &out],
        &["stats"],
    ] {
        for jobs in ["1", "2"] {
            let r = run(&[cmd, &["-q", "--jobs", jobs, file]].concat());
            assert_eq!(r.code, Some(1), "{cmd:?} {file}: {}", r.stderr);
            assert_eq!(
                r.stderr,
                format!("movetext: {file}: no PGN game found; the input starts with {seen}\n"),
                "{cmd:?}"
            );
        }
    }
    let _ = fs::remove_file(out);
}

#[test]
fn files_that_are_not_pgn() {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10".to_vec();
    png.extend((0..2000u32).map(|i| (i * 7) as u8));
    // Not movetext itself: it holds the sample's games.
    let elf = fs::read("/bin/ls").unwrap();
    let prose = b"It was the best of times, it was the worst of times, it was the age of wisdom.\n"
        .repeat(200);
    let utf16_no_bom: Vec<u8> = "[Event \"x\"]\n1. e4 e5 *\n"
        .repeat(20)
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    for (name, bytes, seen) in [
        ("nul", vec![0u8; 100_000], "NUL bytes".to_string()),
        ("png", png, "bytes of a PNG image".to_string()),
        (
            "elf",
            elf[..elf.len().min(100_000)].to_vec(),
            "bytes of an ELF executable".to_string(),
        ),
        (
            "prose",
            prose,
            "text: \"It was the best of times, it was the worst of times, it was ...\"".to_string(),
        ),
        (
            "utf16",
            utf16_no_bom,
            "UTF-16 text without a byte order mark (save it as UTF-8, or with a BOM)".to_string(),
        ),
    ] {
        let f = TempFile::new(&format!("{name}.pgn"), &bytes);
        no_game(&f.path(), &seen);
    }
    // Compressed, the decompressed bytes are described.
    let f = TempFile::new("nul.zst", &zstd::encode_all(&[0u8; 5000][..], 3).unwrap());
    no_game(&f.path(), "NUL bytes");
    // Blank input is no error: nothing to read.
    for blank in [&b""[..], b"\n\r\n  \t\n", b"\xef\xbb\xbf\n"] {
        let r = run_with(&["check", "-"], blank);
        assert_eq!(r.code, Some(0), "{blank:?}: {}", r.stderr);
        assert_eq!(
            summary_counts(&r.stderr),
            format!(
                "games=0 valid=0 failed=0 warnings=0 moves=0 bytes={}",
                blank.len()
            )
        );
    }
    // The other inputs are still read.
    let nul = TempFile::new("nul2.pgn", &[0; 10]);
    let r = run(&["convert", "--to", "uci", &nul.path(), &data("small.pgn")]);
    assert_eq!(r.code, Some(1));
    assert_eq!(r.stdout, super::SMALL_UCI);
    assert_eq!(
        r.stderr,
        format!(
            "movetext: {}: no PGN game found; the input starts with NUL bytes\n",
            nul.path()
        )
    );
}

#[test]
fn dev_zero_ends_in_bounded_time() {
    for (cmd, jobs) in [
        (&["check"][..], "1"),
        (&["check"], "2"),
        (&["convert", "--to", "arrow"], "1"),
        (&["convert", "--to", "arrow"], "2"),
    ] {
        let start = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_movetext"))
            .args([cmd, &["-q", "--jobs", jobs, "-"]].concat())
            .stdin(fs::File::open("/dev/zero").unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert!(start.elapsed() < Duration::from_secs(60));
        assert_eq!(out.status.code(), Some(1), "{cmd:?} jobs {jobs}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "movetext: <stdin>: no PGN game found in the first 64 MiB; the input starts with NUL bytes\n"
        );
    }
}

#[test]
fn utf16_with_a_bom_is_read() {
    let text = fs::read_to_string(data("small.pgn")).unwrap();
    let utf8 = run(&["convert", "--to", "uci", &data("small.pgn")]);
    for big in [false, true] {
        let bytes: Vec<u8> = format!("\u{feff}{text}")
            .encode_utf16()
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect();
        let f = TempFile::new(&format!("utf16-{big}.pgn"), &bytes);
        let r = run(&["convert", "--to", "uci", &f.path()]);
        assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
        assert_eq!(r.stdout, utf8.stdout);
        // Compressed too.
        let z = TempFile::new(
            &format!("utf16-{big}.pgn.zst"),
            &zstd::encode_all(&bytes[..], 3).unwrap(),
        );
        let r = run(&["check", &z.path()]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(
            summary_counts(&r.stderr),
            format!(
                "games=3 valid=3 failed=0 warnings=0 moves=94 bytes={}",
                text.len()
            )
        );
    }
}
