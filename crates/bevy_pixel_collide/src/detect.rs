//! Finding which colliders touch, and telling the world when that changes.

use bevy::prelude::*;
use pixel_collide::{SweepAndPrune, SweepRoom};

use crate::collider::{PixelCollider, PixelCollidingEntities};

/// Sent in the frame two colliders start touching on solid texels; the smaller [`Entity`] first.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PixelCollisionStarted(pub Entity, pub Entity);

/// Sent in the frame two colliders stop touching, one of them is despawned or loses its collider;
/// the smaller [`Entity`] first.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PixelCollisionEnded(pub Entity, pub Entity);

/// Every pair of colliders touching on solid texels after the last detection, each pair with the
/// smaller [`Entity`] first, in ascending order.
#[derive(Resource, Clone, Debug, Default)]
pub struct PixelContacts {
    pairs: Vec<(Entity, Entity)>,
}

impl PixelContacts {
    /// The touching pairs, smaller entity first, in ascending order.
    pub fn pairs(&self) -> &[(Entity, Entity)] {
        &self.pairs
    }

    /// Whether `a` and `b` touch (in either order).
    pub fn contains(&self, a: Entity, b: Entity) -> bool {
        self.pairs.binary_search(&ordered(a, b)).is_ok()
    }
}

fn ordered(a: Entity, b: Entity) -> (Entity, Entity) {
    if a <= b { (a, b) } else { (b, a) }
}

/// Colliders whose placement or texels changed since the system last ran (added ones included).
type Moved = Or<(Changed<GlobalTransform>, Changed<PixelCollider>)>;

/// Runs the broad phase and the exact test over every collider with a mask, then sends the started
/// and ended messages and updates each [`PixelCollidingEntities`] from the difference with the last frame.
///
/// When no collider moved, changed, appeared or went since the last run (a level at rest, a pile of
/// sleeping bodies), the touching pairs are last frame's and nothing is tested.
// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn detect_collisions(
    colliders: Query<(Entity, &PixelCollider, &GlobalTransform)>,
    moved: Query<(), (With<PixelCollider>, Moved)>,
    mut gone: RemovedComponents<PixelCollider>,
    mut touching: Query<&mut PixelCollidingEntities>,
    mut contacts: ResMut<PixelContacts>,
    mut started: MessageWriter<PixelCollisionStarted>,
    mut ended: MessageWriter<PixelCollisionEnded>,
    mut room: Local<SweepRoom>,
) {
    // Every removal is read, so that one seen now is not seen again next frame.
    let went = gone.read().count() > 0;
    if !went && moved.is_empty() && !contacts.is_changed() {
        return;
    }
    let (entities, sprites): (Vec<Entity>, Vec<_>) = colliders
        .iter()
        .filter_map(|(entity, collider, global)| Some((entity, collider.placed(global)?)))
        .unzip();
    // The sweep works in last frame's room.
    let mut sweep = SweepAndPrune::new_in(&sprites, std::mem::take(&mut *room));
    let mut found = Vec::new();
    sweep.touching_pairs_into(&mut found);
    *room = sweep.into_room();
    let mut now: Vec<(Entity, Entity)> = found
        .into_iter()
        .map(|(i, j)| ordered(entities[i], entities[j]))
        .collect();
    now.sort_unstable();

    let before = std::mem::take(&mut contacts.pairs);
    // Both lists are sorted: one merge finds the pairs that ended and the ones that started.
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < now.len() {
        let order = match (before.get(i), now.get(j)) {
            (Some(old), Some(new)) => old.cmp(new),
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        match order {
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
            std::cmp::Ordering::Less => {
                let (a, b) = before[i];
                ended.write(PixelCollisionEnded(a, b));
                // A despawned entity has no component left to update.
                if let Ok(mut set) = touching.get_mut(a) {
                    set.remove(&b);
                }
                if let Ok(mut set) = touching.get_mut(b) {
                    set.remove(&a);
                }
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                let (a, b) = now[j];
                started.write(PixelCollisionStarted(a, b));
                if let Ok(mut set) = touching.get_mut(a) {
                    set.insert(b);
                }
                if let Ok(mut set) = touching.get_mut(b) {
                    set.insert(a);
                }
                j += 1;
            }
        }
    }
    contacts.pairs = now;
}
