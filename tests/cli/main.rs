//! The `movetext` binary, run as a user runs it: exact output and exit
//! status on small inputs, the embedded sample, broken input, bad use,
//! closed pipes, and round trips between formats and languages.

mod compressed;
mod corpus;
mod failed;
mod io_errors;
#[cfg(unix)]
mod live;
mod not_pgn;
mod output_file;
#[cfg(feature = "cli")]
mod parquet;
mod roundtrip;
mod units;
mod warnings;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What one run of the binary gave.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// A file in tests/data/cli.
pub fn data(name: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "cli", name]
        .iter()
        .collect();
    p.to_string_lossy().into_owned()
}

/// A fresh directory in the temporary directory, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("movetext-out-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir(&p).unwrap();
        TempDir(p)
    }

    /// The path of `name` in the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The path of `name` in the directory, as text.
    pub fn file(&self, name: &str) -> String {
        self.path(name).to_string_lossy().into_owned()
    }

    /// The names in the directory, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The embedded sample's source file.
pub fn sample() -> String {
    format!("{}/src/cli/sample.pgn", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `movetext args...` with `stdin` as its input.
pub fn run_with(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn movetext");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for movetext");
    writer.join().unwrap();
    Run {
        // Every output is UTF-8 (`windows_1252_game_is_read_and_written_as_utf8`).
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

/// Runs `movetext args...` with an empty stdin.
pub fn run(args: &[&str]) -> Run {
    run_with(args, b"")
}

/// The lines of a path-carrying output with the data directory cut off.
pub fn strip_dir(s: &str) -> String {
    s.replace(&data(""), "")
}

/// The summary line of `check` without its timing fields.
pub fn summary_counts(stderr: &str) -> String {
    let line = stderr.lines().last().unwrap_or("");
    line.split(' ')
        .filter(|f| {
            !f.starts_with("secs=") && !f.starts_with("MB/s=") && !f.starts_with("moves/s=")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

const SMALL_UCI: &str = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7 c3c4 c7c6 c4b5 a6b5 b1c3 c8b7 c1g5 b5b4 c3b1 h7h6 g5h4 c6c5 d4e5 f6e4 h4e7 d8e7 e5d6 e7f6 b1d2 e4d6 d2c4 d6c4 b3c4 d7b6 f3e5 a8e8 c4f7 f8f7 e5f7 e8e1 d1e1 g8f7 e1e3 f6g5 e3g5 h6g5 b2b3 f7e6 a2a3 e6d6 a3b4 c5b4 a1a5 b6d5 f2f3 b7c8 g1f2 c8f5 a5a7 g7g6 a7a6 d6c5 f2e1 d5f4 g2g3 f4h3 e1d2 c5b5 a6d6 b5c5 d6a6 h3f2 g3g4 f5d3 a6e6
b7a8q e8f7 e1c1 g2h1n a8b7 f7g6
b1a1 b8e8 c1b1
";

#[test]
fn convert_to_uci() {
    let r = run(&["convert", "--to", "uci", &data("small.pgn")]);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    assert_eq!(r.stdout, SMALL_UCI);
}

#[test]
fn convert_null_moves() {
    let pgn = b"[Event \"x\"]\n\n1. e4 -- 2. d4 Z0 3. Nf3 *\n";
    let line = |to: &str| {
        let r = run_with(&["convert", "--to", to, "-"], pgn);
        assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""), "{to}");
        r.stdout.trim_end().to_string()
    };
    assert_eq!(line("uci"), "e2e4 0000 d2d4 0000 g1f3");
    assert_eq!(line("san"), "e4 -- d4 -- Nf3");
    assert_eq!(line("descriptive"), "P-K4 -- P-Q4 -- N-KB3");
    assert!(
        line("jsonl").contains(
            r#""moves":["e4","--","d4","--","Nf3"],"uci":["e2e4","0000","d2d4","0000","g1f3"]"#
        ),
        "{}",
        line("jsonl")
    );
}

#[test]
fn convert_each_line_notation() {
    let tail = |to: &str, extra: &[&str]| {
        let f = data("small.pgn");
        let mut args = vec!["convert", "--to", to, f.as_str()];
        args.extend_from_slice(extra);
        let r = run(&args);
        assert_eq!(r.code, Some(0), "{to}: {}", r.stderr);
        r.stdout.lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(
        tail("san", &[]),
        "bxa8=Q+ Kf7 O-O-O gxh1=N Qb7+ Kg6\nO-O-O O-O Kb1"
    );
    assert_eq!(
        tail("lan", &[]),
        "b7xa8=Q+ Ke8-f7 O-O-O g2xh1=N Qa8-b7+ Kf7-g6\nO-O-O O-O Kc1-b1"
    );
    assert_eq!(
        tail("fan", &[]),
        "bxa8=♕+ ♚f7 O-O-O gxh1=♞ ♕b7+ ♚g6\nO-O-O O-O ♔b1"
    );
    assert_eq!(
        tail("iccf", &[]),
        "27181 5867 5131 72814 1827 6776\n2131 2878 3121"
    );
    assert_eq!(
        tail("descriptive", &[]),
        "PxR=Qch K-B2 O-O-O PxR=N Q-N7ch K-N3\nO-O-O O-O K-N1"
    );
    assert_eq!(
        tail(
            "san",
            &[
                "--lang",
                "de",
                "--castle",
                "0",
                "--promotion",
                "none",
                "--capture",
                ":"
            ]
        ),
        "b:a8D+ Kf7 0-0-0 g:h1S Db7+ Kg6\n0-0-0 0-0 Kb1"
    );
    assert_eq!(
        tail("san", &["--no-suffix", "--lang", "fr"]),
        "bxa8=D Rf7 O-O-O gxh1=C Db7 Rg6\nO-O-O O-O Rb1"
    );
}

/// The export's layout: movetext's own output kept as a snapshot, for
/// the formatting only (tag order, move numbers, line width); its content
/// is checked against python-chess by `pgn_export_keeps_what_python_chess_reads`.
#[test]
fn convert_to_pgn_export() {
    let r = run(&["convert", "--to", "pgn", &data("small.pgn")]);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    let expected = std::fs::read_to_string(data("small.expected.pgn")).unwrap();
    assert_eq!(r.stdout, expected);
    assert!(r
        .stdout
        .lines()
        .all(|l| l.starts_with('[') || l.len() <= 80));
}

/// `convert --to pgn` of `small.pgn` and the embedded sample, as bytes.
fn pgn_export() -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(["convert", "--to", "pgn", &data("small.pgn"), &sample()])
        .output()
        .expect("run movetext");
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).as_ref()
        ),
        (Some(0), "")
    );
    out.stdout
}

/// What python-chess 1.11.2 reads in `small.pgn` and the embedded sample
/// (315 games: tags, moves in its SAN, comments, NAGs, variations,
/// results), one event a line, made by `scripts/pgn_events.py` (its header
/// says the format).
fn python_chess_events() -> Vec<String> {
    std::fs::read_to_string(data("export.events.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Compares two event lists line by line; on the first difference, shows
/// the lines around it.
fn assert_same_events(ours: &[String], expected: &[String], what: &str) {
    if let Some(i) = (0..ours.len().min(expected.len())).find(|&i| ours[i] != expected[i]) {
        let at = |v: &[String]| v[i.saturating_sub(5)..(i + 3).min(v.len())].join("\n");
        panic!(
            "{what}: event {} differs\n--- ours:\n{}\n--- python-chess:\n{}",
            i + 1,
            at(ours),
            at(expected)
        );
    }
    assert_eq!(ours.len(), expected.len(), "{what}: number of events");
}

/// A game's content in python-chess's model (`scripts/pgn_events.py`):
/// after a move its NAGs (a move glyph read as its NAG), sorted, then its
/// comments joined into one, whitespace runs collapsed.
#[derive(Default)]
struct Content {
    out: Vec<String>,
    nags: Vec<u8>,
    comments: Vec<String>,
}

impl Content {
    fn flush(&mut self) {
        self.nags.sort_unstable();
        for n in self.nags.drain(..) {
            self.out.push(format!("nag {n}"));
        }
        let text = self.comments.join(" ");
        let text: Vec<&str> = text.split_whitespace().collect();
        if !text.is_empty() {
            self.out.push(format!("comment {}", text.join(" ")));
        }
        self.comments.clear();
    }
}

impl movetext::pgn::Visitor for Content {
    type Output = ();
    fn begin_game(&mut self, game: u64) -> movetext::pgn::Control {
        self.out.push(format!("game {game}"));
        movetext::pgn::Control::Continue
    }
    fn tag(
        &mut self,
        name: &[u8],
        value: movetext::pgn::RawTag<'_>,
        _: movetext::pgn::Location,
    ) -> movetext::pgn::Control {
        self.out.push(format!(
            "tag {} {}",
            String::from_utf8_lossy(name),
            String::from_utf8_lossy(&value.decode())
        ));
        movetext::pgn::Control::Continue
    }
    fn san(&mut self, san: &[u8], _: movetext::pgn::Location) -> movetext::pgn::Control {
        self.flush();
        let glyph = san
            .iter()
            .rev()
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count();
        let (mv, glyph) = san.split_at(san.len() - glyph);
        self.out
            .push(format!("move {}", String::from_utf8_lossy(mv)));
        let nag = match glyph {
            b"" => None,
            b"!" => Some(1),
            b"?" => Some(2),
            b"!!" => Some(3),
            b"??" => Some(4),
            b"!?" => Some(5),
            b"?!" => Some(6),
            g => panic!("glyph {:?}", String::from_utf8_lossy(g)),
        };
        self.nags.extend(nag);
        movetext::pgn::Control::Continue
    }
    fn null_move(&mut self, _: &[u8], _: movetext::pgn::Location) -> movetext::pgn::Control {
        self.flush();
        self.out.push("move --".to_string());
        movetext::pgn::Control::Continue
    }
    fn nag(&mut self, nag: movetext::pgn::Nag) -> movetext::pgn::Control {
        self.nags.push(nag.0);
        movetext::pgn::Control::Continue
    }
    fn comment(&mut self, comment: &[u8]) -> movetext::pgn::Control {
        self.comments
            .push(String::from_utf8_lossy(comment).into_owned());
        movetext::pgn::Control::Continue
    }
    fn begin_variation(&mut self) -> movetext::pgn::Control {
        self.flush();
        self.out.push("(".to_string());
        movetext::pgn::Control::Continue
    }
    fn end_variation(&mut self) -> movetext::pgn::Control {
        self.flush();
        self.out.push(")".to_string());
        movetext::pgn::Control::Continue
    }
    fn result(&mut self, raw: &[u8], _: movetext::pgn::GameResult) -> movetext::pgn::Control {
        self.flush();
        self.out
            .push(format!("result {}", String::from_utf8_lossy(raw)));
        movetext::pgn::Control::Continue
    }
    fn error(&mut self, e: &movetext::pgn::PgnError<'_>) -> movetext::pgn::Control {
        panic!("the export reads back with an error: {e}");
    }
    fn end_game(&mut self) {
        self.flush();
    }
}

/// `convert --to pgn` keeps every game's content: its export, read back,
/// holds the tags, moves, comments, NAGs, variations and results that
/// python-chess reads in the input (the fixture `export.events.txt`).
/// python-chess fills in the Seven Tag Roster's missing tags as the export
/// does; for the sample's game with `[FEN ""]` it gives the tags and an
/// error only (movetext writes the tags and the result, no moves).
#[test]
fn pgn_export_keeps_what_python_chess_reads() {
    let mut v = Content::default();
    movetext::pgn::Reader::from_slice(&pgn_export())
        .read_all(&mut v, |()| ())
        .unwrap();
    let mut ours = v.out;
    // The game python-chess cannot walk: its tags, then its error, where
    // movetext's export has its tags and result.
    let fen = ours.iter().position(|l| l == "tag FEN ").unwrap();
    assert_eq!(ours[fen + 1], "result 0-1");
    ours[fen + 1] = "error empty fen".to_string();
    let expected = python_chess_events();
    assert_eq!(
        expected.iter().filter(|l| l.starts_with("game ")).count(),
        315
    );
    assert_same_events(&ours, &expected, "movetext's export read back");
}

/// python-chess itself reads movetext's export as it reads the input:
/// `scripts/pgn_events.py` on the export gives the fixture it gave on the
/// input. Needs python3 with python-chess 1.11.2 (`.ci/run` installs it
/// with pip); without it the test fails.
#[test]
#[ignore = "needs python-chess: pip install chess==1.11.2 (.ci/run does)"]
fn pgn_export_read_by_python_chess() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("export.pgn");
    std::fs::write(&path, pgn_export()).unwrap();
    let script = format!("{}/scripts/pgn_events.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(&script)
        .arg(&path)
        .output()
        .unwrap_or_else(|e| {
            panic!("python3 {script}: {e}; this test needs python3 and python-chess 1.11.2")
        });
    assert!(
        out.status.success(),
        "python3 {script} failed (python-chess 1.11.2 installed? pip install chess==1.11.2):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("# python-chess 1.11.2,"),
        "python-chess version: {}",
        text.lines().next().unwrap_or("")
    );
    let theirs: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    assert_same_events(
        &theirs,
        &python_chess_events(),
        "python-chess on movetext's export",
    );
}

#[test]
fn convert_to_jsonl() {
    let r = run(&["convert", "--to", "jsonl", &data("broken.pgn")]);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        r.stdout,
        r#"{"game":1,"tags":{"Event":"Good","Result":"*"},"moves":["e4","e5","Nf3"],"uci":["e2e4","e7e5","g1f3"],"result":"*","language":"en","opening":{"eco":"C40","name":"King's Knight Opening"},"errors":[],"warnings":[],"complete":true}
{"game":2,"tags":{"Event":"Illegal","Result":"*"},"moves":["e4","e5"],"uci":["e2e4","e7e5"],"result":null,"language":"en","opening":{"eco":"C20","name":"King's Pawn Game"},"errors":[{"line":9,"column":13,"offset":92,"message":"move 2. Ke3: illegal move"}],"warnings":[],"complete":false}
{"game":3,"tags":{"Event":"Ambiguous","FEN":"k7/8/8/8/8/8/8/1N1K1N2 w - - 0 12","Result":"*"},"moves":["Ke2","Ka7"],"uci":["d1e2","a8a7"],"result":null,"language":"en","opening":null,"errors":[{"line":15,"column":17,"offset":195,"message":"move 13. Nd2: ambiguous (b1, f1)"}],"warnings":[],"complete":false}
{"game":4,"tags":{"Event":"Unterminated comment","Result":"*"},"moves":["d4"],"uci":["d2d4"],"result":null,"language":"en","opening":{"eco":"A40","name":"Queen's Pawn Game"},"errors":[{"line":20,"column":7,"offset":253,"message":"\"{never closed d5 *\\n\": unterminated comment"}],"warnings":[],"complete":false}
"#
    );
    let r = run(&[
        "convert",
        "--to",
        "jsonl",
        "--notation",
        "lan",
        &data("small.pgn"),
    ]);
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout.lines().nth(1).unwrap().contains(
            r#""moves":["b7xa8=Q+","Ke8-f7","O-O-O","g2xh1=N","Qa8-b7+","Kf7-g6"],"uci":["b7a8q","e8f7","e1c1","g2h1n","a8b7","f7g6"]"#
        ),
        "{}",
        r.stdout
    );
}

/// Each option that shapes the output changes the output of every `--to`
/// that uses it, and is refused with every other one (it would do nothing,
/// silently), before anything is written: exit 2, the option, the formats
/// that use it and the `--to` given named.
#[test]
fn output_options_are_refused_where_unused() {
    const SIGNS: &str = "--to san, lan, fan or pgn (or jsonl with --notation san, lan or fan)";
    const ALL_TEXT: &str = "--to san, lan, uci, fan, iccf, descriptive, pgn or jsonl";
    // (option, what it does, whether `--to` with `--notation` uses it.)
    type Uses = fn(&str, &str) -> bool;
    let signs: Uses = |to, n| {
        matches!(to, "san" | "lan" | "fan" | "pgn")
            || to == "jsonl" && matches!(n, "san" | "lan" | "fan")
    };
    let options: [(&[&str], String, Uses); 8] = [
        (
            &["--notation", "lan"],
            "--notation chooses the move notation of --to jsonl".to_string(),
            |to, _| to == "jsonl",
        ),
        (
            &["--lang", "de"],
            "--lang chooses the piece letters of --to san, lan or pgn (or jsonl with --notation san or lan)".to_string(),
            |to, n| matches!(to, "san" | "lan" | "pgn") || to == "jsonl" && matches!(n, "san" | "lan"),
        ),
        (&["--castle", "0"], format!("--castle chooses the castling sign of {SIGNS}"), signs),
        (&["--promotion", "none"], format!("--promotion chooses the promotion sign of {SIGNS}"), signs),
        (&["--capture", ":"], format!("--capture chooses the capture sign of {SIGNS}"), signs),
        (&["--no-suffix"], format!("--no-suffix leaves out the check signs of {SIGNS}"), signs),
        (
            &["--nag", "glyph"],
            "--nag chooses the NAG form of --to pgn".to_string(),
            |to, _| to == "pgn",
        ),
        (
            &["--skip-failed"],
            format!("--skip-failed leaves out the failed games of {ALL_TEXT}"),
            |to, _| !matches!(to, "parquet" | "arrow"),
        ),
    ];
    // Castling, captures, promotions, checks, pieces, and failed games.
    let mut input = std::fs::read(data("small.pgn")).unwrap();
    input.extend(std::fs::read(data("broken.pgn")).unwrap());
    let dir = TempDir::new("unused-options");
    let out = dir.file("out");
    let jsonl = ["san", "lan", "uci", "fan", "iccf", "descriptive"].map(|n| ("jsonl", Some(n)));
    let text = [
        "san",
        "lan",
        "uci",
        "fan",
        "iccf",
        "descriptive",
        "pgn",
        "jsonl",
    ]
    .map(|to| (to, None));
    let records = [("parquet", None), ("arrow", None)];
    let (mut used, mut refused) = (0, 0);
    for (to, notation) in text.into_iter().chain(jsonl).chain(records) {
        let mut target = vec!["convert", "--to", to];
        target.extend(notation.iter().flat_map(|n| ["--notation", n]));
        let plain = run_with(&[&target[..], &["-"]].concat(), &input);
        for (option, what, uses) in &options {
            if notation.is_some() && option[0] == "--notation" {
                continue;
            }
            let case = format!("{option:?} --to {to} {notation:?}");
            if uses(to, notation.unwrap_or("san")) {
                let r = run_with(&[&target[..], option, &["-"]].concat(), &input);
                assert_eq!(r.code, plain.code, "{case}: {}", r.stderr);
                assert_ne!(r.stdout, plain.stdout, "{case}");
                used += 1;
            } else {
                let r = run_with(&[&target[..], option, &["-o", &out, "-"]].concat(), &input);
                let given = match notation {
                    Some(n) => format!("--to jsonl --notation {n}"),
                    None => format!("--to {to}"),
                };
                assert_eq!(r.code, Some(2), "{case}");
                assert_eq!(r.stdout, "", "{case}");
                assert_eq!(r.stderr, format!("movetext: {what}, not of {given}\n"));
                assert_eq!(dir.names(), Vec::<String>::new(), "{case}");
                refused += 1;
            }
        }
    }
    assert_eq!((used, refused), (54, 68));
    // Without --to: the default, san.
    let r = run_with(&["convert", "--notation", "uci", "-"], &input);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "movetext: --notation chooses the move notation of --to jsonl, not of --to san\n"
    );
}

const BROKEN_ERRORS: &str = "broken.pgn:9:13: game 2, move 2. Ke3: illegal move
broken.pgn:15:17: game 3, move 13. Nd2: ambiguous (b1, f1)
broken.pgn:20:7: game 4, \"{never closed d5 *\\n\": unterminated comment
";

#[test]
fn check_broken_input() {
    let r = run(&["check", &data("broken.pgn")]);
    assert_eq!(r.code, Some(1));
    assert_eq!(strip_dir(&r.stdout), BROKEN_ERRORS);
    assert_eq!(
        summary_counts(&r.stderr),
        "games=4 valid=1 failed=3 warnings=0 moves=8 bytes=272"
    );
    // The failed games keep their moves up to the error; errors on stderr.
    let r = run(&["convert", "--to", "san", &data("broken.pgn")]);
    assert_eq!(r.code, Some(1));
    assert_eq!(r.stdout, "e4 e5 Nf3\ne4 e5\nKe2 Ka7\nd4\n");
    assert_eq!(strip_dir(&r.stderr), BROKEN_ERRORS);
}

/// A bare `*` is a game, as a bare `1-0` is: `check` counts it, `convert
/// --to pgn` writes it.
#[test]
fn a_bare_star_is_a_game() {
    for (pgn, games) in [
        (&b"*\n"[..], 1),
        (b"1-0\n", 1),
        (b"*\n*\n[Event \"a\"]\n*", 3),
    ] {
        let r = run_with(&["check"], pgn);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let bytes = pgn.len();
        assert_eq!(
            summary_counts(&r.stderr),
            format!("games={games} valid={games} failed=0 warnings=0 moves=0 bytes={bytes}")
        );
    }
    let r = run_with(&["convert", "--to", "pgn"], b"*\n[Event \"a\"]\n*\n");
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    let roster = |event: &str| {
        format!(
            "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n\n"
        )
    };
    assert_eq!(r.stdout, roster("?") + &roster("a"));
}

#[test]
fn check_valid_input_and_quiet() {
    let r = run(&["check", &data("small.pgn")]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), ""));
    assert_eq!(
        summary_counts(&r.stderr),
        "games=3 valid=3 failed=0 warnings=0 moves=94 bytes=990"
    );
    let r = run(&["check", "--quiet", &data("small.pgn")]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "", "")
    );
}

