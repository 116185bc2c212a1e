//! Parquet column chunks of lists of few distinct small values (the `uci`
//! and `san` columns: a few thousand distinct strings of at most 7
//! bytes; `moves`: a few thousand distinct 16-bit moves), written here
//! rather than by the parquet crate's writer, which interns each value by
//! hashing and comparing its bytes. A value here is one integer (a
//! string's bytes packed, or the number), looked up in a table of
//! integers; a number, and a `uci` string given with its move, in a table
//! indexed by the 16 bits.
//!
//! The chunk is what the parquet crate writes for such a column with
//! dictionary encoding and no compression: a PLAIN dictionary page, then
//! one version-1 data page with RLE-encoded repetition and definition
//! levels and RLE_DICTIONARY-encoded indices, no statistics.

use std::collections::HashMap;

use arrow_array::cast::AsArray;
use arrow_array::types::UInt16Type;
use arrow_array::{Array, ArrayRef, ListArray};
use arrow_schema::{DataType, Field};
use bytes::Bytes;
use movetext::{Move, MoveKind};
use parquet::basic::{Compression, Encoding, EncodingMask, Type as PhysicalType};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::{ParquetError, Result};
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

/// The physical type of the values of a list column [`DictColumn`]
/// writes: strings or 16-bit unsigned integers; `None` for any other
/// field.
pub fn dict_values(field: &Field) -> Option<PhysicalType> {
    let DataType::List(item) = field.data_type() else {
        return None;
    };
    match item.data_type() {
        DataType::Utf8 => Some(PhysicalType::BYTE_ARRAY),
        DataType::UInt16 => Some(PhysicalType::INT32),
        _ => None,
    }
}

/// A string of at most 7 bytes, `data[at..at + len]`, as one integer: the
/// bytes, the length above them and the top bit set, so that no key is 0
/// (an empty slot).
#[inline]
fn packed(data: &[u8], at: usize, len: usize) -> Option<u64> {
    if len > 7 {
        return None;
    }
    let word = match data.get(at..at + 8) {
        Some(w) => u64::from_le_bytes(w.try_into().unwrap_or_default()),
        None => {
            let mut b = [0u8; 8];
            b[..len].copy_from_slice(&data[at..at + len]);
            u64::from_le_bytes(b)
        }
    };
    let bytes = word & ((1u64 << (8 * len)) - 1);
    Some(bytes | (len as u64) << 56 | 1 << 63)
}

/// A string's index in the dictionary, in the order first seen.
struct Interner {
    /// Open addressing: packed keys (0: empty) and their indices.
    keys: Vec<u64>,
    indices: Vec<u32>,
    /// Per 16-bit value (a number, or the move a string is written from):
    /// its index plus one, 0 if not yet seen.
    direct: Box<[u32; 1 << 16]>,
    /// Longer strings.
    long: HashMap<Vec<u8>, u32>,
    /// The dictionary page's values: PLAIN, a 4-byte length before each.
    plain: Vec<u8>,
    len: u32,
}

