//! Every name of the plugin's prelude, named where avian's and Bevy's preludes are glob-imported too
//! (`main.rs` denies ambiguous glob imports): a name that clashes fails to compile here.

use super::*;

#[test]
fn every_prelude_name_resolves_to_the_plugin_beside_avian_and_bevy() {
    let mut app = app();
    assert!(
        app.is_plugin_added::<PixelCollidePlugin>(),
        "pixel physics brings the plugin"
    );
    let world = app.world_mut();
    let e = world
        .spawn((PixelCollider::default(), PixelCollidingEntities::default()))
        .id();
    assert!(world.get::<PixelCollidingEntities>(e).is_some());
    world.write_message(PixelCollisionStarted(e, e));
    world.write_message(PixelCollisionEnded(e, e));
    assert!(world.get_resource::<PixelContacts>().is_some());
    let _ = (
        PixelCollisionSystems::Detect,
        std::any::type_name::<PixelQueries<'static, 'static>>(),
    );
    // Avian's own names stay avian's.
    let _ = (
        std::any::type_name::<CollidingEntities>(),
        std::any::type_name::<CollisionStart>(),
        std::any::type_name::<CollisionEnd>(),
    );
}
