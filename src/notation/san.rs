//! Standard algebraic notation (SAN) and its variants: syntax only.
//!
//! [`San`] is what a move's text says, read without a position; resolving it
//! to a legal move needs a position (see `SanPlus::to_move`). [`SanPlus`]
//! adds what the text claimed after the move: check or mate, an annotation
//! glyph, an en passant mark, a draw offer.

use core::fmt;

use crate::types::{Color, File, Rank, Role, Square};

use super::fast::{fast_english, fast_token};
use super::lang::{figurine, read_figurine};
use super::nag::Nag;
use super::{Language, ParseError, ParseErrorKind, ParseMode, Sink};

pub use crate::position::CastlingSide;

/// A move as written in short algebraic notation, without a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece (`Pawn` when no letter is written).
        role: Role,
        /// The file of departure, if written (`Nbd7`, `exd5`).
        file: Option<File>,
        /// The rank of departure, if written (`R1a3`).
        rank: Option<Rank>,
        /// Whether a capture mark was written (`x`, `×`, `:`).
        capture: bool,
        /// The destination file.
        to_file: File,
        /// The destination rank; `None` only for the abbreviated pawn
        /// captures `ed` and `exd` (lenient mode).
        to_rank: Option<Rank>,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling, `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// The null move `--` (`Z0` in lenient mode).
    Null,
}

/// What the text after a move claimed about check.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`, `†`, `ch`.
    Check,
    /// `dis ch`, `disch`: discovered check.
    DiscoveredCheck,
    /// `dbl ch`: double check.
    DoubleCheck,
    /// `++`: double check or mate in older texts; the position decides.
    DoublePlus,
    /// `#`, `‡`, `≠`, `mate`.
    Mate,
    /// Russian-style trailing `X`/`x` after a move: mate.
    MateX,
}

impl Suffix {
    /// Whether the suffix claims mate for sure (`#`, `‡`, `≠`, `mate`, `X`).
    pub const fn claims_mate(self) -> bool {
        matches!(self, Suffix::Mate | Suffix::MateX)
    }
}

/// A [`San`] with what followed it in the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate claim.
    pub suffix: Option<Suffix>,
    /// A move assessment glyph written right after the move (`!`, `?!`, `□`).
    pub nag: Option<Nag>,
    /// Whether an en passant mark (`ep`, `e.p.`) was written.
    pub en_passant: bool,
    /// Whether a draw offer `(=)` was written.
    pub draw_offer: bool,
}

/// How figurines are used when writing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Figurines {
    /// Letters of the language.
    #[default]
    Off,
    /// Figurines in the colour of the side to move (`♘f3`, `♞c6`).
    BySide,
    /// Always the white glyphs.
    White,
    /// Always the black glyphs.
    Black,
}

/// Options for writing SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanStyle {
    /// Piece letters.
    pub language: Language,
    /// Figurines instead of letters.
    pub figurines: Figurines,
    /// `0-0` (FIDE) instead of `O-O` (PGN).
    pub castling_zero: bool,
    /// `e8=Q` (PGN) if true, `e8Q` (FIDE) if false.
    pub promotion_equals: bool,
    /// `:` instead of `x` for captures.
    pub capture_colon: bool,
    /// Whether to write `+`/`#` (off: ECO style).
    pub suffix: bool,
    /// Whether to write a move assessment glyph kept in a [`SanPlus`].
    pub glyph: bool,
}

impl SanStyle {
    /// PGN export: English, `O-O`, `e8=Q`, `x`, `+`/`#`, no glyph.
    pub const PGN: SanStyle = SanStyle {
        language: Language::En,
        figurines: Figurines::Off,
        castling_zero: false,
        promotion_equals: true,
        capture_colon: false,
        suffix: true,
        glyph: false,
    };

    /// PGN style with the letters of `language`.
    pub const fn with_language(language: Language) -> SanStyle {
        SanStyle {
            language,
            ..SanStyle::PGN
        }
    }

    /// Figurine algebraic notation (FAN), glyph colour by side to move.
    pub const FAN: SanStyle = SanStyle {
        figurines: Figurines::BySide,
        ..SanStyle::PGN
    };

    pub(crate) fn write_piece<S: Sink + ?Sized>(&self, role: Role, turn: Color, sink: &mut S) {
        match self.figurines {
            Figurines::Off => self.language.write_letter(role, sink),
            Figurines::BySide => sink.push_str(figurine(turn, role)),
            Figurines::White => sink.push_str(figurine(Color::White, role)),
            Figurines::Black => sink.push_str(figurine(Color::Black, role)),
        }
    }

