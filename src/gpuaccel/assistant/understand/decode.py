"""The picking model chooses a query by its own log-probabilities among the valid ones only.

Free generation lets a small model write a query of the wrong kind or a number the user never said; here
the model only scores: :func:`decide` runs a best-first search over the texts :class:`PickGrammar`
allows, character by character from the prompt's state (RWKV's state is copied at each branch, a forced
run of characters is fed in one call), and stops at the likeliest finished text, which is the exact best
of the whole set because a text's log-probability only falls as it grows. It then keeps searching for the
runner-up, so the :class:`Decision` carries the margin (how sure the model is) and the refusal's own
log-probability, for a caller that trusts the model only when it is sure. A search may be stopped from
outside between model calls (a job claimed the GPU): it then raises :class:`PickInterrupted`.
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.grammar import REFUSE, Hypothesis, PickGrammar
from gpuaccel.assistant.understand.prompt import pick_prompt

MAX_NODES = 160  # model calls per question at most (the bundled model needs 10.6 on average on the dev split)


class Scorer(Protocol):
    """What the search needs of an engine (:class:`~assistant.engine.runtime.Engine` is one)."""

    tokenizer: Any

    def prefill(self, tokens: list[int]) -> tuple[Any, list[Any]]: ...

    def forward_all(self, tokens: list[int], state: list[Any]) -> tuple[Any, list[Any]]: ...


class PickInterrupted(Exception):
    """The search was told to stop before it finished (no decision: the caller's next picker answers)."""


@dataclass
class Decision:
    """The model's choice: the query (None: refusal), its log-probability, the runner-up's (or, when the
    search stopped first, the best any unfinished text could still reach: the margin is at least this), the
    refusal's, and how many model calls it took."""

    query: Query | None
    logp: float
    runner_up: float
    refusal: float
    calls: int
    seconds: float = 0.0
    texts: list[str] = field(default_factory=list)  # the finished texts in the order found

    @property
    def margin(self) -> float:
        return self.logp - self.runner_up if self.logp > -math.inf else 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain values (the model worker sends its decisions to the daemon this way)."""
        return {
            "query": self.query.to_json() if self.query is not None else None,
            "logp": self.logp,
            "runner_up": self.runner_up,
            "refusal": self.refusal,
            "calls": self.calls,
            "seconds": self.seconds,
            "texts": list(self.texts),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        return cls(
            Query.from_json(data["query"]) if data["query"] is not None else None,
            float(data["logp"]),
            float(data["runner_up"]),
            float(data["refusal"]),
            int(data["calls"]),
            float(data["seconds"]),
            [str(t) for t in data["texts"]],
        )


@dataclass
class _Node:
    logp: float
    hyps: list[Hypothesis]
    text: str
    state: Any = None
    logits: Any = None


def _clone(state: list[Any]) -> list[Any]:
    return [t.clone() for t in state]


def _log_softmax(logits: Any) -> Any:
    import torch

    return torch.log_softmax(logits.float(), dim=-1)


class ConstrainedDecoder:
    """Runs the search on one engine; a byte vocabulary (the bundled model's) maps characters to tokens."""

    def __init__(
        self, engine: Scorer, max_nodes: int = MAX_NODES, interrupted: Callable[[], bool] | None = None
    ) -> None:
        if getattr(engine.tokenizer, "name", None) != "bytes":
            raise ValueError(
                f"constrained picking needs a byte-level vocabulary (tokenizer 'bytes'), not"
                f" {getattr(engine.tokenizer, 'name', type(engine.tokenizer).__name__)!r}"
            )
        self.engine, self.max_nodes = engine, max_nodes
        self.interrupted = interrupted or (lambda: False)

    def _check(self) -> None:
        """Before each model call: a stop from outside ends the search here."""
        if self.interrupted():
            raise PickInterrupted("the pick was interrupted")

    def _feed(self, parent: _Node, chars: str, hyps: list[Hypothesis], logp: float, done: bool) -> _Node:
        """The node after ``chars`` from ``parent``: the first char is already scored in ``logp``; the rest
        are scored here (a finished text needs no logits after its last char)."""
        toks = list(chars.encode())
        feed = toks[:-1] if done else toks
        state, logits = None, None
        if feed:
            self._check()
            all_logits, state = self.engine.forward_all(feed, _clone(parent.state))
            lp = _log_softmax(all_logits)
            logp += sum(float(lp[i, toks[i + 1]]) for i in range(len(toks) - 1))
            logits = all_logits[-1]
        return _Node(logp, hyps, parent.text + chars, state, logits)

    def decide(self, prompt: str, grammar: PickGrammar) -> Decision:
        t0 = time.perf_counter()
        encode = self.engine.tokenizer.encode
        self._check()
        if "\n\nUser: " in prompt:  # the system part is the same for every question: kept in the cache
            self.engine.prefill(encode(prompt[: prompt.index("\n\nUser: ")]))
            self._check()
        logits, state = self.engine.prefill(encode(prompt))
        root = _Node(0.0, grammar.start(), "", state, logits)
        order = itertools.count()
        heap: list[tuple[float, int, _Node, str | None]] = []
        self._expand(root, grammar, heap, order)
        finished: list[_Node] = []
        calls = 0
        while heap and len(finished) < 2 and calls < self.max_nodes:
            neg, _, node, char = heapq.heappop(heap)
            if char is None:  # scored in full: finished, or open it up
                if grammar.finished(node.hyps) is not None:
                    finished.append(node)
                else:
                    self._expand(node, grammar, heap, order)
                continue
            chars, hyps = char, grammar.step(node.hyps, char)
            while grammar.finished(hyps) is None and len(nxt := grammar.allowed(hyps)) == 1:
                (c,) = nxt  # forced: fed with the branch in one call
                chars, hyps = chars + c, grammar.step(hyps, c)
            child = self._feed(node, chars, hyps, -neg, grammar.finished(hyps) is not None)
            calls += 1
            heapq.heappush(heap, (-child.logp, next(order), child, None))
        refusal = next((n.logp for n in finished if n.text == REFUSE), None)
        if refusal is None:
            lp = _log_softmax(root.logits)
            node = self._feed(root, REFUSE, grammar.step(root.hyps, REFUSE[0]), float(lp[ord(" ")]), True)
            refusal, calls = node.logp, calls + 1
        if not finished:  # out of calls before any text finished: no pick
            return Decision(None, -math.inf, -math.inf, refusal, calls, time.perf_counter() - t0)
        best = finished[0]
        runner_up = finished[1].logp if len(finished) > 1 else (-heap[0][0] if heap else -math.inf)
        part = grammar.finished(best.hyps)
        assert part is not None
        return Decision(
            grammar.result(part),
            best.logp,
            runner_up,
            refusal,
            calls,
            time.perf_counter() - t0,
            [n.text for n in finished],
        )

    @staticmethod
    def _expand(node: _Node, grammar: PickGrammar, heap: list[Any], order: Any) -> None:
        lp = _log_softmax(node.logits)
        for c in sorted(grammar.allowed(node.hyps)):
            heapq.heappush(heap, (-(node.logp + float(lp[ord(c)])), next(order), node, c))


def decide(
    engine: Scorer,
    question: str,
    context: Context,
    now: float,
    max_nodes: int = MAX_NODES,
    interrupted: Callable[[], bool] | None = None,
) -> Decision:
    """The model's decision for one question (see :class:`ConstrainedDecoder`); ``interrupted`` is asked
    before each model call and, once true, ends the search with :class:`PickInterrupted`."""
    grammar = PickGrammar(question, context, now)
    decoder = ConstrainedDecoder(engine, max_nodes, interrupted)
    return decoder.decide(pick_prompt(question, context), grammar)
