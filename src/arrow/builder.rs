//! Game records appended into Arrow buffers, finished as a `RecordBatch`.

use std::sync::Arc;

use arrow_array::{
    ArrayRef, Date32Array, Int16Array, Int32Array, ListArray, MapArray, RecordBatch, StringArray,
    StructArray, Time32SecondArray, UInt16Array, UInt32Array, UInt64Array,
};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, SchemaRef};

use super::columns::{Column, Columns};
use super::record::{uci_bytes, GameRecord, Strings, ABSENT};
use super::values;
use crate::moves::Move;
use crate::position::CastlingMode;

/// Room for the next batch's values after a batch of `n`: a quarter more,
/// so that a batch a little larger than the last is not copied as it
/// grows.
fn room(n: usize) -> usize {
    n + n / 4
}

/// The vector's contents; it is left empty with room for as many and a
/// margin (the next batch is about as large).
fn take<T>(v: &mut Vec<T>) -> Vec<T> {
    let fresh = Vec::with_capacity(room(v.len()));
    std::mem::replace(v, fresh)
}

/// List offsets or string offsets, taken: a fresh `[0]` is left, with room.
fn take_offsets(v: &mut Vec<i32>) -> Vec<i32> {
    let mut fresh = Vec::with_capacity(room(v.len()));
    fresh.push(0);
    std::mem::replace(v, fresh)
}

/// Each square's name (`a1`, `b1`... `h8`) as two little-endian bytes.
const SQUARE_NAMES: [u16; 64] = {
    let mut names = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        names[sq] = u16::from_le_bytes([b'a' + (sq & 7) as u8, b'1' + (sq >> 3) as u8]);
        sq += 1;
    }
    names
};

/// A string column: offsets, bytes, validity. Between calls, the offsets
/// never decrease and the last is the length of the bytes (each call
/// pushes offsets within the bytes it appends, and the bytes only grow
/// until [`Str::take`]).
struct Str {
    offsets: Vec<i32>,
    data: Vec<u8>,
    nulls: NullBufferBuilder,
}

impl Str {
    fn new() -> Str {
        Str {
            offsets: vec![0],
            data: Vec::new(),
            nulls: NullBufferBuilder::new(0),
        }
    }

    #[inline]
    fn push(&mut self, v: Option<&[u8]>) {
        match v {
            Some(b) => {
                self.data.extend_from_slice(b);
                self.nulls.append_non_null();
            }
            None => self.nulls.append_null(),
        }
        self.offsets.push(self.data.len() as i32);
    }

    /// Appends every string of `s`.
    fn extend(&mut self, s: &Strings) {
        let base = self.data.len() as i32;
        self.data.extend_from_slice(s.bytes());
        // `s`'s ends never decrease and none is past its bytes.
        self.offsets
            .extend(s.ends().iter().map(|&e| base + e as i32));
        self.nulls.append_n_non_nulls(s.ends().len());
    }

    /// Appends the UCI of every move of a game that castles as `mode`.
    fn extend_uci(&mut self, moves: &[u16], mode: CastlingMode) {
        // Room for 5 bytes a move, cut to the bytes written at the end.
        let start = self.data.len();
        self.data.resize(start + moves.len() * 5, 0);
        let buf = &mut self.data[start..];
        let mut at = 0;
        // One offset a move, written by `extend` (its length kept in a
        // register, not stored back move by move).
        self.offsets.extend(moves.iter().map(|&m| {
            if m >> 12 <= 1 && m != 0 {
                // A move or an en passant capture (kinds 0 and 1), not the
                // null move: its two squares' names.
                let (from, to) = (usize::from(m & 63), usize::from(m >> 6 & 63));
                let word = u32::from(SQUARE_NAMES[from]) | u32::from(SQUARE_NAMES[to]) << 16;
                buf[at..at + 4].copy_from_slice(&word.to_le_bytes());
                at += 4;
            } else {
                let (b, n) = uci_bytes(Move::from_u16(m), mode);
                buf[at..at + 5].copy_from_slice(&b);
                at += n;
            }
            (start + at) as i32
        }));
        self.data.truncate(start + at);
        self.nulls.append_n_non_nulls(moves.len());
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Takes the buffers, leaving empty ones of the same capacity (the
    /// next batch is about as large).
    fn take(&mut self) -> (Vec<i32>, Vec<u8>) {
        (take_offsets(&mut self.offsets), take(&mut self.data))
    }

    /// The column as an array. ASCII bytes (most columns: SAN, UCI, codes,
    /// most tags) are taken as they are; other bytes are checked as arrow
    /// checks them (UTF-8, each offset at a character's start).
    fn finish(&mut self) -> Result<StringArray, ArrowError> {
        let (offsets, data) = self.take();
        let nulls = self.nulls.finish();
        let fits = data.len() <= i32::MAX as usize
            && offsets.last().map(|&e| e as usize) == Some(data.len())
            && nulls.as_ref().is_none_or(|n| n.len() == offsets.len() - 1)
            && data.is_ascii();
        if !fits {
            return StringArray::try_new(
                OffsetBuffer::new(ScalarBuffer::from(offsets)),
                Buffer::from_vec(data),
                nulls,
            );
        }
        // SAFETY: the offsets start at 0 and never decrease: each is the
        // length of the bytes when pushed, or that length plus an end of a
        // `Strings` (its ends never decrease and are within its bytes), all
        // at most the final length, which fits an i32 (checked), so no cast
        // wrapped. The last is the length of the bytes and there is one
        // validity bit per string (checked). The bytes are ASCII (checked),
        // so they are UTF-8 and every offset is at a character's start.
        unsafe {
            let offsets = OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets));
            Ok(StringArray::new_unchecked(
                offsets,
                Buffer::from_vec(data),
                nulls,
            ))
        }
    }
}

