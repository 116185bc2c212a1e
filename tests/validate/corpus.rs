//! Every game of `shared/corpus/sample.pgn`: the same mainline moves as
//! python-chess (`tests/data/reference/sample_games.txt`).

use movetext::validate::ValidateOptions;

use super::validate;

fn shared(path: &str) -> Vec<u8> {
    let full = format!("{}/../shared/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| {
        panic!("this test needs the shared corpus at {full} ({e}); it exists on the team's machines and in CI")
    })
}

#[test]
#[ignore]
fn sample_games_equal_python_chess() {
    let pgn = shared("corpus/sample.pgn");
    let games = validate(&pgn, ValidateOptions::default());
    let reference = std::fs::read_to_string(format!(
        "{}/tests/data/reference/sample_games.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let expected: Vec<(usize, bool, String)> = reference
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut it = l.splitn(4, ' ');
            let _idx = it.next().unwrap();
            let plies: usize = it.next().unwrap().parse().unwrap();
            let ok = it.next().unwrap() == "1";
            (plies, ok, it.next().unwrap_or("").to_string())
        })
        .collect();
    eprintln!(
        "ours {} games, python-chess {}",
        games.len(),
        expected.len()
    );
    let mut mismatches = Vec::new();
    let mut j = 0;
    for (i, g) in games.iter().enumerate() {
        // python-chess's splitter counts a stray tag-like junk line as a game
        // of its own; skip such empty reference entries when ours differ.
        while j < expected.len()
            && expected[j].0 == 0
            && !g.moves.is_empty()
            && expected[j].2.is_empty()
            && i + (expected.len() - j) > games.len()
        {
            j += 1;
        }
        let (plies, ok, moves) = &expected[j];
        let ours: Vec<&str> = g
            .moves
            .iter()
            .filter(|m| !m.contains(':') && *m != "--")
            .map(String::as_str)
            .collect();
        if *ok && (ours.join(" ") != *moves || g.summary.failed) {
            mismatches.push(format!(
                "game {} (ref {}): {:?}\n ours {}\n ref  {}",
                i + 1,
                j + 1,
                g.errors,
                ours.join(" "),
                moves
            ));
        }
        let _ = plies;
        j += 1;
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(5)].join("\n")
    );
}
