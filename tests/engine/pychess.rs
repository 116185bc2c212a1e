//! The legal moves of 3,175 standard and 98 Chess960 positions equal
//! python-chess's (fixtures in `tests/data/reference/`, made by
//! `scripts/san_lan.py`), and the naive oracle agrees on each position.

use movetext::{CastlingMode, Position};

fn fixture(name: &str) -> Vec<(String, Vec<String>)> {
    let path = format!("{}/tests/data/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (fen, moves) = l.split_once('|').unwrap();
            let ucis = moves
                .split(';')
                .filter(|t| !t.is_empty())
                .map(|t| t.split(' ').next().unwrap().to_string())
                .collect();
            (fen.to_string(), ucis)
        })
        .collect()
}

fn our_ucis(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let to = match pos.castling_mode() {
                CastlingMode::Chess960 => m.to(),
                CastlingMode::Standard => Position::castle_king_target(*m),
            };
            let promo = m
                .promotion_role()
                .map_or(String::new(), |r| r.char().to_string());
            format!("{}{to}{promo}", m.from())
        })
        .collect();
    v.sort();
    v
}

fn check(name: &str, expect_positions: usize, fen_round_trip: bool) {
    let entries = fixture(name);
    assert_eq!(entries.len(), expect_positions, "{name}");
    let mut moves = 0;
    for (fen, expected) in &entries {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(&our_ucis(&pos), expected, "{fen}");
        if fen_round_trip {
            assert_eq!(&pos.fen(), fen, "FEN written differently");
        }
        crate::oracle::compare(&pos, name);
        moves += expected.len();
    }
    assert!(moves > expect_positions);
}

#[test]
fn legal_moves_equal_python_chess_standard() {
    check("san_lan.txt", 3_175, true);
}

#[test]
fn legal_moves_equal_python_chess_chess960() {
    check("san_lan_960.txt", 98, false);
}
