//! `Group`: many sprites kept in flat arrays, moved in bulk from sequences or NumPy arrays, and
//! asked for every touching pair (the crate's sweep and prune) in one call.

use std::collections::HashMap;

use pixel_collide::glam::{Affine2, Vec2};
use pixel_collide::{Sprite, SweepAndPrune, SweepRoom};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::args;
use crate::detach::DETACH_WORDS;
use crate::mask_data::PyMask;
use crate::sprite::{placement, PySprite};

/// Many sprites at once: add them, move them all with `update` from sequences or NumPy arrays,
/// and get every touching pair with `pairs` or what one probe sprite touches with `touching`.
/// Sprites are numbered in the order they were added.
#[pyclass(module = "pixel_collide", name = "Group")]
#[derive(Default)]
pub struct PyGroup {
    /// Each distinct mask once, so a query borrows it once however many sprites place it.
    masks: Vec<Py<PyMask>>,
    /// Where each mask object is in `masks`, by its address.
    mask_slot: HashMap<usize, u32>,
    mask_of: Vec<u32>,
    positions: Vec<Vec2>,
    angles: Vec<f64>,
    scales: Vec<Vec2>,
    origins: Vec<Vec2>,
    transforms: Vec<Affine2>,
    /// The sweep's room, kept from one `pairs` to the next.
    room: SweepRoom,
}

impl PyGroup {
    /// Sprite `i`'s transform from these parts, or a `ValueError` naming it when they overflow.
    fn transform(&self, i: usize, position: Vec2, angle: f64, scale: Vec2) -> PyResult<Affine2> {
        placement(position, angle, scale, self.origins[i])
            .map(|(_, t)| t)
            .map_err(|e| PyValueError::new_err(format!("sprite {i}: {e}")))
    }

    /// `i` as an index into the group, or an `IndexError`.
    fn index(&self, i: isize) -> PyResult<usize> {
        let n = self.mask_of.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if (0..n).contains(&j) {
            Ok(j as usize)
        } else {
            Err(PyIndexError::new_err(format!(
                "sprite {i} is outside the group of {n}"
            )))
        }
    }

    /// Runs `f` on the crate's sprites, every mask borrowed once, with the interpreter free for
    /// other threads.
    fn with_sprites<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&[Sprite<'_>]) -> R + Send,
    ) -> PyResult<R> {
        let borrowed = self
            .masks
            .iter()
            .map(|m| m.bind(py).try_borrow())
            .collect::<Result<Vec<_>, _>>()?;
        let sprites: Vec<Sprite<'_>> = self
            .mask_of
            .iter()
            .zip(&self.transforms)
            .map(|(&m, &t)| Sprite::new(&borrowed[m as usize].inner, t))
            .collect();
        if (sprites.len() as u64) < DETACH_WORDS / 64 {
            return Ok(f(&sprites));
        }
        Ok(py.detach(|| f(&sprites)))
    }
}

#[pymethods]
impl PyGroup {
    /// Group(sprites=())
    ///
    /// A group holding copies of the given sprites' placements (later changes to those `Sprite`
    /// objects do not move the group's; `update` and `set` do).
    #[new]
    #[pyo3(signature = (sprites = Vec::new()))]
    fn py_new(py: Python<'_>, sprites: Vec<PyRef<'_, PySprite>>) -> PyGroup {
        let mut g = PyGroup::default();
        for s in sprites {
            g.add(py, s);
        }
        g
    }

    /// add(sprite) -> int
    ///
    /// Adds a copy of `sprite`'s placement and returns its index.
    fn add(&mut self, py: Python<'_>, sprite: PyRef<'_, PySprite>) -> usize {
        let mask = sprite.mask();
        let key = mask.as_ptr() as usize;
        let slot = *self.mask_slot.entry(key).or_insert_with(|| {
            self.masks.push(mask.clone_ref(py));
            (self.masks.len() - 1) as u32
        });
        let pose = sprite.pose();
        self.mask_of.push(slot);
        self.positions.push(pose.position);
        self.angles.push(sprite.angle());
        self.scales.push(pose.scale);
        self.origins.push(sprite.origin());
        self.transforms.push(sprite.transform());
        self.mask_of.len() - 1
    }

    fn __len__(&self) -> usize {
        self.mask_of.len()
    }

    /// sprite(i) -> Sprite
    ///
    /// A new `Sprite` placed as sprite `i` of the group is now.
    fn sprite(&self, py: Python<'_>, i: isize) -> PyResult<PySprite> {
        let i = self.index(i)?;
        PySprite::placed(
            self.masks[self.mask_of[i] as usize].clone_ref(py),
            self.positions[i],
            self.angles[i],
            self.scales[i],
            self.origins[i],
        )
    }

