//! Worker side, strict mode: new namespaces and a new root file system that
//! holds nothing but the dataset (bind-mounted read-only) and a small scratch
//! tmpfs, entered with `pivot_root`, the old root detached.
//!
//! Order (as nsjail, bubblewrap, runc): unshare user + mount + net + IPC +
//! UTS + cgroup + PID namespaces in one call, deny setgroups, write one-line
//! uid/gid maps; then (in the PID-1 child) make `/` private, build the new
//! root on a tmpfs, pivot into it, detach the old root, remount `/` read-only.
//! There is no /proc, /sys or /dev inside.
//!
//! Invariant: every function here runs before any thread exists in the
//! worker, and any failure is a [`SetupError`] naming its step.

use std::ffi::CString;
use std::fs;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::Path;

/// Where the dataset appears inside the jail.
pub const JAIL_DATASET: &str = "/dataset.duckdb";
/// The writable scratch tmpfs inside the jail (DuckDB's temp_directory).
pub const JAIL_SCRATCH: &str = "/scratch";

/// Directories tried, in order, as the mount point for the new root while it
/// is built (hidden by our private mount namespace; the host never sees it).
const STAGING_DIRS: [&str; 4] = ["/tmp", "/mnt", "/var/tmp", "/run"];

/// A set-up step that failed, with what to tell the user.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{stage}: {message}")]
pub struct SetupError {
    pub stage: String,
    pub message: String,
    /// True when retrying cannot help (host setting, missing file).
    pub permanent: bool,
}

impl SetupError {
    pub fn new(stage: &str, message: impl Into<String>) -> SetupError {
        SetupError {
            stage: stage.to_string(),
            message: message.into(),
            permanent: false,
        }
    }

    pub fn permanent(stage: &str, message: impl Into<String>) -> SetupError {
        SetupError {
            permanent: true,
            ..SetupError::new(stage, message)
        }
    }

    /// From the last OS error.
    pub fn os(stage: &str, what: &str) -> SetupError {
        SetupError::new(stage, format!("{what}: {}", io::Error::last_os_error()))
    }
}

/// Unshare every namespace (PID included: the next child is PID 1) and map
/// our own uid/gid one to one.
pub fn enter_namespaces(uid: u32, gid: u32) -> Result<(), SetupError> {
    let flags = libc::CLONE_NEWUSER
        | libc::CLONE_NEWNS
        | libc::CLONE_NEWNET
        | libc::CLONE_NEWIPC
        | libc::CLONE_NEWUTS
        | libc::CLONE_NEWCGROUP
        | libc::CLONE_NEWPID;
    // SAFETY: unshare takes only flags; the worker is single-threaded here.
    if unsafe { libc::unshare(flags) } != 0 {
        let err = io::Error::last_os_error();
        return Err(SetupError::permanent(
            "user namespace",
            format!("cannot create namespaces ({err}). {}", userns_hint()),
        ));
    }
    let write = |path: &str, text: String| {
        fs::write(path, text)
            .map_err(|e| SetupError::permanent("uid/gid map", format!("{path}: {e}")))
    };
    write("/proc/self/setgroups", "deny".into())?;
    write("/proc/self/uid_map", format!("{uid} {uid} 1\n"))?;
    write("/proc/self/gid_map", format!("{gid} {gid} 1\n"))?;
    // A fixed host name so nothing of the host's leaks through uname.
    let name = b"sandpiper-jail";
    // SAFETY: valid buffer and length.
    unsafe { libc::sethostname(name.as_ptr().cast(), name.len()) };
    Ok(())
}

/// What to change on this host so user namespaces work, naming the settings
/// that are present and blocking.
pub fn userns_hint() -> String {
    let read = |p: &str| fs::read_to_string(p).ok().map(|s| s.trim().to_string());
    let mut blockers = Vec::new();
    if read("/proc/sys/kernel/unprivileged_userns_clone").as_deref() == Some("0") {
        blockers.push("sysctl kernel.unprivileged_userns_clone=1".to_string());
    }
    if read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns").as_deref() == Some("1") {
        blockers.push(
            "sysctl kernel.apparmor_restrict_unprivileged_userns=0 (or an AppArmor profile allowing userns for sandpiper)"
                .to_string(),
        );
    }
    if read("/proc/sys/user/max_user_namespaces").as_deref() == Some("0") {
        blockers.push("sysctl user.max_user_namespaces=15000".to_string());
    }
    let fix = if blockers.is_empty() {
        "No blocking sysctl found; inside a container, its seccomp profile or missing \
         privileges usually forbid unshare/clone with CLONE_NEWUSER (allow them for this container)"
            .to_string()
    } else {
        format!("To enable them set: {}", blockers.join("; "))
    };
    format!(
        "User namespaces are unavailable, so the strict jail cannot start. {fix}. \
         Or run with `--jail reduced` (seccomp, rlimits and Landlock only)."
    )
}

