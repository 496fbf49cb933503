"""pygame.mask with pygame-ce's names: ``from pixel_collide import mask`` in place of
``from pygame import mask``.

``Mask`` takes pygame-ce's constructor forms and has every method pygame-ce 2.5's ``Mask`` has, by
its signatures, keyword names, defaults and return types (the package README's compatibility table
lists the few documented differences); ``from_surface`` and ``from_threshold`` make masks from
pygame ``Surface``s as pygame's do. Every mask is also a ``pixel_collide.Mask``, so a ``Sprite``
can place it turned and scaled.
"""

from ._native import Mask

#: pygame's other name for ``Mask``.
MaskType = Mask


def from_surface(surface, threshold=127):
    """from_surface(surface, threshold=127) -> Mask

    The mask of ``surface``: with a colour key, every pixel not of the key colour is solid;
    otherwise every pixel whose alpha is above ``threshold``.
    """
    return Mask.from_surface(surface, threshold)


def from_threshold(surface, color, threshold=(0, 0, 0, 255), othersurface=None, palette_colors=1):
    """from_threshold(surface, color, threshold=(0, 0, 0, 255), othersurface=None, palette_colors=1) -> Mask

    The mask of the pixels of ``surface`` within ``threshold`` of ``color`` (or of the matching
    pixels of ``othersurface``), computed by pygame's own ``from_threshold`` and copied.
    """
    import pygame.mask

    # pygame takes no None for ``othersurface``: it is passed only when given.
    extra = () if othersurface is None else (othersurface,)
    return Mask.from_pygame(
        pygame.mask.from_threshold(
            surface, color, threshold, *extra, palette_colors=palette_colors
        )
    )


__all__ = ["Mask", "MaskType", "from_surface", "from_threshold"]
