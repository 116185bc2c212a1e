//! Opening names (ECO code and name) from the lichess-org/chess-openings
//! data (CC0; `src/openings/data/`, see its README for the source).
//!
//! A game is classified by the data's own convention: play its moves and
//! keep the **last** position that equals the final position of a named
//! line (pieces, side to move, castling rights, and the en passant square
//! only when a capture there is legal), so a game that reaches a named
//! position by another move order (a transposition) gets that name.
//!
//! # Examples
//!
//! ```
//! use movetext::notation::{Language, ParseMode, San};
//! use movetext::openings::Classifier;
//! use movetext::Position;
//!
//! // The Ruy Lopez reached with the knights first.
//! let mut pos = Position::new();
//! let mut classifier = Classifier::new();
//! for text in ["Nf3", "Nc6", "e4", "e5", "Bb5", "Nf6", "d3"] {
//!     let san = San::from_ascii(text.as_bytes(), Language::En, ParseMode::Strict).unwrap();
//!     san.play(&mut pos, ParseMode::Strict).unwrap();
//!     classifier.push(&pos);
//! }
//! let opening = classifier.opening().unwrap();
//! assert_eq!((opening.eco, opening.name), ("C65", "Ruy Lopez: Berlin Defense, Anti-Berlin Variation"));
//! ```

use std::sync::OnceLock;

use crate::notation::{Language, ParseMode, San};
use crate::position::Position;
use crate::types::{Color, Role};

/// One named line of the data.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code (`C65`).
    pub eco: &'static str,
    /// The name (`Ruy Lopez: Berlin Defense, Anderssen Variation`).
    pub name: &'static str,
    /// The line, SAN movetext from the start position (`1. e4 e5 2. Nf3 ...`).
    pub pgn: &'static str,
}

/// The data files, in their order (a.tsv to e.tsv).
const DATA: [&str; 5] = [
    include_str!("data/a.tsv"),
    include_str!("data/b.tsv"),
    include_str!("data/c.tsv"),
    include_str!("data/d.tsv"),
    include_str!("data/e.tsv"),
];

/// The named positions, found by their occupied squares.
pub struct Openings {
    /// Named lines with their final positions, sorted by occupied squares
    /// (file order kept among equal ones).
    entries: Vec<(Position, Opening)>,
    /// Open addressing on the occupied squares: the key (0: empty slot) and
    /// the range of `entries` with those squares.
    slots: Vec<Slot>,
    /// One bit per [`filter_bit`] of the named positions' occupied
    /// squares (8 KiB, in the first-level cache): most positions of a
    /// game are in no named line, and this says so without a probe.
    filter: Vec<u64>,
    /// At `m`: the fewest pieces of a named position whose [`home_pawns`]
    /// are a subset of `m` ([`u8::MAX`] when none is; 64 KiB). A game
    /// whose home pawns are `m` can reach a named position only with as
    /// many pieces or more.
    fewest: Vec<u8>,
}

impl std::fmt::Debug for Openings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Openings")
            .field("lines", &self.entries.len())
            .finish()
    }
}

/// A slot of the table: the occupied squares (0: empty slot) and the
/// range of entries with those squares, on one cache line.
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    start: u32,
    end: u32,
}

/// Bits of the table size (8,192 slots for about 3,800 lines).
const TABLE_BITS: u32 = 13;

fn slot(occupied: u64) -> usize {
    (occupied.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize
}

/// Bits of the filter (65,536 bits for about 3,000 sets of squares).
const FILTER_BITS: u32 = 16;

fn filter_bit(occupied: u64) -> usize {
    (occupied.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - FILTER_BITS)) as usize
}

/// The pawns on their start squares: White's on the second rank in bits
/// 0 to 7 and Black's on the seventh in bits 8 to 15 (file a first). No
/// pawn ever returns to these squares, so along a game this set only
/// loses members.
fn home_pawns(pos: &Position) -> usize {
    let white = (pos.pieces(Color::White, Role::Pawn).0 >> 8) & 0xFF;
    let black = (pos.pieces(Color::Black, Role::Pawn).0 >> 48) & 0xFF;
    (white | black << 8) as usize
}

/// Bit `m` of `table` (a bit set of `table.len() * 64` bits).
fn bit(table: &[u64], m: usize) -> bool {
    table[m / 64] & (1 << (m % 64)) != 0
}

/// Sets bit `m` of `table`.
fn set_bit(table: &mut [u64], m: usize) {
    table[m / 64] |= 1 << (m % 64);
}

