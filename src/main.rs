//! The `ayla` command line: a thin shell over the library that maps typed
//! results to the exit codes of SPEC.md §6.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
