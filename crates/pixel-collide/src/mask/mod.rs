//! Masks: which texels are solid, bit-packed, with the bounding-box tree over them, and the masks
//! made from colours and images.

// texels.rs is the `Mask` type itself; the rest of the folder is what it is built from and built by.

mod bits;
mod error;
#[cfg(feature = "image")]
mod image_io;
mod inner;
mod limits;
mod node;
mod rect;
mod rgba;
mod rule;
mod scratch;
mod support;
mod texels;
mod tree;

pub(crate) use bits::Bits;
pub use error::MaskError;
pub(crate) use inner::Interior;
pub(crate) use node::{Kind, Node};
pub use rect::PixelRect;
pub use rule::MaskRule;
pub(crate) use scratch::{KEPT_ENTRIES, with_box_pairs, with_node_stack, with_runs};
pub use texels::Mask;
pub use tree::CONTACT_COVER_RECTS;
pub(crate) use tree::{BoxTree, solid_leaf_at};