/// Whether two positions are the same for naming: pieces, side to move,
/// castling rights, legal en passant square (not the move counters).
fn same(a: &Position, b: &Position) -> bool {
    a.occupied() == b.occupied()
        && a.by_color(Color::White) == b.by_color(Color::White)
        && Role::ALL.iter().all(|&r| a.by_role(r) == b.by_role(r))
        && a.turn() == b.turn()
        && a.castling_rights() == b.castling_rights()
        && a.ep_square() == b.ep_square()
}

impl Openings {
    /// The lichess-org/chess-openings lines, built on first use (a few
    /// milliseconds) and kept.
    pub fn lichess() -> &'static Openings {
        static OPENINGS: OnceLock<Openings> = OnceLock::new();
        OPENINGS.get_or_init(|| Openings::from_tsv(&DATA).expect("the bundled openings play"))
    }

    /// Builds the table from files of `eco<TAB>name<TAB>pgn` lines (the
    /// first line of each, the header, skipped). On a line whose moves do
    /// not play: its 1-based number in its file and the move.
    fn from_tsv(files: &[&'static str]) -> Result<Openings, (usize, String)> {
        let mut entries = Vec::new();
        // The previous line's moves and the position after each: a line
        // that begins with the same moves (most do) resumes from there.
        let mut played: Vec<(&str, Position)> = Vec::new();
        for file in files {
            for (n, line) in file.lines().enumerate().skip(1) {
                let mut fields = line.splitn(3, '\t');
                let (Some(eco), Some(name), Some(pgn)) =
                    (fields.next(), fields.next(), fields.next())
                else {
                    return Err((n + 1, line.to_string()));
                };
                let mut tokens = pgn.split_whitespace().filter(|t| !t.ends_with('.'));
                let mut kept = 0;
                let mut next = tokens.next();
                while next.is_some_and(|t| played.get(kept).is_some_and(|p| p.0 == t)) {
                    kept += 1;
                    next = tokens.next();
                }
                played.truncate(kept);
                let mut pos = played.last().map_or_else(Position::new, |p| p.1);
                for token in next.into_iter().chain(tokens) {
                    let san = San::from_ascii(token.as_bytes(), Language::En, ParseMode::Strict);
                    let ok = san.map(|s| s.play(&mut pos, ParseMode::Strict).is_ok());
                    if ok != Ok(true) {
                        return Err((n + 1, token.to_string()));
                    }
                    played.push((token, pos));
                }
                entries.push((pos, Opening { eco, name, pgn }));
            }
        }
        // Sorted by occupied squares, file order among equal ones: the
        // small keys sorted, the entries moved once.
        let mut order: Vec<(u64, u32)> = (entries.iter().enumerate())
            .map(|(i, (pos, _))| (pos.occupied().0, i as u32))
            .collect();
        order.sort_unstable();
        let mut slots: Vec<Option<(Position, Opening)>> = entries.into_iter().map(Some).collect();
        let entries: Vec<(Position, Opening)> = (order.iter())
            .filter_map(|&(_, i)| slots[i as usize].take())
            .collect();
        let size = 1 << TABLE_BITS;
        let mut slots = vec![Slot::default(); size];
        let mut filter = vec![0u64; 1 << (FILTER_BITS - 6)];
        let mut start = 0;
        while start < entries.len() {
            let occ = entries[start].0.occupied().0;
            let end = start + entries[start..].partition_point(|(p, _)| p.occupied().0 == occ);
            let mut i = slot(occ);
            while slots[i].key != 0 {
                i = (i + 1) & (size - 1);
            }
            slots[i] = Slot {
                key: occ,
                start: start as u32,
                end: end as u32,
            };
            set_bit(&mut filter, filter_bit(occ));
            start = end;
        }
        Ok(Openings {
            fewest: fewest_table(
                entries
                    .iter()
                    .map(|(p, _)| (home_pawns(p), p.occupied().count())),
            ),
            entries,
            slots,
            filter,
        })
    }

    /// The number of named lines.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no named line.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The named line whose final position is `pos`, if any (the first in
    /// the data's order if several end there).
    ///
    /// ```
    /// use movetext::openings::Openings;
    /// use movetext::Position;
    ///
    /// let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    /// assert_eq!(Openings::lichess().get(&pos).unwrap().name, "King's Pawn Game");
    /// assert_eq!(Openings::lichess().get(&Position::new()), None);
    /// ```
    pub fn get(&self, pos: &Position) -> Option<&Opening> {
        let occ = pos.occupied().0;
        if !bit(&self.filter, filter_bit(occ)) {
            return None;
        }
        let mut i = slot(occ);
        loop {
            let Slot { key, start, end } = self.slots[i];
            if key == occ {
                let found = self.entries[start as usize..end as usize].iter();
                return found.filter(|(p, _)| same(p, pos)).map(|(_, o)| o).next();
            }
            if key == 0 {
                return None;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    /// Whether a game now at `pos` can still reach a named position: only
    /// one with a pawn on each start square where it has one (no pawn
    /// returns there) and with no more pieces (none is ever added).
    fn reachable(&self, pos: &Position) -> bool {
        pos.occupied().count() >= u32::from(self.fewest[home_pawns(pos)])
    }
}

/// The table of [`Openings::fewest`] for named positions of these home
/// pawns and pieces: each set of home pawns takes its fewest pieces, then
/// every superset the fewest of its subsets, one bit of the 16 at a time.
fn fewest_table(named: impl Iterator<Item = (usize, u32)>) -> Vec<u8> {
    let mut table = vec![u8::MAX; 1 << 16];
    for (m, pieces) in named {
        let pieces = u8::try_from(pieces).unwrap_or(u8::MAX);
        table[m] = table[m].min(pieces);
    }
    // With bit `b`: each block of `2 << b` sets is `b` clear in its first
    // half and set in its second, the same sets otherwise.
    for b in 0..16 {
        for block in table.chunks_exact_mut(2 << b) {
            let (without, with) = block.split_at_mut(1 << b);
            for (w, &o) in with.iter_mut().zip(without.iter()) {
                *w = (*w).min(o);
            }
        }
    }
    table
}

/// Plies between two questions of [`Openings::reachable`].
const REACH_EVERY: u32 = 8;

/// Classifies one game as it is played: [`Classifier::push`] each
/// position after a move; [`Classifier::opening`] is the last named one.
/// Once the game can reach no named position again (each has a pawn on
/// a start square the game's pawn has left, or more pieces than the
/// game), pushing only counts the ply.
#[derive(Clone, Debug)]
pub struct Classifier {
    openings: &'static Openings,
    found: Option<&'static Opening>,
    /// The ply of the last named position (1: after the first move).
    ply: u32,
    plies: u32,
    active: bool,
}

impl Default for Classifier {
    fn default() -> Classifier {
        Classifier::new()
    }
}

impl Classifier {
    /// A classifier over [`Openings::lichess`], for a new game.
    pub fn new() -> Classifier {
        Classifier::with(Openings::lichess())
    }

    /// A classifier over `openings`, for a new game.
    pub fn with(openings: &'static Openings) -> Classifier {
        Classifier {
            openings,
            found: None,
            ply: 0,
            plies: 0,
            active: true,
        }
    }

    /// Starts over for a new game.
    pub fn reset(&mut self) {
        self.found = None;
        self.ply = 0;
        self.plies = 0;
        self.active = true;
    }

    /// Whether positions are still looked up: the game can still reach a
    /// named position. When not, [`Classifier::push`] only counts plies, and
    /// a caller can spare making the position.
    #[inline]
    pub fn looking(&self) -> bool {
        self.active
    }

    /// The position after the next move of the game.
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        self.plies += 1;
        if self.active {
            self.look_up(pos);
        }
    }

    fn look_up(&mut self, pos: &Position) {
        // Asked at the first ply and every few after (it takes bit counts):
        // a lookup in a position that can reach no named one finds nothing.
        if (self.plies - 1).is_multiple_of(REACH_EVERY) && !self.openings.reachable(pos) {
            self.active = false;
            return;
        }
        if let Some(o) = self.openings.get(pos) {
            self.found = Some(o);
            self.ply = self.plies;
        }
    }

    /// The last named position reached so far.
    pub fn opening(&self) -> Option<&'static Opening> {
        self.found
    }

    /// The ply (1: after the first move) at which [`Classifier::opening`]
    /// was reached, 0 if none.
    pub fn ply(&self) -> u32 {
        self.ply
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify(line: &str) -> Option<(&'static str, &'static str, u32)> {
        let mut c = Classifier::new();
        for pos in positions(line) {
            c.push(&pos);
        }
        c.opening().map(|o| (o.eco, o.name, c.ply()))
    }

    /// The position after each move of `line` (SAN, move numbers skipped).
    fn positions(line: &str) -> Vec<Position> {
        let mut pos = Position::new();
        let tokens = line.split_whitespace().filter(|t| !t.ends_with('.'));
        tokens
            .map(|t| {
                let san = San::from_ascii(t.as_bytes(), Language::En, ParseMode::Strict).unwrap();
                san.play(&mut pos, ParseMode::Strict).unwrap();
                pos
            })
            .collect()
    }

    #[test]
    fn every_line_names_its_own_position() {
        let o = Openings::lichess();
        assert_eq!(o.len(), 3807);
        // No two lines end in one position: each finds itself. Each line
        // played alone from the start ends where the table says.
        for (pos, opening) in &o.entries {
            assert_eq!(o.get(pos), Some(opening));
            let alone = positions(opening.pgn);
            assert_eq!(alone.last(), Some(pos), "{}", opening.pgn);
        }
        assert_eq!(o.fewest.iter().min(), Some(&22));
    }

    #[test]
    fn the_same_pieces_with_another_turn_or_castling_rights_are_not_named() {
        let o = Openings::lichess();
        let fen = |f: &str| Position::from_fen(f).unwrap();
        let named = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(o.get(&fen(named)).unwrap().name, "King's Pawn Game");
        for other in [
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w kq - 0 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQk - 0 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
            // A knight and a bishop swapped: the same squares, other pieces.
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RBNQKBNR w KQkq - 0 2",
        ] {
            assert_eq!(o.get(&fen(other)), None, "{other}");
        }
        // The move counters are not compared.
        let later = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4 4";
        assert_eq!(o.get(&fen(later)).unwrap().name, "King's Pawn Game");
    }

    #[test]
    fn last_named_position_wins() {
        assert_eq!(classify("1. e4"), Some(("B00", "King's Pawn Game", 1)));
        assert_eq!(
            classify("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"),
            Some(("C70", "Ruy Lopez: Morphy Defense", 6))
        );
        // Out of the book after 3... a6, the Morphy Defense stays.
        assert_eq!(
            classify("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 h5"),
            Some(("C70", "Ruy Lopez: Morphy Defense", 6))
        );
        assert_eq!(classify(""), None);
    }

    #[test]
    fn transpositions_are_found() {
        // The Ruy Lopez by 1. Nf3 Nc6 2. e4 e5 3. Bb5.
        assert_eq!(
            classify("1. Nf3 Nc6 2. e4 e5 3. Bb5"),
            Some(("C60", "Ruy Lopez", 5))
        );
        // A tempo lost and found again: the same position, two plies later.
        assert_eq!(
            classify("1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nc6 5. Bb5"),
            Some(("C60", "Ruy Lopez", 9))
        );
    }

    #[test]
    fn a_game_past_every_named_position_stops_looking() {
        let o = Openings::lichess();
        assert!(o.fewest.iter().all(|&n| n > 2));
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut c = Classifier::new();
        c.push(&pos);
        assert!(!c.active);
    }

    fn looking(line: &str) -> Vec<bool> {
        let mut c = Classifier::new();
        positions(line)
            .iter()
            .map(|pos| {
                c.push(pos);
                c.looking()
            })
            .collect()
    }

    #[test]
    fn home_pawns_are_sixteen_bits() {
        assert_eq!(home_pawns(&Position::new()), 0xFFFF);
        let after = positions("1. e4 e5 2. a4 h6");
        let bits: Vec<usize> = after.iter().map(home_pawns).collect();
        assert_eq!(bits, [0xFFEF, 0xEFEF, 0xEFEE, 0x6FEE]);
    }

    #[test]
    fn fewest_is_that_of_the_named_positions_with_fewer_home_pawns() {
        let o = Openings::lichess();
        let named: Vec<(usize, u8)> = (o.entries.iter())
            .map(|(p, _)| (home_pawns(p), p.occupied().count() as u8))
            .collect();
        let mut sets: Vec<usize> = named.iter().map(|&(m, _)| m).collect();
        sets.sort_unstable();
        sets.dedup();
        assert_eq!(sets.len(), 794);
        let (mut reachable, mut pieces) = (0, 0);
        for m in 0..1 << 16 {
            let fewest = (named.iter())
                .filter(|&&(n, _)| n & !m == 0)
                .map(|&(_, p)| p)
                .min();
            assert_eq!(o.fewest[m], fewest.unwrap_or(u8::MAX), "{m:#06x}");
            reachable += usize::from(fewest.is_some());
            pieces += fewest.map_or(0, usize::from);
        }
        assert_eq!((reachable, pieces), (7865, 223548));
    }

    #[test]
    fn fewer_pieces_than_the_named_positions_of_its_home_pawns_stop_looking() {
        // The Ruy Lopez, Closed after 9...Nb8, then with a knight, a bishop
        // and both a-rooks gone: its home pawns are those of named
        // positions of 30 pieces or more, so with 28 it can reach none
        // (though more than the 22 of the fewest named position).
        let line = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
                    7. Bb3 d6 8. c3 O-O 9. h3 Nb8";
        let full = *positions(line).last().unwrap();
        let fen = "1nbq1rk1/2p2ppp/p2p1n2/1p2p3/4P3/1BP4P/PP1P1PP1/1NBQR1K1 w - - 0 14";
        let traded = Position::from_fen(fen).unwrap();
        assert_eq!(home_pawns(&traded), home_pawns(&full));
        assert_eq!(Openings::lichess().fewest[home_pawns(&full)], 30);
        assert_eq!(traded.occupied().count(), 28);
        let looks = |pos: &Position| {
            let mut c = Classifier::new();
            c.push(pos);
            c.looking()
        };
        assert!(looks(&full));
        assert!(!looks(&traded));
    }

    #[test]
    fn home_pawns_decide_when_to_stop_looking() {
        // Asked at plies 1, 9, 17...: at ply 9 White has moved the a, b, c,
        // g and h pawns and Black the a and h pawns, which no named
        // position has moved together.
        let line = "1. a4 a5 2. h4 h5 3. b4 axb4 4. g4 hxg4 5. c4 Nf6";
        let mut expected = [true; 10];
        expected[8..].fill(false);
        assert_eq!(looking(line), expected);
        let home = home_pawns(&positions(line)[8]);
        assert_eq!(home, 0x7E38);
        assert_eq!(Openings::lichess().fewest[home], u8::MAX);
        // The Ruy Lopez, Closed keeps looking: its home pawns are those of
        // named positions.
        let line = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
                    7. Bb3 d6 8. c3 O-O 9. h3 Nb8";
        assert_eq!(looking(line), [true; 18]);
    }

    #[test]
    fn real_games_keep_their_openings() {
        // The first 30 plies of four games of the corpus, and the two
        // lines above.
        for (line, eco, name, ply) in [
            (
                "e4 c5 Nf3 a6 d3 g6 g3 Bg7 Bg2 b5 O-O Bb7 c3 e5 a3 Ne7 b4 d6 Nbd2 O-O \
                 Nb3 Nd7 Be3 Rc8 Rc1 h6 Nfd2 f5 f4 Kh7",
                "B28",
                "Sicilian Defense: O'Kelly Variation, Quiet System",
                5,
            ),
            (
                "Nf3 Nf6 c4 e6 g3 d5 d4 Be7 Bg2 O-O O-O dxc4 Qc2 a6 Qxc4 b5 Qc2 Bb7 \
                 Bd2 Be4 Qc1 c6 a4 Nbd7 Nc3 Bg6 Nh4 Bh5 h3 Nd5",
                "E05",
                "Catalan Opening: Open Defense, Classical Line",
                12,
            ),
            (
                "c4 Nf6 Nc3 e5 Nf3 Nc6 e4 Bc5 Nxe5 Nxe5 d4 Bb4 dxe5 Nxe4 Qd4 Nxc3 \
                 bxc3 Be7 Qg4 g6 Bh6 d6 Qe4 Qd7 Bd3 dxe5 O-O f6 f4 Qc6",
                "A28",
                "English Opening: Four Knights System, Nimzowitsch Variation",
                7,
            ),
            (
                "e4 e5 Nf3 Nc6 Bc4 Be7 d4 exd4 Nxd4 d6 Nc3 Nf6 Bg5 Nxd4 Qxd4 h6 Bh4 \
                 O-O O-O-O Bd7 Rhe1 Re8 Nd5 Nxd5 Qxd5 Bxh4 Qxf7+ Kh8 e5 Rf8",
                "C44",
                "Scotch Game: Benima Defense",
                8,
            ),
            (
                "a4 a5 h4 h5 b4 axb4 g4 hxg4 c4 Nf6 Nc3 Nc6 Nf3 d6",
                "A00",
                "Ware Opening: Symmetric Variation",
                2,
            ),
            (
                "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8",
                "C94",
                "Ruy Lopez: Closed, Breyer Defense",
                18,
            ),
        ] {
            assert_eq!(classify(line), Some((eco, name, ply)), "{line}");
        }
    }
}
