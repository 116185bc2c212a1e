//! Compressed input, recognised by its first bytes (decompression: feature
//! `compression`).
//!
//! [`open`] reads the first bytes of a stream (as many reads as it takes:
//! a pipe may deliver one byte at a time) and wraps the stream in the
//! decompressor they call for:
//!
//! | format | first bytes | notes |
//! |---|---|---|
//! | zstd | `28 B5 2F FD` (a frame) or `5? 2A 4D 18` (a skippable frame) | every frame read to the end: `zstd`, `pzstd` and the lichess database (one frame per 32 MiB, each after a skippable frame), concatenated files; windows up to [`MAX_ZSTD_WINDOW`] |
//! | gzip | `1F 8B` | concatenated members too |
//! | bzip2 | `BZh` | concatenated streams too |
//! | xz | `FD 37 7A 58 5A 00` | concatenated streams too; dictionaries up to [`MAX_XZ_DICTIONARY`]; a stream cut off by the file's end gives its text as far as it decodes (all but the symbols of its last 19 bytes), whatever the size of the reads |
//! | UTF-16 text | `FF FE` or `FE FF` (after decompression) | transcoded to UTF-8 |
//!
//! Input that starts with another compression or archive format (lz4, 7z,
//! zip, rar, lzip, Unix compress) is refused with an error that names it,
//! instead of being read as text. Text (compressed or not) that starts
//! with a UTF-16 byte order mark (`FF FE`, `FE FF`) is read as UTF-8
//! ([`Utf16Reader`]). Anything else is read as it is; [`describe`] says
//! what an input that holds no game looks like.
//!
//! Decompression can run beside the threads that parse: [`ReadAhead`]
//! runs any reader (a decompressor) on a thread of its own, and
//! [`ParallelZstd`] decompresses the frames of a zstd file (pzstd's, the
//! lichess database's) on several threads at once, each taking whole
//! frames, the outputs handed on in order.

mod ahead;
mod frames;
mod gameless;
mod sniff;
mod utf16;
#[cfg(feature = "compression")]
mod xz;
#[cfg(all(feature = "compression", any(unix, windows)))]
mod zstd_par;

pub use self::ahead::{ReadAhead, READ_AHEAD_BUFFER};
// What the command-line tool and the records share; no stable interface.
pub use self::frames::{MAX_WINDOW as MAX_ZSTD_WINDOW, MAX_WINDOW_LOG as MAX_ZSTD_WINDOW_LOG};
#[doc(hidden)]
pub use self::gameless::{GamelessWatch, GAMELESS_LIMIT};
pub use self::sniff::{binary_format, describe, not_pgn, NOT_PGN_LEN, SNIFF_LEN};
pub use self::utf16::{Endian, Utf16Reader};
#[cfg(all(feature = "compression", any(unix, windows)))]
pub(crate) use self::zstd_par::frame_ranges;
#[cfg(all(feature = "compression", any(unix, windows)))]
pub use self::zstd_par::ParallelZstd;

use std::io::{self, Read};

/// Largest xz (LZMA2) dictionary accepted: 128 MiB, as for zstd windows
/// (`xz -9` writes 64 MiB). The dictionary is what the decoder holds in
/// memory.
pub const MAX_XZ_DICTIONARY: u64 = 128 << 20;

/// The compression of a stream, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compression {
    /// Not compressed (or not recognised).
    None,
    /// Zstandard (`28 B5 2F FD`, or a skippable frame `5? 2A 4D 18` as
    /// `pzstd` writes first).
    Zstd,
    /// gzip (`1F 8B`).
    Gzip,
    /// bzip2 (`BZh`).
    Bzip2,
    /// xz (`FD 37 7A 58 5A 00`).
    Xz,
    /// A compression or archive format that is recognised but not read,
    /// by its name (`"lz4"`, `"7z"`, `"zip"`, `"rar"`, `"lzip"`,
    /// `"Unix compress (.Z)"`).
    Unsupported(&'static str),
}

/// Bytes [`Compression::detect`] may look at: enough for every magic.
pub const HEAD_LEN: usize = 8;

