//! Byte scanning: token delimiters, line ends, tag lines and the hard
//! game starts of the [hard-game-start rule](super::split#the-hard-game-start-rule),
//! each fast scan with a plain scalar twin, its test oracle. Internal: the
//! user-facing entry points are in [`split`](super::split).

#[cfg(target_arch = "x86_64")]
use super::bytes::sse2;
use super::bytes::{bytes_below, eol_bracket_masks, non_name_bytes, splat, word, zero_bytes};

/// The longest line that can be a tag line (16 KiB).
pub const MAX_TAG_LINE: usize = 16 * 1024;

/// Whether `b` ends a movetext token.
#[inline]
pub(crate) fn is_delimiter(b: u8) -> bool {
    DELIMITERS[b as usize]
}

const DELIMITERS: [bool; 256] = {
    let mut t = [false; 256];
    let d = b" \t\n\r\x0b\x0c{}()[];$\0";
    let mut i = 0;
    while i < d.len() {
        t[d[i] as usize] = true;
        i += 1;
    }
    t
};

/// Whether `b` is PGN whitespace.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Index of the first delimiter in `s`, if any.
#[inline]
pub(crate) fn token_end(s: &[u8]) -> Option<usize> {
    s.iter().position(|&b| is_delimiter(b))
}

/// Index of the first line end (LF or CR) in `s`.
#[inline]
pub fn line_end(s: &[u8]) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', s)
}

/// Scalar twin of [`line_end`].
pub fn line_end_scalar(s: &[u8]) -> Option<usize> {
    s.iter().position(|&b| b == b'\n' || b == b'\r')
}

/// Number of line ends in `s` (LF, CRLF, lone CR each count once);
/// `pending_cr` says the byte before `s` was a CR. Counted 32 bytes at a
/// time into byte counters (the compiler turns the inner loop into vector
/// compares).
pub fn count_line_ends(s: &[u8], pending_cr: bool) -> u64 {
    let Some((&first, rest)) = s.split_first() else {
        return 0;
    };
    // An LF right after a CR before `s` is no line end of its own.
    let continued = u64::from(pending_cr && first == b'\n');
    if memchr::memchr(b'\r', s).is_none() {
        return count_pairs(s, s, |_, b| b == b'\n') - continued;
    }
    // A line end is a CR, or an LF that does not follow a CR.
    let head = u64::from(first == b'\r' || first == b'\n') - continued;
    // Bitwise `|` and `&`, not `||` and `&&`: no branch, so it vectorises.
    head + count_pairs(&s[..s.len() - 1], rest, |a, b| {
        (b == b'\r') | ((b == b'\n') & (a != b'\r'))
    })
}

/// How many `i` have `f(prev[i], cur[i])` (both slices as long).
#[inline(always)]
fn count_pairs(prev: &[u8], cur: &[u8], f: impl Fn(u8, u8) -> bool) -> u64 {
    const LANES: usize = 32;
    // Up to 255 blocks per round: a byte counter cannot overflow.
    const ROUND: usize = LANES * 255;
    let n = prev.len().min(cur.len());
    let (prev, cur) = (&prev[..n], &cur[..n]);
    let mut total = 0u64;
    let mut at = 0;
    while at + LANES <= n {
        let end = (at + ROUND).min(n - n % LANES).max(at);
        let mut acc = [0u8; LANES];
        while at < end {
            let p: &[u8; LANES] = prev[at..at + LANES].try_into().unwrap_or(&[0; LANES]);
            let c: &[u8; LANES] = cur[at..at + LANES].try_into().unwrap_or(&[0; LANES]);
            for i in 0..LANES {
                acc[i] = acc[i].wrapping_add(u8::from(f(p[i], c[i])));
            }
            at += LANES;
        }
        total += acc.iter().map(|&x| u64::from(x)).sum::<u64>();
    }
    let tail = prev[at..].iter().zip(&cur[at..]);
    total + tail.filter(|&(&a, &b)| f(a, b)).count() as u64
}

/// The first hard game start in `data` (its lines judged without knowing
/// what follows `data`).
pub(crate) fn first_hard_start(data: &[u8]) -> Option<usize> {
    let mut first = None;
    for_each_hard_start(data, false, |p| {
        first = Some(p);
        false
    });
    first
}

/// Scalar twin of [`count_line_ends`].
pub fn count_line_ends_scalar(s: &[u8], pending_cr: bool) -> u64 {
    let mut n = 0;
    let mut prev_cr = pending_cr;
    for &b in s {
        if b == b'\r' || (b == b'\n' && !prev_cr) {
            n += 1;
        }
        prev_cr = b == b'\r';
    }
    n
}

