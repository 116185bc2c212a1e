//! From text to a legal move: resolving parsed notation in a position.

use core::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::position::{CastlingSide, CheckStatus, Position};
use crate::types::{Color, File, Piece, Rank, Role, Square};

use super::{Iccf, Lan, ParseMode, San, SanPlus, Suffix, Uci};

/// The moves an ambiguous move could be: their distinct from-squares, and
/// the moves themselves; at most 8 of each are kept (`count` says how many
/// moves there were).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    squares: [Square; 8],
    len: u8,
    moves: [(Square, Square); 8],
    moves_len: u8,
    count: u8,
}

impl Candidates {
    pub(crate) fn from_list(list: &[Move]) -> Candidates {
        let mut c = Candidates {
            squares: [Square::A1; 8],
            len: 0,
            moves: [(Square::A1, Square::A1); 8],
            moves_len: 0,
            count: list.len().min(255) as u8,
        };
        for m in list {
            if (c.len as usize) < 8 && !c.squares[..c.len as usize].contains(&m.from()) {
                c.squares[c.len as usize] = m.from();
                c.len += 1;
            }
            if (c.moves_len as usize) < 8 {
                c.moves[c.moves_len as usize] = (m.from(), m.to());
                c.moves_len += 1;
            }
        }
        c
    }

    /// The distinct from-squares, in generation order (at most 8).
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// The from- and to-square of each move that fitted, in generation
    /// order (at most 8).
    pub fn moves(&self) -> &[(Square, Square)] {
        &self.moves[..self.moves_len as usize]
    }

    /// How many legal moves fitted.
    pub fn count(&self) -> usize {
        self.count as usize
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.moves()).finish()
    }
}

impl fmt::Display for Candidates {
    /// Every candidate: its from-square (`b1, f3`) when those differ, else
    /// its from- and to-square (`f6-b2, f6-f7`); `...` when more than 8
    /// moves fitted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by_square = self.squares().len() == self.moves().len();
        for (i, &(from, to)) in self.moves().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if by_square {
                write!(f, "{from}")?;
            } else {
                write!(f, "{from}-{to}")?;
            }
        }
        if self.count() > self.moves().len() {
            f.write_str(", ...")?;
        }
        Ok(())
    }
}

/// Why a move's text does not give one legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanError {
    /// No legal move fits.
    Illegal,
    /// Several legal moves fit; their from-squares.
    Ambiguous(Candidates),
    /// The move is legal, but its check or mate suffix contradicts the
    /// position (strict mode only; lenient mode flags it in [`Resolved`]).
    WrongSuffix {
        /// The move the text names.
        mv: Move,
        /// What the text claimed.
        claimed: Suffix,
        /// What the move does.
        actual: CheckStatus,
    },
    /// The null move (`--`, `Z0`, `0000`) while in check: passing the turn
    /// would leave the king attacked.
    NullInCheck,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Illegal => f.write_str("no legal move fits"),
            SanError::NullInCheck => f.write_str("a null move while in check"),
            SanError::Ambiguous(c) => write!(f, "ambiguous ({c})"),
            SanError::WrongSuffix {
                claimed, actual, ..
            } => {
                let claim = match claimed {
                    Suffix::Check => "check",
                    Suffix::DiscoveredCheck => "discovered check",
                    Suffix::DoubleCheck => "double check",
                    Suffix::DoublePlus => "double check or mate",
                    Suffix::Mate | Suffix::MateX => "mate",
                };
                let does = match actual {
                    CheckStatus::None => "gives no check",
                    CheckStatus::Check => "gives check, not mate",
                    CheckStatus::Checkmate => "mates",
                };
                // A discovered or double check claimed of a plain check.
                let kind = match (claimed, actual) {
                    (Suffix::DiscoveredCheck, CheckStatus::Check) => ", not a discovered check",
                    (Suffix::DoubleCheck | Suffix::DoublePlus, CheckStatus::Check) => {
                        ", not a double check"
                    }
                    _ => "",
                };
                let does = if kind.is_empty() { does } else { "gives check" };
                write!(f, "written as {claim}, but the move {does}{kind}")
            }
        }
    }
}