#[test]
fn check_reads_stdin_and_dash() {
    let pgn = std::fs::read(data("broken.pgn")).unwrap();
    for args in [&["check"][..], &["check", "-"][..]] {
        let r = run_with(args, &pgn);
        assert_eq!(r.code, Some(1));
        assert_eq!(
            r.stdout,
            BROKEN_ERRORS.replace("broken.pgn", "<stdin>"),
            "{args:?}"
        );
    }
}

#[test]
fn strict_and_languages() {
    let r = run(&["check", "-q", &data("german.pgn")]);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        strip_dir(&r.stdout),
        "german.pgn:4:13: game 1, move 2. Sf3: not a move (expected a piece letter, a file or castling at byte 0)\n"
    );
    for lang in ["de", "auto"] {
        let r = run(&["convert", "--from-lang", lang, &data("german.pgn")]);
        assert_eq!(r.code, Some(0), "{lang}: {}", r.stderr);
        assert_eq!(
            r.stdout,
            "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O\n"
        );
    }
    let pgn = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3+ Nc6 *\n";
    let r = run_with(&["check", "-q", "--strict"], pgn);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        r.stdout,
        "<stdin>:3:13: game 1, move 2. Nf3+: written as check, but the move gives no check\n"
    );
    let r = run_with(&["check", "-q"], pgn);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), ""));
}

