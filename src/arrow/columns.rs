//! The columns of a game record and the Arrow schema they make.

use std::fmt;
use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};

/// One column of the game records (one Arrow field each).
///
/// The tag columns are named and typed as in the Hugging Face dataset
/// `Lichess/standard-chess-games`; the others are computed by movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Column {
    /// `game` (uint64): the game's 1-based number in its input.
    Game,
    /// `offset` (uint64): the byte offset of the game in its input
    /// (decompressed): where it begins, the `[` of its first tag, or the
    /// first byte of its movetext (a move number, a move, a comment...)
    /// when it has no tags.
    Offset,
    /// `Event` (string).
    Event,
    /// `Site` (string).
    Site,
    /// `White` (string).
    White,
    /// `Black` (string).
    Black,
    /// `Result` (string): the `Result` tag as written.
    Result,
    /// `WhiteTitle` (string).
    WhiteTitle,
    /// `BlackTitle` (string).
    BlackTitle,
    /// `WhiteElo` (int16).
    WhiteElo,
    /// `BlackElo` (int16).
    BlackElo,
    /// `WhiteRatingDiff` (int16).
    WhiteRatingDiff,
    /// `BlackRatingDiff` (int16).
    BlackRatingDiff,
    /// `UTCDate` (date32).
    UtcDate,
    /// `UTCTime` (time32, seconds).
    UtcTime,
    /// `ECO` (string): the tag.
    Eco,
    /// `Opening` (string): the tag.
    Opening,
    /// `Termination` (string).
    Termination,
    /// `TimeControl` (string).
    TimeControl,
    /// `movetext` (string): the game's movetext re-assembled from its
    /// tokens as written (move numbers, moves, glyphs, comments, NAGs,
    /// variations, result), one space between tokens, `;` comments as
    /// `{}`: lichess's own movetext comes out byte for byte; bytes that are
    /// no UTF-8 are read as Latin-1, as in the tags. Opt-in.
    Movetext,
    /// `tags` (map of string to string): every other tag, in input order,
    /// and a tag of a typed column whose value does not parse (a `WhiteElo`
    /// of `"1500 (prov)"`), so no tag is lost.
    Tags,
    /// `ply_count` (uint32): mainline moves played (up to an error).
    PlyCount,
    /// `uci` (list of string): the mainline in UCI (`e2e4`, `e1g1`; Chess960
    /// castling king-takes-rook; a null move `0000`).
    Uci,
    /// `san` (list of string): the mainline in PGN export SAN, `+`/`#` from
    /// the position (a null move `--`).
    San,
    /// `moves` (list of uint16): the mainline as [`Move::to_u16`](crate::Move::to_u16).
    Moves,
    /// `clocks` (list of int32): the clock after each mainline move from
    /// `[%clk h:mm:ss]`, in whole seconds (fractions dropped), null where a
    /// move has none; the list is null when the game has no clock.
    Clocks,
    /// `evals` (list of int32): the evaluation after each mainline move from
    /// `[%eval ...]`, in centipawns from White's side; null where a move has
    /// none or where it is a mate score (see `mates`); the list is null when
    /// the game has no evaluation.
    Evals,
    /// `mates` (list of int32): the mate scores of `[%eval #N]`, moves to
    /// mate, positive when White mates (`#-2`: -2); null elsewhere; the list
    /// is null when the game has no evaluation.
    Mates,
    /// `language` (string): the piece letters the moves were read with
    /// (`en`, `de`...; the detected one with automatic detection).
    Language,
    /// `opening_eco` (string): the ECO code of the game's last named
    /// position ([`crate::openings`]), null if none.
    OpeningEco,
    /// `opening_name` (string): its name.
    OpeningName,
    /// `error` (string): null for a valid game, else the problem that
    /// failed it as `LINE:COLUMN: game N, move 12... Nd2: ambiguous (b1,
    /// f3)`; the moves before it are in the move columns.
    Error,
    /// `warnings` (list of string): problems that did not fail the game
    /// (junk before it, problems in its rest after the error), and the
    /// number of `+`/`#` the position contradicted.
    Warnings,
    /// `polyglot` (list of uint64): the Polyglot key after each mainline
    /// move ([`crate::polyglot::key_after`]). Opt-in.
    Polyglot,
    /// `fen` (list of string): the FEN after each mainline move. Opt-in.
    Fen,
}

