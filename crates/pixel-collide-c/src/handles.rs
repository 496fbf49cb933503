//! Handles to what the library owns (masks, worlds): an index and a generation, so that a handle
//! used after its object is freed, freed twice or never made is told apart from a live one and
//! answered with an error, never followed.
//!
//! The slots live in chunks that never move, so a lookup is two plain loads and a comparison with
//! no lock: the boundary's cost on a 70 ns query stays a few nanoseconds. Making and freeing take a
//! lock. The one rule this leaves to the caller, as `free` does for any C buffer: an object is not
//! freed while another thread is still inside a call that uses it.

use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::Mutex;

/// Slots a chunk holds.
const CHUNK: usize = 1024;
/// Chunks a table holds: 4,194,304 live objects of a kind at once.
const CHUNKS: usize = 4096;

/// A handle as the C side holds it: index 0 is never made, so a zeroed handle is the null handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

/// Why a handle names no live object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stale {
    /// Index 0: a handle never set, or zeroed.
    Null,
    /// Its object was freed (the slot's generation moved on).
    Freed,
    /// No object of this kind ever had it: a handle of another kind, another process, or garbage.
    Foreign,
}

impl Stale {
    /// What the message says of it.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Stale::Null => "is the null handle (index 0)",
            Stale::Freed => "was freed (a use after free or a double free)",
            Stale::Foreign => "was never made by this library (a foreign or corrupted handle)",
        }
    }
}

struct Slot<T> {
    /// Bumped when the object is freed, so the handles given out for it no longer match.
    generation: AtomicU32,
    /// The live object, or null.
    value: AtomicPtr<T>,
}

/// A table of objects of one kind behind generation-checked handles.
pub(crate) struct Table<T> {
    chunks: [AtomicPtr<Slot<T>>; CHUNKS],
    /// Indices freed and not yet reused, and the next index never used.
    free: Mutex<(Vec<u32>, u32)>,
}

impl<T> Table<T> {
    /// An empty table, for a `static`.
    pub(crate) const fn new() -> Self {
        Table {
            chunks: [const { AtomicPtr::new(std::ptr::null_mut()) }; CHUNKS],
            // Index 0 is the null handle.
            free: Mutex::new((Vec::new(), 1)),
        }
    }

    #[inline(always)]
    fn slot(&self, index: u32) -> Option<&Slot<T>> {
        let (chunk, at) = (index as usize / CHUNK, index as usize % CHUNK);
        let base = self.chunks.get(chunk)?.load(Ordering::Acquire);
        // A chunk, once published, stays for the life of the process.
        (!base.is_null()).then(|| unsafe { &*base.add(at) })
    }

