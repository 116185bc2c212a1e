//! Token classification: move numbers, results, null moves, glyphs and
//! moves, as the general code and the fast loop read them.

use super::fast::{en_passant_word, plain_move, ItemStart, ITEM_START};
use super::{report, Game, State};
use crate::notation::{read_figurine, MoveSuffix};
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
        // Fast path on the first byte: a plain move (a letter, no glyph
        // suffix, no suffix word), as the fast loop reads it.
        if ITEM_START[first as usize] == ItemStart::Move {
            if g.silent() {
                return false;
            }
            if plain_move(first, tok[tok.len() - 1]) && !en_passant_word(tok) {
                g.apply(v.san(tok, st.loc(base + at as u64)));
                return false;
            }
        }
        // `½` in UTF-8, or as the Latin-1 byte 0xBD.
        if first.is_ascii_digit()
            || first == b'*'
            || first == 0xbd
            || tok.starts_with("½".as_bytes())
        {
            if let Some(r) = unambiguous_result(tok) {
                if g.depth > 0 {
                    let kind = ErrorKind::ResultInVariation;
                    report(st, v, g, kind, w, base, at, end - at);
                    return false;
                }
                if !g.silent() {
                    g.apply(v.result_at(tok, r, st.loc(base + at as u64)));
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
        // A glyph glued on: a run of `!` and `?` (reported when it is no
        // glyph), or any other glyph (`e4+/=`, `e4-+`, `e4N`, `e4∞`).
        let (mv, glyph) = match split_glyph(tok) {
            (mv, None) => match Nag::split_glued(tok) {
                Some((end, nag)) => (&tok[..end], Some(Ok(nag))),
                None => (mv, None),
            },
            (mv, Some(marks)) => (mv, Some(glyph_nag(marks).ok_or(marks))),
        };
        if mv.is_empty() {
            report(st, v, g, ErrorKind::InvalidGlyph, w, base, at, end - at);
            return false;
        }
        // A word after a move and a space (`exd6 ep`, `Nf3 ch`, `QxP ch!`)
        // belongs to that move.
        let loc = st.loc(base + at as u64);
        if MoveSuffix::from_word(mv).is_some() {
            g.apply(v.move_suffix(mv, loc));
        } else if let Some(k) = en_passant_then_claim(mv) {
            // `exd6 ep+`, `exd6 e.p.#`: two words glued together.
            g.apply(v.move_suffix(&mv[..k], loc));
            if !g.silent() {
                g.apply(v.move_suffix(&mv[k..], st.loc(base + (at + k) as u64)));
            }
        } else {
            g.apply(v.san(mv, loc));
        }
        match glyph {
            Some(Ok(nag)) if !g.silent() => g.apply(v.nag(nag)),
            Some(Ok(_)) | None => {}
            Some(Err(marks)) => {
                let off = at + mv.len();
                report(st, v, g, ErrorKind::InvalidGlyph, w, base, off, marks.len());
            }
        }
        return false;
    }
}

/// A result token that is never anything else (`1-0`, `½-½`, `*` ...), as
/// [`GameResult::from_ascii`] reads it, or a win or draw written with a
/// colon (see [`colon_result`]). Every such result ends in `0`, `1`, `2`,
/// `5`, `*` or `½` (…BD); move numbers end in `.`, moves mostly in a rank
/// digit or a letter, so most tokens are turned away on their last byte.
#[inline]
pub(super) fn unambiguous_result(t: &[u8]) -> Option<GameResult> {
    if t.len() > 16 || !matches!(t.last(), Some(b'0' | b'1' | b'2' | b'5' | b'*' | 0xbd)) {
        return None;
    }
    match GameResult::from_ascii(t) {
        Ok(
            GameResult::BothLose
            | GameResult::WhiteWinsByDefault
            | GameResult::BlackWinsByDefault
            | GameResult::BothLoseByDefault,
        ) => None,
        Ok(r) => Some(r),
        Err(_) => colon_result(t),
    }
}

/// A win or a draw written with a colon between the scores, as German,
/// Russian and other Eastern European print and databases write results:
/// `1:0`, `0:1`, `½:½`, `1/2:1/2` (any score [`GameResult::from_ascii`]
/// reads, `0,5:0,5` too). No move, move number or glyph is written so;
/// the forfeits (`0:0`, `½:0`) are not read so. `t` is at most 16 bytes.
#[cold]
fn colon_result(t: &[u8]) -> Option<GameResult> {
    let colon = memchr::memchr(b':', t)?;
    let mut dashed = [0; 16];
    let dashed = dashed.get_mut(..t.len())?;
    dashed.copy_from_slice(t);
    dashed[colon] = b'-';
    match GameResult::from_ascii(dashed).ok()? {
        r @ (GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw) => Some(r),
        _ => None,
    }
}

/// A result token that is something else unless it ends the game: `0-0`
/// (castling), `+/-` and `-/+` (evaluation NAGs), `-/-`; and the short draw
/// `1/2` (or `½`) that some databases write as the last token. First-byte
/// reject.
#[inline]
pub(super) fn terminating_result(t: &[u8]) -> Option<GameResult> {
    if t == b"1/2" || t == "½".as_bytes() || t == b"\xbd" {
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
    // `±` as the Latin-1 (Windows-1252) byte 0xB1, as old databases write
    // it; glued to a move it is read so already.
    if let [b @ 0x80..=0xff] = t {
        let mut buf = [0; 4];
        return Nag::from_ascii(char::from(*b).encode_utf8(&mut buf).as_bytes()).ok();
    }
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

/// Splits a trailing `!`/`?` run off a move token.
fn split_glyph(tok: &[u8]) -> (&[u8], Option<&[u8]>) {
    let mut end = tok.len();
    while end > 0 && matches!(tok[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end < tok.len() {
        return (&tok[..end], Some(&tok[end..]));
    }
    (tok, None)
}

/// How far a move token reaches past its first delimiter, as books print
/// moves (see [`move_extent`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Extent {
    /// The token ends at its delimiter.
    Token,
    /// The move goes on to this index of the window.
    To(usize),
    /// The window ends before it can be told: read more first.
    More,
}

/// The most bytes a move reaches past its first delimiter.
pub(super) const MAX_EXTENT: usize = 24;

/// Strips a descriptive file name from the front of `t`: a wing (`K`,
/// `Q`) and a piece (`R`, `N`, `Kt`, `B`), either or both; gives the rest
/// and whether anything was stripped.
fn strip_file_name(t: &[u8]) -> (&[u8], bool) {
    let mut r = t;
    if matches!(r, [b'K', c, ..] if *c != b't') || matches!(r, [b'K'] | [b'Q', ..]) {
        r = &r[1..];
    }
    r = r
        .strip_prefix(b"Kt")
        .or_else(|| r.strip_prefix(b"N"))
        .or_else(|| r.strip_prefix(b"B"))
        .or_else(|| r.strip_prefix(b"R"))
        .unwrap_or(r);
    (r, r.len() < t.len())
}

/// Whether `t` names a piece as descriptive notation does: `P`, `N`, `Kt`,
/// `B`, `R`, `Q`, `K`, with a wing or file before it (`QR`, `KKt`, `KBP`).
fn descriptive_piece(t: &[u8]) -> bool {
    let (rest, named) = strip_file_name(t);
    rest.is_empty() && named || rest == b"P"
}

/// Whether `c` holds a descriptive square or rank: `1`..`8`, `Q4`, `QB1`,
/// `KKt3`, `R1`.
fn descriptive_square(c: &[u8]) -> bool {
    match c.split_last() {
        Some((b'1'..=b'8', name)) => strip_file_name(name).0.is_empty(),
        _ => false,
    }
}

/// Whether `c` is one piece letter or figurine, as a promotion in brackets
/// holds it: an ASCII letter, `Kt`, one non-ASCII character (`Ž`, `Д`,
/// `♕`), or a figurine with its variation selector (see [`figurine`]).
fn one_piece(c: &[u8]) -> bool {
    if figurine(c) {
        return true;
    }
    match c {
        [a] => a.is_ascii_alphabetic(),
        [b'K', b't'] => true,
        [a, rest @ ..] => {
            *a >= 0xc0
                && (1..=3).contains(&rest.len())
                && rest.iter().all(|&b| (0x80..0xc0).contains(&b))
        }
        [] => false,
    }
}

/// Whether `t` is one figurine, with the variation selector U+FE0E or
/// U+FE0F after it or without (`♘`, `♘\u{fe0f}`), as the SAN reader reads
/// one.
fn figurine(t: &[u8]) -> bool {
    read_figurine(t).is_some_and(|(_, n)| n == t.len())
}

/// Whether `t`, the token after a figurine and a space, is the rest of
/// its move (`♘ f3`, `♘ xe5`, `♘ bd7`, `♖ 1e2`): it begins with a file, a
/// capture mark, or a rank and then a file or a capture mark.
fn after_figurine(t: &[u8]) -> bool {
    let rest = match t {
        [b'1'..=b'8', rest @ ..] => rest,
        _ => t,
    };
    matches!(rest, [b'a'..=b'h' | b'x' | b':', ..] | [0xc3, 0x97, ..])
}

/// Where a bracket glued to a token at `w[j]` closes (`Some(index of the
/// ')')`), if it does within a few bytes and holds no delimiter; `Err` when
/// the window ends first.
fn bracket(w: &[u8], j: usize, eof: bool) -> Result<Option<usize>, ()> {
    let end = (j + 6).min(w.len());
    for (k, &b) in w.iter().enumerate().take(end).skip(j + 1) {
        match b {
            b')' => return Ok(Some(k)),
            b if is_delimiter(b) => return Ok(None),
            _ => {}
        }
    }
    if w.len() < j + 6 && !eof {
        Err(())
    } else {
        Ok(None)
    }
}

/// Moves that go on past their token's first delimiter, as books print
/// them; the rule for `(` in movetext:
/// - A bracket written directly after a pawn's move to the last rank (no
///   space before it: `e8(Q)`, `exd8(N)+`, `a×b1(Ž)`, `P-K8(Q)`, `PxR(Q)`),
///   holding one piece letter of any language, `Kt` or a figurine, is the
///   promotion piece. A bracket written directly after a descriptive piece
///   or capture, holding a square or rank (`R(1)-Q2`, `R(QB1)-Q1`,
///   `N(5)-B3`, `NxP(Q4)`), says where the piece stands or takes. Any
///   other `(` opens a variation (`Nf3(Nc3)`, `e8 (Q)`, `e8(Qb3)`).
/// - A descriptive capture printed with spaces (`P x P`, `B x N`, `Q : P`)
///   is one move.
/// - `Castles` with its side after a space (`Castles KR`, `Castles QR`,
///   `Castles (Q)`) is one move.
/// - An en passant mark with a space inside (`exd6 e. p.`, as some books
///   print it) is one word; glued to its move (`exd6e. p.`), part of it.
/// - A figurine set apart from the rest of its move by one space (`♘ f3`,
///   `♞ xe5`, as typeset books print it) is one move: a lone figurine is
///   nothing else. A piece letter so set apart is not: `15. Rd1 N c5` is
///   the novelty glyph `N` on `Rd1`, then the pawn's move `c5`.
///
/// Only spaces and tabs are read between the parts, at most
/// [`MAX_EXTENT`] bytes past `j`. `w[i..j]` is the token, `w[j]` its
/// delimiter (`j == w.len()` when the window ends there). A move number
/// glued on (`1.PxR(Q)`, `12...e1(N)`) is not part of the move: the rule
/// reads the move after it, as [`classify`] does.
pub(super) fn move_extent(w: &[u8], i: usize, j: usize, eof: bool) -> Extent {
    let tok = without_move_number(&w[i..j]);
    if tok.is_empty() {
        return Extent::Token;
    }
    // A plain move (see `plain_move`) is whole, as the fast loop reads it
    // (`PN3(Q4)`: `PN3`, then a variation).
    let (first, last) = (tok[0], tok[tok.len() - 1]);
    if ITEM_START[first as usize] == ItemStart::Move && plain_move(first, last) {
        return Extent::Token;
    }
    let limit = (j + MAX_EXTENT).min(w.len());
    // Whether the window may end before the move does: it ends within
    // the bytes the rule reads (or just after them), and the input goes on.
    let short = !eof && w.len() <= j + MAX_EXTENT;
    // The end of the next token from `k` (at a delimiter), if the window
    // holds it.
    let token_from = |k: usize| {
        w.get(k..limit)
            .and_then(|s| s.iter().position(|&b| is_delimiter(b)))
            .map(|n| k + n)
    };
    let spaces_from = |k: usize| {
        k + w[k.min(limit)..limit]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    };
    if tok == b"Castles" || tok == b"castles" {
        let k = spaces_from(j);
        if k >= limit {
            return if short { Extent::More } else { Extent::Token };
        }
        let side = |s: &[u8]| matches!(s, b"K" | b"Q" | b"KR" | b"QR");
        if w[k] == b'(' {
            return match bracket(w, k, eof) {
                Err(()) => Extent::More,
                Ok(Some(c)) if side(&w[k + 1..c]) => Extent::To(c + 1),
                Ok(_) => Extent::Token,
            };
        }
        if k == j {
            return Extent::Token;
        }
        return match token_from(k) {
            Some(e) if side(&w[k..e]) => Extent::To(e),
            None if short => Extent::More,
            _ => Extent::Token,
        };
    }
    if w.get(j) == Some(&b'(') {
        let close = match bracket(w, j, eof) {
            Err(()) => return Extent::More,
            Ok(None) => return Extent::Token,
            Ok(Some(c)) => c,
        };
        let content = &w[j + 1..close];
        let pawn = matches!(tok.first(), Some(b'a'..=b'h' | b'P'));
        let last_rank = matches!(tok.last(), Some(b'1' | b'8'));
        let descriptive = tok
            .iter()
            .all(|&b| b.is_ascii_uppercase() || b"tx:-/12345678".contains(&b));
        let promotion =
            pawn && (last_rank || descriptive && tok.contains(&b'x')) && one_piece(content);
        let square = descriptive && descriptive_square(content);
        if !(promotion || square) {
            return Extent::Token;
        }
        return match token_from(close + 1) {
            Some(e) => Extent::To(e),
            None if short => Extent::More,
            // The move runs to the end of the input.
            None if eof && w.len() <= limit => Extent::To(w.len()),
            None => Extent::Token,
        };
    }
    if figurine(tok) {
        return match w.get(j) {
            Some(b' ') => match token_from(j + 1) {
                Some(e) if after_figurine(&w[j + 1..e]) => Extent::To(e),
                Some(_) => Extent::Token,
                None if short => Extent::More,
                // The move runs to the end of the input.
                None if eof && w.len() <= limit && after_figurine(&w[j + 1..]) => {
                    Extent::To(w.len())
                }
                None => Extent::Token,
            },
            None if short => Extent::More,
            _ => Extent::Token,
        };
    }
    if w[i..j].ends_with(b"e.") || w[i..j].ends_with(b"E.") {
        return match w.get(j) {
            Some(b' ') => match token_from(j + 1) {
                Some(e) if en_passant_mark(&w[j - 2..e]) => Extent::To(e),
                None if short => Extent::More,
                _ => Extent::Token,
            },
            None if short => Extent::More,
            _ => Extent::Token,
        };
    }
    if descriptive_piece(tok) {
        let k = spaces_from(j);
        if k == j {
            return Extent::Token;
        }
        if k >= limit {
            return if short { Extent::More } else { Extent::Token };
        }
        let mark = match &w[k..] {
            [b'x' | b':', ..] => 1,
            [0xc3, 0x97, ..] => 2,
            _ => return Extent::Token,
        };
        let m = k + mark;
        if m < limit && !is_delimiter(w[m]) {
            return Extent::Token;
        }
        let t = spaces_from(m);
        if t == m || t >= limit {
            return if short { Extent::More } else { Extent::Token };
        }
        return match token_from(t) {
            Some(e) if descriptive_piece(&w[t..e]) || descriptive_target(&w[t..e]) => Extent::To(e),
            None if short => Extent::More,
            _ => Extent::Token,
        };
    }
    Extent::Token
}

/// Where a claim word (`+`, `#`, `++`, `†`, `‡`) begins after an en
/// passant word in one token (`ep+`, `e.p.#`), if the token is those two.
fn en_passant_then_claim(tok: &[u8]) -> Option<usize> {
    let k = tok.iter().position(|b| !b"ep.EP ".contains(b))?;
    let is = |w: &[u8], want: fn(MoveSuffix) -> bool| MoveSuffix::from_word(w).is_some_and(want);
    (is(&tok[..k], |s| s == MoveSuffix::EnPassant)
        && is(&tok[k..], |s| matches!(s, MoveSuffix::Claim(_))))
    .then_some(k)
}

/// Whether `tok` is an en passant mark printed with a space inside (`e.
/// p.`, `E. P.`), alone or with a check mark or a glyph glued on (`e.
/// p.+`, `e. p.!`).
fn en_passant_mark(tok: &[u8]) -> bool {
    let (tok, _) = split_glyph(tok);
    MoveSuffix::from_word(tok) == Some(MoveSuffix::EnPassant)
        || en_passant_then_claim(tok).is_some()
}

/// `tok` past a move number glued to its front (digits, then dots or
/// `…`), or all of it when it has none.
fn without_move_number(tok: &[u8]) -> &[u8] {
    let d = tok.iter().take_while(|b| b.is_ascii_digit()).count();
    let (dots, _) = count_dots(&tok[d..]);
    if dots > 0 {
        &tok[d + dots..]
    } else {
        tok
    }
}

/// A captured piece with what may follow it in one token: a check mark
/// or a glyph (`P x P+`, `B x N!`).
fn descriptive_target(t: &[u8]) -> bool {
    let body = t
        .iter()
        .rposition(|b| !b"+#!?".contains(b))
        .map_or(&t[..0], |n| &t[..=n]);
    body.len() < t.len() && descriptive_piece(body)
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
        // Descriptive notation: `P-K4`, `N-KB3`, `Kt-B3`, `KtxP`.
        let descriptive = (b"PNBRQK".contains(&a) && b == b'-' && b"KQRBN".contains(&c))
            || (a == b'K' && b == b't' && (c == b'-' || capture(c) || file(c)));
        return descriptive
            || (file(b) && (rank(c) || capture(c)))
            || capture(b)
            || (file(b) && file(c) && rank(d))
            || (rank(b) && file(c));
    }
    // A piece letter of two UTF-8 bytes (`Žf3`, `Кf3`, `Ĉf3`, `Ιf3`,
    // `Кg1-f3`), and the Russian king `Кр`.
    if (0xc2..=0xdf).contains(&a) && (0x80..=0xbf).contains(&b) {
        return (file(c) && (rank(d) || capture(d)))
            || capture(c)
            || s.starts_with("Кр".as_bytes());
    }
    // `--` and figurines (U+2654..U+265F: E2 99 94..9F).
    (a == b'-' && b == b'-' && is_delimiter_or_end(c)) || (a == 0xe2 && b == 0x99)
}

fn is_delimiter_or_end(b: u8) -> bool {
    is_delimiter(b)
}