impl std::error::Error for SanError {}

/// What the position says of a check or mate suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SuffixVerdict {
    /// No suffix was written.
    Absent,
    /// The suffix is right (`++` resolved to double check or mate).
    Confirmed,
    /// The suffix is wrong (lenient mode only; strict mode rejects it).
    Contradicted,
}

/// A resolved move and what the position says of its suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Resolved {
    /// The legal move.
    pub mv: Move,
    /// Whether the check or mate claim held.
    pub suffix: SuffixVerdict,
}

/// Keeps at most one move, or reports the ambiguity.
fn unique(list: &MoveList) -> Result<Move, SanError> {
    match list.len() {
        0 => Err(SanError::Illegal),
        1 => Ok(list[0]),
        _ => Err(SanError::Ambiguous(Candidates::from_list(list))),
    }
}

/// Whether the suffix holds after `m`: `Ok`, or what the move really does.
/// A plain `+` needs only [`Position::gives_check`]; the move is played only
/// when it gives check.
fn suffix_holds(pos: &Position, m: Move, suffix: Suffix) -> Result<(), CheckStatus> {
    if !pos.gives_check(m) {
        return Err(CheckStatus::None);
    }
    let moved_to = if m.is_castle() {
        Position::castle_king_target(m)
    } else {
        m.to()
    };
    suffix_holds_after(&pos.played(m), moved_to, suffix)
}

/// Whether the suffix holds in `after`, the position the move led to (its
/// piece now on `moved_to`): `Ok`, or what the move really does. The mate
/// test runs only when a claim needs it or fails.
pub(crate) fn suffix_holds_after(
    after: &Position,
    moved_to: Square,
    suffix: Suffix,
) -> Result<(), CheckStatus> {
    let checkers = after.checkers();
    if checkers.is_empty() {
        return Err(CheckStatus::None);
    }
    let status = || {
        if after.has_legal_moves() {
            CheckStatus::Check
        } else {
            CheckStatus::Checkmate
        }
    };
    let ok = match suffix {
        Suffix::Check => return Ok(()),
        Suffix::Mate | Suffix::MateX => status() == CheckStatus::Checkmate,
        Suffix::DoublePlus => checkers.more_than_one() || status() == CheckStatus::Checkmate,
        Suffix::DoubleCheck => checkers.more_than_one(),
        // Some checker is not the piece that moved.
        Suffix::DiscoveredCheck => (checkers - moved_to).any(),
    };
    if ok {
        Ok(())
    } else {
        Err(status())
    }
}

/// The lenient verdict on the suffix `s` of the move that led to `after`
/// (its piece now on `moved_to`).
#[inline(never)]
fn lenient_verdict_after(after: &Position, moved_to: Square, s: Suffix) -> SuffixVerdict {
    match suffix_holds_after(after, moved_to, s) {
        Ok(()) => SuffixVerdict::Confirmed,
        Err(_) => SuffixVerdict::Contradicted,
    }
}

/// The move with the verdict on its written suffix `s`.
#[inline(never)]
fn verdict(pos: &Position, m: Move, s: Suffix, mode: ParseMode) -> Result<Resolved, SanError> {
    if m.is_null() {
        return Ok(Resolved {
            mv: m,
            suffix: SuffixVerdict::Absent,
        });
    }
    judge(m, s, suffix_holds(pos, m, s), mode)
}

/// The verdict on the suffix `s` of `m`, given whether it holds: a wrong
/// suffix is flagged in lenient mode and an error in strict mode.
#[inline]
fn judge(
    m: Move,
    s: Suffix,
    holds: Result<(), CheckStatus>,
    mode: ParseMode,
) -> Result<Resolved, SanError> {
    let suffix = match holds {
        Ok(()) => SuffixVerdict::Confirmed,
        Err(actual) if mode == ParseMode::Strict => {
            return Err(SanError::WrongSuffix {
                mv: m,
                claimed: s,
                actual,
            })
        }
        Err(_) => SuffixVerdict::Contradicted,
    };
    Ok(Resolved { mv: m, suffix })
}

