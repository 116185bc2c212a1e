//! Work units through the library: the units of a file, each read on its
//! own from its JSON form, give the whole file's games end to end, every
//! place and game number included: plain PGN, zstd of one and many frames,
//! gzip; units of every size; byte ranges cut anywhere.

#[path = "support/units.rs"]
mod support;

use movetext::pgn::decompress::Compression;
use movetext::pgn::events::{Event, EventLog};
use movetext::pgn::units::{index, range, IndexOptions, Unit};
use movetext::pgn::{par_read, Control, Origin, ParOptions, Reader};
use support::{gzip, pzstd_like, skippable, tricky_pgn, Temp};

type Games = Vec<Vec<Event>>;

fn whole(text: &[u8]) -> Games {
    let mut out = Vec::new();
    Reader::new(text)
        .read_all(&mut EventLog::default(), |g| out.push(g))
        .unwrap();
    out
}

/// A unit's games, read from its JSON form with a reader on this thread
/// (decoders 0) or beside it.
fn read_unit(json: &str, decoders: usize) -> Games {
    let unit = Unit::from_json(json).unwrap();
    let mut out = Vec::new();
    unit.open_file(&unit.path, decoders)
        .unwrap()
        .reader()
        .read_all(&mut EventLog::default(), |g| out.push(g))
        .unwrap();
    if let Some(n) = unit.games {
        assert_eq!(out.len() as u64, n, "{json}");
    }
    out
}

/// A unit's games read in parallel chunks of `chunk` bytes.
fn par_read_unit(unit: &Unit, chunk: usize) -> Games {
    let text = unit.open_file(&unit.path, 2).unwrap();
    let origin = text.origin();
    let mut out = Vec::new();
    let options = ParOptions::default()
        .threads(2)
        .chunk_size(chunk)
        .origin(origin);
    par_read(text, &options, EventLog::default, |g| {
        out.push(g);
        Control::Continue
    })
    .unwrap();
    out
}

/// The units cover the file once, in order.
fn covers(units: &[Unit], size: u64) {
    assert_eq!(units.first().map(|u| u.start), Some(0));
    assert_eq!(units.last().map(|u| u.end), Some(size));
    for w in units.windows(2) {
        assert_eq!(
            w[0].end,
            w[1].start,
            "{} {}",
            w[0].to_json(),
            w[1].to_json()
        );
        assert!(w[0].start < w[0].end);
        // The text ranges follow one another too.
        assert_eq!(w[0].origin.offset + w[0].len.unwrap(), w[1].origin.offset);
        assert_eq!(w[0].origin.games + w[0].games.unwrap(), w[1].origin.games);
    }
}

/// Every unit read alone gives, end to end, the whole file's games.
fn units_read_as_whole(units: &[Unit], want: &Games, what: &str) {
    for decoders in [0, 2] {
        let mut got = Vec::new();
        for u in units {
            got.extend(read_unit(&u.to_json(), decoders));
        }
        assert_eq!(
            got.len(),
            want.len(),
            "{what}: decoders {decoders}: game count"
        );
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert_eq!(g, w, "{what}: decoders {decoders}: game {}", i + 1);
        }
    }
}

fn options(unit_size: u64) -> IndexOptions {
    IndexOptions {
        unit_size,
        threads: 2,
    }
}

#[test]
fn plain_units_of_every_size() {
    let pgn = tricky_pgn(400);
    let want = whole(&pgn);
    assert!(want.len() > 400, "{}", want.len());
    let f = Temp::new("plain.pgn", &pgn);
    let mut counts = Vec::new();
    for size in [1, 100, 1000, 10_000, 1 << 30] {
        let units = index(&f.0, &options(size)).unwrap();
        covers(&units, pgn.len() as u64);
        assert!(units
            .iter()
            .all(|u| u.compression == Compression::None && !u.whole));
        // Each unit but the first begins at a tag line that follows no tag line.
        for u in &units[1..] {
            let at = u.origin.offset as usize;
            assert_eq!(&pgn[at..at + 8], b"[Event \"", "{}", u.to_json());
            assert!(matches!(pgn[at - 1], b'\n' | b'\r'));
        }
        // Lines: the whole file's.
        for u in &units {
            let before = &pgn[..u.origin.offset as usize];
            let lines = 1 + before
                .iter()
                .enumerate()
                .filter(|&(i, &b)| b == b'\r' || (b == b'\n' && (i == 0 || before[i - 1] != b'\r')))
                .count() as u64;
            assert_eq!(u.origin.line, lines, "{}", u.to_json());
        }
        units_read_as_whole(&units, &want, &format!("unit size {size}"));
        counts.push(units.len());
    }
    // From a unit per place to cut, down to one.
    assert!(counts[0] > 200, "{counts:?}");
    assert!(counts[1] > 50 && counts[1] < counts[0], "{counts:?}");
    assert_eq!(counts[4], 1);
    // In parallel chunks too.
    let units = index(&f.0, &options(2000)).unwrap();
    for chunk in [1, 64, 1 << 20] {
        let got: Games = units.iter().flat_map(|u| par_read_unit(u, chunk)).collect();
        assert!(got == want, "chunk {chunk}");
    }
}

