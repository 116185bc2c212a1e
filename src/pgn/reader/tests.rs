//! The reader's fast paths against the general code, and each fast scan
//! against a byte-at-a-time oracle.

use super::fast::*;
use super::tokens::*;
use super::*;
use crate::pgn::events::{Event, EventLog};
use crate::pgn::scan::{is_delimiter, line_soups, random_words};

/// `alphabet[pick]` for a random `pick` below `times` its length plus
/// `more`, or `other(pick)` past its end: a byte drawn from `alphabet` one
/// time in `times` (or less), else from elsewhere.
fn byte_from(alphabet: &[u8], times: u64, more: u64, r: u64, other: impl Fn(usize) -> u8) -> u8 {
    let pick = (r % (alphabet.len() as u64 * times + more)) as usize;
    alphabet.get(pick).copied().unwrap_or_else(|| other(pick))
}

#[test]
fn delimiter_from_matches_scalar_scan() {
    // Every delimiter, every byte the bit trick flags without being one,
    // and ordinary move bytes, UTF-8 included.
    let alphabet: Vec<u8> =
        b" \t\n\r\x0b\x0c{}()[];$\0!\"#%&'\x01\x1f*+,-./Nfx3=9?Yy_\x7f\x80\xe2\xbd[{".to_vec();
    // Mostly letters, so that tokens are long enough to matter.
    let byte = |r| byte_from(&alphabet, 3, 0, r, |pick| b'a' + (pick % 26) as u8);
    random_words(0x2545_f491_4f6c_dd1d, 20_000, 40, byte, |w| {
        for from in 0..=w.len() {
            let scalar = w[from..]
                .iter()
                .position(|&b| is_delimiter(b))
                .map_or(w.len(), |k| from + k);
            let space = w.get(scalar) == Some(&b' ');
            assert_eq!(
                delimiter_from(w, from),
                (scalar, space),
                "{w:?} from {from}"
            );
        }
    });
}

