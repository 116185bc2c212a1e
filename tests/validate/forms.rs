//! The forms books, magazines and old files print (issue 28), read in PGN
//! movetext to exact UCI moves: in English and in Polish, Lithuanian and
//! German letters where letters occur, with the language given and
//! detected.

use movetext::notation::{write_uci, ArrayBuf, GameResult, Language, Nag, ParseMode};
use movetext::pgn::Reader;
use movetext::validate::{
    GameError, GameSummary, GameVisitor, LanguageChoice, ValidateOptions, Validator,
};
use movetext::{Move, Position, Role};

/// One game: UCI moves (variations prefixed with their depth), NAGs in
/// order, result, errors with their places, summary.
#[derive(Debug, Clone)]
pub struct Read {
    pub moves: Vec<String>,
    pub nags: Vec<u8>,
    pub result: Option<GameResult>,
    pub errors: Vec<String>,
    pub summary: GameSummary,
}

#[derive(Default)]
struct Full {
    moves: Vec<String>,
    nags: Vec<u8>,
    result: Option<GameResult>,
    errors: Vec<String>,
}

impl GameVisitor for Full {
    type Output = Read;
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        let mut buf = ArrayBuf::<8>::new();
        write_uci(m, before.castling_mode(), &mut buf);
        self.moves.push(match depth {
            0 => buf.as_str().to_string(),
            d => format!("{d}:{}", buf.as_str()),
        });
    }
    fn nag(&mut self, nag: Nag) {
        self.nags.push(nag.0);
    }
    fn result(&mut self, r: GameResult) {
        self.result = Some(r);
    }
    fn error(&mut self, e: &GameError) {
        self.errors.push(format!("{}:{}: {e}", e.line, e.column));
    }
    fn end_game(&mut self, summary: &GameSummary) -> Read {
        Read {
            moves: std::mem::take(&mut self.moves),
            nags: std::mem::take(&mut self.nags),
            result: self.result.take(),
            errors: std::mem::take(&mut self.errors),
            summary: *summary,
        }
    }
}

/// Every game of `pgn` read with `language` (lenient, variations played).
pub fn read_in(pgn: &[u8], language: LanguageChoice) -> Vec<Read> {
    read_with(pgn, language, ParseMode::Lenient)
}

pub fn read_with(pgn: &[u8], language: LanguageChoice, mode: ParseMode) -> Vec<Read> {
    let options = ValidateOptions {
        language,
        mode,
        variations: true,
    };
    let mut v = Validator::new(Full::default(), options);
    let mut games = Vec::new();
    Reader::from_slice(pgn)
        .read_all(&mut v, |g| games.push(g))
        .unwrap();
    games
}

/// `template` with `{K}`, `{Q}`, `{R}`, `{B}`, `{N}` and `{P}` replaced by
/// the letters of `lang`.
pub fn letters(template: &str, lang: Language) -> String {
    let mut s = template.to_string();
    for (mark, role) in [
        ("{K}", Role::King),
        ("{Q}", Role::Queen),
        ("{R}", Role::Rook),
        ("{B}", Role::Bishop),
        ("{N}", Role::Knight),
        ("{P}", Role::Pawn),
    ] {
        s = s.replace(mark, lang.letter(role));
    }
    s
}

/// English, Polish, Lithuanian, German: the letters every form is read in.
pub const LANGUAGES: [Language; 4] = [Language::En, Language::Pl, Language::Lt, Language::De];

/// `template` in each language of [`LANGUAGES`] (once if it has no piece
/// letter), read with the language given and with `auto`: one game each
/// time, no error, exactly `uci`. Returns the games read (given, auto) in
/// the last language.
#[track_caller]
pub fn reads_to(template: &str, uci: &str) -> (Read, Read) {
    let mut last = None;
    for lang in LANGUAGES {
        let text = letters(template, lang);
        for choice in [LanguageChoice::Fixed(lang), LanguageChoice::Auto] {
            let games = read_in(text.as_bytes(), choice);
            assert_eq!(games.len(), 1, "{lang} {choice:?}: {text}");
            let g = &games[0];
            assert_eq!(g.errors, Vec::<String>::new(), "{lang} {choice:?}: {text}");
            assert_eq!(g.moves.join(" "), uci, "{lang} {choice:?}: {text}");
            assert!(!g.summary.failed, "{lang} {choice:?}: {text}");
        }
        last = Some((
            read_in(text.as_bytes(), LanguageChoice::Fixed(lang)).remove(0),
            read_in(text.as_bytes(), LanguageChoice::Auto).remove(0),
        ));
        if text == template {
            break;
        }
    }
    last.unwrap()
}

