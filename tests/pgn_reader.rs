//! Event sequences of the streaming PGN reader on small crafted inputs.

use movetext::pgn::events::{Event, EventLog};
use movetext::pgn::{Control, ErrorKind, Location, Nag, Reader, Visitor};

/// All games of `pgn` as event strings, one game per inner Vec.
fn events(pgn: &[u8]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    Reader::from_slice(pgn)
        .read_all(&mut EventLog::default(), |g| {
            out.push(g.iter().map(|e| e.to_string()).collect())
        })
        .unwrap();
    // The buffered reader must agree.
    let mut buffered = Vec::new();
    Reader::new(pgn)
        .read_all(&mut EventLog::default(), |g| {
            buffered.push(g.iter().map(|e| e.to_string()).collect::<Vec<_>>())
        })
        .unwrap();
    assert_eq!(out, buffered);
    // So must the smallest buffer fed one byte a read, and chunked reading.
    let mut short = Vec::new();
    Reader::with_capacity(0, OneByteReads(pgn))
        .read_all(&mut EventLog::default(), |g| {
            short.push(g.iter().map(|e| e.to_string()).collect::<Vec<_>>())
        })
        .unwrap();
    assert_eq!(out, short, "one byte a read");
    for size in [1, 7, 64] {
        let mut chunked = Vec::new();
        movetext::pgn::split::read_all_chunked(pgn, size, &mut EventLog::default(), |g| {
            chunked.push(g.iter().map(|e| e.to_string()).collect::<Vec<_>>())
        })
        .unwrap();
        assert_eq!(out, chunked, "chunk size {size}");
    }
    out
}

/// An `io::Read` that hands over one byte a call.
struct OneByteReads<'a>(&'a [u8]);

impl std::io::Read for OneByteReads<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(buf.len()).min(1);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn one(pgn: &[u8]) -> Vec<String> {
    let mut g = events(pgn);
    assert_eq!(g.len(), 1, "{g:?}");
    g.pop().unwrap()
}

#[test]
fn tags_moves_comments_variations_nags_result() {
    let pgn = br#"[Event "A \"quoted\" \\ event"]
[Site "?"]

1. e4 {[%clk 0:01:00]} e5!? 2.Nf3 $1 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; rest
3. Bb5 +/- 1-0
"#;
    assert_eq!(
        one(pgn),
        [
            "begin_game",
            r#"tag Event A \"quoted\" \\ event"#,
            "tag Site ?",
            "movetext",
            "1.",
            "san e4",
            "comment [%clk 0:01:00]",
            "san e5",
            "nag 5",
            "2.",
            "san Nf3",
            "nag 1",
            "(",
            "2.",
            "san f4",
            "san exf4",
            "(",
            "2...",
            "san d5",
            ")",
            "3.",
            "san Nf3",
            ")",
            "2...",
            "san Nc6",
            "comment  rest",
            "3.",
            "san Bb5",
            "nag 16",
            "result 1-0 WhiteWins",
            "end_game",
        ]
    );
}

