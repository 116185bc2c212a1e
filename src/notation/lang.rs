//! Piece letters by language, as data, and figurines.

use crate::types::{Color, Role};

use super::Sink;

/// A set of piece letters, named by the language's ISO 639-1 code.
///
/// Letters may be UTF-8 (`Ž`, `Ĉ`, `Ş`, Cyrillic, Greek) and several
/// characters long (`Кр`, `Gy`); figurines `♔♕♖♗♘♙♚♛♜♝♞♟` are read in every
/// language. Languages sharing a set (Danish, Norwegian, Swedish, German;
/// Spanish, Italian, Catalan; ...) are separate values, so a caller can name
/// what it reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Language {
    En,
    Pl,
    Lt,
    De,
    Fr,
    Es,
    It,
    Ca,
    Pt,
    Ro,
    Nl,
    Cs,
    Sk,
    Da,
    No,
    Sv,
    Fi,
    Is,
    Hu,
    Et,
    Lv,
    Sl,
    Hr,
    Sr,
    Eo,
    Id,
    Tr,
    Af,
    Ru,
    /// Russian in Latin letters, as Russian texts transliterate them:
    /// `Kr F L S K P` (king, queen, rook, bishop, knight, pawn); code
    /// `ru-latn`.
    RuLatn,
    Uk,
    Bg,
    El,
}

/// The letters of one language, indexed by `Role::index()` (pawn first).
struct Letters {
    code: &'static str,
    name: &'static str,
    letters: [&'static str; 6],
    /// Extra letters accepted when reading (`Kt` in English).
    extra: &'static [(&'static str, Role)],
}