#[test]
fn stats_counts() {
    let mixed = b"[Event \"a\"]\n\n1. e2e4 e7-e5 2. \xe2\x99\x98f3 Nc6 3. 6125 a6 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. Kd3 *\n";
    let r = run_with(&["stats"], mixed);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "games: 2
valid: 1
failed: 1
moves: 8
variation moves: 0
wrong check/mate suffixes: 0
results: 1-0=1 none=1
notations: san=4 figurine=1 lan=1 uci=1 iccf=1
languages: en=2
ambiguous languages: none
errors: illegal move=1
"
    );
    let r = run(&[
        "stats",
        "--from-lang",
        "auto",
        &data("german.pgn"),
        &data("small.pgn"),
    ]);
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout.contains("\nlanguages: en=3 de=1\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\nvariation moves: 2\n"), "{}", r.stdout);
    assert!(
        r.stdout.contains("\nresults: 1-0=2 0-1=1 *=1\n"),
        "{}",
        r.stdout
    );
}

/// A game that German and Portuguese letters both read whole, to other
/// moves (`B` a pawn or a bishop): a warning names both, placed at the
/// first move they read apart, in every output; `stats` counts it; after
/// an Icelandic game the input's language is Icelandic; a list of
/// candidates leaves German out.
#[test]
fn ambiguous_language_is_a_warning_and_counted() {
    let twice = "[Event \"a\"]\n\n1. e4 e5 2. Bc4 Bc5 3. Dh5 *\n";
    let warning = "<stdin>:3:13: warning: game 1, move 2. Bc4: ambiguous language: read as \
                   German (the input's), Portuguese reads every move too, to other moves\n";
    let r = run_with(&["check", "--from-lang", "auto"], twice.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, warning);
    let r = run_with(
        &["convert", "--to", "uci", "--from-lang", "auto"],
        twice.as_bytes(),
    );
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str()),
        ("e2e4 e7e5 c2c4 c7c5 d1h5\n", warning)
    );
    let r = run_with(
        &["convert", "--to", "jsonl", "--from-lang", "auto"],
        twice.as_bytes(),
    );
    assert!(
        r.stdout.contains(
            "\"warnings\":[{\"line\":3,\"column\":13,\"offset\":25,\"message\":\"move 2. Bc4: \
             ambiguous language: read as German (the input's), Portuguese reads every move too, \
             to other moves\"}],\"complete\":true}"
        ),
        "{}",
        r.stdout
    );
    // Black's move read apart, the moves before it alike.
    let black = "[Event \"b\"]\n\n1. e4 e5 2. d4 Bc5 *\n";
    let r = run_with(&["check", "--from-lang", "auto"], black.as_bytes());
    assert_eq!(
        r.stdout,
        "<stdin>:3:16: warning: game 1, move 2... Bc5: ambiguous language: read as English \
         (the input's), German reads every move too, to other moves\n"
    );
    let r = run_with(&["check", "-q", "--from-lang", "auto"], twice.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), ""));
    let file = format!("[Event \"is\"]\n\n1. e4 e5 2. Rf3 Rc6 3. Bb5 *\n\n{twice}");
    let r = run_with(&["stats", "--from-lang", "auto"], file.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("\nlanguages: is=2\nambiguous languages: is/de=1\n"),
        "{}",
        r.stdout
    );
    let r = run_with(&["check", "--from-lang", "is,pl,auto"], twice.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), ""));
    let r = run_with(
        &["convert", "--to", "uci", "--from-lang", "is,pl,auto"],
        twice.as_bytes(),
    );
    assert_eq!(r.stdout, "e2e4 e7e5 f1c4 f8c5 d1h5\n");
    let r = run_with(&["check", "--from-lang", "xx,auto"], twice.as_bytes());
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

