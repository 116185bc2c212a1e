//! The fast paths of English PGN move tokens, apart from the syntax of
//! [`san`](super::san): the common forms read without the general parser's
//! branches, and played from their parts without a copy of the position.
//!
//! The validator's fast paths enter here, one function per job:
//! [`play_common_in_place`] (most moves), [`play_other_in_place`] (the
//! other PGN forms, in place), [`play_fast`] (the same forms on a position
//! whose copy the caller keeps) and [`play_general`] (any SAN token once
//! these have failed). Where a fast path and the general parser both read
//! a token they agree (the syntax and position tests compare them).

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{File, Rank, Role, Square};

use super::resolve::{Resolved, SanError};
use super::san::{CastlingSide, San, SanPlus, Suffix};
use super::{Language, ParseError, ParseMode};

/// A common move without a suffix (`e4`, `Nf3`, `exd5`, `Nxd5`: most
/// moves) played on `pos` if it has a single plain fit, with no copy of
/// the position: `before` sees the position and the move before it is
/// played, and the token when it is the move's PGN export SAN (see
/// [`Common::play_in_place`]). `None` (nothing done, `before` not called)
/// for any other token or fit.
#[inline(always)]
pub(crate) fn play_common_in_place(
    pos: &mut Position,
    token: &[u8],
    mode: ParseMode,
    before: impl FnOnce(&Position, Move, Option<&[u8]>),
) -> Option<Resolved> {
    if !is_common(token) {
        return None;
    }
    Common::read(token).play_in_place(pos, token, None, mode, before)
}

/// The other English PGN forms played in place as
/// [`play_common_in_place`] plays the common ones: castling, promotions,
/// a departure square, and (lenient) a common form with a suffix, whose
/// body `before` sees when it is the move's export SAN; `after` sees what
/// was played. A common form without a suffix is not tried: its
/// caller has just found it no single fit. False: nothing done, neither
/// `before` nor `after` called.
#[inline(always)]
pub(crate) fn play_other_in_place(
    pos: &mut Position,
    token: &[u8],
    mode: ParseMode,
    before: impl FnOnce(&Position, Move, Option<&[u8]>),
    after: impl FnOnce(Resolved),
) -> bool {
    // `after` is called in each branch: the two paths stay apart in the
    // caller, each with its own registers.
    let (suffix, body) = split_suffix(token);
    if is_common(body) {
        if suffix.is_none() {
            return false;
        }
        return match Common::read(body).play_in_place(pos, body, suffix, mode, before) {
            Some(r) => {
                after(r);
                true
            }
            None => false,
        };
    }
    match fast_token_shapes(token).and_then(|sp| sp.play_in_place(pos, mode, before)) {
        Some(r) => {
            after(r);
            true
        }
        None => false,
    }
}

/// An English token of the PGN forms (see [`fast_token`]) played on `pos`
/// if it has a single plain fit and its suffix does not fail (see
/// [`SanPlus::play_fast`]; `kept`: a copy of `pos` the caller keeps).
/// `None` leaves `pos` unchanged for [`play_general`].
#[inline(always)]
pub(crate) fn play_fast(
    pos: &mut Position,
    kept: Option<&Position>,
    token: &[u8],
    mode: ParseMode,
) -> Option<Resolved> {
    let (suffix, body) = split_suffix(token);
    if is_common(body) {
        Common::read(body).play_fast(pos, kept, suffix, mode)
    } else {
        play_shapes_fast(pos, kept, token, mode)
    }
}

/// [`play_fast`] for the rarer forms (castling, promotions, a departure
/// square), out of line: the common path stays small.
#[inline(never)]
fn play_shapes_fast(
    pos: &mut Position,
    kept: Option<&Position>,
    token: &[u8],
    mode: ParseMode,
) -> Option<Resolved> {
    fast_token_shapes(token)?.play_fast(pos, kept, mode)
}