    /// Takes `value` in and gives its handle; `None` when the table is full.
    pub(crate) fn insert(&self, value: T) -> Option<Key> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        let index = match free.0.pop() {
            Some(index) => index,
            None => {
                let index = free.1;
                if index as usize >= CHUNK * CHUNKS {
                    return None;
                }
                let chunk = &self.chunks[index as usize / CHUNK];
                if chunk.load(Ordering::Acquire).is_null() {
                    let slots: Box<[Slot<T>]> = (0..CHUNK)
                        .map(|_| Slot {
                            generation: AtomicU32::new(0),
                            value: AtomicPtr::new(std::ptr::null_mut()),
                        })
                        .collect();
                    chunk.store(Box::into_raw(slots).cast::<Slot<T>>(), Ordering::Release);
                }
                free.1 += 1;
                index
            }
        };
        let slot = self.slot(index).expect("the chunk was published above");
        slot.value
            .store(Box::into_raw(Box::new(value)), Ordering::Release);
        Some(Key {
            index,
            generation: slot.generation.load(Ordering::Acquire),
        })
    }

    /// The pointer to the live object `key` names.
    #[inline(always)]
    fn find(&self, key: Key) -> Result<*mut T, Stale> {
        if key.index == 0 {
            return Err(Stale::Null);
        }
        let slot = self.slot(key.index).ok_or(Stale::Foreign)?;
        let generation = slot.generation.load(Ordering::Acquire);
        let value = slot.value.load(Ordering::Acquire);
        if generation == key.generation && !value.is_null() {
            Ok(value)
        } else if key.generation < generation {
            Err(Stale::Freed)
        } else {
            Err(Stale::Foreign)
        }
    }

    /// The live object `key` names.
    ///
    /// # Safety
    /// The reference is valid until the object is freed; the caller does not free it (on any
    /// thread) while the reference is in use.
    #[inline(always)]
    pub(crate) unsafe fn get<'a>(&self, key: Key) -> Result<&'a T, Stale> {
        self.find(key).map(|p| unsafe { &*p })
    }

    /// The live object `key` names, for a change only its owner makes.
    ///
    /// # Safety
    /// As [`get`](Self::get), and no other reference to the object is in use.
    pub(crate) unsafe fn get_mut<'a>(&self, key: Key) -> Result<&'a mut T, Stale> {
        self.find(key).map(|p| unsafe { &mut *p })
    }

    /// Frees the object `key` names; its handle, and every copy of it, is stale from now on.
    pub(crate) fn remove(&self, key: Key) -> Result<(), Stale> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        // Under the lock, so that two threads freeing one handle cannot both take it.
        self.find(key)?;
        let slot = self.slot(key.index).ok_or(Stale::Foreign)?;
        let value = slot.value.swap(std::ptr::null_mut(), Ordering::AcqRel);
        slot.generation.fetch_add(1, Ordering::AcqRel);
        // A slot whose generation would wrap is retired, so no old handle can ever match again.
        if slot.generation.load(Ordering::Acquire) != u32::MAX {
            free.0.push(key.index);
        }
        drop(free);
        drop(unsafe { Box::from_raw(value) });
        Ok(())
    }

    /// Live objects in the table.
    #[cfg(test)]
    pub(crate) fn live(&self) -> usize {
        let free = self.free.lock().unwrap();
        (1..free.1)
            .filter(|&i| {
                self.slot(i)
                    .is_some_and(|s| !s.value.load(Ordering::Acquire).is_null())
            })
            .count()
    }
}

impl<T> Drop for Table<T> {
    fn drop(&mut self) {
        for chunk in &self.chunks {
            let base = chunk.load(Ordering::Acquire);
            if base.is_null() {
                continue;
            }
            let slots = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(base, CHUNK)) };
            for slot in slots.iter() {
                let value = slot.value.load(Ordering::Acquire);
                if !value.is_null() {
                    drop(unsafe { Box::from_raw(value) });
                }
            }
        }
    }
}

// The table hands out shared references across threads and moves values in from any thread.
unsafe impl<T: Send + Sync> Sync for Table<T> {}
unsafe impl<T: Send> Send for Table<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_freed_handle_is_stale_and_its_slot_is_reused_under_a_new_generation() {
        let table = Table::new();
        let a = table.insert(7).unwrap();
        assert_eq!(unsafe { table.get(a) }, Ok(&7));
        table.remove(a).unwrap();
        assert_eq!(unsafe { table.get(a) }, Err(Stale::Freed));
        assert_eq!(table.remove(a), Err(Stale::Freed), "a double free");
        let b = table.insert(8).unwrap();
        assert_eq!((b.index, b.generation), (a.index, a.generation + 1));
        assert_eq!(unsafe { table.get(a) }, Err(Stale::Freed));
        assert_eq!(unsafe { table.get(b) }, Ok(&8));
    }

    #[test]
    fn null_and_foreign_handles_name_nothing() {
        let table: Table<u8> = Table::new();
        let k = |index, generation| Key { index, generation };
        assert_eq!(unsafe { table.get(k(0, 0)) }, Err(Stale::Null));
        assert_eq!(unsafe { table.get(k(1, 0)) }, Err(Stale::Foreign));
        assert_eq!(unsafe { table.get(k(u32::MAX, 9)) }, Err(Stale::Foreign));
        let a = table.insert(1).unwrap();
        assert_eq!(
            unsafe { table.get(k(a.index, a.generation + 5)) },
            Err(Stale::Foreign)
        );
        assert_eq!(unsafe { table.get(k(a.index + 1, 0)) }, Err(Stale::Foreign));
    }

    #[test]
    fn handles_past_the_first_chunk_resolve() {
        let table = Table::new();
        let keys: Vec<_> = (0..2 * CHUNK + 3)
            .map(|i| table.insert(i).unwrap())
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(unsafe { table.get(key) }, Ok(&i));
        }
        assert_eq!(table.live(), keys.len());
    }
}