// 1. Spaced suffix words.

#[test]
fn en_passant_words_after_a_space() {
    for ep in ["ep", "e.p.", "e.p", "ep."] {
        let pgn = format!("1. e4 d5 2. e5 f5 3. exf6 {ep} {{x}} {{N}}b8c6 *\n");
        let (g, _) = reads_to(&pgn, "e2e4 d7d5 e4e5 f7f5 e5f6 b8c6");
        assert_eq!(g.summary.wrong_suffixes, 0, "{ep}");
    }
    // The Polish seed's own example, in a game.
    reads_to(
        "1. e4 {N}f6 2. e5 d5 3. exd6 ep exd6 *",
        "e2e4 g8f6 e4e5 d7d5 e5d6 e7d6",
    );
}

/// `exd3 ep+`: the en passant word, then the check mark glued to it; each
/// is checked against the position, as when they are apart.
#[test]
fn en_passant_word_with_a_check_mark_glued_on() {
    let fen = "[FEN \"k7/8/8/8/3Pp3/8/4K3/8 b - d3 0 1\"]\n\n";
    for ep in ["ep+", "e.p.+", "ep.+", "e.p+", "e.p.†", "ep ch"] {
        let pgn = format!("{fen}1... exd3 {ep} 2. {{K}}xd3 *\n");
        let (g, _) = reads_to(&pgn, "e4d3 e2d3");
        assert_eq!(g.summary.wrong_suffixes, 0, "{ep}");
    }
    // A wrong claim is counted, as `exd3 ep mate` is.
    let g = &read_in(
        format!("{fen}1... exd3 e.p.# 2. Kxd3 *\n").as_bytes(),
        LanguageChoice::Fixed(Language::En),
    )[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.moves.join(" "), "e4d3 e2d3");
    assert_eq!(g.summary.wrong_suffixes, 1);
}

