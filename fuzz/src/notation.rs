//! The notation checks: every parser on fuzzed text, and every legal move
//! written in each notation and read back.

use arbitrary::Unstructured;

use movetext::{Move, Position};

use super::split_fen;

/// Asserts that a resolved move is `NULL` or legal in `pos`.
fn assert_resolves_legal(pos: &Position, m: Move, what: &str, text: &[u8]) {
    assert!(
        m.is_null() || pos.is_legal(m),
        "{what} {:?} resolved to {m:?}, not legal in {}",
        String::from_utf8_lossy(text),
        pos.fen()
    );
}

/// Checks a `from_ascii_prefix` success: it used at least one byte and at
/// most all of them, and the used prefix parses whole to the same value.
fn check_prefix<T: PartialEq + core::fmt::Debug, E: core::fmt::Debug>(
    what: &str,
    text: &[u8],
    prefix: Result<(T, usize), E>,
    whole_of: impl Fn(&[u8]) -> Result<T, E>,
) -> Option<T> {
    let (value, used) = prefix.ok()?;
    assert!(
        used >= 1 && used <= text.len(),
        "{what} prefix of {:?} used {used} bytes",
        String::from_utf8_lossy(text)
    );
    let again = whole_of(&text[..used]);
    assert!(
        matches!(&again, Ok(v) if *v == value),
        "{what}: prefix of {:?} gave {value:?} using {used} bytes, the prefix alone gives {again:?}",
        String::from_utf8_lossy(text)
    );
    Some(value)
}

/// Target `notation_parsers`: any bytes through every parser of
/// `movetext::notation`. Input: `FEN '\n' TEXT` (the position to resolve
/// in, else the start position and the whole input is the text).
///
/// Checked: no panic; a `*_prefix` success uses 1..=len bytes and the used
/// prefix parses whole to the same value; a whole-token success is also a
/// prefix success using every byte; a strict SAN success is a lenient one
/// with the same value; whatever parses resolves without panicking, and a
/// resolved move is legal; a parsed SAN written back (in the language,
/// letters) reads back leniently to the same SAN.
/// `SanPlus::play` (resolve and play in one step) gives what `to_move`
/// gave, and leaves the position as playing that move does (the null move
/// passes; an error leaves it unchanged).
fn assert_plays_as_resolved(
    pos: &Position,
    sp: &movetext::notation::SanPlus,
    mode: movetext::notation::ParseMode,
    resolved: Result<movetext::notation::Resolved, movetext::notation::SanError>,
) {
    let mut after = *pos;
    let played = sp.play(&mut after, mode);
    assert_eq!(
        played, resolved,
        "SanPlus::play vs to_move: {sp:?} in {pos}"
    );
    let mut want = *pos;
    match played {
        Ok(r) if r.mv.is_null() => assert!(want.play_null(), "a null move resolved in check"),
        Ok(r) => want.play(r.mv),
        Err(_) => {}
    }
    assert_eq!(after, want, "SanPlus::play position: {sp:?} in {pos}");
}

