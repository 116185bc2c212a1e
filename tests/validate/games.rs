use movetext::notation::{Language, ParseMode};
use movetext::validate::{GameSummary, GameVisitor, LanguageChoice, ValidateOptions};
use movetext::{Move, Position};

use super::{auto, validate, validate_with};

#[test]
fn mainline_moves_in_every_notation() {
    let pgn = "[Event \"mixed\"]\n\n1. e4 e7-e5 2. Ng1-f3 b8c6 3. Bb5 a7a6 4. Ba4 Ng8f6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 0-0 9. h3 Nb8 10. d4 Nbd7 1/2-1/2\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(
        g.moves.join(" "),
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7"
    );
    assert!(!g.summary.failed);
    assert_eq!(g.summary.moves, 20);
}

#[test]
fn errors_say_what_and_where() {
    // Nd2 fits the knights on b1 and f3.
    let pgn = "[Event \"x\"]\n\n1. d4 d5 2. Nf3 Nf6 3. Nd2 e6 *\n\n[Event \"y\"]\n\n1. e4 e5 2. Ke3 Ke7 *\n\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].errors,
        ["3:24: game 1, move 3. Nd2: ambiguous (b1, f3)"]
    );
    assert_eq!(games[0].moves.len(), 4, "moves before the error are kept");
    assert!(games[0].summary.failed);
    assert_eq!(games[1].errors, ["7:13: game 2, move 2. Ke3: illegal move"]);
    assert_eq!(games[1].summary.moves, 2);
}

#[test]
fn polish_seed_game_is_detected() {
    let pgn = "[Event \"seed\"]\n\n1. d4 e5?! 2. dxe5 f6 3. e4! Sc6 4. Gc4 +/-\n";
    let games = validate(pgn.as_bytes(), auto());
    let g = &games[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(g.summary.language, Language::Pl);
    assert_eq!(g.moves.join(" "), "d2d4 e7e5 d4e5 f7f6 e2e4 b8c6 f1c4");
    // Read as English, Sc6 is no move.
    let en = validate(pgn.as_bytes(), ValidateOptions::default());
    assert!(en[0].summary.failed);
    assert_eq!(en[0].summary.moves, 5);
}

#[test]
fn variations_are_played_from_the_right_position() {
    let pgn = "[Event \"v\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 (1... c5 2. Nf3) 2. Nf3 *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    let g = &games[0];
    assert_eq!(g.errors, Vec::<String>::new());
    assert_eq!(
        g.moves.join(" "),
        "e2e4 1:d2d4 1:d7d5 2:g8f6 2:c2c4 1:c2c4 e7e5 1:c7c5 1:g1f3 g1f3"
    );
    assert_eq!((g.summary.moves, g.summary.variation_moves), (3, 7));
    // An illegal move inside a variation fails the game.
    let bad = "[Event \"v\"]\n\n1. e4 (1. e5) 1... e5 *\n";
    let games = validate(bad.as_bytes(), ValidateOptions::default());
    assert_eq!(games[0].errors, ["3:11: game 1, move 1. e5: illegal move"]);
    // Skipped when not asked for.
    let off = ValidateOptions {
        variations: false,
        ..ValidateOptions::default()
    };
    let games = validate(bad.as_bytes(), off);
    assert_eq!(games[0].moves.join(" "), "e2e4 e7e5");
    assert!(!games[0].summary.failed);
}

#[test]
fn fen_and_chess960_tags() {
    let pgn = "[Variant \"Chess960\"]\n[FEN \"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1\"]\n\n1. O-O O-O-O *\n\n[FEN \"8/8/8/8/8/8/8/K6x w - - 0 1\"]\n\n1. Ka2 *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(games[0].moves.join(" "), "b1h1 b8a8");
    assert_eq!(
        games[1].errors,
        ["6:1: game 2, \"8/8/8/8/8/8/8/K6x w - - 0 1\": bad FEN tag: invalid FEN at column 17: bad piece letter"]
    );
    assert_eq!(games[1].summary.moves, 0);
}

#[test]
fn empty_fen_tag_fails_the_first_move_not_the_start_position() {
    // online.pgn has chess.com Chess960 games with `[SetUp "1"]` and
    // `[FEN ""]`: the start position is unknown, so the first move fails
    // (python-chess reports these games too) instead of being played from
    // the standard start; such a game without moves stands.
    let pgn = "[Variant \"Chess 960\"]\n[SetUp \"1\"]\n[FEN \"\"]\n\n1. e4 e5 1-0\n\n[FEN \"\"]\n\n0-1\n\n[Event \"next\"]\n\n1. d4 *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(
        games[0].errors,
        ["5:4: game 1, \"e4\": empty FEN tag: the start position is unknown"]
    );
    assert_eq!(games[0].summary.moves, 0);
    assert!(games[0].summary.failed);
    assert_eq!(games[1].errors, Vec::<String>::new());
    assert!(!games[1].summary.failed);
    assert_eq!(games[2].moves.join(" "), "d2d4");
    let auto = ValidateOptions {
        language: LanguageChoice::Auto,
        ..ValidateOptions::default()
    };
    let games_auto = validate(pgn.as_bytes(), auto);
    assert_eq!(games_auto[0].errors, games[0].errors);
    assert!(!games_auto[1].summary.failed);
    assert_eq!(games_auto[2].moves.join(" "), "d2d4");
}

