//! One game's record, made by the visitors a worker runs: [`Tracker`]
//! (PGN events: the game's offset, its movetext) around the validator
//! around [`Recorder`] (validated moves, tags, comments, errors).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender};

use super::columns::{Column, Columns};
use super::values::{self, Eval};
use crate::moves::Move;
use crate::notation::{to_uci, write_san, Language, SanStyle, Sink, Uci};
use crate::openings::{Classifier, Opening};
use crate::pgn::{self, Control, GameResult, Location, Nag, PgnError, RawTag};
use crate::polyglot;
use crate::position::{CastlingMode, CheckStatus, Position};
use crate::validate::{GameError, GameSummary, GameVisitor, ValidateOptions, Validator, MAX_PLIES};

/// A span of [`GameRecord::text`].
pub(crate) type Span = (u32, u32);

/// PGN export SAN without its `+`/`#`.
const NO_SUFFIX: SanStyle = SanStyle {
    suffix: false,
    ..SanStyle::PGN
};

/// Marks a per-move value that is absent.
pub(crate) const ABSENT: i32 = i32::MIN;

/// Warnings a game's record holds at most; one more says how many
/// followed, from where.
const MAX_WARNINGS: usize = 100;

/// Problems counted, not kept: how many, and where the first was.
#[derive(Default)]
struct Hidden {
    count: u64,
    first: (u64, u64),
}

impl Hidden {
    fn hide(&mut self, at: (u64, u64)) {
        if self.count == 0 {
            self.first = at;
        }
        self.count += 1;
    }
}

/// Bytes of other tags (the `tags` column) a game's record holds at most,
/// counting 16 for each tag besides its name and value.
const MAX_TAG_BYTES: usize = 8 << 20;

/// Strings one after the other, with the end of each. The ends never
/// decrease and none is past the bytes: [`Strings::push_short`],
/// [`Strings::push_display`] and [`Strings::append_to_last`] keep it, and
/// the batch builder's string columns rely on it.
#[derive(Default, Debug)]
pub(crate) struct Strings {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl Strings {
    /// Heap bytes held.
    fn heap(&self) -> usize {
        self.bytes.capacity() + self.ends.capacity() * 4
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
    }

    /// All the strings' bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The end of each string in [`Strings::bytes`].
    pub fn ends(&self) -> &[u32] {
        &self.ends
    }

    /// Appends a short string as one: its whole buffer copied (a copy of
    /// a fixed size, no call), then cut to its length.
    #[inline]
    fn push_short<const N: usize>(&mut self, s: &Short<N>) {
        let len = self.bytes.len();
        self.bytes.extend_from_slice(&s.buf);
        self.bytes.truncate(len + s.len);
        self.ends.push(self.bytes.len() as u32);
    }

    /// Appends `v` as written by `Display`, as one string.
    pub(crate) fn push_display(&mut self, v: impl std::fmt::Display) {
        let _ = std::io::Write::write_fmt(&mut self.bytes, format_args!("{v}"));
        self.ends.push(self.bytes.len() as u32);
    }

