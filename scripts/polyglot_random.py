#!/usr/bin/env python3
# Writes src/polyglot/random.rs: the 781 64-bit numbers of the Polyglot opening
# book format ("Random64" in the format's description, book_format.html, by
# Michel Van den Bergh, the author of the Polyglot book format), as python-chess
# carries them (chess.polyglot.POLYGLOT_RANDOM_ARRAY).
#
# Exact command (run from the worktree root, python-chess 1.11.2, Python 3.11.7):
#
#   python3 scripts/polyglot_random.py > src/polyglot/random.rs
#
# The test `polyglot::tests::book_format_examples` checks the table against the
# keys the format's description publishes for its example positions.
import chess
import chess.polyglot

table = chess.polyglot.POLYGLOT_RANDOM_ARRAY
assert len(table) == 781, len(table)
print("// DO NOT EDIT: written by `python3 scripts/polyglot_random.py > src/polyglot/random.rs`")
print(f"// (python-chess {chess.__version__}, chess.polyglot.POLYGLOT_RANDOM_ARRAY).")
print("//")
print("// Random64 of the Polyglot opening book format (book_format.html, Michel")
print("// Van den Bergh): 768 numbers for the pieces (64 * kind + square, kind 0..11 =")
print("// black pawn, white pawn, black knight, ... white king), 4 for the castling")
print("// rights (white O-O, white O-O-O, black O-O, black O-O-O), 8 for the en")
print("// passant file, 1 for White to move.")
print()
print("/// The Polyglot book format's 781 random numbers.")
print("pub(super) static RANDOM: [u64; 781] = [")
for i in range(0, 781, 3):
    print("    " + " ".join(f"0x{v:016X}," for v in table[i:i + 3]))
print("];")