#[test]
fn unsupported_variant_is_reported_at_its_tag() {
    let pgn = "[Event \"x\"]\n [Variant \"Atomic\"]\n\n1. e4 *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(
        games[0].errors,
        ["2:2: game 1, \"Atomic\": unsupported variant"]
    );
    assert!(games[0].summary.failed);
}

#[test]
fn strict_mode_rejects_lenient_forms_and_wrong_suffixes() {
    let strict = ValidateOptions {
        mode: ParseMode::Strict,
        language: LanguageChoice::Fixed(Language::En),
        variations: true,
    };
    let games = validate(b"[Event \"s\"]\n\n1. e2-e4 *\n", strict);
    assert!(games[0].summary.failed);
    let games = validate(b"[Event \"s\"]\n\n1. e4+ *\n", strict);
    assert!(games[0].summary.failed);
    let lenient = validate(
        b"[Event \"s\"]\n\n1. e4+ e5 *\n",
        ValidateOptions::default(),
    );
    assert!(!lenient[0].summary.failed);
    assert_eq!(lenient[0].summary.wrong_suffixes, 1);
}

#[test]
fn lenient_suffixes_castling_and_departure_squares_played_in_place() {
    // Without variations a lenient move is played with no copy of the
    // position, a suffix judged after it; with variations on, the copying
    // path reads the same game. Both must give the same moves and verdicts.
    let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3+ Nc6 3. Bc4 Nf6 4. O-O+ Bc5 5. Nc3 d6 \
                6. Nd5 O-O 7. d3 Bg4 8. h3 Bh5 9. Bg5# Nb8 10. Re1 Nbd7 11. Nxf6+ Nxf6 \
                12. Bxf6 Qxf6 13. Bxf7+ Qxf7 14. Nxe5 dxe5 15. Qxh5 Qxf2# 16. Kh1 Qxe1+ \
                17. Kh2 Qxa1 *\n";
    let expect = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f8c5", "b1c3", "d7d6", "c3d5",
        "e8g8", "d2d3", "c8g4", "h2h3", "g4h5", "c1g5", "c6b8", "f1e1", "b8d7", "d5f6", "d7f6",
        "g5f6", "d8f6", "c4f7", "f6f7", "f3e5", "d6e5", "d1h5", "f7f2", "g1h1", "f2e1", "h1h2",
        "e1a1",
    ];
    for variations in [false, true] {
        let options = ValidateOptions {
            variations,
            ..ValidateOptions::default()
        };
        let games = validate(pgn, options);
        assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
        assert_eq!(games[0].moves, expect, "variations {variations}");
        // Wrong: Nf3+ (no check), O-O+ (no check), Bg5# (no check),
        // Qxf2# (a check only: Kh1). Right: Nxf6+, Bxf7+, Qxe1+.
        assert_eq!(
            games[0].summary.wrong_suffixes, 4,
            "variations {variations}"
        );
        assert_eq!(games[0].summary.moves, 34);
    }
}

