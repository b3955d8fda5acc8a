//! Helpers the modules share: running the built `ayla` binary from the
//! crate root, and reading what it printed.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ayla args…` from the crate root.
pub fn ayla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("run ayla")
}

/// Runs `ayla args…` with `input` on stdin.
pub fn ayla_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ayla");
    // The program may exit before reading its input (an unknown variant):
    // a closed pipe then is expected, not a failure.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().expect("wait for ayla")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts the exit code, showing the output if it is wrong.
pub fn assert_exit(o: &Output, code: i32, what: &str) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "{what}: exit code\n--- stdout:\n{}--- stderr:\n{}",
        stdout(o),
        stderr(o)
    );
    assert!(!stderr(o).contains("panicked"), "{what}: panicked");
}

/// Runs `ayla args…`: its exit code, and stdout followed by stderr.
pub fn ayla_code_and_text(args: &[&str]) -> (i32, String) {
    let out = ayla(args);
    (out.status.code().unwrap(), stdout(&out) + &stderr(&out))
}
