//! JSON strings, written by hand.

use movetext::pgn::latin1_lossy;

/// Appends `s` as a JSON string literal: `"` and `\` escaped, control
/// characters as `\n`, `\t`... or `\u00XX`.
pub fn push_str(out: &mut Vec<u8>, s: &str) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !ESCAPED[usize::from(b)] {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 15)]);
            }
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The bytes a JSON string escapes: `"`, `\`, the control characters.
static ESCAPED: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[0x7f] = true;
    t
};

/// Appends bytes (UTF-8 where valid, Latin-1 elsewhere) as a JSON string.
pub fn push_bytes(out: &mut Vec<u8>, b: &[u8]) {
    push_str(out, &latin1_lossy(b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        let mut out = Vec::new();
        push_str(&mut out, "a\"b\\c\nd\u{1}é\u{7f}");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#""a\"b\\c\nd\u0001é\u007f""#
        );
        let mut out = Vec::new();
        push_bytes(&mut out, b"Gy\xf6rgy");
        assert_eq!(String::from_utf8(out).unwrap(), "\"György\"");
    }
}
