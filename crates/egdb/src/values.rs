//! The value bytes of a database: built in this process, or a read-only memory map of its
//! stored file. A mapped database costs a few system calls to open however large it is, and
//! its memory is the file's page cache: shared by every process that maps the file, and
//! reclaimable by the kernel, not anonymous memory of this process.

use std::fs::File;

/// One byte per entry (see `docs/egdb.md`).
pub(crate) enum Values {
    Built(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl Values {
    /// Maps `len` bytes of `file` from `offset` on, read-only.
    pub(crate) fn map(file: &File, offset: u64, len: usize) -> std::io::Result<Values> {
        if len == 0 {
            return Ok(Values::Built(Vec::new()));
        }
        // SAFETY: a map is only sound while nobody changes the file under it. Database files
        // are never written in place: every writer writes a temporary file and renames it over
        // the old name (`file::write`), which leaves the inode mapped here untouched. A file
        // changed in place by some other program could be read torn; the checksum (checked
        // when the file is new, see `verify`) guards against damage, not against that.
        let map = unsafe {
            memmap2::MmapOptions::new()
                .offset(offset)
                .len(len)
                .map(file)?
        };
        advise(&map);
        Ok(Values::Mapped(map))
    }

    pub(crate) fn is_mapped(&self) -> bool {
        matches!(self, Values::Mapped(_))
    }
}

/// The search probes the table at random, and with 4 KiB pages nearly every probe would also
/// miss the TLB. Marked for huge pages, a file map reads what is not yet in the page cache
/// in 2 MiB folios, which the kernel then maps as 2 MiB pages (a hint only: it falls back to
/// smaller ones when memory is fragmented).
#[cfg(target_os = "linux")]
fn advise(map: &memmap2::Mmap) {
    let _ = map.advise(memmap2::Advice::HugePage);
}

#[cfg(not(target_os = "linux"))]
fn advise(_map: &memmap2::Mmap) {}

/// Lets the kernel drop the file's pages from the page cache (those another process maps
/// stay). Pages written by a build, or read before by plain reads, sit there in small folios
/// that a map can only use as 4 KiB pages; once dropped, the next read through a map brings
/// them back in 2 MiB folios (see `advise`). Called after a build writes its file and before
/// a full check reads one, so each file is read back from disk once.
#[cfg(target_os = "linux")]
pub(crate) fn drop_cached(file: &File) {
    use std::os::fd::AsRawFd;
    // SAFETY: a hint about an open file descriptor; no memory is involved.
    unsafe {
        libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED);
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn drop_cached(_file: &File) {}

impl std::ops::Deref for Values {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Values::Built(v) => v,
            Values::Mapped(m) => m,
        }
    }
}
