//! The native part of the Python package `movetext` (`movetext._movetext`):
//! the small move functions, the exceptions, and the game reader that
//! hands Arrow record batches to Python through the Arrow C data
//! interface. The package's `__init__.py` is its public face.

mod errors;
mod moves;
mod reader;

use pyo3::prelude::*;

/// movetext's native module; import `movetext`, not this.
#[pymodule]
fn _movetext(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<errors::Error>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("InvalidFenError", py.get_type::<errors::InvalidFenError>())?;
    m.add_function(wrap_pyfunction!(moves::convert, m)?)?;
    m.add_function(wrap_pyfunction!(moves::san_to_uci, m)?)?;
    m.add_function(wrap_pyfunction!(moves::uci_to_san, m)?)?;
    m.add_function(wrap_pyfunction!(moves::perft, m)?)?;
    m.add_function(wrap_pyfunction!(reader::iter_batches, m)?)?;
    m.add_function(wrap_pyfunction!(reader::units, m)?)?;
    m.add_class::<reader::GameReader>()?;
    let stop = wrap_pyfunction!(reader::stop_reading_at_exit, m)?;
    py.import("atexit")?.call_method1("register", (stop,))?;
    m.add("ALL_COLUMNS", reader::all_columns())?;
    m.add("DEFAULT_COLUMNS", reader::default_columns())?;
    m.add("DEFAULT_UNIT_SIZE", movetext::pgn::units::DEFAULT_UNIT_SIZE)?;
    m.add("STARTING_FEN", movetext::Position::new().fen())?;
    Ok(())
}
