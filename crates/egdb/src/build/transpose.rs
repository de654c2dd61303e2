//! The copy at the end of a level: each off-diagonal block into the layout its pass did not
//! write (see [`super::pairs`]), 8 x 8 bytes at a time.

use super::Solver;
use std::sync::atomic::{AtomicI8, Ordering::Relaxed};

/// Mover ranks per transposition unit.
pub(super) const BAND: usize = 64;

impl<const N: usize> Solver<'_, N> {
    /// Copies the rows `r0..r0 + BAND` (mover ranks) of block `(k, a)` from the
    /// transposed layout to the plain one (`to_plain`) or back.
    pub(super) fn transpose(&self, k: usize, a: usize, r0: usize, to_plain: bool) {
        let (rows, cols) = (self.ix.count(a), self.ix.count(k - a));
        let (base, tbase) = (self.ix.base(k, a), self.tbase(k, a));
        let r1 = (r0 + BAND).min(rows as usize);
        let plain = Matrix {
            at: base as usize,
            width: cols as usize,
        };
        let trans = Matrix {
            at: tbase as usize,
            width: rows as usize,
        };
        let band = r0..r1;
        if to_plain {
            // Columns `band` of the transposed block become rows of the plain one.
            copy_transposed(
                self.trans,
                trans,
                self.values,
                plain,
                band,
                cols as usize,
                true,
            );
        } else {
            copy_transposed(
                self.values,
                plain,
                self.trans,
                trans,
                band,
                cols as usize,
                false,
            );
        }
    }
}

/// A row-major byte matrix inside a table: element `(r, c)` is at `at + r * width + c`.
#[derive(Clone, Copy)]
struct Matrix {
    at: usize,
    width: usize,
}

impl Matrix {
    #[inline(always)]
    fn at(&self, r: usize, c: usize) -> usize {
        self.at + r * self.width + c
    }
}

/// Writes the transpose of part of `src` to `dst`: `dst(j, i) = src(i, j)` for `i` in `band`
/// and `j < len` (`by_column`: `j` in `band` and `i < len` instead), 8 x 8 bytes at a time.
/// No other thread touches either part meanwhile.
fn copy_transposed(
    src: &[AtomicI8],
    s: Matrix,
    dst: &[AtomicI8],
    d: Matrix,
    band: std::ops::Range<usize>,
    len: usize,
    by_column: bool,
) {
    // The band is the inner loop: its few lines stay in cache while the long side streams.
    let mut long = 0;
    while long < len {
        let lw = (len - long).min(8);
        let mut b = band.start;
        while b < band.end {
            let bw = (band.end - b).min(8);
            let (r, c, rw, cw) = if by_column {
                (long, b, lw, bw)
            } else {
                (b, long, bw, lw)
            };
            if cw == 8 && rw == 8 {
                let mut w = [0u64; 8];
                for (i, x) in w.iter_mut().enumerate() {
                    *x = load8(src, s.at(r + i, c));
                }
                transpose8(&mut w);
                for (j, x) in w.iter().enumerate() {
                    store8(dst, d.at(c + j, r), *x);
                }
            } else {
                for i in 0..rw {
                    for j in 0..cw {
                        let v = src[s.at(r + i, c + j)].load(Relaxed);
                        dst[d.at(c + j, r + i)].store(v, Relaxed);
                    }
                }
            }
            b += bw;
        }
        long += lw;
    }
}

/// Transposes an 8 x 8 byte matrix held as 8 little-endian rows.
#[inline(always)]
fn transpose8(w: &mut [u64; 8]) {
    for (shift, mask, pairs) in [
        (
            32,
            0x0000_0000_FFFF_FFFFu64,
            [(0, 4), (1, 5), (2, 6), (3, 7)],
        ),
        (16, 0x0000_FFFF_0000_FFFF, [(0, 2), (1, 3), (4, 6), (5, 7)]),
        (8, 0x00FF_00FF_00FF_00FF, [(0, 1), (2, 3), (4, 5), (6, 7)]),
    ] {
        for (i, j) in pairs {
            let t = ((w[i] >> shift) ^ w[j]) & mask;
            w[i] ^= t << shift;
            w[j] ^= t;
        }
    }
}

/// The 8 bytes of `t` from `at`, read as one word (no thread writes them meanwhile).
#[inline(always)]
fn load8(t: &[AtomicI8], at: usize) -> u64 {
    let bytes = &t[at..at + 8];
    // SAFETY: 8 bytes in bounds; `AtomicI8` has the layout of `u8`; no thread writes them
    // during the transposition phase.
    unsafe { (bytes.as_ptr() as *const u64).read_unaligned() }
}

/// Writes `v` over the 8 bytes of `t` from `at` (no other thread reads or writes them).
#[inline(always)]
fn store8(t: &[AtomicI8], at: usize, v: u64) {
    let bytes = &t[at..at + 8];
    // SAFETY: as in `load8`; `AtomicI8` is an `UnsafeCell`, so its bytes may be written
    // through a shared reference.
    unsafe { (bytes.as_ptr() as *mut u64).write_unaligned(v) }
}