/// The line ends of `data` (as [`count_line_ends`]`(data, false)` counts
/// them), and in the same pass, in order, the start of every line that
/// begins with `[` and does not follow such a line (a tag section's first
/// line, or a stray `[` line), handed to `section`; the first line of
/// `data` follows none.
///
/// 64 bytes a step: the LF, CR and `[` bytes as bit masks, the line ends
/// counted from them, and a branch only where a line begins with `[`. The
/// cutter of [`par_read`](super::par_read) runs it on every chunk, on the
/// calling thread, which every worker waits on: the chunk is read once, in
/// one pass for both answers, with no call per `[` or per line.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) fn line_ends_and_sections(data: &[u8], section: impl FnMut(usize)) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if super::bytes::avx2::available() {
        // SAFETY: the CPU has the features the function is built for.
        return unsafe { line_ends_and_sections_avx2(data, section) };
    }
    line_ends_and_sections_sse2(data, section)
}

/// [`line_ends_and_sections`] with SSE2 masks (on x86_64; elsewhere with
/// the portable ones).
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
fn line_ends_and_sections_sse2(data: &[u8], section: impl FnMut(usize)) -> u64 {
    // Most chunks hold no CR: one `memchr` (AVX2 where the CPU has it)
    // spares them the CR mask and its pairing, a third of the work a block.
    if memchr::memchr(b'\r', data).is_some() {
        line_ends_and_sections_with::<true, false>(data, section)
    } else {
        line_ends_and_sections_with::<false, false>(data, section)
    }
}

/// [`line_ends_and_sections`] with AVX2 masks, and the bit counts and
/// scans in one instruction each (POPCNT, BMI1, LZCNT): a third of the
/// instructions of the SSE2 scan, which the calling thread of
/// [`par_read`](super::par_read) runs on every chunk while the workers
/// wait on it.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
#[target_feature(enable = "avx2,popcnt,bmi1,lzcnt")]
fn line_ends_and_sections_avx2(data: &[u8], section: impl FnMut(usize)) -> u64 {
    if memchr::memchr(b'\r', data).is_some() {
        line_ends_and_sections_with::<true, true>(data, section)
    } else {
        line_ends_and_sections_with::<false, true>(data, section)
    }
}