impl San {
    /// The legal move this text names in `pos`.
    ///
    /// In strict mode a capture mark must match a capture; in lenient mode
    /// it is ignored (and may be missing). A pawn move without a file of
    /// departure and without a capture mark is a push. The abbreviated pawn
    /// captures `ed`/`exd` resolve when exactly one legal move fits.
    ///
    /// ```
    /// use movetext::notation::{Language, ParseMode, San, SanError};
    /// use movetext::{Position, Square};
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
    /// let san = San::from_ascii(b"Nd2", Language::En, ParseMode::Strict).unwrap().san;
    /// match san.to_move(&pos, ParseMode::Strict) {
    ///     Err(SanError::Ambiguous(c)) => assert_eq!(c.squares(), &[Square::B1, Square::F3]),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    #[inline]
    pub fn to_move(&self, pos: &Position, mode: ParseMode) -> Result<Move, SanError> {
        match self.single_fit(pos, mode) {
            Some(m) => Ok(m),
            None => self.resolve_general(pos, mode),
        }
    }

    /// The fast path of [`San::to_move`]: see [`single_fit`].
    #[inline(always)]
    pub(super) fn single_fit(&self, pos: &Position, mode: ParseMode) -> Option<Move> {
        self.single_fit_parts(pos, mode).map(|f| f.mv())
    }

    /// [`San::single_fit`], in parts: the squares, the piece, the promotion.
    #[inline(always)]
    fn single_fit_parts(&self, pos: &Position, mode: ParseMode) -> Option<Fit> {
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to_file,
            to_rank: Some(r),
            promotion,
        } = *self
        else {
            return None;
        };
        let to = Square::from_coords(to_file, r);
        let mask = from_mask(role, file, rank, capture, to_file);
        let strict = mode == ParseMode::Strict;
        let from = single_fit(pos, role, to, mask, promotion, capture, strict)?;
        Some(Fit {
            from,
            to,
            role,
            promotion,
        })
    }

    /// [`San::to_move`] past its fast path: every candidate listed.
    #[inline(never)]
    pub(super) fn resolve_general(
        &self,
        pos: &Position,
        mode: ParseMode,
    ) -> Result<Move, SanError> {
        match *self {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to_file,
                to_rank,
                promotion,
            } => {
                let mask = from_mask(role, file, rank, capture, to_file);
                let mut list = MoveList::new();
                match to_rank {
                    Some(r) => pos.san_candidates(
                        role,
                        crate::types::Square::from_coords(to_file, r),
                        mask,
                        &mut list,
                    ),
                    None => {
                        for r in Rank::ALL {
                            pos.san_candidates(
                                role,
                                Square::from_coords(to_file, r),
                                mask,
                                &mut list,
                            );
                        }
                        // `ed`: only captures, the file must change.
                        list.retain(|m| m.from().file() != m.to().file());
                    }
                }
                if role == Role::Pawn {
                    list.retain(|m| m.promotion_role() == promotion);
                } else if promotion.is_some() {
                    return Err(SanError::Illegal);
                }
                if mode == ParseMode::Strict {
                    list.retain(|&m| pos.is_capture(m) == capture);
                } else if role == Role::King && list.is_empty() {
                    // Lenient: castling written as the king's move (`Kg1`,
                    // or `Kh1` onto the rook as Chess960 tools do).
                    if let Some(to) = self.to() {
                        let king = pos.king(pos.turn());
                        if mask.contains(king) {
                            if let Some(m) = castling_by_king_move(pos, king, to) {
                                return Ok(m);
                            }
                        }
                    }
                }
                unique(&list)
            }
            San::Castle(side) => pos.castling_move(side).ok_or(SanError::Illegal),
            San::Null => null_move(pos),
        }
    }
}

