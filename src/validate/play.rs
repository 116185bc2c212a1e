//! One move token in any notation, resolved and played: the English PGN
//! forms by the notation's fast paths, then SAN in any language, then (in
//! lenient mode) the other notations.

use super::GameErrorKind;
use crate::moves::Move;
use crate::notation::fast;
use crate::notation::{
    suffix_holds_after, Descriptive, Iccf, Lan, Language, MoveSuffix, Nag, ParseMode, Suffix,
    SuffixVerdict, Uci,
};
use crate::position::Position;

/// Reads one move token in any notation: SAN in `lang` (strict or lenient),
/// then, in lenient mode, long algebraic / UCI, ICCF numeric and English
/// descriptive notation. Gives the legal move and whether its suffix held.
pub fn resolve_token(
    pos: &Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    let mut after = *pos;
    play_token(&mut after, token, lang, mode)
}

/// [`resolve_token`], and plays the move on `pos` (a SAN move in one step,
/// see [`SanPlus::play`](crate::notation::SanPlus::play); the null move
/// passes the turn). On an error `pos` is unchanged.
///
/// ```
/// use movetext::notation::{Language, ParseMode, SuffixVerdict};
/// use movetext::validate::play_token;
/// use movetext::{Move, Position, Square};
///
/// let mut pos = Position::new();
/// let played = play_token(&mut pos, b"e2e4", Language::En, ParseMode::Lenient);
/// assert_eq!(played, Ok((Move::normal(Square::E2, Square::E4), SuffixVerdict::Absent)));
/// assert!(play_token(&mut pos, b"e5+", Language::En, ParseMode::Strict).is_err());
/// assert_eq!(pos.fullmove_number(), 1);
/// ```
#[inline]
pub fn play_token(
    pos: &mut Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    play_token_inline(pos, None, token, lang, mode)
}

/// [`play_token`], always inlined (the validator's hot path). `kept`: a
/// copy of `pos` the caller keeps (see [`fast::play_fast`]).
#[inline(always)]
pub(super) fn play_token_inline(
    pos: &mut Position,
    kept: Option<&Position>,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    if lang == Language::En {
        if let Some(r) = fast::play_fast(pos, kept, token, mode) {
            return Ok((r.mv, r.suffix));
        }
    }
    play_token_general(pos, token, lang, mode)
}

/// [`play_token`] past the fast paths: SAN in any language (see
/// [`fast::play_general`]), then the other notations.
#[inline(never)]
pub(super) fn play_token_general(
    pos: &mut Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    let played = fast::play_general(pos, token, lang, mode);
    let san_err = match played {
        Ok(played) => match played {
            Ok(r) => return Ok((r.mv, r.suffix)),
            // `b8c6` reads as an over-disambiguated pawn move in SAN; as
            // UCI it may be legal.
            Err(e) => match lenient_other_notations(pos, token, lang, mode) {
                Some(Ok(m)) => return Ok(play_other(pos, m, token)),
                _ => return Err(GameErrorKind::Move(e)),
            },
        },
        Err(e) => e,
    };
    match lenient_other_notations(pos, token, lang, mode) {
        Some(r) => r.map(|m| play_other(pos, m, token)),
        None => Err(GameErrorKind::Syntax(san_err)),
    }
}

/// Plays `m`, read from `token` in a notation other than SAN (`e2e4+`,
/// `Ng1-f3#`, `P-K4+`), and judges the `+`, `++` or `#` written after it
/// (before any glyph), as SAN's suffix is judged.
fn play_other(pos: &mut Position, m: Move, token: &[u8]) -> (Move, SuffixVerdict) {
    pos.play_or_pass(m);
    let end = token.len()
        - token
            .iter()
            .rev()
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count();
    let body = &token[..end];
    let claimed = if body.ends_with(b"#") {
        Suffix::Mate
    } else if body.ends_with(b"++") {
        Suffix::DoublePlus
    } else if body.ends_with(b"+") {
        Suffix::Check
    } else {
        return (m, SuffixVerdict::Absent);
    };
    let moved_to = if m.is_castle() {
        Position::castle_king_target(m)
    } else {
        m.to()
    };
    match suffix_holds_after(pos, moved_to, claimed) {
        Ok(()) => (m, SuffixVerdict::Confirmed),
        Err(_) => (m, SuffixVerdict::Contradicted),
    }
}

