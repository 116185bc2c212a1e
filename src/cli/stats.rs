//! `movetext stats`: counts of games, moves, results, notations, languages
//! and errors.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use movetext::notation::{Language, SanError};
use movetext::pgn::GameResult;
use movetext::validate::{GameError, GameErrorKind, GameSummary, GameVisitor};
use movetext::{Move, Position};

use super::input::{read_games, sources, Reading};
use super::{Failure, Gather, ReadArgs};

/// Arguments of `stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub read: ReadArgs,
}

/// The notations a move token is classified as, in output order.
pub const NOTATIONS: [&str; 6] = ["san", "figurine", "lan", "uci", "iccf", "descriptive"];

/// Classifies a move token by its look alone (cheap, no position):
/// figurines, ICCF digits, UCI `e2e4`, long algebraic (two squares),
/// descriptive (no square), else SAN. Gives an index into [`NOTATIONS`].
pub fn classify(token: &[u8]) -> usize {
    // Figurines U+2654..U+265F are E2 99 94..9F in UTF-8.
    if token
        .windows(3)
        .any(|w| w[0] == 0xe2 && w[1] == 0x99 && (0x94..=0x9f).contains(&w[2]))
    {
        return 1;
    }
    let end = token
        .iter()
        .rposition(|b| !b"+#!?".contains(b))
        .map_or(0, |i| i + 1);
    let t = &token[..end];
    if (4..=5).contains(&t.len()) && t.iter().all(u8::is_ascii_digit) {
        return 4;
    }
    if t.first().is_some_and(|&b| b == b'O' || b == b'0') && t.iter().all(|b| b"O0o-".contains(b)) {
        return 0;
    }
    let squares = t
        .windows(2)
        .filter(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
        .count();
    let square = |i: usize| {
        t.get(i).is_some_and(|b| (b'a'..=b'h').contains(b))
            && t.get(i + 1).is_some_and(|b| (b'1'..=b'8').contains(b))
    };
    match squares {
        0 => 5,
        1 => 0,
        _ if (t.len() == 4 || (t.len() == 5 && b"qrbn".contains(&t[4])))
            && square(0)
            && square(2) =>
        {
            3
        }
        _ => 2,
    }
}

fn result_label(r: Option<GameResult>) -> &'static str {
    match r {
        Some(GameResult::WhiteWins) => "1-0",
        Some(GameResult::BlackWins) => "0-1",
        Some(GameResult::Draw) => "1/2-1/2",
        Some(GameResult::Unknown) => "*",
        Some(GameResult::BothLose) => "0-0",
        Some(GameResult::WhiteHalfBlackZero) => "1/2-0",
        Some(GameResult::WhiteZeroBlackHalf) => "0-1/2",
        Some(GameResult::WhiteWinsByDefault) => "+/-",
        Some(GameResult::BlackWinsByDefault) => "-/+",
        Some(GameResult::BothLoseByDefault) => "-/-",
        None => "none",
    }
}

const RESULT_ORDER: [&str; 11] = [
    "1-0", "0-1", "1/2-1/2", "*", "0-0", "1/2-0", "0-1/2", "+/-", "-/+", "-/-", "none",
];

/// A short name for the kind of an error.
pub fn error_kind(e: &GameError) -> &'static str {
    match e.kind {
        GameErrorKind::Pgn(k) => k.reason(),
        GameErrorKind::Syntax(_) => "not a move",
        GameErrorKind::Move(SanError::Illegal) => "illegal move",
        GameErrorKind::Move(SanError::Ambiguous(_)) => "ambiguous move",
        GameErrorKind::Move(_) => "wrong check or mate suffix",
        GameErrorKind::Fen(_) => "bad FEN tag",
        GameErrorKind::EmptyFen => "empty FEN tag",
        GameErrorKind::UnsupportedVariant => "unsupported variant",
        GameErrorKind::BadVariation | GameErrorKind::VariationTooDeep => "bad variation",
        GameErrorKind::TooManyPlies => "too many plies",
        GameErrorKind::NoLanguage => "no language reads every move",
        GameErrorKind::SuffixWithoutMove => "suffix word without a move",
        GameErrorKind::NotEnPassant => "wrong en passant mark",
        GameErrorKind::NotCapture(_) => "wrong capture mark",
        GameErrorKind::NoResult => "no result",
        GameErrorKind::ResultContradictsTag(..) => "result contradicts the Result tag",
        GameErrorKind::AmbiguousLanguage { .. } => "ambiguous language",
    }
}