#[test]
fn check_and_mate_words_after_a_space() {
    for ch in ["ch", "Ch", "CH", "ch.", "check", "+", "†"] {
        let pgn = format!("1. e4 f5 2. {{Q}}h5 {ch} g6 *");
        let (g, a) = reads_to(&pgn, "e2e4 f7f5 d1h5 g7g6");
        assert_eq!(g.summary.wrong_suffixes, 0, "{ch}");
        assert_eq!(a.summary.wrong_suffixes, 0, "{ch}");
    }
    for mate in ["mate", "Mate", "mate.", "matas", "#", "‡"] {
        let pgn = format!("1. f3 e5 2. g4 {{Q}}h4 {mate} 0-1");
        let (g, _) = reads_to(&pgn, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(g.summary.wrong_suffixes, 0, "{mate}");
        assert_eq!(g.result, Some(GameResult::BlackWins));
    }
    // A discovered check: the knight leaves the rook's file.
    let dis = "[FEN \"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1\"]\n\n1. {N}c3 dis ch {K}d7 *\n";
    let (g, _) = reads_to(dis, "e2c3 e8d7");
    assert_eq!(g.summary.wrong_suffixes, 0);
    let dis = "[FEN \"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1\"]\n\n1. {N}c3 disch {K}d7 *\n";
    reads_to(dis, "e2c3 e8d7");
    // A double check: the knight checks and uncovers the rook.
    let dbl = "[FEN \"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1\"]\n\n1. {N}f6 dbl ch {K}f7 *\n";
    let (g, _) = reads_to(dbl, "e4f6 e8f7");
    assert_eq!(g.summary.wrong_suffixes, 0);
    let dbl = "[FEN \"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1\"]\n\n1. {N}f6 dis ch {K}f7 *\n";
    let (g, _) = reads_to(dbl, "e4f6 e8f7");
    assert_eq!(
        g.summary.wrong_suffixes, 0,
        "a double check uncovers a check"
    );
}

#[test]
fn suffix_words_are_checked_against_the_position() {
    // `ch` after a move that gives no check, `ep` after a plain capture,
    // `dis ch` after a direct check, `mate` after a check: each counted
    // once, the moves read.
    for (template, uci) in [
        ("1. e4 e5 2. {N}f3 ch {N}c6 *", "e2e4 e7e5 g1f3 b8c6"),
        ("1. e4 d5 2. exd5 ep {Q}xd5 *", "e2e4 d7d5 e4d5 d8d5"),
        ("1. e4 f5 2. {Q}h5 dis ch g6 *", "e2e4 f7f5 d1h5 g7g6"),
        ("1. e4 f5 2. {Q}h5 mate g6 *", "e2e4 f7f5 d1h5 g7g6"),
        ("1. e4 f5 2. {Q}h5 dbl ch g6 *", "e2e4 f7f5 d1h5 g7g6"),
    ] {
        for lang in LANGUAGES {
            let text = letters(template, lang);
            let g = &read_in(text.as_bytes(), LanguageChoice::Fixed(lang))[0];
            assert_eq!(g.errors, Vec::<String>::new(), "{text}");
            assert_eq!(g.moves.join(" "), uci, "{text}");
            assert_eq!(g.summary.wrong_suffixes, 1, "{text}");
        }
        // Strict mode: an error at the word.
        let text = letters(template, Language::En);
        let g = &read_with(
            text.as_bytes(),
            LanguageChoice::Fixed(Language::En),
            ParseMode::Strict,
        )[0];
        assert!(g.summary.failed, "{text}");
    }
    // Strict mode: a right word stands, a wrong one fails the game at it.
    let g = &read_with(
        b"1. e4 f5 2. Qh5 ch g6 *",
        LanguageChoice::Fixed(Language::En),
        ParseMode::Strict,
    )[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.moves.join(" "), "e2e4 f7f5 d1h5 g7g6");
    let g = &read_with(
        b"1. e4 e5 2. Nf3 ch Nc6 *",
        LanguageChoice::Fixed(Language::En),
        ParseMode::Strict,
    )[0];
    assert_eq!(
        g.errors,
        ["1:17: game 1, move 2. ch: written as check, but the move gives no check"]
    );
    assert_eq!(g.moves.join(" "), "e2e4 e7e5 g1f3");
    let g = &read_with(
        b"1. e4 d5 2. exd5 e.p. Qxd5 *",
        LanguageChoice::Fixed(Language::En),
        ParseMode::Strict,
    )[0];
    assert_eq!(
        g.errors,
        ["1:18: game 1, move 2. e.p.: written as en passant, but the move takes no pawn en passant"]
    );
    // A suffix word with no move before it is an error at its place.
    let g = &read_in(b"1. ch e4 *", LanguageChoice::Fixed(Language::En))[0];
    assert_eq!(g.errors.len(), 1, "{:?}", g.errors);
    assert!(g.errors[0].starts_with("1:4: "), "{:?}", g.errors);
}

// 2. Promotion in parentheses.

#[test]
fn promotion_in_parentheses_inside_movetext() {
    reads_to(
        "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. e8({Q}) {K}b3 *\n",
        "e7e8q a3b3",
    );
    reads_to(
        "[FEN \"3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. exd8({N})+ {K}e7 *\n",
        "e7d8n f7e7",
    );
    reads_to(
        "[FEN \"3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e×d8({N}) ch {K}e7 *\n",
        "e7d8n f7e7",
    );
    // The Lithuanian form of the issue, with the capture sign.
    let lt = "[FEN \"k7/8/8/8/8/8/p7/1N2K3 b - - 0 1\"]\n\n1... a×b1(Ž) 2. Ke2 *\n";
    let g = &read_in(lt.as_bytes(), LanguageChoice::Fixed(Language::Lt))[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.moves.join(" "), "a2b1n e1e2");
    let g = &read_in(lt.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.moves.join(" "), "a2b1n e1e2");
    assert_eq!(g.summary.language, Language::Lt);
    reads_to(
        "[FEN \"k7/8/8/8/8/8/p7/1N2K3 b - - 0 1\"]\n\n1... axb1({N}) 2. {K}e2 *\n",
        "a2b1n e1e2",
    );
    // Descriptive.
    let d = "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. P-K8(Q) K-Kt6 *\n";
    let g = &read_in(d.as_bytes(), LanguageChoice::Fixed(Language::En))[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.moves.join(" "), "e7e8q a3b3");
    // A figurine in brackets.
    reads_to(
        "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. e8(♕) {K}b3 *\n",
        "e7e8q a3b3",
    );
}

#[test]
fn a_bracket_is_a_variation_unless_it_holds_a_promotion() {
    // Glued to a move that is no pawn's move to the last rank: a variation.
    reads_to(
        "1. e4 e5 2. {N}f3({N}c3) {N}c6 *",
        "e2e4 e7e5 g1f3 1:b1c3 b8c6",
    );
    reads_to(
        "1. e4 e5 2. {N}f3 ({N}c3) {N}c6 *",
        "e2e4 e7e5 g1f3 1:b1c3 b8c6",
    );
    // A space before the bracket: a variation, so `e8` alone is no move.
    let g = &read_in(
        b"[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. e8 (Q) Kb3 *\n",
        LanguageChoice::Fixed(Language::En),
    )[0];
    assert!(g.summary.failed);
    assert!(g.errors[0].contains("e8"), "{:?}", g.errors);
    // Two letters in the bracket: a variation.
    let g = &read_in(
        b"[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. e8(Qb3) *\n",
        LanguageChoice::Fixed(Language::En),
    )[0];
    assert!(g.summary.failed);
}

// 3. Coordinates with a hyphen.

#[test]
fn coordinate_moves_with_a_hyphen() {
    reads_to(
        "1. e2-e4 e7-e5 2. g1-f3 b8-c6 3. f1-c4 g8-f6 4. e1-g1 f8-c5 *",
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5",
    );
    // The Lithuanian seed's example: the king from e1 to e2.
    reads_to("1. e4 e5 2. e1-e2 e8-e7 *", "e2e4 e7e5 e1e2 e8e7");
    reads_to(
        "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. e7-e8{Q} a3-b3 *\n",
        "e7e8q a3b3",
    );
    reads_to("1. d2-d4 d7-d5 2. c2-c4 d5xc4 *", "d2d4 d7d5 c2c4 d5c4");
}

// 4. Descriptive notation as printed.

fn book(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/books/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_opera_game_as_a_book_prints_it() {
    let pgn = book("opera-1858.pgn");
    for choice in [LanguageChoice::Fixed(Language::En), LanguageChoice::Auto] {
        let games = read_in(&pgn, choice);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.errors, Vec::<String>::new(), "{choice:?}");
        assert_eq!(
            g.moves.join(" "),
            "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
             b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 \
             b5d7 f6d7 b3b8 d7b8 d1d8",
            "{choice:?}"
        );
        assert_eq!(g.summary.wrong_suffixes, 0);
        assert_eq!(g.result, Some(GameResult::WhiteWins));
    }
}

#[test]
fn the_immortal_game_as_a_book_prints_it() {
    let pgn = book("immortal-1851.pgn");
    for choice in [LanguageChoice::Fixed(Language::En), LanguageChoice::Auto] {
        let games = read_in(&pgn, choice);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.errors, Vec::<String>::new(), "{choice:?}");
        assert_eq!(
            g.moves.join(" "),
            "e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5 g8f6 g1f3 h4h6 d2d3 f6h5 \
             f3h4 h6g5 h4f5 c7c6 g2g4 h5f6 h1g1 c6b5 h2h4 g5g6 h4h5 g6g5 d1f3 f6g8 \
             c1f4 g5f6 b1c3 f8c5 c3d5 f6b2 f4d6 c5g1 e4e5 b2a1 f1e2 b8a6 f5g7 e8d8 \
             f3f6 g8f6 d6e7",
            "{choice:?}"
        );
        assert_eq!(g.nags, [1, 3, 1]);
        assert_eq!(g.summary.wrong_suffixes, 0);
    }
}

