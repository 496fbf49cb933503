//! Short-lived sparks for hits and pick-ups.
//!
//! Purely decorative: they move in rendered-frame time and never feed back into the world. They draw
//! from their own small generator, seeded from the world's seed, so the world's RNG (and therefore
//! replays) is untouched by how many sparks a frame happens to show.

use ::rand::Rng;
use macroquad::prelude::*;
use rand_pcg::Pcg32;

/// The most sparks alive at once, so a storm of hits cannot slow the frame down.
const MAX_PARTICLES: usize = 600;

/// Downward pull on sparks, in playfield pixels per second squared.
const GRAVITY: f32 = 420.0;

#[derive(Clone, Copy, Debug)]
struct Particle {
    pos: Vec2,
    vel: Vec2,
    age: f32,
    life: f32,
    size: f32,
    color: Color,
}

/// A pool of sparks.
pub struct Particles {
    items: Vec<Particle>,
    rng: Pcg32,
}

/// The look of one burst.
#[derive(Clone, Copy, Debug)]
pub struct Burst {
    /// How many sparks.
    pub count: usize,
    /// Slowest and fastest initial speed, in playfield pixels per second.
    pub speed: (f32, f32),
    /// Shortest and longest life, in seconds.
    pub life: (f32, f32),
    /// Smallest and largest square size, in playfield pixels.
    pub size: (f32, f32),
    /// The palette sparks pick from.
    pub colors: &'static [Color],
}

impl Burst {
    /// Red and white sparks flying off a hit.
    pub const HIT: Burst = Burst {
        count: 36,
        speed: (80.0, 320.0),
        life: (0.35, 0.9),
        size: (2.0, 5.0),
        colors: &[
            Color::new(1.0, 0.25, 0.2, 1.0),
            Color::new(1.0, 0.55, 0.3, 1.0),
            Color::new(1.0, 0.9, 0.8, 1.0),
        ],
    };

    /// Soft blue-white sparks when a shield absorbs a hit.
    pub const SHIELD: Burst = Burst {
        count: 28,
        speed: (60.0, 240.0),
        life: (0.3, 0.8),
        size: (2.0, 4.0),
        colors: &[
            Color::new(0.55, 0.85, 1.0, 1.0),
            Color::new(0.9, 0.97, 1.0, 1.0),
        ],
    };

    /// Golden sparkles when a power-up is caught.
    pub const COLLECT: Burst = Burst {
        count: 24,
        speed: (40.0, 200.0),
        life: (0.3, 0.7),
        size: (2.0, 4.0),
        colors: &[
            Color::new(1.0, 0.85, 0.3, 1.0),
            Color::new(1.0, 1.0, 0.75, 1.0),
        ],
    };
}

/// The sparks' generator for a world seed.
fn spark_rng(seed: u64) -> Pcg32 {
    // A stream id of its own keeps these draws apart from a world generator seeded with the same value.
    Pcg32::new(seed, 0x5EED_5BA2_C1E5)
}

impl Particles {
    /// An empty pool whose randomness derives from `seed`.
    pub fn new(seed: u64) -> Particles {
        Particles {
            items: Vec::with_capacity(MAX_PARTICLES),
            rng: spark_rng(seed),
        }
    }

    /// Reseeds the generator and drops all sparks, for a new game.
    pub fn reset(&mut self, seed: u64) {
        self.items.clear();
        self.rng = spark_rng(seed);
    }

    /// Throws a burst of sparks from `at`.
    pub fn burst(&mut self, at: Vec2, burst: Burst) {
        for _ in 0..burst.count {
            if self.items.len() >= MAX_PARTICLES {
                break;
            }
            let angle = self.rng.gen_range(0.0..std::f32::consts::TAU);
            let speed = self.rng.gen_range(burst.speed.0..=burst.speed.1);
            // Bias upward a little so the sparks read as bouncing off rather than falling out.
            let vel = Vec2::from_angle(angle) * speed - vec2(0.0, speed * 0.35);
            let pick = self.rng.gen_range(0..burst.colors.len().max(1));
            let color = burst.colors.get(pick).copied().unwrap_or(WHITE);
            self.items.push(Particle {
                pos: at,
                vel,
                age: 0.0,
                life: self.rng.gen_range(burst.life.0..=burst.life.1),
                size: self.rng.gen_range(burst.size.0..=burst.size.1),
                color,
            });
        }
    }

    /// Moves the sparks on by `dt` seconds and removes the spent ones.
    pub fn update(&mut self, dt: f32) {
        for p in &mut self.items {
            p.age += dt;
            p.vel.y += GRAVITY * dt;
            // Air drag, so fast sparks slow down quickly and stay near the contact point.
            p.vel *= (1.0 - 2.2 * dt).max(0.0);
            p.pos += p.vel * dt;
        }
        self.items.retain(|p| p.age < p.life);
    }

    /// Draws the sparks in playfield coordinates.
    pub fn draw(&self) {
        for p in &self.items {
            let t = (p.age / p.life).clamp(0.0, 1.0);
            let size = p.size * (1.0 - 0.6 * t);
            let mut color = p.color;
            color.a = (1.0 - t * t).clamp(0.0, 1.0);
            draw_rectangle(
                p.pos.x - size / 2.0,
                p.pos.y - size / 2.0,
                size,
                size,
                color,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bursts_are_capped_and_expire() {
        let mut p = Particles::new(1);
        for _ in 0..100 {
            p.burst(Vec2::ZERO, Burst::HIT);
        }
        assert_eq!(p.items.len(), MAX_PARTICLES);
        for _ in 0..120 {
            p.update(1.0 / 60.0);
        }
        assert_eq!(p.items.len(), 0);
    }

    #[test]
    fn same_seed_same_sparks() {
        let mut a = Particles::new(7);
        let mut b = Particles::new(7);
        a.burst(vec2(5.0, 5.0), Burst::HIT);
        b.burst(vec2(5.0, 5.0), Burst::HIT);
        a.update(0.1);
        b.update(0.1);
        let pa: Vec<Vec2> = a.items.iter().map(|p| p.pos).collect();
        let pb: Vec<Vec2> = b.items.iter().map(|p| p.pos).collect();
        assert_eq!(pa, pb);
    }
}
