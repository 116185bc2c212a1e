//! The movetext fast loop: the common items read straight from the
//! window, and the byte tables it classifies with.

use super::tokens::{classify, move_extent, parse_u8, terminating_result, Extent};
use super::{Game, Reader, State};
use crate::pgn::buffer::Input;
use crate::pgn::bytes::{bytes_below, comment_masks, in_range, splat, zero_bytes, HIGH};
use crate::pgn::scan::{is_delimiter, BOM};
use crate::pgn::visitor::{Control, GameResult, Nag, Visitor};

impl<I: Input> Reader<I> {
    /// Reads the common movetext items from the window in one loop:
    /// whitespace (counting lines), one-line `{}` comments, `(`, `)`, `$n`,
    /// move numbers, moves and results. Stops, with the window at the item,
    /// at anything else: other delimiters, errors, a token that may need
    /// more input or may be a terminating result (`0-0`, `+/-`). Returns true
    /// if a result ended the game (the window is then after it).
    #[inline]
    pub(super) fn movetext_fast<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> bool {
        let Reader { input, st } = self;
        let w = input.window();
        let base = input.offset();
        let eof = input.is_eof();
        let mut line_start = st.line_start;
        let mut over = false;
        // The length of the last one-line comment, with its braces.
        let mut comment_len = 0;
        let mut i = 0;
        while i < w.len() {
            let b = w[i];
            // Tokens first, from their own table: a branch, not a jump
            // through the role table, for the most common items.
            let kind = ITEM_START[b as usize];
            if kind.is_token() {
                // The common move number (`12. `, `12... `) from one word,
                // before its end is looked for.
                let number = if kind == ItemStart::Digit {
                    move_number_at(w, i)
                } else {
                    None
                };
                if let Some((d, j, space)) = number {
                    line_start = false;
                    if !g.silent() {
                        let n = w[i..d]
                            .iter()
                            .fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
                        g.apply(v.move_number(n, j - d == 3));
                    }
                    i = j + usize::from(space);
                    continue;
                }
                let (j, space) = delimiter_from(w, i + 1);
                if j == w.len() && !eof {
                    break;
                }
                // The BOM arm below keeps the line at its start.
                let was_line_start = line_start;
                line_start = false;
                // After a token, a single space is skipped at once.
                let next = j + usize::from(space);
                match kind {
                    // A plain move: a letter first, no glyph suffix, no
                    // suffix word, no pawn's move to the last rank without
                    // its piece (see [`PLAIN_MOVE`]).
                    ItemStart::Move => {
                        let last = w[j - 1];
                        if plain_move(b, last) && !en_passant_word(&w[i..j]) {
                            if !g.silent() {
                                g.apply(v.san(&w[i..j], st.loc(base + i as u64)));
                            }
                            i = next;
                            continue;
                        }
                        // A move with a glyph of one or two marks (`e5?!`):
                        // the move, then the glyph's NAG, as `classify`
                        // reads it (no glyph of `!` and `?` starts with a
                        // letter, so the token is never a glyph alone).
                        if let Some((nag, marks)) = move_glyph(&w[i..j]) {
                            if !g.silent() {
                                g.apply(v.san(&w[i..j - marks], st.loc(base + i as u64)));
                                if !g.silent() {
                                    g.apply(v.nag(nag));
                                }
                            }
                            i = next;
                            continue;
                        }
                    }
                    // A move number alone: digits and ASCII dots (never a result).
                    ItemStart::Digit => {
                        let d = digits_end(w, i + 1, j);
                        if d < j && w[d] == b'.' {
                            // `12.` or `12...` in one step (a loop would
                            // mispredict its exit on every other number).
                            let three = (j >= d + 3) & (w.get(d + 1..d + 3) == Some(b".."));
                            let mut e = d + 1 + 2 * usize::from(three);
                            while e < j && w[e] == b'.' {
                                e += 1;
                            }
                            // A move number alone (`12.`), or glued to a plain
                            // move (`12.e4`, `12...Nf6`: as `12. e4`).
                            let glued = e < j && {
                                let f = w[e];
                                ITEM_START[f as usize] == ItemStart::Move && plain_move(f, w[j - 1])
                            };
                            if e == j || glued {
                                if !g.silent() {
                                    let n = w[i..d].iter().fold(0u32, |n, &b| {
                                        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
                                    });
                                    g.apply(v.move_number(n, e - d >= 2));
                                }
                                if glued && !g.silent() {
                                    g.apply(v.san(&w[e..j], st.loc(base + e as u64)));
                                }
                                i = next;
                                continue;
                            }
                        }
                    }
                    // A byte order mark at a line's start (files joined with
                    // `cat`): skipped, the line still at its start; marks
                    // before a `[` are left to the general loop, which ends
                    // the game before them.
                    _ if b == 0xef && was_line_start && w[i..j].starts_with(BOM) => {
                        let mut k = i;
                        while w[k..j].starts_with(BOM) {
                            k += BOM.len();
                        }
                        line_start = true;
                        if k == j && w.get(j) == Some(&b'[') {
                            break;
                        }
                        i = k;
                        continue;
                    }
                    _ => {}
                }
                // Moves printed past their first delimiter (`e8(Q)`,
                // `P x P`, `Castles QR`): the whole move is the token.
                let j = match move_extent(w, i, j, eof) {
                    Extent::Token => j,
                    Extent::To(k) => k,
                    Extent::More => break,
                };
                if g.depth == 0 {
                    if let Some(r) = common_result(&w[i..j]) {
                        if !g.silent() {
                            let at = st.loc(base + i as u64);
                            g.apply(v.result_at(&w[i..j], r, at));
                        }
                        i = j;
                        over = true;
                        break;
                    }
                }
                // A token that is a result only where the game ends (`0-0`,
                // `+/-`, `1/2`, `½` in UTF-8 or as the Latin-1 byte 0xBD):
                // the slow path looks past it.
                if g.depth == 0
                    && matches!(b, b'0' | b'1' | b'+' | b'-' | 0xbd | 0xc2 | 0xe2)
                    && j - i <= 16
                    && terminating_result(&w[i..j]).is_some()
                {
                    break;
                }
                if classify(st, v, g, w, base, i, j) {
                    i = j;
                    over = true;
                    break;
                }
                i = j;
                continue;
            }
            // Comments next, from the same table: a branch, not a jump
            // through the role table.
            if kind == ItemStart::Brace {
                if clock_comment(w, i) {
                    if !g.silent() {
                        g.apply(v.comment(&w[i + 1..i + 17]));
                    }
                    line_start = false;
                    i += 19;
                    continue;
                }
                match comment_close(w, i) {
                    Some((k, space)) if w[k] == b'}' => {
                        if !g.silent() {
                            g.apply(v.comment(&w[i + 1..k]));
                        }
                        line_start = false;
                        // As after a token, a single space is skipped at
                        // once. A comment as long as the last one, and a
                        // space after it (a clock comment after every
                        // move): the next position is computed from the
                        // guess, without waiting for the search.
                        let guess = i + comment_len;
                        i = if k + 1 == guess && space {
                            guess + 1
                        } else {
                            other_comment_len(&mut comment_len, i, k, space)
                        };
                    }
                    _ => break,
                }
                continue;
            }
            match BYTE_ROLE[b as usize] {
                ByteRole::Space => {
                    line_start = b == b'\n' || b == b'\r';
                    if line_start {
                        st.line_end_in(w, i, base);
                        // The LF of a CRLF in the same step.
                        if b == b'\r' && w.get(i + 1) == Some(&b'\n') {
                            i += 1;
                            st.line_end(b'\n', base + i as u64, true);
                        }
                    }
                    i += 1;
                }
                // What may be a draw offer (`(=)`, `( = )`: see
                // `DRAW_OFFER`), or a `(` whose next byte is not in the
                // window yet: the general code reads it.
                ByteRole::Open
                    if w.get(i + 1)
                        .is_none_or(|&b| matches!(b, b'=' | b' ' | b'\t')) =>
                {
                    break
                }
                ByteRole::Open => {
                    g.depth += 1;
                    if g.depth == 1 {
                        g.open_paren = st.loc(base + i as u64);
                    }
                    line_start = false;
                    i += 1;
                    if !g.silent() {
                        match v.begin_variation_at(st.loc(base + i as u64 - 1)) {
                            Control::Skip => {
                                g.set_var_skip(g.depth);
                                i = skip_variation(st, g, w, base, i);
                                line_start = matches!(w[i - 1], b'\n' | b'\r');
                            }
                            c => g.apply(c),
                        }
                    }
                }
                ByteRole::Close if g.depth > 0 => {
                    if g.var_skip == g.depth {
                        g.set_var_skip(0);
                    } else if !g.silent() {
                        g.apply(v.end_variation());
                    }
                    g.depth -= 1;
                    line_start = false;
                    i += 1;
                }
                ByteRole::Dollar => {
                    let mut j = i + 1;
                    while j < w.len() && !is_delimiter(w[j]) {
                        j += 1;
                    }
                    if j == w.len() && !eof {
                        break;
                    }
                    let Some(n) = parse_u8(&w[i + 1..j]) else {
                        break;
                    };
                    if !g.silent() {
                        g.apply(v.nag(Nag(n)));
                    }
                    line_start = false;
                    i = j;
                }
                _ => break,
            }
        }
        if i > 0 {
            st.pending_cr = w[i - 1] == b'\r';
            input.consume(i);
        }
        st.line_start = line_start;
        over
    }
}

