//! Writing a database file past the page cache (`O_DIRECT`, Linux).
//!
//! A plain write of a 550 MB file copies every byte into page cache pages the kernel must
//! first find and then write back, and the build drops them afterwards anyway (so the file is
//! read back into large folios, see `values::drop_cached`). On this project's build machine
//! that cost about a second of system time and two of waiting; written directly, from a
//! small aligned buffer, the same file costs a tenth of that (docs/performance.md, session 16).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::Path;

/// Alignment of memory, file offsets and lengths of direct writes: the logical block size of
/// any common device divides it.
const ALIGN: usize = 4096;
/// Bytes per write.
const CHUNK: usize = 8 << 20;

/// Creates `path` holding `head` and then `body`, written directly. `Ok(None)` when the file
/// system does not take direct writes: the caller then writes the file the plain way (the
/// name is truncated again by that write).
pub(crate) fn create(path: &Path, head: &[u8], body: &[u8]) -> io::Result<Option<File>> {
    let file = match OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_DIRECT)
        .open(path)
    {
        Ok(f) => f,
        Err(e) if refused(&e) => return Ok(None),
        Err(e) => return Err(e),
    };
    let total = head.len() + body.len();
    let mut raw = vec![0u8; CHUNK + ALIGN];
    let at = raw.as_ptr().align_offset(ALIGN);
    let buf = &mut raw[at..at + CHUNK];
    let mut off = 0;
    while off < total {
        let n = (total - off).min(CHUNK);
        let mut filled = 0;
        if off < head.len() {
            filled = (head.len() - off).min(n);
            buf[..filled].copy_from_slice(&head[off..off + filled]);
        }
        let from = off + filled - head.len();
        buf[filled..n].copy_from_slice(&body[from..from + n - filled]);
        // The last write is padded to a whole block; `set_len` cuts the padding off.
        let padded = n.next_multiple_of(ALIGN);
        buf[n..padded].fill(0);
        match file.write_all_at(&buf[..padded], off as u64) {
            Ok(()) => {}
            Err(e) if refused(&e) => return Ok(None),
            Err(e) => return Err(e),
        }
        off += n;
    }
    file.set_len(total as u64)?;
    Ok(Some(file))
}

/// True for the error of a file system (or device) that does not take direct writes.
fn refused(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::EINVAL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_head_and_body_of_any_length() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        // Lengths around the block and chunk sizes, and a head longer than one block.
        for (h, b) in [
            (144, 0),
            (144, 1),
            (144, ALIGN - 144),
            (144, CHUNK),
            (144, 2 * CHUNK + 4095),
            (5000, 3),
            (0, ALIGN),
        ] {
            let head: Vec<u8> = (0..h).map(|i| (i % 251) as u8).collect();
            let body: Vec<u8> = (0..b).map(|i| (i % 241) as u8 ^ 0x5a).collect();
            match create(&path, &head, &body).unwrap() {
                // Direct writes refused here (tmpfs of an older kernel): nothing to compare.
                None => return,
                Some(f) => drop(f),
            }
            let back = std::fs::read(&path).unwrap();
            assert_eq!(back.len(), h + b, "{h} + {b}");
            assert!(back[..h] == head[..] && back[h..] == body[..], "{h} + {b}");
        }
    }
}
