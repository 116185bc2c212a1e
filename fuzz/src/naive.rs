//! A naive move generator: mailbox board, ray walking, pseudo-legal moves
//! kept if the own king is not attacked afterwards. The oracle the
//! bitboard generator is checked against, by the fuzz targets
//! (`fuzz/src/lib.rs`) and by `tests/engine/oracle.rs` (which includes this
//! file through `#[path]`), so both check against the same code.
#![allow(dead_code)]

use movetext::{Color, Move, MoveKind, Piece, Position, Rank, Role, Square};

/// The naive model of a position (board, turn, castling rooks, en passant).
#[derive(Clone)]
pub struct Naive {
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
    pub fn new(pos: &Position) -> Naive {
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

    pub fn at(&self, sq: Square) -> Option<Piece> {
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

    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.turn), self.turn.other())
    }

    /// The board after a move (castling rights and counters not needed).
    pub fn make(&self, m: Move) -> Naive {
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

    pub fn legal(&self) -> Vec<Move> {
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
