//! The `ayla` command line: a thin shell over the library that maps typed
//! results to the exit codes of docs/commands.md.

mod cli;

fn main() {
    // Die quietly on a closed pipe (`ayla replay game.rec | head`), as Unix
    // tools do, instead of panicking on the failed write.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::run());
}