/// Numbers with validity.
struct Num<T> {
    values: Vec<T>,
    nulls: NullBufferBuilder,
}

impl<T: Copy + Default> Num<T> {
    fn new() -> Num<T> {
        Num {
            values: Vec::new(),
            nulls: NullBufferBuilder::new(0),
        }
    }

    #[inline]
    fn push(&mut self, v: Option<T>) {
        self.values.push(v.unwrap_or_default());
        self.nulls.append(v.is_some());
    }
}

/// List offsets and validity.
struct Lists {
    offsets: Vec<i32>,
    nulls: NullBufferBuilder,
}

impl Lists {
    fn new() -> Lists {
        Lists {
            offsets: vec![0],
            nulls: NullBufferBuilder::new(0),
        }
    }

    #[inline]
    fn push(&mut self, end: usize, valid: bool) {
        self.offsets.push(end as i32);
        self.nulls.append(valid);
    }

    fn finish(&mut self, item: DataType, values: ArrayRef) -> Result<ArrayRef, ArrowError> {
        let offsets = take_offsets(&mut self.offsets);
        let field = Arc::new(Field::new("item", item, true));
        Ok(Arc::new(ListArray::try_new(
            field,
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            values,
            self.nulls.finish(),
        )?))
    }
}

/// Per-move numbers where [`ABSENT`] is null.
struct Sparse {
    lists: Lists,
    values: Vec<i32>,
    nulls: NullBufferBuilder,
}

impl Sparse {
    fn new() -> Sparse {
        Sparse {
            lists: Lists::new(),
            values: Vec::new(),
            nulls: NullBufferBuilder::new(0),
        }
    }

    fn push(&mut self, v: &[i32], any: bool) {
        if any {
            self.values
                .extend(v.iter().map(|&x| if x == ABSENT { 0 } else { x }));
            for &x in v {
                self.nulls.append(x != ABSENT);
            }
        }
        self.lists.push(self.values.len(), any);
    }

    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let values = Int32Array::new(
            ScalarBuffer::from(take(&mut self.values)),
            self.nulls.finish(),
        );
        self.lists.finish(DataType::Int32, Arc::new(values))
    }
}

/// A tag column's buffer.
enum Tag {
    Str(Str),
    Int16(Num<i16>),
    Date(Num<i32>),
    Time(Num<i32>),
}

/// Appends game records column by column; [`BatchBuilder::finish`] makes
/// the batch and starts the next one.
pub(crate) struct BatchBuilder {
    columns: Columns,
    schema: SchemaRef,
    rows: usize,
    game: Vec<u64>,
    offset: Vec<u64>,
    tags: Vec<Tag>,
    other_lists: Lists,
    other_keys: Str,
    other_values: Str,
    movetext: Str,
    ply_count: Vec<u32>,
    uci_lists: Lists,
    uci: Str,
    san_lists: Lists,
    san: Str,
    moves_lists: Lists,
    moves: Vec<u16>,
    clocks: Sparse,
    evals: Sparse,
    mates: Sparse,
    language: Str,
    opening_eco: Str,
    opening_name: Str,
    error: Str,
    warning_lists: Lists,
    warnings: Str,
    polyglot_lists: Lists,
    polyglot: Vec<u64>,
    fen_lists: Lists,
    fen: Str,
}