/// What `move_number_at` answers, a byte at a time: 1 to 4 digits, one
/// or three dots, then a delimiter or a letter that starts a move, all
/// in the 8 bytes from `w[i]`.
fn number_oracle(w: &[u8], i: usize) -> Option<(usize, usize, bool)> {
    w.get(i..i + 8)?;
    let d = i + w[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    let e = d + w[d..].iter().take_while(|&&b| b == b'.').count();
    let b = *w.get(e)?;
    let ends = is_delimiter(b) || ITEM_START[b as usize] == ItemStart::Move;
    let number = (1..=4).contains(&(d - i)) && (e - d == 1 || e - d == 3) && ends;
    number.then_some((d, e, b == b' '))
}

/// `move_number_at` answers as its oracle, and reads `12.`, `12...`
/// before a delimiter and before a glued move.
#[test]
fn move_number_at_matches_a_byte_scan() {
    let alphabet = b"0123456789..... \n{(;$!\x80\xe2NeZ-";
    let byte = |r: u64| alphabet[(r % alphabet.len() as u64) as usize];
    let mut numbers = 0;
    random_words(0x5851_f42d_4c95_7f2d, 50_000, 24, byte, |w| {
        for i in 0..w.len() {
            if w[i].is_ascii_digit() {
                let got = move_number_at(w, i);
                assert_eq!(got, number_oracle(w, i), "{w:?} at {i}");
                numbers += usize::from(got.is_some());
            }
        }
    });
    assert!(numbers > 1000, "{numbers}");
    let w = b"12. e4 12... e5 1234.{} 12345. 1.. x 9...\n.............";
    assert_eq!(move_number_at(w, 0), Some((2, 3, true)));
    assert_eq!(move_number_at(w, 7), Some((9, 12, true)));
    assert_eq!(move_number_at(w, 16), Some((20, 21, false)));
    assert_eq!(move_number_at(w, 24), None);
    assert_eq!(move_number_at(w, 31), None);
    assert_eq!(move_number_at(w, 37), Some((38, 41, false)));
    // Glued to a move: the number alone, the move next.
    let w = b"1.e4 e5 12...Nf6 3.Z0 4.0-0 5..e4 6.-- 7.N ................";
    assert_eq!(move_number_at(w, 0), Some((1, 2, false)));
    assert_eq!(move_number_at(w, 8), Some((10, 13, false)));
    assert_eq!(move_number_at(w, 17), None);
    assert_eq!(move_number_at(w, 22), None);
    assert_eq!(move_number_at(w, 28), None);
    assert_eq!(move_number_at(w, 34), None);
    assert_eq!(move_number_at(w, 39), Some((40, 41, false)));
}

#[test]
fn common_results_are_unambiguous_results() {
    for t in [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"] {
        assert!(common_result(t).is_some());
        assert_eq!(common_result(t), unambiguous_result(t), "{t:?}");
    }
    for t in [&b"1-"[..], b"0-0", b"1/2", b"**", b"1-0 ", b"", b"e4"] {
        assert_eq!(common_result(t), None, "{t:?}");
    }
}

/// A xorshift stream of bytes drawn mostly from `alphabet`.
fn random_lines(seed: u64, alphabet: &[u8], count: usize, f: impl FnMut(&[u8])) {
    let byte = |r: u64| byte_from(alphabet, 2, 0, r, |_| b'a' + (r >> 32) as u8 % 26);
    random_words(seed, count, 48, byte, f);
}

/// `simple_tag_line` finds exactly the lines `simple_tag` accepts (when
/// the name is at most 15 bytes and the window holds 25 bytes), with the
/// same name and value.
fn check_simple(s: &[u8]) {
    let fast = simple_tag_line(s);
    let slow = line_end(s).and_then(|e| simple_tag(&s[..e]).map(|(n, _)| (n, e)));
    match fast {
        Some(found) => {
            assert_eq!(Some(found), slow, "{:?}", String::from_utf8_lossy(s));
            assert!(is_tag_line(&s[..found.1]));
        }
        None => assert!(
            // A control byte (a tab) in the value is left to the slow path.
            slow.is_none_or(|(n, e)| n > 16
                || s.len() < 25
                || s[n + 2..e - 2].iter().any(|&b| b < 0x20)),
            "missed {:?}",
            String::from_utf8_lossy(s)
        ),
    }
}

#[test]
fn simple_tag_line_matches_simple_tag() {
    let alphabet = b"[[]]\"\"\"  \\\n\rEvent_9Zz\t\x80\xff@`{/:";
    random_lines(0x0bad_cafe_f00d_1234, alphabet, 50_000, |w| {
        let mut s = b"[".to_vec();
        s.extend_from_slice(w);
        check_simple(&s);
        check_simple(w);
    });
    let lines: [&[u8]; 9] = [
        b"[Event \"Rated Blitz game\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
        b"[Site \"https://lichess.org/ENPo6ReH\"]\r\n[Date \"2025.05.01\"]\r\n",
        b"[A \"\"]\n..........................",
        b"[BlackFideId_123 \"738590\"]\n........................",
        b"[BlackFideId_1234 \"738590\"]\n.......................",
        b"[Event \"a \\\" b\"]\n.............................",
        b"[Event \"x\"] \n..................................",
        b"[Ev@nt \"x\"]\n....................................",
        b"[Event \"x\"]",
    ];
    for s in lines {
        check_simple(s);
    }
    assert_eq!(simple_tag_line(lines[0]), Some((6, 26)));
    assert_eq!(simple_tag_line(lines[1]), Some((5, 37)));
    assert_eq!(simple_tag_line(lines[2]), Some((2, 6)));
    assert_eq!(simple_tag_line(lines[3]), Some((16, 26)));
    for s in &lines[4..] {
        assert_eq!(simple_tag_line(s), None);
    }
    // Past the longest tag line.
    let mut long = b"[Event \"".to_vec();
    long.resize(MAX_TAG_LINE - 2, b'v');
    long.extend_from_slice(b"\"]\n");
    assert_eq!(simple_tag_line(&long), Some((6, MAX_TAG_LINE)));
    long.insert(10, b'v');
    assert_eq!(simple_tag_line(&long), None);
}

#[test]
fn digits_end_matches_scalar_scan() {
    let alphabet = b"0123456789/:.\x80\xb0\xb9 a";
    // Mostly digits.
    let byte = |r| byte_from(alphabet, 1, 10, r, |pick| b'0' + (pick % 10) as u8);
    random_words(0x7f4a_7c15_9e37_79b9, 20_000, 30, byte, |w| {
        for from in 0..=w.len() {
            for to in from..=w.len() {
                let scalar = w[from..to]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(to, |k| from + k);
                assert_eq!(digits_end(w, from, to), scalar, "{w:?} {from}..{to}");
            }
        }
    });
}

/// [`EventLog`] that skips the variations from depth `from` on (1:
/// all, as the validator does without `variations`): their `(` is
/// logged, nothing after it up to the `)` that closes it.
struct SkipVariations {
    log: EventLog,
    from: u32,
    depth: u32,
}

impl Visitor for SkipVariations {
    type Output = Vec<Event>;
    fn begin_game(&mut self, game: u64) -> Control {
        self.log.begin_game(game)
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
        self.log.tag(name, value, at)
    }
    fn begin_movetext(&mut self) -> Control {
        self.log.begin_movetext()
    }
    fn move_number(&mut self, number: u32, black: bool) -> Control {
        self.log.move_number(number, black)
    }
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        self.log.san(san, at)
    }
    fn move_suffix(&mut self, word: &[u8], at: Location) -> Control {
        self.log.move_suffix(word, at)
    }
    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        self.log.null_move(token, at)
    }
    fn nag(&mut self, nag: Nag) -> Control {
        self.log.nag(nag)
    }
    fn comment(&mut self, comment: &[u8]) -> Control {
        self.log.comment(comment)
    }
    fn begin_variation(&mut self) -> Control {
        let _ = self.log.begin_variation();
        if self.depth + 1 >= self.from {
            return Control::Skip;
        }
        self.depth += 1;
        Control::Continue
    }
    fn end_variation(&mut self) -> Control {
        self.depth -= 1;
        self.log.end_variation()
    }
    fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
        self.log.result(raw, result)
    }
    fn error(&mut self, e: &PgnError<'_>) -> Control {
        self.log.error(e)
    }
    fn end_game(&mut self) -> Vec<Event> {
        self.depth = 0;
        self.log.end_game()
    }
}

