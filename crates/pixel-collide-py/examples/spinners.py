"""Spinfall's falling spinners in pygame-ce, with exact collision of the turned sprites.

Plus-shaped blocks fall and spin; the figure moves with the arrow keys (or A and D); the screen
flashes red while the figure touches a block. Each block is drawn with pygame.transform.rotate and
tested with pixel_collide.Sprite and collide, which place the mask exactly as drawn, with no
rotated copy of it made.

    python examples/spinners.py               # play (Esc quits)
    python examples/spinners.py --frames 600  # 600 frames on autopilot, as fast as it goes
"""

import argparse
import math
import random
import sys

import pygame

import pixel_collide as pc

WIDTH, HEIGHT, FLOOR = 480, 640, 600
SKY, RED, BLOCK, FIGURE = (18, 22, 38), (150, 20, 30), (90, 170, 230), (240, 200, 90)


def plus_surface(side):
    """A spinner: a plus sign with arms a third of its side thick."""
    arm = side // 3
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    surface.fill(BLOCK, (arm, 0, side - 2 * arm, side))
    surface.fill(BLOCK, (0, arm, side, side - 2 * arm))
    return surface


def figure_surface():
    """The player's figure: a round head on a body."""
    surface = pygame.Surface((24, 40), pygame.SRCALPHA)
    pygame.draw.circle(surface, FIGURE, (12, 8), 8)
    pygame.draw.rect(surface, FIGURE, (4, 16, 16, 24), border_radius=4)
    return surface


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, help="run this many frames on autopilot, then quit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--screenshot", help="save the first frame where the figure is hit here")
    options = parser.parse_args(argv)
    pygame.display.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    pygame.display.set_caption("Spinfall in pygame-ce")
    clock, rng = pygame.time.Clock(), random.Random(options.seed)

    spinners = [plus_surface(side) for side in (36, 48, 64)]
    masks = [pc.Mask.from_surface(s) for s in spinners]  # once, not every frame
    figure = figure_surface()
    figure_mask = pc.Mask.from_surface(figure)
    blocks, x, frame, touching_frames = [], WIDTH / 2, 0, 0

    while options.frames is None or frame < options.frames:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                return 0
        if options.frames is None:
            keys = pygame.key.get_pressed()
            x += 5 * ((keys[pygame.K_RIGHT] or keys[pygame.K_d]) - (keys[pygame.K_LEFT] or keys[pygame.K_a]))
        else:
            x = WIDTH / 2 + math.sin(frame / 25) * (WIDTH / 2 - 40)  # autopilot
        x = min(max(x, 12), WIDTH - 12)
        if frame % 20 == 0:
            kind = rng.randrange(len(spinners))
            blocks.append([kind, rng.uniform(30, WIDTH - 30), -40.0, rng.uniform(0, 360), rng.uniform(-4, 4)])
        for block in blocks:
            block[2] += 3.0  # fall
            block[3] += block[4]  # spin, degrees
        blocks = [b for b in blocks if b[2] < HEIGHT + 50]

        # Each block against the figure: bounding rectangles first, then the exact test.
        player = pc.Sprite(figure_mask, (x, FLOOR - 20))
        touching = any(
            pc.collide(player, pc.Sprite(masks[kind], (bx, by), angle))
            for kind, bx, by, angle, _ in blocks
            if abs(bx - x) < 60 and abs(by - (FLOOR - 20)) < 70
        )
        touching_frames += touching

        screen.fill(RED if touching else SKY)
        for kind, bx, by, angle, _ in blocks:
            image = pygame.transform.rotate(spinners[kind], angle)  # counterclockwise, as Sprite
            screen.blit(image, image.get_rect(center=(round(bx), round(by))))
        screen.blit(figure, figure.get_rect(center=(round(x), FLOOR - 20)))
        if touching and options.screenshot and touching_frames == 1:
            pygame.image.save(screen, options.screenshot)
        pygame.display.flip()
        clock.tick(0 if options.frames else 60)
        frame += 1

    print("spinners: %d frames, the figure touched a block on %d" % (frame, touching_frames))
    if options.frames and touching_frames == 0:
        print("spinners: no block ever touched the figure on autopilot")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