    pub(crate) fn write_promotion<S: Sink + ?Sized>(&self, role: Role, turn: Color, sink: &mut S) {
        if self.promotion_equals {
            sink.push_byte(b'=');
        }
        self.write_piece(role, turn, sink);
    }

    pub(crate) fn write_capture<S: Sink + ?Sized>(&self, sink: &mut S) {
        sink.push_byte(if self.capture_colon { b':' } else { b'x' });
    }

    pub(crate) fn write_castle<S: Sink + ?Sized>(&self, side: CastlingSide, sink: &mut S) {
        let s = match (side, self.castling_zero) {
            (CastlingSide::KingSide, false) => "O-O",
            (CastlingSide::QueenSide, false) => "O-O-O",
            (CastlingSide::KingSide, true) => "0-0",
            (CastlingSide::QueenSide, true) => "0-0-0",
        };
        sink.push_str(s);
    }
}

impl Default for SanStyle {
    fn default() -> Self {
        SanStyle::PGN
    }
}

#[inline]
fn file_at(b: &[u8], i: usize) -> Option<File> {
    b.get(i).and_then(|&c| File::from_ascii(c))
}

#[inline]
fn rank_at(b: &[u8], i: usize) -> Option<Rank> {
    b.get(i).and_then(|&c| Rank::from_ascii(c))
}

/// Whether a word ending before `i` is complete (end, or no letter/digit next).
#[inline]
fn boundary(b: &[u8], i: usize) -> bool {
    b.get(i).is_none_or(|c| !c.is_ascii_alphanumeric())
}

#[inline]
fn err<T>(kind: ParseErrorKind, offset: usize) -> Result<T, ParseError> {
    Err(ParseError::new(kind, offset))
}

/// Reads castling at the start: side and bytes used. `O` in PGN; `0`
/// (FIDE), the hyphens left out (`OO`, `00`) and a lower-case `o` with
/// its hyphens (`o-o`, `o-o-o`, as typed text and OCR give it) in lenient
/// mode only.
fn parse_castle(b: &[u8], lenient: bool) -> Result<(CastlingSide, usize), ParseError> {
    let c = b[0];
    if c != b'O' && !lenient {
        return err(ParseErrorKind::LenientOnly, 0);
    }
    let hyphen = b.get(1) == Some(&b'-');
    if !hyphen && (!lenient || c == b'o') {
        return err(ParseErrorKind::BadCastling, 1);
    }
    let step = if hyphen { 2 } else { 1 };
    match b.get(step) {
        Some(&x) if x == c => {}
        Some(b'O' | b'0' | b'o') => return err(ParseErrorKind::BadCastling, step),
        _ => return err(ParseErrorKind::BadCastling, step.min(b.len())),
    }
    let i = step + 1;
    if hyphen {
        if b.get(i) == Some(&b'-') {
            match b.get(i + 1) {
                Some(&x) if x == c => return Ok((CastlingSide::QueenSide, i + 2)),
                Some(b'O' | b'0' | b'o') => return err(ParseErrorKind::BadCastling, i + 1),
                _ => {}
            }
        }
    } else if b.get(i) == Some(&c) {
        return Ok((CastlingSide::QueenSide, i + 1));
    }
    Ok((CastlingSide::KingSide, i))
}

/// Reads a promotion piece at `i`: role and bytes used.
fn promotion_at(b: &[u8], i: usize, lang: Language, lenient: bool) -> Option<(Role, usize)> {
    let rest = b.get(i..)?;
    let (role, n) = if lenient {
        match lang.read_piece(rest) {
            Some(x) => x,
            None => match rest.first() {
                Some(b'q') => (Role::Queen, 1),
                Some(b'r') => (Role::Rook, 1),
                Some(b'b') => (Role::Bishop, 1),
                Some(b'n') => (Role::Knight, 1),
                _ => return None,
            },
        }
    } else {
        let (role, n) = lang.read_piece(rest)?;
        if !rest.starts_with(lang.letter(role).as_bytes()) || n != lang.letter(role).len() {
            return None;
        }
        (role, n)
    };
    Some((role, n))
}

