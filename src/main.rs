//! The `movetext` command-line tool: a thin client of the library.
//!
//! Exit status: 0 when every game is valid, 1 when a game failed (`check`,
//! `convert`), 2 for a usage or I/O error, 141 when stdout was closed early
//! (as a shell reports SIGPIPE; nothing is printed).

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Read, check and write chess moves in every algebraic notation.
#[derive(Parser, Debug)]
#[command(name = "movetext", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write every game's moves in another notation (SAN, LAN, UCI, FAN,
    /// ICCF, descriptive), in another language, as PGN export format, or as
    /// JSON lines.
    Convert(cli::convert::ConvertArgs),
    /// Validate every game; print each error as FILE:LINE:COL: message and
    /// a summary on stderr. Exit 0 if all games are valid, 1 if not.
    Check(cli::check::CheckArgs),
    /// Count games, moves, results, notations, languages and errors.
    Stats(cli::stats::StatsArgs),
    /// Cut files into work units, one JSON line each, that check, stats
    /// and convert read apart with --unit (on the machines of a cluster):
    /// their outputs end to end are the whole file's.
    Index(cli::index::IndexArgs),
    /// Count the leaf nodes of the legal move tree (bulk counting at the last
    /// ply). The node count alone is printed on the last line.
    Perft(cli::perft::PerftArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let read = match &cli.command {
        Command::Convert(a) => Some(&a.read),
        Command::Check(a) => Some(&a.read),
        Command::Stats(a) => Some(&a.read),
        Command::Index(_) | Command::Perft(_) => None,
    };
    if let Some(Err(f)) = read.map(|r| r.check_selection()) {
        return f.report();
    }
    match &cli.command {
        Command::Index(a) => cli::index::run(a),
        Command::Convert(a) => cli::convert::run(a),
        Command::Check(a) => cli::check::run(a),
        Command::Stats(a) => cli::stats::run(a),
        Command::Perft(a) => cli::perft::run(a),
    }
}
