//! A naive move generator (mailbox, ray walking, pseudo-legal moves kept if
//! the own king is not attacked afterwards) checks the bitboard generator:
//! the same move sets, the same boards after each move, the same
//! check / mate / stalemate verdicts.

use movetext::{Color, Move, MoveKind, Piece, Position, Rank, Role, Square};

#[derive(Clone)]
struct Naive {
    board: [Option<Piece>; 64],
    turn: Color,
    castling_rooks: Vec<Square>,
    ep: Option<Square>,
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Naive {
    fn new(pos: &Position) -> Naive {
        let mut board = [None; 64];
        for sq in Square::all() {
            board[sq.index()] = pos.piece_at(sq);
        }
        Naive {
            board,
            turn: pos.turn(),
            castling_rooks: pos.castling_rights().into_iter().collect(),
            ep: pos.ep_square(),
        }
    }

    fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    fn is(&self, sq: Square, color: Color, role: Role) -> bool {
        self.at(sq) == Some(Piece { color, role })
    }

    fn attacked(&self, sq: Square, by: Color) -> bool {
        let hits = |deltas: &[(i32, i32)], role: Role| {
            deltas
                .iter()
                .any(|&(f, r)| sq.offset(f, r).is_some_and(|s| self.is(s, by, role)))
        };
        let dir = if by == Color::White { -1 } else { 1 };
        if hits(&KNIGHT, Role::Knight)
            || hits(&KING, Role::King)
            || hits(&[(-1, dir), (1, dir)], Role::Pawn)
        {
            return true;
        }
        let slides = |deltas: &[(i32, i32)], role: Role| {
            deltas.iter().any(|&(f, r)| {
                let mut s = sq;
                while let Some(n) = s.offset(f, r) {
                    match self.at(n) {
                        None => s = n,
                        Some(p) => {
                            return p.color == by && (p.role == role || p.role == Role::Queen)
                        }
                    }
                }
                false
            })
        };
        slides(&ROOK, Role::Rook) || slides(&BISHOP, Role::Bishop)
    }

    fn king(&self, color: Color) -> Square {
        Square::all()
            .find(|&s| self.is(s, color, Role::King))
            .unwrap()
    }

    fn in_check(&self) -> bool {
        self.attacked(self.king(self.turn), self.turn.other())
    }

    /// The board after a move (castling rights and counters not needed).
    fn make(&self, m: Move) -> Naive {
        let mut n = self.clone();
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let piece = self.at(from).unwrap();
        n.ep = None;
        match m.kind() {
            MoveKind::Castle => {
                let kt = Square::from_coords(
                    if to > from {
                        movetext::File::G
                    } else {
                        movetext::File::C
                    },
                    from.rank(),
                );
                let rt = Square::from_coords(
                    if to > from {
                        movetext::File::F
                    } else {
                        movetext::File::D
                    },
                    from.rank(),
                );
                n.board[from.index()] = None;
                n.board[to.index()] = None;
                n.board[kt.index()] = Some(Piece {
                    color: us,
                    role: Role::King,
                });
                n.board[rt.index()] = Some(Piece {
                    color: us,
                    role: Role::Rook,
                });
            }
            MoveKind::EnPassant => {
                n.board[Square::from_coords(to.file(), from.rank()).index()] = None;
                n.board[from.index()] = None;
                n.board[to.index()] = Some(piece);
            }
            MoveKind::Promotion(role) => {
                n.board[from.index()] = None;
                n.board[to.index()] = Some(Piece { color: us, role });
            }
            MoveKind::Normal => {
                n.board[from.index()] = None;
                n.board[to.index()] = Some(piece);
            }
        }
        n.turn = us.other();
        n
    }

    fn pseudo_legal(&self) -> Vec<Move> {
        let us = self.turn;
        let mut out = Vec::new();
        for from in Square::all() {
            let Some(p) = self.at(from).filter(|p| p.color == us) else {
                continue;
            };
            let free_or_enemy = |s: Square| self.at(s).is_none_or(|q| q.color != us);
            match p.role {
                Role::Pawn => {
                    let dir = if us == Color::White { 1 } else { -1 };
                    let last = us.relative_rank(Rank::Eighth);
                    let add = |out: &mut Vec<Move>, to: Square| {
                        if to.rank() == last {
                            for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                                out.push(Move::promotion(from, to, r));
                            }
                        } else {
                            out.push(Move::normal(from, to));
                        }
                    };
                    if let Some(one) = from.offset(0, dir).filter(|s| self.at(*s).is_none()) {
                        add(&mut out, one);
                        if from.rank() == us.relative_rank(Rank::Second) {
                            if let Some(two) = one.offset(0, dir).filter(|s| self.at(*s).is_none())
                            {
                                add(&mut out, two);
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(t) = from.offset(df, dir) {
                            if self.at(t).is_some_and(|q| q.color != us) {
                                add(&mut out, t);
                            } else if Some(t) == self.ep {
                                out.push(Move::en_passant(from, t));
                            }
                        }
                    }
                }
                Role::Knight | Role::King => {
                    let deltas = if p.role == Role::Knight {
                        &KNIGHT
                    } else {
                        &KING
                    };
                    for &(f, r) in deltas {
                        if let Some(t) = from.offset(f, r).filter(|s| free_or_enemy(*s)) {
                            out.push(Move::normal(from, t));
                        }
                    }
                }
                _ => {
                    let mut deltas = Vec::new();
                    if p.role != Role::Bishop {
                        deltas.extend(ROOK);
                    }
                    if p.role != Role::Rook {
                        deltas.extend(BISHOP);
                    }
                    for (f, r) in deltas {
                        let mut s = from;
                        while let Some(n) = s.offset(f, r) {
                            if free_or_enemy(n) {
                                out.push(Move::normal(from, n));
                            }
                            if self.at(n).is_some() {
                                break;
                            }
                            s = n;
                        }
                    }
                }
            }
        }
        // Castling: king and rook on the first rank with the right kept,
        // squares between empty, the king's path (origin to target) safe.
        let king = self.king(us);
        if king.rank() == us.relative_rank(Rank::First) && !self.in_check() {
            for &rook in &self.castling_rooks {
                if rook.rank() != king.rank() || !self.is(rook, us, Role::Rook) {
                    continue;
                }
                let kingside = rook.file() > king.file();
                let kt = Square::from_coords(
                    if kingside {
                        movetext::File::G
                    } else {
                        movetext::File::C
                    },
                    king.rank(),
                );
                let rt = Square::from_coords(
                    if kingside {
                        movetext::File::F
                    } else {
                        movetext::File::D
                    },
                    king.rank(),
                );
                let span = |a: Square, b: Square| {
                    let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
                    (lo..=hi).map(|i| Square::new(i as u8)).collect::<Vec<_>>()
                };
                let empty_ok = span(king, kt)
                    .into_iter()
                    .chain(span(rook, rt))
                    .all(|s| s == king || s == rook || self.at(s).is_none());
                let path_safe = span(king, kt).into_iter().all(|s| {
                    let mut b = self.clone();
                    b.board[king.index()] = None;
                    b.board[s.index()] = Some(Piece {
                        color: us,
                        role: Role::King,
                    });
                    !b.attacked(s, us.other())
                });
                if empty_ok && path_safe {
                    out.push(Move::castle(king, rook));
                }
            }
        }
        out
    }

    fn legal(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self
            .pseudo_legal()
            .into_iter()
            .filter(|&m| {
                let n = self.make(m);
                !n.attacked(n.king(self.turn), self.turn.other())
            })
            .collect();
        v.sort_by_key(|m| m.to_u16());
        v.dedup();
        v
    }
}

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
    assert!(n > 3_000, "{n}");
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
    assert!(n > 10_000, "{n}");
}