#[test]
fn zstd_units_are_runs_of_frames() {
    let pgn = tricky_pgn(300);
    let want = whole(&pgn);
    for piece in [97, 1000, 5000] {
        let zst = pzstd_like(&pgn, piece);
        let f = Temp::new(&format!("frames-{piece}.pgn.zst"), &zst);
        // Where each frame (with its skippable frame) begins in the file.
        let mut frame_starts = vec![0u64];
        for p in pgn.chunks(piece) {
            let len = zstd::encode_all(p, 3).unwrap().len() as u64 + 12;
            frame_starts.push(frame_starts.last().unwrap() + len);
        }
        for size in [1, 2000, 20_000, 1 << 30] {
            let units = index(&f.0, &options(size)).unwrap();
            covers(&units, zst.len() as u64);
            for u in &units {
                assert_eq!(u.compression, Compression::Zstd);
                assert!(frame_starts.contains(&u.start), "{}", u.to_json());
                // The frame begins at or before the unit's text.
                let k = frame_starts.iter().position(|&s| s == u.start).unwrap();
                assert_eq!(u.text_start, (k * piece) as u64, "{}", u.to_json());
                assert!(u.origin.offset >= u.text_start);
            }
            if size == 1 {
                assert!(units.len() > pgn.len() / piece / 3, "{}", units.len());
            }
            units_read_as_whole(
                &units,
                &want,
                &format!("frames of {piece}, unit size {size}"),
            );
        }
    }
}

#[test]
fn files_read_only_from_their_start_are_one_unit() {
    let pgn = tricky_pgn(50);
    let want = whole(&pgn);
    let mut utf16 = vec![0xff, 0xfe];
    for c in String::from_utf8_lossy(&pgn).encode_utf16() {
        utf16.extend_from_slice(&c.to_le_bytes());
    }
    let mut zst_utf16 = Vec::new();
    for piece in utf16.chunks(1000) {
        let frame = zstd::encode_all(piece, 3).unwrap();
        zst_utf16.extend_from_slice(&skippable(&(frame.len() as u32).to_le_bytes()));
        zst_utf16.extend_from_slice(&frame);
    }
    for (name, bytes, kind) in [
        (
            "one.pgn.zst",
            zstd::encode_all(&pgn[..], 3).unwrap(),
            Compression::Zstd,
        ),
        (
            "pzstd-one.pgn.zst",
            pzstd_like(&pgn, pgn.len()),
            Compression::Zstd,
        ),
        ("a.pgn.gz", gzip(&pgn), Compression::Gzip),
        ("utf16.pgn", utf16.clone(), Compression::None),
        ("utf16.pgn.zst", zst_utf16, Compression::Zstd),
    ] {
        let f = Temp::new(name, &bytes);
        let units = index(&f.0, &options(1)).unwrap();
        assert_eq!(units.len(), 1, "{name}");
        let u = &units[0];
        assert!(u.whole && u.compression == kind, "{name}");
        assert_eq!(
            u.to_json(),
            format!(
                "{{\"path\":\"{}\",\"size\":{},\"compression\":\"{}\",\"whole\":true,\"start\":0,\
                 \"end\":{},\"text_start\":0,\"offset\":0,\"len\":null,\"line\":1,\
                 \"games_before\":0,\"games\":null}}",
                f.path(),
                bytes.len(),
                if kind == Compression::None {
                    "none"
                } else {
                    kind.name()
                },
                bytes.len()
            )
        );
        // UTF-16 text reads as its UTF-8 twin without the BOM.
        let want = if name.starts_with("utf16") {
            whole(
                &String::from_utf16_lossy(
                    &utf16[2..]
                        .chunks(2)
                        .map(|c| u16::from_le_bytes([c[0], c[1]]))
                        .collect::<Vec<_>>(),
                )
                .into_bytes(),
            )
        } else {
            want.clone()
        };
        units_read_as_whole(&units, &want, name);
    }
}

