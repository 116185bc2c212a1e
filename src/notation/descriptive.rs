//! English descriptive notation (books before about 1980): `P-K4`, `N-KB3`,
//! `PxP`, `QxQch`, `B-N5`, `O-O`, read from each player's own side.
//!
//! Files are named after the pieces that start on them: `QR QN QB Q K KB KN
//! KR` (`Kt` is read for `N`); ranks count from the mover's side, so White's
//! `K4` is `e4` and Black's is `e5`. Short forms (`B-N5`, `PxP`) name several
//! squares or pieces and are resolved by legality. A wing prefix on a piece
//! (`KR`, `QN`) is read as "on that half of the board" (files e–h or a–d),
//! which is what it means unless pieces have crossed over; a piece can also
//! be pinned down by its square or rank, in brackets or not (`R(Q1)-Q3`,
//! `R(1)-Q2`, `R1-Q2`, `N/Q2-B3`).
//!
//! Forms as books print them are read too: a capture mark with spaces
//! around it (`P x P`, `B x N`), suffix words after a space (`QxP ch`,
//! `PxP e.p.`, `BxNP mate`), `Castles` (the side by legality: kingside
//! when both are legal), `Castles KR` / `Castles QR` (also `K`, `Q`, and in
//! brackets), and promotions `P-K8(Q)`, `P-K8=Q`, `P-K8/Q`, `P-K8Q`.

use crate::position::{CastlingSide, Position};
use crate::types::{Color, File, Rank, Role, Square};

use super::nag::Nag;
use super::resolve::SanError;
use super::{ArrayBuf, ParseError, ParseErrorKind, Sink};

/// A set of files, bit `i` for file `i` (`a` = bit 0).
type Files = u8;

const ALL_FILES: Files = 0xff;
const KING_SIDE: Files = 0xf0;
const QUEEN_SIDE: Files = 0x0f;

/// A piece as descriptive notation names it: a role and the files it may
/// stand on (`KBP`: a pawn on the f-file; `BP`: on c or f; `N`: anywhere).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceName {
    /// The role.
    pub role: Role,
    /// The files it may stand on, one bit per file (`a` = bit 0).
    pub files: u8,
}

/// A square as descriptive notation names it, from the mover's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SquareName {
    /// The files it may be on (`B5`: c or f), one bit per file.
    pub files: u8,
    /// The rank counted from the mover's side.
    pub rank: Rank,
}

/// A move in descriptive notation, without a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Descriptive {
    /// `N-KB3`, `P-K8=Q`.
    Move {
        /// The moving piece.
        piece: PieceName,
        /// Where the piece stands, if given in brackets (`R(Q1)`).
        from: Option<SquareName>,
        /// The destination.
        to: SquareName,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// `PxP`, `BxN`, `NxP(Q4)`.
    Capture {
        /// The capturing piece.
        piece: PieceName,
        /// Where the capturing piece stands, if given in brackets.
        from: Option<SquareName>,
        /// The captured piece.
        target: PieceName,
        /// Where the capture happens, if given (`/Q4` or `(Q4)`).
        at: Option<SquareName>,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// `O-O`, `O-O-O`, `Castles KR`, `Castles QR`.
    Castle(CastlingSide),
    /// `Castles` without a side: kingside when it is legal, else
    /// queenside.
    CastleEither,
}

/// A [`Descriptive`] move with what followed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DescriptivePlus {
    /// The move.
    pub desc: Descriptive,
    /// `ch`/`+` (check), `mate`/`#`, `dis ch`, `dbl ch`.
    pub suffix: Option<super::Suffix>,
    /// A move assessment glyph (`!`, `?!`).
    pub nag: Option<Nag>,
    /// Whether `e.p.` was written.
    pub en_passant: bool,
}

fn file_bit(f: File) -> Files {
    1 << f as u8
}

/// Reads a file-giving piece letter at `i`: `R`, `N`, `Kt`, `B` → (role, files
/// on the queen side, files on the king side), bytes used.
fn file_piece(b: &[u8], i: usize) -> Option<(Role, usize)> {
    match b.get(i)? {
        b'R' => Some((Role::Rook, 1)),
        b'N' => Some((Role::Knight, 1)),
        b'B' => Some((Role::Bishop, 1)),
        b'K' if b.get(i + 1) == Some(&b't') => Some((Role::Knight, 2)),
        _ => None,
    }
}

