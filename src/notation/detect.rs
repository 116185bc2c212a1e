//! Language detection: the piece-letter set under which a whole game is
//! legal.

use crate::position::Position;

use super::{Language, ParseMode, San};

/// A set of languages (one bit per [`Language`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct LanguageSet(pub u64);

impl LanguageSet {
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