/// Every event of every game of `data`, read from a slice or with a
/// buffer of `capacity` bytes, by the fast paths or (`general`) without,
/// variations skipped or not.
fn log(data: &[u8], capacity: Option<usize>, general: bool) -> Vec<Vec<Event>> {
    let mut all = log_with(EventLog::default(), data, capacity, general);
    for from in [1, 2] {
        let v = SkipVariations {
            log: EventLog::default(),
            from,
            depth: 0,
        };
        all.extend(log_with(v, data, capacity, general));
    }
    all
}

/// Input handed on `.1` bytes at most per read.
struct ShortReads<'a>(&'a [u8], usize);

impl std::io::Read for ShortReads<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.1).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn log_with<V: Visitor<Output = Vec<Event>>>(
    mut v: V,
    data: &[u8],
    capacity: Option<usize>,
    general: bool,
) -> Vec<Vec<Event>> {
    let mut out = Vec::new();
    match capacity {
        None => {
            let mut r = Reader::from_slice(data);
            r.st.general = general;
            r.read_all(&mut v, |g| out.push(g)).unwrap();
        }
        Some(c) => {
            let mut r = Reader::with_capacity(c, data);
            r.st.general = general;
            r.read_all(&mut v, |g| out.push(g)).unwrap();
        }
    }
    out
}

/// The fast paths give exactly the events (tokens, locations, errors,
/// game numbers) of the general code, from a slice and buffered.
fn check(data: &[u8]) {
    let want = log(data, None, true);
    let show = || String::from_utf8_lossy(data).into_owned();
    assert_eq!(log(data, None, false), want, "{}", show());
    assert_eq!(log(data, Some(0), false), want, "{}", show());
}

/// `data` with its LFs as CRLF, and as lone CRs.
fn line_end_variants(data: &[u8]) -> [Vec<u8>; 2] {
    let crlf = data.iter().fold(Vec::new(), |mut v, &b| {
        if b == b'\n' {
            v.push(b'\r');
        }
        v.push(b);
        v
    });
    let cr = data
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    [crlf, cr]
}

