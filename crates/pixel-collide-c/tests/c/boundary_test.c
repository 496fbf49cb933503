/* Every function of the C library, with good input checked against answers worked out by hand
 * and every kind of bad input answered by its status and a message naming the function. Run
 * under valgrind (scripts/c.sh test): no invalid access, no leak.
 * Usage: boundary_test PNG_FILE */
#include <pixel_collide.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                          \
  do {                                                                       \
    checks++;                                                                \
    if (!(cond)) {                                                           \
      failures++;                                                            \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                        \
  } while (0)

/* `call` returns `want`, and on failure the message starts with `function`. */
#define EXPECT(want, function, call)                                                    \
  do {                                                                                  \
    pc_status got_ = (call);                                                            \
    checks++;                                                                           \
    if (got_ != (want)) {                                                               \
      failures++;                                                                       \
      fprintf(stderr, "%s:%d: %s gave %s, wanted %s (%s)\n", __FILE__, __LINE__, #call, \
              pc_status_name(got_), pc_status_name(want), pc_last_error_message());    \
    } else if (got_ != PC_OK) {                                                         \
      const char *m_ = pc_last_error_message();                                         \
      checks++;                                                                         \
      if (strncmp(m_, function ": ", strlen(function ": ")) != 0 || strchr(m_, '\n')) { \
        failures++;                                                                     \
        fprintf(stderr, "%s:%d: message \"%s\" does not name %s in one line\n",         \
                __FILE__, __LINE__, m_, function);                                      \
      }                                                                                 \
    }                                                                                   \
  } while (0)

#define NEAR(x, y) (fabsf((float)(x) - (float)(y)) < 1e-3f)

static const pc_affine IDENTITY = {1, 0, 0, 1, 0, 0};

static pc_affine at(float x, float y) {
  pc_affine m = {1, 0, 0, 1, x, y};
  return m;
}

static pc_sprite place(pc_mask mask, pc_affine m) {
  pc_sprite s;
  s.mask = mask;
  s.transform = m;
  return s;
}

static pc_vec2 v2(float x, float y) {
  pc_vec2 v = {x, y};
  return v;
}

/* A width x height RGBA image, opaque where `solid` says, rows `stride` bytes apart. */
static unsigned char *image(int width, int height, size_t stride, int (*solid)(int, int)) {
  unsigned char *p = calloc(stride * (size_t)height, 1);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++) p[y * stride + 4 * (size_t)x + 3] = solid(x, y) ? 255 : 0;
  return p;
}

static int everywhere(int x, int y) { (void)x; (void)y; return 1; }
static int plus(int x, int y) { return (x >= 24 && x < 40) || (y >= 24 && y < 40); }

static pc_mask square8(void) {
  unsigned char *p = image(8, 8, 32, everywhere);
  pc_mask m = {0, 0};
  EXPECT(PC_OK, "pc_mask_from_rgba", pc_mask_from_rgba(p, 8 * 8 * 4, 8, 8, 0, 0, &m));
  free(p);
  return m;
}