/// A game written by a Windows program: not UTF-8, read as Windows-1252
/// (`Ž` 0x8E, the Lithuanian knight; `“ ”` 0x93 0x94; `é` 0xE9; `½`
/// 0xBD), its moves read in Lithuanian, given or detected, and every
/// output UTF-8, tags and comments transcoded.
#[test]
fn windows_1252_game_is_read_and_written_as_utf8() {
    let pgn = b"[Event \"\x8ealgiris \x93open\x94\"]\n[White \"J\xe9r\xf4me\"]\n\n\
        1. e4 e5 2. \x8ef3 \x8ec6 {\xe0 la} \xbd-\xbd\n";
    for lang in ["lt", "auto"] {
        let r = run_with(&["convert", "--to", "pgn", "--from-lang", lang], pgn);
        assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""), "{lang}");
        assert_eq!(
            r.stdout,
            "[Event \"Žalgiris “open”\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
             [Round \"?\"]\n[White \"Jérôme\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n\
             1. e4 e5 2. Nf3 Nc6 {à la} 1/2-1/2\n\n",
            "{lang}"
        );
        let r = run_with(&["convert", "--to", "jsonl", "--from-lang", lang], pgn);
        assert!(
            r.stdout.starts_with(
                "{\"game\":1,\"tags\":{\"Event\":\"Žalgiris “open”\",\"White\":\"Jérôme\"},\
                 \"moves\":[\"e4\",\"e5\",\"Nf3\",\"Nc6\"],\"uci\":[\"e2e4\",\"e7e5\",\"g1f3\",\"b8c6\"],\
                 \"result\":\"1/2-1/2\",\"language\":\"lt\""
            ),
            "{lang}: {}",
            r.stdout
        );
    }
}

