/* The shortest C program: two 8 x 8 squares, one turned 45 degrees about its centre, asked
 * whether they overlap. Build: cc hello.c $(pkg-config --cflags --libs pixel-collide) */
#include <pixel_collide.h>
#include <stdio.h>

int main(void) {
  unsigned char rgba[8 * 8 * 4];
  for (int i = 0; i < 8 * 8 * 4; i++) rgba[i] = 255; /* opaque white */
  pc_mask square;
  if (pc_mask_from_rgba(rgba, sizeof rgba, 8, 8, 0, 0, &square) != PC_OK) {
    fprintf(stderr, "%s\n", pc_last_error_message());
    return 1;
  }
  pc_affine turned;
  pc_affine_from_parts((pc_vec2){20, 10}, 0.785398f, (pc_vec2){1, 1}, (pc_vec2){4, 4}, &turned);
  pc_sprite a = {square, {1, 0, 0, 1, 10, 6}}; /* a translation: texel (0, 0) at (10, 6) */
  pc_sprite b = {square, turned};
  bool hit;
  pc_overlaps(a, b, &hit);
  printf("overlap: %s\n", hit ? "yes" : "no");
  pc_mask_free(square);
  return 0;
}
