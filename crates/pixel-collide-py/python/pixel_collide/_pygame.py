"""The parts of the pygame interop that need pygame's own API: a surface's pixels as
``pygame.mask.from_surface`` reads them, and a pygame mask's words through its buffer."""


def surface_pixels(surface):
    """What ``Mask.from_surface`` reads of ``surface``.

    ``(keyed, data, width, height, pitch, bytesize, key)``: with a colour key, the raw pixel
    buffer (rows ``pitch`` bytes apart, ``bytesize`` bytes a pixel) and the key's raw value, which
    pygame compares each pixel with; otherwise the pixels as RGBA bytes.
    """
    try:
        import pygame
    except ImportError as err:  # pragma: no cover - the tests run with pygame-ce
        raise TypeError("Mask.from_surface needs pygame or pygame-ce installed") from err
    if not isinstance(surface, pygame.Surface):
        raise TypeError(
            "Mask.from_surface takes a pygame Surface, not %s" % type(surface).__name__
        )
    width, height = surface.get_size()
    key = surface.get_colorkey()
    if key is None:
        tobytes = getattr(pygame.image, "tobytes", None) or pygame.image.tostring
        return False, tobytes(surface, "RGBA"), width, height, 0, 0, 0
    raw = surface.get_buffer().raw
    return (
        True,
        raw,
        width,
        height,
        surface.get_pitch(),
        surface.get_bytesize(),
        surface.map_rgb(key),
    )


def _buffer(mask):
    try:
        return memoryview(mask)
    except TypeError as err:
        raise TypeError(
            "a pygame.mask.Mask is needed (pygame 2 or pygame-ce), not %s" % type(mask).__name__
        ) from err


def mask_words(mask):
    """``(width, height, words, itemsize)`` of a ``pygame.mask.Mask``."""
    import pygame.mask

    if not isinstance(mask, pygame.mask.Mask):
        raise TypeError("Mask.from_pygame takes a pygame.mask.Mask, not %s" % type(mask).__name__)
    width, height = mask.get_size()
    view = _buffer(mask)
    if width == 0 or height == 0:
        # A mask with no texels has no words (and pygame-ce 2.5.6 fails to copy its empty buffer).
        return width, height, b"", view.itemsize
    return width, height, view.tobytes(), view.itemsize


def new_mask(size):
    """An empty ``pygame.mask.Mask`` of ``size`` and the bytes of one of its words."""
    import pygame.mask

    mask = pygame.mask.Mask(size)
    return mask, _buffer(mask).itemsize


def write_words(mask, data):
    """Copies ``data`` over the words of ``mask``."""
    _buffer(mask).cast("B")[:] = data


def rect_classes():
    """``(Rect, FRect)`` of the installed pygame (``FRect`` is ``None`` on pygame 2), or ``None``
    when no pygame is installed: rectangles are pygame's whether or not the program imported it
    first. An import made here does not print pygame's support prompt."""
    import os
    import sys

    quiet = "pygame" not in sys.modules and "PYGAME_HIDE_SUPPORT_PROMPT" not in os.environ
    if quiet:
        os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    try:
        import pygame
    except ImportError:
        return None
    finally:
        if quiet:
            del os.environ["PYGAME_HIDE_SUPPORT_PROMPT"]
    return pygame.Rect, getattr(pygame, "FRect", None)
