//! See [`movetext_fuzz::pgn_reader`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| movetext_fuzz::pgn_reader(data));
