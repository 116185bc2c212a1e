//! Values read from text: typed tags (ratings, dates, times) and the
//! `[%clk]` / `[%eval]` commands of comments.

/// What a `[%eval]` command says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Eval {
    /// Centipawns from White's side.
    Centipawns(i32),
    /// Moves to mate, positive when White mates.
    Mate(i32),
}

/// The `[%clk]` and `[%eval]` of one comment (the first of each).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Commands {
    /// Whole seconds.
    pub clock: Option<i32>,
    pub eval: Option<Eval>,
}

/// Reads the `[%clk h:mm:ss]` and `[%eval x]` commands of a comment.
#[inline]
pub(crate) fn commands(comment: &[u8]) -> Commands {
    match lone_clock(comment) {
        Some(secs) => Commands {
            clock: Some(secs),
            eval: None,
        },
        None => read_commands(comment, true),
    }
}

/// The seconds of a comment that is one clock command as [`plain_clock`]
/// reads it, between blanks (lichess's ` [%clk 0:03:00] `, the comment of
/// most of its moves): no search for the command's brackets.
#[inline]
fn lone_clock(comment: &[u8]) -> Option<i32> {
    let s = comment.trim_ascii_start().strip_prefix(b"[%")?;
    let (secs, end) = plain_clock(s)?;
    let after = s.get(end + 1..)?;
    (s[end] == b']' && after.trim_ascii_start().is_empty()).then_some(secs)
}

/// [`commands`]; `fast`: the clock as lichess writes it (`[%clk 0:03:00]`,
/// most commands) is read in one step, any other form by the general
/// code (without `fast`, every command: the fast path's test oracle).
fn read_commands(comment: &[u8], fast: bool) -> Commands {
    let mut found = Commands::default();
    let mut rest = comment;
    while let Some(i) = command_start(rest) {
        rest = &rest[i + 2..];
        if let Some((secs, end)) = plain_clock(rest).filter(|_| fast) {
            found.clock = found.clock.or(Some(secs));
            rest = &rest[end..];
            continue;
        }
        let end = memchr::memchr(b']', rest).unwrap_or(rest.len());
        let command = &rest[..end];
        let name_end = command
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(command.len());
        let arg = command[name_end..].trim_ascii();
        match &command[..name_end] {
            b"clk" if found.clock.is_none() => found.clock = clock(arg),
            b"eval" if found.eval.is_none() => found.eval = eval(arg),
            _ => {}
        }
        rest = &rest[end..];
    }
    found
}

/// Where the first `[%` of `s` begins.
fn command_start(s: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'[', &s[from..]) {
        let at = from + i;
        if s.get(at + 1) == Some(&b'%') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// `clk h:mm:ss]` or `clk hh:mm:ss]`, or with a fraction of a second
/// (`clk 0:24:55.5]`), at the start of `s`: the whole seconds (as [`clock`]
/// reads them) and where the command ends (its `]`, or the end of `s`).
fn plain_clock(s: &[u8]) -> Option<(i32, usize)> {
    let digit = |i: usize| {
        let d = s.get(i)?.wrapping_sub(b'0');
        (d < 10).then_some(i32::from(d))
    };
    if !s.starts_with(b"clk ") {
        return None;
    }
    let (hours, at) = match (digit(4)?, digit(5)) {
        (a, Some(b)) => (a * 10 + b, 6),
        (a, None) => (a, 5),
    };
    if s.get(at) != Some(&b':') || s.get(at + 3) != Some(&b':') {
        return None;
    }
    let minutes = digit(at + 1)? * 10 + digit(at + 2)?;
    let seconds = digit(at + 4)? * 10 + digit(at + 5)?;
    let end = match s.get(at + 6) {
        Some(b']') => at + 6,
        // The fraction is not read, only checked: digits (then blanks).
        Some(b'.') => {
            let end = memchr::memchr(b']', &s[at + 6..]).map_or(s.len(), |k| at + 6 + k);
            let fraction = s[at + 7..end].trim_ascii_end();
            if !fraction.iter().all(u8::is_ascii_digit) {
                return None;
            }
            end
        }
        _ => return None,
    };
    Some(((hours * 60 + minutes) * 60 + seconds, end))
}

/// `h:mm:ss` or `h:mm:ss.f` (or `mm:ss`) as whole seconds: a fraction
/// (digits after a point) only on the seconds, and not read. A lone
/// number is no clock (`3.03` may be minutes and seconds).
fn clock(arg: &[u8]) -> Option<i32> {
    let (whole, fraction) = match arg.iter().position(|&b| b == b'.') {
        Some(p) => (&arg[..p], &arg[p + 1..]),
        None => (arg, &b""[..]),
    };
    if !fraction.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut secs: i64 = 0;
    let mut parts = 0;
    for part in whole.split(|&b| b == b':') {
        secs = secs.checked_mul(60)?.checked_add(digits(part)?)?;
        parts += 1;
    }
    if !(2..=3).contains(&parts) {
        return None;
    }
    i32::try_from(secs).ok()
}

/// A non-empty run of ASCII digits (at most 12).
fn digits(b: &[u8]) -> Option<i64> {
    if b.is_empty() || b.len() > 12 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0i64, |n, &d| n * 10 + i64::from(d - b'0')))
}

