//! The checks every fuzz target shares: a naive move generator
//! ([`Naive`], in `naive.rs`, shared with `tests/engine/oracle.rs`) and
//! [`check_position`], which compares every query of a position with it;
//! and the bodies of the fuzz targets ([`fen`], [`legals_are_legal`],
//! [`notation_parsers`], [`notation_roundtrip`], [`pgn_reader`],
//! [`pgn_chunked`]), kept here so `tests/fuzz_regressions.rs` (which
//! includes this file) replays crash inputs through exactly the same code.

#![allow(dead_code)] // also compiled as a module of tests/fuzz_regressions.rs

use arbitrary::Unstructured;

use movetext::{Bitboard, CastlingSide, CheckStatus, Move, MoveList, Position, Square};

#[path = "naive.rs"]
mod naive;
pub use naive::Naive;

/// Asserts that `a` (read back from `fen`) and `b` are the same position
/// in everything a FEN records or the generator derives (checkers, pins).
/// Not `==`: the derived `PartialEq` also compares the pseudo-legal en
/// passant square, which a FEN does not keep when the capture is illegal,
/// and the castling mode, which a FEN shows only through its rights (a
/// Chess960 game that lost them reads back as standard).
pub fn assert_same(a: &Position, b: &Position, fen: &str) {
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.checkers(), b.checkers(), "checkers: {fen}");
    assert_eq!(a.pinned(), b.pinned(), "pinned: {fen}");
    assert_eq!(a.ep_square(), b.ep_square(), "ep_square: {fen}");
    assert_eq!(
        a.castling_rights(),
        b.castling_rights(),
        "castling rights: {fen}"
    );
}

/// Compares everything the position answers with the naive oracle and with
/// itself (list vs count vs `is_legal` vs SAN candidates vs check status vs
/// FEN round trip). Panics on the first disagreement; returns the legal
/// moves in generation order.
pub fn check_position(pos: &Position) -> MoveList {
    let fen = pos.fen();
    let again =
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not read back: {e}"));
    assert_same(&again, pos, &fen);

    let naive = Naive::new(pos);
    let expected = naive.legal();
    let moves = pos.legal_moves();
    let mut got: Vec<Move> = moves.to_vec();
    got.sort_by_key(|m| m.to_u16());
    assert_eq!(got, expected, "move sets differ: {fen}");
    assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
    assert_eq!(pos.has_legal_moves(), !moves.is_empty(), "{fen}");

    let check = naive.in_check();
    assert_eq!(pos.is_check(), check, "check verdict: {fen}");
    assert_eq!(pos.checkers().any(), check, "checkers: {fen}");
    assert_eq!(pos.is_checkmate(), check && moves.is_empty(), "{fen}");
    assert_eq!(pos.is_stalemate(), !check && moves.is_empty(), "{fen}");

    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if let Some(m) = pos.castling_move(side) {
            assert!(
                moves.contains(&m),
                "castling_move({side:?}) = {m:?} not generated: {fen}"
            );
            assert_eq!(Position::castling_side(m), Some(side), "{fen}");
        }
    }

    let mut captures = MoveList::new();
    pos.capture_moves_into(&mut captures);
    let mut captures: Vec<Move> = captures.to_vec();
    captures.sort_by_key(|m| m.to_u16());
    let them = pos.by_color(pos.turn().other());
    let expected_captures: Vec<Move> = expected
        .iter()
        .copied()
        .filter(|m| m.is_en_passant() || (!m.is_castle() && them.contains(m.to())))
        .collect();
    assert_eq!(captures, expected_captures, "captures: {fen}");

    let mut list = MoveList::new();
    for &m in moves.iter() {
        assert!(
            pos.is_legal(m),
            "is_legal({m:?}) false for a generated move: {fen}"
        );
        assert_eq!(
            pos.is_capture(m),
            expected_captures.contains(&m),
            "is_capture({m:?}): {fen}"
        );

        let after = pos.played(m);
        let n = naive.make(m);
        for sq in Square::all() {
            assert_eq!(
                after.piece_at(sq),
                n.at(sq),
                "board after {m:?} at {sq}: {fen}"
            );
        }
        let gives = n.in_check();
        assert_eq!(after.is_check(), gives, "is_check after {m:?}: {fen}");
        assert_eq!(pos.gives_check(m), gives, "gives_check({m:?}): {fen}");
        let status = if !gives {
            CheckStatus::None
        } else if after.has_legal_moves() {
            CheckStatus::Check
        } else {
            CheckStatus::Checkmate
        };
        assert_eq!(
            pos.check_status_after(m),
            status,
            "check_status_after({m:?}): {fen}"
        );

        if m.is_castle() {
            continue;
        }
        let role = pos.role_at(m.from()).expect("a piece moves");
        let same =
            |c: &Move| !c.is_castle() && c.to() == m.to() && pos.role_at(c.from()) == Some(role);
        let mut want: Vec<Move> = expected.iter().copied().filter(same).collect();
        list.clear();
        pos.san_candidates(role, m.to(), Bitboard::FULL, &mut list);
        let mut have = list.to_vec();
        have.sort_by_key(|c| c.to_u16());
        assert_eq!(have, want, "san_candidates({role:?}, {}): {fen}", m.to());
        want.retain(|c| c.from() == m.from());
        list.clear();
        pos.san_candidates(role, m.to(), Bitboard::from_square(m.from()), &mut list);
        let mut have = list.to_vec();
        have.sort_by_key(|c| c.to_u16());
        assert_eq!(
            have,
            want,
            "san_candidates({role:?}, {}, from {}): {fen}",
            m.to(),
            m.from()
        );
    }
    moves
}