    /// Appends a byte to the last string (none: nothing happens).
    fn append_to_last(&mut self, b: u8) {
        if let Some(end) = self.ends.last_mut() {
            self.bytes.push(b);
            *end += 1;
        }
    }
}

/// `w` (2 to 8 bytes) in the low bytes of a word, read as its first and
/// its last half-width word, overlapping when shorter: no loop and no
/// branch on the length beyond the width of the halves.
#[inline(always)]
fn overlapping(w: &[u8]) -> u64 {
    let n = w.len();
    debug_assert!((2..=8).contains(&n));
    if n >= 4 {
        let word = |i: usize| {
            let four: [u8; 4] = w[i..i + 4].try_into().expect("four bytes");
            u64::from(u32::from_le_bytes(four))
        };
        word(0) | word(n - 4) << (8 * (n - 4))
    } else {
        let half = |i: usize| {
            let two: [u8; 2] = w[i..i + 2].try_into().expect("two bytes");
            u64::from(u16::from_le_bytes(two))
        };
        half(0) | half(n - 2) << (8 * (n - 2))
    }
}

/// The UCI of `m` (4 or 5 ASCII bytes) in the first bytes of 5.
#[inline]
pub(crate) fn uci_bytes(m: Move, mode: CastlingMode) -> ([u8; 5], usize) {
    let mut b = *b"0000q";
    let n = match to_uci(m, mode) {
        Uci::Normal {
            from,
            to,
            promotion,
        } => {
            [b[0], b[1]] = from.to_ascii();
            [b[2], b[3]] = to.to_ascii();
            match promotion {
                Some(p) => {
                    b[4] = p.char() as u8;
                    5
                }
                None => 4,
            }
        }
        Uci::Null => 4,
    };
    (b, n)
}

/// A string of at most `N` ASCII bytes, written on the stack (16 hold any
/// English SAN); what does not fit is dropped.
struct Short<const N: usize = 16> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> Default for Short<N> {
    fn default() -> Self {
        Short {
            buf: [0; N],
            len: 0,
        }
    }
}

impl<const N: usize> Sink for Short<N> {
    #[inline]
    fn push_str(&mut self, s: &str) {
        for &b in s.as_bytes() {
            self.push_byte(b);
        }
    }

    #[inline]
    fn push_byte(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }
}

/// One game, ready to be appended to a batch.
#[derive(Default, Debug)]
pub(crate) struct GameRecord {
    pub game: u64,
    pub offset: u64,
    /// Tag values, names, messages, movetext.
    pub text: Vec<u8>,
    /// The value of each tag column ([`Column::TAGS`] order), parsed later.
    pub tags: [Option<Span>; 17],
    /// Other tags: name, value.
    pub other_tags: Vec<(Span, Span)>,
    pub movetext: Option<Span>,
    pub error: Option<Span>,
    pub warnings: Vec<Span>,
    /// The mainline (also for the `uci` column, written from it).
    pub moves: Vec<u16>,
    /// How the game castles (its UCI says).
    pub mode: CastlingMode,
    pub san: Strings,
    pub fen: Strings,
    pub polyglot: Vec<u64>,
    /// Per move: seconds, or [`ABSENT`]; one for every move when
    /// `has_clock` (up to the last clock until the game ends), else none.
    pub clocks: Vec<i32>,
    pub has_clock: bool,
    /// Per move: centipawns and mates, or [`ABSENT`]; as `clocks`, by
    /// `has_eval`.
    pub evals: Vec<i32>,
    pub mates: Vec<i32>,
    pub has_eval: bool,
    pub language: Option<Language>,
    pub opening: Option<&'static Opening>,
}

impl GameRecord {
    /// Heap bytes held (its buffers' room, used or not).
    fn heap(&self) -> usize {
        use std::mem::size_of;
        self.text.capacity()
            + self.other_tags.capacity() * size_of::<(Span, Span)>()
            + self.warnings.capacity() * size_of::<Span>()
            + self.moves.capacity() * 2
            + self.san.heap()
            + self.fen.heap()
            + self.polyglot.capacity() * 8
            + (self.clocks.capacity() + self.evals.capacity() + self.mates.capacity()) * 4
    }

    fn clear(&mut self) {
        self.game = 0;
        self.offset = 0;
        self.text.clear();
        self.tags = [None; 17];
        self.other_tags.clear();
        self.movetext = None;
        self.error = None;
        self.warnings.clear();
        self.moves.clear();
        self.san.clear();
        self.mode = CastlingMode::Standard;
        self.fen.clear();
        self.polyglot.clear();
        self.clocks.clear();
        self.has_clock = false;
        self.evals.clear();
        self.mates.clear();
        self.has_eval = false;
        self.language = None;
        self.opening = None;
    }

    /// Appends `b` to the text: its span.
    fn push_text(&mut self, b: &[u8]) -> Span {
        let start = self.text.len() as u32;
        self.text.extend_from_slice(b);
        (start, self.text.len() as u32)
    }