impl Column {
    /// Every column, in schema order.
    pub const ALL: [Column; 35] = [
        Column::Game,
        Column::Offset,
        Column::Event,
        Column::Site,
        Column::White,
        Column::Black,
        Column::Result,
        Column::WhiteTitle,
        Column::BlackTitle,
        Column::WhiteElo,
        Column::BlackElo,
        Column::WhiteRatingDiff,
        Column::BlackRatingDiff,
        Column::UtcDate,
        Column::UtcTime,
        Column::Eco,
        Column::Opening,
        Column::Termination,
        Column::TimeControl,
        Column::Movetext,
        Column::Tags,
        Column::PlyCount,
        Column::Uci,
        Column::San,
        Column::Moves,
        Column::Clocks,
        Column::Evals,
        Column::Mates,
        Column::Language,
        Column::OpeningEco,
        Column::OpeningName,
        Column::Error,
        Column::Warnings,
        Column::Polyglot,
        Column::Fen,
    ];

    /// The tag columns, in schema order, with their tag names.
    pub(crate) const TAGS: [Column; 17] = [
        Column::Event,
        Column::Site,
        Column::White,
        Column::Black,
        Column::Result,
        Column::WhiteTitle,
        Column::BlackTitle,
        Column::WhiteElo,
        Column::BlackElo,
        Column::WhiteRatingDiff,
        Column::BlackRatingDiff,
        Column::UtcDate,
        Column::UtcTime,
        Column::Eco,
        Column::Opening,
        Column::Termination,
        Column::TimeControl,
    ];

    /// The column's name in the schema.
    pub const fn name(self) -> &'static str {
        match self {
            Column::Game => "game",
            Column::Offset => "offset",
            Column::Event => "Event",
            Column::Site => "Site",
            Column::White => "White",
            Column::Black => "Black",
            Column::Result => "Result",
            Column::WhiteTitle => "WhiteTitle",
            Column::BlackTitle => "BlackTitle",
            Column::WhiteElo => "WhiteElo",
            Column::BlackElo => "BlackElo",
            Column::WhiteRatingDiff => "WhiteRatingDiff",
            Column::BlackRatingDiff => "BlackRatingDiff",
            Column::UtcDate => "UTCDate",
            Column::UtcTime => "UTCTime",
            Column::Eco => "ECO",
            Column::Opening => "Opening",
            Column::Termination => "Termination",
            Column::TimeControl => "TimeControl",
            Column::Movetext => "movetext",
            Column::Tags => "tags",
            Column::PlyCount => "ply_count",
            Column::Uci => "uci",
            Column::San => "san",
            Column::Moves => "moves",
            Column::Clocks => "clocks",
            Column::Evals => "evals",
            Column::Mates => "mates",
            Column::Language => "language",
            Column::OpeningEco => "opening_eco",
            Column::OpeningName => "opening_name",
            Column::Error => "error",
            Column::Warnings => "warnings",
            Column::Polyglot => "polyglot",
            Column::Fen => "fen",
        }
    }

    /// The column named `name` (exactly as in the schema).
    pub fn from_name(name: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The column's Arrow type.
    pub fn data_type(self) -> DataType {
        let list = |item: DataType| DataType::List(Arc::new(Field::new("item", item, true)));
        match self {
            Column::Game | Column::Offset => DataType::UInt64,
            Column::WhiteElo
            | Column::BlackElo
            | Column::WhiteRatingDiff
            | Column::BlackRatingDiff => DataType::Int16,
            Column::UtcDate => DataType::Date32,
            Column::UtcTime => DataType::Time32(TimeUnit::Second),
            Column::Tags => DataType::Map(Arc::new(map_entries()), false),
            Column::PlyCount => DataType::UInt32,
            Column::Uci | Column::San | Column::Warnings | Column::Fen => list(DataType::Utf8),
            Column::Moves => list(DataType::UInt16),
            Column::Clocks | Column::Evals | Column::Mates => list(DataType::Int32),
            Column::Polyglot => list(DataType::UInt64),
            _ => DataType::Utf8,
        }
    }

    /// The column's Arrow field (nullable unless always set).
    pub fn field(self) -> Field {
        let always = matches!(
            self,
            Column::Game
                | Column::Offset
                | Column::Tags
                | Column::PlyCount
                | Column::Uci
                | Column::San
                | Column::Moves
                | Column::Language
                | Column::Warnings
                | Column::Polyglot
                | Column::Fen
        );
        Field::new(self.name(), self.data_type(), !always)
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The entries of the `tags` map: `key` (string) to `value` (string).
fn map_entries() -> Field {
    let fields = Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, false),
    ]);
    Field::new("entries", DataType::Struct(fields), false)
}