/// After a comment `w[i..=k]` of another length than the last one (or
/// without a space after it): notes its length; returns the next position.
/// Out of line, so that the guessed path stays a branch.
#[cold]
#[inline(never)]
fn other_comment_len(comment_len: &mut usize, i: usize, k: usize, space: bool) -> usize {
    *comment_len = k + 1 - i;
    k + 1 + usize::from(space)
}

/// The first `}`, LF or CR in `w` at or after `from` (a one-line comment's
/// end), and whether a space follows it. Comments are mostly short
/// (`{ [%clk 0:05:00] }`): the first 32 bytes are searched with one branch
/// (the space after the end taken from the same masks, not loaded again:
/// the next token's position waits on fewer steps), then 32 bytes a step
/// to the window's end, its last bytes with `memchr3`.
#[inline(always)]
pub(super) fn close_or_eol(w: &[u8], from: usize) -> Option<(usize, bool)> {
    let mut at = from;
    if let Some(chunk) = w.get(from..from + 32) {
        let (ends, spaces) = comment_masks32(chunk);
        if ends != 0 {
            let k = ends.trailing_zeros() as usize;
            let space = if k < 31 {
                spaces >> (k + 1) & 1 != 0
            } else {
                w.get(from + k + 1) == Some(&b' ')
            };
            return Some((from + k, space));
        }
        at += 32;
    }
    let space_after = |k: usize| Some((k, w.get(k + 1) == Some(&b' ')));
    // Then 32 bytes a step, one exit: the loop's end mispredicts once per
    // comment, whatever its length.
    while let Some(chunk) = w.get(at..at + 32) {
        let (ends, _) = comment_masks32(chunk);
        if ends != 0 {
            return space_after(at + ends.trailing_zeros() as usize);
        }
        at += 32;
    }
    let rest = w.get(at..)?;
    space_after(at + memchr::memchr3(b'}', b'\n', b'\r', rest)?)
}