    /// A tag value as text: as it is when ASCII without a backslash (no
    /// escape, nothing to decode: most values), else decoded as
    /// [`RawTag::decode_lossy`] does.
    fn push_value(&mut self, value: RawTag<'_>) -> Span {
        let raw = value.as_bytes();
        // One pass, no early exit: a value is a few bytes.
        let marks = raw
            .iter()
            .fold(0, |m, &b| m | (b & 0x80) | u8::from(b == b'\\'));
        if marks == 0 {
            return self.push_text(raw);
        }
        let v = value.decode_lossy();
        self.push_text(v.as_bytes())
    }

    /// A tag name as text: as it is when ASCII (tag lines' names are),
    /// else read as Latin-1 where it is no UTF-8.
    fn push_name(&mut self, name: &[u8]) -> Span {
        if name.is_ascii() {
            return self.push_text(name);
        }
        let n = pgn::latin1_lossy(name);
        self.push_text(n.as_bytes())
    }

    /// The bytes of a span.
    pub fn get(&self, (a, b): Span) -> &[u8] {
        &self.text[a as usize..b as usize]
    }

    /// A warning or error message.
    fn push_message(&mut self, args: std::fmt::Arguments<'_>) -> Span {
        let mut s = String::new();
        let _ = s.write_fmt(args);
        self.push_text(s.as_bytes())
    }
}

/// Records handed back by the batch builder for the workers to fill again,
/// so that a record's buffers are allocated once, not once a game.
#[derive(Clone)]
pub(crate) struct Pool {
    give: Sender<Box<GameRecord>>,
    take: Receiver<Box<GameRecord>>,
    /// Heap bytes of the records kept.
    held: Arc<AtomicUsize>,
}

/// The most heap bytes the records kept by a pool may hold together.
const POOL_BYTES: usize = 8 << 20;

impl Pool {
    /// A pool keeping at most `n` records, holding at most [`POOL_BYTES`].
    pub fn new(n: usize) -> Pool {
        let (give, take) = crossbeam_channel::bounded(n);
        Pool {
            give,
            take,
            held: Arc::new(AtomicUsize::new(0)),
        }
    }

    fn take(&self) -> Box<GameRecord> {
        match self.take.try_recv() {
            Ok(r) => {
                self.held.fetch_sub(r.heap(), Ordering::Relaxed);
                r
            }
            Err(_) => Box::default(),
        }
    }

    /// Hands a record back (dropped when the pool is full, by count or by
    /// bytes).
    pub fn give(&self, mut r: Box<GameRecord>) {
        let bytes = r.heap();
        if self.held.fetch_add(bytes, Ordering::Relaxed) + bytes > POOL_BYTES {
            self.held.fetch_sub(bytes, Ordering::Relaxed);
            return;
        }
        r.clear();
        if self.give.try_send(r).is_err() {
            self.held.fetch_sub(bytes, Ordering::Relaxed);
        }
    }
}

/// What the worker-side visitors record, from the columns asked for.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Wanted {
    pub columns: Columns,
    tags: bool,
    other_tags: bool,
    san: bool,
    moves: bool,
    clocks: bool,
    evals: bool,
    opening: bool,
    polyglot: bool,
    fen: bool,
    movetext: bool,
    messages: bool,
    /// The position after each mainline move is needed.
    after: bool,
}

impl Wanted {
    pub fn new(columns: Columns) -> Wanted {
        let has = |c| columns.contains(c);
        let opening = has(Column::OpeningEco) || has(Column::OpeningName);
        Wanted {
            columns,
            tags: Column::TAGS.iter().any(|&c| has(c)),
            other_tags: has(Column::Tags),
            san: has(Column::San),
            moves: has(Column::Moves) || has(Column::PlyCount) || has(Column::Uci),
            clocks: has(Column::Clocks),
            evals: has(Column::Evals) || has(Column::Mates),
            opening,
            polyglot: has(Column::Polyglot),
            fen: has(Column::Fen),
            movetext: has(Column::Movetext),
            messages: has(Column::Error) || has(Column::Warnings),
            after: opening || has(Column::San) || has(Column::Polyglot) || has(Column::Fen),
        }
    }
}

