/* pixel-collide: exact per-pixel collision of sprites under any 2D affine transform.
 * Generated from crates/pixel-collide-c by cbindgen; do not edit. MIT OR Apache-2.0.
 *
 * Conventions, the same for every function:
 * - Every call that can fail returns a pc_status; on anything but PC_OK it wrote none of its
 *   outputs, and pc_last_error_message() gives one line naming the function, the argument and
 *   what was wrong (per thread, until the next failing call there).
 * - Pointer arguments are null (answered with PC_NULL_POINTER) or point where the comment says,
 *   for the length of the call; nothing is kept past it except what a world hands back.
 * - Masks and worlds are handles: a freed, zeroed or made-up handle is answered with
 *   PC_INVALID_HANDLE, never followed. Any number of threads may query at once; an object is not
 *   freed while another thread is inside a call that uses it, and a world is used by one thread
 *   at a time.
 * - Sprites are a mask and six numbers (pc_affine) from texels to the world, y down; a matrix
 *   with NaN or infinity is answered with PC_INVALID_NUMBER, one of no area covers nothing.
 * - Nothing unwinds or aborts across the boundary, and no query allocates once its masks exist
 *   beyond the core's own bounded scratch (distance and push-out searches). */

#ifndef PIXEL_COLLIDE_H
#define PIXEL_COLLIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// What a call did: `PC_OK`, or why it did nothing (the message says what and where).
typedef enum pc_status {
  // The call did what it says; its outputs are written.
  PC_OK = 0,
  // A pointer argument that must point somewhere is null.
  PC_NULL_POINTER = 1,
  // A handle that is null, was freed (a use after free or a double free) or was never made.
  PC_INVALID_HANDLE = 2,
  // A number outside its domain: NaN or infinite in a matrix, point or size, a negative radius.
  PC_INVALID_NUMBER = 3,
  // An image size of zero, past the library's caps, or a row stride shorter than a row.
  PC_INVALID_SIZE = 4,
  // A buffer shorter than the size it is said to hold.
  PC_SHORT_BUFFER = 5,
  // Bytes that are not a PNG image the decoder reads.
  PC_DECODE = 6,
  // A file that could not be read.
  PC_IO = 7,
  // More live handles, or more sprites in one world call, than the library counts.
  PC_TOO_MANY = 8,
  // A bug in the library, caught at the boundary (please report the message).
  PC_INTERNAL = 9,
} pc_status;

// A mask: a handle to a grid of solid and clear texels the library owns. `{0, 0}` is the null
// handle; a freed handle is answered with `PC_INVALID_HANDLE`.
typedef struct pc_mask {
  // The slot.
  uint32_t index;
  // The slot's generation when the mask was made.
  uint32_t generation;
} pc_mask;

// A point or a direction in the world (or in a mask's texels, x right, y down).
typedef struct pc_vec2 {
  // Rightwards.
  float x;
  // Downwards, in the texel grid's and most engines' screen convention.
  float y;
} pc_vec2;

// A placement by parts, turned and scaled about a pivot: what `pc_motion` moves between.
typedef struct pc_pose {
  // Where the pivot is in the world.
  struct pc_vec2 position;
  // The turn about the pivot, in radians (clockwise on a screen whose y points down).
  float rotation;
  // The scale along the mask's own axes.
  struct pc_vec2 scale;
} pc_pose;

// A mask moving in a straight line from one pose to another over a step, turned and scaled
// about `origin` (its pivot in texels).
typedef struct pc_motion {
  // What moves.
  struct pc_mask mask;
  // The pose at the start of the step.
  struct pc_pose from;
  // The pose at the end of the step.
  struct pc_pose to;
  // The pivot in texels (the centre of a 64 x 64 mask is (32, 32)).
  struct pc_vec2 origin;
} pc_motion;

// When two moving sprites first touch during a step: what `pc_time_of_impact` answers.
typedef struct pc_impact {
  // Whether they touch at some time of the step; the rest is zero when not.
  bool found;
  // A fraction of the step (0 to 1) no later than the first touch: moved to it, the two are
  // apart (or touching when it is 0).
  float time;
  // A fraction at which they are found touching, at most 2^-14 after `time`.
  float contact_time;
  // A world point inside solid texels of both at `contact_time`.
  struct pc_vec2 point;
} pc_impact;

// An affine map from a mask's texels to the world, as the six numbers every engine gives:
// `world.x = a * x + c * y + tx`, `world.y = b * x + d * y + ty` (the order of a canvas's
// `setTransform`, Cairo's `cairo_matrix_t` and a column-major 3 x 2 matrix; XNA's and MonoGame's
// `Matrix` holds them as `M11 M12 M21 M22 M41 M42`).
typedef struct pc_affine {
  // How far the world moves in x per texel along the mask's x.
  float a;
  // How far the world moves in y per texel along the mask's x.
  float b;
  // How far the world moves in x per texel along the mask's y.
  float c;
  // How far the world moves in y per texel along the mask's y.
  float d;
  // Where the mask's texel corner (0, 0) lands, x.
  float tx;
  // Where the mask's texel corner (0, 0) lands, y.
  float ty;
} pc_affine;