#[test]
fn fast_paths_equal_the_general_code_on_random_line_soups() {
    const PARTS: [&[u8]; 72] = [
        b"3...Nf6 ",
        b"4.Z0 ",
        b"5.0-0 ",
        b"6.e4!? ",
        b"7.N",
        b"8...Kxh1+",
        b"1234. ",
        b"12345.",
        b"7..",
        b"8....",
        b"9...(",
        b"10.{",
        b"[Event \"x\"]",
        b"[Site \"a\\\"b\"]",
        b"\n",
        b"\r",
        b"\r\n",
        b" ",
        b"  ",
        b"\t",
        b"1.",
        b"12. ",
        b"3...",
        b"e4 ",
        b"Nf3",
        b"exd5+ ",
        b"O-O-O",
        b"N ",
        b"TN ",
        b"e4!? ",
        b"Qh5\xe2\x88\x9e ",
        b"{ [%clk 0:05:00] } ",
        b"{ [%clk 0:05:00] }",
        b"{ [%clk 0:0}:00] } ",
        b"{ [%clk }:05:00] } ",
        b"{ [%clk 10:05:00] } ",
        b"{ [%clk 0:05\r00] } ",
        b"{ [%eval 0.17] [%clk 0:03:00] }",
        b"{",
        b"}",
        b"{ a comment that is longer than sixty-four bytes, so that it is searched twice } ",
        b"(",
        b") ",
        b"$12 ",
        b"$ ",
        b"$999",
        b";x",
        b"%y",
        b"1-0",
        b" 0-1",
        b"1/2-1/2 ",
        b"* ",
        b"0-0 ",
        b"+/- ",
        b"--",
        b"\0",
        b"12.e4",
        b"e5? ",
        b"Nf3!",
        b"Qxf7?? ",
        b"h4?!",
        b"e8=Q+!? ",
        b"Bb5!!",
        b"c4?!? ",
        b"N! ",
        b"a? ",
        b"\xe2\x99\x98 ",
        b"\xe2\x99\x98\xef\xb8\x8f",
        b"f3 ",
        b"( = ) ",
        b"1:0 ",
        b"o-o ",
    ];
    for data in line_soups(&PARTS) {
        check(&data);
    }
    // A stray `[` in a skipped variation is garbage up to its `]`,
    // across a `)` (found by fuzzing).
    for data in [
        &b"4([)"[..],
        b"1. e4 ([Nf3) e5] d5) *\n",
        b"1. e4 (e5 ]) d5 *\n",
    ] {
        check(data);
    }
}

/// Tag sections and what may follow them: blank lines of every line
/// end, the movetext's first bytes, `%` lines, another tag section.
#[test]
fn fast_paths_equal_the_general_code_on_tag_section_soups() {
    const PARTS: [&[u8]; 22] = [
        b"[Event \"x\"]\n",
        b"[Site \"y\"]\r\n",
        b"[Round \"1\"]\r",
        b"[White \"a\\\"b\"]\n",
        b"[Date \"?\"]",
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"1. e4 ",
        b"e4",
        b"*\n",
        b"1-0\r\n",
        b"%z\n",
        b"{c} ",
        b"(",
        b";x\n",
        b"\xef\xbb\xbf",
        b"[",
        b"\0",
        b"Z",
    ];
    for data in line_soups(&PARTS) {
        check(&data);
    }
}

#[test]
fn fast_paths_equal_the_general_code_on_the_test_data() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let data = std::fs::read(&path).unwrap();
            check(&data);
            for variant in line_end_variants(&data) {
                check(&variant);
            }
            n += 1;
        }
    }
    assert!(n > 0, "no .pgn file in {dir}");
}

