"""A student's answer handed in as source: defined only where the student's code may run.

The teacher's side grades a code answer from its source (``teacher.collection``). Running
that source in the grading process would let it reach the teacher's machine, or patch the
grader and forge its verdict. A :class:`SourceAnswer` is read (parsed, never run) where the
grader works and defined inside the sandbox's child, where every test tree is run; only
what the function did comes back, as plain data, and the grader compares it there.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any

from gametheory.core import GameError

__all__ = ["SourceAnswer", "defined"]


class SourceAnswer:
    """The function ``name`` of ``source``, as :func:`~gametheory.practice.grader.grade`
    takes it: its name and parameters are read from the source, its body is defined only in
    the sandbox's child.

    >>> answer = SourceAnswer("def minimax(game, state):\\n    return 0\\n", "minimax")
    >>> answer.__name__, list(inspect.signature(answer).parameters)
    ('minimax', ['game', 'state'])
    >>> SourceAnswer("x = 1", "minimax")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: the answer defines no function minimax (def minimax(...): at the top level)
    """

    def __init__(self, source: str, name: str) -> None:
        if not isinstance(source, str) or not isinstance(name, str):
            raise GameError(f"an answer is source text and a function name, got {source!r:.40}")
        try:
            module = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
            raise GameError(f"the answer is not Python the grader can read: {error}") from None
        found = [n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == name]
        if not found:
            raise GameError(
                f"the answer defines no function {name} (def {name}(...): at the top level)"
            )
        arguments = found[-1].args
        self.source, self.__name__ = source, name
        self.__signature__ = inspect.Signature(
            [
                inspect.Parameter(a.arg, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                for a in [*arguments.posonlyargs, *arguments.args]
            ]
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Define the function and call it: only ever in the sandbox's child."""
        return defined(self)(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<the answer's function {self.__name__}>"


def defined(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` itself, or a :class:`SourceAnswer`'s function defined from its source
    here (call this only inside the sandbox's child)."""
    if not isinstance(function, SourceAnswer):
        return function
    scope: dict[str, Any] = {"__name__": "answer"}
    exec(compile(function.source, "<answer>", "exec"), scope)  # noqa: S102 - in the child only
    made: Callable[..., Any] | None = scope.get(function.__name__)
    if not callable(made):
        raise GameError(f"the answer's {function.__name__} is not a function once defined")
    return made
