//! Language detection: the piece-letter set under which a whole game is
//! legal, and, when no set reads it all, the one that reads the most.
//!
//! The rules a reader of mixed files needs ([`LanguageMemory::choose`]):
//! - The language that reads the most moves of a game wins (every move, if
//!   any reads them all); its error, if it stops, is the game's.
//! - A file is usually in one language: between languages that read a game
//!   equally far, the one that read more of the earlier games wins; then
//!   the fixed order of [`Language::ALL`] (English first).
//! - Two languages that both read the whole game, to different moves, make
//!   it ambiguous: the game is read in the file's language (as above) and
//!   the other is named, so that the caller can warn.

use crate::position::Position;

use super::{Language, ParseMode, San};

/// A set of languages (one bit per [`Language`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct LanguageSet(pub u64);

impl LanguageSet {
    /// Every language.
    pub const ALL: LanguageSet = LanguageSet((1 << Language::ALL.len()) - 1);

    /// The set of one language.
    pub const fn of(lang: Language) -> LanguageSet {
        LanguageSet(1 << lang as u32)
    }

    /// The set with `lang` added.
    pub const fn with(self, lang: Language) -> LanguageSet {
        LanguageSet(self.0 | 1 << lang as u32)
    }

    /// Whether the set holds `lang`.
    pub const fn contains(self, lang: Language) -> bool {
        self.0 & (1 << lang as u32) != 0
    }

    /// The languages in the set, in [`Language::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Language> {
        Language::ALL.into_iter().filter(move |&l| self.contains(l))
    }

    /// The first language in [`Language::ALL`] order: the detection choice.
    pub fn first(self) -> Option<Language> {
        self.iter().next()
    }

    /// The number of languages.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Whether every token is a legal move in turn from `start`, read (leniently)
/// with the letters of `lang`.
pub fn plays_in(start: &Position, tokens: &[&[u8]], lang: Language) -> bool {
    let mut pos = *start;
    for token in tokens {
        let Ok(sp) = San::from_ascii(token, lang, ParseMode::Lenient) else {
            return false;
        };
        match sp.san.to_move(&pos, ParseMode::Lenient) {
            Ok(m) => pos.play_or_pass(m),
            Err(_) => return false,
        }
    }
    true
}

/// Every language under which the whole game (`tokens`, one move each, as
/// text) is legal from `start`.
pub fn fitting_languages(start: &Position, tokens: &[&[u8]]) -> LanguageSet {
    let mut set = LanguageSet::default();
    for lang in Language::ALL {
        if plays_in(start, tokens, lang) {
            set.0 |= 1 << lang as u32;
        }
    }
    set
}

/// The language of a game: the first language, in the fixed order of
/// [`Language::ALL`] (English first), under which every move is legal;
/// `None` if there is none. Languages with the same letters (German and the
/// Scandinavian ones, say) cannot be told apart; [`fitting_languages`]
/// lists them all.
///
/// ```
/// use movetext::notation::{detect_language, Language};
/// use movetext::Position;
///
/// let game: [&[u8]; 5] = [b"e4", b"e5", b"Sf3", b"Sc6", b"Gb5"];
/// assert_eq!(detect_language(&Position::new(), &game), Some(Language::Pl));
/// ```
pub fn detect_language(start: &Position, tokens: &[&[u8]]) -> Option<Language> {
    Language::ALL
        .into_iter()
        .find(|&lang| plays_in(start, tokens, lang))
}

impl FromIterator<Language> for LanguageSet {
    fn from_iter<I: IntoIterator<Item = Language>>(iter: I) -> LanguageSet {
        iter.into_iter()
            .fold(LanguageSet::default(), LanguageSet::with)
    }
}

/// How far a game reads with one language's letters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Reading {
    /// Mainline moves read before the first that does not read (all of
    /// them when `complete`).
    pub(crate) plies: u32,
    /// Whether every mainline move read.
    pub(crate) complete: bool,
    /// A fingerprint of the moves read: equal readings of the same game
    /// have equal fingerprints.
    pub(crate) moves: u64,
}