/// The bench files and the sample of the shared corpus (`../shared` or
/// /work/shared), with LF, CRLF and CR line ends.
#[test]
#[ignore = "needs the shared corpus"]
fn fast_paths_equal_the_general_code_on_the_corpus() {
    let beside = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");
    let root = if std::path::Path::new(beside).is_dir() {
        beside
    } else {
        "/work/shared/corpus"
    };
    for rel in [
        "bench/lichess_db_1000k.pgn",
        "bench/twic1599_1000k.pgn",
        "sample.pgn",
    ] {
        let data = std::fs::read(format!("{root}/{rel}")).unwrap();
        check(&data);
        for variant in line_end_variants(&data) {
            check(&variant);
        }
    }
}

#[test]
fn close_or_eol_equals_a_scan() {
    let alphabet = b"}\n\r{ [%clk0:5]    ";
    let rounds = if cfg!(miri) { 40 } else { 5000 };
    // Mostly bytes that are none of the three.
    let byte = |r: u64| byte_from(alphabet, 8, 0, r, |_| b'a' + (r >> 40) as u8 % 26);
    random_words(0x1234_5678_9abc_def1, rounds, 160, byte, |w| {
        for from in 0..=w.len() {
            let want = w[from..]
                .iter()
                .position(|&b| matches!(b, b'}' | b'\n' | b'\r'))
                .map(|k| (from + k, w.get(from + k + 1) == Some(&b' ')));
            assert_eq!(close_or_eol(w, from), want, "{w:?} {from}");
            if from > 0 {
                assert_eq!(comment_close(w, from - 1), want, "{w:?} {from}");
            }
        }
    });
}

/// Moves printed past their first delimiter (`e8(Q)`, `R(1)-Q2`, `P x P`,
/// `Castles QR`, `♘ f3`), suffix words (`exd6 ep`, `ch!`), draw offers
/// (`(=)`, `( = )`), results with a colon (`1:0`), glued glyphs and byte
/// order marks read alike by the fast paths and the general code, from a
/// slice and through the smallest buffer (every refill boundary), with
/// every line end; and the book games of the test data too.
#[test]
fn fast_paths_equal_the_general_code_on_printed_forms() {
    let forms = "[Event \"a\"]\n\n1. e4 d5 2. e5 f5 3. exf6 ep Nf6 4. Nf3 ch!? e.p. 5. e8(Q) \
        exd8(N)+ a×b1(Ž) e8 (Q) Nf3(Nc3) P-K8(Q) PxR(Q) R(1)-Q2 R(QB1)-Q1 N(5)-B3 NxP(Q4) \
        P x P B x N ch Q : P e.p. Castles Castles QR Castles (Q) Castles(KR) castles K \
        e4 (=) e5(=) ( = ) (=/+ Nf3) (=)(=) e4+/= e5+- Nf3-+ Nc6=/+ Bc4N Nf6TN Ng5= d5∞ BxN B x NP mate dis ch dbl ch CH Ch \
        matas + # ++ † x P ( Q ) e8(Qb3) e8(♕) exf6 e. p. dxc6e. p. e. p.+ E. P.! e. p e. \
        ♘\u{fe0f}f3 ♞\u{fe0e}c6 ♘ f3 ♞ xe5 ♖ 1e2 ♘  f3 ♘\tf3 ♘ + ♘\u{fe0f} d2 ♘ 12. e8(♕\u{fe0f}) \
        o-o o-o-o o-o+ oo ( = ) (  =\t) ( =) (= ) ( = x) (\t=\t) (    =   ) ( 2. d4 ) P x\n\
        \u{feff}[Event \"b\"]\n\n\u{feff}1. e4 \
        \u{feff}e5 0-0\n\n\u{feff}\u{feff}[Event \"c\"]\n1. e4 \u{bd}-\u{bd}\n\n\
        [Event \"e\"]\n\n1. e4 (1. d4 1:0) 0:0 e5 ½:0 1:1 2. Nf3 0:1\n1. e4 ½:½ 1. d4 1/2:1/2 1. c4 1:0\n";
    let mut data = forms.as_bytes().to_vec();
    data.extend_from_slice(b"\n[Event \"d\"]\n\n1. d4 \xbd-\xbd\n");
    check(&data);
    check(HALF_POINTS);
    // A printed move whose rest would run to where the rule stops reading,
    // or to the end of the input, read in short reads of every size.
    // A plain move is never more (`PN3(Q4)`: `PN3` and a variation).
    for (form, tail) in [
        (&b"e8(Q)"[..], 22),
        (b"R(1)-Q", 19),
        (b"R(1)-Q", 18),
        (b"1.PN3(Q4)", 0),
        (b"PxKt3(Q)", 0),
        ("♘ f".as_bytes(), 21),
        ("♘ f3".as_bytes(), 0),
        ("♘ f3".as_bytes(), 20),
        ("♘\u{fe0f} ".as_bytes(), 22),
        (b"( =", 0),
        (b"(  =  ", 0),
        (b"( = 1:", 0),
    ] {
        let mut cut = b"[Event \"a\"]\n\n1. e4 ".to_vec();
        cut.extend_from_slice(form);
        cut.extend(std::iter::repeat_n(0xff, tail));
        for text in [cut.clone(), [&cut[..], b" *\n"].concat()] {
            check(&text);
            let want = log_with(EventLog::default(), &text, None, false);
            for step in 1..=text.len() {
                let input = ShortReads(&text, step);
                let mut got = Vec::new();
                Reader::with_capacity(0, input)
                    .read_all(&mut EventLog::default(), |g| got.push(g))
                    .unwrap();
                assert_eq!(got, want, "{step}: {}", String::from_utf8_lossy(&text));
            }
        }
    }
    for variant in line_end_variants(&data) {
        check(&variant);
    }
    let books = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/books");
    for entry in std::fs::read_dir(books).unwrap() {
        let data = std::fs::read(entry.unwrap().path()).unwrap();
        check(&data);
    }
}

