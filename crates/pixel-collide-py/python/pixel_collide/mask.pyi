"""Type stubs of pixel_collide.mask: pygame.mask with pygame-ce's names."""

from typing import Any, Optional

from . import Mask as Mask

MaskType = Mask

def from_surface(surface: Any, threshold: int = 127) -> Mask: ...
def from_threshold(
    surface: Any,
    color: Any,
    threshold: Any = (0, 0, 0, 255),
    othersurface: Optional[Any] = None,
    palette_colors: int = 1,
) -> Mask: ...