/// Byte ranges cut anywhere (inside comments, variations, at `[` lines
/// that begin no game, at the first game) give the whole file's games end
/// to end.
#[test]
fn ranges_cut_anywhere() {
    let pgn = tricky_pgn(120);
    let want = whole(&pgn);
    let f = Temp::new("ranges.pgn", &pgn);
    let size = pgn.len() as u64;
    // Every line start with `[`, the byte after it, and a stride.
    let mut cuts: Vec<u64> = (1..pgn.len())
        .filter(|&i| pgn[i] == b'[' && matches!(pgn[i - 1], b'\n' | b'\r'))
        .flat_map(|i| [i as u64, i as u64 + 1])
        .chain((0..size).step_by(37))
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    for stride in [1, 3, 10] {
        let mut points: Vec<u64> = cuts.iter().copied().step_by(stride).collect();
        points[0] = 0;
        points.push(size);
        let mut got = Vec::new();
        let mut last_end = 0;
        for w in points.windows(2) {
            let u = range(&f.0, w[0], w[1], 2).unwrap();
            assert_eq!(u.start, last_end);
            last_end = u.end;
            got.extend(read_unit(&u.to_json(), 0));
        }
        assert_eq!(last_end, size);
        assert_eq!(got.len(), want.len(), "stride {stride}");
        assert!(got == want, "stride {stride}");
    }
    // A range inside one game holds none; one from 0 holds the junk and
    // the first game.
    let first_game = pgn.windows(8).position(|w| w == b"[Event \"").unwrap() as u64;
    let u = range(&f.0, 0, first_game, 1).unwrap();
    assert!(u.end > first_game);
    assert_eq!(u.origin, Origin::default());
    let u = range(&f.0, first_game + 1, first_game + 2, 1).unwrap();
    assert_eq!(u.len, Some(0));
    assert!(read_unit(&u.to_json(), 0).is_empty());
}

#[test]
fn ranges_of_compressed_files_are_refused() {
    let f = Temp::new("r.pgn.gz", &gzip(b"[Event \"a\"]\n1. e4 *\n"));
    let e = range(&f.0, 0, 10, 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: a byte range is read in a plain PGN file, and this one is gzip-compressed: \
             cut it with `movetext index`",
            f.path()
        )
    );
    let f = Temp::new("r.pgn", b"[Event \"a\"]\n1. e4 *\n");
    assert_eq!(
        range(&f.0, 5, 4, 1).unwrap_err().to_string(),
        "the range 5:4 ends before it starts"
    );
    assert_eq!(
        range(&f.0, 0, 21, 1).unwrap_err().to_string(),
        "the range 0:21 ends past the end of the file (20 bytes)"
    );
    assert_eq!(range(&f.0, 0, 20, 1).unwrap().end, 20);
}

/// A unit read in a file that is not the one indexed is an error, never
/// other games.
#[test]
fn a_changed_file_is_an_error() {
    let pgn = tricky_pgn(100);
    let f = Temp::new("changed.pgn", &pgn);
    let units = index(&f.0, &options(500)).unwrap();
    let u = &units[2];
    // Another size.
    let mut longer = pgn.clone();
    longer.push(b'\n');
    let g = Temp::new("changed-longer.pgn", &longer);
    let e = u.open_file(&g.0, 0).err().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: {} bytes, but the unit was made for a file of {} bytes: index it again",
            g.path(),
            pgn.len() + 1,
            pgn.len()
        )
    );
    // The same size, the games moved by a byte.
    let mut moved = b" ".to_vec();
    moved.extend_from_slice(&pgn[..pgn.len() - 1]);
    let g = Temp::new("changed-moved.pgn", &moved);
    let mut text = u.open_file(&g.0, 0).unwrap();
    let e = std::io::Read::read_to_end(&mut text, &mut Vec::new()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: no game begins at the unit's offset {} of its text: the file is not the one indexed",
            g.path(),
            u.origin.offset
        )
    );
    // A zstd unit whose text is shorter than it says.
    let zst = pzstd_like(&pgn, 700);
    let z = Temp::new("changed.pgn.zst", &zst);
    let mut units = index(&z.0, &options(1)).unwrap();
    let last = units.last_mut().unwrap();
    *last.len.as_mut().unwrap() += 5;
    let mut text = last.open_file(&last.path, 0).unwrap();
    let e = std::io::Read::read_to_end(&mut text, &mut Vec::new()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: its text ends 5 bytes before the unit's end: the file is not the one indexed",
            z.path()
        )
    );
    // A plain file the unit calls zstd.
    let mut wrong = units[0].clone();
    wrong.path = f.0.clone();
    wrong.size = pgn.len() as u64;
    wrong.end = wrong.size;
    let e = wrong.open().err().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: not compressed, but the unit says it is zstd-compressed",
            f.path()
        )
    );
}