/// A SAN token in `lang` read and played past the fast paths: an English
/// token of the PGN forms (whose fast fit has failed) goes straight to
/// the general resolver, any other token to the general parser. The token
/// is read again rather than kept across the fast path: the fast path's
/// parsed move stays in registers. The outer `Err` is a syntax error; the
/// inner result is [`SanPlus::play`]'s.
#[inline(always)]
pub(crate) fn play_general(
    pos: &mut Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<Result<Resolved, SanError>, ParseError> {
    let fast = match lang {
        Language::En => fast_token(token),
        _ => None,
    };
    match fast {
        Some(sp) => Ok(sp.play_general(pos, mode)),
        None => San::from_ascii_general(token, lang, mode).map(|sp| sp.play(pos, mode)),
    }
}

/// The common English PGN forms (`e4`, `Nf3`, `exd5`, `Nbd7`, `R1a3`,
/// `Qh4xe1`, `e8=Q`, with `+` or `#`) followed by the end of the text or a
/// delimiter, without the general parser's branches. Returns `None` for
/// anything else, which the general parser then reads; where both read a
/// text they agree (a test compares them).
#[inline]
pub(super) fn fast_english(b: &[u8], lenient: bool) -> Option<(SanPlus, usize)> {
    #[inline(always)]
    fn is_file(c: u8) -> bool {
        c.wrapping_sub(b'a') < 8
    }
    #[inline(always)]
    fn is_rank(c: u8) -> bool {
        c.wrapping_sub(b'1') < 8
    }
    let at = |k: usize| b.get(k).copied().unwrap_or(0);
    let (role, mut i) = match *b.first()? {
        b'N' => (Role::Knight, 1),
        b'B' => (Role::Bishop, 1),
        b'R' => (Role::Rook, 1),
        b'Q' => (Role::Queen, 1),
        b'K' => (Role::King, 1),
        b'a'..=b'h' => (Role::Pawn, 0),
        _ => return None,
    };
    let mut file = None;
    let mut rank = None;
    let (c0, c1, c2) = (at(i), at(i + 1), at(i + 2));
    if is_file(c0) && is_rank(c1) {
        if is_file(c2) || c2 == b'x' {
            if role == Role::Pawn {
                return None;
            }
            file = Some(File::new(c0 - b'a'));
            rank = Some(Rank::new(c1 - b'1'));
            i += 2;
        }
    } else if is_file(c0) {
        file = Some(File::new(c0 - b'a'));
        i += 1;
    } else if is_rank(c0) && role != Role::Pawn {
        rank = Some(Rank::new(c0 - b'1'));
        i += 1;
    }
    let capture = at(i) == b'x';
    i += usize::from(capture);
    let (tf, tr) = (at(i), at(i + 1));
    if !is_file(tf) || !is_rank(tr) || (role == Role::Pawn && file.is_some() != capture) {
        return None;
    }
    i += 2;
    let mut promotion = None;
    if role == Role::Pawn && (tr == b'8' || tr == b'1') && at(i) == b'=' {
        promotion = Some(match at(i + 1) {
            b'N' => Role::Knight,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'Q' => Role::Queen,
            _ => return None,
        });
        i += 2;
    }
    let suffix = match at(i) {
        b'+' => Some(Suffix::Check),
        b'#' => Some(Suffix::Mate),
        _ => None,
    };
    i += usize::from(suffix.is_some());
    match b.get(i) {
        None | Some(b'\n' | b'\r' | b'\t' | b')') => {}
        // After a space, lenient mode reads suffix words (`exd6 ep`).
        Some(b' ') if !lenient || !matches!(at(i + 1), b'e' | b'c' | b'd' | b'm') => {}
        _ => return None,
    }
    Some((
        SanPlus {
            san: San::Normal {
                role,
                file,
                rank,
                capture,
                to_file: File::new(tf - b'a'),
                to_rank: Some(Rank::new(tr - b'1')),
                promotion,
            },
            suffix,
            nag: None,
            en_passant: false,
            draw_offer: false,
        },
        i,
    ))
}

/// What a token's first byte says, for [`fast_token`]: the piece of its
/// letter (`N`, `B`, `R`, `Q`, `K`), `Pawn` for a file letter (`a`-`h`:
/// `e4` or `exd5`), and in bit `n` of [`FIRST_LENGTHS`] whether a body of
/// `n` bytes may start with it (piece: 3 `Nf3`, 4 `Nxf3`; file: 2 `e4`,
/// 4 `exd5`; anything else: none).
const FIRST_ROLE: [Role; 256] = {
    let mut t = [Role::Pawn; 256];
    t[b'N' as usize] = Role::Knight;
    t[b'B' as usize] = Role::Bishop;
    t[b'R' as usize] = Role::Rook;
    t[b'Q' as usize] = Role::Queen;
    t[b'K' as usize] = Role::King;
    t
};

/// See [`FIRST_ROLE`].
const FIRST_LENGTHS: [u8; 256] = {
    let mut t = [0; 256];
    let mut c = b'a';
    while c <= b'h' {
        t[c as usize] = 1 << 2 | 1 << 4;
        c += 1;
    }
    let pieces = *b"NBRQK";
    let mut i = 0;
    while i < pieces.len() {
        t[pieces[i] as usize] = 1 << 3 | 1 << 4;
        i += 1;
    }
    t
};

/// The file of each letter `a`-`h`.
const FILE_OF: [Option<File>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < 8 {
        t[b'a' as usize + i] = Some(File::ALL[i]);
        i += 1;
    }
    t
};

/// A whole English token in one of the PGN forms (`e4`, `Nf3`, `exd5`,
/// `Nbd7`, `R1a3`, `Qh4xe1`, `e8=Q`, `exd8=N`, `O-O`, `O-O-O`, each with
/// `+` or `#` or nothing). These forms read alike in strict and lenient
/// mode. `None` for anything else, which the general parser then reads;
/// where both read a token they agree (a test compares them).
///
/// The common forms, `e4`, `Nf3`, `exd5` and `Nxd5`, are read without
/// branching on which of them it is (that varies from move to move and so
/// mispredicts): the destination is the last two bytes, the first byte is a
/// piece letter or a file, and a body of four bytes has `x` second. The
/// others (castling, promotions, a departure file or rank) go to
/// [`fast_token_shapes`].
#[inline(always)]
pub(crate) fn fast_token(b: &[u8]) -> Option<SanPlus> {
    fast_token_common(b).or_else(|| fast_token_shapes(b))
}

/// [`fast_token`] for the common forms only (`e4`, `Nf3`, `exd5`, `Nxd5`,
/// with a suffix or not): `None` for the others, which
/// [`fast_token_shapes`] reads.
#[inline(always)]
pub(crate) fn fast_token_common(b: &[u8]) -> Option<SanPlus> {
    let (suffix, body) = split_suffix(b);
    if !is_common(body) {
        return None;
    }
    let c = Common::read(body);
    let pawn_capture = c.capture & (c.role == Role::Pawn);
    Some(SanPlus {
        san: San::Normal {
            role: c.role,
            // `exd5`: the pawn's file; else `FILE_OF[0]`, `None`.
            file: FILE_OF[usize::from(c.first) & usize::from(pawn_capture).wrapping_neg()],
            rank: None,
            capture: c.capture,
            to_file: c.to.file(),
            to_rank: Some(c.to.rank()),
            promotion: None,
        },
        suffix,
        nag: None,
        en_passant: false,
        draw_offer: false,
    })
}

/// A PGN check or mate suffix (`+`, `#`) at the end of `b`, and what is
/// before it.
#[inline(always)]
pub(crate) fn split_suffix(b: &[u8]) -> (Option<Suffix>, &[u8]) {
    match *b {
        [ref body @ .., b'+'] => (Some(Suffix::Check), body),
        [ref body @ .., b'#'] => (Some(Suffix::Mate), body),
        _ => (None, b),
    }
}

/// Whether `body` is a move of a common form without a suffix: `e4`,
/// `Nf3`, `exd5` or `Nxd5`. Read without branching on which of them it is
/// (that varies from move to move and so mispredicts): the destination is
/// the last two bytes, the first byte is a piece letter or a file, and a
/// body of four bytes has `x` second. A token with a suffix is not one (its
/// last byte is no rank).
#[inline(always)]
pub(crate) fn is_common(body: &[u8]) -> bool {
    let n = body.len();
    if n.wrapping_sub(2) > 2 {
        return false;
    }
    let (tf, tr) = (
        body[n - 2].wrapping_sub(b'a'),
        body[n - 1].wrapping_sub(b'1'),
    );
    (FIRST_LENGTHS[usize::from(body[0])] >> n) & 1 != 0
        && ((n != 4) | (body[1] == b'x'))
        && (tf | tr) < 8
}

/// A move of a common form (see [`is_common`]), read into what resolving
/// it needs.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Common {
    /// The piece (`Pawn` for a file letter).
    pub(crate) role: Role,
    /// The destination.
    pub(crate) to: Square,
    /// Whether it is written as a capture.
    pub(crate) capture: bool,
    /// The first byte: the piece letter, or the pawn's file.
    first: u8,
}