/// A language's letters in role order: pawn, knight, bishop, rook, queen, king.
const fn l(code: &'static str, name: &'static str, letters: [&'static str; 6]) -> Letters {
    Letters {
        code,
        name,
        letters,
        extra: &[],
    }
}

/// Latin look-alikes of Russian piece letters, read with the Cyrillic
/// ones: `Кp`, `Kр`, `Kp` (king), `K` (knight), `C` (bishop).
const CYRILLIC_LOOKALIKES: [(&str, Role); 5] = [
    ("Кp", Role::King),
    ("Kр", Role::King),
    ("Kp", Role::King),
    ("K", Role::Knight),
    ("C", Role::Bishop),
];

/// [`CYRILLIC_LOOKALIKES`] and `T` (rook) for Ukrainian.
const UKRAINIAN_LOOKALIKES: [(&str, Role); 6] = [
    ("Кp", Role::King),
    ("Kр", Role::King),
    ("Kp", Role::King),
    ("K", Role::Knight),
    ("C", Role::Bishop),
    ("T", Role::Rook),
];

// Order: pawn, knight, bishop, rook, queen, king (Role order).
static TABLE: [Letters; 33] = [
    Letters {
        code: "en",
        name: "English",
        letters: ["P", "N", "B", "R", "Q", "K"],
        extra: &[("Kt", Role::Knight)],
    },
    l("pl", "Polish", ["P", "S", "G", "W", "H", "K"]),
    l("lt", "Lithuanian", ["P", "Ž", "R", "B", "V", "K"]),
    l("de", "German", ["B", "S", "L", "T", "D", "K"]),
    l("fr", "French", ["P", "C", "F", "T", "D", "R"]),
    l("es", "Spanish", ["P", "C", "A", "T", "D", "R"]),
    l("it", "Italian", ["P", "C", "A", "T", "D", "R"]),
    l("ca", "Catalan", ["P", "C", "A", "T", "D", "R"]),
    l("pt", "Portuguese", ["P", "C", "B", "T", "D", "R"]),
    l("ro", "Romanian", ["P", "C", "N", "T", "D", "R"]),
    l("nl", "Dutch", ["p", "P", "L", "T", "D", "K"]),
    l("cs", "Czech", ["P", "J", "S", "V", "D", "K"]),
    l("sk", "Slovak", ["P", "J", "S", "V", "D", "K"]),
    l("da", "Danish", ["B", "S", "L", "T", "D", "K"]),
    l("no", "Norwegian", ["B", "S", "L", "T", "D", "K"]),
    l("sv", "Swedish", ["B", "S", "L", "T", "D", "K"]),
    l("fi", "Finnish", ["S", "R", "L", "T", "D", "K"]),
    l("is", "Icelandic", ["P", "R", "B", "H", "D", "K"]),
    l("hu", "Hungarian", ["Gy", "H", "F", "B", "V", "K"]),
    l("et", "Estonian", ["E", "R", "O", "V", "L", "K"]),
    l("lv", "Latvian", ["B", "Z", "L", "T", "D", "K"]),
    l("sl", "Slovenian", ["P", "S", "L", "T", "D", "K"]),
    l("hr", "Croatian", ["P", "S", "L", "T", "D", "K"]),
    l("sr", "Serbian (Latin)", ["P", "S", "L", "T", "D", "K"]),
    l("eo", "Esperanto", ["P", "Ĉ", "K", "T", "D", "R"]),
    l("id", "Indonesian", ["P", "K", "G", "B", "M", "R"]),
    l("tr", "Turkish", ["P", "A", "F", "K", "V", "Ş"]),
    l("af", "Afrikaans", ["P", "R", "L", "T", "D", "K"]),
    // Russian and Ukrainian files mix scripts: `Кp` (a Latin `p`), `Kр`,
    // and the Latin look-alikes `K` and `C` of `К` and `С`.
    Letters {
        code: "ru",
        name: "Russian",
        letters: ["П", "К", "С", "Л", "Ф", "Кр"],
        extra: &CYRILLIC_LOOKALIKES,
    },
    l(
        "ru-latn",
        "Russian (Latin letters)",
        ["P", "K", "S", "L", "F", "Kr"],
    ),
    Letters {
        code: "uk",
        name: "Ukrainian",
        letters: ["П", "К", "С", "Т", "Ф", "Кр"],
        extra: &UKRAINIAN_LOOKALIKES,
    },
    l("bg", "Bulgarian", ["П", "К", "О", "Т", "Д", "Ц"]),
    l("el", "Greek", ["Σ", "Ι", "Α", "Π", "Β", "Ρ"]),
];

/// The figurines, `[white, black]` by `Role::index()` (pawn first):
/// `♙♘♗♖♕♔` and `♟♞♝♜♛♚`.
pub const FIGURINES: [[&str; 6]; 2] = [
    ["♙", "♘", "♗", "♖", "♕", "♔"],
    ["♟", "♞", "♝", "♜", "♛", "♚"],
];

impl Language {
    /// Every language in the fixed order used to break ties in language
    /// detection: English first, then Polish, Lithuanian, German, French,
    /// Spanish, Italian, Catalan, Portuguese, Romanian, Dutch, Czech, Slovak,
    /// Danish, Norwegian, Swedish, Finnish, Icelandic, Hungarian, Estonian,
    /// Latvian, Slovenian, Croatian, Serbian, Esperanto, Indonesian, Turkish,
    /// Afrikaans, Russian, Russian in Latin letters, Ukrainian, Bulgarian,
    /// Greek.
    pub const ALL: [Language; 33] = [
        Language::En,
        Language::Pl,
        Language::Lt,
        Language::De,
        Language::Fr,
        Language::Es,
        Language::It,
        Language::Ca,
        Language::Pt,
        Language::Ro,
        Language::Nl,
        Language::Cs,
        Language::Sk,
        Language::Da,
        Language::No,
        Language::Sv,
        Language::Fi,
        Language::Is,
        Language::Hu,
        Language::Et,
        Language::Lv,
        Language::Sl,
        Language::Hr,
        Language::Sr,
        Language::Eo,
        Language::Id,
        Language::Tr,
        Language::Af,
        Language::Ru,
        Language::RuLatn,
        Language::Uk,
        Language::Bg,
        Language::El,
    ];

    #[inline]
    fn data(self) -> &'static Letters {
        &TABLE[self as usize]
    }

    /// The language of an ISO 639-1 code (`"pl"`), either case; `ru-latn`
    /// (also `ru-Latn`) for Russian in Latin letters.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// Whether `self` and `other` read the same letters as the same pieces
    /// (German and the Scandinavian languages, say): no text tells them
    /// apart.
    pub fn same_letters(self, other: Language) -> bool {
        let (a, b) = (self.data(), other.data());
        a.letters == b.letters
            && a.extra.len() == b.extra.len()
            && a.extra.iter().zip(b.extra).all(|(x, y)| x == y)
    }

    /// The first bytes of this language's letters and extra letters, a
    /// set of 256 bits.
    fn first_bytes(self) -> &'static [u64; 4] {
        static FIRST: std::sync::OnceLock<[[u64; 4]; Language::ALL.len()]> =
            std::sync::OnceLock::new();
        let first = FIRST.get_or_init(|| {
            Language::ALL.map(|l| {
                let d = l.data();
                let mut set = [0u64; 4];
                for s in d.letters.iter().chain(d.extra.iter().map(|(s, _)| s)) {
                    if let Some(&b) = s.as_bytes().first() {
                        set[usize::from(b) / 64] |= 1 << (b % 64);
                    }
                }
                set
            })
        });
        &first[self as usize]
    }

    /// Whether one of this language's letters or extra letters begins
    /// with the byte `b`.
    #[inline]
    pub(crate) fn begins_letter(self, b: u8) -> bool {
        self.first_bytes()[usize::from(b) / 64] & (1 << (b % 64)) != 0
    }

    /// The first language of [`Language::ALL`] with the same letters as
    /// this one ([`Language::same_letters`]): the languages of one group
    /// read every move alike.
    pub(crate) fn letter_group(self) -> Language {
        static GROUPS: std::sync::OnceLock<[Language; Language::ALL.len()]> =
            std::sync::OnceLock::new();
        let groups = GROUPS.get_or_init(|| {
            Language::ALL.map(|l| {
                Language::ALL
                    .into_iter()
                    .find(|&first| first.same_letters(l))
                    .unwrap_or(l)
            })
        });
        groups[self as usize]
    }

    /// The ISO 639-1 code, lower case (`ru-latn` for Russian in Latin
    /// letters, with its BCP 47 script tag).
    pub fn code(self) -> &'static str {
        self.data().code
    }

    /// The English name of the language.
    pub fn name(self) -> &'static str {
        self.data().name
    }

    /// The letter of a role (the pawn letter is only written on request).
    #[inline]
    pub fn letter(self, role: Role) -> &'static str {
        self.data().letters[role.index()]
    }

    /// Writes the letter of a role.
    #[inline]
    pub fn write_letter<S: Sink + ?Sized>(self, role: Role, sink: &mut S) {
        sink.push_str(self.letter(role));
    }

    /// Reads a piece letter of this language at the start of `bytes`: the role
    /// and the number of bytes used. Figurines of either colour are read in
    /// every language (with a variation selector after it, U+FE0E or
    /// U+FE0F, as web pages copy them), as are extra letters such as
    /// English `Kt`. The longest letter wins (`Кр` before `К`).
    ///
    /// ```
    /// use movetext::notation::Language;
    /// use movetext::Role;
    /// assert_eq!(Language::Ru.read_piece("Крe2".as_bytes()), Some((Role::King, 4)));
    /// assert_eq!(Language::Ru.read_piece("Кe2".as_bytes()), Some((Role::Knight, 2)));
    /// assert_eq!(Language::En.read_piece("♞c6".as_bytes()), Some((Role::Knight, 3)));
    /// assert_eq!(Language::Pl.read_piece("♞\u{fe0f}c6".as_bytes()), Some((Role::Knight, 6)));
    /// assert_eq!(Language::Hu.read_piece(b"Gye4"), Some((Role::Pawn, 2)));
    /// ```
    #[inline]
    pub fn read_piece(self, bytes: &[u8]) -> Option<(Role, usize)> {
        let first = *bytes.first()?;
        if self == Language::En {
            let role = match first {
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                b'K' => {
                    return Some(if bytes.get(1) == Some(&b't') {
                        (Role::Knight, 2)
                    } else {
                        (Role::King, 1)
                    })
                }
                b'P' => Role::Pawn,
                0xe2 => return read_figurine(bytes),
                _ => return None,
            };
            return Some((role, 1));
        }
        if first == 0xe2 {
            if let Some(f) = read_figurine(bytes) {
                return Some(f);
            }
        }
        self.read_letter(bytes)
    }

    /// Reads a letter of this language only (no figurine): the longest of
    /// its letters and extra letters that starts `bytes`.
    fn read_letter(self, bytes: &[u8]) -> Option<(Role, usize)> {
        // No language's letter begins with a file's letter: a pawn's move
        // (`e4`, `exd5`) is turned away on its first byte.
        if !self.begins_letter(*bytes.first()?) {
            return None;
        }
        let d = self.data();
        let mut best: Option<(Role, usize)> = None;
        let letters = d
            .letters
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Role::from_index(i).map(|r| (*s, r)));
        for (s, role) in d.extra.iter().copied().chain(letters) {
            if bytes.starts_with(s.as_bytes()) && best.is_none_or(|(_, n)| s.len() > n) {
                best = Some((role, s.len()));
            }
        }
        best
    }
}