/// The lichess clock comment `{ [%clk 0:05:00] }` (hours of one digit)
/// and the space after it at `w[i]`, from three loads and compares: the
/// bytes between `[%clk ` and `]` are digits or `:` (no `}` and no line
/// end), so the comment ends at `w[i + 17]` and the next item starts at
/// `w[i + 19]`.
#[inline(always)]
fn clock_comment(w: &[u8], i: usize) -> bool {
    const OPEN: u64 = u64::from_le_bytes(*b"{ [%clk ");
    // `0:05:00]`: the high nibble of each of the seven clock bytes (`0`
    // to `9` and `:` are 0x30 to 0x3a), then the `]`.
    const CLOCK_MASK: u64 = 0xfff0_f0f0_f0f0_f0f0;
    const CLOCK: u64 = 0x5d30_3030_3030_3030;
    const CLOSE: u32 = u32::from_le_bytes(*b"] } ");
    let (Some(open), Some(clock), Some(close)) =
        (w.get(i..i + 8), w.get(i + 8..i + 16), w.get(i + 15..i + 19))
    else {
        return false;
    };
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    let close = u32::from_le_bytes(close.try_into().unwrap_or([0; 4]));
    (word(open) == OPEN) & (word(clock) & CLOCK_MASK == CLOCK) & (close == CLOSE)
}

