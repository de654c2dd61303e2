//! The transposition table: bounds on a node's future gain, shared by the search threads
//! without locks.
//!
//! An entry is two 64-bit words. The second holds the data:
//!
//! ```text
//! bits  0..16  lower bound (i16)       bits 40..45  best move (0..15 house, 16 swap, 31 none)
//! bits 16..32  upper bound (i16)       bits 45..51  work: log2 of the nodes below (6 bits)
//! bits 32..40  depth (255 = proven)    bits 51..64  generation (13 bits)
//! ```
//!
//! The first word is the 64-bit key XOR the data, so a torn write by another thread reads as
//! a miss instead of wrong data. Four entries make a 64-byte bucket (one cache line); a new
//! entry replaces the one with the least work, entries of older searches first.
//!
//! A table may be given room to grow: its memory is reserved up front (untouched pages cost
//! nothing) and the buckets in use double when a search has visited many times more nodes
//! than the table holds. Bucket `i` of `len` splits into buckets `2i` and `2i + 1` of `2 len`
//! (the index is the key's high bits scaled by `len`), so growing moves each entry once.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// Depth value of an entry whose bounds hold for the whole game, not just to a depth.
pub(crate) const PROVEN: u8 = 255;
/// Move value meaning "no best move known".
pub(crate) const NO_MOVE: u8 = 31;

#[repr(C)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(C, align(64))]
struct Bucket([Entry; 4]);

const _: () = assert!(std::mem::size_of::<Entry>() == 16);
const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// What a probe found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hit {
    pub lower: i32,
    pub upper: i32,
    pub depth: u8,
    pub mv: u8,
}

pub(crate) struct Table {
    /// The reserved room; the first `len` buckets are in use.
    buckets: Buckets,
    len: AtomicUsize,
    generation: AtomicU64,
    /// Set while one thread grows the table.
    growing: AtomicBool,
}

/// A table grows when a search has visited this many nodes per entry: by then most of its
/// entries have been replaced (a hard Kalah(6,6) position, one thread: 326.8 M nodes with
/// 256 MiB, 264.3 M with 2 GiB; docs/performance.md, session 19).
const NODES_PER_ENTRY: u64 = 4;

/// Zeroed bucket memory. On Linux it is mapped directly (pages are zeroed lazily, so a big
/// table costs nothing until used) and marked for huge pages: the table is probed at random,
/// and with 4 KiB pages nearly every probe would also miss the TLB.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    bytes: usize,
}

// SAFETY: the buckets are only accessed through atomics.
unsafe impl Send for Buckets {}
// SAFETY: as above.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` buckets, or `None` when the system has not the memory to give.
    fn new(len: usize) -> Option<Buckets> {
        let bytes = len * std::mem::size_of::<Bucket>();
        let ptr = std::ptr::NonNull::new(Buckets::map(bytes) as *mut Bucket)?;
        Some(Buckets { ptr, len, bytes })
    }

    fn layout(bytes: usize) -> std::alloc::Layout {
        std::alloc::Layout::from_size_align(bytes, 64).expect("table size")
    }

    #[cfg(target_os = "linux")]
    fn map(bytes: usize) -> *mut u8 {
        // SAFETY: a fresh private anonymous mapping; all-zero bytes are valid empty buckets.
        unsafe {
            let p = libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                // Room to grow is reserved, not committed: only pages in use count.
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            );
            if p == libc::MAP_FAILED {
                return std::ptr::null_mut();
            }
            // A hint only: without huge pages the table is just slower.
            libc::madvise(p, bytes, libc::MADV_HUGEPAGE);
            p as *mut u8
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn map(bytes: usize) -> *mut u8 {
        // SAFETY: the layout has a non-zero size; all-zero bytes are valid empty buckets.
        unsafe { std::alloc::alloc_zeroed(Buckets::layout(bytes)) }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `ptr` points to `len` initialised (zeroed) buckets owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        // SAFETY: the mapping made in `map` with this length, no longer used.
        unsafe {
            libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.bytes);
        }
        #[cfg(not(target_os = "linux"))]
        // SAFETY: allocated in `map` with this layout.
        unsafe {
            std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, Buckets::layout(self.bytes));
        }
    }
}

/// The bucket of `key` among `len`.
#[inline]
fn index(key: u64, len: usize) -> usize {
    ((key as u128 * len as u128) >> 64) as usize
}

fn pack(h: &Hit, work: u32, generation: u64) -> u64 {
    (h.lower as i16 as u16 as u64)
        | (h.upper as i16 as u16 as u64) << 16
        | (h.depth as u64) << 32
        | ((h.mv & 31) as u64) << 40
        | (work.min(63) as u64) << 45
        | (generation & 0x1fff) << 51
}