impl SanPlus {
    /// The legal move this text names in `pos`, with the verdict on its
    /// check or mate suffix. Strict mode rejects a wrong suffix
    /// ([`SanError::WrongSuffix`]); lenient mode accepts it and flags it.
    ///
    /// ```
    /// use movetext::notation::{Language, ParseMode, San, SuffixVerdict};
    /// use movetext::{Position, Move, Square};
    ///
    /// let pos = Position::new();
    /// let sp = San::from_ascii(b"e4+", Language::En, ParseMode::Lenient).unwrap();
    /// let r = sp.to_move(&pos, ParseMode::Lenient).unwrap();
    /// assert_eq!(r.mv, Move::normal(Square::E2, Square::E4));
    /// assert_eq!(r.suffix, SuffixVerdict::Contradicted);
    /// assert!(sp.to_move(&pos, ParseMode::Strict).is_err());
    /// ```
    ///
    /// An en passant mark (`exd6 e.p.`) on a move that takes no pawn en
    /// passant is flagged as a wrong suffix too.
    #[inline]
    pub fn to_move(&self, pos: &Position, mode: ParseMode) -> Result<Resolved, SanError> {
        let r = self.with_verdict(pos, self.san.to_move(pos, mode)?, mode)?;
        Ok(self.with_en_passant(r))
    }

    /// `r` flagged when an en passant mark was written on a move that takes
    /// no pawn en passant (lenient mode: strict mode reads no mark).
    #[inline]
    fn with_en_passant(&self, mut r: Resolved) -> Resolved {
        if self.en_passant && !r.mv.is_en_passant() {
            r.suffix = SuffixVerdict::Contradicted;
        }
        r
    }

    /// `m`, the move the text names in `pos`, with the verdict on the suffix.
    #[inline]
    fn with_verdict(&self, pos: &Position, m: Move, mode: ParseMode) -> Result<Resolved, SanError> {
        match self.suffix {
            None => Ok(Resolved {
                mv: m,
                suffix: SuffixVerdict::Absent,
            }),
            Some(s) => verdict(pos, m, s, mode),
        }
    }

    /// Resolves the move as [`SanPlus::to_move`] does and plays it on `pos`,
    /// in one step: the piece is known from the text, and the suffix is
    /// judged from the position reached. The null move (`--`) passes the
    /// turn. On an error `pos` is unchanged.
    ///
    /// ```
    /// use movetext::notation::{Language, ParseMode, San, SuffixVerdict};
    /// use movetext::Position;
    ///
    /// let mut pos = Position::new();
    /// for (san, suffix) in [("f3", SuffixVerdict::Absent), ("e5", SuffixVerdict::Absent),
    ///                       ("g4", SuffixVerdict::Absent), ("Qh4#", SuffixVerdict::Confirmed)] {
    ///     let sp = San::from_ascii(san.as_bytes(), Language::En, ParseMode::Strict).unwrap();
    ///     assert_eq!(sp.play(&mut pos, ParseMode::Strict).unwrap().suffix, suffix);
    /// }
    /// assert!(pos.is_checkmate());
    /// ```
    #[inline]
    pub fn play(&self, pos: &mut Position, mode: ParseMode) -> Result<Resolved, SanError> {
        let r = match self.play_fast(pos, None, mode) {
            Some(r) => r,
            None => self.play_general(pos, mode)?,
        };
        Ok(self.with_en_passant(r))
    }

    /// [`SanPlus::play`] past its fast path (which has just failed for this
    /// move): every candidate listed.
    #[inline]
    pub(crate) fn play_general(
        &self,
        pos: &mut Position,
        mode: ParseMode,
    ) -> Result<Resolved, SanError> {
        let r = self.with_verdict(pos, self.san.resolve_general(pos, mode)?, mode)?;
        pos.play_or_pass(r.mv);
        Ok(r)
    }

