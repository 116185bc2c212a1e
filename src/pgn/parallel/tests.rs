//! Tests of the parallel reader: output equal to one thread's, bounds,
//! errors in place, the chunk scan against its first version.

use super::*;
use crate::pgn::events::{Event, EventLog};
use crate::pgn::scan::count_line_ends;
use crate::pgn::visitor::{ErrorKind, GameResult, Location, PgnError};

/// The prediction as it was made before the one-pass scan: a `memchr`
/// per `[` (or `memmem` per `\n[`), a line search per tag line.
fn predict_games_oracle(data: &[u8]) -> u64 {
    let line_at = |p: usize| {
        let rest = &data[p..];
        &rest[..memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())]
    };
    let mut n = u64::from(data.first() == Some(&b'[') && is_tag_line(line_at(0)));
    // Where the line after the last line that begins with `[` starts.
    let mut after_bracket_line = if data.first() == Some(&b'[') {
        line_next(data, 0)
    } else {
        usize::MAX
    };
    // Whether the line before `p` is a tag line after byte order marks.
    let after_marked = |p: usize| {
        let end = if data[..p].ends_with(b"\r\n") {
            p - 2
        } else {
            p - 1
        };
        let start = data[..end]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        let line = &data[start..end];
        line.starts_with(BOM) && crate::pgn::scan::is_marked_tag_line(line)
    };
    let mut check = |p: usize| {
        if p != after_bracket_line && is_tag_line(line_at(p)) && !after_marked(p) {
            n += 1;
        }
        after_bracket_line = line_next(data, p);
    };
    if memchr::memchr(b'\r', data).is_none() {
        memchr::memmem::find_iter(data, b"\n[").for_each(|i| check(i + 1));
    } else {
        let mut end = 0;
        while let Some(i) = memchr::memchr(b'[', &data[end..]) {
            let p = end + i;
            if p > 0 && matches!(data[p - 1], b'\n' | b'\r') {
                check(p);
            }
            end = p + 1;
        }
    }
    n
}

/// Start of the line after the one that starts at `p` (`data.len()` if none).
fn line_next(data: &[u8], p: usize) -> usize {
    match memchr::memchr2(b'\n', b'\r', &data[p..]) {
        Some(e) => {
            let e = p + e;
            if data[e] == b'\r' && data.get(e + 1) == Some(&b'\n') {
                e + 2
            } else {
                e + 1
            }
        }
        None => data.len(),
    }
}

/// Records each game's number, moves with their locations, errors and
/// result; stops after game `stop_at`.
#[derive(Default)]
struct Rec {
    stop_at: u64,
    game: u64,
    ev: Vec<String>,
}

impl Visitor for Rec {
    type Output = (u64, Vec<String>);
    fn begin_game(&mut self, game: u64) -> Control {
        self.game = game;
        if game == self.stop_at {
            return Control::Stop;
        }
        Control::Continue
    }
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        self.ev
            .push(format!("{} {at:?}", String::from_utf8_lossy(san)));
        Control::Continue
    }
    fn result(&mut self, raw: &[u8], _: GameResult) -> Control {
        self.ev.push(String::from_utf8_lossy(raw).into_owned());
        Control::Continue
    }
    fn error(&mut self, e: &PgnError<'_>) -> Control {
        self.ev
            .push(format!("{:?} {:?} {:?}", e.kind, e.at, e.token));
        Control::Continue
    }
    fn end_game(&mut self) -> (u64, Vec<String>) {
        (self.game, std::mem::take(&mut self.ev))
    }
}

fn rec(stop_at: u64) -> impl Fn() -> Rec + Sync {
    move || Rec {
        stop_at,
        ..Rec::default()
    }
}

fn sequential<V: Visitor>(data: &[u8], mut v: V) -> Vec<V::Output> {
    let mut out = Vec::new();
    Reader::new(data).read_all(&mut v, |g| out.push(g)).unwrap();
    out
}

fn parallel<V: Visitor>(
    data: &[u8],
    options: &ParOptions,
    make: impl Fn() -> V + Sync,
) -> Vec<V::Output>
where
    V::Output: Send,
{
    let mut out = Vec::new();
    let n = par_read(data, options, make, |g| {
        out.push(g);
        Control::Continue
    })
    .unwrap();
    assert_eq!(n as usize, out.len());
    out
}