// A mask placed in the world.
typedef struct pc_sprite {
  // What is placed.
  struct pc_mask mask;
  // Where: the map from its texels to the world.
  struct pc_affine transform;
} pc_sprite;

// Where two sprites touch, with a normal and a depth: what `pc_collide` answers.
typedef struct pc_contact {
  // Whether they touch; the other fields are zero when not.
  bool found;
  // A world point inside a solid texel of both.
  struct pc_vec2 point;
  // A unit normal from the first sprite towards the second; swapping the two reverses it.
  struct pc_vec2 normal;
  // How far the two texels met at `point` overlap along `normal`, in world units.
  float depth;
} pc_contact;

// How far apart two sprites are, with the closest points: what `pc_distance` answers.
typedef struct pc_closest {
  // Whether both have solid texels and placements that cover area; the rest is zero when not.
  bool found;
  // The world distance between their closest solid texels; 0 when they touch or overlap.
  float distance;
  // A point of the first sprite's solid texels at `distance` from `on_b`.
  struct pc_vec2 on_a;
  // A point of the second sprite's solid texels at `distance` from `on_a`.
  struct pc_vec2 on_b;
  // No solid texels lie closer than this: `distance` itself unless the search ran out of its
  // budget, when the true distance lies between the two.
  float lower_bound;
  // Whether the search ran out of its budget (then `lower_bound` < `distance`).
  bool budget_ran_out;
} pc_closest;

// How to move the first sprite off the second: what `pc_push_out` answers.
typedef struct pc_push {
  // Whether they overlap (and so need a push); the other fields are zero when not.
  bool found;
  // The world translation to add to the first sprite so that the two no longer overlap.
  struct pc_vec2 offset;
  // A unit contact normal from the first sprite towards the second.
  struct pc_vec2 normal;
  // Whether the search ran out of its budget and `offset` is the looser move that parts the
  // two sprites' bounds (still apart after it).
  bool budget_ran_out;
} pc_push;

// An axis-aligned world rectangle from its corner `(x, y)` and its size.
typedef struct pc_rect {
  // The left edge.
  float x;
  // The top edge.
  float y;
  // The width.
  float width;
  // The height.
  float height;
} pc_rect;

// Where a ray enters a sprite: what `pc_raycast` answers.
typedef struct pc_ray_hit {
  // Whether the ray enters a solid texel within its reach; the rest is zero when not.
  bool found;
  // The world point of entry.
  struct pc_vec2 point;
  // The world distance from the ray's origin (in units of a unit direction).
  float distance;
  // The unit outward normal of the face entered.
  struct pc_vec2 normal;
} pc_ray_hit;

// A world: a handle to the room that answers every touching pair of many sprites in one call.
typedef struct pc_world {
  // The slot.
  uint32_t index;
  // The slot's generation when the world was made.
  uint32_t generation;
} pc_world;

// Two sprites that touch, by their places in the array a world call was given (`a` < `b`).
typedef struct pc_pair {
  // The first sprite's index.
  uint32_t a;
  // The second sprite's index.
  uint32_t b;
} pc_pair;

// The touching pairs a world call found: `count` pairs at `pairs`, sorted, owned by the world and
// valid until its next call or its free.
typedef struct pc_pairs {
  // The first pair (null when `count` is 0).
  const struct pc_pair *pairs;
  // How many.
  size_t count;
} pc_pairs;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// Makes a mask from `width` x `height` RGBA pixels, four bytes each, rows `stride` bytes apart
// from the top left (0: rows packed, `width * 4`), a texel solid where its alpha is greater than
// `alpha_threshold` (0 keeps every visible pixel). `length` is the buffer's size in bytes; a
// quad of a sprite sheet is its first pixel's address, the sheet's stride and the bytes left.
enum pc_status pc_mask_from_rgba(const uint8_t *rgba,
                                 size_t length,
                                 uint32_t width,
                                 uint32_t height,
                                 size_t stride,
                                 uint8_t alpha_threshold,
                                 struct pc_mask *result);

// Makes a mask from the PNG file at `path` (a NUL-terminated path in the system's encoding), a
// texel solid where its alpha is greater than `alpha_threshold`. Images past 16,384 on a side or
// 2^26 texels are refused before they are decoded.
enum pc_status pc_mask_from_png_file(const char *path,
                                     uint8_t alpha_threshold,
                                     struct pc_mask *result);

// Makes a mask from the bytes of a PNG file, `length` of them at `png`, as
// `pc_mask_from_png_file` reads a file.
enum pc_status pc_mask_from_png_bytes(const uint8_t *png,
                                      size_t length,
                                      uint8_t alpha_threshold,
                                      struct pc_mask *result);

// Frees the mask; its handle and every copy of it are answered with `PC_INVALID_HANDLE` from now
// on (freeing it again included). No other thread may be inside a call that uses it.
enum pc_status pc_mask_free(struct pc_mask m);

