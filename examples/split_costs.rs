//! Where the time of a validating pass over a PGN file goes, from memory:
//! the whole pass (reading and validating, as the `validate` bench does),
//! reading alone (a visitor that only counts the tokens), and validating
//! alone (the validator fed the events of a pass recorded beforehand, with
//! no reading). When the whole pass takes about as long as validating
//! alone, the reading hides under the validation, and only a faster
//! validator makes the pass faster.
//!
//! ```text
//! cargo run --release --example split_costs -- FILE [ROUNDS]
//! ```
//!
//! The three are timed in turn, ROUNDS times (default 5), each over about
//! 50 MB of input; the best of each is printed, in MB/s and ms a pass.
//! Variations are skipped, as in the bench (the recording skips them too).

#[path = "../benches/common/pgn_peers.rs"]
mod pgn_peers;

use std::process::ExitCode;
use std::time::Instant;

use movetext::notation::{GameResult, Nag};
use movetext::pgn::{Control, ErrorKind, Location, PgnError, RawTag, Reader, Visitor};
use movetext::validate::Validator;
use pgn_peers::{movetext_validate_slice, mt_options, Summaries};

/// Counts tokens: reading with next to no work per item.
#[derive(Default)]
struct Tokens(u64);

impl Visitor for Tokens {
    type Output = ();
    fn san(&mut self, _san: &[u8], _at: Location) -> Control {
        self.0 += 1;
        Control::Continue
    }
    fn comment(&mut self, _comment: &[u8]) -> Control {
        self.0 += 1;
        Control::Continue
    }
    fn begin_variation(&mut self) -> Control {
        Control::Skip
    }
    fn end_game(&mut self) {}
}

/// One event a validator sees, its bytes as a range of [`Recording::bytes`].
#[derive(Clone, Copy)]
enum Event {
    Begin(u64),
    Tag(usize, usize, usize, Location),
    Movetext,
    San(usize, usize, Location),
    Null(usize, usize, Location),
    Nag(Nag),
    Comment(usize, usize),
    Result(usize, usize, GameResult),
    Error(ErrorKind, usize, usize, Location),
    End,
}

/// The events of a pass, in order, as the reader handed them on.
#[derive(Default)]
struct Recording {
    events: Vec<Event>,
    bytes: Vec<u8>,
}

impl Recording {
    fn push(&mut self, b: &[u8]) -> (usize, usize) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(b);
        (start, self.bytes.len())
    }
}

impl Visitor for Recording {
    type Output = ();
    fn begin_game(&mut self, game: u64) -> Control {
        self.events.push(Event::Begin(game));
        Control::Continue
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
        let (a, m) = self.push(name);
        let (_, e) = self.push(value.as_bytes());
        self.events.push(Event::Tag(a, m, e, at));
        Control::Continue
    }
    fn begin_movetext(&mut self) -> Control {
        self.events.push(Event::Movetext);
        Control::Continue
    }
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        let (a, e) = self.push(san);
        self.events.push(Event::San(a, e, at));
        Control::Continue
    }
    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        let (a, e) = self.push(token);
        self.events.push(Event::Null(a, e, at));
        Control::Continue
    }
    fn nag(&mut self, nag: Nag) -> Control {
        self.events.push(Event::Nag(nag));
        Control::Continue
    }
    fn comment(&mut self, comment: &[u8]) -> Control {
        let (a, e) = self.push(comment);
        self.events.push(Event::Comment(a, e));
        Control::Continue
    }
    fn begin_variation(&mut self) -> Control {
        Control::Skip
    }
    fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
        let (a, e) = self.push(raw);
        self.events.push(Event::Result(a, e, result));
        Control::Continue
    }
    fn error(&mut self, error: &PgnError<'_>) -> Control {
        let (a, e) = self.push(error.token);
        self.events.push(Event::Error(error.kind, a, e, error.at));
        Control::Continue
    }
    fn end_game(&mut self) {
        self.events.push(Event::End);
    }
}

/// Feeds `rec` to `v` as the reader would (a game's events after a
/// `Control::Skip` or `Stop` are fed all the same: the validator ignores
/// them once the game has failed). Returns the moves played.
fn replay(rec: &Recording, v: &mut Validator<Summaries>) -> u64 {
    let mut moves = 0;
    let bytes = |a: usize, e: usize| &rec.bytes[a..e];
    for &event in &rec.events {
        let _ = match event {
            Event::Begin(game) => v.begin_game(game),
            Event::Tag(a, m, e, at) => v.tag(bytes(a, m), RawTag(bytes(m, e)), at),
            Event::Movetext => v.begin_movetext(),
            Event::San(a, e, at) => v.san(bytes(a, e), at),
            Event::Null(a, e, at) => v.null_move(bytes(a, e), at),
            Event::Nag(nag) => v.nag(nag),
            Event::Comment(a, e) => v.comment(bytes(a, e)),
            Event::Result(a, e, r) => v.result(bytes(a, e), r),
            Event::Error(kind, a, e, at) => v.error(&PgnError {
                kind,
                at,
                token: bytes(a, e),
            }),
            Event::End => {
                moves += u64::from(Visitor::end_game(v).moves);
                Control::Continue
            }
        };
    }
    moves
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: split_costs FILE [ROUNDS]");
        return ExitCode::from(2);
    };
    let data = match pgn_peers::input_file("split_costs", path) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let rounds = match args.get(1).map(|r| r.parse::<usize>()) {
        None => 5,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("split_costs: ROUNDS must be a positive number");
            return ExitCode::from(2);
        }
    };
    let passes = (50 << 20) / data.len() + 1;

    // The whole pass as the `validate` bench makes it.
    let validate = |data: &[u8]| movetext_validate_slice(data).0.moves;
    let moves = validate(&data);
    let mut recorded = Recording::default();
    if let Err(e) = Reader::from_slice(&data).read_all(&mut recorded, |()| {}) {
        eprintln!("split_costs: {path}: {e}");
        return ExitCode::from(2);
    }
    let replayed = replay(&recorded, &mut Validator::new(Summaries, mt_options()));
    if replayed != moves {
        eprintln!("split_costs: the replay played {replayed} moves, the pass {moves}");
        return ExitCode::from(1);
    }
    println!(
        "file={path} bytes={} moves={moves} events={} passes={passes}",
        data.len(),
        recorded.events.len()
    );

    // Seconds a pass, best of the rounds.
    let time = |run: &dyn Fn() -> u64| {
        let start = Instant::now();
        let mut n = 0;
        for _ in 0..passes {
            n += run();
        }
        std::hint::black_box(n);
        start.elapsed().as_secs_f64() / passes as f64
    };
    let mut best = [f64::INFINITY; 3];
    for _ in 0..rounds {
        let whole = time(&|| validate(&data));
        let reading = time(&|| {
            let mut t = Tokens::default();
            Reader::from_slice(&data)
                .read_all(&mut t, |()| {})
                .map_or(0, |_| t.0)
        });
        let validating = time(&|| replay(&recorded, &mut Validator::new(Summaries, mt_options())));
        for (b, t) in best.iter_mut().zip([whole, reading, validating]) {
            *b = b.min(t);
        }
    }
    for (name, secs) in ["whole pass", "reading alone", "validating alone"]
        .iter()
        .zip(best)
    {
        println!(
            "{name}: {:.3} ms a pass, {:.1} MB/s",
            secs * 1e3,
            data.len() as f64 / secs / 1e6
        );
    }
    ExitCode::SUCCESS
}
