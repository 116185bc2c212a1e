//! An owned record of visitor events: the oracle of the reader's tests
//! (hidden from the docs; not a stable interface).

use std::fmt;

use super::visitor::{
    latin1_lossy, Control, ErrorKind, GameResult, Location, Nag, PgnError, RawTag, Visitor,
};

/// One visitor call, with owned data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `begin_game`.
    BeginGame,
    /// `tag(name, raw value, at)`.
    Tag(Vec<u8>, Vec<u8>, Location),
    /// `begin_movetext`.
    BeginMovetext,
    /// `move_number(number, black)`.
    MoveNumber(u32, bool),
    /// `san(token, at)`.
    San(Vec<u8>, Location),
    /// `move_suffix(word, at)`.
    MoveSuffix(Vec<u8>, Location),
    /// `null_move(token, at)`.
    NullMove(Vec<u8>, Location),
    /// `nag`.
    Nag(Nag),
    /// `comment(text)`.
    Comment(Vec<u8>),
    /// `begin_variation`.
    BeginVariation,
    /// `end_variation`.
    EndVariation,
    /// `result(raw, parsed)`.
    Result(Vec<u8>, GameResult),
    /// `error`: kind, location, token.
    Error {
        /// What.
        kind: ErrorKind,
        /// Where.
        at: Location,
        /// Token.
        token: Vec<u8>,
    },
    /// `end_game`.
    EndGame,
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::BeginGame => f.write_str("begin_game"),
            Event::Tag(n, v, at) if f.alternate() => write!(
                f,
                "tag {} {} @{} {}:{}",
                latin1_lossy(n),
                latin1_lossy(v),
                at.offset,
                at.line,
                at.column
            ),
            Event::Tag(n, v, _) => write!(f, "tag {} {}", latin1_lossy(n), latin1_lossy(v)),
            Event::BeginMovetext => f.write_str("movetext"),
            Event::MoveNumber(n, b) => write!(f, "{n}{}", if *b { "..." } else { "." }),
            Event::San(s, at) if f.alternate() => {
                write!(
                    f,
                    "san {} @{} {}:{}",
                    latin1_lossy(s),
                    at.offset,
                    at.line,
                    at.column
                )
            }
            Event::San(s, _) => write!(f, "san {}", latin1_lossy(s)),
            Event::MoveSuffix(s, at) if f.alternate() => {
                write!(
                    f,
                    "suffix {} @{} {}:{}",
                    latin1_lossy(s),
                    at.offset,
                    at.line,
                    at.column
                )
            }
            Event::MoveSuffix(s, _) => write!(f, "suffix {}", latin1_lossy(s)),
            Event::NullMove(s, at) if f.alternate() => {
                write!(
                    f,
                    "null {} @{} {}:{}",
                    latin1_lossy(s),
                    at.offset,
                    at.line,
                    at.column
                )
            }
            Event::NullMove(s, _) => write!(f, "null {}", latin1_lossy(s)),
            Event::Nag(n) => write!(f, "nag {}", n.0),
            Event::Comment(c) => write!(f, "comment {}", latin1_lossy(c)),
            Event::BeginVariation => f.write_str("("),
            Event::EndVariation => f.write_str(")"),
            Event::Result(r, p) => write!(f, "result {} {:?}", latin1_lossy(r), p),
            Event::Error { kind, at, token } => write!(
                f,
                "error {kind:?} game {} @{} {}:{} {:?}",
                at.game,
                at.offset,
                at.line,
                at.column,
                latin1_lossy(token)
            ),
            Event::EndGame => f.write_str("end_game"),
        }
    }
}

/// A visitor that records every event of a game; `end_game` returns them.
/// Events print as short lines; the alternate form (`{:#}`) adds the
/// location of moves and null moves (`san e4 @3 1:4`).
///
/// ```
/// use movetext::pgn::{events::EventLog, Reader};
/// let mut r = Reader::from_slice(b"1. e4!? *");
/// let log = r.read_game(&mut EventLog::default()).unwrap().unwrap();
/// let text: Vec<String> = log.iter().map(|e| e.to_string()).collect();
/// assert_eq!(text, ["begin_game", "movetext", "1.", "san e4", "nag 5", "result * Unknown", "end_game"]);
/// ```
#[derive(Debug, Default, Clone)]
pub struct EventLog {
    /// Errors reported before a game's `begin_game` (junk before the first
    /// game) stay here and are returned with that game.
    events: Vec<Event>,
}

impl EventLog {
    fn push(&mut self, e: Event) -> Control {
        self.events.push(e);
        Control::Continue
    }
}

impl Visitor for EventLog {
    type Output = Vec<Event>;
    fn begin_game(&mut self, _game: u64) -> Control {
        self.push(Event::BeginGame)
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
        self.push(Event::Tag(name.to_vec(), value.0.to_vec(), at))
    }
    fn begin_movetext(&mut self) -> Control {
        self.push(Event::BeginMovetext)
    }
    fn move_number(&mut self, number: u32, black: bool) -> Control {
        self.push(Event::MoveNumber(number, black))
    }
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        self.push(Event::San(san.to_vec(), at))
    }
    fn move_suffix(&mut self, word: &[u8], at: Location) -> Control {
        self.push(Event::MoveSuffix(word.to_vec(), at))
    }
    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        self.push(Event::NullMove(token.to_vec(), at))
    }
    fn nag(&mut self, nag: Nag) -> Control {
        self.push(Event::Nag(nag))
    }
    fn comment(&mut self, comment: &[u8]) -> Control {
        self.push(Event::Comment(comment.to_vec()))
    }
    fn begin_variation(&mut self) -> Control {
        self.push(Event::BeginVariation)
    }
    fn end_variation(&mut self) -> Control {
        self.push(Event::EndVariation)
    }
    fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
        self.push(Event::Result(raw.to_vec(), result))
    }
    fn error(&mut self, e: &PgnError<'_>) -> Control {
        self.push(Event::Error {
            kind: e.kind,
            at: e.at,
            token: e.token.to_vec(),
        })
    }
    fn end_game(&mut self) -> Vec<Event> {
        self.events.push(Event::EndGame);
        std::mem::take(&mut self.events)
    }
}