impl San {
    /// The moving role (`King` for castling, `None` for the null move).
    pub const fn role(&self) -> Option<Role> {
        match *self {
            San::Normal { role, .. } => Some(role),
            San::Castle(_) => Some(Role::King),
            San::Null => None,
        }
    }

    /// The destination square, if fully written (not for `ed`, castling or
    /// the null move).
    pub const fn to(&self) -> Option<Square> {
        match *self {
            San::Normal {
                to_file,
                to_rank: Some(r),
                ..
            } => Some(Square::from_coords(to_file, r)),
            _ => None,
        }
    }

    /// Parses a whole token. See [`San::from_ascii_prefix`].
    ///
    /// ```
    /// use movetext::notation::{Language, ParseMode, San, Suffix};
    /// use movetext::{File, Rank, Role};
    ///
    /// let sp = San::from_ascii("Hh4xe1#".as_bytes(), Language::Pl, ParseMode::Strict).unwrap();
    /// assert_eq!(sp.san, San::Normal {
    ///     role: Role::Queen, file: Some(File::H), rank: Some(Rank::Fourth), capture: true,
    ///     to_file: File::E, to_rank: Some(Rank::First), promotion: None,
    /// });
    /// assert_eq!(sp.suffix, Some(Suffix::Mate));
    /// ```
    #[inline]
    pub fn from_ascii(
        bytes: &[u8],
        lang: Language,
        mode: ParseMode,
    ) -> Result<SanPlus, ParseError> {
        if lang == Language::En {
            if let Some(sp) = fast_token(bytes) {
                return Ok(sp);
            }
        }
        San::from_ascii_general(bytes, lang, mode)
    }

    /// [`San::from_ascii`] past its fast path (the same in any language but
    /// English, where [`fast_token`] has been tried).
    #[inline(never)]
    pub(crate) fn from_ascii_general(
        bytes: &[u8],
        lang: Language,
        mode: ParseMode,
    ) -> Result<SanPlus, ParseError> {
        super::whole_token(bytes, |b| San::from_ascii_prefix(b, lang, mode))
    }

    /// Parses a move at the start of `bytes` and returns it with the number
    /// of bytes used; what follows is left to the caller. Piece letters are
    /// those of `lang`; figurines are read in [`ParseMode::Lenient`].
    ///
    /// In lenient mode the suffix words `ch`, `mate`, `ep`, `e.p.`,
    /// `dis ch`, `dbl ch` may follow after one space (`exd6 ep`).
    ///
    /// ```
    /// use movetext::notation::{Language, ParseMode, San};
    ///
    /// let (sp, used) = San::from_ascii_prefix(b"exd6 e.p. Nf6", Language::En, ParseMode::Lenient).unwrap();
    /// assert!(sp.en_passant);
    /// assert_eq!(used, 9);
    /// ```
    #[inline]
    pub fn from_ascii_prefix(
        b: &[u8],
        lang: Language,
        mode: ParseMode,
    ) -> Result<(SanPlus, usize), ParseError> {
        let lenient = mode == ParseMode::Lenient;
        if lang == Language::En {
            if let Some(fast) = fast_english(b, lenient) {
                return Ok(fast);
            }
        }
        San::parse_general(b, lang, lenient)
    }

    /// The full parser; [`fast_english`] covers the common forms first.
    #[inline(never)]
    pub(crate) fn parse_general(
        b: &[u8],
        lang: Language,
        lenient: bool,
    ) -> Result<(SanPlus, usize), ParseError> {
        let Some(&first) = b.first() else {
            return err(ParseErrorKind::Empty, 0);
        };
        let (san, i) = match first {
            b'O' | b'0' | b'o' if matches!(b.get(1), Some(&c) if c == b'-' || c == first && c != b'o') =>
            {
                let (side, i) = parse_castle(b, lenient)?;
                (San::Castle(side), i)
            }
            b'-' if b.get(1) == Some(&b'-') => (San::Null, 2),
            b'Z' if b.get(1) == Some(&b'0') && lenient => (San::Null, 2),
            _ => parse_normal(b, lang, lenient)?,
        };
        parse_suffixes(b, i, san, lenient)
    }