    /// The fast path of [`SanPlus::play`] without a copy of the position:
    /// `before` sees the position and the move before the move is played.
    /// A suffix is judged once the move is played; in strict mode a move
    /// with a suffix is left to [`SanPlus::play_fast`] (a wrong suffix must
    /// then leave `pos` as it was). Castling as [`Position::castling_move`]
    /// finds it. `None` leaves `pos` unchanged, `before` not called;
    /// `before` is given the export SAN of castling only (see
    /// [`Fit::play_in_place`]).
    #[inline(always)]
    pub(crate) fn play_in_place<'b>(
        &self,
        pos: &mut Position,
        mode: ParseMode,
        before: impl FnOnce(&Position, Move, Option<&'b [u8]>),
    ) -> Option<Resolved> {
        if self.suffix.is_some() && mode == ParseMode::Strict {
            return None;
        }
        match self.san {
            San::Castle(side) => {
                let m = pos.castling_move(side)?;
                // The fast shapes read castling only as its export SAN.
                let san: &'static [u8] = match side {
                    CastlingSide::KingSide => b"O-O",
                    CastlingSide::QueenSide => b"O-O-O",
                };
                before(pos, m, Some(san));
                pos.play(m);
                Some(Resolved {
                    mv: m,
                    suffix: verdict_in_place(self.suffix, pos, Position::castle_king_target(m)),
                })
            }
            _ => {
                let fit = self.san.single_fit_parts(pos, mode)?;
                Some(fit.play_in_place(pos, self.suffix, None, before))
            }
        }
    }

    /// The fast path of [`SanPlus::play`]: a move with a single plain fit
    /// (see [`single_fit`]) and a suffix that does not fail, played. `None`
    /// leaves `pos` unchanged for the general path, which then decides.
    /// A move with a suffix is played in place, and `pos` restored from a
    /// copy if the suffix fails: `kept`, a copy the caller keeps anyway (the
    /// validator's position before the move), or one made here.
    /// Always inlined, and it hands no reference to the move on to
    /// out-of-line code, so that the parsed move can live in registers.
    #[inline(always)]
    pub(crate) fn play_fast(
        &self,
        pos: &mut Position,
        kept: Option<&Position>,
        mode: ParseMode,
    ) -> Option<Resolved> {
        let fit = self.san.single_fit_parts(pos, mode)?;
        fit.play_fast(pos, kept, self.suffix, mode)
    }
}

impl Fit {
    /// The end of [`SanPlus::play_in_place`], from the fit found: `before`
    /// sees the position, the move and `san` (the move's export SAN less
    /// its suffix, when its text is that), then the move is played and
    /// its `suffix` judged (lenient).
    #[inline(always)]
    fn play_in_place<'b>(
        self,
        pos: &mut Position,
        suffix: Option<Suffix>,
        san: Option<&'b [u8]>,
        before: impl FnOnce(&Position, Move, Option<&'b [u8]>),
    ) -> Resolved {
        let m = self.mv();
        before(pos, m, san);
        self.play(pos);
        Resolved {
            mv: m,
            suffix: verdict_in_place(suffix, pos, self.to),
        }
    }

    /// The end of [`SanPlus::play_fast`], from the fit found: the move
    /// played, its `suffix` judged, `pos` restored from `kept` (or a copy
    /// made here) if the suffix fails.
    #[inline(always)]
    fn play_fast(
        self,
        pos: &mut Position,
        kept: Option<&Position>,
        suffix: Option<Suffix>,
        mode: ParseMode,
    ) -> Option<Resolved> {
        let m = self.mv();
        let Some(s) = suffix else {
            self.play(pos);
            return Some(Resolved {
                mv: m,
                suffix: SuffixVerdict::Absent,
            });
        };
        let copy;
        let before = match kept {
            Some(before) => before,
            None => {
                copy = *pos;
                &copy
            }
        };
        debug_assert!(pos == before, "the kept copy differs from the position");
        self.play(pos);
        let judged = judge(m, s, suffix_holds_after(pos, self.to, s), mode);
        if judged.is_err() {
            *pos = *before;
        }
        judged.ok()
    }
}