pub fn notation_parsers(data: &[u8]) {
    use movetext::notation::{
        Descriptive, GameResult, Iccf, Lan, Language, Nag, ParseMode, San, SanStyle, Uci,
    };
    let (pos, text) = split_fen(data);
    let t = text;

    for lang in Language::ALL {
        let mut strict_value = None;
        for mode in [ParseMode::Strict, ParseMode::Lenient] {
            let whole = San::from_ascii(t, lang, mode);
            let prefix = San::from_ascii_prefix(t, lang, mode);
            if let Ok(w) = &whole {
                assert_eq!(
                    prefix.as_ref().ok(),
                    Some(&(*w, t.len())),
                    "SAN {lang:?} {mode:?}: whole vs prefix"
                );
            }
            // A whole token read strictly reads the same leniently (a
            // prefix may not: lenient mode reads on into `exd6 ep`).
            match mode {
                ParseMode::Strict => strict_value = whole.ok(),
                ParseMode::Lenient => {
                    if let Some(s) = strict_value {
                        assert_eq!(Ok(s), whole, "SAN {lang:?}: strict vs lenient value");
                    }
                }
            }
            let Some(sp) = check_prefix("SAN", t, prefix, |p| San::from_ascii(p, lang, mode))
            else {
                continue;
            };
            for resolve_mode in [ParseMode::Strict, ParseMode::Lenient] {
                let resolved = sp.to_move(&pos, resolve_mode);
                if let Ok(r) = resolved {
                    assert_resolves_legal(&pos, r.mv, "SAN", t);
                }
                assert_plays_as_resolved(&pos, &sp, resolve_mode, resolved);
            }
            let mut out = String::new();
            sp.san
                .write(&SanStyle::with_language(lang), pos.turn(), &mut out);
            let back = San::from_ascii(out.as_bytes(), lang, ParseMode::Lenient);
            assert_eq!(
                back.map(|b| b.san),
                Ok(sp.san),
                "SAN {lang:?} {:?} written as {out:?}",
                String::from_utf8_lossy(t)
            );
        }
        if let Some(lan) = check_prefix("LAN", t, Lan::from_ascii_prefix(t, lang), |p| {
            Lan::from_ascii(p, lang)
        }) {
            if let Ok(m) = lan.to_move(&pos) {
                assert_resolves_legal(&pos, m, "LAN", t);
            }
        }
    }
    if let Some(uci) = check_prefix("UCI", t, Uci::from_ascii_prefix(t), Uci::from_ascii) {
        if let Ok(m) = uci.to_move(&pos) {
            assert_resolves_legal(&pos, m, "UCI", t);
        }
        assert_eq!(Uci::from_ascii(uci.to_string().as_bytes()), Ok(uci));
    }
    if let Some(iccf) = check_prefix("ICCF", t, Iccf::from_ascii_prefix(t), Iccf::from_ascii) {
        if let Ok(m) = iccf.to_move(&pos) {
            assert_resolves_legal(&pos, m, "ICCF", t);
        }
        assert_eq!(Iccf::from_ascii(iccf.to_string().as_bytes()), Ok(iccf));
    }
    if let Some(d) = check_prefix(
        "descriptive",
        t,
        Descriptive::from_ascii_prefix(t),
        Descriptive::from_ascii,
    ) {
        if let Ok(m) = d.to_move(&pos) {
            assert_resolves_legal(&pos, m, "descriptive", t);
        }
    }
    if let Some(r) = check_prefix(
        "result",
        t,
        GameResult::from_ascii_prefix(t),
        GameResult::from_ascii,
    ) {
        assert_eq!(GameResult::from_ascii(r.as_str().as_bytes()), Ok(r));
        let pgn = GameResult::from_ascii(r.pgn().as_bytes()).map(GameResult::half_points);
        assert!(r.pgn() == "*" || pgn == Ok(r.half_points()), "{r:?}");
    }
    if let Ok(nag) = Nag::from_ascii(t) {
        assert_eq!(Nag::from_ascii(format!("${}", nag.0).as_bytes()), Ok(nag));
        let _ = nag.to_string();
    }
    if let Some((nag, used)) = Nag::from_glyph_prefix(t) {
        assert!(used >= 1 && used <= t.len());
        assert_eq!(Nag::from_glyph_prefix(&t[..used]), Some((nag, used)));
        assert_eq!(Nag::from_ascii(&t[..used]), Ok(nag));
    }
    let dollar = Nag::from_dollar_prefix(t);
    if let Some(nag) = check_prefix("$n", t, dollar, Nag::from_ascii) {
        let _ = nag.glyph();
    }
}

/// Plies per input of [`notation_roundtrip`].
pub const ROUNDTRIP_PLIES: usize = 40;

/// [`check_roundtrip`] notations: SAN, LAN, UCI, ICCF, descriptive.
pub const SAN: u8 = 1;
/// LAN with and without hyphen.
pub const LAN: u8 = 2;
/// UCI, standard and Chess960 castling.
pub const UCI: u8 = 4;
/// ICCF numeric.
pub const ICCF: u8 = 8;
/// English descriptive.
pub const DESCRIPTIVE: u8 = 16;
/// Every notation.
pub const ALL_NOTATIONS: u8 = 31;