/// Target `fen`: any bytes. When `Position::from_fen_bytes` accepts them,
/// the FEN and EPD it writes read back to the same position, every query
/// agrees with the oracle ([`check_position`]), and every move can be
/// played and its replies generated (perft 2).
pub fn fen(data: &[u8]) {
    fen_checks(data);
}

fn fen_checks(data: &[u8]) {
    let Ok(pos) = Position::from_fen_bytes(data) else {
        return;
    };
    let fen = pos.fen();
    let again =
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not read back: {e}"));
    assert_same(&again, &pos, &fen);
    let epd = pos.epd();
    let (from_epd, _) = Position::from_epd(&epd).unwrap_or_else(|e| panic!("{epd:?}: {e}"));
    assert_eq!(from_epd.epd(), epd);
    let moves = check_position(&pos);
    let nodes: u64 = moves
        .iter()
        .map(|&m| pos.played(m).count_legal_moves())
        .sum();
    assert_eq!(pos.perft(2), nodes, "{fen}");
}

/// Plies per input of [`legals_are_legal`].
pub const MAX_PLIES: usize = 50;

/// Target `legals_are_legal`: a game of fuzzed move choices, every position
/// checked with [`check_position`].
///
/// Input: `FEN '\n' CHOICES`. If the part before the first newline reads as
/// a FEN the game starts there, else from the start position (and the whole
/// input is choices). Per ply, `arbitrary` reads a raw 16-bit move, which
/// `is_legal` must judge as the generated list does, and the index of the
/// legal move to play.
pub fn legals_are_legal(data: &[u8]) {
    let (mut pos, choices) = match data.iter().position(|&b| b == b'\n') {
        Some(nl) => match Position::from_fen_bytes(&data[..nl]) {
            Ok(pos) => (pos, &data[nl + 1..]),
            Err(_) => (Position::new(), data),
        },
        None => (Position::new(), data),
    };
    let mut u = Unstructured::new(choices);
    for _ in 0..MAX_PLIES {
        let moves = check_position(&pos);
        let Ok(raw) = u.arbitrary::<u16>() else {
            break;
        };
        let raw = Move::from_u16(raw);
        assert_eq!(
            pos.is_legal(raw),
            moves.contains(&raw),
            "is_legal({raw:?}) in {}",
            pos.fen()
        );
        if moves.is_empty() {
            break;
        }
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        pos.play(moves[i]);
    }
}

