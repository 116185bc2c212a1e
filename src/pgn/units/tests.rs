use std::io::Cursor;

use super::*;
use crate::pgn::scan::{hard_starts_scalar, is_tag_line, line_soups};

/// The hard start at or after each offset, found through windows of any
/// size, is the line-by-line scan's: windows that begin inside lines
/// (long ones, tag lines as long as they can be, one byte too long, CRLF
/// and CR-only line ends split) judge as the whole input does.
#[test]
fn next_hard_start_is_the_scanners() {
    let long_tag = {
        let mut t = b"[Annotator \"".to_vec();
        t.resize(MAX_TAG_LINE - 2, b'v');
        t.extend_from_slice(b"\"]");
        t
    };
    assert!(is_tag_line(&long_tag));
    let too_long = [&long_tag[..long_tag.len() - 2], b"w\"]"].concat();
    assert!(!is_tag_line(&too_long));
    let parts: [&[u8]; 12] = [
        b"[Event \"a\"]\n",
        b"[Site \"b\"]\r\n",
        b"[Round \"c\"]\r",
        b"\n",
        b"\r\n",
        b"1. e4 e5 *\n",
        b"{ [White \"x\"] }\n",
        b"[not a tag]\n",
        &long_tag,
        &too_long,
        b"[",
        b"\r",
    ];
    let soups = line_soups(&parts);
    // Small inputs, every offset.
    for data in soups.iter().filter(|d| d.len() < 400).take(300) {
        let all = hard_starts_scalar(data, true);
        for from in 0..=data.len() {
            let want = all.iter().copied().find(|&p| p >= from).map(|p| p as u64);
            for window in [1, 1 << 20] {
                let got = next_hard_start_in(
                    &mut Cursor::new(data),
                    from as u64,
                    data.len() as u64,
                    window,
                )
                .unwrap();
                assert_eq!(got, want, "from {from} window {window}");
            }
        }
    }
    // Large inputs (long lines around the windows' starts): offsets at
    // line starts and around them, and a stride.
    let mut checked = 0;
    for data in soups.chunks(40).take(20).map(|c| c.concat()) {
        let all = hard_starts_scalar(&data, true);
        let mut froms: Vec<usize> = (0..data.len()).step_by(1013).collect();
        for (i, w) in data.windows(2).enumerate() {
            if matches!(w[0], b'\n' | b'\r') && i % 5 == 0 {
                froms.extend([i, i + 1, i + 2]);
            }
        }
        for from in froms {
            let want = all.iter().copied().find(|&p| p >= from).map(|p| p as u64);
            for window in [0, 1 << 20] {
                let got = next_hard_start_in(
                    &mut Cursor::new(&data),
                    from as u64,
                    data.len() as u64,
                    window,
                )
                .unwrap();
                assert_eq!(got, want, "from {from} window {window}");
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}