impl Compression {
    /// Recognises the magic bytes at the start of `head` (the first
    /// [`HEAD_LEN`] bytes of the stream, or all of it if shorter).
    ///
    /// ```
    /// use movetext::pgn::decompress::Compression;
    /// assert_eq!(Compression::detect(&[0x28, 0xb5, 0x2f, 0xfd, 0]), Compression::Zstd);
    /// assert_eq!(Compression::detect(&[0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0]), Compression::Zstd);
    /// assert_eq!(Compression::detect(b"PK\x03\x04"), Compression::Unsupported("zip"));
    /// assert_eq!(Compression::detect(b"[Event"), Compression::None);
    /// ```
    pub fn detect(head: &[u8]) -> Compression {
        let starts = |magic: &[u8]| head.starts_with(magic);
        let skippable =
            head.len() >= 4 && head[0] & 0xf0 == 0x50 && head[1..4] == [0x2a, 0x4d, 0x18];
        if starts(&[0x28, 0xb5, 0x2f, 0xfd]) || skippable {
            Compression::Zstd
        } else if starts(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if starts(b"BZh") {
            Compression::Bzip2
        } else if starts(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
            Compression::Xz
        } else if starts(&[0x04, 0x22, 0x4d, 0x18]) || starts(&[0x02, 0x21, 0x4c, 0x18]) {
            Compression::Unsupported("lz4")
        } else if starts(&[b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c]) {
            Compression::Unsupported("7z")
        } else if starts(b"PK\x03\x04") || starts(b"PK\x05\x06") || starts(b"PK\x07\x08") {
            Compression::Unsupported("zip")
        } else if starts(b"Rar!\x1a\x07") {
            Compression::Unsupported("rar")
        } else if starts(b"LZIP") {
            Compression::Unsupported("lzip")
        } else if starts(&[0x1f, 0x9d]) {
            Compression::Unsupported("Unix compress (.Z)")
        } else {
            Compression::None
        }
    }

    /// The format's name, as messages give it (`"zstd"`; `""` for `None`).
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Unsupported(name) => name,
        }
    }
}

/// A stream whose first bytes were read ahead: they, then the rest.
pub type Peeked<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// Reads the first [`HEAD_LEN`] bytes of `reader` (fewer only if it ends
/// first), however many reads that takes, and gives them with the stream
/// that yields them again followed by the rest.
pub fn peek<R: Read>(reader: R) -> io::Result<(Vec<u8>, Peeked<R>)> {
    peek_n(reader, HEAD_LEN)
}

/// [`peek`] of the first `n` bytes.
pub fn peek_n<R: Read>(mut reader: R, n: usize) -> io::Result<(Vec<u8>, Peeked<R>)> {
    let mut head = vec![0; n];
    let mut len = 0;
    crate::pgn::buffer::read_full(&mut reader, &mut head, &mut len)?;
    head.truncate(len);
    Ok((head.clone(), io::Cursor::new(head).chain(reader)))
}

/// Wraps `reader` in a streaming decompressor chosen by its first bytes
/// (see the [module docs](self)), or returns it as it is (unbuffered:
/// wrap it in a buffer or give it to [`Reader::new`](super::Reader::new),
/// which has its own).
///
/// Errors: an input compressed in a format that is not read ("compressed
/// with lz4, which movetext does not read; decompress it first"), a zstd
/// window or xz dictionary over the limit; later, while reading, corrupt or
/// truncated compressed data, each an `io::Error` that says so.
///
/// ```
/// # #[cfg(feature = "compression")] {
/// use std::io::Read;
/// let mut out = String::new();
/// let compressed = zstd::encode_all(&b"[Event \"x\"]"[..], 3).unwrap();
/// movetext::pgn::decompress::open(&compressed[..]).unwrap().read_to_string(&mut out).unwrap();
/// assert_eq!(out, "[Event \"x\"]");
/// # }
/// ```
#[cfg(feature = "compression")]
pub fn open<'a, R: Read + Send + 'a>(reader: R) -> io::Result<Box<dyn Read + Send + 'a>> {
    let (head, input) = peek(reader)?;
    match Compression::detect(&head) {
        Compression::None => Ok(as_text(&head, input)),
        kind => {
            let (head, decoded) = peek(open_as(kind, input)?)?;
            Ok(as_text(&head, decoded))
        }
    }
}

