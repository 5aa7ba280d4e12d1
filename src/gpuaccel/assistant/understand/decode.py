"""The picking model chooses a query by its own log-probabilities among the valid ones only.

Free generation lets a small model write a query of the wrong kind or a number the user never said; here
the model only scores: :func:`decide` runs a best-first search over the texts :class:`PickGrammar`
allows, token by token from the prompt's state (RWKV's state is copied at each branch, a forced
run of tokens is fed in one call), and stops at the likeliest finished text, which is the exact best
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

END = "\n\n"  # what ends a pick in the training text (a token may write it with the pick's last characters)
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


@dataclass
class _Step:
    """A token the grammar allows after a node: its id, the characters it writes, the grammar after them,
    and whether the text is finished (a token may also write the blank line that ends a pick)."""

    token: int
    chars: str
    hyps: list[Hypothesis]
    done: bool


def _clone(state: list[Any]) -> list[Any]:
    return [t.clone() for t in state]


def _log_softmax(logits: Any) -> Any:
    import torch

    return torch.log_softmax(logits.float(), dim=-1)


class ConstrainedDecoder:
    """Runs the search on one engine, over the engine's own tokens: a token is allowed where every character
    it writes is one the grammar allows (after a finished text, only the newlines that end a pick), found by
    walking the tokenizer's trie and the grammar together. So a byte model, the bundled model's fitted
    vocabulary and a G1 model's World vocabulary take the same path. The same text reached through another
    split into tokens counts once (its likeliest split)."""

    def __init__(
        self, engine: Scorer, max_nodes: int = MAX_NODES, interrupted: Callable[[], bool] | None = None
    ) -> None:
        self.trie = getattr(engine.tokenizer, "trie", None)
        if self.trie is None:
            raise ValueError(
                f"constrained picking needs a tokenizer with a trie of its tokens (bytes, World, a fitted"
                f" vocabulary), not {getattr(engine.tokenizer, 'name', type(engine.tokenizer).__name__)!r}"
            )
        self.engine, self.max_nodes = engine, max_nodes
        self.interrupted = interrupted or (lambda: False)

    def _check(self) -> None:
        """Before each model call: a stop from outside ends the search here."""
        if self.interrupted():
            raise PickInterrupted("the pick was interrupted")

    def steps(self, grammar: PickGrammar, hyps: list[Hypothesis]) -> list[_Step]:
        """Every token that may come next after ``hyps``."""
        out: list[_Step] = []
        stack: list[tuple[dict, str, list[Hypothesis], int]] = [(self.trie, "", hyps, -1)]
        while stack:
            node, chars, h, newlines = (
                stack.pop()
            )  # newlines >= 0: the text is finished, its end being written
            if newlines < 0 and grammar.finished(h) is not None:
                newlines = 0
            nexts = sorted(grammar.allowed(h)) if newlines < 0 else ["\n"] if newlines < len(END) else []
            for c in nexts:
                hit, at = None, node
                for b in c.encode():
                    hit = at.get(b)
                    if hit is None:
                        break
                    at = hit[0]
                if hit is None:
                    continue
                h2 = grammar.step(h, c) if newlines < 0 else h
                n2 = newlines if newlines < 0 else newlines + 1
                done = n2 >= 0 or grammar.finished(h2) is not None
                if hit[1] > 0:
                    out.append(_Step(hit[1], chars + c, h2, done))
                if hit[0]:
                    stack.append((hit[0], chars + c, h2, n2))
        return out

    def _feed(
        self, parent: _Node, first: _Step, logp: float, grammar: PickGrammar
    ) -> tuple[_Node, list[_Step]]:
        """The node after ``first`` (scored in ``logp``) and the tokens the grammar then forces, one at a time
        while there is only one (a byte model's fixed runs), fed in one call; and the node's next steps."""
        tokens, step, text = [first.token], first, parent.text + first.chars
        nxt = self.steps(grammar, step.hyps)
        while (forced := self._forced(grammar, step.hyps, nxt)) is not None:
            step = forced
            tokens.append(step.token)
            text += step.chars
            nxt = self.steps(grammar, step.hyps)
        self._check()
        rows, state = self.engine.forward_all(tokens, _clone(parent.state))
        lp = _log_softmax(rows)
        logp += sum(float(lp[i, tokens[i + 1]]) for i in range(len(tokens) - 1))
        return _Node(logp, step.hyps, text, state, rows[-1]), nxt

    @staticmethod
    def _forced(grammar: PickGrammar, hyps: list[Hypothesis], steps: list[_Step]) -> _Step | None:
        """Where the grammar allows one text only for the next characters, the longest token writing them
        (the tokenizer's own greedy choice; shorter splits of a forced run are not searched), else None."""
        if not steps:
            return None
        longest = max(steps, key=lambda st: len(st.chars))
        if longest.done or not all(longest.chars.startswith(st.chars) for st in steps):
            return None
        h = hyps
        for c in longest.chars:
            if len(grammar.allowed(h)) != 1:
                return None
            h = grammar.step(h, c)
        return longest

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
        heap: list[tuple[float, int, _Node, _Step]] = []
        self._expand(root, self.steps(grammar, root.hyps), heap, order)
        finished: dict[str, float] = {}  # text -> its likeliest split's log-probability, in the order found
        parts: dict[str, Any] = {}
        calls = 0
        while heap and len(finished) < 2 and calls < self.max_nodes:
            neg, _, node, step = heapq.heappop(heap)
            if step.done:
                text = (node.text + step.chars).rstrip("\n")
                if text not in finished:
                    finished[text] = -neg
                    parts[text] = grammar.finished(step.hyps)
                continue
            child, nxt = self._feed(node, step, -neg, grammar)
            calls += 1
            self._expand(child, nxt, heap, order)
        refusal = finished.get(REFUSE)
        if refusal is None:
            refusal, calls = self._score(root, encode(REFUSE)), calls + 1
        if not finished:  # out of calls before any text finished: no pick
            return Decision(None, -math.inf, -math.inf, refusal, calls, time.perf_counter() - t0)
        texts = list(finished)
        best = texts[0]
        runner_up = finished[texts[1]] if len(texts) > 1 else (-heap[0][0] if heap else -math.inf)
        part = parts[best]
        assert part is not None
        return Decision(
            grammar.result(part),
            finished[best],
            runner_up,
            refusal,
            calls,
            time.perf_counter() - t0,
            texts,
        )

    def _score(self, root: _Node, tokens: list[int]) -> float:
        """The log-probability of ``tokens`` after the prompt."""
        logp = float(_log_softmax(root.logits)[tokens[0]])
        if len(tokens) > 1:
            self._check()
            rows, _ = self.engine.forward_all(tokens[:-1], _clone(root.state))
            lp = _log_softmax(rows)
            logp += sum(float(lp[i, tokens[i + 1]]) for i in range(len(tokens) - 1))
        return logp

    @staticmethod
    def _expand(node: _Node, steps: list[_Step], heap: list[Any], order: Any) -> None:
        lp = _log_softmax(node.logits)
        for step in steps:
            heapq.heappush(heap, (-(node.logp + float(lp[step.token])), next(order), node, step))


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


def can_pick(engine: Any) -> bool:
    """Whether ``engine`` can give a picking decision: the model worker (``decide``) or an engine in this
    process that scores text (``prefill`` and ``forward_all``)."""
    return hasattr(engine, "decide") or (hasattr(engine, "forward_all") and hasattr(engine, "prefill"))


def decide_on(engine: Any, question: str, context: Context, now: float) -> Decision | None:
    """The picking decision on ``engine``: the worker (or a controller over it) runs the search in its own
    process; an engine in this process runs :func:`decide` here, stopped by its ``interrupted`` where it has
    one. None where the search was interrupted: no pick, the next picker answers."""
    if hasattr(engine, "decide"):
        return engine.decide(question, context, now)
    try:
        return decide(engine, question, context, now, interrupted=getattr(engine, "interrupted", None))
    except PickInterrupted:
        return None