static void masks(const char *png_path) {
  pc_mask m;
  /* Rows with padding give the same mask as packed rows. */
  unsigned char *packed = image(64, 64, 256, plus);
  unsigned char *padded = image(64, 64, 300, plus);
  pc_mask a, b;
  EXPECT(PC_OK, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256, 64, 64, 0, 0, &a));
  EXPECT(PC_OK, "pc_mask_from_rgba", pc_mask_from_rgba(padded, 63 * 300 + 256, 64, 64, 300, 0, &b));
  uint64_t na = 0, nb = 0;
  EXPECT(PC_OK, "pc_mask_solid_count", pc_mask_solid_count(a, &na));
  EXPECT(PC_OK, "pc_mask_solid_count", pc_mask_solid_count(b, &nb));
  CHECK(na == 16 * 64 * 2 - 16 * 16 && nb == na);
  bool solid = false;
  EXPECT(PC_OK, "pc_mask_is_solid", pc_mask_is_solid(b, 30, 2, &solid));
  CHECK(solid);
  EXPECT(PC_OK, "pc_mask_is_solid", pc_mask_is_solid(b, 2, 2, &solid));
  CHECK(!solid);
  EXPECT(PC_OK, "pc_mask_is_solid", pc_mask_is_solid(b, -1, 30, &solid));
  CHECK(!solid);
  uint32_t w = 0, h = 0;
  EXPECT(PC_OK, "pc_mask_size", pc_mask_size(a, &w, &h));
  CHECK(w == 64 && h == 64);

  /* The threshold: alpha 100 is solid above 99, air at 100. */
  unsigned char half[4] = {0, 0, 0, 100};
  EXPECT(PC_OK, "pc_mask_from_rgba", pc_mask_from_rgba(half, 4, 1, 1, 0, 99, &m));
  EXPECT(PC_OK, "pc_mask_solid_count", pc_mask_solid_count(m, &na));
  CHECK(na == 1);
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(m));
  EXPECT(PC_OK, "pc_mask_from_rgba", pc_mask_from_rgba(half, 4, 1, 1, 0, 100, &m));
  EXPECT(PC_OK, "pc_mask_solid_count", pc_mask_solid_count(m, &na));
  CHECK(na == 0);
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(m));

  /* Bad sizes, short buffers, null pointers. */
  EXPECT(PC_INVALID_SIZE, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256, 0, 64, 0, 0, &m));
  EXPECT(PC_INVALID_SIZE, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256, 64, 0, 0, 0, &m));
  EXPECT(PC_INVALID_SIZE, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256, 64, 64, 255, 0, &m));
  EXPECT(PC_SHORT_BUFFER, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256 - 1, 64, 64, 0, 0, &m));
  EXPECT(PC_SHORT_BUFFER, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256, 64, 65, 0, 0, &m));
  /* A stride times a height past the address space, and an oversized mask. */
  EXPECT(PC_SHORT_BUFFER, "pc_mask_from_rgba",
         pc_mask_from_rgba(packed, 64 * 256, 1, 8000000u, (size_t)-1 / 2, 0, &m));
  EXPECT(PC_SHORT_BUFFER, "pc_mask_from_rgba",
         pc_mask_from_rgba(packed, 64 * 256, 1000000, 1, 0, 0, &m));
  EXPECT(PC_INVALID_SIZE, "pc_mask_from_rgba",
         pc_mask_from_rgba(packed, (size_t)-1, 4000000000u, 4000000000u, 0, 0, &m));
  EXPECT(PC_NULL_POINTER, "pc_mask_from_rgba", pc_mask_from_rgba(NULL, 64 * 256, 64, 64, 0, 0, &m));
  EXPECT(PC_NULL_POINTER, "pc_mask_from_rgba", pc_mask_from_rgba(packed, 64 * 256, 64, 64, 0, 0, NULL));
  free(packed);
  free(padded);

  /* PNG: a file, its bytes, garbage and a missing file. */
  EXPECT(PC_OK, "pc_mask_from_png_file", pc_mask_from_png_file(png_path, 0, &m));
  uint32_t fw = 0, fh = 0;
  EXPECT(PC_OK, "pc_mask_size", pc_mask_size(m, &fw, &fh));
  CHECK(fw > 0 && fh > 0);
  FILE *f = fopen(png_path, "rb");
  CHECK(f != NULL);
  if (f) {
    static unsigned char bytes[1 << 20];
    size_t n = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    pc_mask same;
    EXPECT(PC_OK, "pc_mask_from_png_bytes", pc_mask_from_png_bytes(bytes, n, 0, &same));
    uint64_t c1 = 0, c2 = 1;
    pc_mask_solid_count(m, &c1);
    pc_mask_solid_count(same, &c2);
    CHECK(c1 == c2);
    EXPECT(PC_OK, "pc_mask_free", pc_mask_free(same));
    EXPECT(PC_DECODE, "pc_mask_from_png_bytes", pc_mask_from_png_bytes(bytes, n / 2, 0, &same));
  }
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(m));
  unsigned char junk[16] = "not a png at all";
  EXPECT(PC_DECODE, "pc_mask_from_png_bytes", pc_mask_from_png_bytes(junk, sizeof junk, 0, &m));
  EXPECT(PC_DECODE, "pc_mask_from_png_bytes", pc_mask_from_png_bytes(junk, 0, 0, &m));
  EXPECT(PC_NULL_POINTER, "pc_mask_from_png_bytes", pc_mask_from_png_bytes(NULL, 4, 0, &m));
  EXPECT(PC_NULL_POINTER, "pc_mask_from_png_bytes", pc_mask_from_png_bytes(junk, 4, 0, NULL));
  EXPECT(PC_IO, "pc_mask_from_png_file", pc_mask_from_png_file("/nonexistent/none.png", 0, &m));
  EXPECT(PC_NULL_POINTER, "pc_mask_from_png_file", pc_mask_from_png_file(NULL, 0, &m));
  EXPECT(PC_NULL_POINTER, "pc_mask_from_png_file", pc_mask_from_png_file(png_path, 0, NULL));

  /* Handles: freed, freed twice, null, foreign. */
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(a));
  EXPECT(PC_INVALID_HANDLE, "pc_mask_size", pc_mask_size(a, &w, &h));
  EXPECT(PC_INVALID_HANDLE, "pc_mask_free", pc_mask_free(a));
  CHECK(strstr(pc_last_error_message(), "freed") != NULL);
  pc_mask null_mask = {0, 0};
  pc_mask foreign = {123456, 7};
  pc_mask wrong_generation = {b.index, b.generation + 3};
  EXPECT(PC_INVALID_HANDLE, "pc_mask_solid_count", pc_mask_solid_count(null_mask, &na));
  EXPECT(PC_INVALID_HANDLE, "pc_mask_solid_count", pc_mask_solid_count(foreign, &na));
  CHECK(strstr(pc_last_error_message(), "never made") != NULL);
  EXPECT(PC_INVALID_HANDLE, "pc_mask_solid_count", pc_mask_solid_count(wrong_generation, &na));
  EXPECT(PC_INVALID_HANDLE, "pc_mask_free", pc_mask_free(foreign));
  EXPECT(PC_NULL_POINTER, "pc_mask_size", pc_mask_size(b, NULL, &h));
  EXPECT(PC_NULL_POINTER, "pc_mask_size", pc_mask_size(b, &w, NULL));
  EXPECT(PC_NULL_POINTER, "pc_mask_is_solid", pc_mask_is_solid(b, 0, 0, NULL));
  EXPECT(PC_NULL_POINTER, "pc_mask_solid_count", pc_mask_solid_count(b, NULL));
  /* A new mask reuses a's slot under a new generation: a stays stale. */
  pc_mask again = square8();
  EXPECT(PC_INVALID_HANDLE, "pc_mask_size", pc_mask_size(a, &w, &h));
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(again));
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(b));
}

