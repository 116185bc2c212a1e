//! What the first bytes of an input that holds no game look like, for the
//! message that says so.

/// Bytes [`describe`] looks at (a tar header's magic is at byte 257).
pub const SNIFF_LEN: usize = 512;

/// The file format whose magic bytes begin `head` (its first 8 bytes are
/// enough), among formats that are never PGN: images, executables,
/// documents, databases (`"a PNG image"`, `"an ELF executable"`...).
///
/// ```
/// use movetext::pgn::decompress::binary_format;
/// assert_eq!(binary_format(b"%PDF-1.7"), Some("a PDF document"));
/// assert_eq!(binary_format(b"[Event \"x\"]"), None);
/// ```
pub fn binary_format(head: &[u8]) -> Option<&'static str> {
    let starts = |m: &[u8]| head.starts_with(m);
    if starts(b"\x89PNG\r\n\x1a\n") {
        Some("a PNG image")
    } else if starts(&[0xff, 0xd8, 0xff]) {
        Some("a JPEG image")
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        Some("a GIF image")
    } else if starts(b"%PDF-") {
        Some("a PDF document")
    } else if starts(b"\x7fELF") {
        Some("an ELF executable")
    } else if starts(b"MZ") && head.len() >= 8 && head[2..8].iter().any(|&b| b < 0x20) {
        Some("a Windows executable")
    } else if starts(&[0xcf, 0xfa, 0xed, 0xfe]) || starts(&[0xca, 0xfe, 0xba, 0xbe]) {
        Some("a Mach-O executable")
    } else if starts(b"SQLite format 3\0") {
        Some("an SQLite database")
    } else if starts(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1") {
        Some("a Microsoft Office document")
    } else if starts(b"PAR1") {
        Some("a Parquet file")
    } else if starts(b"ARROW1") {
        Some("an Arrow file")
    } else {
        None
    }
}

const UTF16: &str = "UTF-16 text without a byte order mark (save it as UTF-8, or with a BOM)";

/// Whether `head` looks like UTF-16 text without a byte order mark: at
/// least 16 bytes, nearly every other byte NUL and the others not.
fn looks_utf16(head: &[u8]) -> bool {
    let pairs = head.len() / 2;
    if pairs < 8 {
        return false;
    }
    let nul = |i: usize| (0..pairs).filter(|&k| head[2 * k + i] == 0).count();
    let (even, odd) = (nul(0), nul(1));
    (odd * 10 >= pairs * 9 && even * 10 <= pairs) || (even * 10 >= pairs * 9 && odd * 10 <= pairs)
}

/// Bytes [`not_pgn`] needs to judge.
pub const NOT_PGN_LEN: usize = 64;

/// What `head` (an input's first [`NOT_PGN_LEN`] bytes, after
/// decompression) is, if it is something that is never PGN: a binary
/// format ([`binary_format`]) or UTF-16 text without a byte order mark.
///
/// ```
/// use movetext::pgn::decompress::not_pgn;
/// assert_eq!(not_pgn(b"\x7fELF\x02\x01").as_deref(), Some("bytes of an ELF executable"));
/// assert_eq!(not_pgn(b"[Event \"x\"]\n"), None);
/// ```
pub fn not_pgn(head: &[u8]) -> Option<String> {
    if let Some(f) = binary_format(head) {
        return Some(format!("bytes of {f}"));
    }
    looks_utf16(head).then(|| UTF16.to_string())
}

/// Says what `head` (the first bytes of an input, up to [`SNIFF_LEN`])
/// looks like, for a message such as "no PGN game found; the input starts
/// with bytes of a PNG image": a known binary format by its magic, NUL
/// bytes, UTF-16 text without a byte order mark, other binary data (its
/// first bytes in hex), or text (its first line, quoted and cut).
///
/// ```
/// use movetext::pgn::decompress::describe;
/// assert_eq!(describe(b"\x89PNG\r\n\x1a\n\0\0"), "bytes of a PNG image");
/// assert_eq!(describe(b"It was a dark night.\nRain."), "text: \"It was a dark night.\"");
/// assert_eq!(describe(&[0; 64]), "NUL bytes");
/// ```
pub fn describe(head: &[u8]) -> String {
    let head = &head[..head.len().min(SNIFF_LEN)];
    let format = binary_format(head)
        .or_else(|| (head.len() >= 262 && &head[257..262] == b"ustar").then_some("a tar archive"));
    if let Some(f) = format {
        return format!("bytes of {f}");
    }
    if head.is_empty() {
        return "nothing".to_string();
    }
    if head.iter().all(|&b| b == 0) {
        return "NUL bytes".to_string();
    }
    if looks_utf16(head) {
        return UTF16.to_string();
    }
    let control = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c))
        .count();
    if control * 20 > head.len() || head.contains(&0) {
        let hex: Vec<String> = head.iter().take(8).map(|b| format!("{b:02x}")).collect();
        return format!("binary data ({})", hex.join(" "));
    }
    let text = String::from_utf8_lossy(head);
    let line = text.trim_start().lines().next().unwrap_or("").trim_end();
    let cut: String = line.chars().take(60).collect();
    let more = if cut.len() < line.len() { "..." } else { "" };
    format!("text: {:?}", format!("{cut}{more}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_text() {
        let mut tar = vec![b'a'; 300];
        tar[257..262].copy_from_slice(b"ustar");
        for (head, want) in [
            (&b"\x7fELF\x02\x01\x01\0"[..], "bytes of an ELF executable"),
            (b"%PDF-1.7\n", "bytes of a PDF document"),
            (&tar, "bytes of a tar archive"),
            (
                b"\x01\x02\x03\x04\x05\x06\x07\x08\x09",
                "binary data (01 02 03 04 05 06 07 08)",
            ),
            (
                b"[\0E\0v\0e\0n\0t\0 \0\"\0x\0",
                "UTF-16 text without a byte order mark (save it as UTF-8, or with a BOM)",
            ),
            (
                b"  \n  Call me Ishmael. Some years ago\n",
                "text: \"Call me Ishmael. Some years ago\"",
            ),
            (b"", "nothing"),
        ] {
            assert_eq!(describe(head), want);
        }
        let long = "word ".repeat(30);
        assert_eq!(
            describe(long.as_bytes()),
            format!("text: \"{}...\"", &long[..60])
        );
        // Control characters are escaped.
        assert_eq!(
            describe(b"Some text with an escape \x1b[2J in it, and more words after"),
            "text: \"Some text with an escape \\u{1b}[2J in it, and more words after\""
        );
    }
}
