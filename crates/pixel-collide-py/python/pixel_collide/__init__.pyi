"""Type stubs of pixel_collide: exact per-pixel collision of turned and scaled sprites."""

import os
from typing import (
    Any, List, Optional, Sequence, SupportsFloat, SupportsIndex, Tuple, TypeVar, Union,
)

_Pair = Union[Tuple[float, float], Sequence[SupportsFloat]]
_IntPair = Union[Tuple[int, int], Sequence[SupportsIndex]]
_RectLike = Union[Tuple[float, float, float, float], Sequence[SupportsFloat]]
_Buffer = Any  # bytes, bytearray, memoryview, array.array, a NumPy array: the buffer protocol
_Numbers = Any  # a sequence of numbers or of pairs, or a NumPy array
_OtherMask = Union["Mask", Any]  # a pixel_collide.Mask, or a pygame.mask.Mask (copied)
_M = TypeVar("_M", bound="Mask")

IMPACT_RESOLUTION: float
MAX_SIDE: int
MAX_TEXELS: int

class Mask:
    """Which texels of a `width` x `height` image are solid, one bit each: pygame's `Mask`, with its
    methods by their pygame names, that `Sprite` places anywhere in the world turned and scaled.
    """

    def __init__(
        self,
        width: Optional[Union[int, _IntPair]] = None,
        height: Optional[Union[int, bool]] = None,
        fill: bool = False,
        *,
        size: Optional[_IntPair] = None,
    ) -> None: ...
    @property
    def width(self) -> int:
        """The mask's width in texels."""
    @property
    def height(self) -> int:
        """The mask's height in texels."""
    @classmethod
    def from_surface(cls, surface: Any, threshold: int = 127) -> "Mask":
        """The mask `pygame.mask.from_surface` makes of a pygame or pygame-ce `Surface`: with a
        colour key, every pixel not of the key colour is solid; otherwise every pixel whose alpha
        is above `threshold` (all of them on a surface without per-pixel alpha).
        """
    @classmethod
    def from_pygame(cls, mask: Any) -> "Mask":
        """A copy of a `pygame.mask.Mask` (pygame 2 or pygame-ce), word for word."""
    @classmethod
    def from_rgba(cls, data: _Buffer, width: int, height: int, threshold: int = 127) -> "Mask":
        """A mask from `width * height` RGBA pixels, four bytes each, row by row from the top left
        (any bytes-like object: `bytes`, `bytearray`, `memoryview`, a NumPy array's buffer); a
        texel is solid when its alpha is above `threshold`. `ValueError` for a byte count that
        does not match the size.
        """
    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"], threshold: int = 127) -> "Mask":
        """A mask from an image file (PNG), a texel solid when its alpha is above `threshold`.
        `OSError` when the file cannot be read, `ValueError` when it is not an image or is larger
        than 8192 x 8192 texels (16384 a side).
        """
    def to_pygame(self) -> Any:
        """A `pygame.mask.Mask` with the same texels, word for word."""
    def to_surface(
        self,
        surface: Any = None,
        setsurface: Any = None,
        unsetsurface: Any = None,
        setcolor: Any = (255, 255, 255, 255),
        unsetcolor: Any = (0, 0, 0, 255),
        dest: Any = (0, 0),
    ) -> Any:
        """The mask drawn on a pygame `Surface`, exactly as pygame's `to_surface` draws it (it runs
        pygame's own, on a copy of this mask): solid texels in `setcolor` or from `setsurface`,
        empty ones in `unsetcolor` or from `unsetsurface`, onto `surface` at `dest` or a new one.
        """
    def get_size(self) -> Tuple[int, int]:
        """The mask's width and height in texels."""
    def get_rect(self, **kwargs: Any) -> Any:
        """A `pygame.Rect` at (0, 0) of the mask's size, with each keyword argument set on it as an
        attribute (`get_rect(center=(100, 100))`), as pygame's `get_rect` gives it.
        """
    def fill(self) -> None:
        """Makes every texel solid."""
    def clear(self) -> None:
        """Makes every texel empty."""
    def invert(self) -> None:
        """Makes every solid texel empty and every empty one solid."""
    def scale(self, scale: _IntPair) -> "Mask":
        """A new mask of size `scale` (a `(width, height)` pair) by nearest neighbour, as pygame
        scales: texel `(x, y)` takes the source texel `(x * width // new_width, y * height //
        new_height)`. `ValueError` for a negative size.
        """
    def draw(self, other: _OtherMask, offset: _IntPair) -> None:
        """Makes solid every texel of this mask that is solid in `other`, with `other`'s top-left
        texel on this mask's texel `offset` (a bitwise OR, as pygame's `draw`).
        """
    def erase(self, other: _OtherMask, offset: _IntPair) -> None:
        """Makes empty every texel of this mask that is solid in `other`, placed as in `draw`."""
    def get_at(self, pos: _IntPair) -> int:
        """1 when texel `pos` (an `(x, y)` pair) is solid, else 0; `IndexError` outside the mask."""
    def set_at(self, pos: _IntPair, value: object = 1) -> None:
        """Makes texel `pos` solid (any true `value`) or empty; `IndexError` outside the mask."""
    def count(self) -> int:
        """How many texels are solid."""
    def overlap(self, other: _OtherMask, offset: _IntPair) -> Optional[Tuple[int, int]]:
        """A texel solid in both masks, with `other`'s top-left texel on this mask's texel `offset`,
        in this mask's texels; `None` when they share none.
        """
    def overlap_area(self, other: _OtherMask, offset: _IntPair) -> int:
        """How many texels are solid in both masks, `other` placed as in `overlap`."""
    def overlap_mask(self, other: _OtherMask, offset: _IntPair) -> "Mask":
        """A mask of this one's size whose solid texels are those solid in both, `other` placed as
        in `overlap`.
        """
    def centroid(self) -> Tuple[int, int]:
        """The mean texel of the solid texels, each coordinate rounded down, as pygame gives it; (0,
        0) when none is solid. (`Sprite`s turn about `origin`, by default the mask's centre.)
        """
    def fitted_circle(self) -> Optional[Tuple[Tuple[float, float], float]]:
        """The circle this mask is a filled raster of, in texel coordinates (x right, y down, a
        texel one unit across): the solid texels' centroid and the radius of their area; None for
        a mask that is no circle's raster: a texel centre within the radius less three quarters
        of a texel empty, or one beyond it plus that solid (a ring, a disc with a hole or a bite,
        a square, an ellipse), or a radius under 6 texels. A ball drawn with `pygame.draw.circle`
        is one; its `Sprite` can then stand for a circle wherever a smooth outline matters more
        than its texels' corners. A circle is `(center, radius)` throughout, as `touches_circle`
        and `pygame.draw.circle` take it.
        """
    def angle(self) -> float:
        """The orientation of the solid texels in degrees, from -90 to 90, from their second moments
        in pygame's own arithmetic (each moment divided by the count in whole numbers, as its C
        code does), so it gives pygame's number; 0.0 for an empty mask. (The crate's
        `orientation` keeps the moments exact.)
        """
    def outline(self, every: int = 1) -> List[Tuple[int, int]]:
        """The boundary texels of the first component in row order, traced clockwise on screen from
        its first texel back to it (the first texel ends the list again, as in pygame), every
        `every`-th one (pygame's `outline`).
        """
    def connected_components(self, minimum: int = 0) -> List["Mask"]:
        """Each 8-connected component of at least `minimum` texels as a mask of this mask's size, in
        pygame's order: by each component's first texel in row order (top row first, then left).
        Each takes the whole mask's bytes, as in pygame: `MemoryError` when they do not fit.
        """
    def connected_component(self, pos: Optional[_IntPair] = None) -> "Mask":
        """The 8-connected component holding texel `pos`, as a mask of this mask's size (an empty
        mask when that texel is empty; `IndexError` outside the mask); without `pos`, the largest
        component (the first in `connected_components`' order among equals), or an empty mask.
        """
    def get_bounding_rects(self) -> List[Any]:
        """The bounding rectangle of each 8-connected component, in `connected_components`' order,
        as `pygame.Rect`s (tuples `(x, y, w, h)` where no pygame is installed).
        """
    def convolve(
        self, other: _OtherMask, output: Optional[_OtherMask] = None, offset: _IntPair = (0, 0)
    ) -> Any:
        """Every whole-texel offset at which `other` overlaps this mask, as pygame's `convolve`:
        texel `(x + offset[0], y + offset[1])` is solid when `other` with its bottom-right texel
        on `(x, y)` overlaps. Drawn onto `output` (a mask of this package or of pygame, which is
        returned) when given, else onto a new mask of `(width + other.width - 1) x (height +
        other.height - 1)` texels (0 where that is negative). `ValueError` when that size is past
        the limits.
        """
    def copy(self: _M) -> _M:
        """A new mask with the same texels, of this mask's class: `copy.copy(mask)`, so a subclass
        that overrides `__copy__` copies its own attributes through both, as pygame's does. A
        mask edited with `set_at` after its first turned query keeps a tree shaped for edits; its
        copy gets the tree best for its shape, which turned queries of a mask built texel by
        texel and then left alone answer faster.
        """
    def __copy__(self: _M) -> _M: ...
    def __deepcopy__(self: _M, memo: Any) -> _M: ...
    def __eq__(self, other: object) -> bool: ...

