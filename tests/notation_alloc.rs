//! Proves that parsing, resolving and writing moves allocate nothing: a
//! counting global allocator counts allocations made on this thread while a
//! flag is set.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use movetext::notation::{
    detect_language, to_iccf, write_descriptive, write_iccf, write_lan, write_san, write_uci,
    ArrayBuf, Descriptive, GameResult, Iccf, Lan, Language, MoveFormat, Nag, NagStyle, ParseMode,
    San, SanStyle, Uci,
};
use movetext::{CastlingMode, Position};

struct Counting;

thread_local! {
    static TRACKING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

fn note() {
    let _ = TRACKING.try_with(|t| {
        if t.get() {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations(f: impl FnOnce()) -> u64 {
    COUNT.with(|c| c.set(0));
    TRACKING.with(|t| t.set(true));
    f();
    TRACKING.with(|t| t.set(false));
    COUNT.with(|c| c.get())
}

#[test]
fn parsing_resolving_and_writing_do_not_allocate() {
    // The counter works: a String allocates.
    assert!(allocations(|| drop(std::hint::black_box(String::from("x")))) > 0);

    let games: [(Language, &[&[u8]]); 3] = [
        (
            Language::En,
            &[
                b"e4", b"e5", b"Nf3", b"Nc6", b"Bb5", b"a6", b"Ba4", b"Nf6", b"O-O", b"Be7",
                b"Re1", b"b5", b"Bb3", b"d6", b"c3", b"O-O", b"h3", b"Nb8", b"d4", b"Nbd7",
            ],
        ),
        (
            Language::Pl,
            &[b"d4", b"e5?!", b"dxe5", b"f6", b"e4!", b"Sc6", b"Gc4"],
        ),
        (
            Language::Ru,
            &[
                b"e4",
                b"d5",
                b"ed",
                "Ф:d5".as_bytes(),
                "Кc3".as_bytes(),
                "Фa5".as_bytes(),
                b"d4",
                "Кf6".as_bytes(),
            ],
        ),
    ];
    for (lang, tokens) in games {
        let n = allocations(|| {
            let mut pos = Position::new();
            for token in tokens {
                for mode in [ParseMode::Strict, ParseMode::Lenient] {
                    let _ = San::from_ascii(token, lang, mode);
                }
                let sp = San::from_ascii(token, lang, ParseMode::Lenient).unwrap();
                let r = sp.to_move(&pos, ParseMode::Lenient).unwrap();
                let mut buf = ArrayBuf::<32>::new();
                for style in [SanStyle::PGN, SanStyle::FAN, SanStyle::with_language(lang)] {
                    buf.clear();
                    write_san(&pos, r.mv, &style, &mut buf);
                    let again = San::from_ascii(buf.as_bytes(), style.language, ParseMode::Lenient)
                        .unwrap()
                        .to_move(&pos, ParseMode::Lenient)
                        .unwrap();
                    assert_eq!(again.mv, r.mv);
                    buf.clear();
                    write_lan(&pos, r.mv, &style, true, &mut buf);
                    let lan = Lan::from_ascii(buf.as_bytes(), style.language).unwrap();
                    assert_eq!(lan.to_move(&pos), Ok(r.mv));
                }
                buf.clear();
                write_uci(r.mv, CastlingMode::Standard, &mut buf);
                assert_eq!(
                    Uci::from_ascii(buf.as_bytes()).unwrap().to_move(&pos),
                    Ok(r.mv)
                );
                buf.clear();
                write_iccf(r.mv, &mut buf);
                assert_eq!(
                    Iccf::from_ascii(buf.as_bytes()).unwrap().to_move(&pos),
                    Ok(r.mv)
                );
                assert_eq!(to_iccf(r.mv).to_move(&pos), Ok(r.mv));
                buf.clear();
                write_descriptive(&pos, r.mv, &mut buf);
                let d = Descriptive::from_ascii(buf.as_bytes()).unwrap();
                assert_eq!(d.to_move(&pos), Ok(r.mv));
                // The same writers through `MoveFormat`.
                let style = SanStyle::with_language(lang);
                let mut direct = ArrayBuf::<32>::new();
                for format in [
                    MoveFormat::San(style),
                    MoveFormat::Lan {
                        style,
                        hyphen: false,
                    },
                    MoveFormat::Uci,
                    MoveFormat::Iccf,
                    MoveFormat::Descriptive,
                ] {
                    buf.clear();
                    format.write(&pos, r.mv, &mut buf);
                    direct.clear();
                    match format {
                        MoveFormat::San(style) => write_san(&pos, r.mv, &style, &mut direct),
                        MoveFormat::Lan { style, hyphen } => {
                            write_lan(&pos, r.mv, &style, hyphen, &mut direct)
                        }
                        MoveFormat::Uci => write_uci(r.mv, CastlingMode::Standard, &mut direct),
                        MoveFormat::Iccf => write_iccf(r.mv, &mut direct),
                        MoveFormat::Descriptive => write_descriptive(&pos, r.mv, &mut direct),
                    }
                    assert_eq!(buf.as_str(), direct.as_str(), "{format:?}");
                    assert!(!buf.is_empty() && !buf.overflowed());
                }
                pos.play(r.mv);
            }
            assert_eq!(detect_language(&Position::new(), tokens), Some(lang));
            let _ = GameResult::from_ascii("½–½".as_bytes());
            let _ = Nag::from_ascii(b"+/-");
            let mut buf = ArrayBuf::<8>::new();
            Nag(16).write(NagStyle::Glyph, &mut buf);
            // Errors are plain values too.
            let _ = San::from_ascii(b"Nf9", lang, ParseMode::Strict).unwrap_err();
            let _ = San::from_ascii(b"Qd8", lang, ParseMode::Strict)
                .map(|sp| sp.to_move(&Position::new(), ParseMode::Strict));
        });
        assert_eq!(n, 0, "{lang}: {n} allocations");
    }
}