impl Common {
    /// `body`, which [`is_common`] accepts. Not an `Option`: the parts
    /// stay in registers of their own (an `Option` packs them into one word
    /// and unpacks them again).
    #[inline(always)]
    pub(crate) fn read(body: &[u8]) -> Common {
        debug_assert!(is_common(body));
        let n = body.len();
        let c0 = body[0];
        Common {
            // `e4`: the first byte is the destination file, read as a pawn's.
            role: FIRST_ROLE[usize::from(c0)],
            to: Square::from_coords(
                File::new(body[n - 2].wrapping_sub(b'a')),
                Rank::new(body[n - 1].wrapping_sub(b'1')),
            ),
            capture: n == 4,
            first: c0,
        }
    }

    /// The squares the piece may leave from, as the text says: any square
    /// for a piece, the first letter's file for a pawn (its own file in
    /// `e4`, the written one in `exd5`). One load, no branch on the form.
    #[inline(always)]
    pub(crate) fn departure_mask(self) -> Bitboard {
        FROM_MASK[usize::from(self.first)]
    }
}

/// See [`Common::departure_mask`]: by a common move's first byte.
const FROM_MASK: [Bitboard; 256] = {
    let mut t = [Bitboard(u64::MAX); 256];
    let mut i = 0;
    while i < 8 {
        t[b'a' as usize + i] = Bitboard(0x0101_0101_0101_0101 << i);
        i += 1;
    }
    t
};