impl super::fast::Common {
    /// The move of a common form (see [`super::fast::is_common`]) played on
    /// `pos` if it has a single plain fit, as [`SanPlus::play_in_place`]
    /// plays it with `suffix`, but from the token's parts (read from
    /// `body`, the token less its suffix): `before` sees the position and
    /// the move before it is played, and `body` when it is the move's PGN
    /// export SAN less its suffix. It is unless lenient reading took a
    /// capture written without its `x`: the single fit leaves no other
    /// legal move of the piece to the square to tell apart, and a pawn's
    /// form is its SAN. `None` leaves `pos` unchanged, `before` not called.
    #[inline(always)]
    pub(crate) fn play_in_place<'b>(
        self,
        pos: &mut Position,
        body: &'b [u8],
        suffix: Option<Suffix>,
        mode: ParseMode,
        before: impl FnOnce(&Position, Move, Option<&'b [u8]>),
    ) -> Option<Resolved> {
        if suffix.is_some() && mode == ParseMode::Strict {
            return None;
        }
        let fit = self.fit(pos, mode)?;
        let export = self.capture | !pos.by_color(pos.turn().other()).contains(self.to);
        Some(fit.play_in_place(pos, suffix, export.then_some(body), before))
    }

    /// [`SanPlus::play_fast`] for a common form with `suffix`, from its
    /// parts (the validator's path when the position before the move is
    /// kept: with variations, or in strict mode).
    #[inline(always)]
    pub(crate) fn play_fast(
        self,
        pos: &mut Position,
        kept: Option<&Position>,
        suffix: Option<Suffix>,
        mode: ParseMode,
    ) -> Option<Resolved> {
        self.fit(pos, mode)?.play_fast(pos, kept, suffix, mode)
    }

    /// The move's single plain fit, if it has one (see [`single_fit`]).
    #[inline(always)]
    fn fit(self, pos: &Position, mode: ParseMode) -> Option<Fit> {
        let strict = mode == ParseMode::Strict;
        let mask = self.departure_mask();
        Some(Fit {
            from: single_fit(pos, self.role, self.to, mask, None, self.capture, strict)?,
            to: self.to,
            role: self.role,
            promotion: None,
        })
    }
}

/// The lenient verdict on `suffix` of the move just played, its piece now
/// on `moved_to`: a `+` that holds without a call.
#[inline(always)]
fn verdict_in_place(suffix: Option<Suffix>, after: &Position, moved_to: Square) -> SuffixVerdict {
    match suffix {
        None => SuffixVerdict::Absent,
        Some(Suffix::Check) if after.is_check() => SuffixVerdict::Confirmed,
        Some(s) => lenient_verdict_after(after, moved_to, s),
    }
}

/// The squares a move may leave from, as far as its text says: the written
/// file and rank; for a pawn without a file, the destination file for a push
/// (`e4`) and the other files for a capture (`xd5`).
#[inline]
fn from_mask(
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to_file: File,
) -> Bitboard {
    // Without branches (the role and the written parts vary from move to
    // move and are hard to predict): every part gives a mask, all squares
    // when it says nothing.
    const ALL: u64 = u64::MAX;
    let file_mask = file.map_or(ALL, |f| Bitboard::from_file(f).0);
    let rank_mask = rank.map_or(ALL, |r| Bitboard::from_rank(r).0);
    // A pawn without a written file: its own file for a push, the others
    // for a capture.
    let pawn_rule = (role == Role::Pawn) & file.is_none();
    let pawn_files = Bitboard::from_file(to_file).0 ^ u64::from(capture).wrapping_neg();
    let pawn_mask = pawn_files | u64::from(pawn_rule).wrapping_sub(1);
    Bitboard(file_mask & rank_mask & pawn_mask)
}

