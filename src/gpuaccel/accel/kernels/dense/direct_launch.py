"""Repeat launches of one compiled kernel straight through Triton's C launcher.

Why: on a short sequence the host time of a call is the cost (a B1 N128 forward runs in a few us of GPU
time). Measured on the H100 with Triton 3.6, a bound runner (``CompiledKernel[grid](*args)``) of the Gluon
forward costs ~19 us: ~6 us in the C launcher, the rest in Python around it, which encodes each TMA
descriptor through a generic helper, walks all ~50 arguments in a loop, builds launch metadata and calls
the (empty) launch hooks. :class:`DirectLaunch` does what is left for a call whose signature repeats: it
knows which arguments are tensor descriptors and their static parts (tile, shape, strides, swizzle),
encodes only the base address, and calls the C function with everything else laid out once.

It binds only where that is the same launch: host descriptors with Triton's metadata, no profiling
scratch (global scratch is allocated per call, as Triton's launcher does), and no launch hooks installed
(checked on every call; a hook installed later, such as a profiler's, sends the call through Triton's
runner). Anything it does not recognise keeps the runner.
"""

from __future__ import annotations

import functools
import itertools
import operator
import threading
from collections.abc import Callable
from typing import Any, NamedTuple

import torch
import triton
from triton import knobs
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
from triton.runtime import _allocation


class Tma(NamedTuple):
    """A kernel argument that is a TMA descriptor of ``tensor`` in ``rows`` x ``cols`` tiles (``cols`` 0:
    the whole last dim). Built into a real descriptor only when the launch is not bound; a bound
    :class:`DirectLaunch` reads just the tensor's address. ``view``: a function of ``tensor`` giving the
    layout the descriptor addresses at the same address (a packed ``(total, H, D)`` seen as ``[1, H, total,
    D]``), applied only where a descriptor is built: a planned call then makes no view."""

    tensor: torch.Tensor
    rows: int
    cols: int = 0
    view: Callable[[torch.Tensor], torch.Tensor] | None = None

    def addressed(self) -> torch.Tensor:
        """The tensor the descriptor addresses: ``view(tensor)``, or ``tensor`` itself."""
        return self.tensor if self.view is None else self.view(self.tensor)


def bind_context(device: torch.device) -> None:
    """Make ``device``'s primary CUDA context current in this thread, once per thread and device.

    A host TMA descriptor is encoded and launched with driver calls, which fail with "invalid device
    context" in a thread where no CUDA runtime call has run yet: autograd's device thread, whose first GPU
    work in a process can be our backward. Any runtime call binds the context."""
    seen = _THREAD.__dict__.setdefault("devices", set())
    if device not in seen:
        torch.cuda.current_stream(device).query()
        seen.add(device)


_THREAD = threading.local()


GL_DTYPES = {  # the operands, and fp32 for the backward's row statistics
    torch.bfloat16: gl.bfloat16,
    torch.float16: gl.float16,
    torch.float8_e4m3fn: gl.float8e4nv,
    torch.float32: gl.float32,
}


def gl_dtype(dtype: torch.dtype) -> Any:
    if dtype not in GL_DTYPES:
        raise ValueError(f"Gluon TMA tiles take {', '.join(str(t)[6:] for t in GL_DTYPES)}, got {dtype}")
    return GL_DTYPES[dtype]


@functools.cache
def smem_layout(rows: int, cols: int, dtype: torch.dtype) -> Any:
    """Per tile shape and dtype, computed once: short calls are host-bound."""
    return gl.NVMMASharedLayout.get_default_for([1, 1, rows, cols], gl_dtype(dtype))


def descriptor(t: torch.Tensor, rows: int, cols: int | None = None) -> TensorDescriptor:
    """The TMA descriptor of ``t`` in ``rows`` x ``cols`` tiles (``cols``: all of the last dim by
    default). The constructor validates (some 15 us a call); per shape, strides, tile and dtype that is
    done once and later calls copy the checked template with their own base (its alignment re-checked
    here: the launcher reads only base, shape and strides)."""
    bind_context(t.device)
    cols = cols or t.shape[-1]
    key = (t.shape, t.stride(), rows, cols, t.dtype)
    template = DESCRIPTORS.get(key)
    if template is None or t.data_ptr() % 16:
        block = [1, 1, rows, cols]
        layout = smem_layout(rows, cols, t.dtype)
        template = DESCRIPTORS[key] = TensorDescriptor(t, list(t.shape), list(t.stride()), block, layout)
        template.base = None  # the cached template must not keep the first call's tensor alive
    desc = object.__new__(TensorDescriptor)  # copy.copy's reduce protocol costs 1.7 us, this 0.35
    desc.__dict__.update(template.__dict__)
    desc.base = t
    return desc


