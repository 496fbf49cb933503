"""The parts of the pygame interop that need pygame's own API: a surface's pixels as
``pygame.mask.from_surface`` reads them, and a pygame mask's words through its buffer."""


def surface_pixels(surface):
    """What ``Mask.from_surface`` reads of ``surface``.

    ``(mode, data, width, height, pitch, bytesize, value, shift, loss)``. ``mode`` is ``"key"``
    with a colour key: the raw pixel buffer (rows ``pitch`` bytes apart, ``bytesize`` bytes a
    pixel) and the key's raw value, which pygame compares each pixel with. ``"alpha"`` for per-pixel
    alpha of fewer than eight bits (16-bit surfaces): the raw buffer, the alpha mask as ``value``
    and its shift and loss, which SDL widens to eight bits as pygame reads them. ``"rgba"`` for
    other per-pixel alpha: the pixels as RGBA bytes. ``"opaque"`` for a surface without per-pixel
    alpha: every pixel's alpha is 255 (no data).
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
    bytesize, pitch = surface.get_bytesize(), surface.get_pitch()
    if key is not None:
        raw = surface.get_buffer().raw
        return "key", raw, width, height, pitch, bytesize, surface.map_rgb(key), 0, 0
    amask, ashift, aloss = surface.get_masks()[3], surface.get_shifts()[3], surface.get_losses()[3]
    if not amask:
        return "opaque", b"", width, height, 0, 0, 0, 0, 0
    if aloss:
        raw = surface.get_buffer().raw
        return "alpha", raw, width, height, pitch, bytesize, amask, ashift, aloss
    tobytes = getattr(pygame.image, "tobytes", None) or pygame.image.tostring
    return "rgba", tobytes(surface, "RGBA"), width, height, 0, 0, 0, 0, 0


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


def is_mask(obj):
    """Whether ``obj`` is a ``pygame.mask.Mask``; never imports pygame (no mask of an unimported
    pygame exists)."""
    import sys

    module = sys.modules.get("pygame.mask")
    return module is not None and isinstance(obj, module.Mask)


def new_mask(size):
    """An empty ``pygame.mask.Mask`` of ``size``."""
    import pygame.mask

    return pygame.mask.Mask(size)


def word_size(mask):
    """The bytes of one of a ``pygame.mask.Mask``'s words."""
    return _buffer(mask).itemsize


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