/// `+/-` and `-/+` are losses by default in a game with no moves (PGN
/// output keeps them in a comment before the PGN result) and, after a
/// move, the evaluation of that move, as books print it: `$16` / `$17`,
/// and the game has no result token.
#[test]
fn a_default_loss_has_no_moves_and_after_a_move_is_an_evaluation() {
    for (token, result, nag) in [("+/-", "1-0", 16), ("-/+", "0-1", 17)] {
        let pgn =
            format!("[Event \"a\"]\n\n{token}\n\n[Event \"b\"]\n\n1. d4 e5 2. dxe5 {token}\n");
        let r = run_with(&["convert", "--to", "pgn"], pgn.as_bytes());
        assert_eq!(
            (r.code, r.stderr.as_str()),
            (
                Some(0),
                "<stdin>:7:18: warning: game 2: no result token: the game ends here\n"
            ),
            "{token}"
        );
        let tags = |name: &str, result: &str| {
            format!(
                "[Event \"{name}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                 [White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n\n"
            )
        };
        assert_eq!(
            r.stdout,
            format!(
                "{}{{{token}}} {result}\n\n{}1. d4 e5 2. dxe5 ${nag} *\n\n",
                tags("a", result),
                tags("b", "*")
            ),
            "{token}"
        );
    }
}

