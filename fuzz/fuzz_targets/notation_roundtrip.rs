//! See [`movetext_fuzz::notation_roundtrip`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| movetext_fuzz::notation_roundtrip(data));