/// Records validated games (a [`GameVisitor`] run by the validator).
pub(crate) struct Recorder {
    wanted: Wanted,
    pool: Pool,
    /// Boxed: a finished record changes hands as a pointer.
    record: Box<GameRecord>,
    in_game: bool,
    /// The game's result token was read: problems after it (text outside
    /// movetext before the next game) are warnings, as `check` counts them.
    result_seen: bool,
    /// Variation depth.
    depth: u32,
    /// Mainline moves recorded: at most the validator's bound on a game's
    /// plies (it fails the game at the next one), so the record is bounded.
    plies: usize,
    /// Bytes of the game's other tags, as [`MAX_TAG_BYTES`] counts them.
    tag_bytes: usize,
    /// The last mainline move (its Polyglot key needs it).
    last: Move,
    /// The last mainline move gave check: its SAN's `+` or `#` is owed.
    /// A legal mainline move after it makes it `+`; else, at the game's
    /// end, `checked` is asked whether it has any (a legal move is the
    /// common answer, and the costly question is rarely put).
    owed: bool,
    /// The position after the move that gave check, while `owed`.
    checked: Position,
    /// With the opening columns only (the table is built on first use).
    classifier: Option<Classifier>,
    /// Warnings that came before the game began (junk before it): the
    /// first [`MAX_WARNINGS`], and the others counted.
    early: Vec<String>,
    early_hidden: Hidden,
    /// The game's warnings past [`MAX_WARNINGS`].
    hidden: Hidden,
}

impl Recorder {
    pub fn new(wanted: Wanted, pool: Pool) -> Recorder {
        Recorder {
            wanted,
            record: pool.take(),
            pool,
            in_game: false,
            result_seen: false,
            depth: 0,
            plies: 0,
            tag_bytes: 0,
            last: Move::NULL,
            owed: false,
            checked: Position::new(),
            classifier: wanted.opening.then(Classifier::new),
            early: Vec::new(),
            early_hidden: Hidden::default(),
            hidden: Hidden::default(),
        }
    }

    /// Records what the position after the last mainline move gives.
    #[inline(always)]
    fn settle(&mut self, after: &Position) {
        let m = self.last;
        if self.wanted.san && after.is_check() {
            // The `+`/`#` of the move's SAN, once it is known which.
            self.owed = true;
            self.checked = *after;
        }
        if let Some(c) = &mut self.classifier {
            c.push(after);
        }
        if self.wanted.polyglot {
            self.record.polyglot.push(polyglot::key_after(after, m));
        }
        if self.wanted.fen {
            self.record.fen.push_display(after);
        }
    }

    /// A mainline move (or null move) played from `before`; `written`:
    /// its export SAN less the suffix, when the token is that.
    #[inline(always)]
    fn mainline(&mut self, before: &Position, m: Move, written: Option<&[u8]>) {
        if self.owed {
            // A null move is no legal move: the position is asked.
            self.pay_mark(!m.is_null());
        }
        self.last = m;
        let r = &mut self.record;
        self.plies += 1;
        debug_assert!(
            self.plies <= MAX_PLIES as usize,
            "past the validator's bound"
        );
        if self.wanted.moves {
            r.moves.push(m.to_u16());
        }
        if self.wanted.san {
            #[cfg(debug_assertions)]
            if let Some(w) = written {
                let mut san = Short::<16>::default();
                write_san(before, m, &NO_SUFFIX, &mut san);
                debug_assert_eq!(&san.buf[..san.len], w, "not the export SAN");
            }
            // The `+`/`#` comes later (see `owed`).
            match written {
                // `e4`, `Nf3`, `exd5`, `O-O-O`, `exd8=Q`: at most 8 bytes.
                Some(w) if (2..=8).contains(&w.len()) => {
                    r.san.push_short(&Short {
                        buf: overlapping(w).to_le_bytes(),
                        len: w.len(),
                    });
                }
                // Written on the stack, appended at once (16 bytes hold
                // any English SAN).
                _ => {
                    let mut san = Short::<16>::default();
                    write_san(before, m, &NO_SUFFIX, &mut san);
                    r.san.push_short(&san);
                }
            }
        }
    }