class Sprite:
    """A mask placed in the world: texel point `t` lands at `position + R(angle) S(scale) (t -
    origin)` on a y-down screen, `angle` in degrees counterclockwise on screen (as
    `pygame.transform.rotate` turns an image), `scale` a number or an `(sx, sy)` pair (negative
    flips), `origin` the pivot in texels (the mask's centre by default).
    """

    def __init__(
        self,
        mask: Mask,
        position: _Pair,
        angle: float = 0.0,
        scale: Optional[Union[float, _Pair]] = None,
        origin: Optional[_Pair] = None,
    ) -> None: ...
    mask: Mask
    @property
    def position(self) -> Tuple[float, float]:
        """The world point the origin lands on, `(x, y)`."""
    @position.setter
    def position(self, value: _Pair) -> None: ...
    angle: float
    @property
    def scale(self) -> Tuple[float, float]:
        """The scale along the mask's own x and y, `(sx, sy)` (negative flips)."""
    @scale.setter
    def scale(self, value: Union[float, _Pair]) -> None: ...
    @property
    def origin(self) -> Tuple[float, float]:
        """The pivot in texels, `(x, y)`."""
    @origin.setter
    def origin(self, value: _Pair) -> None: ...
    @property
    def bounds(self) -> Any:
        """The world rectangle around the placed mask: a `pygame.FRect` when pygame-ce is imported,
        else an `(x, y, w, h)` tuple of floats.
        """
    def place(
        self, position: _Pair, angle: Optional[float] = None, scale: Optional[Union[float, _Pair]] = None
    ) -> None:
        """Moves the sprite in one call: a new position, and a new angle or scale when given. A game
        that keeps its `Sprite`s and places them each frame pays for one call, not an object.
        """
    def contains_point(self, point: _Pair) -> bool:
        """Whether the world point lies inside a solid texel."""
    def touches_rect(self, rect: _RectLike) -> bool:
        """Whether a solid texel overlaps the world rectangle `(x, y, w, h)` (a `Rect` or `FRect`
        too); sharing only an edge is not touching.
        """
    def touches_circle(self, center: _Pair, radius: float) -> bool:
        """Whether a solid texel overlaps the open disc."""
    def touches_segment(self, start: _Pair, end: _Pair) -> bool:
        """Whether the world segment passes through a solid texel."""
    def raycast(
        self, origin: _Pair, direction: _Pair, max_distance: float = ...
    ) -> Optional["RayHit"]:
        """The first solid texel a ray from the world point `origin` along `direction` enters within
        `max_distance` (world units along the ray): its point, distance and the outward normal of
        the face it enters. A ray starting inside hits at distance 0.
        """