/// Splits `FEN '\n' REST`: the position of the first line if it reads as a
/// FEN (and the rest), else the start position and all of `data`.
pub fn split_fen(data: &[u8]) -> (Position, &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(nl) => match Position::from_fen_bytes(&data[..nl]) {
            Ok(pos) => (pos, &data[nl + 1..]),
            Err(_) => (Position::new(), data),
        },
        None => (Position::new(), data),
    }
}

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

/// One event of the PGN reader, owned.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// `begin_game(number)`.
    BeginGame(u64),
    /// `tag(name, raw value)`.
    Tag(Vec<u8>, Vec<u8>, movetext::pgn::Location),
    /// `begin_movetext`.
    BeginMovetext,
    /// `move_number(n, black)`.
    MoveNumber(u32, bool),
    /// `san(token, at)`.
    San(Vec<u8>, movetext::pgn::Location),
    /// `null_move(token, at)`.
    NullMove(Vec<u8>, movetext::pgn::Location),
    /// `nag`.
    Nag(movetext::notation::Nag),
    /// `comment`.
    Comment(Vec<u8>),
    /// `begin_variation`.
    BeginVariation,
    /// `end_variation`.
    EndVariation,
    /// `result(raw, result)`.
    Result(Vec<u8>, movetext::notation::GameResult),
    /// `error(kind, at, token)`.
    Error(movetext::pgn::ErrorKind, movetext::pgn::Location, Vec<u8>),
}

/// A visitor that records every event; `end_game` returns the game's
/// events. With `interrupt = Some((n, control))` it answers `control` to
/// the `n`-th event (1-based, counted over the whole input) and notes
/// where that was.
#[derive(Default)]
pub struct Recorder {
    events: Vec<Event>,
    interrupt: Option<(usize, movetext::pgn::Control)>,
    seen: usize,
    games: usize,
    in_game: bool,
    /// `(game index (0-based), events of that game's output up to and
    /// including the interrupted one, the interrupted event, whether it
    /// came inside a game (not from junk before one))`.
    hit: Option<(usize, usize, Event, bool)>,
}

impl Recorder {
    fn push(&mut self, e: Event) -> movetext::pgn::Control {
        self.events.push(e);
        self.seen += 1;
        match self.interrupt {
            Some((n, c)) if n == self.seen => {
                // Junk before a game is reported before its `begin_game`
                // and ends up in that game's output.
                let game = if self.in_game {
                    self.games - 1
                } else {
                    self.games
                };
                self.hit = Some((
                    game,
                    self.events.len(),
                    self.events.last().unwrap().clone(),
                    self.in_game,
                ));
                c
            }
            _ => movetext::pgn::Control::Continue,
        }
    }
}

impl movetext::pgn::Visitor for Recorder {
    type Output = Vec<Event>;
    fn begin_game(&mut self, game: u64) -> movetext::pgn::Control {
        self.games += 1;
        self.in_game = true;
        self.push(Event::BeginGame(game))
    }
    fn tag(
        &mut self,
        name: &[u8],
        value: movetext::pgn::RawTag<'_>,
        at: movetext::pgn::Location,
    ) -> movetext::pgn::Control {
        self.push(Event::Tag(name.to_vec(), value.as_bytes().to_vec(), at))
    }
    fn begin_movetext(&mut self) -> movetext::pgn::Control {
        self.push(Event::BeginMovetext)
    }
    fn move_number(&mut self, number: u32, black: bool) -> movetext::pgn::Control {
        self.push(Event::MoveNumber(number, black))
    }
    fn san(&mut self, san: &[u8], at: movetext::pgn::Location) -> movetext::pgn::Control {
        self.push(Event::San(san.to_vec(), at))
    }
    fn null_move(&mut self, token: &[u8], at: movetext::pgn::Location) -> movetext::pgn::Control {
        self.push(Event::NullMove(token.to_vec(), at))
    }
    fn nag(&mut self, nag: movetext::notation::Nag) -> movetext::pgn::Control {
        self.push(Event::Nag(nag))
    }
    fn comment(&mut self, comment: &[u8]) -> movetext::pgn::Control {
        self.push(Event::Comment(comment.to_vec()))
    }
    fn begin_variation(&mut self) -> movetext::pgn::Control {
        self.push(Event::BeginVariation)
    }
    fn end_variation(&mut self) -> movetext::pgn::Control {
        self.push(Event::EndVariation)
    }
    fn result(
        &mut self,
        raw: &[u8],
        result: movetext::notation::GameResult,
    ) -> movetext::pgn::Control {
        self.push(Event::Result(raw.to_vec(), result))
    }
    fn error(&mut self, e: &movetext::pgn::PgnError<'_>) -> movetext::pgn::Control {
        self.push(Event::Error(e.kind, e.at, e.token.to_vec()))
    }
    fn end_game(&mut self) -> Vec<Event> {
        self.in_game = false;
        std::mem::take(&mut self.events)
    }
}