fn home_files(role: Role) -> Files {
    match role {
        Role::Rook => file_bit(File::A) | file_bit(File::H),
        Role::Knight => file_bit(File::B) | file_bit(File::G),
        Role::Bishop => file_bit(File::C) | file_bit(File::F),
        Role::Queen => file_bit(File::D),
        _ => file_bit(File::E),
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Wing {
    King,
    Queen,
}

fn wing_at(b: &[u8], i: usize) -> Option<Wing> {
    match b.get(i)? {
        b'K' if b.get(i + 1) != Some(&b't') => Some(Wing::King),
        b'Q' => Some(Wing::Queen),
        _ => None,
    }
}

fn wing_mask(w: Wing) -> Files {
    match w {
        Wing::King => KING_SIDE,
        Wing::Queen => QUEEN_SIDE,
    }
}

/// Reads a file name (`QR`, `KB`, `B`, `Kt`, `K`, `Q`) at `i`: files, bytes.
fn file_name(b: &[u8], i: usize) -> Option<(Files, usize)> {
    let wing = wing_at(b, i);
    let j = i + usize::from(wing.is_some());
    match (wing, file_piece(b, j)) {
        (Some(w), Some((role, n))) => Some((home_files(role) & wing_mask(w), 1 + n)),
        (None, Some((role, n))) => Some((home_files(role), n)),
        (Some(Wing::King), None) => Some((file_bit(File::E), 1)),
        (Some(Wing::Queen), None) => Some((file_bit(File::D), 1)),
        (None, None) => None,
    }
}

fn square_name(b: &[u8], i: usize) -> Option<(SquareName, usize)> {
    let (files, n) = file_name(b, i)?;
    let rank = Rank::from_ascii(*b.get(i + n)?)?;
    Some((SquareName { files, rank }, n + 1))
}

/// Reads a piece name (`P`, `KBP`, `BP`, `N`, `QKt`, `K`, `Q`) at `i`.
fn piece_name(b: &[u8], i: usize) -> Option<(PieceName, usize)> {
    if b.get(i) == Some(&b'P') {
        return Some((
            PieceName {
                role: Role::Pawn,
                files: ALL_FILES,
            },
            1,
        ));
    }
    let wing = wing_at(b, i);
    let j = i + usize::from(wing.is_some());
    let fp = file_piece(b, j);
    let k = j + fp.map_or(0, |(_, n)| n);
    if b.get(k) == Some(&b'P') {
        let (files, n) = file_name(b, i)?;
        return Some((
            PieceName {
                role: Role::Pawn,
                files,
            },
            n + 1,
        ));
    }
    match (wing, fp) {
        (w, Some((role, n))) => Some((
            PieceName {
                role,
                files: w.map_or(ALL_FILES, wing_mask),
            },
            usize::from(w.is_some()) + n,
        )),
        (Some(Wing::King), None) => Some((
            PieceName {
                role: Role::King,
                files: ALL_FILES,
            },
            1,
        )),
        (Some(Wing::Queen), None) => Some((
            PieceName {
                role: Role::Queen,
                files: ALL_FILES,
            },
            1,
        )),
        (None, None) => None,
    }
}

/// Reads an optional bracketed square `(Q4)` or `/Q4` at `i`.
fn at_square(b: &[u8], i: usize) -> Option<(SquareName, usize)> {
    match b.get(i)? {
        b'(' => {
            let (sq, n) = square_name(b, i + 1)?;
            (b.get(i + 1 + n) == Some(&b')')).then_some((sq, n + 2))
        }
        b'/' => square_name(b, i + 1).map(|(sq, n)| (sq, n + 1)),
        _ => None,
    }
}

/// A rank alone as a square name: any file.
fn rank_only(rank: Rank) -> SquareName {
    SquareName {
        files: ALL_FILES,
        rank,
    }
}

/// Reads where a moving piece stands, after its name at `i`: a square as
/// [`at_square`] reads it, or a rank alone, in brackets or not (`R(1)`,
/// `R1`, `N(5)`).
fn from_square(b: &[u8], i: usize) -> Option<(SquareName, usize)> {
    if let Some(found) = at_square(b, i) {
        return Some(found);
    }
    match b.get(i..)? {
        [b'(', r, b')', ..] => Rank::from_ascii(*r).map(|r| (rank_only(r), 3)),
        [r, ..] => Rank::from_ascii(*r).map(|r| (rank_only(r), 1)),
        _ => None,
    }
}

/// Reads a capture mark at `i` (`x`, `:`, `×`), with spaces before and
/// after it as books print it (`P x P`): the bytes used, up to the
/// captured piece.
fn capture_mark(b: &[u8], i: usize) -> Option<usize> {
    let spaces = |j: usize| {
        b.get(j..)
            .map_or(0, |s| s.iter().take_while(|&&c| c == b' ').count())
    };
    let before = spaces(i);
    let j = i + before;
    let mark = match b.get(j..)? {
        [b'x' | b':', ..] => 1,
        [0xc3, 0x97, ..] => 2,
        _ => return None,
    };
    let after = spaces(j + mark);
    // `P x P`: spaces on both sides or on neither (`P xP` is read too, but
    // never a space before a mark that ends the text).
    b.get(j + mark + after)?;
    Some(before + mark + after)
}

/// Reads `Castles` (or `castles`) at the start, with an optional side:
/// ` KR`, ` QR`, ` K`, ` Q`, also in brackets (`Castles(QR)`,
/// `Castles (Q)`). The move and the bytes used.
fn castles(b: &[u8]) -> Option<(Descriptive, usize)> {
    if !(b.starts_with(b"Castles") || b.starts_with(b"castles")) {
        return None;
    }
    let mut i = 7;
    if b.get(i).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let side_at = |j: usize| -> Option<(CastlingSide, usize)> {
        let side = match b.get(j)? {
            b'K' => CastlingSide::KingSide,
            b'Q' => CastlingSide::QueenSide,
            _ => return None,
        };
        let n = if b.get(j + 1) == Some(&b'R') { 2 } else { 1 };
        Some((side, n))
    };
    // The side ends the word: what follows is no letter, digit or move mark.
    let ends = |j: usize| {
        b.get(j)
            .is_none_or(|c| !c.is_ascii_alphanumeric() && !matches!(c, b'-' | b'x' | b':'))
    };
    let spaces = b[i..].iter().take_while(|&&c| c == b' ').count();
    let j = i + spaces;
    if b.get(j) == Some(&b'(') {
        if let Some((side, n)) = side_at(j + 1) {
            if b.get(j + 1 + n) == Some(&b')') {
                return Some((Descriptive::Castle(side), j + n + 2));
            }
        }
    } else if spaces > 0 {
        if let Some((side, n)) = side_at(j) {
            if ends(j + n) {
                i = j + n;
                return Some((Descriptive::Castle(side), i));
            }
        }
    }
    Some((Descriptive::CastleEither, i))
}

fn err<T>(kind: ParseErrorKind, offset: usize) -> Result<T, ParseError> {
    Err(ParseError::new(kind, offset))
}

impl Descriptive {
    /// Parses a whole descriptive move.
    ///
    /// ```
    /// use movetext::notation::Descriptive;
    /// let d = Descriptive::from_ascii(b"QxQch").unwrap();
    /// assert!(d.suffix.is_some());
    /// ```
    pub fn from_ascii(b: &[u8]) -> Result<DescriptivePlus, ParseError> {
        super::whole_token(b, Descriptive::from_ascii_prefix)
    }

    /// Parses a descriptive move at the start of `b`; returns it and the
    /// bytes used.
    pub fn from_ascii_prefix(b: &[u8]) -> Result<(DescriptivePlus, usize), ParseError> {
        if b.is_empty() {
            return err(ParseErrorKind::Empty, 0);
        }
        let (desc, mut i) = if let Some(found) = castles(b) {
            found
        } else if matches!(b[0], b'O' | b'0') {
            let c = b[0];
            if b.get(1) != Some(&b'-') || b.get(2) != Some(&c) {
                return err(ParseErrorKind::BadCastling, 1);
            }
            if b.get(3) == Some(&b'-') && b.get(4) == Some(&c) {
                (Descriptive::Castle(CastlingSide::QueenSide), 5)
            } else {
                (Descriptive::Castle(CastlingSide::KingSide), 3)
            }
        } else {
            let Some((piece, mut i)) = piece_name(b, 0) else {
                return err(ParseErrorKind::ExpectedMove, 0);
            };
            let from = from_square(b, i).map(|(sq, n)| {
                i += n;
                sq
            });
            let capture = capture_mark(b, i);
            match b.get(i) {
                _ if capture.is_some() => {
                    i += capture.unwrap_or(0);
                    let Some((target, n)) = piece_name(b, i) else {
                        return err(ParseErrorKind::ExpectedMove, i);
                    };
                    i += n;
                    let at = at_square(b, i).map(|(sq, n)| {
                        i += n;
                        sq
                    });
                    let last = at.map_or(Rank::Eighth, |sq| sq.rank);
                    let promotion = promotion_at(b, &mut i, piece.role, last)?;
                    (
                        Descriptive::Capture {
                            piece,
                            from,
                            target,
                            at,
                            promotion,
                        },
                        i,
                    )
                }
                Some(b'-') => {
                    let Some((to, n)) = square_name(b, i + 1) else {
                        return err(ParseErrorKind::ExpectedSquare, i + 1);
                    };
                    i += 1 + n;
                    let promotion = promotion_at(b, &mut i, piece.role, to.rank)?;
                    (
                        Descriptive::Move {
                            piece,
                            from,
                            to,
                            promotion,
                        },
                        i,
                    )
                }
                Some(b'x' | b':') => return err(ParseErrorKind::ExpectedMove, i + 1),
                _ => return err(ParseErrorKind::ExpectedSquare, i),
            }
        };
        let mut plus = DescriptivePlus {
            desc,
            suffix: None,
            nag: None,
            en_passant: false,
        };
        // Suffixes: the SAN reader's, with a dummy move.
        let (sp, used) = super::san::parse_suffixes_only(b, i)?;
        plus.suffix = sp.suffix;
        plus.nag = sp.nag;
        plus.en_passant = sp.en_passant;
        i = used;
        Ok((plus, i))
    }
}

fn promotion_at(
    b: &[u8],
    i: &mut usize,
    role: Role,
    rank: Rank,
) -> Result<Option<Role>, ParseError> {
    if role != Role::Pawn || rank != Rank::Eighth {
        return Ok(None);
    }
    let (open, close) = match b.get(*i) {
        Some(b'=') => (1, 0),
        Some(b'(') => (1, 1),
        Some(b'/') => (1, 0),
        _ => (0, 0),
    };
    let j = *i + open;
    let (p, n) = match b.get(j) {
        Some(b'Q') => (Role::Queen, 1),
        Some(b'R') => (Role::Rook, 1),
        Some(b'B') => (Role::Bishop, 1),
        Some(b'N') => (Role::Knight, 1),
        Some(b'K') if b.get(j + 1) == Some(&b't') => (Role::Knight, 2),
        _ if open == 1 && b[*i] != b'(' => return err(ParseErrorKind::ExpectedPromotion, j),
        _ => return Ok(None),
    };
    if close == 1 && b.get(j + n) != Some(&b')') {
        return err(ParseErrorKind::ExpectedPromotion, j + n);
    }
    *i = j + n + close;
    Ok(Some(p))
}

fn square_fits(name: SquareName, sq: Square, turn: Color) -> bool {
    name.files & file_bit(sq.file()) != 0 && turn.relative_rank(name.rank) == sq.rank()
}

/// Whether a piece name fits a piece of `role` on `sq`; `strict_wing`
/// applies the half-board reading of wing prefixes.
fn piece_fits(name: PieceName, role: Role, sq: Square, strict_wing: bool) -> bool {
    name.role == role && (!strict_wing || name.files & file_bit(sq.file()) != 0)
}

impl DescriptivePlus {
    /// The legal move this text names in `pos`; short forms resolve when
    /// exactly one legal move fits.
    ///
    /// ```
    /// use movetext::notation::Descriptive;
    /// use movetext::{Move, Position, Square};
    /// let pos = Position::new();
    /// let m = Descriptive::from_ascii(b"P-K4").unwrap().to_move(&pos);
    /// assert_eq!(m, Ok(Move::normal(Square::E2, Square::E4)));
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<crate::moves::Move, SanError> {
        self.desc.to_move(pos)
    }
}

impl Descriptive {
    /// The legal move this text names in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<crate::moves::Move, SanError> {
        let turn = pos.turn();
        let (piece, from, promotion) = match *self {
            Descriptive::Castle(side) => return pos.castling_move(side).ok_or(SanError::Illegal),
            Descriptive::CastleEither => {
                return pos
                    .castling_move(CastlingSide::KingSide)
                    .or_else(|| pos.castling_move(CastlingSide::QueenSide))
                    .ok_or(SanError::Illegal)
            }
            Descriptive::Move {
                piece,
                from,
                promotion,
                ..
            }
            | Descriptive::Capture {
                piece,
                from,
                promotion,
                ..
            } => (piece, from, promotion),
        };
        let legal = pos.legal_moves();
        let fits = |m: &crate::moves::Move, strict_wing: bool| -> bool {
            if m.is_castle() || m.promotion_role() != promotion {
                return false;
            }
            let Some(role) = pos.role_at(m.from()) else {
                return false;
            };
            if !piece_fits(piece, role, m.from(), strict_wing || role == Role::Pawn) {
                return false;
            }
            if from.is_some_and(|f| !square_fits(f, m.from(), turn)) {
                return false;
            }
            match *self {
                Descriptive::Move { to, .. } => {
                    !pos.is_capture(*m) && square_fits(to, m.to(), turn)
                }
                Descriptive::Capture { target, at, .. } => {
                    let captured = if m.is_en_passant() {
                        Some(Role::Pawn)
                    } else {
                        pos.role_at(m.to())
                    };
                    captured.is_some_and(|c| {
                        piece_fits(target, c, m.to(), strict_wing || c == Role::Pawn)
                    }) && at.is_none_or(|a| square_fits(a, m.to(), turn))
                }
                Descriptive::Castle(_) | Descriptive::CastleEither => false,
            }
        };
        let mut found = crate::moves::MoveList::new();
        for strict_wing in [true, false] {
            found.clear();
            for m in legal.iter() {
                if fits(m, strict_wing) {
                    found.push(*m);
                }
            }
            if !found.is_empty() {
                break;
            }
        }
        match found.len() {
            0 => Err(SanError::Illegal),
            1 => Ok(found[0]),
            _ => Err(SanError::Ambiguous(super::resolve::Candidates::from_list(
                &found,
            ))),
        }
    }
}

const FILE_NAMES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
const SHORT_FILE_NAMES: [&str; 8] = ["R", "N", "B", "Q", "K", "B", "N", "R"];

fn role_letter(role: Role) -> &'static str {
    match role {
        Role::Pawn => "P",
        Role::Knight => "N",
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
    }
}