fn unpack(d: u64) -> (Hit, u32, u64) {
    (
        Hit {
            lower: d as u16 as i16 as i32,
            upper: (d >> 16) as u16 as i16 as i32,
            depth: (d >> 32) as u8,
            mv: ((d >> 40) & 31) as u8,
        },
        ((d >> 45) & 63) as u32,
        d >> 51,
    )
}

impl Table {
    /// A table of about `mb` MiB (at least one bucket).
    pub fn new(mb: usize) -> Table {
        Table::with_room(mb, mb)
    }

    /// A table of about `mb` MiB that may double up to `max_mb` MiB (see [`Table::grow`]).
    pub fn with_room(mb: usize, max_mb: usize) -> Table {
        let buckets =
            |mb: usize| (mb.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1);
        let len = buckets(mb);
        let mut room = len;
        while room <= buckets(max_mb) / 2 {
            room *= 2;
        }
        // Less room where the system refuses so much; the table itself must be had.
        let buckets = loop {
            match Buckets::new(room) {
                Some(b) => break b,
                None if room > len => room /= 2,
                None => std::alloc::handle_alloc_error(Buckets::layout(
                    len * std::mem::size_of::<Bucket>(),
                )),
            }
        };
        Table {
            buckets,
            len: AtomicUsize::new(len),
            generation: AtomicU64::new(1),
            growing: AtomicBool::new(false),
        }
    }

    /// Size in use, in bytes.
    pub fn bytes(&self) -> usize {
        self.len.load(Ordering::Relaxed) * std::mem::size_of::<Bucket>()
    }

    /// True when a search that has visited `nodes` nodes would do better with a bigger table,
    /// and there is room for one.
    #[inline]
    pub fn wants_growth(&self, nodes: u64) -> bool {
        let len = self.len.load(Ordering::Relaxed);
        2 * len <= self.buckets.len() && nodes > NODES_PER_ENTRY * 4 * len as u64
    }

    /// Doubles the buckets in use, moving every entry to its new bucket; false when there is
    /// no room or another thread is growing it. Other threads may probe and store meanwhile:
    /// they miss some entries and lose some stores, but never read a wrong one (each entry
    /// checks its key).
    pub fn grow(&self) -> bool {
        let len = self.len.load(Ordering::Relaxed);
        if 2 * len > self.buckets.len() || self.growing.swap(true, Ordering::Acquire) {
            return false;
        }
        self.len.store(2 * len, Ordering::Relaxed);
        // From the top down: the entries of bucket i go to 2i or 2i + 1, already done.
        for i in (0..len).rev() {
            for e in &self.buckets[i].0 {
                let d = e.data.load(Ordering::Relaxed);
                let c = e.check.load(Ordering::Relaxed);
                if c == 0 && d == 0 {
                    continue;
                }
                let to = index(c ^ d, 2 * len);
                if to != i {
                    self.place(to, c, d);
                    e.data.store(0, Ordering::Relaxed);
                    e.check.store(0, Ordering::Relaxed);
                }
            }
        }
        self.growing.store(false, Ordering::Release);
        true
    }