    /// Writes the move in a style; `turn` (the side making it) picks the
    /// figurine colour for [`Figurines::BySide`].
    pub fn write<S: Sink + ?Sized>(&self, style: &SanStyle, turn: Color, sink: &mut S) {
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
                if role != Role::Pawn {
                    style.write_piece(role, turn, sink);
                }
                if let Some(f) = file {
                    sink.push_byte(f.char() as u8);
                }
                if let Some(r) = rank {
                    sink.push_byte(r.char() as u8);
                }
                if capture {
                    style.write_capture(sink);
                }
                sink.push_byte(to_file.char() as u8);
                if let Some(r) = to_rank {
                    sink.push_byte(r.char() as u8);
                }
                if let Some(p) = promotion {
                    style.write_promotion(p, turn, sink);
                }
            }
            San::Castle(side) => style.write_castle(side, sink),
            San::Null => sink.push_str("--"),
        }
    }
}

fn parse_normal(b: &[u8], lang: Language, lenient: bool) -> Result<(San, usize), ParseError> {
    let mut i = 0;
    let mut role = Role::Pawn;
    if let Some((r, n)) = lang.read_piece(b) {
        if !lenient
            && (r == Role::Pawn
                || !b.starts_with(lang.letter(r).as_bytes())
                || n != lang.letter(r).len())
        {
            return err(ParseErrorKind::LenientOnly, 0);
        }
        role = r;
        i = n;
        // A figurine set apart from its square by one space (`♘ f3`), as
        // typeset books print it.
        if lenient && b.get(i) == Some(&b' ') && read_figurine(b).is_some() {
            i += 1;
        }
    }
    let letter_end = i;
    let f1 = file_at(b, i);
    if f1.is_some() {
        i += 1;
    }
    let r1 = rank_at(b, i);
    if r1.is_some() {
        i += 1;
    }
    // Separator: capture mark or hyphen.
    let sep_start = i;
    let mut capture = false;
    let mut hyphen = false;
    match b.get(i) {
        Some(b'x') => {
            capture = true;
            i += 1;
        }
        Some(b':') => {
            capture = true;
            i += 1;
        }
        Some(0xc3) if b.get(i + 1) == Some(&0x97) => {
            capture = true;
            i += 2;
        }
        Some(b'-') => {
            hyphen = true;
            i += 1;
        }
        _ => {}
    }
    let mut f2 = file_at(b, i);
    if f2.is_some() && rank_at(b, i + 1).is_none() && f1.is_some() && r1.is_some() {
        // `Qf7ch`, `Qf7dis ch`, `exd6e.p.`: a complete square, then a suffix.
        f2 = None;
    }
    if f2.is_none() && i != sep_start {
        // A mark not followed by a square belongs to the suffixes (`Be5:`).
        i = sep_start;
        capture = false;
        hyphen = false;
    }
    if i != sep_start && !lenient && (hyphen || b[sep_start] != b'x') {
        return err(ParseErrorKind::LenientOnly, sep_start);
    }
    let (file, rank, to_file, to_rank) = match f2 {
        Some(f2) => {
            i += 1;
            let r2 = rank_at(b, i);
            if r2.is_some() {
                i += 1;
            } else if !(lenient && role == Role::Pawn && f1.is_some() && r1.is_none()) {
                return err(ParseErrorKind::ExpectedRank, i);
            }
            (f1, r1, f2, r2)
        }
        None => match (f1, r1) {
            (Some(f), Some(r)) => (None, None, f, Some(r)),
            (Some(_), None) => return err(ParseErrorKind::ExpectedRank, i),
            (None, Some(_)) => return err(ParseErrorKind::ExpectedFile, letter_end),
            (None, None) if letter_end > 0 => return err(ParseErrorKind::ExpectedSquare, i),
            (None, None) => return err(ParseErrorKind::ExpectedMove, 0),
        },
    };
    if !lenient && role == Role::Pawn && (rank.is_some() || file.is_some() != capture) {
        // Strict pawn moves: `e4` or `exd5` only.
        return err(ParseErrorKind::LenientOnly, letter_end);
    }
    // Promotion.
    let mut promotion = None;
    if role == Role::Pawn {
        let last = matches!(to_rank, Some(Rank::First | Rank::Eighth));
        let start = i;
        let found = match b.get(i) {
            Some(b'=') => match promotion_at(b, i + 1, lang, lenient) {
                Some((p, n)) => Some((p, i + 1 + n)),
                None if last => return err(ParseErrorKind::ExpectedPromotion, i + 1),
                None => None,
            },
            Some(b'(') if lenient => match promotion_at(b, i + 1, lang, lenient) {
                Some((p, n)) if b.get(i + 1 + n) == Some(&b')') => Some((p, i + 2 + n)),
                Some((_, n)) => return err(ParseErrorKind::ExpectedPromotion, i + 1 + n),
                None => None,
            },
            Some(b'/') if lenient => match promotion_at(b, i + 1, lang, lenient) {
                Some((p, n)) => Some((p, i + 1 + n)),
                None => return err(ParseErrorKind::ExpectedPromotion, i + 1),
            },
            _ if last => match promotion_at(b, i, lang, lenient) {
                Some(_) if !lenient => return err(ParseErrorKind::LenientOnly, i),
                Some((p, n)) if p.is_promotion_target() => Some((p, i + n)),
                _ => None,
            },
            _ => None,
        };
        if let Some((p, end)) = found {
            if !p.is_promotion_target() || !last {
                return err(ParseErrorKind::UnexpectedPromotion, start);
            }
            promotion = Some(p);
            i = end;
        }
    } else if b.get(i) == Some(&b'=') && promotion_at(b, i + 1, lang, lenient).is_some() {
        return err(ParseErrorKind::UnexpectedPromotion, i);
    }
    Ok((
        San::Normal {
            role,
            file,
            rank,
            capture,
            to_file,
            to_rank,
            promotion,
        },
        i,
    ))
}

