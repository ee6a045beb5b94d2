"""Data flows one way: datasets -> rankers -> aggregate -> evaluate -> stats -> plots, the
experiments on top; the registry of methods (:mod:`featrank.methods`) sits between aggregate
and evaluate. Every import of every module of ``lib/featrank`` counts, those inside functions
too, and no module may load another through ``importlib``/``__import__``."""
import ast
import pathlib

import pytest

LIB = pathlib.Path(__file__).resolve().parent.parent / "lib"
PACKAGE = LIB / "featrank"

#: the layers, lowest first: a module may import its own layer and the ones below it
LAYERS = (
    # the state of the current run (profile, store mode, what it recorded): imports nothing
    ("featrank.context",),
    # shared helpers: configuration, orders, the result store, parallel runs, numba, libsvm
    ("featrank", "featrank._lazy", "featrank._progress", "featrank._io", "featrank.io",
     "featrank.config",
     "featrank.orders", "featrank.store", "featrank.parallel", "featrank._jit",
     "featrank._libsvm"),
    ("featrank.datasets",),
    ("featrank.rankers", "featrank.learners"),
    ("featrank.aggregate",),
    # the registry of methods: names, colours and factories of the rankers and aggregates
    ("featrank.methods",),
    ("featrank.evaluate",),
    ("featrank.stats",),
    ("featrank.plots",),
    ("featrank.experiments",),
)


#: modules that import by name on purpose: lazy re-exports, the store (a task by its
#: identity) and the report's parameter checks (the user's own ranker, "pkg.module:Class")
DYNAMIC = ("featrank._lazy", "featrank.store", "featrank.experiments.your_ranker_params")


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(LIB).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, pathlib.Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: pathlib.Path, known) -> set[str]:
    """The featrank modules ``name`` imports anywhere in its body (relative imports resolved;
    ``from pkg import sub`` counts as an import of ``pkg.sub`` when that is a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in known else module)
    return {m for m in found if m == "featrank" or m.startswith("featrank.")} - {name}


def layer_of(name: str) -> int:
    best = None
    for rank, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and prefix != "featrank":
                if best is None or len(prefix) > best[1]:
                    best = (rank, len(prefix))
    if best is None:
        if name == "featrank":
            return 0
        raise AssertionError(f"{name} belongs to no layer: add it to LAYERS")
    return best[0]


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def back_edges(graph) -> list[str]:
    return sorted(f"{a} (layer {layer_of(a)}) imports {b} (layer {layer_of(b)})"
                  for a, deps in graph.items() for b in deps
                  if layer_of(b) > layer_of(a) and not a.startswith(b + "."))


def cycles(graph) -> list[list[str]]:
    """Strongly connected components of more than one module (a package importing its own
    submodules, as ``lazy_exports`` does lazily, is not an edge here: only real imports)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_every_module_has_a_layer():
    for name in all_modules():
        layer_of(name)


def test_no_module_imports_a_later_layer():
    assert back_edges(import_graph()) == []


def package_graph(graph) -> dict[str, set[str]]:
    """The module graph collapsed to the steps of the pipeline (``featrank.rankers``, ...)."""
    def step(name):
        return ".".join(name.split(".")[:2])

    out = {}
    for a, deps in graph.items():
        out.setdefault(step(a), set()).update(step(b) for b in deps if step(b) != step(a))
    return out


def test_no_import_cycle_even_inside_functions():
    assert cycles(import_graph()) == []


def test_no_two_steps_import_each_other():
    """Two packages importing each other (each inside a function, say) are a cycle even when
    no single module closes it."""
    assert cycles(package_graph(import_graph())) == []


def test_no_hidden_imports():
    hidden = []
    for name, path in all_modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                if called in ("import_module", "__import__") and name not in DYNAMIC:
                    hidden.append(f"{name}:{node.lineno}")
    assert hidden == []


@pytest.mark.parametrize("graph, expected", [
    ({"featrank.rankers.a": {"featrank.aggregate.b"}, "featrank.aggregate.b": set()},
     ["featrank.rankers.a (layer 3) imports featrank.aggregate.b (layer 4)"]),
    ({"featrank.evaluate.a": {"featrank.rankers.b"}, "featrank.rankers.b": set()}, []),
])
def test_back_edge_check_can_fail(graph, expected):
    assert back_edges(graph) == expected


def test_package_cycle_check_can_fail():
    graph = {"featrank.rankers.a": {"featrank.aggregate.b"},
             "featrank.aggregate.b": {"featrank.rankers.c"}, "featrank.rankers.c": set()}
    assert cycles(package_graph(graph)) == [["featrank.aggregate", "featrank.rankers"]]


def test_cycle_check_can_fail():
    graph = {"featrank.evaluate.a": {"featrank.evaluate.b"},
             "featrank.evaluate.b": {"featrank.evaluate.a"}, "featrank.evaluate.c": set()}
    assert cycles(graph) == [["featrank.evaluate.a", "featrank.evaluate.b"]]
