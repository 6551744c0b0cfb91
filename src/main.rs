//! The `sandpiper` binary: hands over to the CLI. When started as the jailed
//! worker (`sandpiper __jail ...`) it must do so before any thread exists.

fn main() {
    std::process::exit(sandpiper::cli::main());
}