/// Forfeits and results PGN has no form for, at the end of a game: PGN
/// output ends with the PGN result (`*` where there is none) after the
/// original in a comment, and a `Result` tag of `?` takes the game's.
#[test]
fn forfeits_are_kept_in_pgn_output() {
    for (token, comment, result) in [
        ("-/-", "{-/-} ", "*"),
        ("0-0", "{0-0} ", "*"),
        ("½-0", "{1/2-0} ", "*"),
        ("0-½", "{0-1/2} ", "*"),
        ("1-0", "", "1-0"),
    ] {
        let pgn = format!("[Event \"a\"]\n[Result \"?\"]\n\n1. e4 e5 {token}\n");
        let r = run_with(&["convert", "--to", "pgn"], pgn.as_bytes());
        assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""), "{token}");
        assert_eq!(
            r.stdout,
            format!(
                "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                 [White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n\n\
                 1. e4 e5 {comment}{result}\n\n"
            ),
            "{token}"
        );
    }
}

#[test]
fn embedded_sample_file() {
    let r = run(&["check", &sample()]);
    assert_eq!(r.code, Some(0), "{}", r.stdout);
    assert_eq!(r.stdout, "");
    assert_eq!(
        summary_counts(&r.stderr),
        "games=312 valid=312 failed=0 warnings=0 moves=21293 bytes=221896"
    );
    let r = run(&["convert", "--to", "uci", &sample()]);
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout.lines().count(), 312);
    assert!(r
        .stdout
        .starts_with("e2e4 c7c5 g1f3 a7a6 d2d3 g7g6 g2g3 f8g7 f1g2 b7b5 e1g1 "));
}

