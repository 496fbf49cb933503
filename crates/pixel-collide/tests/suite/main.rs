//! The collision crate's integration and property tests, as modules of one test binary: one link instead of one per file. Tests that
//! count the process's allocations (a global allocator of their own) stay binaries of their own
//! beside it. Run one file's tests with `--test suite NAME::`.

#[path = "../support/mod.rs"]
mod support;

mod analysis;
mod cast;
mod cast_shape;
mod circle_fit;
mod collision;
mod collision_paths;
mod collision_props;
mod contact_normal;
mod distance;
mod editing;
mod far_out;
mod manifold;
mod manifold_shared_place;
mod masks_from_images;
mod motion;
mod mover;
mod mover_walks;
mod near_rects;
mod push_settling;
mod queries;
mod query_edges;
mod screened_walk;
