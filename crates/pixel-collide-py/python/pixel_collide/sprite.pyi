"""Type stubs of pixel_collide.sprite: pygame.sprite collision callbacks with exact turned masks."""

from typing import Any, Optional, Tuple

from . import Sprite

def placed(sprite: Any) -> Sprite:
    """The exact placement of a ``pygame.sprite.Sprite`` (see the module's docs)."""
def collide_mask(left: Any, right: Any) -> Optional[Tuple[float, float]]:
    """A world point where two sprites' solid texels overlap, each placed exactly (see the module's
    docs), or ``None``: the callback ``pygame.sprite.spritecollide``, ``groupcollide`` and
    ``spritecollideany`` take, in place of ``pygame.sprite.collide_mask`` (whose point is in the
    left mask's texels instead).
    """