/// An `io::Read` that hands over at most `step` bytes per call.
pub struct ShortReads<'a> {
    data: &'a [u8],
    step: usize,
}

impl std::io::Read for ShortReads<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Every game's events from one `Reader::from_slice`, read to the end.
pub fn read_events(pgn: &[u8]) -> Vec<Vec<Event>> {
    let mut games = Vec::new();
    movetext::pgn::Reader::from_slice(pgn)
        .read_all(&mut Recorder::default(), |g| games.push(g))
        .expect("a slice has no I/O errors");
    games
}

/// Asserts the validator's moves are legal where it played them.
struct LegalMoves {
    moves: u32,
    strict: bool,
}

/// Open bug (reported, `tests/data/fuzz/pgn_reader/open/validator-null-token-with-glyph`):
/// a null move written with a glyph or suffix (`--?`, also lenient `Z0`)
/// reaches the reader's `san` hook; the validator resolves it to
/// `Move::NULL`, hands it to `legal_move` and plays it with
/// `Position::play` instead of `null_move` / `play_null`. While true, the
/// fuzzers accept a null move in `legal_move`.
pub const OPEN_BUG_VALIDATOR_NULL_TOKEN: bool = false;

impl movetext::validate::GameVisitor for LegalMoves {
    type Output = (u32, movetext::validate::GameSummary);
    fn legal_move(&mut self, before: &Position, m: Move, token: &[u8], depth: u32) {
        let tolerated = !self.strict && OPEN_BUG_VALIDATOR_NULL_TOKEN && m.is_null();
        assert!(
            tolerated || before.is_legal(m),
            "validator played {m:?} ({:?}) in {}",
            String::from_utf8_lossy(token),
            before.fen()
        );
        if depth == 0 {
            self.moves += 1;
        }
    }
    fn end_game(&mut self, summary: &movetext::validate::GameSummary) -> Self::Output {
        (std::mem::take(&mut self.moves), *summary)
    }
}

/// Target `pgn_reader`: any bytes through the PGN reader and validator.
///
/// Input: `N STEP FLAGS PGN...` (three bytes, then the text). Checked: no
/// panic; a buffered `Reader` (smallest buffer, fed `STEP + 1` bytes per
/// read) gives the same events as `Reader::from_slice` (unless it reports
/// a token or comment too long for its buffer); the `Validator` (English
/// lenient with and without variations, and auto-detected strict without)
/// never panics, plays only legal moves and counts them right; and a
/// visitor that answers `Stop` (FLAGS bit 0) or `Skip` to the `N + 1`-th
/// event sees the same events up to it, none after it in that game (except
/// after a skipped variation), and exactly the same following games as an
/// uninterrupted read.
pub fn pgn_reader(data: &[u8]) {
    pgn_reader_checks(data, false);
}

