//! See [`movetext_fuzz::arrow_records`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| movetext_fuzz::arrow_records(data));