static void pairs(void) {
  pc_mask sq = square8();
  pc_sprite a = place(sq, IDENTITY);
  bool hit = false;
  EXPECT(PC_OK, "pc_overlaps", pc_overlaps(a, place(sq, at(4, 0)), &hit));
  CHECK(hit);
  EXPECT(PC_OK, "pc_overlaps", pc_overlaps(a, place(sq, at(8, 0)), &hit));
  CHECK(!hit); /* edge to edge */
  /* A square turned 45 degrees about its centre reaches 5.657 left of it: into a's edge at x = 8
   * from a centre at 13.5, short of it from 13.7. */
  pc_affine turned;
  EXPECT(PC_OK, "pc_affine_from_parts", pc_affine_from_parts(v2(13.5f, 4), 0.785398f, v2(1, 1), v2(4, 4), &turned));
  EXPECT(PC_OK, "pc_overlaps", pc_overlaps(a, place(sq, turned), &hit));
  CHECK(hit);
  EXPECT(PC_OK, "pc_affine_from_parts", pc_affine_from_parts(v2(13.7f, 4), 0.785398f, v2(1, 1), v2(4, 4), &turned));
  EXPECT(PC_OK, "pc_overlaps", pc_overlaps(a, place(sq, turned), &hit));
  CHECK(!hit);

  pc_contact c, r;
  EXPECT(PC_OK, "pc_collide", pc_collide(a, place(sq, at(6, 0)), &c));
  EXPECT(PC_OK, "pc_collide", pc_collide(place(sq, at(6, 0)), a, &r));
  CHECK(c.found && NEAR(c.normal.x, 1) && NEAR(c.normal.y, 0) && NEAR(c.depth, 2));
  CHECK(r.found && NEAR(r.normal.x, -1) && NEAR(r.depth, 2));
  EXPECT(PC_OK, "pc_collide", pc_collide(a, place(sq, at(20, 0)), &c));
  CHECK(!c.found && c.depth == 0);

  float area = 0;
  EXPECT(PC_OK, "pc_overlap_area", pc_overlap_area(a, place(sq, at(4, 2)), &area));
  CHECK(NEAR(area, 4 * 6));

  pc_closest d;
  EXPECT(PC_OK, "pc_distance", pc_distance(a, place(sq, at(11, 0)), &d));
  CHECK(d.found && NEAR(d.distance, 3) && NEAR(d.lower_bound, 3) && !d.budget_ran_out);
  CHECK(NEAR(d.on_b.x - d.on_a.x, 3));

  pc_push p;
  EXPECT(PC_OK, "pc_push_out", pc_push_out(a, place(sq, at(5, 0)), &p));
  CHECK(p.found && NEAR(p.offset.x, -3) && NEAR(p.offset.y, 0) && NEAR(p.normal.x, 1) && !p.budget_ran_out);
  EXPECT(PC_OK, "pc_push_out", pc_push_out(a, place(sq, at(9, 0)), &p));
  CHECK(!p.found);

  /* The probe against each of many, as one call each would answer. */
  pc_sprite others[3] = {place(sq, at(4, 0)), place(sq, at(8, 0)), place(sq, at(-7, 7))};
  bool each[3] = {false, true, false};
  EXPECT(PC_OK, "pc_overlaps_each", pc_overlaps_each(a, others, 3, each));
  CHECK(each[0] && !each[1] && each[2]);
  EXPECT(PC_OK, "pc_overlaps_each", pc_overlaps_each(a, NULL, 0, NULL));
  EXPECT(PC_NULL_POINTER, "pc_overlaps_each", pc_overlaps_each(a, NULL, 3, each));
  EXPECT(PC_NULL_POINTER, "pc_overlaps_each", pc_overlaps_each(a, others, 3, NULL));
  others[2].transform.b = INFINITY;
  each[0] = false;
  EXPECT(PC_INVALID_NUMBER, "pc_overlaps_each", pc_overlaps_each(a, others, 3, each));
  CHECK(strstr(pc_last_error_message(), "others[2]") != NULL && !each[0]);

  /* Bad input to every pair query. */
  pc_mask freed = square8();
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(freed));
  pc_affine nan_m = {1, 0, 0, 1, NAN, 0};
  pc_affine inf_m = {INFINITY, 0, 0, 1, 0, 0};
  pc_sprite bad_handle = place(freed, IDENTITY);
  pc_sprite bad_nan = place(sq, nan_m);
  pc_sprite bad_inf = place(sq, inf_m);
  EXPECT(PC_INVALID_HANDLE, "pc_overlaps", pc_overlaps(a, bad_handle, &hit));
  CHECK(strstr(pc_last_error_message(), "b (mask") != NULL);
  EXPECT(PC_INVALID_NUMBER, "pc_overlaps", pc_overlaps(bad_nan, a, &hit));
  CHECK(strstr(pc_last_error_message(), "tx") != NULL);
  EXPECT(PC_INVALID_NUMBER, "pc_overlaps", pc_overlaps(a, bad_inf, &hit));
  EXPECT(PC_NULL_POINTER, "pc_overlaps", pc_overlaps(a, a, NULL));
  EXPECT(PC_INVALID_HANDLE, "pc_collide", pc_collide(bad_handle, a, &c));
  EXPECT(PC_INVALID_NUMBER, "pc_collide", pc_collide(a, bad_nan, &c));
  EXPECT(PC_NULL_POINTER, "pc_collide", pc_collide(a, a, NULL));
  EXPECT(PC_INVALID_HANDLE, "pc_overlap_area", pc_overlap_area(bad_handle, a, &area));
  EXPECT(PC_INVALID_NUMBER, "pc_overlap_area", pc_overlap_area(a, bad_inf, &area));
  EXPECT(PC_NULL_POINTER, "pc_overlap_area", pc_overlap_area(a, a, NULL));
  EXPECT(PC_INVALID_HANDLE, "pc_distance", pc_distance(a, bad_handle, &d));
  EXPECT(PC_INVALID_NUMBER, "pc_distance", pc_distance(bad_nan, a, &d));
  EXPECT(PC_NULL_POINTER, "pc_distance", pc_distance(a, a, NULL));
  EXPECT(PC_INVALID_HANDLE, "pc_push_out", pc_push_out(a, bad_handle, &p));
  EXPECT(PC_INVALID_NUMBER, "pc_push_out", pc_push_out(bad_inf, a, &p));
  EXPECT(PC_NULL_POINTER, "pc_push_out", pc_push_out(a, a, NULL));
  EXPECT(PC_INVALID_HANDLE, "pc_overlaps_each", pc_overlaps_each(bad_handle, others, 1, each));
  /* A matrix of no area is valid and covers nothing. */
  pc_affine flat = {0, 0, 0, 0, 1, 1};
  EXPECT(PC_OK, "pc_overlaps", pc_overlaps(a, place(sq, flat), &hit));
  CHECK(!hit);
  EXPECT(PC_OK, "pc_distance", pc_distance(a, place(sq, flat), &d));
  CHECK(!d.found);
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(sq));
}

