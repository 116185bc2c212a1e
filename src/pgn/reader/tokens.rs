//! Token classification: move numbers, results, null moves, glyphs and
//! moves, as the general code and the fast loop read them.

use super::fast::{ItemStart, ITEM_START};
use super::{report, Game, State};
use crate::pgn::scan::is_delimiter;
use crate::pgn::visitor::{Control, ErrorKind, GameResult, Nag, Visitor};

/// Classifies the token `w[start..end]` (`w[0]` is at absolute offset `base`,
/// on the current line): move numbers, results, null moves, glyphs, moves.
/// Returns true if it ended the game.
#[inline(never)]
pub(super) fn classify<V: Visitor>(
    st: &mut State,
    v: &mut V,
    g: &mut Game,
    w: &[u8],
    base: u64,
    start: usize,
    end: usize,
) -> bool {
    let mut at = start;
    loop {
        let tok = &w[at..end];
        let first = tok[0];
        // Fast path on the first byte: a plain move (a letter, no glyph suffix).
        if ITEM_START[first as usize] == ItemStart::Move {
            if g.silent() {
                return false;
            }
            let last = tok[tok.len() - 1];
            if last < 0x80 && last != b'!' && last != b'?' && tok != b"N" && tok != b"TN" {
                g.apply(v.san(tok, st.loc(base + at as u64)));
                return false;
            }
        }
        if first.is_ascii_digit() || first == b'*' || tok.starts_with("½".as_bytes()) {
            if let Some(r) = unambiguous_result(tok) {
                if g.depth > 0 {
                    let kind = ErrorKind::ResultInVariation;
                    report(st, v, g, kind, w, base, at, end - at);
                    return false;
                }
                if !g.silent() {
                    g.apply(v.result(tok, r));
                }
                return true;
            }
        }
        if first.is_ascii_digit() {
            if tok == b"0000" {
                if !g.silent() {
                    g.apply(v.null_move(tok, st.loc(base + at as u64)));
                }
                return false;
            }
            let d = tok
                .iter()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(tok.len());
            let (dots, black) = count_dots(&tok[d..]);
            if dots > 0 {
                if !g.silent() {
                    let n = tok[..d].iter().fold(0u32, |n, &b| {
                        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
                    });
                    g.apply(v.move_number(n, black));
                }
                at += d + dots;
                if at == end {
                    return false;
                }
                continue;
            }
            if d == tok.len() && d <= 3 {
                // A move number written without its dot (`1 e4 e5 2 Nf3`);
                // four or five digits are an ICCF move.
                if !g.silent() {
                    let n = tok.iter().fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
                    g.apply(v.move_number(n, false));
                }
                return false;
            }
        } else if first == b'.' || tok.starts_with("…".as_bytes()) {
            let (dots, _) = count_dots(tok);
            at += dots;
            if at == end {
                return false;
            }
            continue;
        }
        if g.silent() {
            return false;
        }
        if tok == b"--" || tok == b"Z0" {
            g.apply(v.null_move(tok, st.loc(base + at as u64)));
            return false;
        }
        if let Some(r) = terminating_result(tok) {
            // Not at a game's end (or after a move number): no result.
            let c = match r {
                GameResult::BothLose => v.san(tok, st.loc(base + at as u64)),
                GameResult::WhiteWinsByDefault => v.nag(Nag(16)),
                GameResult::BlackWinsByDefault => v.nag(Nag(17)),
                _ => {
                    let kind = ErrorKind::MisplacedResult;
                    report(st, v, g, kind, w, base, at, end - at);
                    Control::Continue
                }
            };
            g.apply(c);
            return false;
        }
        if let Some(nag) = glyph_nag(tok) {
            g.apply(v.nag(nag));
            return false;
        }
        let (mv, glyph) = split_glyph(tok);
        if mv.is_empty() {
            report(st, v, g, ErrorKind::InvalidGlyph, w, base, at, end - at);
            return false;
        }
        g.apply(v.san(mv, st.loc(base + at as u64)));
        if let Some(glyph) = glyph {
            match glyph_nag(glyph) {
                Some(nag) => {
                    if !g.silent() {
                        g.apply(v.nag(nag));
                    }
                }
                None => {
                    let off = at + mv.len();
                    let kind = ErrorKind::InvalidGlyph;
                    report(st, v, g, kind, w, base, off, glyph.len());
                }
            }
        }
        return false;
    }
}