/// `input`, whose first bytes are `head`, read as UTF-8: transcoded if
/// `head` starts with a UTF-16 byte order mark.
pub fn as_text<'a, R: Read + Send + 'a>(head: &[u8], input: R) -> Box<dyn Read + Send + 'a> {
    match Endian::from_bom(head) {
        Some(endian) => Box::new(Utf16Reader::new(input, endian)),
        None => Box::new(input),
    }
}

/// [`open`] with the compression already known.
#[cfg(feature = "compression")]
pub fn open_as<'a, R: Read + Send + 'a>(
    kind: Compression,
    input: R,
) -> io::Result<Box<dyn Read + Send + 'a>> {
    use std::io::BufReader;
    const BUFFER: usize = 128 * 1024;
    Ok(match kind {
        Compression::None => Box::new(input),
        Compression::Zstd => open_zstd_at(input, 0)?,
        Compression::Gzip => Box::new(Labelled::new(
            flate2::bufread::MultiGzDecoder::new(BufReader::with_capacity(BUFFER, input)),
            kind,
        )),
        Compression::Bzip2 => Box::new(Labelled::new(
            bzip2::bufread::MultiBzDecoder::new(BufReader::with_capacity(BUFFER, input)),
            kind,
        )),
        Compression::Xz => Box::new(Labelled::new(
            xz::XzDecoder::new(
                input,
                // The limit is in KiB, for the dictionary and the decoder's
                // own state (40 KiB).
                (MAX_XZ_DICTIONARY / 1024 + 64) as u32,
            ),
            kind,
        )),
        Compression::Unsupported(name) => return Err(unsupported(name)),
    })
}

/// A zstd decoder over `input`, the bytes of a zstd file from byte `pos`
/// on (where a frame, or the skippable frame before one, begins): errors
/// name offsets in the file.
#[cfg(feature = "compression")]
pub(crate) fn open_zstd_at<'a, R: Read + Send + 'a>(
    input: R,
    pos: u64,
) -> io::Result<Box<dyn Read + Send + 'a>> {
    let checked = frames::Checked::new(input, MAX_ZSTD_WINDOW).starting_at(pos);
    let mut d = zstd::stream::read::Decoder::new(checked)?;
    d.window_log_max(MAX_ZSTD_WINDOW_LOG)?;
    Ok(Box::new(Labelled::new(d, Compression::Zstd)))
}

/// The error for input in a format that is recognised but not read.
pub fn unsupported(name: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("compressed with {name}, which movetext does not read; decompress it first"),
    )
}

/// A decompressor whose errors say which format they are about, and whose
/// end of input inside a stream is an error that says so.
#[cfg(feature = "compression")]
struct Labelled<R> {
    inner: R,
    kind: Compression,
}

#[cfg(feature = "compression")]
impl<R: Read> Labelled<R> {
    fn new(inner: R, kind: Compression) -> Labelled<R> {
        Labelled { inner, kind }
    }
}

#[cfg(feature = "compression")]
impl<R: Read> Read for Labelled<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            let name = self.kind.name();
            let text = e.to_string();
            // The walk's own messages (zstd) and the xz decoder's told
            // ones already say what they are about; an error of the system
            // (EIO...) is the file's, not the data's, and keeps its errno.
            let told = e.get_ref().is_some_and(|inner| inner.is::<xz::Told>());
            if text.contains("zstd") || told || e.raw_os_error().is_some() {
                return e;
            }
            let kind = e.kind();
            let text = if kind == io::ErrorKind::UnexpectedEof {
                format!("truncated {name} data ({text})")
            } else if self.kind == Compression::Xz && kind == io::ErrorKind::OutOfMemory {
                format!(
                    "the xz data needs a dictionary over the {} MiB that movetext accepts; \
                     decompress it first with `xz -d`",
                    MAX_XZ_DICTIONARY >> 20
                )
            } else {
                format!("corrupt {name} data ({text})")
            };
            io::Error::new(kind, text)
        })
    }
}

#[cfg(all(test, feature = "compression"))]
mod tests {
    use super::*;
    use std::io::Write;

    const PGN: &[u8] = b"[Event \"x\"]\n\n1. e4 e5 1-0\n";