static void shapes(void) {
  pc_mask sq = square8();
  pc_sprite s = place(sq, at(10, 0));
  bool yes = false;
  EXPECT(PC_OK, "pc_contains_point", pc_contains_point(s, v2(12, 4), &yes));
  CHECK(yes);
  EXPECT(PC_OK, "pc_contains_point", pc_contains_point(s, v2(9, 4), &yes));
  CHECK(!yes);
  pc_rect r = {17.5f, 2, 4, 1};
  EXPECT(PC_OK, "pc_touches_rect", pc_touches_rect(s, r, &yes));
  CHECK(yes);
  r.x = 18;
  EXPECT(PC_OK, "pc_touches_rect", pc_touches_rect(s, r, &yes));
  CHECK(!yes);
  EXPECT(PC_OK, "pc_touches_circle", pc_touches_circle(s, v2(20, 4), 2.5f, &yes));
  CHECK(yes);
  EXPECT(PC_OK, "pc_touches_circle", pc_touches_circle(s, v2(20, 4), 1.5f, &yes));
  CHECK(!yes);
  pc_ray_hit h;
  EXPECT(PC_OK, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), 100, &h));
  CHECK(h.found && NEAR(h.distance, 10) && NEAR(h.point.x, 10) && NEAR(h.normal.x, -1));
  EXPECT(PC_OK, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), INFINITY, &h));
  CHECK(h.found);
  EXPECT(PC_OK, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), 9, &h));
  CHECK(!h.found);
  pc_rect b;
  EXPECT(PC_OK, "pc_sprite_bounds", pc_sprite_bounds(s, &b));
  CHECK(NEAR(b.x, 10) && NEAR(b.y, 0) && NEAR(b.width, 8) && NEAR(b.height, 8));

  EXPECT(PC_INVALID_NUMBER, "pc_contains_point", pc_contains_point(s, v2(NAN, 0), &yes));
  EXPECT(PC_NULL_POINTER, "pc_contains_point", pc_contains_point(s, v2(0, 0), NULL));
  pc_rect negative = {0, 0, -1, 2};
  pc_rect nan_rect = {0, NAN, 1, 2};
  EXPECT(PC_INVALID_NUMBER, "pc_touches_rect", pc_touches_rect(s, negative, &yes));
  EXPECT(PC_INVALID_NUMBER, "pc_touches_rect", pc_touches_rect(s, nan_rect, &yes));
  EXPECT(PC_NULL_POINTER, "pc_touches_rect", pc_touches_rect(s, r, NULL));
  EXPECT(PC_INVALID_NUMBER, "pc_touches_circle", pc_touches_circle(s, v2(0, 0), -1, &yes));
  EXPECT(PC_INVALID_NUMBER, "pc_touches_circle", pc_touches_circle(s, v2(0, 0), INFINITY, &yes));
  EXPECT(PC_INVALID_NUMBER, "pc_touches_circle", pc_touches_circle(s, v2(0, INFINITY), 1, &yes));
  EXPECT(PC_NULL_POINTER, "pc_touches_circle", pc_touches_circle(s, v2(0, 0), 1, NULL));
  EXPECT(PC_INVALID_NUMBER, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), NAN, &h));
  EXPECT(PC_INVALID_NUMBER, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), -1, &h));
  EXPECT(PC_INVALID_NUMBER, "pc_raycast", pc_raycast(s, v2(0, 4), v2(NAN, 0), 1, &h));
  EXPECT(PC_NULL_POINTER, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), 1, NULL));
  EXPECT(PC_NULL_POINTER, "pc_sprite_bounds", pc_sprite_bounds(s, NULL));
  pc_affine m;
  EXPECT(PC_INVALID_NUMBER, "pc_affine_from_parts", pc_affine_from_parts(v2(0, 0), NAN, v2(1, 1), v2(0, 0), &m));
  EXPECT(PC_INVALID_NUMBER, "pc_affine_from_parts", pc_affine_from_parts(v2(0, 0), 0, v2(3e38f, 3e38f), v2(3e38f, 0), &m));
  EXPECT(PC_NULL_POINTER, "pc_affine_from_parts", pc_affine_from_parts(v2(0, 0), 0, v2(1, 1), v2(0, 0), NULL));
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(sq));
  EXPECT(PC_INVALID_HANDLE, "pc_contains_point", pc_contains_point(s, v2(12, 4), &yes));
  EXPECT(PC_INVALID_HANDLE, "pc_touches_rect", pc_touches_rect(s, r, &yes));
  EXPECT(PC_INVALID_HANDLE, "pc_touches_circle", pc_touches_circle(s, v2(0, 0), 1, &yes));
  EXPECT(PC_INVALID_HANDLE, "pc_raycast", pc_raycast(s, v2(0, 4), v2(1, 0), 1, &h));
  EXPECT(PC_INVALID_HANDLE, "pc_sprite_bounds", pc_sprite_bounds(s, &b));
}

