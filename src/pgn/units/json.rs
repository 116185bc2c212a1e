//! A unit's JSON form, written and read by hand: one flat object whose
//! values are strings, integers (0 to `u64::MAX`), booleans and `null`.

use std::fmt::Write as _;

/// A JSON value of a unit's object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Value {
    Str(String),
    Int(u64),
    Bool(bool),
    Null,
}

/// Appends `s` as a JSON string: `"` and `\` escaped, control characters
/// as `\n`, `\t`... or `\u00XX`.
pub(super) fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0'..='\x1f' | '\x7f' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The members of a flat JSON object, in order; an error says what is
/// wrong and at which byte.
pub(super) fn parse_object(text: &str) -> Result<Vec<(String, Value)>, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
    };
    p.ws();
    p.expect(b'{')?;
    let mut members: Vec<(String, Value)> = Vec::new();
    p.ws();
    if p.peek() == Some(b'}') {
        p.at += 1;
    } else {
        loop {
            p.ws();
            let key_at = p.at;
            let key = p.string()?;
            if members.iter().any(|(k, _)| *k == key) {
                return Err(format!("field \"{key}\" given twice (byte {key_at})"));
            }
            p.ws();
            p.expect(b':')?;
            p.ws();
            let value = p.value()?;
            members.push((key, value));
            p.ws();
            match p.next() {
                Some(b',') => {}
                Some(b'}') => break,
                _ => return Err(p.error("expected `,` or `}`")),
            }
        }
    }
    p.ws();
    if p.at < p.s.len() {
        return Err(p.error("text after the object"));
    }
    Ok(members)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn error(&self, what: &str) -> String {
        match self.s.get(self.at) {
            Some(_) => format!("{what} at byte {}", self.at),
            None => format!("{what} at the end"),
        }
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, b: u8) -> Result<(), String> {
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected `{}`", b as char)))
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some(b'"') => self.string().map(Value::Str),
            Some(b'0'..=b'9') => self.int(),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'-') => Err(self.error("a negative number")),
            _ => Err(self.error("expected a string, an integer, true, false or null")),
        }
    }

    fn word(&mut self, w: &str, v: Value) -> Result<Value, String> {
        if self.s[self.at..].starts_with(w.as_bytes()) {
            self.at += w.len();
            Ok(v)
        } else {
            Err(self.error("expected a string, an integer, true, false or null"))
        }
    }

    fn int(&mut self) -> Result<Value, String> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u64::from(d - b'0')))
                .ok_or_else(|| format!("number at byte {start} is too large"))?;
            self.at += 1;
        }
        if self.at - start > 1 && self.s[start] == b'0' {
            return Err(format!("number at byte {start} has a leading zero"));
        }
        if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return Err(format!("number at byte {start} is not an integer"));
        }
        Ok(Value::Int(n))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .s
            .get(self.at..self.at + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.error("expected four hex digits"))?;
        self.at += 4;
        Ok(digits)
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            let b = self
                .next()
                .ok_or_else(|| self.error("unterminated string"))?;
            match b {
                b'"' => break,
                b'\\' => {
                    let e = self
                        .next()
                        .ok_or_else(|| self.error("unterminated string"))?;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xd800..0xdc00).contains(&hi) {
                                if self.next() != Some(b'\\') || self.next() != Some(b'u') {
                                    return Err(self.error("expected a low surrogate"));
                                }
                                let lo = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&lo) {
                                    return Err(self.error("expected a low surrogate"));
                                }
                                0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                            } else {
                                hi
                            };
                            char::from_u32(code).ok_or_else(|| self.error("a lone surrogate"))?
                        }
                        _ => return Err(self.error("unknown escape")),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return Err(self.error("control character in a string")),
                b => out.push(b),
            }
        }
        // The input is a `&str` and escapes add whole characters: valid UTF-8.
        String::from_utf8(out).map_err(|_| self.error("invalid UTF-8"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_round_trip() {
        for s in ["", "a b", "q\"uo\\te", "tab\tnl\ncr\r\u{1}\u{7f}", "é♞𝄞"] {
            let mut out = String::new();
            push_str(&mut out, s);
            let obj = format!("{{{out}:{out}}}");
            assert_eq!(
                parse_object(&obj).unwrap(),
                [(s.to_string(), Value::Str(s.to_string()))],
                "{obj}"
            );
        }
        let mut out = String::new();
        push_str(&mut out, "a\"\u{1}");
        assert_eq!(out, r#""a\"\u0001""#);
    }

    #[test]
    fn values_and_escapes() {
        let obj = r#" { "a" : 0 , "b":18446744073709551615,"c":true,"d":false,"e":null,
            "f":"\u00e9\ud834\udd1e\/\b\f" } "#;
        assert_eq!(
            parse_object(obj).unwrap(),
            [
                ("a".into(), Value::Int(0)),
                ("b".into(), Value::Int(u64::MAX)),
                ("c".into(), Value::Bool(true)),
                ("d".into(), Value::Bool(false)),
                ("e".into(), Value::Null),
                ("f".into(), Value::Str("é𝄞/\u{8}\u{c}".into())),
            ]
        );
        assert_eq!(parse_object("{}").unwrap(), []);
    }

    #[test]
    fn errors_say_what_and_where() {
        for (text, message) in [
            ("", "expected `{` at the end"),
            ("[]", "expected `{` at byte 0"),
            (r#"{"a":1"#, "expected `,` or `}` at the end"),
            (r#"{"a":1} x"#, "text after the object at byte 8"),
            (r#"{"a":-1}"#, "a negative number at byte 5"),
            (r#"{"a":1.5}"#, "number at byte 5 is not an integer"),
            (r#"{"a":01}"#, "number at byte 5 has a leading zero"),
            (
                r#"{"a":18446744073709551616}"#,
                "number at byte 5 is too large",
            ),
            (r#"{"a":1,"a":2}"#, "field \"a\" given twice (byte 7)"),
            (r#"{"a":"x}"#, "unterminated string at the end"),
            (r#"{"a":"\q"}"#, "unknown escape at byte 8"),
            (r#"{"a":"\ud834"}"#, "expected a low surrogate at byte 13"),
            (r#"{"a":"\udd1e"}"#, "a lone surrogate at byte 12"),
            ("{\"a\":\"\n\"}", "control character in a string at byte 7"),
            (
                r#"{"a":nul}"#,
                "expected a string, an integer, true, false or null at byte 5",
            ),
            (
                r#"{"a":[1]}"#,
                "expected a string, an integer, true, false or null at byte 5",
            ),
        ] {
            assert_eq!(parse_object(text).unwrap_err(), message, "{text}");
        }
    }
}
