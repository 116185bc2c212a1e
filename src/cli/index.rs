//! `movetext index`: cut files into work units, one JSON line each, that
//! `check`, `stats` and `convert --unit` read apart.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::builder::NonEmptyStringValueParser;
use clap::Args;
use movetext::pgn::units::{index, IndexOptions};

use super::Failure;

/// The unit JSON format, shown by `movetext index --help`.
pub const FORMAT: &str = "\
Each unit is one JSON object on one line, its fields in this order:

  {\"path\":\"db.pgn.zst\",\"size\":17225310,\"compression\":\"zstd\",\"whole\":false,
   \"start\":4194813,\"end\":8389633,\"text_start\":29360128,\"offset\":29360512,
   \"len\":29361139,\"line\":1287401,\"games_before\":95032,\"games\":95001}

  path          the file, as given
  size          its size in bytes (a file of another size is refused)
  compression   none, zstd, gzip, bzip2 or xz
  whole         true: the unit is the whole file, read from its start
  start, end    its byte range in the file; a file's units follow one
                another from 0 to its size
  text_start    offset in the decompressed text where decoding from start
                begins (= start in a plain file)
  offset        offset in the text where the unit's first game begins
  len           bytes of text the unit owns (null when whole); its last
                game ends where the next unit begins
  line          line of the text at offset (from 1)
  games_before  games before the unit: its first is game games_before+1
  games         games in the unit (null when whole)

How a file is cut: plain PGN at games that begin with a tag line after a
line that is no tag line (the resync rule: a `[` line inside a comment or a
variation begins no game); a zstd file of several frames (pzstd, the
lichess database) in runs of whole frames; a file of one zstd frame, gzip,
bzip2, xz or UTF-16 text is one whole unit. The file is read once, on all
cores, to count the lines and games before each unit.

Read a unit with `movetext check --unit '<json>'` (or stats, convert): its
games only, with the game numbers, lines and columns of the whole file, so
the outputs of a file's units put end to end are the whole file's.";

/// Arguments of `index`.
#[derive(Args, Debug)]
#[command(after_help = FORMAT)]
pub struct IndexArgs {
    /// Files to cut (plain or compressed PGN; not stdin: units are read
    /// by seeking in their file).
    #[arg(value_name = "FILES", required = true, value_parser = NonEmptyStringValueParser::new())]
    files: Vec<String>,
    /// Bytes of the file per unit, at least (the last one may hold less),
    /// with an optional K, M or G suffix (binary).
    #[arg(long, value_name = "BYTES", default_value = "128M", value_parser = parse_size)]
    unit_size: u64,
    /// Threads that read the file (default: all cores).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,
}

/// Parses `--unit-size`: a byte count with an optional K, M or G suffix.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let bad = || format!("expected a byte count such as 1048576, 512K, 128M or 2G, got {s:?}");
    let (digits, shift) = match s.as_bytes().last() {
        Some(b'k' | b'K') => (&s[..s.len() - 1], 10),
        Some(b'm' | b'M') => (&s[..s.len() - 1], 20),
        Some(b'g' | b'G') => (&s[..s.len() - 1], 30),
        _ => (s, 0),
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let n = n.checked_mul(1 << shift).ok_or_else(bad)?;
    if n == 0 {
        return Err("a unit holds at least one byte".to_string());
    }
    Ok(n)
}

/// Runs `index`: each file's units on stdout, in order; a file that cannot
/// be cut is said on stderr (status 2) and the others are still cut.
pub fn run(args: &IndexArgs) -> ExitCode {
    let options = IndexOptions {
        unit_size: args.unit_size,
        threads: args.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n as usize,
        ),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    for file in &args.files {
        if file == "-" {
            let _ = out.flush();
            Failure::Usage(
                "index cuts files, not stdin: units are read by seeking in their file".to_string(),
            )
            .report();
            failed = true;
            continue;
        }
        match index(file, &options) {
            Ok(units) => {
                let written: io::Result<()> = units
                    .iter()
                    .try_for_each(|u| writeln!(out, "{}", u.to_json()));
                if let Err(e) = written.and_then(|()| out.flush()) {
                    return Failure::output("stdout", e).report();
                }
            }
            Err(e) => {
                let _ = out.flush();
                let f = Failure::input(file, e);
                f.report();
                if !f.is_input() {
                    return ExitCode::from(2);
                }
                failed = true;
            }
        }
    }
    if let Err(e) = out.flush() {
        return Failure::output("stdout", e).report();
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