static void motion(void) {
  pc_mask sq = square8();
  pc_pose from = {{-20, 0}, 0, {1, 1}};
  pc_pose to = {{20, 0}, 0, {1, 1}};
  pc_pose still = {{0, 0}, 0, {1, 1}};
  pc_motion mover = {sq, from, to, {0, 0}};
  pc_motion wall = {sq, still, still, {0, 0}};
  pc_impact i;
  EXPECT(PC_OK, "pc_time_of_impact", pc_time_of_impact(mover, wall, &i));
  /* The mover's right edge reaches x = 0 after 12 of its 40 units. */
  CHECK(i.found && i.time <= 0.3f && i.time > 0.3f - 2e-4f && i.contact_time >= i.time);
  pc_motion away = {sq, to, to, {0, 0}};
  away.to.position.x = 40;
  EXPECT(PC_OK, "pc_time_of_impact", pc_time_of_impact(away, wall, &i));
  CHECK(!i.found);
  pc_motion bad = mover;
  bad.to.rotation = NAN;
  EXPECT(PC_INVALID_NUMBER, "pc_time_of_impact", pc_time_of_impact(bad, wall, &i));
  bad = mover;
  bad.origin.y = -INFINITY;
  EXPECT(PC_INVALID_NUMBER, "pc_time_of_impact", pc_time_of_impact(wall, bad, &i));
  EXPECT(PC_NULL_POINTER, "pc_time_of_impact", pc_time_of_impact(mover, wall, NULL));
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(sq));
  EXPECT(PC_INVALID_HANDLE, "pc_time_of_impact", pc_time_of_impact(mover, wall, &i));
}

