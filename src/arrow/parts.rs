//! Batches built on the worker threads: each worker appends the games of
//! its chunk to a [`BatchBuilder`] of its own and hands on the chunk's
//! rows as one finished `RecordBatch` (a part); the reading thread only
//! regroups the parts, in input order, into batches of the rows asked for.
//! A game's record never leaves the thread that made it.

use std::sync::{Arc, Mutex, PoisonError};

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;

use super::builder::BatchBuilder;
use super::columns::Columns;
use super::record::{GameRecord, Pool, Tracker};
use crate::pgn::{Control, GameResult, Location, Nag, PgnError, RawTag, Visitor};

/// Rows of consecutive games, finished on a worker.
pub(crate) struct Part {
    batch: RecordBatch,
    /// The builder's bytes when it was finished.
    bytes: usize,
}

/// What a [`PartVisitor`] hands on: nothing for most games, a part once
/// its builder is full and at the end of its chunk.
pub(crate) type PartOutput = Option<Result<Part, ArrowError>>;

/// Builders kept for reuse between chunks, with the room of their last
/// part: a fresh builder per chunk would grow every buffer again.
#[derive(Clone)]
pub(crate) struct Builders {
    columns: Columns,
    kept: Arc<Mutex<Vec<BatchBuilder>>>,
    /// Builders kept at most.
    max: usize,
}

impl Builders {
    /// Keeps at most `max` builders of `columns`.
    pub fn new(columns: Columns, max: usize) -> Builders {
        Builders {
            columns,
            kept: Arc::new(Mutex::new(Vec::new())),
            max,
        }
    }

    fn take(&self) -> BatchBuilder {
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        kept.unwrap_or_else(|| BatchBuilder::new(self.columns))
    }

    fn give(&self, b: BatchBuilder) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() < self.max {
            kept.push(b);
        }
    }
}

/// The visitor of one chunk: a [`Tracker`] whose records are appended to
/// the chunk's builder as they end (and given back to the pool at once).
pub(crate) struct PartVisitor {
    tracker: Tracker,
    /// `Some` until dropped.
    builder: Option<BatchBuilder>,
    builders: Builders,
    pool: Pool,
    rows: usize,
    max_bytes: usize,
}

impl PartVisitor {
    /// A part ends at `rows` rows or once it holds `max_bytes`, as a batch.
    pub fn new(
        tracker: Tracker,
        builders: &Builders,
        pool: Pool,
        rows: usize,
        max_bytes: usize,
    ) -> PartVisitor {
        PartVisitor {
            tracker,
            builder: Some(builders.take()),
            builders: builders.clone(),
            pool,
            rows,
            max_bytes,
        }
    }

    fn builder(&mut self) -> &mut BatchBuilder {
        self.builder
            .as_mut()
            .expect("the builder is kept until drop")
    }

    /// The rows appended so far as a part, if any.
    pub fn finish(&mut self) -> PartOutput {
        let b = self.builder();
        if b.rows() == 0 {
            return None;
        }
        let bytes = b.bytes();
        Some(b.finish().map(|batch| Part { batch, bytes }))
    }

    fn push(&mut self, r: Box<GameRecord>) -> PartOutput {
        let (rows, max_bytes) = (self.rows, self.max_bytes);
        let b = self.builder();
        b.push(&r);
        let full = b.rows() >= rows || b.bytes() >= max_bytes;
        self.pool.give(r);
        if full {
            self.finish()
        } else {
            None
        }
    }
}

impl Drop for PartVisitor {
    fn drop(&mut self) {
        if let Some(b) = self.builder.take() {
            // Rows not handed on (a reading cancelled or done again) go.
            if b.rows() == 0 {
                self.builders.give(b);
            }
        }
    }
}

impl Visitor for PartVisitor {
    type Output = PartOutput;

    fn begin_game(&mut self, game: u64) -> Control {
        self.tracker.begin_game(game)
    }
    fn begin_game_at(&mut self, game: u64, at: Location) -> Control {
        self.tracker.begin_game_at(game, at)
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
        self.tracker.tag(name, value, at)
    }
    fn begin_movetext(&mut self) -> Control {
        self.tracker.begin_movetext()
    }
    fn move_number(&mut self, number: u32, black: bool) -> Control {
        self.tracker.move_number(number, black)
    }
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        self.tracker.san(san, at)
    }
    fn move_suffix(&mut self, word: &[u8], at: Location) -> Control {
        self.tracker.move_suffix(word, at)
    }
    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        self.tracker.null_move(token, at)
    }
    fn nag(&mut self, nag: Nag) -> Control {
        self.tracker.nag(nag)
    }
    fn comment(&mut self, comment: &[u8]) -> Control {
        self.tracker.comment(comment)
    }
    fn begin_variation(&mut self) -> Control {
        self.tracker.begin_variation()
    }
    fn begin_variation_at(&mut self, at: Location) -> Control {
        self.tracker.begin_variation_at(at)
    }
    fn end_variation(&mut self) -> Control {
        self.tracker.end_variation()
    }
    fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
        self.tracker.result(raw, result)
    }
    fn result_at(&mut self, raw: &[u8], result: GameResult, at: Location) -> Control {
        self.tracker.result_at(raw, result, at)
    }
    fn no_result(&mut self, at: Location) -> Control {
        self.tracker.no_result(at)
    }
    fn error(&mut self, error: &PgnError<'_>) -> Control {
        self.tracker.error(error)
    }
    fn end_game(&mut self) -> PartOutput {
        let r = self.tracker.end_game();
        self.push(r)
    }
}

