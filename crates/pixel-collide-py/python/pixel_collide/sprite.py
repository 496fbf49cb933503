"""``pygame.sprite`` with exact turned masks: ``collide_mask`` for ``pygame.sprite.spritecollide``,
``groupcollide`` and ``spritecollideany`` that places each sprite as it is drawn, turned and scaled,
instead of comparing masks rebuilt from rotated images.

A sprite takes part as its pygame ``Sprite`` already describes it:

* ``sprite.mask``: a ``pixel_collide.Mask`` of the *unturned* image (made once, with
  ``pixel_collide.mask.from_surface(original_image)``), turned by ``sprite.angle`` (degrees,
  counterclockwise as ``pygame.transform.rotate`` takes it; 0 when absent) and scaled by
  ``sprite.scale`` (a number or an ``(sx, sy)`` pair; 1 when absent), about the mask's centre,
  which lands on the centre of ``sprite.rect``;
* or, when ``sprite.mask`` is not a ``pixel_collide.Mask`` (a pygame mask, or none), the mask of
  ``sprite.image`` as drawn, at ``sprite.rect``, where ``angle`` and ``scale`` do not apply: the
  image is already turned. This is what ``pygame.sprite.collide_mask`` answers, built on each call.

A game that rotates its sprites' images with ``pygame.transform.rotate`` about their centres keeps
``rect = image.get_rect(center=...)``, so the centre of ``rect`` is the centre of the turned image,
which is where the unturned mask's centre lands.
"""

from ._native import Mask, Sprite, collide


def placed(sprite):
    """placed(sprite) -> pixel_collide.Sprite

    The exact placement of a ``pygame.sprite.Sprite`` (see the module's docs).
    """
    rect = sprite.rect
    centre = (rect.x + rect.width / 2, rect.y + rect.height / 2)
    mask = getattr(sprite, "mask", None)
    if isinstance(mask, Mask):
        return Sprite(mask, centre, getattr(sprite, "angle", 0.0), getattr(sprite, "scale", 1.0))
    return Sprite(Mask.from_surface(sprite.image), centre)


def collide_mask(left, right):
    """collide_mask(left, right) -> (x, y) or None

    A world point where two sprites' solid texels overlap, each placed exactly (see the module's
    docs), or ``None``: the callback ``pygame.sprite.spritecollide``, ``groupcollide`` and
    ``spritecollideany`` take, in place of ``pygame.sprite.collide_mask`` (whose point is in the
    left mask's texels instead).
    """
    contact = collide(placed(left), placed(right))
    return None if contact is None else contact.point


__all__ = ["collide_mask", "placed"]
