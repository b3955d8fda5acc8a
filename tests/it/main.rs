//! ayla's integration tests, one crate with a module per concern: each
//! test crate links the library anew, and 29 of them made a fresh clone's
//! test build take most of its time. `cargo test --test it MODULE::`
//! runs one module (`differential::`, `browser::`, …).

mod bad_records;
mod bad_rules;
mod board_shapes;
mod browser;
mod cli;
mod common;
mod counting;
mod differential;
mod doc_examples;
mod docs;
mod draw;
mod engine_rules;
mod extra_turn;
mod golden;
mod limits;
mod matches;
mod no_alloc;
mod one_meaning;
mod perft;
mod play;
mod position_notation;
mod properties;
mod random_play;
mod readings;
mod record_roundtrip;
mod record_syntax;
mod regressions;
mod relay_houses;
mod repetition;
mod rules_cli;
mod search;
mod serve;
mod solve;
mod solve_search;
mod sowing_capture;
mod stats;