/// [`comment_masks`] of the 32 bytes of `c`.
#[inline(always)]
fn comment_masks32(c: &[u8]) -> (u32, u32) {
    let (a, b) = c.split_at(16);
    let (ea, sa) = comment_masks(a.try_into().unwrap_or(&[0; 16]));
    let (eb, sb) = comment_masks(b.try_into().unwrap_or(&[0; 16]));
    (ea | eb << 16, sa | sb << 16)
}

/// [`close_or_eol`] from `w[i + 1]`, after a `{` at `w[i]`. Short comments
/// written `{ ... }` in one 16-byte step (the clock comment alone is read
/// before, by [`clock_comment`]): after `{ `, the 16 bytes that follow
/// hold the end of any comment of up to 18 bytes.
#[inline(always)]
pub(super) fn comment_close(w: &[u8], i: usize) -> Option<(usize, bool)> {
    if let (Some(b' '), Some(c)) = (w.get(i + 1), w.get(i + 2..i + 18)) {
        let (m, _) = comment_masks(c.try_into().unwrap_or(&[0; 16]));
        if m != 0 {
            let k = i + 2 + m.trailing_zeros() as usize;
            return Some((k, w.get(k + 1) == Some(&b' ')));
        }
        return close_or_eol(w, i + 18);
    }
    close_or_eol(w, i + 1)
}

/// Skips the bytes of a variation just opened and skipped (`g.var_skip`
/// is `g.depth`) from `w[i]` that the token loop would read without any
/// effect: tokens, spaces, line ends (counted), nested variations (their
/// depth kept in `g.depth`) and one-line `{}` comments. Stops at the `)`
/// that closes the skipped variation, and at whatever the loop must judge
/// itself: a line that begins with `[`, `%` or a byte order mark (a game
/// may start there), a
/// line end that is the window's last byte, `;`, `}`, another control
/// byte (a tab, NUL). Returns where the loop goes on (`w.len()` if none of
/// these is in the window: a token cut by the window's end reads as two,
/// both unreported).
fn skip_variation(st: &mut State, g: &mut Game, w: &[u8], base: u64, mut i: usize) -> usize {
    debug_assert!(i > 0 && g.var_skip == g.depth && g.silent());
    loop {
        let Some(k) = w[i..]
            .iter()
            .position(|&b| VARIATION_SKIP_STOP[b as usize])
            .map(|k| i + k)
        else {
            return w.len();
        };
        match w[k] {
            b'(' => g.depth += 1,
            b')' if g.depth == g.var_skip => return k,
            b')' => g.depth -= 1,
            b'{' => match comment_close(w, k) {
                Some((c, _)) if w[c] == b'}' => i = c,
                _ => return k,
            },
            b @ (b'\n' | b'\r') => {
                let Some(&next) = w.get(k + 1) else {
                    return k;
                };
                st.line_end(b, base + k as u64, w[k - 1] == b'\r');
                // A byte order mark may stand before a `[` (files joined
                // with `cat`): the loop judges that line too.
                if matches!(next, b'[' | b'%' | 0xef) {
                    return k + 1;
                }
            }
            _ => return k,
        }
        i = i.max(k) + 1;
    }
}

