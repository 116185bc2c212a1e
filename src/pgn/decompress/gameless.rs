//! Watching a text (decompressed) for a game: what it starts with, whether
//! it is blank, and when to give it up as holding none.

use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::sniff::SNIFF_LEN;

/// Bytes of text (decompressed) read without any game beginning after
/// which an input is given up as not PGN (64 MiB): `/dev/zero` piped, or a
/// large binary file, ends in bounded time.
pub const GAMELESS_LIMIT: u64 = 64 << 20;

/// Whether every byte of `data` is blank: ASCII white space or a byte of a
/// UTF-8 byte order mark (`EF BB BF`).
fn is_blank(data: &[u8]) -> bool {
    data.iter()
        .all(|&b| b.is_ascii_whitespace() || matches!(b, 0xef | 0xbb | 0xbf))
}

/// Passes reads on, counting the bytes, keeping the first [`SNIFF_LEN`]
/// (for [`describe`](super::describe)) and whether every byte so far was
/// blank (white space, a UTF-8 byte order mark); reads as ended once
/// `limit` bytes have passed after the blank ones that lead the text (a
/// game may follow any number of them) and `begun` (set by whoever sees a
/// game begin) is not set.
pub struct GamelessWatch<R> {
    inner: R,
    head: Vec<u8>,
    blank: bool,
    bytes: u64,
    /// The blank bytes that lead the text, not counted to the limit.
    lead: u64,
    begun: Arc<AtomicBool>,
    limit: u64,
    gave_up: bool,
}

impl<R> GamelessWatch<R> {
    /// Watches `inner`, given up after `limit` bytes unless `begun` is set.
    pub fn new(inner: R, begun: Arc<AtomicBool>, limit: u64) -> Self {
        GamelessWatch {
            inner,
            head: Vec::new(),
            blank: true,
            bytes: 0,
            lead: 0,
            begun,
            limit,
            gave_up: false,
        }
    }

    /// The first bytes read, [`SNIFF_LEN`] at most.
    pub fn head(&self) -> &[u8] {
        &self.head
    }

    /// Whether every byte read is blank (white space, a UTF-8 byte order
    /// mark); true when none was read.
    pub fn blank(&self) -> bool {
        self.blank
    }

    /// How many bytes were read.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The bytes after which the input is given up without a game.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether the input was given up (read as ended at the limit).
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }
}

impl<R: Read> Read for GamelessWatch<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.bytes - self.lead >= self.limit && !self.begun.load(Ordering::Relaxed) {
            self.gave_up = true;
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        let data = &buf[..n];
        if self.head.len() < SNIFF_LEN {
            let take = n.min(SNIFF_LEN - self.head.len());
            self.head.extend_from_slice(&data[..take]);
        }
        if self.blank {
            let lead = data.iter().take_while(|&&b| is_blank(&[b])).count();
            self.lead += lead as u64;
            self.blank = lead == n;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_bytes() {
        assert!(is_blank(b""));
        assert!(is_blank(b" \t\r\n\x0c\xef\xbb\xbf"));
        assert!(!is_blank(b"\x0b"));
        assert!(!is_blank(b"  1"));
        assert!(!is_blank(b"\xef\xbb\xbe"));
        assert!(!is_blank(b"\0"));
    }

    #[test]
    fn head_bytes_and_blank() {
        let mut text = b"\xef\xbb\xbf\n  ".to_vec();
        text.extend((0..1000u32).map(|i| b'a' + (i % 26) as u8));
        let mut w = GamelessWatch::new(&text[..], Arc::new(AtomicBool::new(false)), 1 << 20);
        let mut buf = [0; 4];
        assert_eq!(w.read(&mut buf).unwrap(), 4);
        assert_eq!((w.bytes_read(), w.blank(), w.head()), (4, true, &text[..4]));
        let mut rest = Vec::new();
        assert_eq!(w.read_to_end(&mut rest).unwrap(), 1002);
        assert_eq!(w.bytes_read(), 1006);
        assert!(!w.blank());
        assert_eq!(w.head(), &text[..SNIFF_LEN]);
        assert!(!w.gave_up());
        assert_eq!(w.limit(), 1 << 20);
    }

    #[test]
    fn empty_is_blank() {
        let mut w = GamelessWatch::new(&b""[..], Arc::new(AtomicBool::new(false)), 10);
        assert_eq!(w.read_to_end(&mut Vec::new()).unwrap(), 0);
        assert_eq!(
            (w.bytes_read(), w.blank(), w.head(), w.gave_up()),
            (0, true, &b""[..], false)
        );
    }

    #[test]
    fn leading_blanks_do_not_count() {
        let mut text = vec![b' '; 100];
        text.extend_from_slice(b"abcdefghij");
        let mut w = GamelessWatch::new(&text[..], Arc::new(AtomicBool::new(false)), 5);
        let mut got = Vec::new();
        w.read_to_end(&mut got).unwrap();
        assert!(got.len() >= 105, "{}", got.len());
        assert!(!w.blank());
    }

    #[test]
    fn gives_up_without_a_game() {
        let zeros = [0u8; 100];
        let mut w = GamelessWatch::new(&zeros[..], Arc::new(AtomicBool::new(false)), 10);
        let mut buf = [0; 7];
        assert_eq!(w.read(&mut buf).unwrap(), 7);
        assert_eq!(w.read(&mut buf).unwrap(), 7);
        assert!(!w.gave_up());
        assert_eq!(w.read(&mut buf).unwrap(), 0);
        assert!(w.gave_up());
        assert_eq!(w.bytes_read(), 14);
        assert_eq!(w.head(), &[0; 14]);
        assert!(!w.blank());
    }

    #[test]
    fn reads_on_once_a_game_began() {
        let zeros = [0u8; 100];
        let begun = Arc::new(AtomicBool::new(false));
        let mut w = GamelessWatch::new(&zeros[..], begun.clone(), 10);
        let mut buf = [0; 7];
        assert_eq!(w.read(&mut buf).unwrap(), 7);
        assert_eq!(w.read(&mut buf).unwrap(), 7);
        begun.store(true, Ordering::Relaxed);
        let mut rest = Vec::new();
        assert_eq!(w.read_to_end(&mut rest).unwrap(), 86);
        assert_eq!(w.bytes_read(), 100);
        assert!(!w.gave_up());
    }

    #[test]
    fn limit_is_64_mib() {
        assert_eq!(GAMELESS_LIMIT, 67_108_864);
    }
}