/// A result token that is never anything else (`1-0`, `½-½`, `*` ...), as
/// [`GameResult::from_ascii`] reads it. Every such result ends in `0`, `1`,
/// `2`, `5`, `*` or `½` (…BD); move numbers end in `.`, moves mostly in a
/// rank digit or a letter, so most tokens are turned away on their last byte.
#[inline]
pub(super) fn unambiguous_result(t: &[u8]) -> Option<GameResult> {
    if t.len() > 16 || !matches!(t.last(), Some(b'0' | b'1' | b'2' | b'5' | b'*' | 0xbd)) {
        return None;
    }
    match GameResult::from_ascii(t).ok()? {
        GameResult::BothLose
        | GameResult::WhiteWinsByDefault
        | GameResult::BlackWinsByDefault
        | GameResult::BothLoseByDefault => None,
        r => Some(r),
    }
}

/// A result token that is something else unless it ends the game: `0-0`
/// (castling), `+/-` and `-/+` (evaluation NAGs), `-/-`; and the short draw
/// `1/2` (or `½`) that some databases write as the last token. First-byte
/// reject.
#[inline]
pub(super) fn terminating_result(t: &[u8]) -> Option<GameResult> {
    if t == b"1/2" || t == "½".as_bytes() {
        return Some(GameResult::Draw);
    }
    if t.len() > 7 || !matches!(t.first(), Some(b'0' | b'+' | b'-' | 0xe2)) {
        return None;
    }
    match GameResult::from_ascii(t).ok()? {
        r @ (GameResult::BothLose
        | GameResult::WhiteWinsByDefault
        | GameResult::BlackWinsByDefault
        | GameResult::BothLoseByDefault) => Some(r),
        _ => None,
    }
}

/// The NAG of a glyph token (`!?`, `±`, `+/-`, `N` ...), as
/// [`Nag::from_ascii`] reads it; first-byte reject for everything else.
#[inline]
fn glyph_nag(t: &[u8]) -> Option<Nag> {
    match t.first() {
        Some(b'!' | b'?' | b'=' | b'+' | b'-' | b'N' | b'T') if t.len() <= 5 => {}
        Some(&b) if b >= 0x80 && t.len() <= 7 => {}
        _ => return None,
    }
    Nag::from_ascii(t).ok()
}

/// Length of a run of `.` and `…` at the start of `s`, and whether it means
/// Black's move (two or more dots, or an ellipsis).
fn count_dots(s: &[u8]) -> (usize, bool) {
    let mut i = 0;
    let mut n = 0;
    loop {
        if s.get(i) == Some(&b'.') {
            i += 1;
            n += 1;
        } else if s[i..].starts_with("…".as_bytes()) {
            i += 3;
            n += 3;
        } else {
            return (i, n >= 2);
        }
    }
}

/// `$` digits: 0..=255.
pub(super) fn parse_u8(s: &[u8]) -> Option<u8> {
    if s.is_empty() || s.len() > 3 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = s.iter().fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
    u8::try_from(n).ok()
}

/// Unicode glyphs that may follow a move directly.
const SUFFIX_GLYPHS: [&str; 9] = ["±", "∓", "⩲", "⩱", "∞", "□", "∆", "⌓", "Δ"];

/// Splits a trailing `!`/`?` run or Unicode glyph off a move token.
fn split_glyph(tok: &[u8]) -> (&[u8], Option<&[u8]>) {
    let mut end = tok.len();
    while end > 0 && matches!(tok[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end < tok.len() {
        return (&tok[..end], Some(&tok[end..]));
    }
    if tok.last().is_some_and(|&b| b >= 0x80) {
        for g in SUFFIX_GLYPHS {
            if tok.len() > g.len() && tok.ends_with(g.as_bytes()) {
                let end = tok.len() - g.len();
                return (&tok[..end], Some(&tok[end..]));
            }
        }
    }
    (tok, None)
}

/// Whether a token outside a game starts a game without tags.
pub(super) fn looks_like_movetext(s: &[u8]) -> bool {
    let at = |i: usize| s.get(i).copied().unwrap_or(b' ');
    let file = |b: u8| (b'a'..=b'h').contains(&b);
    let rank = |b: u8| (b'1'..=b'8').contains(&b);
    let capture = |b: u8| b == b'x' || b == b':';
    let (a, b, c, d) = (at(0), at(1), at(2), at(3));
    if a.is_ascii_digit() {
        return true;
    }
    if file(a) {
        return rank(b) || capture(b);
    }
    if a.is_ascii_uppercase() {
        if s.starts_with(b"O-O") || s.starts_with(b"OO") || s.starts_with(b"Z0") {
            return true;
        }
        return (file(b) && (rank(c) || capture(c)))
            || capture(b)
            || (file(b) && file(c) && rank(d))
            || (rank(b) && file(c));
    }
    // `--` and figurines (U+2654..U+265F: E2 99 94..9F).
    (a == b'-' && b == b'-' && is_delimiter_or_end(c)) || (a == 0xe2 && b == 0x99)
}

fn is_delimiter_or_end(b: u8) -> bool {
    is_delimiter(b)
}