/// The square the one legal move of `role` to `to` from a square of `mask`
/// leaves, found with attack lookups and no move list: the common case of
/// [`San::to_move`].
/// `None` whenever the answer is not a single plain fit (no fit, several,
/// en passant, a pawn whose promotion does not match, a capture mark onto
/// an empty square, a missing capture mark in strict mode): the general
/// path then decides, and errors keep its wording. Where this gives a move, the general path gives the same.
#[inline(always)]
fn single_fit(
    pos: &Position,
    role: Role,
    to: Square,
    mask: Bitboard,
    promotion: Option<Role>,
    capture: bool,
    strict: bool,
) -> Option<Square> {
    let us = pos.turn();
    let them = us.other();
    if pos.by_color(us).contains(to) {
        return None;
    }
    let takes = pos.by_color(them).contains(to);
    if strict && takes != capture {
        return None;
    }
    let king = pos.king(us);
    let occ = pos.occupied();
    // A capture mark onto an empty square is left to the general path in
    // lenient mode too: the validator reports it there.
    if capture & !takes {
        return None;
    }
    if role == Role::King {
        let fits = promotion.is_none()
            && mask.contains(king)
            && attacks::king_attacks(king).contains(to)
            && !pos.is_attacked(to, them, occ - king);
        return fits.then_some(king);
    }
    let checkers = pos.checkers();
    if let Some(checker) = checkers.first() {
        if checkers.more_than_one() || !(attacks::between(king, checker) | checker).contains(to) {
            return None;
        }
    }
    let ours = pos.pieces(us, role) & mask;
    let froms = match role {
        Role::Pawn => {
            let promotes = to.rank() == us.relative_rank(Rank::Eighth);
            if promotes != promotion.is_some()
                || promotion.is_some_and(|p| !p.is_promotion_target())
                || Some(to) == pos.ep_square()
            {
                return None;
            }
            if takes {
                attacks::pawn_attacks(them, to) & ours
            } else {
                let to_bb = Bitboard::from_square(to);
                let (one, two) = match us {
                    Color::White => (to_bb.shift_down(), to_bb.shift_down().shift_down()),
                    Color::Black => (to_bb.shift_up(), to_bb.shift_up().shift_up()),
                };
                let pushed = one & ours;
                if pushed.is_empty()
                    && to.rank() == us.relative_rank(Rank::Fourth)
                    && !occ.intersects(one)
                {
                    two & ours
                } else {
                    pushed
                }
            }
        }
        _ if promotion.is_some() => return None,
        // Pieces that would reach `to` on an empty board (one load from a
        // small table, for any role), then those with a free line (see
        // `attacks::unblocked`; a knight has nothing between, and going
        // the same way as the sliders spares a branch on the role). One
        // piece (most moves): its line is tested by a branch, which the CPU
        // predicts, so the square it leaves, and the move played from it,
        // do not wait on the `between` load as they would on a select.
        role => {
            let piece = Piece { color: us, role };
            let reach = attacks::pseudo_attacks(piece, to) & ours;
            if reach.more_than_one() {
                attacks::unblocked(to, reach, occ)
            } else {
                let from = reach.first()?;
                if attacks::between(to, from).intersects(occ) {
                    return None;
                }
                reach
            }
        }
    };
    // Pinned pieces move only along the line of their pin: a candidate
    // stays if no enemy slider on the line from the king through it sees
    // the king once it has moved (usually there is none, and the loop in
    // `unblocked` does not run). No branch on whether a candidate is on a
    // line from the king, which varies from move to move.
    let (rook_rays, bishop_rays) = (attacks::rook_rays(king), attacks::bishop_rays(king));
    let queens = pos.by_role(Role::Queen);
    let snipers = pos.by_color(them)
        & ((rook_rays & (pos.by_role(Role::Rook) | queens))
            | (bishop_rays & (pos.by_role(Role::Bishop) | queens)));
    // One candidate: a branch again, not a select (see above). The loop
    // below repeats its test, written out in each: this path must stay a
    // straight line without a call.
    if !froms.more_than_one() {
        let from = froms.first()?;
        let pinners = (snipers & attacks::line(king, from)) - to;
        if attacks::unblocked(king, pinners, (occ - from) | to).any() {
            return None;
        }
        return Some(from);
    }
    let mut legal = Bitboard::EMPTY;
    for from in froms {
        let pinners = (snipers & attacks::line(king, from)) - to;
        if !attacks::unblocked(king, pinners, (occ - from) | to).any() {
            legal.add(from);
        }
    }
    legal.single()
}