/// Reads a figurine `♔`..`♟` (three UTF-8 bytes `E2 99 94`..`E2 99 9F`),
/// with the variation selector U+FE0E or U+FE0F (`EF B8 8E`, `EF B8 8F`)
/// that web pages put after it, if any: the selector belongs to the
/// figurine.
#[inline]
pub(crate) fn read_figurine(bytes: &[u8]) -> Option<(Role, usize)> {
    if bytes.len() >= 3 && bytes[0] == 0xe2 && bytes[1] == 0x99 && (0x94..=0x9f).contains(&bytes[2])
    {
        let selector = matches!(bytes[3..], [0xef, 0xb8, 0x8e | 0x8f, ..]);
        let i = (bytes[2] - 0x94) % 6; // 0 = king .. 5 = pawn
        let role = match i {
            0 => Role::King,
            1 => Role::Queen,
            2 => Role::Rook,
            3 => Role::Bishop,
            4 => Role::Knight,
            _ => Role::Pawn,
        };
        Some((role, if selector { 6 } else { 3 }))
    } else {
        None
    }
}

/// The figurine of a piece.
#[inline]
pub(crate) fn figurine(color: Color, role: Role) -> &'static str {
    FIGURINES[color.index()][role.index()]
}

impl core::fmt::Display for Language {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_order() {
        assert_eq!(Language::ALL[0], Language::En);
        for (i, lang) in Language::ALL.into_iter().enumerate() {
            assert_eq!(lang as usize, i);
            assert_eq!(Language::from_code(lang.code()), Some(lang));
            assert_eq!(TABLE[i].code, lang.code());
        }
        assert_eq!(Language::from_code("PL"), Some(Language::Pl));
        assert_eq!(Language::from_code("xx"), None);
        assert_eq!(Language::from_code("p"), None);
        assert_eq!(Language::Lt.name(), "Lithuanian");
    }