#[test]
fn all_result_forms() {
    let cases: [(&str, &str); 18] = [
        ("1-0", "WhiteWins"),
        ("0-1", "BlackWins"),
        ("1/2-1/2", "Draw"),
        ("½-½", "Draw"),
        ("1:0", "WhiteWins"),
        ("0:1", "BlackWins"),
        ("½:½", "Draw"),
        ("1/2:1/2", "Draw"),
        ("0,5:0,5", "Draw"),
        ("*", "Unknown"),
        ("1–0", "WhiteWins"),
        ("½–½", "Draw"),
        ("0,5-0,5", "Draw"),
        ("½-0", "WhiteHalfBlackZero"),
        ("0-½", "WhiteZeroBlackHalf"),
        ("+/-", "WhiteWinsByDefault"),
        ("-/+", "BlackWinsByDefault"),
        ("-/-", "BothLoseByDefault"),
    ];
    for (raw, parsed) in cases {
        let pgn = format!("[Event \"x\"]\n\n1. e4 {raw}\n\n[Event \"y\"]\n*");
        let games = events(pgn.as_bytes());
        assert_eq!(games.len(), 2, "{raw}");
        assert_eq!(
            games[0][games[0].len() - 2],
            format!("result {raw} {parsed}"),
            "{raw}"
        );
    }
    // `0-0` ends a game only as its last token; before more movetext it is castling.
    let g = one(b"1. e4 e5 2. 0-0 0-0 3. d4 0-0");
    assert_eq!(
        &g[2..],
        [
            "1.",
            "san e4",
            "san e5",
            "2.",
            "san 0-0",
            "san 0-0",
            "3.",
            "san d4",
            "result 0-0 BothLose",
            "end_game"
        ]
    );
    // `+/-` after a move is the NAG $16; `-/-` before more moves is an error.
    let g = one(b"1. e4 +/- -/+ -/- e5 *");
    assert_eq!(g[4], "nag 16");
    assert_eq!(g[5], "nag 17");
    assert_eq!(
        g[6],
        "error MisplacedResult game 1 @14 1:15 \"-/-\"".to_string()
    );
    assert_eq!(g[7], "san e5");
}

/// A draw offer `(=)` after a move, apart or glued, is the comment `(=)`;
/// any other `(` still opens a variation (`( e5 )`, `( =/+ e5)`).
#[test]
fn draw_offer_is_a_comment() {
    let g = one(b"1. e4 (=) e5 2. Nf3(=) ( 2. d4 (=)) (=/+ 2. c4) Nc6!(=) *");
    assert_eq!(
        &g[2..],
        [
            "1.",
            "san e4",
            "comment (=)",
            "san e5",
            "2.",
            "san Nf3",
            "comment (=)",
            "(",
            "2.",
            "san d4",
            "comment (=)",
            ")",
            "(",
            "nag 15",
            "2.",
            "san c4",
            ")",
            "san Nc6",
            "nag 1",
            "comment (=)",
            "result * Unknown",
            "end_game",
        ]
    );
}

/// A result with a colon (`1:0`, `0:1`, `½:½`, `1/2:1/2`) ends the game
/// wherever it stands, as `1-0` does (in a variation it is misplaced);
/// the forfeits with a colon (`0:0`, `½:0`) and other colon tokens are no
/// result.
#[test]
fn results_with_a_colon() {
    let g = one("1. e4 (1. d4 1:0) 0:0 e5 ½:0 1:1 2. Nf3 0:1".as_bytes());
    assert_eq!(
        &g[2..],
        [
            "1.",
            "san e4",
            "(",
            "1.",
            "san d4",
            "error ResultInVariation game 1 @13 1:14 \"1:0\"",
            ")",
            "san 0:0",
            "san e5",
            "san ½:0",
            "san 1:1",
            "2.",
            "san Nf3",
            "result 0:1 BlackWins",
            "end_game",
        ]
    );
    let games = events("1. e4 ½:½\n1. d4 1/2:1/2 1. c4 1:0".as_bytes());
    let ends: Vec<&str> = games.iter().map(|g| g[g.len() - 2].as_str()).collect();
    assert_eq!(
        ends,
        [
            "result ½:½ Draw",
            "result 1/2:1/2 Draw",
            "result 1:0 WhiteWins"
        ]
    );
}