/// A move token that [`play_token`] does not read, read as books and old
/// files print it: a glyph glued on (`e4+/=`, `e4-+`, `e4N`: the move and
/// the glyph's NAG), text that is not UTF-8, read as Windows-1252 (a
/// Lithuanian `Žf3` with `Ž` as the byte 0x8E), typeset dashes for the
/// hyphen (`P–K4`, `O–O`, `g1–f3`). `None` if none of these reads it
/// (`pos` then unchanged).
pub(super) fn play_printed(
    pos: &mut Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Option<(Move, SuffixVerdict, Option<Nag>)> {
    let utf8;
    let token = match core::str::from_utf8(token) {
        Ok(_) => token,
        Err(_) => {
            utf8 = crate::pgn::latin1_lossy(token).into_owned();
            if let Ok((m, v)) = play_token(pos, utf8.as_bytes(), lang, mode) {
                return Some((m, v, None));
            }
            utf8.as_bytes()
        }
    };
    // Dashes as typeset (`P–K4`, `O—O`, `g1‒f3`; `\x96` in Windows-1252)
    // are the hyphen.
    let hyphens;
    let token = if token
        .windows(2)
        .any(|w| w == [0xe2, 0x80] || w == [0xe2, 0x88])
    {
        hyphens = with_hyphens(token);
        if let Ok((m, v)) = play_token(pos, &hyphens, lang, mode) {
            return Some((m, v, None));
        }
        &hyphens[..]
    } else {
        token
    };
    let (end, nag) = Nag::split_glued(token)?;
    let (m, v) = play_token(pos, &token[..end], lang, mode).ok()?;
    Some((m, v, Some(nag)))
}

/// `token` with each typeset dash (`‐ ‑ ‒ – —`, the minus sign `−`)
/// written as the hyphen `-`.
fn with_hyphens(token: &[u8]) -> Vec<u8> {
    const DASHES: [&str; 6] = [
        "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}",
    ];
    let mut out = Vec::with_capacity(token.len());
    let mut rest = token;
    while let Some(&b) = rest.first() {
        match DASHES.iter().find(|d| rest.starts_with(d.as_bytes())) {
            Some(d) => {
                out.push(b'-');
                rest = &rest[d.len()..];
            }
            None => {
                out.push(b);
                rest = &rest[1..];
            }
        }
    }
    out
}

/// A suffix word with a glyph ending in `+` glued on (`ch-+`, `mate=/+`),
/// which the reader hands on whole as a move token: the word's length and
/// the glyph's NAG.
pub(super) fn word_with_glyph(token: &[u8]) -> Option<(usize, Nag)> {
    if !MoveSuffix::FIRST_BYTES.contains(token.first()?) {
        return None;
    }
    let (end, nag) = Nag::split_glued(token)?;
    MoveSuffix::from_word(&token[..end]).map(|_| (end, nag))
}

/// Coordinates as typed (`g1-f3`, `e1-g1`, `e7-e8Q`: whatever piece stands
/// on the first square), long algebraic / UCI, ICCF numeric and English
/// descriptive notation, in lenient mode: `None` if none of them reads the
/// token.
fn lenient_other_notations(
    pos: &Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Option<Result<Move, GameErrorKind>> {
    if mode != ParseMode::Lenient {
        return None;
    }
    // Check and mate marks after coordinates are read and dropped, as long
    // algebraic notation drops them.
    if let Ok((uci, used)) = Uci::from_coordinates_prefix(token, lang) {
        if token[used..].iter().all(|b| matches!(b, b'+' | b'#')) {
            if let Ok(m) = uci.to_move(pos) {
                return Some(Ok(m));
            }
        }
    }
    if let Ok(lan) = Lan::from_ascii(token, lang) {
        return Some(lan.to_move(pos).map_err(GameErrorKind::Move));
    }
    if token.first().is_some_and(u8::is_ascii_digit) {
        if let Ok(iccf) = Iccf::from_ascii(token) {
            return Some(iccf.to_move(pos).map_err(GameErrorKind::Move));
        }
    }
    if let Ok(d) = Descriptive::from_ascii(token) {
        return Some(d.to_move(pos).map_err(GameErrorKind::Move));
    }
    None
}