DESCRIPTORS: dict[tuple[Any, ...], TensorDescriptor] = {}


def _raw_launcher(launcher: Any) -> tuple[Any, set[int], list[Any]] | None:
    """(C launch function, tensor-descriptor argument indices, their metadata) of a ``CudaLauncher``,
    or None where its layout is not the one this module knows."""
    fn = launcher.launch
    code, cells = getattr(fn, "__code__", None), getattr(fn, "__closure__", None)
    if code is None:  # the C function itself: the kernel takes no descriptor
        return fn, set(), []
    if cells is None:
        return None
    free = dict(zip(code.co_freevars, (c.cell_contents for c in cells), strict=True))
    raw, indices, meta = free.get("launcher"), free.get("tensordesc_indices"), free.get("tensordesc_meta")
    if not callable(raw) or not isinstance(indices, set) or not meta:
        return None
    return raw, indices, list(meta)


def _static_descriptor(
    t: torch.Tensor, rows: int, cols: int, meta: dict[str, Any]
) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """The ``fill_tma_descriptor`` arguments after the base address, and the shape and strides the
    launcher passes after the encoded map, for a descriptor of ``t`` (Triton 3.6's host encoding).

    The compiled kernel's box (``meta["block_size"]``) may be the asked tile cut along its dims: a
    128-byte swizzle holds 64 bf16 columns, so a 64 x 128 tile at head_dim 128 copies as 64 x 64 boxes.
    Triton's own launcher encodes that box whatever tile the descriptor names, and so does this; a box
    that does not divide the tile is not the kernel the call means."""
    from triton.backends.nvidia.driver import TMA_DTYPE_DEVICE_TO_HOST

    shape, strides = list(t.shape), list(t.stride())
    block = [1] * (len(shape) - 2) + [rows, cols or shape[-1]]
    box = list(meta["block_size"])
    if len(box) != len(block) or any(b <= 0 or n % b for n, b in zip(block, box, strict=True)):
        raise ValueError(f"the kernel's descriptor box {box} does not tile the {block} the call asked for")
    if meta.get("fp4_padded") or strides[-1] != 1:
        raise ValueError("descriptor metadata this launch does not encode (fp4 padding, a strided last dim)")
    params = (
        meta["swizzle"],
        meta["elem_size"],
        TMA_DTYPE_DEVICE_TO_HOST[meta["elem_type"]],
        meta["block_size"],
        shape,
        strides,
        0,  # no NaN padding
    )
    return params, (*shape, *strides)


