#!/usr/bin/env python3
"""MastHub from Python / pandas: list your sites, fetch a data version as Parquet with a personal access
token, compute a mean.

    MASTHUB_URL=http://localhost:8080 MASTHUB_TOKEN=mht_... python3 masthub_example.py [site code]

The token needs the scopes `read` (the site list) and `download` (the export). The Parquet file has a UTC
`timestamp` column, one Float32 column per channel (`WS_80m_Avg` …; missing values are nulls → NaN) and its
flags as `<name>_Flag` (0 normal, 1 filled, 2 suspicious, 3 invalid, 4 icing), one row group per month.

pandas reads Parquet through pyarrow or fastparquet. Debian (bookworm) packages neither, so when none is
installed this script reads MastHub's file with the small reader in masthub_parquet.py next to it — it
reads the layout MastHub writes (flat columns, uncompressed pages) and nothing else. With
`pip install pyarrow` the same code goes through `pandas.read_parquet`. MASTHUB_PARQUET_READER=builtin
forces the small reader.
"""

import io
import json
import os
import sys

import pandas as pd
import requests

from masthub_parquet import read_masthub_parquet

BASE = os.environ.get("MASTHUB_URL", "http://localhost:8080").rstrip("/") + "/api"
HEADERS = {"Authorization": f"Bearer {os.environ['MASTHUB_TOKEN']}", "language": "EN"}


def call(method, path, **kwargs):
    """One API call; the JSON envelope's `data`, or an error with the server's (localised) message."""
    r = requests.request(method, BASE + path, headers=HEADERS, timeout=60, **kwargs)
    body = r.json()
    if r.status_code != 200 or body.get("code") != 200:
        raise SystemExit(f"{path}: {r.status_code} {body.get('msg')}")
    return body["data"]


def parquet_engine():
    """'pyarrow' or 'fastparquet' when pandas has one, else None."""
    if os.environ.get("MASTHUB_PARQUET_READER") == "builtin":
        return None
    for engine in ("pyarrow", "fastparquet"):
        try:
            __import__(engine)
            return engine
        except ImportError:
            pass
    return None


def main():
    # 1. The sites this token may see.
    sites = call("POST", "/web/station/page", json={"pageNo": 1, "pageSize": 100})["records"]
    for s in sites:
        print(f"site {s['stationCode']}  {s.get('projectName', '')}", file=sys.stderr)
    wanted = sys.argv[1] if len(sys.argv) > 1 else None
    site = next(s for s in sites if wanted in (None, s["stationCode"]))

    # 2. Its versions; the first is the original data.
    version = call("GET", "/web/version/list", params={"stationId": site["id"]})[0]

    # 3. The whole version as Parquet (format 6; 7 is an Arrow IPC stream, 1 the CSV).
    r = requests.post(
        BASE + "/web/version/export",
        headers={**HEADERS, "utc-code": "UTC+00:00"},
        json={"versionId": version["id"], "format": 6},
        timeout=600,
    )
    if r.status_code != 200:
        raise SystemExit(f"export: {r.status_code} {r.text[:200]}")
    engine = parquet_engine()
    if engine:
        df = pd.read_parquet(io.BytesIO(r.content), engine=engine)
    else:
        df = read_masthub_parquet(r.content)

    # 4. The mean of the highest wind-speed average, without invalid (3) and icing (4) values.
    speeds = sorted(
        (c for c in df.columns if c.startswith("WS_") and c.endswith("_Avg")),
        key=lambda c: float(c.split("_")[1].rstrip("m")),
    )
    column = speeds[-1]
    # Float32 in the file: the mean is taken in float64 (pandas would sum in float32).
    usable = df.loc[df[f"{column}_Flag"] < 3, column].astype("float64")
    result = {
        "site": site["stationCode"],
        "version": version["id"],
        "reader": engine or "masthub_parquet",
        "rows": len(df),
        "first": df["timestamp"].min().isoformat(),
        "column": column,
        "mean": float(usable.mean()),
        "count": int(usable.count()),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
