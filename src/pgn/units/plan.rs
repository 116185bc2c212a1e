//! Where an input is cut into units: at chunk origins that
//! [`par_read`](crate::pgn::par_read) reports, once a unit holds the target
//! number of bytes of the file.

use std::collections::VecDeque;

use crate::pgn::Origin;

/// A unit as the plan makes it (the file's name and format are added by
/// the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Piece {
    /// Byte range of the file: the frames it begins in (zstd), or its
    /// text (plain).
    pub start: u64,
    pub end: u64,
    /// Offset in the text where decompressing from `start` begins.
    pub text_start: u64,
    /// Where the unit's text begins.
    pub origin: Origin,
    /// Bytes of text it owns.
    pub len: u64,
    /// Games in it.
    pub games: u64,
}

/// The frames of a zstd file, as far as they are known: where each begins
/// in the file and in the text, from the one that holds the text offset
/// last asked about. A plain file has none: each text offset is its own
/// file offset.
#[derive(Debug, Default)]
pub(super) struct Frames {
    known: VecDeque<(u64, u64)>,
}

impl Frames {
    /// A zstd file's frames, the first beginning at offset 0 in both.
    pub(super) fn zstd() -> Frames {
        Frames {
            known: VecDeque::from([(0, 0)]),
        }
    }

    /// Notes that a frame begins at `file` bytes in the file and `text`
    /// bytes in the text (frames come in order).
    pub(super) fn push(&mut self, file: u64, text: u64) {
        self.known.push_back((file, text));
    }

    /// The file and text offsets of the frame that holds text offset `at`
    /// (the last one that begins at or before it); `at` never decreases
    /// from one call to the next.
    pub(super) fn holding(&mut self, at: u64) -> (u64, u64) {
        while self.known.len() >= 2 && self.known[1].1 <= at {
            self.known.pop_front();
        }
        self.known.front().copied().unwrap_or((at, at))
    }
}

/// Cuts units at the chunk origins it is told, in order.
#[derive(Debug)]
pub(super) struct Planner {
    /// Bytes of the file a unit holds at least (all but the last).
    target: u64,
    /// Where the unit under way begins, and its frame (file, text).
    current: Origin,
    frame: (u64, u64),
    pieces: Vec<Piece>,
}

impl Planner {
    pub(super) fn new(target: u64) -> Planner {
        Planner {
            target: target.max(1),
            current: Origin::default(),
            frame: (0, 0),
            pieces: Vec::new(),
        }
    }

    /// A place where the input can be cut: a chunk's origin, and the frame
    /// (file and text offsets) that holds it. It ends the unit under way
    /// there if the unit holds enough of the file by then.
    pub(super) fn mark(&mut self, at: Origin, frame: (u64, u64)) {
        if at.offset <= self.current.offset || frame.0 < self.frame.0 + self.target {
            return;
        }
        self.pieces.push(Piece {
            start: self.frame.0,
            end: frame.0,
            text_start: self.frame.1,
            origin: self.current,
            len: at.offset - self.current.offset,
            games: at.games - self.current.games,
        });
        self.current = at;
        self.frame = frame;
    }

    /// The units, the last ending with the file (`size` bytes, `text`
    /// bytes of text, `games` games).
    pub(super) fn finish(mut self, size: u64, text: u64, games: u64) -> Vec<Piece> {
        self.pieces.push(Piece {
            start: self.frame.0,
            end: size,
            text_start: self.frame.1,
            origin: self.current,
            len: text - self.current.offset,
            games: games - self.current.games,
        });
        self.pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(offset: u64, line: u64, games: u64) -> Origin {
        Origin {
            offset,
            line,
            games,
        }
    }

    #[test]
    fn plain_cuts_once_a_unit_holds_the_target() {
        let mut p = Planner::new(100);
        for (o, l, g) in [
            (0, 1, 0),
            (40, 3, 2),
            (120, 9, 5),
            (150, 11, 6),
            (219, 20, 9),
        ] {
            p.mark(at(o, l, g), (o, o));
        }
        let pieces = p.finish(300, 300, 12);
        let ranges: Vec<_> = pieces
            .iter()
            .map(|p| (p.start, p.end, p.origin.line, p.origin.games, p.games))
            .collect();
        assert_eq!(ranges, [(0, 120, 1, 0, 5), (120, 300, 9, 5, 7)]);
        assert_eq!(pieces[1].len, 180);
        assert_eq!(pieces[1].text_start, 120);
    }

    #[test]
    fn zstd_cuts_at_frames() {
        // Frames begin at file offsets 0, 50, 100, 150, 210 and text 0,
        // 400, 800, 1200, 1200 (the one at 150 is empty).
        let mut frames = Frames::zstd();
        let mut p = Planner::new(100);
        let mut mark = |o: Origin, frames: &mut Frames| {
            let f = frames.holding(o.offset);
            p.mark(o, f);
        };
        frames.push(50, 400);
        mark(at(0, 1, 0), &mut frames);
        mark(at(390, 10, 4), &mut frames);
        mark(at(410, 12, 5), &mut frames);
        frames.push(100, 800);
        frames.push(150, 1200);
        frames.push(210, 1200);
        // In the frame at 100 (text 800): 100 bytes of the file, a cut.
        mark(at(820, 20, 9), &mut frames);
        mark(at(1199, 25, 11), &mut frames);
        // The frame at 210 holds text 1200 on (the empty one at 150 does
        // not): 110 bytes of the file, a cut.
        mark(at(1250, 30, 13), &mut frames);
        let pieces = p.finish(300, 1500, 20);
        assert_eq!(
            pieces,
            [
                Piece {
                    start: 0,
                    end: 100,
                    text_start: 0,
                    origin: at(0, 1, 0),
                    len: 820,
                    games: 9
                },
                Piece {
                    start: 100,
                    end: 210,
                    text_start: 800,
                    origin: at(820, 20, 9),
                    len: 430,
                    games: 4
                },
                Piece {
                    start: 210,
                    end: 300,
                    text_start: 1200,
                    origin: at(1250, 30, 13),
                    len: 250,
                    games: 7
                },
            ]
        );
    }
}
