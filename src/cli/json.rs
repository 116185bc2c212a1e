//! JSON strings, written by hand.

use movetext::pgn::latin1_lossy;

/// Appends `s` as a JSON string literal: `"` and `\` escaped, control
/// characters as `\n`, `\t`... or `\u00XX`.
pub fn push_str(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: Option<&[u8]> = match b {
            b'"' => Some(b"\\\""),
            b'\\' => Some(b"\\\\"),
            b'\n' => Some(b"\\n"),
            b'\r' => Some(b"\\r"),
            b'\t' => Some(b"\\t"),
            0..=0x1f | 0x7f => None,
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        match esc {
            Some(e) => out.extend_from_slice(e),
            None => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

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
