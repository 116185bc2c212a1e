//! [`Position`]: the board, whose turn it is, castling rights, en passant,
//! counters; playing moves and asking about check, mate and material.
//!
//! Legal moves come from [`Position::legal_moves`] and its targeted forms
//! (see the `movegen` part of this module); FEN and EPD from
//! [`Position::from_fen`] and [`Position::fen`].
//!
//! # Examples
//!
//! ```
//! use movetext::{Position, Move, Square};
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 20);
//! pos.play(Move::normal(Square::E2, Square::E4));
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! assert_eq!(pos.perft(3), 13_160);
//! ```

mod fen;
mod movegen;

pub use fen::{FenError, FenErrorKind};
pub use movegen::perft_divide;

use core::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// Which way a king castles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`).
    KingSide,
    /// Towards the a-file (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// The file the king lands on: `g` or `c`.
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on: `f` or `d`.
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
}

/// Whether castling follows the standard set-up or Chess960's.
///
/// It matters only for text: UCI writes Chess960 castling as the king taking
/// its own rook (`e1h1`), standard castling as the king's move (`e1g1`); FEN
/// writes Chess960 rights by rook file when `KQkq` would be ambiguous.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess.
    #[default]
    Standard,
    /// Chess960 (Fischer random).
    Chess960,
}

/// What a move does to the opponent: nothing, check, or checkmate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckStatus {
    /// No check.
    None,
    /// Check, but not mate.
    Check,
    /// Checkmate.
    Checkmate,
}

