//! Every game of `shared/corpus/sample.pgn`: the same mainline moves as
//! python-chess (`tests/data/reference/sample_games.txt`).

use movetext::validate::{GameSummary, GameVisitor, ValidateOptions};
use movetext::Position;

use super::{validate, validate_with};

/// A file of the shared material, beside the repository (`../shared`, as
/// on the team's machines and in CI) or at `/work/shared` (from a git
/// worktree elsewhere); a missing corpus fails the test loudly.
fn shared(path: &str) -> Vec<u8> {
    let full = format!("{}/../shared/{path}", env!("CARGO_MANIFEST_DIR"));
    let alt = format!("/work/shared/{path}");
    std::fs::read(&full)
        .or_else(|_| std::fs::read(&alt))
        .unwrap_or_else(|e| {
            panic!("this test needs the shared corpus at {full} or {alt} ({e}); it exists on the team's machines and in CI")
        })
}

/// One game of `sample_games.txt`: python-chess's index (from 1), mainline
/// plies, error-free flag and mainline moves in UCI.
struct Reference {
    index: usize,
    plies: usize,
    error_free: bool,
    moves: String,
}

fn sample_reference() -> Vec<Reference> {
    let path = format!(
        "{}/tests/data/reference/sample_games.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut it = l.splitn(4, ' ');
            let mut next = || it.next().unwrap_or("");
            Reference {
                index: next().parse().unwrap(),
                plies: next().parse().unwrap(),
                error_free: next() == "1",
                moves: next().to_string(),
            }
        })
        .collect()
}

/// The one game of the sample that python-chess reads and movetext does
/// not: after game 1702 the line `Event "Українська ліга 225 Team
/// Battle"]` (its tag lost the `[`) is, for python-chess, a game of its own
/// with no tags, moves or errors; movetext reports it as text between
/// games (the pgn tests check that error).
const ARTEFACT: usize = 1703;

/// Games where movetext's verdict differs from python-chess's, by
/// python-chess's index: (index, movetext's mainline plies, movetext fails
/// the game, why).
const SAMPLE_DIFFERENCES: [(usize, usize, bool, &str); 1] = [(
    2410,
    0,
    false,
    "chess.com's \"Test Chess960 (3)\": `[FEN \"\"]` and no moves; python-chess \
     reports `empty fen` setting up the board, movetext fails such a game at its \
     first move and this one has none (tests/validate/games.rs checks a game with moves)",
)];

/// Every game of sample.pgn against python-chess 1.11.2, game by game: the
/// number of games, each game's mainline plies and moves (UCI, null moves
/// `0000`), and whether it was read without error.
#[test]
#[ignore]
fn sample_games_equal_python_chess() {
    let pgn = shared("corpus/sample.pgn");
    let games = validate(&pgn, ValidateOptions::default());
    let reference = sample_reference();
    assert_eq!(reference.len(), 3_679, "python-chess's games");
    let artefact = &reference[ARTEFACT - 1];
    assert_eq!(
        (
            artefact.index,
            artefact.plies,
            artefact.error_free,
            artefact.moves.as_str()
        ),
        (ARTEFACT, 0, true, ""),
        "the artefact game"
    );
    let reference: Vec<&Reference> = reference.iter().filter(|r| r.index != ARTEFACT).collect();
    assert_eq!(games.len(), reference.len(), "games read");
    let mut mismatches = Vec::new();
    let mut differences = 0;
    for (i, (g, r)) in games.iter().zip(&reference).enumerate() {
        let ours: Vec<&str> = g
            .moves
            .iter()
            .filter(|m| !m.contains(':'))
            .map(|m| if m == "--" { "0000" } else { m.as_str() })
            .collect();
        // python-chess counts a null move as a ply; the summary does not.
        let plies = ours.len();
        let nulls = ours.iter().filter(|m| **m == "0000").count();
        assert_eq!(plies - nulls, g.summary.moves as usize, "game {}", i + 1);
        // A listed game is checked against its listed figures (python-chess
        // keeps no moves of it); every other game move by move.
        let listed = SAMPLE_DIFFERENCES.iter().find(|d| d.0 == r.index);
        differences += usize::from(listed.is_some());
        let expected = listed.map_or((r.plies, r.error_free), |d| (d.1, !d.2));
        let same_moves = listed.is_some() || ours.join(" ") == r.moves;
        if (plies, !g.summary.failed) != expected || !same_moves {
            mismatches.push(format!(
                "game {} (python-chess {}): plies {plies}, failed {} {:?}; python-chess plies {}, error-free {}\n ours {}\n ref  {}",
                i + 1,
                r.index,
                g.summary.failed,
                g.errors,
                r.plies,
                r.error_free,
                ours.join(" "),
                r.moves
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(10)].join("\n")
    );
    assert_eq!(differences, SAMPLE_DIFFERENCES.len());
}

/// A reference file of `tests/data/reference/`.
fn reference(name: &str) -> String {
    let path = format!("{}/tests/data/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A game as `scripts/corpus_games.py` writes it: mainline plies (null
/// moves included) and `e` when the game has errors (for movetext: failed).
#[derive(Default)]
struct Line {
    nulls: u32,
}

impl GameVisitor for Line {
    type Output = String;
    fn null_move(&mut self, _before: &Position, depth: u32) {
        self.nulls += u32::from(depth == 0);
    }
    fn end_game(&mut self, summary: &GameSummary) -> String {
        let plies = summary.moves + std::mem::take(&mut self.nulls);
        format!("{plies}{}", if summary.failed { "e" } else { "" })
    }
}

/// CRC-32 (IEEE, as Python's `zlib.crc32`).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// The lines of a file of `corpus_blocks.txt`, or of the per-game file it
/// is made from: each `= <file>` section's lines by file name.
fn sections(text: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        match l.strip_prefix("= ") {
            Some(name) => out.push((name.to_string(), Vec::new())),
            None => out.last_mut().expect("a `= file` line first").1.push(l),
        }
    }
    out
}

/// One game where movetext and python-chess differ, from
/// `corpus_differences.txt`.
struct Difference<'a> {
    file: &'a str,
    chunk: usize,
    python_chess: &'a str,
    movetext: &'a str,
}

fn differences(text: &str) -> Vec<Difference<'_>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "corpus_differences.txt: {l}");
            assert!(!f[4].trim().is_empty(), "no reason given: {l}");
            Difference {
                file: f[0],
                chunk: f[1].parse().unwrap(),
                python_chess: f[2],
                movetext: f[3],
            }
        })
        .collect()
}

