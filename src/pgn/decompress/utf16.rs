//! UTF-16 text (with a byte order mark) read as UTF-8.

use std::io::{self, Read};

/// The byte order of UTF-16 text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endian {
    /// Little-endian (BOM `FF FE`), as Windows tools write it.
    Little,
    /// Big-endian (BOM `FE FF`).
    Big,
}

impl Endian {
    /// The byte order a UTF-16 byte order mark at the start of `head` gives.
    ///
    /// ```
    /// use movetext::pgn::decompress::Endian;
    /// assert_eq!(Endian::from_bom(b"\xff\xfe[\0"), Some(Endian::Little));
    /// assert_eq!(Endian::from_bom(b"\xef\xbb\xbf["), None);
    /// ```
    pub fn from_bom(head: &[u8]) -> Option<Endian> {
        match head {
            [0xff, 0xfe, ..] => Some(Endian::Little),
            [0xfe, 0xff, ..] => Some(Endian::Big),
            _ => None,
        }
    }
}

/// Reads UTF-16 text from `inner` and gives it as UTF-8, the byte order
/// mark left out. An unpaired surrogate, or an odd byte at the end, reads
/// as U+FFFD. Memory is two fixed buffers. Offsets and columns that a
/// [`Reader`](crate::pgn::Reader) gives are those of the UTF-8 text.
///
/// ```
/// use std::io::Read;
/// use movetext::pgn::decompress::{Endian, Utf16Reader};
/// let utf16: Vec<u8> = "\u{feff}[Event \"é\"]".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let mut out = String::new();
/// Utf16Reader::new(&utf16[..], Endian::Little).read_to_string(&mut out).unwrap();
/// assert_eq!(out, "[Event \"é\"]");
/// ```
pub struct Utf16Reader<R> {
    inner: R,
    endian: Endian,
    /// Bytes read and not yet decoded: `raw[..raw_len]`.
    raw: Box<[u8]>,
    raw_len: usize,
    /// UTF-8 decoded and not yet handed out: `out[out_pos..out_len]`.
    out: Box<[u8]>,
    out_pos: usize,
    out_len: usize,
    /// A high surrogate waiting for its pair.
    high: Option<u16>,
    /// Whether the byte order mark has been seen (and dropped).
    started: bool,
    eof: bool,
}

const RAW: usize = 32 * 1024;

impl<R: Read> Utf16Reader<R> {
    /// A reader of UTF-16 in the byte order `endian` from `inner` (which
    /// may begin with a byte order mark: it is dropped).
    pub fn new(inner: R, endian: Endian) -> Utf16Reader<R> {
        Utf16Reader {
            inner,
            endian,
            raw: vec![0; RAW].into_boxed_slice(),
            raw_len: 0,
            // Each 2-byte unit gives at most 3 bytes of UTF-8 (a pair of
            // units 4), plus a pending character.
            out: vec![0; RAW / 2 * 3 + 8].into_boxed_slice(),
            out_pos: 0,
            out_len: 0,
            high: None,
            started: false,
            eof: false,
        }
    }

    fn push(&mut self, c: char) {
        let n = c.encode_utf8(&mut self.out[self.out_len..]).len();
        self.out_len += n;
    }

    /// Decodes what is in `raw` into `out` (which is empty).
    fn decode(&mut self) {
        self.out_pos = 0;
        self.out_len = 0;
        let units = self.raw_len / 2;
        for i in 0..units {
            let b = [self.raw[2 * i], self.raw[2 * i + 1]];
            let u = match self.endian {
                Endian::Little => u16::from_le_bytes(b),
                Endian::Big => u16::from_be_bytes(b),
            };
            if !self.started {
                self.started = true;
                if u == 0xfeff {
                    continue;
                }
            }
            match (self.high.take(), u) {
                (Some(h), 0xdc00..=0xdfff) => {
                    let c = 0x10000 + ((u32::from(h) - 0xd800) << 10) + (u32::from(u) - 0xdc00);
                    self.push(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER));
                }
                (h, _) => {
                    if h.is_some() {
                        self.push(char::REPLACEMENT_CHARACTER);
                    }
                    match u {
                        0xd800..=0xdbff => self.high = Some(u),
                        0xdc00..=0xdfff => self.push(char::REPLACEMENT_CHARACTER),
                        _ => self.push(
                            char::from_u32(u32::from(u)).unwrap_or(char::REPLACEMENT_CHARACTER),
                        ),
                    }
                }
            }
        }
        // An odd byte waits for its pair.
        let rest = self.raw_len - 2 * units;
        self.raw.copy_within(2 * units..self.raw_len, 0);
        self.raw_len = rest;
        if self.eof && (self.high.take().is_some() || self.raw_len > 0) {
            self.raw_len = 0;
            self.push(char::REPLACEMENT_CHARACTER);
        }
    }
}

impl<R: Read> Read for Utf16Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.out_pos == self.out_len {
            if self.eof {
                return Ok(0);
            }
            // Read until some whole units are in, or the input ends.
            loop {
                match self.inner.read(&mut self.raw[self.raw_len..]) {
                    Ok(0) => {
                        self.eof = true;
                        break;
                    }
                    Ok(n) => {
                        self.raw_len += n;
                        if self.raw_len >= 2 {
                            break;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
            self.decode();
        }
        let n = buf.len().min(self.out_len - self.out_pos);
        buf[..n].copy_from_slice(&self.out[self.out_pos..self.out_pos + n]);
        self.out_pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads through a reader that gives `piece` bytes at a time.
    struct Pieces<'a>(&'a [u8], usize);

    impl Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn decode(bytes: &[u8], endian: Endian, piece: usize) -> String {
        let mut out = String::new();
        Utf16Reader::new(Pieces(bytes, piece), endian)
            .read_to_string(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn both_byte_orders_any_piece_size() {
        let text = "\u{feff}[Event \"Café 𝄞\"]\r\n1. e4 e5 ♔ *\n".repeat(3000);
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let want = text.replacen('\u{feff}', "", 1);
        for piece in [1, 2, 3, 7, 4096, 1 << 20] {
            assert_eq!(decode(&le, Endian::Little, piece), want, "{piece}");
            assert_eq!(decode(&be, Endian::Big, piece), want, "{piece}");
        }
    }

    #[test]
    fn broken_units_read_as_replacement() {
        // A lone high surrogate, a lone low one, an odd last byte.
        let bytes = [0xff, 0xfe, b'a', 0, 0x00, 0xd8, b'b', 0, 0x00, 0xdc, b'c'];
        assert_eq!(
            decode(&bytes, Endian::Little, 1),
            "a\u{fffd}b\u{fffd}\u{fffd}"
        );
        assert_eq!(
            decode(&[0xff, 0xfe, 0x3d, 0xd8], Endian::Little, 3),
            "\u{fffd}"
        );
    }
}
