//! Compressed input as publishers write it: pzstd's skippable frames and
//! many frames (every lichess database file), concatenated files, xz, a
//! pipe that trickles, windows over the limit, formats that are not read.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::units::support as units_support;
use super::{data, run, run_with, sample, summary_counts, Run};

/// A skippable frame holding `content` (magic `0x184D2A50`).
fn skippable(content: &[u8]) -> Vec<u8> {
    let mut v = 0x184D_2A50u32.to_le_bytes().to_vec();
    v.extend_from_slice(&(content.len() as u32).to_le_bytes());
    v.extend_from_slice(content);
    v
}

/// `data` as pzstd writes it: cut into `parts` pieces (anywhere, mid-game
/// too), each a zstd frame after a skippable frame holding its size.
fn pzstd_like(data: &[u8], parts: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for piece in data.chunks(data.len().div_ceil(parts)) {
        let frame = zstd::encode_all(piece, 3).unwrap();
        out.extend_from_slice(&skippable(&(frame.len() as u32).to_le_bytes()));
        out.extend_from_slice(&frame);
    }
    out
}

/// A file in the temporary directory, removed when dropped.
pub struct TempFile(pub std::path::PathBuf);

impl TempFile {
    pub fn new(name: &str, content: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("movetext-{}-{name}", std::process::id()));
        std::fs::write(&path, content).unwrap();
        TempFile(path)
    }

    pub fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `check` and `convert --to uci` of `file` (at 1, 2 and 5 jobs: one
/// thread; decompression on a thread of its own; zstd frames on two
/// decoders) equal those of the plain `expected` file.
fn reads_as(file: &str, expected: &str) {
    for jobs in ["1", "2", "5"] {
        let want = run(&["check", "--jobs", jobs, expected]);
        let got = run(&["check", "--jobs", jobs, file]);
        assert_eq!(got.code, want.code, "{file}: {}", got.stderr);
        assert_eq!(
            summary_counts(&got.stderr),
            summary_counts(&want.stderr),
            "{file}"
        );
        assert_eq!(
            got.stdout.replace(file, "F"),
            want.stdout.replace(expected, "F"),
            "{file}"
        );
        let want = run(&["convert", "--to", "uci", "--jobs", jobs, expected]);
        let got = run(&["convert", "--to", "uci", "--jobs", jobs, file]);
        assert!(got.stdout == want.stdout, "{file}: convert differs");
    }
}

#[test]
fn pzstd_file_from_the_lichess_database_style() {
    // Made with `pzstd -p 2 -19` (pzstd 1.5.4) from 60 lichess games of
    // the shared corpus (online.pgn, lines 7535-8914): a skippable frame,
    // then the frame.
    let f = data("lichess-excerpt.pgn.zst");
    let head = std::fs::read(&f).unwrap();
    assert_eq!(head[..4], [0x50, 0x2a, 0x4d, 0x18]);
    let r = run(&["check", &f]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), ""), "{}", r.stderr);
    assert_eq!(
        summary_counts(&r.stderr),
        "games=60 valid=60 failed=0 warnings=0 moves=5239 bytes=56398"
    );
    let r = run(&["convert", "--to", "uci", &f]);
    assert_eq!(r.stdout.lines().count(), 60);
    assert!(
        r.stdout
            .starts_with("c2c4 g8f6 b1c3 e7e5 d2d4 e5d4 d1d4 b8c6 d4d1 f8b4 c1d2 e8g8 e2e3 b4c3 "),
        "{}",
        &r.stdout[..200]
    );
    let last = r.stdout.lines().last().unwrap();
    assert!(
        last.starts_with("e2e3 g8f6 d2d4 d7d5 c2c4 c8g4 f2f3 g4h5 "),
        "{last}"
    );
}

