"""The ``>>>`` examples in the docstrings of the package that is imported (in CI the
installed wheel, not the checkout) are run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import fives_tutor

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(fives_tutor.__path__, "fives_tutor.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", ["fives_tutor"] + MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_public_api_has_docstrings():
    import inspect

    for name in fives_tutor.__all__:
        value = getattr(fives_tutor, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert value.__doc__ and value.__doc__.strip(), f"{name} has no docstring"
