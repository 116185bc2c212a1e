//! The `movetext` command-line tool: a thin client of the library.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use movetext::Position;

/// Read, check and write chess moves in every algebraic notation.
#[derive(Parser, Debug)]
#[command(name = "movetext", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree (bulk counting at the last
    /// ply). The node count alone is printed on the last line.
    Perft {
        /// The position, as FEN (X-FEN and Shredder-FEN castling accepted).
        fen: String,
        /// How many plies deep.
        depth: u32,
        /// Print each root move (UCI) with its count first.
        #[arg(long)]
        divide: bool,
    },
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
    let result = match cli.command {
        Command::Perft { fen, depth, divide } => perft(&fen, depth, divide),
    };
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("movetext: {e}");
            ExitCode::from(2)
        }
    }
}

fn perft(fen: &str, depth: u32, divide: bool) -> std::io::Result<ExitCode> {
    let pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("movetext: {e}: {fen:?}");
            return Ok(ExitCode::from(2));
        }
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    let total = if divide && depth > 0 {
        let mut total = 0;
        for (m, n) in movetext::position::perft_divide(&pos, depth) {
            let to = Position::castle_king_target(m);
            let to = if pos.castling_mode() == movetext::CastlingMode::Chess960 {
                m.to()
            } else {
                to
            };
            let promo = m.promotion_role().map(|r| r.char());
            match promo {
                Some(p) => writeln!(out, "{}{}{p}: {n}", m.from(), to)?,
                None => writeln!(out, "{}{}: {n}", m.from(), to)?,
            }
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        pos.perft(depth)
    };
    writeln!(out, "{total}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
