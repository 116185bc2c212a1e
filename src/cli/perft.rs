//! `movetext perft`: count the leaf nodes of the legal move tree.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use movetext::notation::{write_uci, ArrayBuf};
use movetext::Position;

use super::Failure;

/// Arguments of `perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position, as FEN (X-FEN and Shredder-FEN castling accepted).
    fen: String,
    /// How many plies deep.
    depth: u32,
    /// Print each root move (UCI) with its count first, then a blank line.
    #[arg(long)]
    divide: bool,
}

/// Runs `perft`: the node count alone on the last line of stdout.
pub fn run(args: &PerftArgs) -> ExitCode {
    let pos = match Position::from_fen(&args.fen) {
        Ok(pos) => pos,
        Err(e) => return Failure::Usage(format!("{e}: {:?}", args.fen)).report(),
    };
    match write(&pos, args.depth, args.divide) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => Failure::output("stdout", e).report(),
    }
}

fn write(pos: &Position, depth: u32, divide: bool) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let total = if divide && depth > 0 {
        let mut total = 0;
        for (m, n) in movetext::position::perft_divide(pos, depth) {
            let mut buf = ArrayBuf::<8>::new();
            write_uci(m, pos.castling_mode(), &mut buf);
            writeln!(out, "{}: {n}", buf.as_str())?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        pos.perft(depth)
    };
    writeln!(out, "{total}")?;
    out.flush()
}