#[test]
fn many_frames_skippable_frames_and_concatenated_files() {
    let pgn = std::fs::read(sample()).unwrap();
    let plain = TempFile::new("sample.pgn", &pgn);
    // Frames cut mid-game, pzstd's layout; plain zstd frames one after the
    // other (as `cat a.zst b.zst` makes); a stray skippable frame at the end.
    let mut cat = Vec::new();
    for piece in pgn.chunks(pgn.len() / 5 + 1) {
        cat.extend_from_slice(&zstd::encode_all(piece, 1).unwrap());
    }
    let mut trailing = pzstd_like(&pgn, 3);
    trailing.extend_from_slice(&skippable(b"anything"));
    for (name, bytes) in [
        ("pzstd", pzstd_like(&pgn, 7)),
        ("one-frame", pzstd_like(&pgn, 1)),
        ("cat", cat),
        ("trailing", trailing),
    ] {
        let f = TempFile::new(&format!("{name}.pgn.zst"), &bytes);
        reads_as(&f.path(), &plain.path());
    }
}

/// The frames of a pzstd-style file read on several threads (whole frames
/// per decoder, chunks cut across frame ends) give what one thread gives,
/// game for game: exit status, every error with its game number, line and
/// column, the counts, and (in JSON lines) every problem's byte offset.
#[test]
fn frames_read_in_parallel_equal_one_thread_game_for_game() {
    let sample = std::fs::read(sample()).unwrap();
    let mut pgn = sample.clone();
    pgn.extend_from_slice(&units_support::tricky_pgn(300));
    pgn.extend_from_slice(b"\n");
    pgn.extend_from_slice(&sample);
    // Frames of 3000 bytes of text, cut mid-game, mid-comment, mid-line.
    let zst = units_support::pzstd_like(&pgn, 3000);
    let f = TempFile::new("frames-par.pgn.zst", &zst);
    let f = f.path();
    let one = run(&["check", "--jobs", "1", &f]);
    assert_eq!(one.code, Some(1), "{}", one.stderr);
    assert!(one.stdout.lines().count() > 100, "{}", one.stdout);
    let one_json = run(&["convert", "--to", "jsonl", "--jobs", "1", &f]);
    assert!(one_json.stdout.contains("\"offset\":"));
    for jobs in ["2", "5"] {
        for chunk in ["4096", "1048576"] {
            let what = format!("--jobs {jobs} --chunk-size {chunk}");
            let par = run(&["check", "--jobs", jobs, "--chunk-size", chunk, &f]);
            assert_eq!(par.code, one.code, "{what}: {}", par.stderr);
            assert!(par.stdout == one.stdout, "{what}: errors differ");
            assert_eq!(
                summary_counts(&par.stderr),
                summary_counts(&one.stderr),
                "{what}"
            );
            let json = ["convert", "--to", "jsonl", "--jobs", jobs];
            let par = run(&[&json[..], &["--chunk-size", chunk, &f]].concat());
            assert!(par.stdout == one_json.stdout, "{what}: jsonl differs");
        }
    }
}

#[test]
fn xz_input() {
    let pgn = std::fs::read(data("small.pgn")).unwrap();
    let xz = TempFile::new("small.pgn.xz", &xz(&pgn));
    reads_as(&xz.path(), &data("small.pgn"));
}

/// `text` written by xz (preset 6, one block).
fn xz(text: &[u8]) -> Vec<u8> {
    let mut w =
        lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::with_preset(6)).unwrap();
    w.write_all(text).unwrap();
    w.finish().unwrap()
}

/// How many bytes of text the xz file `cut`, which ends inside its stream,
/// holds: what a decoder gives that is fed all of it and then told that
/// the input ends.
fn xz_decodable(cut: &[u8], text_len: usize) -> usize {
    use lzma_rust2::{Action, Status};
    let mut stream = lzma_rust2::XzStream::new(true);
    let mut out = vec![0; text_len];
    let (mut read, mut written) = (0, 0);
    loop {
        let action = if read == cut.len() {
            Action::Finish
        } else {
            Action::Run
        };
        match stream.process(&cut[read..], &mut out[written..], action) {
            Ok(r) => {
                assert_ne!(r.status, Status::StreamEnd, "the cut file ends whole");
                read += r.bytes_consumed;
                written += r.bytes_produced;
            }
            Err(_) => return stream.total_out() as usize,
        }
    }
}