/// Moves as books, web pages and typed text give them: a figurine with a
/// variation selector after it (`♘\u{fe0f}f3`) or set apart from its
/// square by one space (`♘ f3`, `♞ xe5`), castling in lower case (`o-o`,
/// `o-o-o`); and a draw offer with spaces inside (`( = )`), the comment
/// `(=)`. A figurine before two spaces, a line end or no square stays
/// apart, and so does a letter before a space (`N f3`: the novelty glyph,
/// then a pawn's move).
#[test]
fn printed_figurines_castling_and_draw_offers() {
    let g = one(
        "1. e4 ♞\u{fe0e}c6 2. ♘\u{fe0f}f3 ♞ f6 3. ♗ b5 ( = ) ♞ xe4 4. o-o (  =\t) ♗ 1e7 \
         5. o-o-o ♘  f3 ♘\nf3 ♘ + ♘\u{fe0f} d2 N f3 ( = x) *"
            .as_bytes(),
    );
    assert_eq!(
        &g[2..],
        [
            "1.",
            "san e4",
            "san ♞\u{fe0e}c6",
            "2.",
            "san ♘\u{fe0f}f3",
            "san ♞ f6",
            "3.",
            "san ♗ b5",
            "comment (=)",
            "san ♞ xe4",
            "4.",
            "san o-o",
            "comment (=)",
            "san ♗ 1e7",
            "5.",
            "san o-o-o",
            "san ♘",
            "san f3",
            "san ♘",
            "san f3",
            "san ♘",
            "suffix +",
            "san ♘\u{fe0f} d2",
            "nag 146",
            "san f3",
            "(",
            "nag 10",
            "san x",
            ")",
            "result * Unknown",
            "end_game",
        ]
    );
    // A move so printed at the end of the input.
    let g = one("1. e4 e5 2. ♘ f3".as_bytes());
    assert_eq!(g[g.len() - 2..], ["san ♘ f3", "end_game"]);
}

/// An en passant mark with a space inside (`e. p.`) is one suffix word,
/// after a space or glued to its move, with a claim or glyph glued on.
#[test]
fn en_passant_mark_with_a_space() {
    let g = one(b"3. exf6 e. p. Nf6 5. dxc6e. p. E. P.+ e. p.! e. p e. *");
    assert_eq!(
        &g[2..],
        [
            "3.",
            "san exf6",
            "suffix e. p.",
            "san Nf6",
            "5.",
            "san dxc6e. p.",
            "suffix E. P.",
            "suffix +",
            "suffix e. p.",
            "nag 1",
            "san e.",
            "san p",
            "san e.",
            "result * Unknown",
            "end_game",
        ]
    );
}

#[test]
fn move_numbers_glyphs_null_moves() {
    let g = one(
        "12…Nf6 13.e4 13... d5 14 . -- Z0 0000 e4!! e5?? Nf3?! Bc4± Qe2 □ ∞ N exd6e.p. Kt3 $255 *"
            .as_bytes(),
    );
    assert_eq!(
        &g[2..],
        [
            "12...",
            "san Nf6",
            "13.",
            "san e4",
            "13...",
            "san d5",
            "14.",
            "null --",
            "null Z0",
            "null 0000",
            "san e4",
            "nag 3",
            "san e5",
            "nag 4",
            "san Nf3",
            "nag 6",
            "san Bc4",
            "nag 16",
            "san Qe2",
            "nag 7",
            "nag 13",
            "nag 146",
            "san exd6e.p.",
            "san Kt3",
            "nag 255",
            "result * Unknown",
            "end_game",
        ]
    );
}

#[test]
fn crlf_cr_bom_escape_lines_latin1() {
    let lf = events(b"[White \"Andr\xe9\"]\n[Black \"b\"]\n\n% escape\n1. e4 {a\nb} *\n");
    let crlf = events(
        b"\xef\xbb\xbf[White \"Andr\xe9\"]\r\n[Black \"b\"]\r\n\r\n% escape\r\n1. e4 {a\nb} *\r\n",
    );
    let cr = events(b"[White \"Andr\xe9\"]\r[Black \"b\"]\r\r% escape\r1. e4 {a\nb} *\r");
    assert_eq!(lf, crlf);
    assert_eq!(lf, cr);
    assert_eq!(lf[0][1], "tag White André");
    assert_eq!(lf[0][6], "comment a\nb");
}