    /// update(positions=None, angles=None, scales=None) -> None
    ///
    /// Moves every sprite at once: `positions` one `(x, y)` per sprite (a sequence of pairs, a
    /// flat sequence, or an `N x 2` NumPy array), `angles` one number per sprite in degrees,
    /// `scales` one number or one pair per sprite. `ValueError` for a count that does not match
    /// or a number that is not finite, and then nothing moves.
    #[pyo3(signature = (positions = None, angles = None, scales = None))]
    fn update(
        &mut self,
        positions: Option<&Bound<'_, PyAny>>,
        angles: Option<&Bound<'_, PyAny>>,
        scales: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let n = self.mask_of.len();
        // Everything is read and checked before anything changes.
        let positions = positions
            .map(|p| args::floats(p, 2 * n, "positions"))
            .transpose()?;
        let angles = angles.map(|a| args::floats(a, n, "angles")).transpose()?;
        let scales = scales
            .map(|s| {
                args::floats(s, n, "scales")
                    .map(|v| v.iter().map(|&k| Vec2::splat(k as f32)).collect())
                    .or_else(|_| {
                        args::floats(s, 2 * n, "scales").map(|v| {
                            v.chunks_exact(2)
                                .map(|p| Vec2::new(p[0] as f32, p[1] as f32))
                                .collect::<Vec<_>>()
                        })
                    })
            })
            .transpose()?;
        let positions: Option<Vec<Vec2>> = positions.map(|p| {
            p.chunks_exact(2)
                .map(|xy| Vec2::new(xy[0] as f32, xy[1] as f32))
                .collect()
        });
        let position = |i: usize| positions.as_ref().map_or(self.positions[i], |p| p[i]);
        let angle = |i: usize| angles.as_ref().map_or(self.angles[i], |a| a[i]);
        let scale = |i: usize| scales.as_ref().map_or(self.scales[i], |s: &Vec<Vec2>| s[i]);
        let transforms = (0..n)
            .map(|i| self.transform(i, position(i), angle(i), scale(i)))
            .collect::<PyResult<Vec<_>>>()?;
        if let Some(p) = positions {
            self.positions = p;
        }
        if let Some(a) = angles {
            self.angles = a;
        }
        if let Some(s) = scales {
            self.scales = s;
        }
        self.transforms = transforms;
        Ok(())
    }

    /// set(i, position=None, angle=None, scale=None) -> None
    ///
    /// Moves sprite `i` alone.
    #[pyo3(signature = (i, position = None, angle = None, scale = None))]
    fn set(
        &mut self,
        i: isize,
        position: Option<&Bound<'_, PyAny>>,
        angle: Option<f64>,
        scale: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let i = self.index(i)?;
        let position = position.map(|p| args::point(p, "position")).transpose()?;
        let angle = angle
            .map(|a| args::finite(a, "angle").map(|_| a))
            .transpose()?;
        let scale = scale.map(args::scale).transpose()?;
        let position = position.unwrap_or(self.positions[i]);
        let angle = angle.unwrap_or(self.angles[i]);
        let scale = scale.unwrap_or(self.scales[i]);
        self.transforms[i] = self.transform(i, position, angle, scale)?;
        (self.positions[i], self.angles[i], self.scales[i]) = (position, angle, scale);
        Ok(())
    }

    /// pairs() -> list of (i, j)
    ///
    /// Every pair of sprites, `i < j`, that share a solid texel, sorted.
    fn pairs(&mut self, py: Python<'_>) -> PyResult<Vec<(usize, usize)>> {
        let room = std::mem::take(&mut self.room);
        let (pairs, room) = self.with_sprites(py, |sprites| {
            let mut sweep = SweepAndPrune::new_in(sprites, room);
            let mut pairs = Vec::new();
            sweep.touching_pairs_into(&mut pairs);
            (pairs, sweep.into_room())
        })?;
        self.room = room;
        Ok(pairs)
    }

    /// touching(probe) -> list of int
    ///
    /// The indices of the group's sprites that share a solid texel with the sprite `probe`,
    /// sorted.
    fn touching(&self, py: Python<'_>, probe: PyRef<'_, PySprite>) -> PyResult<Vec<usize>> {
        let mask = probe.mask().bind(py).try_borrow()?;
        let probe = Sprite::new(&mask.inner, probe.transform());
        // One probe: a pass over the sprites (each call tests bounds first) costs less than
        // sorting them for a sweep.
        self.with_sprites(py, |sprites| {
            (0..sprites.len())
                .filter(|&i| pixel_collide::overlaps(sprites[i], probe))
                .collect()
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Group of {} sprites, {} masks>",
            self.mask_of.len(),
            self.masks.len()
        )
    }
}