    fn read(compressed: &[u8]) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        open(compressed)?.read_to_end(&mut out)?;
        Ok(out)
    }

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(data).unwrap();
        gz.finish().unwrap()
    }

    fn bzip2(data: &[u8]) -> Vec<u8> {
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bz.write_all(data).unwrap();
        bz.finish().unwrap()
    }

    fn xz(data: &[u8]) -> Vec<u8> {
        let mut w =
            lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::default()).unwrap();
        w.write_all(data).unwrap();
        w.finish().unwrap()
    }

    #[test]
    fn every_format() {
        for (name, compressed) in [
            ("zstd", zstd::encode_all(PGN, 3).unwrap()),
            ("gzip", gzip(PGN)),
            ("bzip2", bzip2(PGN)),
            ("xz", xz(PGN)),
            ("plain", PGN.to_vec()),
        ] {
            assert_eq!(read(&compressed).unwrap(), PGN, "{name}");
            // Concatenated files read as one.
            let twice = [&compressed[..], &compressed[..]].concat();
            assert_eq!(read(&twice).unwrap(), [PGN, PGN].concat(), "{name} twice");
        }
        assert_eq!(read(b"").unwrap(), b"");
        assert_eq!(read(b"[").unwrap(), b"[");
    }

    /// A reader that hands out one byte per read.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() || buf.is_empty() {
                return Ok(0);
            }
            buf[0] = self.0[0];
            self.0 = &self.0[1..];
            Ok(1)
        }
    }

    #[test]
    fn short_reads_are_recognised() {
        for compressed in [zstd::encode_all(PGN, 3).unwrap(), gzip(PGN), xz(PGN)] {
            let mut out = Vec::new();
            open(Trickle(&compressed))
                .unwrap()
                .read_to_end(&mut out)
                .unwrap();
            assert_eq!(out, PGN);
        }
    }

    #[test]
    fn unsupported_formats_are_named() {
        for (head, name) in [
            (&b"\x04\x22\x4d\x18\x64\x40\xa7"[..], "lz4"),
            (b"7z\xbc\xaf\x27\x1c\0\x04", "7z"),
            (b"PK\x03\x04\x14\0\0\0", "zip"),
            (b"Rar!\x1a\x07\x01\0", "rar"),
            (b"LZIP\x01\x0c", "lzip"),
            (b"\x1f\x9d\x90", "Unix compress (.Z)"),
        ] {
            let e = open(head).err().unwrap();
            assert_eq!(
                e.to_string(),
                format!(
                    "compressed with {name}, which movetext does not read; decompress it first"
                )
            );
        }
    }

    #[test]
    fn corrupt_and_truncated_data_are_errors() {
        let z = zstd::encode_all(&PGN.repeat(100)[..], 3).unwrap();
        let e = read(&z[..z.len() - 3]).unwrap_err();
        assert!(e.to_string().starts_with("truncated zstd data"), "{e}");
        let g = gzip(&PGN.repeat(100));
        let e = read(&g[..g.len() / 2]).unwrap_err();
        assert!(e.to_string().starts_with("truncated gzip data"), "{e}");
        let mut bad = g.clone();
        bad[20] ^= 0xff;
        bad[21] ^= 0xff;
        let e = read(&bad).unwrap_err();
        assert!(e.to_string().contains("gzip data"), "{e}");
        let x = xz(&PGN.repeat(100));
        let e = read(&x[..x.len() - 10]).unwrap_err();
        assert!(e.to_string().contains("xz data"), "{e}");
    }

    #[test]
    fn xz_dictionaries_over_the_limit_are_refused() {
        let mut x = xz(PGN);
        // The block header after the stream header: its LZMA2 filter's
        // dictionary byte, 31 for 192 MiB (3 << 26), then its CRC32 again.
        let len = (x[12] as usize + 1) * 4;
        let header = &mut x[12..12 + len];
        let at = header.windows(2).position(|w| w == [0x21, 0x01]).unwrap() + 2;
        header[at] = 31;
        let mut crc = flate2::Crc::new();
        crc.update(&header[..len - 4]);
        header[len - 4..].copy_from_slice(&crc.sum().to_le_bytes());
        let e = read(&x).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the xz data needs a dictionary over the 128 MiB that movetext accepts; \
             decompress it first with `xz -d`"
        );
        assert_eq!(e.kind(), io::ErrorKind::OutOfMemory);
    }
}