#[test]
fn games_without_blank_lines_tags_or_results() {
    let pgn =
        b"[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4\n[Event \"c\"]\n\n1. c4 *\n1. Nf3 d5\n";
    let g = events(pgn);
    assert_eq!(g.len(), 4);
    assert_eq!(
        g[0],
        [
            "begin_game",
            "tag Event a",
            "movetext",
            "1.",
            "san e4",
            "san e5",
            "result 1-0 WhiteWins",
            "end_game"
        ]
    );
    assert_eq!(
        g[1],
        [
            "begin_game",
            "tag Event b",
            "movetext",
            "1.",
            "san d4",
            "end_game"
        ]
    );
    assert_eq!(g[2][1], "tag Event c");
    assert_eq!(
        g[3],
        [
            "begin_game",
            "movetext",
            "1.",
            "san Nf3",
            "san d5",
            "end_game"
        ]
    );
}

/// A game without tags or move numbers is found by its first move in any
/// notation the reader reads, as `convert --to descriptive` and `--lang`
/// print it: descriptive (`P-K4`, `N-KB3`, `Kt-KB3`) and piece letters of
/// two UTF-8 bytes (`Žf3`, `Кf3`, `Крe2`, `Ĉf3`, `Ιf3`). Prose is no game.
#[test]
fn games_without_tags_or_numbers_in_descriptive_and_foreign_letters() {
    for first in [
        "P-K4", "N-KB3", "N-QB3", "Kt-KB3", "KtxP", "Žf3", "Кf3", "Кg1-f3", "Крe2", "Ĉf3", "Ιf3",
        "Şe2", "Ф:e5",
    ] {
        let pgn = format!("{first} *\n");
        assert_eq!(
            events(pgn.as_bytes()),
            [[
                "begin_game".to_string(),
                "movetext".to_string(),
                format!("san {first}"),
                "result * Unknown".to_string(),
                "end_game".to_string()
            ]],
            "{first}"
        );
    }
    for prose in ["A-B test\n", "Kto tam\n", "Ђаци\n", "Žena\n"] {
        let g = events(prose.as_bytes());
        assert!(
            g.iter()
                .flatten()
                .all(|e| !e.starts_with("begin_game") && e.starts_with("error Garbage")),
            "{prose}: {g:?}"
        );
    }
}

/// A `*` alone on its line outside a game is a game with no moves, as a
/// bare `1-0` is; elsewhere outside a game (`***`, `* note`, indented, or
/// after a game's result on its line, which python-chess reads into that
/// game) it is junk.
#[test]
fn a_lone_star_is_a_game() {
    let star = ["begin_game", "movetext", "result * Unknown", "end_game"];
    assert_eq!(events(b"*\n"), [star]);
    assert_eq!(events(b"*"), [star]);
    assert_eq!(events(b"* \t\r\n*\n"), [star, star]);
    assert_eq!(
        events(b"1-0\n"),
        [["begin_game", "movetext", "result 1-0 WhiteWins", "end_game"]]
    );
    assert_eq!(
        events(b"[Event \"a\"]\n*\n"),
        [[
            "begin_game",
            "tag Event a",
            "movetext",
            "result * Unknown",
            "end_game"
        ]]
    );
    let g = events(b"1. e4 1-0 *\n*\n***\n* note\n *\n");
    assert_eq!(
        g,
        [
            vec![
                "begin_game",
                "movetext",
                "1.",
                "san e4",
                "result 1-0 WhiteWins",
                "error Garbage game 1 @10 1:11 \"*\"",
                "end_game"
            ],
            vec![
                "begin_game",
                "movetext",
                "result * Unknown",
                "error Garbage game 2 @14 3:1 \"***\"",
                "error Garbage game 2 @18 4:1 \"* note\"",
                "error Garbage game 2 @26 5:2 \"*\"",
                "end_game"
            ]
        ]
    );
}

