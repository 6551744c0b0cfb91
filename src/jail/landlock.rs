//! Worker side: Landlock, best effort. The worker may read the dataset file
//! and read/write its scratch directory (strict mode only; reduced mode has
//! none); every other file-system access the
//! kernel's ABI can restrict is denied, as are TCP bind/connect (ABI 4+),
//! abstract UNIX sockets and signals outside the sandbox (ABI 6+).
//!
//! In strict mode this is a second wall behind the mount namespace; in
//! reduced mode (no namespaces) it is the main file-system wall.
//!
//! Invariant: applied after no_new_privs and before DuckDB opens, while the
//! worker is single-threaded, so every later thread inherits it.

use super::setup::SetupError;
use ::landlock::{
    Access, AccessFs, AccessNet, BitFlags, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, ABI,
};
use std::path::Path;

/// The Landlock ABI version the running kernel offers (0 = none).
pub fn kernel_abi() -> u32 {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: the documented version query: null attr, size 0, version flag.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(v).unwrap_or(0)
}

/// How much of the requested ruleset the kernel enforced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandlockOutcome {
    pub abi: u32,
    /// "full", "partial" or "none".
    pub status: &'static str,
}

fn abi_enum(v: u32) -> ABI {
    match v {
        0 => ABI::Unsupported,
        1 => ABI::V1,
        2 => ABI::V2,
        3 => ABI::V3,
        4 => ABI::V4,
        5 => ABI::V5,
        // V6 is the newest set of rights this code was tested with.
        _ => ABI::V6,
    }
}

/// Files and trees DuckDB reads at start-up on a normal host, allowed
/// read-only in reduced mode: without them it aborts (it checks that
/// /proc/self/cgroup exists, then cannot open it). In strict mode they do
/// not exist inside the jail, which DuckDB handles.
pub const REDUCED_EXTRA_READ: [&str; 2] = ["/proc/self/cgroup", "/sys/fs/cgroup"];

/// Restrict this process to reading `dataset` and the existing paths of
/// `extra_read`, and using `scratch` if any.
pub fn restrict(
    dataset: &Path,
    scratch: Option<&Path>,
    extra_read: &[&str],
) -> Result<LandlockOutcome, SetupError> {
    let abi_num = kernel_abi();
    if abi_num == 0 {
        return Ok(LandlockOutcome {
            abi: 0,
            status: "none",
        });
    }
    let abi = abi_enum(abi_num);
    let err = |e: ::landlock::RulesetError| SetupError::new("landlock", e.to_string());
    let fs_all = AccessFs::from_all(abi);
    let mut ruleset = Ruleset::default().handle_access(fs_all).map_err(err)?;
    if abi_num >= 4 {
        ruleset = ruleset
            .handle_access(AccessNet::from_all(abi))
            .map_err(err)?;
    }
    if abi_num >= 6 {
        ruleset = ruleset.scope(Scope::from_all(abi)).map_err(err)?;
    }
    let pathfd = |p: &Path| {
        PathFd::new(p).map_err(|e| SetupError::new("landlock", format!("{}: {e}", p.display())))
    };
    let read_file: BitFlags<AccessFs> = AccessFs::ReadFile.into();
    let scratch_rights = fs_all & !BitFlags::from(AccessFs::Execute);
    let mut created = ruleset
        .create()
        .map_err(err)?
        .add_rule(PathBeneath::new(pathfd(dataset)?, read_file))
        .map_err(err)?;
    if let Some(scratch) = scratch {
        created = created
            .add_rule(PathBeneath::new(pathfd(scratch)?, scratch_rights))
            .map_err(err)?;
    }
    for p in extra_read.iter().map(Path::new).filter(|p| p.exists()) {
        let rights = if p.is_dir() {
            AccessFs::from_read(abi)
        } else {
            read_file
        };
        created = created
            .add_rule(PathBeneath::new(pathfd(p)?, rights))
            .map_err(err)?;
    }
    let status = created.restrict_self().map_err(err)?;
    let status = match status.ruleset {
        RulesetStatus::FullyEnforced => "full",
        RulesetStatus::PartiallyEnforced => "partial",
        RulesetStatus::NotEnforced => "none",
    };
    Ok(LandlockOutcome {
        abi: abi_num,
        status,
    })
}
