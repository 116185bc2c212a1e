//! Suffix words printed apart from the move they belong to: `exd6 ep`,
//! `Nf3 ch`, `Qh5 mate`, `Bd3 dis ch`, `Nf6 dbl ch`, `BxNP ch`, and a lone
//! `+` or `#` after a space.
//!
//! A word read on its own says something of the move before it; the caller
//! checks it against the position that move led to, as it checks a suffix
//! written on the move itself (see `SanPlus::to_move`).

use super::Suffix;

/// What a suffix word, written as a token of its own, says of the move
/// before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveSuffix {
    /// A check or mate claim: `ch`, `check`, `+`, `†` (check), `dis`,
    /// `disch` (discovered check), `dbl`, `dblch` (double check), `++`
    /// (double check or mate), `mate`, `matas`, `mat`, `#`, `‡`, `≠`
    /// (mate).
    Claim(Suffix),
    /// `ep`, `e.p.`, `e. p.`: the move took en passant.
    EnPassant,
}

/// The words, as printed (with a trailing `.` where books put one).
const WORDS: [(&str, MoveSuffix); 34] = {
    use MoveSuffix::{Claim, EnPassant};
    use Suffix::{Check, DiscoveredCheck, DoubleCheck, DoublePlus, Mate};
    [
        ("ch", Claim(Check)),
        ("ch.", Claim(Check)),
        ("Ch", Claim(Check)),
        ("CH", Claim(Check)),
        ("check", Claim(Check)),
        ("Check", Claim(Check)),
        ("+", Claim(Check)),
        ("†", Claim(Check)),
        ("dis", Claim(DiscoveredCheck)),
        ("dis.", Claim(DiscoveredCheck)),
        ("disch", Claim(DiscoveredCheck)),
        ("dis.ch", Claim(DiscoveredCheck)),
        ("dis.ch.", Claim(DiscoveredCheck)),
        ("dbl", Claim(DoubleCheck)),
        ("dbl.", Claim(DoubleCheck)),
        ("dblch", Claim(DoubleCheck)),
        ("dbl.ch.", Claim(DoubleCheck)),
        ("++", Claim(DoublePlus)),
        ("mate", Claim(Mate)),
        ("mate.", Claim(Mate)),
        ("Mate", Claim(Mate)),
        ("matas", Claim(Mate)),
        ("mat", Claim(Mate)),
        ("matt", Claim(Mate)),
        ("#", Claim(Mate)),
        ("‡", Claim(Mate)),
        ("≠", Claim(Mate)),
        ("ep", EnPassant),
        ("ep.", EnPassant),
        ("e.p.", EnPassant),
        ("e.p", EnPassant),
        ("E.P.", EnPassant),
        // With a space inside, as some books print it.
        ("e. p.", EnPassant),
        ("E. P.", EnPassant),
    ]
};

impl MoveSuffix {
    /// Reads a whole token that is a suffix word, as printed after a move
    /// and a space (`ch`, `Ch`, `CH`, `check`, `dis`, `dbl`, `disch`,
    /// `mate`, `ep`, `e.p.`, a lone `+`, `#`, `++`, `†`, `‡`); `None` for
    /// anything else.
    ///
    /// ```
    /// use movetext::notation::{MoveSuffix, Suffix};
    /// assert_eq!(MoveSuffix::from_word(b"e.p."), Some(MoveSuffix::EnPassant));
    /// assert_eq!(MoveSuffix::from_word(b"CH"), Some(MoveSuffix::Claim(Suffix::Check)));
    /// assert_eq!(MoveSuffix::from_word(b"Nf3"), None);
    /// ```
    pub fn from_word(word: &[u8]) -> Option<MoveSuffix> {
        if word.is_empty() || word.len() > 7 {
            return None;
        }
        WORDS
            .iter()
            .find(|(w, _)| w.as_bytes() == word)
            .map(|&(_, s)| s)
    }

    /// The last bytes of the ASCII words: a token ending in any other byte
    /// is no word (a reader can turn most moves away on their last byte).
    pub const LAST_BYTES: &'static [u8] = b"hH.kslept+#";

    /// The first bytes of the words (`†`, `‡` and `≠` begin with `0xE2`): a
    /// token beginning with any other byte (a piece's letter, most files)
    /// begins with no word.
    pub(crate) const FIRST_BYTES: &'static [u8] = b"cCdmMeE+#\xe2";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_as_printed() {
        use MoveSuffix::{Claim, EnPassant};
        for (w, s) in [
            ("ch", Claim(Suffix::Check)),
            ("Ch", Claim(Suffix::Check)),
            ("CH", Claim(Suffix::Check)),
            ("dis", Claim(Suffix::DiscoveredCheck)),
            ("disch", Claim(Suffix::DiscoveredCheck)),
            ("dbl", Claim(Suffix::DoubleCheck)),
            ("mate", Claim(Suffix::Mate)),
            ("matas", Claim(Suffix::Mate)),
            ("#", Claim(Suffix::Mate)),
            ("++", Claim(Suffix::DoublePlus)),
            ("†", Claim(Suffix::Check)),
            ("ep", EnPassant),
            ("e.p.", EnPassant),
            ("e. p.", EnPassant),
            ("E. P.", EnPassant),
        ] {
            assert_eq!(MoveSuffix::from_word(w.as_bytes()), Some(s), "{w}");
        }
        for w in [
            "", "c", "chh", "e4", "Nf3", "exd6", "ed", "mates", "e.p.e.p.", "x", "e.", "e.  p.",
            "e. p",
        ] {
            assert_eq!(MoveSuffix::from_word(w.as_bytes()), None, "{w}");
        }
        // Every ASCII word ends in one of the last bytes a reader looks for;
        // every word begins with one of the first bytes, and every first
        // byte begins one.
        for (w, _) in WORDS {
            let last = *w.as_bytes().last().unwrap();
            assert!(
                !last.is_ascii() || MoveSuffix::LAST_BYTES.contains(&last),
                "{w}"
            );
            assert!(MoveSuffix::FIRST_BYTES.contains(&w.as_bytes()[0]), "{w}");
        }
        for b in MoveSuffix::FIRST_BYTES {
            assert!(WORDS.iter().any(|(w, _)| w.as_bytes()[0] == *b), "{b}");
        }
    }
}
