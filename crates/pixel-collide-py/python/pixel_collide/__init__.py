"""Exact per-pixel collision of turned and scaled sprites, for pygame-ce and pygame.

``Mask`` answers pygame.mask's questions by pygame's names; ``Sprite`` places a mask anywhere in
the world (position, angle in degrees as ``pygame.transform.rotate`` takes it, scale, origin);
``collide``, ``overlaps``, ``overlap_area``, ``push_out`` and ``time_of_impact`` answer for two
sprites exactly, with no rotated image made; ``Group`` finds every touching pair of many.
"""

from ._native import (
    IMPACT_RESOLUTION,
    MAX_SIDE,
    MAX_TEXELS,
    Contact,
    Distance,
    Group,
    Impact,
    Mask,
    PushOut,
    RayHit,
    Sprite,
    collide,
    distance,
    overlap,
    overlap_area,
    overlaps,
    push_out,
    time_of_impact,
)

__all__ = [
    "IMPACT_RESOLUTION",
    "MAX_SIDE",
    "MAX_TEXELS",
    "Contact",
    "Distance",
    "Group",
    "Impact",
    "Mask",
    "PushOut",
    "RayHit",
    "Sprite",
    "collide",
    "distance",
    "overlap",
    "overlap_area",
    "overlaps",
    "push_out",
    "time_of_impact",
]