/// Writes every legal move of `pos` in the notations of `which` (SAN in
/// `style`, LAN with and without hyphen in `style`, UCI standard and
/// Chess960, ICCF, descriptive) and asserts each text reads back to the
/// same move. SAN is read strictly when the style is one a PGN export
/// writes, else leniently, in the style's language.
pub fn check_roundtrip(pos: &Position, style: &movetext::notation::SanStyle, which: u8) {
    use movetext::notation::{
        write_descriptive, write_iccf, write_lan, write_san, write_uci, Descriptive, Figurines,
        Iccf, Lan, ParseMode, San, Uci,
    };
    use movetext::CastlingMode;

    let strict_ok = style.figurines == Figurines::Off
        && !style.castling_zero
        && style.promotion_equals
        && !style.capture_colon;
    let mode = if strict_ok {
        ParseMode::Strict
    } else {
        ParseMode::Lenient
    };
    let lang = style.language;
    let fen = pos.fen();
    let moves = pos.legal_moves();
    for &m in moves.iter() {
        // A castling move named by the king's target square is a plain king
        // step when that step is legal too (Chess960): not a writer bug.
        let king_step_twin = m.is_castle()
            && moves.iter().any(|&o| {
                !o.is_castle() && o.from() == m.from() && o.to() == Position::castle_king_target(m)
            });

        if which & SAN != 0 {
            let mut s = String::new();
            write_san(pos, m, style, &mut s);
            let read = San::from_ascii(s.as_bytes(), lang, mode)
                .unwrap_or_else(|e| panic!("SAN {s:?} ({style:?}, {mode:?}): {e} in {fen}"));
            let resolved = read.to_move(pos, mode);
            let r = resolved
                .unwrap_or_else(|e| panic!("SAN {s:?} ({style:?}, {mode:?}): {e} in {fen}"));
            assert_eq!(r.mv, m, "SAN {s:?} ({style:?}, {mode:?}) in {fen}");
            assert_plays_as_resolved(pos, &read, mode, resolved);
        }

        if which & LAN != 0 {
            for hyphen in [false, true] {
                let mut s = String::new();
                write_lan(pos, m, style, hyphen, &mut s);
                let lan = Lan::from_ascii(s.as_bytes(), lang)
                    .unwrap_or_else(|e| panic!("LAN {s:?} ({style:?}): {e} in {fen}"));
                assert_eq!(lan.to_move(pos), Ok(m), "LAN {s:?} ({style:?}) in {fen}");
            }
        }

        if which & UCI != 0 {
            for cmode in [CastlingMode::Standard, CastlingMode::Chess960] {
                if cmode == CastlingMode::Standard && king_step_twin {
                    continue;
                }
                let mut s = String::new();
                write_uci(m, cmode, &mut s);
                let uci = Uci::from_ascii(s.as_bytes())
                    .unwrap_or_else(|e| panic!("UCI {s:?} ({cmode:?}): {e} in {fen}"));
                assert_eq!(uci.to_move(pos), Ok(m), "UCI {s:?} ({cmode:?}) in {fen}");
            }
        }

        if which & ICCF != 0 && !king_step_twin {
            let mut s = String::new();
            write_iccf(m, &mut s);
            let iccf = Iccf::from_ascii(s.as_bytes())
                .unwrap_or_else(|e| panic!("ICCF {s:?}: {e} in {fen}"));
            assert_eq!(iccf.to_move(pos), Ok(m), "ICCF {s:?} in {fen}");
        }

        if which & DESCRIPTIVE != 0 {
            let mut s = String::new();
            write_descriptive(pos, m, &mut s);
            // One token: a PGN reader must read it back as one move.
            assert!(!s.contains([' ', '(', ')']), "descriptive {s:?} in {fen}");
            let d = Descriptive::from_ascii(s.as_bytes())
                .unwrap_or_else(|e| panic!("descriptive {s:?}: {e} in {fen}"));
            assert_eq!(d.to_move(pos), Ok(m), "descriptive {s:?} in {fen}");
        }
    }
}

/// Target `notation_roundtrip`: a game of fuzzed move choices (as in
/// [`legals_are_legal`], at most [`ROUNDTRIP_PLIES`]). At each position
/// the input picks a SAN style (language, figurines, `0-0`, `e8Q`, `:`,
/// suffixes) and one notation, and [`check_roundtrip`] checks every legal
/// move in it; at the last position (input used up) in every notation.
pub fn notation_roundtrip(data: &[u8]) {
    use movetext::notation::{Figurines, Language, SanStyle};
    let (mut pos, choices) = split_fen(data);
    let mut u = Unstructured::new(choices);
    for ply in 0..=ROUNDTRIP_PLIES {
        let lang = *u.choose(&Language::ALL).unwrap_or(&Language::En);
        let flags = u.arbitrary::<u8>().unwrap_or(0);
        let style = SanStyle {
            language: lang,
            figurines: [
                Figurines::Off,
                Figurines::BySide,
                Figurines::White,
                Figurines::Black,
            ][usize::from(flags & 3)],
            castling_zero: flags & 4 != 0,
            promotion_equals: flags & 8 == 0,
            capture_colon: flags & 16 != 0,
            suffix: flags & 32 == 0,
            glyph: flags & 64 != 0,
        };
        let which = 1 << u.choose_index(5).unwrap_or(0);
        let moves = pos.legal_moves();
        if u.is_empty() || ply == ROUNDTRIP_PLIES || moves.is_empty() {
            check_roundtrip(&pos, &style, ALL_NOTATIONS);
            break;
        }
        check_roundtrip(&pos, &style, which);
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        pos.play(moves[i]);
    }
}