/// Suffix words readable after one optional space (lenient mode).
fn suffix_word(b: &[u8], i: usize, pawn_capture: bool) -> Option<(Word, usize)> {
    let rest = b.get(i..)?;
    let words: [(&[u8], Word); 9] = [
        (b"dis ch", Word::Check(Suffix::DiscoveredCheck)),
        (b"disch", Word::Check(Suffix::DiscoveredCheck)),
        (b"dbl ch", Word::Check(Suffix::DoubleCheck)),
        (b"mate", Word::Check(Suffix::Mate)),
        (b"matas", Word::Check(Suffix::Mate)),
        (b"ch", Word::Check(Suffix::Check)),
        (b"e.p.", Word::EnPassant),
        (b"e. p.", Word::EnPassant),
        (b"ep", Word::EnPassant),
    ];
    for (w, kind) in words {
        if rest.starts_with(w) && (w.ends_with(b".") || boundary(b, i + w.len())) {
            if kind == Word::EnPassant && !pawn_capture {
                return None;
            }
            return Some((kind, w.len()));
        }
    }
    None
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Word {
    Check(Suffix),
    EnPassant,
}

/// Reads what follows a move: check and mate claims, glyphs, capture and
/// en passant marks, a draw offer, in any order, each at most once.
fn parse_suffixes(
    b: &[u8],
    mut i: usize,
    san: San,
    lenient: bool,
) -> Result<(SanPlus, usize), ParseError> {
    let mut sp = SanPlus {
        san,
        suffix: None,
        nag: None,
        en_passant: false,
        draw_offer: false,
    };
    let pawn_capture =
        matches!(san, San::Normal { role: Role::Pawn, file: Some(f), to_file, .. } if f != to_file);
    while let Some(&c) = b.get(i) {
        let start = i;
        match c {
            b'+' if sp.suffix.is_none() && sp.nag.is_none() => match b.get(i + 1) {
                Some(b'+') => {
                    if !lenient {
                        return err(ParseErrorKind::LenientOnly, i);
                    }
                    sp.suffix = Some(Suffix::DoublePlus);
                    i += 2;
                }
                // `+/-`, `+-`, `+/=`: an evaluation, for the caller.
                Some(b'/' | b'-') => break,
                Some(0xe2) if b.get(i + 2) == Some(&0x88) && b.get(i + 3) == Some(&0x92) => break,
                _ => {
                    sp.suffix = Some(Suffix::Check);
                    i += 1;
                }
            },
            b'#' if sp.suffix.is_none() && sp.nag.is_none() => {
                sp.suffix = Some(Suffix::Mate);
                i += 1;
            }
            b'!' | b'?' if sp.nag.is_none() => {
                let (nag, n) = match (c, b.get(i + 1)) {
                    (b'!', Some(b'!')) => (Nag(3), 2),
                    (b'?', Some(b'?')) => (Nag(4), 2),
                    (b'!', Some(b'?')) => (Nag(5), 2),
                    (b'?', Some(b'!')) => (Nag(6), 2),
                    (b'!', _) => (Nag(1), 1),
                    _ => (Nag(2), 1),
                };
                sp.nag = Some(nag);
                i += n;
            }
            0xe2 if b.get(i + 1).is_some() && b.get(i + 2).is_some() => {
                let kind = match (b[i + 1], b[i + 2]) {
                    (0x80, 0xa0) if sp.suffix.is_none() => Some(Ok(Suffix::Check)), // †
                    (0x80, 0xa1) if sp.suffix.is_none() => Some(Ok(Suffix::Mate)),  // ‡
                    (0x89, 0xa0) if sp.suffix.is_none() => Some(Ok(Suffix::Mate)),  // ≠
                    (0x96, 0xa1) if sp.nag.is_none() => Some(Err(Nag(7))),          // □
                    _ => None,
                };
                match kind {
                    None => break,
                    Some(_) if !lenient => return err(ParseErrorKind::LenientOnly, i),
                    Some(Ok(s)) => sp.suffix = Some(s),
                    Some(Err(n)) => sp.nag = Some(n),
                }
                i += 3;
            }
            b'(' if b.get(i + 1) == Some(&b'=')
                && b.get(i + 2) == Some(&b')')
                && !sp.draw_offer =>
            {
                if !lenient {
                    return err(ParseErrorKind::LenientOnly, i);
                }
                sp.draw_offer = true;
                i += 3;
            }
            b':' => match &mut sp.san {
                San::Normal { capture, .. } if !*capture && sp.suffix.is_none() => {
                    if !lenient {
                        return err(ParseErrorKind::LenientOnly, i);
                    }
                    *capture = true;
                    i += 1;
                }
                _ => break,
            },
            b'x' | b'X'
                if sp.suffix.is_none()
                    && boundary(b, i + 1)
                    && matches!(san, San::Normal { .. }) =>
            {
                if !lenient {
                    return err(ParseErrorKind::LenientOnly, i);
                }
                sp.suffix = Some(Suffix::MateX);
                i += 1;
            }
            _ => {
                let j = if c == b' ' && lenient { i + 1 } else { i };
                match suffix_word(b, j, pawn_capture) {
                    Some((Word::Check(s), n)) if sp.suffix.is_none() => {
                        if !lenient {
                            return err(ParseErrorKind::LenientOnly, i);
                        }
                        sp.suffix = Some(s);
                        i = j + n;
                    }
                    Some((Word::EnPassant, n)) if !sp.en_passant => {
                        if !lenient {
                            return err(ParseErrorKind::LenientOnly, i);
                        }
                        sp.en_passant = true;
                        i = j + n;
                    }
                    _ => break,
                }
            }
        }
        debug_assert!(i > start);
    }
    Ok((sp, i))
}

/// Reads only suffixes at `i` (lenient), as after a pawn capture: for other
/// notations that share them (descriptive).
pub(crate) fn parse_suffixes_only(b: &[u8], i: usize) -> Result<(SanPlus, usize), ParseError> {
    let pawn_capture = San::Normal {
        role: Role::Pawn,
        file: Some(File::A),
        rank: None,
        capture: true,
        to_file: File::B,
        to_rank: None,
        promotion: None,
    };
    parse_suffixes(b, i, pawn_capture, true)
}

impl SanPlus {
    /// Parses a whole token; same as [`San::from_ascii`].
    pub fn from_ascii(
        bytes: &[u8],
        lang: Language,
        mode: ParseMode,
    ) -> Result<SanPlus, ParseError> {
        San::from_ascii(bytes, lang, mode)
    }

    /// Writes the move and, as the style asks, the claimed suffix (`+` for
    /// any check claim, `#` for mate) and the glyph.
    pub fn write<S: Sink + ?Sized>(&self, style: &SanStyle, turn: Color, sink: &mut S) {
        self.san.write(style, turn, sink);
        if style.suffix {
            match self.suffix {
                Some(s) if s.claims_mate() => sink.push_byte(b'#'),
                Some(_) => sink.push_byte(b'+'),
                None => {}
            }
        }
        if style.glyph {
            if let Some(nag) = self.nag {
                nag.write(super::NagStyle::Glyph, sink);
            }
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::display_with(f, |s| self.write(&SanStyle::PGN, Color::White, s))
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::display_with(f, |s| self.write(&SanStyle::PGN, Color::White, s))
    }
}

impl From<San> for SanPlus {
    fn from(san: San) -> SanPlus {
        SanPlus {
            san,
            suffix: None,
            nag: None,
            en_passant: false,
            draw_offer: false,
        }
    }
}