fn push_square<S: Sink + ?Sized>(sq: Square, turn: Color, short: bool, sink: &mut S) {
    let names = if short {
        &SHORT_FILE_NAMES
    } else {
        &FILE_NAMES
    };
    sink.push_str(names[sq.file() as usize]);
    sink.push_byte(turn.relative_rank(sq.rank()).char() as u8);
}

/// How specifically a piece is named, from the least: `P`, `N`.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Naming {
    /// The letter alone: `P`, `N`.
    Plain,
    /// A pawn by its file's short name, `NP` (a knight's pawn, of either
    /// wing), as books name a pawn first; a piece by its letter alone.
    File,
    /// With the wing: `QNP`, `KBP`, `KN`, `QR`.
    Wing,
}

/// Writes the name of the piece of `role` on `sq` (see [`Naming`]).
fn push_piece<S: Sink + ?Sized>(role: Role, sq: Square, naming: Naming, sink: &mut S) {
    let file = sq.file() as usize;
    match (naming, role) {
        (Naming::File, Role::Pawn) => {
            sink.push_str(SHORT_FILE_NAMES[file]);
            sink.push_byte(b'P');
            return;
        }
        (Naming::Wing, Role::Pawn) => {
            sink.push_str(FILE_NAMES[file]);
            sink.push_byte(b'P');
            return;
        }
        (Naming::Wing, Role::Knight | Role::Bishop | Role::Rook) => {
            sink.push_byte(if sq.file() >= File::E { b'K' } else { b'Q' });
        }
        _ => {}
    }
    sink.push_str(role_letter(role));
}