/// Every game of the five corpus files and the two bench files against
/// python-chess 1.11.2, game by game (421,427 games, 34.2 M plies).
///
/// python-chess's figures are made by `scripts/corpus_games.py`, which
/// reads every game as `corpus_counts.txt` counts them and writes one line
/// per piece of the split: `<plies><e when it has errors>` per game (more
/// than one game when python-chess reads stray text after a result as
/// further games). They are committed as a CRC-32 per block of 1,000 lines
/// (`corpus_blocks.txt`). movetext's games are read with the default
/// options; its game N stands for piece N, its line is built the same way
/// (`e`: the game failed). Every game where the lines differ is listed,
/// with both lines and why, in `corpus_differences.txt`: the test checks
/// movetext's line there, puts python-chess's in its place, and then every
/// block's CRC must be python-chess's. When a block differs, make the
/// per-game file with the script and point `CORPUS_GAMES` at it: the test
/// then names each game that differs.
#[test]
#[ignore]
fn corpus_games_equal_python_chess() {
    let counts = reference("corpus_counts.txt");
    let blocks_text = reference("corpus_blocks.txt");
    let blocks = sections(&blocks_text);
    let differences_text = reference("corpus_differences.txt");
    let differences = differences(&differences_text);
    let full = std::env::var("CORPUS_GAMES")
        .ok()
        .map(|p| std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}")));
    let full = full.as_deref().map(sections);
    let mut report = Vec::new();
    let mut failures = Vec::new();
    let mut listed = 0;
    for (name, file_blocks) in &blocks {
        let row: Vec<&str> = counts
            .lines()
            .find(|l| l.split(' ').next() == Some(name))
            .unwrap_or_else(|| panic!("{name} not in corpus_counts.txt"))
            .split(' ')
            .collect();
        let (bytes, chunks): (usize, usize) = (row[1].parse().unwrap(), row[2].parse().unwrap());
        let raw = shared(&format!("corpus/{name}"));
        let mut data = Vec::new();
        std::io::Read::read_to_end(
            &mut movetext::pgn::decompress::open(&raw[..]).unwrap(),
            &mut data,
        )
        .unwrap();
        assert_eq!(data.len(), bytes, "{name}: decompressed size");
        let mut lines = validate_with(&data, Line::default(), ValidateOptions::default());
        assert_eq!(lines.len(), chunks, "{name}: games (python-chess's pieces)");
        let failed = lines.iter().filter(|l| l.ends_with('e')).count();
        let plies: u64 = lines
            .iter()
            .map(|l| l.trim_end_matches('e').parse::<u64>().unwrap())
            .sum();
        report.push(format!(
            "{name}: {} games, {plies} plies, {failed} failed",
            lines.len()
        ));
        for d in differences.iter().filter(|d| d.file == name) {
            let ours = &mut lines[d.chunk - 1];
            if ours != d.movetext {
                failures.push(format!(
                    "{name} game {}: movetext {ours}, listed {}",
                    d.chunk, d.movetext
                ));
            }
            assert_ne!(
                d.python_chess, d.movetext,
                "{name} game {}: listed, no difference",
                d.chunk
            );
            *ours = d.python_chess.to_string();
            listed += 1;
        }
        if let Some(full) = &full {
            let (_, theirs) = full
                .iter()
                .find(|(n, _)| n == name)
                .expect("file in CORPUS_GAMES");
            for (i, (ours, theirs)) in lines.iter().zip(theirs).enumerate() {
                if ours != theirs {
                    failures.push(format!(
                        "{name} game {}: movetext {ours}, python-chess {theirs}",
                        i + 1
                    ));
                }
            }
        }
        let mut first = 1;
        for block in file_blocks {
            let f: Vec<&str> = block.split(' ').collect();
            let (start, n): (usize, usize) = (f[0].parse().unwrap(), f[1].parse().unwrap());
            assert_eq!(start, first, "{name}: blocks in order");
            let text: String = lines[start - 1..start - 1 + n]
                .iter()
                .map(|l| format!("{l}\n"))
                .collect();
            if format!("{:08x}", crc32(text.as_bytes())) != f[2] {
                failures.push(format!(
                    "{name} games {start}-{}: differ from python-chess (CORPUS_GAMES names them)",
                    start + n - 1
                ));
            }
            first += n;
        }
        assert_eq!(first - 1, lines.len(), "{name}: blocks cover every game");
    }
    assert_eq!(listed, differences.len(), "differences of files not read");
    eprintln!("{}", report.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