/// [`fast_token`] for the forms it does not read itself, and the reference
/// the tests compare it with: every form by the body's length and shape.
#[inline(always)]
pub(crate) fn fast_token_shapes(b: &[u8]) -> Option<SanPlus> {
    #[inline(always)]
    fn file_of(c: u8) -> Option<File> {
        let i = c.wrapping_sub(b'a');
        (i < 8).then(|| File::new(i))
    }
    #[inline(always)]
    fn rank_of(c: u8) -> Option<Rank> {
        let i = c.wrapping_sub(b'1');
        (i < 8).then(|| Rank::new(i))
    }
    #[inline(always)]
    fn piece(c: u8) -> Option<Role> {
        match c {
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        }
    }
    #[inline(always)]
    fn promotion(r: Rank, c: u8) -> Option<Role> {
        match (r, c) {
            (Rank::First | Rank::Eighth, b'N') => Some(Role::Knight),
            (Rank::First | Rank::Eighth, b'B') => Some(Role::Bishop),
            (Rank::First | Rank::Eighth, b'R') => Some(Role::Rook),
            (Rank::First | Rank::Eighth, b'Q') => Some(Role::Queen),
            _ => None,
        }
    }
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn normal(
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        tf: u8,
        tr: u8,
        promotion: Option<Role>,
    ) -> Option<San> {
        Some(San::Normal {
            role,
            file,
            rank,
            capture,
            to_file: file_of(tf)?,
            to_rank: Some(rank_of(tr)?),
            promotion,
        })
    }
    let (suffix, body) = match *b {
        [ref body @ .., b'+'] => (Some(Suffix::Check), body),
        [ref body @ .., b'#'] => (Some(Suffix::Mate), body),
        _ => (None, b),
    };
    let san = match *body {
        [tf, tr] => normal(Role::Pawn, None, None, false, tf, tr, None)?,
        [b'O', b'-', b'O'] => San::Castle(CastlingSide::KingSide),
        [p, tf, tr] => normal(piece(p)?, None, None, false, tf, tr, None)?,
        [f, b'x', tf, tr] if f.wrapping_sub(b'a') < 8 => {
            normal(Role::Pawn, file_of(f), None, true, tf, tr, None)?
        }
        [tf, tr, b'=', p] => {
            let r = rank_of(tr)?;
            normal(
                Role::Pawn,
                None,
                None,
                false,
                tf,
                tr,
                Some(promotion(r, p)?),
            )?
        }
        [p, b'x', tf, tr] => normal(piece(p)?, None, None, true, tf, tr, None)?,
        [p, d, tf, tr] => {
            let role = piece(p)?;
            match file_of(d) {
                Some(f) => normal(role, Some(f), None, false, tf, tr, None)?,
                None => normal(role, None, Some(rank_of(d)?), false, tf, tr, None)?,
            }
        }
        [b'O', b'-', b'O', b'-', b'O'] => San::Castle(CastlingSide::QueenSide),
        [p, d, b'x', tf, tr] => {
            let role = piece(p)?;
            match file_of(d) {
                Some(f) => normal(role, Some(f), None, true, tf, tr, None)?,
                None => normal(role, None, Some(rank_of(d)?), true, tf, tr, None)?,
            }
        }
        [p, df, dr, tf, tr] => normal(
            piece(p)?,
            Some(file_of(df)?),
            Some(rank_of(dr)?),
            false,
            tf,
            tr,
            None,
        )?,
        [f, b'x', tf, tr, b'=', p] => {
            let r = rank_of(tr)?;
            normal(
                Role::Pawn,
                Some(file_of(f)?),
                None,
                true,
                tf,
                tr,
                Some(promotion(r, p)?),
            )?
        }
        [p, df, dr, b'x', tf, tr] => normal(
            piece(p)?,
            Some(file_of(df)?),
            Some(rank_of(dr)?),
            true,
            tf,
            tr,
            None,
        )?,
        _ => return None,
    };
    Some(SanPlus {
        san,
        suffix,
        nag: None,
        en_passant: false,
        draw_offer: false,
    })
}