/// A cut xz file (a download that stopped) gives, at every job count, the
/// games whose text it holds whole, as `xz -dc` decodes it, then the same
/// error, naming the byte where the file ends.
#[test]
fn a_cut_xz_file_reads_alike_at_every_job_count() {
    // Four copies of the sample (312 games each): several LZMA2 chunks in
    // the block.
    let text = std::fs::read(sample()).unwrap().repeat(4);
    let xz = xz(&text);
    // A game starts with a tag line after a blank line (or the file's
    // start); its text ends with the line ending of its last line.
    let blank_before = |i: usize| {
        let before = &text[..i - 1];
        before
            .strip_suffix(b"\r")
            .unwrap_or(before)
            .ends_with(b"\n")
    };
    let starts =
        (1..text.len()).filter(|&i| text[i] == b'[' && text[i - 1] == b'\n' && blank_before(i));
    let ends: Vec<usize> = starts
        .map(|start| {
            let last = text[..start]
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .unwrap();
            last + text[last..].iter().position(|&b| b == b'\n').unwrap() + 1
        })
        .chain([text.len()])
        .collect();
    assert_eq!(ends.len(), 4 * 312);
    // The cut and the games whose text the decoded part holds whole: the
    // games read. `xz -dc` (XZ Utils 5.4.1) decodes 63 bytes more at the
    // first cut (97 games whole): the decoder keeps the symbols of the
    // last 19 compressed bytes until it knows more follow.
    for (cut, whole) in [
        (xz.len() / 3, 96),
        (xz.len() * 2 / 3, 219),
        // Inside the index after the block: every game's text, the last
        // game over at its result before the input fails.
        (xz.len() - 20, 4 * 312),
    ] {
        let decodable = xz_decodable(&xz[..cut], text.len());
        let got = ends.iter().filter(|&&end| end <= decodable).count();
        assert_eq!(got, whole, "cut at {cut}: {decodable} bytes decodable");
        let file = TempFile::new(&format!("cut-{cut}.pgn.xz"), &xz[..cut]);
        let message = format!(
            "movetext: {}: truncated xz data: the stream is cut off at byte {cut}\n",
            file.path()
        );
        for jobs in ["1", "2", "5"] {
            let r = run(&["convert", "--to", "uci", "--jobs", jobs, &file.path()]);
            assert_eq!(r.code, Some(2), "{jobs} jobs: {}", r.stderr);
            assert_eq!(r.stderr, message, "{jobs} jobs");
            assert_eq!(r.stdout.lines().count(), whole, "cut at {cut}, {jobs} jobs");
        }
    }
}