    /// Appends the owed `+` or `#` to the last SAN: `+` when a legal move
    /// followed the check, else as [`Recorder::checked`] says.
    #[cold]
    fn pay_mark(&mut self, moved: bool) {
        debug_assert!(
            !moved || self.checked.has_legal_moves(),
            "a move after mate"
        );
        self.owed = false;
        let mark = match moved || self.checked.check_status() != CheckStatus::Checkmate {
            true => b'+',
            false => b'#',
        };
        self.record.san.append_to_last(mark);
    }

    /// Adds a warning to the game's record: the first [`MAX_WARNINGS`],
    /// then only counted.
    fn push_warning(&mut self, text: std::fmt::Arguments<'_>, at: (u64, u64)) {
        let r = &mut self.record;
        if r.warnings.len() < MAX_WARNINGS {
            let s = r.push_message(text);
            r.warnings.push(s);
        } else {
            self.hidden.hide(at);
        }
    }

    /// The game's error, when it has none yet: `game N: {what}` (its
    /// record is cut short).
    fn cut(&mut self, what: std::fmt::Arguments<'_>) {
        let r = &mut self.record;
        if self.wanted.messages && r.error.is_none() {
            let game = r.game;
            let s = r.push_message(format_args!("game {game}: {what}"));
            r.error = Some(s);
        }
    }

    fn tag_column(name: &[u8]) -> Option<usize> {
        Some(match name {
            b"Event" => 0,
            b"Site" => 1,
            b"White" => 2,
            b"Black" => 3,
            b"Result" => 4,
            b"WhiteTitle" => 5,
            b"BlackTitle" => 6,
            b"WhiteElo" => 7,
            b"BlackElo" => 8,
            b"WhiteRatingDiff" => 9,
            b"BlackRatingDiff" => 10,
            b"UTCDate" => 11,
            b"UTCTime" => 12,
            b"ECO" => 13,
            b"Opening" => 14,
            b"Termination" => 15,
            b"TimeControl" => 16,
            _ => return None,
        })
    }
}

impl GameVisitor for Recorder {
    type Output = Box<GameRecord>;

    fn begin_game(&mut self, game: u64) {
        self.in_game = true;
        self.result_seen = false;
        self.depth = 0;
        self.plies = 0;
        self.tag_bytes = 0;
        self.last = Move::NULL;
        self.owed = false;
        if let Some(c) = &mut self.classifier {
            c.reset();
        }
        self.record.game = game;
        for w in std::mem::take(&mut self.early) {
            let s = self.record.push_text(w.as_bytes());
            self.record.warnings.push(s);
        }
        self.hidden = std::mem::take(&mut self.early_hidden);
    }

    fn start(&mut self, pos: &Position) {
        self.record.mode = pos.castling_mode();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let w = self.wanted;
        if !w.tags && !w.other_tags {
            return;
        }
        let r = &mut self.record;
        if let Some(i) = Recorder::tag_column(name) {
            let column = Column::TAGS[i];
            if w.columns.contains(column) && r.tags[i].is_none() {
                let raw = value.as_bytes();
                let string = !matches!(
                    column,
                    Column::WhiteElo
                        | Column::BlackElo
                        | Column::WhiteRatingDiff
                        | Column::BlackRatingDiff
                        | Column::UtcDate
                        | Column::UtcTime
                );
                if if string {
                    raw == b"?"
                } else {
                    values::is_unknown(raw)
                } {
                    return;
                }
                let fits = match column {
                    Column::UtcDate => values::date(raw).is_some(),
                    Column::UtcTime => values::time(raw).is_some(),
                    _ if string => true,
                    _ => values::int16(raw).is_some(),
                };
                if fits {
                    r.tags[i] = Some(r.push_value(value));
                    return;
                }
            }
        }
        if w.other_tags {
            // A name, a value and their entry; past the bound, the game's
            // error has said so.
            if self.tag_bytes > MAX_TAG_BYTES {
                return;
            }
            self.tag_bytes += name.len() + value.as_bytes().len() + 16;
            if self.tag_bytes > MAX_TAG_BYTES {
                self.cut(format_args!(
                    "more than {} MiB of tags; the rest of them are left out",
                    MAX_TAG_BYTES >> 20
                ));
                return;
            }
            let r = &mut self.record;
            let n = r.push_name(name);
            let v = r.push_value(value);
            r.other_tags.push((n, v));
        }
    }

