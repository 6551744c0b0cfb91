//! Worker side: resource limits, set before DuckDB opens.
//!
//! core 0 (no dumps), nofile (a few dozen fds), fsize (no file bigger than the
//! scratch), AS (DuckDB's memory_limit plus headroom: tighter than ~1 GiB over
//! makes DuckDB crash with SIGSEGV instead of reporting out-of-memory), CPU
//! seconds (soft; hard = soft + 1 so SIGKILL follows SIGXCPU), memlock 0,
//! msgqueue 0.
//!
//! Invariant: limits only go down: a requested value above the current hard
//! limit is clamped to it, never raised.

use super::setup::SetupError;

/// The limits one worker runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RlimitPlan {
    pub address_space_bytes: u64,
    pub cpu_secs: u64,
    pub fsize_bytes: u64,
    pub nofile: u64,
}

impl RlimitPlan {
    /// The (resource, soft, hard) triples to apply.
    pub fn entries(&self) -> Vec<(Resource, u64, u64)> {
        vec![
            (Resource::Core, 0, 0),
            (Resource::Memlock, 0, 0),
            (Resource::Msgqueue, 0, 0),
            (Resource::Nofile, self.nofile, self.nofile),
            (Resource::Fsize, self.fsize_bytes, self.fsize_bytes),
            (
                Resource::As,
                self.address_space_bytes,
                self.address_space_bytes,
            ),
            (
                Resource::Cpu,
                self.cpu_secs.max(1),
                self.cpu_secs.max(1) + 1,
            ),
        ]
    }
}

/// The limits we set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    Core,
    Memlock,
    Msgqueue,
    Nofile,
    Fsize,
    As,
    Cpu,
}

impl Resource {
    fn raw(self) -> libc::__rlimit_resource_t {
        match self {
            Resource::Core => libc::RLIMIT_CORE,
            Resource::Memlock => libc::RLIMIT_MEMLOCK,
            Resource::Msgqueue => libc::RLIMIT_MSGQUEUE,
            Resource::Nofile => libc::RLIMIT_NOFILE,
            Resource::Fsize => libc::RLIMIT_FSIZE,
            Resource::As => libc::RLIMIT_AS,
            Resource::Cpu => libc::RLIMIT_CPU,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Resource::Core => "RLIMIT_CORE",
            Resource::Memlock => "RLIMIT_MEMLOCK",
            Resource::Msgqueue => "RLIMIT_MSGQUEUE",
            Resource::Nofile => "RLIMIT_NOFILE",
            Resource::Fsize => "RLIMIT_FSIZE",
            Resource::As => "RLIMIT_AS",
            Resource::Cpu => "RLIMIT_CPU",
        }
    }
}

/// Apply every limit of `plan` to this process.
pub fn apply(plan: &RlimitPlan) -> Result<(), SetupError> {
    cap_malloc_arenas();
    for (res, soft, hard) in plan.entries() {
        let (_, cur_hard) = get(res)?;
        let hard = hard.min(cur_hard);
        let soft = soft.min(hard);
        let lim = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        // SAFETY: valid rlimit struct.
        if unsafe { libc::setrlimit(res.raw(), &lim) } != 0 {
            return Err(SetupError::os("rlimits", res.name()));
        }
    }
    Ok(())
}

/// glibc gives each thread that contends for malloc an arena of its own,
/// up to 8 per core, each reserving 64 MiB of address space: with a query
/// that raises DuckDB's threads (`SET threads = 64` where the lock-down is
/// off) that is up to a GiB of reservations on top of the thread stacks,
/// past the headroom the AS limit leaves, and the worker aborted instead of
/// answering (seen once in CI on a 2-core host). Four arenas are plenty for
/// DuckDB's few threads and keep the address space the limit was sized for.
/// Must run before the worker starts any thread (it does: see `worker`).
fn cap_malloc_arenas() {
    #[cfg(target_env = "gnu")]
    // SAFETY: mallopt only sets an allocator parameter; no thread runs yet.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 4);
    }
}

/// Current (soft, hard) of `res`.
pub fn get(res: Resource) -> Result<(u64, u64), SetupError> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: valid out-pointer.
    if unsafe { libc::getrlimit(res.raw(), &mut lim) } != 0 {
        return Err(SetupError::os("rlimits", res.name()));
    }
    Ok((lim.rlim_cur, lim.rlim_max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_hard_limit_is_one_second_above_soft() {
        let plan = RlimitPlan {
            address_space_bytes: 1 << 30,
            cpu_secs: 5,
            fsize_bytes: 1 << 20,
            nofile: 64,
        };
        let cpu = plan
            .entries()
            .into_iter()
            .find(|e| e.0 == Resource::Cpu)
            .unwrap();
        assert_eq!((cpu.1, cpu.2), (5, 6));
        let core = plan
            .entries()
            .into_iter()
            .find(|e| e.0 == Resource::Core)
            .unwrap();
        assert_eq!((core.1, core.2), (0, 0));
    }
}
