//! Value tables in memory: probed at random, so they ask for huge pages (with 4 KiB pages
//! nearly every probe of a large table would also miss the TLB).

/// A vector of `len` bytes, each `fill`, backed by huge pages where the system allows.
pub(crate) fn filled(len: usize, fill: u8) -> Vec<u8> {
    let mut v: Vec<u8> = Vec::with_capacity(len);
    advise_huge(v.as_mut_ptr(), len);
    v.resize(len, fill);
    v
}

/// A vector of `len` zero bytes, backed by huge pages where the system allows. The zeros
/// come from the system untouched, so a page costs nothing until the thread that first
/// writes it (a build's workers, in parallel) zeroes it.
pub(crate) fn zeroed(len: usize) -> Vec<u8> {
    if len == 0 {
        return Vec::new();
    }
    let layout = std::alloc::Layout::array::<u8>(len).expect("table size fits memory");
    // SAFETY: `layout` has a non-zero size; a null result is handled; the vector takes over
    // an allocation of the global allocator with the layout `Vec<u8>` uses for `len` bytes,
    // all initialised (to zero).
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout);
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        advise_huge(ptr, len);
        Vec::from_raw_parts(ptr, len, len)
    }
}

#[cfg(target_os = "linux")]
fn advise_huge(ptr: *mut u8, len: usize) {
    const HUGE: usize = 2 << 20;
    // Only whole 2 MiB pages inside the (not yet touched) buffer can be huge.
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + len) & !(HUGE - 1);
    if end > start {
        // SAFETY: the range lies inside our own allocation; the advice changes no contents.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge(_ptr: *mut u8, _len: usize) {}