impl Reading {
    /// A reading, move by move: [`Reading::push`] each move read, then
    /// [`Reading::finish`].
    pub(crate) const fn new() -> Reading {
        Reading {
            plies: 0,
            complete: false,
            moves: 0xcbf2_9ce4_8422_2325,
        }
    }

    /// One more move read (its 16-bit encoding).
    pub(crate) fn push(&mut self, m: u16) {
        self.plies += 1;
        for b in m.to_le_bytes() {
            self.moves = (self.moves ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    /// The reading ends: `complete` if no move failed.
    pub(crate) fn finish(mut self, complete: bool) -> Reading {
        self.complete = complete;
        self
    }

    /// The rank of a reading: complete before any that stops, then more
    /// moves before fewer.
    fn rank(self) -> (bool, u32) {
        (self.complete, self.plies)
    }
}

/// The language chosen for one game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Choice {
    /// The language the game is read in.
    pub(crate) language: Language,
    /// How far it reads in that language.
    pub(crate) reading: Reading,
    /// Another language that reads the whole game too, to other moves.
    pub(crate) ambiguous_with: Option<Language>,
}

/// What the earlier games of one input said about its language: per
/// language, the number of games it read whole among the languages that
/// read the most of them. Bounded (one counter per language).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LanguageMemory {
    games: [u32; Language::ALL.len()],
}

impl Default for LanguageMemory {
    fn default() -> Self {
        LanguageMemory {
            games: [0; Language::ALL.len()],
        }
    }
}

impl LanguageMemory {
    /// Picks the language of a game among `candidates` by the rules of the
    /// [module docs](self); `read` gives the game's reading in a language
    /// (called once per set of letters: languages with the same letters
    /// read alike). `None` when there is no candidate. The choice is
    /// remembered for later games when the game read whole.
    pub(crate) fn choose(
        &mut self,
        candidates: LanguageSet,
        mut read: impl FnMut(Language) -> Reading,
    ) -> Option<Choice> {
        let mut readings: [Option<Reading>; Language::ALL.len()] = [None; Language::ALL.len()];
        for lang in candidates.iter() {
            let same = candidates
                .iter()
                .take_while(|&l| l != lang)
                .find(|&l| l.letter_group() == lang.letter_group());
            readings[lang as usize] = Some(match same {
                Some(l) => readings[l as usize].unwrap_or_else(|| read(lang)),
                None => read(lang),
            });
        }
        let best = readings.iter().flatten().map(|r| r.rank()).max()?;
        let winners = || {
            candidates
                .iter()
                .filter(move |&l| readings[l as usize].is_some_and(|r| r.rank() == best))
        };
        // The winner most games before it read whole; then the fixed order.
        let mut language = winners().next()?;
        for l in winners() {
            if self.games[l as usize] > self.games[language as usize] {
                language = l;
            }
        }
        let reading = readings[language as usize]?;
        let ambiguous_with = if reading.complete {
            let others = winners()
                .filter(|&l| readings[l as usize].is_some_and(|r| r.moves != reading.moves));
            others.max_by_key(|&l| (self.games[l as usize], core::cmp::Reverse(l)))
        } else {
            None
        };
        if reading.complete {
            for l in winners() {
                self.games[l as usize] = self.games[l as usize].saturating_add(1);
            }
        }
        Some(Choice {
            language,
            reading,
            ambiguous_with,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reading of `plies` moves, whole or not, with fingerprint `moves`.
    fn r(plies: u32, complete: bool, moves: u64) -> Reading {
        Reading {
            plies,
            complete,
            moves,
        }
    }

    /// Readings by language, the rest reading nothing.
    fn reads(table: &[(Language, Reading)]) -> impl FnMut(Language) -> Reading + '_ {
        move |l| {
            table
                .iter()
                .find(|(x, _)| *x == l)
                .map_or(r(0, false, 0), |&(_, r)| r)
        }
    }

    #[test]
    fn the_language_that_reads_most_wins() {
        let mut memory = LanguageMemory::default();
        // Polish reads 40 moves, English stops at 3: Polish, and its stop.
        let table = [
            (Language::En, r(3, false, 1)),
            (Language::Pl, r(40, false, 2)),
        ];
        let c = memory.choose(LanguageSet::ALL, reads(&table)).unwrap();
        assert_eq!((c.language, c.reading.plies), (Language::Pl, 40));
        assert_eq!(c.ambiguous_with, None);
        // A game that reads whole beats one that stops later than it is long.
        let table = [
            (Language::En, r(10, true, 1)),
            (Language::Pl, r(12, false, 2)),
        ];
        let c = memory.choose(LanguageSet::ALL, reads(&table)).unwrap();
        assert_eq!(c.language, Language::En);
        // Nothing reads the first move: the fixed order, English first.
        let c = memory.choose(LanguageSet::ALL, reads(&[])).unwrap();
        assert_eq!((c.language, c.reading.plies), (Language::En, 0));
        // Limited candidates: English is not one of them.
        let only = LanguageSet::of(Language::De).with(Language::Pl);
        let c = memory.choose(only, reads(&[])).unwrap();
        assert_eq!(c.language, Language::Pl);
        assert_eq!(memory.choose(LanguageSet::default(), reads(&[])), None);
    }

    #[test]
    fn earlier_games_decide_ties() {
        let mut memory = LanguageMemory::default();
        // A pawn game: every language reads it whole, to the same moves;
        // with no memory, English.
        let all_same = |_| r(6, true, 7);
        let c = memory.choose(LanguageSet::ALL, all_same).unwrap();
        assert_eq!(c.language, Language::En);
        assert_eq!(c.ambiguous_with, None);
        // A Polish game read whole (Polish alone), twice.
        let polish = [(Language::Pl, r(30, true, 3))];
        for _ in 0..2 {
            let c = memory.choose(LanguageSet::ALL, reads(&polish)).unwrap();
            assert_eq!(c.language, Language::Pl);
        }
        // Now the pawn game is Polish: Polish read more earlier games.
        let c = memory.choose(LanguageSet::ALL, all_same).unwrap();
        assert_eq!(c.language, Language::Pl);
        // A tie in how far two languages read before stopping: Polish too.
        let stops = [
            (Language::En, r(5, false, 1)),
            (Language::Pl, r(5, false, 2)),
        ];
        let c = memory.choose(LanguageSet::ALL, reads(&stops)).unwrap();
        assert_eq!(c.language, Language::Pl);
    }

    #[test]
    fn two_languages_reading_all_to_other_moves_is_ambiguous() {
        let mut memory = LanguageMemory::default();
        // Icelandic `B` is a bishop, German `B` a pawn: both read it all.
        let table = [
            (Language::De, r(20, true, 1)),
            (Language::Is, r(20, true, 2)),
        ];
        let c = memory.choose(LanguageSet::ALL, reads(&table)).unwrap();
        assert_eq!(c.language, Language::De);
        assert_eq!(c.ambiguous_with, Some(Language::Is));
        // After Icelandic games, the file's language is Icelandic.
        let icelandic = [(Language::Is, r(30, true, 3))];
        for _ in 0..3 {
            memory.choose(LanguageSet::ALL, reads(&icelandic));
        }
        let c = memory.choose(LanguageSet::ALL, reads(&table)).unwrap();
        assert_eq!(c.language, Language::Is);
        assert_eq!(c.ambiguous_with, Some(Language::De));
        // Languages with the same letters read alike: no ambiguity, and
        // each set of letters is read once.
        let mut calls = Vec::new();
        let c = memory
            .choose(LanguageSet::ALL, |l| {
                calls.push(l);
                if l == Language::De {
                    r(9, true, 5)
                } else {
                    r(0, false, 0)
                }
            })
            .unwrap();
        assert_eq!(c.language, Language::De);
        assert_eq!(c.ambiguous_with, None);
        for same in [
            Language::Da,
            Language::No,
            Language::Sv,
            Language::It,
            Language::Sk,
        ] {
            assert!(!calls.contains(&same), "{same}");
        }
    }
}
