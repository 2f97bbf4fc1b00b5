"""A small reader of the Parquet files MastHub writes, for pandas without pyarrow or fastparquet (Debian
packages neither). It reads flat columns — INT64 timestamps, nullable FLOAT, dictionary-encoded INT32
flags — in uncompressed pages, PLAIN or RLE_DICTIONARY: what MastHub's export writes. Anything else is
refused with a message (install pyarrow and use pandas.read_parquet then).
"""

import struct

import numpy as np
import pandas as pd


def _varint(buf, pos):
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, pos
        shift += 7


def _zigzag(n):
    return (n >> 1) ^ -(n & 1)


def _value(buf, pos, kind):
    """One Thrift compact value of type `kind`."""
    if kind == 1:
        return True, pos
    if kind == 2:
        return False, pos
    if kind == 3:
        return struct.unpack_from("b", buf, pos)[0], pos + 1
    if kind in (4, 5, 6):
        n, pos = _varint(buf, pos)
        return _zigzag(n), pos
    if kind == 7:
        return struct.unpack_from("<d", buf, pos)[0], pos + 8
    if kind == 8:
        n, pos = _varint(buf, pos)
        return bytes(buf[pos : pos + n]), pos + n
    if kind in (9, 10):
        header = buf[pos]
        pos += 1
        size, element = header >> 4, header & 0x0F
        if size == 15:
            size, pos = _varint(buf, pos)
        items = []
        for _ in range(size):
            if element in (1, 2):  # booleans in a list are one byte each
                items.append(buf[pos] == 1)
                pos += 1
            else:
                item, pos = _value(buf, pos, element)
                items.append(item)
        return items, pos
    if kind == 12:
        return _struct(buf, pos)
    raise ValueError(f"Thrift type {kind} is not read here")


def _struct(buf, pos):
    fields, last = {}, 0
    while True:
        header = buf[pos]
        pos += 1
        if header == 0:
            return fields, pos
        kind, delta = header & 0x0F, header >> 4
        if delta:
            field = last + delta
        else:
            n, pos = _varint(buf, pos)
            field = _zigzag(n)
        last = field
        fields[field], pos = _value(buf, pos, kind)


def _hybrid(buf, pos, end, bit_width, count):
    """RLE / bit-packed hybrid values (definition levels, dictionary indices)."""
    out = np.empty(count, dtype=np.int64)
    n = 0
    width = (bit_width + 7) // 8
    while n < count and pos < end:
        header, pos = _varint(buf, pos)
        if header & 1:
            groups = header >> 1
            raw = np.frombuffer(buf, dtype=np.uint8, count=groups * bit_width, offset=pos)
            bits = np.unpackbits(raw, bitorder="little").reshape(-1, bit_width)
            values = bits @ (1 << np.arange(bit_width))
            take = min(len(values), count - n)
            out[n : n + take] = values[:take]
            n += take
            pos += groups * bit_width
        else:
            run = header >> 1
            value = int.from_bytes(buf[pos : pos + width], "little")
            pos += width
            out[n : n + run] = value
            n += run
    return out[:count]


def _page(buf, pos):
    header, pos = _struct(buf, pos)
    size = header[3]
    if header[2] != size:
        raise ValueError("compressed pages: install pyarrow and use pandas.read_parquet")
    return header, pos, pos + size


def _column(buf, meta, schema_element):
    if meta[4] != 0:
        raise ValueError("compressed column chunks: install pyarrow and use pandas.read_parquet")
    count = meta[5]  # the chunk's values (a row group's rows: no repetition)
    kind = meta[1]
    pos = meta.get(11, meta[9])
    dictionary = None
    header, start, end = _page(buf, pos)
    if header[1] == 2:  # dictionary page (PLAIN INT32)
        dictionary = np.frombuffer(buf, dtype="<i4", count=header[7][1], offset=start)
        header, start, end = _page(buf, end)
    if header[1] != 0:
        raise ValueError("only DATA_PAGE (v1) pages are read here")
    encoding = header[5][2]
    if encoding not in (0, 8):
        raise ValueError(f"encoding {encoding} is not read here")
    optional = schema_element.get(3) == 1
    present = None
    if optional:
        length = struct.unpack_from("<I", buf, start)[0]
        present = _hybrid(buf, start + 4, start + 4 + length, 1, count).astype(bool)
        start += 4 + length
    n = int(present.sum()) if optional else count
    if encoding == 8:
        indices = _hybrid(buf, start + 1, end, buf[start], n)
        values = dictionary[indices]
    else:
        dtype = {1: "<i4", 2: "<i8", 4: "<f4", 5: "<f8"}[kind]
        values = np.frombuffer(buf, dtype=dtype, count=n, offset=start)
    if not optional:
        return values
    full = np.full(count, np.nan, dtype=np.float32 if kind == 4 else np.float64)
    full[present] = values
    return full


def read_masthub_parquet(data):
    """A DataFrame of a MastHub Parquet export (bytes): `timestamp` (UTC), channel and flag columns."""
    buf = memoryview(data)
    if bytes(buf[:4]) != b"PAR1" or bytes(buf[-4:]) != b"PAR1":
        raise ValueError("not a Parquet file")
    footer_length = struct.unpack_from("<I", buf, len(buf) - 8)[0]
    meta, _ = _struct(buf, len(buf) - 8 - footer_length)
    schema = meta[2][1:]
    groups = []
    for group in meta[4]:
        columns = {}
        for element, chunk in zip(schema, group[1]):
            name = element[4].decode()
            columns[name] = _column(buf, chunk[3], element)
        groups.append(pd.DataFrame(columns))
    df = pd.concat(groups, ignore_index=True)
    df["timestamp"] = pd.to_datetime(df["timestamp"], unit="ms", utc=True)
    for element in schema:
        name = element[4].decode()
        if name.endswith("_Flag"):
            df[name] = df[name].astype("uint8")
    return df
