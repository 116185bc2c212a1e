//! See [`movetext_fuzz::pgn_chunked`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| movetext_fuzz::pgn_chunked(data));
