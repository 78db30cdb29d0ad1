//! Hints that start loading memory the batched stepping is about to touch. Stepping a batch
//! moves to another game's state, memo and output rows at every decision; with a thousand games
//! none of them is still in the cache, and each first touch would wait for memory. Asking for
//! the next game's memory while the current one is stepped hides most of that wait.

/// Starts loading the `bytes` bytes from `ptr` into the cache. A hint only: it never faults
/// and changes no behaviour, whatever the address (nothing is done on processors other than
/// x86-64).
#[inline]
pub(crate) fn prefetch(ptr: *const u8, bytes: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let mut at = 0;
        while at < bytes {
            // SAFETY: a prefetch reads nothing the program sees and never faults, whatever
            // the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr.wrapping_add(at).cast::<i8>()) };
            at += 64;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (ptr, bytes);
}

/// [`prefetch`] of the memory of `value` itself (not of what it points to).
#[inline]
pub(crate) fn prefetch_value<T: ?Sized>(value: &T) {
    prefetch(
        (value as *const T).cast::<u8>(),
        std::mem::size_of_val(value),
    );
}