#[test]
fn tag_only_games_separated_by_blank_lines() {
    let g = events(b"[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n[Event \"c\"]\n");
    assert_eq!(g.len(), 3);
    assert_eq!(g[1], ["begin_game", "tag Event b", "movetext", "end_game"]);
}

#[test]
fn junk_before_and_after_games_with_positions() {
    let pgn = b"% header\nsome garbage here\n\n[Event \"a\"]\n1. e4 1-0\nmore junk\n; a comment\n\n[Event \"b\"]\n*\n";
    let g = events(pgn);
    assert_eq!(g.len(), 2);
    assert_eq!(g[0][0], "error Garbage game 0 @9 2:1 \"some garbage here\"");
    assert_eq!(g[0][1], "begin_game");
    assert_eq!(
        &g[0][6..],
        [
            "result 1-0 WhiteWins",
            "error Garbage game 1 @50 6:1 \"more junk\"",
            "error CommentOutsideGame game 1 @60 7:1 \"; a comment\"",
            "end_game"
        ]
    );
}

#[test]
fn errors_with_exact_positions_and_resync() {
    let pgn = b"[Event \"a\"]\n1. e4 ) } $x $256 e5 [%clk 1] (1. d4 {never closed\n\n[Event \"b\"]\r\n1. e4 (1. d4 (1. c4)\r\n[Event \"c\"\r\n[Site \"d\"]\n\0\0\0 1. e4 *";
    let g = events(pgn);
    // `[Event "c"` is no tag line, so `[Site "d"]` is a hard game start.
    assert_eq!(g.len(), 4);
    let errors: Vec<&String> = g
        .iter()
        .flatten()
        .filter(|e| e.starts_with("error"))
        .collect();
    assert_eq!(
        errors,
        [
            "error UnmatchedParen game 1 @18 2:7 \")\"",
            "error UnmatchedBrace game 1 @20 2:9 \"}\"",
            "error InvalidNag game 1 @22 2:11 \"$x\"",
            "error InvalidNag game 1 @25 2:14 \"$256\"",
            "error Garbage game 1 @33 2:22 \"[%clk 1]\"",
            "error UnterminatedComment game 1 @49 2:38 \"{never closed\\n\\n\"",
            "error UnterminatedVariation game 1 @42 2:31 \"(\"",
            "error UnterminatedVariation game 2 @83 5:7 \"(\"",
            "error UnterminatedTag game 3 @99 6:1 \"[Event \\\"c\\\"\"",
            "error NulBytes game 4 @122 8:1 \"\\0\"",
        ]
    );
    assert_eq!(g[0][g[0].len() - 4], "comment never closed\n\n");
    assert_eq!(
        g[2],
        [
            "begin_game",
            "error UnterminatedTag game 3 @99 6:1 \"[Event \\\"c\\\"\"",
            "movetext",
            "end_game"
        ]
    );
    assert_eq!(g[3][1], "tag Site d");
    assert_eq!(g[1][g[1].len() - 3], ")");
}

#[test]
fn skip_variation_and_game_and_stop() {
    struct V {
        log: Vec<String>,
    }
    impl Visitor for V {
        type Output = Vec<String>;
        fn begin_variation(&mut self) -> Control {
            Control::Skip
        }
        fn san(&mut self, san: &[u8], _at: Location) -> Control {
            self.log.push(String::from_utf8_lossy(san).into_owned());
            match san {
                b"skip" => Control::Skip,
                b"stop" => Control::Stop,
                _ => Control::Continue,
            }
        }
        fn end_variation(&mut self) -> Control {
            self.log.push(")".into());
            Control::Continue
        }
        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.log)
        }
    }
    let pgn = b"1. e4 (1. d4 (1. c4) {x}) e5 skip Nf3 *\n1. a4 stop b5 *\n1. h4 *";
    let mut r = Reader::from_slice(pgn);
    let mut v = V { log: Vec::new() };
    let mut games = Vec::new();
    r.read_all(&mut v, |g| games.push(g)).unwrap();
    assert_eq!(games, [vec!["e4", "e5", "skip"], vec!["a4", "stop"]]);
    assert!(r.stopped());
    // The reader stays at the next game.
    assert_eq!(r.read_game(&mut v).unwrap(), Some(vec!["h4".to_string()]));
    assert_eq!(r.read_game(&mut v).unwrap(), None);
}