#[test]
fn jobs_give_identical_output() {
    for to in ["uci", "pgn", "jsonl"] {
        let one = run(&["convert", "--to", to, "--jobs", "1", &sample()]);
        for chunk in ["4096", "65536"] {
            let two = run(&[
                "convert",
                "--to",
                to,
                "--jobs",
                "2",
                "--chunk-size",
                chunk,
                &sample(),
            ]);
            assert_eq!(one.code, two.code);
            assert!(one.stdout == two.stdout, "--to {to}, chunk {chunk}");
        }
    }
    let one = run(&["check", "--jobs", "1", &data("broken.pgn")]);
    let two = run(&[
        "check",
        "--jobs",
        "2",
        "--chunk-size",
        "16",
        &data("broken.pgn"),
    ]);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(strip_dir(&two.stdout), BROKEN_ERRORS);
}

#[test]
fn perft_counts_and_divides() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let r = run(&["perft", start, "3"]);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "8902\n"));
    let r = run(&["perft", "--divide", start, "1"]);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.starts_with("b1a3: 1\n"), "{}", r.stdout);
    assert!(r.stdout.contains("\ne2e4: 1\n"), "{}", r.stdout);
    assert!(r.stdout.ends_with("\n\n20\n"));
    assert_eq!(r.stdout.lines().count(), 22);
    // Chess960 castling is written king-takes-rook.
    let fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";
    let r = run(&["perft", "--divide", fen, "1"]);
    assert!(r.stdout.contains("\nb1a1: 1\n"), "{}", r.stdout);
    let r = run(&["perft", "not a fen", "1"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.starts_with("movetext: "), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1);
}