#[test]
fn descriptive_forms_in_movetext() {
    let en = LanguageChoice::Fixed(Language::En);
    for (pgn, uci) in [
        (
            "[FEN \"4k3/8/8/8/8/3R4/8/3RK3 w - - 0 1\"]\n\n1. R(1)-Q2 K-B1 2. R2-Q1 K-K1 3. R3-Q2 *\n",
            "d1d2 e8f8 d2d1 f8e8 d3d2",
        ),
        (
            "[FEN \"4k3/8/8/8/8/8/4K3/2R4R w - - 0 1\"]\n\n1. R(QB1)-Q1 K-B1 2. R(Q1)-QB1 K-K1 3. KR-Q1 K-B1 4. QR-B2 *\n",
            "c1d1 e8f8 d1c1 f8e8 h1d1 e8f8 c1c2",
        ),
        (
            "[FEN \"4k3/8/8/4N3/8/8/8/4K1N1 w - - 0 1\"]\n\n1. N(5)-B3 K-Q1 2. N(1)-K2 *\n",
            "e5f3 e8d8 g1e2",
        ),
        ("1. P-K4 P-Q4 2. P x P Q x P 3. N-QB3 Q-QR4 *", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
        (
            "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. Castles Castles QR *\n",
            "e1g1 e8c8",
        ),
        (
            "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. Castles QR Castles KR *\n",
            "e1c1 e8g8",
        ),
        (
            "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O-O O-O *\n",
            "e1c1 e8g8",
        ),
        (
            "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. PxP e.p. K-B2 *\n",
            "e5d6 e8f7",
        ),
        (
            "[FEN \"4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1\"]\n\n1. QxP ch KxQ *\n",
            "e1e7 e8e7",
        ),
        (
            "[FEN \"6nk/6pp/8/4B3/8/8/8/1K4R1 w - - 0 1\"]\n\n1. BxNP mate 1-0\n",
            "e5g7",
        ),
        (
            "[FEN \"4k3/8/2n5/1B6/8/8/8/4K3 w - - 0 1\"]\n\n1. B x N ch K-Q1 *\n",
            "b5c6 e8d8",
        ),
        (
            "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. P-K8=Q K-Kt6 *\n",
            "e7e8q a3b3",
        ),
    ] {
        for choice in [en, LanguageChoice::Auto] {
            let games = read_in(pgn.as_bytes(), choice);
            assert_eq!(games.len(), 1, "{pgn}");
            assert_eq!(games[0].errors, Vec::<String>::new(), "{choice:?} {pgn}");
            assert_eq!(games[0].moves.join(" "), uci, "{choice:?} {pgn}");
            assert_eq!(games[0].summary.wrong_suffixes, 0, "{pgn}");
        }
    }
}

// 5. Glyphs glued to moves.

#[test]
fn glyphs_glued_to_moves_are_nags() {
    let (g, a) = reads_to(
        "1. e4+/= e5+- 2. {N}f3-+ {N}c6=/+ 3. {B}c4N {N}f6TN 4. {N}g5= d5∞ 5. exd5+/- {N}xd5-/+ *",
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5 d7d5 e4d5 f6d5",
    );
    for r in [&g, &a] {
        assert_eq!(r.nags, [14, 18, 19, 15, 146, 146, 10, 13, 16, 17]);
        assert_eq!(r.summary.wrong_suffixes, 0);
    }
    // A check mark and a glyph after it; a knight promotion is no novelty.
    let (g, _) = reads_to(
        "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. e8{N}+- {K}b3 2. {N}d6∓ *\n",
        "e7e8n a3b3 e8d6",
    );
    assert_eq!(g.nags, [18, 17]);
    let (g, _) = reads_to("1. e4 f5 2. {Q}h5++/= g6 *", "e2e4 f7f5 d1h5 g7g6");
    assert_eq!(g.nags, [14]);
    assert_eq!(g.summary.wrong_suffixes, 0);
}

#[test]
fn typeset_dashes_are_hyphens() {
    // Descriptive moves with an en dash, an em dash, a figure dash and a
    // minus sign, as books set the hyphen; castling with an en dash.
    let pgn = "1. P\u{2013}K4 P\u{2014}K4 2. N\u{2013}KB3 N\u{2012}QB3 3. B\u{2212}B4 \
        N\u{2013}B3 4. O\u{2013}O B\u{2013}B4 5. P\u{2013}Q3 O\u{2013}O *";
    for choice in [LanguageChoice::Fixed(Language::En), LanguageChoice::Auto] {
        let g = &read_in(pgn.as_bytes(), choice)[0];
        assert_eq!(g.errors, Vec::<String>::new(), "{choice:?}");
        assert_eq!(
            g.moves.join(" "),
            "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 d2d3 e8g8",
            "{choice:?}"
        );
    }
    // Coordinates with a piece letter or none, and a Windows-1252 en dash
    // (0x96).
    reads_to(
        "1. g1\u{2013}f3 d7\u{2013}d5 2. {N}b1\u{2013}c3 *",
        "g1f3 d7d5 b1c3",
    );
    let games = read_in(b"1. P\x96K4 P\x96K4 *", LanguageChoice::Fixed(Language::En));
    assert_eq!(games[0].moves.join(" "), "e2e4 e7e5");
    assert_eq!(games[0].errors, Vec::<String>::new());
}

// 6. Results.

#[test]
fn forfeits_and_default_results_at_the_end() {
    for (token, result) in [
        ("-/-", GameResult::BothLoseByDefault),
        ("0-0", GameResult::BothLose),
        ("½-0", GameResult::WhiteHalfBlackZero),
        ("0-½", GameResult::WhiteZeroBlackHalf),
        ("½-½", GameResult::Draw),
    ] {
        // `0-0` here is no castling: the knights still stand between.
        let pgn = format!("[Event \"a\"]\n\n1. e4 e5 {token}\n\n[Event \"b\"]\n\n1. d4 *\n");
        let games = read_in(pgn.as_bytes(), LanguageChoice::Fixed(Language::En));
        assert_eq!(games.len(), 2, "{token}");
        assert_eq!(games[0].errors, Vec::<String>::new(), "{token}");
        assert_eq!(games[0].moves.join(" "), "e2e4 e7e5", "{token}");
        assert_eq!(games[0].result, Some(result), "{token}");
        assert_eq!(games[1].moves.join(" "), "d2d4", "{token}");
    }
    // A loss by default is a game not played: `+/-` and `-/+` are results
    // in a game with no moves, and after a move, at the end too, the
    // evaluation of that move (NOTATION.md §6: the seed's
    // `1. d4 e5?! 2. dxe5 f6 3. e4! Nc6 4. Bc4 +/-`); that game has no
    // result token.
    for (token, result, nag) in [
        ("+/-", GameResult::WhiteWinsByDefault, 16),
        ("-/+", GameResult::BlackWinsByDefault, 17),
        ("+/\u{2212}", GameResult::WhiteWinsByDefault, 16),
    ] {
        let pgn = format!(
            "[Event \"a\"]\n\n{token}\n\n[Event \"b\"]\n\n1. e4 e5 {token}\n\n\
             [Event \"c\"]\n\n1. d4 e5?! 2. dxe5 f6 3. e4! Nc6 4. Bc4 {token}"
        );
        let games = read_in(pgn.as_bytes(), LanguageChoice::Fixed(Language::En));
        assert_eq!(games.len(), 3, "{token}");
        assert_eq!(games[0].moves, Vec::<String>::new(), "{token}");
        assert_eq!(games[0].result, Some(result), "{token}");
        assert_eq!(games[1].moves.join(" "), "e2e4 e7e5", "{token}");
        assert_eq!(
            (games[1].result, &games[1].nags[..]),
            (None, &[nag][..]),
            "{token}"
        );
        assert_eq!(games[2].moves.len(), 7, "{token}");
        assert_eq!(
            (games[2].result, &games[2].nags[..]),
            (None, &[6, 1, nag][..]),
            "{token}"
        );
        for g in &games {
            assert_eq!(g.errors, Vec::<String>::new(), "{token}");
        }
    }
    // `+/-` in the middle of the moves is an evaluation.
    let g = &read_in(
        b"1. d4 e5?! 2. dxe5 f6 3. e4! Nc6 4. Bc4 +/- Qe7 *",
        LanguageChoice::Fixed(Language::En),
    )[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.nags, [6, 1, 16]);
    assert_eq!(g.moves.len(), 8);
}

#[test]
fn zero_zero_before_a_tag_section_is_castling_when_legal() {
    let pgn =
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    let games = read_in(pgn.as_bytes(), LanguageChoice::Fixed(Language::En));
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(
        games[0].moves.join(" "),
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1"
    );
    assert_eq!(games[0].result, None);
    // Black to move, castling legal for Black: Black castles.
    let pgn =
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. Nc3 0-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    let g = &read_in(pgn.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.moves.last().map(String::as_str), Some("e8g8"));
    assert_eq!(g.result, None);
}

#[test]
fn latin1_half_point_is_a_result() {
    let pgn = b"[Event \"a\"]\n\n1. e4 e5 \xbd-\xbd\n\n[Event \"b\"]\n\n1. d4 e5 \xbd-0\n";
    let games = read_in(pgn, LanguageChoice::Fixed(Language::En));
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(games[0].result, Some(GameResult::Draw));
    assert_eq!(games[1].result, Some(GameResult::WhiteHalfBlackZero));
    assert_eq!(games[1].moves.join(" "), "d2d4 e7e5");
}

#[test]
fn byte_order_mark_between_games_is_skipped() {
    let pgn = b"\xef\xbb\xbf[Event \"a\"]\n\n1. e4 1-0\n\xef\xbb\xbf[Event \"b\"]\n\n1. d4 0-1\n";
    let games = read_in(pgn, LanguageChoice::Fixed(Language::En));
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.errors, Vec::<String>::new());
    }
    assert_eq!(games[1].moves.join(" "), "d2d4");
}