#[test]
fn glyph_tokens_are_read_as_notation_nags() {
    let g = one("1. e4 ⩲ e5 =/+ Nf3 +- Nc6 −+ Bb5 =/∞ a6 ∆ Ba4 ⌓ Nf6 TN N *".as_bytes());
    let nags: Vec<&str> = g
        .iter()
        .filter(|e| e.starts_with("nag "))
        .map(|e| e.as_str())
        .collect();
    assert_eq!(
        nags,
        [
            "nag 14", "nag 15", "nag 18", "nag 19", "nag 44", "nag 140", "nag 142", "nag 146",
            "nag 146"
        ]
    );
    let _ = Nag(0);
    // `±` as its own token in a Latin-1 file (the byte 0xB1), as glued on.
    let g = one(b"1. e4 e5 2. Nf3 \xb1 Nc6 3. Bb5\xb1 *\n");
    let nags: Vec<&str> = g
        .iter()
        .filter(|e| e.starts_with("nag ") || e.starts_with("error"))
        .map(|e| e.as_str())
        .collect();
    assert_eq!(nags, ["nag 16"], "{g:?}");
}

#[test]
fn excerpt_reads_clean_and_buffered_equals_slice() {
    let data = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/excerpt.pgn"
    ))
    .unwrap();
    let mut slice = Vec::new();
    Reader::from_slice(&data)
        .read_all(&mut EventLog::default(), |g| slice.push(g))
        .unwrap();
    assert_eq!(slice.len(), 48);
    let errors = slice
        .iter()
        .flatten()
        .filter(|e| matches!(e, Event::Error { .. }))
        .count();
    assert_eq!(errors, 0);
    let results = slice
        .iter()
        .flatten()
        .filter(|e| matches!(e, Event::Result(..)))
        .count();
    assert_eq!(results, 48);
    // Smallest buffer: many refills, same events.
    let mut buffered = Vec::new();
    Reader::with_capacity(0, &data[..])
        .read_all(&mut EventLog::default(), |g| buffered.push(g))
        .unwrap();
    assert_eq!(slice, buffered);
    // Chunked (cut at hard game starts) equals sequential.
    for size in [1, 1000, 10_000] {
        let mut chunked = Vec::new();
        movetext::pgn::split::read_all_chunked(&data[..], size, &mut EventLog::default(), |g| {
            chunked.push(g)
        })
        .unwrap();
        assert_eq!(slice, chunked, "chunk size {size}");
    }
    assert_eq!(movetext::pgn::split::count_game_starts(&data), 48);
    let _ = ErrorKind::Garbage;
}

#[test]
fn stray_bracket_in_movetext() {
    let g = one(b"1. e4 ] e5 *");
    assert_eq!(g[4], "error Garbage game 1 @6 1:7 \"]\"");
    assert_eq!(g[5], "san e5");
}

/// Line and column of `data[offset]`, counted the slow way (LF, CRLF and a
/// lone CR each end a line).
fn naive_place(data: &[u8], offset: usize) -> (u64, u64) {
    let (mut line, mut begin) = (1, 0);
    let mut i = 0;
    while i < offset {
        if data[i] == b'\r' || data[i] == b'\n' {
            if data[i] == b'\r' && data.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            line += 1;
            begin = i + 1;
        }
        i += 1;
    }
    (line, (offset - begin + 1) as u64)
}

