"""The house keeps its shape (docs/architecture.md): every module sits in a layer of
the import contracts, the package's top level holds only the cross-cutting modules,
and the public façades list what they export."""

from __future__ import annotations

import os
import re

import fives_tutor
import fives_tutor.engine

# the checkout these tests belong to (CI imports the installed wheel, but checks the
# sources it was built from)
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(REPO, "fives_tutor")
#: the modules beside the layers: imported by any layer, importing none
CROSS_CUTTING = {"__init__.py", "__main__.py", "errors.py", "bounds.py", "resources.py", "lazy.py", "suggest.py"}


def _layers() -> list[str]:
    """The layers of the package's main contract in pyproject.toml (tomllib is not in
    Python 3.10, so the list is read as text: it is one ``layers = [...]`` array)."""
    with open(os.path.join(REPO, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    block = re.search(r'name = "The layers of the package run one way"\ntype = "layers"\nlayers = \[(.*?)\]', text, re.S)
    assert block, "the layers contract is missing from pyproject.toml"
    return re.findall(r'"fives_tutor\.(\w+)"', block.group(1))


def test_every_subpackage_is_a_layer_and_the_top_level_is_cross_cutting_only():
    entries = {entry for entry in os.listdir(PACKAGE) if not entry.startswith((".", "__pycache__"))}
    packages = {e for e in entries if os.path.isfile(os.path.join(PACKAGE, e, "__init__.py"))}
    modules = {e for e in entries if e.endswith(".py")}
    assert packages == set(_layers())
    assert modules == CROSS_CUTTING


def test_the_facades_export_what_they_list():
    for facade in (fives_tutor, fives_tutor.engine):
        assert sorted(facade.__all__) == sorted(facade._EXPORTS)
        for name in facade.__all__:
            assert getattr(facade, name) is not None
        assert set(facade.__all__) <= set(dir(facade))


def test_the_package_says_it_is_typed():
    assert os.path.isfile(os.path.join(PACKAGE, "py.typed"))