/// The one move of [`single_fit`], in parts.
#[derive(Copy, Clone)]
struct Fit {
    from: Square,
    to: Square,
    role: Role,
    promotion: Option<Role>,
}

impl Fit {
    #[inline(always)]
    fn mv(self) -> Move {
        match self.promotion {
            Some(p) => Move::promotion(self.from, self.to, p),
            None => Move::normal(self.from, self.to),
        }
    }

    /// Plays the move on `pos` (the position it was found in).
    #[inline(always)]
    fn play(self, pos: &mut Position) {
        let lands = self.promotion.unwrap_or(self.role);
        pos.play_plain(self.from, self.to, self.role, lands);
    }
}

/// The null move, refused in check (see [`Position::play_null`]).
fn null_move(pos: &Position) -> Result<Move, SanError> {
    if pos.is_check() {
        Err(SanError::NullInCheck)
    } else {
        Ok(Move::NULL)
    }
}

/// Castling named by a king's move: two files along the back rank (`e1g1`)
/// or onto its own rook (`e1h1`).
fn castling_by_king_move(pos: &Position, from: Square, to: Square) -> Option<Move> {
    if from != pos.king(pos.turn()) {
        return None;
    }
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if let Some(m) = pos.castling_move(side) {
            if m.from() == from && (m.to() == to || Position::castle_king_target(m) == to) {
                // A plain king step to the same square stays a king step.
                let mut plain = MoveList::new();
                pos.san_candidates(Role::King, to, Bitboard::from_square(from), &mut plain);
                if plain.is_empty() || m.to() == to {
                    return Some(m);
                }
            }
        }
    }
    None
}

/// A move given by its squares (UCI, ICCF, LAN).
fn by_squares(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, SanError> {
    let Some(role) = pos.role_at(from) else {
        return Err(SanError::Illegal);
    };
    if pos.piece_at(from).map(|p| p.color) != Some(pos.turn()) {
        return Err(SanError::Illegal);
    }
    if role == Role::King {
        if let Some(m) = castling_by_king_move(pos, from, to) {
            return if promotion.is_none() {
                Ok(m)
            } else {
                Err(SanError::Illegal)
            };
        }
    }
    let mut list = MoveList::new();
    pos.san_candidates(role, to, Bitboard::from_square(from), &mut list);
    list.retain(|m| m.promotion_role() == promotion);
    unique(&list)
}

impl Uci {
    /// The legal move in `pos`. Castling may be written `e1g1` or `e1h1`.
    ///
    /// ```
    /// use movetext::notation::Uci;
    /// use movetext::{Position, Move, Square};
    /// let pos = Position::new();
    /// assert_eq!(Uci::from_ascii(b"g1f3").unwrap().to_move(&pos), Ok(Move::normal(Square::G1, Square::F3)));
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        match *self {
            Uci::Normal {
                from,
                to,
                promotion,
            } => by_squares(pos, from, to, promotion),
            Uci::Null => null_move(pos),
        }
    }
}

impl Iccf {
    /// The legal move in `pos`; castling is the king's move (`5171`).
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        by_squares(pos, self.from, self.to, self.promotion)
    }
}

impl Lan {
    /// The legal move in `pos`. The piece letter must match the piece on
    /// the from-square; a king's two-square move is read as castling.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        match *self {
            Lan::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                if pos.role_at(from) != Some(role) {
                    return Err(SanError::Illegal);
                }
                by_squares(pos, from, to, promotion)
            }
            Lan::Castle(side) => pos.castling_move(side).ok_or(SanError::Illegal),
            Lan::Null => null_move(pos),
        }
    }
}