// The mask's size in texels.
enum pc_status pc_mask_size(struct pc_mask m, uint32_t *width, uint32_t *height);

// Whether the texel at column `x`, row `y` is solid; false outside the mask.
enum pc_status pc_mask_is_solid(struct pc_mask m, int64_t x, int64_t y, bool *solid);

// How many texels are solid.
enum pc_status pc_mask_solid_count(struct pc_mask m, uint64_t *count);

// The first time during the step (0 to 1) at which the two moving sprites touch, each moving
// from its `from` pose to its `to` pose (position, rotation and scale in a straight line), to
// within 2^-14 of the step; `found` is false when they never touch.
enum pc_status pc_time_of_impact(struct pc_motion a, struct pc_motion b, struct pc_impact *impact);

// Whether the two sprites share a solid texel's area anywhere (touching along an edge or at a
// corner is not overlapping); `*overlapping` is written.
enum pc_status pc_overlaps(struct pc_sprite a, struct pc_sprite b, bool *overlapping);

// Whether the two sprites overlap, and if so a point inside both, a normal from `a` towards `b`
// and the depth along it; `*contact` is written (`found` false when they do not overlap).
enum pc_status pc_collide(struct pc_sprite a, struct pc_sprite b, struct pc_contact *contact);

// The world area the two sprites' solid texels share, exact under any placement.
enum pc_status pc_overlap_area(struct pc_sprite a, struct pc_sprite b, float *area);

// The world distance between the two sprites' closest solid texels (0 when they touch), with a
// closest point on each.
enum pc_status pc_distance(struct pc_sprite a, struct pc_sprite b, struct pc_closest *distance);

// The shortest move of `a` that parts it from `b`, with the contact normal; `found` is false
// when they do not overlap.
enum pc_status pc_push_out(struct pc_sprite a, struct pc_sprite b, struct pc_push *push);

// Whether `probe` overlaps each of the `count` sprites at `others`, into `overlapping[0..count)`:
// one call for a game's "the player against every block", so that a host whose every foreign
// call costs a transition (C# under Mono, GDScript) pays it once. Every sprite is checked before
// any answer is written; a null `others` or `overlapping` is allowed when `count` is 0.
enum pc_status pc_overlaps_each(struct pc_sprite probe,
                                const struct pc_sprite *others,
                                size_t count,
                                bool *overlapping);

// Whether the world point lies inside a solid texel (its open square) of the sprite.
enum pc_status pc_contains_point(struct pc_sprite s, struct pc_vec2 p, bool *inside);

// Whether the world rectangle shares area with a solid texel of the sprite (a rectangle of no
// area touches nothing).
enum pc_status pc_touches_rect(struct pc_sprite s, struct pc_rect r, bool *touching);

// Whether the world disc of `radius` about `center` shares area with a solid texel.
enum pc_status pc_touches_circle(struct pc_sprite s,
                                 struct pc_vec2 center,
                                 float radius,
                                 bool *touching);

// Where the ray from `origin` along `direction` first enters a solid texel within
// `max_distance` (in units of `direction`'s length; infinity for no limit).
enum pc_status pc_raycast(struct pc_sprite s,
                          struct pc_vec2 origin,
                          struct pc_vec2 direction,
                          float max_distance,
                          struct pc_ray_hit *hit);

// The world's axis-aligned bounds of the sprite's whole image: the cheap prefilter a game may
// run first.
enum pc_status pc_sprite_bounds(struct pc_sprite s, struct pc_rect *bounds);

// The matrix that places a mask at `position`, turned by `rotation` radians and scaled by
// `scale` about `origin` (its pivot in texels): translate(-origin), scale, rotate,
// translate(position), the placement of most engines' draw calls without shear.
enum pc_status pc_affine_from_parts(struct pc_vec2 position,
                                    float rotation,
                                    struct pc_vec2 scale,
                                    struct pc_vec2 origin,
                                    struct pc_affine *transform);

// The message of the last call that failed on this thread (empty when none has): one line naming
// the function, the argument and what was wrong with it. Valid until the next failing call on
// the same thread; never null.
const char *pc_last_error_message(void);

// The name of a status as written in the header (`"PC_OK"`, `"PC_INVALID_HANDLE"`, ...), or
// `"PC_UNKNOWN_STATUS"` for a number that is none; never null.
const char *pc_status_name(int32_t status);

// Makes an empty world.
enum pc_status pc_world_new(struct pc_world *result);

// Frees the world and the pairs it last gave; its handle is stale from now on.
enum pc_status pc_world_free(struct pc_world w);

// Every pair of the `count` sprites at `sprites` that overlap on solid texels, as
// `pc_overlaps` would answer each, sorted by `a` then `b`, into `*pairs` (memory the world owns,
// valid until its next call or its free). A null `sprites` is allowed when `count` is 0.
enum pc_status pc_world_touching_pairs(struct pc_world w,
                                       const struct pc_sprite *sprites,
                                       size_t count,
                                       struct pc_pairs *pairs);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* PIXEL_COLLIDE_H */
