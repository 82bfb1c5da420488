"""Reading YAML that someone else wrote (rule packs, lesson files) within bounds.

``yaml.safe_load`` builds no objects but plain data, yet a few hundred bytes can
still cost gigabytes: an alias names a node again, so nine lists of nine aliases
to the list before stand for 9^9 values as soon as anything walks them (a check,
a copy, ``json.dumps`` into a saved game). :func:`load` composes the document with
a loader that counts, before anything is built:

- the nodes written (at most :data:`MAX_NODES`),
- the size once every alias is expanded, in characters and nodes (at most
  :data:`MAX_EXPANDED`): an alias costs what it names, every time it is used,
- the depth of nesting (at most :data:`MAX_DEPTH`; Python would otherwise run out
  of stack on ``[[[[...]]]]``),

and refuses keys that are not text or whole numbers (a list as a key cannot be
looked up) and keys given twice. Every refusal is a
:class:`~fives_tutor.errors.RulePackError` naming the file, and the line where known.

>>> load("a: [1, 2]\\nb: {c: d}", "x.yaml")
{'a': [1, 2], 'b': {'c': 'd'}}
>>> load("a: &a [x, x]\\nb: [*a, *a]", "x.yaml")
{'a': ['x', 'x'], 'b': [['x', 'x'], ['x', 'x']]}
>>> load("? [a, b]\\n: 1", "x.yaml")
Traceback (most recent call last):
...
fives_tutor.errors.RulePackError: x.yaml: line 1: a key must be text or a whole number
"""

from __future__ import annotations

from typing import Any

from ..errors import N_, RulePackError

#: nodes a document may write
MAX_NODES = 20_000
#: characters and nodes a document may stand for once its aliases are expanded
MAX_EXPANDED = 1_000_000
#: levels of nesting
MAX_DEPTH = 32


def load(text: str, path: str) -> Any:
    """The data of the YAML document ``text`` (from file ``path``, for messages).

    Raises :class:`RulePackError` for a syntax error (with its line and column), a
    document over the bounds above, a complex or repeated key, or a tag that is not
    plain data.
    """
    import yaml  # PyYAML costs ~15 ms to import: only commands that read YAML pay it

    loader = _loader_class(yaml)(text)
    loader.path = path
    try:
        return loader.get_single_data()
    except RulePackError:
        raise
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        reason = where + str(getattr(error, "problem", None) or error)
        raise RulePackError(N_("{path}: not valid YAML: {reason}"), path=path, reason=reason) from None
    except (ValueError, OverflowError) as error:  # a value PyYAML cannot convert (a date out of range)
        raise RulePackError(N_("{path}: not valid YAML: {reason}"), path=path, reason=str(error)) from None
    except RecursionError:  # a bound above should come first; never a traceback
        raise RulePackError(N_("{path}: line {line}: the data nests more than {limit} levels deep"), path=path,
                            line="?", limit=MAX_DEPTH) from None
    finally:
        loader.dispose()


_CLASS = None


def _loader_class(yaml):
    global _CLASS
    if _CLASS is not None:
        return _CLASS

    class BoundedLoader(yaml.SafeLoader):
        """SafeLoader that counts nodes, expanded size and depth while composing."""

        path = ""

        def __init__(self, stream) -> None:
            super().__init__(stream)
            self.nodes = 0
            self.depth = 0
            self.weights: dict[int, int] = {}

        def _line(self) -> int:
            event = self.peek_event()
            return event.start_mark.line + 1 if event is not None and event.start_mark else 0

        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                node = super().compose_node(parent, index)  # the node named before: not composed again
                return node
            self.nodes += 1
            if self.nodes > MAX_NODES:
                raise RulePackError(N_("{path}: line {line}: the file has more than {limit} values"), path=self.path,
                                    line=self._line(), limit=MAX_NODES)
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise RulePackError(N_("{path}: line {line}: the data nests more than {limit} levels deep"),
                                    path=self.path, line=self._line(), limit=MAX_DEPTH)
            try:
                node = super().compose_node(parent, index)
            finally:
                self.depth -= 1
            self._weigh(node)
            return node

        def _weigh(self, node) -> None:
            """The node's size with every alias in it expanded (each child counted as
            often as it is used), refused above MAX_EXPANDED."""
            weights = self.weights
            if isinstance(node, yaml.ScalarNode):
                weight = 1 + len(node.value)
            elif isinstance(node, yaml.SequenceNode):
                weight = 1 + sum(weights.get(id(child), 1) for child in node.value)
            else:
                weight = 1 + sum(weights.get(id(key), 1) + weights.get(id(value), 1) for key, value in node.value)
            if weight > MAX_EXPANDED:
                raise RulePackError(N_("{path}: line {line}: the data stands for more than {limit} values once its "
                                       "aliases are expanded"), path=self.path, line=node.start_mark.line + 1,
                                    limit=MAX_EXPANDED)
            weights[id(node)] = weight

        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _value in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    raise RulePackError(N_("{path}: line {line}: a key must be text or a whole number"),
                                        path=self.path, line=key_node.start_mark.line + 1)
                key = self.construct_object(key_node, deep=deep)
                if isinstance(key, bool) or not isinstance(key, (str, int)):
                    raise RulePackError(N_("{path}: line {line}: a key must be text or a whole number"),
                                        path=self.path, line=key_node.start_mark.line + 1)
                if key in seen:
                    raise RulePackError(N_("{path}: line {line}: the key {key} is given twice"), path=self.path,
                                        line=key_node.start_mark.line + 1, key=key)
                seen.add(key)
            return super().construct_mapping(node, deep)

    def construct_int(loader, node):
        # Python refuses to convert more than 4,300 digits, and a base-60 number
        # (1:2:3...) multiplies once per group: no pack needs more than a few digits
        if len(node.value) > 40:
            raise RulePackError(N_("{path}: line {line}: the number is too long"), path=loader.path,
                                line=node.start_mark.line + 1)
        return yaml.SafeLoader.construct_yaml_int(loader, node)

    BoundedLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
    _CLASS = BoundedLoader
    return _CLASS