// 7. Russian in Latin letters and mixed scripts.

#[test]
fn russian_in_latin_letters_and_mixed_scripts() {
    let rl =
        "1. e4 e5 2. Kf3 Kc6 3. Sb5 a6 4. S:c6 d:c6 5. K:e5 Fd4 6. Kf3 F:e4+ 7. Krf1 Sg4 8. Lg1 *";
    let uci = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 f3e5 d8d4 e5f3 d4e4 e1f1 c8g4 h1g1";
    for choice in [
        LanguageChoice::Fixed(Language::RuLatn),
        LanguageChoice::Auto,
    ] {
        let g = &read_in(rl.as_bytes(), choice)[0];
        assert_eq!(g.errors, Vec::<String>::new(), "{choice:?}");
        assert_eq!(g.moves.join(" "), uci, "{choice:?}");
    }
    assert_eq!(
        read_in(rl.as_bytes(), LanguageChoice::Auto)[0]
            .summary
            .language,
        Language::RuLatn
    );
    // Cyrillic letters with a Latin `p` in `Кp`, Latin file letters.
    let ru = "1. e4 e5 2. Фf3 Кc6 3. Фd1 Кf6 4. Кpe2 Сc5 *";
    let uci = "e2e4 e7e5 d1f3 b8c6 f3d1 g8f6 e1e2 f8c5";
    for choice in [LanguageChoice::Fixed(Language::Ru), LanguageChoice::Auto] {
        let g = &read_in(ru.as_bytes(), choice)[0];
        assert_eq!(g.errors, Vec::<String>::new(), "{choice:?}");
        assert_eq!(g.moves.join(" "), uci, "{choice:?}");
    }
}