#[test]
fn strict_wrong_suffix_fails_at_the_move_and_keeps_the_position() {
    // The validator plays a move with a suffix in place and puts the
    // position back when the suffix fails: the error is the suffix's, the
    // moves before it are kept, and the next game reads from its start.
    let strict = ValidateOptions {
        mode: ParseMode::Strict,
        language: LanguageChoice::Fixed(Language::En),
        variations: false,
    };
    let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3+ Nc6 *\n\n\
                [Event \"b\"]\n\n1. e4 f5 2. Qh5# g6 *\n\n\
                [Event \"c\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n";
    let games = validate(pgn, strict);
    assert_eq!(games.len(), 3);
    assert_eq!(
        games[0].errors,
        ["3:13: game 1, move 2. Nf3+: written as check, but the move gives no check"]
    );
    assert_eq!(games[0].moves, ["e2e4", "e7e5"]);
    assert_eq!(
        games[1].errors,
        ["7:13: game 2, move 2. Qh5#: written as mate, but the move gives check, not mate"]
    );
    assert_eq!(games[1].moves, ["e2e4", "f7f5"]);
    assert!(games[2].errors.is_empty(), "{:?}", games[2].errors);
    assert_eq!(
        games[2].moves,
        ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    );
}

#[test]
fn short_draw_token_ends_the_game() {
    // Three sample.pgn games end in `1/2` instead of `1/2-1/2`.
    let pgn = "[Event \"d\"]\n\n1. e4 e5 1/2\n\n[Event \"e\"]\n\n1. d4 ½\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(
        games[0].summary.result,
        Some(movetext::notation::GameResult::Draw)
    );
    assert_eq!(games[0].moves.join(" "), "e2e4 e7e5");
    assert_eq!(
        games[1].summary.result,
        Some(movetext::notation::GameResult::Draw)
    );
}

#[test]
fn move_numbers_without_dots() {
    // annotated-misc.pgn writes `1 e4 e5 2 Nf3`; `5254` stays an ICCF move.
    let pgn = "[Event \"n\"]\n\n1 e4 e5 2 Nf3 7866 *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(games[0].moves.join(" "), "e2e4 e7e5 g1f3 g8f6");
}

#[test]
fn fen_tag_without_castling_and_en_passant_fields() {
    // online.pgn has `[FEN "rnbbknrq/pppppppp/8/8/8/8/PPPPPPPP/RNBBKNRQ w"]`.
    let pgn = "[FEN \"4k3/8/8/8/8/8/8/4K2R b\"]\n\n1... Kd7 2. O-O *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games[0].errors, ["3:13: game 1, move 2. O-O: illegal move"]);
    assert_eq!(games[0].moves.join(" "), "e8d7");
}

#[test]
fn variations_after_null_moves_start_from_the_right_position() {
    // `--` (a null-move event), `--?` and `Z0` (null-move tokens) each pass
    // the turn, and a variation after one replaces it.
    let pgn =
        "[Event \"n\"]\n\n1. e4 -- 2. d4 (2. Nf3 --? 3. Nc3) 2... Z0 (2... e5) 3. Nf3 (3. c4) *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(
        games[0].moves.join(" "),
        "e2e4 -- d2d4 1:g1f3 1:-- 1:b1c3 -- 1:e7e5 g1f3 1:c2c4"
    );
    assert_eq!(
        (games[0].summary.moves, games[0].summary.variation_moves),
        (3, 4)
    );
}

#[test]
fn null_move_tokens_with_glyphs_are_null_moves() {
    let pgn = "[Event \"n\"]\n\n1. e4 --? 2. d4 Z0 3. Nf3 *\n";
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    assert_eq!(games[0].errors, Vec::<String>::new());
    assert_eq!(games[0].moves.join(" "), "e2e4 -- d2d4 -- g1f3");
}

