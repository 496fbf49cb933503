//! `pixel_collide` for Python: pygame.mask's queries on the crate's masks, and exact collision of
//! turned and scaled sprites (contact, area, push-out, time of impact, rays, groups).
//!
//! The Python package (`python/pixel_collide`) re-exports this extension module, `_native`, and
//! adds the pieces that read pygame's objects and NumPy arrays through their own Python API.
//! Panics never reach the interpreter as anything but an exception: PyO3 turns one into
//! `pyo3_runtime.PanicException`.

mod args;
#[cfg(not(any(feature = "python39", feature = "python310")))]
mod buffer;
mod components;
mod detach;
mod errors;
mod given;
mod group;
mod mask;
mod mask_data;
mod pair;
mod pygame;
mod rects;
mod results;
mod room;
mod sprite;

use pyo3::prelude::*;

/// The extension module: its classes and functions, which `pixel_collide` re-exports.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<mask_data::PyMask>()?;
    m.add_class::<sprite::PySprite>()?;
    m.add_class::<group::PyGroup>()?;
    m.add_class::<results::Contact>()?;
    m.add_class::<results::PushOut>()?;
    m.add_class::<results::Impact>()?;
    m.add_class::<results::RayHit>()?;
    m.add_class::<results::Distance>()?;
    m.add_function(wrap_pyfunction!(pair::collide, m)?)?;
    m.add_function(wrap_pyfunction!(pair::distance, m)?)?;
    m.add_function(wrap_pyfunction!(pair::overlap, m)?)?;
    m.add_function(wrap_pyfunction!(pair::overlaps, m)?)?;
    m.add_function(wrap_pyfunction!(pair::overlap_area, m)?)?;
    m.add_function(wrap_pyfunction!(pair::push_out, m)?)?;
    m.add_function(wrap_pyfunction!(pair::time_of_impact, m)?)?;
    m.add("IMPACT_RESOLUTION", pixel_collide::IMPACT_RESOLUTION)?;
    m.add("MAX_SIDE", pixel_collide::Mask::MAX_SIDE)?;
    m.add("MAX_TEXELS", pixel_collide::Mask::MAX_TEXELS)?;
    Ok(())
}