/// A move number glued to a move printed past its first delimiter
/// (`1.PxR(Q)`, `2...Castles QR`) leaves the move whole, whether the
/// number and the move are read in one step or apart (the window cut
/// anywhere, the general code, and a number less than 8 bytes before the
/// end of the input).
#[test]
fn a_glued_move_number_leaves_a_printed_move_whole() {
    let text = b"1.PxR(Q) 1...e1(N)+ 2.Castles QR 2...P x P 3.e8(Q)";
    let want = ["PxR(Q)", "e1(N)+", "Castles QR", "P x P", "e8(Q)"];
    for capacity in [None, Some(0), Some(3)] {
        for general in [false, true] {
            let games = log_with(EventLog::default(), text, capacity, general);
            assert_eq!(games.len(), 1);
            let moves: Vec<String> = games[0]
                .iter()
                .filter_map(|e| match e {
                    Event::San(t, _) => Some(String::from_utf8_lossy(t).into_owned()),
                    _ => None,
                })
                .collect();
            assert_eq!(moves, want, "{capacity:?} {general}");
        }
    }
}

/// A lone `½` (UTF-8, or the Latin-1 byte 0xBD) and `1/2`: a draw where the
/// game ends, a misplaced result before that.
const HALF_POINTS: &[u8] =
    b"[Event \"a\"]\n\n1. d4 d5 \xbd\n\n[Event \"b\"]\n\n1. e4 \xbd e5 \xbd\n\
    [Event \"c\"]\n\n1. c4 \xc2\xbd\n\n[Event \"d\"]\n\n1. Nf3 1/2\n";

#[test]
fn a_lone_half_point_is_a_draw_at_the_end_of_a_game() {
    let results = |games: &[Vec<Event>]| -> Vec<String> {
        let mut out = Vec::new();
        for game in games {
            for e in game {
                match e {
                    Event::Result(raw, r) => out.push(format!("{raw:?} {r:?}")),
                    Event::Error { kind, .. } => out.push(format!("{kind:?}")),
                    _ => {}
                }
            }
        }
        out
    };
    let want = [
        "[189] Draw",
        "MisplacedResult",
        "[189] Draw",
        "[194, 189] Draw",
        "[49, 47, 50] Draw",
    ];
    for capacity in [None, Some(0), Some(3)] {
        for general in [false, true] {
            let games = log_with(EventLog::default(), HALF_POINTS, capacity, general);
            assert_eq!(games.len(), 4);
            assert_eq!(results(&games), want, "{capacity:?} {general}");
        }
    }
}
