//! A game of fuzzed move choices checked against the naive oracle at every
//! ply; see [`movetext_fuzz::legals_are_legal`] for the input format.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| movetext_fuzz::legals_are_legal(data));
