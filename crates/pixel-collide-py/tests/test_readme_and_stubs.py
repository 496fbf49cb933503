"""The README's opening example runs as written, and the type stubs name what the module has."""

import ast
import contextlib
import io
import pathlib
import re
import subprocess
import sys

import pixel_collide

PACKAGE = pathlib.Path(__file__).resolve().parent.parent
STUBS = pathlib.Path(pixel_collide.__file__).with_name("__init__.pyi")


def test_the_readme_example_runs_and_reports_the_hit_it_promises():
    readme = (PACKAGE / "README.md").read_text()
    example = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    assert len(example.strip().splitlines()) <= 12
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})
    assert out.getvalue().startswith("hit at (")


def stub_tree():
    return ast.parse(STUBS.read_text())


def test_every_public_name_has_a_stub_and_every_stub_a_name():
    stubbed = set()
    for node in stub_tree().body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            stubbed.add(node.name)
        elif isinstance(node, ast.AnnAssign) and not node.target.id.startswith("_"):
            stubbed.add(node.target.id)
    assert stubbed == set(pixel_collide.__all__)


def test_every_stubbed_member_exists_and_every_public_member_is_stubbed():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(pixel_collide, node.name)
        stubbed = {
            n.name if isinstance(n, ast.FunctionDef) else n.target.id
            for n in node.body
            if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
        }
        public = {n for n in vars(cls) if not n.startswith("_")}
        assert public <= stubbed, (node.name, public - stubbed)
        for name in stubbed - {"__init__"}:
            assert hasattr(cls, name), (node.name, name)


def test_every_public_class_and_function_has_a_docstring():
    for name in pixel_collide.__all__:
        item = getattr(pixel_collide, name)
        if callable(item):
            assert item.__doc__, name
        if isinstance(item, type):
            for member, value in vars(item).items():
                if not member.startswith("_") and callable(getattr(item, member, None)):
                    assert getattr(item, member).__doc__, (name, member)


def test_the_readme_pygame_sprite_example_finds_the_one_rock_it_promises():
    readme = (PACKAGE / "README.md").read_text()
    example = next(
        block for block in re.findall(r"```python\n(.*?)```", readme, re.S) if "spritecollide" in block
    )
    exec(compile(example, "README.md", "exec"), {})


def test_the_submodules_stubs_name_what_they_have():
    import pixel_collide.mask
    import pixel_collide.sprite

    for module in (pixel_collide.mask, pixel_collide.sprite):
        stub = pathlib.Path(module.__file__).with_suffix(".pyi")
        names = set()
        for node in ast.parse(stub.read_text()).body:
            if isinstance(node, ast.FunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets)
            elif isinstance(node, ast.ImportFrom):
                names.update(a.asname or a.name for a in node.names if a.asname)
        assert names == set(module.__all__), (module.__name__, names ^ set(module.__all__))


def test_the_stubs_carry_the_modules_own_docstrings():
    # The stubs' docstrings are what an editor shows; scripts/stub_docs.py writes them from the
    # module's own, and this fails when one is missing or no longer the module's.
    script = PACKAGE / "scripts" / "stub_docs.py"
    out = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