class Group:
    """Many sprites at once: add them, move them all with `update` from sequences or NumPy arrays,
    and get every touching pair with `pairs` or what one probe sprite touches with `touching`.
    Sprites are numbered in the order they were added.
    """

    def __init__(self, sprites: Sequence[Sprite] = ()) -> None: ...
    def add(self, sprite: Sprite) -> int:
        """Adds a copy of `sprite`'s placement and returns its index."""
    def __len__(self) -> int: ...
    def sprite(self, i: int) -> Sprite:
        """A new `Sprite` placed as sprite `i` of the group is now."""
    def update(
        self,
        positions: Optional[_Numbers] = None,
        angles: Optional[_Numbers] = None,
        scales: Optional[_Numbers] = None,
    ) -> None:
        """Moves every sprite at once: `positions` one `(x, y)` per sprite (a sequence of pairs, a
        flat sequence, or an `N x 2` NumPy array), `angles` one number per sprite in degrees,
        `scales` one number or one pair per sprite. `ValueError` for a count that does not match
        or a number that is not finite, and then nothing moves.
        """
    def set(
        self,
        i: int,
        position: Optional[_Pair] = None,
        angle: Optional[float] = None,
        scale: Optional[Union[float, _Pair]] = None,
    ) -> None:
        """Moves sprite `i` alone."""
    def pairs(self) -> List[Tuple[int, int]]:
        """Every pair of sprites, `i < j`, that share a solid texel, sorted."""
    def touching(self, probe: Sprite) -> List[int]:
        """The indices of the group's sprites that share a solid texel with the sprite `probe`,
        sorted.
        """

class Contact:
    """Two sprites touching: `point` inside a solid texel of both, `normal` a unit vector pointing
    from the first sprite towards the second (swapping the sprites reverses it exactly), `depth`
    how far the two texel boxes met at `point` overlap along it.
    """

    @property
    def point(self) -> Tuple[float, float]:
        """A world point inside a solid texel of both sprites."""
    @property
    def normal(self) -> Tuple[float, float]:
        """A unit vector from the first sprite towards the second."""
    @property
    def depth(self) -> float:
        """The overlap along `normal` of the two texel boxes met at `point`."""

