//! A hostile-input generator shared by the integration tests.

use std::io::{self, Read};

/// `prefix`, then `n` copies of `fill`, then `suffix`; `fill` is kept as one
/// 4 KiB block of repeats, so memory stays constant.
pub struct Gen {
    parts: [(Vec<u8>, u64); 3],
    part: usize,
    pos: u64,
}

impl Gen {
    pub fn new(prefix: &[u8], fill: &[u8], n: u64, suffix: &[u8]) -> Gen {
        let block = fill.repeat((4096 / fill.len()).max(1));
        Gen {
            parts: [
                (prefix.to_vec(), prefix.len() as u64),
                (block, fill.len() as u64 * n),
                (suffix.to_vec(), suffix.len() as u64),
            ],
            part: 0,
            pos: 0,
        }
    }
}

impl Read for Gen {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.part < 3 {
            let (bytes, total) = (&self.parts[self.part].0, self.parts[self.part].1);
            if self.pos >= total {
                self.part += 1;
                self.pos = 0;
                continue;
            }
            let i = (self.pos % bytes.len() as u64) as usize;
            let take = (bytes.len() - i).min(buf.len() - n);
            let take = take.min((total - self.pos) as usize);
            buf[n..n + take].copy_from_slice(&bytes[i..i + take]);
            n += take;
            self.pos += take as u64;
        }
        Ok(n)
    }
}