/// A set of [`Column`]s. The default set is every column but the opt-in
/// ones (`movetext`, `polyglot`, `fen`).
///
/// ```
/// use movetext::arrow::{Column, Columns};
///
/// let columns = Columns::default().with(Column::Polyglot);
/// assert!(columns.contains(Column::San) && columns.contains(Column::Polyglot));
/// assert!(!columns.contains(Column::Fen));
/// let some: Columns = "game,uci,fen".parse().unwrap();
/// assert_eq!(some.iter().collect::<Vec<_>>(), [Column::Game, Column::Uci, Column::Fen]);
/// assert_eq!("game,bogus".parse::<Columns>().unwrap_err(), "unknown column 'bogus'");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Columns(u64);

impl Columns {
    /// No column.
    pub const NONE: Columns = Columns(0);
    /// Every column, the opt-in ones included.
    pub const ALL: Columns = Columns((1 << Column::ALL.len()) - 1);
    /// The opt-in columns: `movetext`, `polyglot`, `fen`.
    pub const OPT_IN: Columns = Columns(
        (1 << Column::Movetext as u8) | (1 << Column::Polyglot as u8) | (1 << Column::Fen as u8),
    );

    /// This set with `column`.
    pub const fn with(self, column: Column) -> Columns {
        Columns(self.0 | 1 << column as u8)
    }

    /// This set without `column`.
    pub const fn without(self, column: Column) -> Columns {
        Columns(self.0 & !(1 << column as u8))
    }

    /// This set with every column of `other`.
    pub const fn union(self, other: Columns) -> Columns {
        Columns(self.0 | other.0)
    }

    /// Whether `column` is in the set.
    #[inline]
    pub const fn contains(self, column: Column) -> bool {
        self.0 & (1 << column as u8) != 0
    }

    /// Whether the set has no column.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The columns, in schema order.
    pub fn iter(self) -> impl Iterator<Item = Column> {
        Column::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The Arrow schema of records with these columns, in schema order.
    pub fn schema(self) -> SchemaRef {
        Arc::new(Schema::new(
            self.iter().map(Column::field).collect::<Fields>(),
        ))
    }
}

impl Default for Columns {
    /// Every column but the opt-in ones.
    fn default() -> Columns {
        Columns(Columns::ALL.0 & !Columns::OPT_IN.0)
    }
}

impl fmt::Debug for Columns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Column::name))
            .finish()
    }
}

impl FromIterator<Column> for Columns {
    fn from_iter<I: IntoIterator<Item = Column>>(iter: I) -> Columns {
        iter.into_iter().fold(Columns::NONE, Columns::with)
    }
}

impl std::str::FromStr for Columns {
    type Err = String;

    /// Comma-separated column names, exactly as in the schema.
    fn from_str(s: &str) -> Result<Columns, String> {
        s.split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| Column::from_name(n).ok_or_else(|| format!("unknown column '{n}'")))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_without_case() {
        let mut names: Vec<String> = Column::ALL
            .iter()
            .map(|c| c.name().to_ascii_lowercase())
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Column::ALL.len());
        for (i, c) in Column::ALL.iter().enumerate() {
            assert_eq!(*c as usize, i);
            assert_eq!(Column::from_name(c.name()), Some(*c));
        }
    }

    #[test]
    fn lichess_dataset_types() {
        let schema = Columns::ALL.schema();
        let ty = |n: &str| schema.field_with_name(n).unwrap().data_type().clone();
        assert_eq!(ty("WhiteElo"), DataType::Int16);
        assert_eq!(ty("BlackRatingDiff"), DataType::Int16);
        assert_eq!(ty("UTCDate"), DataType::Date32);
        assert_eq!(ty("UTCTime"), DataType::Time32(TimeUnit::Second));
        assert_eq!(ty("TimeControl"), DataType::Utf8);
        assert_eq!(ty("movetext"), DataType::Utf8);
        assert_eq!(Columns::default().schema().fields().len(), 32);
    }
}
