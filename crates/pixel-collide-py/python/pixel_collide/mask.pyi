"""Type stubs of pixel_collide.mask: pygame.mask with pygame-ce's names."""

from typing import Any, Optional

from . import Mask as Mask

MaskType = Mask

def from_surface(surface: Any, threshold: int = 127) -> Mask:
    """The mask of ``surface``: with a colour key, every pixel not of the key colour is solid;
    otherwise every pixel whose alpha is above ``threshold``.
    """
def from_threshold(
    surface: Any,
    color: Any,
    threshold: Any = (0, 0, 0, 255),
    othersurface: Optional[Any] = None,
    palette_colors: int = 1,
) -> Mask:
    """The mask of the pixels of ``surface`` within ``threshold`` of ``color`` (or of the matching
    pixels of ``othersurface``), computed by pygame's own ``from_threshold`` and copied.
    """
