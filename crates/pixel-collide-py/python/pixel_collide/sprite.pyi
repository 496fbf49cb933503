"""Type stubs of pixel_collide.sprite: pygame.sprite collision callbacks with exact turned masks."""

from typing import Any, Optional, Tuple

from . import Sprite

def placed(sprite: Any) -> Sprite: ...
def collide_mask(left: Any, right: Any) -> Optional[Tuple[float, float]]: ...
