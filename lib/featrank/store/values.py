"""Stored values: task results as JSON, without pickles.

:func:`encode` turns a result into JSON values, :func:`decode` brings it back: numbers,
strings, lists, tuples, dicts, numpy arrays (raw bytes, zlib, base64; float arrays with few
distinct values as those values and one- or two-byte codes; integer arrays, feature orders
above all, in the smallest integer type that holds them, as differences or bit-packed when
that is shorter), DataFrames and the dataclasses registered with :func:`stored_type` (under a
stable type name, not an import path), so loading a store runs no code. Every form decodes
to the array that was stored: its dtype, shape and bytes.
"""
from __future__ import annotations

import base64
import dataclasses
import json
import zlib

import numpy as np
import pandas as pd

def encode(v):
    """A JSON-able form of a task result (see the module docstring for what is allowed)."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, (int, float)) and type(v) in (int, float):
        return v
    if isinstance(v, np.ndarray):
        return _encode_array(v)
    if isinstance(v, np.generic):
        return {"__np__": v.dtype.str, "v": v.item()}
    if isinstance(v, tuple):
        return {"__tuple__": [encode(x) for x in v]}
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in v):
            return {k: encode(x) for k, x in v.items()}
        return {"__dict__": [[encode(k), encode(x)] for k, x in v.items()]}
    if isinstance(v, pd.DataFrame):
        return _encode_frame(v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        fields = {f.name: encode(getattr(v, f.name)) for f in dataclasses.fields(v)}
        return {"__dataclass__": _stored_name(type(v)), "fields": fields}
    raise TypeError(f"cannot store a {type(v).__name__}: task results must be numbers, "
                    "strings, lists, tuples, dicts, numpy arrays, DataFrames or dataclasses "
                    "registered with featrank.store.stored_type")


def _z(raw: bytes) -> str:
    return base64.b64encode(zlib.compress(raw, 9)).decode()


def _unz(text: str) -> bytes:
    return zlib.decompress(base64.b64decode(text))


def _encode_array(a: np.ndarray):
    if a.dtype.kind == "O":
        return {"__list_array__": [encode(x) for x in a.tolist()]}
    a = np.ascontiguousarray(a)
    out = {"__nd__": a.dtype.str, "shape": list(a.shape)}
    if a.dtype.kind in "iu":
        return _encode_ints(a, out)
    levels = _levels(a)
    if levels is None:
        return {**out, "z": _z(a.tobytes())}
    values, codes = levels
    return {**out, "levels": _z(values.tobytes()), "codes": _z(codes.tobytes()),
            "code": codes.dtype.str}


def _encode_ints(a: np.ndarray, out: dict) -> dict:
    """The shortest stored form of an integer array ``a`` of :func:`_int_forms` (``ints``);
    its raw bytes (``z``) if it is empty, 0-d or a value needs more than 32 bits.

    An order of 12,533 features of a microarray takes 2 bytes a feature as ``uint16`` (8 as
    ``int64``), 1.75 bit-packed at 14 bits, and much less as differences when a ranker leaves
    the features it cannot tell apart in index order (runs of +1).

    >>> order = np.r_[7, 3, np.setdiff1d(np.arange(300), [7, 3])]  # int64: 2,400 bytes
    >>> v = _encode_ints(order, {"__nd__": order.dtype.str, "shape": [300]})
    >>> v["form"], v["as"], len(v["ints"]) < 40
    ('delta', '|u1', True)
    >>> back = decode(v)
    >>> back.dtype, back.tobytes() == order.tobytes()
    (dtype('int64'), True)
    """
    if not (a.ndim and a.size and -2 ** 31 <= a.min() and a.max() < 2 ** 31):
        return {**out, "z": _z(a.tobytes())}
    forms = [{**out, "ints": _z(raw), **form} for form, raw in _int_forms(a)]
    return min(forms, key=lambda f: len(json.dumps(f)))


def _int_forms(a: np.ndarray) -> list:
    """``[(form, bytes)]``: an integer array (values within 32 bits) as its values (``plain``),
    as the differences along its last axis (``delta``, zigzag-coded: 0, -1, 1, -2 -> 0, 1, 2,
    3; each row starts from 0), both in the smallest unsigned type that holds them (``as``),
    and, if no value is negative, bit-packed in as few bits as its largest value needs
    (``bits``, most significant bit first).

    >>> [(f, len(b)) for f, b in _int_forms(np.array([[5, 6, 7, 7], [1, 2, 3, 4]]))]
    [({'form': 'plain', 'as': '|u1'}, 8), ({'form': 'delta', 'as': '|u1'}, 8), ({'form': 'bits', 'bits': 3}, 3)]
    """
    v = a.astype(np.int64)
    d = np.diff(v, axis=-1, prepend=0)
    zig = np.where(d >= 0, 2 * d, -2 * d - 1)
    out = []
    for name, x in (("plain", v), ("delta", zig)):
        if x.min() >= 0:
            t = _unsigned(int(x.max()))
            out.append(({"form": name, "as": t.str}, x.astype(t).tobytes()))
    if v.min() >= 0:
        b = max(1, int(v.max()).bit_length())
        bits = (v.reshape(-1, 1) >> np.arange(b - 1, -1, -1)) & 1
        out.append(({"form": "bits", "bits": b}, np.packbits(bits.astype(np.uint8)).tobytes()))
    return out


def _unsigned(top: int) -> np.dtype:
    return next(np.dtype(t) for t in ("u1", "u2", "u4", "u8") if top <= np.iinfo(t).max)


def _decode_ints(v: dict) -> np.ndarray:
    """The array of an ``ints`` form (:func:`_int_forms`), in its own dtype and shape.

    >>> _decode_ints({"__nd__": "<i4", "shape": [2, 2], "form": "delta", "as": "|u1",
    ...               "ints": _z(bytes([2, 1, 6, 2]))}).tolist()
    [[1, 0], [3, 4]]
    """
    dtype, shape, raw = np.dtype(v["__nd__"]), v["shape"], _unz(v["ints"])
    n = int(np.prod(shape))
    if v["form"] == "bits":
        b = v["bits"]
        bits = np.unpackbits(np.frombuffer(raw, np.uint8), count=n * b).reshape(n, b)
        x = bits.astype(np.int64) @ (1 << np.arange(b - 1, -1, -1, dtype=np.int64))
        return x.reshape(shape).astype(dtype)
    x = np.frombuffer(raw, dtype=v["as"]).astype(np.int64).reshape(shape)
    if v["form"] == "delta":
        x = np.cumsum((x >> 1) ^ -(x & 1), axis=-1)
    return x.astype(dtype)


def _levels(a: np.ndarray):
    """``(distinct values, codes)`` of a float array with few distinct values, else None.

    Curves of accuracies over CV folds take a few dozen values (k / n_test): one byte a point
    instead of eight. Values are compared by their bits, so the array comes back bit for bit
    (signed zeros and NaN payloads too).

    >>> v, c = _levels(np.array([0.5, 0.25, -0.0, 0.0] * 4))
    >>> v.tolist(), c[:4].tolist()
    ([0.0, 0.25, 0.5, -0.0], [2, 1, 3, 0])
    >>> _levels(np.arange(4.0)) is None             # as many values as points: raw bytes
    True
    """
    if a.dtype.kind != "f" or a.size < 8:
        return None
    bits = a.reshape(-1).view(f"<u{a.dtype.itemsize}")
    uniq, codes = np.unique(bits, return_inverse=True)
    if len(uniq) > 2 ** 16 or len(uniq) * 4 > a.size:
        return None
    return uniq.view(a.dtype), codes.astype(np.uint8 if len(uniq) <= 256 else np.uint16)


def _encode_frame(df: pd.DataFrame):
    if not isinstance(df.index, pd.RangeIndex) or df.index.start != 0 or df.index.step != 1:
        df = df.reset_index(drop=False)
    cols = {str(c): encode(df[c].to_numpy() if df[c].dtype.kind in "biufcmM"
                           else np.asarray(df[c].tolist(), dtype=object))
            for c in df.columns}
    return {"__frame__": {"columns": [str(c) for c in df.columns], "data": cols}}


def decode(v):
    """The inverse of :func:`encode`."""
    if isinstance(v, list):
        return [decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "__nd__" in v:
        dtype = np.dtype(v["__nd__"])
        if "levels" in v:
            values = np.frombuffer(_unz(v["levels"]), dtype=dtype)
            return values[np.frombuffer(_unz(v["codes"]), dtype=v["code"])].reshape(v["shape"])
        if "ints" in v:
            return _decode_ints(v)
        return np.frombuffer(_unz(v["z"]), dtype=dtype).reshape(v["shape"]).copy()
    if "__np__" in v:
        return np.dtype(v["__np__"]).type(v["v"])
    if "__tuple__" in v:
        return tuple(decode(x) for x in v["__tuple__"])
    if "__dict__" in v:
        return {_hashable(decode(k)): decode(x) for k, x in v["__dict__"]}
    if "__list_array__" in v:
        return np.array([decode(x) for x in v["__list_array__"]], dtype=object)
    if "__frame__" in v:
        f = v["__frame__"]
        return pd.DataFrame({c: decode(f["data"][c]) for c in f["columns"]},
                            columns=f["columns"])
    if "__dataclass__" in v:
        return _dataclass(v["__dataclass__"], {k: decode(x) for k, x in v["fields"].items()})
    return {k: decode(x) for k, x in v.items()}


def _hashable(k):
    return tuple(_hashable(x) for x in k) if isinstance(k, (list, tuple)) else k


#: the dataclasses a task may return, by stable type name (and the names stored before)
_TYPES: dict = {}


def stored_type(name: str, *aliases: str):
    """Register a dataclass that task results may hold, under a stable ``name`` (what new
    entries write) and the ``aliases`` older entries were written under, so that moving the
    class keeps every stored value readable.

    >>> @stored_type("demo.Pair")
    ... @dataclasses.dataclass
    ... class Pair:
    ...     a: int
    ...     b: str
    >>> encode(Pair(1, "x"))
    {'__dataclass__': 'demo.Pair', 'fields': {'a': 1, 'b': 'x'}}
    >>> decode(encode(Pair(1, "x")))
    Pair(a=1, b='x')
    """
    def register(cls):
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"stored_type registers dataclasses, not {cls.__name__}")
        for n in (name, *aliases):
            if _TYPES.get(n, cls) is not cls:
                raise ValueError(f"the stored type name {n!r} is taken by {_TYPES[n]!r}")
            _TYPES[n] = cls
        cls.__stored_type__ = name
        return cls
    return register


def _stored_name(cls) -> str:
    name = cls.__dict__.get("__stored_type__")
    if name is None:
        raise TypeError(f"cannot store a {cls.__name__}: register the dataclass with "
                        "featrank.store.stored_type(name) to give it a stable type name")
    return name


def _dataclass(name: str, fields: dict):
    cls = _TYPES.get(name)
    if cls is None:
        raise ValueError(f"a stored value is of type {name!r}, which no imported module "
                         "registers (featrank.store.stored_type): import the module that "
                         "defines it before reading the store")
    return cls(**fields)


def _compact(v):
    """A stored value with its raw float and integer arrays encoded anew, so that those with
    few distinct values take the levels form and integer ones their shortest form (entries
    written before these forms existed are re-encoded when packed; every form decodes the
    same).

    >>> old = {"__nd__": "<f8", "shape": [8], "z": _z(np.zeros(8).tobytes())}
    >>> sorted(_compact({"ffa": old})["ffa"])
    ['__nd__', 'code', 'codes', 'levels', 'shape']
    >>> order = {"__nd__": "<i8", "shape": [50], "z": _z(np.arange(50).tobytes())}
    >>> sorted(_compact([order])[0])
    ['__nd__', 'as', 'form', 'ints', 'shape']
    """
    if isinstance(v, list):
        return [_compact(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "__nd__" in v and "z" in v and np.dtype(v["__nd__"]).kind in "fiu":
        return _encode_array(decode(v))
    return {k: _compact(x) for k, x in v.items()}
