//! The legal moves of 3,175 standard and 98 Chess960 positions equal
//! python-chess's (fixtures in `tests/data/reference/`, made by
//! `scripts/san_lan.py`), move by move in UCI, SAN and LAN, both ways:
//! movetext writes python-chess's SAN and LAN strings, and reads them (and
//! the UCI strings) back to the same moves. The naive oracle agrees on each
//! position.

use movetext::notation::{
    write_lan, write_san, write_uci, Lan, Language, ParseMode, San, SanStyle, Uci,
};
use movetext::{Move, Position};

/// One legal move as python-chess writes it.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Written {
    uci: String,
    san: String,
    lan: String,
}

fn fixture(name: &str) -> Vec<(String, Vec<Written>)> {
    let path = format!("{}/tests/data/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (fen, moves) = l.split_once('|').unwrap();
            let moves = moves
                .split(';')
                .filter(|t| !t.is_empty())
                .map(|t| {
                    let f: Vec<&str> = t.split(' ').collect();
                    assert_eq!(f.len(), 3, "{name}: {t:?}");
                    Written {
                        uci: f[0].to_string(),
                        san: f[1].to_string(),
                        lan: f[2].to_string(),
                    }
                })
                .collect();
            (fen.to_string(), moves)
        })
        .collect()
}

/// Every legal move of `pos` written by movetext, sorted by UCI (castling
/// king-to-target in standard chess, king-takes-rook in Chess960, as
/// python-chess writes them).
fn ours(pos: &Position) -> Vec<Written> {
    let mut v: Vec<Written> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let (mut uci, mut san, mut lan) = (String::new(), String::new(), String::new());
            write_uci(m, pos.castling_mode(), &mut uci);
            write_san(pos, m, &SanStyle::PGN, &mut san);
            write_lan(pos, m, &SanStyle::PGN, true, &mut lan);
            Written { uci, san, lan }
        })
        .collect();
    v.sort();
    v
}

/// The move python-chess's strings name, read by movetext's parsers: all
/// three must give the same move.
fn read_back(pos: &Position, w: &Written, fen: &str) -> Move {
    let uci = Uci::from_ascii(w.uci.as_bytes())
        .unwrap_or_else(|e| panic!("{fen}: UCI {}: {e:?}", w.uci))
        .to_move(pos)
        .unwrap_or_else(|e| panic!("{fen}: UCI {}: {e:?}", w.uci));
    let san = San::from_ascii(w.san.as_bytes(), Language::En, ParseMode::Strict)
        .unwrap_or_else(|e| panic!("{fen}: SAN {}: {e:?}", w.san))
        .to_move(pos, ParseMode::Strict)
        .unwrap_or_else(|e| panic!("{fen}: SAN {}: {e:?}", w.san));
    assert_eq!(san.mv, uci, "{fen}: SAN {} against UCI {}", w.san, w.uci);
    let lan = Lan::from_ascii(w.lan.as_bytes(), Language::En)
        .unwrap_or_else(|e| panic!("{fen}: LAN {}: {e:?}", w.lan))
        .to_move(pos)
        .unwrap_or_else(|e| panic!("{fen}: LAN {}: {e:?}", w.lan));
    assert_eq!(lan, uci, "{fen}: LAN {} against UCI {}", w.lan, w.uci);
    uci
}

/// Checks every position of `name`; returns the moves compared.
fn check(name: &str, expect_positions: usize, fen_round_trip: bool) -> usize {
    let entries = fixture(name);
    assert_eq!(entries.len(), expect_positions, "{name}");
    let mut moves = 0;
    for (fen, expected) in &entries {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let got = ours(&pos);
        for (g, e) in got.iter().zip(expected) {
            assert_eq!(g, e, "{name}: {fen}");
        }
        assert_eq!(got.len(), expected.len(), "{name}: {fen}");
        for w in expected {
            let m = read_back(&pos, w, fen);
            assert!(pos.is_legal(m), "{fen}: {}", w.uci);
        }
        if fen_round_trip {
            assert_eq!(&pos.fen(), fen, "FEN written differently");
        }
        crate::oracle::compare(&pos, name);
        moves += expected.len();
    }
    moves
}

#[test]
fn legal_moves_equal_python_chess_standard() {
    assert_eq!(check("san_lan.txt", 3_175, true), 92_701);
}

#[test]
fn legal_moves_equal_python_chess_chess960() {
    assert_eq!(check("san_lan_960.txt", 98, false), 2_682);
}