/// [`line_ends_and_sections`]; `CR` false when `data` holds no CR; `AVX2`
/// only inlined into a function built for AVX2.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
#[inline(always)]
fn line_ends_and_sections_with<const CR: bool, const AVX2: bool>(
    data: &[u8],
    mut section: impl FnMut(usize),
) -> u64 {
    let mut ends = 0u64;
    // From the block before: its last byte was a CR, a line end.
    let mut cr_carry = 0u64;
    let mut eol_carry = 1u64;
    // Whether the last line start seen begins with `[`.
    let mut last_bracket = false;
    let mut tail = [0u8; 64];
    for (i, c) in data.chunks(64).enumerate() {
        let (block, valid) = match c.try_into() {
            Ok(block) => (block, u64::MAX),
            Err(_) => {
                tail[..c.len()].copy_from_slice(c);
                (&tail, u64::MAX >> (64 - c.len()))
            }
        };
        // The bytes 32 blocks on asked for early: the chunk is out of the
        // caches by the time it is scanned, and the scan must not wait on
        // memory.
        #[cfg(target_arch = "x86_64")]
        sse2::prefetch(data, 64 * i + 2048);
        #[cfg(target_arch = "x86_64")]
        let (lf, cr, bracket) = if AVX2 {
            // SAFETY: inlined only into a function built for AVX2, run
            // only on a CPU that has it.
            unsafe { super::bytes::avx2::eol_bracket_masks::<CR>(block) }
        } else {
            eol_bracket_masks::<CR>(block)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (lf, cr, bracket) = eol_bracket_masks::<CR>(block);
        let after_cr = cr << 1 | cr_carry;
        ends += u64::from((cr | (lf & !after_cr)).count_ones());
        // Line starts: after a line end, but not the LF of a CRLF; none
        // past the end of `data`.
        let starts = ((lf | cr) << 1 | eol_carry) & !(lf & after_cr) & valid;
        let brackets = bracket & starts;
        let mut rest = brackets;
        while rest != 0 {
            let k = rest.trailing_zeros();
            let below = starts & ((1u64 << k) - 1);
            let follows_bracket = match below {
                0 => last_bracket,
                _ => brackets >> (63 - below.leading_zeros()) & 1 != 0,
            };
            if !follows_bracket {
                section(64 * i + k as usize);
            }
            rest &= rest - 1;
        }
        if starts != 0 {
            last_bracket = brackets >> (63 - starts.leading_zeros()) & 1 != 0;
        }
        cr_carry = cr >> 63;
        eol_carry = (lf | cr) >> 63;
    }
    ends
}

/// Whether `line` (without its line end) is a tag line.
pub fn is_tag_line(line: &[u8]) -> bool {
    if line.len() > MAX_TAG_LINE || line.first() != Some(&b'[') {
        return false;
    }
    let mut i = 1;
    while i < line.len() && (line[i].is_ascii_alphanumeric() || line[i] == b'_') {
        i += 1;
    }
    if i == 1 || i >= line.len() || !matches!(line[i], b' ' | b'\t') {
        return false;
    }
    while i < line.len() && matches!(line[i], b' ' | b'\t') {
        i += 1;
    }
    if i >= line.len() || line[i] != b'"' {
        return false;
    }
    let open = i;
    let mut end = line.len();
    while end > open && matches!(line[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    if end <= open || line[end - 1] != b']' {
        return false;
    }
    end -= 1;
    while end > open && matches!(line[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    end > open + 1 && line[end - 1] == b'"'
}

/// The common tag line `[Name "value"]` at the start of `s`, ended by a
/// line end that `s` holds: name of 1 to 15 ASCII letters, digits or `_`,
/// one space, a value without `"` or `\\`, the `]` right after the closing
/// quote and the line end right after it. Returns the end of the name (the
/// value is `s[name_end + 2..len - 2]`) and the line length `len` (`s[len]` is
/// the LF or CR). Such a line is a tag line; None says nothing (the line
/// must be judged by [`is_tag_line`]).
///
/// Without a branch per byte (16 bytes at a time with SSE2 on x86_64, a
/// word at a time elsewhere): the common tag line of a database costs a
/// handful of predictable branches.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn simple_tag_line(s: &[u8]) -> Option<(usize, usize)> {
    simple_tag_line_sse2(s)
}

/// [`simple_tag_line`] where SSE2 is not at hand.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn simple_tag_line(s: &[u8]) -> Option<(usize, usize)> {
    simple_tag_line_swar(s)
}

/// [`simple_tag_line`] 16 bytes at a time with SSE2: the name in one step,
/// the value's closing quote 16 bytes a step. Same answer as
/// [`simple_tag_line_swar`] (its test oracle) on every input.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn simple_tag_line_sse2(s: &[u8]) -> Option<(usize, usize)> {
    if s.first() != Some(&b'[') {
        return None;
    }
    let head: &[u8; 16] = s.get(1..17)?.try_into().ok()?;
    let name_end = 1 + (sse2::non_name(head) | 1 << 16).trailing_zeros() as usize;
    let q1 = name_end + 1;
    if name_end == 1 || name_end == 17 || s[name_end] != b' ' || s.get(q1) != Some(&b'"') {
        return None;
    }
    // A line of less than 32 or 64 bytes: its end is the first control byte
    // (no control may come before it), found from the line's start with the
    // masks of 32 bytes (most tag lines) or 64, apart from the checks of the
    // name and value. The next line's start waits on that search only (the
    // checks are branches).
    if let Some(block) = s.get(..32) {
        let (control, quote) = sse2::line_masks::<2>(block.as_chunks().0.try_into().ok()?);
        if control != 0 {
            return close_masked(s, name_end, control, quote);
        }
    }
    if let Some(block) = s.get(..64) {
        let (control, quote) = sse2::line_masks::<4>(block.as_chunks().0.try_into().ok()?);
        if control != 0 {
            return close_masked(s, name_end, control, quote);
        }
    }
    let mut i = q1 + 1;
    let q2 = loop {
        if i >= MAX_TAG_LINE {
            return None;
        }
        match s.get(i..i + 16) {
            Some(chunk) => {
                let m = sse2::quote_or_control(chunk.try_into().ok()?);
                if m != 0 {
                    break i + m.trailing_zeros() as usize;
                }
                i += 16;
            }
            // The last bytes (fewer than 16) one at a time.
            None => break (i..s.len()).find(|&k| s[k] < 0x20 || matches!(s[k], b'"' | b'\\'))?,
        }
    };
    close_tag_line(s, name_end, q2)
}

/// The end of a simple tag line from the masks of its first bytes (see
/// `sse2::line_masks`), `control` not empty: its first control byte must
/// be the line end, right after `"]`, with no `"` or `\\` in the value.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn close_masked(s: &[u8], name_end: usize, control: u64, quote: u64) -> Option<(usize, usize)> {
    let eol = control.trailing_zeros() as usize;
    let value = name_end + 2;
    let simple = eol >= value + 2
        && s[eol - 2] == b'"'
        && s[eol - 1] == b']'
        && matches!(s[eol], b'\n' | b'\r')
        && (quote >> value) & ((1u64 << (eol - 2 - value)) - 1) == 0;
    simple.then_some((name_end, eol))
}

/// The end of a simple tag line whose value's first quote, backslash or control
/// byte is `s[q2]`: it must be the closing quote, then `]` and the line end.
#[inline(always)]
fn close_tag_line(s: &[u8], name_end: usize, q2: usize) -> Option<(usize, usize)> {
    let len = q2 + 2;
    if len > MAX_TAG_LINE
        || s[q2] != b'"'
        || s.get(q2 + 1) != Some(&b']')
        || !matches!(s.get(len), Some(b'\n' | b'\r'))
    {
        return None;
    }
    Some((name_end, len))
}

/// Word-at-a-time twin of [`simple_tag_line`] (the portable build, and
/// the oracle of the SSE2 one).
///
/// The common tag line `[Name "value"]` at the start of `s`, ended by a
/// line end that `s` holds: name of 1 to 15 ASCII letters, digits or `_`,
/// one space, a value without `"` or `\\`, the `]` right after the closing
/// quote and the line end right after it. Returns the end of the name (the
/// value is `s[name_end + 2..len - 2]`) and the line length `len` (`s[len]` is
/// the LF or CR). Such a line is a tag line; None says nothing (the line
/// must be judged by [`is_tag_line`]).
///
/// Word at a time, without a branch per byte: the common tag line of a
/// database costs a handful of predictable branches.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline]
pub(crate) fn simple_tag_line_swar(s: &[u8]) -> Option<(usize, usize)> {
    if s.first() != Some(&b'[') {
        return None;
    }
    // The name: the bytes before the first one that may not be in a name
    // (every flag is exact), which must be a space followed by the quote.
    let head = u128::from_le_bytes(s.get(1..17)?.try_into().ok()?);
    let non_name = u128::from(non_name_bytes(head as u64))
        | u128::from(non_name_bytes((head >> 64) as u64)) << 64;
    let name_end = 1 + (non_name.trailing_zeros() / 8) as usize;
    let q1 = name_end + 1;
    if name_end == 1 || name_end == 17 || s[name_end] != b' ' || s.get(q1) != Some(&b'"') {
        return None;
    }
    // The closing quote: the first `"`, `\`, LF or CR after the opening one.
    // Bytes below 0x20 (LF, CR, but also a tab: no simple tag line then),
    // `"` and `\`; the lowest flag of each term is exact, so the lowest of all is.
    let special =
        |x: u64| bytes_below(x, 0x20) | zero_bytes(x ^ splat(b'"')) | zero_bytes(x ^ splat(b'\\'));
    let mut i = q1 + 1;
    let q2 = loop {
        if i >= MAX_TAG_LINE {
            return None;
        }
        match word(s, i) {
            Some(x) => {
                let m = special(x);
                if m != 0 {
                    break i + (m.trailing_zeros() / 8) as usize;
                }
                i += 8;
            }
            // The last bytes (fewer than a word) one at a time.
            // (Controls too, as in the words: the same answer at any length.)
            None => break (i..s.len()).find(|&k| s[k] < 0x20 || matches!(s[k], b'"' | b'\\'))?,
        }
    };
    close_tag_line(s, name_end, q2)
}

/// The line starting at `data[at]`, without its line end, or None if the line
/// is not complete in `data` (no line end) and `eof` is false.
fn line_at(data: &[u8], at: usize, eof: bool) -> Option<&[u8]> {
    let rest = &data[at..];
    match line_end(rest) {
        Some(e) => Some(&rest[..e]),
        None if eof => Some(rest),
        None => None,
    }
}

/// A UTF-8 byte order mark. The reader skips those at the start of a line
/// (files joined with `cat`), so the hard-game-start rule does too.
pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

/// `line` without the byte order marks it begins with.
#[inline]
pub(crate) fn strip_boms(mut line: &[u8]) -> &[u8] {
    while let Some(rest) = line.strip_prefix(BOM) {
        line = rest;
    }
    line
}

/// Whether `line` (without its line end) is a tag line by the
/// hard-game-start rule: at most [`MAX_TAG_LINE`] bytes, byte order marks
/// and then a tag line ([`is_tag_line`]; most lines have no mark).
#[inline]
pub(crate) fn is_marked_tag_line(line: &[u8]) -> bool {
    line.len() <= MAX_TAG_LINE && is_tag_line(strip_boms(line))
}

/// Whether `s` (a line start on) begins with `[` after its byte order
/// marks: the lines worth judging as tag lines.
#[inline]
fn opens_bracket(s: &[u8]) -> bool {
    match s.first() {
        Some(b'[') => true,
        Some(0xef) => strip_boms(s).first() == Some(&b'['),
        _ => false,
    }
}

/// The start of the line holding `data[i]`, if only byte order marks
/// come before `i` on that line.
fn marks_line_start(data: &[u8], mut i: usize) -> Option<usize> {
    while i >= BOM.len() && &data[i - BOM.len()..i] == BOM {
        i -= BOM.len();
    }
    (i == 0 || matches!(data[i - 1], b'\n' | b'\r')).then_some(i)
}

/// The first line start in `data[from..until]` (`from` is a line start)
/// that begins with byte order marks and `[`.
fn marked_line_start(data: &[u8], mut from: usize, until: usize) -> Option<usize> {
    while let Some(i) = memchr::memchr(BOM[0], &data[from..until]) {
        let at = from + i;
        if let Some(p) = marks_line_start(data, at) {
            if opens_bracket(&data[p..]) {
                return Some(p);
            }
        }
        from = at + 1;
    }
    None
}

/// Start of the line before the one starting at `at` (`at` > 0 is a line start).
pub(crate) fn previous_line(data: &[u8], at: usize) -> &[u8] {
    let mut end = at - 1;
    if data[end] == b'\n' && end > 0 && data[end - 1] == b'\r' {
        end -= 1;
    }
    let start = memchr::memrchr2(b'\n', b'\r', &data[..end]).map_or(0, |i| i + 1);
    &data[start..end]
}

/// Whether `data[at]` is a hard game start, judged on `data` alone
/// (`at` must be a line start). `eof` says `data` ends the input; otherwise a
/// line cut by the end of `data` is not judged (None).
pub fn is_hard_start(data: &[u8], at: usize, eof: bool) -> Option<bool> {
    let line = line_at(data, at, eof)?;
    if !is_marked_tag_line(line) {
        return Some(false);
    }
    Some(at == 0 || !is_marked_tag_line(previous_line(data, at)))
}

/// Offsets of all hard game starts in `data`, which must begin at a line
/// start of the input (`eof`: `data` is the end of the input). Lines cut off
/// by the end of `data` are not reported when `eof` is false.
///
/// Only lines starting with `[` are looked at: `memchr::memmem` jumps to each
/// `"\n["` (and `"\r["` when the data holds a CR), so the scan runs at memory
/// speed on any input.
pub fn hard_starts(data: &[u8], eof: bool) -> Vec<usize> {
    let mut out = Vec::new();
    for_each_hard_start(data, eof, |p| {
        out.push(p);
        true
    });
    out
}

/// Calls `f` with each hard start in increasing order until it returns false.
///
/// One pass: `memmem` jumps to the next line that starts with `[` (or with
/// a byte order mark and `[`); the lines of a tag section follow one
/// another, so each is judged once and the previous line's verdict is
/// remembered rather than looked up again.
pub fn for_each_hard_start(data: &[u8], eof: bool, mut f: impl FnMut(usize) -> bool) {
    // Most inputs hold neither a CR nor a byte that may begin a mark: one
    // search tells (it stops at the first CR of a file of CRLF lines).
    let (has_cr, may_mark) = match memchr::memchr2(b'\r', BOM[0], data) {
        None => (false, false),
        Some(i) if data[i] == b'\r' => (true, true),
        Some(i) => (memchr::memchr(b'\r', &data[i..]).is_some(), true),
    };
    let lf = memchr::memmem::Finder::new(b"\n[");
    let cr = memchr::memmem::Finder::new(b"\r[");
    // The next line start with `[` after an LF, cached: every search starts
    // past the previous one, so the data is scanned once.
    let mut lf_next: Option<Option<usize>> = None;
    // The next line start with `[` (or with marks and `[`) at or after
    // `from` (`from` > 0 is a line start). The other kinds of line start
    // are looked for in the stretch before the next one after an LF, just
    // scanned (in the caches, not a pass of its own; a file of lines ended
    // by a lone CR has one stretch, the whole).
    let mut next_candidate = |from: usize| -> Option<usize> {
        let plain = match lf_next {
            Some(Some(p)) if p >= from => Some(p),
            Some(None) => None,
            _ => {
                let found = lf.find(&data[from - 1..]).map(|i| from + i);
                lf_next = Some(found);
                found
            }
        };
        if !(has_cr || may_mark) {
            return plain;
        }
        let until = plain.unwrap_or(data.len());
        let after_cr = match has_cr {
            true => cr.find(&data[from - 1..until]).map(|i| from + i),
            false => None,
        };
        let marked = match may_mark {
            true => marked_line_start(data, from, after_cr.unwrap_or(until)),
            false => None,
        };
        marked.or(after_cr).or(plain)
    };
    let mut p = if opens_bracket(data) {
        0
    } else {
        match next_candidate(1) {
            Some(p) => p,
            None => return,
        }
    };
    // Whether the last judged line was a tag line, and where the line after it starts.
    let mut prev_tag = false;
    let mut prev_next = None;
    loop {
        let rest = &data[p..];
        // The common `[Name "value"]` line is judged in one step.
        let (end, tag) = match simple_tag_line(rest) {
            Some((_, e)) => (Some(e), true),
            None => {
                let end = short_line_end(rest, has_cr);
                let line = match end {
                    Some(e) => &rest[..e],
                    None if eof => rest,
                    None => return,
                };
                (end, is_marked_tag_line(line))
            }
        };
        if tag && !(prev_tag && prev_next == Some(p)) && !f(p) {
            return;
        }
        let Some(e) = end else {
            return;
        };
        let mut next = p + e + 1;
        if rest[e] == b'\r' && data.get(next) == Some(&b'\n') {
            next += 1;
        }
        prev_tag = tag;
        prev_next = Some(next);
        let opens = match data.get(next) {
            Some(b'[') => true,
            Some(_) if may_mark => opens_bracket(&data[next..]),
            _ => false,
        };
        p = if opens {
            next
        } else {
            match next_candidate(next) {
                Some(p) => p,
                None => return,
            }
        };
    }
}

/// Index of the first LF (and CR, if `cr`) in `s`. Lines starting with `[`
/// are mostly short tag lines: their end is looked for eight bytes at a time
/// first, with `memchr` for the rest of a long line.
#[inline]
fn short_line_end(s: &[u8], cr: bool) -> Option<usize> {
    let mut i = 0;
    while i < 64 {
        let Some(chunk) = s.get(i..i + 8) else {
            break;
        };
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mut m = zero_bytes(x ^ splat(b'\n'));
        if cr {
            m |= zero_bytes(x ^ splat(b'\r'));
        }
        if m != 0 {
            // The lowest flag of the bit trick is exact.
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let rest = &s[i.min(s.len())..];
    let found = if cr {
        memchr::memchr2(b'\n', b'\r', rest)
    } else {
        memchr::memchr(b'\n', rest)
    };
    found.map(|k| i + k)
}

/// Scalar twin of [`hard_starts`]: walks every line.
pub fn hard_starts_scalar(data: &[u8], eof: bool) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut prev_tag = false;
    while at < data.len() {
        let end = line_end_scalar(&data[at..]).map(|e| at + e);
        if end.is_none() && !eof {
            break;
        }
        let end = end.unwrap_or(data.len());
        let tag = is_marked_tag_line(&data[at..end]);
        if tag && !prev_tag {
            out.push(at);
        }
        prev_tag = tag;
        at = end + 1;
        if at < data.len() && data[at - 1] == b'\r' && data[at] == b'\n' {
            at += 1;
        }
    }
    out
}

/// The last hard start in `data` after offset 0 whose line is complete,
/// looked for from the end (a game back, typically): each line that begins
/// with `[` (after byte order marks) judged on the whole of `data`.
pub fn last_hard_start(data: &[u8]) -> Option<usize> {
    let mut end = data.len();
    while let Some(i) = memchr::memrchr(b'[', &data[..end]) {
        if let Some(p) = marks_line_start(data, i) {
            if p > 0 && is_hard_start(data, p, false) == Some(true) {
                return Some(p);
            }
        }
        end = i;
    }
    None
}

/// `count` pseudo-random words (a fixed xorshift sequence from `seed`) of
/// fewer than `max_len` bytes, each byte made by `byte` from a random
/// number, handed to `f`: for the tests that compare a fast scan with a
/// byte-at-a-time one.
#[cfg(test)]
pub(crate) fn random_words(
    seed: u64,
    count: usize,
    max_len: u64,
    mut byte: impl FnMut(u64) -> u8,
    mut f: impl FnMut(&[u8]),
) {
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut w = Vec::new();
    for _ in 0..count {
        w.clear();
        let len = next() % max_len;
        for _ in 0..len {
            w.push(byte(next()));
        }
        f(&w);
    }
}

/// 3,000 pseudo-random inputs of up to 23 pieces from `parts` (a fixed
/// xorshift sequence), for the tests of the scanner and of the readers
/// built on its rules.
#[cfg(test)]
pub(crate) fn line_soups(parts: &[&[u8]]) -> Vec<Vec<u8>> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = Vec::with_capacity(3000);
    let mut len = 0x9e37_79b9_7f4a_7c15u64 % 24;
    for _ in 0..3000 {
        let data = (0..len)
            .flat_map(|_| parts[(next() % parts.len() as u64) as usize])
            .copied()
            .collect();
        len = next() % 24;
        out.push(data);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SSE2 tag line reader answers as the word-at-a-time one, on random
    /// lines (names and values of every length around the 16-byte steps).
    #[test]
    fn simple_tag_line_sse2_equals_swar() {
        let alphabet = b"[]\"\" \\\n\rEv_9Zz\t\x80\xff@`{/:";
        let mut x: u64 = 0x6c8e_9cf5_7043_2d1b;
        let rounds = if cfg!(miri) { 300 } else { 100_000 };
        for _ in 0..rounds {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let name = (x % 20) as usize;
            let value = ((x >> 8) % 40) as usize;
            let mut s = b"[".to_vec();
            let mut byte = |s: &mut Vec<u8>, plain: u8| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly plain bytes, sometimes anything of the alphabet.
                let pick = (x % (alphabet.len() as u64 * 6)) as usize;
                s.push(alphabet.get(pick).copied().unwrap_or(plain));
            };
            for _ in 0..name {
                byte(&mut s, b'N');
            }
            s.extend_from_slice(b" \"");
            for _ in 0..value {
                byte(&mut s, b'v');
            }
            s.extend_from_slice(b"\"]\n");
            let tail = (value * 7 + name) % 20;
            for _ in 0..tail {
                byte(&mut s, b'.');
            }
            for cut in [s.len(), s.len() / 2, 17, 18] {
                let t = &s[..cut.min(s.len())];
                assert_eq!(simple_tag_line(t), simple_tag_line_swar(t), "{t:?}");
            }
            // With 64 bytes at hand (the SSE2 reader's one-step path).
            s.resize(s.len().max(64 + (name + value) % 8), b'.');
            assert_eq!(simple_tag_line(&s), simple_tag_line_swar(&s), "{s:?}");
        }
    }

    #[test]
    fn line_ends_match_scalar_count() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for len in (0..100).chain([255 * 32 - 1, 255 * 32, 255 * 32 + 1, 40_000]) {
            for alphabet in [&b"ab\n"[..], b"a\r\n", b"\r\r\n\n", b"\n"] {
                let s: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        alphabet[(x % alphabet.len() as u64) as usize]
                    })
                    .collect();
                for pending in [false, true] {
                    assert_eq!(
                        count_line_ends(&s, pending),
                        count_line_ends_scalar(&s, pending)
                    );
                }
            }
        }
    }

    #[test]
    fn tag_lines() {
        assert!(is_tag_line(br#"[Event "x"]"#));
        assert!(is_tag_line(br#"[Event  "x \" y" ] "#));
        assert!(is_tag_line(br#"[White "a"] [Black "b"]"#));
        assert!(is_tag_line(br#"[Event ""]"#));
        assert!(!is_tag_line(br#"[Event "]"#));
        assert!(!is_tag_line(br#"[%clk 0:01:00]"#));
        assert!(!is_tag_line(br#" [Event "x"]"#));
        assert!(!is_tag_line(br#"[Event "x"]<br>"#));
        assert!(!is_tag_line(br#"[Event "x"] 1. e4"#));
        assert!(!is_tag_line(br#"[Event"x"]"#));
        assert!(!is_tag_line(br#"[ "x"]"#));
    }

    fn cases() -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = vec![
            b"[A \"1\"]\n[B \"2\"]\n\n1. e4 1-0\n[A \"3\"]\n\n[B \"4\"]\n".to_vec(),
            b"junk\r\n[A \"1\"]\r\n[B \"2\"]\r\n\r\n1. e4 {\r\n[A \"x\"]\r\n}".to_vec(),
            b"[A \"1\"]\r[B \"2\"]\r\r1. e4 *\r[A \"3\"]\r".to_vec(),
            b"{ [A \"1\"]\n[%clk 1]\n[A \"1\"] x\n\n[A \"2\"]".to_vec(),
            b"\n\r\n\r[A \"1\"]\n\r[A \"1\"]".to_vec(),
            // Byte order marks before lines (files joined with `cat`).
            b"\xef\xbb\xbf[A \"1\"]\n\xef\xbb\xbf\xef\xbb\xbf[B \"2\"]\n\n1. e4 *\n\xef\xbb\xbf[A \"3\"]\n[B \"4\"]\n".to_vec(),
            b"1-0\r\n\xef\xbb[A \"1\"]\r\nx\xef\xbb\xbf[A \"2\"]\r\n\xef\xbb\xbf\r\n[A \"3\"]\r\n".to_vec(),
        ];
        let sample = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/pgn/excerpt.pgn"
        ))
        .unwrap_or_default();
        v.push(sample);
        v
    }

    #[test]
    fn hard_starts_match_scalar_twin() {
        for c in cases() {
            for eof in [false, true] {
                assert_eq!(hard_starts(&c, eof), hard_starts_scalar(&c, eof));
                for cut in [0, 1, 7, c.len() / 2, c.len()] {
                    let cut = cut.min(c.len());
                    let part = &c[..cut];
                    assert_eq!(hard_starts(part, false), hard_starts_scalar(part, false));
                }
            }
        }
    }

    #[test]
    fn hard_starts_match_scalar_twin_on_random_lines() {
        const PARTS: [&[u8]; 10] = [
            b"[A \"1\"]",
            b"[B \"2\"] ",
            b"\n",
            b"\r",
            b"\r\n",
            b"1. e4 *",
            b"[",
            b"[%clk 1]",
            b" ",
            BOM,
        ];
        for data in line_soups(&PARTS) {
            for eof in [false, true] {
                assert_eq!(
                    hard_starts(&data, eof),
                    hard_starts_scalar(&data, eof),
                    "{:?}",
                    String::from_utf8_lossy(&data)
                );
            }
        }
    }

    /// A line that begins with byte order marks is judged after them; a
    /// cut mark, or a mark after another byte, leaves no tag line.
    #[test]
    fn marked_tag_lines() {
        let cases = cases();
        let (joined, odd) = (&cases[5], &cases[6]);
        for eof in [false, true] {
            assert_eq!(hard_starts(joined, eof), [0, 34]);
            assert_eq!(hard_starts_scalar(joined, eof), [0, 34]);
            assert_eq!(hard_starts(odd, eof), [34]);
        }
        assert_eq!(last_hard_start(joined), Some(34));
        assert_eq!(is_hard_start(joined, 11, true), Some(false));
        assert_eq!(is_hard_start(joined, 34, true), Some(true));
        assert_eq!(is_hard_start(odd, 5, true), Some(false));
        assert!(is_marked_tag_line(b"\xef\xbb\xbf\xef\xbb\xbf[B \"2\"]"));
        assert!(!is_marked_tag_line(b"\xef\xbb\xbf [B \"2\"]"));
        assert!(!is_tag_line(b"\xef\xbb\xbf[B \"2\"]"));
    }

    #[test]
    fn last_hard_start_is_last_of_all() {
        for c in cases() {
            let all = hard_starts(&c, false);
            let last = all.iter().copied().rfind(|&p| p > 0);
            assert_eq!(last_hard_start(&c), last);
        }
    }

    /// The one-pass scan of chunks (AVX2 masks where the CPU has them, and
    /// SSE2 ones; with the CR mask or without, and a prefetch ahead of them) counts the line ends as the
    /// scalar twin does and finds the lines that begin with `[` after a
    /// line that does not: on inputs of several kilobytes (the prefetch
    /// reaches 2 KiB ahead), with and without CR.
    #[test]
    fn line_ends_and_sections_match_line_by_line() {
        let parts: [&[u8]; 9] = [
            b"[Event \"a\"]\n",
            b"[Site \"b\"]\r\n",
            b"\r",
            b"\n",
            b"1. e4 e5 ",
            b"[x",
            b"{ comment }\n",
            b"2. Nf3 Nc6 *\n\n",
            b"[",
        ];
        // About 4 KB in a mixed order (what Miri runs: the soups take it
        // minutes), then the random soups, 30 to an input.
        let mut inputs: Vec<Vec<u8>> = vec![(0..600)
            .flat_map(|k| parts[(k * 7 + k / 9) % parts.len()])
            .copied()
            .collect()];
        if !cfg!(miri) {
            inputs.extend(line_soups(&parts).chunks(30).map(|c| c.concat()));
        }
        for data in inputs {
            for data in [
                data.clone(),
                data.iter()
                    .map(|&b| if b == b'\r' { b'x' } else { b })
                    .collect(),
            ] {
                // Line by line: each line start, and whether it begins with `[`.
                let mut want = Vec::new();
                let (mut at, mut prev_bracket) = (0, false);
                while at < data.len() {
                    let bracket = data[at] == b'[';
                    if bracket && !prev_bracket {
                        want.push(at);
                    }
                    prev_bracket = bracket;
                    at += line_end_scalar(&data[at..]).map_or(data.len(), |e| e + 1);
                    if data.get(at - 1) == Some(&b'\r') && data.get(at) == Some(&b'\n') {
                        at += 1;
                    }
                }
                let mut got = Vec::new();
                let ends = line_ends_and_sections(&data, |p| got.push(p));
                assert_eq!(ends, count_line_ends_scalar(&data, false));
                assert_eq!(got, want);
                // The SSE2 scan too, where the AVX2 one ran above.
                got.clear();
                let ends = line_ends_and_sections_sse2(&data, |p| got.push(p));
                assert_eq!(ends, count_line_ends_scalar(&data, false));
                assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn line_counting_matches_scalar_twin() {
        for c in cases() {
            for pending in [false, true] {
                assert_eq!(
                    count_line_ends(&c, pending),
                    count_line_ends_scalar(&c, pending)
                );
                assert_eq!(line_end(&c), line_end_scalar(&c));
            }
        }
        assert_eq!(count_line_ends(b"\n", true), 0);
        assert_eq!(count_line_ends(b"a\r\n\r\rb\n", false), 4);
    }
}