#[test]
fn null_moves_in_check_fail_the_game() {
    // After 3. Qxf7+ Black is in check: passing the turn would leave the
    // king attacked, whether as `--` (the reader's null move), `--?`, `Z0`
    // or UCI `0000`. The game fails there; the next game reads on.
    let mate = "1. e4 e5 2. Qh5 Nc6 3. Qxf7+";
    let pgn = format!(
        "[Event \"a\"]\n\n{mate} -- 4. Nf3 *\n\n[Event \"b\"]\n\n{mate} --? *\n\n\
         [Event \"c\"]\n\n{mate} Z0 *\n\n[Event \"d\"]\n\n{mate} 0000 *\n\n\
         [Event \"e\"]\n\n1. e4 -- 2. d4 *\n"
    );
    let games = validate(pgn.as_bytes(), ValidateOptions::default());
    let errors: Vec<_> = games.iter().map(|g| g.errors.join("; ")).collect();
    assert_eq!(
        errors,
        [
            "3:30: game 1, move 3... --: a null move while in check",
            // The reader hands over `--?` as `--` and the glyph `?`.
            "7:30: game 2, move 3... --: a null move while in check",
            "11:30: game 3, move 3... Z0: a null move while in check",
            "15:30: game 4, move 3... 0000: a null move while in check",
            "",
        ]
    );
    for g in &games[..4] {
        assert!(g.summary.failed);
        assert_eq!(
            g.moves.join(" "),
            "e2e4 e7e5 d1h5 b8c6 h5f7",
            "moves before the error are kept"
        );
    }
    assert_eq!(games[4].moves.join(" "), "e2e4 -- d2d4");
    assert!(!games[4].summary.failed);
}

/// Each mainline move with the position it is played from, as FEN.
#[derive(Default)]
struct Befores(Vec<(String, Move)>);

impl GameVisitor for Befores {
    type Output = Vec<(String, Move)>;
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        if depth == 0 {
            self.0.push((before.to_string(), m));
        }
    }
    fn end_game(&mut self, _summary: &GameSummary) -> Self::Output {
        std::mem::take(&mut self.0)
    }
}

#[test]
fn the_position_before_each_move_is_the_same_with_and_without_variations() {
    // Without variations the validator keeps no copy for a common move
    // without a suffix: it hands the move on with the position, then plays
    // it. With variations it copies the position first. Both give the same
    // positions, each the one before with the move played, on the bundled
    // sample (castling, promotions, suffixes, disambiguations included).
    let sample = include_bytes!("../../src/cli/sample.pgn");
    let run = |variations: bool| {
        let options = ValidateOptions {
            variations,
            ..ValidateOptions::default()
        };
        validate_with(sample, Befores::default(), options)
    };
    let (with, without) = (run(true), run(false));
    assert_eq!(without.len(), 312);
    assert_eq!(with, without);
    let mut moves = 0;
    for game in &without {
        for pair in game.windows(2) {
            let mut after = Position::from_fen(&pair[0].0).unwrap();
            after.play(pair[0].1);
            assert_eq!(after.to_string(), pair[1].0);
        }
        moves += game.len();
    }
    assert_eq!(moves, 21_293);
}

/// Every move (null moves too) as `depth:before-FEN:move` and the position
/// `after_move` gave after it, as `depth:after-FEN`.
#[derive(Default)]
struct Afters(Vec<String>);

impl GameVisitor for Afters {
    type Output = Vec<String>;
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        self.0.push(format!("{depth}:{before}:{}", m.to_u16()));
    }
    fn null_move(&mut self, before: &Position, depth: u32) {
        self.0.push(format!("{depth}:{before}:null"));
    }
    fn after_move(&mut self, after: &Position, depth: u32) {
        self.0.push(format!("{depth}:{after}"));
    }
    fn end_game(&mut self, _summary: &GameSummary) -> Self::Output {
        std::mem::take(&mut self.0)
    }
}

