//! A world: every touching pair of many sprites in one call, in room kept between calls so that a
//! game asking every frame allocates nothing once its sprite count stops growing.

use pixel_collide::{Sprite, SweepAndPrune, SweepRoom};

use crate::args::{call, out, sprite, Answer};
use crate::handles::{Key, Table};
use crate::status::*;
use crate::types::{pc_pair, pc_pairs, pc_sprite, pc_world};

/// What a world keeps between calls.
#[derive(Default)]
struct World {
    room: Option<SweepRoom>,
    /// The sprites of the call in progress; empty between calls.
    sprites: Vec<Sprite<'static>>,
    found: Vec<(usize, usize)>,
    pairs: Vec<pc_pair>,
}

static WORLDS: Table<World> = Table::new();

fn key(w: pc_world) -> Key {
    Key {
        index: w.index,
        generation: w.generation,
    }
}

fn world<'a>(function: &str, w: pc_world) -> Result<&'a mut World, pc_status> {
    // Safety: the caller frees no world while a call that uses it runs, and uses one world from
    // one thread at a time (the header says so).
    unsafe { WORLDS.get_mut(key(w)) }.map_err(|stale| {
        fail(
            function,
            PC_INVALID_HANDLE,
            format_args!(
                "world {{{}, {}}} {}",
                w.index,
                w.generation,
                stale.describe()
            ),
        )
    })
}

/// Makes an empty world.
#[no_mangle]
pub unsafe extern "C" fn pc_world_new(result: *mut pc_world) -> pc_status {
    const F: &str = "pc_world_new";
    call(F, || {
        let result = out(F, "result", result)?;
        let k = WORLDS.insert(World::default()).ok_or_else(|| {
            fail(
                F,
                PC_TOO_MANY,
                format_args!("4,194,304 worlds are live: free some first"),
            )
        })?;
        *result = pc_world {
            index: k.index,
            generation: k.generation,
        };
        Ok(())
    })
}

/// Frees the world and the pairs it last gave; its handle is stale from now on.
#[no_mangle]
pub extern "C" fn pc_world_free(w: pc_world) -> pc_status {
    const F: &str = "pc_world_free";
    call(F, || {
        world(F, w)?;
        WORLDS.remove(key(w)).map_err(|stale| {
            fail(
                F,
                PC_INVALID_HANDLE,
                format_args!("world {}", stale.describe()),
            )
        })
    })
}

/// Every pair of the `count` sprites at `sprites` that overlap on solid texels, as
/// `pc_overlaps` would answer each, sorted by `a` then `b`, into `*pairs` (memory the world owns,
/// valid until its next call or its free). A null `sprites` is allowed when `count` is 0.
#[no_mangle]
pub unsafe extern "C" fn pc_world_touching_pairs(
    w: pc_world,
    sprites: *const pc_sprite,
    count: usize,
    pairs: *mut pc_pairs,
) -> pc_status {
    const F: &str = "pc_world_touching_pairs";
    call(F, || {
        let pairs = out(F, "pairs", pairs)?;
        let world = world(F, w)?;
        if sprites.is_null() && count > 0 {
            return Err(fail(
                F,
                PC_NULL_POINTER,
                format_args!("sprites is a null pointer and count is {count}"),
            ));
        }
        if count > u32::MAX as usize {
            return Err(fail(
                F,
                PC_TOO_MANY,
                format_args!("count is {count}: at most 4,294,967,295 sprites a call"),
            ));
        }
        // Safety: the caller says `count` sprites are readable at `sprites`.
        let given = if count == 0 {
            &[][..]
        } else {
            unsafe { std::slice::from_raw_parts(sprites, count) }
        };
        let answer = touching(world, given);
        world.sprites.clear();
        answer?;
        *pairs = pc_pairs {
            pairs: if world.pairs.is_empty() {
                std::ptr::null()
            } else {
                world.pairs.as_ptr()
            },
            count: world.pairs.len(),
        };
        Ok(())
    })
}

/// The sweep over `given`, its pairs left in `world.pairs`.
fn touching(world: &mut World, given: &[pc_sprite]) -> Answer {
    const F: &str = "pc_world_touching_pairs";
    world.pairs.clear();
    for (i, s) in given.iter().enumerate() {
        world
            .sprites
            .push(sprite(F, format_args!("sprites[{i}]"), *s)?);
    }
    let mut sweep = SweepAndPrune::new_in(&world.sprites, world.room.take().unwrap_or_default());
    sweep.touching_pairs_into(&mut world.found);
    world.room = Some(sweep.into_room());
    world
        .pairs
        .extend(world.found.iter().map(|&(a, b)| pc_pair {
            a: a as u32,
            b: b as u32,
        }));
    Ok(())
}
