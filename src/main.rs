//! The `movetext` command-line tool.
fn main() {}