#[test]
fn the_position_after_each_move_is_the_move_played() {
    // Every move and null move is followed by its position after, at its
    // depth: moves played in place (no variations, English), on a copy
    // (variations read, another language, language detection), read as
    // printed (a glued glyph, `0-0-0`, a capture without its mark).
    let sample = include_bytes!("../../src/cli/sample.pgn");
    let lenient = "[Event \"a\"]\n\n1. e4 d5 2. ed5 Qd5 3. Nc3 Qa5 (3... Qd8 4. d4 (4. -- Nf6)) 4. d4+/= Nf6 \
                   5. Nf3 Bg4 6. h3 B:f3 7. Q×f3 c6 8. Bd2 e6 9. 0-0-0 Nbd7 10. Bc4 Bb4 11. -- O-O 12. Qxf6 Nxf6 *\n\n\
                   [Event \"b\"]\n[FEN \"1n2k3/P7/8/8/8/8/5PPP/4K2R w K - 0 1\"]\n\n1. axb8Q Ke7 2. Qb4+ Kf6 3. O-O *\n\n\
                   [Event \"c\"]\n\n1. f4 e5 2. g4 Hh4# 0-1\n";
    let mut pairs = 0;
    for (input, language) in [
        (&sample[..], LanguageChoice::Fixed(Language::En)),
        (&sample[..], LanguageChoice::Auto),
        (lenient.as_bytes(), LanguageChoice::Fixed(Language::En)),
        (lenient.as_bytes(), LanguageChoice::Auto),
    ] {
        for variations in [false, true] {
            let options = ValidateOptions {
                variations,
                language,
                ..ValidateOptions::default()
            };
            for game in validate_with(input, Afters::default(), options) {
                assert_eq!(game.len() % 2, 0, "{game:?}");
                for pair in game.chunks(2) {
                    let mut fields = pair[0].splitn(3, ':');
                    let depth = fields.next().unwrap();
                    let mut after = Position::from_fen(fields.next().unwrap()).unwrap();
                    match fields.next().unwrap() {
                        "null" => assert!(after.play_null()),
                        m => after.play(Move::from_u16(m.parse().unwrap())),
                    }
                    assert_eq!(pair[1], format!("{depth}:{after}"));
                    pairs += 1;
                }
            }
        }
    }
    // The sample: 21,293 mainline moves, 315 more in its variations. The
    // lenient games: 24 plies (a null move among them), 5, and 3 in
    // English (`Hh4#` is Polish: 4 when detected); the variations add 4
    // (a null move among them).
    assert_eq!(
        pairs,
        2 * (21_293 + 21_608) + (32 + 36) + (33 + 37),
        "per run: sample, lenient games"
    );
}

/// Every token as the visitor got it, variation moves marked with their
/// depth, and the null moves.
#[derive(Default)]
struct Tokens(Vec<String>);

impl GameVisitor for Tokens {
    type Output = String;
    fn legal_move(&mut self, _before: &Position, _m: Move, token: &[u8], depth: u32) {
        let t = String::from_utf8(token.to_vec()).expect("UTF-8");
        self.0.push(if depth == 0 {
            t
        } else {
            format!("{depth}:{t}")
        });
    }
    fn null_move(&mut self, _before: &Position, _depth: u32) {
        self.0.push("null".to_string());
    }
    fn end_game(&mut self, _summary: &GameSummary) -> String {
        std::mem::take(&mut self.0).join(" ")
    }
}