/// Writes a legal move of `pos` in descriptive notation, as short as it
/// can be while naming exactly this move (`P-K4`, `N-KB3`, `PxP`, `BxN`,
/// `QxQch`, `P-K8=Q`, `O-O`, `N/Q2-B3`), with `ch` for check and `mate`
/// for mate. One token, with no space or bracket, so that PGN movetext and
/// a line of moves read it back as one move.
pub fn write_descriptive<S: Sink + ?Sized>(pos: &Position, m: crate::moves::Move, sink: &mut S) {
    let mut buf = ArrayBuf::<40>::new();
    if let Some(side) = Position::castling_side(m) {
        buf.push_str(match side {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        });
    } else {
        let turn = pos.turn();
        let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
        let capture = pos.is_capture(m);
        let captured = if m.is_en_passant() {
            Role::Pawn
        } else {
            pos.role_at(m.to()).unwrap_or(Role::Pawn)
        };
        // Forms from short to long; the first that names exactly `m` wins:
        // a pawn is named by its file (`BPxP`, `BxNP`) before its wing
        // (`QBPxP`, `BxQNP`), as books print the shortest name that fits.
        let namings = [Naming::Plain, Naming::File, Naming::Wing];
        'forms: for level in 0..6u8 {
            for (mover, target) in namings.into_iter().flat_map(|n| namings.map(|t| (n, t))) {
                let qualified = level & 1 == 1;
                // A mover named more only at the odd levels; `File` names
                // a pawn only (a piece's is its plain letter); a square
                // has a short name (`B3`) and a whole one (`KB3`).
                if (mover != Naming::Plain) != qualified
                    || mover == Naming::File && role != Role::Pawn
                    || target == Naming::File && (!capture || captured != Role::Pawn)
                {
                    continue;
                }
                buf.clear();
                let with_from = level >= 4;
                let with_at = level >= 2 && capture;
                if level >= 2 && !capture && level < 4 {
                    continue;
                }
                push_piece(role, m.from(), mover, &mut buf);
                // A square named after a piece as `/Q2`, not `(Q2)`: a PGN
                // reader would take the bracket for a variation.
                if with_from {
                    buf.push_byte(b'/');
                    push_square(m.from(), turn, false, &mut buf);
                }
                if capture {
                    buf.push_byte(b'x');
                    push_piece(captured, m.to(), target, &mut buf);
                    if with_at {
                        buf.push_byte(b'/');
                        push_square(m.to(), turn, false, &mut buf);
                    }
                } else {
                    buf.push_byte(b'-');
                    push_square(m.to(), turn, target == Naming::Plain, &mut buf);
                }
                if let Some(p) = m.promotion_role() {
                    buf.push_byte(b'=');
                    buf.push_str(role_letter(p));
                }
                if Descriptive::from_ascii(buf.as_bytes()).map(|d| d.to_move(pos)) == Ok(Ok(m)) {
                    break 'forms;
                }
            }
        }
    }
    sink.push_str(buf.as_str());
    match pos.check_status_after(m) {
        crate::position::CheckStatus::None => {}
        crate::position::CheckStatus::Check => sink.push_str("ch"),
        crate::position::CheckStatus::Checkmate => sink.push_str("mate"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::notation::Suffix;

    fn write(pos: &Position, m: Move) -> String {
        let mut s = String::new();
        write_descriptive(pos, m, &mut s);
        s
    }

    fn play(pos: &mut Position, text: &str) -> Move {
        let d = Descriptive::from_ascii(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        let m = d.to_move(pos).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(m);
        m
    }

    #[test]
    fn spec_examples() {
        let mut pos = Position::new();
        let start = pos;
        assert_eq!(play(&mut pos, "P-K4"), Move::normal(Square::E2, Square::E4));
        assert_eq!(write(&start, Move::normal(Square::E2, Square::E4)), "P-K4");
        let before = pos;
        assert_eq!(play(&mut pos, "P-K4"), Move::normal(Square::E7, Square::E5));
        assert_eq!(write(&before, Move::normal(Square::E7, Square::E5)), "P-K4");
        let before = pos;
        assert_eq!(
            play(&mut pos, "N-KB3"),
            Move::normal(Square::G1, Square::F3)
        );
        assert_eq!(
            write(&before, Move::normal(Square::G1, Square::F3)),
            "N-KB3"
        );
        // `N-B3` fits both knights of the start position: ambiguous.
        assert!(matches!(
            Descriptive::from_ascii(b"N-B3").unwrap().to_move(&pos),
            Err(SanError::Ambiguous(c)) if c.squares() == [Square::B8, Square::G8]
        ));
        assert_eq!(
            play(&mut pos, "Kt-QB3"),
            Move::normal(Square::B8, Square::C6)
        );
        let before = pos;
        assert_eq!(play(&mut pos, "B-N5"), Move::normal(Square::F1, Square::B5));
        assert_eq!(write(&before, Move::normal(Square::F1, Square::B5)), "B-N5");
        play(&mut pos, "P-Q3");
        assert_eq!(play(&mut pos, "O-O"), Move::castle(Square::E1, Square::H1));
        // 1. e4 d5 2. exd5: PxP.
        let mut pos = Position::new();
        play(&mut pos, "P-K4");
        play(&mut pos, "P-Q4");
        let before = pos;
        assert_eq!(play(&mut pos, "PxP"), Move::normal(Square::E4, Square::D5));
        assert_eq!(write(&before, Move::normal(Square::E4, Square::D5)), "PxP");
        // 2... QxP, 3. N-QB3 Q-QR4 ... then queens meet: QxQch.
        let before = pos;
        assert_eq!(play(&mut pos, "QxP"), Move::normal(Square::D8, Square::D5));
        assert_eq!(write(&before, Move::normal(Square::D8, Square::D5)), "QxP");
        let p = Position::from_fen("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let qxq = Move::normal(Square::D1, Square::D8);
        assert_eq!(write(&p, qxq), "QxQch");
        let d = Descriptive::from_ascii(b"QxQch").unwrap();
        assert_eq!(d.suffix, Some(Suffix::Check));
        assert_eq!(d.to_move(&p), Ok(qxq));
    }

    #[test]
    fn pawn_names_promotion_and_en_passant() {
        // Pawns on c4 and e4 can both take on d5: PxP is ambiguous, QBPxP
        // and KPxP are not.
        let p = Position::from_fen("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(matches!(
            Descriptive::from_ascii(b"PxP").unwrap().to_move(&p),
            Err(SanError::Ambiguous(_))
        ));
        let c = Move::normal(Square::C4, Square::D5);
        let e = Move::normal(Square::E4, Square::D5);
        assert_eq!(
            Descriptive::from_ascii(b"QBPxP").unwrap().to_move(&p),
            Ok(c)
        );
        assert_eq!(Descriptive::from_ascii(b"BPxP").unwrap().to_move(&p), Ok(c));
        assert_eq!(Descriptive::from_ascii(b"KPxP").unwrap().to_move(&p), Ok(e));
        // Books name the pawn by its file: `BPxP`, not `QBPxP`; and the
        // pawn taken: `BxNP`, not `BxQNP`.
        assert_eq!(write(&p, c), "BPxP");
        let two = Position::from_fen("4k3/1p5p/8/8/4B3/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(write(&two, Move::normal(Square::E4, Square::B7)), "BxNP");
        assert_eq!(write(&two, Move::normal(Square::E4, Square::H7)), "BxRP");
        assert_eq!(write(&p, e), "KPxP");
        let p = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let ep = Move::en_passant(Square::E5, Square::D6);
        let d = Descriptive::from_ascii(b"PxP e.p.").unwrap();
        assert!(d.en_passant);
        assert_eq!(d.to_move(&p), Ok(ep));
        assert_eq!(write(&p, ep), "PxP");
        let p = Position::from_fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let q = Move::promotion(Square::A7, Square::A8, Role::Queen);
        for s in ["P-R8=Q", "P-QR8(Q)", "P-R8Q", "P-R8/Q"] {
            assert_eq!(
                Descriptive::from_ascii(s.as_bytes()).unwrap().to_move(&p),
                Ok(q),
                "{s}"
            );
        }
        assert_eq!(write(&p, q), "P-R8=Q");
        let n = Move::promotion(Square::A7, Square::B8, Role::Knight);
        assert_eq!(write(&p, n), "PxN=N");
        // Black counts ranks from its own side: P-K4 is e5, P-R8 is a1.
        let p = Position::from_fen("k7/8/8/8/8/8/p7/7K b - - 0 1").unwrap();
        assert_eq!(
            Descriptive::from_ascii(b"P-R8=Q").unwrap().to_move(&p),
            Ok(Move::promotion(Square::A2, Square::A1, Role::Queen))
        );
    }

    /// The forms of books: a piece's rank or square in brackets or not,
    /// wing prefixes, spaced capture marks and suffix words, `Castles`.
    #[test]
    fn forms_as_books_print_them() {
        let mv = |fen: &str, text: &str| {
            let pos = Position::from_fen(fen).unwrap();
            let d =
                Descriptive::from_ascii(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
            d.to_move(&pos)
        };
        let n = Move::normal;
        // Rooks on d1 and d3: `R-Q2` fits both.
        let rooks = "4k3/8/8/8/8/3R4/8/3RK3 w - - 0 1";
        assert!(matches!(mv(rooks, "R-Q2"), Err(SanError::Ambiguous(_))));
        for (text, from) in [
            ("R(1)-Q2", Square::D1),
            ("R1-Q2", Square::D1),
            ("R(3)-Q2", Square::D3),
            ("R3-Q2", Square::D3),
            ("R(Q1)-Q2", Square::D1),
            ("R/Q3-Q2", Square::D3),
        ] {
            assert_eq!(mv(rooks, text), Ok(n(from, Square::D2)), "{text}");
        }
        // Rooks on c1 and h1: `R-Q1` fits both.
        let wings = "4k3/8/8/8/8/8/4K3/2R4R w - - 0 1";
        assert!(matches!(mv(wings, "R-Q1"), Err(SanError::Ambiguous(_))));
        for (text, from) in [
            ("R(QB1)-Q1", Square::C1),
            ("R(B1)-Q1", Square::C1),
            ("R(KR1)-Q1", Square::H1),
            ("KR-Q1", Square::H1),
            ("QR-Q1", Square::C1),
        ] {
            assert_eq!(mv(wings, text), Ok(n(from, Square::D1)), "{text}");
        }
        // Knights on e5 and g1: `N-B3` fits both.
        let knights = "4k3/8/8/4N3/8/8/8/4K1N1 w - - 0 1";
        assert!(matches!(mv(knights, "N-B3"), Err(SanError::Ambiguous(_))));
        assert_eq!(mv(knights, "N(5)-B3"), Ok(n(Square::E5, Square::F3)));
        assert_eq!(mv(knights, "N5-KB3"), Ok(n(Square::E5, Square::F3)));
        assert_eq!(mv(knights, "N(1)-B3"), Ok(n(Square::G1, Square::F3)));
        assert_eq!(mv(knights, "Kt(1)-B3"), Ok(n(Square::G1, Square::F3)));
        // Spaced capture marks.
        let e4d5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        for text in ["P x P", "PxP", "P:P", "P × P", "P x P ch"] {
            let d = Descriptive::from_ascii(text.as_bytes()).unwrap();
            assert!(matches!(d.desc, Descriptive::Capture { .. }), "{text}");
            if !text.ends_with("ch") {
                assert_eq!(mv(e4d5, text), Ok(n(Square::E4, Square::D5)), "{text}");
            }
        }
        let bn = "4k3/8/2n5/1B6/8/8/8/4K3 w - - 0 1";
        assert_eq!(mv(bn, "B x N"), Ok(n(Square::B5, Square::C6)));
        assert_eq!(mv(bn, "BxN ch"), Ok(n(Square::B5, Square::C6)));
        // Suffix words after a space, checked by the caller.
        let qxp = "4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1";
        let d = Descriptive::from_ascii(b"QxP ch").unwrap();
        assert_eq!(d.suffix, Some(Suffix::Check));
        assert_eq!(mv(qxp, "QxP ch"), Ok(n(Square::E1, Square::E7)));
        let mate = "6nk/6pp/8/4B3/8/8/8/1K4R1 w - - 0 1";
        let d = Descriptive::from_ascii(b"BxNP mate").unwrap();
        assert_eq!(d.suffix, Some(Suffix::Mate));
        assert_eq!(mv(mate, "BxNP mate"), Ok(n(Square::E5, Square::G7)));
        assert_eq!(mv(mate, "B x NP mate"), Ok(n(Square::E5, Square::G7)));
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        for text in ["PxP e.p.", "P x P e.p.", "PxP ep", "PxP e. p."] {
            let d = Descriptive::from_ascii(text.as_bytes()).unwrap();
            assert!(d.en_passant, "{text}");
            assert_eq!(mv(ep, text), Ok(Move::en_passant(Square::E5, Square::D6)));
        }
        // Promotion, in brackets too.
        let promo = "1n5k/P7/8/8/8/8/8/K7 w - - 0 1";
        let q = Move::promotion(Square::A7, Square::A8, Role::Queen);
        for text in ["P-K8(Q)", "P-R8(Q)", "P-R8=Q", "P-QR8(Q)"] {
            if text == "P-K8(Q)" {
                let d = Descriptive::from_ascii(text.as_bytes()).unwrap();
                assert!(matches!(
                    d.desc,
                    Descriptive::Move {
                        promotion: Some(Role::Queen),
                        ..
                    }
                ));
                continue;
            }
            assert_eq!(mv(promo, text), Ok(q), "{text}");
        }
        assert_eq!(
            mv(promo, "PxN(Kt)"),
            Ok(Move::promotion(Square::A7, Square::B8, Role::Knight))
        );
        // Castles: the side by legality, kingside when both are legal.
        let both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let king_side = Move::castle(Square::E1, Square::H1);
        let queen_side = Move::castle(Square::E1, Square::A1);
        for (text, m) in [
            ("Castles", king_side),
            ("castles", king_side),
            ("Castles KR", king_side),
            ("Castles K", king_side),
            ("Castles(K)", king_side),
            ("Castles QR", queen_side),
            ("Castles Q", queen_side),
            ("Castles (QR)", queen_side),
            ("Castles(Q)", queen_side),
            ("Castles QR ch", queen_side),
            ("O-O-O", queen_side),
        ] {
            assert_eq!(mv(both, text), Ok(m), "{text}");
        }
        let queen_only = "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1";
        assert_eq!(mv(queen_only, "Castles"), Ok(queen_side));
        assert_eq!(mv(queen_only, "Castles KR"), Err(SanError::Illegal));
        let none = "r3k2r/8/8/8/8/8/8/RN2KB1R w - - 0 1";
        assert_eq!(mv(none, "Castles"), Err(SanError::Illegal));
        // `Castles` is a word of its own.
        assert!(Descriptive::from_ascii(b"Castlesx").is_err());
        assert!(Descriptive::from_ascii(b"Castles QRx").is_err());
    }

    #[test]
    fn errors() {
        let e = |s: &str| Descriptive::from_ascii(s.as_bytes()).unwrap_err();
        assert_eq!(e(""), ParseError::new(ParseErrorKind::Empty, 0));
        assert_eq!(e("X-K4"), ParseError::new(ParseErrorKind::ExpectedMove, 0));
        assert_eq!(
            e("P-K9"),
            ParseError::new(ParseErrorKind::ExpectedSquare, 2)
        );
        assert_eq!(
            e("P-X4"),
            ParseError::new(ParseErrorKind::ExpectedSquare, 2)
        );
        assert_eq!(e("PK4"), ParseError::new(ParseErrorKind::ExpectedSquare, 1));
        assert_eq!(e("Px"), ParseError::new(ParseErrorKind::ExpectedMove, 2));
        assert_eq!(
            e("P-K4z"),
            ParseError::new(ParseErrorKind::TrailingBytes, 4)
        );
        assert_eq!(e("O-"), ParseError::new(ParseErrorKind::BadCastling, 1));
        assert_eq!(
            e("P-K8="),
            ParseError::new(ParseErrorKind::ExpectedPromotion, 5)
        );
        assert_eq!(
            e("P-K8(Q"),
            ParseError::new(ParseErrorKind::ExpectedPromotion, 6)
        );
    }

    #[test]
    fn round_trip_over_playouts() {
        let mut n = 0;
        for p in crate::notation::position_tests::playout_positions(4, 60) {
            for &m in p.legal_moves().iter() {
                let text = write(&p, m);
                assert!(!text.contains([' ', '(', ')']), "{text} in {}", p.fen());
                let d = Descriptive::from_ascii(text.as_bytes())
                    .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.fen()));
                assert_eq!(d.to_move(&p), Ok(m), "{text} in {}", p.fen());
                n += 1;
            }
        }
        assert!(n > 5000, "{n}");
    }
}