/// Build the new root and pivot into it. Returns once `/` is the read-only
/// tmpfs holding [`JAIL_DATASET`] and [`JAIL_SCRATCH`].
pub fn build_root(dataset: &Path, scratch_mb: u64) -> Result<(), SetupError> {
    // Hold the dataset open (O_PATH) before mounting anything: it may live
    // under the staging directory we are about to cover.
    let ds = open_path(dataset)?;
    let locked = locked_flags(&ds)?;
    mount(None, "/", None, libc::MS_REC | libc::MS_PRIVATE, None)
        .map_err(|e| SetupError::new("mount", format!("make / private: {e}")))?;
    let base = STAGING_DIRS
        .iter()
        .find(|d| Path::new(d).is_dir())
        .ok_or_else(|| {
            SetupError::permanent("mount", "no staging directory (/tmp, /mnt, ...) exists")
        })?;
    let nosuid = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    mount(
        Some("tmpfs"),
        base,
        Some("tmpfs"),
        nosuid,
        Some("size=64k,nr_inodes=16,mode=0755"),
    )
    .map_err(|e| SetupError::new("mount", format!("root tmpfs on {base}: {e}")))?;

    let file = format!("{base}{JAIL_DATASET}");
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o400)
        .open(&file)
        .map_err(|e| SetupError::new("mount", format!("create {file}: {e}")))?;
    let fd_path = format!("/proc/self/fd/{}", ds.as_raw_fd());
    mount(Some(&fd_path), &file, None, libc::MS_BIND, None)
        .map_err(|e| SetupError::new("mount", format!("bind {}: {e}", dataset.display())))?;
    mount(
        None,
        &file,
        None,
        libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | nosuid | locked,
        None,
    )
    .map_err(|e| SetupError::new("mount", format!("make the dataset read-only: {e}")))?;
    drop(ds);

    let scratch = format!("{base}{JAIL_SCRATCH}");
    fs::DirBuilder::new()
        .mode(0o700)
        .create(&scratch)
        .map_err(|e| SetupError::new("mount", format!("mkdir {scratch}: {e}")))?;
    let opts = format!("size={}m,nr_inodes=4096,mode=0700", scratch_mb.max(1));
    mount(Some("tmpfs"), &scratch, Some("tmpfs"), nosuid, Some(&opts))
        .map_err(|e| SetupError::new("mount", format!("scratch tmpfs: {e}")))?;

    pivot_into(base)?;
    mount(
        None,
        "/",
        None,
        libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | nosuid,
        None,
    )
    .map_err(|e| SetupError::new("mount", format!("remount / read-only: {e}")))?;
    Ok(())
}

/// `pivot_root(".", ".")` in `base`, then detach the old root beneath us.
fn pivot_into(base: &str) -> Result<(), SetupError> {
    let c = cstr(base)?;
    let dot = cstr(".")?;
    // SAFETY: valid C strings; plain syscalls.
    unsafe {
        if libc::chdir(c.as_ptr()) != 0 {
            return Err(SetupError::os("pivot_root", "chdir to the new root"));
        }
        if libc::syscall(libc::SYS_pivot_root, dot.as_ptr(), dot.as_ptr()) != 0 {
            return Err(SetupError::os("pivot_root", "pivot_root"));
        }
        if libc::umount2(dot.as_ptr(), libc::MNT_DETACH) != 0 {
            return Err(SetupError::os("pivot_root", "detach the old root"));
        }
        let root = cstr("/")?;
        if libc::chdir(root.as_ptr()) != 0 {
            return Err(SetupError::os("pivot_root", "chdir /"));
        }
    }
    Ok(())
}

fn open_path(path: &Path) -> Result<OwnedFd, SetupError> {
    let c = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| SetupError::permanent("dataset", "path contains a NUL byte"))?;
    // SAFETY: valid C string.
    let fd = unsafe { libc::open(c.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
    if fd < 0 {
        let e = io::Error::last_os_error();
        return Err(SetupError::permanent(
            "dataset",
            format!("{}: {e}", path.display()),
        ));
    }
    // SAFETY: fresh fd we own.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    let meta = fs::metadata(format!("/proc/self/fd/{}", fd.as_raw_fd()))
        .map_err(|e| SetupError::new("dataset", format!("{}: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(SetupError::permanent(
            "dataset",
            format!("{} is not a regular file", path.display()),
        ));
    }
    Ok(fd)
}

/// Mount flags of the dataset's file system that a user namespace may not
/// change on a bind mount (nosuid/nodev/noexec/atime), to repeat on remount.
fn locked_flags(fd: &OwnedFd) -> Result<libc::c_ulong, SetupError> {
    // SAFETY: zeroed statvfs is a valid out-buffer.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: valid fd and out-pointer.
    if unsafe { libc::fstatvfs(fd.as_raw_fd(), &mut st) } != 0 {
        return Err(SetupError::os("mount", "statvfs of the dataset"));
    }
    let f = st.f_flag;
    let mut out: libc::c_ulong = 0;
    for (st_flag, ms_flag) in [
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if f & st_flag != 0 {
            out |= ms_flag;
        }
    }
    if f & (libc::ST_NOATIME | libc::ST_RELATIME) == 0 {
        out |= libc::MS_STRICTATIME;
    }
    Ok(out)
}

fn cstr(s: &str) -> Result<CString, SetupError> {
    CString::new(s).map_err(|_| SetupError::new("mount", "path contains a NUL byte"))
}

fn mount(
    source: Option<&str>,
    target: &str,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> io::Result<()> {
    let conv = |s: Option<&str>| s.map(CString::new).transpose().map_err(io::Error::other);
    let (source, fstype, data) = (conv(source)?, conv(fstype)?, conv(data)?);
    let target = CString::new(target).map_err(io::Error::other)?;
    let ptr = |c: &Option<CString>| c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr());
    // SAFETY: all pointers are valid C strings or null, as mount(2) allows.
    let rc = unsafe {
        libc::mount(
            ptr(&source),
            target.as_ptr(),
            ptr(&fstype),
            flags,
            ptr(&data).cast(),
        )
    };
    if rc != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_names_a_fix() {
        let h = userns_hint();
        assert!(h.contains("--jail reduced"), "{h}");
        assert!(h.contains("sysctl") || h.contains("container"), "{h}");
    }
}