/// `0.17`, `-1.5`, `+3` (pawns, rounded to centipawns), `#3`, `#-2`;
/// a `,depth` after the value is ignored.
fn eval(arg: &[u8]) -> Option<Eval> {
    let value = arg.split(|&b| b == b',').next()?.trim_ascii();
    if let Some(mate) = value.strip_prefix(b"#") {
        let (neg, n) = sign(mate);
        let n = i32::try_from(digits(n)?).ok()?;
        return Some(Eval::Mate(if neg { -n } else { n }));
    }
    let (neg, v) = sign(value);
    let mut halves = v.splitn(2, |&b| b == b'.');
    let int = halves.next()?;
    let frac = halves.next().unwrap_or(b"");
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let int = if int.is_empty() { 0 } else { digits(int)? };
    // Centipawns: two decimals, the third rounds half away from zero.
    let mut cents = 0i64;
    for i in 0..3 {
        let d = match frac.get(i) {
            Some(&d) if d.is_ascii_digit() => i64::from(d - b'0'),
            Some(_) => return None,
            None => 0,
        };
        cents = cents * 10 + d;
    }
    if frac.len() > 3 && !frac[3..].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let cp = int.checked_mul(100)?.checked_add((cents + 5) / 10)?;
    let cp = i32::try_from(cp).ok()?;
    Some(Eval::Centipawns(if neg { -cp } else { cp }))
}

fn sign(b: &[u8]) -> (bool, &[u8]) {
    match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    }
}

/// Whether a tag value stands for "unknown": empty, or only `?` (and the
/// `.`/`:` of a date or time, `????.??.??`).
pub(crate) fn is_unknown(v: &[u8]) -> bool {
    v.is_empty() || (v.contains(&b'?') && v.iter().all(|b| matches!(b, b'?' | b'.' | b':')))
}

/// A rating or rating change: `1756`, `+11`, `-9`.
pub(crate) fn int16(v: &[u8]) -> Option<i16> {
    let (neg, d) = sign(v.trim_ascii());
    let n = digits(d)?;
    i16::try_from(if neg { -n } else { n }).ok()
}

/// `YYYY.MM.DD` as days since 1970-01-01 (a real calendar date only).
pub(crate) fn date(v: &[u8]) -> Option<i32> {
    let v = v.trim_ascii();
    if v.len() != 10 || v[4] != b'.' || v[7] != b'.' {
        return None;
    }
    let (y, m, d) = (digits(&v[..4])?, digits(&v[5..7])?, digits(&v[8..])?);
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days_in = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > days_in[m as usize - 1] {
        return None;
    }
    // Days from the civil date (proleptic Gregorian).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    i32::try_from(era * 146_097 + doe - 719_468).ok()
}

