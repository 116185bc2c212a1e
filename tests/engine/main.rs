//! Integration tests of the core engine: perft suites and a naive oracle.

mod oracle;
mod perft;
mod pychess;
