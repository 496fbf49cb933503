"""Numbers and bytes from whatever Python hands over: NumPy arrays without a copy per item,
``array.array``, memoryviews and plain sequences."""

from array import array


def as_bytes(data):
    """The bytes of a bytes-like object (anything with the buffer protocol)."""
    try:
        view = memoryview(data)
    except TypeError:
        raise TypeError(
            "data must be a bytes-like object (bytes, bytearray, memoryview, an array), not %s"
            % type(data).__name__
        ) from None
    return view.tobytes()


def float64_bytes(values, what):
    """The numbers of ``values`` (flattened, pairs included) as native ``float64`` bytes."""
    numpy = _numpy()
    if numpy is not None and isinstance(values, numpy.ndarray):
        if values.dtype.kind not in "biuf":
            raise TypeError("%s must hold numbers, not %s" % (what, values.dtype))
        return numpy.ascontiguousarray(values, dtype=numpy.float64).tobytes()
    flat = array("d")
    try:
        for item in values:
            try:
                flat.append(item)
            except TypeError:
                flat.extend(item)
    except TypeError:
        raise TypeError(
            "%s must be numbers or pairs of numbers (a sequence or a NumPy array), not %s"
            % (what, type(values).__name__)
        ) from None
    return flat.tobytes()


def _numpy():
    import sys

    return sys.modules.get("numpy")
