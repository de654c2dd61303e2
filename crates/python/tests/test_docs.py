"""Every example in the package's docstrings runs and gives what it shows."""

import doctest
import inspect

import pytest

import kalah
import kalah.gym
import kalah.openspiel
import kalah.pettingzoo


def _documented():
    seen = set()
    for module in (kalah, kalah.gym, kalah.pettingzoo, kalah.openspiel):
        yield module.__name__, module
        for name, obj in vars(module).items():
            if name.startswith("_") or id(obj) in seen:
                continue
            if inspect.isclass(obj) or inspect.isroutine(obj):
                if getattr(obj, "__module__", "").startswith("kalah") or module is kalah:
                    seen.add(id(obj))
                    yield f"{module.__name__}.{name}", obj


CASES = [(n, o) for n, o in _documented() if ">>>" in (o.__doc__ or "")]


def test_examples_exist_for_the_main_classes():
    names = {n for n, _ in CASES}
    for n in ["kalah", "kalah.Rules", "kalah.Position", "kalah.Game", "kalah.BatchEnv", "kalah.solve",
              "kalah.analyze", "kalah.search", "kalah.Player", "kalah.EndgameDatabase", "kalah.gym",
              "kalah.pettingzoo", "kalah.openspiel"]:
        assert n in names, n


@pytest.mark.parametrize("name, obj", CASES, ids=[n for n, _ in CASES])
def test_docstring_examples(name, obj):
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(obj, name, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, name


def test_stubs_cover_every_class_function_and_method():
    import ast
    import pathlib

    import kalah._kalah as ext

    stub = ast.parse((pathlib.Path(kalah.__file__).parent / "_kalah.pyi").read_text())
    declared = {}
    for node in stub.body:
        if isinstance(node, ast.ClassDef):
            declared[node.name] = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign)) and hasattr(n, "name")} | {
                n.target.id for n in node.body if isinstance(n, ast.AnnAssign)
            }
        elif isinstance(node, ast.FunctionDef):
            declared[node.name] = set()
        elif isinstance(node, (ast.AnnAssign, ast.Assign)):
            for t in [node.target] if isinstance(node, ast.AnnAssign) else node.targets:
                declared[t.id] = set()
    for name in dir(ext):
        if name.startswith("_"):
            continue
        assert name in declared, f"{name} has no stub"
        obj = getattr(ext, name)
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            for member in vars(obj):
                if not member.startswith("_") or member in ("__len__",):
                    assert member in declared[name], f"{name}.{member} has no stub"