/// `HH:MM:SS` as seconds since midnight.
pub(crate) fn time(v: &[u8]) -> Option<i32> {
    let v = v.trim_ascii();
    if v.len() != 8 || v[2] != b':' || v[5] != b':' {
        return None;
    }
    let (h, m, s) = (digits(&v[..2])?, digits(&v[3..5])?, digits(&v[6..])?);
    if h > 23 || m > 59 || s > 60 {
        return None;
    }
    Some((h * 3600 + m * 60 + s) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_comments() {
        let c = commands(b" [%eval 0.17] [%clk 0:05:00] ");
        assert_eq!(c.clock, Some(300));
        assert_eq!(c.eval, Some(Eval::Centipawns(17)));
        let c = commands(b" [%eval #-3] [%clk 1:02:03] ");
        assert_eq!((c.clock, c.eval), (Some(3723), Some(Eval::Mate(-3))));
        assert_eq!(
            commands(b"[%eval -1.5,23]").eval,
            Some(Eval::Centipawns(-150))
        );
        assert_eq!(commands(b"[%eval .5]").eval, Some(Eval::Centipawns(50)));
        assert_eq!(commands(b"[%eval 0.125]").eval, Some(Eval::Centipawns(13)));
        assert_eq!(
            commands(b"[%eval -0.125]").eval,
            Some(Eval::Centipawns(-13))
        );
        assert_eq!(commands(b"[%eval #0]").eval, Some(Eval::Mate(0)));
        assert_eq!(commands(b"[%clk 0:02:59.9]").clock, Some(179));
        assert_eq!(commands(b"[%clk 12:05]").clock, Some(725));
        // A point anywhere but in the seconds is no clock (a typing slip
        // seen in a pgn4web file), nor is a fraction that is not digits.
        assert_eq!(commands(b"[%clk 1.55:05]").clock, None);
        assert_eq!(commands(b"[%clk 1:55.5:05]").clock, None);
        assert_eq!(commands(b"[%clk 0:02:59.x]").clock, None);
        assert_eq!(commands(b"[%clk 0:02:59.]").clock, Some(179));
        // Minutes and seconds typed with a point (a pgn4web file of
        // 3-minute games): no clock, not 3 seconds.
        assert_eq!(commands(b"[%clk 3.03]").clock, None);
        assert_eq!(commands(b"[%clk 45]").clock, None);
        assert_eq!(commands(b"great move [%csl Ga4]").clock, None);
        // A `[` that opens no command, and one just before a command's.
        assert_eq!(commands(b"[see] [[%clk 0:00:09]").clock, Some(9));
        assert_eq!(commands(b"[%clk 0:00:01] [").clock, Some(1));
        // A command that does not parse is passed over.
        assert_eq!(commands(b"[%clk x] [%clk 0:00:07]").clock, Some(7));
        assert_eq!(commands(b"[%eval abc]").eval, None);
        assert_eq!(commands(b"[%clk 0:00:0").clock, Some(0));
        assert_eq!(commands(b"[%eval 99999999999.0]").eval, None);
    }

    /// The fast paths give what the general code gives, on comments made
    /// of the pieces of clock and eval commands in pseudo-random order.
    #[test]
    fn commands_equal_the_general_code() {
        const PARTS: [&[u8]; 24] = [
            b"[%clk ",
            b"[%eval ",
            b"0:03:00",
            b"12:05:59",
            b"1:2:3",
            b"123:00:00",
            b"]",
            b" ",
            b"[",
            b"%",
            b"clk",
            b"\t",
            b"0:02:59.9",
            b"#-3",
            b"0.25",
            b",20",
            b"x",
            b":",
            b"[%clk 0:03:00]",
            b"[%clk 10:00:07]",
            b"[%clk 1:00:0",
            b"[%eval -0.3] ",
            b"[%clk 0:24:55.5]",
            b".",
        ];
        for c in crate::pgn::scan::line_soups(&PARTS) {
            assert_eq!(
                commands(&c),
                read_commands(&c, false),
                "{:?}",
                String::from_utf8_lossy(&c)
            );
        }
        // A lone clock between blanks, and what is not one alone.
        assert_eq!(lone_clock(b" [%clk 0:03:00] "), Some(180));
        assert_eq!(lone_clock(b"\t[%clk 1:00:07]\n"), Some(3607));
        assert_eq!(lone_clock(b"[%clk 0:02:59.9]"), Some(179));
        assert_eq!(lone_clock(b" [%clk 0:03:00] x"), None);
        assert_eq!(lone_clock(b" [%clk 0:03:00]"), Some(180));
        assert_eq!(lone_clock(b" [%clk 0:03:00"), None);
        assert_eq!(lone_clock(b"[%eval 0.1] [%clk 0:03:00]"), None);
        assert_eq!(
            commands(b" [%clk 0:03:00] [%eval #2] ").eval,
            Some(Eval::Mate(2))
        );
        assert_eq!(commands(b"[%clk 99:59:59]").clock, Some(359_999));
        assert_eq!(commands(b"[%clk 0:03:00] [%clk 0:00:01]").clock, Some(180));
        assert_eq!(commands(b"[%clk 0:3:00]").clock, Some(180));
        assert_eq!(commands(b"[%clk 0:24:55.5]").clock, Some(1495));
        // A fraction that is not digits makes no clock: the next is read.
        assert_eq!(commands(b"[%clk 0:00:09.x ] [%clk 0:00:01]").clock, Some(1));
        assert_eq!(commands(b"[%clk 0:00:09.5 ] [%clk 0:00:01]").clock, Some(9));
    }

    #[test]
    fn tags() {
        assert_eq!(int16(b"1756"), Some(1756));
        assert_eq!(int16(b"+11"), Some(11));
        assert_eq!(int16(b"-9"), Some(-9));
        assert_eq!(int16(b"99999"), None);
        assert_eq!(int16(b"15OO"), None);
        assert_eq!(date(b"1970.01.01"), Some(0));
        assert_eq!(date(b"2013.05.31"), Some(15856));
        assert_eq!(date(b"2024.02.29"), Some(19782));
        assert_eq!(date(b"2023.02.29"), None);
        assert_eq!(date(b"1851.??.??"), None);
        assert_eq!(date(b"1600.03.01"), Some(-135_080));
        assert_eq!(time(b"22:00:22"), Some(79222));
        assert_eq!(time(b"24:00:00"), None);
        assert!(is_unknown(b"?") && is_unknown(b"????.??.??") && is_unknown(b""));
        assert!(is_unknown(b"??:??:??"));
        assert!(!is_unknown(b"1-0") && !is_unknown(b"*") && !is_unknown(b"."));
    }
}
