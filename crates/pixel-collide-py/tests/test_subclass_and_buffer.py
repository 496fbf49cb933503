"""``Mask`` as pygame's is beyond its methods: a class games subclass (with constructors of their
own, attributes kept by their own ``copy``), and an object with the buffer protocol."""

import copy
import sys

import pygame
import pytest

import pixel_collide as pc
from pixel_collide import mask as pcmask


class Square(pcmask.Mask):
    """A subclass whose constructor takes other arguments than ``Mask``'s, as games write them."""

    def __init__(self, side, name="square"):
        super().__init__((side, side), fill=True)
        self.name = name


def test_a_subclass_with_its_own_constructor_is_sized_by_what_it_passes_to_mask():
    square = Square(5, name="crate")
    assert isinstance(square, pc.Mask) and square.get_size() == (5, 5) and square.count() == 25
    assert square.name == "crate"
    # Its masks collide and place like any other.
    assert square.overlap(pcmask.Mask((3, 3), True), (4, 4)) == (4, 4)
    sprite = pc.Sprite(square, (10, 10), angle=45)
    assert pc.overlaps(sprite, pc.Sprite(pc.Mask(2, 2, True), (10, 10)))


def test_copies_of_a_subclass_are_of_its_class_and_deep_copies_keep_its_attributes():
    square = Square(70, name="big")
    square.set_at((69, 69), 0)
    shallow = copy.copy(square)
    assert type(shallow) is Square and shallow == square and shallow is not square
    # As pygame does, the copy is made without the class's `__init__`: no attribute of its own.
    assert not hasattr(shallow, "name")
    deep = copy.deepcopy(square)
    assert type(deep) is Square and deep == square and deep.name == "big"
    # Masks the methods make are the package's own class, as pygame's are.
    assert type(square.overlap_mask(square, (0, 0))) is pcmask.Mask
    assert type(square.scale((3, 3))) is pcmask.Mask


def test_masks_made_by_mask_new_alone_have_no_texels():
    bare = pcmask.Mask.__new__(pcmask.Mask)
    assert bare.get_size() == (0, 0) and bare.count() == 0
    bare.__init__((4, 2), True)
    assert bare.get_size() == (4, 2) and bare.count() == 8


needs_buffer = pytest.mark.skipif(
    sys.version_info < (3, 11), reason="the 3.9 and 3.10 wheels have no buffer protocol"
)


@needs_buffer
def test_a_memoryview_is_the_masks_words_live_and_read_only():
    mask = pcmask.Mask((130, 3))
    view = memoryview(mask)
    theirs = memoryview(pygame.mask.Mask((130, 3)))
    assert view.readonly and view.ndim == 2 and view.shape == (3, 3) and view.strides == (24, 8)
    assert view.shape == theirs.shape and view.itemsize == theirs.itemsize == 8
    mask.set_at((129, 2))
    assert view[2, 2] == 1 << 1
    with pytest.raises(TypeError):
        view[0, 0] = 1
    view.release()


@needs_buffer
def test_a_mask_whose_words_are_viewed_refuses_to_replace_them_until_the_view_is_released():
    mask = pcmask.Mask((10, 10))
    with memoryview(mask):
        with pytest.raises(BufferError):
            mask.fill()
        with pytest.raises(BufferError):
            mask.draw(pcmask.Mask((2, 2), True), (0, 0))
        assert mask.count() == 0
    mask.fill()
    assert mask.count() == 100


@needs_buffer
def test_a_memoryview_of_a_mask_with_a_zero_side_is_empty():
    for size in ((0, 5), (5, 0), (0, 0)):
        view = memoryview(pcmask.Mask(size))
        assert view.nbytes == 0 and view.shape[0] * view.shape[1] == 0