    #[inline(always)]
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        if depth == 0 {
            self.mainline(before, m, None);
        }
    }

    #[inline(always)]
    fn legal_move_san(
        &mut self,
        before: &Position,
        m: Move,
        _token: &[u8],
        san: &[u8],
        depth: u32,
    ) {
        if depth == 0 {
            self.mainline(before, m, Some(san));
        }
    }

    fn null_move(&mut self, before: &Position, depth: u32) {
        if depth == 0 {
            self.mainline(before, Move::NULL, None);
        }
    }

    #[inline(always)]
    fn after_move(&mut self, after: &Position, depth: u32) {
        if depth == 0 && self.wanted.after {
            self.settle(after);
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        if self.depth != 0 || self.plies == 0 || !(self.wanted.clocks || self.wanted.evals) {
            return;
        }
        let c = values::commands(comment);
        let (r, plies) = (&mut self.record, self.plies);
        let last = plies - 1;
        if let (Some(s), true) = (c.clock, self.wanted.clocks) {
            if r.clocks.len() == last {
                // The move's first comment with a clock (most are).
                r.clocks.push(s);
                r.has_clock = true;
            } else {
                r.clocks.resize(plies, ABSENT);
                if r.clocks[last] == ABSENT {
                    r.clocks[last] = s;
                    r.has_clock = true;
                }
            }
        }
        if let (Some(e), true) = (c.eval, self.wanted.evals) {
            r.evals.resize(plies, ABSENT);
            r.mates.resize(plies, ABSENT);
            if r.evals[last] == ABSENT && r.mates[last] == ABSENT {
                match e {
                    Eval::Centipawns(cp) => r.evals[last] = cp,
                    Eval::Mate(n) => r.mates[last] = n,
                }
                r.has_eval = true;
            }
        }
    }

    fn nag(&mut self, _nag: Nag) {}

    fn begin_variation(&mut self) {
        self.depth += 1;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn result(&mut self, _result: GameResult) {
        self.result_seen = true;
    }

    fn error(&mut self, e: &GameError) {
        if !self.wanted.messages {
            return;
        }
        // After a complete game, the problem is outside it: `after game N`.
        let after = self.in_game && self.result_seen && self.record.error.is_none();
        let place = if after { "after " } else { "" };
        let text = if e.line > 0 {
            format!("{}:{}: {place}{e}", e.line, e.column)
        } else {
            format!("{place}{e}")
        };
        let at = (e.line, e.column);
        if !self.in_game {
            if self.early.len() < MAX_WARNINGS {
                self.early.push(text);
            } else {
                self.early_hidden.hide(at);
            }
            return;
        }
        if self.record.error.is_none() && !after {
            let r = &mut self.record;
            r.error = Some(r.push_text(text.as_bytes()));
        } else {
            self.push_warning(format_args!("{text}"), at);
        }
    }

    fn warning(&mut self, e: &GameError) {
        if !self.wanted.messages {
            return;
        }
        self.push_warning(
            format_args!("{}:{}: {e}", e.line, e.column),
            (e.line, e.column),
        );
    }

    fn end_game(&mut self, summary: &GameSummary) -> Box<GameRecord> {
        if self.owed {
            self.pay_mark(false);
        }
        let (r, plies) = (&mut self.record, self.plies);
        // Per-move values are filled up to the last one given; the rest of
        // the game has none.
        if r.has_clock {
            r.clocks.resize(plies, ABSENT);
        }
        if r.has_eval {
            r.evals.resize(plies, ABSENT);
            r.mates.resize(plies, ABSENT);
        }
        r.language = Some(summary.language);
        r.opening = self.classifier.as_ref().and_then(Classifier::opening);
        let hidden = std::mem::take(&mut self.hidden);
        if hidden.count > 0 {
            let ((line, column), game) = (hidden.first, r.game);
            let s = r.push_message(format_args!(
                "{line}:{column}: game {game}: {} more problems from here on left out",
                hidden.count
            ));
            r.warnings.push(s);
        }
        self.in_game = false;
        let fresh = self.pool.take();
        std::mem::replace(&mut self.record, fresh)
    }
}

/// The PGN-level visitor a worker runs: notes the game's offset and
/// re-assembles its movetext (when asked), and passes every event on to
/// the validator. With the movetext asked for, a game the validator gives
/// up is still read to its end (the validator sees no more of it).
pub(crate) struct Tracker {
    v: Validator<Recorder>,
    /// Where the game begins.
    offset: u64,
    movetext: Option<Vec<u8>>,
    /// A space goes before the next token.
    space: bool,
    /// The validator skipped the rest of the game.
    skipping: bool,
    /// Inside a variation the validator skipped: its depth.
    skipped_depth: u32,
    /// Set once a game begins (the reading thread gives up on an input
    /// that goes on long without one).
    begun: Arc<AtomicBool>,
}

impl Tracker {
    pub fn new(
        wanted: Wanted,
        options: ValidateOptions,
        pool: Pool,
        begun: Arc<AtomicBool>,
    ) -> Tracker {
        Tracker {
            v: Validator::new(Recorder::new(wanted, pool), options),
            offset: 0,
            movetext: wanted.movetext.then(Vec::new),
            space: false,
            skipping: false,
            skipped_depth: 0,
            begun,
        }
    }

    /// Appends a token to the movetext.
    fn token(&mut self, t: &[u8]) {
        if let Some(m) = &mut self.movetext {
            if self.space {
                m.push(b' ');
            }
            m.extend_from_slice(t);
            self.space = true;
        }
    }

    /// Appends a move number to the movetext.
    #[cold]
    fn number_token(&mut self, number: u32, black: bool) {
        let t = format!("{number}{}", if black { "..." } else { "." });
        self.token(t.as_bytes());
    }

    /// Whether the validator still reads this game's events.
    #[inline]
    fn live(&self) -> bool {
        !self.skipping && self.skipped_depth == 0
    }

    /// The validator's answer to an event: with the movetext kept, a skip
    /// is done here and the reader goes on.
    #[inline]
    fn answer(&mut self, c: Control) -> Control {
        if c == Control::Skip && self.movetext.is_some() {
            self.skipping = true;
            return Control::Continue;
        }
        c
    }
}

impl pgn::Visitor for Tracker {
    type Output = Box<GameRecord>;

    fn begin_game(&mut self, game: u64) -> Control {
        self.begin_game_at(game, Location::default())
    }

    fn begin_game_at(&mut self, game: u64, at: Location) -> Control {
        if !self.begun.load(Ordering::Relaxed) {
            self.begun.store(true, Ordering::Relaxed);
        }
        self.offset = at.offset;
        if let Some(m) = &mut self.movetext {
            m.clear();
        }
        self.space = false;
        self.skipping = false;
        self.skipped_depth = 0;
        let c = self.v.begin_game(game);
        self.answer(c)
    }

    #[inline]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.tag(name, value, at);
        self.answer(c)
    }

    fn begin_movetext(&mut self) -> Control {
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.begin_movetext();
        self.answer(c)
    }

    #[inline]
    fn move_number(&mut self, number: u32, black: bool) -> Control {
        if self.movetext.is_some() {
            self.number_token(number, black);
        }
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.move_number(number, black);
        self.answer(c)
    }

    #[inline(always)]
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        self.token(san);
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.san(san, at);
        self.answer(c)
    }

    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        self.token(token);
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.null_move(token, at);
        self.answer(c)
    }

    fn nag(&mut self, nag: Nag) -> Control {
        if let Some(m) = &mut self.movetext {
            // Glyphs stick to their move as lichess writes them.
            let glyph: &[u8] = match nag.0 {
                1 => b"!",
                2 => b"?",
                3 => b"!!",
                4 => b"??",
                5 => b"!?",
                6 => b"?!",
                _ => b"",
            };
            if !glyph.is_empty() && matches!(m.last(), Some(b) if !b" ()}".contains(b)) {
                m.extend_from_slice(glyph);
            } else {
                let t = format!("${}", nag.0);
                self.token(t.as_bytes());
            }
        }
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.nag(nag);
        self.answer(c)
    }

    fn comment(&mut self, comment: &[u8]) -> Control {
        if let Some(m) = &mut self.movetext {
            if self.space {
                m.push(b' ');
            }
            m.push(b'{');
            m.extend_from_slice(comment);
            m.push(b'}');
            self.space = true;
        }
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.comment(comment);
        self.answer(c)
    }

    fn begin_variation(&mut self) -> Control {
        self.begin_variation_at(Location::default())
    }

    fn begin_variation_at(&mut self, at: Location) -> Control {
        if let Some(m) = &mut self.movetext {
            if self.space {
                m.push(b' ');
            }
            m.push(b'(');
            self.space = false;
        }
        if self.skipping {
            return Control::Continue;
        }
        if self.skipped_depth > 0 {
            self.skipped_depth += 1;
            return Control::Continue;
        }
        let c = self.v.begin_variation_at(at);
        if c == Control::Skip && self.movetext.is_some() {
            self.skipped_depth = 1;
            return Control::Continue;
        }
        c
    }

    fn end_variation(&mut self) -> Control {
        if let Some(m) = &mut self.movetext {
            m.push(b')');
            self.space = true;
        }
        if self.skipping {
            return Control::Continue;
        }
        if self.skipped_depth > 0 {
            self.skipped_depth -= 1;
            return Control::Continue;
        }
        let c = self.v.end_variation();
        self.answer(c)
    }

    fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
        self.result_at(raw, result, Location::default())
    }

    fn result_at(&mut self, raw: &[u8], result: GameResult, at: Location) -> Control {
        self.token(raw);
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.result_at(raw, result, at);
        self.answer(c)
    }

    fn no_result(&mut self, at: Location) -> Control {
        if !self.live() {
            return Control::Continue;
        }
        let c = self.v.no_result(at);
        self.answer(c)
    }

    fn error(&mut self, error: &PgnError<'_>) -> Control {
        // Problems in a skipped rest still count (the validator reports
        // them as it does when the reader skips).
        let c = self.v.error(error);
        self.answer(c)
    }

    fn end_game(&mut self) -> Box<GameRecord> {
        let mut r = self.v.end_game();
        r.offset = self.offset;
        if let Some(m) = &self.movetext {
            // As written, read as text as the tags are: UTF-8 where it is,
            // Latin-1 elsewhere (`{M\xfcnchen}` in an old file).
            let s = r.push_text(pgn::latin1_lossy(m).as_bytes());
            r.movetext = Some(s);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record whose text holds `n` bytes of room.
    fn record(n: usize) -> Box<GameRecord> {
        Box::new(GameRecord {
            text: Vec::with_capacity(n),
            ..GameRecord::default()
        })
    }

    #[test]
    fn a_pool_holds_at_most_its_records_and_its_bytes() {
        let pool = Pool::new(3);
        // By bytes: 3 + 3 MiB kept, a third 3 MiB record dropped, a small
        // one kept.
        pool.give(record(3 << 20));
        pool.give(record(3 << 20));
        pool.give(record(3 << 20));
        assert_eq!(
            (pool.take.len(), pool.held.load(Ordering::Relaxed)),
            (2, 6 << 20)
        );
        pool.give(record(1000));
        assert_eq!(pool.take.len(), 3);
        assert_eq!(pool.held.load(Ordering::Relaxed), (6 << 20) + 1000);
        // By count: full, a record dropped and its bytes not counted.
        pool.give(record(10));
        assert_eq!(pool.take.len(), 3);
        assert_eq!(pool.held.load(Ordering::Relaxed), (6 << 20) + 1000);
        // Taken back in order, the bytes with them; then fresh records.
        assert_eq!(pool.take().text.capacity(), 3 << 20);
        assert_eq!(pool.held.load(Ordering::Relaxed), (3 << 20) + 1000);
        pool.take();
        assert_eq!(pool.take().text.capacity(), 1000);
        assert_eq!(pool.held.load(Ordering::Relaxed), 0);
        assert_eq!(pool.take().text.capacity(), 0);
    }
}