#[test]
fn transcribed_moves_in_every_format() {
    use movetext::notation::{Figurines, MoveFormat, SanStyle};
    use movetext::validate::Transcribe;
    // Lenient input: capture marks left out or written `:` and `×`, `0-0-0`,
    // a promotion without `=`, checks and a mate without their suffix; a
    // variation, a null move, a FEN start. SAN, long algebraic and UCI as
    // python-chess 1.11.2 writes them (`Board.san`, `Board.lan`,
    // `Move.uci`); FAN, the Polish FIDE style, ICCF and descriptive by hand.
    let pgn = "[Event \"a\"]\n\n1. e4 d5 2. ed5 Qd5 3. Nc3 Qa5 (3... Qd8 4. d4) 4. d4 Nf6 5. Nf3 Bg4 6. h3 B:f3 7. Q×f3 c6 8. Bd2 e6 9. 0-0-0 Nbd7 10. Bc4 Bb4 11. -- O-O 12. Qxf6 Nxf6 *\n\n\
               [Event \"b\"]\n[FEN \"1n2k3/P7/8/8/8/8/5PPP/4K2R w K - 0 1\"]\n\n1. axb8Q Ke7 2. Qb4 Kf6 3. O-O *\n\n\
               [Event \"c\"]\n\n1. f3 e5 2. g4 Qh4 0-1\n";
    let run = |format: MoveFormat| {
        validate_with(
            pgn.as_bytes(),
            Transcribe::new(Tokens::default(), format),
            ValidateOptions::default(),
        )
    };
    assert_eq!(
        run(MoveFormat::San(SanStyle::PGN)),
        [
            "e4 d5 exd5 Qxd5 Nc3 Qa5 1:Qd8 1:d4 d4 Nf6 Nf3 Bg4 h3 Bxf3 Qxf3 c6 Bd2 e6 O-O-O Nbd7 Bc4 Bb4 null O-O Qxf6 Nxf6",
            "axb8=Q+ Ke7 Qb4+ Kf6 O-O",
            "f3 e5 g4 Qh4#",
        ]
    );
    let fan = SanStyle {
        figurines: Figurines::BySide,
        ..SanStyle::PGN
    };
    assert_eq!(
        run(MoveFormat::San(fan)),
        [
            "e4 d5 exd5 ♛xd5 ♘c3 ♛a5 1:♛d8 1:d4 d4 ♞f6 ♘f3 ♝g4 h3 ♝xf3 ♕xf3 c6 ♗d2 e6 O-O-O ♞bd7 ♗c4 ♝b4 null O-O ♕xf6 ♞xf6",
            "axb8=♕+ ♚e7 ♕b4+ ♚f6 O-O",
            "f3 e5 g4 ♛h4#",
        ]
    );
    // FIDE style with Polish letters: `0-0`, `:`, `b8H`.
    let fide = SanStyle {
        castling_zero: true,
        promotion_equals: false,
        capture_colon: true,
        ..SanStyle::with_language(Language::Pl)
    };
    assert_eq!(
        run(MoveFormat::San(fide)),
        [
            "e4 d5 e:d5 H:d5 Sc3 Ha5 1:Hd8 1:d4 d4 Sf6 Sf3 Gg4 h3 G:f3 H:f3 c6 Gd2 e6 0-0-0 Sbd7 Gc4 Gb4 null 0-0 H:f6 S:f6",
            "a:b8H+ Ke7 Hb4+ Kf6 0-0",
            "f3 e5 g4 Hh4#",
        ]
    );
    assert_eq!(
        run(MoveFormat::Lan {
            style: SanStyle::PGN,
            hyphen: true
        }),
        [
            "e2-e4 d7-d5 e4xd5 Qd8xd5 Nb1-c3 Qd5-a5 1:Qd5-d8 1:d2-d4 d2-d4 Ng8-f6 Ng1-f3 Bc8-g4 h2-h3 Bg4xf3 Qd1xf3 c7-c6 Bc1-d2 e7-e6 O-O-O Nb8-d7 Bf1-c4 Bf8-b4 null O-O Qf3xf6 Nd7xf6",
            "a7xb8=Q+ Ke8-e7 Qb8-b4+ Ke7-f6 O-O",
            "f2-f3 e7-e5 g2-g4 Qd8-h4#",
        ]
    );
    assert_eq!(
        run(MoveFormat::Lan {
            style: SanStyle::PGN,
            hyphen: false
        })[2],
        "f2f3 e7e5 g2g4 Qd8h4#"
    );
    assert_eq!(
        run(MoveFormat::Uci),
        [
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 1:d5d8 1:d2d4 d2d4 g8f6 g1f3 c8g4 h2h3 g4f3 d1f3 c7c6 c1d2 e7e6 e1c1 b8d7 f1c4 f8b4 null e8g8 f3f6 d7f6",
            "a7b8q e8e7 b8b4 e7f6 e1g1",
            "f2f3 e7e5 g2g4 d8h4",
        ]
    );
    assert_eq!(
        run(MoveFormat::Iccf),
        [
            "5254 4745 5445 4845 2133 4515 1:4548 1:4244 4244 7866 7163 3874 8283 7463 4163 3736 3142 5756 5131 2847 6134 6824 null 5878 6366 4766",
            "17281 5857 2824 5766 5171",
            "6263 5755 7274 4884",
        ]
    );
    assert_eq!(run(MoveFormat::Descriptive)[2], "P-KB3 P-K4 P-KN4 Q-R5mate");
}
