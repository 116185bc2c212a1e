//! Legal move generation, legal by construction: check evasion masks and
//! pin rays decide every move up front, nothing is generated and then
//! tested (en passant, whose discovered checks no mask captures, is tested
//! by its own exact rule).
//!
//! One generic generator hands moves out in batches (a from-square and a
//! target set; a pawn shift and a target set) to an emitter: a counter for
//! perft (no list at the last ply), a [`MoveList`] filler, or an early-exit
//! probe for mate and stalemate.

use super::{CastlingSide, CheckStatus, Position};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::types::{Color, File, Rank, Role, Square};

/// Receives moves in batches from [`Position::generate`].
trait Emit {
    /// Stop generating as soon as [`Emit::found`] says so.
    const EARLY_EXIT: bool = false;
    /// Moves of the piece on `from` to each square of `targets` (never
    /// promotions).
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to each square of `targets` from the square `delta`
    /// below it (in index terms); not promotions.
    fn pawns(&mut self, targets: Bitboard, delta: i32);
    /// Promotions to each square of `targets` (four moves each).
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// En passant or castling.
    fn special(&mut self, m: Move);
    /// Whether a move was found (only asked when `EARLY_EXIT`).
    fn found(&self) -> bool {
        false
    }
}

struct Counter(u64);

impl Emit for Counter {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 += 4 * u64::from(targets.count());
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

struct Any(bool);

impl Emit for Any {
    const EARLY_EXIT: bool = true;
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn found(&self) -> bool {
        self.0
    }
}

const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

#[inline(always)]
fn shifted_from(to: Square, delta: i32) -> Square {
    Square::new((to.index() as i32 - delta) as u8)
}

fn push_promotions(list: &mut MoveList, from: Square, to: Square) {
    for role in PROMOTION_ROLES {
        list.push(Move::promotion(from, to, role));
    }
}

impl Emit for MoveList {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.push(Move::normal(shifted_from(to, delta), to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            push_promotions(self, shifted_from(to, delta), to);
        }
    }
    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// Every square a pawn of `color` on a square of `pawns` attacks.
#[inline(always)]
fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let (west, east) = (pawns.0 & NOT_FILE_A, pawns.0 & NOT_FILE_H);
    Bitboard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

#[inline(always)]
fn shift(bb: Bitboard, delta: i32) -> Bitboard {
    if delta >= 0 {
        Bitboard(bb.0 << delta)
    } else {
        Bitboard(bb.0 >> -delta)
    }
}

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

impl Position {
    /// Whether the king of the side to move would be safe on `sq` (the king
    /// itself removed from the board as a blocker).
    #[inline(always)]
    fn king_safe_on(&self, sq: Square, occ_without_king: Bitboard) -> bool {
        self.attackers_looked_up(sq, self.turn.other(), occ_without_king)
            .is_empty()
    }

    /// Whether a pin leaves the piece on `from` free to go to `to`: it is
    /// not pinned to `king` (of the side to move), or `to` stays on the pin
    /// line. Only pieces aligned with the king cost a slider lookup.
    #[inline(always)]
    fn pin_allows(&self, king: Square, from: Square, to: Square) -> bool {
        let line = attacks::line(king, from);
        if line.is_empty()
            || line.contains(to)
            || attacks::between(king, from).intersects(self.occupied)
        {
            return true;
        }
        let occ = self.occupied - from;
        let queens = self.by_role(Role::Queen);
        let seen = if king.file() == from.file() || king.rank() == from.rank() {
            attacks::rook_attacks(king, occ) & (self.by_role(Role::Rook) | queens)
        } else {
            attacks::bishop_attacks(king, occ) & (self.by_role(Role::Bishop) | queens)
        };
        (seen & self.by_color(self.turn.other()) & line).is_empty()
    }