#[test]
fn move_locations_match_a_naive_count_with_every_line_end() {
    let excerpt = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/excerpt.pgn"
    ))
    .unwrap();
    let lf: Vec<u8> = excerpt.iter().copied().filter(|&b| b != b'\r').collect();
    let crlf: Vec<u8> = lf
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect();
    let cr: Vec<u8> = lf
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    for data in [&excerpt, &lf, &crlf, &cr] {
        let mut slice = Vec::new();
        Reader::from_slice(data)
            .read_all(&mut EventLog::default(), |g| slice.push(g))
            .unwrap();
        let mut buffered = Vec::new();
        Reader::with_capacity(0, &data[..])
            .read_all(&mut EventLog::default(), |g| buffered.push(g))
            .unwrap();
        assert_eq!(slice, buffered);
        let mut checked = 0;
        for (n, game) in slice.iter().enumerate() {
            for e in game {
                let (token, at) = match e {
                    Event::San(t, at) | Event::NullMove(t, at) => (t, at),
                    _ => continue,
                };
                let off = at.offset as usize;
                assert_eq!(&data[off..off + token.len()], &token[..]);
                assert_eq!((at.line, at.column), naive_place(data, off), "{e:#}");
                assert_eq!(at.game, n as u64 + 1);
                checked += 1;
            }
        }
        // python-chess 1.11.2 reads 3,943 moves in excerpt.pgn (48 games,
        // mainlines and variations, no null move).
        assert_eq!(checked, 3_943);
    }
}

#[test]
fn locations_of_moves_after_comments_variations_and_numbers() {
    let pgn = b"[Event \"x\"]\r\n\r\n1.e4 {a\r\nb} e5 (1... c5\r2. Nf3) 2. Nf3 -- 3. 0-0 Z0 *";
    let mut r = Reader::from_slice(pgn);
    let g = r.read_game(&mut EventLog::default()).unwrap().unwrap();
    let places: Vec<String> = g
        .iter()
        .filter(|e| matches!(e, Event::San(..) | Event::NullMove(..)))
        .map(|e| format!("{e:#}"))
        .collect();
    assert_eq!(
        places,
        [
            "san e4 @17 3:3",
            "san e5 @27 4:4",
            "san c5 @36 4:13",
            "san Nf3 @42 5:4",
            "san Nf3 @50 5:12",
            "null -- @54 5:16",
            "san 0-0 @60 5:22",
            "null Z0 @64 5:26",
        ]
    );
}

#[test]
fn error_tokens_end_where_their_text_ends() {
    // A `{}` comment outside a game: the token is the comment, up to its
    // `}` or to the hard game start that ends it, never past either.
    let g = events(b"{ab} {c\n[Event \"x\"]\n*\n; note\nbad junk line\n");
    assert_eq!(
        g[0][..2],
        [
            "error CommentOutsideGame game 0 @0 1:1 \"{ab}\"",
            "error CommentOutsideGame game 0 @5 1:6 \"{c\\n\"",
        ]
    );
    assert_eq!(
        g[0][5..],
        [
            "result * Unknown",
            "error CommentOutsideGame game 1 @22 4:1 \"; note\"",
            "error Garbage game 1 @29 5:1 \"bad junk line\"",
            "end_game"
        ]
    );
    // Longer ones are cut to 64 bytes, whatever the read sizes (events()
    // also reads one byte a call).
    let long = format!("{{{}}}\n{}\n1. e4 *", "c".repeat(100), "x".repeat(100));
    let g = one(long.as_bytes());
    let want_comment = format!("{{{}", "c".repeat(63));
    assert_eq!(
        g[0],
        format!("error CommentOutsideGame game 0 @0 1:1 {want_comment:?}")
    );
    assert_eq!(
        g[1],
        format!("error Garbage game 0 @103 2:1 {:?}", "x".repeat(64))
    );
}

