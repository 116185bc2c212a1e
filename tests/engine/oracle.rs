//! A naive move generator (mailbox, ray walking, pseudo-legal moves kept if
//! the own king is not attacked afterwards) checks the bitboard generator:
//! the same move sets, the same boards after each move, the same
//! check / mate / stalemate verdicts.

#[path = "../../fuzz/src/naive.rs"]
mod naive;

use movetext::{Move, Position, Square};
use naive::Naive;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

pub(crate) fn compare(pos: &Position, context: &str) -> Vec<Move> {
    let naive = Naive::new(pos);
    let expected = naive.legal();
    let mut got: Vec<Move> = pos.legal_moves().to_vec();
    got.sort_by_key(|m| m.to_u16());
    assert_eq!(got, expected, "move sets differ: {context}: {}", pos.fen());
    assert_eq!(pos.count_legal_moves(), expected.len() as u64, "{context}");
    let check = naive.in_check();
    assert_eq!(
        pos.is_check(),
        check,
        "check verdict: {context}: {}",
        pos.fen()
    );
    assert_eq!(
        pos.is_checkmate(),
        check && expected.is_empty(),
        "{context}"
    );
    assert_eq!(
        pos.is_stalemate(),
        !check && expected.is_empty(),
        "{context}"
    );
    for &m in &expected {
        assert!(pos.is_legal(m), "is_legal({m:?}): {context}: {}", pos.fen());
        let after = pos.played(m);
        let n = naive.make(m);
        for sq in Square::all() {
            assert_eq!(
                after.piece_at(sq),
                n.at(sq),
                "board after {m:?} at {sq}: {}",
                pos.fen()
            );
        }
        // What play keeps up to date (checkers, the legal en passant
        // square) equals what a fresh parse of its FEN computes.
        let mut reparsed = Position::from_fen(&after.fen()).unwrap();
        reparsed.set_castling_mode(after.castling_mode());
        assert_eq!(after, reparsed, "state after {m:?}: {}", pos.fen());
        assert_eq!(
            after.checkers(),
            after.attackers_to(after.king(after.turn()), pos.turn(), after.occupied()),
            "checkers after {m:?}: {}",
            pos.fen()
        );
        assert_eq!(
            pos.gives_check(m),
            n.in_check(),
            "gives_check {m:?}: {}",
            pos.fen()
        );
    }
    expected
}

fn playouts(start: &Position, rng: &mut Rng, games: usize, plies: usize, context: &str) -> usize {
    let mut checked = 0;
    for g in 0..games {
        let mut pos = *start;
        for ply in 0..plies {
            let moves = compare(&pos, &format!("{context} game {g} ply {ply}"));
            checked += 1;
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
        }
    }
    checked
}

fn epd_positions(name: &str) -> Vec<Position> {
    let path = format!("{}/tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| Position::from_epd(l).unwrap().0)
        .collect()
}

#[test]
fn oracle_agrees_on_random_playouts_from_start() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let n = playouts(&Position::new(), &mut rng, 60, 200, "start");
    assert_eq!(n, 11_060, "positions compared");
}

#[test]
fn oracle_agrees_from_every_perft_position() {
    let mut rng = Rng(0xdead_beef_1234_5678);
    let mut n = 0;
    for (i, pos) in epd_positions("perftsuite.epd").iter().enumerate() {
        n += playouts(pos, &mut rng, 2, 40, &format!("perftsuite line {}", i + 1));
    }
    for (i, pos) in epd_positions("chess960.epd").iter().enumerate().step_by(8) {
        n += playouts(pos, &mut rng, 1, 60, &format!("chess960 line {}", i + 1));
    }
    assert_eq!(n, 20_561, "positions compared");
}