impl BatchBuilder {
    pub fn new(columns: Columns) -> BatchBuilder {
        let tags = Column::TAGS
            .iter()
            .map(|c| match c {
                Column::WhiteElo
                | Column::BlackElo
                | Column::WhiteRatingDiff
                | Column::BlackRatingDiff => Tag::Int16(Num::new()),
                Column::UtcDate => Tag::Date(Num::new()),
                Column::UtcTime => Tag::Time(Num::new()),
                _ => Tag::Str(Str::new()),
            })
            .collect();
        BatchBuilder {
            columns,
            schema: columns.schema(),
            rows: 0,
            game: Vec::new(),
            offset: Vec::new(),
            tags,
            other_lists: Lists::new(),
            other_keys: Str::new(),
            other_values: Str::new(),
            movetext: Str::new(),
            ply_count: Vec::new(),
            uci_lists: Lists::new(),
            uci: Str::new(),
            san_lists: Lists::new(),
            san: Str::new(),
            moves_lists: Lists::new(),
            moves: Vec::new(),
            clocks: Sparse::new(),
            evals: Sparse::new(),
            mates: Sparse::new(),
            language: Str::new(),
            opening_eco: Str::new(),
            opening_name: Str::new(),
            error: Str::new(),
            warning_lists: Lists::new(),
            warnings: Str::new(),
            polyglot_lists: Lists::new(),
            polyglot: Vec::new(),
            fen_lists: Lists::new(),
            fen: Str::new(),
        }
    }

    /// Rows appended since the last batch.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Bytes held, about (the largest buffers).
    pub fn bytes(&self) -> usize {
        self.uci.data.len()
            + self.san.data.len()
            + self.fen.data.len()
            + self.movetext.data.len()
            + self.other_values.data.len()
            + self.warnings.data.len()
            + 2 * self.moves.len()
            + 8 * self.polyglot.len()
            + 4 * (self.clocks.values.len() + self.evals.values.len() + self.mates.values.len())
            + 4 * (self.uci.offsets.len() + self.san.offsets.len() + self.fen.offsets.len())
            + 256 * self.rows
    }

    /// Appends one game.
    pub fn push(&mut self, r: &GameRecord) {
        let has = |c| self.columns.contains(c);
        self.rows += 1;
        if has(Column::Game) {
            self.game.push(r.game);
        }
        if has(Column::Offset) {
            self.offset.push(r.offset);
        }
        for (i, tag) in self.tags.iter_mut().enumerate() {
            if !self.columns.contains(Column::TAGS[i]) {
                continue;
            }
            let v = r.tags[i].map(|s| r.get(s));
            match tag {
                Tag::Str(s) => s.push(v),
                Tag::Int16(n) => n.push(v.and_then(values::int16)),
                Tag::Date(n) => n.push(v.and_then(values::date)),
                Tag::Time(n) => n.push(v.and_then(values::time)),
            }
        }
        if has(Column::Tags) {
            for &(k, v) in &r.other_tags {
                self.other_keys.push(Some(r.get(k)));
                self.other_values.push(Some(r.get(v)));
            }
            self.other_lists.push(self.other_keys.len(), true);
        }
        if has(Column::Movetext) {
            self.movetext.push(r.movetext.map(|s| r.get(s)));
        }
        if has(Column::PlyCount) {
            self.ply_count.push(r.moves.len() as u32);
        }
        if has(Column::Uci) {
            self.uci.extend_uci(&r.moves, r.mode);
            self.uci_lists.push(self.uci.len(), true);
        }
        if has(Column::San) {
            self.san.extend(&r.san);
            self.san_lists.push(self.san.len(), true);
        }
        if has(Column::Moves) {
            self.moves.extend_from_slice(&r.moves);
            self.moves_lists.push(self.moves.len(), true);
        }
        if has(Column::Clocks) {
            self.clocks.push(&r.clocks, r.has_clock);
        }
        if has(Column::Evals) {
            self.evals.push(&r.evals, r.has_eval);
        }
        if has(Column::Mates) {
            self.mates.push(&r.mates, r.has_eval);
        }
        if has(Column::Language) {
            let code = r.language.map(|l| l.code().as_bytes());
            self.language.push(code);
        }
        if has(Column::OpeningEco) {
            self.opening_eco.push(r.opening.map(|o| o.eco.as_bytes()));
        }
        if has(Column::OpeningName) {
            self.opening_name.push(r.opening.map(|o| o.name.as_bytes()));
        }
        if has(Column::Error) {
            self.error.push(r.error.map(|s| r.get(s)));
        }
        if has(Column::Warnings) {
            for &w in &r.warnings {
                self.warnings.push(Some(r.get(w)));
            }
            self.warning_lists.push(self.warnings.len(), true);
        }
        if has(Column::Polyglot) {
            self.polyglot.extend_from_slice(&r.polyglot);
            self.polyglot_lists.push(self.polyglot.len(), true);
        }
        if has(Column::Fen) {
            self.fen.extend(&r.fen);
            self.fen_lists.push(self.fen.len(), true);
        }
    }