// Language detection.

#[test]
fn the_language_that_reads_most_wins_and_its_error_is_reported() {
    // Polish reads six moves, English one: the game is Polish, failed at Xa4.
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. Xa4 *\n";
    let g = &read_in(pgn.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.summary.language, Language::Pl);
    assert_eq!(g.moves.join(" "), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    assert_eq!(g.errors.len(), 1, "{:?}", g.errors);
    assert!(
        g.errors[0].starts_with("3:34: game 1, move 4. Xa4: "),
        "{:?}",
        g.errors
    );
    // A typo early in a German game: German still reads the most.
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Sh6 10. d4 *\n";
    let g = &read_in(pgn.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.summary.language, Language::De);
    assert_eq!(g.summary.moves, 17);
    assert!(
        g.errors[0].contains("move 9... Sh6: illegal move"),
        "{:?}",
        g.errors
    );
}

#[test]
fn earlier_games_decide_and_ambiguity_is_counted() {
    // `Bc4` is a bishop in Icelandic, a pawn in German: both read it all.
    let twice = "[Event \"a\"]\n\n1. e4 e5 2. Bc4 Bc5 3. Dh5 *\n";
    let g = &read_in(twice.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.summary.language, Language::De);
    assert_eq!(g.moves.join(" "), "e2e4 e7e5 c2c4 c7c5 d1h5");
    // Portuguese reads `B` as a bishop too, and comes first of those.
    assert_eq!(g.summary.ambiguous_language, Some(Language::Pt));
    // After an Icelandic game (knights are `R`), the same game is Icelandic.
    let file = format!("[Event \"is\"]\n\n1. e4 e5 2. Rf3 Rc6 3. Bb5 *\n\n{twice}");
    let games = read_in(file.as_bytes(), LanguageChoice::Auto);
    assert_eq!(games[0].summary.language, Language::Is);
    assert_eq!(games[1].summary.language, Language::Is);
    assert_eq!(games[1].moves.join(" "), "e2e4 e7e5 f1c4 f8c5 d1h5");
    assert_eq!(games[1].summary.ambiguous_language, Some(Language::De));
    // A pawn game after Polish games is Polish.
    let file = "[Event \"pl\"]\n\n1. e4 e5 2. Sf3 Sc6 *\n\n[Event \"pawns\"]\n\n1. d4 d5 *\n";
    let games = read_in(file.as_bytes(), LanguageChoice::Auto);
    assert_eq!(games[1].summary.language, Language::Pl);
    assert_eq!(games[1].summary.ambiguous_language, None);
}

#[test]
fn auto_among_a_few_languages() {
    use movetext::notation::LanguageSet;
    let twice = "[Event \"a\"]\n\n1. e4 e5 2. Bc4 Bc5 3. Dh5 *\n";
    let is_only = LanguageSet::of(Language::Is).with(Language::Pl);
    let g = &read_in(twice.as_bytes(), LanguageChoice::AutoAmong(is_only))[0];
    assert_eq!(g.summary.language, Language::Is);
    assert_eq!(g.moves.join(" "), "e2e4 e7e5 f1c4 f8c5 d1h5");
    assert_eq!(g.summary.ambiguous_language, None);
    // English is not among them: a knight's `N` reads in none.
    let g = &read_in(b"1. e4 e5 2. Nf3 *", LanguageChoice::AutoAmong(is_only))[0];
    assert!(g.summary.failed);
    assert_eq!(g.moves.len(), 2);
}

/// A game longer than detection records ([`MAX_RECORDED_BYTES`], here in
/// comments) is decided on what was recorded and read on in that language:
/// memory stays bounded, and a move the language chosen does not read is
/// an error with its place.
#[test]
fn a_game_past_the_recording_limit_is_read_on() {
    use movetext::validate::MAX_RECORDED_BYTES;
    let comment = format!("{{{}}} ", "x".repeat(1 << 20));
    let comments = comment.repeat(MAX_RECORDED_BYTES / (1 << 20) + 1);
    // German is clear before the limit: read to the end.
    let pgn = format!("[Event \"big\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 {comments}a6 4. La4 *\n");
    let g = &read_in(pgn.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.summary.language, Language::De);
    assert_eq!(g.moves.join(" "), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4");
    // Only pawn moves before the limit: English (no earlier game), and the
    // German knight fails at its place (with a knight before the limit,
    // Polish letters would read as far as German).
    let pgn = format!("[Event \"big\"]\n\n1. e4 {comments}e5\n2. Sf3 Sc6 *\n");
    let g = &read_in(pgn.as_bytes(), LanguageChoice::Auto)[0];
    assert_eq!(g.summary.language, Language::En);
    assert_eq!(g.moves.join(" "), "e2e4 e7e5");
    assert_eq!(g.errors.len(), 1, "{:?}", g.errors);
    assert!(
        g.errors[0].starts_with("4:4: game 1, move 2. Sf3: not a move"),
        "{:?}",
        g.errors
    );
    // After a German game, the same game is German.
    let file = format!("[Event \"de\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n\n{pgn}");
    let games = read_in(file.as_bytes(), LanguageChoice::Auto);
    assert_eq!(games[1].summary.language, Language::De);
    assert_eq!(games[1].errors, Vec::<String>::new());
    assert_eq!(games[1].moves.join(" "), "e2e4 e7e5 g1f3 b8c6");
}
