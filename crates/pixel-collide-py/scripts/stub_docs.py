"""Writes each stubbed class's, function's and property's docstring into the type stubs from the
installed module itself, so that an editor shows what `help()` shows: the Rust doc comments (and the
Python modules' own docstrings) are written once, and the stubs carry a copy of their first paragraph
after the signature line pygame's style opens with.

    python scripts/stub_docs.py           rewrite the stubs beside this script's package sources
    python scripts/stub_docs.py --check   exit 1, naming each stub whose docstring is missing or stale

Run it with the Python that has the built package installed (scripts/python.sh's test environment).
Setters, overloads and dunder methods (`__init__` included: the class's docstring is its
constructor's) keep no docstring of their own.
"""

import ast
import importlib
import inspect
import pathlib
import re
import sys

SOURCES = pathlib.Path(__file__).resolve().parent.parent / "python" / "pixel_collide"
STUBS = {"pixel_collide": "__init__.pyi", "pixel_collide.mask": "mask.pyi",
         "pixel_collide.sprite": "sprite.pyi"}


# pygame's docstrings, and so this package's, open with the call's signature on a line of its own,
# which the stub already states: `fill() -> None`, `Mask.load(path, threshold=127) -> Mask`.
SIGNATURE = re.compile(r"^[\w.]+\(.*\)( -> .+)?$", re.S)


def first_paragraph(doc):
    """The docstring's first paragraph past a signature line, its lines joined (pyo3 and Python)."""
    paragraphs = [" ".join(p.split()) for p in inspect.cleandoc(doc or "").split("\n\n") if p.strip()]
    if paragraphs and SIGNATURE.match(paragraphs[0]):
        paragraphs = paragraphs[1:]
    return paragraphs[0] if paragraphs else ""


def wrapped(text, indent, width=100):
    """`text` as a docstring's lines at `indent`, wrapped at `width`."""
    lines, line = [], ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width - 3:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    if len(lines) == 1 and len(indent) + len(lines[0]) + 6 <= width:
        return [f'{indent}"""{lines[0]}"""']
    return [f'{indent}"""{lines[0]}'] + [f"{indent}{l}" for l in lines[1:]] + [f'{indent}"""']


def runtime_doc(owner, name):
    """The docstring of `owner.name` as the running module has it (a property's from its getter)."""
    attr = owner.__dict__.get(name) if isinstance(owner, type) else getattr(owner, name, None)
    if attr is None and isinstance(owner, type):
        attr = getattr(owner, name, None)
    if isinstance(attr, (classmethod, staticmethod)):
        attr = attr.__func__
    return first_paragraph(getattr(attr, "__doc__", None))


def wanted(node):
    """Whether a stub definition carries a docstring of its own."""
    if isinstance(node, ast.ClassDef):
        return True
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    decorators = [ast.unparse(d) for d in node.decorator_list]
    if any(d.endswith(".setter") or d.endswith("overload") for d in decorators):
        return False
    # Dunders keep none; `__init__`'s is the class's.
    return not node.name.startswith("__")


def edits_for(module, tree):
    """(node, docstring, present) for every stub definition that should carry one."""
    out = []

    def visit(body, owner):
        for node in body:
            if not wanted(node):
                continue
            doc = runtime_doc(owner, node.name)
            present = ast.get_docstring(node, clean=True)
            out.append((node, doc, present))
            if isinstance(node, ast.ClassDef):
                visit(node.body, getattr(owner, node.name))

    visit(tree.body, module)
    return out


def rewrite(path, module):
    """The stub's text with every docstring written from `module`; the names of those it changed."""
    source = path.read_text()
    lines = source.split("\n")
    tree = ast.parse(source)
    changed, missing = [], []
    # Bottom up, so that each edit leaves the lines of those still to come where they were.
    for node, doc, present in sorted(edits_for(module, tree), key=lambda e: -e[0].lineno):
        if not doc:
            missing.append(node.name)
            continue
        if " ".join((present or "").split()) == doc:
            continue
        changed.append(node.name)
        first = node.body[0]
        has_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
            isinstance(first.value.value, str)
        # A docstring stands where the body's first statement does; a one-line `...` body is
        # replaced, so its docstring goes one level in from the `def`.
        indent = " " * (first.col_offset if has_doc or isinstance(node, ast.ClassDef) else node.col_offset + 4)
        block = wrapped(doc, indent)
        if has_doc:
            lines[first.lineno - 1:first.end_lineno] = block
        elif isinstance(node, ast.ClassDef):
            lines[first.lineno - 1:first.lineno - 1] = block + [""]
        else:
            # `def f(...) -> T: ...` on its last line: the `...` becomes the docstring.
            end = first.end_lineno - 1
            head = lines[end][:first.col_offset].rstrip()
            lines[end:end + 1] = [head] + block
    return "\n".join(lines), changed, missing


def main(check):
    problems = []
    for name, stub in STUBS.items():
        module = importlib.import_module(name)
        path = SOURCES / stub
        text, changed, missing = rewrite(path, module)
        problems += [f"{stub}: {n} has no docstring in the module" for n in missing]
        if check:
            problems += [f"{stub}: {n}'s docstring is missing or differs from the module's" for n in changed]
        elif changed:
            path.write_text(text)
            print(f"stub_docs: {stub}: {len(changed)} docstrings written")
    for problem in problems:
        print(f"stub_docs: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