class PushOut:
    """The shortest move of the first sprite out of the second: add `offset` to its position and
    they touch at most along edges; `normal` points from the first towards the second;
    `budget_ran_out` is true when the search settled for parting the two sprites' bounds.
    """

    @property
    def offset(self) -> Tuple[float, float]:
        """The world translation that parts the first sprite from the second."""
    @property
    def normal(self) -> Tuple[float, float]:
        """A unit vector from the first sprite towards the second."""
    @property
    def budget_ran_out(self) -> bool:
        """Whether the looser fallback move was taken."""

class Impact:
    """When two moving sprites first touch within a step: `time` (0 to 1) no later than the first
    touch, at which both can be moved and stay apart; `contact_time`, at most 2**-14 later, at
    which they touch; `point`, a world point inside both at `contact_time`.
    """

    @property
    def time(self) -> float:
        """A fraction of the step no later than the first touch."""
    @property
    def contact_time(self) -> float:
        """A fraction of the step at which the sprites touch."""
    @property
    def point(self) -> Tuple[float, float]:
        """A world point inside solid texels of both at `contact_time`."""

class RayHit:
    """Where a ray enters a sprite's solid texels: the world `point`, its `distance` along the ray
    and the outward `normal` of the face entered.
    """

    @property
    def point(self) -> Tuple[float, float]:
        """The world point of entry."""
    @property
    def distance(self) -> float:
        """The world distance from the ray's origin."""
    @property
    def normal(self) -> Tuple[float, float]:
        """The unit outward normal of the face entered."""

class Distance:
    """How far apart two sprites are: `distance` between their closest solid texels (0 when they
    touch), `on_a` and `on_b` the closest points, `lower_bound`, which is `distance` unless
    the search ran out of work first (the true distance then lies between the two), and
    `budget_ran_out`, whether it did.
    """

    @property
    def distance(self) -> float:
        """The world distance between the closest solid texels."""
    @property
    def on_a(self) -> Tuple[float, float]:
        """A point of a solid texel of the first sprite."""
    @property
    def on_b(self) -> Tuple[float, float]:
        """A point of a solid texel of the second sprite."""
    @property
    def lower_bound(self) -> float:
        """No pair of solid texels lies closer."""
    @property
    def budget_ran_out(self) -> bool:
        """Whether the search ran out of its work budget before it was sure."""

def collide(a: Sprite, b: Sprite) -> Optional[Contact]:
    """Where sprites `a` and `b` share a solid texel: a `Contact` whose normal points from `a`
    towards `b`, or `None` when they do not touch (sharing only an edge or a corner is not
    touching).
    """
def distance(a: Sprite, b: Sprite) -> Optional[Distance]:
    """How far apart the solid texels of `a` and `b` are (each texel its closed square), with the
    closest point on each: 0 when they overlap or share an edge. `None` when either has no solid
    texel. Exact up to float rounding, found by a search over the masks' trees.
    """
def overlap(a: Sprite, b: Sprite) -> Optional[Tuple[float, float]]:
    """A world point inside solid texels of both sprites, or `None` when they do not touch: what
    pygame's `Mask.overlap` answers for two rotated images, here for the sprites themselves. The
    point `collide(a, b)` gives, without the work of its normal and depth, the same in either
    order.
    """
def overlaps(a: Sprite, b: Sprite) -> bool:
    """Whether sprites `a` and `b` share a solid texel: `collide(a, b) is not None`, answered
    sooner.
    """
def overlap_area(a: Sprite, b: Sprite) -> float:
    """The world area the solid texels of `a` and `b` share, exactly (up to float rounding)."""
def push_out(a: Sprite, b: Sprite) -> Optional[PushOut]:
    """The shortest move of `a` that leaves it sharing no solid texel with `b`, or `None` when they
    do not overlap: a `Sprite` at `a.position + offset` touches `b` at most along edges. Exact on
    the texel grid when both share one; otherwise the shortest of exact pushes along 32
    directions refined to 1/512 of a turn.
    """
def time_of_impact(
    a: Sprite, a_end: Sprite, b: Sprite, b_end: Optional[Sprite] = None
) -> Optional[Impact]:
    """The first time in a step at which two moving sprites touch: `a` moves from its pose in `a` to
    its pose in `a_end` (position, angle and scale each interpolated linearly), `b` from `b` to
    `b_end` (still when `b_end` is None). Each pair must place the same mask about the same
    origin. `None` when they never touch in the step.
    """