/// One game's counts.
pub struct GameStats {
    summary: GameSummary,
    notations: [u32; 6],
    /// Each kind of error, and how many (a handful of kinds at most).
    errors: Vec<(&'static str, u64)>,
}

#[derive(Default)]
struct StatsVisitor {
    notations: [u32; 6],
    errors: Vec<(&'static str, u64)>,
}

impl GameVisitor for StatsVisitor {
    type Output = GameStats;
    fn legal_move(&mut self, _before: &Position, _m: Move, token: &[u8], _depth: u32) {
        self.notations[classify(token)] += 1;
    }
    fn error(&mut self, e: &GameError) {
        let kind = error_kind(e);
        match self.errors.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => self.errors.push((kind, 1)),
        }
    }
    fn end_game(&mut self, summary: &GameSummary) -> GameStats {
        GameStats {
            summary: *summary,
            notations: std::mem::take(&mut self.notations),
            errors: std::mem::take(&mut self.errors),
        }
    }
}

#[derive(Default)]
struct Totals {
    games: u64,
    failed: u64,
    moves: u64,
    variation_moves: u64,
    wrong_suffixes: u64,
    results: BTreeMap<&'static str, u64>,
    notations: [u64; 6],
    languages: BTreeMap<Language, u64>,
    /// Games two languages read whole to different moves, by the pair
    /// (the language read in, the other).
    ambiguous: BTreeMap<(Language, Language), u64>,
    errors: BTreeMap<&'static str, u64>,
}

impl Totals {
    fn add(&mut self, g: GameStats) {
        let s = &g.summary;
        self.games += 1;
        self.failed += u64::from(s.failed);
        self.moves += u64::from(s.moves);
        self.variation_moves += u64::from(s.variation_moves);
        self.wrong_suffixes += u64::from(s.wrong_suffixes);
        *self.results.entry(result_label(s.result)).or_default() += 1;
        for (t, n) in self.notations.iter_mut().zip(g.notations) {
            *t += u64::from(n);
        }
        *self.languages.entry(s.language).or_default() += 1;
        if let Some(other) = s.ambiguous_language {
            *self.ambiguous.entry((s.language, other)).or_default() += 1;
        }
        for (e, n) in g.errors {
            *self.errors.entry(e).or_default() += n;
        }
    }

    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "games: {}", self.games)?;
        writeln!(out, "valid: {}", self.games - self.failed)?;
        writeln!(out, "failed: {}", self.failed)?;
        writeln!(out, "moves: {}", self.moves)?;
        writeln!(out, "variation moves: {}", self.variation_moves)?;
        writeln!(out, "wrong check/mate suffixes: {}", self.wrong_suffixes)?;
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "none".to_string()
            } else {
                items.join(" ")
            }
        };
        let results = RESULT_ORDER
            .iter()
            .filter_map(|r| self.results.get(r).map(|n| format!("{r}={n}")))
            .collect();
        writeln!(out, "results: {}", list(results))?;
        let notations = NOTATIONS
            .iter()
            .zip(self.notations)
            .filter(|(_, n)| *n > 0)
            .map(|(name, n)| format!("{name}={n}"))
            .collect();
        writeln!(out, "notations: {}", list(notations))?;
        let languages = self
            .languages
            .iter()
            .map(|(l, n)| format!("{}={n}", l.code()))
            .collect();
        writeln!(out, "languages: {}", list(languages))?;
        let ambiguous = self
            .ambiguous
            .iter()
            .map(|((l, o), n)| format!("{}/{}={n}", l.code(), o.code()))
            .collect();
        writeln!(out, "ambiguous languages: {}", list(ambiguous))?;
        let errors = self
            .errors
            .iter()
            .map(|(k, n)| format!("{k}={n}"))
            .collect::<Vec<_>>();
        writeln!(
            out,
            "errors: {}",
            if errors.is_empty() {
                "none".to_string()
            } else {
                errors.join(", ")
            }
        )?;
        Ok(())
    }
}

impl Gather for StatsVisitor {}

/// Runs `stats`.
pub fn run(args: &StatsArgs) -> ExitCode {
    let reading = Reading::new(&args.read);
    let mut totals = Totals::default();
    let mut input_failed = false;
    let mut no_game = false;
    for src in sources(&args.read) {
        let read = read_games(&src, &reading, StatsVisitor::default, |g, _| {
            totals.add(g);
            Ok(())
        });
        match read {
            Ok(_) => {}
            Err(f @ Failure::Thread(_)) => return f.report(),
            Err(f) => {
                f.report();
                no_game |= f.is_no_game();
                input_failed |= !f.is_no_game();
            }
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if let Err(e) = totals.write(&mut out).and_then(|()| out.flush()) {
        return Failure::output("stdout", e).report();
    }
    if input_failed {
        ExitCode::from(2)
    } else if no_game {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_tokens() {
        let name = |t: &str| NOTATIONS[classify(t.as_bytes())];
        assert_eq!(name("Nf3"), "san");
        assert_eq!(name("exd5+"), "san");
        assert_eq!(name("O-O-O#"), "san");
        assert_eq!(name("0-0"), "san");
        assert_eq!(name("Sf3"), "san");
        assert_eq!(name("♘f3"), "figurine");
        assert_eq!(name("Ng1-f3"), "lan");
        assert_eq!(name("e2-e4"), "lan");
        assert_eq!(name("e2e4"), "uci");
        assert_eq!(name("e7e8q"), "uci");
        assert_eq!(name("5254"), "iccf");
        assert_eq!(name("17181"), "iccf");
        assert_eq!(name("P-K4"), "descriptive");
        assert_eq!(name("NxP"), "descriptive");
    }
}
