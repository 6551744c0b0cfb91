//! The `sandpiper` binary: hands over to the CLI. When started as the jailed
//! worker (`sandpiper __jail ...`) it does so first, before any thread or
//! library state exists, because the worker builds its own jail.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("__jail") {
        std::process::exit(sandpiper::jail::worker::main_from_args(&args));
    }
    std::process::exit(sandpiper::cli::main());
}