/// A chess position: pieces, side to move, castling rights, en passant
/// square and move counters, plus the checkers of the side to move, kept up
/// to date by [`Position::play`] (pins are found when moves are generated).
///
/// `Position` is `Copy` (about 100 bytes): copy it and play to look ahead.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
    turn: Color,
    /// The king of each side (kept with the boards: one load, not a
    /// search of two of them).
    kings: [Square; 2],
    /// Squares of the rooks that may still castle (both colours).
    castling: Bitboard,
    /// Set only when an en passant capture is legal.
    ep_square: Option<Square>,
    mode: CastlingMode,
    halfmove_clock: u32,
    fullmove_number: u32,
    checkers: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        let mut pos = Position::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in File::ALL.into_iter().zip(back) {
            for color in Color::ALL {
                let rank = color.relative_rank(Rank::First);
                pos.put(Square::from_coords(file, rank), Piece { color, role });
                let prank = color.relative_rank(Rank::Second);
                pos.put(
                    Square::from_coords(file, prank),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
        }
        pos.castling = Bitboard(0x8100_0000_0000_0081);
        pos
    }

    /// An empty board, White to move, no rights, counters `0 1`. Not a
    /// valid position (no kings) until pieces are added by the FEN parser.
    pub(crate) const fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            turn: Color::White,
            kings: [Square::A1; 2],
            castling: Bitboard::EMPTY,
            ep_square: None,
            mode: CastlingMode::Standard,
            halfmove_clock: 0,
            fullmove_number: 1,
            checkers: Bitboard::EMPTY,
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        if piece.role == Role::King {
            self.kings[piece.color.index()] = sq;
        }
        self.by_role[piece.role.index()].add(sq);
        self.by_color[piece.color.index()].add(sq);
        self.occupied.add(sq);
    }

    #[inline]
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.by_role[piece.role.index()].discard(sq);
        self.by_color[piece.color.index()].discard(sq);
        self.occupied.discard(sq);
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = Color::from_white(self.by_color[0].contains(sq));
        Some(Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            None
        } else if self.by_role[0].contains(sq) {
            Some(Role::Pawn)
        } else if self.by_role[1].contains(sq) {
            Some(Role::Knight)
        } else if self.by_role[2].contains(sq) {
            Some(Role::Bishop)
        } else if self.by_role[3].contains(sq) {
            Some(Role::Rook)
        } else if self.by_role[4].contains(sq) {
            Some(Role::Queen)
        } else {
            Some(Role::King)
        }
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of one colour's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of one role's pieces, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of one colour's pieces of one role.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // Every position has exactly one king a side (checked by the FEN
        // parser, kept by play).
        self.kings[color.index() & 1]
    }

    /// The en passant target square, only if an en passant capture is legal
    /// (so positions that differ only by an unusable en passant square are
    /// equal and hash alike, as repetition rules want).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Whether a pawn of the side to move can legally capture en passant on
    /// `ep`.
    fn any_legal_ep(&self, ep: Square) -> bool {
        let from =
            attacks::pawn_attacks(self.turn.other(), ep) & self.pieces(self.turn, Role::Pawn);
        from.into_iter().any(|f| self.ep_is_legal(f, ep))
    }

    /// Keeps the en passant square only if a capture there is legal. Out
    /// of line (one move in a few dozen), and outside the reader's loop.
    #[inline(never)]
    pub(crate) fn settle_ep_square(&mut self) {
        if let Some(ep) = self.ep_square {
            if !self.any_legal_ep(ep) {
                self.ep_square = None;
            }
        }
    }

    /// How castling moves are written: standard or Chess960.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Sets how castling moves are written (a PGN `Variant` tag decides it).
    #[inline]
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The squares of the rooks that keep a castling right, both colours.
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// The rook `color` may castle with towards `side`, if the right remains.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color);
        let rooks = self.castling & Bitboard::from_rank(color.relative_rank(Rank::First));
        let rooks = rooks & self.by_color(color);
        match side {
            CastlingSide::KingSide => rooks.into_iter().rev().find(|r| r.file() > king.file()),
            CastlingSide::QueenSide => rooks.into_iter().find(|r| r.file() < king.file()),
        }
    }

    /// The side of a castling move (king onto own rook), or `None` if `m` is
    /// not castling.
    #[inline]
    pub fn castling_side(m: Move) -> Option<CastlingSide> {
        if !m.is_castle() {
            None
        } else if m.to().file() > m.from().file() {
            Some(CastlingSide::KingSide)
        } else {
            Some(CastlingSide::QueenSide)
        }
    }

    /// The square a castling king lands on (`g1`, `c1`, `g8` or `c8`); for
    /// any other move its `to` square.
    #[inline]
    pub fn castle_king_target(m: Move) -> Square {
        match Position::castling_side(m) {
            Some(side) => Square::from_coords(side.king_to_file(), m.from().rank()),
            None => m.to(),
        }
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The side to move's pieces pinned to their own king (computed on each
    /// call: a handful of lookups).
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        let us = self.turn;
        self.blockers(self.king(us), us.other()) & self.by_color(us)
    }

    /// Pieces of `attacker` that attack `sq`, with `occupied` as blockers.
    /// Sliders are found by their empty-board rays, as the crate-internal
    /// `is_attacked` finds them.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        (them & self.leapers_to(sq, attacker)) | self.sliders_seeing(sq, them, occupied)
    }

    /// [`Position::attackers_to`] with the slider tables: for the move
    /// generator, which looks up many squares of one position while the
    /// tables stay in the cache.
    #[inline(always)]
    pub(crate) fn attackers_looked_up(
        &self,
        sq: Square,
        attacker: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        self.by_color(attacker) & (self.leapers_to(sq, attacker) | self.sliders_to(sq, occupied))
    }

    /// Knights, kings and pawns of either colour on the squares from which
    /// a piece of their kind, of colour `attacker`, would attack `sq`.
    #[inline(always)]
    fn leapers_to(&self, sq: Square, attacker: Color) -> Bitboard {
        (attacks::knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.by_role[Role::King.index()])
            | (attacks::pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn.index()])
    }

    /// Whether a piece of `attacker` attacks `sq`, with `occupied` as
    /// blockers: [`Position::attackers_to`] is not empty. Sliders are found
    /// by their empty-board rays and [`attacks::unblocked`], not by a
    /// slider lookup.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(attacker);
        self.leapers_to(sq, attacker).intersects(them)
            || self.sliders_seeing(sq, them, occupied).any()
    }

    /// Rooks, bishops and queens of either colour that attack `sq`, with
    /// `occupied` as blockers.
    #[inline(always)]
    fn sliders_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let rq = self.by_role[Role::Rook.index()] | queens;
        let bq = self.by_role[Role::Bishop.index()] | queens;
        (attacks::rook_attacks(sq, occupied) & rq) | (attacks::bishop_attacks(sq, occupied) & bq)
    }

    /// The sliders among `pieces` that see `sq`, `occupied` blocking:
    /// [`Position::sliders_to`] found by empty-board rays and
    /// [`attacks::unblocked`], for squares looked at one at a time (a king
    /// move, castling, en passant), when the slider tables' lines are
    /// mostly out of the cache.
    #[inline]
    fn sliders_seeing(&self, sq: Square, pieces: Bitboard, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let rq = self.by_role[Role::Rook.index()] | queens;
        let bq = self.by_role[Role::Bishop.index()] | queens;
        let snipers = pieces & ((attacks::rook_rays(sq) & rq) | (attacks::bishop_rays(sq) & bq));
        attacks::unblocked(sq, snipers, occupied)
    }

    /// Pieces of either colour that stand alone between `king` and a slider
    /// of `slider_color` (pinned pieces, or discovered-check candidates).
    #[inline]
    pub(crate) fn blockers(&self, king: Square, slider_color: Color) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let rq = self.by_role[Role::Rook.index()] | queens;
        let bq = self.by_role[Role::Bishop.index()] | queens;
        let snipers = self.by_color(slider_color)
            & ((attacks::rook_rays(king) & rq) | (attacks::bishop_rays(king) & bq));
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let b = attacks::between(king, sniper) & self.occupied;
            if !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// Recomputes the checkers of the side to move from scratch.
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.turn;
        let king = self.king(us);
        self.checkers = self.attackers_to(king, us.other(), self.occupied);
    }

    /// The pieces of the side not to move that give check to `king` (of
    /// the side to move) after a normal move or promotion that left `from`
    /// and put a `role` on `to`: a direct check from `to`, or a discovered
    /// check along the line from `king` through `from`. The board must
    /// already show the move.
    #[inline(always)]
    fn checkers_after(&self, king: Square, from: Square, to: Square, role: Role) -> Bitboard {
        let occ = self.occupied;
        let our = self.by_color(self.turn.other());
        let to_bb = Bitboard::from_square(to);
        let rook_rays = attacks::rook_rays(king);
        // A piece checks from `to` if it would on an empty board and nothing
        // stands between (pawns and knights have nothing between; a king
        // never lands next to the other). The line is looked at only when
        // the piece would check on an empty board (one move in ten), behind
        // a branch that the usual answer, no, keeps predicted.
        let piece = Piece {
            color: self.turn,
            role,
        };
        let mut checkers = attacks::pseudo_attacks(piece, king) & to_bb;
        if checkers.any() && attacks::between(king, to).intersects(occ) {
            checkers = Bitboard::EMPTY;
        }
        // A discovered check: our sliders of the line's kind on the line
        // from the king through `from` (none when `from` is on no line from
        // the king) that see the king. No branch on whether `from` is on a
        // line from the king, which varies from move to move: the loop in
        // `attacks::unblocked` mostly has nothing to look at.
        let queens = self.by_role[Role::Queen.index()];
        let kind = if rook_rays.contains(from) {
            self.by_role[Role::Rook.index()]
        } else {
            self.by_role[Role::Bishop.index()]
        };
        let sliders = (kind | queens) & our & attacks::line(king, from);
        checkers | attacks::unblocked(king, sliders, occ)
    }

    /// Plays a legal move (one produced by this position's move generator or
    /// accepted by [`Position::is_legal`]). Playing an illegal move leaves
    /// the position in an unspecified but memory-safe state.
    ///
    /// The checkers of the new side to move are found from the move itself
    /// (a direct check from the landing square, a discovered check through
    /// the square left), not by scanning the board; the en passant square
    /// is kept only after a double push next to an enemy pawn that may
    /// legally take it.
    pub fn play(&mut self, m: Move) {
        self.play_inline(m);
    }

    /// [`Position::play`], inlined into the caller (perft).
    #[inline(always)]
    pub(crate) fn play_inline(&mut self, m: Move) {
        let Some(moved) = self.role_at(m.from()) else {
            debug_assert!(false, "no piece on {} for {m:?}", m.from());
            return;
        };
        let us = self.turn;
        let them = us.other();
        let from = m.from();
        let to = m.to();
        let king = self.pass_turn();
        match m.kind() {
            MoveKind::Castle => {
                let side = Position::castling_side(m).unwrap_or(CastlingSide::KingSide);
                let rank = from.rank();
                let king_to = Square::from_coords(side.king_to_file(), rank);
                let rook_to = Square::from_coords(side.rook_to_file(), rank);
                let our = &mut self.by_color[us.index()];
                *our = (*our - from - to) | king_to | rook_to;
                let kings = &mut self.by_role[Role::King.index()];
                *kings = (*kings - from) | king_to;
                self.kings[us.index()] = king_to;
                let rooks = &mut self.by_role[Role::Rook.index()];
                *rooks = (*rooks - to) | rook_to;
                self.occupied = (self.occupied - from - to) | king_to | rook_to;
                self.castling -= Bitboard::from_rank(rank);
                // Rare: look at every slider line to the enemy king.
                self.checkers = self.sliders_seeing(king, self.by_color(us), self.occupied);
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.remove(
                    captured,
                    Piece {
                        color: them,
                        role: Role::Pawn,
                    },
                );
                let ft = Bitboard::from_square(from) | to;
                self.by_role[Role::Pawn.index()] ^= ft;
                self.by_color[us.index()] ^= ft;
                self.occupied ^= ft;
                self.halfmove_clock = 0;
                // Rare: the captured pawn may open a line too.
                self.checkers = (attacks::pawn_attacks(them, king) & to)
                    | self.sliders_seeing(king, self.by_color(us), self.occupied);
            }
            kind => {
                let role = match kind {
                    MoveKind::Promotion(role) => role,
                    _ => moved,
                };
                self.play_plain_rest(from, to, moved, role, king);
            }
        }
        self.finish_move(king);
    }

    /// [`Position::play`] of a move that is neither castling nor en
    /// passant, given by its squares: `moved` leaves `from`, and `role`
    /// (`moved`, or the promotion piece) lands on `to`.
    #[inline(always)]
    pub(crate) fn play_plain(&mut self, from: Square, to: Square, moved: Role, role: Role) {
        debug_assert_eq!(self.role_at(from), Some(moved));
        let king = self.pass_turn();
        self.play_plain_rest(from, to, moved, role, king);
        self.finish_move(king);
    }

    /// The start of every move: the en passant square cleared, the clocks
    /// advanced, the turn passed. Returns the king of the side now to move.
    #[inline(always)]
    fn pass_turn(&mut self) -> Square {
        let us = self.turn;
        self.ep_square = None;
        self.halfmove_clock += 1;
        // Black's move ends a full move.
        self.fullmove_number = self.fullmove_number.saturating_add(us as u32);
        self.turn = us.other();
        self.king(self.turn)
    }

    /// The end of a move, its checkers set: an en passant square it left is
    /// kept only if the capture is legal.
    #[inline(always)]
    fn finish_move(&mut self, king: Square) {
        debug_assert_eq!(
            self.checkers,
            self.attackers_to(king, self.turn.other(), self.occupied),
            "checkers after a move, in {self}"
        );
        debug_assert!(
            Color::ALL
                .iter()
                .all(|&c| self.pieces(c, Role::King).first() == Some(self.king(c))),
            "kings after a move, in {self}"
        );
        if self.ep_square.is_some() {
            self.settle_ep_square();
        }
    }

    /// The board part of a plain move (see [`Position::play_plain`]), the
    /// turn already passed: `king` is the king of the side now to move.
    #[inline(always)]
    fn play_plain_rest(&mut self, from: Square, to: Square, moved: Role, role: Role, king: Square) {
        let them = self.turn;
        let us = them.other();
        if self.by_color[them.index()].contains(to) {
            for bb in &mut self.by_role {
                bb.discard(to);
            }
            self.by_color[them.index()].discard(to);
            self.halfmove_clock = 0;
        }
        self.by_role[moved.index()].discard(from);
        self.by_role[role.index()].add(to);
        let ft = Bitboard::from_square(from) | to;
        self.by_color[us.index()] ^= ft;
        self.occupied = (self.occupied - from) | to;
        // Moving a rook or the king, or taking a rook, spends rights.
        self.castling -= ft;
        if moved == Role::Pawn {
            self.halfmove_clock = 0;
            if from.index() ^ to.index() == 16 {
                let ep = Square::new(((from.index() + to.index()) / 2) as u8);
                if (attacks::pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                    self.ep_square = Some(ep);
                }
            }
        } else if moved == Role::King {
            self.castling -= Bitboard::from_rank(us.relative_rank(Rank::First));
            self.kings[us.index()] = to;
        }
        self.checkers = self.checkers_after(king, from, to, role);
    }

    /// Passes the turn (the PGN null move `--`): no piece moves, the en
    /// passant square is cleared. Refused when the side to move is in check
    /// (its king would stay attacked): then `false`, and the position is
    /// unchanged.
    ///
    /// ```
    /// use movetext::{Move, Position, Square};
    /// let mut pos = Position::new();
    /// assert!(pos.play_null());
    /// assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
    /// let mut check = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    /// check.play(Move::normal(Square::H1, Square::H8));
    /// assert!(check.is_check());
    /// assert!(!check.play_null());
    /// assert_eq!(check.to_string(), "4k2R/8/8/8/8/8/8/4K3 b - - 1 1");
    /// ```
    #[must_use = "the null move is refused in check"]
    pub fn play_null(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        self.pass_turn();
        self.update_check_info();
        true
    }

    /// Plays a move resolved in this position, or passes the turn for
    /// [`Move::NULL`] (which resolves only when not in check).
    pub(crate) fn play_or_pass(&mut self, m: Move) {
        if m.is_null() {
            let passed = self.play_null();
            debug_assert!(passed, "a null move resolved in check, in {self}");
        } else {
            self.play(m);
        }
    }

    /// A copy of the position with `m` played.
    #[inline]
    pub fn played(&self, m: Move) -> Position {
        let mut pos = *self;
        pos.play(m);
        pos
    }

    /// Whether `m` captures a piece (castling never does).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        m.is_en_passant() || (!m.is_castle() && self.by_color(self.turn.other()).contains(m.to()))
    }

    /// Whether neither side can ever mate, by python-chess's rule: a side has
    /// insufficient material with a lone king, a king and one knight when the
    /// opponent has nothing but king and queens, or only bishops on one
    /// square colour when there are no pawns and no knights on the board.
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }

    /// Whether `color` alone can never mate (see
    /// [`Position::is_insufficient_material`]).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let us = self.by_color(color);
        let them = self.by_color(color.other());
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (us & heavy).any() {
            return false;
        }
        if (us & self.by_role(Role::Knight)).any() {
            return us.count() <= 2
                && (them - self.by_role(Role::King) - self.by_role(Role::Queen)).is_empty();
        }
        let bishops = self.by_role(Role::Bishop);
        if (us & bishops).any() {
            let same_color = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return same_color
                && self.by_role(Role::Pawn).is_empty()
                && self.by_role(Role::Knight).is_empty();
        }
        true
    }

    /// Whether the side to move is checkmated.
    #[inline]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    #[inline]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether the game is over by mate, stalemate or insufficient material.
    pub fn is_game_over(&self) -> bool {
        !self.has_legal_moves() || self.is_insufficient_material()
    }
}

impl fmt::Debug for Position {
    /// Draws the board (rank 8 first) and the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}{}", if file == File::H { "\n" } else { " " })?;
            }
        }
        write!(f, "{}", self)
    }
}

#[cfg(test)]
mod tests;