/// Parts regrouped, in input order, into batches of `rows` rows (the last
/// may have fewer) that end early once they hold about `max_bytes`, as
/// the one-thread builder makes them. A part is cut where a batch ends
/// (slices share its buffers); a batch of several parts is given as
/// those parts, for the receiving thread to join (one copy of their
/// buffers).
pub(crate) struct Regroup {
    rows: usize,
    max_bytes: usize,
    pending: Vec<RecordBatch>,
    pending_rows: usize,
    pending_bytes: usize,
}

impl Regroup {
    pub fn new(rows: usize, max_bytes: usize) -> Regroup {
        Regroup {
            rows: rows.max(1),
            max_bytes,
            pending: Vec::new(),
            pending_rows: 0,
            pending_bytes: 0,
        }
    }

    /// Takes a part; every batch it completes goes to `emit`, which
    /// returns false to stop (then false is returned).
    pub fn add(&mut self, part: Part, emit: &mut impl FnMut(Vec<RecordBatch>) -> bool) -> bool {
        let Part { batch, bytes } = part;
        let n = batch.num_rows();
        let mut at = 0;
        while at < n {
            let take = (n - at).min(self.rows - self.pending_rows);
            self.pending.push(if take == n {
                batch.clone()
            } else {
                batch.slice(at, take)
            });
            at += take;
            self.pending_rows += take;
            self.pending_bytes += bytes * take / n;
            if (self.pending_rows >= self.rows || self.pending_bytes >= self.max_bytes)
                && !emit(self.flush())
            {
                return false;
            }
        }
        true
    }

    /// Whether rows wait for a batch.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// The rows waiting, as the parts of one batch.
    pub fn flush(&mut self) -> Vec<RecordBatch> {
        self.pending_rows = 0;
        self.pending_bytes = 0;
        std::mem::take(&mut self.pending)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::cast::AsArray;
    use arrow_array::types::UInt64Type;
    use arrow_array::UInt64Array;
    use arrow_schema::{DataType, Field, Schema, SchemaRef};

    /// A part of the games `first..first + n`, said to hold `bytes`.
    fn part(schema: &SchemaRef, first: u64, n: u64, bytes: usize) -> Part {
        let games = UInt64Array::from_iter_values(first..first + n);
        let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(games)]).unwrap();
        Part { batch, bytes }
    }

    /// The games of each batch the parts give, and whether it went on.
    fn regroup(rows: usize, max_bytes: usize, parts: &[(u64, usize)]) -> Vec<Vec<u64>> {
        let schema = Arc::new(Schema::new(vec![Field::new(
            "game",
            DataType::UInt64,
            false,
        )]));
        let mut r = Regroup::new(rows, max_bytes);
        let mut batches = Vec::new();
        let mut first = 1;
        for &(n, bytes) in parts {
            let mut emit = |b: Vec<RecordBatch>| {
                batches.push(b);
                true
            };
            assert!(r.add(part(&schema, first, n, bytes), &mut emit));
            first += n;
        }
        if !r.is_empty() {
            batches.push(r.flush());
        }
        batches
            .iter()
            .map(|parts| {
                let games = parts
                    .iter()
                    .map(|b| b.column(0).as_primitive::<UInt64Type>());
                games.flat_map(|g| g.values().iter().copied()).collect()
            })
            .collect()
    }

    #[test]
    fn parts_are_cut_and_joined_into_batches_of_the_rows_asked_for() {
        let got = regroup(3, usize::MAX, &[(2, 0), (4, 0), (1, 0), (3, 0)]);
        assert_eq!(got, [vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9], vec![10]]);
        // A part longer than two batches.
        let got = regroup(2, usize::MAX, &[(5, 0), (1, 0)]);
        assert_eq!(got, [vec![1, 2], vec![3, 4], vec![5, 6]]);
    }

    #[test]
    fn a_batch_ends_once_its_parts_hold_the_bytes_asked_for() {
        // 100 bytes a part of 2 rows: the bound of 150 is passed at the
        // second part; a cut part counts its share of the bytes.
        let got = regroup(100, 150, &[(2, 100), (2, 100), (2, 100), (4, 40)]);
        assert_eq!(got, [vec![1, 2, 3, 4], vec![5, 6, 7, 8, 9, 10]]);
        let got = regroup(3, 150, &[(4, 400), (2, 10)]);
        assert_eq!(got, [vec![1, 2, 3], vec![4, 5, 6]]);
    }

    #[test]
    fn a_stopped_emit_stops_the_regrouping() {
        let schema = Arc::new(Schema::new(vec![Field::new(
            "game",
            DataType::UInt64,
            false,
        )]));
        let mut r = Regroup::new(2, usize::MAX);
        let mut seen = 0;
        let mut emit = |_: Vec<RecordBatch>| {
            seen += 1;
            false
        };
        assert!(!r.add(part(&schema, 1, 6, 0), &mut emit));
        assert_eq!(seen, 1);
    }
}
