//! Random legal games, made from the engine's own legal moves, written as
//! books print them (suffix words after a space, `e.p.` and `ep`, `(Q)`
//! promotions, glyphs glued to moves) in several languages, and read back
//! to the same moves, with the language given and detected.

use movetext::notation::{write_san, ArrayBuf, Language, SanStyle};
use movetext::validate::LanguageChoice;
use movetext::{Move, Position, Role};

use super::forms::read_in;

/// A fixed-seed PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// A random legal game from the start: en passant captures and promotions
/// are taken whenever they are legal, pawn moves are favoured (so that
/// pawns promote), and checks are taken half the time.
fn random_game(rng: &mut Rng, max_plies: usize) -> Vec<Move> {
    let mut pos = Position::new();
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let all: Vec<Move> = legal.iter().copied().collect();
        let special: Vec<Move> = all
            .iter()
            .copied()
            .filter(|m| m.is_en_passant() || m.promotion_role().is_some())
            .collect();
        let checks: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&m| pos.gives_check(m))
            .collect();
        let pawns: Vec<Move> = all
            .iter()
            .copied()
            .filter(|m| pos.role_at(m.from()) == Some(Role::Pawn))
            .collect();
        let m = if !special.is_empty() {
            rng.pick(&special)
        } else if !checks.is_empty() && rng.below(2) == 0 {
            rng.pick(&checks)
        } else if !pawns.is_empty() && rng.below(3) != 0 {
            rng.pick(&pawns)
        } else {
            rng.pick(&all)
        };
        moves.push(m);
        pos.play(m);
    }
    moves
}

/// The text of `moves` in `lang`, each move as a book might print it,
/// with the NAGs of the glyphs glued on.
fn print(rng: &mut Rng, moves: &[Move], lang: Language) -> (String, Vec<u8>) {
    let style = SanStyle {
        suffix: false,
        promotion_equals: false,
        ..SanStyle::with_language(lang)
    };
    let mut pos = Position::new();
    let mut text = String::new();
    let mut nags = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        let mut buf = ArrayBuf::<32>::new();
        write_san(&pos, m, &style, &mut buf);
        let mut mv = buf.as_str().to_string();
        if let Some(role) = m.promotion_role() {
            // `e8Q` as `e8(Q)`.
            let letter = lang.letter(role);
            mv.truncate(mv.len() - letter.len());
            mv.push_str(&format!("({letter})"));
        }
        let moved_to = if m.is_castle() {
            Position::castle_king_target(m)
        } else {
            m.to()
        };
        let after = pos.played(m);
        let checkers = after.checkers();
        let mate = after.is_checkmate();
        let discovered = checkers.into_iter().any(|sq| sq != moved_to);
        let double = checkers.count() > 1;
        let word: &str = if mate {
            rng.pick(&["#", " mate", " mate.", " Mate", " #", " ‡", "‡"])
        } else if double {
            rng.pick(&[" dbl ch", " dblch", " dis ch", " ch", "+", " +", " ++"])
        } else if discovered {
            rng.pick(&[" dis ch", " disch", " dis.ch.", " ch", " Ch", "+"])
        } else if !checkers.is_empty() {
            rng.pick(&["+", " ch", " Ch", " CH", " check", "†", " †", " +", "ch"])
        } else {
            ""
        };
        mv.push_str(word);
        if m.is_en_passant() {
            mv.push_str(rng.pick(&[" e.p.", " ep", "e.p.", " e.p", " ep."]));
        }
        // A glyph glued on, one move in five.
        if rng.below(5) == 0 {
            let (glyph, nag) = rng.pick(&[
                ("!", 1u8),
                ("?!", 6),
                ("+/=", 14),
                ("=/+", 15),
                ("+-", 18),
                ("-+", 19),
                ("∞", 13),
                ("±", 16),
                ("N", 146),
                ("=", 10),
            ]);
            // Not after a word that a glyph would run into (`mate=`).
            if !mv.ends_with(['.', '†', '‡']) {
                mv.push_str(glyph);
                nags.push(nag);
            }
        }
        text.push_str(&mv);
        text.push(' ');
        pos.play(m);
    }
    text.push('*');
    (text, nags)
}

fn uci(moves: &[Move]) -> String {
    let mut pos = Position::new();
    let mut out = Vec::new();
    for &m in moves {
        let mut buf = ArrayBuf::<8>::new();
        movetext::notation::write_uci(m, pos.castling_mode(), &mut buf);
        out.push(buf.as_str().to_string());
        pos.play(m);
    }
    out.join(" ")
}

#[test]
fn random_games_printed_as_books_print_them_read_back() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let languages = [
        Language::En,
        Language::Pl,
        Language::Lt,
        Language::De,
        Language::Fr,
        Language::Cs,
        Language::Ru,
        Language::RuLatn,
        Language::Hu,
    ];
    let (mut words, mut eps, mut promotions) = (0, 0, 0);
    for game in 0..54 {
        let moves = random_game(&mut rng, 160);
        let expected = uci(&moves);
        let lang = languages[game % languages.len()];
        let (text, nags) = print(&mut rng, &moves, lang);
        words += text.matches(" ch").count() + text.matches(" mate").count();
        eps += text.matches("e.p").count() + text.matches(" ep").count();
        promotions += text.matches(')').count();
        let pgn = format!("[Event \"random {game}\"]\n\n{text}\n");
        for choice in [LanguageChoice::Fixed(lang), LanguageChoice::Auto] {
            let games = read_in(pgn.as_bytes(), choice);
            assert_eq!(games.len(), 1, "{pgn}");
            let g = &games[0];
            assert_eq!(g.errors, Vec::<String>::new(), "{lang} {choice:?}\n{pgn}");
            assert_eq!(g.moves.join(" "), expected, "{lang} {choice:?}\n{pgn}");
            assert_eq!(g.nags, nags, "{lang} {choice:?}\n{pgn}");
            assert_eq!(g.summary.wrong_suffixes, 0, "{lang} {choice:?}\n{pgn}");
            if choice == LanguageChoice::Auto {
                assert!(
                    g.summary.language.same_letters(lang),
                    "{lang} read as {}\n{pgn}",
                    g.summary.language
                );
            }
        }
    }
    // The games hold every form many times.
    eprintln!("suffix words {words}, en passant marks {eps}, bracket promotions {promotions}");
    assert!(words > 100, "{words}");
    assert!(eps > 20, "{eps}");
    assert!(promotions > 20, "{promotions}");
}