/// The bytes [`skip_variation`] stops at: every byte of a role of its own
/// in the token loop ([`BYTE_ROLE`]: parentheses, braces, `;`, `%`, `[`
/// and `]`, NUL; a stray `[` is garbage up to its `]`, across any `)`) and
/// every control byte. Token bytes, spaces and `$` are passed over.
const VARIATION_SKIP_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = b < 0x20
            || matches!(
                BYTE_ROLE[b],
                ByteRole::Brace | ByteRole::Open | ByteRole::Close | ByteRole::OneAtATime
            );
        b += 1;
    }
    t
};

/// What a byte is to the movetext loop outside a token: whitespace, an
/// item of its own, or (`Token`) part of a token.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum ByteRole {
    Token,
    Space,
    Brace,
    Open,
    Close,
    Dollar,
    /// Read one at a time by the general code: `}`, `;`, `%`, `[`, `]`, NUL.
    OneAtATime,
}

/// The [`ByteRole`] of each byte.
const BYTE_ROLE: [ByteRole; 256] = {
    let roles: [(&[u8], ByteRole); 6] = [
        (b" \t\n\r\x0b\x0c", ByteRole::Space),
        (b"{", ByteRole::Brace),
        (b"(", ByteRole::Open),
        (b")", ByteRole::Close),
        (b"$", ByteRole::Dollar),
        (b"};%[]\0", ByteRole::OneAtATime),
    ];
    let mut t = [ByteRole::Token; 256];
    let mut r = 0;
    while r < roles.len() {
        let (bytes, role) = roles[r];
        let mut i = 0;
        while i < bytes.len() {
            t[bytes[i] as usize] = role;
            i += 1;
        }
        r += 1;
    }
    t
};

/// Index of the first delimiter in `w` at or after `j` (`w.len()` if none),
/// and whether that delimiter is a space.
///
/// Eight bytes at a time: a bit trick flags bytes below `0x2a` (controls,
/// space, `$`, `(`, `)`, but also `!`, `#` and a few more), another `;`,
/// `[`, `]`, `{`, `}` (and `9`, `=`, `?`, `Y`, `_`, `y`); the lowest flag
/// is exact, and is checked against the table.
/// The delimiter byte is taken from the loaded word, not loaded again: the
/// next token's position depends on as few steps as possible.
#[inline(always)]
pub(super) fn delimiter_from(w: &[u8], mut j: usize) -> (usize, bool) {
    while let Some(chunk) = w.get(j..j + 8) {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        // `;` `[` `]` `{` `}` are the ASCII bytes with bits 0x19 set and
        // 0x80 clear, with `9` `=` `?` `Y` `_` `y` (rare in a move):
        // one term for the five.
        let m = bytes_below(x, 0x2a) | zero_bytes((x | splat(0x66)) ^ splat(0x7f));
        if m == 0 {
            j += 8;
            continue;
        }
        let shift = m.trailing_zeros() & !7;
        let k = j + (shift / 8) as usize;
        let d = (x >> shift) as u8;
        if is_delimiter(d) {
            return (k, d == b' ');
        }
        j = k + 1;
    }
    while j < w.len() && !is_delimiter(w[j]) {
        j += 1;
    }
    (j, w.get(j) == Some(&b' '))
}