    /// Whether a knight, bishop, rook or queen of `them` attacks `sq`, with
    /// `occ` as blockers (pawns and king are the caller's business).
    #[inline(always)]
    fn attacked_by_piece(&self, sq: Square, them: Color, occ: Bitboard) -> bool {
        let their = self.by_color(them);
        let queens = self.by_role(Role::Queen);
        (attacks::knight_attacks(sq) & self.by_role(Role::Knight) & their).any()
            || (attacks::rook_attacks(sq, occ) & (self.by_role(Role::Rook) | queens) & their).any()
            || (attacks::bishop_attacks(sq, occ) & (self.by_role(Role::Bishop) | queens) & their)
                .any()
    }

    /// The exact rule for en passant: after the capture, no enemy piece
    /// attacks our king.
    pub(super) fn ep_is_legal(&self, from: Square, to: Square) -> bool {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let captured = Square::from_coords(to.file(), from.rank());
        let occ = (self.occupied - from - captured) | to;
        // `is_attacked` less the captured pawn (which may have been giving
        // check): the leapers and sliders of the side without it.
        let their = self.by_color(them) - captured;
        (their & self.leapers_to(king, them)).is_empty()
            && self.sliders_seeing(king, their, occ).is_empty()
    }

    /// Whether the side to move may castle with `rook` now: the squares
    /// both pieces cross are empty (a cheap test that settles most cases),
    /// then none of the king's squares is attacked.
    #[inline(always)]
    fn castling_is_legal(&self, rook: Square, side: CastlingSide) -> bool {
        let king = self.king(self.turn);
        let rank = king.rank();
        let king_to = Square::from_coords(side.king_to_file(), rank);
        let rook_to = Square::from_coords(side.rook_to_file(), rank);
        let king_path = attacks::between(king, king_to) | king_to;
        let must_be_empty = (king_path | attacks::between(rook, rook_to) | rook_to) - king - rook;
        !self.occupied.intersects(must_be_empty)
            && self.castling_is_safe(king, rook, king_path, king_to, rook_to)
    }

    /// The second half of [`Position::castling_is_legal`]: no square of
    /// `king_path` is attacked, and the king is not in check once the rook
    /// has moved.
    fn castling_is_safe(
        &self,
        king: Square,
        rook: Square,
        king_path: Bitboard,
        king_to: Square,
        rook_to: Square,
    ) -> bool {
        let them = self.turn.other();
        // `is_attacked` finds sliders by their rays, not the slider
        // tables: castling is checked one move at a time, when those
        // tables are out of the cache.
        let occ = self.occupied - king;
        if king_path
            .into_iter()
            .any(|sq| self.is_attacked(sq, them, occ))
        {
            return false;
        }
        // The castling rook may have shielded the king's target square
        // along the rank (Chess960; never from a corner, with nothing
        // beyond it); nothing else changes.
        if matches!(rook.file(), File::A | File::H) {
            return true;
        }
        let after = (self.occupied - king - rook) | king_to | rook_to;
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let snipers = attacks::rook_rays(king_to) & rq & self.by_color(them);
        attacks::unblocked(king_to, snipers, after).is_empty()
    }