#[test]
fn json_form_round_trips_and_is_checked() {
    let pgn = tricky_pgn(60);
    let f = Temp::new("json \"quoted\" name.pgn", &pgn);
    for u in index(&f.0, &options(300)).unwrap() {
        let json = u.to_json();
        assert!(!json.contains('\n'));
        assert_eq!(Unit::from_json(&json).unwrap(), u);
        assert!(json.contains(r#"json \"quoted\" name.pgn""#), "{json}");
    }
    let good = r#"{"path":"a.pgn","size":90,"compression":"none","whole":false,"start":40,"end":90,"text_start":40,"offset":40,"len":50,"line":4,"games_before":1,"games":null}"#;
    assert!(Unit::from_json(good).is_ok());
    for (from, to, message) in [
        (r#""games":null"#, r#""games":null,"extra":1"#, "unit JSON: unknown field \"extra\""),
        (r#","games":null"#, "", "unit JSON: missing field \"games\""),
        (r#""size":90"#, r#""size":"90""#, "unit JSON: \"size\" must be an integer"),
        (r#""whole":false"#, r#""whole":0"#, "unit JSON: \"whole\" must be true or false"),
        (
            r#""none""#,
            r#""lz4""#,
            "unit JSON: \"compression\" is \"lz4\", not one of none, zstd, gzip, bzip2, xz",
        ),
        (r#""end":90"#, r#""end":91"#, "unit of a.pgn: its byte range is not within the file"),
        (
            r#""len":50"#,
            r#""len":49"#,
            "unit of a.pgn: a plain file's unit has text_start = offset = start and len = end - start",
        ),
        (r#""line":4"#, r#""line":0"#, "unit of a.pgn: lines are numbered from 1"),
        (r#""len":50"#, r#""len":null"#, "unit of a.pgn: only a whole unit has no len"),
        (
            r#""whole":false"#,
            r#""whole":true"#,
            "unit of a.pgn: a whole unit is the file from its start: range 0 to its size, offset 0, line 1, no game before, len null",
        ),
        (
            r#""none""#,
            r#""gzip""#,
            "unit of a.pgn: a gzip, bzip2 or xz file is read whole",
        ),
        (good, "[]", "unit JSON: expected `{` at byte 0"),
    ] {
        let text = good.replace(from, to);
        assert_ne!(text, good);
        assert_eq!(Unit::from_json(&text).unwrap_err().to_string(), message, "{text}");
    }
}

/// The rows of `batches`: each column's value in each row.
#[cfg(feature = "arrow")]
fn rows(batches: &[arrow_array::RecordBatch]) -> Vec<Vec<arrow_array::ArrayRef>> {
    let mut out = Vec::new();
    for b in batches {
        for row in 0..b.num_rows() {
            out.push(b.columns().iter().map(|c| c.slice(row, 1)).collect());
        }
    }
    out
}

/// The Arrow batches of a file's units, end to end, hold the rows of the
/// whole file's (game numbers, offsets, error places included), for plain
/// and multi-frame zstd files, on one thread and on two.
#[cfg(feature = "arrow")]
#[test]
fn arrow_batches_of_units_are_the_whole_files() {
    use movetext::arrow::{BatchOptions, BatchReader, Columns};
    let pgn = tricky_pgn(300);
    // Plain: units of 3000 bytes; zstd: a unit per frame.
    for (name, bytes, unit_size) in [
        ("arrow.pgn", pgn.clone(), 3000),
        ("arrow.pgn.zst", pzstd_like(&pgn, 1500), 1),
    ] {
        let f = Temp::new(name, &bytes);
        for threads in [1, 2] {
            let read = BatchOptions {
                columns: Columns::ALL,
                threads,
                batch_size: 7,
                chunk_size: 500,
                ..BatchOptions::default()
            };
            let whole: Vec<_> = BatchReader::open(&f.0, &read)
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            let want = rows(&whole);
            assert!(want.len() > 300, "{}", want.len());
            let units = index(&f.0, &options(unit_size)).unwrap();
            assert!(units.len() > 3, "{name}: {}", units.len());
            let mut got = Vec::new();
            for u in &units {
                let unit = Unit::from_json(&u.to_json()).unwrap();
                let batches: Vec<_> = BatchReader::from_unit(&unit, &read)
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap();
                got.extend(rows(&batches));
            }
            assert_eq!(got.len(), want.len(), "{name}, threads {threads}");
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert!(g == w, "{name}, threads {threads}: row {i}");
            }
        }
    }
}