impl Interner {
    fn new() -> Interner {
        Interner {
            keys: vec![0; 1 << 12],
            indices: vec![0; 1 << 12],
            direct: vec![0; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("2^16 entries"),
            long: HashMap::new(),
            plain: Vec::new(),
            len: 0,
        }
    }

    fn slot(key: u64, bits: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    fn add(&mut self, s: &[u8]) -> u32 {
        self.plain
            .extend_from_slice(&(s.len() as u32).to_le_bytes());
        self.plain.extend_from_slice(s);
        self.len += 1;
        self.len - 1
    }

    /// The index of `data[at..at + len]`.
    #[inline]
    fn intern(&mut self, data: &[u8], at: usize, len: usize) -> u32 {
        match packed(data, at, len) {
            Some(key) => self.lookup(key, data, at, len),
            None => self.intern_long(&data[at..at + len]),
        }
    }

    /// The index of a string of more than 7 bytes.
    #[cold]
    fn intern_long(&mut self, s: &[u8]) -> u32 {
        if let Some(&i) = self.long.get(s) {
            return i;
        }
        let i = self.add(s);
        self.long.insert(s.to_vec(), i);
        i
    }

    /// The index of the 16-bit value `v`, its dictionary entry a PLAIN
    /// INT32. An interner holds strings or numbers, never both.
    #[inline]
    fn intern_u16(&mut self, v: u16) -> u32 {
        let seen = self.direct[usize::from(v)];
        if seen != 0 {
            return seen - 1;
        }
        self.plain.extend_from_slice(&i32::from(v).to_le_bytes());
        self.len += 1;
        self.direct[usize::from(v)] = self.len;
        self.len - 1
    }

    /// The index of the UCI of the move `m`, which is `data[at..at + len]`
    /// for the `(at, len)` that `uci` gives: looked up by the move, the
    /// string read and interned only the first time. A castling move's UCI
    /// depends on the game (`e1g1`, or `e1h1` in Chess960), so it is
    /// looked up by its string each time.
    #[inline(always)]
    fn intern_uci(&mut self, m: u16, uci: impl FnOnce() -> (usize, usize), data: &[u8]) -> u32 {
        if Move::from_u16(m).kind() == MoveKind::Castle {
            let (at, len) = uci();
            return self.intern(data, at, len);
        }
        let seen = self.direct[usize::from(m)];
        if seen != 0 {
            return seen - 1;
        }
        let (at, len) = uci();
        let index = self.intern(data, at, len);
        self.direct[usize::from(m)] = index + 1;
        index
    }

    /// The index of the string `data[at..at + len]` packed as `key`.
    #[inline]
    fn lookup(&mut self, key: u64, data: &[u8], at: usize, len: usize) -> u32 {
        let mask = self.keys.len() - 1;
        let mut i = Self::slot(key, self.keys.len().trailing_zeros());
        loop {
            match self.keys[i] {
                k if k == key => return self.indices[i],
                0 => return self.insert(i, key, &data[at..at + len]),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds the string `s`, packed as `key`, in the empty slot `i`: its
    /// index. Out of line, so that the lookups stay small.
    #[inline(never)]
    fn insert(&mut self, i: usize, key: u64, s: &[u8]) -> u32 {
        let index = self.add(s);
        self.keys[i] = key;
        self.indices[i] = index;
        if self.len as usize * 2 > self.keys.len() {
            self.grow();
        }
        index
    }

    /// Doubles the table.
    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let bits = size.trailing_zeros();
        let keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let indices = std::mem::replace(&mut self.indices, vec![0; size]);
        for (k, index) in keys.into_iter().zip(indices) {
            if k == 0 {
                continue;
            }
            let mut i = Self::slot(k, bits);
            while self.keys[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            self.keys[i] = k;
            self.indices[i] = index;
        }
    }
}

/// Parquet's RLE / bit-packing hybrid encoding of `width`-bit values, in
/// groups of 8: a group of 8 equal values extends or starts a run; other
/// groups are bit-packed, up to 63 groups under one header.
struct Hybrid {
    width: u32,
    out: Vec<u8>,
    group: [u32; 8],
    n: usize,
    /// The run not yet written: its value and length.
    run: Option<(u32, usize)>,
    /// The bit-packed run open: where its header byte is, and its groups.
    packed: Option<(usize, u8)>,
}

impl Hybrid {
    fn new(width: u32) -> Hybrid {
        Hybrid {
            width,
            out: Vec::new(),
            group: [0; 8],
            n: 0,
            run: None,
            packed: None,
        }
    }

    #[inline]
    fn push(&mut self, v: u32) {
        self.group[self.n] = v;
        self.n += 1;
        if self.n == 8 {
            self.n = 0;
            self.flush_group(8);
        }
    }

    /// Adds `n` repeats of `v` to the open run of `v`, or ends what is open
    /// and opens one.
    fn extend_run(&mut self, v: u32, n: usize) {
        match &mut self.run {
            Some((value, len)) if *value == v => *len += n,
            _ => {
                self.end_run();
                self.end_packed();
                self.run = Some((v, n));
            }
        }
    }

    /// Appends `v` `count` times.
    fn push_run(&mut self, v: u32, mut count: usize) {
        while self.n > 0 && count > 0 {
            self.push(v);
            count -= 1;
        }
        let whole = count / 8 * 8;
        if whole > 0 {
            self.extend_run(v, whole);
        }
        for _ in whole..count {
            self.push(v);
        }
    }

    /// Writes the first `n` values of the group (fewer than 8 only at the
    /// end: a bit-packed group is padded with zeros, which the page's
    /// count of values leaves unread).
    fn flush_group(&mut self, n: usize) {
        let g = &self.group[..n];
        let v = g[0];
        if g.iter().all(|&x| x == v) {
            self.extend_run(v, n);
            return;
        }
        self.end_run();
        if matches!(self.packed, Some((_, 63)) | None) {
            self.end_packed();
            self.packed = Some((self.out.len(), 0));
            self.out.push(0);
        }
        pack(&self.group[..n], self.width, &mut self.out);
        if let Some((_, groups)) = &mut self.packed {
            *groups += 1;
        }
    }

    fn end_run(&mut self) {
        if let Some((value, len)) = self.run.take() {
            uleb128(&mut self.out, (len as u64) << 1);
            let bytes = self.width.div_ceil(8) as usize;
            self.out.extend_from_slice(&value.to_le_bytes()[..bytes]);
        }
    }

    fn end_packed(&mut self) {
        if let Some((at, groups)) = self.packed.take() {
            self.out[at] = (groups << 1) | 1;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.flush_group(self.n);
        }
        self.end_run();
        self.end_packed();
        self.out
    }
}

/// `values` bit-packed, `width` bits each, in runs of at most 63 groups of
/// 8 (the hybrid encoding without runs of equal values; the last group
/// padded with zeros).
fn bit_packed(values: &[u32], width: u32, out: &mut Vec<u8>) {
    for run in values.chunks(63 * 8) {
        let groups = run.len().div_ceil(8);
        out.push(((groups as u8) << 1) | 1);
        pack(run, width, out);
    }
}

/// `values` packed `width` bits each, the first in the lowest bits, then
/// zeros to a whole group of 8 (`width` bytes a group).
fn pack(values: &[u32], width: u32, out: &mut Vec<u8>) {
    let start = out.len();
    out.resize(start + values.len().div_ceil(8) * width as usize, 0);
    let dst = &mut out[start..];
    // Whole 32-bit words as they fill (`width` is at most 32, so `acc`
    // never holds more than 63 bits), then the bytes of the last.
    let (mut acc, mut bits, mut at) = (0u64, 0, 0);
    for &v in values {
        acc |= u64::from(v) << bits;
        bits += width;
        if bits >= 32 {
            dst[at..at + 4].copy_from_slice(&(acc as u32).to_le_bytes());
            at += 4;
            acc >>= 32;
            bits -= 32;
        }
    }
    let tail = bits.div_ceil(8) as usize;
    dst[at..at + tail].copy_from_slice(&acc.to_le_bytes()[..tail]);
}

fn uleb128(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Bits to write values up to `max`.
fn bit_width(max: u32) -> u32 {
    32 - max.leading_zeros()
}

/// One row group's chunk of a list-of-strings column.
pub struct DictColumn {
    descr: ColumnDescPtr,
    /// Definition levels of a null list, an empty one, a null item and an
    /// item.
    null_list: i16,
    empty: i16,
    null_item: i16,
    item: i16,
    rep: Hybrid,
    def: Hybrid,
    /// Level entries (values, nulls and empty lists).
    levels: usize,
    values: Vec<u32>,
    interner: Interner,
    rows: u64,
}

impl DictColumn {
    /// A chunk of the column `descr`, written from the arrow field `field`
    /// (a list of strings or of 16-bit numbers: see [`dict_values`]), with
    /// room for `values` values (the last chunk's count: the buffer is
    /// not grown value by value).
    pub fn new(descr: ColumnDescPtr, field: &Field, values: usize) -> Result<DictColumn> {
        let DataType::List(item) = field.data_type() else {
            return Err(ParquetError::General(format!(
                "{} is not a list",
                field.name()
            )));
        };
        if dict_values(field) != Some(descr.physical_type()) {
            return Err(ParquetError::General(format!(
                "{}: unexpected values {} for {}",
                field.name(),
                descr.physical_type(),
                item.data_type()
            )));
        }
        let list = i16::from(field.is_nullable());
        let item_null = i16::from(item.is_nullable());
        let present = list + 1 + item_null;
        if descr.max_def_level() != present || descr.max_rep_level() != 1 {
            return Err(ParquetError::General(format!(
                "{}: unexpected levels {}/{}",
                field.name(),
                descr.max_def_level(),
                descr.max_rep_level()
            )));
        }
        Ok(DictColumn {
            descr,
            null_list: 0,
            empty: list,
            null_item: list + 1,
            item: present,
            rep: Hybrid::new(1),
            def: Hybrid::new(bit_width(present as u32)),
            levels: 0,
            values: Vec::with_capacity(values),
            interner: Interner::new(),
            rows: 0,
        })
    }

    /// Values appended so far.
    pub fn values(&self) -> usize {
        self.values.len()
    }

    /// Bytes held so far, about what the chunk will take.
    pub fn size(&self) -> usize {
        self.values.len() * 2 + self.rep.out.len() + self.def.out.len() + self.interner.plain.len()
    }

    /// Appends the rows of a list array of the column's values. `moves`,
    /// when given, is the same rows' `moves` column and `array` their UCI:
    /// each string is then looked up by its move.
    pub fn write(&mut self, array: &ArrayRef, moves: Option<&ArrayRef>) -> Result<()> {
        let name = self.descr.name();
        let lists = array
            .as_list_opt::<i32>()
            .ok_or_else(|| ParquetError::General(format!("{name}: not a list array")))?;
        let items = lists.values();
        let moves = moves
            .and_then(|m| m.as_list_opt::<i32>())
            .filter(|m| m.value_offsets() == lists.value_offsets() && m.values().null_count() == 0)
            .and_then(|m| m.values().as_primitive_opt::<UInt16Type>());
        if let (Some(strings), Some(moves)) = (items.as_string_opt::<i32>(), moves) {
            let (offsets, bytes) = (strings.value_offsets(), strings.value_data());
            let moves = moves.values();
            self.write_lists(lists, |interner, i| {
                let uci = || {
                    let at = offsets[i] as usize;
                    (at, offsets[i + 1] as usize - at)
                };
                interner.intern_uci(moves[i], uci, bytes)
            });
        } else if let Some(strings) = items.as_string_opt::<i32>() {
            let (offsets, bytes) = (strings.value_offsets(), strings.value_data());
            self.write_lists(lists, |interner, i| {
                let at = offsets[i] as usize;
                let len = offsets[i + 1] as usize - at;
                interner.intern(bytes, at, len)
            });
        } else if let Some(numbers) = items.as_primitive_opt::<UInt16Type>() {
            let values = numbers.values();
            self.write_lists(lists, |interner, i| interner.intern_u16(values[i]));
        } else {
            return Err(ParquetError::General(format!(
                "{name}: not a list of strings or of 16-bit numbers"
            )));
        }
        Ok(())
    }

    /// Appends the rows of `lists`: the levels, and the index `intern`
    /// gives each item that is not null.
    #[inline]
    fn write_lists(
        &mut self,
        lists: &ListArray,
        mut intern: impl FnMut(&mut Interner, usize) -> u32,
    ) {
        let items = lists.values();
        let list_offsets = lists.value_offsets();
        self.rows += lists.len() as u64;
        let item_nulls = items.null_count() > 0;
        for row in 0..lists.len() {
            let (a, b) = (list_offsets[row] as usize, list_offsets[row + 1] as usize);
            let null = lists.is_null(row);
            if null || a == b {
                let def = if null { self.null_list } else { self.empty };
                self.rep.push(0);
                self.def.push(def as u32);
                self.levels += 1;
                continue;
            }
            self.rep.push(0);
            self.rep.push_run(1, b - a - 1);
            self.levels += b - a;
            if !item_nulls {
                self.def.push_run(self.item as u32, b - a);
                let interner = &mut self.interner;
                self.values.extend((a..b).map(|i| intern(interner, i)));
                continue;
            }
            for i in a..b {
                if items.is_null(i) {
                    self.def.push(self.null_item as u32);
                    continue;
                }
                self.def.push(self.item as u32);
                self.values.push(intern(&mut self.interner, i));
            }
        }
    }

    /// The chunk's bytes and what the row group writer needs to append
    /// them.
    pub fn finish(self) -> Result<(Bytes, ColumnCloseResult)> {
        let levels = self.levels;
        let mut data = Vec::with_capacity(self.values.len() * 2 + 64);
        for h in [self.rep, self.def] {
            let encoded = h.finish();
            data.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
            data.extend_from_slice(&encoded);
        }
        let width = bit_width(self.interner.len.saturating_sub(1)).max(1);
        data.push(width as u8);
        bit_packed(&self.values, width, &mut data);

        let mut sink = TrackedWrite::new(Vec::new());
        let mut pages = SerializedPageWriter::new(&mut sink);
        let dict_len = self.interner.plain.len();
        let dict = pages.write_page(CompressedPage::new(
            Page::DictionaryPage {
                buf: Bytes::from(self.interner.plain),
                num_values: self.interner.len,
                encoding: Encoding::PLAIN,
                is_sorted: false,
            },
            dict_len,
        ))?;
        let data_len = data.len();
        let page = pages.write_page(CompressedPage::new(
            Page::DataPage {
                buf: Bytes::from(data),
                num_values: levels as u32,
                encoding: Encoding::RLE_DICTIONARY,
                def_level_encoding: Encoding::RLE,
                rep_level_encoding: Encoding::RLE,
                statistics: None,
            },
            data_len,
        ))?;
        pages.close()?;
        let bytes = Bytes::from(sink.into_inner()?);
        let size = (dict.bytes_written + page.bytes_written) as i64;
        let encodings = [Encoding::PLAIN, Encoding::RLE, Encoding::RLE_DICTIONARY];
        let metadata = ColumnChunkMetaData::builder(self.descr)
            .set_compression_codec(Compression::UNCOMPRESSED.into())
            .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
            .set_num_values(levels as i64)
            .set_total_compressed_size(size)
            .set_total_uncompressed_size(size)
            .set_dictionary_page_offset(Some(dict.offset as i64))
            .set_data_page_offset(page.offset as i64)
            .build()?;
        let close = ColumnCloseResult {
            bytes_written: size as u64,
            rows_written: self.rows,
            metadata,
            bloom_filter: None,
            column_index: None,
            offset_index: None,
        };
        Ok((bytes, close))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext::Square;

    /// Decodes a hybrid stream of `n` values (the reading side of the
    /// format, written from its specification).
    fn decode(mut b: &[u8], width: u32, n: usize) -> Vec<u32> {
        let mut out = Vec::new();
        while out.len() < n {
            let (mut header, mut shift) = (0u64, 0);
            loop {
                let byte = b[0];
                b = &b[1..];
                header |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte < 0x80 {
                    break;
                }
            }
            if header & 1 == 0 {
                let bytes = width.div_ceil(8) as usize;
                let mut v = [0u8; 4];
                v[..bytes].copy_from_slice(&b[..bytes]);
                b = &b[bytes..];
                out.extend(std::iter::repeat_n(
                    u32::from_le_bytes(v),
                    (header >> 1) as usize,
                ));
            } else {
                let count = (header >> 1) as usize * 8;
                let (mut acc, mut bits, mut at) = (0u64, 0, 0);
                for _ in 0..count {
                    while bits < width {
                        acc |= u64::from(b[at]) << bits;
                        at += 1;
                        bits += 8;
                    }
                    out.push((acc & ((1u64 << width) - 1)) as u32);
                    acc >>= width;
                    bits -= width;
                }
                b = &b[at..];
            }
        }
        out.truncate(n);
        out
    }

    fn encode(values: &[u32], width: u32) -> Vec<u8> {
        let mut h = Hybrid::new(width);
        for &v in values {
            h.push(v);
        }
        h.finish()
    }

    #[test]
    fn hybrid_runs_and_packed_groups_decode_to_the_values() {
        let mut values: Vec<u32> = vec![3; 20];
        values.extend((0..1000).map(|i| (i * 7 % 11) as u32));
        values.extend([5; 64]);
        values.extend([1, 2, 3]);
        for width in [4, 11] {
            let encoded = encode(&values, width);
            assert_eq!(decode(&encoded, width, values.len()), values);
        }
        // 16 equal values: one run, header 16 << 1, the value in a byte.
        assert_eq!(encode(&[3; 16], 2), [32, 3]);
        // A run of 8 then a packed group: 0,1,0,1,... in 1 bit.
        let mut v = vec![1; 8];
        v.extend([0, 1, 0, 1, 0, 1, 0, 1]);
        assert_eq!(encode(&v, 1), [16, 1, 0b11, 0b1010_1010]);
        // Three values at the end: a group padded with zeros.
        assert_eq!(encode(&[1, 2, 3], 2), [0b11, 0b11_10_01, 0]);
    }

    #[test]
    fn values_bit_packed_decode_to_the_values() {
        let cases: [(usize, u32); 5] = [(3, 2), (8, 11), (1000, 11), (63 * 8 + 1, 5), (20, 32)];
        for (n, width) in cases {
            let values: Vec<u32> = (0..n as u64)
                .map(|i| ((i * 2_654_435_761) % (1u64 << width)) as u32)
                .collect();
            let mut out = Vec::new();
            bit_packed(&values, width, &mut out);
            assert_eq!(
                out.len(),
                n.div_ceil(63 * 8) + n.div_ceil(8) * width as usize
            );
            assert_eq!(decode(&out, width, n), values);
        }
    }

    #[test]
    fn runs_pushed_whole_decode_to_the_values() {
        let mut h = Hybrid::new(2);
        let mut want = Vec::new();
        for (v, n) in [
            (0, 1),
            (1, 79),
            (0, 1),
            (1, 3),
            (3, 40),
            (2, 0),
            (0, 1),
            (1, 16),
        ] {
            h.push_run(v, n);
            want.extend(std::iter::repeat_n(v, n));
        }
        assert_eq!(decode(&h.finish(), 2, want.len()), want);
    }

    #[test]
    fn more_than_63_packed_groups_take_another_header() {
        let values: Vec<u32> = (0..8 * 70).map(|i| i % 2).collect();
        let encoded = encode(&values, 1);
        assert_eq!(encoded[0], 63 << 1 | 1);
        assert_eq!(encoded[64], 7 << 1 | 1);
        assert_eq!(decode(&encoded, 1, values.len()), values);
    }

    #[test]
    fn strings_are_interned_in_the_order_first_seen() {
        let mut i = Interner::new();
        let words: Vec<String> = (0..5000).map(|n| format!("m{n}")).collect();
        for (n, w) in words.iter().enumerate() {
            assert_eq!(i.intern(w.as_bytes(), 0, w.len()), n as u32);
        }
        // At the end of the data (fewer than 8 bytes after), and within.
        assert_eq!(i.intern(b"m42", 0, 3), 42);
        assert_eq!(i.intern(b"xm42yyyyyyyy", 1, 3), 42);
        assert_eq!(i.intern(b"", 0, 0), 5000);
        assert_eq!(i.intern(b"a longer string", 0, 15), 5001);
        assert_eq!(i.intern(b"q4", 0, 2), 5002);
        assert_eq!(i.intern(b"", 0, 0), 5000);
        assert_eq!(i.intern(b"xa longer string", 1, 15), 5001);
        assert_eq!(&i.plain[..6], b"\x02\0\0\0m0");
    }

    #[test]
    fn uci_is_interned_by_move_and_castling_by_string() {
        let mut i = Interner::new();
        let e2e4 = Move::normal(Square::E2, Square::E4).to_u16();
        let rook = Move::normal(Square::E1, Square::G1).to_u16();
        let castle = Move::castle(Square::E1, Square::H1).to_u16();
        let data = b"e2e4e1g1e1h1xxxx";
        let at = |n: usize| move || (n, 4);
        assert_eq!(i.intern_uci(e2e4, at(0), data), 0);
        // Known by its move: the bytes are not read again.
        assert_eq!(i.intern_uci(e2e4, at(12), data), 0);
        // The standard castling and the rook's move share `e1g1`.
        assert_eq!(i.intern_uci(castle, at(4), data), 1);
        assert_eq!(i.intern_uci(rook, at(4), data), 1);
        // The same castling in a Chess960 game.
        assert_eq!(i.intern_uci(castle, at(8), data), 2);
        assert_eq!(i.intern_uci(castle, at(4), data), 1);
        assert_eq!(i.len, 3);
        assert_eq!(&i.plain[..], b"\x04\0\0\0e2e4\x04\0\0\0e1g1\x04\0\0\0e1h1");
    }

    #[test]
    fn numbers_are_interned_in_the_order_first_seen() {
        let mut i = Interner::new();
        let values: Vec<u16> = (0..5000u32).map(|n| (n * 40_503 % 65_536) as u16).collect();
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(i.intern_u16(v), n as u32);
        }
        assert_eq!(i.intern_u16(values[42]), 42);
        assert_eq!(i.intern_u16(0), 0);
        assert_eq!(i.intern_u16(65_535), 5000);
        // The dictionary page: each value a 4-byte little-endian INT32.
        assert_eq!(i.plain.len(), 5001 * 4);
        assert_eq!(i.plain[4..8], i32::from(values[1]).to_le_bytes());
        assert_eq!(&i.plain[5000 * 4..], [0xff, 0xff, 0, 0]);
    }
}
