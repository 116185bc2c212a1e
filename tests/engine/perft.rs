//! Perft counts from `tests/data/perft/` (copies of `shared/perft/`).

use movetext::Position;

/// One EPD line: the position and its `(depth, nodes)` pairs.
fn parse_line(line: &str) -> (Position, Vec<(u32, u64)>) {
    let (pos, ops) = Position::from_epd(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let counts = ops
        .split(';')
        .filter_map(|op| {
            let op = op.trim();
            let rest = op.strip_prefix('D')?;
            let (d, n) = rest.split_once(' ')?;
            Some((d.parse().unwrap(), n.trim().parse().unwrap()))
        })
        .collect();
    (pos, counts)
}

/// An EPD line, its position and its `(depth, nodes)` counts.
type Entry = (String, Position, Vec<(u32, u64)>);

fn suite(name: &str) -> Vec<Entry> {
    let path = format!("{}/tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (pos, counts) = parse_line(l);
            (l.to_string(), pos, counts)
        })
        .collect()
}

/// Checks every count up to `limit` nodes, over two threads.
fn check(name: &str, limit: u64) -> (usize, u64) {
    let entries = suite(name);
    let work: Vec<_> = entries
        .iter()
        .flat_map(|(line, pos, counts)| {
            counts
                .iter()
                .filter(move |(_, n)| *n <= limit)
                .map(move |&(d, n)| (line.as_str(), *pos, d, n))
        })
        .collect();
    let checked = work.len();
    let nodes: u64 = work.iter().map(|w| w.3).sum();
    let failures: Vec<String> = std::thread::scope(|s| {
        let (a, b) = work.split_at(work.len() / 2);
        let run = |part: &[(&str, Position, u32, u64)]| {
            part.iter()
                .filter_map(|&(line, pos, d, n)| {
                    let got = pos.perft(d);
                    (got != n).then(|| format!("{line}: depth {d}: expected {n}, got {got}"))
                })
                .collect::<Vec<_>>()
        };
        let ha = s.spawn(move || run(a));
        let mut f = run(b);
        f.extend(ha.join().unwrap());
        f
    });
    assert!(
        failures.is_empty(),
        "{} perft mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (checked, nodes)
}

#[test]
fn perftsuite_up_to_one_million_nodes() {
    let (checked, nodes) = check("perftsuite.epd", 1_000_000);
    assert_eq!(checked, 760, "counts of at most 1M nodes in perftsuite.epd");
    assert!(nodes > 30_000_000);
}

#[test]
fn chess960_up_to_one_million_nodes() {
    let (checked, _) = check("chess960.epd", 1_000_000);
    assert_eq!(checked, 3_771, "counts of at most 1M nodes in chess960.epd");
}

/// The whole suites, every count up to 10^9 nodes (hundreds of G nodes:
/// run it in release mode, `cargo test --release -- --ignored perft_full`).
#[test]
#[ignore]
fn perft_full_suites_up_to_one_billion_nodes() {
    for name in ["perftsuite.epd", "chess960.epd"] {
        let (checked, nodes) = check(name, 1_000_000_000);
        eprintln!("{name}: {checked} counts, {nodes} nodes: all match");
    }
}