    #[test]
    fn every_letter_reads_back() {
        for lang in Language::ALL {
            for role in Role::ALL {
                let s = lang.letter(role);
                assert_eq!(
                    lang.read_piece(s.as_bytes()),
                    Some((role, s.len())),
                    "{lang} {role:?}"
                );
                for color in Color::ALL {
                    let fig = figurine(color, role);
                    assert_eq!(lang.read_piece(fig.as_bytes()), Some((role, 3)));
                    for selector in ["\u{fe0e}", "\u{fe0f}"] {
                        let text = format!("{fig}{selector}e4");
                        assert_eq!(lang.read_piece(text.as_bytes()), Some((role, 6)));
                    }
                    // Another character after it is not part of it.
                    let text = format!("{fig}\u{fe0d}e4");
                    assert_eq!(lang.read_piece(text.as_bytes()), Some((role, 3)));
                }
            }
        }
    }

    #[test]
    fn spec_table() {
        // Order K Q R B N P as in NOTATION.md section 4.
        let rows: &[(&str, [&str; 6])] = &[
            ("en", ["K", "Q", "R", "B", "N", "P"]),
            ("pl", ["K", "H", "W", "G", "S", "P"]),
            ("lt", ["K", "V", "B", "R", "Ž", "P"]),
            ("de", ["K", "D", "T", "L", "S", "B"]),
            ("fr", ["R", "D", "T", "F", "C", "P"]),
            ("es", ["R", "D", "T", "A", "C", "P"]),
            ("it", ["R", "D", "T", "A", "C", "P"]),
            ("ca", ["R", "D", "T", "A", "C", "P"]),
            ("pt", ["R", "D", "T", "B", "C", "P"]),
            ("ro", ["R", "D", "T", "N", "C", "P"]),
            ("nl", ["K", "D", "T", "L", "P", "p"]),
            ("cs", ["K", "D", "V", "S", "J", "P"]),
            ("sk", ["K", "D", "V", "S", "J", "P"]),
            ("da", ["K", "D", "T", "L", "S", "B"]),
            ("no", ["K", "D", "T", "L", "S", "B"]),
            ("sv", ["K", "D", "T", "L", "S", "B"]),
            ("fi", ["K", "D", "T", "L", "R", "S"]),
            ("is", ["K", "D", "H", "B", "R", "P"]),
            ("hu", ["K", "V", "B", "F", "H", "Gy"]),
            ("et", ["K", "L", "V", "O", "R", "E"]),
            ("lv", ["K", "D", "T", "L", "Z", "B"]),
            ("sl", ["K", "D", "T", "L", "S", "P"]),
            ("hr", ["K", "D", "T", "L", "S", "P"]),
            ("sr", ["K", "D", "T", "L", "S", "P"]),
            ("eo", ["R", "D", "T", "K", "Ĉ", "P"]),
            ("id", ["R", "M", "B", "G", "K", "P"]),
            ("tr", ["Ş", "V", "K", "F", "A", "P"]),
            ("af", ["K", "D", "T", "L", "R", "P"]),
            ("ru", ["Кр", "Ф", "Л", "С", "К", "П"]),
            ("ru-latn", ["Kr", "F", "L", "S", "K", "P"]),
            ("uk", ["Кр", "Ф", "Т", "С", "К", "П"]),
            ("bg", ["Ц", "Д", "Т", "О", "К", "П"]),
            ("el", ["Ρ", "Β", "Π", "Α", "Ι", "Σ"]),
        ];
        assert_eq!(rows.len(), Language::ALL.len());
        let order = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for (code, letters) in rows {
            let lang = Language::from_code(code).unwrap();
            for (role, letter) in order.iter().zip(letters) {
                assert_eq!(lang.letter(*role), *letter, "{code} {role:?}");
            }
        }
        assert_eq!(Language::En.read_piece(b"Ktf3"), Some((Role::Knight, 2)));
        assert_eq!(Language::En.read_piece(b"e4"), None);
        assert_eq!(
            Language::Lt.read_piece("Žgf3".as_bytes()),
            Some((Role::Knight, 2))
        );
        assert_eq!(
            Language::Tr.read_piece("Şe2".as_bytes()),
            Some((Role::King, 2))
        );
        assert_eq!(
            Language::Pl.read_piece("♔e2".as_bytes()),
            Some((Role::King, 3))
        );
        assert_eq!(
            Language::Pl.read_piece("♟e2".as_bytes()),
            Some((Role::Pawn, 3))
        );
        assert_eq!(Language::Pl.read_piece("\u{2653}".as_bytes()), None);
        assert_eq!(Language::Pl.read_piece(b""), None);
    }

