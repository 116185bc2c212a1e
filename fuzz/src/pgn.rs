//! The PGN checks: the reader on fuzzed input, read whole, through short
//! reads, with the validator, and cut into chunks.

use movetext::{Move, Position};

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
    /// `move_suffix(word, at)`.
    MoveSuffix(Vec<u8>, movetext::pgn::Location),
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
    fn move_suffix(&mut self, word: &[u8], at: movetext::pgn::Location) -> movetext::pgn::Control {
        self.push(Event::MoveSuffix(word.to_vec(), at))
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
        | Event::MoveSuffix(t, _)
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