    /// The batch of the rows appended so far; the builder starts empty.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(self.schema.fields().len());
        for column in self.columns.iter() {
            arrays.push(self.finish_column(column)?);
        }
        self.rows = 0;
        RecordBatch::try_new(self.schema.clone(), arrays)
    }

    fn finish_column(&mut self, column: Column) -> Result<ArrayRef, ArrowError> {
        let take64 = |v: &mut Vec<u64>| UInt64Array::from(take(v));
        Ok(match column {
            Column::Game => Arc::new(take64(&mut self.game)),
            Column::Offset => Arc::new(take64(&mut self.offset)),
            Column::Tags => {
                let keys = Arc::new(self.other_keys.finish()?);
                let values = Arc::new(self.other_values.finish()?);
                let DataType::Map(entries, _) = column.data_type() else {
                    unreachable!("the tags column is a map");
                };
                let DataType::Struct(fields) = entries.data_type().clone() else {
                    unreachable!("map entries are a struct");
                };
                let entries_array = StructArray::try_new(fields, vec![keys, values], None)?;
                let offsets = take_offsets(&mut self.other_lists.offsets);
                self.other_lists.nulls.finish();
                Arc::new(MapArray::try_new(
                    FieldRef::clone(&entries),
                    OffsetBuffer::new(ScalarBuffer::from(offsets)),
                    entries_array,
                    None,
                    false,
                )?)
            }
            Column::Movetext => Arc::new(self.movetext.finish()?),
            Column::PlyCount => Arc::new(UInt32Array::from(take(&mut self.ply_count))),
            Column::Uci => {
                let values = Arc::new(self.uci.finish()?);
                self.uci_lists.finish(DataType::Utf8, values)?
            }
            Column::San => {
                let values = Arc::new(self.san.finish()?);
                self.san_lists.finish(DataType::Utf8, values)?
            }
            Column::Moves => {
                let values = Arc::new(UInt16Array::from(take(&mut self.moves)));
                self.moves_lists.finish(DataType::UInt16, values)?
            }
            Column::Clocks => self.clocks.finish()?,
            Column::Evals => self.evals.finish()?,
            Column::Mates => self.mates.finish()?,
            Column::Language => Arc::new(self.language.finish()?),
            Column::OpeningEco => Arc::new(self.opening_eco.finish()?),
            Column::OpeningName => Arc::new(self.opening_name.finish()?),
            Column::Error => Arc::new(self.error.finish()?),
            Column::Warnings => {
                let values = Arc::new(self.warnings.finish()?);
                self.warning_lists.finish(DataType::Utf8, values)?
            }
            Column::Polyglot => {
                let values = Arc::new(take64(&mut self.polyglot));
                self.polyglot_lists.finish(DataType::UInt64, values)?
            }
            Column::Fen => {
                let values = Arc::new(self.fen.finish()?);
                self.fen_lists.finish(DataType::Utf8, values)?
            }
            tag => {
                let i = Column::TAGS
                    .iter()
                    .position(|&c| c == tag)
                    .expect("every other column is a tag column");
                match &mut self.tags[i] {
                    Tag::Str(s) => Arc::new(s.finish()?),
                    Tag::Int16(n) => Arc::new(Int16Array::new(
                        ScalarBuffer::from(take(&mut n.values)),
                        n.nulls.finish(),
                    )),
                    Tag::Date(n) => Arc::new(Date32Array::new(
                        ScalarBuffer::from(take(&mut n.values)),
                        n.nulls.finish(),
                    )),
                    Tag::Time(n) => Arc::new(Time32SecondArray::new(
                        ScalarBuffer::from(take(&mut n.values)),
                        n.nulls.finish(),
                    )),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use arrow_array::Array;

    use super::*;
    use crate::types::{Role, Square};

    fn strings(items: &[&str]) -> Strings {
        let mut s = Strings::default();
        for item in items {
            s.push_display(item);
        }
        s
    }

    fn values(a: &StringArray) -> Vec<Option<&str>> {
        a.iter().collect()
    }

    #[test]
    fn uci_of_every_square_pair_and_of_each_kind() {
        let mut c = Str::new();
        let mut moves: Vec<u16> = (0..64 * 64).collect();
        let special = [
            (Move::NULL, "0000", "0000"),
            (Move::en_passant(Square::E5, Square::D6), "e5d6", "e5d6"),
            (Move::castle(Square::E1, Square::H1), "e1g1", "e1h1"),
            (Move::castle(Square::E8, Square::A8), "e8c8", "e8a8"),
            (Move::castle(Square::B1, Square::A1), "b1c1", "b1a1"),
            (
                Move::promotion(Square::B2, Square::A1, Role::Queen),
                "b2a1q",
                "b2a1q",
            ),
            (
                Move::promotion(Square::G7, Square::G8, Role::Rook),
                "g7g8r",
                "g7g8r",
            ),
        ];
        moves.extend(special.iter().map(|(m, _, _)| m.to_u16()));
        c.extend_uci(&moves, CastlingMode::Standard);
        c.extend_uci(&moves[64 * 64..], CastlingMode::Chess960);
        let a = c.finish().unwrap();
        a.to_data().validate_full().unwrap();
        assert_eq!(a.len(), 64 * 64 + 2 * special.len());
        let names: Vec<String> = Square::all()
            .map(|s| String::from_utf8(s.to_ascii().to_vec()).unwrap())
            .collect();
        // Square pair 0 is the null move.
        assert_eq!(a.value(0), "0000");
        for m in 1..64 * 64 {
            let want = format!("{}{}", names[m % 64], names[m / 64]);
            assert_eq!(a.value(m), want, "move {m}");
        }
        for (i, (_, standard, chess960)) in special.iter().enumerate() {
            assert_eq!(a.value(64 * 64 + i), *standard);
            assert_eq!(a.value(64 * 64 + special.len() + i), *chess960);
        }
        assert_eq!(a.value(1 + 8 * 64), "b1a2");
    }

    #[test]
    fn str_column_of_ascii_is_each_string_pushed() {
        let mut c = Str::new();
        c.push(Some(b"Carlsen"));
        c.push(None);
        c.extend(&strings(&["e4", "Nf3+", ""]));
        c.extend_uci(
            &[
                Move::normal(Square::E2, Square::E4).to_u16(),
                Move::promotion(Square::A7, Square::A8, Role::Knight).to_u16(),
            ],
            CastlingMode::Standard,
        );
        c.push(Some(b""));
        let a = c.finish().unwrap();
        a.to_data().validate_full().unwrap();
        assert_eq!(
            values(&a),
            [
                Some("Carlsen"),
                None,
                Some("e4"),
                Some("Nf3+"),
                Some(""),
                Some("e2e4"),
                Some("a7a8n"),
                Some("")
            ]
        );
        assert_eq!(a.null_count(), 1);
        // The next batch starts empty.
        c.push(Some(b"d4"));
        assert_eq!(values(&c.finish().unwrap()), [Some("d4")]);
        assert_eq!(c.finish().unwrap().len(), 0);
    }

    #[test]
    fn str_column_of_other_text_is_checked() {
        let mut c = Str::new();
        c.push(Some("Ljubojević".as_bytes()));
        c.push(None);
        c.extend(&strings(&["♘f3", "e4"]));
        let a = c.finish().unwrap();
        a.to_data().validate_full().unwrap();
        assert_eq!(
            values(&a),
            [Some("Ljubojević"), None, Some("♘f3"), Some("e4")]
        );
    }

    #[test]
    fn str_column_refuses_bytes_that_are_no_utf8() {
        let mut c = Str::new();
        c.push(Some(b"ok"));
        c.push(Some(b"\xff"));
        assert!(c.finish().is_err());
    }
}