/// Asserts two readings gave the same games, naming the first difference.
pub fn assert_same_games(got: &[Vec<Event>], want: &[Vec<Event>], what: &str) {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        for (j, (a, b)) in g.iter().zip(w).enumerate() {
            assert!(
                a == b,
                "{what}: game {} event {j}: {a:?} vs {b:?} ({:?} vs {:?})",
                i + 1,
                event_text(a),
                event_text(b)
            );
        }
        assert_eq!(
            g.len(),
            w.len(),
            "{what}: game {} has {} events vs {}: {:?} vs {:?}",
            i + 1,
            g.len(),
            w.len(),
            g.get(w.len()),
            w.get(g.len())
        );
    }
    assert_eq!(
        got.len(),
        want.len(),
        "{what}: number of games; extra: {:?} vs {:?}",
        got.get(want.len()..),
        want.get(got.len()..)
    );
}

/// The bytes an event carries, as text (for messages).
fn event_text(e: &Event) -> String {
    match e {
        Event::Tag(a, b, _) => format!(
            "{} {}",
            String::from_utf8_lossy(a),
            String::from_utf8_lossy(b)
        ),
        Event::San(t, _)
        | Event::NullMove(t, _)
        | Event::Comment(t)
        | Event::Result(t, _)
        | Event::Error(_, _, t) => String::from_utf8_lossy(t).into_owned(),
        _ => String::new(),
    }
}

/// [`pgn_reader`]; unless `strict`, the open bugs whose `OPEN_BUG_*`
/// constant is true are tolerated.
pub fn pgn_reader_checks(data: &[u8], strict: bool) {
    use movetext::pgn::{buffer::MIN_CAPACITY, Control, ErrorKind, Reader};
    use movetext::validate::{LanguageChoice, ValidateOptions, Validator};

    let (params, pgn) = data.split_at(data.len().min(3));
    let param = |i: usize| params.get(i).copied().unwrap_or(0);
    let full = read_events(pgn);

    // Buffered, in short reads.
    let mut buffered = Vec::new();
    let input = ShortReads {
        data: pgn,
        step: usize::from(param(1)) + 1,
    };
    Reader::with_capacity(MIN_CAPACITY, input)
        .read_all(&mut Recorder::default(), |g| buffered.push(g))
        .expect("no I/O errors");
    let too_long = buffered.iter().flatten().any(|e| {
        matches!(
            e,
            Event::Error(ErrorKind::TokenTooLong | ErrorKind::CommentTooLong, ..)
        )
    });
    if !too_long {
        assert_same_games(&buffered, &full, "buffered reader vs slice reader");
    }

    // The validator.
    for options in [
        ValidateOptions::default(),
        ValidateOptions {
            language: LanguageChoice::Auto,
            mode: movetext::notation::ParseMode::Strict,
            variations: false,
        },
        // The benches' setting: most moves are handed on with the position
        // and played without a copy of it.
        ValidateOptions {
            variations: false,
            ..ValidateOptions::default()
        },
    ] {
        let mut v = Validator::new(LegalMoves { moves: 0, strict }, options);
        let mut games = 0u64;
        Reader::from_slice(pgn)
            .read_all(&mut v, |(moves, summary)| {
                games += 1;
                assert_eq!(summary.game, games, "{options:?}");
                assert_eq!(summary.moves, moves, "{options:?}: mainline moves");
            })
            .expect("no I/O errors");
        assert_eq!(games, full.len() as u64, "{options:?}: games");
    }

    // Interrupted.
    let control = if param(2) & 1 == 1 {
        Control::Stop
    } else {
        Control::Skip
    };
    let n = usize::from(param(0)) + 1;
    let mut rec = Recorder {
        interrupt: Some((n, control)),
        ..Recorder::default()
    };
    let mut reader = Reader::from_slice(pgn);
    let mut games = Vec::new();
    while let Some(g) = reader.read_game(&mut rec).expect("no I/O errors") {
        let hit_here = matches!(rec.hit, Some((i, _, _, true)) if i == games.len());
        assert_eq!(
            reader.stopped(),
            hit_here && control == Control::Stop,
            "stopped() after game {}",
            games.len() + 1
        );
        games.push(g);
    }
    assert_eq!(
        games.len(),
        full.len(),
        "games after an interrupt ({control:?} at event {n})"
    );
    for (i, (got, want)) in games.iter().zip(&full).enumerate() {
        match &rec.hit {
            // A control answered outside a game (to an error about junk
            // before it) silences the rest of that junk's errors; the game
            // itself is read in full and reading does not stop.
            Some((hit, k, _, false)) if *hit == i => {
                assert_eq!(&got[..*k], &want[..*k], "game {} before its junk", i + 1);
                let silenced = want[*k..]
                    .iter()
                    .take_while(|e| matches!(e, Event::Error(..)))
                    .count();
                assert_same_games(
                    &[got[*k..].to_vec()],
                    &[want[*k + silenced..].to_vec()],
                    &format!("game {} after {control:?} to junk before it", i + 1),
                );
            }
            Some((hit, k, event, true)) if *hit == i => {
                assert_eq!(
                    &got[..*k],
                    &want[..*k],
                    "game {} up to the interrupted event",
                    i + 1
                );
                if control == Control::Stop || *event != Event::BeginVariation {
                    assert_eq!(
                        got.len(),
                        *k,
                        "events after {control:?} at {event:?} in game {}",
                        i + 1
                    );
                }
            }
            _ => assert_same_games(
                std::slice::from_ref(got),
                std::slice::from_ref(want),
                &format!("game {} ({control:?} at event {n})", i + 1),
            ),
        }
    }
}