    /// Generates legal moves into `e`. Only moves landing in `filter` are
    /// produced; en passant and castling only when `special` is set.
    #[inline(always)]
    fn generate<E: Emit>(&self, e: &mut E, filter: Bitboard, special: bool) {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let our = self.by_color(us);
        let their = self.by_color(them);
        let occ = self.occupied;

        // King moves: the enemy pawns' and king's attacks go at once, the
        // other pieces are asked about the squares left.
        let mut king_targets = attacks::king_attacks(king) & !our & filter;
        if king_targets.any() {
            let their_pawns = self.pieces(them, Role::Pawn);
            king_targets -=
                pawn_attacks_of(them, their_pawns) | attacks::king_attacks(self.king(them));
            let occ_wo_king = occ - king;
            for to in king_targets {
                if self.attacked_by_piece(to, them, occ_wo_king) {
                    king_targets.discard(to);
                }
            }
        }
        e.piece(king, king_targets);
        if E::EARLY_EXIT && e.found() {
            return;
        }
        if self.checkers.more_than_one() {
            return;
        }
        let target = match self.checkers.first() {
            Some(checker) => (attacks::between(king, checker) | checker) & filter,
            None => !our & filter,
        };

        // Castling.
        if special && self.checkers.is_empty() {
            // The outermost rook with a right on each side of the king (as
            // `castling_rook`), king side first.
            let rights = self.castling & our & Bitboard::from_rank(us.relative_rank(Rank::First));
            if rights.any() {
                let k = king.index();
                // Bits above the king's; none for a king on h8 (k = 63).
                let above = Bitboard(rights.0 & ((u64::MAX << k) << 1));
                let below = Bitboard(rights.0 & ((1u64 << k) - 1));
                if let Some(rook) = above.last() {
                    if self.castling_is_legal(rook, CastlingSide::KingSide) {
                        e.special(Move::castle(king, rook));
                    }
                }
                if let Some(rook) = below.first() {
                    if self.castling_is_legal(rook, CastlingSide::QueenSide) {
                        e.special(Move::castle(king, rook));
                    }
                }
            }
        }

        // Knights: a pinned knight never moves.
        let pinned = self.blockers(king, them) & our;
        for from in self.pieces(us, Role::Knight) - pinned {
            e.piece(from, attacks::knight_attacks(from) & target);
        }
        let queens = self.by_role(Role::Queen);
        for from in (self.by_role(Role::Bishop) | queens) & our {
            let mut t = attacks::bishop_attacks(from, occ) & target;
            if pinned.contains(from) {
                t &= attacks::line(king, from);
            }
            e.piece(from, t);
        }
        for from in (self.by_role(Role::Rook) | queens) & our {
            let mut t = attacks::rook_attacks(from, occ) & target;
            if pinned.contains(from) {
                t &= attacks::line(king, from);
            }
            e.piece(from, t);
        }
        if E::EARLY_EXIT && e.found() {
            return;
        }

        // Pawns, unpinned ones as whole sets.
        let pawns = self.pieces(us, Role::Pawn);
        let free = pawns - pinned;
        let (up, left, right, third, last) = match us {
            Color::White => (
                8,
                7,
                9,
                Bitboard::from_rank(Rank::Third),
                Bitboard::from_rank(Rank::Eighth),
            ),
            Color::Black => (
                -8,
                -9,
                -7,
                Bitboard::from_rank(Rank::Sixth),
                Bitboard::from_rank(Rank::First),
            ),
        };
        let empty = !occ;
        let single = shift(free, up) & empty;
        let double = shift(single & third, up) & empty & target;
        let single = single & target;
        let cap_left = shift(Bitboard(free.0 & NOT_FILE_A), left) & their & target;
        let cap_right = shift(Bitboard(free.0 & NOT_FILE_H), right) & their & target;
        e.pawns(single - last, up);
        e.promotions(single & last, up);
        e.pawns(double, 2 * up);
        e.pawns(cap_left - last, left);
        e.promotions(cap_left & last, left);
        e.pawns(cap_right - last, right);
        e.promotions(cap_right & last, right);

        // Pinned pawns move only along their pin ray.
        for from in pawns & pinned {
            let ray = attacks::line(king, from);
            let mut t = attacks::pawn_attacks(us, from) & their;
            let one = shift(Bitboard::from_square(from), up) & empty;
            t |= one;
            t |= shift(one & third, up) & empty;
            for to in t & target & ray {
                let delta = to.index() as i32 - from.index() as i32;
                let bb = Bitboard::from_square(to);
                if last.contains(to) {
                    e.promotions(bb, delta);
                } else {
                    e.pawns(bb, delta);
                }
            }
        }

        // En passant.
        if let (true, Some(ep)) = (special, self.ep_square) {
            for from in attacks::pawn_attacks(them, ep) & pawns {
                if self.ep_is_legal(from, ep) {
                    e.special(Move::en_passant(from, ep));
                }
            }
        }
    }