/// The move number `12.` or `12...` (1 to 4 digits, one or three dots)
/// at `w[i]`, ended by a delimiter that `w` holds or by a letter that
/// starts a move (`12.e4`: the move is then read as the next token, as
/// the general code reads it after the number): the end of its digits,
/// its end (the delimiter's or the letter's index) and whether a space
/// ends it. From its first eight bytes, without looking for the token's
/// end: most move numbers are read here. None says nothing.
#[inline(always)]
pub(super) fn move_number_at(w: &[u8], i: usize) -> Option<(usize, usize, bool)> {
    let s: &[u8; 8] = w.get(i..i + 8)?.try_into().ok()?;
    // The number of digits and of dots by branches, which the CPU predicts
    // (within a game they change every ten or hundred moves, and from a
    // white to a black number), so that the next token's position does not
    // wait on the bytes: the reader's chain from one token to the next.
    let digits = if !s[1].is_ascii_digit() {
        1
    } else if !s[2].is_ascii_digit() {
        2
    } else if !s[3].is_ascii_digit() {
        3
    } else if !s[4].is_ascii_digit() {
        4
    } else {
        return None;
    };
    if s[digits] != b'.' {
        return None;
    }
    let ends = |b: u8| is_delimiter(b) || ITEM_START[b as usize] == ItemStart::Move;
    let dots = if ends(s[digits + 1]) {
        1
    } else if s[digits + 1] == b'.' && s[digits + 2] == b'.' && ends(s[digits + 3]) {
        3
    } else {
        return None;
    };
    let space = s[digits + dots] == b' ';
    Some((i + digits, i + digits + dots, space))
}

/// The end of the run of ASCII digits of `w[from..to]`: a word at a time
/// (move numbers are 1 to 3 digits: a loop would mispredict its exit).
#[inline(always)]
pub(super) fn digits_end(w: &[u8], from: usize, to: usize) -> usize {
    let mut d = from;
    while let Some(chunk) = w.get(d..d + 8) {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let non_digit = !in_range(x, b'0', b'9') & HIGH;
        if non_digit != 0 {
            return (d + (non_digit.trailing_zeros() / 8) as usize).min(to);
        }
        d += 8;
        if d >= to {
            return to;
        }
    }
    while d < to && w[d].is_ascii_digit() {
        d += 1;
    }
    d.min(to)
}

/// Last bytes of a plain move, by the row of the token's first byte
/// ([`PLAIN_MOVE_ROW`]). Row 0: ASCII but `!` and `?` (a glyph suffix),
/// the last bytes of suffix words (`ch`, `mate`, `e.p.`, `dis`, `dbl`:
/// [`MoveSuffix::LAST_BYTES`](crate::notation::MoveSuffix::LAST_BYTES)),
/// of glyphs glued on (`e4+/=`, `e4+-`, `e4=`, `e4N`, and the glyphs `N`
/// and `TN` alone), and of the tokens of descriptive moves printed with
/// spaces (`P x P`, `B x N`, `Castles QR`). Row 1, for a token that begins
/// as a pawn's move (a file `a`-`h`, or `P`): the same but for a rank `1`
/// or `8` (`e8`, `dxe8`, `P-K8`: a promotion piece must follow, as in
/// `e8(Q)`). A PGN export's moves end in a rank, `+`, `#`, `O` or a
/// promotion piece: of these only a promotion is turned away here.
const PLAIN_MOVE: [[bool; 256]; 2] = {
    let mut t = [[false; 256]; 2];
    let mut b = 0;
    while b < 0x80 {
        t[0][b] = true;
        b += 1;
    }
    let not = b"!?hH.kslept=-NPBRQKx";
    let mut k = 0;
    while k < not.len() {
        t[0][not[k] as usize] = false;
        k += 1;
    }
    t[1] = t[0];
    t[1][b'1' as usize] = false;
    t[1][b'8' as usize] = false;
    t
};