/// Games without tags (the parallel reader mispredicts their numbers and
/// reads chunks again), illegal moves, CRLF and junk: `check` says the same
/// with any thread count and chunk size, every error at its game, line,
/// column and byte offset.
#[test]
fn jobs_give_identical_errors_on_tagless_games() {
    let unit: &[u8] = b"1. e4 e5 2. Ke3 1-0\n1. d4 *\n\n[Event \"x\"]\r\n\r\n1. c4 Qxf7 *\r\n2. Nf3 0-1 junk\n3. g3 *\n[Event \"y\"]\n1. b3 b6 2. Bb7 *\n\n";
    let input = unit.repeat(40);
    let one = run_with(&["check", "--jobs", "1", "-"], &input);
    assert_eq!(one.code, Some(1));
    let lines: Vec<&str> = one.stdout.lines().collect();
    assert_eq!(lines.len(), 160, "{}", one.stdout);
    assert_eq!(
        summary_counts(&one.stderr),
        "games=240 valid=120 failed=120 warnings=40 moves=320 bytes=4520"
    );
    assert_eq!(
        lines[1],
        "<stdin>:6:7: game 3, move 1... Qxf7: illegal move"
    );
    assert_eq!(
        lines[158],
        "<stdin>:436:12: warning: after game 238, \"junk\": text outside movetext"
    );
    for chunk in ["1", "16", "100", "1000"] {
        for jobs in ["2", "3"] {
            let par = run_with(
                &["check", "--jobs", jobs, "--chunk-size", chunk, "-"],
                &input,
            );
            assert_eq!(par.code, one.code);
            assert!(par.stdout == one.stdout, "jobs {jobs} chunk {chunk}");
            assert_eq!(summary_counts(&par.stderr), summary_counts(&one.stderr));
        }
    }
}
