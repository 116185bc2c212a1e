//! Every game of `shared/corpus/sample.pgn`: the same mainline moves as
//! python-chess (`tests/data/reference/sample_games.txt`).

use movetext::validate::ValidateOptions;

use super::validate;

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

/// Every corpus file: games and mainline plies against python-chess's
/// counts (`tests/data/reference/corpus_counts.txt`, columns: file bytes
/// split_chunks games error_free raised plies_all plies_error_free).
#[test]
#[ignore]
fn corpus_counts_equal_python_chess() {
    let reference = std::fs::read_to_string(format!(
        "{}/tests/data/reference/corpus_counts.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut report = Vec::new();
    let mut mismatches = 0;
    for line in reference.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (name, bytes, chunks, plies_all): (&str, u64, u64, u64) = (
            f[0],
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[6].parse().unwrap(),
        );
        let raw = shared(&format!("corpus/{name}"));
        let mut data = Vec::new();
        std::io::Read::read_to_end(
            &mut movetext::pgn::decompress::open(&raw[..]).unwrap(),
            &mut data,
        )
        .unwrap();
        assert_eq!(data.len() as u64, bytes, "{name}: decompressed size");
        let games = validate(&data, ValidateOptions::default());
        let moves: u64 = games.iter().map(|g| u64::from(g.summary.moves)).sum();
        let failed = games.iter().filter(|g| g.summary.failed).count();
        // online.pgn: python-chess's plies exactly; 13 failed games against
        // its 17 games with errors: 11 illegal moves in both, and 6 games
        // with `[FEN ""]`, of which movetext fails the 2 with moves (the
        // other 4 have none; sample.pgn has one such game too).
        // annotated-misc: 27 plies more than python-chess, in four games
        // where python-chess is wrong, traced game by game:
        // - a game set up by `FEN` with a comment before `62... Kh7` (movetext
        //   game 5720): python-chess reads no moves, then a second game from
        //   the start position that fails on `Kh7`; movetext plays all 74
        //   plies from the FEN;
        // - Kramnik - Deep Fritz, Bahrain 2002 (game 10205) has a blank line
        //   inside the movetext after `29.`: python-chess ends the game
        //   there (56 plies, then a game failing on `Bxg5`); movetext reads
        //   the 68 plies its `PlyCount` tag says;
        // - Kamsky - Karpov 1993 (game 10132) has a stray `}`: movetext
        //   reports it and fails the game after 38 plies (an unknown token
        //   fails a game); python-chess skips it and reads 98;
        // - game 10846 fails on `1... Bxc6+` in both (python-chess raises).
        // pgnmentor: 2 failed games in both.
        let (want_games, want_moves, want_failed) = match name {
            "online.pgn.zst" => (chunks, plies_all, 13),
            "annotated-misc.pgn.zst" => (chunks, 888_067, 5),
            "human-pgnmentor.pgn.zst" => (chunks, plies_all, 2),
            _ => (chunks, plies_all, 0),
        };
        let ok = games.len() as u64 == want_games && moves == want_moves && failed == want_failed;
        mismatches += usize::from(!ok);
        report.push(format!(
            "{name}: games {} (python-chess split {chunks}), plies {moves} (python-chess {plies_all}), failed {failed}{}",
            games.len(),
            if ok { "" } else { "  MISMATCH" }
        ));
    }
    eprintln!("{}", report.join("\n"));
    assert_eq!(mismatches, 0, "\n{}", report.join("\n"));
}