/// The row of [`PLAIN_MOVE`] for a token's first byte: 1 for a pawn's
/// move (`a`-`h`, `P`), else 0.
const PLAIN_MOVE_ROW: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = b'a';
    while b <= b'h' {
        t[b as usize] = 1;
        b += 1;
    }
    t[b'P' as usize] = 1;
    t
};

/// Whether a token from `first` to `last`, `first` a move letter, is a
/// plain move (see [`PLAIN_MOVE`]): two table loads, without a branch.
#[inline(always)]
pub(super) fn plain_move(first: u8, last: u8) -> bool {
    PLAIN_MOVE[PLAIN_MOVE_ROW[first as usize] as usize][last as usize]
}

/// Whether a token that [`plain_move`] passes is an en passant word with a
/// check mark glued on (`ep+`, `e.p.#`, `E.P.+`, `E. P.+`), for
/// `classify`: no move begins with `ep`, `e.`, `Ep` or `E.`.
#[inline(always)]
pub(super) fn en_passant_word(tok: &[u8]) -> bool {
    tok[0] | 0x20 == b'e' && matches!(tok.get(1), Some(b'p' | b'.'))
}

/// What an item of movetext that begins with a byte is: a token (`Move`,
/// `Digit`, `OtherToken`: declared before `NoToken`), a `{`
/// comment, or (`NoToken`) an item of another [`ByteRole`].
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum ItemStart {
    /// A result, a glyph, a null move or junk.
    OtherToken,
    /// A move: ASCII letters but `Z` (`Z0`) begin only moves, apart from
    /// the glyphs `N` and `TN`.
    Move,
    /// A move number, a result or a digit move.
    Digit,
    /// Whitespace, a parenthesis, `$` or a byte read one at a time.
    NoToken,
    /// A `{` comment.
    Brace,
}

impl ItemStart {
    /// Whether a token begins with the byte.
    #[inline(always)]
    fn is_token(self) -> bool {
        (self as u8) < ItemStart::NoToken as u8
    }
}

/// The [`ItemStart`] of each byte.
pub(super) const ITEM_START: [ItemStart; 256] = {
    let mut t = [ItemStart::OtherToken; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if !matches!(BYTE_ROLE[b], ByteRole::Token) {
            ItemStart::NoToken
        } else if c.is_ascii_alphabetic() && c != b'Z' {
            ItemStart::Move
        } else if c.is_ascii_digit() {
            ItemStart::Digit
        } else {
            ItemStart::OtherToken
        };
        b += 1;
    }
    t[b'{' as usize] = ItemStart::Brace;
    t
};

/// `1-0`, `0-1`, `1/2-1/2` and `*`, the results of nearly every game (as
/// [`unambiguous_result`](super::tokens::unambiguous_result) reads them).
#[inline(always)]
pub(super) fn common_result(t: &[u8]) -> Option<GameResult> {
    match t {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// The NAG of a glyph of one or two marks (`!`, `?`, `!!`, `??`, `!?`,
/// `?!`) that ends `tok`, a plain move before it, and its length; None for
/// anything else (no glyph, three marks or more, a suffix word before it:
/// `classify` reads those).
#[inline]
fn move_glyph(tok: &[u8]) -> Option<(Nag, usize)> {
    let mark = |b: u8| matches!(b, b'!' | b'?');
    let plain = |a: u8| plain_move(tok[0], a);
    let n = tok.len();
    match tok {
        [.., a, b'!' | b'?'] if plain(*a) => Some((Nag(if tok[n - 1] == b'!' { 1 } else { 2 }), 1)),
        [.., a, x, y] if plain(*a) && mark(*x) && mark(*y) => {
            let nag = match (x, y) {
                (b'!', b'!') => 3,
                (b'?', b'?') => 4,
                (b'!', _) => 5,
                _ => 6,
            };
            Some((Nag(nag), 2))
        }
        _ => None,
    }
}
