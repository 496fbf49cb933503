"""pygame-ce's own mask test suite, run against ``pixel_collide.mask``.

The ``mask_test.py`` that ships inside the installed pygame-ce wheel is loaded as its own module,
with the name ``pygame`` bound, in that module alone, to a stand-in that answers ``pygame.mask`` and
``pygame.Mask`` with this package's and everything else with pygame's own: pygame is unchanged for
every other module. Its test classes are then collected here as they are, so each of its tests
passes or fails by its own name.
"""

import builtins
import importlib.util
import sys
import types
import unittest

import pygame
import pytest

import pixel_collide.mask as pcmask

# pygame-ce's tests that this package skips, each with the reason (the README's compatibility
# table lists them).
SKIPS = {}
if sys.version_info < (3, 11):
    SKIPS["test_buffer_interface"] = (
        "the stable ABI has the buffer protocol from CPython 3.11 on: the wheels for 3.9 and 3.10 "
        "go without memoryview(mask)"
    )

# The suites of the pygame-ce and pygame versions the package is tested against have this many
# tests; a smaller count would mean a suite that did not load whole.
SUITE_TESTS = {("pygame-ce", "2.5.8"): 261, ("pygame", "2.6.1"): 257}


class _PygameWithOurMasks(types.ModuleType):
    """``pygame`` for the suite's module: its ``mask`` and ``Mask`` are this package's."""

    def __getattr__(self, name):
        return getattr(pygame, name)


def _load_suite():
    spec = importlib.util.find_spec("pygame.tests.mask_test")
    if spec is None or spec.origin is None:
        pytest.skip("the installed pygame has no tests/mask_test.py", allow_module_level=True)
    stand_in = _PygameWithOurMasks("pygame")
    stand_in.mask = pcmask
    stand_in.Mask = pcmask.Mask

    def importer(name, globals=None, locals=None, fromlist=(), level=0):
        # `import pygame` gives the stand-in; `from pygame.x import y` reads pygame's own modules.
        if name == "pygame" and not fromlist and level == 0:
            return stand_in
        return builtins.__import__(name, globals, locals, fromlist, level)

    module = types.ModuleType("pygame_mask_test_on_pixel_collide")
    module.__file__ = spec.origin
    module.__builtins__ = dict(vars(builtins), __import__=importer)
    with open(spec.origin, encoding="utf-8") as source:
        code = compile(source.read(), spec.origin, "exec")
    exec(code, module.__dict__)
    return module


SUITE = _load_suite()
CASES = {
    name: case
    for name, case in vars(SUITE).items()
    if isinstance(case, type) and issubclass(case, unittest.TestCase)
}


def _skip_by_name():
    for case in CASES.values():
        for name, why in SKIPS.items():
            if hasattr(case, name):
                setattr(case, name, unittest.skip(why)(getattr(case, name)))


_skip_by_name()
globals().update(CASES)


def test_the_whole_suite_loaded_and_its_masks_are_the_packages():
    count = sum(unittest.defaultTestLoader.loadTestsFromTestCase(c).countTestCases()
                for c in CASES.values())
    flavour = ("pygame-ce" if getattr(pygame, "IS_CE", False) else "pygame", pygame.version.ver)
    assert count == SUITE_TESTS.get(flavour, count) and count > 0, flavour
    assert SUITE.pygame.mask is pcmask and SUITE.pygame.Mask is pcmask.Mask
    assert issubclass(SUITE.SubMask, pcmask.Mask)
    # The rest of the program still sees pygame's own masks.
    assert pygame.mask.Mask is not pcmask.Mask and sys.modules["pygame"] is pygame