    /// Every legal move.
    ///
    /// ```
    /// use movetext::Position;
    ///
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, Bitboard::FULL, true);
        list
    }

    /// Appends every legal move to `out`.
    #[inline]
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        self.generate(out, Bitboard::FULL, true);
    }

    /// Appends every legal capture (en passant included) to `out`.
    #[inline]
    pub fn capture_moves_into(&self, out: &mut MoveList) {
        let filter = self.by_color(self.turn.other());
        self.generate(out, filter, false);
        if let Some(ep) = self.ep_square {
            let pawns = self.pieces(self.turn, Role::Pawn);
            for from in attacks::pawn_attacks(self.turn.other(), ep) & pawns {
                if self.ep_is_legal(from, ep) {
                    out.push(Move::en_passant(from, ep));
                }
            }
        }
    }

    /// The number of legal moves, without building a list.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if fast_bits::available() {
            // SAFETY: the CPU has every feature `count_fast` is compiled
            // for: `fast_bits::available` has just asked it.
            return unsafe { self.count_fast() };
        }
        self.count_inline()
    }

    /// [`Position::count_legal_moves`] compiled for CPUs with POPCNT and
    /// BMI (see [`Position::perft_fast`]).
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn count_fast(&self) -> u64 {
        self.count_inline()
    }

    /// [`Position::count_legal_moves`] as compiled for the whole crate.
    #[inline(always)]
    pub(super) fn count_inline(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c, Bitboard::FULL, true);
        c.0
    }

    /// Whether the side to move has any legal move (stops at the first).
    #[inline]
    pub fn has_legal_moves(&self) -> bool {
        let mut a = Any(false);
        self.generate(&mut a, Bitboard::FULL, true);
        a.0
    }

    /// The legal castling move towards `side`, if there is one.
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        if self.is_check() {
            return None;
        }
        let rook = self.castling_rook(self.turn, side)?;
        if self.castling_is_legal(rook, side) {
            Some(Move::castle(self.king(self.turn), rook))
        } else {
            None
        }
    }

    /// The other pieces that a SAN of the legal move `m` of a `role` other
    /// than pawn and king must be told from: the side to move's pieces of
    /// that role, not on `m.from()`, that could legally move to `m.to()`
    /// too. With `m` legal, the square answers any check for them as it
    /// does for `m`, so only their pins are looked at.
    #[inline]
    pub(crate) fn san_rivals(&self, role: Role, m: Move) -> Bitboard {
        let (from, to) = (m.from(), m.to());
        let occ = self.occupied;
        let seen = match role {
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::bishop_attacks(to, occ),
            Role::Rook => attacks::rook_attacks(to, occ),
            _ => attacks::queen_attacks(to, occ),
        };
        let mut rivals = (seen & self.pieces(self.turn, role)) - from;
        if rivals.any() {
            let king = self.king(self.turn);
            for r in rivals {
                if !self.pin_allows(king, r, to) {
                    rivals -= r;
                }
            }
        }
        rivals
    }

    /// Appends the legal moves of `role` that land on `to` and leave from a
    /// square in `from_mask` (`Bitboard::FULL` for any): the candidates of a
    /// SAN such as `Nbd2` (role knight, `to` d2, `from_mask` the b-file).
    /// Castling is not included; a pawn reaching its last rank gives all
    /// four promotions.
    ///
    /// ```
    /// use movetext::{Bitboard, MoveList, Position, Role, Square};
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
    /// let mut out = MoveList::new();
    /// pos.san_candidates(Role::Knight, Square::D2, Bitboard::FULL, &mut out);
    /// assert_eq!(out.len(), 2);
    /// ```
    pub fn san_candidates(&self, role: Role, to: Square, from_mask: Bitboard, out: &mut MoveList) {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let our = self.by_color(us);
        if our.contains(to) {
            return;
        }
        if role == Role::King {
            if from_mask.contains(king)
                && attacks::king_attacks(king).contains(to)
                && self.king_safe_on(to, self.occupied - king)
            {
                out.push(Move::normal(king, to));
            }
            return;
        }
        if self.checkers.more_than_one() {
            return;
        }
        let target = match self.checkers.first() {
            Some(checker) => attacks::between(king, checker) | checker,
            None => Bitboard::FULL,
        };
        let pin_ok = |from: Square| self.pin_allows(king, from, to);
        let occ = self.occupied;
        if role == Role::Pawn {
            let pawns = self.pieces(us, Role::Pawn) & from_mask;
            if Some(to) == self.ep_square {
                for from in attacks::pawn_attacks(them, to) & pawns {
                    if self.ep_is_legal(from, to) {
                        out.push(Move::en_passant(from, to));
                    }
                }
                return;
            }
            if !target.contains(to) {
                return;
            }
            let promotes = to.rank() == us.relative_rank(Rank::Eighth);
            let mut emit = |from: Square| {
                if pin_ok(from) {
                    if promotes {
                        push_promotions(out, from, to);
                    } else {
                        out.push(Move::normal(from, to));
                    }
                }
            };
            if self.by_color(them).contains(to) {
                for from in attacks::pawn_attacks(them, to) & pawns {
                    emit(from);
                }
            } else if !occ.contains(to) {
                let down = if us == Color::White { -1 } else { 1 };
                if let Some(one) = to.offset(0, down) {
                    if pawns.contains(one) {
                        emit(one);
                    } else if !occ.contains(one) && to.rank() == us.relative_rank(Rank::Fourth) {
                        if let Some(two) = one.offset(0, down) {
                            if pawns.contains(two) {
                                emit(two);
                            }
                        }
                    }
                }
            }
            return;
        }
        if !target.contains(to) {
            return;
        }
        let froms = match role {
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::bishop_attacks(to, occ),
            Role::Rook => attacks::rook_attacks(to, occ),
            _ => attacks::queen_attacks(to, occ),
        } & self.pieces(us, role)
            & from_mask;
        for from in froms {
            if pin_ok(from) {
                out.push(Move::normal(from, to));
            }
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from();
        if !self.by_color(self.turn).contains(from) {
            return false;
        }
        if let Some(side) = Position::castling_side(m) {
            return self.castling_move(side) == Some(m);
        }
        let Some(role) = self.role_at(from) else {
            return false;
        };
        let mut list = MoveList::new();
        self.san_candidates(role, m.to(), Bitboard::from_square(from), &mut list);
        list.contains(&m)
    }

    /// Whether the legal move `m` gives check.
    ///
    /// Direct checks are one attack lookup from the landing square;
    /// discovered checks are looked for only when the piece leaves the line
    /// of the enemy king with nothing else between.
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let king = self.king(us.other());
        let from = m.from();
        let to = m.to();
        let role = match m.kind() {
            MoveKind::Normal => match self.role_at(from) {
                Some(role) => role,
                None => return false,
            },
            MoveKind::Promotion(role) => role,
            MoveKind::EnPassant | MoveKind::Castle => return self.played(m).is_check(),
        };
        let occ = (self.occupied - from) | to;
        let direct = match role {
            Role::Pawn => attacks::pawn_attacks(us, to).contains(king),
            Role::Knight => attacks::knight_attacks(to).contains(king),
            Role::Bishop => attacks::bishop_attacks(king, occ).contains(to),
            Role::Rook => attacks::rook_attacks(king, occ).contains(to),
            Role::Queen => attacks::queen_attacks(king, occ).contains(to),
            Role::King => false,
        };
        if direct {
            return true;
        }
        let line = attacks::line(king, from);
        if line.is_empty() || line.contains(to) || attacks::between(king, from).intersects(occ) {
            return false;
        }
        let our = self.by_color(us);
        let queens = self.by_role(Role::Queen);
        let sliders = if king.file() == from.file() || king.rank() == from.rank() {
            attacks::rook_attacks(king, occ) & (self.by_role(Role::Rook) | queens)
        } else {
            attacks::bishop_attacks(king, occ) & (self.by_role(Role::Bishop) | queens)
        };
        (sliders & our & line).any()
    }

    /// What the legal move `m` does to the opponent: nothing, check or mate.
    ///
    /// ```
    /// use movetext::{Move, Position, Square, position::CheckStatus};
    ///
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// assert_eq!(pos.check_status_after(Move::normal(Square::A1, Square::A8)), CheckStatus::Checkmate);
    /// assert_eq!(pos.check_status_after(Move::normal(Square::A1, Square::A7)), CheckStatus::None);
    /// ```
    #[inline]
    pub fn check_status_after(&self, m: Move) -> CheckStatus {
        if !self.gives_check(m) {
            return CheckStatus::None;
        }
        if self.played(m).has_legal_moves() {
            CheckStatus::Check
        } else {
            CheckStatus::Checkmate
        }
    }

    /// Whether the side to move is in check or mated: the `+` or `#` of
    /// the move that led here.
    ///
    /// ```
    /// use movetext::{Position, position::CheckStatus};
    ///
    /// let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
    /// assert_eq!(mated.check_status(), CheckStatus::Checkmate);
    /// let checked = Position::from_fen("R5k1/5pp1/8/8/8/8/8/6K1 b - - 1 1").unwrap();
    /// assert_eq!(checked.check_status(), CheckStatus::Check);
    /// assert_eq!(Position::new().check_status(), CheckStatus::None);
    /// ```
    #[inline]
    pub fn check_status(&self) -> CheckStatus {
        if !self.is_check() {
            CheckStatus::None
        } else if self.has_legal_moves() {
            CheckStatus::Check
        } else {
            CheckStatus::Checkmate
        }
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (moves at the last ply are counted, not played).
    ///
    /// ```
    /// use movetext::Position;
    ///
    /// assert_eq!(Position::new().perft(4), 197_281);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if fast_bits::available() {
            // SAFETY: the CPU has every feature `perft_fast` is compiled
            // for: `fast_bits::available` has just asked it.
            return unsafe { self.perft_fast(depth) };
        }
        self.perft_plain(depth)
    }

    /// Perft as compiled for the whole crate.
    pub(super) fn perft_plain(&self, depth: u32) -> u64 {
        self.perft_node(depth, Position::perft_plain)
    }

    /// Perft compiled for CPUs with POPCNT, BMI1, BMI2 and LZCNT (chosen at
    /// run time by [`Position::perft`] when the crate itself is built for
    /// older CPUs): counting a target set is then one instruction.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn perft_fast(&self, depth: u32) -> u64 {
        self.perft_node(depth, |pos, depth| pos.perft_fast(depth))
    }

    /// One node of perft; `child` counts below each move.
    #[inline(always)]
    fn perft_node(&self, depth: u32, child: impl Fn(&Position, u32) -> u64) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_inline(),
            _ => {
                let moves = self.legal_moves();
                moves
                    .iter()
                    .map(|&m| child(&self.played(m), depth - 1))
                    .sum()
            }
        }
    }
}

/// Run-time detection of the bit-manipulation instructions that
/// [`Position::perft`] uses when the crate is compiled without them.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
mod fast_bits {
    use core::sync::atomic::{AtomicU8, Ordering};

    /// 0: not asked yet; 1: missing; 2: present.
    static STATE: AtomicU8 = AtomicU8::new(0);

    /// Whether the CPU has POPCNT, BMI1, BMI2 and LZCNT: one relaxed load
    /// once the CPU has been asked.
    #[inline]
    pub(super) fn available() -> bool {
        match STATE.load(Ordering::Relaxed) {
            0 => detect(),
            state => state == 2,
        }
    }

    #[cold]
    fn detect() -> bool {
        let yes = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt");
        STATE.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
        yes
    }
}

/// Perft per root move: each legal move with the node count below it.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, pos.played(m).perft(depth - 1)))
        .collect()
}