/// Runs `movetext args` with `first` on stdin, then after a pause `rest`.
fn run_trickled(args: &[&str], first: &[u8], rest: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (first, rest) = (first.to_vec(), rest.to_vec());
    let writer = std::thread::spawn(move || {
        stdin.write_all(&first).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let _ = stdin.write_all(&rest);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

#[test]
fn a_pipe_that_trickles() {
    let zst = std::fs::read(data("lichess-excerpt.pgn.zst")).unwrap();
    let gz = std::fs::read(data("small.pgn.gz")).unwrap();
    for (bytes, games) in [(&zst, 60), (&gz, 3)] {
        for cut in [1, 2, 3, 5] {
            let r = run_trickled(&["check", "-"], &bytes[..cut], &bytes[cut..]);
            assert_eq!(r.code, Some(0), "cut {cut}: {}", r.stderr);
            let counts = summary_counts(&r.stderr);
            assert!(
                counts.starts_with(&format!("games={games} valid={games} ")),
                "{counts}"
            );
        }
    }
}

/// A pzstd file cut off inside a frame (a download that stopped) gives,
/// at every job count, the games that one decoder gives (those of the
/// cut frame's whole blocks too), then the same error.
#[test]
fn a_cut_pzstd_file_reads_alike_at_every_job_count() {
    let sample = std::fs::read(sample()).unwrap();
    // One frame of two blocks, cut in the second: the 181 games of the
    // first 128 KiB. Four frames, cut in the second: the first's 79.
    for (parts, third, games) in [(1, 2, 181), (4, 1, 79)] {
        let zst = pzstd_like(&sample, parts);
        let cut = zst.len() * third / 3;
        // The message names the frame, not the skippable frame before it.
        let frame = (0..cut - 4)
            .rev()
            .find(|&i| zst[i..i + 4] == [0x28, 0xb5, 0x2f, 0xfd])
            .unwrap();
        let file = TempFile::new(&format!("cut-{parts}.pgn.zst"), &zst[..cut]);
        let one = run(&["convert", "--to", "uci", "--jobs", "1", &file.path()]);
        assert_eq!(one.code, Some(2), "{}", one.stderr);
        assert_eq!(
            one.stderr,
            format!(
                "movetext: {}: truncated zstd data: the frame at byte {frame} is cut off at \
                 byte {cut}\n",
                file.path()
            )
        );
        assert_eq!(one.stdout.lines().count(), games);
        for jobs in ["2", "5"] {
            let r = run(&["convert", "--to", "uci", "--jobs", jobs, &file.path()]);
            assert_eq!(r.code, one.code, "{jobs} jobs: {}", r.stderr);
            assert_eq!(r.stderr, one.stderr, "{jobs} jobs");
            assert!(r.stdout == one.stdout, "{jobs} jobs: the games differ");
        }
    }
}

#[test]
fn zstd_windows_over_128_mib_are_refused() {
    // As `zstd --long=31` writes: a frame asking for a 2 GiB window.
    let mut enc = zstd::stream::Encoder::new(Vec::new(), 3).unwrap();
    enc.set_parameter(zstd::zstd_safe::CParameter::WindowLog(31))
        .unwrap();
    enc.long_distance_matching(true).unwrap();
    enc.write_all(&std::fs::read(data("small.pgn")).unwrap())
        .unwrap();
    let long31 = TempFile::new("long31.pgn.zst", &enc.finish().unwrap());
    for jobs in ["1", "2"] {
        let r = run(&["check", "--jobs", jobs, &long31.path()]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert_eq!(
            r.stderr,
            format!(
                "movetext: {}: the zstd frame at byte 0 needs a 2048 MiB window, over the 128 MiB \
                 that movetext (like `zstd -d`) accepts; decompress it first with \
                 `zstd -d --memory=2048MB`\n",
                long31.path()
            )
        );
    }
    // 128 MiB (window log 27, as the shared corpus is written) is read.
    let mut enc = zstd::stream::Encoder::new(Vec::new(), 3).unwrap();
    enc.set_parameter(zstd::zstd_safe::CParameter::WindowLog(27))
        .unwrap();
    enc.write_all(&std::fs::read(data("small.pgn")).unwrap())
        .unwrap();
    let long27 = TempFile::new("long27.pgn.zst", &enc.finish().unwrap());
    reads_as(&long27.path(), &data("small.pgn"));
}

#[test]
fn unsupported_compression_is_named() {
    for (bytes, name) in [
        (&b"\x04\x22\x4d\x18\x64\x40\xa7\x00\x00\x00\x00"[..], "lz4"),
        (b"7z\xbc\xaf\x27\x1c\x00\x04rest", "7z"),
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00", "zip"),
        (b"Rar!\x1a\x07\x01\x00", "rar"),
    ] {
        let r = run_with(&["check", "-"], bytes);
        assert_eq!(r.code, Some(2), "{name}");
        assert_eq!(
            r.stderr,
            format!(
                "movetext: <stdin>: compressed with {name}, which movetext does not read; \
                 decompress it first\n"
            )
        );
    }
}