    /// Russian files mix scripts: `Кp` with a Latin `p`, `Kр` with a Latin
    /// `K`, and the Latin look-alikes `K` and `C`; the transliteration of
    /// the Lithuanian seed's table (`Kr F L S K`) is a language of its own.
    #[test]
    fn russian_mixed_scripts_and_latin_letters() {
        let ru = Language::Ru;
        assert_eq!(ru.read_piece("Кpe2".as_bytes()), Some((Role::King, 3)));
        assert_eq!(ru.read_piece("Kрe2".as_bytes()), Some((Role::King, 3)));
        assert_eq!(ru.read_piece(b"Kpe2"), Some((Role::King, 2)));
        assert_eq!(ru.read_piece(b"Kf3"), Some((Role::Knight, 1)));
        assert_eq!(ru.read_piece(b"Cc4"), Some((Role::Bishop, 1)));
        assert_eq!(ru.read_piece("Фd1".as_bytes()), Some((Role::Queen, 2)));
        assert_eq!(ru.read_piece(b"Tc4"), None);
        assert_eq!(Language::Uk.read_piece(b"Td1"), Some((Role::Rook, 1)));
        let rl = Language::from_code("ru-Latn").unwrap();
        assert_eq!(rl, Language::RuLatn);
        assert_eq!(rl.code(), "ru-latn");
        assert_eq!(Language::from_code("RU-LATN"), Some(rl));
        for (text, role, n) in [
            ("Kre2", Role::King, 2),
            ("Ff3", Role::Queen, 1),
            ("Ld1", Role::Rook, 1),
            ("Sc4", Role::Bishop, 1),
            ("Kc3", Role::Knight, 1),
            ("Pe4", Role::Pawn, 1),
        ] {
            assert_eq!(rl.read_piece(text.as_bytes()), Some((role, n)), "{text}");
        }
        assert_eq!(rl.letter(Role::King), "Kr");
    }
}