static void world(void) {
  pc_mask sq = square8();
  pc_world w;
  EXPECT(PC_OK, "pc_world_new", pc_world_new(&w));
  pc_sprite sprites[4] = {place(sq, at(0, 0)), place(sq, at(50, 0)), place(sq, at(4, 4)), place(sq, at(53, 7))};
  pc_pairs found;
  for (int frame = 0; frame < 3; frame++) {
    EXPECT(PC_OK, "pc_world_touching_pairs", pc_world_touching_pairs(w, sprites, 4, &found));
    CHECK(found.count == 2);
    if (found.count == 2) {
      CHECK(found.pairs[0].a == 0 && found.pairs[0].b == 2);
      CHECK(found.pairs[1].a == 1 && found.pairs[1].b == 3);
    }
  }
  EXPECT(PC_OK, "pc_world_touching_pairs", pc_world_touching_pairs(w, NULL, 0, &found));
  CHECK(found.count == 0 && found.pairs == NULL);
  EXPECT(PC_NULL_POINTER, "pc_world_touching_pairs", pc_world_touching_pairs(w, NULL, 2, &found));
  EXPECT(PC_NULL_POINTER, "pc_world_touching_pairs", pc_world_touching_pairs(w, sprites, 4, NULL));
  sprites[3].transform.d = NAN;
  EXPECT(PC_INVALID_NUMBER, "pc_world_touching_pairs", pc_world_touching_pairs(w, sprites, 4, &found));
  CHECK(strstr(pc_last_error_message(), "sprites[3]") != NULL);
  sprites[3].transform.d = 1;
  sprites[1].mask.generation += 1;
  EXPECT(PC_INVALID_HANDLE, "pc_world_touching_pairs", pc_world_touching_pairs(w, sprites, 4, &found));
  CHECK(strstr(pc_last_error_message(), "sprites[1]") != NULL);
  pc_world null_world = {0, 0};
  pc_world foreign = {99999, 1};
  EXPECT(PC_INVALID_HANDLE, "pc_world_touching_pairs", pc_world_touching_pairs(null_world, sprites, 1, &found));
  EXPECT(PC_INVALID_HANDLE, "pc_world_touching_pairs", pc_world_touching_pairs(foreign, sprites, 1, &found));
  EXPECT(PC_OK, "pc_world_free", pc_world_free(w));
  EXPECT(PC_INVALID_HANDLE, "pc_world_touching_pairs", pc_world_touching_pairs(w, sprites, 1, &found));
  EXPECT(PC_INVALID_HANDLE, "pc_world_free", pc_world_free(w));
  EXPECT(PC_INVALID_HANDLE, "pc_world_free", pc_world_free(foreign));
  /* A mask handle is not a world handle. */
  pc_world from_mask = {sq.index, sq.generation};
  pc_world spare;
  EXPECT(PC_OK, "pc_world_new", pc_world_new(&spare));
  if (spare.index != from_mask.index || spare.generation != from_mask.generation) {
    EXPECT(PC_INVALID_HANDLE, "pc_world_free", pc_world_free(from_mask));
  }
  EXPECT(PC_OK, "pc_world_free", pc_world_free(spare));
  EXPECT(PC_NULL_POINTER, "pc_world_new", pc_world_new(NULL));
  EXPECT(PC_OK, "pc_mask_free", pc_mask_free(sq));
}

static void statuses(void) {
  CHECK(strcmp(pc_status_name(PC_OK), "PC_OK") == 0);
  CHECK(strcmp(pc_status_name(PC_INVALID_HANDLE), "PC_INVALID_HANDLE") == 0);
  CHECK(strcmp(pc_status_name(PC_INTERNAL), "PC_INTERNAL") == 0);
  CHECK(strcmp(pc_status_name(42), "PC_UNKNOWN_STATUS") == 0);
  CHECK(pc_last_error_message() != NULL);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s PNG_FILE\n", argv[0]);
    return 2;
  }
  masks(argv[1]);
  pairs();
  shapes();
  motion();
  world();
  statuses();
  printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