/// Target `pgn_chunked`: `split::read_all_chunked` (and `pgn::par_read_all`)
/// with a small chunk size give the same games, events and game count as
/// one sequential `Reader`; the game starts counted in memory and through
/// a stream are those of the line-by-line scan.
///
/// Input: two bytes (chunk size = their value mod 1024, plus 1), then PGN.
pub fn pgn_chunked(data: &[u8]) {
    use movetext::pgn::split::read_all_chunked;
    let (params, pgn) = data.split_at(data.len().min(2));
    let chunk = params.iter().fold(0usize, |a, &b| a << 8 | usize::from(b)) % 1024 + 1;
    let full = read_events(pgn);

    let mut chunked = Vec::new();
    let games = read_all_chunked(pgn, chunk, &mut Recorder::default(), |g| chunked.push(g))
        .expect("no I/O errors");
    assert_same_games(
        &chunked,
        &full,
        &format!("read_all_chunked, chunk size {chunk}"),
    );
    assert_eq!(games, full.len() as u64);

    // Game starts counted in memory and through a stream, against the
    // line-by-line scan.
    let starts = movetext::pgn::scan::hard_starts_scalar(pgn, true).len() as u64;
    assert_eq!(movetext::pgn::split::count_game_starts(pgn), starts);
    let streamed = movetext::pgn::split::count_game_starts_read(pgn).expect("no I/O errors");
    assert_eq!(streamed, starts);

    #[cfg(feature = "parallel")]
    {
        let mut par = Vec::new();
        let games = movetext::pgn::par_read_all(pgn, chunk, Recorder::default, |g| par.push(g))
            .expect("no I/O errors");
        assert_same_games(&par, &full, &format!("par_read_all, chunk size {chunk}"));
        assert_eq!(games, full.len() as u64);
        // A stretch without a game start longer than two chunks is read on
        // sequentially from there: the same games.
        let options = movetext::pgn::ParOptions::default()
            .threads(2)
            .chunk_size(chunk)
            .max_stretch(2 * chunk);
        let mut par = Vec::new();
        let games = movetext::pgn::par_read(pgn, &options, Recorder::default, |g| {
            par.push(g);
            movetext::pgn::Control::Continue
        })
        .expect("no I/O errors");
        let what = format!("par_read, chunk size {chunk}, stretch {}", 2 * chunk);
        assert_same_games(&par, &full, &what);
        assert_eq!(games, full.len() as u64);
    }
}