/// Junk, an open comment and an open variation cut by game starts,
/// tag sections without movetext, CRLF and CR line ends, errors.
const TRICKY: &[u8] = b"junk line\n[Event \"1\"]\n1. e4 {open comment\n\n[Event \"2\"]\n1. d4 (1. c4\n[Event \"3\"]\n[Site \"x\"]\n\n[Event \"4\"]\r\n1. e4 $300 e5 0-0\r\n[Event \"5\"]\r1. f4 -/-\r";

/// Games without tags between tagged ones: the game count of a chunk is
/// not its number of hard starts, so game bases are mispredicted.
const TAGLESS: &[u8] = b"1. e4 e5 1-0\n1. d4 *\n\n[Event \"x\"]\n\n1. c4 $300 *\n2. Nf3 0-1 3. g3 *\n[Event \"y\"]\n1. b3 *\n\n";

fn options(threads: usize, chunk_size: usize, window: usize) -> ParOptions {
    ParOptions {
        threads,
        chunk_size,
        window,
        max_stretch: DEFAULT_MAX_STRETCH,
        max_output: usize::MAX,
        origin: Origin::default(),
    }
}

#[test]
fn equals_sequential_at_every_chunk_size() {
    for (data, games) in [(TRICKY.repeat(40), 200), (TAGLESS.repeat(40), 240)] {
        let seq = sequential(&data, EventLog::default());
        let seq_rec = sequential(&data, Rec::default());
        assert_eq!(seq.len(), games);
        for size in [1, 2, 7, 37, 100, 300, 4096, 1 << 20] {
            for (threads, window) in [(1, 2), (2, 0), (3, 3), (4, 16)] {
                // Stretches without a hard start longer than 1 byte
                // (at once), 3 chunks (some) or 8 MiB (none) are read
                // sequentially.
                for stretch in [1, 3 * size, DEFAULT_MAX_STRETCH] {
                    let what =
                        format!("size {size} threads {threads} window {window} stretch {stretch}");
                    let o = options(threads, size, window).max_stretch(stretch);
                    assert!(parallel(&data, &o, EventLog::default) == seq, "{what}");
                    assert!(parallel(&data, &o, rec(0)) == seq_rec, "{what}");
                }
            }
        }
    }
}

/// Gathers the text of its games ([`Rec`]'s events): handed on by
/// `end_game` once `flush` bytes are held, the rest by `end_chunk`.
struct Gather {
    rec: Rec,
    text: String,
    flush: usize,
}

impl Visitor for Gather {
    type Output = Option<String>;
    fn begin_game(&mut self, game: u64) -> Control {
        self.rec.begin_game(game)
    }
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        self.rec.san(san, at)
    }
    fn result(&mut self, raw: &[u8], r: GameResult) -> Control {
        self.rec.result(raw, r)
    }
    fn error(&mut self, e: &PgnError<'_>) -> Control {
        self.rec.error(e)
    }
    fn end_game(&mut self) -> Option<String> {
        let g = self.rec.end_game();
        self.text += &format!("{g:?}\n");
        (self.text.len() >= self.flush).then(|| std::mem::take(&mut self.text))
    }
}

fn gathered(data: &[u8], options: &ParOptions, stop_at: u64, flush: usize) -> (u64, String) {
    let mut text = String::new();
    let mut tails = 0;
    let make = || Gather {
        rec: Rec {
            stop_at,
            ..Rec::default()
        },
        text: String::new(),
        flush,
    };
    let games = par_read_with(
        data,
        options,
        make,
        |v| (!v.text.is_empty()).then(|| Some(std::mem::take(&mut v.text))),
        |o| o.as_ref().map_or(0, String::len),
        |o| {
            if let Some(t) = o {
                text += &t;
                tails += 1;
            }
            Control::Continue
        },
    )
    .unwrap();
    assert!(tails > 0 || text.is_empty());
    (games, text)
}

