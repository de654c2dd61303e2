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

/// The search probes the table at random: ask for large pages where the kernel can give
/// them for file pages (a hint only).
#[cfg(target_os = "linux")]
fn advise(map: &memmap2::Mmap) {
    let _ = map.advise(memmap2::Advice::HugePage);
}

#[cfg(not(target_os = "linux"))]
fn advise(_map: &memmap2::Mmap) {}

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
