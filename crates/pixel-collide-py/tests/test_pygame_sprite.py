"""``pixel_collide.sprite.collide_mask`` in ``pygame.sprite``'s own collision functions: the same
answers as ``pygame.sprite.collide_mask`` where nothing is turned, and exact answers where sprites
are (pygame's rotated images agree wherever the overlap is more than a sliver)."""

import pygame
import pytest

import pixel_collide as pc
from pixel_collide import mask as pcmask
from pixel_collide import sprite as pcsprite


def blob(rng, w, h):
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(4):
        pygame.draw.circle(surface, (200, 50, 50, 255), (rng.randrange(w), rng.randrange(h)),
                           rng.randint(2, max(3, min(w, h) // 2)))
    return surface


class Turning(pygame.sprite.Sprite):
    """A sprite as a pygame-ce game writes one: the unturned image kept, the drawn image rotated
    about the centre each frame, and (for this package) the unturned mask made once."""

    def __init__(self, image, centre, angle, exact):
        super().__init__()
        self.original = image
        self.angle = angle
        self.image = pygame.transform.rotate(image, angle)
        self.rect = self.image.get_rect(center=centre)
        self.mask = pcmask.from_surface(image) if exact else pygame.mask.from_surface(self.image)


def test_unturned_sprites_collide_exactly_as_pygames_collide_mask(rng):
    for _ in range(40):
        a = pygame.sprite.Sprite()
        a.image = blob(rng, rng.randint(3, 70), rng.randint(3, 40))
        a.rect = a.image.get_rect(topleft=(rng.randint(-20, 20), rng.randint(-20, 20)))
        group = pygame.sprite.Group()
        for _ in range(6):
            s = pygame.sprite.Sprite()
            s.image = blob(rng, rng.randint(3, 50), rng.randint(3, 50))
            s.rect = s.image.get_rect(topleft=(rng.randint(-40, 60), rng.randint(-40, 40)))
            group.add(s)
        for s in [a, *group]:
            s.mask = pygame.mask.from_surface(s.image)
        theirs = pygame.sprite.spritecollide(a, group, False, pygame.sprite.collide_mask)
        ours_from_images = pygame.sprite.spritecollide(a, group, False, pcsprite.collide_mask)
        for s in [a, *group]:
            s.mask = pcmask.from_surface(s.image)
        ours_from_masks = pygame.sprite.spritecollide(a, group, False, pcsprite.collide_mask)
        assert ours_from_images == theirs == ours_from_masks


def test_turned_sprites_collide_as_placed_and_agree_with_rotated_images_beyond_a_sliver(rng):
    compared = 0
    for _ in range(60):
        images = [blob(rng, rng.randint(8, 48), rng.randint(8, 48)) for _ in range(5)]
        spots = [((rng.uniform(40, 90), rng.uniform(40, 90)), rng.uniform(0, 360)) for _ in images]
        exact = [Turning(img, c, ang, True) for img, (c, ang) in zip(images, spots)]
        rotated = [Turning(img, c, ang, False) for img, (c, ang) in zip(images, spots)]
        ours = pygame.sprite.groupcollide(exact[:1], exact[1:], False, False, pcsprite.collide_mask)
        theirs = pygame.sprite.groupcollide(
            rotated[:1], rotated[1:], False, False, pygame.sprite.collide_mask
        )
        hit_ours = {exact.index(s) for hits in ours.values() for s in hits}
        hit_theirs = {rotated.index(s) for hits in theirs.values() for s in hits}
        for i in range(1, 5):
            a, b = pcsprite.placed(exact[0]), pcsprite.placed(exact[i])
            assert (i in hit_ours) == pc.overlaps(a, b)
            if pc.overlap_area(a, b) > 12.0:
                assert i in hit_theirs, (i, pc.overlap_area(a, b))
                compared += 1
            elif i in hit_theirs and not pc.overlaps(a, b):
                # pygame's rotated image is a re-rasterised copy: it can touch where the sprite
                # does not, by a texel at most.
                assert pc.distance(a, b).distance < 2.0
    assert compared > 20


def test_spritecollideany_and_a_scaled_sprite(rng):
    big = Turning(blob(rng, 30, 30), (50, 50), 0, True)
    big.scale = 2.0
    small = pygame.sprite.Sprite()
    small.image = pygame.Surface((2, 2))
    small.image.fill((255, 255, 255))
    small.rect = small.image.get_rect(center=(50 + 25, 50))
    small.mask = pcmask.from_surface(small.image)
    expected = pc.overlaps(pcsprite.placed(big), pcsprite.placed(small))
    # A pygame-ce FRect, or an (x, y, w, h) tuple on pygame 2.
    assert tuple(pcsprite.placed(big).bounds)[2] == pytest.approx(60.0)
    found = pygame.sprite.spritecollideany(small, [big], pcsprite.collide_mask)
    assert (found is big) == expected


def test_collide_mask_gives_a_world_point_inside_both(rng):
    a = Turning(blob(rng, 40, 40), (50, 50), 30, True)
    b = Turning(blob(rng, 40, 40), (60, 55), 200, True)
    point = pcsprite.collide_mask(a, b)
    if point is not None:
        assert pcsprite.placed(a).contains_point(point)
        assert pcsprite.placed(b).contains_point(point)