    /// Puts a moved entry into bucket `i`: in an empty slot, else over the entry with the
    /// least work if that is less than its own.
    fn place(&self, i: usize, check: u64, data: u64) {
        // 0 for an empty slot, else 1 + its work.
        let cost = |e: &Entry| {
            let d = e.data.load(Ordering::Relaxed);
            if d == 0 && e.check.load(Ordering::Relaxed) == 0 {
                0
            } else {
                1 + unpack(d).1
            }
        };
        let slots = &self.buckets[i].0;
        if let Some(e) = slots.iter().min_by_key(|e| cost(e)) {
            if cost(e) <= unpack(data).1 {
                e.data.store(data, Ordering::Relaxed);
                e.check.store(check, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_generation(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for b in &self.buckets[..*self.len.get_mut()] {
            for e in &b.0 {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Forgets everything and gives the memory back to the system, so an idle engine keeps
    /// none of it; the next search touches fresh zero pages. Where that cannot be done it
    /// clears.
    pub fn release(&mut self) {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: the buckets are this table's own private anonymous mapping of `bytes`
            // (made in `Buckets::map`), and `&mut self` keeps every reader away. After
            // MADV_DONTNEED it reads as zeros: empty buckets.
            let r = unsafe {
                libc::madvise(
                    self.buckets.ptr.as_ptr() as *mut libc::c_void,
                    self.buckets.bytes,
                    libc::MADV_DONTNEED,
                )
            };
            if r == 0 {
                return;
            }
        }
        self.clear();
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[index(key, self.len.load(Ordering::Relaxed))]
    }

    /// Hints the processor to load the key's bucket.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint only; the pointer is to a live bucket.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        for e in &self.bucket(key).0 {
            let d = e.data.load(Ordering::Relaxed);
            if e.check.load(Ordering::Relaxed) ^ d == key {
                return Some(unpack(d).0);
            }
        }
        None
    }

    /// Stores bounds, merging them with an entry of the same key and depth.
    pub fn store(&self, key: u64, mut hit: Hit, work: u32) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_score = u64::MAX;
        for (i, e) in bucket.0.iter().enumerate() {
            let d = e.data.load(Ordering::Relaxed);
            let c = e.check.load(Ordering::Relaxed);
            if c ^ d == key {
                let (old, old_work, _) = unpack(d);
                if old.depth > hit.depth {
                    return;
                }
                if old.depth == hit.depth {
                    let lower = hit.lower.max(old.lower);
                    let upper = hit.upper.min(old.upper);
                    if lower <= upper {
                        hit.lower = lower;
                        hit.upper = upper;
                    }
                    if hit.mv == NO_MOVE {
                        hit.mv = old.mv;
                    }
                }
                let data = pack(&hit, work.max(old_work), generation);
                e.data.store(data, Ordering::Relaxed);
                e.check.store(key ^ data, Ordering::Relaxed);
                return;
            }
            let score = if c == 0 && d == 0 {
                0
            } else {
                let (_, w, g) = unpack(d);
                let fresh = u64::from(g == generation & 0x1fff);
                1 + fresh * 64 + w as u64
            };
            if score < victim_score {
                victim_score = score;
                victim = i;
            }
        }
        let e = &bucket.0[victim];
        let data = pack(&hit, work, generation);
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let h = Hit {
            lower: -300,
            upper: 512,
            depth: 17,
            mv: 5,
        };
        let (back, work, g) = unpack(pack(&h, 40, 9));
        assert_eq!((back, work, g), (h, 40, 9));
    }

    #[test]
    fn bounds_of_one_depth_merge() {
        let t = Table::new(1);
        let h = |lower, upper| Hit {
            lower,
            upper,
            depth: PROVEN,
            mv: NO_MOVE,
        };
        t.store(77, h(3, 100), 1);
        t.store(77, h(-100, 5), 1);
        assert_eq!(t.probe(77).map(|x| (x.lower, x.upper)), Some((3, 5)));
        assert_eq!(t.probe(78), None);
    }

    #[test]
    fn a_grown_table_keeps_its_entries_and_stops_at_its_room() {
        let t = Table::with_room(1, 4);
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let hit = |i: u64| Hit {
            lower: -(i as i32 % 100),
            upper: i as i32 % 100,
            depth: (i % 200) as u8,
            mv: (i % 6) as u8,
        };
        // 4,000 keys in 16,384 buckets: none is crowded out.
        for i in 1..4000 {
            t.store(key(i), hit(i), (i % 40) as u32);
        }
        assert!(!t.wants_growth(4 * 65_536));
        assert!(t.wants_growth(4 * 65_536 + 1));
        for size in [2, 4] {
            assert!(t.grow());
            assert_eq!(t.bytes(), size << 20);
            for i in 1..4000 {
                assert_eq!(t.probe(key(i)), Some(hit(i)), "key {i} at {size} MiB");
            }
        }
        assert!(!t.grow());
        assert!(!t.wants_growth(u64::MAX));
        assert_eq!(t.bytes(), 4 << 20);
        t.store(key(5000), hit(5000), 1);
        assert_eq!(t.probe(key(5000)), Some(hit(5000)));
    }

    #[test]
    fn a_released_table_is_empty_and_works_again() {
        let mut t = Table::new(2);
        let h = Hit {
            lower: 1,
            upper: 1,
            depth: PROVEN,
            mv: NO_MOVE,
        };
        for key in 1..5000u64 {
            t.store(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), h, 1);
        }
        assert!(t.probe(0x9E37_79B9_7F4A_7C15).is_some());
        t.release();
        // (Key 0 reads as a hit in any empty table, so the keys start at 1.)
        for key in 1..5000u64 {
            assert_eq!(t.probe(key.wrapping_mul(0x9E37_79B9_7F4A_7C15)), None);
        }
        t.store(42, h, 1);
        assert!(t.probe(42).is_some());
    }
}