#[test]
fn a_tag_section_begun_mid_line_ends_at_the_next_tag_line() {
    // `1/2-1/2[c ""]` is no tag line, so `[R ""]` is a hard game start: a
    // new game begins there, as a chunk cut there would.
    let g = events(b"[e \"\"]\n1/2-1/2[c \"\"]\n[R \"\"]\n1. e4 *\n");
    assert_eq!(g.len(), 3);
    assert_eq!(g[1], ["begin_game", "tag c ", "movetext", "end_game"]);
    assert_eq!(g[2][..3], ["begin_game", "tag R ", "movetext"]);
    // Spaces before a `[` make no tag line either.
    let g = events(b"  [A \"1\"]\n[B \"2\"]\n*");
    assert_eq!(g.len(), 2);
    assert_eq!(g[1][1], "tag B 2");
}

#[test]
fn a_last_line_starting_with_a_bracket_inside_a_comment_is_read() {
    // No final line end: the `[}` line is no tag line, the comment ends at
    // its `}` (for every reader, however the input is read).
    let g = one(b"{\n[} e4 *");
    assert_eq!(
        g,
        [
            "error CommentOutsideGame game 0 @0 1:1 \"{\\n[}\"",
            "begin_game",
            "movetext",
            "san e4",
            "result * Unknown",
            "end_game"
        ]
    );
}

#[test]
fn move_numbers_glued_to_moves() {
    // The fast path takes `12.e4` and `12...Nf6` whole; glyphs, `N`/`TN`
    // and null moves after a glued number take the general path. Both give
    // the events of the spaced forms, and each move's column.
    let pgn = "1.e4 1...e5 2.Nf3!? 3.N 4.TN 5..O-O 6.Z0 10.e8=Q+ 11.♘f3 *";
    let g = one(pgn.as_bytes());
    assert_eq!(
        &g[2..],
        [
            "1.",
            "san e4",
            "1...",
            "san e5",
            "2.",
            "san Nf3",
            "nag 5",
            "3.",
            "nag 146",
            "4.",
            "nag 146",
            "5...",
            "san O-O",
            "6.",
            "null Z0",
            "10.",
            "san e8=Q+",
            "11.",
            "san ♘f3",
            "result * Unknown",
            "end_game",
        ]
    );
    struct Columns(Vec<(String, u64)>);
    impl Visitor for Columns {
        type Output = ();
        fn san(&mut self, san: &[u8], at: Location) -> Control {
            self.0
                .push((String::from_utf8_lossy(san).into_owned(), at.column));
            Control::Continue
        }
        fn end_game(&mut self) {}
    }
    let mut v = Columns(Vec::new());
    Reader::from_slice(pgn.as_bytes())
        .read_all(&mut v, |()| ())
        .unwrap();
    let expect = [
        ("e4", 3),
        ("e5", 10),
        ("Nf3", 15),
        ("O-O", 33),
        ("e8=Q+", 45),
        ("♘f3", 54),
    ];
    assert_eq!(v.0, expect.map(|(s, c)| (s.to_string(), c)).to_vec());
}

#[test]
fn tags_carry_the_location_of_their_bracket() {
    // A simple tag line (fast path), one after spaces and a CRLF, two on one
    // line, and a tag with an escaped quote (general path).
    let pgn = b"[A \"1\"]\r\n  [B \"2\"] [C \"3\"]\n[D \"x\\\"y\"]\n\n1. e4 *\n[E \"5\"]\n*";
    let mut games = Vec::new();
    Reader::from_slice(pgn)
        .read_all(&mut EventLog::default(), |g| {
            games.push(
                g.iter()
                    .filter(|e| matches!(e, Event::Tag(..)))
                    .map(|e| format!("{e:#}"))
                    .collect::<Vec<_>>(),
            )
        })
        .unwrap();
    assert_eq!(
        games,
        [
            // Line 2 begins with spaces: no tag line, so `[D` is a hard start.
            vec!["tag A 1 @0 1:1", "tag B 2 @11 2:3", "tag C 3 @19 2:11"],
            vec!["tag D x\\\"y @27 3:1"],
            vec!["tag E 5 @47 6:1"],
        ]
    );
}