#[test]
fn gathered_outputs_equal_sequential_with_any_bound() {
    for data in [TRICKY.repeat(30), TAGLESS.repeat(30)] {
        for stop_at in [0, 7, 149] {
            let seq = sequential(
                &data,
                Rec {
                    stop_at,
                    ..Rec::default()
                },
            );
            let want: String = seq.iter().map(|g| format!("{g:?}\n")).collect();
            for size in [1, 20, 200, 4096] {
                for (threads, stretch) in [(1, 3 * size), (2, DEFAULT_MAX_STRETCH), (3, 50)] {
                    // No bound, a bound every game passes, one in between.
                    for max_output in [usize::MAX, 0, 500] {
                        for flush in [0, 100, usize::MAX] {
                            let o = options(threads, size, 0)
                                .max_stretch(stretch)
                                .max_output(max_output);
                            let what = format!(
                                "stop {stop_at} size {size} threads {threads} stretch {stretch} max {max_output} flush {flush}"
                            );
                            let (games, text) = gathered(&data, &o, stop_at, flush);
                            assert_eq!(games, seq.len() as u64, "{what}");
                            assert!(text == want, "{what}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn errors_have_exact_places() {
    // Game 3 (line 9) holds an illegal token: the location is the
    // sequential reader's, whatever the chunking.
    let data = TAGLESS.repeat(3);
    let seq = sequential(&data, Rec::default());
    assert_eq!(seq.len(), 18);
    let nag_error = |game: u64, offset: u64, line: u64| {
        let at = Location {
            game,
            offset,
            line,
            column: 7,
        };
        vec![
            format!(
                "c4 {:?}",
                Location {
                    column: 4,
                    offset: offset - 3,
                    ..at
                }
            ),
            format!("{:?} {at:?} {:?}", ErrorKind::InvalidNag, b"$300"),
            "*".to_string(),
        ]
    };
    assert_eq!(seq[2], (3, nag_error(3, 41, 6)));
    assert_eq!(seq[14], (15, nag_error(15, 2 * 88 + 41, 26)));
    for size in [1, 10, 64] {
        let par = parallel(&data, &options(2, size, 0), rec(0));
        assert!(par == seq, "size {size}");
    }
}

#[test]
fn empty_and_gameless_inputs() {
    for data in [
        &b""[..],
        b"\n\n",
        b"junk\n",
        b"{comment}\n",
        b"\xef\xbb\xbf",
    ] {
        let seq = sequential(data, EventLog::default());
        for size in [1, 3, 1000] {
            assert!(parallel(data, &options(2, size, 0), EventLog::default) == seq);
        }
    }
    let mut calls = 0;
    let n = par_read(&b""[..], &ParOptions::default(), EventLog::default, |_| {
        calls += 1;
        Control::Continue
    })
    .unwrap();
    assert_eq!((n, calls), (0, 0));
}

#[test]
fn input_without_tags() {
    // No hard start at all: one chunk, read whole.
    let data = b"1. e4 e5 2. Nf3 1-0\n1. d4 d5 *\n".repeat(200);
    let seq = sequential(&data, Rec::default());
    assert_eq!(seq.len(), 400);
    assert_eq!(seq[399].0, 400);
    for size in [1, 50, 1 << 20] {
        assert!(parallel(&data, &options(2, size, 0), rec(0)) == seq);
    }
    // Past the longest stretch, read sequentially from the start.
    for stretch in [1, 100, 5000] {
        let o = options(2, 50, 0).max_stretch(stretch);
        assert!(parallel(&data, &o, rec(0)) == seq, "stretch {stretch}");
    }
    // After tagged games, from the last hard start: the games are
    // numbered on, the lines and offsets run on.
    let mut mixed = TRICKY.repeat(5);
    mixed.extend_from_slice(b"[Event \"last\"]\n");
    mixed.extend_from_slice(&data);
    let seq = sequential(&mixed, Rec::default());
    assert_eq!(seq.len(), 25 + 400);
    for stretch in [1, 100, 5000] {
        let o = options(2, 50, 0).max_stretch(stretch);
        assert!(parallel(&mixed, &o, rec(0)) == seq, "stretch {stretch}");
    }
}

#[test]
fn visitor_stop_mid_stream() {
    for data in [TRICKY.repeat(30), TAGLESS.repeat(30)] {
        for stop_at in [1, 2, 7, 50, 149] {
            let seq = sequential(
                &data,
                Rec {
                    stop_at,
                    ..Rec::default()
                },
            );
            assert_eq!(seq.len() as u64, stop_at);
            for size in [1, 20, 200] {
                for stretch in [5 * size, DEFAULT_MAX_STRETCH] {
                    let o = options(3, size, 0).max_stretch(stretch);
                    let par = parallel(&data, &o, rec(stop_at));
                    assert!(par == seq, "stop at {stop_at}, size {size}");
                }
            }
        }
    }
}

#[test]
fn sink_stop() {
    let data = TAGLESS.repeat(30);
    for stretch in [16, 40, DEFAULT_MAX_STRETCH] {
        let mut seen = Vec::new();
        let o = options(2, 16, 0).max_stretch(stretch);
        let n = par_read(&data[..], &o, rec(0), |(g, _)| {
            seen.push(g);
            if g == 77 {
                Control::Stop
            } else {
                Control::Continue
            }
        })
        .unwrap();
        assert_eq!(n, 77);
        assert_eq!(seen, (1..=77).collect::<Vec<u64>>());
    }
}

/// Yields `ok` bytes of `data`, at most `piece` a read, then an error.
struct Failing<'a> {
    data: &'a [u8],
    ok: usize,
    piece: usize,
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ok == 0 {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.ok).min(self.data.len()).min(self.piece);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.ok -= n;
        Ok(n)
    }
}

/// An input error after `ok` bytes: the games one thread reading the
/// input hands on before it, then the error. The bytes come in one read:
/// in small ones, the reader looks ahead past the end of a game by up to
/// 64 bytes (a move that may go on past its token), and a game that
/// ends that close to the error is not handed on.
fn sequential_until_error(data: &[u8], ok: usize) -> Vec<Vec<Event>> {
    let mut out = Vec::new();
    let piece = usize::MAX;
    let e = Reader::new(Failing { data, ok, piece })
        .read_all(&mut EventLog::default(), |g| out.push(g))
        .unwrap_err();
    assert_eq!(e.to_string(), "disk on fire");
    out
}

/// An input error hands on every game read whole before it, as one
/// thread does, whether the bytes before it were cut into chunks, are
/// less than a chunk, or are in an overlong stretch; then the error.
#[test]
fn input_error_is_returned_after_every_game_before_it() {
    for data in [TRICKY.repeat(20), TAGLESS.repeat(20)] {
        for ok in [data.len() / 2, data.len() / 3 + 5, 40, 0] {
            let seq = sequential_until_error(&data, ok);
            for (size, stretch) in [(64, 8 << 20), (1 << 20, 8 << 20), (16, 100)] {
                let input = Failing {
                    data: &data,
                    ok,
                    piece: 7,
                };
                let mut out = Vec::new();
                let o = options(2, size, 0).max_stretch(stretch);
                let e = par_read(input, &o, EventLog::default, |g| {
                    out.push(g);
                    Control::Continue
                })
                .unwrap_err();
                assert_eq!(e.to_string(), "disk on fire");
                assert_eq!(out.len(), seq.len(), "ok {ok}, chunks of {size}");
                assert!(out == seq, "ok {ok}, chunks of {size}");
            }
        }
    }
    let data = TRICKY.repeat(20);
    assert_eq!(sequential_until_error(&data, 0).len(), 0);
    assert_eq!(sequential_until_error(&data, data.len() / 2).len(), 49);
}

#[test]
#[should_panic(expected = "visitor bug")]
fn visitor_panic_reaches_the_caller() {
    struct Bad;
    impl Visitor for Bad {
        type Output = ();
        fn begin_game(&mut self, game: u64) -> Control {
            assert!(game != 33, "visitor bug");
            Control::Continue
        }
        fn end_game(&mut self) {}
    }
    let data = TRICKY.repeat(20);
    let _ = par_read(
        &data[..],
        &options(2, 30, 0),
        || Bad,
        |()| Control::Continue,
    );
}

/// With two threads or more the calling thread reads chunks too, and one
/// thread fewer is spawned; with one, the spawned thread reads them all.
#[test]
fn calling_thread_is_one_of_the_threads() {
    use std::collections::HashSet;
    use std::thread::ThreadId;
    struct Where;
    impl Visitor for Where {
        type Output = ThreadId;
        fn end_game(&mut self) -> ThreadId {
            thread::current().id()
        }
    }
    // 2000 games in about 800 chunks.
    let data = b"[Event \"a\"]\n1. e4 e5 *\n\n".repeat(2000);
    let me = thread::current().id();
    for threads in [1, 2, 3] {
        let readers: HashSet<ThreadId> = parallel(&data, &options(threads, 64, 0), || Where)
            .into_iter()
            .collect();
        assert_eq!(readers.contains(&me), threads > 1, "threads {threads}");
        assert!(readers.len() <= threads, "threads {threads}: {readers:?}");
    }
}

#[test]
fn window_is_bounded() {
    assert_eq!(options(2, 1 << 20, 0).effective_window(), 6);
    assert_eq!(options(64, 1 << 20, 0).effective_window(), 32);
    assert_eq!(options(4, 64 << 20, 0).effective_window(), 2);
    assert_eq!(options(1, 100, 1).effective_window(), 2);
}

/// Random soups of lines (as in the scanner's tests).
fn soups() -> Vec<Vec<u8>> {
    const PARTS: [&[u8]; 11] = [
        b"[A \"1\"]",
        b"[B \"2\"] ",
        b"\n",
        b"\r",
        b"\r\n",
        b"1. e4 *",
        b"[",
        b"[%clk 1]",
        b" ",
        b"\n\n",
        b"\xef\xbb\xbf",
    ];
    let mut out = vec![TRICKY.to_vec(), TAGLESS.to_vec()];
    out.extend(crate::pgn::scan::line_soups(&PARTS));
    out
}

/// The cutter's search for its cut finds the last hard start after
/// offset 0 of those the line-by-line scan finds.
#[test]
fn last_hard_start_is_the_scanners() {
    for data in soups() {
        let all = crate::pgn::scan::hard_starts_scalar(&data, false);
        assert_eq!(
            last_hard_start(&data),
            all.iter().copied().rfind(|&p| p > 0),
            "{:?}",
            String::from_utf8_lossy(&data)
        );
    }
}

/// The one-pass scan of a chunk counts the lines as `count_line_ends`
/// does and predicts the games as the search it replaced did: on the
/// soups, on soups run together (so that lines and CRLFs cross the
/// 64-byte steps), and on the bundled sample with LF, CRLF and CR line
/// ends, cut at every length around the steps.
#[test]
fn chunk_scan_matches_line_count_and_old_prediction() {
    let check = |data: &[u8]| {
        let want = (count_line_ends(data, false), predict_games_oracle(data));
        assert_eq!(
            scan_chunk(data),
            want,
            "{:?}",
            String::from_utf8_lossy(data)
        );
    };
    let soups = soups();
    for data in &soups {
        check(data);
    }
    for pair in soups.windows(3) {
        check(&pair.concat());
    }
    let sample = &include_bytes!("../../cli/sample.pgn")[..];
    let sample = &sample[..sample.len().min(if cfg!(miri) { 3_000 } else { 60_000 })];
    let crlf = String::from_utf8_lossy(sample).replace('\n', "\r\n");
    let cr = String::from_utf8_lossy(sample).replace('\n', "\r");
    for data in [sample, crlf.as_bytes(), cr.as_bytes()] {
        check(data);
        let step = if cfg!(miri) { 61 } else { 1 };
        for len in (0..data.len().min(700)).step_by(step) {
            check(&data[..len]);
            check(&data[len..]);
        }
    }
    assert_eq!(scan_chunk(b""), (0, 0));
    assert_eq!(
        scan_chunk(b"[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n"),
        (4, 1)
    );
}

#[test]
fn game_prediction() {
    let exact = |d: &[u8]| crate::pgn::scan::hard_starts(d, true).len() as u64;
    for data in [TRICKY.repeat(3), TAGLESS.repeat(3)] {
        assert_eq!(predict_games(&data), exact(&data));
    }
    for data in soups() {
        // Exact unless a line that begins with `[` and is no tag line
        // comes right before a tag section, or a section begins with byte
        // order marks: then lower.
        let p = predict_games(&data);
        let e = exact(&data);
        assert!(p <= e, "{:?}", String::from_utf8_lossy(&data));
        let marked = data.windows(3).any(|w| w == BOM);
        if !marked && !data.windows(2).any(|w| w == b"\n[" || w == b"\r[") {
            assert_eq!(p, e);
        }
    }
    let data = b"[%evp 1]\n[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n[Site \"c\"]\n";
    assert_eq!((predict_games(data), exact(data)), (1, 2));
    assert_eq!(predict_games(b"[Event \"a\"]\r\n[Site \"b\"]\r\n"), 1);
    // Byte order marks before tag lines (files joined with `cat`): a
    // section's first line with marks is not seen, the lines after it
    // belong to it.
    let data = b"1. e4 *\n\xef\xbb\xbf[Event \"a\"]\n[Site \"b\"]\n\xef\xbb\xbf[Round \"c\"]\n[Date \"d\"]\n";
    assert_eq!((predict_games(data), exact(data)), (0, 1));
    let data = b"\xef\xbb\xbf[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n";
    assert_eq!((predict_games(data), exact(data)), (1, 2));
}

/// Byte order marks before tag lines (files joined with `cat`): a marked
/// tag line goes on its tag section, and one inside an open comment begins
/// a new game; read in chunks of every size, the games are those of one
/// thread.
#[test]
fn byte_order_marks_before_tag_lines() {
    let data = b"[Event \"a\"]\n\xef\xbb\xbf[Site \"b\"]\n\n1. e4 {open\n\xef\xbb\xbf\xef\xbb\xbf[Event \"c\"]\n[Site \"d\"]\n\n1. d4 0-1\n";
    let seq = sequential(data, EventLog::default());
    let tags = |g: &[Event]| -> Vec<(String, String, u64)> {
        g.iter()
            .filter_map(|e| match e {
                Event::Tag(n, v, at) => Some((
                    String::from_utf8_lossy(n).into_owned(),
                    String::from_utf8_lossy(v).into_owned(),
                    at.line,
                )),
                _ => None,
            })
            .collect()
    };
    let t = |n: &str, v: &str, line| (n.to_string(), v.to_string(), line);
    assert_eq!(seq.len(), 2);
    assert_eq!(tags(&seq[0]), [t("Event", "a", 1), t("Site", "b", 2)]);
    assert_eq!(tags(&seq[1]), [t("Event", "c", 5), t("Site", "d", 6)]);
    // The comment runs into the next game: one error, at its `{`.
    let errors: Vec<_> = seq
        .concat()
        .into_iter()
        .filter_map(|e| match e {
            Event::Error { kind, at, .. } => Some((kind, at.line, at.column)),
            _ => None,
        })
        .collect();
    assert_eq!(errors, [(ErrorKind::UnterminatedComment, 4, 7)]);
    for size in 1..=data.len() {
        for threads in [1, 2] {
            let got = parallel(data, &options(threads, size, 0), EventLog::default);
            assert!(got == seq, "size {size} threads {threads}");
        }
    }
}

/// Gives `data` in the pieces that `pauses` cuts it into, saying
/// `WouldBlock` once between two pieces (a slow pipe, as the tool sees
/// one), and notes how many games the sink had when asked again.
struct Pausing<'a> {
    data: &'a [u8],
    /// Byte offsets of the pauses, increasing.
    pauses: Vec<usize>,
    at: usize,
    paused: bool,
    handed: std::rc::Rc<std::cell::Cell<usize>>,
    seen: Vec<usize>,
}

impl Read for Pausing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pauses.contains(&self.at) && !self.paused {
            self.paused = true;
            return Err(io::ErrorKind::WouldBlock.into());
        }
        if std::mem::take(&mut self.paused) {
            // Asked again after a pause: what the sink has by now.
            self.seen.push(self.handed.get());
        }
        let next = self.pauses.iter().copied().find(|&p| p > self.at);
        let end = next.unwrap_or(self.data.len());
        let n = buf.len().min(end - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Where the input pauses, the games before the last game start read
/// so far are handed on before it is read again (not when a chunk
/// fills); the games are those of one thread's reading, in order.
#[test]
fn games_before_a_pause_are_handed_on_before_reading_on() {
    let game = |n: usize| format!("[Event \"{n}\"]\n\n1. e4 e5 2. Nf3 1-0\n\n");
    let data: String = (1..=6).map(game).collect();
    let data = data.as_bytes();
    let start = |n: usize| {
        data.windows(10)
            .position(|w| w == format!("[Event \"{n}\"").as_bytes())
            .unwrap()
    };
    let seq = sequential(data, EventLog::default());
    // Paused in game 3's movetext, just after game 5's tag line, at the
    // very start (nothing to cut), and where game 6 begins.
    let pauses = vec![0, start(3) + 20, start(5) + 12, start(6)];
    for threads in [1, 2, 3] {
        let handed = std::rc::Rc::new(std::cell::Cell::new(0));
        let mut input = Pausing {
            data,
            pauses: pauses.clone(),
            at: 0,
            paused: false,
            handed: handed.clone(),
            seen: Vec::new(),
        };
        let mut out = Vec::new();
        let o = options(threads, 1 << 20, 0);
        let n = par_read(&mut input, &o, EventLog::default, |g| {
            out.push(g);
            handed.set(handed.get() + 1);
            Control::Continue
        })
        .unwrap();
        assert_eq!(n, 6);
        assert!(out == seq, "{threads} threads");
        // Asked again after each pause: the games before the last game
        // start read until then have been handed on.
        assert_eq!(input.seen, [0, 2, 4, 4], "{threads} threads");
    }
}