class DirectLaunch:
    """A bound launch of ``compiled`` on ``grid`` for calls shaped like ``args`` (see module doc).

    ``fixed``: how many trailing ``args`` (the constexprs) the signature fixes; later calls pass only the
    ones before them. The C function's argument list is laid out once: per call only the tensors, floats
    and descriptor bases are written into a copy of it (integers are fixed by the signature: Triton
    specialised the kernel on them; one that differs sends the call through the whole list, as before)."""

    def __init__(
        self, compiled: Any, grid: tuple[int, int, int], args: list[Any], runner: Any, fixed: int = 0
    ) -> None:
        launcher = compiled.run
        found = _raw_launcher(launcher)
        if found is None:
            raise ValueError("unknown Triton launcher layout")
        raw, desc_indices, metas = found
        tma_at = [i for i, a in enumerate(args) if isinstance(a, Tma)]
        if sorted(desc_indices) != tma_at or launcher.profile_scratch_size:
            raise ValueError("launch needs profiling scratch memory or descriptors not given as Tma")
        self.runner = runner
        self.grid = grid
        self.device = args[tma_at[0]].tensor.device if tma_at else None
        self._launch = raw
        self._head = (launcher.launch_cooperative_grid, launcher.launch_pdl, None, None)
        # global scratch (device-side descriptors), per call from Triton's allocator as its launcher does
        size = launcher.global_scratch_size * getattr(launcher, "num_ctas", 1) * grid[0] * grid[1] * grid[2]
        self._scratch = (size, launcher.global_scratch_align) if size else None
        self._tail = (compiled.packed_metadata, None, None, None)
        self._function = compiled.function
        self._fill = _tma_encoder()
        self._fixed = list(args[len(args) - fixed :]) if fixed else []
        self._kinds: list[tuple[tuple[Any, ...], tuple[Any, ...]] | None] = []  # per argument
        for a, meta in zip(args, _metas_at(args, metas), strict=True):
            seen = a.addressed() if meta is not None else None
            if seen is not None and seen.data_ptr() != a.tensor.data_ptr():
                raise ValueError("a Tma view that moves the address: a bound call reads the tensor's")
            self._kinds.append(None if seen is None else _static_descriptor(seen, a.rows, a.cols, meta))
        # the C function's arguments after the launch header: a template, and where each call writes
        self._flat: list[Any] = []
        self._plain: list[tuple[int, int]] = []  # (argument, position): tensors, floats, the rest
        self._maps: list[tuple[int, int, tuple[Any, ...], int]] = []  # (argument, position, params, their id)
        ints: list[int] = []
        for i, (a, kind) in enumerate(zip(args[: len(args) - fixed], self._kinds, strict=False)):
            if kind is not None:
                self._maps.append((i, len(self._flat), kind[0], _params_id(kind[0])))
                self._flat.append(None)
                self._flat.extend(kind[1])
            elif type(a) in (int, bool) or a is None:
                ints.append(i)
                self._flat.append(a)
            else:
                self._plain.append((i, len(self._flat)))
                self._flat.append(None)  # written per call (no tensor kept alive here)
        self._flat.extend(self._fixed)
        self._int_get = _getter(ints)
        self._ints = self._int_get(args)

    def __call__(self, *args: Any) -> None:
        enter, leave = knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook
        if getattr(enter, "calls", enter) or getattr(leave, "calls", leave):  # a profiler is listening
            self.runner(*resolve(args), *self._fixed)
            return
        if self.device is not None:
            bind_context(self.device)
        fill = self._fill
        if self._int_get(args) == self._ints:
            flat = self._flat.copy()
            for i, at in self._plain:
                flat[at] = args[i]
            for i, at, params, pid in self._maps:  # only the address changes: encode it, or reuse its map
                ptr = args[i].tensor.data_ptr()
                encoded = ENCODED.get((ptr, pid))
                if encoded is None:
                    encoded = fill(ptr, *params)
                    if len(ENCODED) >= ENCODED_MAX:
                        ENCODED.clear()
                    ENCODED[(ptr, pid)] = encoded
                flat[at] = encoded
        else:  # not the signature it was bound with: every argument as given (the earlier path)
            flat = []
            for a, kind in zip((*args, *self._fixed), self._kinds, strict=True):
                if kind is None:
                    flat.append(a)
                else:
                    flat.append(fill(a.tensor.data_ptr(), *kind[0]))
                    flat.extend(kind[1])
        stream = _current_stream(_current_device())
        head = self._head
        if self._scratch is not None:
            scratch = _allocation._allocator.get()(*self._scratch, stream)
            head = (head[0], head[1], scratch, None)
        g0, g1, g2 = self.grid
        self._launch(g0, g1, g2, stream, self._function, *head, *self._tail, *flat)


# Encoded descriptors by (base address, id of the static parameters). A map is a function of the address and
# those parameters alone (the bytes the driver writes), so one made for an earlier tensor at this address
# is the one this call would make: the two backward kernels share q's and dO's, and a loop's caching
# allocator hands the same addresses back call after call. The launch copies the map into the kernel's
# parameters, so reusing the object is safe.
ENCODED: dict[tuple[int, int], Any] = {}
ENCODED_MAX = 256
_PARAMS: dict[Any, int] = {}  # static parameters (made hashable) -> a number never reused
_IDS = itertools.count()  # next() is atomic: two threads binding at once never share a number


def _params_id(params: tuple[Any, ...]) -> int:
    key = tuple(tuple(p) if isinstance(p, list) else p for p in params)
    return _PARAMS.setdefault(key, next(_IDS))


def _getter(at: list[int]) -> Any:
    """A function of an argument list giving the tuple of its items at ``at`` (in C: itemgetter)."""
    if len(at) > 1:
        return operator.itemgetter(*at)
    return lambda args: tuple(args[i] for i in at)


def _metas_at(args: list[Any], metas: list[Any]) -> list[Any]:
    """Triton's descriptor metadata aligned with ``args`` (None for the other arguments)."""
    found = iter(metas)
    return [next(found) if isinstance(a, Tma) else None for a in args]


def _tma_encoder() -> Any:
    """The driver's host TMA encoder (``cuTensorMapEncodeTiled``): base address first."""
    return triton.runtime.driver.active.utils.fill_tma_descriptor


def resolve(args: Any) -> list[Any]:
    """``args`` with every :class:`Tma` built into its descriptor (the unbound path)."""
    if not any(isinstance(a, Tma) for a in args):
        return list(args)
    return [descriptor(a.addressed(), a.rows, a.cols or None) if isinstance(a, Tma) else a for a in args]


def _current_device() -> int:
    """``torch.cuda.current_device()`` without its lazy-init check: a bound launch follows a real one, which
    initialised CUDA in this process."""
    return torch._C._cuda_getDevice()


def _current_stream(index: int) -> int:
    return torch._C._cuda_getCurrentRawStream(index)
