//! Any bytes -> `Position::from_fen_bytes` never panics; see
//! [`movetext_fuzz::fen`] for what is checked when it accepts.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| movetext_fuzz::fen(data));
